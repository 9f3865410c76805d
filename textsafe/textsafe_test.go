package textsafe

import (
	"strings"
	"testing"
)

func TestClean(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain", "Иван Петров", "Иван Петров"},
		{"keeps newline and tab", "a\n\tb", "a\n\tb"},
		{"crlf", "a\r\nb", "a\nb"},
		{"csi colour", "\x1b[31mred\x1b[0m", "red"},
		{"osc 52 clipboard", "x\x1b]52;c;ZXZpbA==\x07y", "xy"},
		{"osc title st", "\x1b]0;pwned\x1b\\ok", "ok"},
		{"bare cr rewrites line", "safe\roverwrite", "safeoverwrite"},
		{"backspace bell del", "a\bb\x07c\x7fd", "abcd"},
		{"c1 csi", "a\u009b31mb", "a31mb"},
		{"bidi override", "abc\u202edcba\u202c", "abcdcba"},
		{"isolates", "\u2066x\u2069", "x"},
		{"invalid utf8", "ok\xffok", "okok"},
		{"real replacement char kept", "a\ufffdb", "a\ufffdb"},
		{"emoji and rtl letters kept, joiners dropped", "👩\u200d💻 שלום ❤\ufe0f", "👩💻 שלום ❤"},
		{"nul", "a\x00b", "ab"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Clean(tt.in); got != tt.want {
				t.Errorf("Clean(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestLine(t *testing.T) {
	if got := Line("a\n b\tc\x1b[1m"); got != "a b c" {
		t.Errorf("Line = %q", got)
	}
}

func FuzzClean(f *testing.F) {
	for _, s := range []string{"", "plain", "\x1b[31m", "\x1b]52;c;x\x07", "\u202e", "\xff\xfe", "a\r\nb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Clean(s)
		for _, r := range out {
			if r == 0x1b || r == '\r' || (r < 0x20 && r != '\n' && r != '\t') || (r >= 0x80 && r <= 0x9f) || unsafe(r) && r != '\n' && r != '\t' {
				t.Fatalf("Clean(%q) kept %U", s, r)
			}
		}
		if Clean(out) != out {
			t.Fatalf("Clean is not idempotent on %q", s)
		}
		if strings.ContainsRune(out, 0x1b) {
			t.Fatalf("escape kept")
		}
	})
}
