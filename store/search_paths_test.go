package store

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// The words of the generated resumes: a few common, most rare, as in a
// real cache where a first letter matches nearly every resume.
var (
	pathLast  = []string{"Мельников", "Морозова", "Медведев", "Иванов", "Петрова", "Сидоров", "Кузнецова", "Попов", "Лебедева", "Козлов"}
	pathFirst = []string{"Мария", "Михаил", "Анна", "Иван", "Ольга", "Пётр"}
	pathProf  = []string{"Менеджер по продажам", "Программист Go", "Бухгалтер", "Водитель", "Продавец-консультант", "Механик"}
	pathSkill = []string{"1С:Предприятие", "Excel", "переговоры", "продажи", "PostgreSQL", "категория B", "маркетинг", "программирование"}
)

func pathsFixture(t *testing.T, n int) *Store {
	t.Helper()
	s, _ := openTest(t)
	folders := []string{FolderInbox, FolderInbox, FolderConsidered, FolderInvited, FolderRefused}
	var batch []Entry
	for i := range n {
		e := entry(int64(1000+i*7), folders[i%len(folders)], (i*37)%200)
		e.LastName, e.FirstName = pathLast[i%len(pathLast)], pathFirst[i/3%len(pathFirst)]
		e.Profession = pathProf[i/5%len(pathProf)]
		e.Skills = pathSkill[i%len(pathSkill)] + ", " + pathSkill[i/7%len(pathSkill)]
		e.WorkHistory = fmt.Sprintf("ООО «Ромашка %d», %s", i%97, pathProf[i/11%len(pathProf)])
		e.Salary, e.Age = int64(30000+i%9*10000), 20+i%40
		e.IsNew = i%3 == 0
		if i%5 == 2 {
			e.Scope = ScopeCompany // four in five are the own list's, as in a real cache
		}
		batch = append(batch, e)
		if len(batch) == 200 {
			mustUpsert(t, s, batch...)
			batch = nil
		}
	}
	mustUpsert(t, s, batch...)
	return s
}

// reference lists what q selects with the search as a plain subquery of
// the index: the answer each of the search's plans must give.
func reference(t *testing.T, s *Store, q ListQuery) []int64 {
	t.Helper()
	match := SearchQuery(q.Search)
	q.Search = ""
	w, _, err := s.where(ctx, &q, true)
	if err != nil {
		t.Fatal(err)
	}
	query := "SELECT e.resume_id FROM entries e" + w.clause +
		" AND e.resume_id IN (SELECT rowid FROM entries_fts WHERE entries_fts MATCH ?)" + q.orderBy() +
		fmt.Sprintf(" LIMIT %d OFFSET %d", q.limit(), max(q.Offset, 0))
	rows, err := s.r.Query(query, append(w.args, match)...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := []int64{}
	for rows.Next() {
		var id int64
		rows.Scan(&id)
		out = append(out, id)
	}
	return out
}

// Asking the index per row, asking a set per row, and starting from the
// matches give the same rows in the same order, and the same counts, for
// common and rare words, in a folder and in every folder, with filters,
// in every order, on the first page and further.
func TestSearchPathsAgree(t *testing.T) {
	t.Parallel()
	s := pathsFixture(t, 400)
	plans := []struct {
		name string
		plan searchPlan
	}{
		{"ask-the-index", searchPlan{0, 0, 0, 0}},
		{"ask-the-set", searchPlan{1e12, 0, 0, 1e12}},
		{"start-from-matches", searchPlan{1e12, 1 << 30, 1 << 30, 0}},
	}
	texts := []string{"М", "Ме", "мельник", "про", "прог", "иван ", "1С", "ромашка 4", "Мария Ме", "zz"}
	queries := []ListQuery{
		{Folder: FolderInbox, Limit: 30},
		{Limit: 30},
		{Folder: FolderInbox, Limit: 30, OnlyNew: true, SalaryFrom: 50000},
		{Folder: FolderInbox, Limit: 20, Offset: 40},
		{Folder: FolderConsidered, Limit: 50, SortBy: SortBySalary},
		{Limit: 25, SortBy: SortByAge, Ascending: true},
		{Limit: 100, Offset: 150, Ascending: true},
		// The profile's scope, as the workstation and the command line ask
		// (store.Scoped).
		{Scope: ScopeMine, Limit: 30},
		{Scope: ScopeMine, Folder: FolderInbox, Limit: 30, OnlyNew: true},
		{Scope: ScopeCompany, Limit: 30, SortBy: SortBySalary},
	}
	for _, text := range texts {
		for _, q := range queries {
			q.Search = text
			want := reference(t, s, q)
			var wantCount int
			for _, p := range plans {
				s.plan = p.plan
				got := list(t, s, q)
				if !slices.Equal(got, want) {
					t.Errorf("%s %q %+v:\n got %v\nwant %v", p.name, text, q, got, want)
				}
				if q.Offset > 0 {
					continue // a count does not page; the others count the same filters
				}
				n, err := s.CountEntries(ctx, ListQuery{Folder: q.Folder, Scope: q.Scope, OnlyNew: q.OnlyNew, SalaryFrom: q.SalaryFrom,
					Search: text})
				if err != nil {
					t.Fatal(err)
				}
				if p.name == plans[0].name {
					wantCount = n
				} else if n != wantCount {
					t.Errorf("%s %q %+v: count %d, another plan %d", p.name, text, q, n, wantCount)
				}
			}
		}
	}
	// The fixture has common words and rare ones, as the plans need.
	for text, atLeast := range map[string]int{"М": 300, "мельник": 30} {
		if n, _ := s.CountEntries(ctx, ListQuery{Search: text}); n < atLeast {
			t.Errorf("%q matches %d of the fixture, want ≥ %d", text, n, atLeast)
		}
	}
}

// No word SearchQuery makes is two of the index's tokens: a phrase, which
// the index refuses (detail = none). Every code point is tried inside a
// word, against the tokenizer the index uses.
func TestSearchWordsAreTokens(t *testing.T) {
	t.Parallel()
	s, _ := openTest(t)
	if _, err := s.w.Exec(`CREATE VIRTUAL TABLE temp.tok USING fts5 (x, tokenize = 'unicode61 remove_diacritics 2');
		CREATE VIRTUAL TABLE temp.tok_terms USING fts5vocab (temp, tok, 'instance')`); err != nil {
		t.Fatal(err)
	}
	// A document per block of code points, each word "a<r>b"; a block
	// with more tokens than words is checked rune by rune.
	var words []string
	var runes []rune
	flush := func() {
		if len(words) == 0 {
			return
		}
		if _, err := s.w.Exec("DELETE FROM temp.tok; INSERT INTO temp.tok (rowid, x) VALUES (1, ?)", strings.Join(words, " ")); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := s.w.QueryRow("SELECT count(*) FROM temp.tok_terms").Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != len(words) {
			for _, r := range runes {
				q := SearchQuery("a" + string(r) + "b")
				if _, err := s.ListEntries(ctx, ListQuery{Search: "a" + string(r) + "b"}); err != nil {
					t.Errorf("%U: %s: %v", r, q, err)
				}
			}
		}
		words, runes = words[:0], runes[:0]
	}
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		if !isTokenRune(r) || (r >= 0xd800 && r < 0xe000) {
			continue
		}
		words, runes = append(words, "a"+string(r)+"b"), append(runes, r)
		if len(words) == 4096 {
			flush()
		}
	}
	flush()
	// And a stress mark stays inside its word, as the tokenizer keeps it.
	mustUpsert(t, s, entry(1, FolderInbox, 1))
	if got := list(t, s, ListQuery{Search: "Ива\u0301н"}); !slices.Equal(got, []int64{1}) {
		t.Errorf("a stressed name: %v", got)
	}
}

// Only prefixes of up to three letters, which the index keeps lists for,
// are asked per row; a longer one would be expanded at every question.
func TestShortPrefixes(t *testing.T) {
	for text, want := range map[string]bool{"М": true, "Мел": true, "Мель": false, "мельник ": true,
		"мельник М": true, "Анна Мель": false, "1С": true} {
		if got := shortPrefixes(SearchQuery(text)); got != want {
			t.Errorf("%q (%s): %v, want %v", text, SearchQuery(text), got, want)
		}
	}
}
