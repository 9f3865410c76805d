package cli

import (
	"context"
	"flag"
	"fmt"
	"strconv"
	"time"

	"hrdesk/store"
	"hrdesk/syncer"
)

func statusCommand() *command {
	var asJSON bool
	return &command{
		name:    "status",
		summary: "counts per folder, new ones, queued actions and the last sync (offline)",
		flags: func(fs *flag.FlagSet) {
			fs.BoolVar(&asJSON, "json", false, "print JSON, for scripts")
		},
		run: func(ctx context.Context, a *app, args []string) error {
			if len(args) > 0 {
				return usagef("status takes no arguments")
			}
			if err := a.loadConfig(); err != nil {
				return err
			}
			st, err := a.openStore()
			if err != nil {
				return err
			}
			defer st.Close()
			if asJSON {
				return a.printStatusJSON(ctx, st)
			}
			return a.printStatus(ctx, st, time.Now())
		},
	}
}

func (a *app) printStatus(ctx context.Context, st *store.Store, now time.Time) error {
	s, err := a.statusFigures(ctx, st, now)
	if err != nil {
		return err
	}
	col := folderColumn("FOLDER", s.Folders)
	fmt.Fprintf(a.Out, "%s %7s %5s %6s\n", padCells("FOLDER", col), "TOTAL", "NEW", "STALE")
	anyStale := false
	for _, f := range s.Folders {
		stale := ""
		if f.Stale != nil {
			stale, anyStale = strconv.Itoa(*f.Stale), anyStale || *f.Stale > 0
		}
		fmt.Fprintf(a.Out, "%s %7d %5d %6s\n", padCells(f.Name, col), f.Total, f.New, stale)
	}
	if anyStale {
		fmt.Fprintf(a.Out, "  stale: no event for %s (stale_after in config.toml)\n", days(a.cfg.StaleAfterDuration()))
	}
	a.printSiteFolders(s.SiteFolders)
	ac := s.Actions
	fmt.Fprintf(a.Out, "\nactions: %d pending, %d sending, %d failed, %d unknown\n", ac.Pending, ac.Sending, ac.Failed, ac.Unknown)
	if ac.Failed+ac.Unknown > 0 {
		fmt.Fprintf(a.Out, "  see `hrdesk outbox list`; retry or cancel with `hrdesk outbox retry|cancel ID`\n")
	}
	if s.LastSync == nil {
		fmt.Fprintf(a.Out, "last sync: never — run `hrdesk sync`\n")
	} else {
		fmt.Fprintf(a.Out, "last sync: %s (%s ago)\n", s.LastSync.Local().Format("2006-01-02 15:04"), syncedAgo(now.Sub(*s.LastSync)))
	}
	a.printMeter(now)
	return nil
}

// printSiteFolders lists the folders the site's history names that no
// [[folders]] entry matches: a configured name that is not the site's
// would otherwise stay at 0 with no hint (issue 28 §1).
func (a *app) printSiteFolders(folders []siteFolderJSON) {
	if len(folders) == 0 {
		return
	}
	fmt.Fprintf(a.Out, "\nfolders on the site that config.toml does not name (to move resumes there, add a [[folders]] entry with the site's name and the folder's id):\n")
	for _, f := range folders {
		fmt.Fprintf(a.Out, "  %s  %d\n", f.Name, f.Total)
	}
}

// days words a duration in whole days when it is one.
func days(d time.Duration) string {
	if d%(24*time.Hour) == 0 {
		if n := int(d / (24 * time.Hour)); n != 1 {
			return fmt.Sprintf("%d days", n)
		}
		return "1 day"
	}
	return d.String()
}

// lastSync is the newest finished sync of any list.
func lastSync(ctx context.Context, st *store.Store) (time.Time, error) {
	var last time.Time
	for _, scope := range []store.Scope{store.ScopeMine, store.ScopeCompany} {
		for _, status := range syncer.Statuses {
			c, err := st.SyncCursor(ctx, scope, status)
			if err != nil {
				return last, err
			}
			for _, t := range []time.Time{c.LastFullAt, c.LastIncrementalAt} {
				if t.After(last) {
					last = t
				}
			}
		}
	}
	return last, nil
}

// folderName is how the CLI names a folder: API folders by their API name,
// user folders by their config name.
func (a *app) folderName(folder string) string {
	for _, f := range a.cfg.Folders {
		if strconv.Itoa(f.ID) == folder {
			return f.Name
		}
	}
	if name, ok := store.SiteFolderName(folder); ok {
		return name // the site's name: config.toml names no folder so
	}
	if _, ok := store.StatusForFolder(folder); !ok {
		return "folder " + folder // a user folder config.toml does not name
	}
	return folder
}
