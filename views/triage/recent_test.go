package triage

import (
	"testing"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
)

// The screen remembers the last 20 resumes opened, newest first, each
// once.
func TestRecentKeepsTheLastTwentyOnce(t *testing.T) {
	m := New(panetest.Common(i18n.EN), nil, Options{DetailDelay: -1})
	for id := int64(1); id <= 25; id++ {
		m.noteRecent(store.EntryDetail{EntryRow: store.EntryRow{ResumeID: id, Folder: "inbox"}})
	}
	m.noteRecent(store.EntryDetail{EntryRow: store.EntryRow{ResumeID: 10, Folder: "considered"}})
	got := m.Recent()
	if len(got) != recentMax {
		t.Fatalf("%d remembered, want %d", len(got), recentMax)
	}
	if got[0].ID != 10 || got[0].Folder != "considered" || got[1].ID != 25 || got[len(got)-1].ID != 6 {
		t.Errorf("order: first %+v, second %+v, last %+v", got[0], got[1], got[len(got)-1])
	}
	for i, r := range got {
		if r.ID == 10 && i > 0 {
			t.Errorf("resume 10 listed twice")
		}
	}
}
