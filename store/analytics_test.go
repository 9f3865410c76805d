package store

import (
	"fmt"
	"testing"
	"time"
)

// EachEntry carries each resume's Analytics (issue 30 §4): the newest
// response and its kind, the first action at or after it and its kind
// (one before the response is not it), the vacancy's title and owner from
// the company's list, else the own catalogue's with the signed-in user as
// owner, else nothing.
func TestEachEntryCarriesAnalytics(t *testing.T) {
	s, _ := openTest(t)
	at := func(h int) time.Time { return baseTime.Add(time.Duration(h) * time.Hour) }
	es := []Entry{
		{ResumeID: 1, Scope: ScopeMine, Folder: FolderConsidered, Events: []Event{
			{VacancyID: 7, Type: 10, DateEvent: at(0)}, {VacancyID: 7, Type: 90, DateEvent: at(5)}, {VacancyID: 7, Type: 70, DateEvent: at(9)}}},
		{ResumeID: 2, Scope: ScopeCompany, Folder: FolderInbox, Events: []Event{
			{VacancyID: 8, Type: 60, DateEvent: at(1)}, {VacancyID: 8, Type: 30, DateEvent: at(2)}}},
		{ResumeID: 3, Scope: ScopeMine, Folder: FolderInbox, Events: []Event{{VacancyID: 9, Type: 50, DateEvent: at(3)}}},
		{ResumeID: 4, Scope: ScopeMine, Folder: FolderInvited, Events: []Event{{Type: 40, DateEvent: at(4)}, {Type: 60, DateEvent: at(4)}}},
	}
	mustUpsert(t, s, es...)
	if err := s.ReplaceCompanyVacancies(ctx, []CompanyVacancy{{ID: 8, Profession: "Бухгалтер", OwnerID: 502}}); err != nil {
		t.Fatal(err)
	}
	if err := s.ReplaceVacancies(ctx, []Vacancy{{ID: 7, Profession: "Водитель"}}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetUser(ctx, User{ID: 501, Name: "Анна"}); err != nil {
		t.Fatal(err)
	}
	want := map[int64]Analytics{
		1: {ArrivedAt: at(0), ArrivalType: 10, ActedAt: at(5), ActionType: 90, VacancyTitle: "Водитель", OwnerID: 501},
		2: {ArrivedAt: at(2), ArrivalType: 30, VacancyTitle: "Бухгалтер", OwnerID: 502}, // the invite came before the response
		3: {ArrivedAt: at(3), ArrivalType: 50},
		4: {ArrivedAt: at(4), ArrivalType: 40, ActedAt: at(4), ActionType: 60},
	}
	for _, bodies := range []bool{false, true} {
		seen := 0
		err := s.EachEntry(ctx, ListQuery{}, bodies, func(d EntryDetail) error {
			seen++
			got := d.Analytics
			got.ArrivedAt, got.ActedAt = got.ArrivedAt.UTC(), got.ActedAt.UTC()
			if w := want[d.ResumeID]; got != w {
				t.Errorf("bodies %v, resume %d: %+v, want %+v", bodies, d.ResumeID, got, w)
			}
			return nil
		})
		if err != nil || seen != len(want) {
			t.Fatalf("bodies %v: %d resumes, %v", bodies, seen, err)
		}
	}
}

// EachResumeEvents gives each resume's events in time order, one resume
// at a time, within the query's scope and folder.
func TestEachResumeEvents(t *testing.T) {
	s, _ := openTest(t)
	at := func(h int) time.Time { return baseTime.Add(time.Duration(h) * time.Hour) }
	mustUpsert(t, s,
		Entry{ResumeID: 1, Scope: ScopeMine, Folder: FolderConsidered, LastName: "Иванова", Events: []Event{
			{Type: 70, DateEvent: at(9)}, {VacancyID: 7, Type: 10, DateEvent: at(0)}}},
		Entry{ResumeID: 2, Scope: ScopeCompany, Folder: FolderInbox, Events: []Event{{VacancyID: 8, Type: 30, DateEvent: at(2)}}},
		Entry{ResumeID: 3, Scope: ScopeMine, Folder: FolderInbox, Events: []Event{{VacancyID: 9, Type: 10, DateEvent: at(3)}}},
	)
	var got []string
	err := s.EachResumeEvents(ctx, ListQuery{Scope: ScopeMine}, func(r ResumeEvents) error {
		for _, ev := range r.Events {
			got = append(got, fmtEvent(r, ev))
		}
		return nil
	})
	want := []string{"1 Иванова 10 0", "1 Иванова 70 9", "3  10 3"}
	if err != nil || len(got) != len(want) {
		t.Fatalf("%v %v, want %v", got, err, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("event %d: %q, want %q", i, got[i], want[i])
		}
	}
}

func fmtEvent(r ResumeEvents, ev Event) string {
	return fmt.Sprintf("%d %s %d %d", r.ResumeID, r.LastName, ev.Type, int(ev.DateEvent.Sub(baseTime).Hours()))
}
