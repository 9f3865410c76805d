package session

import (
	"time"

	"hrdesk/problem"
	"hrdesk/session/feed"
)

// The offline probe (issue 10, defect 5; issue 29 §4): "offline" must not
// outlive the outage. Once the service stops answering (a poll, the
// reachability check or a terminal's call got no answer) the session asks
// every ProbeEvery whether it is back, with an early poll whose outcome
// every terminal of the profile hears on the feed: online, with what
// arrived meanwhile, as soon as the service answers. Each terminal used to
// run this probe on its own timer; it is the session's now, so no
// terminal asks and no two windows disagree.

// DefaultProbeEvery is how often the session asks whether the service is
// back while it does not answer: soon enough that "offline" does not
// outlive the outage by long, rarely enough to cost nothing.
const DefaultProbeEvery = 10 * time.Second

// publish hands m to the terminals; a message saying the service did not
// answer starts the probe, before the terminals hear it, so the meter they
// read on hearing it shows the outage under way.
func (s *Session) publish(m feed.PolledMsg) feed.PolledMsg {
	if isOffline(m) {
		s.watchOutage()
	}
	return s.feed.Publish(m)
}

// heard takes the outcome of a terminal's call in: one that got no answer
// (the terminal shows offline) starts the probe.
func (s *Session) heard(err error) {
	if err != nil && problem.Of(err).Kind == problem.Offline {
		s.watchOutage()
	}
}

// watchOutage starts the probe unless one runs, probing is off or the
// session closes; it probes until the service answers.
func (s *Session) watchOutage() {
	if s.probeEvery < 0 {
		return
	}
	s.mu.Lock()
	if s.closed || s.outage {
		s.mu.Unlock()
		return
	}
	s.outage = true
	s.outages.Began++
	s.outages.Away = true
	s.wg.Add(1) // under mu, as begin's: Close waits for it
	s.mu.Unlock()
	go func() {
		defer s.wg.Done()
		t := time.NewTimer(s.probeEvery)
		defer t.Stop()
		for {
			select {
			case <-s.ctx.Done():
				return
			case <-t.C:
			}
			if !s.stillAway(s.probe()) {
				return
			}
			t.Reset(s.probeEvery)
		}
	}()
}

// probe is one "is the service back?": an early poll, so every terminal
// hears the answer and what arrived during the outage comes with
// "online"; a poll this recent (probeShared) answers without another. It
// reports the service still away; with no poll possible it is away while
// someone is logged in (a sync under way says the rest by its end).
func (s *Session) probe() (away bool) {
	s.probeMu.Lock()
	defer s.probeMu.Unlock()
	if last := s.feed.Last(); last.Seq > 0 && time.Since(last.At) < s.probeShared {
		return isOffline(last)
	}
	if m, ok := s.Poll(); ok {
		return isOffline(m)
	}
	return s.p.LoggedIn() && s.ctx.Err() == nil
}

// stillAway ends the probe unless the service is still away: the probe
// found it so, or a message published since says so (its watchOutage
// found this probe running). Nobody logged in ends it: there is nothing
// to poll with until a login, whose calls say the rest.
func (s *Session) stillAway(away bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	loggedIn := s.p.LoggedIn()
	if loggedIn && (away || isOffline(s.feed.Last())) {
		return true
	}
	s.outage, s.outages.Away = false, false
	if loggedIn {
		s.outages.Answered = s.outages.Began
	}
	return false
}

// outageNow is where the probe is, for the meter.
func (s *Session) outageNow() feed.Outage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.outages
}
