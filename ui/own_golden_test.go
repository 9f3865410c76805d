package ui

import (
	"errors"
	"fmt"
	"hrdesk/internal/testkit/panetest"
	"os/exec"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/config"
	"hrdesk/hostexec"
	"hrdesk/i18n"
	"hrdesk/keymap"
	"hrdesk/ownactions"
	"hrdesk/theme"
)

// ownModelIn is ownModel in lang at w×h: the fixed clock and the colour
// profile of every golden.
func ownModelIn(t *testing.T, lang i18n.Lang, w, h int, cs ...config.Action) *Model {
	t.Helper()
	km := keymap.Default()
	own, err := ownactions.Bind(&km, cs)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := newModelWith(t, fixture(t, 9), km, w, h, func(o *Options) {
		c := panetest.Colour(lang, panetest.Clock(func() time.Time { return testNow }), panetest.Keymap(km), panetest.Theme(o.ThemeOptions...))
		c.Styles = theme.New(true, o.ThemeOptions...)
		o.Common, o.Own, o.OwnRunner = c, own, ownactions.Runner{Host: hostexec.Host{}}
	})
	return m
}

// The own action's box at both sizes in both languages: a run that went
// well with its output (the template's fields, a line of the resume's
// JSON on stdin), and a non-zero exit with its last five lines of seven.
// The programs are /bin/sh scripts: no network, nothing outside.
func TestGoldenOwnActions(t *testing.T) {
	actions := map[string]config.Action{
		"ok": {Key: "P", Name: "Send to the ATS", Command: []string{"/bin/sh", "-c",
			`echo "resume $0 ($1)"; echo "folder: $2"; head -c 9 | tr -d '\n'; echo; echo done`,
			"{{.ResumeID}}", "{{.Name}}", "{{.Folder}}"}},
		"failed": {Key: "P", Name: "Send to the ATS", Command: []string{"/bin/sh", "-c",
			`for i in 1 2 3 4 5 6; do echo "line $i of $0"; done; echo "ats: 503 busy" >&2; exit 3`,
			"{{.ResumeID}}"}},
	}
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, sz := range [][2]int{{80, 24}, {140, 40}} {
			for name, a := range actions {
				t.Run(fmt.Sprintf("%s_%v_%dx%d", name, lang, sz[0], sz[1]), func(t *testing.T) {
					m := ownModelIn(t, lang, sz[0], sz[1], a)
					press(t, m, "P")
					if _, ok := m.dialog.(*ownDialog); !ok {
						t.Fatalf("no box:\n%s", screen(m))
					}
					golden.RequireEqual(t, []byte(screen(m)))
				})
			}
		}
	}
}

// Why a run failed is said in the UI's language: the exit status and the
// timeout (Go's "exit status 3" was English on a Russian screen).
func TestAFailureSaysWhyInTheLanguage(t *testing.T) {
	ru := i18n.For(i18n.RU).Own()
	if got := failure(ru, ownactions.ErrTimeout); got != ru.Killed {
		t.Errorf("the timeout: %q", got)
	}
	err := exec.Command("/bin/sh", "-c", "exit 3").Run()
	if got := failure(ru, err); got != "код выхода 3" {
		t.Errorf("exit 3: %q", got)
	}
	if got := failure(ru, errors.New("no such program")); got != "no such program" {
		t.Errorf("another error: %q", got)
	}
}
