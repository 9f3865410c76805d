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

// Snoozed shows on the counts at once what the snooze z did at now: a
// resume it put out of the lists leaves its folder's count for the
// folder's snoozed, one it woke comes back, one snoozed before and after
// (a new time) stays where it was. Unmove takes it back: u.
func (m *Model) Snoozed(z store.Resnoozed, now time.Time) Moving {
	hides := z.Until.After(now)
	by := map[string]int{}
	var out Moving
	for _, b := range z.Before {
		if b.Folder == "" || b.Hidden(now) == hides {
			continue
		}
		i, seen := by[b.Folder]
		if !seen {
			i = len(out)
			by[b.Folder] = i
			out = append(out, moved{folder: b.Folder})
		}
		sign := 1 // it leaves the count for the snoozed
		if !hides {
			sign = -1
		}
		out[i].total -= sign
		out[i].snoozed += sign
		if b.IsNew {
			out[i].new -= sign
		}
	}
	if len(out) == 0 {
		return nil
	}
	m.shift(out, 1)
	return out
}
