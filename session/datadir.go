package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"

	"hrdesk/store"
)

// The profile's data directory and its cache: the directory made private
// before anything is kept in it, the cache opened there. What goes wrong
// is a fact (a DirError, the store's errors), for the front end to word.

// DirProblem says what keeps hrdesk from keeping its files in a directory.
type DirProblem int

// The problems of a data directory.
const (
	// DirReadOnly: a read-only file system, or a directory not ours to write.
	DirReadOnly DirProblem = iota + 1
	// DirCannotCreate: the directory cannot be made.
	DirCannotCreate
	// DirCannotUse: the directory cannot be looked at.
	DirCannotUse
	// DirIsFile: a file stands where the directory should be.
	DirIsFile
	// DirCannotWrite: nothing can be written in the directory.
	DirCannotWrite
)

// DirError is a data directory hrdesk cannot keep its files in; Err is the
// system's cause (nil for DirIsFile).
type DirError struct {
	Problem DirProblem
	Dir     string
	Err     error
}

func (e *DirError) Error() string {
	switch e.Problem {
	case DirReadOnly:
		return fmt.Sprintf("the data directory %s is read-only", e.Dir)
	case DirIsFile:
		return fmt.Sprintf("the data directory %s is a file, not a directory", e.Dir)
	}
	return fmt.Sprintf("cannot use the data directory %s: %v", e.Dir, e.Err)
}

func (e *DirError) Unwrap() error { return e.Err }

// PrivateDir creates dir (0700) or tightens an existing one that others
// can read: a data directory holds applicants' personal data and the login.
func PrivateDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		if readOnly(err) {
			return &DirError{Problem: DirReadOnly, Dir: dir, Err: err}
		}
		return &DirError{Problem: DirCannotCreate, Dir: dir, Err: err}
	}
	fi, err := os.Stat(dir)
	if err != nil {
		return &DirError{Problem: DirCannotUse, Dir: dir, Err: err}
	}
	if !fi.IsDir() {
		return &DirError{Problem: DirIsFile, Dir: dir}
	}
	if mode := fi.Mode().Perm(); mode&0o077 != 0 {
		// Tightening can fail on a directory someone else owns; the files
		// inside are 0600 whatever happens here.
		_ = os.Chmod(dir, mode&^0o077)
	}
	return nil
}

// CheckWritable makes sure hrdesk can write in dir (PrivateDir first)
// before it asks a server for something it would then have nowhere to
// keep.
func CheckWritable(dir string) error {
	if err := PrivateDir(dir); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".hrdesk-probe-*")
	if err != nil {
		if readOnly(err) {
			return &DirError{Problem: DirReadOnly, Dir: dir, Err: err}
		}
		return &DirError{Problem: DirCannotWrite, Dir: dir, Err: err}
	}
	f.Close()
	return os.Remove(f.Name())
}

func readOnly(err error) bool {
	return errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS)
}

// OpenCache opens the profile's cache with opt, making its data directory
// private first. A cache that cannot be opened in a directory hrdesk
// cannot write is that directory's DirError (SQLite says "unable to open"
// or "readonly" whatever the cause: a probe tells a read-only directory
// apart); else the store's error (store.IsDamaged, store.ErrNewerSchema,
// store.ErrNotDatabase, …).
func (p *Profile) OpenCache(opt store.Options) (*store.Store, error) {
	if err := PrivateDir(p.Config.DataDir); err != nil {
		return nil, err
	}
	st, err := store.OpenWith(p.Config.CacheFile(), opt)
	if err != nil {
		if werr := CheckWritable(p.Config.DataDir); werr != nil {
			return nil, werr
		}
		return nil, err
	}
	return st, nil
}
