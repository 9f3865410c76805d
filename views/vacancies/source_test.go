package vacancies

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/views/action"
)

// fakeSource is the cache as the screen reads it: its vacancies, or an
// error, and how many times it was read.
type fakeSource struct {
	list  []store.Vacancy
	err   error
	reads int
}

func (f *fakeSource) Vacancies(context.Context) ([]store.Vacancy, error) {
	f.reads++
	return f.list, f.err
}

func shownIDs(m *Model) []int64 {
	var ids []int64
	for _, v := range m.shown {
		ids = append(ids, v.ID)
	}
	return ids
}

// TestScreenLoadsThroughItsSource: the screen reads its vacancies itself,
// through the source it was built with, when shown and whenever the root
// says the cache changed; nobody hands it rows. A failed read keeps what
// it shows.
func TestScreenLoadsThroughItsSource(t *testing.T) {
	src := &fakeSource{list: vacancies()[:2]}
	m := New(newCommon(i18n.EN), src)
	m.SetSize(100, 20)

	asked := panetest.Drive(t, m, action.CacheChanged{})
	if len(asked) != 0 {
		t.Fatalf("a cache change asked %v of the root", asked)
	}
	if got := shownIDs(m); !reflect.DeepEqual(got, []int64{501, 502}) {
		t.Fatalf("after the cache changed the table shows %v, want 501, 502", got)
	}

	src.list = vacancies()[1:3]
	asked = panetest.Drive(t, m, Show{})
	if len(asked) != 1 || asked[0] != (action.RefreshVacancies{}) {
		t.Fatalf("shown, the screen asked %v; want the server's copy (RefreshVacancies)", asked)
	}
	if got := shownIDs(m); !reflect.DeepEqual(got, []int64{502, 503}) {
		t.Fatalf("shown, the table has %v, want the cache's 502, 503", got)
	}

	src.list, src.err = nil, errors.New("disk I/O error")
	panetest.Drive(t, m, action.CacheChanged{})
	if got := shownIDs(m); !reflect.DeepEqual(got, []int64{502, 503}) {
		t.Fatalf("a failed read left %v, want what was shown (502, 503)", got)
	}
	if src.reads != 3 {
		t.Fatalf("the source was read %d times, want 3", src.reads)
	}
}

// TestOnlyTheNewestLoadShows: two reads under way (a sync's change, then
// the screen shown), the older answering last, show the newer's rows.
func TestOnlyTheNewestLoadShows(t *testing.T) {
	src := &fakeSource{list: vacancies()[:1]}
	m := New(newCommon(i18n.EN), src)
	m.SetSize(100, 20)
	_, older := m.Update(action.CacheChanged{})
	oldMsg := panetest.Result(older)
	src.list = vacancies()[:3]
	_, newer := m.Update(action.CacheChanged{})
	m.Update(panetest.Result(newer))
	m.Update(oldMsg)
	if got := shownIDs(m); len(got) != 3 {
		t.Fatalf("an older read answering last replaced the rows: %v", got)
	}
}
