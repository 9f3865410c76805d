package session

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"hrdesk/config"
	"hrdesk/store"
)

// quietSession is a session of a profile never logged in, on a fresh cache,
// whose service is nowhere (nothing here asks it).
func quietSession(t *testing.T) (*Session, *store.Store) {
	t.Helper()
	cfg := config.Defaults(config.EnvFromList(nil))
	cfg.DataDir, cfg.BaseURL = t.TempDir(), "http://127.0.0.1:1"
	st, err := store.Open(filepath.Join(cfg.DataDir, "cache.db"))
	if err != nil {
		t.Fatal(err)
	}
	s := Open(Profile{Config: cfg}, st, Options{})
	closeAtEnd(t, s)
	return s, st
}

// u goes through the session (issue 29 §4): a unit named is taken back
// whole, and with none named the newest action still waiting is; nothing
// left to take back says so (store.ErrNotFound).
func TestTheSessionTakesBackWhatUNames(t *testing.T) {
	s, st := quietSession(t)
	ctx := context.Background()
	var es []store.Entry
	for id := int64(1); id <= 3; id++ {
		es = append(es, store.Entry{ResumeID: id, Scope: store.ScopeMine, Folder: store.FolderInbox, LastName: "Петров"})
	}
	if err := st.UpsertEntries(ctx, es); err != nil {
		t.Fatal(err)
	}
	move := func(id int64, folder string) store.Action {
		return store.Action{Kind: store.ActionMove, ResumeID: id, Payload: store.ActionPayload{Folder: folder}}
	}
	unit, err := st.EnqueueBatch(ctx, []store.Action{move(1, store.FolderRefused), move(2, store.FolderRefused)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.EnqueueBatch(ctx, []store.Action{move(3, store.FolderConsidered)}); err != nil {
		t.Fatal(err)
	}
	b := s.Backend(nil)
	u, err := b.Undo(ctx, store.Slip{Outbox: unit})
	if err != nil || len(u.Actions) != 2 || u.Actions[0].ResumeID+u.Actions[1].ResumeID != 3 {
		t.Fatalf("the unit of 1 and 2 taken back: %+v, %v", u.Actions, err)
	}
	u, err = b.Undo(ctx, store.Slip{})
	if err != nil || len(u.Actions) != 1 || u.Actions[0].ResumeID != 3 {
		t.Fatalf("the newest waiting (3) taken back: %+v, %v", u.Actions, err)
	}
	if _, err := b.Undo(ctx, store.Slip{}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("nothing left to take back: %v", err)
	}
	// A snooze (issue 28 §2 for z) is taken back in the cache: 2 is listed again.
	z, err := st.Resnooze(ctx, []int64{2}, time.Now().Add(time.Hour), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if u, err := b.Undo(ctx, store.Slip{Snooze: z}); err != nil || len(u.Snooze.Before) != 1 {
		t.Fatalf("the snooze of 2 taken back: %+v, %v", u.Snooze, err)
	}
	if n, err := st.CountEntries(ctx, store.ListQuery{Folder: store.FolderInbox}); err != nil || n != 3 {
		t.Errorf("the inbox counts %d (%v) after the snooze was taken back, want 3", n, err)
	}
}

// Whether a scope's lists were ever synced is the session's answer to the
// C key: after the profile's sync its own are, the company's are not.
func TestTheSessionKnowsWhichScopeWasSynced(t *testing.T) {
	_, s := openTest(t, 0, Options{}, nil)
	b := s.Backend(nil)
	for scope, want := range map[store.Scope]bool{store.ScopeMine: true, store.ScopeCompany: false} {
		if synced, err := b.ScopeSynced(context.Background(), scope); err != nil || synced != want {
			t.Errorf("scope %v after the profile's sync: synced %v (%v), want %v", scope, synced, err, want)
		}
	}
}
