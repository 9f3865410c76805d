package ui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/store"
)

// onlineModel is a workstation whose server takes every action pushed to it,
// as the service does when it is up.
func onlineModel(t *testing.T, st *store.Store, w, h int) (*Model, *fakeBackend) {
	t.Helper()
	m, b := newModel(t, st, w, h)
	b.onPush = func() {
		ctx := context.Background()
		pending, _ := st.NextPending(ctx, 1000)
		for _, a := range pending {
			if st.MarkInFlight(ctx, a.ID) != nil || st.MarkDone(ctx, a.ID) != nil {
				t.Error("cannot settle", a.ID)
			}
		}
	}
	return m, b
}

// sentMoves are the moves the server has, oldest first.
func sentMoves(t *testing.T, st *store.Store) []store.Action {
	t.Helper()
	a, err := st.ListOutbox(context.Background(), store.StateDone)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// Issue 28 §2: `l` by mistake, online: the move has left at once, and u
// said "nothing to undo". The status line offers u; u moves the resume
// back to the folder it came from with a new move, says so, and the
// cursor returns to it.
func TestUndoMovesASentLaterBack(t *testing.T) {
	st := fixture(t, 30)
	m, _ := onlineModel(t, st, 140, 40)
	press(t, m, "j", "j")
	row, _ := m.triage.List().Selected()
	press(t, m, "l")
	if line := statusLine(m); !strings.Contains(line, "sent: 1 → Considered — u takes it back") {
		t.Fatalf("after l, online: %q", line)
	}
	if r, _ := m.triage.List().Selected(); r.ResumeID == row.ResumeID {
		t.Fatal("the resume moved to Considered is still under the cursor")
	}
	press(t, m, "u")
	if d, _ := st.Entry(context.Background(), row.ResumeID); d.Folder != store.FolderInbox {
		t.Fatalf("after u the resume is in %s, want the inbox", d.Folder)
	}
	sent := sentMoves(t, st)
	if len(sent) != 2 || sent[1].Kind != store.ActionMove || sent[1].ResumeID != row.ResumeID ||
		sent[1].Payload.Folder != store.FolderInbox {
		t.Fatalf("the server has %+v, want the later and a move back to the inbox", sent)
	}
	if line := statusLine(m); !strings.Contains(line, "moved back: 1 → Inbox") || strings.Contains(line, "takes it back") {
		t.Errorf("after u: %q", line)
	}
	if r, _ := m.triage.List().Selected(); r.ResumeID != row.ResumeID {
		t.Errorf("the cursor is on %d, want %d, the resume the undo brought back", r.ResumeID, row.ResumeID)
	}
	if m.triage.Shown() != row.ResumeID {
		t.Errorf("the resume pane shows %d, want %d", m.triage.Shown(), row.ResumeID)
	}
	// The undo is not itself offered: u again takes nothing back.
	press(t, m, "u")
	if n := len(sentMoves(t, st)); n != 2 {
		t.Errorf("a second u sent %d moves, want none more", n-2)
	}
	if d, _ := st.Entry(context.Background(), row.ResumeID); d.Folder != store.FolderInbox {
		t.Errorf("after a second u the resume is in %s", d.Folder)
	}
	if line := statusLine(m); !strings.Contains(line, "nothing to undo") {
		t.Errorf("a second u: %q", line)
	}
}

// A bulk moved and sent comes back as one, with one u.
func TestUndoMovesASentBulkBackAsOne(t *testing.T) {
	st := fixture(t, 30)
	m, _ := onlineModel(t, st, 140, 40)
	inbox, _ := m.triage.List().Total()
	press(t, m, "space", "space", "space", "m", "4")
	if line := statusLine(m); !strings.Contains(line, "sent: 3 → Refused — u takes it back") {
		t.Fatalf("after the bulk move: %q", line)
	}
	if n, _ := m.triage.List().Total(); n != inbox-3 {
		t.Fatalf("the inbox shows %d, want %d", n, inbox-3)
	}
	press(t, m, "u")
	if n, _ := m.triage.List().Total(); n != inbox {
		t.Errorf("after one u the inbox shows %d, want all %d back", n, inbox)
	}
	sent := sentMoves(t, st)
	if len(sent) != 6 {
		t.Fatalf("the server has %d moves, want the 3 and 3 back", len(sent))
	}
	if back := sent[3:]; back[0].Batch == 0 || back[1].Batch != back[0].Batch || back[2].Batch != back[0].Batch ||
		back[0].Payload.Folder != store.FolderInbox {
		t.Errorf("the moves back: %+v, want 3 to the inbox in one unit", back)
	}
	if line := statusLine(m); !strings.Contains(line, "moved back: 3 → Inbox") {
		t.Errorf("after u: %q", line)
	}
}

// The offer lasts as long as the line says it: once something else is
// said there, u takes nothing back that has left.
func TestUndoOfferEndsWithTheLine(t *testing.T) {
	st := fixture(t, 30)
	m, _ := onlineModel(t, st, 140, 40)
	row, _ := m.triage.List().Selected()
	press(t, m, "l", "y") // y: the next resume's link copied, said on the line
	if line := statusLine(m); strings.Contains(line, "takes it back") {
		t.Fatalf("the offer still stands after another answer: %q", line)
	}
	press(t, m, "u")
	if d, _ := st.Entry(context.Background(), row.ResumeID); d.Folder != store.FolderConsidered {
		t.Errorf("u after the offer ended moved the resume to %s", d.Folder)
	}
	if line := statusLine(m); !strings.Contains(line, "nothing to undo") {
		t.Errorf("u after the offer ended: %q", line)
	}
}

// Offline the move waits: u cancels it (it never leaves), says so, and
// the cursor returns to the resume, as after undoing a held rejection.
func TestUndoCancelsAQueuedMoveAndTheCursorReturns(t *testing.T) {
	st := fixture(t, 30)
	m, b := newModel(t, st, 140, 40)
	b.pushErr = fmt.Errorf("dial tcp: connection refused")
	press(t, m, "j")
	row, _ := m.triage.List().Selected()
	press(t, m, "l")
	if line := statusLine(m); !strings.Contains(line, "queued: 1 → Considered — u takes it back") {
		t.Fatalf("after l, offline: %q", line)
	}
	press(t, m, "u")
	if n := len(pendingActions(t, st)); n != 0 {
		t.Errorf("%d actions still queued", n)
	}
	if line := statusLine(m); !strings.Contains(line, "undone: 1 → Considered") {
		t.Errorf("after u: %q", line)
	}
	if r, _ := m.triage.List().Selected(); r.ResumeID != row.ResumeID {
		t.Errorf("the cursor is on %d, want %d", r.ResumeID, row.ResumeID)
	}
}

// Issue 28 §2: after undoing a rejection held in its undo window, the
// cursor did not return to the resume.
func TestUndoneRejectionBringsTheCursorBack(t *testing.T) {
	st := fixture(t, 30)
	withTemplates(t, st)
	m, _, now := heldModel(t, st, 140, 40)
	press(t, m, "j", "j")
	row, _ := m.triage.List().Selected()
	press(t, m, "x", "j")
	send(t, m, ctrlS())
	if r, _ := m.triage.List().Selected(); r.ResumeID == row.ResumeID {
		t.Fatal("the rejected resume is still under the cursor")
	}
	tick(t, m, now, 2*time.Second)
	press(t, m, "u")
	if n := len(pendingActions(t, st)); n != 0 {
		t.Fatalf("u left %d letters pending", n)
	}
	if r, _ := m.triage.List().Selected(); r.ResumeID != row.ResumeID {
		t.Errorf("the cursor is on %d, want %d, the resume whose rejection was undone", r.ResumeID, row.ResumeID)
	}
}

// A slip is often seen a key or two later: moving the cursor keeps the
// offer (every other answer goes with the next key).
func TestUndoOfferOutlivesTheNextKeys(t *testing.T) {
	st := fixture(t, 30)
	m, _ := onlineModel(t, st, 140, 40)
	row, _ := m.triage.List().Selected()
	press(t, m, "l", "j", "j", "k")
	if line := statusLine(m); !strings.Contains(line, "sent: 1 → Considered — u takes it back") {
		t.Fatalf("three keys after l: %q", line)
	}
	press(t, m, "u")
	if d, _ := st.Entry(context.Background(), row.ResumeID); d.Folder != store.FolderInbox {
		t.Errorf("after u the resume is in %s, want the inbox", d.Folder)
	}
	if r, _ := m.triage.List().Selected(); r.ResumeID != row.ResumeID {
		t.Errorf("the cursor is on %d, want %d", r.ResumeID, row.ResumeID)
	}
}

// An undo says where each resume goes back to, by folder in order, the
// cancelled with the moved back; the cursor goes to the first it names.
func TestUndoSaysWhereEachGoesBack(t *testing.T) {
	m, _ := newModel(t, fixture(t, 1), 80, 24)
	u := store.Undone{
		Actions: []store.Action{{ID: 9, ResumeID: 7, Kind: store.ActionLater, PrevFolder: store.FolderInbox}},
		Back: []store.Action{
			{ResumeID: 5, Kind: store.ActionMove, Payload: store.ActionPayload{Folder: store.FolderRefused}},
			{ResumeID: 6, Kind: store.ActionMove, Payload: store.ActionPayload{Folder: store.FolderInbox}},
		},
	}
	msg := undoneMsg(m.c, u)
	if msg.back != "2 → Inbox, 1 → Refused" || msg.cursor != 7 || len(msg.undone) != 1 || msg.undone[0] != 9 {
		t.Errorf("undone: back %q, cursor %d, cancelled %v", msg.back, msg.cursor, msg.undone)
	}
	u.Actions = nil
	if msg := undoneMsg(m.c, u); msg.back != "1 → Refused, 1 → Inbox" || msg.cursor != 5 {
		t.Errorf("moved back only: %q, cursor %d", msg.back, msg.cursor)
	}
	u.Back = nil
	if msg := undoneMsg(m.c, u); msg.info != "nothing to undo" || msg.cursor != 0 {
		t.Errorf("nothing: %+v", msg)
	}
}

// The offer and the move back as the recruiter sees them, at 80×24 and
// 140×40.
func TestGoldenUndo(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {140, 40}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			st := fixture(t, 30)
			m, _ := onlineModel(t, st, sz[0], sz[1])
			press(t, m, "j", "l")
			offered := screen(m)
			press(t, m, "u")
			golden.RequireEqual(t, []byte(offered+"\n--- u ---\n"+screen(m)))
		})
	}
}
