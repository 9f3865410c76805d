package syncer

import (
	"context"
	"testing"
	"time"

	"hrdesk/apiclient"
	"hrdesk/fakeapi"
	"hrdesk/store"
)

// companyEngine is apiEngine syncing the company's lists, on a clock the
// test moves.
func companyEngine(t *testing.T, srv *fakeapi.Server, base string, st *store.Store, now *time.Time) *Engine {
	t.Helper()
	c, err := apiclient.New(apiclient.Config{BaseURL: base, ClientID: fakeapi.DemoClientID, Secret: fakeapi.DemoSecret,
		RequestsPerMinute: -1, RetryBase: time.Millisecond, RetryMax: 20 * time.Millisecond,
		Now: func() time.Time { return fakeNow }})
	if err != nil {
		t.Fatal(err)
	}
	access, refresh := srv.IssueToken()
	c.SetToken(apiclient.Token{AccessToken: access, RefreshToken: refresh})
	return New(NewAPIServer(c), st, Options{Now: func() time.Time { return *now }, Owner: t.Name(), RecheckPause: time.Millisecond,
		Scope: store.ScopeCompany})
}

// colleaguesResponses are the fake's responses a colleague received.
func colleaguesResponses(t *testing.T, srv *fakeapi.Server, n int) []int64 {
	t.Helper()
	var ids []int64
	for _, r := range srv.Received() {
		if !r.Own && len(ids) < n {
			ids = append(ids, r.ResumeID)
		}
	}
	if len(ids) < n {
		t.Fatalf("the fake has %d colleague's responses, want %d", len(ids), n)
	}
	return ids
}

// companyVacancy is the cached company's vacancy id, if any.
func companyVacancy(t *testing.T, st *store.Store, id int64) (store.CompanyVacancy, bool) {
	t.Helper()
	vs, err := st.CompanyVacancies(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		if v.ID == id {
			return v, true
		}
	}
	return store.CompanyVacancy{}, false
}

// Issue 28 §3: a sync of the company's scope reads the company's
// vacancies with its responses: a colleague's is named, with its owner and
// state, on the overview; the own catalogue (the vacancies screen) keeps
// the own ones only; a sync of the own scope reads none.
func TestACompanySyncNamesAColleaguesVacancy(t *testing.T) {
	t.Parallel()
	srv, base := startFake(t, fakeapi.Options{Seed: 3, Received: 200})
	theirs := colleaguesResponses(t, srv, 3)
	id := srv.AddColleagueVacancy("Водитель-экспедитор", 0, theirs...)
	ctx := context.Background()

	own := openStore(t)
	if _, err := apiEngine(t, srv, base, own).Sync(ctx, SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	if vs, err := own.CompanyVacancies(ctx); err != nil || len(vs) != 0 {
		t.Errorf("the own scope's sync read the company's vacancies: %+v, %v", vs, err)
	}

	st := openStore(t)
	now := fakeNow
	if _, err := companyEngine(t, srv, base, st, &now).Sync(ctx, SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	v, ok := companyVacancy(t, st, id)
	// Its contact person names the colleague (issue 30 §1).
	if !ok || v.Profession != "Водитель-экспедитор" || v.OwnerID != 7002 || v.Published != 0 || v.Contact != "Пётр Коллегов" {
		t.Fatalf("the colleague's vacancy %d in the cache: %+v, %v", id, v, ok)
	}
	if v, ok := companyVacancy(t, st, 46000006); !ok || v.OwnerID != 7001 || v.Published != 3 || v.Contact != "Анна Смирнова" {
		t.Errorf("an own archived vacancy among the company's: %+v, %v", v, ok)
	}
	o, err := st.Overview(ctx, store.OverviewQuery{Scope: store.ScopeAll, Now: fakeNow, Location: time.UTC})
	if err != nil {
		t.Fatal(err)
	}
	named := false
	for _, f := range o.Vacancies {
		if f.VacancyID == id {
			named = f.Title == "Водитель-экспедитор" && f.State == store.VacancyClosed && f.Responses == len(theirs)
		}
	}
	if !named {
		t.Errorf("the overview does not name the colleague's vacancy %d: %+v", id, o.Vacancies)
	}
	catalogue, err := st.Vacancies(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range catalogue {
		if v.ID == id {
			t.Errorf("the colleague's vacancy is in the own catalogue: %+v", v)
		}
	}
}

// The company's vacancies are read again for a response naming one the
// cache does not know, but not more often than companyRecheck.
func TestUnnamedVacanciesAreReadAgainNowAndThen(t *testing.T) {
	t.Parallel()
	srv, base := startFake(t, fakeapi.Options{Seed: 3, Received: 200})
	id := srv.AddColleagueVacancy("Курьер", 1, colleaguesResponses(t, srv, 2)...)
	st := openStore(t)
	ctx := context.Background()
	now := fakeNow
	eng := companyEngine(t, srv, base, st, &now)
	if _, err := eng.Sync(ctx, SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	// Forget the company's vacancies, as a cache from before migration 015.
	if err := st.ReplaceCompanyVacancies(ctx, nil); err != nil {
		t.Fatal(err)
	}
	now = now.Add(companyRecheck / 2)
	if _, err := eng.Sync(ctx, SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, ok := companyVacancy(t, st, id); ok {
		t.Fatalf("read again %v after the last read", companyRecheck/2)
	}
	now = now.Add(companyRecheck)
	if _, err := eng.Sync(ctx, SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	if v, ok := companyVacancy(t, st, id); !ok || v.Profession != "Курьер" {
		t.Fatalf("an unnamed vacancy %v after the last read: %+v, %v", companyRecheck*3/2, v, ok)
	}
}
