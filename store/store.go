// Package store is hrdesk's offline cache: one SQLite file per profile that
// the UI reads exclusively and the sync engine writes. It holds the received
// resumes with their events and comments, the templates, vacancies and user,
// a full-text index, the sync state and the outbox of local actions.
//
// Concurrency: a Store has one writer connection (every write is an
// IMMEDIATE transaction, so two processes of one profile queue on the
// busy timeout instead of losing writes) and a pool of read-only
// connections (WAL lets them read while the writer writes).
//
// Every string from the API passes textsafe when it enters the cache; raw
// JSON is stored as received and cleaned by the view that renders it.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Errors callers can test with errors.Is.
var (
	// ErrNewerSchema: the file was written by a newer hrdesk; this binary
	// refuses it rather than corrupt it.
	ErrNewerSchema = errors.New("store: cache file has a newer schema than this hrdesk supports")
	// ErrOlderSchema: a read-only Open met a file that needs an upgrade.
	ErrOlderSchema = errors.New("store: cache file needs an upgrade, open it read-write once")
	// ErrNotDatabase: the file is not an SQLite database, or is another application's.
	ErrNotDatabase = errors.New("store: file is not an hrdesk cache")
	// ErrDamaged: the file is an SQLite database whose pages are broken
	// (truncated by a full disk or a bad copy); the server can refill it.
	ErrDamaged = errors.New("store: cache file is damaged")
	// ErrNotFound: no such entry, user or action.
	ErrNotFound = errors.New("store: not found")
	// ErrReadOnly: a write on a Store opened with Options.ReadOnly.
	ErrReadOnly = errors.New("store: opened read-only")
	// ErrWriteFailed: a write stopped on a fault of hrdesk's own; nothing
	// of it was kept.
	ErrWriteFailed = errors.New("store: a write failed and was rolled back")
)

// Options tune Open. The zero value is what hrdesk uses.
type Options struct {
	// ReadOnly opens without a writer: no migrations, every write fails
	// with ErrReadOnly. For tools that inspect a cache a session is using.
	ReadOnly bool
	// BusyTimeout is how long a write waits for another process's
	// transaction; 0 means 5 s.
	BusyTimeout time.Duration
	// Readers is the size of the read-only pool; 0 means 4.
	Readers int
	// NoMmap reads pages with read calls instead of mapping the file: for
	// one pass over the whole cache (export), whose mapped pages would all
	// count as resident (228 MiB instead of 39 at 100,000 resumes).
	NoMmap bool
	// Upgrading hears that an existing cache's schema is being upgraded
	// (from, to): once as it starts (took 0) and once as it ends, with
	// how long it took. A large cache's upgrade takes a minute; a new
	// cache is not upgraded, it is created.
	Upgrading func(from, to int, took time.Duration)
	// now is the clock, replaced in tests.
	now func() time.Time
	// bodyBatch and afterBodyBatch let tests interrupt migrations 7 and 13.
	bodyBatch      int
	afterBodyBatch func() error
	// pageSize, when set, is the page size new files and VACUUMs take
	// instead of the package's; beforeVacuum interrupts the VACUUM after
	// an upgrade (tests).
	pageSize     int
	beforeVacuum func() error
}

// Store is an open cache file. It is safe for concurrent use.
type Store struct {
	path string
	w    *sql.DB // the one writer; nil when read-only
	r    *sql.DB // read-only pool
	// c is the counts' reader (countsCacheKiB): one connection of its own.
	c    *sql.DB
	now  func() time.Time
	plan searchPlan
	// countTrace, set by a test, hears each statement CountEntries runs.
	countTrace func(query string, args []any)
	// beforeCompact, set by a test, interrupts compact before its VACUUM.
	beforeCompact func() error
	ckpt          *checkpointer // nil when read-only
}

// Open opens (creating if needed) the cache file at path and upgrades its
// schema.
func Open(path string) (*Store, error) { return OpenWith(path, Options{}) }

// OpenWith is Open with options.
func OpenWith(path string, opt Options) (*Store, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	if opt.BusyTimeout <= 0 {
		opt.BusyTimeout = 5 * time.Second
	}
	if opt.Readers <= 0 {
		opt.Readers = 4
	}
	s := &Store{path: abs, now: opt.now, plan: defaultSearchPlan}
	if s.now == nil {
		s.now = time.Now
	}
	if !opt.ReadOnly {
		if err := privateFiles(abs); err != nil {
			return nil, err
		}
		s.w, err = sql.Open("sqlite", dsn(abs, opt, false))
		if err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		// One writer connection: writes of this process serialize here,
		// writes of another process wait on busy_timeout.
		s.w.SetMaxOpenConns(1)
		s.w.SetConnMaxIdleTime(0)
		if err := migrate(context.Background(), s.w, len(migrations), &opt); err != nil {
			s.w.Close()
			return nil, openError(abs, err)
		}
		if err := vacuumAfterUpgrade(context.Background(), s.w, &opt); err != nil {
			s.w.Close()
			return nil, openError(abs, err)
		}
		if err := s.afterMigrations(context.Background()); err != nil {
			s.w.Close()
			return nil, openError(abs, err)
		}
		// After the migrations, which checkpoint as they go (checkpoint.go).
		if s.ckpt, err = startCheckpointer(abs, opt, s.w); err != nil {
			s.w.Close()
			return nil, openError(abs, err)
		}
	}
	s.r, err = sql.Open("sqlite", dsn(abs, opt, true))
	if err != nil {
		s.ckpt.close()
		s.closeWriter()
		return nil, fmt.Errorf("store: %w", err)
	}
	s.r.SetMaxOpenConns(opt.Readers)
	s.r.SetMaxIdleConns(opt.Readers)
	s.c, err = sql.Open("sqlite", dsn(abs, opt, true)+fmt.Sprintf("&_pragma=cache_size(%d)", -countsCacheKiB))
	if err != nil {
		s.r.Close()
		s.ckpt.close()
		s.closeWriter()
		return nil, fmt.Errorf("store: %w", err)
	}
	s.c.SetMaxOpenConns(1)
	s.c.SetMaxIdleConns(1)
	if opt.ReadOnly {
		if err := checkVersion(context.Background(), s.r); err != nil {
			s.r.Close()
			s.c.Close()
			return nil, openError(abs, err)
		}
	}
	return s, nil
}

// mmapSize is how much of the cache file each reader connection maps.
// Reading mapped pages spares a read call per page (a list page at row
// 90,000: 7.6 ms with the whole file mapped, 26 ms with reads, measured
// quiet; BenchmarkList), but every connection maps the file on its own and
// its touched pages count as the process's resident memory, once per
// connection: with 256 MiB a workstation over 100,000 resumes held 492-512
// MiB resident after G, a filter and a resume (the file twice), a burden
// an operator of `hrdesk serve` counts per profile. 32 MiB, the file's
// first eighth, keeps a session at 114 MiB (BenchmarkBrowseRSS in cli);
// beyond it pages are read into SQLite's own small cache (issue 22 §4).
const mmapSize = 32 << 20

// countsCacheKiB is the page cache of the counts' reader (Store.c): the
// folder, stale and outbox counts and the vacancies (the titles the list
// and the history name, read with the counts), and the drafts, read a few
// pages of small tables and index ranges. After each commit of the writer SQLite empties a reader's
// whole cache before its next read, one page at a time through modernc's
// allocator, which hands what it holds beyond 4 MiB back to the kernel a
// page per call: on a pool reader whose cache the list and the resumes
// had filled (2 MiB), that was most of the 110 ms the counts took after a
// bulk later of 500, with the counts on screen waiting for it (issue 28
// §7). A connection of their own keeps the counts' cache their own size.
const countsCacheKiB = 256

// writerCacheKiB is the writer connection's page cache (see dsn).
const writerCacheKiB = 16 << 10

// dsn builds the URI: pragmas in the DSN because a PRAGMA statement would
// reach one pooled connection only (STACK.md).
func dsn(abs string, opt Options, readOnly bool) string {
	u := url.URL{Scheme: "file", Path: abs} // escapes '?', '#', '%' in the path
	q := []string{fmt.Sprintf("_pragma=busy_timeout(%d)", opt.BusyTimeout.Milliseconds())}
	if readOnly {
		// mode=ro: SQLite itself refuses writes and never creates the file.
		q = append(q, "mode=ro", "_pragma=query_only(1)")
		if !opt.NoMmap {
			q = append(q, fmt.Sprintf("_pragma=mmap_size(%d)", mmapSize))
		}
	} else {
		q = append(q,
			// Before WAL, in which a file keeps the size it has: this
			// names the size of a file being created (vacuum.go).
			fmt.Sprintf("_pragma=page_size(%d)", opt.filePageSize()),
			"_pragma=journal_mode(WAL)",
			"_pragma=synchronous(NORMAL)",
			// The writer's page cache: SQLite's default of 2 MiB holds 125
			// pages of 16 KiB, and a bulk of 500 dirties several hundred, so
			// it spilled them into the WAL halfway and read them back (a
			// third of a bulk's CPU in a profile, issue 28 §7). It fills only
			// as the writer touches pages.
			fmt.Sprintf("_pragma=cache_size(%d)", -writerCacheKiB),
			"_pragma=foreign_keys(1)",
			"_txlock=immediate")
	}
	return u.String() + "?" + strings.Join(q, "&")
}

// openError turns SQLite's "not a database" into ErrNotDatabase with the path.
func openError(path string, err error) error {
	var se *sqlite.Error
	if errors.As(err, &se) && (se.Code()&0xff == sqlite3.SQLITE_NOTADB) {
		return fmt.Errorf("%w: %s: %v", ErrNotDatabase, path, err)
	}
	if IsDamaged(err) {
		return fmt.Errorf("%w: %s: %v", ErrDamaged, path, err)
	}
	if errors.Is(err, ErrNewerSchema) || errors.Is(err, ErrNotDatabase) || errors.Is(err, ErrOlderSchema) {
		return fmt.Errorf("%w (%s)", err, path)
	}
	return fmt.Errorf("store: open %s: %w", path, err)
}

// Path is the absolute path of the cache file.
func (s *Store) Path() string { return s.path }

// Close optimizes the query planner's statistics and closes the file.
func (s *Store) Close() error {
	var errs []error
	if s.w != nil {
		// Cheap when nothing changed; keeps plans good as the cache grows.
		_, _ = s.w.Exec("PRAGMA optimize")
	}
	// The readers first: the last connection to close folds the WAL into
	// the file and removes it, and only the writer can. Closed last by a
	// reader, the file alone lacked the last writes (the benchmark cache,
	// renamed into place without its WAL, lost the end of its build).
	errs = append(errs, s.r.Close(), s.c.Close(), s.ckpt.close())
	if s.w != nil {
		errs = append(errs, s.w.Close())
	}
	return errors.Join(errs...)
}

func (s *Store) closeWriter() {
	if s.w != nil {
		s.w.Close()
	}
}

// write runs fn in one IMMEDIATE transaction on the writer.
func (s *Store) write(ctx context.Context, fn func(tx *sql.Tx) error) (err error) {
	if s.w == nil {
		return ErrReadOnly
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	// The writer is the pool's only connection: a transaction left open by
	// a panic in fn (or a test's t.Fatal inside it) would make every later
	// write, and Close, wait forever. Whatever way fn leaves, the
	// transaction ends; a panic becomes this write's error.
	ended := false
	defer func() {
		if ended {
			return
		}
		tx.Rollback()
		if p := recover(); p != nil {
			err = fmt.Errorf("%w: %v", ErrWriteFailed, p)
		}
	}()
	if err := fn(tx); err != nil {
		ended = true
		tx.Rollback()
		return err
	}
	ended = true
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	s.ckpt.written()
	return nil
}

// unix is the stored form of times: unix seconds, 0 for the zero time.
func unix(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.Unix()
}

// fromUnix is the inverse of unix.
func fromUnix(sec int64) time.Time {
	if sec == 0 {
		return time.Time{}
	}
	return time.Unix(sec, 0)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
