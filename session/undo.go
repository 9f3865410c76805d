package session

import (
	"context"

	"hrdesk/store"
)

// Undo takes back what the recruiter's u names (issue 28 §2): the slip
// the status line offers — a unit of outbox ids, sent or not (what has
// not left is cancelled, what has left is moved back by a new move), or a
// snooze, put back as it stood — or, with neither, the newest move or
// letter still waiting in the outbox with the rest of its bulk
// (store.Undo). It asks no server: the moves back leave with the next
// push, a snooze is the cache's alone. store.ErrNotFound and
// store.ErrStateConflict say there was nothing to take back.
func (b *Backend) Undo(ctx context.Context, slip store.Slip) (store.Undone, error) {
	return b.s.st.Undo(ctx, slip)
}

// ScopeSynced reports whether the lists of scope were ever read whole
// into the cache: the company's are not until a sync of that scope, so a
// terminal switching to them syncs them first (the C key).
func (b *Backend) ScopeSynced(ctx context.Context, scope store.Scope) (bool, error) {
	return store.Scoped(b.s.st, scope).Synced(ctx, scope)
}
