package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Files hrdesk is handed — a vacancies batch, a selection, a config given
// with --config — are refused when nested past 16 levels (a 12 KB file
// 3,000 deep took the decoder 685 MiB), with over 50,000 keys or over
// their size, with one line naming the file and the bound, before
// anything is decoded or sent (issue 18 §5).
func TestHandedFilesAreBounded(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.login()
	deep := strings.Repeat("{a=", 3000) + "1" + strings.Repeat("}", 3000)
	write := func(name, body string) string {
		path := filepath.Join(e.dir, name)
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	long := `"` + strings.Repeat("Обязанности курьера. ", maxRequestFile/36) + `"`
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"vacancies", "apply", write("deep.toml", "[[vacancy]]\nprofession = "+deep+"\n")},
			"deep.toml: line 2 nests deeper than 16 levels"},
		{[]string{"vacancies", "apply", write("large.toml", "[[vacancy]]\nprofession = "+long+"\n")},
			"large.toml: larger than 2 MiB"},
		{[]string{"vacancies", "apply", write("large.json", `{"vacancies":[{"profession":`+long+`}]}`)},
			"large.json: larger than 2 MiB"},
		{[]string{"vacancies", "apply", write("keys.toml", "[[vacancy]]\n"+numbered("a%d = {b = {c = 1}}\n", 20000))},
			"keys.toml: line 16668 takes the file past 50000 keys"},
		{[]string{"selections", "create", write("selection.toml", "name = "+deep+"\n")},
			"selection.toml: line 1 nests deeper than 16 levels"},
		{[]string{"--config", write("config.toml", "a = "+deep+"\n"), "status"},
			"config.toml: line 1 nests deeper than 16 levels"},
	} {
		code, out, errs := e.run("", tc.args...)
		if code == 0 || out != "" || !strings.Contains(errs, filepath.Join(e.dir, tc.want)) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: %d %q\n%.300s", tc.args, code, out, errs)
		}
	}
}

// A saved view's name with a bidi override and an escape sequence, from
// config.toml to the help screen of the workstation hrdesk builds: the
// screen shows the name cleaned (issue 18 §5).
func TestSavedViewNameReachesHelpClean(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.login()
	cfg := filepath.Join(e.dir, "cfg", "hrdesk", "config.toml")
	if err := os.WriteFile(cfg, []byte(`[[folders]]
id = 501
name = "Short\u202Elist"
[[views]]
name = "Fresh\u202E seniors\u001B]52;c;ZXZpbA==\u0007"
key = "w"
`), 0o600); err != nil {
		t.Fatal(err)
	}
	m, _ := narrowWorkstation(t, e)
	keys(t, m, "?")
	out := m.View().Content
	for _, bad := range []string{"\u202e", "\x1b]52", "\x07"} {
		if strings.Contains(out, bad) {
			t.Errorf("%q reached the help screen", bad)
		}
	}
	if !strings.Contains(ansi.Strip(out), "w Fresh seniors") {
		t.Errorf("the view is not listed:\n%s", ansi.Strip(out))
	}
}

// numbered is format repeated n times, each with its number.
func numbered(format string, n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, format, i)
	}
	return b.String()
}
