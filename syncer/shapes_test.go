package syncer

import (
	"context"
	"maps"
	"strings"
	"testing"
	"time"

	"hrdesk/apiclient"
	"hrdesk/fakeapi"
)

// The real service's answer shapes through the engine (issue 18 §1): a
// blocked employer's error inside a 200 body read as an empty page emptied
// the cache (509 cached before, 0 after a full sync).

func TestAnErrorInside200StopsTheSyncAndKeepsTheCache(t *testing.T) {
	t.Parallel()
	// 200 responses make a full sync of 10 requests, 4 of them received
	// pages: blocking after 1, 2, 5 and 9 cuts it before, between and
	// inside the pages.
	srv, base := startFake(t, fakeapi.Options{Seed: 11, Received: 200})
	st := openStore(t)
	eng := apiEngine(t, srv, base, st)
	if _, err := eng.Sync(context.Background(), SyncOptions{Full: true}); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, st)
	if len(before) < 150 {
		t.Fatalf("%d cached after the first sync, want the horizon's ~165 of 200", len(before))
	}
	// Halfway through the next full sync the service starts answering
	// every call with the blocked employer's error, under HTTP 200.
	for _, after := range []int{1, 2, 5, 9} {
		srv.SetShapes(fakeapi.Shapes{BlockedIn200After: after})
		_, err := eng.Sync(context.Background(), SyncOptions{Full: true})
		if err == nil || !apiclient.IsBlocked(err) || !strings.Contains(err.Error(), fakeapi.BlockedMessage) {
			t.Fatalf("blocked after %d requests: the sync ended with %v; want the blocked employer's error", after, err)
		}
		if now := snapshot(t, st); !maps.Equal(before, now) {
			t.Fatalf("blocked after %d requests: %d cached before, %d after; the cache must keep every resume",
				after, len(before), len(now))
		}
	}
	// Unblocked, the sync finishes and still holds them all.
	srv.SetShapes(fakeapi.Shapes{})
	if _, err := eng.Sync(context.Background(), SyncOptions{Full: true}); err != nil {
		t.Fatal(err)
	}
	if n := len(snapshot(t, st)); n != len(before) {
		t.Errorf("%d cached after the service came back, want %d", n, len(before))
	}
}

// {"objects": null} under 200 is no page, as a missing objects is not
// (issue 26 §4): the sync stops at once with the reason, keeps the cache,
// and does not wait out "the server is failing" for minutes.
func TestNullObjectsStopTheSyncAtOnce(t *testing.T) {
	t.Parallel()
	srv, base := startFake(t, fakeapi.Options{Seed: 12, Received: 120})
	st := openStore(t)
	eng := apiEngine(t, srv, base, st)
	if _, err := eng.Sync(context.Background(), SyncOptions{Full: true}); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, st)
	var waits []WaitReason
	eng.opts.Sleep = func(ctx context.Context, d time.Duration) error { return nil }
	eng.prog.report = func(p Progress) {
		if p.WaitReason != "" {
			waits = append(waits, p.WaitReason)
		}
	}
	srv.SetShapes(fakeapi.Shapes{NullObjects: true})
	srv.ResetRequests()
	_, err := eng.Sync(context.Background(), SyncOptions{Full: true})
	if err == nil || !strings.Contains(err.Error(), "not the list page") {
		t.Fatalf("the sync ended with %v; want the answer named as no list page", err)
	}
	if len(waits) > 0 {
		t.Errorf("the sync waited %v; an answer that is no page is not a failing server", waits)
	}
	if n := srv.Requests()["/2.0/resumes/received/"]; n != 1 {
		t.Errorf("%d list requests; want the first answer to stop it", n)
	}
	if now := snapshot(t, st); !maps.Equal(before, now) {
		t.Errorf("%d cached before, %d after; the cache must keep every resume", len(before), len(now))
	}
}
