package cli

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"hrdesk/store"
	"hrdesk/syncer"
)

// openStore opens the profile's cache, creating the data directory.
func (a *app) openStore() (*store.Store, error) { return a.openStoreWith(store.Options{}) }

// openStoreWith is openStore with options.
func (a *app) openStoreWith(opt store.Options) (*store.Store, error) {
	if err := privateDir(a.cfg.DataDir); err != nil {
		return nil, err
	}
	if opt.Upgrading == nil {
		// A large old cache's upgrade takes a minute: say what is going
		// on instead of hanging silently.
		opt.Upgrading = func(from, to int, took time.Duration) {
			if took == 0 {
				fmt.Fprintf(a.Err, "hrdesk: upgrading the cache %s (schema %d → %d); a large cache takes up to a minute, and an interrupted upgrade goes on where it stopped\n",
					a.cfg.CacheFile(), from, to)
				return
			}
			if took < time.Second {
				fmt.Fprintln(a.Err, "hrdesk: cache upgraded")
				return
			}
			fmt.Fprintf(a.Err, "hrdesk: cache upgraded in %s\n", took.Round(time.Second))
		}
	}
	st, err := store.OpenWith(a.cfg.CacheFile(), opt)
	if err != nil {
		// SQLite says "unable to open" or "readonly" whatever the cause:
		// a probe of the directory tells a read-only one apart.
		if werr := checkWritable(a.cfg.DataDir); werr != nil {
			return nil, werr
		}
		switch {
		case store.IsDamaged(err):
			return nil, damagedCache(a.cfg.CacheFile(), err)
		case errors.Is(err, store.ErrNewerSchema):
			return nil, fmt.Errorf("%v — this cache was written by a newer hrdesk; upgrade hrdesk or use another --data-dir", err)
		case errors.Is(err, store.ErrNotDatabase):
			return nil, fmt.Errorf("%s is not an hrdesk cache; move it away or use another --data-dir", a.cfg.CacheFile())
		}
		return nil, fmt.Errorf("cannot open the cache: %w", err)
	}
	if !opt.ReadOnly {
		a.placeCached(st)
	}
	return st, nil
}

// placeCached places the cached resumes in the configured user folders
// when those changed since the cache was last placed (folders configured
// after the first sync show their resumes at once, with no request). A
// failure costs only the placement, tried again at the next start.
func (a *app) placeCached(st *store.Store) {
	var folders []syncer.UserFolder
	for _, f := range a.cfg.Folders {
		folders = append(folders, syncer.UserFolder{ID: strconv.Itoa(f.ID), Name: f.Name})
	}
	if err := syncer.PlaceCached(context.Background(), st, folders); err != nil {
		fmt.Fprintf(a.Err, "hrdesk: the cached resumes were not placed in your folders (tried again at the next start): %v\n", err)
	}
}

// damagedCache words a cache SQLite cannot read (cut short by a full disk or
// an interrupted copy): nothing in it is lost that the server cannot give
// back, except queued actions, which `outbox` can still try to read.
func damagedCache(path string, err error) error {
	return &explained{
		msg:   fmt.Sprintf("the cache file %s is damaged: move it away (keep it if actions were queued) and run `hrdesk sync`", path),
		cause: err,
	}
}

// parseFolder accepts an API folder name, a user folder's numeric id, or the
// name of a user folder from config.toml.
func (a *app) parseFolder(s string) (string, error) {
	low := strings.ToLower(strings.TrimSpace(s))
	if _, ok := store.StatusForFolder(low); ok {
		return low, nil
	}
	if n, err := strconv.ParseInt(low, 10, 64); err == nil && n > 0 {
		return strconv.FormatInt(n, 10), nil
	}
	for _, f := range a.cfg.Folders {
		if strings.EqualFold(f.Name, s) {
			return strconv.Itoa(f.ID), nil
		}
	}
	return "", usagef("unknown folder %q: use inbox, considered, invited, refused, a folder id, or a folder name from config.toml", s)
}

// parseResumeID reads a resume id argument.
func parseResumeID(s string) (int64, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || n <= 0 {
		return 0, usagef("%q is not a resume id (a positive number)", s)
	}
	return n, nil
}

// requireEntry checks the resume is in the cache, so a typo in an id is
// caught before anything is queued.
func requireEntry(ctx context.Context, st *store.Store, id int64) error {
	if _, err := st.Entry(ctx, id); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return fmt.Errorf("resume %d is not in the cache; run `hrdesk sync` or check the id", id)
		}
		return err
	}
	return nil
}
