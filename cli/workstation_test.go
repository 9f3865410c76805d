package cli

import (
	"context"
	"fmt"
	"hrdesk/problem"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/config"
	"hrdesk/fakeapi"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/session"
	"hrdesk/store"
	"hrdesk/ui"
)

// The workstation's dialog flows against the HTTP fake, through the real
// backend (outbox, sync engine, API client): the server's state changes.

// settleCmd is panetest.Result: a backend call against the fake is waited
// for however loaded the machine; only a timer is dropped.
func settleCmd(c tea.Cmd) tea.Msg { return panetest.Result(c) }

func drain(t *testing.T, m tea.Model, cmd tea.Cmd) {
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 5000 {
			t.Fatal("commands do not settle")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := settleCmd(c).(type) {
		case nil, tea.QuitMsg:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		default:
			_, next := m.Update(msg)
			queue = append(queue, next)
		}
	}
}

func keys(t *testing.T, m tea.Model, ks ...string) {
	for _, k := range ks {
		msg := tea.KeyPressMsg{Code: []rune(k)[0], Text: k}
		switch k {
		case "enter":
			msg = tea.KeyPressMsg{Code: tea.KeyEnter}
		case "tab":
			msg = tea.KeyPressMsg{Code: tea.KeyTab}
		case "esc":
			msg = tea.KeyPressMsg{Code: tea.KeyEscape}
		case "down":
			msg = tea.KeyPressMsg{Code: tea.KeyDown}
		case "space":
			msg = tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
		case "backspace":
			msg = tea.KeyPressMsg{Code: tea.KeyBackspace}
		case "ctrl+g":
			msg = tea.KeyPressMsg{Code: 'g', Mod: tea.ModCtrl}
		}
		_, cmd := m.Update(msg)
		drain(t, m, cmd)
	}
}

func TestWorkstationAgainstTheFake(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	m, st := newWorkstation(t, e)

	first := e.srv.OwnResumeIDs(0)
	// The list's first row is the inbox's newest resume.
	keys(t, m, "m", "4")
	if st, _, _ := e.srv.Folder(first[0]); st != 30 {
		t.Errorf("move through the dialog did not reach the server: status %d", st)
	}
	keys(t, m, "i", "enter")
	mails := e.srv.Mails()
	if len(mails) != 1 || mails[0].Kind != "invitation" {
		t.Errorf("invite through the dialog: %+v", mails)
	}
	keys(t, m, "c", "о", "к", "enter")
	found := false
	for _, id := range first[:3] {
		for _, text := range e.srv.CommentTexts(id) {
			found = found || text == "ок"
		}
	}
	if !found {
		t.Error("comment through the dialog did not reach the server")
	}
	keys(t, m, "x", "enter") // reject without a letter
	keys(t, m, "e", "enter") // mail by the first template
	keys(t, m, "M")
	for _, r := range "boss@example.com" {
		keys(t, m, string(r))
	}
	keys(t, m, "enter")
	kinds := map[string]int{}
	for _, mail := range e.srv.Mails() {
		kinds[mail.Kind]++
	}
	if kinds["mail"] != 1 || kinds["mail_to"] != 1 {
		t.Errorf("mail dialogs did not reach the server: %v", kinds)
	}
	rejected := 0
	for _, id := range first[:6] {
		if st, _, _ := e.srv.Folder(id); st == 30 {
			rejected++
		}
	}
	if rejected < 2 { // the moved one and the rejected one
		t.Errorf("reject without a letter did not reach the server (%d refused)", rejected)
	}
	// Buying contacts: asks, then the contacts land in the cache.
	keys(t, m, "b", "y")
	bought := 0
	for _, id := range first[:6] {
		if d, err := st.Entry(context.Background(), id); err == nil && d.ContactsBought {
			bought++
		}
	}
	if bought == 0 {
		t.Error("no contacts in the cache after buying")
	}
	counts, _ := st.OutboxCounts(context.Background())
	if counts.Pending+counts.Failed+counts.Unknown != 0 {
		t.Errorf("outbox not empty after pushing: %+v", counts)
	}
}

// The vacancies and selections screens against the fake: archive, then a
// selection created, switched off and deleted from the keyboard.
func TestWorkstationCatalogAgainstTheFake(t *testing.T) {
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	m, st := newWorkstation(t, e)

	// The first open vacancy, archived after confirming.
	vs, _ := st.Vacancies(context.Background())
	var target int64
	for _, v := range vs {
		if v.Published == 1 && !v.IsArchive {
			target = v.ID
			break
		}
	}
	keys(t, m, "5")
	for i, v := range vs { // the screen lists them in the cache's order
		if v.ID == target {
			for range i {
				keys(t, m, "j")
			}
		}
	}
	keys(t, m, "X", "y")
	if v, _ := e.srv.Vacancy(target); fmt.Sprint(v["is_archive"]) != "true" && fmt.Sprint(v["is_archive"]) != "1" {
		t.Errorf("vacancy %d not archived on the server: %v", target, v["is_archive"])
	}

	keys(t, m, "6", "n")
	for _, r := range "Повара" {
		keys(t, m, string(r))
	}
	keys(t, m, "tab", "tab")
	for _, r := range "повар" {
		keys(t, m, string(r))
	}
	_, cmd := m.Update(tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	drain(t, m, cmd)
	sel, ok := e.srv.Selection(1)
	if !ok || sel["name"] != "Повара" {
		t.Fatalf("selection not created on the server: %v", sel)
	}
	keys(t, m, "t") // e-mail was on at creation: off
	if sel, _ := e.srv.Selection(1); fmt.Sprint(sel["status"]) != "0" {
		t.Errorf("e-mail not switched off: status %v", sel["status"])
	}
	keys(t, m, "d", "y")
	if _, ok := e.srv.Selection(1); ok {
		t.Error("selection not deleted on the server")
	}
}

// newWorkstation is the workstation of e's profile at 120x40, through the
// real backend (session, sync engine, API client) to e's fake service.
func newWorkstation(t *testing.T, e *env) (*ui.Model, *store.Store) {
	t.Helper()
	a, st, w := profileWorkspace(t, e)
	c, opts, err := a.uiCommon()
	if err != nil {
		t.Fatal(err)
	}
	m := ui.New(st, w.Backend(nil), ui.Options{Common: c, ThemeOptions: opts, MeterEvery: -1, DetailDelay: -1})
	drain(t, m, m.Init())
	_, cmd := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	drain(t, m, cmd)
	return m, st
}

// The server's refusal shows under the form, which keeps what was typed.
func TestSelectionRefusedByTheServer(t *testing.T) {
	e := newEnv(t)
	e.login()
	m, _ := newWorkstation(t, e)
	keys(t, m, "6", "n")
	for _, r := range "Повара" {
		keys(t, m, string(r))
	}
	for range 10 { // to "Age from"
		keys(t, m, "tab")
	}
	keys(t, m, "5", "0", "tab", "2", "0") // from 50 to 20
	_, cmd := m.Update(tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	drain(t, m, cmd)
	if _, ok := e.srv.Selection(1); ok {
		t.Fatal("the server took a selection it should refuse")
	}
	out := ansi.Strip(m.View().Content)
	if !strings.Contains(out, "age_from") || !strings.Contains(out, "Повара") {
		t.Errorf("the refusal is not under the form, or the input is gone:\n%s", out)
	}
}

// A wrong password on the login screen says so; it is not "offline".
func TestLoginScreenWrongPassword(t *testing.T) {
	e := newEnv(t)
	a, st, w := profileWorkspace(t, e)
	err := (w.Backend(nil)).Login(context.Background(), fakeapi.DemoLogin, "wrong")
	if p := problem.Of(err); p.Kind != problem.WrongCredentials {
		t.Errorf("wrong password: %v, %+v", err, p)
	}
	// Through the screen: the form says it.
	c, opts, _ := a.uiCommon()
	m := ui.New(st, w.Backend(nil), ui.Options{Common: c, ThemeOptions: opts, MeterEvery: -1, DetailDelay: -1})
	drain(t, m, m.Init())
	_, cmd := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	drain(t, m, cmd)
	keys(t, m, "L")
	for _, r := range fakeapi.DemoLogin {
		keys(t, m, string(r))
	}
	keys(t, m, "tab", "x", "enter")
	if out := ansi.Strip(m.View().Content); !strings.Contains(out, "Wrong login or password") {
		t.Errorf("the login screen after a wrong password:\n%s", out)
	}
}

// profileWorkspace opens e's profile as the workstation does: its
// configuration, cache and session (closed when the test ends).
func profileWorkspace(t *testing.T, e *env) (*app, *store.Store, *session.Session) {
	t.Helper()
	a := &app{Streams: Streams{Out: &strings.Builder{}, Err: &strings.Builder{}}, env: config.EnvFromList(e.vars)}
	a.global.set = map[string]bool{}
	if err := a.loadConfig(); err != nil {
		t.Fatal(err)
	}
	st, err := a.openStore()
	if err != nil {
		t.Fatal(err)
	}
	// No background poller: these tests drive the workstation step by
	// step (live_test.go runs one).
	a.cfg.PollInterval = 0
	w := a.openSession(st)
	t.Cleanup(func() { w.Close() })
	return a, st, w
}
