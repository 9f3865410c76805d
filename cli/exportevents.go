package cli

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"strconv"
	"time"

	"hrdesk/session"
	"hrdesk/store"
	"hrdesk/textsafe"
)

// `export --events` (issue 30 §4): one row per event of every cached
// resume the export selects, for an analyst's own tools. No personal data
// unless --with-contacts: the applicant's name and the event's text (the
// service's words, which may name people) are left out.

// exportedEvent is one row of `export --events`; docs/JSON.md says each key.
type exportedEvent struct {
	ResumeID    int64     `json:"resume_id"`
	VacancyID   *int64    `json:"vacancy_id"` // null: the event names none
	Type        int       `json:"type"`
	TypeName    string    `json:"type_name"`
	At          time.Time `json:"at"`
	FolderAfter *string   `json:"folder_after"` // null: a move to a folder it does not name
	// With --with-contacts only.
	Name *string `json:"name,omitempty"`
	Text *string `json:"text,omitempty"`
}

// eventRows are one resume's events as the export writes them: each with
// the folder the resume is in after it, from its arrival on (the sync's
// rule: a move names its user folder, a letter or a forward leaves it).
func eventRows(r store.ResumeEvents, folders []session.UserFolder, contacts bool) []exportedEvent {
	out := make([]exportedEvent, 0, len(r.Events))
	folder := ""
	for _, ev := range r.Events {
		folder = folderAfter(ev, folder, folders)
		x := exportedEvent{ResumeID: r.ResumeID, Type: ev.Type, TypeName: eventName(ev.Type), At: ev.DateEvent.UTC()}
		if ev.VacancyID != 0 {
			id := ev.VacancyID
			x.VacancyID = &id
		}
		if folder != "" {
			f := folder
			x.FolderAfter = &f
		}
		if contacts {
			name, text := textsafe.Line(displayName(r)), textsafe.Line(ev.Text)
			x.Name, x.Text = &name, &text
		}
		out = append(out, x)
	}
	return out
}

// displayName is the applicant's name as the list shows it.
func displayName(r store.ResumeEvents) string {
	name := r.LastName
	for _, part := range []string{r.FirstName, r.MiddleName} {
		if part != "" && name != "" {
			name += " "
		}
		name += part
	}
	return name
}

// folderAfter is where an event of ev's type leaves a resume that was in before.
func folderAfter(ev store.Event, before string, folders []session.UserFolder) string {
	switch ev.Type {
	case 10, 20, 30, 40, 50:
		return store.FolderInbox
	case 60:
		return store.FolderInvited
	case 70:
		return store.FolderConsidered
	case 80:
		return store.FolderRefused
	case store.EventMoved:
		return session.FolderOfMove(ev, folders)
	}
	return before
}

// eventsCSVHeader is the CSV's columns; --with-contacts adds name and text.
var eventsCSVHeader = []string{"resume_id", "vacancy_id", "type", "type_name", "at", "folder_after"}

// exportEventsCSV writes q's resumes' events as CSV.
func exportEventsCSV(ctx context.Context, st *store.Store, q store.ListQuery, folders []session.UserFolder, contacts bool, w io.Writer) error {
	cw := csv.NewWriter(w)
	header := eventsCSVHeader
	if contacts {
		header = append(append([]string(nil), header...), "name", "text")
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	err := st.EachResumeEvents(ctx, q, func(r store.ResumeEvents) error {
		for _, x := range eventRows(r, folders, contacts) {
			vacancy, folder := "", ""
			if x.VacancyID != nil {
				vacancy = strconv.FormatInt(*x.VacancyID, 10)
			}
			if x.FolderAfter != nil {
				folder = csvText(*x.FolderAfter)
			}
			row := []string{strconv.FormatInt(x.ResumeID, 10), vacancy, strconv.Itoa(x.Type), x.TypeName, x.At.Format(time.RFC3339), folder}
			if contacts {
				row = append(row, csvText(*x.Name), csvText(*x.Text))
			}
			if err := cw.Write(row); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	cw.Flush()
	return cw.Error()
}

// exportEventsJSON writes q's resumes' events as a JSON array, an object a line.
func exportEventsJSON(ctx context.Context, st *store.Store, q store.ListQuery, folders []session.UserFolder, contacts bool, w io.Writer) error {
	if _, err := io.WriteString(w, "["); err != nil {
		return err
	}
	sep := "\n"
	err := st.EachResumeEvents(ctx, q, func(r store.ResumeEvents) error {
		for _, x := range eventRows(r, folders, contacts) {
			b, err := json.Marshal(x)
			if err != nil {
				return err
			}
			if _, err := io.WriteString(w, sep); err != nil {
				return err
			}
			if _, err := w.Write(b); err != nil {
				return err
			}
			sep = ",\n"
		}
		return nil
	})
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, "\n]\n")
	return err
}

// userFolders are the profile's configured folders, as the sync knows them.
func (a *app) userFolders() []session.UserFolder { return session.UserFolders(a.cfg.Folders) }
