package session

import (
	"context"
	"sync"
	"testing"

	"hrdesk/internal/testkit/testwait"
	"hrdesk/session/feed"
	"hrdesk/tokenfile"
)

// A terminal waiting on a sync is told how far it got while it runs, not
// only once it is over: the status line counts up "syncing 12/30".
func TestASyncsProgressReachesItsWatcherWhileItRuns(t *testing.T) {
	_, s := openTest(t, 0, Options{}, nil)
	var (
		mu  sync.Mutex
		got []feed.SyncProgress
	)
	ctx, cancel := context.WithTimeout(context.Background(), testwait.Patience)
	defer cancel()
	if _, err := s.Sync(ctx, func(p feed.SyncProgress) {
		mu.Lock()
		got = append(got, p)
		mu.Unlock()
	}); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) < 2 {
		t.Fatalf("the watcher was told %d times (%+v), want the sync's steps as they happen", len(got), got)
	}
	if first := got[0]; first.Total > 0 && first.Done >= first.Total {
		t.Errorf("the first report is already the end (%d of %d): the steps before it were not passed on", first.Done, first.Total)
	}
}

// The client reads token.json again before each call: a login another
// process of the profile saved there is the one this one uses.
func TestTheTokenStoreReadsWhatAnotherProcessSaved(t *testing.T) {
	path := t.TempDir() + "/token.json"
	want := tokenfile.Token{AccessToken: "access-from-elsewhere", RefreshToken: "refresh-from-elsewhere", TokenType: "bearer"}
	if err := tokenfile.Save(path, want); err != nil {
		t.Fatal(err)
	}
	got, err := tokenStore{path: path}.Load()
	if err != nil {
		t.Fatal(err)
	}
	if got.AccessToken != want.AccessToken || got.RefreshToken != want.RefreshToken {
		t.Errorf("loaded a token with access %q, refresh %q; want the one saved", got.AccessToken, got.RefreshToken)
	}
	if _, err := (tokenStore{path: t.TempDir() + "/none.json"}).Load(); err == nil {
		t.Error("a missing token file loaded without an error")
	}
}
