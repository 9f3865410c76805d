package budgetsim_test

import (
	"context"
	"net/http"
	"testing"
	"testing/synctest"
	"time"

	"hrdesk/apiclient"
	"hrdesk/fakeapi"
	"hrdesk/internal/testkit/arrivals"
	"hrdesk/internal/testkit/cachetest"
	"hrdesk/ratebudget"
	"hrdesk/store"
	"hrdesk/syncer"
)

// Issue 26 §5: a sync whose requests the budget holds for room under a
// learned limit says so — "waiting for the rate limit" with about how
// long — instead of standing still for most of a minute; and says when
// the wait is over.
func TestASyncHeldForRoomSaysSo(t *testing.T) {
	warmStore(t)
	synctest.Test(t, func(t *testing.T) {
		cfg := ratebudget.Config{Requests: 120, Window: time.Minute, Burst: 4}
		srv := fakeapi.New(fakeapi.Options{Seed: 41, Received: 5, RequestsPerMinute: -1})
		rec := &arrivals.Recorder{H: srv}
		base := "http://127.0.0.1:1"
		sched := ratebudget.NewRegistry().For(base, cfg)
		// Another profile's sync met a limit of 30 a minute: its 31st was
		// refused, and the window is full under what was learned.
		other := sched.Tenant("other")
		filled := time.Now()
		for range 31 {
			if err := other.Wait(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		sched.Throttle(time.Second)
		if l, _ := sched.Learned(); l != 30 {
			t.Fatalf("learned %d, want 30", l)
		}
		st, err := store.Open(cachetest.Path(t))
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		c, err := apiclient.New(apiclient.Config{BaseURL: base, ClientID: fakeapi.DemoClientID, Secret: fakeapi.DemoSecret,
			HTTPClient: &http.Client{Transport: arrivals.InProcess{H: rec}}, Limiter: sched.Tenant("a")})
		if err != nil {
			t.Fatal(err)
		}
		access, refresh := srv.IssueToken()
		c.SetToken(apiclient.Token{AccessToken: access, RefreshToken: refresh})
		var waits []syncer.Progress
		var firstAt time.Time
		eng := syncer.New(syncer.NewAPIServer(c), st, syncer.Options{Owner: "a", Progress: func(p syncer.Progress) {
			if p.WaitReason != "" || len(waits) > 0 && waits[len(waits)-1].WaitReason != "" {
				if len(waits) == 0 {
					firstAt = time.Now()
				}
				waits = append(waits, p)
			}
		}})
		if _, err := eng.Sync(context.Background(), syncer.SyncOptions{}); err != nil {
			t.Fatal(err)
		}
		if len(waits) < 2 {
			t.Fatalf("the sync waited for room without a word: %+v", waits)
		}
		// The first grant of the full window leaves it a minute and a
		// second (the learned limit's margin) after it went.
		first, want := waits[0], filled.Add(time.Minute+time.Second).Sub(firstAt)
		if first.WaitReason != syncer.WaitRateLimit || (first.Waiting-want).Abs() > time.Second {
			t.Errorf("first wait %q ~%v; want the rate limit, about %v", first.WaitReason, first.Waiting, want)
		}
		if waits[1].WaitReason != "" {
			t.Errorf("the wait's end was not said: %+v", waits[1])
		}
		if took := time.Since(filled); took < time.Minute {
			t.Errorf("the sync ended %v after the window filled: it did not wait for room", took)
		}
	})
}
