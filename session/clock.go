package session

import (
	"sync/atomic"
	"time"
)

// A clock off the service's (issue 26 §7): the API client tells its
// Config.OnClockSkew once when an answer's Date header is more than a
// minute from this machine's clock. A command says it on its standard
// error, once a process (Profile.ClockSkew, ClockTold); a Session keeps it for its
// terminals, whose status line says it (Backend.Meter), each terminal of
// a served profile its own, in its own language.

// clockNotice is the client's OnClockSkew for the profile (nil: nobody to
// tell): the session's terminals hear it, and ClockSkew once for ClockTold.
func (p *Profile) clockNotice() func(time.Duration) {
	seen, tell, told := p.clockSeen, p.ClockSkew, p.ClockTold
	if seen == nil && tell == nil {
		return nil
	}
	return func(ahead time.Duration) {
		if seen != nil {
			seen(ahead)
		}
		if tell != nil && (told == nil || told.CompareAndSwap(false, true)) {
			tell(ahead)
		}
	}
}

// sessionClock is what a Session knows of the clocks' difference.
type sessionClock struct {
	ahead atomic.Int64 // nanoseconds this machine's clock is ahead; 0: not off
	shown atomic.Bool  // a terminal's meter has read it
}

// clockOff keeps the first difference a client of the session reported.
func (s *Session) clockOff(ahead time.Duration) {
	if ahead != 0 {
		s.clock.ahead.CompareAndSwap(0, int64(ahead))
	}
}

// clockAhead is the difference for a terminal's meter, noted as shown.
func (s *Session) clockAhead() time.Duration {
	ahead := time.Duration(s.clock.ahead.Load())
	if ahead != 0 {
		s.clock.shown.Store(true)
	}
	return ahead
}

// ClockUnshown is how far this machine's clock is ahead of the service's
// (negative: behind) when the clients found them more than a minute apart
// and no terminal's status line has said so yet: the workstation says it
// on standard error as it closes (its screen is not written under).
func (s *Session) ClockUnshown() (ahead time.Duration, ok bool) {
	ahead = time.Duration(s.clock.ahead.Load())
	return ahead, ahead != 0 && !s.clock.shown.Load()
}
