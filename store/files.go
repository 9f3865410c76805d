package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// privateFiles makes the cache and its WAL and shared-memory files 0600
// before SQLite opens them: they hold applicants' personal data. SQLite
// creates a new file with the process umask (0644 as a rule) and gives the
// -wal and -shm files the main file's mode, so creating the main file
// ourselves, and tightening files an older hrdesk left, covers all three.
func privateFiles(path string) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err == nil {
		f.Close() // an empty file is an empty SQLite database
	} else if !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("store: create %s: %w", path, err)
	}
	for _, p := range []string{path, path + "-wal", path + "-shm", path + "-journal"} {
		fi, err := os.Stat(p)
		if err != nil {
			continue
		}
		if mode := fi.Mode().Perm(); mode&0o077 != 0 {
			if err := os.Chmod(p, mode&^0o077); err != nil {
				return fmt.Errorf("store: %s is readable by others and cannot be made private: %w", p, err)
			}
		}
	}
	return nil
}

// IsDamaged reports an error of SQLite finding the file's pages broken,
// at open or in any later query.
func IsDamaged(err error) bool {
	if errors.Is(err, ErrDamaged) {
		return true
	}
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_CORRUPT
}
