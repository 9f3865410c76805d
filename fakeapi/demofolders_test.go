package fakeapi

import (
	"strconv"
	"testing"
)

// The demo keeps some of the recruiter's resumes in two user folders on the
// site (issue 28 §1): five in «Кадровый резерв», three in «Шорт-лист»,
// each placed by a move whose event is its newest that changes folders, and
// three of them with a letter, a forward or a copy after the move. The
// other resumes stay as the seed made them.
func TestTheDemosSiteFolders(t *testing.T) {
	before := map[int64]int{}
	for _, r := range New(Options{Seed: 1}).Received() {
		before[r.ResumeID] = len(r.Events)
	}
	s := New(Options{Seed: 1})
	s.AddDemoUserFolders()
	in := map[string]int{}
	followed := 0
	for _, r := range s.Received() {
		if r.UserFolder == "" {
			if len(r.Events) != before[r.ResumeID] {
				t.Errorf("resume %d outside the folders gained events", r.ResumeID)
			}
			continue
		}
		in[r.UserFolder]++
		if !r.Own {
			t.Errorf("resume %d in folder %s is a colleague's", r.ResumeID, r.UserFolder)
		}
		added := r.Events[before[r.ResumeID]:]
		if len(added) == 0 || added[0].Type != 110 {
			t.Errorf("resume %d in folder %s: added events %v, want the move first", r.ResumeID, r.UserFolder, added)
			continue
		}
		if len(added) == 2 {
			followed++
			if added[1].Type == 110 || !added[1].At.After(added[0].At) {
				t.Errorf("resume %d: the event after the move is %v", r.ResumeID, added[1])
			}
		}
	}
	reserve, short := strconv.Itoa(DemoReserveFolderID), strconv.Itoa(DemoShortlistFolderID)
	if len(in) != 2 || in[reserve] != 5 || in[short] != 3 || followed != 3 {
		t.Errorf("folders %v with %d followed by another event, want %s: 5, %s: 3 and 3", in, followed, reserve, short)
	}
}
