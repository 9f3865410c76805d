package store

import (
	"database/sql"
	"sync"
	"time"
)

// A checkpoint folds the WAL into the file. SQLite runs one inside the
// commit that takes the WAL past 1,000 pages (16 MiB at 16 KiB pages), so
// every few bulks the recruiter's own commit paid for it: about half of a
// bulk undo's time at 100,000 resumes (issue 28 §7; 164 ms against 47-80
// with it off). Once the cache is open the writer's automatic checkpoint is
// off, and a connection of its own checkpoints after writes, at most every
// checkpointPause. PASSIVE: it waits for no reader and blocks no writer;
// what a reader still uses is folded in by a later one. Close folds in the
// rest (the writer closes last).

// checkpointPause is the least time between two checkpoints: a sync's
// hundreds of commits are folded in a few at a time.
const checkpointPause = 500 * time.Millisecond

type checkpointer struct {
	db      *sql.DB
	kick    chan struct{} // a write committed
	stop    chan struct{}
	done    chan struct{}
	stopped sync.Once
}

// startCheckpointer turns the writer's automatic checkpoint off and starts
// checkpointing on a connection of its own.
func startCheckpointer(abs string, opt Options, w *sql.DB) (*checkpointer, error) {
	db, err := sql.Open("sqlite", dsn(abs, opt, false))
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	if _, err := w.Exec("PRAGMA wal_autocheckpoint = 0"); err != nil {
		db.Close()
		return nil, err
	}
	c := &checkpointer{db: db, kick: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	go c.run()
	return c, nil
}

func (c *checkpointer) run() {
	defer close(c.done)
	for {
		select {
		case <-c.stop:
			return
		case <-c.kick:
		}
		// A failure (the disk, a lock held past the busy timeout) leaves
		// the frames for the next one.
		_, _ = c.db.Exec("PRAGMA wal_checkpoint(PASSIVE)")
		select {
		case <-c.stop:
			return
		case <-time.After(checkpointPause):
		}
	}
}

// written says a write committed: a checkpoint follows.
func (c *checkpointer) written() {
	if c == nil {
		return
	}
	select {
	case c.kick <- struct{}{}:
	default: // one is due already
	}
}

// close stops checkpointing and closes its connection; again, nothing.
func (c *checkpointer) close() error {
	if c == nil {
		return nil
	}
	var err error
	c.stopped.Do(func() {
		close(c.stop)
		<-c.done
		err = c.db.Close()
	})
	return err
}
