package criteria

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"hrdesk/config"
	"hrdesk/query"
	"hrdesk/store"
)

// testEnv is a profile's query env (query.ProfileEnv): a user folder, the
// own and the company's vacancies.
func testEnv() query.Env {
	return query.ProfileEnv(
		[]config.Folder{{ID: 12, Name: "Кадровый резерв"}, {ID: 14, Name: "Ёлки"}, {ID: 15, Name: "ёлки"}},
		[]store.Vacancy{{ID: 7, Profession: "Водитель погрузчика"}, {ID: 8, Profession: "Бухгалтер на склад"}},
		[]store.CompanyVacancy{{ID: 9, Profession: "Водитель-экспедитор"}, {ID: 8, Profession: "Бухгалтер на склад"}},
		now, 72*time.Hour)
}

// A saved view's `query` is read with the view: kept as written, its
// mistake an error naming the setting with the query's place in it.
func TestFromConfigReadsTheQuery(t *testing.T) {
	v := config.View{Name: "Тихие", Key: "w", Salary: "50000-", Query: "salary>=1 -has:comment"}
	set, _, _, err := FromConfig(v)
	if err != nil || set.SalaryFrom != 50000 {
		t.Fatalf("%+v %v", set, err)
	}
	v.Query = "зп>=1 -есть:коммент"
	_, _, _, err = FromConfig(v)
	var qe *query.Error
	if !errorsAs(err, &qe) || qe.Code != query.BadValue || qe.Col != 12 {
		t.Errorf("a mistaken query: %v", err)
	}
}

func errorsAs(err error, out **query.Error) bool {
	for err != nil {
		if e, ok := err.(*query.Error); ok {
			*out = e
			return true
		}
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			return false
		}
		err = u.Unwrap()
	}
	return false
}

// The filters are terms of the query and back (issue 31 §2): a set's
// query read back is the set; a line's terms the set can say become it,
// the rest stays the line's, and nothing the set holds already is
// replaced.
func TestSetIsAQuery(t *testing.T) {
	s := every()
	s.Responded = config.Responded{} // a period is no term (calendar days)
	q := s.Query()
	if got := q.String(); got != "salary>=80000 age:25-40 new stale vacancy:501 edu:higher" {
		t.Errorf("the set says %q", got)
	}
	back, rest := FromQuery(Set{}, q)
	if back != s || !rest.Empty() {
		t.Errorf("read back %+v, rest %q", back, rest.String())
	}
	line := "водитель salary<=90000 -new age>30 or stale vacancy:\"склад\" edu:среднее"
	qr, err := query.Parse(line)
	if err != nil {
		t.Fatal(err)
	}
	got, rest := FromQuery(Set{Education: 2}, qr)
	if want := (Set{SalaryTo: 90000, Education: 2}); got != want {
		t.Errorf("took %+v, want %+v", got, want)
	}
	if r := rest.String(); r != `водитель -new age>30 or stale vacancy:"склад" edu:secondary` {
		t.Errorf("left %q", r)
	}
	qr, _ = query.Parse("new бух")
	if _, rest := FromQuery(Set{}, qr); !rest.Typing || rest.String() != "бух" {
		t.Errorf("the word typed last stays a prefix: %+v", rest)
	}
	qr, _ = query.Parse("бух salary<1")
	if got, rest := FromQuery(Set{}, qr); got != (Set{}) || rest.String() != "бух salary<1" {
		t.Errorf("a bound below every value taken: %+v %q", got, rest.String())
	}
}

// A set and its query select the same: the list's fields compiled from
// the terms are the ones the set applies.
func TestSetQueryCompilesAsTheSet(t *testing.T) {
	s := every()
	s.Responded = config.Responded{}
	var want, got store.ListQuery
	s.Apply(&want, now, 72*time.Hour)
	q := s.Query()
	if err := q.Compile(q.String(), testEnv(), &got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the query compiles to %+v\nthe set applies %+v", got, want)
	}
}

// A period of dates is terms of the query and back (issue 31 §2: the
// filter dialog's period is the line's responded>=FROM responded<=TO), and
// both select the same; a period of the last days stays a chip.
func TestPeriodIsAQuery(t *testing.T) {
	s := every()
	s.Responded = config.Responded{From: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC), To: time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)}
	q := s.Query()
	if got := q.String(); got != "responded>=2026-11-01 responded<=2026-11-20 salary>=80000 age:25-40 new stale vacancy:501 edu:higher" {
		t.Errorf("the set says %q", got)
	}
	if back, rest := FromQuery(Set{}, q); back != s || !rest.Empty() {
		t.Errorf("read back %+v, rest %q", back, rest.String())
	}
	var want, got store.ListQuery
	s.Apply(&want, now, 72*time.Hour)
	if err := q.Compile(q.String(), testEnv(), &got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the query compiles to %+v\nthe set applies %+v", got, want)
	}
	qr, _ := query.Parse("responded>2026-10-31 responded<2026-11-21 responded>=2026-11-05")
	got2, rest := FromQuery(Set{}, qr)
	if got2.Responded != s.Responded || rest.String() != "responded>=2026-11-05" {
		t.Errorf("> and < are the next and the day before, one of each end: %+v, rest %q", got2.Responded, rest.String())
	}
	if days := (Set{Responded: config.Responded{Days: 7}}).Query(); !days.Empty() {
		t.Errorf("the last 7 days became %q", days.String())
	}
	if got, _ := FromQuery(Set{Responded: config.Responded{Days: 7}}, qr); got.Responded.Days != 7 || !got.Responded.From.IsZero() {
		t.Errorf("a date replaced the last days: %+v", got.Responded)
	}
}

// The chips and the line are one query: the line written for a set and
// the rest of a line reads back, onto what the language cannot say, as
// the same set and the same rest (what the filter dialog applied writes,
// and what editing the line makes the chips).
func TestLineIsTheChips(t *testing.T) {
	s := every() // its last 7 days stay a chip
	s.SalaryTo = 150000
	rest, err := query.Parse(`водитель -has:comment or town:"Нижний Новгород" бух`)
	if err != nil {
		t.Fatal(err)
	}
	line := Line(s, rest)
	if want := `salary:80000-150000 age:25-40 new stale vacancy:501 edu:higher водитель -has:comment or town:"Нижний Новгород" бух`; line != want {
		t.Errorf("line %q\nwant %q", line, want)
	}
	if u := s.Unsaid(); u != (Set{Responded: s.Responded}) {
		t.Errorf("unsaid %+v", u)
	}
	qr, err := query.Parse(line)
	if err != nil {
		t.Fatal(err)
	}
	back, left := FromQuery(s.Unsaid(), qr)
	if back != s || left.String() != rest.String() || !left.Typing {
		t.Errorf("read back %+v, rest %q typing %v", back, left.String(), left.Typing)
	}
	if got := Line(s, query.Query{}); !strings.HasSuffix(got, "edu:higher ") {
		t.Errorf("chips alone: %q, want a space after the last term (no prefix)", got)
	}
	if u := (Set{Education: 999}).Unsaid(); u.Education != 999 {
		t.Errorf("an education without a word was taken for a term: %+v", u)
	}
}
