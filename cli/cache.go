package cli

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"hrdesk/session"
	"hrdesk/store"
)

// openStore opens the profile's cache, creating the data directory.
func (a *app) openStore() (*store.Store, error) { return a.openStoreWith(store.Options{}) }

// openStoreWith is openStore with options.
func (a *app) openStoreWith(opt store.Options) (*store.Store, error) {
	if opt.Upgrading == nil {
		// A large old cache's upgrade takes a minute: say what is going
		// on instead of hanging silently.
		opt.Upgrading = func(from, to int, took time.Duration) {
			t := a.text().CLI
			if took == 0 {
				fmt.Fprintf(a.Err, "hrdesk: "+t.CacheUpgrading+"\n", a.cfg.CacheFile(), from, to)
				return
			}
			if took < time.Second {
				fmt.Fprintln(a.Err, "hrdesk: "+t.CacheUpgraded)
				return
			}
			fmt.Fprintf(a.Err, "hrdesk: "+t.CacheUpgradedIn+"\n", took.Round(time.Second))
		}
	}
	// The data directory made private, the cache opened in it; what went
	// wrong in the profile's language.
	st, err := a.profile().OpenCache(opt)
	if err != nil {
		t := a.text().CLI
		var de *session.DirError
		switch {
		case errors.As(err, &de):
			return nil, dirWords(t.More, err)
		case store.IsDamaged(err):
			return nil, &explained{msg: fmt.Sprintf(t.CacheDamaged, a.cfg.CacheFile()), cause: err}
		case errors.Is(err, store.ErrNewerSchema):
			return nil, fmt.Errorf(t.CacheNewer, err)
		case errors.Is(err, store.ErrNotDatabase):
			return nil, fmt.Errorf(t.NotACache, a.cfg.CacheFile())
		}
		return nil, fmt.Errorf(t.CannotOpenCache, err)
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
	if err := a.profile().PlaceCached(context.Background(), st); err != nil {
		fmt.Fprintf(a.Err, "hrdesk: "+a.text().CLI.More.PlacementFailed+"\n", err)
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
	return "", usagef(a.text().CLI.UnknownFolder, s)
}

// parseResumeID reads a resume id argument.
func (a *app) parseResumeID(s string) (int64, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || n <= 0 {
		return 0, usagef(a.text().CLI.NotAResumeID, s)
	}
	return n, nil
}

// requireEntry checks the resume is in the cache, so a typo in an id is
// caught before anything is queued.
func (a *app) requireEntry(ctx context.Context, st *store.Store, id int64) error {
	if _, err := st.Entry(ctx, id); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return fmt.Errorf(a.text().CLI.NotInCache, id)
		}
		return err
	}
	return nil
}
