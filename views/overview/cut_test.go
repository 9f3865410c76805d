package overview

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/views/common"
)

// shortHeads are the heads that may be short of their word: the legend
// must explain those.
var shortHeads = map[string]bool{"ShortResponses": true, "ShortConsidered": true, "ShortInvited": true,
	"ShortRefused": true, "ShortWaiting": true, "ShortStale": true, "ShortNear": true, "ShortPast": true}

// wholeWords is every word the screen may show whole: the overview's texts
// (not its short heads), the fixture's titles and folder names.
func wholeWords(m *Model) map[string]bool {
	words := map[string]bool{}
	add := func(s string) {
		for _, w := range strings.Fields(ansi.Strip(common.Cell(s, 1000, false, ""))) {
			words[strings.Trim(w, ",:;()")] = true
		}
	}
	v := reflect.ValueOf(m.c.Text.Overview)
	for i := range v.NumField() {
		if !shortHeads[v.Type().Field(i).Name] && v.Field(i).Kind() == reflect.String {
			add(strings.NewReplacer("%d", "", "%s", "").Replace(v.Field(i).String()))
		}
	}
	for _, f := range m.figures.Vacancies {
		add(m.title(f))
		for id := range f.Folders {
			add(m.c.FolderName(id))
		}
	}
	return words
}

// TestNoWordCutWithoutTheEllipsis (issue 19 §2.8): at 80 and 120 columns
// and around them, in both languages, every word on the screen is whole,
// ends with the ellipsis, or is a short head the legend at the pane's
// foot explains ("рассм. — рассматриваются"); and the legend's own words
// are whole.
func TestNoWordCutWithoutTheEllipsis(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, w := range []int{78, 80, 100, 118, 120, 140} {
			m, _ := loaded(t, lang, false, w, 18)
			e := m.c.Styles.Glyphs.Ellipsis
			whole := wholeWords(m)
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			legend := strings.Join(lines[len(lines)-m.footLines():], "\n")
			for i, line := range lines {
				for _, word := range strings.Fields(line) {
					bare := strings.Trim(word, ",:;()")
					if !strings.ContainsFunc(bare, unicode.IsLetter) || whole[bare] || strings.HasSuffix(word, e) {
						continue
					}
					if strings.Contains(legend, fmt.Sprintf(m.c.Text.Overview.Abbrev, word, "")) {
						continue
					}
					t.Errorf("%v at %d, line %d: %q is cut or unexplained\n%s", lang, w, i, word, line)
				}
			}
		}
	}
}

// TestHeadsOverTheirFigures: on the compact screen each figure of the
// second line has a head, the ages under a head that names the buckets;
// the legend is the last line and a vacancy fewer fits for it.
func TestHeadsOverTheirFigures(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		m, _ := loaded(t, lang, false, 78, 12)
		t.Log("\n" + ansi.Strip(m.View()))
		lines := strings.Split(ansi.Strip(m.View()), "\n")
		o := m.c.Text.Overview
		for _, h := range []string{o.ShortTotal, o.ShortTrend, o.ShortAges, o.ShortFirst} {
			if !strings.Contains(lines[2], h) {
				t.Errorf("%v: the second head line lacks %q: %q", lang, h, lines[2])
			}
		}
		legend := strings.Join(lines[len(lines)-m.footLines():], "\n")
		for _, p := range [][2]string{{o.ShortConsidered, o.Considered}, {o.ShortNear, o.Near}, {o.ShortPast, o.Past}} {
			if !strings.Contains(legend, fmt.Sprintf(o.Abbrev, p[0], p[1])) {
				t.Errorf("%v: the legend at the foot lacks %q: %q", lang, p[0], legend)
			}
		}
		if m.footLines() != 2 || m.rows() != (12-headLines-2)/perVacancy {
			t.Errorf("%v: %d rows fit beside the legend", lang, m.rows())
		}
	}
}
