package store

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// writeV16Facts makes a file as schema 16 left es: the store's upsert (the
// facts' key column of migration 17 there only while it writes), then the
// texts that version kept: the display name, a name and town key, contacts
// as text.
func writeV16Facts(t *testing.T, path string, es []Entry) {
	t.Helper()
	opt := Options{BusyTimeout: 1e9}
	db, err := sql.Open("sqlite", dsn(path, opt, false))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if err := migrate(ctx, db, 16, &opt); err != nil {
		t.Fatal(err)
	}
	s := &Store{path: path, w: db, r: db, now: time.Now, plan: defaultSearchPlan}
	mustExec(t, db, "ALTER TABLE entry_facts ADD COLUMN person_key INTEGER NOT NULL DEFAULT 0")
	mustUpsert(t, s, es...)
	mustExec(t, db, "ALTER TABLE entry_facts DROP COLUMN person_key")
	mustExec(t, db, "DELETE FROM entry_contacts")
	for _, e := range es {
		f := factsOf(e.RawJSON, e.FirstName, e.LastName, e.MiddleName, e.Town, e.Age, time.Time{}, 0)
		mustExec(t, db, "UPDATE entry_facts SET name_key = ?, town_key = ? WHERE resume_id = ?", f.name, f.town, e.ResumeID)
		mustExec(t, db, "UPDATE entries SET display_name = ? WHERE resume_id = ?",
			displayName(e.LastName, e.FirstName, e.MiddleName), e.ResumeID)
		for _, k := range f.contacts {
			mustExec(t, db, "INSERT OR IGNORE INTO entry_contacts (resume_id, key) VALUES (?, ?)", e.ResumeID, k)
		}
	}
}

// Migration 17 keeps names and contacts as 64-bit keys and the display name
// not at all (issue 28 §7: the cache ≤ 200 MiB per 100k): a cache upgraded
// to it recognises the same repeat applicants as one written by this
// version, and shows the same names.
func TestKeysUpgradeKeepsTheRepeatApplicants(t *testing.T) {
	t.Parallel()
	jan := time.Date(2026, 1, 15, 10, 0, 0, 0, time.UTC)
	nov := time.Date(2026, 11, 10, 10, 0, 0, 0, time.UTC)
	es := []Entry{
		applicant(3, "Фёдоров", "Пётр", "Ильич", "Казань", 40, jan, ``),
		applicant(4, "Федоров", "Петр", "Ильич", "казань", 41, nov, ``),
		applicant(5, "Федоров", "Петр", "Ильич", "Самара", 40, jan, `,"id_user":7001`),
		applicant(9, "Смирнов", "Олег", "", "Тверь", 0, jan, `,"phone1":"+7 (900) 123-45-67"`),
		applicant(10, "Кузнецов", "Олег", "", "Тула", 0, nov, `,"phone2":"8 900 1234567","email":"OLEG@example.com"`),
		applicant(11, "Попов", "Иван", "", "Уфа", 0, nov, `,"email":"oleg@Example.com "`),
		applicant(12, "Ким", "Ли", "", "Сочи", 0, jan, `,"phone1":"+7 (901) 123-45-67"`),
	}
	path := filepath.Join(t.TempDir(), "cache.db")
	writeV16Facts(t, path, es)
	s, _ := openAt(t, path)
	ref, _ := openTest(t)
	mustUpsert(t, ref, es...)
	others := func(s *Store, id int64) []int64 {
		apps, err := s.Applications(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		var out []int64
		for _, a := range apps {
			out = append(out, a.ResumeID)
		}
		slices.Sort(out)
		return out
	}
	want := map[int64][]int64{3: {4}, 4: {3}, 5: nil, 9: {10}, 10: {9, 11}, 11: {10}, 12: nil}
	for _, e := range es {
		if got, new := others(s, e.ResumeID), others(ref, e.ResumeID); !slices.Equal(got, want[e.ResumeID]) || !slices.Equal(new, got) {
			t.Errorf("resume %d: upgraded %v, written anew %v, want %v", e.ResumeID, got, new, want[e.ResumeID])
		}
	}
	// Written after the upgrade by this version's code: the same keys.
	late := []Entry{applicant(20, "Федоров", "Пётр", "Ильич", "Казань", 41, nov, ``),
		applicant(21, "Орлов", "Иван", "", "Тверь", 0, nov, `,"phone1":"89001234567","email":"ivan@example.com"`)}
	mustUpsert(t, s, late...)
	mustUpsert(t, ref, late...)
	for id, want := range map[int64][]int64{20: {3, 4}, 21: {9, 10}} {
		if got, new := others(s, id), others(ref, id); !slices.Equal(got, want) || !slices.Equal(new, got) {
			t.Errorf("resume %d written after the upgrade: upgraded %v, written anew %v, want %v", id, got, new, want)
		}
	}
	ids := []int64{3, 4, 5, 9, 10, 11, 12}
	got, err := s.RepeatCounts(ctx, ids)
	if err != nil {
		t.Fatal(err)
	}
	if new, err := ref.RepeatCounts(ctx, ids); err != nil || fmt.Sprint(got) != fmt.Sprint(new) || len(got) != 5 {
		t.Errorf("repeat counts upgraded %v, written anew %v (%v)", got, new, err)
	}
	rows, err := s.ListEntries(ctx, ListQuery{Limit: 10})
	if err != nil || len(rows) != len(es)+len(late) {
		t.Fatalf("%d rows: %v", len(rows), err)
	}
	for _, r := range rows {
		if r.ResumeID == 3 && r.DisplayName != "Фёдоров Пётр Ильич" || r.ResumeID == 9 && r.DisplayName != "Смирнов Олег" {
			t.Errorf("resume %d shows as %q", r.ResumeID, r.DisplayName)
		}
	}
	var n int
	if err := s.r.QueryRow(`SELECT (SELECT count(*) FROM pragma_table_info('entries') WHERE name = 'display_name')
		+ (SELECT count(*) FROM pragma_table_info('entry_facts') WHERE name IN ('name_key', 'town_key'))`).Scan(&n); err != nil || n != 0 {
		t.Errorf("the texts are still there: %d, %v", n, err)
	}
}
