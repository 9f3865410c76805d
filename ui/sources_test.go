package ui

import (
	"context"
	"sync"
	"testing"

	"hrdesk/i18n"
	"hrdesk/session/feed"
	"hrdesk/store"
)

// readsStore counts the reads of the screens besides triage, each of
// which its own screen makes through its source (the vacancies are not
// counted: the triage screen reads them too, for their titles).
type readsStore struct {
	Store
	mu    sync.Mutex
	reads map[string]int
}

func (s *readsStore) count(what string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reads[what]++
}

func (s *readsStore) n(what string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reads[what]
}

func (s *readsStore) Selections(ctx context.Context) ([]store.Selection, error) {
	s.count("selections")
	return s.Store.Selections(ctx)
}

func (s *readsStore) OutboxEntries(ctx context.Context) ([]store.OutboxEntry, error) {
	s.count("outbox")
	return s.Store.OutboxEntries(ctx)
}

func (s *readsStore) Overview(ctx context.Context, q store.OverviewQuery) (store.Overview, error) {
	s.count("overview")
	return s.Store.Overview(ctx, q)
}

// TestTheScreenInFrontReadsItsOwnData (issue 19 §1: each pane loads its
// own data through a source): the root reads none of the other screens'
// data; when the cache changes it tells the screen in front, which reads
// again what it shows, while the hidden ones read nothing until shown.
func TestTheScreenInFrontReadsItsOwnData(t *testing.T) {
	st := fixture(t, 30)
	rs := &readsStore{Store: store.Scoped(st, store.ScopeMine), reads: map[string]int{}}
	m := newModelIn(t, rs, i18n.EN, 120, 30)
	changed := func() { send(t, m, feed.PolledMsg{Seq: 1, At: testNow, Changed: true}) }
	changed()
	for _, what := range []string{"selections", "outbox", "overview"} {
		if n := rs.n(what); n != 0 {
			t.Errorf("on the triage screen the %s were read %d times: no screen of theirs is in front", what, n)
		}
	}

	press(t, m, "7")
	if _, ok := m.outboxPane().Selected(); ok || rs.n("outbox") != 1 {
		t.Fatalf("the outbox screen opened on an empty outbox: %d reads", rs.n("outbox"))
	}
	ids := rowIDs(t, st, 1)
	if _, err := st.Enqueue(context.Background(), store.Action{ResumeID: ids[0], Kind: store.ActionLater}); err != nil {
		t.Fatal(err)
	}
	changed()
	if e, ok := m.outboxPane().Selected(); !ok || e.ResumeID != ids[0] {
		t.Fatalf("after the cache changed the outbox screen shows %+v, want the action queued on %d", e, ids[0])
	}

	press(t, m, "8")
	outboxReads, overviewReads := rs.n("outbox"), rs.n("overview")
	if overviewReads != 1 {
		t.Fatalf("the overview was read %d times on opening, want once", overviewReads)
	}
	changed()
	if rs.n("overview") != overviewReads+1 || rs.n("outbox") != outboxReads {
		t.Fatalf("a change under the overview read it %d times and the hidden outbox %d times; want 1 and 0",
			rs.n("overview")-overviewReads, rs.n("outbox")-outboxReads)
	}
	if n := rs.n("selections"); n != 0 {
		t.Fatalf("the hidden selections screen was read %d times", n)
	}
}

// rowIDs is the first n resumes of the inbox.
func rowIDs(t *testing.T, st *store.Store, n int) []int64 {
	t.Helper()
	rows, err := st.ListEntries(context.Background(), store.ListQuery{Folder: store.FolderInbox, Limit: n})
	if err != nil || len(rows) < n {
		t.Fatalf("inbox: %d rows, %v", len(rows), err)
	}
	var ids []int64
	for _, r := range rows {
		ids = append(ids, r.ResumeID)
	}
	return ids
}
