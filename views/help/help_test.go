package help

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/keymap"
	"hrdesk/views/action"
	"hrdesk/views/common"
)

// opened is the help screen at w×h, opened as the root opens it.
func opened(c *common.Common, w, h int) *Model {
	m := New(c)
	m.SetSize(w, h)
	m.Open()
	return m
}

// press gives the help screen the first key of b.
func press(t *testing.T, m *Model, b key.Binding) action.Action {
	t.Helper()
	keys := b.Keys()
	if len(keys) == 0 {
		t.Fatal("a binding without keys")
	}
	a, _ := m.Update(panetest.Key(t, keys[0]))
	return a
}

// TestEveryLineIsTheScreenWidth: at every size, in both languages, with
// or without box characters, at the top and scrolled to the bottom, the
// view is exactly the size it was given: the root lays nothing out
// around it.
func TestEveryLineIsTheScreenWidth(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, ascii := range []bool{true, false} {
			c := panetest.Colour(lang, panetest.ASCII(ascii))
			for _, w := range []int{1, 7, 20, 40, 80, 119, 200} {
				for _, h := range []int{1, 2, 3, 10, 24, 80} {
					m := opened(c, w, h)
					t.Run(fmt.Sprintf("%v/ascii=%v/%dx%d", lang, ascii, w, h), func(t *testing.T) {
						panetest.Frame(t, m.View(), w, h)
						press(t, m, c.Keys.Bottom)
						panetest.Frame(t, m.View(), w, h)
					})
				}
			}
		}
	}
}

// shown says the view has a line where label is followed, after the
// padding of its column, by desc.
func shown(view, label, desc string) bool {
	re := regexp.MustCompile(`(^|\s)` + regexp.QuoteMeta(label) + ` +` + regexp.QuoteMeta(desc))
	for _, l := range strings.Split(ansi.Strip(view), "\n") {
		if re.MatchString(l) {
			return true
		}
	}
	return false
}

// TestEveryGroupIsShown: each group of the main screen, and the outbox's,
// is shown under its title in the recruiter's language, each of its keys
// beside what it does.
func TestEveryGroupIsShown(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		c := panetest.Common(lang)
		view := ansi.Strip(opened(c, 200, 200).View())
		titles := c.Text.GroupTitles()
		for _, g := range append(keymap.MainGroups(), keymap.GroupOutbox) {
			title := titles[g.Name()]
			if title == "" || !strings.Contains(view, title) {
				t.Errorf("%v: the group %s's title %q is not shown", lang, g.Name(), title)
			}
			for _, b := range c.Keys.GroupHelp(g) {
				if b.Enabled() && b.Help().Key != "" && !shown(view, b.Help().Key, b.Help().Desc) {
					t.Errorf("%v: %q %q (group %s) is not shown:\n%s", lang, b.Help().Key, b.Help().Desc, g.Name(), view)
				}
			}
		}
	}
}

// TestAReboundKeyIsShown: a key rebound in config.toml's [keys] is the
// one the help screen names for its action; the old one is gone.
func TestAReboundKeyIsShown(t *testing.T) {
	km := keymap.Default()
	if err := keymap.Apply(&km, map[string][]string{"invite": {"f7"}}); err != nil {
		t.Fatal(err)
	}
	c := panetest.Common(i18n.EN, panetest.Keymap(km))
	view := opened(c, 200, 200).View()
	desc := c.Keys.Invite.Help().Desc
	if desc == "" || !shown(view, "f7", desc) {
		t.Fatalf("invite rebound to f7: no line says f7 %q:\n%s", desc, view)
	}
	if shown(view, "i", desc) {
		t.Fatalf("invite rebound to f7: its old key i is still shown for %q", desc)
	}
}

// TestScrollsAndCloses: a screen too short for every key says which lines
// it shows and scrolls; help, back and quit each close it.
func TestScrollsAndCloses(t *testing.T) {
	c := panetest.Common(i18n.EN)
	m := opened(c, 40, 10)
	first := strings.Split(ansi.Strip(m.View()), "\n")[0]
	if !strings.Contains(first, "(1–8 / ") {
		t.Fatalf("a short screen's title %q does not say it shows lines 1–8", first)
	}
	press(t, m, c.Keys.Down)
	if first := strings.Split(ansi.Strip(m.View()), "\n")[0]; !strings.Contains(first, "(2–9 / ") {
		t.Fatalf("after down the title says %q, want lines 2–9", first)
	}
	for _, b := range []key.Binding{c.Keys.Help, c.Keys.Back, c.Keys.Quit} {
		if a := press(t, m, b); a != (action.Leave{}) {
			t.Errorf("%v asked %#v, want to leave", b.Keys(), a)
		}
	}
}
