package store

import (
	"slices"
	"strings"
	"testing"
	"time"
)

func TestUpsertListSortFilter(t *testing.T) {
	s, _ := openTest(t)
	a := entry(1, FolderInbox, 1)
	a.Salary, a.Age = 0, 25 // unknown salary
	b := entry(2, FolderInbox, 3)
	b.Salary, b.Age = 90000, 0 // unknown age
	c := entry(3, FolderInbox, 2)
	c.Salary, c.Age, c.IsNew = 40000, 40, true
	c.Events = append(c.Events, Event{VacancyID: 9, Type: 10, DateEvent: baseTime.Add(50 * time.Hour)})
	d := entry(4, FolderInvited, 5)
	d.Scope = ScopeCompany
	mustUpsert(t, s, a, b, c, d)

	cases := []struct {
		name string
		q    ListQuery
		want []int64
	}{
		{"inbox newest first", ListQuery{Folder: FolderInbox}, []int64{2, 3, 1}},
		{"inbox oldest first", ListQuery{Folder: FolderInbox, Ascending: true}, []int64{1, 3, 2}},
		{"all folders", ListQuery{}, []int64{4, 2, 3, 1}},
		{"salary desc, unknown last", ListQuery{Folder: FolderInbox, SortBy: SortBySalary}, []int64{2, 3, 1}},
		{"salary asc, unknown last", ListQuery{Folder: FolderInbox, SortBy: SortBySalary, Ascending: true}, []int64{3, 2, 1}},
		{"age desc, unknown last", ListQuery{Folder: FolderInbox, SortBy: SortByAge}, []int64{3, 1, 2}},
		{"age asc, unknown last", ListQuery{Folder: FolderInbox, SortBy: SortByAge, Ascending: true}, []int64{1, 3, 2}},
		{"vacancy 9 (not the latest event's)", ListQuery{VacancyID: 9}, []int64{3}},
		{"vacancy 7", ListQuery{VacancyID: 7}, []int64{4, 2, 3, 1}},
		{"scope company", ListQuery{Scope: ScopeCompany}, []int64{4}},
		{"only new", ListQuery{OnlyNew: true}, []int64{3}},
		{"paging", ListQuery{Folder: FolderInbox, Offset: 1, Limit: 1}, []int64{3}},
	}
	for _, tc := range cases {
		if got := list(t, s, tc.q); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
		if n, err := s.CountEntries(ctx, ListQuery{Folder: tc.q.Folder, VacancyID: tc.q.VacancyID, Scope: tc.q.Scope, OnlyNew: tc.q.OnlyNew}); err != nil || (tc.q.Limit == 0 && n != len(tc.want)) {
			t.Errorf("%s: count %d, %v", tc.name, n, err)
		}
	}

	row := mustRows(t, s, ListQuery{Folder: FolderInbox, Limit: 1})[0]
	if row.DisplayName != "Петров2 Иван" || row.VacancyID != 7 || row.Town != "Москва" || !row.LastEventAt.Equal(baseTime.Add(72*time.Hour)) {
		t.Errorf("row = %+v", row)
	}
	rc := mustRows(t, s, ListQuery{OnlyNew: true})[0]
	if rc.VacancyID != 9 {
		t.Errorf("vacancy of the latest event with id_vac: %d, want 9", rc.VacancyID)
	}

	counts, err := s.FolderCounts(ctx, ScopeAll)
	if err != nil {
		t.Fatal(err)
	}
	want := []FolderCount{{FolderInbox, 3, 1, 0}, {FolderInvited, 1, 0, 0}, {FolderConsidered, 0, 0, 0}, {FolderRefused, 0, 0, 0}}
	if !slices.Equal(counts, want) {
		t.Errorf("folder counts %v, want %v", counts, want)
	}
	vc, err := s.VacancyCounts(ctx, ScopeAll, "")
	if err != nil || len(vc) != 2 || vc[0].VacancyID != 7 || vc[0].Total != 4 || vc[1].VacancyID != 9 || vc[1].New != 1 {
		t.Errorf("vacancy counts %+v %v", vc, err)
	}

	// Update: the entry moves on the server and loses its vacancy 9 event.
	c.Folder, c.Events = FolderRefused, c.Events[:1]
	mustUpsert(t, s, c)
	if got := list(t, s, ListQuery{VacancyID: 9}); len(got) != 0 {
		t.Errorf("vacancy 9 after update: %v", got)
	}
	if f := folderOf(t, s, 3); f != FolderRefused {
		t.Errorf("folder after server move: %s", f)
	}
	evs, err := s.Events(ctx, 3)
	if err != nil || len(evs) != 1 || evs[0].Text != "откликнулся" {
		t.Errorf("events %+v %v", evs, err)
	}

	// Seen in the company list too: stays mine.
	a.Scope = ScopeCompany
	mustUpsert(t, s, a)
	if d, _ := s.Entry(ctx, 1); d.Scope != ScopeMine || string(d.RawJSON) != `{"id":1}` {
		t.Errorf("entry 1 = %+v", d)
	}
}

func mustRows(t *testing.T, s *Store, q ListQuery) []EntryRow {
	t.Helper()
	rows, err := s.ListEntries(ctx, q)
	if err != nil || len(rows) == 0 {
		t.Fatalf("list %+v: %v %v", q, rows, err)
	}
	return rows
}

func TestUpsertValidation(t *testing.T) {
	s, _ := openTest(t)
	bad := entry(5, "nowhere", 1)
	if err := s.UpsertEntries(ctx, []Entry{entry(4, FolderInbox, 1), bad}); err == nil {
		t.Fatal("bad folder accepted")
	}
	if got := list(t, s, ListQuery{}); len(got) != 0 {
		t.Fatalf("partial batch written: %v", got)
	}
	userFolder := entry(6, "12345", 1)
	mustUpsert(t, s, userFolder)
	if got := list(t, s, ListQuery{Folder: "12345"}); len(got) != 1 {
		t.Fatalf("user folder: %v", got)
	}
}

// TestTextsafeAtEntry: escape sequences from the API never reach a listed
// row, nor the resume object the cache keeps.
func TestTextsafeAtEntry(t *testing.T) {
	s, _ := openTest(t)
	e := entry(1, FolderInbox, 1)
	e.Profession = "Dev\x1b[31mOps\x1b]52;c;ZXZpbA==\x07\u202e"
	e.FirstName = "Ива\rн"
	e.Events[0].Text = "\x1b[2Jclear"
	e.RawJSON = []byte(`{"profession":"Dev\u001b[31mOps"}`)
	mustUpsert(t, s, e)
	row := mustRows(t, s, ListQuery{})[0]
	if row.Profession != "DevOps" || row.FirstName != "Иван" {
		t.Fatalf("row not cleaned: %q %q", row.Profession, row.FirstName)
	}
	evs, err := s.Events(ctx, 1)
	if err != nil || len(evs) == 0 {
		t.Fatalf("events of 1: %v %v", evs, err)
	}
	if strings.ContainsRune(evs[0].Text, 0x1b) {
		t.Fatalf("event text not cleaned: %q", evs[0].Text)
	}
	// The object too, once, as it is written (issue 22 §3).
	d, _ := s.Entry(ctx, 1)
	if string(d.RawJSON) != `{"profession":"DevOps"}` {
		t.Fatalf("raw JSON not cleaned: %s", d.RawJSON)
	}
	s.ReplaceComments(ctx, 1, []Comment{{ID: 3, Text: "a\x1b[1mb", Author: "x\x07y"}})
	cs, _ := s.Comments(ctx, 1)
	if len(cs) != 1 || cs[0].Text != "ab" || cs[0].Author != "xy" {
		t.Fatalf("comments not cleaned: %+v", cs)
	}
}

func TestCatalogues(t *testing.T) {
	s, _ := openTest(t)
	if err := s.ReplaceTemplates(ctx, TemplateInvitation, true, []Template{{ID: 2, Name: "B"}, {ID: 1, Name: "A\x1b[0m"}}); err != nil {
		t.Fatal(err)
	}
	set, err := s.Templates(ctx, TemplateInvitation)
	if err != nil || !set.SendSMS || len(set.Templates) != 2 || set.Templates[0].ID != 2 || set.Templates[1].Name != "A" {
		t.Fatalf("templates %+v %v", set, err)
	}
	if set, _ := s.Templates(ctx, TemplateRejection); len(set.Templates) != 0 || !set.SyncedAt.IsZero() {
		t.Fatalf("unsynced kind %+v", set)
	}
	if err := s.ReplaceVacancies(ctx, []Vacancy{{ID: 7, Profession: "Водитель", Published: 1}, {ID: 8, IsArchive: true}}); err != nil {
		t.Fatal(err)
	}
	vs, err := s.Vacancies(ctx)
	if err != nil || len(vs) != 2 || vs[0].ID != 7 {
		t.Fatalf("vacancies %+v %v", vs, err)
	}
	if _, err := s.User(ctx); err == nil {
		t.Fatal("user before sync")
	}
	s.SetUser(ctx, User{ID: 1, Name: "Ольга", Email: "o@example.com"})
	if u, err := s.User(ctx); err != nil || u.Name != "Ольга" {
		t.Fatalf("user %+v %v", u, err)
	}
	s.ReplaceSelections(ctx, []Selection{{ID: 3, Name: "водители"}})
	if sel, err := s.Selections(ctx); err != nil || len(sel) != 1 {
		t.Fatalf("selections %+v %v", sel, err)
	}
	// The vacancy title reaches the vacancy counts.
	mustUpsert(t, s, entry(1, FolderInbox, 1))
	if vc, _ := s.VacancyCounts(ctx, ScopeMine, FolderInbox); len(vc) != 1 || vc[0].Title != "Водитель" {
		t.Fatalf("vacancy counts %+v", vc)
	}
}
