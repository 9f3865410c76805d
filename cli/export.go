package cli

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"hrdesk/i18n"
	"hrdesk/internal/privatefile"
	"hrdesk/store"
	"hrdesk/textsafe"
)

func exportCommand() *command {
	var folder, format, output string
	var vacancy int64
	var events, contacts bool
	return &command{
		name:    "export",
		summary: "write cached resumes as JSON or CSV (offline)",
		help: `Writes the cached received resumes, newest event first. JSON carries each
resume's full object as the server sent it; CSV the list columns.`,
		flags: func(fs *flag.FlagSet) {
			fs.StringVar(&folder, "folder", "", "only this folder: inbox, considered, invited, refused or a folder id/name")
			fs.Int64Var(&vacancy, "vacancy", 0, "only responses to this vacancy id")
			fs.StringVar(&format, "format", "json", "json or csv")
			fs.StringVar(&output, "output", "", "write to this file instead of standard output (- or none: standard output)")
			fs.BoolVar(&events, "events", false, exportEventsUsage)
			fs.BoolVar(&contacts, "with-contacts", false, exportContactsUsage)
		},
		run: func(ctx context.Context, a *app, args []string) error {
			if len(args) > 0 {
				return usagef(a.text().CLI.NoArgumentsUse, "export", "--folder, --vacancy, --format")
			}
			if format != "json" && format != "csv" {
				return usagef(a.text().CLI.BadFormat, format)
			}
			if err := a.loadConfig(); err != nil {
				return err
			}
			q := store.ListQuery{VacancyID: vacancy, Scope: a.profile().ListScope()}
			if folder != "" {
				f, err := a.parseFolder(folder)
				if err != nil {
					return err
				}
				q.Folder = f
			}
			// One pass over every page: mapped, they would all stay resident.
			st, err := a.openStoreWith(store.Options{NoMmap: true})
			if err != nil {
				return err
			}
			defer st.Close()
			write := func(w io.Writer) error {
				bw := bufio.NewWriterSize(w, exportBuffer)
				var err error
				switch {
				case events && format == "csv":
					err = exportEventsCSV(ctx, st, q, a.userFolders(), contacts, bw)
				case events:
					err = exportEventsJSON(ctx, st, q, a.userFolders(), contacts, bw)
				case format == "csv":
					err = exportCSV(ctx, st, q, bw)
				default:
					err = exportJSON(ctx, st, q, bw)
				}
				if err != nil {
					return err
				}
				return bw.Flush()
			}
			if output != "" && output != "-" {
				return replaceFile(a.text().CLI.Notices, output, write)
			}
			// Data, not messages: the values are cleaned one by one below,
			// so the bytes written are exactly the JSON or CSV.
			return write(a.unfiltered())
		},
	}
}

// replaceFile writes an export to path as a new file of mode 0600 that
// takes path's place once complete (issue 18 §5). The export is
// applicants' personal data: a file that was there keeps neither its
// mode (0666 would stay 0666 if truncated and rewritten) nor, should the
// export fail, any change. A symlink at path is refused, never followed
// (issue 26 §1): in a shared temp directory another user's link would
// have had the export replace the file it names. A pipe or a device is
// refused too, at once: a pipe nobody reads blocked the export for ever;
// standard output is the place for a stream (--output -, or none).
func replaceFile(t i18n.CLINoticesText, path string, write func(io.Writer) error) error {
	err := privatefile.Write(path, "."+filepath.Base(path)+".*.part", func(f *os.File) error { return write(f) })
	var na *privatefile.NotAFileError
	switch {
	case !errors.As(err, &na):
		return err
	case na.Link() && !streamLink(path):
		return &explained{msg: fmt.Sprintf(t.OutputLink, path), cause: err}
	case na.Link():
		return &explained{msg: fmt.Sprintf(t.OutputStreamLink, path), cause: err}
	}
	kind, ok := t.FileKinds[na.Kind]
	if !ok {
		kind = na.Kind
	}
	return &explained{msg: fmt.Sprintf(t.OutputNotFile, path, kind), cause: err}
}

// streamLink reports a link that stands for a stream rather than a file
// the user would remove: one of the system's (/dev/stdout is a link to
// /proc/self/fd/1), or one to a pipe, a terminal or a socket. The
// refusal then points at --output -, which users of /dev/stdout want.
func streamLink(path string) bool {
	if abs, err := filepath.Abs(path); err == nil && (strings.HasPrefix(abs, "/dev/") || strings.HasPrefix(abs, "/proc/")) {
		return true
	}
	fi, err := os.Stat(path)
	return err == nil && !fi.Mode().IsRegular() && !fi.IsDir()
}

// exportBuffer is how much of an export is written at a time: the JSON of
// 80,000 resumes is 350 MB, which bufio's default 4 KiB wrote in 85,000
// calls, a fifth of its time in the kernel.
const exportBuffer = 256 << 10

var csvHeader = append([]string{"resume_id", "name", "profession", "age", "salary", "currency", "town", "vacancy_id", "folder", "is_new", "last_event"},
	analyticsHeader...)

func exportCSV(ctx context.Context, st *store.Store, q store.ListQuery, w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader); err != nil {
		return err
	}
	// One pass over the cache (store.EachEntry): memory stays flat
	// whatever its size.
	err := st.EachEntry(ctx, q, false, func(d store.EntryDetail) error {
		r := d.EntryRow
		// Numbers, booleans and times are hrdesk's own formatting (a
		// negative salary stays a number); every text cell is defused.
		return cw.Write(append([]string{
			strconv.FormatInt(r.ResumeID, 10), csvText(r.DisplayName), csvText(r.Profession), strconv.Itoa(r.Age),
			strconv.FormatInt(r.Salary, 10), csvText(r.Currency), csvText(r.Town), strconv.FormatInt(r.VacancyID, 10),
			csvText(r.Folder), strconv.FormatBool(r.IsNew), r.LastEventAt.UTC().Format(time.RFC3339),
		}, toAnalytics(d.Analytics).cells()...))
	})
	if err != nil {
		return err
	}
	cw.Flush()
	return cw.Error()
}

// csvText is a text cell: one clean line, defused.
func csvText(s string) string { return csvSafe(textsafe.Line(s)) }

// csvSafe defuses text a spreadsheet would run as a formula (OWASP CSV
// injection): a cell starting with = + - @, a tab or a carriage return gets
// a leading apostrophe. Leading spaces do not hide the sign (spreadsheets
// skip them), nor do the full-width forms some of them accept.
func csvSafe(s string) string {
	if s != "" && (s[0] == '\t' || s[0] == '\r') {
		return "'" + s
	}
	switch r, _ := utf8.DecodeRuneInString(strings.TrimLeft(s, " ")); r {
	case '=', '+', '-', '@', '＝', '＋', '－', '＠':
		return "'" + s
	}
	return s
}

// exportedEntry is one object of the JSON export, which exportJSON ends
// with "resume": the resume's object as the cache keeps it, cleaned. Every
// key is always there (docs/JSON.md): what the resume does not say is null
// or "", never a key left out, so a script reads every object alike.
type exportedEntry struct {
	ResumeID   int64     `json:"resume_id"`
	Name       string    `json:"name"`
	Profession string    `json:"profession"`
	Age        *int      `json:"age"`        // null: the resume gives none
	Salary     *int64    `json:"salary"`     // null: by agreement
	Currency   string    `json:"currency"`   // "" with no salary
	Town       string    `json:"town"`       // "" when not given
	VacancyID  *int64    `json:"vacancy_id"` // null: not a response to a vacancy
	Folder     string    `json:"folder"`
	IsNew      bool      `json:"is_new"`
	LastEvent  time.Time `json:"last_event"`
	analyticsFields
}

// toExported is a cached resume as the export writes it.
func toExported(d store.EntryDetail) exportedEntry {
	r := d.EntryRow
	e := exportedEntry{ResumeID: r.ResumeID, Name: r.DisplayName, Profession: r.Profession, Currency: r.Currency,
		Town: r.Town, Folder: r.Folder, IsNew: r.IsNew, LastEvent: r.LastEventAt.UTC(), analyticsFields: toAnalytics(d.Analytics)}
	if r.Age > 0 {
		age := r.Age
		e.Age = &age
	}
	if r.Salary != 0 {
		salary := r.Salary
		e.Salary = &salary
	}
	if r.VacancyID != 0 {
		id := r.VacancyID
		e.VacancyID = &id
	}
	return e
}

// exportHeap is the heap the JSON export lets its garbage grow to before a
// collection: each resume leaves ~10 KB (its decoded body, its row), and
// with the default target, twice a live heap of a few MiB, the collector
// ran hundreds of times, a sixth of the export's CPU at 100,000 resumes.
// The process stays within its 64 MiB (BenchmarkExportRSS).
const exportHeap = 24 << 20

func exportJSON(ctx context.Context, st *store.Store, q store.ListQuery, w io.Writer) error {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(exportHeap))
	if _, err := io.WriteString(w, "[\n"); err != nil {
		return err
	}
	first := true
	err := st.EachEntry(ctx, q, true, func(d store.EntryDetail) error {
		b, err := json.Marshal(toExported(d)) // without the resume: Marshal would check and compact it again
		if err != nil {
			return err
		}
		if !first {
			if _, err := io.WriteString(w, ",\n"); err != nil {
				return err
			}
		}
		first = false
		// The resume as the server sent it, its strings cleaned as the
		// cache's columns are: the cache keeps it so (store.EntryDetail's
		// RawJSON), and it is written as it stands, the object's last field.
		if _, err := w.Write(b[:len(b)-1]); err != nil { // up to the closing brace
			return err
		}
		if _, err := io.WriteString(w, `,"resume":`); err != nil {
			return err
		}
		if _, err := w.Write(d.RawJSON); err != nil {
			return err
		}
		_, err = io.WriteString(w, "}")
		return err
	})
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, "\n]\n")
	return err
}
