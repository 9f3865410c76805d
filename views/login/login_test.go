package login

import (
	"fmt"
	"hrdesk/problem"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/views/action"
)

func newLogin(lang i18n.Lang) *Model {
	c := panetest.Plain(lang)
	m := New(c, "demo: demo@example.com / demo")
	m.Open()
	return m
}

func typeIn(m *Model, s string) action.Action {
	var last action.Action
	for _, r := range s {
		var k tea.KeyPressMsg
		switch r {
		case '\t':
			k = tea.KeyPressMsg{Code: tea.KeyTab}
		case '\n':
			k = tea.KeyPressMsg{Code: tea.KeyEnter}
		default:
			k = tea.KeyPressMsg{Code: r, Text: string(r)}
		}
		if a, _ := m.Update(k); a != nil {
			last = a
		}
	}
	return last
}

func TestWidthInvariant(t *testing.T) {
	for _, sz := range [][2]int{{40, 12}, {80, 24}, {200, 50}} {
		t.Run(fmt.Sprint(sz), func(t *testing.T) {
			m := newLogin(i18n.EN)
			m.SetSize(sz[0], sz[1])
			panetest.Frame(t, m.View(), sz[0], sz[1])
		})
	}
}

// Enter in the password field asks to log in; the answer is worded in the
// UI's language and the password cleared for another try.
func TestLogInAndRefusal(t *testing.T) {
	m := newLogin(i18n.RU)
	m.SetSize(80, 24)
	if a := typeIn(m, "hr@x\tsecret\n"); a != (action.LogIn{Login: "hr@x", Password: "secret"}) {
		t.Fatalf("enter: %#v", a)
	}
	if a := typeIn(m, "x"); a != nil || m.password.Value() != "secret" {
		t.Fatal("keys were taken while the login was under way")
	}
	m.Update(action.DoneMsg{Action: action.LogIn{}, Problem: problem.Problem{Kind: problem.WrongCredentials}})
	out := ansi.Strip(m.View())
	if !strings.Contains(out, m.c.Text.Login.WrongCredentials) || m.password.Value() != "" {
		t.Errorf("after a wrong password (password %q):\n%s", m.password.Value(), out)
	}
	m.Update(action.DoneMsg{Action: action.LogIn{}, Problem: problem.Problem{Kind: problem.Offline}})
	if out := ansi.Strip(m.View()); !strings.Contains(out, m.c.Text.Login.Offline) {
		t.Errorf("offline:\n%s", out)
	}
	if a, _ := m.Update(tea.KeyPressMsg{Code: tea.KeyEscape}); a != (action.Leave{}) {
		t.Errorf("esc: %#v", a)
	}
}
