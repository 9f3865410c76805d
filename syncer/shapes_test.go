package syncer

import (
	"context"
	"maps"
	"strings"
	"testing"

	"hrdesk/apiclient"
	"hrdesk/fakeapi"
)

// The real service's answer shapes through the engine (issue 18 §1): a
// blocked employer's error inside a 200 body read as an empty page emptied
// the cache (509 cached before, 0 after a full sync).

func TestAnErrorInside200StopsTheSyncAndKeepsTheCache(t *testing.T) {
	t.Parallel()
	srv, base := startFake(t, fakeapi.Options{Seed: 11, Received: 509})
	st := openStore(t)
	eng := apiEngine(t, srv, base, st)
	if _, err := eng.Sync(context.Background(), SyncOptions{Full: true}); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, st)
	if len(before) < 400 {
		t.Fatalf("%d cached after the first sync, want the horizon's ~400 of 509", len(before))
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
