package query

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"hrdesk/config"
	"hrdesk/store"
)

func profileEnv() Env {
	return ProfileEnv(
		[]config.Folder{{ID: 12, Name: "Кадровый резерв"}, {ID: 14, Name: "Ёлки"}, {ID: 15, Name: "ёлки"}},
		[]store.Vacancy{{ID: 7, Profession: "Водитель погрузчика"}, {ID: 8, Profession: "Бухгалтер на склад"}},
		[]store.CompanyVacancy{{ID: 9, Profession: "Водитель-экспедитор"}, {ID: 8, Profession: "Бухгалтер на склад"}},
		now, 72*time.Hour)
}

// A user folder is found by its name in any case, ё as е; the first of
// two names alike wins; a site folder is not the env's (query knows them).
func TestProfileEnvFolders(t *testing.T) {
	e := profileEnv()
	for name, want := range map[string]string{"кадровый резерв": "12", " КАДРОВЫЙ РЕЗЕРВ ": "12", "елки": "14", "Ёлки": "14"} {
		if id, ok := e.Folder(name); !ok || id != want {
			t.Errorf("folder %q: %q %v, want %q", name, id, ok, want)
		}
	}
	for _, name := range []string{"кадровый", "inbox", ""} {
		if id, ok := e.Folder(name); ok {
			t.Errorf("folder %q found as %q", name, id)
		}
	}
	if e.Now != now || e.StaleAfter != 72*time.Hour {
		t.Errorf("clock: %v %v", e.Now, e.StaleAfter)
	}
}

// A vacancy is named by words of its title, each starting a word of it,
// own or the company's; an id in both lists is given once.
func TestProfileEnvVacancies(t *testing.T) {
	e := profileEnv()
	for title, want := range map[string][]int64{
		"водитель":            {7, 9},
		"Водитель погрузчика": {7},
		"погр вод":            {7},
		"экспедитор":          {9},
		"бухгалтер склад":     {8},
		"ВОДИТЕЛЬ-ЭКСПЕДИТОР": {9},
		"кладовщик":           nil,
		"водитель бухгалтер":  nil,
		"":                    nil,
		"   ":                 nil,
		"итель":               nil, // the middle of a word is not a word
	} {
		if got := e.Vacancies(title); !reflect.DeepEqual(got, want) {
			t.Errorf("vacancy %q: %v, want %v", title, got, want)
		}
	}
}

// The env makes a query's names ids: a user folder and a vacancy title
// compile to the store's conditions; a name nobody has is an error at it.
func TestProfileEnvCompiles(t *testing.T) {
	line := `folder:"кадровый резерв" vacancy:склад`
	qr, err := Parse(line)
	if err != nil {
		t.Fatal(err)
	}
	var q store.ListQuery
	if err := qr.Compile(line, profileEnv(), &q); err != nil {
		t.Fatal(err)
	}
	if q.Folder != "12" || q.Filter == nil || len(q.Filter.All) != 1 || !reflect.DeepEqual(q.Filter.All[0][0].IDs, []int64{8}) {
		t.Errorf("compiled to %+v (filter %+v)", q, q.Filter)
	}
	line = "folder:архив"
	qr, _ = Parse(line)
	var qe *Error
	if err := qr.Compile(line, profileEnv(), &store.ListQuery{}); !errors.As(err, &qe) || qe.Code != UnknownFolder || qe.Col != 0 {
		t.Errorf("unknown folder: %v", err)
	}
}
