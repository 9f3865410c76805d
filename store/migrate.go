package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"time"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// A migration is either an embedded migrations/NNN_name.sql file, applied
// in one transaction, or a Go step (goMigrations) for work too large for
// one transaction or beyond SQL, such as compressing every resume body.
type migration struct {
	name string
	sql  string
	// step runs a Go migration: it commits its work in transactions of its
	// own and sets user_version to its number in the last one, so an
	// interrupted step resumes on the next Open.
	step func(ctx context.Context, db *sql.DB, version int, opt *Options) error
}

// goMigrations are the Go steps by number; their numbers have no .sql file.
var goMigrations = map[int]migration{
	7:  {name: "007_compress_bodies", step: compressBodies},
	10: {name: "010_search_prefixes", step: rebuildSearch},
	13: {name: "013_clean_bodies", step: cleanBodies},
}

// migrations are the migrations in order; the schema version (PRAGMA
// user_version) is the number applied.
var migrations = loadMigrations()

// SchemaVersion is the schema version this binary writes.
var SchemaVersion = len(migrations)

// applicationID marks hrdesk cache files (PRAGMA application_id, "hrds").
const applicationID = 0x68726473

func loadMigrations() []migration {
	names, err := fs.Glob(migrationFS, "migrations/*.sql")
	if err != nil {
		panic(err) // the pattern is constant
	}
	sort.Strings(names)
	var out []migration
	for len(names) > 0 || goMigrations[len(out)+1].step != nil {
		n := len(out) + 1
		if m, ok := goMigrations[n]; ok {
			out = append(out, m)
			continue
		}
		if want := fmt.Sprintf("migrations/%03d_", n); len(names[0]) < len(want) || names[0][:len(want)] != want {
			panic("store: migration " + names[0] + " out of sequence")
		}
		b, err := migrationFS.ReadFile(names[0])
		if err != nil {
			panic(err)
		}
		out = append(out, migration{name: names[0], sql: string(b)})
		names = names[1:]
	}
	return out
}

// migrate brings the file up to version upto, one transaction per SQL
// migration. The version is read inside the IMMEDIATE transaction, so two
// processes opening an old file at once apply each migration once.
func migrate(ctx context.Context, db *sql.DB, upto int, opt *Options) error {
	if opt.Upgrading != nil {
		var v int
		if err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err == nil && v > 0 && v < upto {
			start := time.Now()
			opt.Upgrading(v, upto, 0)
			defer func() { opt.Upgrading(v, upto, time.Since(start)) }()
		}
	}
	for {
		done, err := migrateOne(ctx, db, upto, opt)
		if err != nil || done {
			return err
		}
	}
}

func migrateOne(ctx context.Context, db *sql.DB, upto int, opt *Options) (done bool, err error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	v, app, err := versionOf(ctx, tx)
	if err != nil {
		return false, err
	}
	if err := checkIdentity(ctx, tx, v, app); err != nil {
		return false, err
	}
	if v >= upto {
		return true, nil
	}
	m := migrations[v]
	if m.step != nil {
		tx.Rollback() // the step opens its own transactions
		if err := m.step(ctx, db, v+1, opt); err != nil {
			return false, fmt.Errorf("migration %d: %w", v+1, err)
		}
		return false, nil
	}
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return false, fmt.Errorf("migration %d: %w", v+1, err)
	}
	if err := setVersion(ctx, tx, v+1); err != nil {
		return false, err
	}
	return false, tx.Commit()
}

// setVersion records the schema version; it cannot be bound as a parameter.
func setVersion(ctx context.Context, tx *sql.Tx, v int) error {
	_, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", v))
	return err
}

type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func versionOf(ctx context.Context, q querier) (version, app int, err error) {
	if err := q.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return 0, 0, err
	}
	if err := q.QueryRowContext(ctx, "PRAGMA application_id").Scan(&app); err != nil {
		return 0, 0, err
	}
	return version, app, nil
}

// checkIdentity refuses another application's database and a newer schema.
func checkIdentity(ctx context.Context, q querier, version, app int) error {
	if version > len(migrations) {
		return fmt.Errorf("%w: file schema version %d, this binary knows up to %d",
			ErrNewerSchema, version, len(migrations))
	}
	if app != 0 && app != applicationID {
		return fmt.Errorf("%w: application_id %#x", ErrNotDatabase, app)
	}
	if version == 0 {
		// A fresh file is empty; a version-0 file with tables is not ours.
		var n int
		if err := q.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_schema").Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return fmt.Errorf("%w: it has tables but no hrdesk schema version", ErrNotDatabase)
		}
	}
	return nil
}

// checkVersion is the read-only Open's check: the file must be exactly current.
func checkVersion(ctx context.Context, db *sql.DB) error {
	v, app, err := versionOf(ctx, db)
	if err != nil {
		return err
	}
	if err := checkIdentity(ctx, db, v, app); err != nil {
		return err
	}
	if v < len(migrations) {
		return fmt.Errorf("%w: file schema version %d, this binary writes %d", ErrOlderSchema, v, len(migrations))
	}
	return nil
}
