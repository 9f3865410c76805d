package store

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
)

// TestEachEntryIsEveryPage: one pass gives what paging through ListEntries
// gives, in the same order, with bodies when asked.
func TestEachEntryIsEveryPage(t *testing.T) {
	s, _ := openTest(t)
	var es []Entry
	for id := int64(1); id <= 230; id++ {
		e := entry(id, Folders[id%3], int(id%17))
		e.WorkHistory = fmt.Sprintf("работа %d", id)
		es = append(es, e)
	}
	mustUpsert(t, s, es...)
	for _, q := range []ListQuery{{}, {Folder: FolderInvited}, {SortBy: SortBySalary, Ascending: true}, {Search: "петров17"}} {
		var paged []int64
		for off := 0; ; off += 50 {
			page := q
			page.Offset, page.Limit = off, 50
			got := list(t, s, page)
			paged = append(paged, got...)
			if len(got) < 50 {
				break
			}
		}
		for _, bodies := range []bool{false, true} {
			var each []int64
			err := s.EachEntry(ctx, q, bodies, func(d EntryDetail) error {
				each = append(each, d.ResumeID)
				want := fmt.Sprintf(`{"id":%d}`, d.ResumeID)
				if bodies && (string(d.RawJSON) != want || d.WorkHistory != fmt.Sprintf("работа %d", d.ResumeID)) {
					t.Fatalf("resume %d: body %q / %q", d.ResumeID, d.RawJSON, d.WorkHistory)
				}
				if !bodies && d.RawJSON != nil {
					t.Fatalf("resume %d: a body without asking", d.ResumeID)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(each, paged) || len(each) == 0 {
				t.Errorf("query %+v bodies=%v: one pass %d rows, pages %d rows (or another order)", q, bodies, len(each), len(paged))
			}
		}
	}
}

// TestEachEntryStopsWhenAsked: fn's error ends the pass at once, past the
// rows read ahead, and leaves nothing behind: the store's connections are
// all free for what comes next (bodies are read on a second goroutine).
func TestEachEntryStopsWhenAsked(t *testing.T) {
	s, _ := openTest(t)
	var es []Entry
	for id := int64(1); id <= 500; id++ {
		es = append(es, entry(id, FolderInbox, int(id%17)))
	}
	mustUpsert(t, s, es...)
	stop := errors.New("enough")
	for _, after := range []int{1, eachBatch, eachBatch + 1, 3*eachBatch + 5} {
		seen := 0
		err := s.EachEntry(ctx, ListQuery{}, true, func(EntryDetail) error {
			if seen++; seen == after {
				return stop
			}
			return nil
		})
		if !errors.Is(err, stop) || seen != after {
			t.Fatalf("stopped after %d: err %v, %d seen", after, err, seen)
		}
	}
	// Every reader connection is back: as many passes at once as the pool
	// holds, each read to its end.
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := 0
			if err := s.EachEntry(ctx, ListQuery{}, true, func(EntryDetail) error { n++; return nil }); err != nil || n != 500 {
				t.Errorf("a pass after the stops: %d rows, %v", n, err)
			}
		}()
	}
	wg.Wait()
}
