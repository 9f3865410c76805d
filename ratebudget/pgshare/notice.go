package pgshare

import (
	"strconv"
	"time"
)

// Notice is what the Source tells once (Config.Tell, else Config.Log in
// English): the facts, so that the command line words them in the
// recruiter's language (issue 28 §6: a Russian profile was told them in
// English on stderr).
type Notice struct {
	Kind NoticeKind
	// Share is NoticeFallback's: the requests a window this process
	// takes on its own; Why the database's reason, redacted.
	Share int
	Why   string
	// Until and Now are NoticeHold's: the hold's end and the clock's now.
	Until, Now time.Time
	// NoticeImpossible's: the rows dropped of each kind, the bounds they
	// broke (Floor and Limit, a learned limit's), the furthest date (zero:
	// none given).
	Holds, Turns, Limits int64
	Floor, Limit         int
	Latest               time.Time
}

// NoticeKind says which Notice it is.
type NoticeKind int

// The notices.
const (
	// NoticeFallback: the process left the shared budget for its own share.
	NoticeFallback NoticeKind = iota
	// NoticeHold: the service asked everyone sharing the budget to wait.
	NoticeHold
	// NoticeImpossible: impossible rows were dropped.
	NoticeImpossible
)

// English is the notice as Log is told it.
func (n Notice) English() string {
	switch n.Kind {
	case NoticeFallback:
		return "hrdesk: the shared request budget is not in use, this process runs on its own share (" +
			strconv.Itoa(n.Share) + " a window) until it is: " + n.Why
	case NoticeHold:
		return "hrdesk: " + HoldCause(n.Until, n.Now)
	}
	line := "hrdesk: the shared request budget held impossible rows, dropped them and goes on: " +
		strconv.FormatInt(n.Holds, 10) + " hold(s) past " + MaxHold.String() + " ahead, " +
		strconv.FormatInt(n.Turns, 10) + " turn(s) dated more than " + MaxAhead.String() + " ahead"
	if n.Limits > 0 {
		line += ", " + strconv.FormatInt(n.Limits, 10) + " learned limit(s) not from " + strconv.Itoa(n.Floor) +
			" to " + strconv.Itoa(n.Limit) + " a window or dated ahead"
	}
	if !n.Latest.IsZero() {
		line += " (the furthest " + n.Latest.UTC().Format(time.DateTime+" UTC") + ")"
	}
	return line
}

// tell hands n to Config.Tell, or its English to Config.Log; Why is
// redacted either way.
func (s *Source) tell(n Notice) {
	n.Why = s.redact(n.Why)
	switch {
	case s.cfg.Tell != nil:
		s.cfg.Tell(n)
	case s.cfg.Log != nil:
		s.cfg.Log(s.redact(n.English()))
	}
}
