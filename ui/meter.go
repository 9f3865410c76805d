package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/views/statusbar"
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

// meterDueMsg: time to read the meter again.
type meterDueMsg struct{}

// readMeter reads the meter in a command, for the status bar (a
// statusbar.Reading, with the bar's offline spell it was asked in); nil
// without a backend.
func (m *Model) readMeter() tea.Cmd {
	if m.backend == nil {
		return nil
	}
	b, away := m.backend, m.status.Away()
	return func() tea.Msg { return statusbar.Reading{Meter: b.Meter(), Away: away} }
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

// metered gives the status bar a reading; one saying the service answered
// since the bar went offline (the session's probe heard it: without a
// poller the terminal hears it only here) turns the bar online, and then
// what waited is sent and what the probe's poll fetched reloads, as the
// feed's "online" does.
func (m *Model) metered(r statusbar.Reading) tea.Cmd {
	offline := m.status.Offline()
	m.status.Update(r)
	if !offline || m.status.Offline() {
		return nil
	}
	return tea.Batch(m.push(), m.refresh(true, true))
}
