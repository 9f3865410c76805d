package cli

import (
	"path/filepath"
	"testing"
	"time"

	"hrdesk/fakeapi"
)

// BenchmarkBytesPerKeystrokeSSH is what a recruiter on a slow link pays:
// the workstation served over SSH at 120×40 (xterm-256color) on the demo
// data, and the bytes the client receives per list-navigation keystroke.
//
// Two paces: "repeat" presses j/k 25 ms apart (a held key), "settled" waits
// after each key until the screen is quiet (reading each resume). 50 steps
// down, then 50 up: past the 35 rows on screen, so scrolling is counted.
func BenchmarkBytesPerKeystrokeSSH(b *testing.B) {
	for _, pace := range []struct {
		name   string
		settle bool
	}{{"repeat", false}, {"settled", true}} {
		b.Run(pace.name, func(b *testing.B) {
			e := newEnv(b)
			root := filepath.Join(e.dir, "serve")
			if code, _, errs := e.run(fakeapi.DemoPassword+"\n", "--data-dir", filepath.Join(root, "profiles", "alice"),
				"login", "--login", fakeapi.DemoLogin, "--password-stdin"); code != 0 {
				b.Fatal(errs)
			}
			if code, _, errs := e.run("", "--data-dir", filepath.Join(root, "profiles", "alice"), "sync"); code != 0 {
				b.Fatal(errs)
			}
			alice := newRecruiter(b, "alice")
			keysFile := filepath.Join(e.dir, "authorized_keys")
			writeKeys(b, keysFile, alice)
			srv := startServe(b, e.vars, root, keysFile)
			defer srv.stop()
			tm := mustDial(b, srv.addr, alice, 120, 40)
			tm.waitFor(b, "online  •  synced")
			first := tm.quiet(b)
			b.ResetTimer()
			start := tm.out.Len()
			for i := 0; b.Loop(); i++ {
				k := "j"
				if (i/50)%2 == 1 {
					k = "k"
				}
				tm.keys(b, k)
				if pace.settle {
					tm.quiet(b)
				} else {
					time.Sleep(25 * time.Millisecond)
				}
			}
			b.StopTimer()
			total := tm.quiet(b) - start
			b.ReportMetric(float64(first), "first-frame-bytes")
			b.ReportMetric(float64(total)/float64(b.N), "bytes/keystroke")
			tm.keys(b, "q")
		})
	}
}
