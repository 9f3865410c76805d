package ui

import (
	"context"
	"errors"
	"hrdesk/internal/testkit/panetest"
	"regexp"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/hostexec"
	"hrdesk/i18n"
	"hrdesk/store"
)

// countingStore is a real cache that counts the reads the start makes.
type countingStore struct {
	*store.Store
	folderCounts, pages atomic.Int32
}

func (c *countingStore) FolderCounts(ctx context.Context, scope store.Scope) ([]store.FolderCount, error) {
	c.folderCounts.Add(1)
	return c.Store.FolderCounts(ctx, scope)
}

func (c *countingStore) ListEntries(ctx context.Context, q store.ListQuery) ([]store.EntryRow, error) {
	c.pages.Add(1)
	return c.Store.ListEntries(ctx, q)
}

// The workstation starts a sync as it opens. The folder counts and the
// list's page are read once at start; the sync's end reads them again only
// when it changed the cache (a start with nothing new, or offline, used to
// read them twice).
func TestStartReadsCountsOnce(t *testing.T) {
	for _, tc := range []struct {
		name    string
		changes bool
		err     error
		reads   int32
	}{
		{"nothing-new", false, nil, 1},
		{"offline", false, errors.New("dial tcp 127.0.0.1:9: connection refused"), 1},
		{"new-response", true, nil, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := &countingStore{Store: fixture(t, 30)}
			inbox := func() int {
				counts, err := st.Store.FolderCounts(context.Background(), store.ScopeAll)
				if err != nil || len(counts) == 0 || counts[0].Folder != store.FolderInbox {
					t.Fatalf("counts %+v %v", counts, err)
				}
				return counts[0].Total
			}
			before := inbox()
			b := &fakeBackend{syncErr: tc.err}
			if tc.changes {
				b.onSync = func() {
					if err := st.UpsertEntries(context.Background(), []store.Entry{entryAt(3000)}); err != nil {
						t.Error(err)
					}
				}
			}
			c := panetest.Colour(i18n.EN, panetest.Clock(func() time.Time { return testNow }))
			m := New(st, b, Options{Common: c, SyncOnStart: true, LastSync: testNow.Add(-time.Hour), DetailDelay: -1, MeterEvery: -1,
				Editor: hostexec.Host{}.Editor()})
			m.triage.List().SetCountDelay(-1)
			run(t, m, m.Init())
			send(t, m, tea.WindowSizeMsg{Width: 120, Height: 30})
			if b.syncs != 1 {
				t.Fatalf("%d syncs at start, want 1", b.syncs)
			}
			if got := st.folderCounts.Load(); got != tc.reads {
				t.Errorf("folder counts read %d times, want %d", got, tc.reads)
			}
			if got := st.pages.Load(); got != tc.reads {
				t.Errorf("the list's page read %d times, want %d", got, tc.reads)
			}
			want := before
			if tc.changes {
				want = inbox()
				if want != before+1 {
					t.Fatalf("the sync's response is not in the inbox: %d → %d", before, want)
				}
			}
			if !regexp.MustCompile(`Inbox +` + strconv.Itoa(want) + `\b`).MatchString(screen(m)) {
				t.Errorf("the screen's inbox count is not %d:\n%s", want, screen(m))
			}
		})
	}
}
