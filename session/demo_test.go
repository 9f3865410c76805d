package session

import (
	"net/http"
	"testing"

	"hrdesk/config"
	"hrdesk/fakeapi"
	"hrdesk/problem"
)

// demoProfile is a profile pointed at a demo service started with o.
func demoProfile(t *testing.T, o DemoOptions) *Profile {
	t.Helper()
	d, err := StartDemo("127.0.0.1:0", o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.Close)
	cfg := config.Defaults(config.EnvFromList(nil))
	d.Configure(&cfg, t.TempDir())
	if cfg.BaseURL != d.Base || cfg.AuthURL != d.Base+"/authorize/" || len(cfg.Folders) != 2 ||
		cfg.Folders[0].ID != fakeapi.DemoReserveFolderID {
		t.Fatalf("the configuration is not the demo's: %s %s %+v", cfg.BaseURL, cfg.AuthURL, cfg.Folders)
	}
	cfg.RequestsPerMinute = 60000
	return &Profile{Config: cfg}
}

// --demo's service takes the demo's recruiter; the configuration pointed
// at it is valid as it is.
func TestTheDemoServiceTakesTheDemoLogin(t *testing.T) {
	p := demoProfile(t, DemoOptions{Seed: 1, Resumes: 3, RequestsPerMinute: -1})
	if err := p.Config.Validate(); err != nil {
		t.Fatal(err)
	}
	c, err := p.Client(nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.PasswordLogin(testCtx(t), c, Demo.Login, Demo.Password); err != nil {
		t.Fatal(err)
	}
}

// demo-server's shapes reach the service: one that redirects everything
// refuses even the login, as a redirect.
func TestTheDemoServiceAnswersInItsShapes(t *testing.T) {
	p := demoProfile(t, DemoOptions{Seed: 1, Resumes: 3, RequestsPerMinute: -1,
		Shapes: fakeapi.Shapes{RedirectTo: "http://127.0.0.1:1/elsewhere"}})
	c, err := p.Client(nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.PasswordLogin(testCtx(t), c, Demo.Login, Demo.Password)
	if got := problem.Of(err).Kind; got != problem.Redirected {
		t.Errorf("a login on a redirecting service: %v (%v)", got, err)
	}
}

// --demo's own service never refuses its one terminal for too many
// requests: a first sync of the demo's data makes far more than the
// real service's 120 a minute, and a 429 there would hold the demo up.
func TestTheInProcessDemoHasNoRequestLimit(t *testing.T) {
	d, err := StartDemo("127.0.0.1:0", InProcessDemo)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.Close)
	for i := range 130 {
		req, err := http.NewRequestWithContext(testCtx(t), http.MethodGet, d.Base+"/2.0/user/current/", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("X-Api-App-Id", Demo.Secret)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests {
			t.Fatalf("request %d refused for too many", i+1)
		}
	}
}
