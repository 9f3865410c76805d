package syncer

import (
	"strings"
	"unicode"

	"hrdesk/store"
)

// User folders on the server (issue 19 §2.1, issue 28 §1). The received
// lists filter by status (0, 10, 20, 30) and no call lists a user folder,
// so a resume the recruiter keeps in one comes back under a status list.
// What says where it is: its newest event that changes folders
// (store.ChangesFolder): when that is a move (type 110), its text names the
// folder. A letter, a forward to e-mail or a copy to a colleague after the
// move leaves the resume there. The store keeps a user folder until a
// folder-changing event newer than the move says otherwise.

// UserFolder is one of the recruiter's own folders: its API id and name.
type UserFolder struct {
	ID   string
	Name string
}

// placeInUserFolders sets UserFolder on the entries whose newest
// folder-changing event is a move naming a folder: one of folders, else
// the site's own (store.SiteFolder) when the move names it in quotes.
func placeInUserFolders(entries []store.Entry, folders []UserFolder) {
	for i := range entries {
		if ev, ok := newestFolderEvent(entries[i]); ok && ev.Type == store.EventMoved {
			entries[i].UserFolder = userFolderOf(ev, folders)
		}
	}
}

// newestFolderEvent is en's newest event that changes folders; on equal
// times the later in the array, as the store orders them.
func newestFolderEvent(en store.Entry) (store.Event, bool) {
	var newest store.Event
	found := false
	for _, ev := range en.Events {
		if !store.ChangesFolder(ev.Type) {
			continue
		}
		if !found || !ev.DateEvent.Before(newest.DateEvent) {
			newest, found = ev, true
		}
	}
	return newest, found
}

// userFolderOf is the folder a move puts a resume in. When the move names
// the site's folder in quotes («Кадровый резерв»), that name decides: the
// configured folder of that name (or id), else the site's folder, which
// shows under its name. Otherwise the folder its words name (namedFolder).
func userFolderOf(ev store.Event, folders []UserFolder) string {
	site := quotedFolder(ev)
	if site == "" {
		return namedFolder(ev, folders)
	}
	for _, f := range folders {
		if strings.EqualFold(strings.TrimSpace(f.Name), site) || f.ID == site {
			return f.ID
		}
	}
	if isStandardFolderName(site) {
		return "" // a status folder: the list the service shows it in says so
	}
	return store.SiteFolder(site)
}

// quotedFolder is the first name in «» (or “”) of the move's text, else of
// its description; "" when there is none.
func quotedFolder(ev store.Event) string {
	for _, text := range []string{ev.Text, ev.Description} {
		for _, q := range [][2]string{{"«", "»"}, {"“", "”"}} {
			_, rest, ok := strings.Cut(text, q[0])
			if !ok {
				continue
			}
			if name, _, ok := strings.Cut(rest, q[1]); ok && strings.TrimSpace(name) != "" {
				return strings.TrimSpace(name)
			}
		}
	}
	return ""
}

// standardFolderNames are the names the site and hrdesk give the four
// status folders: a move naming one is not into a user folder.
var standardFolderNames = []string{
	"inbox", "invited", "considered", "refused", "rejected",
	"входящие", "приглашённые", "приглашенные", "рассматриваемые", "отказ", "отказы",
	"отклонённые", "отклоненные",
}

func isStandardFolderName(name string) bool {
	for _, n := range standardFolderNames {
		if strings.EqualFold(name, n) {
			return true
		}
	}
	return false
}

// namedFolder is the id of the folder ev's words name (by name, or by id
// as a whole number), "" when none; the longest name wins ("Shortlist 2"
// over "Shortlist").
func namedFolder(ev store.Event, folders []UserFolder) string {
	text := strings.ToLower(strings.Join([]string{ev.Text, ev.Description, ev.TypeTitle}, " "))
	best, bestLen := "", 0
	for _, f := range folders {
		if name := strings.ToLower(strings.TrimSpace(f.Name)); len([]rune(name)) >= 2 && strings.Contains(text, name) && len(name) > bestLen {
			best, bestLen = f.ID, len(name)
		}
	}
	if best != "" {
		return best
	}
	for _, word := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsDigit(r) }) {
		for _, f := range folders {
			if word == f.ID {
				return f.ID
			}
		}
	}
	return ""
}
