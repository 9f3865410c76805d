package criteria

import (
	"testing"
	"time"

	"hrdesk/config"
	"hrdesk/query"
)

// Every set goes to the line and back (issue 31 §2: the filter dialog's
// choices written on the line, the line read back as the chips): Set ->
// Query -> Set, alone and with other terms, each filter in each of its
// forms; what the language cannot say stays on base (Unsaid).
func TestSetQuerySetRoundTrip(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2026, 11, d, 0, 0, 0, 0, time.UTC) }
	sets := []Set{
		{},
		{SalaryFrom: 60000},
		{SalaryTo: 90000},
		{SalaryFrom: 60000, SalaryTo: 90000},
		{AgeFrom: 18},
		{AgeTo: 45},
		{AgeFrom: 18, AgeTo: 45},
		{OnlyNew: true},
		{Stale: true},
		{VacancyID: 501},
		{Education: 3},
		{Education: 99},                         // no word: stays on base
		{Responded: config.Responded{Days: 30}}, // the last days: stays on base
		{Responded: config.Responded{From: day(1)}},
		{Responded: config.Responded{To: day(20)}},
		{Responded: config.Responded{From: day(1), To: day(20)}, SalaryFrom: 1, AgeTo: 99, OnlyNew: true, Stale: true,
			VacancyID: 7, Education: 6},
	}
	for _, rest := range []string{"", "водитель", `водитель -has:comment or town:"Нижний Новгород"`} {
		r, err := query.Parse(rest)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range sets {
			line := Line(s, r)
			got, left, ok := Read(s.Unsaid(), line)
			if !ok || got != s || left.String() != r.String() {
				t.Errorf("%+v with %q: the line %q reads back %+v, rest %q", s, rest, line, got, left.String())
			}
		}
	}
}

// Each of the line's terms but its words is a chip of its own, as the
// line writes it, after the set's; a term of a filter base holds already
// is one too (the chips say both: the list ANDs them).
func TestTermChips(t *testing.T) {
	s, rest, ok := Read(Set{SalaryFrom: 1000}, `Водитель "ночные смены" -has:comment new or stale salary>=5 -склад зп<9 town:Москва`)
	if !ok || s != (Set{SalaryFrom: 1000}) {
		t.Fatalf("read %+v %v", s, ok)
	}
	var got []string
	for _, c := range TermChips(rest) {
		if c.Kind != Term || c.Short != c.Label {
			t.Errorf("chip %+v", c)
		}
		got = append(got, c.Label)
	}
	want := []string{"-has:comment", "new or stale", "salary>=5", "-склад", "salary<9", "town:Москва"}
	if len(got) != len(want) {
		t.Fatalf("chips %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("chip %d: %q, want %q", i, got[i], want[i])
		}
	}
	if _, _, ok := Read(Set{}, "zp>1"); ok {
		t.Error("a mistaken line read as a query")
	}
}

// A chip taken off takes its terms off the line: the last term chip
// first, then the set's filters from the last, each filter's every term
// (both ends of a period); a filter base holds is said to the caller.
func TestWithoutLastChip(t *testing.T) {
	base := Set{Responded: config.Responded{Days: 7}}
	line := "водитель responded>=2026-11-01 stale -has:comment responded<=2026-11-20 salary>=60000 town:Москва бух"
	steps := []struct {
		kind Kind
		line string
	}{
		{Term, "водитель responded>=2026-11-01 stale -has:comment responded<=2026-11-20 salary>=60000 бух"},
		// base's 7 days: the dates are terms of their own
		{Term, "водитель responded>=2026-11-01 stale -has:comment salary>=60000 бух"},
		{Term, "водитель responded>=2026-11-01 stale salary>=60000 бух"},
		{Term, "водитель stale salary>=60000 бух"},
		{Stale, "водитель salary>=60000 бух"},
		{Salary, "водитель бух"},
		{Responded, "водитель бух"}, // base's: the line keeps its words
	}
	q, err := query.Parse(line)
	if err != nil {
		t.Fatal(err)
	}
	for i, st := range steps {
		var kind Kind
		var ok bool
		q, kind, ok = WithoutLastChip(base, q)
		if !ok || kind != st.kind || q.String() != st.line || !q.Typing {
			t.Fatalf("step %d: %v %v %q typing %v, want %v %q", i, ok, kind, q.String(), q.Typing, st.kind, st.line)
		}
		if kind != Term {
			base = base.Without(kind)
		}
	}
	if _, _, ok := WithoutLastChip(base, q); ok {
		t.Errorf("words alone have no chip")
	}
	// A period of dates is one chip: both its terms go together; the last
	// clause gone, no word is being typed.
	q, _ = query.Parse("водитель responded>=2026-11-01 responded<=2026-11-20")
	if q, kind, ok := WithoutLastChip(Set{}, q); !ok || kind != Responded || q.String() != "водитель" || q.Typing {
		t.Errorf("a period: %v %v %q typing %v", ok, kind, q.String(), q.Typing)
	}
	// Words joined by or, typed last, are a chip: taken off, the word before it
	// is no longer being typed.
	q, _ = query.Parse("водитель склад or база")
	if !q.Typing {
		t.Fatal("a line ending in a word is not being typed")
	}
	if q, kind, ok := WithoutLastChip(Set{}, q); !ok || kind != Term || q.String() != "водитель" || q.Typing {
		t.Errorf("words joined by or last: %v %v %q typing %v", ok, kind, q.String(), q.Typing)
	}
	// A term chip goes before a filter written after it: the vacancy's
	// chip is no term chip.
	q, _ = query.Parse("-has:comment vacancy:501")
	if q, kind, ok := WithoutLastChip(Set{}, q); !ok || kind != Term || q.String() != "vacancy:501" {
		t.Errorf("a term before the vacancy: %v %v %q", ok, kind, q.String())
	} else if q, kind, ok := WithoutLastChip(Set{}, q); !ok || kind != Vacancy || q.String() != "" {
		t.Errorf("then the vacancy: %v %v %q", ok, kind, q.String())
	}
	// new on both: off the line, and said so base drops it too.
	q, _ = query.Parse("new водитель")
	if q, kind, ok := WithoutLastChip(Set{OnlyNew: true}, q); !ok || kind != OnlyNew || q.String() != "водитель" {
		t.Errorf("new on both: %v %v %q", ok, kind, q.String())
	}
}
