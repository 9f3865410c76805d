package resume

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/views/common"
)

// payload is everything a hostile resume might carry: colour, screen clear,
// OSC 52 (clipboard write) with BEL and ST, 8-bit CSI, a hyperlink, bidi
// overrides and isolates, carriage return, backspace.
const payload = "\x1b[31mred\x1b[0m\x1b[2J\x1b]52;c;cm0gLXJmIH4=\x07\x1b]52;c;eA==\x1b\\" +
	"\u009b31m\x1b]8;;https://evil\x1b\\link\x1b]8;;\x1b\\\u202egnp.exe\u202c\u2066iso\u2069\rover\bx\x07"

// poison appends payload to every string of a JSON value, keys included.
func poison(v any) any {
	switch x := v.(type) {
	case string:
		return x + payload
	case []any:
		for i := range x {
			x[i] = poison(x[i])
		}
		return x
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			out[k] = poison(e)
		}
		out["extra"+payload] = payload
		return out
	}
	return v
}

var sgrSeq = regexp.MustCompile(`\x1b\[[0-9;:]*m`)

// assertSafe fails on any escape sequence other than SGR, any C0/C1 control
// other than newline, and any bidi control.
func assertSafe(t *testing.T, s string) {
	t.Helper()
	if rest := sgrSeq.ReplaceAllString(s, ""); strings.ContainsRune(rest, 0x1b) {
		i := strings.IndexRune(rest, 0x1b)
		t.Fatalf("an escape sequence other than SGR reached the output: %q", rest[i:min(i+12, len(rest))])
	}
	for _, r := range ansi.Strip(s) {
		switch {
		case r == '\n':
		case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
			t.Fatalf("control %U reached the output", r)
		case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f:
			t.Fatalf("bidi control %U reached the output", r)
		}
	}
	if strings.Contains(s, "cm0gLXJmIH4=") || strings.Contains(s, "https://evil") {
		t.Fatal("OSC payload reached the output")
	}
}

func TestHostileTextNeverReachesView(t *testing.T) {
	for _, name := range fixtures {
		d := fixture(t, name)
		var v any
		if err := json.Unmarshal(d.RawJSON, &v); err != nil {
			t.Fatal(err)
		}
		raw, err := json.Marshal(poison(v))
		if err != nil {
			t.Fatal(err)
		}
		d.RawJSON = raw
		d.DisplayName += payload
		d.Profession += payload
		for _, style := range []string{"ascii", "dark"} {
			t.Run(name+"/"+style, func(t *testing.T) {
				c := panetest.Colour(i18n.EN)
				if style == "ascii" {
					c = newCommon(i18n.EN)
				}
				m := New(c)
				m.SetSize(80, 40)
				cmd := m.SetResume(d)
				assertSafe(t, m.View()) // the plain header while rendering
				settle(t, m, cmd)
				assertSafe(t, strings.Join(m.shown, "\n"))
				assertSafe(t, m.View())
				if !strings.Contains(ansi.Strip(strings.Join(m.shown, "\n")), "red") {
					t.Fatal("the text around the sequences was lost")
				}
			})
		}
	}
}

// TestMarkdownEscaped: resume text that looks like markdown stays text.
func TestMarkdownEscaped(t *testing.T) {
	prof := "**bold** _em_ [a](http://b.example) <b>tag</b> `code` ~~del~~ &amp; \\* # hash | a | b |"
	info := "# heading\n- item\n1. one\n    code\n> quote\n***\n<script>x</script>\n[ref]: http://x"
	raw, _ := json.Marshal(map[string]any{"id": 7, "profession": prof, "additional_info": info})
	c := panetest.Colour(i18n.EN) // dark: bold is SGR, not asterisks
	m := New(c)
	m.SetSize(150, 40)
	settle(t, m, m.SetResume(storeDetail(7, raw)))
	got := ansi.Strip(strings.Join(m.shown, "\n"))
	for _, want := range []string{
		prof, "# heading", "- item", "1. one", "code", "> quote", "***", "<script>x</script>", "[ref]: http://x",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("%q not shown literally in:\n%s", want, got)
		}
	}

	md := common.EscapeLine(prof)
	for _, ch := range "*_[]()<>`~&\\#|" {
		if strings.ContainsRune(md, ch) && ch != '&' && ch != '#' {
			t.Errorf("%q left unescaped in %q", ch, md)
		}
	}
}
