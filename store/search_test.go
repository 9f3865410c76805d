package store

import (
	"slices"
	"testing"
)

func TestSearchQuery(t *testing.T) {
	cases := map[string]string{
		"":               "",
		"   ":            "",
		`"`:              "",
		"иван":           `"иван"*`,
		"иван ":          `"иван"`,
		"Иван Петров":    `"Иван" "Петров"*`,
		`a AND b`:        `"a" "AND" "b"*`,
		`-x:y* "z`:       `"x" "y" "z"*`,
		`NEAR(a b)`:      `"NEAR" "a" "b"`,
		"c++ developer":  `"c" "developer"*`,
		"1С:Предприятие": `"1С" "Предприятие"*`,
		"ООО «Ромашка»":  `"ООО" "Ромашка"`,
		"e\u0301cole":    "\"e\u0301cole\"*",
		"a\x1b[31mb":     `"a" "31mb"*`,
		"*":              "",
		"OR":             `"OR"*`,
	}
	for in, want := range cases {
		if got := SearchQuery(in); got != want {
			t.Errorf("SearchQuery(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestSearch(t *testing.T) {
	s, _ := openTest(t)
	ivan := entry(1, FolderInbox, 1) // Иван Петров1, Водитель
	olga := entry(2, FolderInvited, 2)
	olga.FirstName, olga.LastName, olga.Profession = "Ольга", "Ёлкина", "Бухгалтер"
	olga.Skills, olga.WorkHistory = "1С:Предприятие, Excel", "ООО Ромашка: главный бухгалтер"
	other := entry(3, FolderInbox, 3)
	other.FirstName, other.LastName, other.Profession, other.Skills = "Пётр", "Сидоров", "Программист Go", "AND OR NOT"
	mustUpsert(t, s, ivan, olga, other)
	s.ReplaceComments(ctx, 3, []Comment{{ID: 10, Text: "сильный кандидат, перезвонить"}})

	cases := []struct {
		q    string
		want []int64
	}{
		{"Иван", []int64{1}},
		{"иван", []int64{1}},
		{"ИВАН", []int64{1}},
		{"ива", []int64{1}},    // prefix while typing
		{"ива ", nil},          // a finished word is not a prefix
		{"елкина", []int64{2}}, // ё = е
		{"Ёлкина", []int64{2}}, //
		{"бухгалтер ромашка", []int64{2}},
		{"предприятие", []int64{2}},
		{"перезвон", []int64{3}}, // comments are searched
		{"AND", []int64{3}},      // an operator is just a word
		{`"`, nil}, {`*`, nil}, {`-`, nil}, {`:`, nil}, {`NEAR(`, nil}, {`a"b`, nil}, {`(`, nil},
		{`петров1 OR сидоров`, nil}, // OR is a word here, not an operator
	}
	for _, tc := range cases {
		got, err := s.ListEntries(ctx, ListQuery{Search: tc.q})
		if err != nil {
			t.Errorf("search %q: %v", tc.q, err)
			continue
		}
		if g := ids(got); !slices.Equal(g, tc.want) && !(len(g) == 0 && len(tc.want) == 0) {
			t.Errorf("search %q = %v, want %v", tc.q, g, tc.want)
		}
		if _, err := s.CountEntries(ctx, ListQuery{Search: tc.q}); err != nil {
			t.Errorf("count %q: %v", tc.q, err)
		}
	}
	// Combined with the list filters.
	if got := list(t, s, ListQuery{Search: "иван", Folder: FolderInvited}); len(got) != 0 {
		t.Errorf("search in another folder: %v", got)
	}
	if got := list(t, s, ListQuery{Search: "москва"}); len(got) != 0 {
		t.Errorf("town is not a search column: %v", got)
	}
	// Deleting a comment's text from the cache removes it from search.
	s.ReplaceComments(ctx, 3, nil)
	if got := list(t, s, ListQuery{Search: "перезвон"}); len(got) != 0 {
		t.Errorf("stale comment found: %v", got)
	}
	// An update replaces the document.
	ivan.Profession = "Механик"
	mustUpsert(t, s, ivan)
	if got := list(t, s, ListQuery{Search: "водитель"}); !slices.Equal(got, []int64{}) && len(got) != 0 {
		t.Errorf("stale profession found: %v", got)
	}
	if got := list(t, s, ListQuery{Search: "механик"}); !slices.Equal(got, []int64{1}) {
		t.Errorf("new profession: %v", got)
	}
}
