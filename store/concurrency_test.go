package store

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"hrdesk/internal/testkit/testwait"
)

// TestTwoHandlesNoLostWrites: two SSH sessions of one profile are two
// processes with their own Store on the same file; IMMEDIATE transactions
// and the busy timeout make them take turns.
func TestTwoHandlesNoLostWrites(t *testing.T) {
	a, _ := openTest(t)
	b, _ := openAt(t, a.Path())
	const perHandle = 40
	var wg sync.WaitGroup
	errs := make(chan error, 4*perHandle)
	for h, s := range []*Store{a, b} {
		wg.Add(2)
		go func() {
			defer wg.Done()
			for i := range perHandle {
				id := int64(h*1000 + i + 1)
				if err := s.UpsertEntries(ctx, []Entry{entry(id, FolderInbox, i)}); err != nil {
					errs <- err
				}
			}
		}()
		go func() {
			defer wg.Done()
			for i := range perHandle {
				_, err := s.Enqueue(ctx, Action{ResumeID: 1, Kind: ActionCommentAdd, Payload: ActionPayload{Text: fmt.Sprint(h, i)}})
				if err != nil {
					errs <- err
				}
			}
		}()
	}
	testwait.Within(t, time.Minute, "two handles writing", wg.Wait)
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	for _, s := range []*Store{a, b} {
		if n, _ := s.CountEntries(ctx, ListQuery{}); n != 2*perHandle {
			t.Fatalf("entries %d, want %d", n, 2*perHandle)
		}
		if all, _ := s.ListOutbox(ctx, StatePending); len(all) != 2*perHandle {
			t.Fatalf("actions %d, want %d", len(all), 2*perHandle)
		}
	}
}
