package syncer

import (
	"context"
	"testing"
	"time"

	"hrdesk/fakeapi"
	"hrdesk/store"
)

// BenchmarkFullSync10k: a full sync of 10,000 received resumes in one list
// from the HTTP fake, without the 120/minute limit so the figure is the
// client's own cost. list-requests/op must stay within ceil(10000/100)×1.15
// = 115; at 120 requests a minute the rate limit makes the wall time about
// list-requests/2 seconds, far above the client's cost.
func BenchmarkFullSync10k(b *testing.B) {
	// 12,500 generated, of which the user's own (the default scope) are ~10,000.
	srv, base := startFake(b, fakeapi.Options{Seed: 17, Received: 12500, StatusMix: func(int) int { return 0 }})
	var lists, entries int
	for b.Loop() {
		b.StopTimer()
		st, err := store.Open(b.TempDir() + "/cache.db")
		if err != nil {
			b.Fatal(err)
		}
		eng := apiEngine(b, srv, base, st)
		eng.opts.Horizon = 401 * 24 * time.Hour // the fake spreads events over 400 days
		srv.ResetRequests()
		b.StartTimer()
		if _, err := eng.Sync(context.Background(), SyncOptions{}); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		lists = srv.Requests()["/2.0/resumes/received/"]
		want := len(srv.OwnResumeIDs(-2))
		if n, _ := st.CountEntries(context.Background(), store.ListQuery{}); n != want {
			b.Fatalf("cached %d of %d", n, want)
		}
		entries = want
		st.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(entries), "entries/op")
	b.ReportMetric(float64(lists), "list-requests/op")
	b.ReportMetric(float64(lists)/2, "rate-limited-s/op")
}

// BenchmarkIncrementalNothingChanged: a sync right after a sync.
func BenchmarkIncrementalNothingChanged(b *testing.B) {
	srv, base := startFake(b, fakeapi.Options{Seed: 17, Received: 3000})
	st, err := store.Open(b.TempDir() + "/cache.db")
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	eng := apiEngine(b, srv, base, st)
	if _, err := eng.Sync(context.Background(), SyncOptions{}); err != nil {
		b.Fatal(err)
	}
	eng.opts.Now = func() time.Time { return fakeNow.Add(time.Minute) }
	var lists int
	for b.Loop() {
		srv.ResetRequests()
		if _, err := eng.Sync(context.Background(), SyncOptions{}); err != nil {
			b.Fatal(err)
		}
		lists = srv.Requests()["/2.0/resumes/received/"]
	}
	b.ReportMetric(float64(lists), "list-requests/op")
}
