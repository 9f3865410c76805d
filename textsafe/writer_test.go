package textsafe

import (
	"bytes"
	"strings"
	"testing"
)

// hasControl reports the first byte or rune a terminal would act on.
func hasControl(s string) (string, bool) {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == 0x1b || c == 0x07 || c == '\r':
			return s[i:], true
		case c >= 0x80 && c <= 0x9f && (i == 0 || s[i-1] < 0xc0): // a raw C1 byte, not a continuation
			return s[i:], true
		}
	}
	for i, r := range s {
		if r >= 0x80 && r <= 0x9f || r == 0x202e {
			return s[i:], true
		}
	}
	return "", false
}

func TestWriterCleansEverySplit(t *testing.T) {
	in := "Анна\x1b]0;title\x07 Смирнова\x1b]52;c;ZXZpbA==\x07\u009b31m\n" +
		"prompt: \x1b[2Jok\u202e\tend\r\nлиния без конца"
	want := Clean(in)
	// Every way of cutting the text in two gives the same output, and no
	// split sequence leaves a control byte or its parameters.
	for cut := 0; cut <= len(in); cut++ {
		var buf bytes.Buffer
		w := NewWriter(&buf)
		w.Write([]byte(in[:cut]))
		w.Write([]byte(in[cut:]))
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if buf.String() != want {
			t.Fatalf("cut at %d: %q, want %q", cut, buf.String(), want)
		}
	}
	// Byte by byte, as a worst case.
	var buf bytes.Buffer
	w := NewWriter(&buf)
	for i := 0; i < len(in); i++ {
		w.Write([]byte{in[i]})
	}
	w.Flush()
	if buf.String() != want {
		t.Fatalf("byte by byte: %q, want %q", buf.String(), want)
	}
}

func TestWriterPassesPromptsAtOnce(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	w.Write([]byte("Password: "))
	if buf.String() != "Password: " {
		t.Errorf("a prompt waited for Flush: %q", buf.String())
	}
	w.Write([]byte("Им\xd1")) // half of a letter waits for its other half
	if buf.String() != "Password: Им" {
		t.Errorf("got %q", buf.String())
	}
	w.Write([]byte("\x8f\n"))
	if buf.String() != "Password: Имя\n" {
		t.Errorf("got %q", buf.String())
	}
	// A line holding an escape waits for its end, but not without bound.
	w.Write([]byte("\x1b]0;" + strings.Repeat("x", maxPending+1)))
	if s, bad := hasControl(buf.String()); bad {
		t.Errorf("control passed: %q", s[:min(len(s), 20)])
	}
}

func TestJSON(t *testing.T) {
	in := `{"z":"a\u001b]0;t\u0007b","a":[1.50,12345678901234567890,true,null,"\u009b31m` + "\u202e" + `x"],` +
		`"k\u001b[31m":{"<&>":"\u003c"}}`
	got, err := JSON([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"z":"ab","a":[1.50,12345678901234567890,true,null,"31mx"],"k":{"<&>":"<"}}`
	if string(got) != want {
		t.Errorf("JSON:\n got %s\nwant %s", got, want)
	}
	for _, bad := range []string{``, `{"a":1`, `{"a":1} {}`, `nope`} {
		if _, err := JSON([]byte(bad)); err == nil {
			t.Errorf("JSON(%q) accepted", bad)
		}
	}
}
