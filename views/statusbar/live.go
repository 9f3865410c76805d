package statusbar

import (
	"fmt"
	"hrdesk/problem"
	"time"
)

// What the bar says with no key pressed (issue 12 §3): a sync waiting to
// try again, and polls that keep the cache fresh.

// syncWait is why and for about how long a sync waits (Kind None: it
// does not).
type syncWait struct {
	why problem.Kind
	d   time.Duration
}

// SyncWaiting shows why the sync waits and for about how long ("waiting
// for the rate limit, ~40 s"); why None: it goes on.
func (m *Model) SyncWaiting(why problem.Kind, d time.Duration) {
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
	case problem.RateLimited:
		format = t.Live.WaitRateLimit
	case problem.ServerDown:
		format = t.Live.WaitServer
	case problem.Offline:
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

// SetHeld shows the countdown of a letter in its undo window ("letter to
// Иванова leaves in 7 s — u takes it back"); "" when none waits.
func (m *Model) SetHeld(countdown string) { m.held = countdown }
