package fakeapi

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
)

type harness struct {
	t     *testing.T
	srv   *Server
	http  *httptest.Server
	token string
}

func newHarness(t *testing.T, opts Options) *harness {
	t.Helper()
	if opts.RequestsPerMinute == 0 {
		opts.RequestsPerMinute = -1
	}
	s := New(opts)
	h := &harness{t: t, srv: s, http: httptest.NewServer(s)}
	t.Cleanup(h.http.Close)
	h.token, _ = s.IssueToken()
	return h
}

// do sends a request; form is sent as the body of non-GET requests.
func (h *harness) do(method, path string, form url.Values, hdr map[string]string) (*http.Response, map[string]any) {
	h.t.Helper()
	var body io.Reader
	u := h.http.URL + path
	if method == http.MethodGet && form != nil {
		u += "?" + form.Encode()
	} else if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, _ := http.NewRequest(method, u, body)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Api-App-Id", DemoSecret)
	if h.token != "" {
		req.Header.Set("Authorization", "Bearer "+h.token)
	}
	for k, v := range hdr {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return resp, out
}

func errCode(body map[string]any) (int, string) {
	e, _ := body["error"].(map[string]any)
	code, _ := e["code"].(float64)
	label, _ := e["error"].(string)
	return int(code), label
}

func TestAppIDRequired(t *testing.T) {
	h := newHarness(t, Options{})
	resp, body := h.do("GET", "/2.0/vacancies/", nil, map[string]string{"X-Api-App-Id": ""})
	if resp.StatusCode != 403 {
		t.Fatalf("no app id: %d", resp.StatusCode)
	}
	if code, _ := errCode(body); code != 403 {
		t.Fatalf("error body %v", body)
	}
}

func TestTokenErrors(t *testing.T) {
	h := newHarness(t, Options{})
	cases := []struct {
		token  string
		status int
		label  string
	}{
		{"garbage", 401, "invalid_token"},
		{newTokenString(), 404, "token_not_found"},
	}
	for _, c := range cases {
		h.token = c.token
		resp, body := h.do("GET", "/2.0/user/current/", nil, nil)
		_, label := errCode(body)
		if resp.StatusCode != c.status || label != c.label || resp.Header.Get("X-Oauth-Error") != c.label {
			t.Errorf("token %q: %d %q header %q", c.token, resp.StatusCode, label, resp.Header.Get("X-Oauth-Error"))
		}
	}
	access, _ := h.srv.IssueToken()
	h.srv.ExpireToken(access)
	h.token = access
	resp, body := h.do("GET", "/2.0/user/current/", nil, nil)
	if _, label := errCode(body); resp.StatusCode != 410 || label != "invalid_token" {
		t.Errorf("expired: %d %v", resp.StatusCode, body)
	}
}

func TestPasswordRefreshAndLimit(t *testing.T) {
	h := newHarness(t, Options{})
	h.token = ""
	form := url.Values{"login": {DemoLogin}, "password": {DemoPassword}, "client_id": {"1000"}, "client_secret": {DemoSecret}, "hr": {"1"}}
	resp, body := h.do("POST", "/2.0/oauth2/password/", form, nil)
	if resp.StatusCode != 200 || resp.Header.Get("X-User-Type") != "hr_user" || body["access_token"] == nil {
		t.Fatalf("password login: %d %v", resp.StatusCode, body)
	}
	old := body["access_token"].(string)
	rf := url.Values{"refresh_token": {body["refresh_token"].(string)}, "client_id": {"1000"}, "client_secret": {DemoSecret}}
	resp, body = h.do("GET", "/2.0/oauth2/refresh_token/", rf, nil)
	if resp.StatusCode != 200 || body["access_token"] == old {
		t.Fatalf("refresh: %d %v", resp.StatusCode, body)
	}
	h.token = old
	if resp, _ := h.do("GET", "/2.0/user/current/", nil, nil); resp.StatusCode == 200 {
		t.Error("the old access token still works after a refresh")
	}
	h.token = ""
	form.Set("password", "wrong")
	for i := 0; i < 10; i++ {
		if resp, _ := h.do("POST", "/2.0/oauth2/password/", form, nil); resp.StatusCode != 400 {
			t.Fatalf("wrong password %d: %d", i, resp.StatusCode)
		}
	}
	form.Set("password", DemoPassword)
	if resp, _ := h.do("POST", "/2.0/oauth2/password/", form, nil); resp.StatusCode != 429 {
		t.Errorf("eleventh attempt within the hour: %d, want 429 even with the right password", resp.StatusCode)
	}
}

func TestReceivedPagingCapAndDefaultPeriod(t *testing.T) {
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	h := newHarness(t, Options{Received: 1500, Now: func() time.Time { return now }, StatusMix: func(int) int { return 0 }})
	q := url.Values{"status": {"0"}, "count": {"100"}, "date_event_from": {"1"}}
	_, body := h.do("GET", "/2.0/resumes/received/", q, nil)
	total := int(body["total"].(float64))
	if total < 1000 {
		t.Fatalf("total %d", total)
	}
	q.Set("page", "4")
	_, body = h.do("GET", "/2.0/resumes/received/", q, nil)
	if n := len(body["objects"].([]any)); n != 100 || body["more"] != false {
		t.Errorf("page 4: %d objects, more %v; want the 500th entity to end the list", n, body["more"])
	}
	q.Set("page", "5")
	_, body = h.do("GET", "/2.0/resumes/received/", q, nil)
	if n := len(body["objects"].([]any)); n != 0 {
		t.Errorf("page 5 past the cap: %d objects", n)
	}
	for _, bad := range []url.Values{{"count": {"101"}}, {"count": {"0"}}, {"page": {"501"}}} {
		if resp, _ := h.do("GET", "/2.0/resumes/received/", bad, nil); resp.StatusCode != 400 {
			t.Errorf("%v: %d, want 400", bad, resp.StatusCode)
		}
	}
	// Without dates only the last three months are listed.
	_, body = h.do("GET", "/2.0/resumes/received/", url.Values{"status": {"0"}}, nil)
	if int(body["total"].(float64)) >= total {
		t.Error("the default period is not the last three months")
	}
}

func TestActionsAndValidation(t *testing.T) {
	h := newHarness(t, Options{})
	id := h.srv.OwnResumeIDs(0)[0]
	path := func(p string) string { return "/2.0/hr/resumes/" + itoa(id) + "/" + p + "/" }
	if resp, body := h.do("POST", path("move"), url.Values{"id_folder": {"nowhere"}}, nil); resp.StatusCode != 422 || !reflect.DeepEqual(body["error"].(map[string]any)["errors"], []any{}) {
		t.Errorf("bad folder: %d %v", resp.StatusCode, body)
	}
	if resp, _ := h.do("POST", path("move"), url.Values{"id_folder": {"considered"}}, nil); resp.StatusCode != 200 {
		t.Fatalf("move: %d", resp.StatusCode)
	}
	if st, _, _ := h.srv.Folder(id); st != 20 {
		t.Errorf("after move status %d", st)
	}
	resp, body := h.do("POST", path("invite"), url.Values{"id_template": {"999"}}, nil)
	if resp.StatusCode != 422 || !strings.Contains(mustJSON(body), "id_template") {
		t.Errorf("bad template: %d %v", resp.StatusCode, body)
	}
	if resp, _ := h.do("POST", path("invite"), url.Values{"id_template": {"1"}, "send_sms": {"1"}}, nil); resp.StatusCode != 200 {
		t.Fatalf("invite: %d", resp.StatusCode)
	}
	if st, _, _ := h.srv.Folder(id); st != 10 {
		t.Errorf("after invite status %d", st)
	}
	if m := h.srv.Mails(); len(m) != 1 || !m[0].SendSMS || m[0].Kind != "invitation" {
		t.Errorf("mails %+v", m)
	}
	if resp, body := h.do("POST", path("mail_to"), url.Values{"email_to": {"not an address"}}, nil); resp.StatusCode != 422 || !strings.Contains(mustJSON(body), "email_to") {
		t.Errorf("bad e-mail: %d %v", resp.StatusCode, body)
	}
	if resp, _ := h.do("POST", path("reject"), nil, nil); resp.StatusCode != 200 {
		t.Errorf("reject without a letter: %d", resp.StatusCode)
	}
	resp, body = h.do("POST", path("comments"), url.Values{"comment": {"позвонить"}}, nil)
	if resp.StatusCode != 201 {
		t.Fatalf("comment: %d", resp.StatusCode)
	}
	cid := int64(body["id"].(float64))
	if resp, _ := h.do("DELETE", "/2.0/hr/resumes/comments/"+itoa(cid)+"/", nil, nil); resp.StatusCode != 204 {
		t.Errorf("delete own comment: %d", resp.StatusCode)
	}
}

func TestContactsFailuresInside200(t *testing.T) {
	h := newHarness(t, Options{})
	for id, label := range map[int64]string{UnpublishedID: "resume_not_published", TariffMismatchID: "tariff_mismatch"} {
		resp, body := h.do("POST", "/2.0/hr/resumes/"+itoa(id)+"/buy/", nil, nil)
		if resp.StatusCode != 200 || body["status"] != false || !strings.Contains(mustJSON(body), label) {
			t.Errorf("buy %d: %d %v", id, resp.StatusCode, body)
		}
	}
	h.srv.SetMoney(false)
	id := h.srv.OwnResumeIDs(0)[0]
	if _, body := h.do("POST", "/2.0/hr/resumes/"+itoa(id)+"/buy/", nil, nil); !strings.Contains(mustJSON(body), "not_enough_money") {
		t.Errorf("no money: %v", body)
	}
	_, body := h.do("GET", "/2.0/hr/resumes/"+itoa(OpenLimitID)+"/open/", nil, nil)
	if code, _ := errCode(body); code != 429 || body["status"] != false {
		t.Errorf("open limit: %v", body)
	}
}

func TestBatchVacancies(t *testing.T) {
	h := newHarness(t, Options{})
	form := url.Values{"vacancies[0][profession]": {"Курьер"}, "vacancies[0][payment_from]": {"50000"}, "vacancies[1][payment_from]": {"-1"}}
	_, _ = h.do("POST", "/2.0/vacancies/", form, nil)
	req, _ := http.NewRequest("POST", h.http.URL+"/2.0/vacancies/", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Api-App-Id", DemoSecret)
	req.Header.Set("Authorization", "Bearer "+h.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var results []any
	json.NewDecoder(resp.Body).Decode(&results)
	resp.Body.Close()
	if len(results) != 2 || results[0].(map[string]any)["id"] == nil || !strings.Contains(mustJSON(results[1]), "profession") {
		t.Errorf("batch results %v", results)
	}
}

func TestRateLimit(t *testing.T) {
	h := newHarness(t, Options{RequestsPerMinute: 5})
	var last *http.Response
	for i := 0; i < 6; i++ {
		last, _ = h.do("GET", "/2.0/user/current/", nil, nil)
	}
	if last.StatusCode != 429 || last.Header.Get("Retry-After") == "" {
		t.Errorf("sixth request in a minute with a limit of 5: %d", last.StatusCode)
	}
}

// The same seed on the same clock makes the same data (the dates are
// relative to the clock: two servers made across a second's edge on the
// real clock differed, and the test failed once in a fresh clone).
func TestDeterministicForSeed(t *testing.T) {
	at := func() time.Time { return time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC) }
	a, b := New(Options{Seed: 7, Now: at}), New(Options{Seed: 7, Now: at})
	if !reflect.DeepEqual(a.ResumeIDs(0), b.ResumeIDs(0)) {
		t.Error("same seed, different inbox")
	}
	if ea, eb := mustJSON(a.entries[a.order[0]].resume), mustJSON(b.entries[b.order[0]].resume); ea != eb {
		t.Error("same seed, different resume")
	}
}

func TestFaultKinds(t *testing.T) {
	h := newHarness(t, Options{})
	id := h.srv.OwnResumeIDs(0)[0]
	h.srv.SetFaults(Faults{Rate: 1, Kinds: []FaultKind{FaultUnavailable}})
	resp, _ := h.do("POST", "/2.0/hr/resumes/"+itoa(id)+"/move/", url.Values{"id_folder": {"refused"}}, nil)
	if st, _, _ := h.srv.Folder(id); resp.StatusCode != 503 || st == 30 {
		t.Errorf("a 503 fault must not apply the move: %d, status %d", resp.StatusCode, st)
	}
	h.srv.SetFaults(Faults{Rate: 1, Kinds: []FaultKind{FaultTruncated}})
	resp, body := h.do("POST", "/2.0/hr/resumes/"+itoa(id)+"/move/", url.Values{"id_folder": {"refused"}}, nil)
	if st, _, _ := h.srv.Folder(id); resp.StatusCode != 200 || body != nil || st != 30 {
		t.Errorf("a truncated answer applies the move but the body is cut: %d %v status %d", resp.StatusCode, body, st)
	}
}

func TestNest(t *testing.T) {
	v, _ := url.ParseQuery("vacancies[0][id]=1&vacancies[0][metro][]=5&vacancies[0][metro][]=6&vacancies[1][id]=2&types[]=10&types[]=30&name=x")
	got := nest(v)
	want := map[string]any{
		"vacancies": []any{map[string]any{"id": "1", "metro": []any{"5", "6"}}, map[string]any{"id": "2"}},
		"types":     []any{"10", "30"}, "name": "x",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("nest = %v\nwant %v", got, want)
	}
}

func BenchmarkGenerate10k(b *testing.B) {
	for b.Loop() {
		New(Options{Received: 10000})
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestHostileEntriesAreTheDemoUsers(t *testing.T) {
	for seed := int64(0); seed < 20; seed++ {
		s := New(Options{Seed: seed, Received: 20})
		own := map[int64]bool{}
		for _, id := range s.OwnResumeIDs(0) {
			own[id] = true
		}
		for _, id := range []int64{HostileEscapeID, HostileRTLID, HostileLongID, UnpublishedID, TariffMismatchID, OpenLimitID} {
			if !own[id] {
				t.Fatalf("seed %d: resume %d is not in the demo user's inbox", seed, id)
			}
		}
	}
}

func TestDemoCompanyMatchesItsVacancies(t *testing.T) {
	h := newHarness(t, Options{})
	_, body := h.do("GET", "/2.0/clients/"+itoa(demoClientID)+"/", nil, nil)
	v, _ := h.srv.Vacancy(46000001)
	if !strings.Contains(v["firm_name"].(string), body["title"].(string)) {
		t.Errorf("company %q, vacancies' firm %q", body["title"], v["firm_name"])
	}
}

// Section 7, extension 4: a blocked employer gets 403 with the reasons on
// any authorized request; anonymous calls are not affected.
func TestBlockedEmployer(t *testing.T) {
	h := newHarness(t, Options{Seed: 3})
	h.srv.Block("user_blocked_by_other_user")
	resp, body := h.do("GET", "/2.0/resumes/received/", nil, nil)
	e, _ := body["error"].(map[string]any)
	reasons, _ := e["errors"].([]any)
	if resp.StatusCode != 403 || len(reasons) != 1 {
		t.Fatalf("blocked: %d %v", resp.StatusCode, body)
	}
	r := reasons[0].(map[string]any)
	if r["reason"] != "user_blocked_by_other_user" || r["user_name"] == "" || r["reason_text"] == "" {
		t.Errorf("reason: %v", r)
	}
	if resp, _ := h.do("GET", "/2.0/vacancies/", nil, map[string]string{"Authorization": ""}); resp.StatusCode != 200 {
		t.Errorf("anonymous call while blocked: %d", resp.StatusCode)
	}
	h.srv.Block("")
	if resp, _ := h.do("GET", "/2.0/resumes/received/", nil, nil); resp.StatusCode != 200 {
		t.Errorf("after the block was lifted: %d", resp.StatusCode)
	}
}

// Resume selections are checked as the service checks them (4.6).
func TestSelectionValidation(t *testing.T) {
	h := newHarness(t, Options{Seed: 3})
	bad := url.Values{"name": {"x"}, "age_from": {"50"}, "age_to": {"20"}, "period": {"5"},
		"keywords[0][keys]": {"go"}, "keywords[0][srws]": {"99"}, "keywords[0][skwc]": {"maybe"}, "payment_from": {"-1"}}
	resp, body := h.do("POST", "/2.0/hr/subscriptions/", bad, nil)
	e, _ := body["error"].(map[string]any)
	errs, _ := e["errors"].([]any)
	fields := map[string]bool{}
	for _, it := range errs {
		for k := range it.(map[string]any) {
			fields[k] = true
		}
	}
	for _, want := range []string{"age_from", "period", "keywords[0][srws]", "keywords[0][skwc]", "payment_from"} {
		if !fields[want] {
			t.Errorf("no error for %s: %d %v", want, resp.StatusCode, body)
		}
	}
	good := url.Values{"name": {"Go"}, "age_from": {"20"}, "age_to": {"50"}, "period": {"7"},
		"keywords[0][keys]": {"go"}, "keywords[0][srws]": {"7"}, "keywords[0][skwc]": {"and"}}
	if resp, body := h.do("POST", "/2.0/hr/subscriptions/", good, nil); resp.StatusCode != 201 {
		t.Errorf("a good selection: %d %v", resp.StatusCode, body)
	}
}
