package store

import (
	"context"
	"database/sql"
	"errors"
	"testing"
	"time"
)

// A fault inside a write (a panic in its function) rolls the write back and
// leaves the writer free: the next write and Close do not wait forever on
// the pool's only connection.
func TestAPanicInsideAWriteLeavesTheWriterFree(t *testing.T) {
	t.Parallel()
	s, _ := openTest(t)
	ctx := context.Background()
	err := s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.Exec(`INSERT INTO sync_meta(key, value) VALUES ('panic-test', 'x')`); err != nil {
			t.Fatal(err)
		}
		var m map[string]int
		m["boom"] = 1 // a nil map: the kind of slip a write can have
		return nil
	})
	if !errors.Is(err, ErrWriteFailed) {
		t.Fatalf("the panicking write returned %v, want ErrWriteFailed", err)
	}
	done := make(chan error, 1)
	go func() {
		done <- s.write(ctx, func(tx *sql.Tx) error {
			var n int
			if err := tx.QueryRow(`SELECT count(*) FROM sync_meta WHERE key = 'panic-test'`).Scan(&n); err != nil {
				return err
			}
			if n != 0 {
				t.Errorf("the panicking write's row was kept (%d)", n)
			}
			return nil
		})
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("the write after a panic: %v", err)
		}
	case <-time.After(time.Minute): // far past any machine's write
		t.Fatal("the write after a panic still waits for the writer a minute later")
	}
}
