package spark

import (
	"testing"

	"hrdesk/theme"
)

// The sparkline's ramp: any response shows, the largest is the top level,
// only the last width days are drawn, and ASCII has digits.
func TestLine(t *testing.T) {
	g := theme.New(true).Glyphs
	if s := Line(g.Spark, []int{0, 1, 8, 16}, 4); s != "·▁▄█" {
		t.Fatalf("sparkline %q", s)
	}
	if s := Line(theme.New(true, theme.WithASCII(true)).Glyphs.Spark, []int{0, 1, 8, 16, 3}, 4); s != "1482" {
		t.Fatalf("ASCII sparkline, the last 4 days: %q", s)
	}
	if s := Line(g.Spark, []int{2}, 3); s != "█  " {
		t.Fatalf("fewer days than cells are padded: %q", s)
	}
	if s := Line(g.Spark, []int{1}, 0); s != "" {
		t.Fatalf("no room: %q", s)
	}
}

func TestTrend(t *testing.T) {
	for _, c := range []struct {
		in, before int
		want       string
	}{{112, 100, "+12%"}, {90, 100, "-10%"}, {5, 0, "–"}, {100, 100, "0%"}} {
		if got := Trend(c.in, c.before); got != c.want {
			t.Errorf("Trend(%d, %d) = %q, want %q", c.in, c.before, got, c.want)
		}
	}
}
