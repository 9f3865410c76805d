package theme

import (
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// eachStyle calls fn with every lipgloss.Style reachable from v (structs
// nested any depth), named by path.
func eachStyle(v reflect.Value, path string, fn func(string, lipgloss.Style)) {
	if v.Type() == reflect.TypeFor[lipgloss.Style]() {
		fn(path, v.Interface().(lipgloss.Style))
		return
	}
	if v.Kind() == reflect.Struct {
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				eachStyle(v.Field(i), path+"."+v.Type().Field(i).Name, fn)
			}
		}
	}
}

// allStyles gathers the styles of s and of the bubbles it configures.
func allStyles(s Styles, fn func(string, lipgloss.Style)) {
	eachStyle(reflect.ValueOf(s), "Styles", fn)
	eachStyle(reflect.ValueOf(s.BubblesHelp()), "BubblesHelp", fn)
	eachStyle(reflect.ValueOf(s.TextInput()), "TextInput", fn)
	eachStyle(reflect.ValueOf(s.TextArea()), "TextArea", fn)
}

var sgr = regexp.MustCompile(`\x1b\[([0-9;:]*)m`)

// colourParams finds SGR parameters that set a colour: 30–38, 40–48,
// 58 (underline colour), 90–97, 100–107.
func colourParams(s string) []string {
	var found []string
	for _, m := range sgr.FindAllStringSubmatch(s, -1) {
		for _, p := range strings.FieldsFunc(m[1], func(r rune) bool { return r == ';' || r == ':' }) {
			n, err := strconv.Atoi(p)
			if err != nil {
				continue
			}
			if n >= 30 && n <= 38 || n >= 40 && n <= 48 || n == 58 || n >= 90 && n <= 97 || n >= 100 && n <= 107 {
				found = append(found, m[0])
				break
			}
		}
	}
	return found
}

func TestLightAndDarkDiffer(t *testing.T) {
	light, dark := New(false), New(true)
	if reflect.DeepEqual(light.Palette, dark.Palette) {
		t.Fatal("light and dark palettes are equal")
	}
	for _, pick := range []func(Styles) lipgloss.Style{
		func(s Styles) lipgloss.Style { return s.List.Selected },
		func(s Styles) lipgloss.Style { return s.Text },
		func(s Styles) lipgloss.Style { return s.Pane.Focused },
	} {
		if pick(light).Render("x") == pick(dark).Render("x") {
			t.Errorf("light and dark render the same: %q", pick(light).Render("x"))
		}
	}
	if light.Markdown != "light" || dark.Markdown != "dark" {
		t.Errorf("markdown styles %q, %q", light.Markdown, dark.Markdown)
	}
}

// TestColoursAreEmitted guards the NO_COLOR test below: if lipgloss stopped
// emitting colour in tests, that test would pass vacuously.
func TestColoursAreEmitted(t *testing.T) {
	if len(colourParams(New(true).Error.Render("x"))) == 0 {
		t.Fatal("coloured style rendered without colour; the NO_COLOR test proves nothing")
	}
}

func TestNoColorRendersNoColour(t *testing.T) {
	for _, dark := range []bool{false, true} {
		for _, ascii := range []bool{false, true} {
			s := New(dark, WithNoColor(true), WithASCII(ascii))
			allStyles(s, func(path string, st lipgloss.Style) {
				out := st.Render("text\nmore")
				if c := colourParams(out); len(c) > 0 {
					t.Errorf("dark=%v ascii=%v %s renders colour %q", dark, ascii, path, c)
				}
			})
			if s.TextInput().Cursor.Color != nil || s.TextArea().Cursor.Color != nil {
				t.Error("NO_COLOR cursor colour set")
			}
			if s.Markdown != "notty" && !ascii {
				t.Errorf("markdown style %q", s.Markdown)
			}
		}
	}
}

// TestNoColorStillReadable: the cursor row and the focused pane must look
// different from their plain counterparts without colour.
func TestNoColorStillReadable(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		s := New(true, WithNoColor(true), WithASCII(ascii))
		if s.List.Selected.Render("row") == s.List.Row.Render("row") {
			t.Error("selected row looks like a normal row")
		}
		if s.Pane.Title.Render("T") == s.Pane.TitleBlurred.Render("T") {
			t.Error("focused title looks like a blurred one")
		}
		if s.Dialog.ButtonFocused.Render("OK") == s.Dialog.Button.Render("OK") {
			t.Error("focused button looks like a blurred one")
		}
	}
}

func TestASCIIHasNoBoxDrawing(t *testing.T) {
	for _, dark := range []bool{false, true} {
		for _, noColor := range []bool{false, true} {
			s := New(dark, WithASCII(true), WithNoColor(noColor))
			allStyles(s, func(path string, st lipgloss.Style) {
				out := ansi.Strip(st.Width(12).Render("ab\ncd"))
				for _, r := range out {
					if r >= 0x2500 && r <= 0x259F {
						t.Errorf("%s renders box-drawing rune %q: %q", path, r, out)
						return
					}
				}
			})
			g := reflect.ValueOf(s.Glyphs)
			for i := range g.NumField() {
				for _, r := range g.Field(i).String() {
					if r > 0x7e {
						t.Errorf("glyph %s = %q is not ASCII", g.Type().Field(i).Name, g.Field(i).String())
					}
				}
			}
		}
	}
	if !strings.ContainsRune(New(true).Pane.Blurred.Render("x"), '╭') {
		t.Error("default border is not rounded")
	}
}

// TestPaneWidth: Width(n) is the whole box, border included, on every line.
func TestPaneWidth(t *testing.T) {
	content := "Иванов Иван\nshort\n" + strings.Repeat("long line that must wrap ", 8) + "\n●✓ markers"
	for _, opts := range [][]Option{nil, {WithASCII(true)}, {WithNoColor(true)}} {
		s := New(true, opts...)
		for _, pane := range []lipgloss.Style{s.Pane.Focused, s.Pane.Blurred, s.Dialog.Box} {
			for _, n := range []int{12, 40, 80, 120} {
				out := pane.Width(n).Render(content)
				for i, line := range strings.Split(out, "\n") {
					if w := ansi.StringWidth(line); w != n {
						t.Fatalf("Width(%d) line %d is %d columns: %q", n, i, w, line)
					}
				}
			}
		}
	}
}

func TestNoColorEnv(t *testing.T) {
	cases := map[string]struct {
		env  []string
		want bool
	}{
		"unset":      {[]string{"TERM=xterm"}, false},
		"empty":      {[]string{"NO_COLOR="}, false},
		"set":        {[]string{"NO_COLOR=1"}, true},
		"any value":  {[]string{"NO_COLOR=false"}, true},
		"last wins":  {[]string{"NO_COLOR=1", "NO_COLOR="}, false},
		"other name": {[]string{"NO_COLORS=1"}, false},
	}
	for name, c := range cases {
		if got := NoColor(c.env); got != c.want {
			t.Errorf("%s: NoColor(%q) = %v", name, c.env, got)
		}
	}
}

func TestASCIITerm(t *testing.T) {
	for term, want := range map[string]bool{
		"linux": true, "vt100": true, "vt220": true, "dumb": true,
		"xterm-256color": false, "screen": false, "tmux-256color": false, "": false,
	} {
		if got := ASCIITerm([]string{"TERM=" + term}); got != want {
			t.Errorf("ASCIITerm(TERM=%q) = %v, want %v", term, got, want)
		}
	}
}
