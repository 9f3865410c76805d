package config

import (
	"strconv"
	"strings"
	"time"

	"hrdesk/i18n"
)

// The recruiter's filters are written the same way on the command line
// (hrdesk search --responded 7d --salary 80000-), in saved views
// ([[views]] responded = "7d") and in the workstation's filter dialog, so
// they are read here, once.

// Responded is when responses came: the last Days days (1 is today), or
// the dates From..To (either may be open). Dates are kept as calendar days
// and turned into instants in the recruiter's time zone by Bounds, so a
// saved "7d" means the last seven days whenever it is used.
type Responded struct {
	Days     int
	From, To time.Time // calendar days (UTC midnight); zero: open end
}

// IsZero says no period is set.
func (r Responded) IsZero() bool { return r.Days == 0 && r.From.IsZero() && r.To.IsZero() }

// ErrResponded and ErrRange say how to write a period and a range; callers
// name the flag or setting.
var (
	ErrResponded error = mistake(func(t i18n.ConfigText) string { return t.Responded })
	ErrRange     error = mistake(func(t i18n.ConfigText) string { return t.Range })
)

// ParseResponded reads today, Nd (N ≥ 1), or FROM..TO in dates
// (2026-11-01..2026-11-20, ..2026-11-20, 2026-11-01..); "" is no period.
func ParseResponded(s string) (Responded, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		return Responded{}, nil
	case s == "today":
		return Responded{Days: 1}, nil
	case strings.HasSuffix(s, "d"):
		n, err := strconv.Atoi(strings.TrimSuffix(s, "d"))
		if err == nil && n >= 1 {
			return Responded{Days: n}, nil
		}
	case strings.Contains(s, ".."):
		a, b, _ := strings.Cut(s, "..")
		var r Responded
		var errA, errB error
		if a != "" {
			r.From, errA = time.Parse(time.DateOnly, a)
		}
		if b != "" {
			r.To, errB = time.Parse(time.DateOnly, b)
		}
		if errA == nil && errB == nil && (a != "" || b != "") && (r.To.IsZero() || !r.To.Before(r.From)) {
			return r, nil
		}
	}
	return Responded{}, ErrResponded
}

// String writes r back the way ParseResponded reads it.
func (r Responded) String() string {
	switch {
	case r.Days == 1:
		return "today"
	case r.Days > 1:
		return strconv.Itoa(r.Days) + "d"
	case r.IsZero():
		return ""
	}
	day := func(t time.Time) string {
		if t.IsZero() {
			return ""
		}
		return t.Format(time.DateOnly)
	}
	return day(r.From) + ".." + day(r.To)
}

// Bounds are the instants of r in now's time zone: from the first day's
// midnight to the last second of the last day (zero for an open end).
func (r Responded) Bounds(now time.Time) (from, to time.Time) {
	loc := now.Location()
	midnight := func(t time.Time) time.Time { return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, loc) }
	if r.Days > 0 {
		return midnight(now).AddDate(0, 0, 1-r.Days), time.Time{}
	}
	if !r.From.IsZero() {
		from = midnight(r.From)
	}
	if !r.To.IsZero() {
		to = midnight(r.To).AddDate(0, 0, 1).Add(-time.Second) // the whole last day
	}
	return from, to
}

// ParseRange reads MIN-MAX, MIN- or -MAX of non-negative whole numbers; ""
// is no range (0, 0).
func ParseRange(s string) (lo, hi int64, err error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, 0, nil
	}
	a, b, ok := strings.Cut(s, "-")
	parse := func(x string) (int64, bool) {
		if x = strings.TrimSpace(x); x == "" {
			return 0, true
		}
		n, err := strconv.ParseInt(x, 10, 64)
		return n, err == nil && n >= 0
	}
	var okA, okB bool
	lo, okA = parse(a)
	hi, okB = parse(b)
	if !ok || !okA || !okB || (lo == 0 && hi == 0) || (hi > 0 && lo > hi) {
		return 0, 0, ErrRange
	}
	return lo, hi, nil
}

// FormatRange writes a range back the way ParseRange reads it.
func FormatRange(lo, hi int64) string {
	if lo == 0 && hi == 0 {
		return ""
	}
	s := ""
	if lo > 0 {
		s = strconv.FormatInt(lo, 10)
	}
	s += "-"
	if hi > 0 {
		s += strconv.FormatInt(hi, 10)
	}
	return s
}
