package i18n

import (
	"fmt"
	"time"
)

// StateName names an outbox action's state (store.ActionState's value) in
// the screen's table and in `hrdesk outbox` alike (issue 28 §5): a
// waiting letter still in its undo window (notBefore after now) counts
// down the seconds left.
func (t OutboxText) StateName(state string, notBefore, now time.Time) string {
	switch state {
	case "pending":
		if left := notBefore.Sub(now); left > 0 {
			return fmt.Sprintf(t.StateHeld, int((left+time.Second-1)/time.Second))
		}
		return t.StateWaiting
	case "in_flight":
		return t.StateSending
	case "failed":
		return t.StateRefused
	case "unknown":
		return t.StateUnknown
	case "done":
		return t.StateDone
	case "cancelled":
		return t.StateCancelled
	}
	return state
}

// RowMessage is an outbox row's message in the language (issue 28 §6). code
// and whole are what the outbox kept (problem.ReadNote): with a kind's
// code, hrdesk's own record of what kept the action back, said in words;
// without, the service's own words, as they are (service). An action of
// unknown outcome was sent and its answer never came back, whatever kept
// it away (the connection, the server, hrdesk stopping while it waited).
func (t OutboxText) RowMessage(state, code, whole string) (text string, service bool) {
	if whole == "" {
		return "", false
	}
	if state == "unknown" {
		return t.WhyLost, false
	}
	switch code {
	case "":
		return whole, true
	case "offline":
		return t.WhyOffline, false
	case "timeout":
		return t.WhyTimeout, false
	case "server_down":
		return t.WhyServerDown, false
	case "rate_limited":
		return t.WhyRateLimited, false
	case "needs_login":
		return t.WhyNeedsLogin, false
	case "redirected":
		return t.WhyRedirected, false
	case "busy":
		return t.WhyBusy, false
	case "blocked":
		return t.WhyBlocked, false
	case "local":
		return fmt.Sprintf(t.WhyLocal, whole), false
	}
	// A refusal the service gave no words for, or a code this version
	// does not know.
	return t.WhyNoWords, false
}
