package store

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"hrdesk/internal/testkit/testwait"
)

// The recruiter's commits never checkpoint (issue 28 §7: a bulk's undo paid
// for one, half its time): the writer's automatic checkpoint is off, and a
// connection of its own folds the WAL into the file after writes.
func TestCheckpointsLeaveTheWritersCommits(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "cache.db")
	s := smallPages(t, path)
	var auto int
	if err := s.w.QueryRow("PRAGMA wal_autocheckpoint").Scan(&auto); err != nil || auto != 0 {
		t.Errorf("the writer's wal_autocheckpoint %d (%v), want 0", auto, err)
	}
	size := func() int64 {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size()
	}
	before := size()
	syncLike(t, s, 300)
	testwait.Until(t, "the WAL folded into the file", func() string {
		if now := size(); now <= before {
			return fmt.Sprintf("the file is %d bytes, as before the writes", now)
		}
		return ""
	})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("closed twice: %v", err)
	}
}
