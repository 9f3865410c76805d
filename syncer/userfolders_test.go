package syncer

import (
	"testing"
	"time"

	"hrdesk/store"
)

// A move's words name the folder it went to; when one folder's name holds
// another's ("Shortlist 2" holds "Shortlist"), the longer name is the one
// meant (issue 27 item 9), whichever order config.toml lists them in.
func TestAMoveLandsInTheLongestFolderItNames(t *testing.T) {
	at := testNow.Add(-time.Hour)
	for _, folders := range [][]UserFolder{
		{{ID: "11", Name: "Shortlist"}, {ID: "12", Name: "Shortlist 2"}, {ID: "13", Name: "HR"}},
		{{ID: "13", Name: "HR"}, {ID: "12", Name: "Shortlist 2"}, {ID: "11", Name: "Shortlist"}},
	} {
		entries := []store.Entry{
			{ResumeID: 1, Events: []store.Event{{Type: store.EventMoved, DateEvent: at, Text: "Перемещено в папку «Shortlist 2»"}}},
			{ResumeID: 2, Events: []store.Event{{Type: store.EventMoved, DateEvent: at, Text: "Moved to shortlist"}}},
			{ResumeID: 3, Events: []store.Event{{Type: store.EventMoved, DateEvent: at, Description: "folder 12"}}},
			{ResumeID: 4, Events: []store.Event{{Type: store.EventMoved, DateEvent: at, Text: "Moved to Archive"}}},
			// Moved, then answered: the newest event is not a move.
			{ResumeID: 5, Events: []store.Event{{Type: store.EventMoved, DateEvent: at, Text: "Shortlist"}, {Type: 10, DateEvent: at.Add(time.Minute)}}},
			// Words naming a folder in an event other than a move say nothing.
			{ResumeID: 6, Events: []store.Event{{Type: 10, DateEvent: at, Text: "for the Shortlist 2, call back"}}},
			// A name of two letters is a name.
			{ResumeID: 7, Events: []store.Event{{Type: store.EventMoved, DateEvent: at, Text: "Moved to HR"}}},
		}
		placeInUserFolders(entries, folders)
		for i, want := range []string{"12", "11", "12", "", "", "", "13"} {
			if got := entries[i].UserFolder; got != want {
				t.Errorf("folders %v: resume %d placed in %q, want %q", folders, entries[i].ResumeID, got, want)
			}
		}
	}
}
