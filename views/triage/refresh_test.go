package triage_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/views/triage"
)

// recorder is a cache that notes the reads the screen makes, in order.
type recorder struct {
	store.ScopedStore
	mu    sync.Mutex
	calls []string
}

func (r *recorder) note(s string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, s)
}

// took returns the reads noted since the last call, and forgets them.
func (r *recorder) took() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	c := r.calls
	r.calls = nil
	return c
}

func (r *recorder) FolderCounts(ctx context.Context, scope store.Scope) ([]store.FolderCount, error) {
	r.note("counts")
	return r.ScopedStore.FolderCounts(ctx, scope)
}

func (r *recorder) ListEntries(ctx context.Context, q store.ListQuery) ([]store.EntryRow, error) {
	r.note("list")
	return r.ScopedStore.ListEntries(ctx, q)
}

func (r *recorder) Entry(ctx context.Context, id int64) (store.EntryDetail, error) {
	r.note(fmt.Sprintf("entry %d", id))
	return r.ScopedStore.Entry(ctx, id)
}

// entries are the resume reads among calls.
func entries(calls []string) []string {
	var out []string
	for _, c := range calls {
		if strings.HasPrefix(c, "entry") {
			out = append(out, c)
		}
	}
	return out
}

// runAll runs cmd and every command of its batches, as the program runs
// them (at once, on their own goroutines), without giving the screen
// their results: the reads a message starts before any of them is shown.
func runAll(cmd tea.Cmd) {
	if b, ok := panetest.Result(cmd).(tea.BatchMsg); ok {
		for _, c := range b {
			runAll(c)
		}
	}
}

// After an action (l, u) the folder counts are what the recruiter waits
// for: the Refresh starts their read alone, and the list and the resume
// only once the counts are on screen (issue 28 §7: four reads at once on
// two cores held the counts back).
func TestRefreshReadsTheCountsFirstAndAlone(t *testing.T) {
	src := &recorder{ScopedStore: cache(t, 30)}
	m := screen(t, src, 140, 38)
	src.took()
	_, cmd := m.Update(triage.Refresh{List: true, Entry: true})
	runAll(cmd)
	if got := src.took(); !slices.Equal(got, []string{"counts"}) {
		t.Fatalf("a Refresh started the reads %q; want the counts alone", got)
	}
	panetest.Drive(t, m, triage.Refresh{List: true, Entry: true})
	got := src.took()
	if len(got) < 3 || got[0] != "counts" || got[1] != "list" || !slices.Equal(entries(got), []string{"entry 100"}) {
		t.Fatalf("a Refresh read %q; want the counts, then the list, then the resume shown (100) once", got)
	}
	if i := slices.Index(got, "entry 100"); slices.Contains(got[i:], "list") {
		t.Fatalf("the resume was read before the list: %q", got)
	}
}

// A change that did not concern the resume shown (a later of others)
// leaves it unread; one that did reads it once, after the list.
func TestRefreshRereadsOnlyAConcernedResume(t *testing.T) {
	src := &recorder{ScopedStore: cache(t, 30)}
	m := screen(t, src, 140, 38)
	src.took()
	panetest.Drive(t, m, triage.Refresh{List: true, Entry: true, Resumes: []int64{105, 106}})
	if got := entries(src.took()); len(got) != 0 {
		t.Fatalf("a change of other resumes read the one shown again: %q", got)
	}
	panetest.Drive(t, m, triage.Refresh{List: true, Entry: true, Resumes: []int64{105, 100}})
	if got := entries(src.took()); !slices.Equal(got, []string{"entry 100"}) {
		t.Fatalf("a change of the resume shown read %q; want it once", got)
	}
	// Without the list, it is read at once after the counts.
	panetest.Drive(t, m, triage.Refresh{Entry: true, Resumes: []int64{100}})
	if got := src.took(); !slices.Equal(got, []string{"counts", "entry 100"}) {
		t.Fatalf("a Refresh of the resume alone read %q", got)
	}
}

// The resume shown moved away (a later of it): the pane shows the next one
// the cursor rests on, read once, and the moved one is not read again.
func TestRefreshOfAMovedResumeReadsTheNextOnce(t *testing.T) {
	src := &recorder{ScopedStore: cache(t, 30)}
	m := screen(t, src, 140, 38)
	if _, err := src.EnqueueBatch(context.Background(), []store.Action{{ResumeID: 100, Kind: store.ActionLater}}); err != nil {
		t.Fatal(err)
	}
	src.took()
	panetest.Drive(t, m, triage.Refresh{List: true, Entry: true, Resumes: []int64{100}})
	if got := entries(src.took()); !slices.Equal(got, []string{"entry 101"}) {
		t.Fatalf("after the resume shown left the list the screen read %q; want the next one (101) once", got)
	}
	if r, ok := m.List().Selected(); !ok || r.ResumeID != 101 {
		t.Fatalf("the cursor is on %+v, %v; want 101", r, ok)
	}
}
