package pgshare

import (
	"context"
	"errors"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"hrdesk/ratebudget"
)

// Minute is the shared window of one service host as the database holds
// it: what `hrdesk status` prints.
type Minute struct {
	Limit  int
	Window time.Duration
	// Used is how many requests every process sharing the budget let go
	// in the window ending now; Profiles and Machines, how many profiles
	// and machines they were for.
	Used, Profiles, Machines int
	// Oldest and Newest are the window's first and latest turns (this
	// machine's clock); zero when none.
	Oldest, Newest time.Time
	// Hold is when a 429/503's hold ends; zero when none lasts.
	Hold time.Time
	// Impossible is how many rows of the host the window ignores: holds
	// past MaxHold, turns dated past MaxAhead (the next ask drops them).
	Impossible int
}

// Left is how many more the window has room for.
func (m Minute) Left() int {
	if !m.Hold.IsZero() {
		return 0
	}
	return max(m.Limit-m.Used, 0)
}

// Usage is m as the meter reads a budget.
func (m Minute) Usage() ratebudget.Usage {
	u := ratebudget.Usage{Limit: m.Limit, Window: m.Window, Used: m.Used, Left: m.Left(), Shared: true,
		Profiles: m.Profiles, Machines: m.Machines}
	if m.Used > 0 {
		u.Next, u.Full = m.Oldest.Add(m.Window), m.Newest.Add(m.Window)
	}
	if !m.Hold.IsZero() {
		u.Next = m.Hold
	}
	return u
}

// Wait is how long a process that only reads the budget (`hrdesk status`)
// waits on the database at rawURL: its connect_timeout when the URL (or
// PGCONNECT_TIMEOUT) names one, as a Source's Patience, else def.
func Wait(rawURL string, def time.Duration) time.Duration {
	if c, err := pgx.ParseConfig(rawURL); err == nil && c.ConnectTimeout > 0 {
		return c.ConnectTimeout
	}
	return def
}

// Read is the shared window of host in the database at rawURL, for a
// process that sends nothing (`hrdesk status`): it creates nothing, and a
// database where no process has taken a turn yet has an empty window.
// A database every process would leave for its fallback share (the table
// newer than this binary, or missing with no right to create it) is an
// *UnusableError. Errors never carry the URL's password.
func Read(ctx context.Context, rawURL, host string, cfg ratebudget.Config) (Minute, error) {
	conn, err := pgx.Connect(ctx, rawURL)
	if err != nil {
		return Minute{}, errors.New(Redact(reason(err), rawURL))
	}
	defer conn.Close(context.Background())
	var (
		exists, mayCreate bool
		version, usableBy int
	)
	if err := conn.QueryRow(ctx, readSchema).Scan(&exists, &version, &usableBy, &mayCreate); err != nil {
		return Minute{}, errors.New(Redact(reason(err), rawURL))
	}
	if err := usable(exists, usableBy, mayCreate); err != nil {
		return Minute{}, err
	}
	cfg = cfg.Resolved()
	if !exists {
		return Minute{Limit: cfg.Requests, Window: cfg.Window}, nil
	}
	m, err := readMinute(ctx, conn, host, cfg, nil, time.Now)
	if err != nil {
		return Minute{}, errors.New(Redact(reason(err), rawURL))
	}
	return m, nil
}

// readMinute reads the window at at (nil: the database's now) and puts its
// times on clock, the caller's: a Source on a fake clock judges the window
// by that clock, so the real one would shift every time by the distance.
func readMinute(ctx context.Context, db querier, host string, cfg ratebudget.Config, at *time.Time, clock func() time.Time) (Minute, error) {
	var (
		dbNow                    time.Time
		used, profiles, machines int64
		oldest, newest, hold     *time.Time
		impossible               int64
	)
	sent := clock()
	err := db.QueryRow(ctx, minute, host, cfg.Window.Seconds(), at, MaxHold.Seconds(), MaxAhead.Seconds()).
		Scan(&dbNow, &used, &oldest, &newest, &profiles, &machines, &hold, &impossible)
	if err != nil {
		return Minute{}, err
	}
	back := clock()
	offset := dbNow.Sub(sent.Add(back.Sub(sent) / 2))
	local := func(t *time.Time) time.Time {
		if t == nil {
			return time.Time{}
		}
		return t.Add(-offset)
	}
	return Minute{Limit: cfg.Requests, Window: cfg.Window, Used: int(used), Profiles: int(profiles), Machines: int(machines),
		Oldest: local(oldest), Newest: local(newest), Hold: local(hold), Impossible: int(impossible)}, nil
}

var keywordPassword = regexp.MustCompile(`(?i)(password\s*=\s*)('(?:[^'\\]|\\.)*'|\S+)`)

// Redact takes the password of the database URL rawURL out of text: the
// URL itself (URL form or key=value form) and the password wherever it
// appears. Every error and status line of this package passes it.
func Redact(text, rawURL string) string {
	if rawURL == "" {
		return text
	}
	var pass string
	if u, err := url.Parse(rawURL); err == nil && u.User != nil {
		pass, _ = u.User.Password()
		text = strings.ReplaceAll(text, rawURL, u.Redacted())
	} else if m := keywordPassword.FindStringSubmatch(rawURL); m != nil {
		pass = strings.Trim(m[2], "'")
	}
	if cfg, err := pgconn.ParseConfig(rawURL); err == nil && cfg.Password != "" {
		text = strings.ReplaceAll(text, cfg.Password, "xxxxx")
	}
	if pass != "" {
		text = strings.ReplaceAll(text, pass, "xxxxx")
		if esc := url.QueryEscape(pass); esc != pass {
			text = strings.ReplaceAll(text, esc, "xxxxx")
		}
	}
	return keywordPassword.ReplaceAllString(text, "${1}xxxxx")
}

// RedactURL is rawURL fit to print: its password replaced.
func RedactURL(rawURL string) string { return Redact(rawURL, rawURL) }

// HoldCause says a wait for a hold that ends at until, as seen at now: its
// end (with the date when not today) and its cause.
func HoldCause(until, now time.Time) string {
	return "the service asked every hrdesk sharing the request budget to wait until " + When(until, now) +
		" (it answered one of them 429/503 with that Retry-After)"
}

// When is t for the user: the time of day, with the date when t is not on
// now's day.
func When(t, now time.Time) string {
	t, now = t.Local(), now.Local()
	if y, m, d := t.Date(); y == now.Year() && m == now.Month() && d == now.Day() {
		return t.Format("15:04:05")
	}
	return t.Format("2006-01-02 15:04:05")
}

// reason words why the database is away, on one line keeping pgx's own
// reason ("connection refused", "password authentication failed"), which
// its connect errors put on a line after the address.
func reason(err error) string {
	if errors.Is(err, context.DeadlineExceeded) {
		return "PostgreSQL did not answer in time"
	}
	var parts []string
	for _, line := range strings.Split(err.Error(), "\n") {
		line = strings.Join(strings.Fields(line), " ")
		if line != "" && !slices.Contains(parts, line) { // one per address tried, often alike
			parts = append(parts, line)
		}
	}
	return "PostgreSQL: " + strings.Join(parts, " ")
}
