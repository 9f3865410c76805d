package store

import "testing"

// Issue 19 §2.7: resumes acted on counted as new again after a sync
// ("Refused 292 +3"): the service may keep calling them new.
func TestActedOnIsNotNewAgain(t *testing.T) {
	s, _ := openTest(t)
	fresh := func(id int64, folder string) Entry {
		e := entry(id, folder, 1)
		e.IsNew = true
		return e
	}
	mustUpsert(t, s, fresh(1, FolderInbox), fresh(2, FolderInbox))
	enqueue(t, s, Action{ResumeID: 1, Kind: ActionReject})
	newIn := func(folder string) int {
		t.Helper()
		counts, err := s.FolderCounts(ctx, ScopeAll)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range counts {
			if c.Folder == folder {
				return c.New
			}
		}
		return 0
	}
	if n := newIn(FolderRefused) + newIn(FolderInbox); n != 1 {
		t.Errorf("%d new after rejecting one of two new resumes, want 1", n)
	}
	// The next sync lists the rejected one in Refused, still flagged new.
	mustUpsert(t, s, fresh(1, FolderRefused), fresh(2, FolderInbox))
	if n := newIn(FolderRefused); n != 0 {
		t.Errorf("Refused +%d after the sync, want no new: the recruiter acted on it", n)
	}
	if n := newIn(FolderInbox); n != 1 {
		t.Errorf("Inbox +%d: the untouched one stays new", n)
	}
}
