package palette

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/views/action"
)

type vacancies []store.Vacancy

func (v vacancies) Vacancies(context.Context) ([]store.Vacancy, error) { return v, nil }

// opened is the palette as the root opens it: sized, its command run.
func opened(t *testing.T, lang i18n.Lang, f Facts, src Source) *Model {
	t.Helper()
	c := panetest.Plain(lang)
	f.Keys = c.Keys
	m, cmd := New(c, f, src)
	m.SetSize(80, 19)
	panetest.Settle(t, m, cmd)
	return m
}

func typeIn(t *testing.T, m *Model, s string) {
	t.Helper()
	for _, r := range s {
		if a, _ := m.Update(tea.KeyPressMsg{Code: r, Text: string(r)}); a != nil {
			t.Fatalf("typing %q closed the palette: %#v", r, a)
		}
	}
}

// enter on an action closes the palette and hands the action's key back
// to the workstation, which does what the key does.
func TestEnterPressesTheActionsKey(t *testing.T) {
	f := facts()
	f.Highlighted = true
	m := opened(t, i18n.RU, f, nil)
	typeIn(t, m, "приг")
	if e, ok := m.Highlighted(); !ok || e.name != "invite" {
		t.Fatalf("приг highlights %+v", e)
	}
	a, cmd := m.Update(panetest.Key(t, "enter"))
	if a != (action.Close{}) || cmd == nil {
		t.Fatalf("enter: %#v, command %v", a, cmd != nil)
	}
	if got, ok := cmd().(tea.KeyPressMsg); !ok || got.String() != "i" {
		t.Errorf("enter hands back %#v, want the key i", got)
	}
}

// A vacancy is found by a word of its title once the command read it;
// enter shows its responses. A dim action with nowhere to go stays.
func TestVacanciesAreFoundByTitle(t *testing.T) {
	m := opened(t, i18n.EN, facts(), vacancies{{ID: 501, Profession: "Программист Go"}, {ID: 502, Profession: "Бухгалтер"}})
	typeIn(t, m, "прог")
	if a, _ := m.Update(panetest.Key(t, "enter")); a != (action.ShowVacancy{VacancyID: 501}) {
		t.Errorf("enter on прог: %#v", a)
	}
	m = opened(t, i18n.EN, facts(), nil)
	typeIn(t, m, "invite")
	if e, _ := m.Highlighted(); e.name != "invite" || e.Disabled == "" {
		t.Fatalf("invite with no resume: %+v", e)
	}
	if a, cmd := m.Update(panetest.Key(t, "enter")); a != nil || cmd != nil {
		t.Errorf("enter on a dim action with nowhere to go: %#v", a)
	}
	if !strings.Contains(ansi.Strip(m.View()), "invite — no resume highlighted") {
		t.Errorf("the dim action does not say why:\n%s", ansi.Strip(m.View()))
	}
	// A user folder seen from the outbox: dim, enter does nothing.
	f := facts()
	f.Front, f.Folders = Outbox, []Folder{{Name: "Резерв", Index: 4}}
	m = opened(t, i18n.EN, f, nil)
	typeIn(t, m, "резерв")
	if e, _ := m.Highlighted(); e.Kind != KindFolder || e.Disabled == "" {
		t.Fatalf("резерв from the outbox: %+v", e)
	}
	if a, cmd := m.Update(panetest.Key(t, "enter")); a != nil || cmd != nil {
		t.Errorf("enter on a dim folder: %#v", a)
	}
}

// The arrows move, esc closes, and the box keeps its size as the list
// narrows to nothing.
func TestMoveCloseAndKeepTheSize(t *testing.T) {
	m := opened(t, i18n.EN, facts(), nil)
	first, _ := m.Highlighted()
	m.Update(panetest.Key(t, "down"))
	if e, _ := m.Highlighted(); e.Title == first.Title {
		t.Error("down did not move")
	}
	m.Update(panetest.Key(t, "up"))
	if e, _ := m.Highlighted(); e.Title != first.Title {
		t.Error("up did not come back")
	}
	before := m.View()
	typeIn(t, m, "qqqqq")
	after := ansi.Strip(m.View())
	if !strings.Contains(after, "nothing matches") {
		t.Errorf("no match is not said:\n%s", after)
	}
	if strings.Count(before, "\n") != strings.Count(after, "\n") {
		t.Errorf("the box changed its height as the list narrowed:\n%s\n%s", before, after)
	}
	if a, _ := m.Update(panetest.Key(t, "enter")); a != nil {
		t.Errorf("enter with nothing shown: %#v", a)
	}
	if a, _ := m.Update(panetest.Key(t, "esc")); a != (action.Close{}) {
		t.Errorf("esc: %#v", a)
	}
}
