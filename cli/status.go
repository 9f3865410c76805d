package cli

import (
	"context"
	"flag"
	"fmt"
	"strconv"
	"time"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/session"
	"hrdesk/store"
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
				return usagef(a.text().CLI.NoArguments, "status")
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
			return a.printStatus(ctx, st, a.now())
		},
	}
}

func (a *app) printStatus(ctx context.Context, st *store.Store, now time.Time) error {
	s, err := a.statusFigures(ctx, st, now)
	if err != nil {
		return err
	}
	t := a.text()
	names := make([]string, len(s.Folders))
	for i, f := range s.Folders {
		names[i] = a.folderWord(f.Folder)
	}
	col := folderColumn(t.CLI.ColFolder, names)
	// A figure's column is as wide as its heading: Russian's ЗАСТОЯЛИСЬ is
	// ten cells, and the figures stood under its first six.
	wTotal, wNew, wStale := headWidth(t.CLI.ColTotal, 7), headWidth(t.CLI.ColNew, 5), headWidth(t.CLI.ColStale, 6)
	fmt.Fprintf(a.Out, "%s %*s %*s %*s\n", padCells(t.CLI.ColFolder, col), wTotal, t.CLI.ColTotal, wNew, t.CLI.ColNew, wStale, t.CLI.ColStale)
	anyStale, snoozed := false, 0
	for _, f := range s.Folders {
		snoozed += f.Snoozed
		stale := ""
		if f.Stale != nil {
			stale, anyStale = strconv.Itoa(*f.Stale), anyStale || *f.Stale > 0
		}
		fmt.Fprintf(a.Out, "%s %*d %*d %*s\n", padCells(a.folderWord(f.Folder), col), wTotal, f.Total, wNew, f.New, wStale, stale)
	}
	if anyStale {
		fmt.Fprintf(a.Out, t.CLI.StaleNote+"\n", days(t, a.cfg.StaleAfterDuration()))
	}
	for _, f := range s.SiteFolders {
		snoozed += f.Snoozed
	}
	if snoozed > 0 {
		fmt.Fprintf(a.Out, t.CLI.SnoozedNote+"\n", snoozed)
	}
	a.printSiteFolders(s.SiteFolders)
	ac := s.Actions
	fmt.Fprintf(a.Out, "\n"+t.CLI.Actions+"\n", ac.Pending, ac.Sending, ac.Failed, ac.Unknown)
	if ac.Failed+ac.Unknown > 0 {
		fmt.Fprintln(a.Out, t.CLI.SeeOutbox)
	}
	if s.LastSync == nil {
		fmt.Fprintln(a.Out, t.CLI.NeverSynced)
	} else {
		fmt.Fprintf(a.Out, t.CLI.LastSync+"\n", s.LastSync.Local().Format("2006-01-02 15:04"), t.Elapsed(now.Sub(*s.LastSync)))
	}
	a.printMeter(now)
	return nil
}

// headWidth is a figure column's width: at least least, at least its
// heading's cells.
func headWidth(head string, least int) int {
	return max(least, ansi.StringWidth(head))
}

// printSiteFolders lists the folders the site's history names that no
// [[folders]] entry matches: a configured name that is not the site's
// would otherwise stay at 0 with no hint (issue 28 §1).
func (a *app) printSiteFolders(folders []siteFolderJSON) {
	if len(folders) == 0 {
		return
	}
	fmt.Fprintf(a.Out, "\n%s\n", a.text().CLI.More.SiteFolders)
	// Names in one column, counts right-aligned in the next, in cells:
	// the site's names are Cyrillic and of any length.
	names, digits := 0, 1
	for _, f := range folders {
		names, digits = max(names, ansi.StringWidth(f.Name)), max(digits, len(strconv.Itoa(f.Total)))
	}
	for _, f := range folders {
		fmt.Fprintf(a.Out, "  %s  %*d\n", padCells(f.Name, names), digits, f.Total)
	}
}

// days words a duration in whole days when it is one.
func days(t *i18n.Text, d time.Duration) string {
	if d%(24*time.Hour) == 0 {
		n := int(d / (24 * time.Hour))
		return fmt.Sprintf(i18n.Plural(t.Lang, n, t.CLI.DaysOne, t.CLI.DaysFew, t.CLI.DaysMany), n)
	}
	return d.String()
}

// lastSync is the newest finished sync of any list.
func lastSync(ctx context.Context, st *store.Store) (time.Time, error) {
	return session.LastSync(ctx, st)
}

// folderWord is folderName for people, in the command line's language:
// a user folder config.toml does not name goes by its id.
func (a *app) folderWord(folder string) string {
	for _, f := range a.cfg.Folders {
		if strconv.Itoa(f.ID) == folder {
			return f.Name
		}
	}
	if _, ok := store.StatusForFolder(folder); !ok {
		return fmt.Sprintf(a.text().CLI.UserFolder, folder)
	}
	return folder
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
