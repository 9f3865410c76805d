package feed

import (
	"time"

	"hrdesk/problem"
)

// The values a profile's session hands the workstation besides polls: how
// far a sync is, and the status bar's meter. They live here, below both the
// session layer and the UI, so neither imports the other (issue 19 §1).

// SyncProgress is how far a sync is: resumes (or actions) done of total,
// and while it waits to try again, why (RateLimited, ServerDown, Offline)
// and for about how long.
type SyncProgress struct {
	Done, Total int
	Waiting     time.Duration
	WaitingFor  problem.Kind // None: not waiting
}

// Meter is what the status bar's meter is made of.
type Meter struct {
	// Left is how many requests this minute's budget has room for, of
	// Limit a minute (Limit 0: not known).
	Left, Limit int
	// LoginEnds is when the stored login's access token ends (zero: no
	// login, or the service gave no lifetime); Renews says a refresh token
	// renews it by itself then.
	LoginEnds time.Time
	Renews    bool
	// SharedAway says the request budget shared through PostgreSQL does
	// not answer: the process runs on a quarter of the minute.
	SharedAway bool
	// Polls is how often the profile's poller checks for new responses,
	// stretched when many profiles share the service's limit (issue 21
	// §2); zero when it does not poll.
	Polls Cadence
	// ClockAhead is how far this machine's clock is ahead of the
	// service's (negative: behind) once a request found them more than a
	// minute apart (issue 26 §7); zero otherwise. The status line says it
	// once.
	ClockAhead time.Duration
	// Outage is where the session's outage probe is: a terminal without
	// a poller (poll_interval 0) has no feed to hear its "online" on, and
	// reads it here instead.
	Outage Outage
}

// Outage numbers the session's outages (issue 29 §4): a terminal that
// went offline knows the service came back when an outage it saw under
// way, or one begun since, ended with the service answering. Numbers, not
// a flag, so a reading asked before the terminal went offline cannot say
// "back" about an older outage.
type Outage struct {
	// Began counts the outages the session saw begin; Away says the
	// newest is under way (the probe runs).
	Began uint64
	Away  bool
	// Answered is the number of the newest outage that ended with the
	// service answering (one can end with nobody logged in instead).
	Answered uint64
}
