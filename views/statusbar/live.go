package statusbar

import (
	"fmt"
	"time"

	"hrdesk/views/action"
)

// What the bar says with no key pressed (issue 12 §3): a sync waiting to
// try again, and polls that keep the cache fresh.

// syncWait is why and for about how long a sync waits (Kind None: it
// does not).
type syncWait struct {
	why action.Kind
	d   time.Duration
}

// SyncWaiting shows why the sync waits and for about how long ("waiting
// for the rate limit, ~40 s"); why None: it goes on.
func (m *Model) SyncWaiting(why action.Kind, d time.Duration) {
	if m.syncing {
		m.wait = syncWait{why: why, d: d}
	}
}

func (m *Model) waitWords() string {
	if !m.syncing {
		return ""
	}
	t := m.c.Text
	format := ""
	switch m.wait.why {
	case action.RateLimited:
		format = t.Live.WaitRateLimit
	case action.ServerDown:
		format = t.Live.WaitServer
	case action.Offline:
		format = t.Live.WaitOffline
	default:
		return ""
	}
	return fmt.Sprintf(format, t.About(m.wait.d))
}

// Polled records a background poll that reached the service at at: the
// inbox is as fresh as a sync's.
func (m *Model) Polled(at time.Time) {
	if !at.IsZero() && at.After(m.lastSync) {
		m.lastSync = at
	}
}
