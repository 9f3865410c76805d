//go:build linux || darwin || freebsd

package cli

import (
	"io"
	"os/exec"
	"testing"
	"time"

	"hrdesk/internal/testkit/benchdata"
)

// BenchmarkStartToListVsHelp: the workstation over the 100k cache from its
// start to the list on a 120×40 pty (as BenchmarkStartToList), against
// `hrdesk --help` from its start to its exit, alternated so that both see
// the same load [issue 28 §7: the list within 2× of --help]. Reported: the
// medians, ms-list and ms-help, and list-per-help, the ratio of the two.
func BenchmarkStartToListVsHelp(b *testing.B) {
	bin := buildHrdesk(b)
	dir := benchDataDir(b, benchdata.CacheSize)
	want := firstListed(b, dir)
	env := hrdeskEnv(dir)
	var list, help []time.Duration
	for b.Loop() {
		cmd := exec.Command(bin, "--help")
		cmd.Env, cmd.Stdout, cmd.Stderr = env, io.Discard, io.Discard
		start := time.Now()
		if err := cmd.Run(); err != nil {
			if _, exited := err.(*exec.ExitError); !exited {
				b.Fatal(err)
			}
		}
		help = append(help, time.Since(start))
		p := startOnPty(b, bin, env, want)
		select {
		case <-p.shown:
			list = append(list, time.Since(p.start))
		case <-time.After(20 * time.Second):
			b.StopTimer()
			p.stop()
			b.Fatalf("%q never appeared; the screen:\n%s", want, p.screen())
		}
		b.StopTimer()
		p.stop()
		b.StartTimer()
	}
	b.ReportMetric(median(list).Seconds()*1000, "ms-list")
	b.ReportMetric(median(help).Seconds()*1000, "ms-help")
	b.ReportMetric(float64(median(list))/float64(median(help)), "list-per-help")
}
