package syncer

import (
	"context"
	"testing"
	"time"

	"hrdesk/apiclient"
	"hrdesk/fakeapi"
	"hrdesk/problem"
	"hrdesk/store"
)

// EntryFromAPI fills the cache's record: the name from "name" only when
// there is no first or last name, the headline from the last profession
// only when there is none, contacts as bought when the flag says so or
// when the resume carries a phone or an e-mail.
func TestEntryFromAPIFallsBackOnlyWhenEmpty(t *testing.T) {
	entry := func(r apiclient.Resume) store.Entry {
		r.ID = 7
		return EntryFromAPI(apiclient.ReceivedEntry{Resume: r}, store.ScopeMine, store.FolderInbox)
	}
	for _, c := range []struct {
		name        string
		r           apiclient.Resume
		first, last string
		profession  string
		contacts    bool
	}{
		{"whole", apiclient.Resume{FirstName: "Ivan", LastName: "Petrov", Name: "I. P.", Profession: "Go developer", LastProfession: "Cook"},
			"Ivan", "Petrov", "Go developer", false},
		{"first name only", apiclient.Resume{FirstName: "Ivan", Name: "I. P."}, "Ivan", "", "", false},
		{"last name only", apiclient.Resume{LastName: "Petrov", Name: "I. P."}, "", "Petrov", "", false},
		{"name only", apiclient.Resume{Name: "Ivan Petrov", LastProfession: "Cook"}, "Ivan Petrov", "", "Cook", false},
		{"bought", apiclient.Resume{ContactsBought: true}, "", "", "", true},
		{"a phone", apiclient.Resume{Phone1: "+7 900"}, "", "", "", true},
		{"an e-mail", apiclient.Resume{Email: "a@b.c"}, "", "", "", true},
	} {
		en := entry(c.r)
		if en.FirstName != c.first || en.LastName != c.last || en.Profession != c.profession || en.ContactsBought != c.contacts {
			t.Errorf("%s: first %q last %q profession %q contacts %v; want %q %q %q %v", c.name,
				en.FirstName, en.LastName, en.Profession, en.ContactsBought, c.first, c.last, c.profession, c.contacts)
		}
		if en.ResumeID != 7 || en.Scope != store.ScopeMine || en.Folder != store.FolderInbox {
			t.Errorf("%s: %+v", c.name, en)
		}
	}
}

// Classify sorts what problem.Of finds into what the engine does with an
// action: log in again, keep it unknown, mark it failed, or try it later.
func TestClassifyByTheKindOfTrouble(t *testing.T) {
	c, err := apiclient.New(apiclient.Config{BaseURL: "http://127.0.0.1:9", ClientID: 1, Secret: "s3cret-not-used", RequestsPerMinute: -1})
	if err != nil {
		t.Fatal(err)
	}
	s := NewAPIServer(c)
	for _, tc := range []struct {
		err  error
		want ErrorClass
	}{
		{kindErr(problem.NeedsLogin), NeedLogin},
		{kindErr(problem.Ambiguous), Ambiguous},
		{kindErr(problem.Refused), Refused},
		{kindErr(problem.Blocked), Refused},
		{kindErr(problem.ServerDown), Transient},
		{kindErr(problem.Offline), Transient},
		{kindErr(problem.RateLimited), Transient},
	} {
		if got := s.Classify(tc.err); got != tc.want {
			t.Errorf("%v: class %d, want %d", tc.err, got, tc.want)
		}
	}
	// An action of a kind this hrdesk cannot send is refused, not retried.
	_, err = s.Perform(context.Background(), store.Action{ResumeID: 1, Kind: "teleport"})
	if err == nil || s.Classify(err) != Refused {
		t.Errorf("an unknown action kind: %v, class %d; want refused", err, s.Classify(err))
	}
}

// Received keeps the scope it was asked for on every entry (the company's
// list is the company's, not the user's own); a query of both scopes reads
// the user's own list.
func TestReceivedEntriesKeepTheirScope(t *testing.T) {
	srv, base := startFake(t, fakeapi.Options{Seed: 3, Received: 40})
	c, err := apiclient.New(apiclient.Config{BaseURL: base, ClientID: fakeapi.DemoClientID, Secret: fakeapi.DemoSecret,
		RequestsPerMinute: -1, Now: func() time.Time { return fakeNow }})
	if err != nil {
		t.Fatal(err)
	}
	access, refresh := srv.IssueToken()
	c.SetToken(apiclient.Token{AccessToken: access, RefreshToken: refresh})
	s := NewAPIServer(c)
	for _, tc := range []struct{ asked, want store.Scope }{
		{store.ScopeMine, store.ScopeMine},
		{store.ScopeCompany, store.ScopeCompany},
		{store.ScopeAll, store.ScopeMine},
	} {
		p, err := s.Received(context.Background(), ReceivedQuery{Scope: tc.asked, Status: 0,
			From: fakeNow.Add(-400 * 24 * time.Hour), To: fakeNow, Count: PageSize})
		if err != nil || len(p.Entries) == 0 {
			t.Fatalf("scope %q: %d entries, %v", tc.asked, len(p.Entries), err)
		}
		for _, en := range p.Entries {
			if en.Scope != tc.want || en.Folder != store.FolderInbox {
				t.Fatalf("scope %q: entry %d in scope %q, folder %q; want %q, the inbox", tc.asked, en.ResumeID, en.Scope, en.Folder, tc.want)
			}
		}
	}
}

// The vacancy lists need the user: a fresh APIServer asks for it once,
// then knows it.
func TestTheVacancyListsAskForTheUserOnce(t *testing.T) {
	srv, base := startFake(t, fakeapi.Options{Seed: 3, Received: 40})
	c, err := apiclient.New(apiclient.Config{BaseURL: base, ClientID: fakeapi.DemoClientID, Secret: fakeapi.DemoSecret,
		RequestsPerMinute: -1, Now: func() time.Time { return fakeNow }})
	if err != nil {
		t.Fatal(err)
	}
	access, refresh := srv.IssueToken()
	c.SetToken(apiclient.Token{AccessToken: access, RefreshToken: refresh})
	s := NewAPIServer(c)
	ctx := context.Background()
	srv.AddColleagueVacancy("Курьер", 1)
	srv.ResetRequests()
	company, err := s.CompanyVacancies(ctx)
	if err != nil || len(company) == 0 {
		t.Fatalf("a fresh server's company vacancies: %d, %v", len(company), err)
	}
	own, err := s.Vacancies(ctx)
	if err != nil || len(own) == 0 || len(own) >= len(company) {
		t.Fatalf("own vacancies: %d of the company's %d, %v", len(own), len(company), err)
	}
	if got := srv.Requests()["/2.0/user/current/"]; got != 1 {
		t.Errorf("%d requests for the user, want 1", got)
	}
}
