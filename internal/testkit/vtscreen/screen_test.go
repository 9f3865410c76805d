package vtscreen

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

func TestSequences(t *testing.T) {
	s := New(10, 3)
	fmt.Fprint(s, "hello\r\nworld")
	fmt.Fprint(s, "\x1b[1;3HXY")                           // CUP then text
	fmt.Fprint(s, "\x1b[2;1H\x1b[2X")                      // erase two cells
	fmt.Fprint(s, "\x1b[3;1H界a\x1b[3b")                    // wide rune, REP
	fmt.Fprint(s, "\x1b[38;5;1m\x1b]0;title\x07\x1b[?25l") // ignored
	want := "heXYo\n  rld\n界aaaa"
	if got := s.String(); got != want {
		t.Errorf("screen:\n%q\nwant\n%q", got, want)
	}
	// Delete and insert characters.
	fmt.Fprint(s, "\x1b[2;1H\x1b[2P") // "  rld" → "rld"
	fmt.Fprint(s, "\x1b[2;2H\x1b[1@") // "rld" → "r ld"
	if got := strings.Split(s.String(), "\n")[1]; got != "r ld" {
		t.Errorf("line 2 after DCH and ICH: %q", got)
	}
	// Reverse index from the line below, then save and restore.
	fmt.Fprint(s, "\x1b[3;1H\x1bMZ\x1b7\x1b[1;1HQ\x1b8W")
	if got := strings.Split(s.String(), "\n"); got[1] != "ZWld" || !strings.HasPrefix(got[0], "Q") {
		t.Errorf("after RI and DECSC/DECRC: %q", got)
	}
	// A sequence split across writes.
	fmt.Fprint(s, "\x1b[1;")
	fmt.Fprint(s, "1H\x1b[K")
	if got := strings.Split(s.String(), "\n")[0]; got != "" {
		t.Errorf("line 1 after a split EL: %q", got)
	}
}

// frames is a model whose view changes on every tick, in ways that make
// the renderer use its whole repertoire (partial lines, erases, wide runes).
type frames struct{ n int }

type tick struct{}

func (f *frames) Init() tea.Cmd { return func() tea.Msg { return tick{} } }

func (f *frames) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(tick); ok {
		f.n++
		if f.n == 12 {
			return f, tea.Quit
		}
		return f, func() tea.Msg { return tick{} }
	}
	return f, nil
}

func (f *frames) View() tea.View {
	var b strings.Builder
	for i := range 8 {
		switch (i + f.n) % 4 {
		case 0:
			fmt.Fprintf(&b, "Резюме %d · 合同 %d", i, f.n)
		case 1:
			fmt.Fprintf(&b, "%*s", (i*f.n)%20, "x")
		case 2:
			b.WriteString(strings.Repeat("─", 10+f.n))
		}
		if i < 7 {
			b.WriteByte('\n')
		}
	}
	v := tea.NewView(b.String())
	v.AltScreen = true // as the workstation: absolute cursor moves
	return v
}

// The emulator shows what the Bubble Tea renderer meant: its last frame.
func TestFollowsTheRenderer(t *testing.T) {
	s := New(40, 8)
	m := &frames{}
	p := tea.NewProgram(m, tea.WithInput(nil), tea.WithOutput(s), tea.WithWindowSize(40, 8),
		tea.WithColorProfile(colorprofile.Ascii), tea.WithFPS(120))
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		p.Kill()
		t.Fatal("program did not end")
	}
	var want []string
	for _, l := range strings.Split(m.View().Content, "\n") {
		want = append(want, strings.TrimRight(l, " "))
	}
	if got := s.String(); got != strings.Join(want, "\n") {
		t.Errorf("screen:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
}

func TestScrollRegion(t *testing.T) {
	s := New(4, 5)
	fmt.Fprint(s, "a\nb\nc\nd\ne")
	fmt.Fprint(s, "\x1b[2;4r\x1b[1S") // scroll rows 2..4 up by one
	if got, want := s.String(), "a\nc\nd\n\ne"; got != want {
		t.Errorf("after SU in a region:\n%q\nwant %q", got, want)
	}
	fmt.Fprint(s, "\x1b[2T") // down by two
	if got, want := s.String(), "a\n\n\nc\ne"; got != want {
		t.Errorf("after SD in a region:\n%q\nwant %q", got, want)
	}
	fmt.Fprint(s, "\x1b[4;1HX\nY") // LF at the bottom margin scrolls the region only
	if got, want := s.String(), "a\n\nX\nY\ne"; got != want {
		t.Errorf("after LF at the bottom margin:\n%q\nwant %q", got, want)
	}
	fmt.Fprint(s, "\x1b[2;1H\x1bM") // RI at the top margin
	if got, want := s.String(), "a\n\n\nX\ne"; got != want {
		t.Errorf("after RI at the top margin:\n%q\nwant %q", got, want)
	}
	fmt.Fprint(s, "\x1b[r\x1b[5;1H\n") // the whole screen again
	if got, want := s.String(), "\n\nX\ne\n"; got != want {
		t.Errorf("after resetting the region:\n%q\nwant %q", got, want)
	}
}
