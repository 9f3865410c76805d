package apiclient

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// wireCase is one endpoint method checked on the wire: the request it must
// send (method, path with its trailing slash, exact query and form, whether
// the bearer token goes along) and a canned answer it must decode.
type wireCase struct {
	name         string
	method, path string
	auth         bool
	query        url.Values // exact; nil: none
	form         url.Values // exact; nil: no body at all
	status       int        // default 200
	header       map[string]string
	body         string
	call         func(t *testing.T, c *Client)
}

func runWire(t *testing.T, cases []wireCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			hits := 0
			mux := http.NewServeMux()
			mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
				hits++
				checkWire(t, tc, r)
				for k, v := range tc.header {
					w.Header().Set(k, v)
				}
				w.Header().Set("Content-Type", "application/json")
				if tc.status != 0 {
					w.WriteHeader(tc.status)
				}
				fmt.Fprint(w, tc.body)
			})
			c, _ := setup(t, mux)
			tc.call(t, c)
			if hits != 1 {
				t.Errorf("%d requests, want 1", hits)
			}
		})
	}
}

func checkWire(t *testing.T, tc wireCase, r *http.Request) {
	t.Helper()
	if r.Method != tc.method || r.URL.Path != tc.path {
		t.Errorf("request %s %s, want %s %s", r.Method, r.URL.Path, tc.method, tc.path)
	}
	if strings.Contains(r.RequestURI, "//") || !strings.HasPrefix(r.RequestURI, "/api/2.0/") {
		t.Errorf("request URI %q", r.RequestURI)
	}
	if r.Header.Get("X-Api-App-Id") != testSecret {
		t.Error("X-Api-App-Id missing")
	}
	if !strings.HasPrefix(r.Header.Get("User-Agent"), "hrdesk/") {
		t.Errorf("User-Agent %q", r.Header.Get("User-Agent"))
	}
	if got := r.Header.Get("Authorization"); (got == "Bearer access-1") != tc.auth || (!tc.auth && got != "") {
		t.Errorf("Authorization %q, want auth=%v", got, tc.auth)
	}
	if got, want := r.URL.Query().Encode(), tc.query.Encode(); got != want {
		t.Errorf("query\n got %s\nwant %s", unescape(got), unescape(want))
	}
	body, _ := io.ReadAll(r.Body)
	ct := r.Header.Get("Content-Type")
	if tc.form == nil {
		if len(body) != 0 || ct != "" {
			t.Errorf("unexpected body %q (%s)", body, ct)
		}
		return
	}
	if ct != "application/x-www-form-urlencoded" {
		t.Errorf("Content-Type %q", ct)
	}
	got, err := url.ParseQuery(string(body))
	if err != nil {
		t.Fatalf("form does not parse: %v", err)
	}
	if got.Encode() != tc.form.Encode() {
		t.Errorf("form\n got %s\nwant %s", unescape(got.Encode()), unescape(tc.form.Encode()))
	}
}

func unescape(s string) string {
	u, err := url.QueryUnescape(s)
	if err != nil {
		return s
	}
	return u
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

var bg = context.Background()

func TestWireOAuth(t *testing.T) {
	app := func(kv ...string) url.Values {
		v := url.Values{"client_id": {"1"}, "client_secret": {testSecret}}
		for i := 0; i < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return v
	}
	const tokenJSON = `{"access_token":"A2","refresh_token":"R2","ttl":"4102444800","expires_in":604800,"token_type":"bearer"}`
	// The ttl (2100) is the service's clock; expires_in measured from the
	// answer's arrival on this machine's is the expiry (issue 26 §7).
	start := time.Now()
	checkTok := func(t *testing.T, tok Token, err error) {
		t.Helper()
		must(t, err)
		week := 7 * 24 * time.Hour
		if tok.AccessToken != "A2" || tok.RefreshToken != "R2" || tok.Expires.Before(start.Add(week)) || tok.Expires.After(time.Now().Add(week)) ||
			tok.ExpiresIn != 7*24*time.Hour || tok.TokenType != "bearer" {
			t.Errorf("token %+v", tok)
		}
	}
	runWire(t, []wireCase{
		{name: "exchange code", method: "POST", path: "/2.0/oauth2/access_token/",
			form: app("code", "C1", "redirect_uri", "http://127.0.0.1/cb"), body: tokenJSON,
			call: func(t *testing.T, c *Client) {
				tok, err := c.ExchangeCode(bg, "C1", "http://127.0.0.1/cb")
				checkTok(t, tok, err)
				if c.Token().AccessToken != "A2" {
					t.Error("the new token is not the client's")
				}
			}},
		{name: "password as employer", method: "POST", path: "/2.0/oauth2/password/",
			form: app("login", "hr@example.com", "password", "pw", "hr", "1"), body: tokenJSON,
			header: map[string]string{"X-User-Type": "hr_user"},
			call: func(t *testing.T, c *Client) {
				tok, err := c.PasswordLogin(bg, "hr@example.com", "pw", true)
				checkTok(t, tok, err)
				if tok.UserType != "hr_user" {
					t.Errorf("user type %q", tok.UserType)
				}
			}},
		{name: "refresh", method: "GET", path: "/2.0/oauth2/refresh_token/",
			query: app("refresh_token", "R1"), body: tokenJSON,
			call: func(t *testing.T, c *Client) {
				var saved Token
				c.cfg.OnTokenRefresh = func(t Token) { saved = t }
				tok, err := c.RefreshToken(bg, "R1")
				checkTok(t, tok, err)
				if saved.RefreshToken != "R2" {
					t.Error("the callback did not get the new pair")
				}
			}},
		{name: "invalidate", method: "PUT", path: "/2.0/oauth2/access_token/", auth: true,
			form: url.Values{"access_token": {"access-1"}}, body: `{"result":true}`,
			call: func(t *testing.T, c *Client) {
				must(t, c.InvalidateToken(bg))
				if c.Token().AccessToken != "" {
					t.Error("token kept after invalidation")
				}
			}},
		{name: "delete", method: "DELETE", path: "/2.0/oauth2/access_token/", auth: true,
			form: url.Values{"access_token": {"access-1"}}, status: 204,
			call: func(t *testing.T, c *Client) { must(t, c.DeleteToken(bg)) }},
		{name: "current user", method: "GET", path: "/2.0/user/current/", auth: true,
			body: `{"id":"12","firstname":"Анна","lastname":"Ким","id_client":"5","extra":{"x":1}}`,
			call: func(t *testing.T, c *Client) {
				u, err := c.CurrentUser(bg)
				must(t, err)
				if u.ID != 12 || u.IDClient != 5 || u.DisplayName() != "Анна Ким" || !strings.Contains(string(u.Raw), "extra") {
					t.Errorf("user %+v", u)
				}
			}},
		{name: "forgot password", method: "POST", path: "/2.0/forgot_password/",
			form: url.Values{"email": {"a@example.com"}}, body: `{"result":true}`,
			call: func(t *testing.T, c *Client) { must(t, c.ForgotPassword(bg, "a@example.com", "")) }},
		{name: "update datepub", method: "POST", path: "/2.0/user_cvs/update_datepub/9/", auth: true,
			form: url.Values{}, body: `{"result":1700000000}`,
			call: func(t *testing.T, c *Client) {
				d, err := c.UpdateDatePub(bg, 9)
				must(t, err)
				if d != 1700000000 {
					t.Errorf("date %v", d)
				}
			}},
	})
}

func TestAuthorizeURL(t *testing.T) {
	c, _ := setup(t, http.NewServeMux())
	raw, err := c.AuthorizeURL("", "http://127.0.0.1:8765/cb", "xyz")
	must(t, err)
	u, _ := url.Parse(raw)
	q := u.Query()
	if u.Scheme+"://"+u.Host+u.Path != DefaultAuthURL || q.Get("client_id") != "1" ||
		q.Get("redirect_uri") != "http://127.0.0.1:8765/cb" || q.Get("state") != "xyz" || q.Has("client_secret") {
		t.Errorf("authorize URL %s", raw)
	}
}

func TestWireVacanciesAndCompanies(t *testing.T) {
	zero, week := 0, 7
	search := VacancySearch{IDVacancy: 1, IDs: []int64{2, 3}, IDClient: 4, IDUser: 5, IDResume: 6, IDSubs: 7,
		DatePublishedFrom: 100, DatePublishedTo: 200, SortNew: 300, Published: &zero, PublishedAll: true,
		Archive: true, NotArchive: true, Keyword: "go", Keywords: []KeywordElement{{SRWS: 1, SKWC: "and", Keys: "golang"}},
		OrderField: "payment", OrderDirection: "asc", Period: &week, PaymentFrom: 10, PaymentTo: 20, NoAgreement: true,
		Town: "4", M: []int64{8}, T: []int64{4, 14}, O: []int64{9}, C: []int64{1}, Catalogues: []int64{33},
		PlaceOfWork: 1, Agency: 1, TypeOfWork: 6, Gender: 2, Education: 2, Experience: 3, Moveable: true, Age: 30,
		DrivingLicence: []string{"B", "C"}, DrivingParticular: true, Language: 1, LangLevel: 5,
		LanguagesParticular: true, NoLang: true, Page: 2, Count: 100}
	wantQuery := url.Values{"id_vacancy": {"1"}, "ids[]": {"2", "3"}, "id_client": {"4"}, "id_user": {"5"},
		"id_resume": {"6"}, "id_subs": {"7"}, "date_published_from": {"100"}, "date_published_to": {"200"},
		"sort_new": {"300"}, "published": {"0"}, "published_all": {"1"}, "archive": {"1"}, "not_archive": {"1"},
		"keyword": {"go"}, "keywords[0][srws]": {"1"}, "keywords[0][skwc]": {"and"}, "keywords[0][keys]": {"golang"},
		"order_field": {"payment"}, "order_direction": {"asc"}, "period": {"7"}, "payment_from": {"10"},
		"payment_to": {"20"}, "no_agreement": {"1"}, "town": {"4"}, "m[]": {"8"}, "t[]": {"4", "14"}, "o[]": {"9"},
		"c[]": {"1"}, "catalogues[]": {"33"}, "place_of_work": {"1"}, "agency": {"1"}, "type_of_work": {"6"},
		"gender": {"2"}, "education": {"2"}, "experience": {"3"}, "moveable": {"1"}, "age": {"30"},
		"driving_licence[]": {"B", "C"}, "driving_particular": {"1"}, "language": {"1"}, "lang_level": {"5"},
		"languages_particular": {"1"}, "nolang": {"1"}, "page": {"2"}, "count": {"100"}}
	const vacancyJSON = `{"id":7,"profession":"Повар","payment":null,"payment_from":0,"town":{"id":4,"title":"Москва"},
		"languages":[[{"id":1,"title":"Английский"},{"id":5,"title":"Технический"}]],"canEdit":1,"is_archive":"0",
		"catalogues":[{"id":33,"title":"Общепит","positions":[{"id":1,"title":"Повар"}]}],"metro":[{"id":1,"title":"Арбатская","id_metro_line":"3"}]}`
	pub := 1
	runWire(t, []wireCase{
		{name: "search with every filter", method: "GET", path: "/2.0/vacancies/", auth: true, query: wantQuery,
			body: `{"objects":[` + vacancyJSON + `],"total":"1","more":false,"corrected_keyword":"golang"}`,
			call: func(t *testing.T, c *Client) {
				p, err := c.Vacancies(bg, search)
				must(t, err)
				v := p.Objects[0]
				if p.Total != 1 || p.CorrectedKeyword != "golang" || v.ID != 7 || v.Payment != "" || v.Town.Title != "Москва" ||
					v.Languages[0][1].ID != 5 || !bool(v.CanEdit) || bool(v.IsArchive) || v.Catalogues[0].Positions[0].Title != "Повар" ||
					v.Metro[0].IDMetroLine != 3 || len(v.Raw) == 0 {
					t.Errorf("decoded %+v", p)
				}
			}},
		{name: "one vacancy", method: "GET", path: "/2.0/vacancies/7/", auth: true, body: vacancyJSON,
			call: func(t *testing.T, c *Client) {
				v, err := c.Vacancy(bg, 7)
				must(t, err)
				if v.Profession != "Повар" {
					t.Errorf("%+v", v)
				}
			}},
		{name: "batch create", method: "POST", path: "/2.0/vacancies/", auth: true, status: 201,
			form: url.Values{"vacancies[0][profession]": {"Повар"}, "vacancies[0][published]": {"1"},
				"vacancies[0][metro][]": {"1", "2"}, "vacancies[0][phones][0][number]": {"1234567"},
				"vacancies[0][languages][0][id_language]": {"1"}, "vacancies[0][languages][0][level]": {"5"},
				"vacancies[0][moveable]": {"0"}, "vacancies[1][profession]": {"Курьер"}, "vacancies[1][custom]": {"x"},
				"turbo": {"1"}},
			body: `[{"id":"55"},{"error":{"code":422,"message":"bad","errors":[{"town":["required"]}]}}]`,
			call: func(t *testing.T, c *Client) {
				no := false
				res, err := c.CreateVacancies(bg, []VacancyWrite{
					{Profession: "Повар", Published: &pub, Metro: []int64{1, 2}, Moveable: &no,
						Phones: []VacancyPhone{{Number: "1234567"}}, Languages: []VacancyLang{{IDLanguage: 1, Level: 5}}},
					{Profession: "Курьер", Extra: map[string]any{"custom": "x"}}}, true)
				must(t, err)
				if len(res) != 2 || res[0].ID != 55 || res[0].Err != nil || res[1].Err == nil || res[1].Err.Fields["town"][0] != "required" {
					t.Errorf("results %+v", res)
				}
			}},
		{name: "batch update", method: "PUT", path: "/2.0/vacancies/", auth: true,
			form: url.Values{"vacancies[0][id]": {"55"}, "vacancies[0][work]": {"варить"}}, body: `[null]`,
			call: func(t *testing.T, c *Client) {
				res, err := c.UpdateVacancies(bg, []VacancyWrite{{ID: 55, Work: "варить"}}, false)
				must(t, err)
				if len(res) != 1 || res[0].Err != nil {
					t.Errorf("results %+v", res)
				}
			}},
		{name: "archive", method: "PUT", path: "/2.0/vacancies/archive/", auth: true,
			form: url.Values{"vacancies[0]": {"55"}, "vacancies[1]": {"56"}}, body: `[null,null]`,
			call: func(t *testing.T, c *Client) {
				res, err := c.ArchiveVacancies(bg, []int64{55, 56})
				must(t, err)
				if len(res) != 2 {
					t.Errorf("results %+v", res)
				}
			}},
		{name: "companies", method: "GET", path: "/2.0/clients/", auth: true,
			query: url.Values{"keyword": {"ООО"}, "t[]": {"Москва", "14"}, "all": {"1"}, "page": {"1"}, "count": {"50"}},
			body:  `{"objects":[{"id":3,"title":"ООО Ромашка","industry":[{"id":1,"title":"IT"}],"vacancy_count":"2","is_blocked":1}],"total":1,"more":0}`,
			call: func(t *testing.T, c *Client) {
				p, err := c.Companies(bg, CompanySearch{Keyword: "ООО", T: []string{"Москва", "14"}, All: true, Page: 1, Count: 50})
				must(t, err)
				co := p.Objects[0]
				if co.ID != 3 || co.VacancyCount != 2 || !bool(co.IsBlocked) || co.Industry[0].Title != "IT" {
					t.Errorf("%+v", co)
				}
			}},
		{name: "one company without auth", method: "GET", path: "/2.0/clients/3/", body: `{"id":3,"title":"X"}`,
			call: func(t *testing.T, c *Client) {
				co, err := c.Company(bg, 3)
				must(t, err)
				if co.Title != "X" {
					t.Errorf("%+v", co)
				}
			}},
		{name: "block", method: "POST", path: "/2.0/clients/3/block/", auth: true, form: url.Values{}, body: `{"result":true}`,
			call: func(t *testing.T, c *Client) { must(t, c.BlockCompany(bg, 3)) }},
		{name: "unblock", method: "DELETE", path: "/2.0/clients/3/block/", auth: true, status: 204,
			call: func(t *testing.T, c *Client) { must(t, c.UnblockCompany(bg, 3)) }},
		{name: "blocked list", method: "GET", path: "/2.0/clients/block/list/", auth: true,
			query: url.Values{"page": {"1"}, "count": {"10"}}, body: `{"objects":[],"total":0,"more":false}`,
			call: func(t *testing.T, c *Client) {
				_, err := c.BlockedCompanies(bg, 1, 10)
				must(t, err)
			}},
	})
}

func TestWireSubscriptionsAndSelections(t *testing.T) {
	on, off, week := true, 0, 7
	const selJSON = `{"id":"8","name":"Повара","status":1,"town":"Москва","keywords":[{"srws":"60","skwc":"and","keys":"повар"}],
		"period":{"id":7,"title":"неделя"},"age_from":20,"education_form":10}`
	runWire(t, []wireCase{
		{name: "subscriptions list", method: "GET", path: "/2.0/subscriptions/", auth: true,
			query: url.Values{"count": {"20"}},
			body:  `{"objects":[{"id":4,"name":"Go","active":"1","new_vacancies_count":3,"period":{"id":7},"keywords":[{"keys":"go"}]}],"total":1,"more":false}`,
			call: func(t *testing.T, c *Client) {
				p, err := c.Subscriptions(bg, 0, 20)
				must(t, err)
				s := p.Objects[0]
				if s.ID != 4 || !bool(s.Active) || s.NewVacanciesCount != 3 || s.Period.ID != 7 || s.Keywords[0].Keys != "go" {
					t.Errorf("%+v", s)
				}
			}},
		{name: "subscription create", method: "POST", path: "/2.0/subscriptions/", auth: true,
			form: url.Values{"name": {"Go"}, "keyword": {"go"}, "t[]": {"4"}, "m[]": {"1", "2"}, "period": {"7"}, "active": {"1"}},
			body: `{"id":"4"}`,
			call: func(t *testing.T, c *Client) {
				id, err := c.CreateSubscription(bg, SubscriptionWrite{Name: "Go", Keyword: "go", T: []int64{4}, M: []int64{1, 2}, Period: &week, Active: &on})
				must(t, err)
				if id != 4 {
					t.Errorf("id %d", id)
				}
			}},
		{name: "subscription get", method: "GET", path: "/2.0/subscriptions/4/", auth: true, body: `{"id":4,"name":"Go"}`,
			call: func(t *testing.T, c *Client) {
				s, err := c.Subscription(bg, 4)
				must(t, err)
				if s.Name != "Go" {
					t.Errorf("%+v", s)
				}
			}},
		{name: "subscription update", method: "PUT", path: "/2.0/subscriptions/4/", auth: true,
			form: url.Values{"name": {"Go 2"}}, body: `{"result":true}`,
			call: func(t *testing.T, c *Client) { must(t, c.UpdateSubscription(bg, 4, SubscriptionWrite{Name: "Go 2"})) }},
		{name: "subscription delete", method: "DELETE", path: "/2.0/subscriptions/4/", auth: true, status: 204,
			call: func(t *testing.T, c *Client) { must(t, c.DeleteSubscription(bg, 4)) }},
		{name: "selections list", method: "GET", path: "/2.0/hr/subscriptions/", auth: true,
			query: url.Values{"page": {"1"}, "count": {"100"}}, body: `{"objects":[` + selJSON + `],"total":1,"more":false}`,
			call: func(t *testing.T, c *Client) {
				p, err := c.Selections(bg, 1, 100)
				must(t, err)
				s := p.Objects[0]
				if s.ID != 8 || !bool(s.Status) || s.Town.Title != "Москва" || s.Keywords[0].SRWS != 60 || s.Period.ID != 7 || s.AgeFrom != 20 {
					t.Errorf("%+v", s)
				}
			}},
		{name: "selection create never sends status", method: "POST", path: "/2.0/hr/subscriptions/", auth: true, status: 201,
			form: url.Values{"name": {"Повара"}, "keywords[0][srws]": {"60"}, "keywords[0][skwc]": {"and"},
				"keywords[0][keys]": {"повар"}, "period": {"0"}, "t[]": {"4"}, "languages[0][language_id]": {"1"},
				"languages[0][language_level]": {"7"}, "has_photo": {"1"}, "DRL[]": {"B"}},
			body: selJSON,
			call: func(t *testing.T, c *Client) {
				s, err := c.CreateSelection(bg, SelectionWrite{Name: "Повара", Status: &off, Period: &off,
					Keywords: []KeywordElement{{SRWS: 60, SKWC: "and", Keys: "повар"}}, T: []int64{4},
					Languages: []SelectionLanguage{{LanguageID: 1, LanguageLevel: 7}}, HasPhoto: true,
					Extra: map[string]any{"DRL": []string{"B"}, "status": 0}})
				must(t, err)
				if s.ID != 8 || len(s.Raw) == 0 {
					t.Errorf("%+v", s)
				}
			}},
		{name: "selection get", method: "GET", path: "/2.0/hr/subscriptions/8/", auth: true, body: selJSON,
			call: func(t *testing.T, c *Client) {
				_, err := c.Selection(bg, 8)
				must(t, err)
			}},
		{name: "selection update sends status 0", method: "PUT", path: "/2.0/hr/subscriptions/8/", auth: true,
			form: url.Values{"status": {"0"}}, body: selJSON,
			call: func(t *testing.T, c *Client) {
				_, err := c.UpdateSelection(bg, 8, SelectionWrite{Status: &off})
				must(t, err)
			}},
		{name: "selection delete", method: "DELETE", path: "/2.0/hr/subscriptions/8/", auth: true, status: 204,
			call: func(t *testing.T, c *Client) { must(t, c.DeleteSelection(bg, 8)) }},
	})
}
