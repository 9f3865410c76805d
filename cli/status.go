package cli

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"

	"hrdesk/store"
	"hrdesk/syncer"
)

func statusCommand() *command {
	return &command{
		name:    "status",
		summary: "counts per folder, new ones, queued actions and the last sync (offline)",
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
			return a.printStatus(ctx, st)
		},
	}
}

func (a *app) printStatus(ctx context.Context, st *store.Store) error {
	counts, err := st.FolderCounts(ctx, a.listScope())
	if err != nil {
		return err
	}
	staleAfter := a.cfg.StaleAfterDuration()
	stale, err := st.StaleCounts(ctx, a.listScope(), time.Now().Add(-staleAfter))
	if err != nil {
		return err
	}
	// Every configured folder is listed, an empty one too: it exists on
	// the service even when the cache holds nothing in it.
	for _, f := range a.cfg.Folders {
		id := strconv.Itoa(f.ID)
		if !slices.ContainsFunc(counts, func(c store.FolderCount) bool { return c.Folder == id }) {
			counts = append(counts, store.FolderCount{Folder: id})
		}
	}
	fmt.Fprintf(a.Out, "%-14s %7s %5s %6s\n", "FOLDER", "TOTAL", "NEW", "STALE")
	for _, c := range counts {
		s := ""
		if slices.Contains(store.StaleFolders, c.Folder) {
			s = strconv.Itoa(stale[c.Folder])
		}
		fmt.Fprintf(a.Out, "%-14s %7d %5d %6s\n", a.folderName(c.Folder), c.Total, c.New, s)
	}
	if n := stale[store.FolderConsidered] + stale[store.FolderInvited]; n > 0 {
		fmt.Fprintf(a.Out, "  stale: no event for %s (stale_after in config.toml)\n", days(staleAfter))
	}
	oc, err := st.OutboxCounts(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(a.Out, "\nactions: %d pending, %d sending, %d failed, %d unknown\n", oc.Pending, oc.InFlight, oc.Failed, oc.Unknown)
	if oc.Failed+oc.Unknown > 0 {
		fmt.Fprintf(a.Out, "  see `hrdesk outbox list`; retry or cancel with `hrdesk outbox retry|cancel ID`\n")
	}
	last, err := lastSync(ctx, st)
	if err != nil {
		return err
	}
	if last.IsZero() {
		fmt.Fprintf(a.Out, "last sync: never — run `hrdesk sync`\n")
	} else {
		fmt.Fprintf(a.Out, "last sync: %s (%s ago)\n", last.Local().Format("2006-01-02 15:04"), time.Since(last).Round(time.Minute))
	}
	a.printMeter(time.Now())
	return nil
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
	if _, ok := store.StatusForFolder(folder); !ok {
		return "folder " + folder // a user folder config.toml does not name
	}
	return folder
}
