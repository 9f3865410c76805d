package config

import (
	"strings"
	"testing"
	"time"
)

// Saved views are read from config.toml with the command line's words,
// and each mistake is named with its view and setting.
func TestSavedViews(t *testing.T) {
	c, err := resolveWith(t, `
[[folders]]
id = 77
name = "Shortlist"

[[views]]
name = "Fresh seniors"
key = "w"
folder = "all"
new = true
salary = "80000-"
responded = "7d"
age = "25-45"
sort = "salary asc"

[[views]]
name = "Shortlisted"
key = "W"
folder = "Shortlist"
stale = true
`)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Views) != 2 {
		t.Fatalf("views: %+v", c.Views)
	}
	v := c.Views[0]
	if id, all, err := c.ViewFolder(v); err != nil || !all || id != "" {
		t.Errorf("folder all: %q %v %v", id, all, err)
	}
	if by, asc, err := v.SortOrder(); by != "salary" || !asc || err != nil {
		t.Errorf("sort: %s %v %v", by, asc, err)
	}
	if id, _, err := c.ViewFolder(c.Views[1]); id != "77" || err != nil {
		t.Errorf("a user folder by name: %q %v", id, err)
	}

	dir := t.TempDir()
	for _, bad := range []struct {
		view View
		want string
	}{
		{View{Key: "w"}, `[[views]] #1: name is empty`},
		{View{Name: "A"}, `[[views]] "A": key is empty`},
		{View{Name: "A", Key: "w", Folder: "archive"}, `[[views]] "A": folder "archive": use inbox`},
		{View{Name: "A", Key: "w", Salary: "80k-"}, `[[views]] "A": salary "80k-": write a range like`},
		{View{Name: "A", Key: "w", Age: "40-20"}, `[[views]] "A": age "40-20"`},
		{View{Name: "A", Key: "w", Responded: "week"}, `[[views]] "A": responded "week": use today, 7d, 30d`},
		{View{Name: "A", Key: "w", Sort: "price"}, `[[views]] "A": sort "price": use date, salary or age`},
		{View{Name: "A", Key: "w", Sort: "salary up"}, `sort "salary up"`},
		{View{Name: "A", Key: "w", Education: -2}, `education -2`},
	} {
		c := Defaults(EnvFromList(nil))
		c.DataDir = dir
		c.Views = []View{bad.view}
		if err := c.Validate(); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%+v: %v, want %q", bad.view, err, bad.want)
		}
	}
	c.Views = append(c.Views, View{Name: "Again", Key: "w"})
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), `[[views]] "Again": key "w" is also the key of [[views]] "Fresh seniors"`) {
		t.Errorf("two views on one key: %v", err)
	}
}

func TestFilterWords(t *testing.T) {
	now := time.Date(2026, 11, 23, 15, 0, 0, 0, time.FixedZone("MSK", 3*3600))
	for in, want := range map[string]string{"today": "2026-11-23 00:00 +0300", "7d": "2026-11-17 00:00 +0300",
		"2026-11-01..": "2026-11-01 00:00 +0300"} {
		r, err := ParseResponded(in)
		from, _ := r.Bounds(now)
		if err != nil || from.Format("2006-01-02 15:04 -0700") != want || r.String() != in {
			t.Errorf("%s: %v %v %q", in, from, err, r.String())
		}
	}
	if _, err := ParseResponded("2026-11-20..2026-11-01"); err == nil {
		t.Error("a period that ends before it starts was accepted")
	}
	for _, in := range []string{"80000-150000", "80000-", "-150000"} {
		lo, hi, err := ParseRange(in)
		if err != nil || FormatRange(lo, hi) != in {
			t.Errorf("%s: %d-%d %v", in, lo, hi, err)
		}
	}
}

// Names config.toml gives saved views and folders are shown by the
// workstation (the help screen, the folders pane): they are cleaned as
// the service's text is, so a bidi override or an escape sequence in a
// view's name never reaches the terminal (issue 18 §5).
func TestConfigNamesCleaned(t *testing.T) {
	env := testEnv(t)
	writeConfig(t, env, `
[[folders]]
id = 501
name = "Short\u202Elist\u001B[31m"

[[views]]
name = "Fresh\u202E seniors\u001B]52;c;ZXZpbA==\u0007\r"
key = "w"
folder = "short\u202Elist\u001B[31m"
`)
	cfg, err := Resolve(env, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.Folders[0].Name; got != "Shortlist" {
		t.Errorf("folder name %q", got)
	}
	if got := cfg.Views[0].Name; got != "Fresh seniors" {
		t.Errorf("view name %q", got)
	}
	if id, _, err := cfg.ViewFolder(cfg.Views[0]); id != "501" || err != nil {
		t.Errorf("the view's folder: %q %v", id, err)
	}
	// Nothing left once cleaned is no name.
	writeConfig(t, env, "[[views]]\nname = \"\\u202E\\u0007\"\nkey = \"w\"\n")
	if _, err := Resolve(env, Overrides{}); err == nil || !strings.Contains(err.Error(), "name is empty") {
		t.Errorf("a name of controls only: %v", err)
	}
}
