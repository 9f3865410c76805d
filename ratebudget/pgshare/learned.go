package pgshare

import (
	"context"
	"strconv"
	"time"

	"hrdesk/ratebudget"
)

// Limits learned from 429s, shared (issue 26 §5): a Source is a
// ratebudget.LearnSource. A process that learns a limit notes it as a limit
// row; every ask reads the host's limits back, and each Scheduler applies
// the strictest still in force by budget's rule from when it was learned,
// so nobody needs to raise a row: it ages out. A row is input from
// outside like any other: a number below an eighth of the configured
// limit or above it, or a date ahead of the clock, is impossible, dropped
// with a log line (forget), and never read (limits).

// Learn notes l for every process of the host. It does not wait for the
// database: this process applies l at once, the others from their next
// ask.
func (s *Source) Learn(l ratebudget.Learned) {
	b := s.cfg.Budget
	if l.Limit < b.ShareFloor() || l.Limit > b.Requests {
		return
	}
	s.mu.Lock()
	skip := s.down != "" || !s.shareLimits
	at := l.At.Add(s.offset) // on the database's clock
	s.mu.Unlock()
	if skip {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), s.cfg.Patience)
		defer cancel()
		if _, err := s.pool.Exec(ctx, learn, s.cfg.Host, at, strconv.Itoa(l.Limit), s.machine); err != nil && ctx.Err() == nil {
			s.fallBack(err)
		}
	}()
}

// Learned is the host's learned limits as the latest ask read them.
func (s *Source) Learned() []ratebudget.Learned {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.down != "" {
		return nil // the database is away: what it held is not known now
	}
	return append([]ratebudget.Learned(nil), s.learned...)
}

// limitArgs are limits' arguments after the host and the time.
func (s *Source) limitArgs() []any {
	b := s.cfg.Budget
	return []any{b.LearnedFor().Seconds(), MaxAhead.Seconds(), b.ShareFloor(), b.Requests}
}

// gotLimits keeps what limits read (ns, ats on the database's clock
// dbNow) on this machine's clock (offset: the database's minus ours).
func (s *Source) gotLimits(ns []int32, ats []time.Time, offset time.Duration) {
	got := make([]ratebudget.Learned, 0, len(ns))
	for i, n := range ns {
		if i < len(ats) {
			got = append(got, ratebudget.Learned{Limit: int(n), At: ats[i].Add(-offset)})
		}
	}
	s.mu.Lock()
	s.learned, s.learnedRead = got, true
	s.mu.Unlock()
}

// firstLimits reads the host's limits and window before a process's
// first grant, so that a process starting while a limit is in force does
// not take a batch by the configured limit; true when one is.
func (s *Source) firstLimits(ctx context.Context) (bool, error) {
	var (
		ns    []int32
		ats   []time.Time
		dbNow time.Time
	)
	sent := s.clock()
	args := append([]any{s.cfg.Host, s.now()}, s.limitArgs()...)
	if err := s.pool.QueryRow(ctx, limits, args...).Scan(&ns, &ats, &dbNow); err != nil {
		return false, err
	}
	back := s.clock()
	offset := dbNow.Sub(sent.Add(back.Sub(sent) / 2))
	if len(ns) > 0 {
		// The scheduler trims by the shared window's count too.
		m, err := readMinute(ctx, s.pool, s.cfg.Host, s.cfg.Budget, s.now(), s.clock)
		if err != nil {
			return false, err
		}
		s.mu.Lock()
		s.last, s.lastAt = m.Usage(), back
		s.mu.Unlock()
	}
	s.gotLimits(ns, ats, offset)
	return len(ns) > 0, nil
}

// tellImpossible says what forget dropped as impossible, when anything.
func (s *Source) tellImpossible(holds, turns, limits int64, latest *time.Time) {
	if holds+turns+limits == 0 {
		return
	}
	b := s.cfg.Budget
	n := Notice{Kind: NoticeImpossible, Holds: holds, Turns: turns, Limits: limits, Floor: b.ShareFloor(), Limit: b.Requests}
	if latest != nil {
		n.Latest = *latest
	}
	s.tell(n)
}
