package cli

import (
	"context"
	"time"

	"hrdesk/store"
)

// pastLimitUsage is search's --past-limit: the workstation's "needs me"
// list (issue 30 §2).
const pastLimitUsage = "only resumes past or near their stage's time limit ([sla] or stale_after), oldest first"

// due is the needs-me list at now: every resume near or past its stage's
// limit as the profile's config sets them.
func (a *app) due(now time.Time) *store.Due {
	return &store.Due{Limits: store.Limits(a.cfg.Limits()), Now: now}
}

// addLimits counts o's resumes near and past their stage's limit at now,
// per vacancy (issue 30 §2).
func (a *app) addLimits(ctx context.Context, st *store.Store, o *store.Overview, scope store.Scope, now time.Time) error {
	counts, err := st.LimitCounts(ctx, scope, store.Limits(a.cfg.Limits()), now, store.LimitsByVacancy)
	if err != nil {
		return err
	}
	o.AddLimits(counts)
	return nil
}
