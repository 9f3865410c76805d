package common

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// payload is what hostile text may carry: colour, screen clear, OSC 52
// (clipboard write) with BEL and ST, 8-bit CSI, a hyperlink.
const payload = "\x1b[31mred\x1b[0m\x1b[2J\x1b]52;c;cm0gLXJmIH4=\x07\x1b]52;c;eA==\x1b\\" +
	"\u009b31m\x1b]8;;https://evil\x1b\\link\x1b]8;;\x1b\\"

// assertOnlySGR fails on any escape sequence other than SGR.
func assertOnlySGR(t *testing.T, s string) {
	t.Helper()
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			n, sgr := escapeLen(s[i:])
			if !sgr {
				t.Fatalf("escape sequence %q reached the output", s[i:i+n])
			}
			i += n
			continue
		}
		i++
	}
	if strings.Contains(s, "cm0gLXJmIH4=") || strings.Contains(s, "https://evil") {
		t.Fatal("OSC payload reached the output")
	}
}

// TestGlamourOutputSanitized feeds keepSGR what glamour would pass through.
func TestGlamourOutputSanitized(t *testing.T) {
	in := "\x1b[1mbold\x1b[0m " + payload + " \x1b[38;2;1;2;3mrgb\x1b[m\x1bPq#0\x1b\\ \x1b[?1049h \x1bc"
	out := keepSGR(in)
	assertOnlySGR(t, out)
	if !strings.Contains(out, "\x1b[1mbold\x1b[0m") || !strings.Contains(out, "\x1b[38;2;1;2;3mrgb\x1b[m") {
		t.Fatalf("SGR lost: %q", out)
	}
}

// TestRenderMarkdownFitsAndCleans: every line is exactly the width, and a
// sequence inside the markdown never survives glamour.
func TestRenderMarkdownFitsAndCleans(t *testing.T) {
	md := "# Title\n\n" + EscapeLine("text "+payload) + "\n\n" + strings.Repeat("x", 300)
	for _, style := range []string{"dark", "ascii", "notty"} {
		lines, err := RenderMarkdown(md, style, 40)
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range lines {
			assertOnlySGR(t, l)
			if got := ansiWidth(l); got != 40 {
				t.Fatalf("%s: line %d is %d wide: %q", style, i, got, l)
			}
		}
	}
}

func TestEscapeBlockKeepsLines(t *testing.T) {
	got := EscapeBlock("  one\r\n\ttwo\n\n\nthree*")
	want := "one\ntwo\n\nthree&#42;"
	if got != want {
		t.Fatalf("escBlock = %q, want %q", got, want)
	}
}

func TestCompactSGR(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{"\x1b[1ma\x1b[m\x1b[1m \x1b[m\x1b[1m \x1b[m", "\x1b[1ma  \x1b[m"},
		{"\x1b[1ma\x1b[m b", "\x1b[1ma\x1b[m b"},
		{"\x1b[31ma\x1b[1mb\x1b[0mc", "\x1b[31ma\x1b[1mb\x1b[mc"},
		{"\x1b[31ma\x1b[m\x1b[32mb\x1b[m", "\x1b[31ma\x1b[m\x1b[32mb\x1b[m"},
		{"\x1b[31m\x1b]52;c;eA==\x07a", "\x1b[31ma\x1b[m"},
	}
	for _, tt := range tests {
		if got := compactSGR(tt.in); got != tt.want {
			t.Errorf("compactSGR(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func ansiWidth(s string) int { return ansi.StringWidth(s) }

// Glamour's padding leaves a line's trailing spaces in its text colour;
// fitted, they are plain spaces after a reset, unless the line sets
// something a space shows (a background, reverse, underline).
func TestFitLinesPlainTail(t *testing.T) {
	pad := func(n int) string { return strings.Repeat(" ", n) }
	for _, tc := range []struct{ in, want string }{
		{"\x1b[38;5;252mОпыт работы   \x1b[m", "\x1b[38;5;252mОпыт работы\x1b[m" + pad(3)},
		{"  \x1b[38;5;252m        \x1b[m  ", pad(14)},
		{"\x1b[1;38;5;75mИмя\x1b[m \x1b[38;5;252m   \x1b[m", "\x1b[1;38;5;75mИмя\x1b[m" + pad(11)},
		{"\x1b[38;5;48mзелёный  \x1b[m", "\x1b[38;5;48mзелёный\x1b[m" + pad(7)},         // 48 is a colour index here
		{"\x1b[38;2;40;41;42mтекст  \x1b[m", "\x1b[38;2;40;41;42mтекст\x1b[m" + pad(9)}, // so are 40–42
		{"\x1b[38;5;48;41mфон  \x1b[m", "\x1b[38;5;48;41mфон  \x1b[m" + pad(9)},         // then a background
		{"\x1b[48;5;236mкод   \x1b[m", "\x1b[48;5;236mкод   \x1b[m" + pad(8)},
		{"\x1b[7mвыбор  \x1b[m", "\x1b[7mвыбор  \x1b[m" + pad(7)},
		{"\x1b[4mссылка \x1b[m", "\x1b[4mссылка \x1b[m" + pad(7)},
		{"без цвета   ", "без цвета" + pad(5)},
	} {
		// Between two lines, so a blank one is not dropped as an edge.
		got := fitLines("a\n"+tc.in+"\nb", 14)
		if len(got) != 3 || got[1] != tc.want || ansiWidth(got[1]) != 14 {
			t.Errorf("fitLines(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
