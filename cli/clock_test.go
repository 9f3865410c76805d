package cli

import (
	"strings"
	"testing"
	"time"

	"hrdesk/fakeapi"
)

// Issue 26 §7: a service whose clock is ten days behind this machine's is
// said once on a command's standard error, in the profile's language, and
// costs no renewals.
func TestAClockTenDaysOffIsSaidOnStderr(t *testing.T) {
	e := newEnv(t)
	srv := fakeapi.New(fixture(fakeapi.Options{Seed: 2, RequestsPerMinute: -1, ClockOffset: -10 * 24 * time.Hour}))
	base, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	for i, v := range e.vars {
		if strings.HasPrefix(v, "HRDESK_BASE_URL=") {
			e.vars[i] = "HRDESK_BASE_URL=" + base
		}
	}
	// In the profile's language (the process says it once, so one
	// language per test binary: English is i18n's and session's tests').
	e.vars = append(e.vars, "LANG=ru_RU.UTF-8")
	code, _, errs := e.run(fakeapi.DemoPassword+"\n", "login", "--login", fakeapi.DemoLogin, "--password-stdin")
	if code != 0 || strings.Count(errs, "часы этого компьютера спешат на 10 дней относительно часов сервиса") != 1 {
		t.Fatalf("login: %d %q; want the clocks' difference said once, in Russian", code, errs)
	}
	for range 3 {
		if code, _, errs := e.run("", "whoami"); code != 0 {
			t.Fatalf("whoami: %s", errs)
		}
	}
	if n := srv.Requests()["/2.0/oauth2/refresh_token/"]; n != 0 {
		t.Errorf("%d renewals of a fresh login", n)
	}
}
