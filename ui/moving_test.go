package ui

import (
	"context"
	"errors"
	"hrdesk/internal/testkit/panetest"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/hostexec"
	"hrdesk/i18n"
	"hrdesk/store"
	"hrdesk/theme"
	"hrdesk/views/triage"
)

// slowStore writes to the outbox only when the test has looked at the
// screen (Update gave the key's command, not yet run): writes counts the
// writes begun; keep, when set, queues only the first keep actions (the
// cache then differs from the screen's guess); fail fails the write.
type slowStore struct {
	Store
	writes int
	keep   int
	fail   error
}

func (s *slowStore) EnqueueBatch(ctx context.Context, actions []store.Action) ([]int64, error) {
	s.writes++
	if s.fail != nil {
		return nil, s.fail
	}
	if s.keep > 0 {
		actions = actions[:s.keep]
	}
	return s.Store.EnqueueBatch(ctx, actions)
}

// slowModel is newModel over a slowStore.
func slowModel(t *testing.T, st *store.Store) (*Model, *slowStore, *fakeBackend) {
	t.Helper()
	opts := []theme.Option{theme.WithNoColor(true)}
	c := panetest.Colour(i18n.EN, panetest.Clock(func() time.Time { return testNow }), panetest.Theme(opts...))
	b := &fakeBackend{cache: st}
	slow := &slowStore{Store: store.Scoped(st, store.ScopeMine)}
	m := New(slow, b, Options{Common: c, ThemeOptions: opts, MeterEvery: -1, LastSync: testNow.Add(-time.Hour),
		DetailDelay: -1, Editor: hostexec.Host{}.Editor()})
	m.triage.List().SetCountDelay(-1)
	run(t, m, m.Init())
	send(t, m, tea.WindowSizeMsg{Width: 120, Height: 30})
	press(t, m, "space", "space", "space") // three of the inbox marked
	return m, slow, b
}

// folderCount is the count the tab strip shows for keyed folder i (the
// folders pane shows the same items): 0 the inbox, 1 Considered, 3 Refused.
func folderCount(t *testing.T, m *Model, i int) int {
	t.Helper()
	keyed, _ := m.triage.FolderCells()
	n, err := strconv.Atoi(keyed[i].Count)
	if err != nil {
		t.Fatalf("the strip's counts: %+v", keyed)
	}
	return n
}

// inboxAndConsidered are the counts of the inbox and Considered.
func inboxAndConsidered(t *testing.T, m *Model) (int, int) {
	t.Helper()
	return folderCount(t, m, 0), folderCount(t, m, 1)
}

// Issue 28 §7: a bulk later changes the counts at once, before its
// outbox entries are written; once written, the cache's figures are
// shown, even where they differ from the screen's guess.
func TestLaterMovesTheCountsBeforeTheWrite(t *testing.T) {
	m, slow, _ := slowModel(t, fixture(t, 30))
	in, co := inboxAndConsidered(t, m)
	list := m.triage.List()
	marked := list.Marked()
	_, cmd := m.Update(keyPress(t, "l"))
	if gotIn, gotCo := inboxAndConsidered(t, m); slow.writes != 0 || gotIn != in-3 || gotCo != co+3 {
		t.Fatalf("at once, %d writes begun: inbox %d considered %d, want %d and %d", slow.writes, gotIn, gotCo, in-3, co+3)
	}
	if left := list.Loaded(marked); len(left) != 0 {
		t.Errorf("at once the inbox's list still has %d of the 3", len(left))
	}
	slow.keep = 2 // the cache takes two: its counts are the truth
	run(t, m, cmd)
	if gotIn, gotCo := inboxAndConsidered(t, m); slow.writes != 1 || gotIn != in-2 || gotCo != co+2 {
		t.Errorf("once written: inbox %d considered %d, want the cache's %d and %d", gotIn, gotCo, in-2, co+2)
	}
	if back := list.Loaded(marked); len(back) != 1 || !list.Settled() {
		t.Errorf("once written the list has %d of the 3 (settled %v), want the one the cache kept", len(back), list.Settled())
	}
}

// A write that fails puts the cache's figures back and says so.
func TestAFailedLaterPutsTheCountsBack(t *testing.T) {
	m, slow, _ := slowModel(t, fixture(t, 30))
	in, co := inboxAndConsidered(t, m)
	list := m.triage.List()
	marked := list.Marked()
	slow.fail = errors.New("disk I/O error")
	_, cmd := m.Update(keyPress(t, "l"))
	if gotIn, _ := inboxAndConsidered(t, m); gotIn != in-3 {
		t.Fatalf("at once: inbox %d, want %d", gotIn, in-3)
	}
	run(t, m, cmd)
	if gotIn, gotCo := inboxAndConsidered(t, m); gotIn != in || gotCo != co {
		t.Errorf("after the failed write: inbox %d considered %d, want %d and %d", gotIn, gotCo, in, co)
	}
	if back := list.Loaded(marked); len(back) != 3 {
		t.Errorf("after the failed write the list has %d of the 3 back", len(back))
	}
	if line := statusLine(m); !strings.Contains(line, "disk I/O error") {
		t.Errorf("the status line does not say the write failed: %q", line)
	}
}

// u of a later puts its counts back at once, before the undo is written;
// an undo that finds nothing to take back leaves the cache's figures.
func TestUndoPutsTheCountsBackBeforeTheWrite(t *testing.T) {
	m, _, b := slowModel(t, fixture(t, 30))
	in, co := inboxAndConsidered(t, m)
	press(t, m, "l")
	_, cmd := m.Update(keyPress(t, "u"))
	if gotIn, gotCo := inboxAndConsidered(t, m); gotIn != in || gotCo != co {
		t.Fatalf("u at once: inbox %d considered %d, want %d and %d", gotIn, gotCo, in, co)
	}
	run(t, m, cmd)
	if gotIn, gotCo := inboxAndConsidered(t, m); gotIn != in || gotCo != co {
		t.Errorf("once undone: inbox %d considered %d, want %d and %d", gotIn, gotCo, in, co)
	}

	press(t, m, "space", "space", "space", "l")
	b.cache = nil // the undo finds nothing: the later stays
	_, cmd = m.Update(keyPress(t, "u"))
	if gotIn, _ := inboxAndConsidered(t, m); gotIn != in {
		t.Fatalf("the second u at once: inbox %d, want %d", gotIn, in)
	}
	run(t, m, cmd)
	if gotIn, gotCo := inboxAndConsidered(t, m); gotIn != in-3 || gotCo != co+3 {
		t.Errorf("after an undo that took nothing back: inbox %d considered %d, want the cache's %d and %d", gotIn, gotCo, in-3, co+3)
	}
	if line := statusLine(m); !strings.Contains(line, "othing to undo") {
		t.Errorf("the status line: %q", line)
	}
}

// u pressed while the later is still being written (the screen showed
// it done at once) takes that later back once written: the counts go
// back at once, and the outbox keeps none of it.
func TestUndoDuringTheWriteTakesThatLaterBack(t *testing.T) {
	st := fixture(t, 30)
	m, slow, _ := slowModel(t, st)
	in, co := inboxAndConsidered(t, m)
	_, later := m.Update(keyPress(t, "l"))
	_, undo := m.Update(keyPress(t, "u"))
	if gotIn, gotCo := inboxAndConsidered(t, m); slow.writes != 0 || gotIn != in || gotCo != co {
		t.Fatalf("u at once: inbox %d considered %d, want %d and %d", gotIn, gotCo, in, co)
	}
	run(t, m, undo) // as soon as asked, before the write
	run(t, m, later)
	if gotIn, gotCo := inboxAndConsidered(t, m); gotIn != in || gotCo != co {
		t.Errorf("once written and undone: inbox %d considered %d, want %d and %d", gotIn, gotCo, in, co)
	}
	if n, _ := st.OutboxCounts(context.Background()); slow.writes != 1 || n.Pending != 0 {
		t.Errorf("%d writes, %d actions pending: want the later written and taken back", slow.writes, n.Pending)
	}
	if line := statusLine(m); !strings.Contains(line, "undone: 3 → Considered") {
		t.Errorf("the status line: %q", line)
	}
}

// m (the folder picker) moves the counts at once too: the inbox's and the
// folder picked, Refused.
func TestMoveMovesTheCountsBeforeTheWrite(t *testing.T) {
	m, slow, _ := slowModel(t, fixture(t, 30))
	in, was := folderCount(t, m, 0), folderCount(t, m, 3)
	press(t, m, "m")
	_, cmd := m.Update(keyPress(t, "4"))
	if gotIn, got := folderCount(t, m, 0), folderCount(t, m, 3); slow.writes != 0 || gotIn != in-3 || got != was+3 {
		t.Fatalf("at once, %d writes begun: inbox %d refused %d, want %d and %d", slow.writes, gotIn, got, in-3, was+3)
	}
	run(t, m, cmd)
	if gotIn, got := folderCount(t, m, 0), folderCount(t, m, 3); slow.writes != 1 || gotIn != in-3 || got != was+3 {
		t.Errorf("once written: inbox %d refused %d, want %d and %d", gotIn, got, in-3, was+3)
	}
}

// A read of the counts that started before l and lands after it, before
// the write, is older than the screen: the moved counts stay (it would
// put the later back on screen until the next read, as a sync's reads
// did over u in BenchmarkBulkLater).
func TestAnOlderReadDoesNotUndoTheMoveShown(t *testing.T) {
	m, slow, _ := slowModel(t, fixture(t, 30))
	in, co := inboxAndConsidered(t, m)
	older := m.updatePane(paneTriage, triage.Refresh{}) // reads the counts as they are now
	_, cmd := m.Update(keyPress(t, "l"))
	run(t, m, older)
	if gotIn, gotCo := inboxAndConsidered(t, m); slow.writes != 0 || gotIn != in-3 || gotCo != co+3 {
		t.Fatalf("after a read older than l, %d writes begun: inbox %d considered %d, want %d and %d", slow.writes, gotIn, gotCo, in-3, co+3)
	}
	run(t, m, cmd)
	if gotIn, gotCo := inboxAndConsidered(t, m); gotIn != in-3 || gotCo != co+3 {
		t.Errorf("once written: inbox %d considered %d, want %d and %d", gotIn, gotCo, in-3, co+3)
	}
}
