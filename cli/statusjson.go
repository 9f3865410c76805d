package cli

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"time"

	"hrdesk/session"
	"hrdesk/store"
	"hrdesk/textsafe"
)

// What `hrdesk status --json` prints for scripts (issue 19 §2.9): the same
// figures as the text, machine-readable. Times are RFC 3339, null when
// there are none.
type statusJSON struct {
	Folders  []folderJSON `json:"folders"`
	Actions  actionsJSON  `json:"actions"`
	LastSync *time.Time   `json:"last_sync"`
	Requests requestsJSON `json:"requests"`
	Login    loginJSON    `json:"login"`

	// SiteFolders are the folders the site's history names that no
	// [[folders]] entry matches (issue 28 §1), with the resumes in them.
	SiteFolders []siteFolderJSON `json:"site_folders"`
}

type folderJSON struct {
	Folder string `json:"folder"` // the API id: inbox, considered, invited, refused or a user folder's number
	Name   string `json:"name"`
	Total  int    `json:"total"`
	New    int    `json:"new"`
	Stale  *int   `json:"stale"` // null where stale does not apply
	// Snoozed are the folder's snoozed resumes, left out of Total and New
	// as the workstation leaves them out (issue 31 §4).
	Snoozed int `json:"snoozed"`
}

type siteFolderJSON struct {
	Name  string `json:"name"` // as the site names it; moving resumes there needs a [[folders]] entry with its id
	Total int    `json:"total"`
	New   int    `json:"new"`
	// Snoozed as folderJSON's.
	Snoozed int `json:"snoozed"`
}

type actionsJSON struct {
	Pending int `json:"pending"`
	Sending int `json:"sending"`
	Failed  int `json:"failed"`
	Unknown int `json:"unknown"`
}

type requestsJSON struct {
	Limit int `json:"limit_per_minute"`
	Sent  int `json:"sent_last_minute"` // by this profile, as its record says
	Left  int `json:"left"`
}

type loginJSON struct {
	LoggedIn bool       `json:"logged_in"`
	Until    *time.Time `json:"until"`
	Renews   bool       `json:"renews"` // a refresh token renews it by itself
}

// statusFigures gathers what `status` reports.
func (a *app) statusFigures(ctx context.Context, st *store.Store, now time.Time) (statusJSON, error) {
	var out statusJSON
	counts, err := st.FolderCounts(ctx, a.profile().ListScope())
	if err != nil {
		return out, err
	}
	snoozed, err := st.SnoozedCounts(ctx, a.profile().ListScope(), now)
	if err != nil {
		return out, err
	}
	counts = store.LessSnoozed(counts, snoozed)
	for _, f := range a.cfg.Folders {
		id := strconv.Itoa(f.ID)
		if !slices.ContainsFunc(counts, func(c store.FolderCount) bool { return c.Folder == id }) {
			counts = append(counts, store.FolderCount{Folder: id})
		}
	}
	stale, err := st.StaleCounts(ctx, a.profile().ListScope(), now.Add(-a.cfg.StaleAfterDuration()))
	if err != nil {
		return out, err
	}
	out.Folders, out.SiteFolders = []folderJSON{}, []siteFolderJSON{}
	for _, c := range counts {
		if name, ok := store.SiteFolderName(c.Folder); ok {
			out.SiteFolders = append(out.SiteFolders, siteFolderJSON{Name: textsafe.Line(name), Total: c.Total, New: c.New, Snoozed: c.Snoozed})
			continue
		}
		f := folderJSON{Folder: c.Folder, Name: textsafe.Line(a.folderName(c.Folder)), Total: c.Total, New: c.New, Snoozed: c.Snoozed}
		if slices.Contains(store.StaleFolders, c.Folder) {
			n := stale[c.Folder]
			f.Stale = &n
		}
		out.Folders = append(out.Folders, f)
	}
	oc, err := st.OutboxCounts(ctx)
	if err != nil {
		return out, err
	}
	out.Actions = actionsJSON{Pending: oc.Pending, Sending: oc.InFlight, Failed: oc.Failed, Unknown: oc.Unknown}
	if last, err := lastSync(ctx, st); err != nil {
		return out, err
	} else if !last.IsZero() {
		last = last.UTC()
		out.LastSync = &last
	}
	p := a.profile()
	cfg := p.Budget().Config()
	out.Requests.Limit = cfg.Requests
	if times, err := p.Requests(); err == nil {
		for _, t := range times {
			if t.After(now.Add(-cfg.Window)) {
				out.Requests.Sent++
			}
		}
	}
	out.Requests.Left = max(cfg.Requests-out.Requests.Sent, 0)
	tok, err := p.StoredLogin()
	switch {
	case errors.Is(err, session.ErrNoToken):
	case err != nil:
		return out, err
	default:
		out.Login.LoggedIn, out.Login.Renews = true, tok.RefreshToken != ""
		if !tok.Expires.IsZero() {
			until := tok.Expires.UTC()
			out.Login.Until = &until
		}
	}
	return out, nil
}

func (a *app) printStatusJSON(ctx context.Context, st *store.Store) error {
	s, err := a.statusFigures(ctx, st, a.now())
	if err != nil {
		return err
	}
	enc := json.NewEncoder(a.Out)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}
