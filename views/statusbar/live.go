package statusbar

import (
	"fmt"
	"time"

	"hrdesk/problem"
	"hrdesk/session/feed"
)

// What the bar says with no key pressed (issue 12 §3): a sync waiting to
// try again, and polls that keep the cache fresh.

// syncWait is why and for about how long a sync waits (Kind None: it
// does not).
type syncWait struct {
	why problem.Kind
	d   time.Duration
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

// polled takes a background poll in: one that reached the service (no
// error) makes the inbox as fresh as a sync's. Online or offline is the
// root's word (Note): it classifies the error as every call's.
func (m *Model) polled(p feed.PolledMsg) {
	if p.Err == nil && !p.At.IsZero() && p.At.After(m.lastSync) {
		m.lastSync = p.At
	}
}
