package syncer

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"hrdesk/internal/testkit/cachetest"
	"hrdesk/store"
)

// memServer is an in-memory job board for the engine's unit tests: received
// lists with the API's paging rules and 500 cap, and actions that change them.
// (The engine against the real HTTP fake is tested in apiserver_test.go.)
type memServer struct {
	mu       sync.Mutex
	entries  map[int64]*memEntry
	requests int
	listed   int // Received calls only
	// listedStatus counts Received calls per status filter.
	listedStatus map[int]int
	// oldestFirst serves pages oldest event first, as a server that ignores
	// the engine's expected order would: peeling is then impossible and
	// every window over the cap must be split by time.
	oldestFirst bool
	// failNext makes the next calls fail with this error.
	failNext  []error
	performed []store.Action
	// emptyVacancies answers the next n vacancy lists with none.
	emptyVacancies int
}

type memEntry struct {
	id     int64
	status int
	last   time.Time
}

var errOffline = errors.New("offline")
var errRefused = errors.New("422 refused")
var errAmbiguous = errors.New("no answer")

func newMemServer() *memServer { return &memServer{entries: map[int64]*memEntry{}} }

func (m *memServer) add(id int64, status int, last time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.entries[id] = &memEntry{id: id, status: status, last: last}
}

func (m *memServer) fail() error {
	if len(m.failNext) == 0 {
		return nil
	}
	err := m.failNext[0]
	m.failNext = m.failNext[1:]
	return err
}

func (m *memServer) Received(ctx context.Context, q ReceivedQuery) (ReceivedPage, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.requests++
	m.listed++
	if m.listedStatus == nil {
		m.listedStatus = map[int]int{}
	}
	m.listedStatus[q.Status]++
	if err := m.fail(); err != nil {
		return ReceivedPage{}, err
	}
	if q.Page < 0 || q.Page > 500 || q.Count < 1 || q.Count > 100 {
		return ReceivedPage{}, fmt.Errorf("400 bad paging %d/%d", q.Page, q.Count)
	}
	var match []*memEntry
	for _, e := range m.entries {
		if e.status == q.Status && !e.last.Before(q.From) && !e.last.After(q.To) {
			match = append(match, e)
		}
	}
	sort.Slice(match, func(i, j int) bool {
		if !match[i].last.Equal(match[j].last) {
			return match[i].last.After(match[j].last) != m.oldestFirst
		}
		return match[i].id > match[j].id
	})
	total := len(match)
	if len(match) > Cap {
		match = match[:Cap]
	}
	lo := min(q.Page*q.Count, len(match))
	hi := min(lo+q.Count, len(match))
	page := ReceivedPage{Total: total, More: hi < len(match)}
	folder, _ := store.FolderForStatus(q.Status)
	for _, e := range match[lo:hi] {
		page.Entries = append(page.Entries, store.Entry{
			ResumeID: e.id, Scope: q.Scope, Folder: folder, LastName: fmt.Sprintf("L%d", e.id), FirstName: "F",
			Profession: "P", LastEventAt: e.last, Events: []store.Event{{Type: 10, DateEvent: e.last}},
			RawJSON: []byte(fmt.Sprintf(`{"id":%d}`, e.id)),
		})
	}
	return page, nil
}

func (m *memServer) Comments(ctx context.Context, id int64) ([]store.Comment, error) { return nil, nil }
func (m *memServer) Templates(ctx context.Context, kind store.TemplateKind, id int64) (store.TemplateSet, error) {
	m.mu.Lock()
	m.requests++
	m.mu.Unlock()
	return store.TemplateSet{Kind: kind, Templates: []store.Template{{ID: 1, Name: string(kind)}}}, nil
}
func (m *memServer) Vacancies(ctx context.Context) ([]store.Vacancy, error) {
	m.mu.Lock()
	m.requests++
	empty := m.emptyVacancies > 0
	m.emptyVacancies--
	m.mu.Unlock()
	if empty {
		return nil, nil
	}
	return []store.Vacancy{{ID: 5, Profession: "Go developer", Published: 1}}, nil
}
func (m *memServer) CurrentUser(ctx context.Context) (store.User, error) {
	m.mu.Lock()
	m.requests++
	m.mu.Unlock()
	return store.User{ID: 1, Name: "Recruiter"}, nil
}

func (m *memServer) Perform(ctx context.Context, a store.Action) (*store.Comment, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.requests++
	if err := m.fail(); err != nil {
		return nil, err
	}
	m.performed = append(m.performed, a)
	e := m.entries[a.ResumeID]
	if e == nil {
		return nil, errRefused
	}
	if status, ok := store.StatusForFolder(a.NewFolder); ok {
		e.status = status
		e.last = e.last.Add(time.Second)
	}
	if a.Kind == store.ActionCommentAdd {
		return &store.Comment{ID: 900, ResumeID: a.ResumeID, Text: a.Payload.Text, Own: true}, nil
	}
	return nil, nil
}

func (m *memServer) Classify(err error) ErrorClass {
	switch {
	case errors.Is(err, errRefused):
		return Refused
	case errors.Is(err, errAmbiguous):
		return Ambiguous
	}
	return Transient
}

func (m *memServer) reqs() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.requests
}

func (m *memServer) lists() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.listed
}

// listsOf is how many Received calls asked for status.
func (m *memServer) listsOf(status int) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.listedStatus[status]
}

func (m *memServer) resetRequests() {
	m.mu.Lock()
	m.requests, m.listed, m.listedStatus = 0, 0, nil
	m.mu.Unlock()
}

var testNow = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

// openStore opens a cache of the test's own. The heaviest tests run in
// parallel (t.Parallel): each has its own server and cache, and under -race
// this package is the longest of make test.
//
// The cache starts as a copy of an empty one made once per test binary:
// creating the schema (migrations, search index) under -race cost about a
// third of a CPU-second per cache, and this package opens some fifty.
func openStore(t testing.TB) *store.Store {
	t.Helper()
	st, err := store.Open(cachetest.Path(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func newEngine(srv Server, st *store.Store, now *time.Time) *Engine {
	// The fake clock does not move while the engine pauses: a pause is
	// instant (a list read again before hiding, issue 26 §4).
	return New(srv, st, Options{Now: func() time.Time { return *now }, Owner: "test", Sleep: noSleep})
}

// cachedIDs returns the ids the cache shows in folder.
func cachedIDs(t testing.TB, st *store.Store, folder string) map[int64]bool {
	t.Helper()
	out := map[int64]bool{}
	for off := 0; ; off += store.MaxListLimit {
		rows, err := st.ListEntries(context.Background(), store.ListQuery{Folder: folder, Offset: off, Limit: store.MaxListLimit})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			out[r.ResumeID] = true
		}
		if len(rows) < store.MaxListLimit {
			return out
		}
	}
}

// noSleep is a pause that ends at once, unless ctx has.
func noSleep(ctx context.Context, d time.Duration) error { return ctx.Err() }
