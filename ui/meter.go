package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// The budget meter (issue 11 §7): the status bar shows the requests left
// in this minute's budget when it runs low and the login's lifetime when
// it is under a day. Backend.Meter reads both without the network, in a
// command: when the screen opens, after each server call of this session
// (a sync, a push, a poll, a purchase…), and every MeterEvery, since the
// budget is shared with every session and profile of the process (a
// colleague's sync spends it too) and the window refills by itself. The
// reading also says when this machine's clock is off the service's, which
// the line says once (issue 26 §7).

// DefaultMeterEvery is how often the meter is read again with nothing
// else happening: the window's figure moves by seconds, the login's by
// minutes; nothing is written to the terminal unless the line changes.
const DefaultMeterEvery = 5 * time.Second

type (
	// meterDueMsg: time to read the meter again.
	meterDueMsg struct{}
	// meterMsg is the meter as Backend.Meter read it, asked during the
	// bar's offline spell away (0: online then).
	meterMsg struct {
		m    Meter
		away uint64
	}
)

// readMeter reads the meter in a command; nil without a backend.
func (m *Model) readMeter() tea.Cmd {
	if m.backend == nil {
		return nil
	}
	b, away := m.backend, m.status.Away()
	return func() tea.Msg { return meterMsg{m: b.Meter(), away: away} }
}

// meterLater plans the next reading; one chain of them runs from Init.
func (m *Model) meterLater() tea.Cmd {
	if m.backend == nil || m.opts.MeterEvery < 0 {
		return nil
	}
	every := m.opts.MeterEvery
	if every == 0 {
		every = DefaultMeterEvery
	}
	return tea.Tick(every, func(time.Time) tea.Msg { return meterDueMsg{} })
}

// metered shows a reading; one saying the service answered since the bar
// went offline (the session's probe heard it: without a poller the
// terminal hears it only here) sends what waited and reloads what the
// probe's poll fetched, as the feed's "online" does.
func (m *Model) metered(msg meterMsg) tea.Cmd {
	m.meterRead(msg.m)
	if !m.status.Outage(msg.m.Outage, msg.away) {
		return nil
	}
	return tea.Batch(m.push(), m.refresh(true, true))
}

// meterRead shows a reading.
func (m *Model) meterRead(r Meter) {
	m.status.Update(r)
	if r.ClockAhead != 0 && !m.clockSaid {
		// Once, as the answer of no key: the difference explains odd
		// times, and is no trouble to act on (issue 26 §7).
		m.clockSaid = true
		m.status.Say(m.c.Text.ClockSkew(r.ClockAhead))
	}
}
