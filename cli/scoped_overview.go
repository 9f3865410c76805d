package cli

import (
	"context"

	"hrdesk/store"
)

// Overview implements ui.Store: the overview screen's figures (issue 20) of
// the configured scope, as every other count.
func (s scopedStore) Overview(ctx context.Context, q store.OverviewQuery) (store.Overview, error) {
	q.Scope = s.narrow(q.Scope)
	return s.Store.Overview(ctx, q)
}
