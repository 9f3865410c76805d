package session

import (
	"time"

	"hrdesk/config"
	"hrdesk/fakeapi"
)

// The demo (`hrdesk --demo`, `serve --demo`, `demo-server`) runs the
// built-in fake of the job board; it is started here, as every service a
// command talks to is reached through the session (issue 29: a command
// needs the session, the config, the screens' root and its own words).

// DemoOptions are the demo service's knobs (demo-server's flags).
type DemoOptions struct {
	Seed int64 // of the generated data and of the faults
	// Resumes is the number of received resumes generated (0: 400).
	Resumes int
	// RequestsPerMinute a client address may make (negative: no limit).
	RequestsPerMinute int
	// Faults is the share of answers (0..1) that fail on purpose.
	Faults float64
	// Arrivals are the applicants who respond every minute (0: none).
	Arrivals int
	// TokenTTL is the lifetime of the tokens it issues (0: 7 days).
	TokenTTL time.Duration
	// ClockOffset runs the service's clock this far from this machine's.
	ClockOffset time.Duration
	// Shapes are the real service's answer shapes it may answer in.
	Shapes fakeapi.Shapes
}

// InProcessDemo is the service --demo runs beside its workstation: the
// seed every demo shows, no limit on requests.
var InProcessDemo = DemoOptions{Seed: 1, RequestsPerMinute: -1}

// DemoEchoFormats are the formats demo-server's --echo-requests takes.
var DemoEchoFormats = fakeapi.EchoFormats

// Demo is the demo service's app and recruiter: what a profile logs in
// with (its login form's hint, demo-server's instructions).
var Demo = struct {
	ClientID                int
	Secret, Login, Password string
}{fakeapi.DemoClientID, fakeapi.DemoSecret, fakeapi.DemoLogin, fakeapi.DemoPassword}

// DemoService is the demo service answering on loopback or where
// demo-server was told to listen.
type DemoService struct {
	srv *fakeapi.Server
	// Base is its address, the API's base URL.
	Base string
}

// StartDemo generates the demo's data (with the colleagues' vacancies and
// the recruiter's own folders on the site) and serves it on listen
// ("127.0.0.1:0": a free port).
func StartDemo(listen string, o DemoOptions) (*DemoService, error) {
	srv := fakeapi.New(fakeapi.Options{Seed: o.Seed, Received: o.Resumes, RequestsPerMinute: o.RequestsPerMinute,
		Faults: fakeapi.Faults{Rate: o.Faults, Seed: o.Seed}, Arrivals: o.Arrivals, TokenTTL: o.TokenTTL,
		ClockOffset: o.ClockOffset})
	srv.AddDemoColleagueVacancies()
	srv.AddDemoUserFolders()
	srv.SetShapes(o.Shapes)
	base, err := srv.Start(listen)
	if err != nil {
		return nil, err
	}
	return &DemoService{srv: srv, Base: base}, nil
}

// Close stops the service.
func (d *DemoService) Close() { d.srv.Close() }

// Configure points cfg at the service, its data in dataDir: the
// service, the app's credentials and the folders are the demo's, the
// recruiter's keys and settings stay. The demo's folders are the site's,
// so they open holding the resumes the site keeps there.
func (d *DemoService) Configure(cfg *config.Config, dataDir string) {
	cfg.BaseURL, cfg.AuthURL = d.Base, d.Base+"/authorize/"
	cfg.ClientID, cfg.Secret, cfg.DataDir = Demo.ClientID, Demo.Secret, dataDir
	cfg.Folders = []config.Folder{{ID: fakeapi.DemoReserveFolderID, Name: fakeapi.DemoReserveFolderName},
		{ID: fakeapi.DemoShortlistFolderID, Name: fakeapi.DemoShortlistFolderName}}
}
