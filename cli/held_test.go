package cli

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/fakeapi"
	"hrdesk/internal/testkit/testwait"
	"hrdesk/store"
	"hrdesk/ui"
)

// A letter's undo window through the real backend (issue 11 §4): never a
// duplicate.

// lettersTo counts the letters the service got for a resume.
func lettersTo(srv *fakeapi.Server, id int64) int {
	n := 0
	for _, m := range srv.Mails() {
		if m.ResumeID == id {
			n++
		}
	}
	return n
}

// firstInbox is the resume on the inbox's first row.
func firstInbox(t *testing.T, st *store.Store) int64 {
	t.Helper()
	rows, err := st.ListEntries(context.Background(), store.ListQuery{Folder: store.FolderInbox, Scope: store.ScopeMine, Limit: 1})
	if err != nil || len(rows) == 0 {
		t.Fatalf("the inbox: %v %v", rows, err)
	}
	return rows[0].ResumeID
}

// The letter leaves by itself when its window ends, once; u after that
// takes nothing back and sends nothing again.
func TestHeldLetterLeavesOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	a, st, w := profileWorkspace(t, e)
	c, opts, err := a.uiCommon()
	if err != nil {
		t.Fatal(err)
	}
	m := ui.New(a.profile().Scoped(st), w.Backend(nil), ui.Options{Common: c, ThemeOptions: opts, MeterEvery: -1,
		DetailDelay: -1, SendDelay: time.Second})
	drain(t, m, m.Init())
	_, cmd := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	drain(t, m, cmd)
	id := firstInbox(t, st)
	start := time.Now()
	keys(t, m, "i")
	// ctrl+s queues the letter; the countdown's ticks run until its window
	// ends and the push that follows.
	_, cmd = m.Update(tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	drain(t, m, cmd)
	if n := lettersTo(e.srv, id); n != 1 {
		t.Fatalf("%d letters to %d after the window", n, id)
	}
	if waited := time.Since(start); waited < 500*time.Millisecond {
		t.Errorf("the letter left after %s, inside its 1 s window", waited)
	}
	keys(t, m, "u")
	if v := ansi.Strip(m.View().Content); !strings.Contains(v, "nothing to undo") {
		t.Errorf("u after the window:\n%s", v)
	}
	keys(t, m, "r")
	if n := lettersTo(e.srv, id); n != 1 {
		t.Errorf("%d letters to %d after u and a sync", n, id)
	}
	if f, _, _ := e.srv.Folder(id); f != 10 {
		t.Errorf("the service has resume %d in status %d, want invited (10)", id, f)
	}
}

// Two sessions of one profile (as on `hrdesk serve`) and its poller all
// push the moment a held letter's window ends: it leaves once.
func TestHeldLetterOnceAcrossSessions(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	_, st, w := profileWorkspace(t, e)
	id := firstInbox(t, st)
	due := time.Now().Truncate(time.Second).Add(2 * time.Second)
	if _, err := st.EnqueueBatch(context.Background(), []store.Action{{ResumeID: id, Kind: store.ActionInvite,
		Payload: store.ActionPayload{TemplateID: 1}, NotBefore: due}}); err != nil {
		t.Fatal(err)
	}
	alice, again := w.Backend(nil), w.Backend(nil)
	if _, err := alice.Push(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := lettersTo(e.srv, id); n != 0 {
		t.Fatalf("a push inside the window sent %d letters", n)
	}
	time.Sleep(time.Until(due))
	var wg sync.WaitGroup
	for _, push := range []func(){
		func() { alice.Push(context.Background()) },
		func() { again.Push(context.Background()) },
		func() { w.Poll() },
		func() { alice.Push(context.Background()) },
	} {
		wg.Add(1)
		go func() { defer wg.Done(); push() }()
	}
	testwait.Within(t, testwait.Patience, "four pushes at once", wg.Wait)
	if n := lettersTo(e.srv, id); n != 1 {
		t.Errorf("%d letters to %d, want exactly one", n, id)
	}
}
