package cli

import (
	"context"
	"flag"
	"fmt"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"

	"hrdesk/config"
	"hrdesk/i18n"
	"hrdesk/session"
)

func demoServerCommand() *command {
	var listen string
	var printCreds bool
	var o session.DemoOptions
	return &command{
		name:    "demo-server",
		summary: "run the built-in fake of the job board with demo data",
		help: `Serves the API 2.0 contract with generated data until interrupted. Point
hrdesk at it with --base-url http://LISTEN and log in with the demo
credentials (shown by --print-credentials, and when the server starts).`,
		flags: func(fs *flag.FlagSet) {
			fs.StringVar(&listen, "listen", "127.0.0.1:8080", "address to listen on")
			fs.Int64Var(&o.Seed, "seed", 1, "seed of the generated data")
			fs.IntVar(&o.Resumes, "resumes", 400, "number of received resumes to generate")
			fs.IntVar(&o.RequestsPerMinute, "rate-limit", 120, "requests a minute per client address (negative: none)")
			fs.Float64Var(&o.Faults, "faults", 0, "share of answers (0..1) that fail on purpose: 5xx, 429/503, cut bodies, slow answers")
			fs.IntVar(&o.Arrivals, "new-responses", 0, "applicants who respond every minute, to watch the live inbox fill (0: none)")
			fs.BoolVar(&printCreds, "print-credentials", false, "print the demo credentials and exit")
			// Shapes the real service answers in (real-world notes): to try a client against them.
			fs.IntVar(&o.Shapes.BlockedIn200After, "blocked-after", 0, "answer every authorized request after the first N with a blocked employer's error inside HTTP 200 (0: never)")
			fs.BoolVar(&o.Shapes.BareExpiry, "bare-expiry", false, "answer an expired token with 410 and the real service's message only (no invalid_token label)")
			fs.StringVar(&o.Shapes.RedirectTo, "redirect-to", "", "answer every request with a 307 redirect to this address")
			fs.BoolVar(&o.Shapes.WholeBatches, "whole-batches", false, "refuse a vacancy batch with an invalid element whole, and answer a one-vacancy create with 201 {id}")
			fs.DurationVar(&o.TokenTTL, "token-ttl", 0, "lifetime of the access tokens it issues (default 7 days)")
			fs.DurationVar(&o.ClockOffset, "clock-offset", 0, "run the service's clock this far from this machine's (e.g. -240h: ten days behind): its ttl, expiries and Date header")
			fs.StringVar(&o.Shapes.Echo, "echo-requests", "", "answer every request with a 400 repeating the request in this format: "+strings.Join(session.DemoEchoFormats, ", "))
		},
		run: func(ctx context.Context, a *app, args []string) error {
			if len(args) > 0 {
				return usageWords(a.text().CLI.Serve.DemoNoArguments)
			}
			if printCreds {
				printDemoCredentials(a, demoBaseURL(listen))
				return nil
			}
			if o.Faults < 0 || o.Faults > 1 {
				return usageWords(a.text().CLI.Serve.FaultsRange)
			}
			if o.Resumes < 1 || o.Resumes > 200000 {
				return usageWords(a.text().CLI.Serve.ResumesRange)
			}
			if o.Arrivals < 0 || o.Arrivals > 1000 {
				return usageWords(a.text().CLI.Serve.ArrivalsRange)
			}
			if o.Shapes.BlockedIn200After < 0 || o.TokenTTL < 0 {
				return usageWords(a.text().CLI.Serve.DemoNegative)
			}
			if o.Shapes.Echo != "" && !slices.Contains(session.DemoEchoFormats, o.Shapes.Echo) {
				return usagef(a.text().CLI.Serve.EchoFormats, strings.Join(session.DemoEchoFormats, ", "))
			}
			srv, err := session.StartDemo(listen, o)
			if err != nil {
				return fmt.Errorf(a.text().CLI.Serve.CannotListen, listen, err)
			}
			defer srv.Close()
			base := srv.Base
			t := a.text().CLI.Serve
			fmt.Fprintf(a.Out, t.DemoAt+"\n", base, o.Resumes, o.RequestsPerMinute)
			if o.Arrivals > 0 {
				fmt.Fprintf(a.Out, t.Arrivals+"\n", o.Arrivals)
			}
			printDemoCredentials(a, base)
			fmt.Fprintln(a.Out, t.PressCtrlC)
			sig := make(chan os.Signal, 1)
			signal.Notify(sig, os.Interrupt)
			defer signal.Stop(sig)
			select {
			case <-ctx.Done():
			case <-sig:
			}
			fmt.Fprintln(a.Out, t.Stopped)
			return nil
		},
	}
}

// demoBaseURL is where a demo server listening on listen is reached from
// this machine: a wildcard or missing host means loopback.
func demoBaseURL(listen string) string {
	host, port, err := net.SplitHostPort(listen)
	if err != nil {
		return "http://" + listen
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port)
}

func printDemoCredentials(a *app, base string) {
	fmt.Fprintf(a.Out, `
In another terminal:
  export HRDESK_BASE_URL=%s HRDESK_CLIENT_ID=%d HRDESK_SECRET='%s'
  export HRDESK_DATA_DIR=/tmp/hrdesk-demo
  echo %s | hrdesk login --login %s --password-stdin
  hrdesk whoami
`, base, session.Demo.ClientID, session.Demo.Secret, session.Demo.Password, session.Demo.Login)
}

// startDemo runs the fake service in process on loopback, points the
// configuration at it with a throwaway data directory, and logs in.
func (a *app) startDemo(ctx context.Context) (stop func(), err error) {
	dir := "" // a throwaway directory, unless the user named one
	if a.global.set["data-dir"] {
		dir = a.global.dataDir
		if err := claimDemoDir(a.text().CLI, dir); err != nil {
			return nil, err
		}
	}
	stop, err = a.startDemoService(dir)
	if err != nil {
		return nil, err
	}
	c, err := a.profile().Client(nil)
	if err != nil {
		stop()
		return nil, err
	}
	if _, err := a.profile().PasswordLogin(ctx, c, session.Demo.Login, session.Demo.Password); err != nil {
		stop()
		return nil, fmt.Errorf(a.text().CLI.Serve.DemoLoginFailed, err)
	}
	return stop, nil
}

// startDemoService runs the fake service on loopback and points the
// configuration at it, with its data in dataDir (a throwaway directory
// when empty). Nobody is logged in.
func (a *app) startDemoService(dataDir string) (stop func(), err error) {
	srv, err := session.StartDemo("127.0.0.1:0", session.InProcessDemo)
	if err != nil {
		return nil, fmt.Errorf(a.text().CLI.Serve.CannotStartDemo, err)
	}
	stop = func() { srv.Close() }
	if dataDir == "" {
		dir, err := os.MkdirTemp("", "hrdesk-demo-*")
		if err != nil {
			srv.Close()
			return nil, err
		}
		dataDir = dir
		stop = func() {
			srv.Close()
			os.RemoveAll(dir)
		}
	}
	// The recruiter's keys and settings (config.toml or --config) apply
	// to the demo too; the service, credentials and folders are the demo's.
	cfg, err := config.ResolveLocal(a.env, a.global.overrides())
	if err != nil {
		stop()
		return nil, err
	}
	srv.Configure(&cfg, dataDir)
	if err := cfg.Validate(); err != nil {
		stop()
		return nil, err
	}
	a.cfg = cfg
	return stop, nil
}

// demoMark names a data directory the demo made, so a later --demo may
// reuse it and a real profile's directory is never filled with demo data.
const demoMark = ".hrdesk-demo"

// claimDemoDir accepts an empty (or new) directory, or one the demo made.
func claimDemoDir(t i18n.CLIText, dir string) error {
	if err := privateDir(t.More, dir); err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(dir, demoMark)); err == nil {
		return nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf(t.Serve.CannotReadDir, dir, err)
	}
	if len(entries) > 0 {
		return usagef(t.Serve.DirHoldsData, dir)
	}
	return os.WriteFile(filepath.Join(dir, demoMark), []byte("made by hrdesk --demo\n"), 0o600)
}
