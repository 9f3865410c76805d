package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"hrdesk/i18n"
	"hrdesk/session"
	"hrdesk/store"
)

func syncCommand() *command {
	var full bool
	return &command{
		name:    "sync",
		summary: "bring the cache up to date and send queued actions",
		help: `Sends the queued actions, then fetches what changed since the last sync
(everything within history_days on the first run, or with --full). A sync that
is interrupted continues where it stopped the next time. --scope company syncs
every colleague's responses (received-by-client) instead of your own.`,
		flags: func(fs *flag.FlagSet) {
			fs.BoolVar(&full, "full", false, "re-read the whole history instead of what changed")
		},
		run: func(ctx context.Context, a *app, args []string) error {
			if len(args) > 0 {
				return usagef(a.text().CLI.NoArguments, "sync")
			}
			if err := a.loadConfig(); err != nil {
				return err
			}
			st, err := a.openStore()
			if err != nil {
				return err
			}
			defer st.Close()
			// The progress line is hrdesk's own text and rewrites itself
			// with \r and an erase-line sequence: it bypasses the cleaning.
			bar := newProgressPrinter(a.text().CLI, a.unfiltered(), isTerminal(a.Out))
			eng, err := a.profile().Engine(st, bar.update)
			if err != nil {
				return err
			}
			rep, err := eng.Sync(ctx, session.SyncOptions{Full: full})
			bar.finish()
			if err != nil {
				return a.explainNetworkError(err)
			}
			t := a.text().CLI
			fmt.Fprintf(a.Out, t.Synced, rep.Fetched, rep.Requests, rep.Duration.Round(100*time.Millisecond))
			if rep.Resumed {
				fmt.Fprint(a.Out, t.Continuing)
			}
			fmt.Fprintln(a.Out)
			if rep.Pushed+rep.Failed+rep.Unknown > 0 {
				fmt.Fprintf(a.Out, t.SyncActions+"\n", rep.Pushed, rep.Failed, rep.Unknown)
			}
			for _, n := range []struct {
				count int
				words string
			}{{rep.Deferred, t.Deferred}, {rep.Unread, t.Unread}, {rep.Unconfirmed, t.Unconfirmed}, {rep.Missing, t.Missing}} {
				if n.count > 0 {
					fmt.Fprintf(a.Out, n.words+"\n", n.count)
				}
			}
			if rep.Failed+rep.Unknown > 0 {
				fmt.Fprintln(a.Out, t.SeeOutboxList)
			}
			return nil
		},
	}
}

// progressPrinter shows sync progress: one rewritten line on a terminal,
// a plain line every few seconds otherwise (logs, pipes).
type progressPrinter struct {
	mu       sync.Mutex
	t        i18n.CLIText
	w        io.Writer
	terminal bool
	last     time.Time
	lastLine string
	printed  bool
}

func newProgressPrinter(t i18n.CLIText, w io.Writer, terminal bool) *progressPrinter {
	return &progressPrinter{t: t, w: w, terminal: terminal}
}

func (p *progressPrinter) update(pr session.Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if pr.Note != "" {
		// News about the data (a list read again before hiding, a second
		// too busy to read whole): a line of its own, always.
		if p.terminal && p.printed {
			fmt.Fprint(p.w, "\r\x1b[2K")
		}
		fmt.Fprintln(p.w, newsLine(p.t.Notices, pr))
		p.lastLine = ""
		return
	}
	now := time.Now()
	every := 5 * time.Second
	if p.terminal {
		every = 100 * time.Millisecond
	}
	// A wait is news whenever it starts: a sync standing still must say why.
	if now.Sub(p.last) < every && pr.Phase != session.PhaseDone && pr.WaitReason == "" ||
		pr.Phase == session.PhasePush && pr.Total == 0 && pr.WaitReason == "" {
		return
	}
	p.last = now
	line := progressLine(p.t, pr, p.terminal)
	if line == p.lastLine {
		return
	}
	p.lastLine = line
	if p.terminal {
		fmt.Fprintf(p.w, "\r\x1b[2K%s", line)
		p.printed = true
	} else {
		fmt.Fprintln(p.w, line)
	}
}

func (p *progressPrinter) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.terminal && p.printed {
		fmt.Fprint(p.w, "\r\x1b[2K")
	}
}

func progressLine(t i18n.CLIText, pr session.Progress, bar bool) string {
	if pr.WaitReason != "" {
		return waitLine(t, pr)
	}
	what := t.Fetching
	switch pr.Phase {
	case session.PhasePush:
		what = t.SendingActions
	case session.PhasePull:
		if f, ok := store.FolderForStatus(pr.Status); ok {
			what = fmt.Sprintf(t.FetchingFolder, f)
		}
	case session.PhaseCatalogue:
		what = t.Catalogue
	case session.PhaseDone:
		what = t.SyncDone
	}
	var b strings.Builder
	if bar && pr.Total > 0 {
		const width = 24
		filled := min(width, pr.Done*width/pr.Total)
		fmt.Fprintf(&b, "[%s%s] ", strings.Repeat("#", filled), strings.Repeat(".", width-filled))
	}
	unit := t.UnitResumes
	if pr.Phase == session.PhasePush {
		unit = t.UnitActions
	}
	fmt.Fprintf(&b, t.Progress, what, pr.Done, pr.Total, unit, pr.Requests)
	if pr.ETA > 0 {
		fmt.Fprintf(&b, t.ETA, pr.ETA)
	}
	return b.String()
}

// waitLine says why a sync stands still and for about how long.
func waitLine(t i18n.CLIText, pr session.Progress) string {
	about := fmt.Sprintf(t.AboutSeconds, int(pr.Waiting.Round(time.Second)/time.Second))
	switch {
	case pr.Waiting < time.Second:
		about = t.AMoment
	case pr.Waiting >= 2*time.Minute:
		about = fmt.Sprintf(t.AboutMinutes, int(pr.Waiting.Round(time.Minute)/time.Minute))
	}
	done := fmt.Sprintf(t.SoFar, pr.Done, pr.Total)
	switch pr.WaitReason {
	case session.WaitRateLimit:
		return fmt.Sprintf(t.WaitRate, about) + done
	case session.WaitServer:
		return fmt.Sprintf(t.WaitServer, about) + done
	case session.WaitConnection:
		return fmt.Sprintf(t.WaitConnection, about) + done
	case session.WaitRecheck:
		return fmt.Sprintf(t.WaitRecheck, about) + done
	}
	return fmt.Sprintf(t.WaitOther, about) + done
}
