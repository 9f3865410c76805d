package store

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// applicant builds an entry with the identity facts of a real answer.
func applicant(id int64, last, first, middle, town string, age int, eventAt time.Time, raw string) Entry {
	e := entry(id, FolderInbox, 0)
	e.LastName, e.FirstName, e.MiddleName, e.Town, e.Age = last, first, middle, town, age
	e.Events = []Event{{VacancyID: 7, Type: 10, DateEvent: eventAt}}
	e.RawJSON = []byte(fmt.Sprintf(`{"id":%d%s}`, id, raw))
	return e
}

func TestRepeatApplicants(t *testing.T) {
	s, _ := openTest(t)
	jan := time.Date(2026, 1, 15, 10, 0, 0, 0, time.UTC)
	nov := time.Date(2026, 11, 10, 10, 0, 0, 0, time.UTC)
	mustUpsert(t, s,
		// One account, two resumes months apart (names differ: one hides them).
		applicant(1, "Иванова", "Мария", "Петровна", "Москва", 30, jan, `,"id_user":"9001"`),
		applicant(2, "", "", "", "Москва", 30, nov, `,"id_user":9001`),
		// No account id: name, birth year (from the age, a year older now) and town.
		applicant(3, "Фёдоров", "Пётр", "Ильич", "Казань", 40, jan, ``),
		applicant(4, "Федоров", "Петр", "Ильич", "казань", 41, nov, ``),
		// Near misses of 3: the same name in another town, or of another age,
		// and one under an account of its own that differs from 5's.
		applicant(5, "Федоров", "Петр", "Ильич", "Самара", 40, jan, `,"id_user":7001`),
		applicant(6, "Федоров", "Петр", "Ильич", "Казань", 25, nov, ``),
		applicant(7, "Петров", "Сергей", "", "Омск", 35, jan, `,"id_user":7002,"birthyear":1991`),
		applicant(8, "Петров", "Сергей", "", "Омск", 35, nov, `,"id_user":7003,"birthyear":1991`),
		// Contacts once open: one phone written two ways; e-mail in any case.
		applicant(9, "Смирнов", "Олег", "", "Тверь", 0, jan, `,"phone1":"+7 (900) 123-45-67"`),
		applicant(10, "Кузнецов", "Олег", "", "Тула", 0, nov, `,"phone2":"8 900 1234567","email":"OLEG@example.com"`),
		applicant(11, "Попов", "Иван", "", "Уфа", 0, nov, `,"email":"oleg@Example.com "`),
		// A short number is not a phone to match on.
		applicant(12, "Ким", "Ли", "", "Сочи", 0, jan, `,"phone1":"12-34"`),
		applicant(13, "Ан", "Юн", "", "Сочи", 0, nov, `,"phone1":"1234"`),
	)
	// The same resume answered a second vacancy.
	second := applicant(14, "Орлов", "Денис", "", "Пермь", 28, nov, ``)
	second.Events = append(second.Events, Event{VacancyID: 8, Type: 10, DateEvent: nov.Add(time.Hour)})
	mustUpsert(t, s, second)

	want := map[int64][]int64{
		1: {2}, 2: {1}, 3: {4}, 4: {3}, 5: nil, 6: nil, 7: nil, 8: nil,
		9: {10}, 10: {9, 11}, 11: {10}, 12: nil, 13: nil,
	}
	for id, others := range want {
		apps, err := s.Applications(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		var got []int64
		for _, a := range apps {
			got = append(got, a.ResumeID)
		}
		slices.Sort(got)
		if !slices.Equal(got, others) {
			t.Errorf("resume %d: other applications %v, want %v", id, got, others)
		}
	}
	apps, err := s.Applications(ctx, 14)
	if err != nil || len(apps) != 1 || apps[0].ResumeID != 14 || apps[0].VacancyID != 7 {
		t.Errorf("the same resume's other vacancy: %+v %v", apps, err)
	}
	counts, err := s.RepeatCounts(ctx, []int64{1, 3, 5, 10, 12, 14})
	if err != nil {
		t.Fatal(err)
	}
	if !maps(counts, map[int64]int{1: 1, 3: 1, 10: 2, 14: 1}) {
		t.Errorf("repeat counts %v", counts)
	}
}

func maps(a, b map[int64]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// A cache from before migration 004 learns its applicants when opened.
func TestFactsBackfill(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cache.db")
	s, _ := openAt(t, path)
	at := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	mustUpsert(t, s, applicant(1, "Иванова", "Мария", "", "Москва", 30, at, `,"id_user":5`),
		applicant(2, "Иванова", "Мария", "", "Москва", 30, at, `,"id_user":5`))
	// As an older hrdesk left it: no identity rows, no mark.
	for _, q := range []string{"DELETE FROM entry_facts", "DELETE FROM entry_contacts", "DELETE FROM sync_meta WHERE key = 'facts_backfilled'"} {
		if _, err := s.w.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	s, _ = openAt(t, path)
	apps, err := s.Applications(ctx, 1)
	if err != nil || len(apps) != 1 || apps[0].ResumeID != 2 {
		t.Fatalf("after reopening: %+v %v", apps, err)
	}
}

// Buying contacts can reveal that two resumes are one person.
func TestContactsRevealTheSamePerson(t *testing.T) {
	s, _ := openTest(t)
	at := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	mustUpsert(t, s, applicant(1, "", "", "", "Москва", 0, at, `,"phone1":"+7 900 111 22 33"`),
		applicant(2, "", "", "", "Москва", 0, at, ``))
	if n, _ := s.RepeatCounts(ctx, []int64{2}); len(n) != 0 {
		t.Fatalf("a match before contacts were open: %v", n)
	}
	if err := s.SetResumeContacts(ctx, 2, []byte(`{"id":2,"phone1":"89001112233"}`), "Анна", "Белова", ""); err != nil {
		t.Fatal(err)
	}
	if n, _ := s.RepeatCounts(ctx, []int64{2}); n[2] != 1 {
		t.Errorf("after buying contacts: %v, want one other application", n)
	}
}
