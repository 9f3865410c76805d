package ui

import (
	"context"

	"hrdesk/store"
)

// The session's answers that read the cache alone (session/undo.go), as
// the fake backend gives them over the test's cache (fakeBackend.cache,
// which newModel sets).

// Undo is the session's (session.Backend.Undo) over the test's cache;
// without one there is nothing to take back.
func (f *fakeBackend) Undo(ctx context.Context, slip store.Slip) (store.Undone, error) {
	if f.cache == nil {
		return store.Undone{}, store.ErrNotFound
	}
	return f.cache.Undo(ctx, slip)
}

// ScopeSynced is the session's over the test's cache; without one no
// scope was ever synced (an empty cache).
func (f *fakeBackend) ScopeSynced(ctx context.Context, scope store.Scope) (bool, error) {
	if f.cache == nil {
		return false, nil
	}
	return store.Scoped(f.cache, scope).Synced(ctx, scope)
}
