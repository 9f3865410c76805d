package statusbar

import (
	"hrdesk/problem"
	"hrdesk/session/feed"
)

// "Online" again by itself (issue 10, defect 5; issue 29 §4): the session
// probes while the service is away and its meter numbers the outages
// (feed.Outage). A terminal with a poller hears the probe's "online" on
// the feed; one without (poll_interval 0) has only the meter, read every
// few seconds and after each call. The bar numbers its own offline spells
// so a reading asked before the current one began is not taken for news
// of it.

// outageWatch is what the bar waits for during an offline spell.
type outageWatch struct {
	spell uint64 // the offline spells the bar has been in; the newest is the current one while offline
	of    uint64 // the spell the target is for
	until uint64 // the session's outage whose answered end says "back" (0: none known)
}

// Away is the offline spell the bar is in, 0 while it is not offline. A
// meter reading asked now may end this spell (Reading).
func (m *Model) Away() uint64 {
	if !m.offline {
		return 0
	}
	return m.outage.spell
}

// outageOver takes in the session's outages as read during spell away
// (a Reading): when they say the service answered since the bar went
// offline, the bar says so (online), and whoever gave it the reading sees
// it is no longer Offline and sends what waited. The first reading of a
// spell sets what to wait for: the outage under way, or the next one if
// none is (the one under way may have ended unseen; then a call says
// online).
func (m *Model) outageOver(o feed.Outage, away uint64) {
	if away == 0 || away != m.Away() {
		return // asked before this spell, or online already
	}
	w := &m.outage
	if w.of != away {
		w.of, w.until = away, o.Began
		if !o.Away {
			w.until++
		}
		return
	}
	if o.Answered >= w.until {
		m.Note(problem.Problem{})
	}
}
