package cli

import (
	"context"
	"flag"
	"io"
	"math"
	"time"

	"hrdesk/i18n"
)

// `hrdesk digest` (issue 30 §5): what a lead reads with the morning
// coffee, from the cache alone, for cron after a sync. The figures are
// read beside report's (digest_data.go), worded once (digest_doc.go) and
// written as text, markdown or html.

// digest's texts, apart so that --help's translations name them once.
const (
	digestSummary = "a lead's morning digest: new responses, what is past its limit, each recruiter, the week's change (offline)"
	digestHelp    = `Reads the cache only, for cron after a sync: the responses received in
the period per vacancy; how many resumes wait past their stage's limit
([sla] or stale_after in config.toml) and the oldest of them, with a link
to the resume on the site; in the company's scope a line per recruiter
(new responses, waiting, past the limit, the median time to the first
action); and the change: the last 7 days (the period, when longer)
against as many days before, the responses of each as a cohort, as
report --since counts them.

--since sets the period: 1d (the default: the last 24 hours), Nd, or a
date (from its midnight). --format: text (80 columns), markdown (a mail)
or html (a page without scripts).`
	digestSinceUsage  = "the period: Nd (the last N×24 hours) or a date (YYYY-MM-DD)"
	digestFormatUsage = "text, markdown or html"
)

// digestWriters write a digest in each --format.
var digestWriters = map[string]func(io.Writer, digestDoc) error{
	"text": writeDigestText, "markdown": writeDigestMarkdown, "html": writeDigestHTML,
}

func digestCommand() *command {
	var since, format string
	return &command{
		name:    "digest",
		summary: digestSummary,
		help:    digestHelp,
		flags: func(fs *flag.FlagSet) {
			fs.StringVar(&since, "since", "1d", digestSinceUsage)
			fs.StringVar(&format, "format", "text", digestFormatUsage)
		},
		run: func(ctx context.Context, a *app, args []string) error {
			if len(args) > 0 {
				return usagef(a.text().CLI.NoArguments, "digest")
			}
			write, ok := digestWriters[format]
			if !ok {
				return usagef(a.text().CLI.Digest.BadFormat, format)
			}
			now := a.now()
			from, days, err := digestPeriod(a.text().CLI, since, now)
			if err != nil {
				return err
			}
			if err := a.loadConfig(); err != nil {
				return err
			}
			st, err := a.openStore()
			if err != nil {
				return err
			}
			defer st.Close()
			f, err := a.collectDigest(ctx, st, now, from, days)
			if err != nil {
				return err
			}
			return write(a.Out, a.digestDoc(f))
		},
	}
}

// digestPeriod reads --since as report does, but Nd is the last N×24
// hours (a cron digest at 8:00 covers last night too), a date its
// midnight on; days is the period's length in days, begun ones counted.
func digestPeriod(t i18n.CLIText, since string, now time.Time) (from time.Time, days int, err error) {
	q, err := reportQuery(t, since, now)
	if err != nil {
		return time.Time{}, 0, err
	}
	if q.Days > 0 {
		return now.Add(-time.Duration(q.Days) * 24 * time.Hour), q.Days, nil
	}
	return q.Since, max(int(math.Ceil(now.Sub(q.Since).Hours()/24)), 1), nil
}
