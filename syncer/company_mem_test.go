package syncer

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"hrdesk/store"
)

// companyMem is memServer with the company's vacancies (CompanyCatalogue):
// every response names vacancy `names`, and the list answers with
// `vacancies` or `err`, counting its reads.
type companyMem struct {
	*memServer
	names int64

	cmu       sync.Mutex
	vacancies []store.CompanyVacancy
	err       error
	reads     int
}

func (c *companyMem) Received(ctx context.Context, q ReceivedQuery) (ReceivedPage, error) {
	p, err := c.memServer.Received(ctx, q)
	for i := range p.Entries {
		for j := range p.Entries[i].Events {
			p.Entries[i].Events[j].VacancyID = c.names
		}
	}
	return p, err
}

func (c *companyMem) CompanyVacancies(ctx context.Context) ([]store.CompanyVacancy, error) {
	c.cmu.Lock()
	defer c.cmu.Unlock()
	c.reads++
	return c.vacancies, c.err
}

func (c *companyMem) readCount() int {
	c.cmu.Lock()
	defer c.cmu.Unlock()
	return c.reads
}

func (c *companyMem) answer(vs []store.CompanyVacancy, err error) {
	c.cmu.Lock()
	c.vacancies, c.err = vs, err
	c.cmu.Unlock()
}

func companyMemRig(t *testing.T, scope store.Scope) (*companyMem, *store.Store, *Engine, *time.Time, *[]string) {
	t.Helper()
	srv := &companyMem{memServer: newMemServer(), names: 77,
		vacancies: []store.CompanyVacancy{{ID: 77, Profession: "Курьер", OwnerID: 2, Published: 1}}}
	for i := int64(1); i <= 3; i++ {
		srv.add(i, 0, testNow.Add(-time.Duration(i)*time.Hour))
	}
	st := openStore(t)
	now := testNow
	var mu sync.Mutex
	notes := &[]string{}
	eng := New(srv, st, Options{Now: func() time.Time { return now }, Owner: "test", Sleep: noSleep, Scope: scope,
		Progress: func(p Progress) {
			if p.Note != "" {
				mu.Lock()
				*notes = append(*notes, p.Note)
				mu.Unlock()
			}
		}})
	return srv, st, eng, &now, notes
}

// When the company's vacancies are read: on the company scope only; on a
// full pass; then when the last read is catalogueMaxAge old (or dated
// ahead), or companyRecheck old while a response names a vacancy the
// cache cannot name; never more often.
func TestTheCompanysVacanciesAreReadWhenDue(t *testing.T) {
	ctx := context.Background()
	own, _, ownEng, _, _ := companyMemRig(t, store.ScopeMine)
	if _, err := ownEng.Sync(ctx, SyncOptions{}); err != nil || own.readCount() != 0 {
		t.Fatalf("the own scope's sync: %v, %d reads of the company's vacancies; want none", err, own.readCount())
	}

	srv, st, eng, now, _ := companyMemRig(t, store.ScopeCompany)
	start := *now
	reads := 0
	step := func(at time.Duration, full, want bool, why string) {
		t.Helper()
		*now = start.Add(at)
		if _, err := eng.Sync(ctx, SyncOptions{Full: full}); err != nil {
			t.Fatalf("%s: %v", why, err)
		}
		if want {
			reads++
		}
		if got := srv.readCount(); got != reads {
			t.Fatalf("%s (+%v): %d reads, want %d", why, at, got, reads)
		}
	}
	step(0, false, true, "the first sync")
	if vs, err := st.CompanyVacancies(ctx); err != nil || len(vs) != 1 || vs[0].Profession != "Курьер" {
		t.Fatalf("after the first read: %+v, %v", vs, err)
	}
	step(0, false, false, "again at once")
	step(time.Hour, false, false, "an hour on, every vacancy named")
	step(catalogueMaxAge, false, true, "catalogueMaxAge after the first read")
	step(catalogueMaxAge+time.Minute, true, true, "a full sync")
	// The cache forgets the vacancy: the responses name one it cannot.
	if err := st.ReplaceCompanyVacancies(ctx, nil); err != nil {
		t.Fatal(err)
	}
	step(catalogueMaxAge+time.Minute+companyRecheck-time.Second, false, false, "an unnamed vacancy, just before companyRecheck")
	step(catalogueMaxAge+time.Minute+companyRecheck, false, true, "an unnamed vacancy, companyRecheck after the last read")
	step(catalogueMaxAge+time.Minute, false, true, "a clock gone back behind the last read")
}

// A refusal of the company's vacancies is noted, not a failed sync, and
// waits its turn like a read; an empty answer forgets no name; another
// failure fails the sync.
func TestACompanysVacanciesRefusedOrEmptyKeepTheNames(t *testing.T) {
	ctx := context.Background()
	srv, st, eng, now, notes := companyMemRig(t, store.ScopeCompany)
	if _, err := eng.Sync(ctx, SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	srv.answer(nil, nil)
	*now = now.Add(time.Minute)
	if _, err := eng.Sync(ctx, SyncOptions{Full: true}); err != nil {
		t.Fatal(err)
	}
	if vs, err := st.CompanyVacancies(ctx); err != nil || len(vs) != 1 {
		t.Errorf("after an empty answer: %+v, %v; want the name kept", vs, err)
	}

	srv.answer(nil, errRefused)
	*now = now.Add(time.Minute)
	if _, err := eng.Sync(ctx, SyncOptions{Full: true}); err != nil {
		t.Fatalf("a refusal failed the sync: %v", err)
	}
	said := false
	for _, n := range *notes {
		said = said || strings.Contains(n, "company vacancies")
	}
	if !said {
		t.Errorf("the refusal is not noted: %q", *notes)
	}
	if vs, err := st.CompanyVacancies(ctx); err != nil || len(vs) != 1 {
		t.Errorf("after a refusal: %+v, %v; want the name kept", vs, err)
	}
	reads := srv.readCount()
	*now = now.Add(time.Minute)
	if _, err := eng.Sync(ctx, SyncOptions{}); err != nil || srv.readCount() != reads {
		t.Errorf("a minute after the refusal: %v, %d reads, want %d", err, srv.readCount(), reads)
	}

	srv.answer(nil, errOffline)
	*now = now.Add(time.Minute)
	if _, err := eng.Sync(ctx, SyncOptions{Full: true}); err == nil {
		t.Error("a failed read of the company's vacancies: the sync succeeded")
	}
}
