package apiclient_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"hrdesk/apiclient"
	"hrdesk/fakeapi"
)

// Every endpoint against the in-process fake of the service: the happy path
// and the documented errors. The fake and the client read the contract
// independently, so these tests check both.

var fixedNow = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

func fake(t *testing.T) (*fakeapi.Server, *apiclient.Client) {
	t.Helper()
	srv := fakeapi.New(fakeapi.Options{Seed: 3, RequestsPerMinute: -1, Now: func() time.Time { return fixedNow }})
	base, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	testBase[srv] = base
	c, err := apiclient.New(apiclient.Config{BaseURL: base, ClientID: fakeapi.DemoClientID, Secret: fakeapi.DemoSecret,
		RequestsPerMinute: -1, Now: func() time.Time { return fixedNow }, RetryBase: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	access, refresh := srv.IssueToken()
	c.SetToken(apiclient.Token{AccessToken: access, RefreshToken: refresh})
	return srv, c
}

var ctx = context.Background()

func TestOAuthEndpoints(t *testing.T) {
	srv, c := fake(t)
	c.SetToken(apiclient.Token{})
	tok, err := c.PasswordLogin(ctx, fakeapi.DemoLogin, fakeapi.DemoPassword, true)
	if err != nil || tok.UserType != "hr_user" || tok.Expires.IsZero() {
		t.Fatalf("password: %+v %v", tok, err)
	}
	if _, err := c.PasswordLogin(ctx, fakeapi.DemoLogin, "nope", true); err == nil {
		t.Error("wrong password accepted")
	}
	// Code flow: the authorize URL carries client id, redirect and state.
	u, err := c.AuthorizeURL("https://example.test/authorize/", "http://127.0.0.1/cb", "st4te")
	if err != nil || !strings.Contains(u, "client_id=1000") || !strings.Contains(u, "state=st4te") {
		t.Errorf("authorize URL %s %v", u, err)
	}
	tok2, err := c.ExchangeCode(ctx, srv.IssueCode(), "http://127.0.0.1/cb")
	if err != nil || tok2.AccessToken == "" || tok2.AccessToken == tok.AccessToken {
		t.Fatalf("exchange: %v", err)
	}
	var ae *apiclient.Error
	if _, err := c.ExchangeCode(ctx, "unknown-code", "http://127.0.0.1/cb"); !errors.As(err, &ae) || ae.OAuth == "" {
		t.Errorf("bad code: %v", err)
	}
	tok3, err := c.RefreshToken(ctx, tok2.RefreshToken)
	if err != nil || tok3.AccessToken == tok2.AccessToken {
		t.Fatalf("refresh: %v", err)
	}
	if _, err := c.CurrentUser(ctx); err != nil {
		t.Fatalf("user after refresh: %v", err)
	}
	if err := c.InvalidateToken(ctx); err != nil {
		t.Fatalf("invalidate: %v", err)
	}
	c.SetToken(tok3)
	if _, err := c.CurrentUser(ctx); !apiclient.IsNeedLogin(err) {
		t.Errorf("invalidated token still works: %v", err)
	}
	tok4, _ := c.PasswordLogin(ctx, fakeapi.DemoLogin, fakeapi.DemoPassword, true)
	c.SetToken(tok4)
	if err := c.DeleteToken(ctx); err != nil {
		t.Errorf("delete: %v", err)
	}
}

func TestExpiredTokenRefreshesThroughTheFake(t *testing.T) {
	for _, bare := range []bool{false, true} {
		t.Run(map[bool]string{false: "contract", true: "real service's bare 410"}[bare], func(t *testing.T) {
			expiredTokenRefreshes(t, bare)
		})
	}
}

func expiredTokenRefreshes(t *testing.T, bare bool) {
	srv, c := fake(t)
	srv.SetShapes(fakeapi.Shapes{BareExpiry: bare})
	access, refresh := srv.IssueToken()
	var saved apiclient.Token
	c2, _ := apiclient.New(apiclient.Config{BaseURL: baseOf(t, c, srv), ClientID: fakeapi.DemoClientID, Secret: fakeapi.DemoSecret,
		RequestsPerMinute: -1, OnTokenRefresh: func(t apiclient.Token) { saved = t }})
	c2.SetToken(apiclient.Token{AccessToken: access, RefreshToken: refresh})
	srv.ExpireToken(access)
	if _, err := c2.CurrentUser(ctx); err != nil {
		t.Fatalf("expired token not refreshed: %v", err)
	}
	if saved.AccessToken == "" || saved.AccessToken == access {
		t.Error("the new pair did not reach the persistence callback")
	}
}

// testBase remembers each fake's address; tests run one at a time.
var testBase = map[*fakeapi.Server]string{}

func baseOf(t *testing.T, _ *apiclient.Client, srv *fakeapi.Server) string {
	t.Helper()
	return testBase[srv]
}

func TestReceivedEndpoints(t *testing.T) {
	srv, c := fake(t)
	inbox := apiclient.StatusInbox
	p, err := c.Received(ctx, apiclient.ReceivedQuery{Status: &inbox, DateEventFrom: fixedNow.AddDate(-2, 0, 0), Count: 100})
	if err != nil || len(p.Objects) == 0 {
		t.Fatalf("received: %v", err)
	}
	own := srv.OwnResumeIDs(0)
	if p.Total != len(own) {
		t.Errorf("total %d, the fake holds %d", p.Total, len(own))
	}
	def, err := c.Received(ctx, apiclient.ReceivedQuery{Status: &inbox})
	if err != nil || def.Total >= p.Total {
		t.Errorf("without dates the server's 3-month default applies: %d vs %d (%v)", def.Total, p.Total, err)
	}
	byClient, err := c.Received(ctx, apiclient.ReceivedQuery{Status: &inbox, DateEventFrom: fixedNow.AddDate(-2, 0, 0), ByClient: true, IDVac: 5})
	if err != nil || byClient.Total < p.Total {
		t.Errorf("company list %d < own %d (%v)", byClient.Total, p.Total, err)
	}
	newOnly, _ := c.Received(ctx, apiclient.ReceivedQuery{Status: &inbox, DateEventFrom: fixedNow.AddDate(-2, 0, 0), OnlyNewReceived: true, Count: 100})
	for _, e := range newOnly.Objects {
		if !e.IsNew {
			t.Fatal("only_new_received returned a seen entry")
		}
	}
	byPay, _ := c.Received(ctx, apiclient.ReceivedQuery{Status: &inbox, DateEventFrom: fixedNow.AddDate(-2, 0, 0), PaymentFrom: 100000, OrderBy: "payment", Count: 100})
	for i, e := range byPay.Objects {
		if e.Resume.Payment < 100000 || i > 0 && e.Resume.Payment > byPay.Objects[i-1].Resume.Payment {
			t.Fatalf("payment filter/order broken at %d: %d", i, e.Resume.Payment)
		}
	}
	if _, err := c.Received(ctx, apiclient.ReceivedQuery{Count: 101}); err == nil {
		t.Error("count 101 accepted")
	}
	pager := c.AllReceived(apiclient.ReceivedQuery{DateEventFrom: fixedNow.AddDate(-2, 0, 0)})
	n := 0
	for _, err := range pager.All(ctx) {
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != min(pager.Total(), 500) || pager.Truncated() != (pager.Total() > 500) {
		t.Errorf("pager: %d of %d, truncated %v", n, pager.Total(), pager.Truncated())
	}
}

func TestFolderAndLetterEndpoints(t *testing.T) {
	srv, c := fake(t)
	id := srv.OwnResumeIDs(0)[0]
	if err := c.Move(ctx, id, "nowhere"); !apiclient.IsValidation(err) {
		t.Errorf("bad folder: %v", err)
	}
	if err := c.Move(ctx, id, apiclient.FolderConsidered); err != nil {
		t.Fatal(err)
	}
	if st, _, _ := srv.Folder(id); st != 20 {
		t.Errorf("move: status %d", st)
	}
	if err := c.Move(ctx, id, "12345"); err != nil {
		t.Errorf("user folder: %v", err)
	}
	if err := c.Later(ctx, id, ""); err != nil {
		t.Fatal(err)
	}
	if st, _, _ := srv.Folder(id); st != 20 {
		t.Errorf("later: status %d", st)
	}
	for _, kind := range []apiclient.TemplateKind{apiclient.MailTemplates, apiclient.InvitationTemplates, apiclient.RejectionTemplates} {
		tl, err := c.Templates(ctx, id, kind)
		if err != nil || len(tl.Templates) != 3 || tl.Templates[0].ID == 0 {
			t.Errorf("%s: %+v %v", kind, tl, err)
		}
	}
	var ae *apiclient.Error
	if err := c.Invite(ctx, id, apiclient.Letter{TemplateID: 999}); !errors.As(err, &ae) || len(ae.Fields["id_template"]) == 0 {
		t.Errorf("bad template: %v", err)
	}
	if err := c.Invite(ctx, id, apiclient.Letter{TemplateID: 1, Subject: "Встреча", SendSMS: true}); err != nil {
		t.Fatal(err)
	}
	if err := c.SendMail(ctx, id, apiclient.Letter{TemplateID: 21}); err != nil {
		t.Fatal(err)
	}
	if err := c.MailTo(ctx, id, apiclient.MailTo{EmailTo: "not-an-address"}); !errors.As(err, &ae) || len(ae.Fields["email_to"]) == 0 {
		t.Errorf("bad e-mail: %v", err)
	}
	if err := c.MailTo(ctx, id, apiclient.MailTo{EmailTo: "boss@example.com", Body: "look"}); err != nil {
		t.Fatal(err)
	}
	if err := c.Reject(ctx, id, apiclient.Letter{}); err != nil {
		t.Fatalf("reject without a letter: %v", err)
	}
	mails := srv.Mails()
	if len(mails) != 4 || mails[0].Subject != "Встреча" || !mails[0].SendSMS || mails[3].Kind != "rejection" {
		t.Errorf("mails %+v", mails)
	}
	if st, _, _ := srv.Folder(id); st != 30 {
		t.Errorf("after reject status %d", st)
	}
	if err := c.Move(ctx, 1, apiclient.FolderInbox); !apiclient.IsNotFound(err) {
		t.Errorf("unknown resume: %v", err)
	}
}

func TestCommentEndpoints(t *testing.T) {
	srv, c := fake(t)
	id := srv.OwnResumeIDs(0)[1]
	added, err := c.AddComment(ctx, id, "перезвонить в пятницу")
	if err != nil || added.ID == 0 || added.Text != "перезвонить в пятницу" {
		t.Fatalf("add: %+v %v", added, err)
	}
	list, err := c.Comments(ctx, id, 0, 100)
	if err != nil || len(list.Objects) == 0 {
		t.Fatalf("list: %v", err)
	}
	if err := c.DeleteComment(ctx, int64(added.ID)); err != nil {
		t.Fatal(err)
	}
	if err := c.DeleteComment(ctx, int64(added.ID)); !apiclient.IsNotFound(err) {
		t.Errorf("second delete: %v", err)
	}
	if _, err := c.AddComment(ctx, id, " "); !apiclient.IsValidation(err) {
		t.Errorf("empty comment: %v", err)
	}
}

func TestContactsEndpoints(t *testing.T) {
	srv, c := fake(t)
	var ce *apiclient.ContactsError
	for id, label := range map[int64]string{fakeapi.UnpublishedID: "resume_not_published", fakeapi.TariffMismatchID: "tariff_mismatch"} {
		if _, err := c.BuyContacts(ctx, id); !errors.As(err, &ce) || ce.Label != label {
			t.Errorf("buy %d: %v", id, err)
		}
	}
	if _, err := c.OpenContacts(ctx, fakeapi.OpenLimitID); !errors.As(err, &ce) || ce.Code != 429 {
		t.Errorf("open limit: %v", err)
	}
	id := srv.OwnResumeIDs(0)[2]
	srv.SetMoney(false)
	if _, err := c.BuyContacts(ctx, id); !errors.As(err, &ce) || ce.Label != "not_enough_money" {
		t.Errorf("no money: %v", err)
	}
	srv.SetMoney(true)
	r, err := c.BuyContacts(ctx, id)
	if err != nil || r.Email == "" {
		t.Errorf("bought: %+v %v", r.Email, err)
	}
	if _, err := c.OpenContacts(ctx, id); err != nil {
		t.Errorf("open: %v", err)
	}
}

func TestVacancyEndpoints(t *testing.T) {
	_, c := fake(t)
	u, err := c.CurrentUser(ctx)
	if err != nil || u.ID == 0 || u.DisplayName() == "" {
		t.Fatalf("user: %+v %v", u, err)
	}
	all, err := c.Vacancies(ctx, apiclient.VacancySearch{IDUser: int64(u.ID), PublishedAll: true})
	if err != nil || len(all.Objects) != 6 {
		t.Fatalf("own vacancies: %d %v", len(all.Objects), err)
	}
	archived, _ := c.Vacancies(ctx, apiclient.VacancySearch{IDUser: int64(u.ID), Archive: true})
	open, _ := c.Vacancies(ctx, apiclient.VacancySearch{})
	if len(archived.Objects) != 1 || len(open.Objects) != 4 {
		t.Errorf("archived %d, open %d", len(archived.Objects), len(open.Objects))
	}
	one, err := c.Vacancy(ctx, int64(all.Objects[0].ID))
	if err != nil || one.Profession == "" || len(one.Raw) == 0 {
		t.Errorf("one: %v", err)
	}
	if _, err := c.Vacancy(ctx, 1); !apiclient.IsNotFound(err) {
		t.Errorf("missing vacancy: %v", err)
	}
	res, err := c.CreateVacancies(ctx, []apiclient.VacancyWrite{{Profession: "Курьер", PaymentFrom: 50000}, {PaymentFrom: 1}}, true)
	if err != nil || len(res) != 2 || res[0].ID == 0 || res[0].Err != nil || res[1].Err == nil || len(res[1].Err.Fields["profession"]) == 0 {
		t.Fatalf("create: %+v %v", res, err)
	}
	upd, err := c.UpdateVacancies(ctx, []apiclient.VacancyWrite{{ID: res[0].ID, Profession: "Курьер на авто"}, {ID: 1}}, false)
	if err != nil || upd[0].Err != nil || upd[1].Err == nil {
		t.Fatalf("update: %+v %v", upd, err)
	}
	arch, err := c.ArchiveVacancies(ctx, []int64{res[0].ID})
	if err != nil || len(arch) != 1 || arch[0].Err != nil {
		t.Fatalf("archive: %+v %v", arch, err)
	}
	if v, _ := c.Vacancy(ctx, res[0].ID); !v.IsArchive || v.Profession != "Курьер на авто" {
		t.Errorf("after update and archive: %+v", v.Profession)
	}
}

func TestCompanyEndpoints(t *testing.T) {
	_, c := fake(t)
	list, err := c.Companies(ctx, apiclient.CompanySearch{})
	if err != nil || len(list.Objects) == 0 {
		t.Fatal(err)
	}
	id := int64(list.Objects[0].ID)
	if _, err := c.Company(ctx, id); err != nil {
		t.Error(err)
	}
	if err := c.BlockCompany(ctx, id); err != nil {
		t.Fatal(err)
	}
	blocked, _ := c.BlockedCompanies(ctx, 0, 20)
	if len(blocked.Objects) != 1 || !bool(blocked.Objects[0].IsBlocked) {
		t.Errorf("blocked list %+v", blocked.Objects)
	}
	if err := c.UnblockCompany(ctx, id); err != nil {
		t.Fatal(err)
	}
	if blocked, _ := c.BlockedCompanies(ctx, 0, 20); len(blocked.Objects) != 0 {
		t.Error("still blocked")
	}
}

func TestSubscriptionAndSelectionEndpoints(t *testing.T) {
	_, c := fake(t)
	id, err := c.CreateSubscription(ctx, apiclient.SubscriptionWrite{Name: "Go в Москве", Keyword: "go", T: []int64{4}})
	if err != nil || id == 0 {
		t.Fatal(err)
	}
	if s, err := c.Subscription(ctx, id); err != nil || s.Name != "Go в Москве" {
		t.Errorf("get: %+v %v", s, err)
	}
	if err := c.UpdateSubscription(ctx, id, apiclient.SubscriptionWrite{Name: "Go"}); err != nil {
		t.Error(err)
	}
	if l, _ := c.Subscriptions(ctx, 0, 20); len(l.Objects) != 1 {
		t.Errorf("list %d", len(l.Objects))
	}
	if err := c.DeleteSubscription(ctx, id); err != nil {
		t.Error(err)
	}
	if _, err := c.Subscription(ctx, id); !apiclient.IsNotFound(err) {
		t.Errorf("deleted: %v", err)
	}

	sel, err := c.CreateSelection(ctx, apiclient.SelectionWrite{Name: "Повара", Keywords: []apiclient.KeywordElement{{SRWS: 60, SKWC: "and", Keys: "повар"}}, AgeFrom: 20})
	if err != nil || sel.ID == 0 || !bool(sel.Status) {
		t.Fatalf("create selection: %+v %v", sel, err)
	}
	off := 0
	upd, err := c.UpdateSelection(ctx, int64(sel.ID), apiclient.SelectionWrite{Status: &off})
	if err != nil || bool(upd.Status) {
		t.Errorf("e-mail off: %+v %v", upd.Status, err)
	}
	if _, err := c.CreateSelection(ctx, apiclient.SelectionWrite{}); !apiclient.IsValidation(err) {
		t.Errorf("selection without a name: %v", err)
	}
	if l, _ := c.Selections(ctx, 0, 20); len(l.Objects) != 1 {
		t.Errorf("selections %d", len(l.Objects))
	}
	if err := c.DeleteSelection(ctx, int64(sel.ID)); err != nil {
		t.Error(err)
	}
}

func TestSharedEndpoints(t *testing.T) {
	_, c := fake(t)
	if d, err := c.UpdateDatePub(ctx, 5); err != nil || d.Time().IsZero() {
		t.Errorf("update_datepub: %v %v", d, err)
	}
	if err := c.ForgotPassword(ctx, fakeapi.DemoLogin, ""); err != nil {
		t.Error(err)
	}
	if err := c.ForgotPassword(ctx, "nobody@example.com", ""); !apiclient.IsNotFound(err) {
		t.Errorf("unknown e-mail: %v", err)
	}
}

func TestFaultModeThroughTheClient(t *testing.T) {
	srv, c := fake(t)
	srv.SetFaults(fakeapi.Faults{Rate: 1, Kinds: []fakeapi.FaultKind{fakeapi.FaultHTMLPage}})
	_, err := c.CurrentUser(ctx)
	var ae *apiclient.Error
	if !errors.As(err, &ae) || !ae.Unreadable || !strings.Contains(err.Error(), "text/html") {
		t.Errorf("HTML page: %v", err)
	}
	srv.SetFaults(fakeapi.Faults{Rate: 0.3, Seed: 9, Kinds: []fakeapi.FaultKind{fakeapi.FaultServerError, fakeapi.FaultTruncated, fakeapi.FaultUnavailable}})
	for i := 0; i < 20; i++ {
		if _, err := c.CurrentUser(ctx); err != nil {
			t.Fatalf("GET %d not recovered by retries: %v", i, err)
		}
	}
}
