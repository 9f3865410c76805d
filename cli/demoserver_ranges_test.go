package cli

import (
	"context"
	"strings"
	"testing"
)

// demo-server takes each range's ends and refuses just past them, a usage
// mistake (exit 2); it says the applicants' arrivals only when some come.
// Started with a context already done, a run it takes starts and stops at
// once.
func TestDemoServerTakesItsRangesEnds(t *testing.T) {
	e := newEnv(t)
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{{"--faults", "0"}, {"--faults", "1"}, {"--new-responses", "0"}, {"--new-responses", "1000"},
		{"--blocked-after", "0"}, {"--token-ttl", "0s"}, {"--resumes", "1"}} {
		all := append([]string{"demo-server", "--listen", "127.0.0.1:0", "--resumes", "1"}, args...)
		code, out, errs := runWithin(t, e, done, "", all...)
		if code != 0 || !strings.Contains(out, "stopped") {
			t.Errorf("%v: exit %d %q %q", args, code, out, errs)
		}
		// The arrivals are said when there are some.
		if arrivals := strings.Contains(out, "respond every minute"); arrivals != (args[0] == "--new-responses" && args[1] != "0") {
			t.Errorf("%v: the arrivals said %v: %q", args, arrivals, out)
		}
	}
	for _, args := range [][]string{{"--faults", "-0.01"}, {"--faults", "1.01"}, {"--new-responses", "-1"}, {"--new-responses", "1001"},
		{"--blocked-after", "-1"}, {"--token-ttl", "-1s"}, {"--resumes", "0"}, {"--resumes", "200001"}} {
		all := append([]string{"demo-server", "--listen", "127.0.0.1:0"}, args...)
		if code, _, errs := runWithin(t, e, done, "", all...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d %q, want a usage mistake", args, code, errs)
		}
	}
}
