package session

import (
	"context"
	"testing"
	"time"

	"hrdesk/store"
)

// history_days is how far back a sync reads: with 30, the cache holds
// exactly the responses whose last event is within 30 days, not the 365
// of the default nor a day's worth.
func TestASyncReadsHistoryDaysBack(t *testing.T) {
	t.Parallel()
	const days = 30
	srv, s := openTest(t, 0, Options{ReachEvery: -1}, func(p *Profile) { p.Config.HistoryDays = days })
	from := time.Now().Add(-days * 24 * time.Hour)
	want, older := 0, 0
	for _, r := range srv.Received() {
		if !r.Own || len(r.Events) == 0 {
			continue
		}
		last := r.Events[0].At
		for _, e := range r.Events {
			if e.At.After(last) {
				last = e.At
			}
		}
		// A minute either side of the horizon is left out: the sync read it
		// a moment before this test reads the clock.
		switch {
		case last.After(from.Add(time.Minute)):
			want++
		case last.Before(from.Add(-time.Minute)):
			older++
		default:
			t.Skipf("a response %v from the horizon", last.Sub(from))
		}
	}
	if want == 0 || older == 0 {
		t.Fatalf("the fake's responses: %d within %d days, %d older; the test needs both", want, days, older)
	}
	got, err := s.Store().CountEntries(context.Background(), store.ListQuery{Scope: store.ScopeAll})
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("the cache holds %d responses; %d are within %d days (%d older)", got, want, days, older)
	}
}
