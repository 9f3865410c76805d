package store

import (
	"slices"
	"testing"
	"time"
)

func TestReconcile(t *testing.T) {
	s, clock := openTest(t)
	mustUpsert(t, s, entry(1, FolderInbox, 1), entry(2, FolderInbox, 2), entry(3, FolderInbox, 3),
		entry(4, FolderInbox, 4), entry(5, FolderInbox, 40))
	enqueue(t, s, move(4, "999")) // a local move pending: never hidden

	w := ReconcileWindow{Scope: ScopeMine, Folder: FolderInbox, From: baseTime, To: baseTime.Add(10 * 24 * time.Hour)}
	rec, err := s.BeginReconcile(ctx, w)
	if err != nil {
		t.Fatal(err)
	}
	// A restart in the middle: the reconciliation continues by token.
	rec, err = s.ResumeReconcile(ctx, rec.Token)
	if err != nil || rec.Window.Folder != FolderInbox {
		t.Fatalf("resume %+v %v", rec, err)
	}
	if err := rec.Upsert(ctx, []Entry{entry(1, FolderInbox, 1)}); err != nil {
		t.Fatal(err)
	}
	// 2 moved on the website: the invited list shows it.
	mustUpsert(t, s, entry(2, FolderInvited, 2))
	res, err := rec.Finish(ctx)
	if err != nil || res.Missing != 1 {
		t.Fatalf("finish %+v %v", res, err)
	}
	if got := list(t, s, ListQuery{Folder: FolderInbox}); !slices.Equal(got, []int64{5, 1}) {
		t.Fatalf("inbox %v (3 disappeared, 5 outside the window)", got)
	}
	if got := list(t, s, ListQuery{Folder: FolderInvited}); !slices.Equal(got, []int64{2}) {
		t.Fatalf("invited %v", got)
	}
	if got := list(t, s, ListQuery{}); len(got) != 4 {
		t.Fatalf("all folders %v: 3 must be hidden", got)
	}
	if c, _ := s.FolderCounts(ctx, ScopeAll); c[0].Total != 2 {
		t.Fatalf("counts %+v", c)
	}
	if d, _ := s.Entry(ctx, 3); d.MissingSince.IsZero() {
		t.Fatalf("3 not marked missing: %+v", d)
	}
	// It comes back if listed again.
	mustUpsert(t, s, entry(3, FolderConsidered, 3))
	if f := folderOf(t, s, 3); f != FolderConsidered {
		t.Fatalf("revived folder %q", f)
	}

	rec2, _ := s.BeginReconcile(ctx, ReconcileWindow{Scope: ScopeMine, Folder: FolderConsidered, From: baseTime})
	if res, _ := rec2.Finish(ctx); res.Missing != 1 {
		t.Fatalf("second reconcile %+v", res)
	}
	clock.t = clock.t.Add(time.Hour)
	n, err := s.PurgeMissing(ctx, clock.t)
	if err != nil || n != 1 {
		t.Fatalf("purge %d %v", n, err)
	}
	if _, err := s.Entry(ctx, 3); err == nil {
		t.Fatal("purged entry still there")
	}
	if got := list(t, s, ListQuery{Search: "петров3"}); len(got) != 0 {
		t.Fatalf("purged entry still searchable: %v", got)
	}
}

func TestSyncState(t *testing.T) {
	s, clock := openTest(t)
	windows := []SyncWindow{
		{Scope: ScopeMine, Status: 0, From: baseTime, To: baseTime.Add(24 * time.Hour)},
		{Scope: ScopeMine, Status: 0, From: baseTime.Add(24 * time.Hour), To: baseTime.Add(48 * time.Hour)},
		{Scope: ScopeMine, Status: 10, From: baseTime, To: baseTime.Add(48 * time.Hour)},
	}
	run, err := s.StartSyncRun(ctx, SyncFull, windows)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CompleteSyncWindow(ctx, run.ID, windows[0], 100); err != nil {
		t.Fatal(err)
	}
	// kill -9 here; the next start finds the plan.
	got, ok, err := s.UnfinishedSyncRun(ctx)
	if err != nil || !ok || got.ID != run.ID || len(got.Remaining()) != 2 {
		t.Fatalf("unfinished %+v %v %v", got, ok, err)
	}
	for _, w := range got.Remaining() {
		if err := s.CompleteSyncWindow(ctx, run.ID, w, 5); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.FinishSyncRun(ctx, run.ID); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := s.UnfinishedSyncRun(ctx); ok {
		t.Fatal("run not dropped")
	}
	c, _ := s.SyncCursor(ctx, ScopeMine, 0)
	if !c.LastFullAt.Equal(clock.t) || !c.FetchedUntil.Equal(baseTime.Add(48*time.Hour)) {
		t.Fatalf("cursor %+v", c)
	}

	ok, _ = s.AcquireLease(ctx, "sync", "a", time.Minute)
	okB, _ := s.AcquireLease(ctx, "sync", "b", time.Minute)
	if !ok || okB {
		t.Fatalf("lease a=%v b=%v", ok, okB)
	}
	clock.t = clock.t.Add(2 * time.Minute)
	if okB, _ := s.AcquireLease(ctx, "sync", "b", time.Minute); !okB {
		t.Fatal("expired lease not taken over")
	}
	s.SetSyncMeta(ctx, "k", "v")
	if v, ok, _ := s.SyncMeta(ctx, "k"); !ok || v != "v" {
		t.Fatal("meta")
	}
}
