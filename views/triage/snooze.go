package triage

import (
	"context"
	"time"

	"hrdesk/store"
)

// snoozeCounter is a source that keeps snoozes (issue 31 §4): the folders'
// counts leave its snoozed out and say them apart.
type snoozeCounter interface {
	SnoozedCounts(ctx context.Context, scope store.Scope, now time.Time) (map[string]store.FolderCount, error)
}

// lessSnoozed is counts without the resumes snoozed at now, each folder's
// in its Snoozed; counts as they are when src keeps none.
func lessSnoozed(ctx context.Context, src Source, counts []store.FolderCount, now time.Time) []store.FolderCount {
	sc, ok := src.(snoozeCounter)
	if !ok {
		return counts
	}
	z, err := sc.SnoozedCounts(ctx, store.ScopeAll, now)
	if err != nil || len(z) == 0 {
		return counts
	}
	return store.LessSnoozed(counts, z)
}
