package syncer

import (
	"strings"
	"unicode"

	"hrdesk/store"
)

// User folders on the server (issue 19 §2.1). The received lists filter by
// status (0, 10, 20, 30) and no call lists a user folder, so a resume the
// recruiter keeps in one comes back under a status list. What says where
// it is: its newest event, a move (type 110), whose text names the folder.
// The store keeps a user folder until an event newer than the move, other
// than a move, says otherwise.

// UserFolder is one of the recruiter's own folders: its API id and name.
type UserFolder struct {
	ID   string
	Name string
}

// placeInUserFolders sets UserFolder on the entries whose newest event is
// a move naming one of folders.
func placeInUserFolders(entries []store.Entry, folders []UserFolder) {
	if len(folders) == 0 {
		return
	}
	for i := range entries {
		if ev, ok := newestEvent(entries[i]); ok && ev.Type == store.EventMoved {
			entries[i].UserFolder = namedFolder(ev, folders)
		}
	}
}

func newestEvent(en store.Entry) (store.Event, bool) {
	var newest store.Event
	found := false
	for _, ev := range en.Events {
		if !found || !ev.DateEvent.Before(newest.DateEvent) {
			newest, found = ev, true
		}
	}
	return newest, found
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
