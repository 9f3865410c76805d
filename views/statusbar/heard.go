package statusbar

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/problem"
)

// What the root tells the bar (issue 29 §4: the bar listens, the root
// calls no setter): a sync's start and end, the held letters' countdown,
// and the keys.
type (
	// SyncStarted: a sync is under way; the standing problem goes.
	SyncStarted struct{}
	// SyncDone ends the sync: At is when it succeeded (zero when it
	// failed, or when the server was not asked), Problem how it went.
	SyncDone struct {
		Problem problem.Problem
		At      time.Time
	}
	// Held is the countdown of the newest letters in their undo window
	// ("letter to Иванова leaves in 7 s — u takes it back", held.View); ""
	// when none waits.
	Held struct{ Countdown string }
	// NextKey: a key goes past the dialog, the login screen, a typing pane
	// and help, to the root's keys or the focused pane; the answer to the
	// last key goes, but for an offer to take a move back.
	NextKey struct{}
)

// heard takes in what the root tells; false for any other message. Every
// key press (tea.KeyPressMsg) ends a refusal of the last key.
func (m *Model) heard(msg tea.Msg) bool {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		m.keyPressed()
	case SyncStarted:
		m.syncStarted()
	case SyncDone:
		m.syncDone(msg.Problem, msg.At)
	case Held:
		m.held = msg.Countdown
	case NextKey:
		m.nextKey()
	default:
		return false
	}
	return true
}
