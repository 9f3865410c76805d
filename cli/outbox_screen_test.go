package cli

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/fakeapi"
	"hrdesk/store"
	"hrdesk/ui"
)

// The outbox screen through the real backend (issue 11 §3): what the
// server refused, what it may have and what waits, each dealt with by its
// key, and the server sees exactly what the keys say.
func TestOutboxScreenAgainstTheFake(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	a, st, w := profileWorkspace(t, e)
	ctx := context.Background()
	b := w.Backend(nil)
	inbox := e.srv.OwnResumeIDs(0)
	if len(inbox) < 3 {
		t.Fatalf("the fake's inbox: %v", inbox)
	}
	refusedID, unknownID, waitingID := inbox[0], inbox[1], inbox[2]
	queue := func(a store.Action) int64 {
		t.Helper()
		id, err := st.Enqueue(ctx, a)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	state := func(id int64) store.Action {
		t.Helper()
		a, err := st.Action(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}

	// Refused: the resume is gone from the site.
	e.srv.Hide(refusedID)
	refused := queue(store.Action{ResumeID: refusedID, Kind: store.ActionMove, Payload: store.ActionPayload{Folder: store.FolderConsidered}})
	if _, err := b.Push(ctx); err != nil {
		t.Fatal(err)
	}
	// Unknown: the letter reached the server, its answer was lost.
	unknown := queue(store.Action{ResumeID: unknownID, Kind: store.ActionMailTo,
		Payload: store.ActionPayload{Email: "boss@example.com", Body: "Посмотрите кандидата"}})
	e.srv.SetFaults(fakeapi.Faults{Rate: 1, Kinds: []fakeapi.FaultKind{fakeapi.FaultDrop}})
	b.Push(ctx)
	e.srv.SetFaults(fakeapi.Faults{})
	if s := state(refused).State; s != store.StateFailed {
		t.Fatalf("the move of a hidden resume: %s", s)
	}
	if s := state(unknown).State; s != store.StateUnknown {
		t.Fatalf("the letter whose answer was dropped: %s", s)
	}
	letters := lettersTo(e.srv, unknownID)

	c, opts, err := a.uiCommon()
	if err != nil {
		t.Fatal(err)
	}
	m := ui.New(st, b, ui.Options{Common: c, ThemeOptions: opts, DetailDelay: -1})
	drain(t, m, m.Init())
	_, cmd := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	drain(t, m, cmd)
	// Waiting: queued while the server is unreachable (the workstation
	// pushes after every key; nothing may leave).
	e.srv.SetOffline(true)
	waiting := queue(store.Action{ResumeID: waitingID, Kind: store.ActionMove, Payload: store.ActionPayload{Folder: store.FolderInvited}})
	view := func() string { return ansi.Strip(m.View().Content) }

	keys(t, m, "7")
	v := view()
	for _, want := range []string{"1 waiting · 1 refused · 1 unknown", "Резюме не найдено", "refused", "unknown", "waiting", "mail to boss@example.com"} {
		if !strings.Contains(v, want) {
			t.Errorf("the outbox screen lacks %q:\n%s", want, v)
		}
	}

	// c on the waiting move: withdrawn, never sent.
	keys(t, m, "G", "c")
	if s := state(waiting).State; s != store.StateCancelled {
		t.Fatalf("c on the waiting move: %s\n%s", s, view())
	}
	e.srv.SetOffline(false)

	// r on the refused move: the server is asked again, and refuses again.
	before := e.srv.Requests()
	keys(t, m, "g", "r")
	after := e.srv.Requests()
	asked := 0
	for path, n := range after {
		if strings.Contains(path, "move") || strings.Contains(path, "resumes/received") {
			asked += n - before[path]
		}
	}
	if asked == 0 {
		t.Errorf("r did not ask the server again: requests %v → %v", before, after)
	}
	if a := state(refused); a.State != store.StateFailed || a.Attempts < 2 || !strings.Contains(a.Error, "Резюме не найдено") {
		t.Errorf("after r: %+v", a)
	}
	if v := view(); !strings.Contains(v, "sent again: 1") {
		t.Errorf("the status line does not say what r did:\n%s", v)
	}

	// d on it: it stops being shown.
	keys(t, m, "g", "d")
	if a := state(refused); !a.Dismissed {
		t.Fatalf("d on the refused move: %+v", a)
	}
	if v := view(); strings.Contains(v, "Резюме не найдено") {
		t.Errorf("a dismissed action is still listed:\n%s", v)
	}

	// d on the unknown letter asks first; yes gives up on it: rolled
	// back, and no second letter.
	keys(t, m, "g", "d")
	if v := view(); !strings.Contains(v, "Give up") {
		t.Fatalf("d on an unknown outcome did not ask:\n%s", v)
	}
	keys(t, m, "y")
	if s := state(unknown).State; s != store.StateCancelled {
		t.Fatalf("after giving up: %s", s)
	}
	if n := lettersTo(e.srv, unknownID); n != letters {
		t.Errorf("giving up sent the letter again: %d letters, %d before", n, letters)
	}
	if v := view(); !strings.Contains(v, "The outbox is empty") {
		t.Errorf("the outbox is not empty on screen:\n%s", v)
	}
}
