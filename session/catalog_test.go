package session

import (
	"context"
	"os"
	"slices"
	"testing"

	"hrdesk/apiclient"
	"hrdesk/fakeapi"
	"hrdesk/internal/testkit/cachetest"
	"hrdesk/internal/testkit/testwait"
	"hrdesk/problem"
	"hrdesk/store"
)

// The calls the command line and the workstation both make live here once
// (issue 29 §6); these tests hold them to what both faces promise.

// loggedIn is a fresh fake service's profile logged in through
// PasswordLogin, its client, and an empty cache.
func loggedIn(t *testing.T) (*fakeapi.Server, *Profile, *apiclient.Client, *store.Store) {
	t.Helper()
	srv, p := tokenProfile(t, 0)
	c, err := p.Client(nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.PasswordLogin(testCtx(t), c, fakeapi.DemoLogin, fakeapi.DemoPassword); err != nil {
		t.Fatal(err)
	}
	if c, err = p.LoggedInClient(); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(cachetest.Path(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return srv, p, c, st
}

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), testwait.Patience)
	t.Cleanup(cancel)
	return ctx
}

// A password login is kept in the token file (0600), so the next command
// and the next start have it; a wrong password keeps nothing and is the
// classifier's wrong credentials.
func TestPasswordLoginIsKept(t *testing.T) {
	_, p := tokenProfile(t, 0)
	c, err := p.Client(nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.PasswordLogin(testCtx(t), c, fakeapi.DemoLogin, "wrong")
	if k := problem.Of(err).Kind; k != problem.WrongCredentials || p.LoggedIn() {
		t.Fatalf("a wrong password: %v (kind %v), logged in %v", err, k, p.LoggedIn())
	}
	tok, err := p.PasswordLogin(testCtx(t), c, fakeapi.DemoLogin, fakeapi.DemoPassword)
	if err != nil || tok.AccessToken == "" {
		t.Fatalf("login: %v, token %t", err, tok.AccessToken != "")
	}
	if !p.LoggedIn() {
		t.Fatal("the login was not kept in the token file")
	}
	if fi, err := os.Stat(p.Config.TokenFile()); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("token file: %v %v", fi, err)
	}
}

// Archiving says which vacancy the service refused, archives the others,
// and reads the catalogue again, so the cache shows the new state.
func TestArchiveSaysEachRefusalAndReadsTheCatalogueAgain(t *testing.T) {
	srv, _, c, st := loggedIn(t)
	ids := []int64{46000002, 999}
	refused, err := ArchiveVacancies(testCtx(t), c, st, ids)
	if err != nil || len(refused) != len(ids) {
		t.Fatalf("archive: %v, %d answers for %d ids", err, len(refused), len(ids))
	}
	if refused[0] != nil || refused[1] == nil || refused[1].Code != 404 {
		t.Fatalf("refusals %v; want only 999's, not found", refused)
	}
	if v, _ := srv.Vacancy(46000002); v["is_archive"] != true {
		t.Error("not archived on the service")
	}
	vs, err := st.Vacancies(testCtx(t))
	i := slices.IndexFunc(vs, func(v store.Vacancy) bool { return v.ID == 46000002 })
	if err != nil || i < 0 || !vs[i].IsArchive {
		t.Errorf("the cache after the archive (%v): %+v", err, vs)
	}
}

// A service that refuses a batch whole for one bad element: each element
// goes alone, the valid ones are created and the bad one's refusal is its
// own result.
func TestSendVacanciesGoesOnWhenTheBatchIsRefusedWhole(t *testing.T) {
	srv, _, c, _ := loggedIn(t)
	srv.SetShapes(fakeapi.Shapes{WholeBatches: true})
	els := []apiclient.VacancyWrite{
		{Extra: map[string]any{"profession": "Курьер"}},
		{Extra: map[string]any{"profession": "Кладовщик", "payment_from": -5}},
		{Extra: map[string]any{"profession": "Оператор склада"}},
	}
	res, err := SendVacancies(testCtx(t), c, els, false, true)
	if err != nil || len(res) != len(els) {
		t.Fatalf("send: %v, %d results for %d elements", err, len(res), len(els))
	}
	if res[0].Err != nil || res[0].ID == 0 || res[1].Err == nil || res[2].Err != nil || res[2].ID == 0 {
		t.Errorf("results %+v; want the second refused, the others created", res)
	}
}

// Selections: id 0 creates, an id updates (status switches the e-mail),
// and delete removes it from what the service lists.
func TestSelectionsChangeInOnePlace(t *testing.T) {
	_, _, c, _ := loggedIn(t)
	ctx := testCtx(t)
	s, err := SaveSelection(ctx, c, 0, apiclient.SelectionWrite{Extra: map[string]any{"name": "Повара"}})
	if err != nil || s.ID == 0 {
		t.Fatalf("create: %v, id %d", err, s.ID)
	}
	id := int64(s.ID)
	off := 0
	if s, err = SaveSelection(ctx, c, id, apiclient.SelectionWrite{Status: &off}); err != nil || s.Status {
		t.Fatalf("update of %d: %v, e-mail %v", id, err, s.Status)
	}
	if err := DeleteSelection(ctx, c, id); err != nil {
		t.Fatal(err)
	}
	all, err := AllSelections(ctx, c)
	if err != nil || slices.ContainsFunc(all, func(s apiclient.ResumeSelection) bool { return int64(s.ID) == id }) {
		t.Errorf("after delete (%v): %v", err, all)
	}
}

// whoami's employer is the user's client_title.
func TestWhoamiNamesTheEmployer(t *testing.T) {
	_, _, c, _ := loggedIn(t)
	u, employer, err := Whoami(testCtx(t), c)
	if err != nil || u.ID == 0 || employer != "ООО «ТехноЛаб»" {
		t.Errorf("whoami: %v, user %d, employer %q", err, u.ID, employer)
	}
}
