package store

import (
	"testing"
	"time"
)

func TestStaleCandidates(t *testing.T) {
	s, _ := openTest(t)
	// entry(day) puts the last event at baseTime + day days.
	cutoff := baseTime.Add(10 * 24 * time.Hour)
	mustUpsert(t, s,
		entry(1, FolderConsidered, 2),  // stale
		entry(2, FolderConsidered, 12), // recent event
		entry(3, FolderInvited, 1),     // stale
		entry(4, FolderInbox, 1),       // old, but the inbox is not waiting on a step
		entry(5, FolderRefused, 1),     // done with
		entry(6, FolderConsidered, 1),  // old, but moved just now (below)
	)
	if _, err := s.Enqueue(ctx, Action{Kind: ActionMove, ResumeID: 6, Payload: ActionPayload{Folder: FolderInvited}}); err != nil {
		t.Fatal(err)
	}
	counts, err := s.StaleCounts(ctx, ScopeAll, cutoff)
	if err != nil {
		t.Fatal(err)
	}
	if counts[FolderConsidered] != 1 || counts[FolderInvited] != 1 || len(counts) != 2 {
		t.Errorf("stale counts %v, want considered 1, invited 1", counts)
	}
	rows, err := s.ListEntries(ctx, ListQuery{StaleBefore: cutoff})
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, r := range rows {
		ids = append(ids, r.ResumeID)
	}
	if len(ids) != 2 || ids[0] != 1 || ids[1] != 3 {
		t.Errorf("stale list %v, want [1 3] newest first", ids)
	}
	if n, _ := s.CountEntries(ctx, ListQuery{StaleBefore: cutoff, Folder: FolderInvited}); n != 1 {
		t.Errorf("stale in invited: %d, want 1", n)
	}
}
