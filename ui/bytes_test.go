//go:build linux || darwin || freebsd

package ui

import (
	"io"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/creack/pty"
)

// BenchmarkBytesPerKeystroke runs the real program at 120×40 on a real
// pseudo-terminal: the program owns the tty side (raw mode, its own size
// and colour detection from TERM=xterm-256color), keys are typed into the
// master side, and every byte the terminal would receive is counted: what
// a slow SSH link pays per list-navigation keystroke (issue 5: ≤ 400 on
// average), with the first full frame reported beside it.
func BenchmarkBytesPerKeystroke(b *testing.B) {
	master, tty, err := pty.Open()
	if err != nil {
		b.Skipf("no pty here: %v", err)
	}
	defer master.Close()
	defer tty.Close()
	if err := pty.Setsize(tty, &pty.Winsize{Cols: 120, Rows: 40}); err != nil {
		b.Fatal(err)
	}
	var n atomic.Int64
	go func() {
		buf := make([]byte, 32<<10)
		for {
			k, err := master.Read(buf)
			n.Add(int64(k))
			if err != nil {
				return
			}
		}
	}()
	quiet := func() int64 {
		deadline := time.Now().Add(10 * time.Second)
		last := n.Load()
		for {
			time.Sleep(60 * time.Millisecond)
			if cur := n.Load(); cur == last {
				return cur
			} else {
				last = cur
			}
			if time.Now().After(deadline) {
				b.Fatalf("the program still prints after 10s (%d bytes): an idle screen writes nothing", last)
			}
		}
	}
	st := fixture(b, 2000)
	m, _ := newModel(b, st, 120, 40)
	m.opts.DetailDelay = 0 // as the real program
	p := tea.NewProgram(m, tea.WithInput(tty), tea.WithOutput(tty), tea.WithoutSignalHandler(),
		tea.WithEnvironment([]string{"TERM=xterm-256color"}))
	done := make(chan struct{})
	go func() { _, _ = p.Run(); close(done) }()
	first := quiet()
	b.ResetTimer()
	start := n.Load()
	for i := 0; b.Loop(); i++ {
		k := "j"
		if (i/50)%2 == 1 { // 50 steps: past the screen, so scrolling is counted
			k = "k"
		}
		if _, err := io.WriteString(master, k); err != nil {
			b.Fatal(err)
		}
		time.Sleep(25 * time.Millisecond) // a held key
	}
	b.StopTimer()
	total := quiet() - start
	p.Quit()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		p.Kill()
	}
	b.ReportMetric(float64(first), "first-frame-bytes")
	b.ReportMetric(float64(total)/float64(b.N), "bytes/keystroke")
}
