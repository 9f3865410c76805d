package ui

import (
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// countingWriter counts what the program writes to the terminal.
type countingWriter struct{ n atomic.Int64 }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.n.Add(int64(len(p)))
	return len(p), nil
}

// waitQuiet waits until the output has not grown for a frame or two.
func waitQuiet(w *countingWriter) int64 {
	last := w.n.Load()
	for {
		time.Sleep(40 * time.Millisecond)
		n := w.n.Load()
		if n == last {
			return n
		}
		last = n
	}
}

// BenchmarkBytesPerKeystroke runs the real program at 120×40 with a 256-colour
// profile and counts the bytes written per list-navigation keystroke, which
// is what a slow SSH link pays. Reported: first-frame bytes and the average
// per keystroke (issue 5 targets ≤ 400).
func BenchmarkBytesPerKeystroke(b *testing.B) {
	st := fixture(b, 2000)
	m, _ := newModel(b, st, 120, 40)
	m.opts.DetailDelay = 0 // as the real program
	out := &countingWriter{}
	p := tea.NewProgram(m, tea.WithInput(nil), tea.WithOutput(out), tea.WithWindowSize(120, 40),
		tea.WithColorProfile(colorprofile.ANSI256), tea.WithoutSignalHandler())
	done := make(chan struct{})
	go func() { _, _ = p.Run(); close(done) }()
	first := waitQuiet(out)
	b.ResetTimer()
	start := out.n.Load()
	for i := 0; b.Loop(); i++ {
		code := 'j'
		if (i/50)%2 == 1 {
			code = 'k'
		}
		p.Send(tea.KeyPressMsg{Code: code, Text: string(code)})
		// Let the resume render and the throttled renderer flush.
		time.Sleep(25 * time.Millisecond)
	}
	b.StopTimer()
	total := waitQuiet(out) - start
	p.Quit()
	<-done
	b.ReportMetric(float64(first), "first-frame-bytes")
	b.ReportMetric(float64(total)/float64(b.N), "bytes/keystroke")
}
