package resume

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/theme"
	"hrdesk/views/common"
)

// TestGolden pins the frame, colours stripped, of each fixture at a narrow
// and a wide inner size, and the bottom of the full resume.
func TestGolden(t *testing.T) {
	sizes := [][2]int{{60, 20}, {120, 36}}
	for _, name := range fixtures {
		for _, sz := range sizes {
			t.Run(fmt.Sprintf("%s_%dx%d", name, sz[0], sz[1]), func(t *testing.T) {
				m := loaded(t, newCommon(i18n.EN), name, sz[0], sz[1])
				golden.RequireEqual(t, ansi.Strip(m.View()))
			})
		}
	}
	t.Run("full_bottom_60x20", func(t *testing.T) {
		m := loaded(t, newCommon(i18n.EN), "full", 60, 20)
		m.Focus()
		panetest.Keys(t, m, "G")
		golden.RequireEqual(t, ansi.Strip(m.View()))
	})
	t.Run("full_ru_120x36", func(t *testing.T) {
		m := loaded(t, newCommon(i18n.RU), "full", 120, 36)
		golden.RequireEqual(t, ansi.Strip(m.View()))
	})
	t.Run("rendering_60x20", func(t *testing.T) {
		m := New(newCommon(i18n.EN))
		m.SetSize(60, 20)
		if m.SetResume(fixture(t, "full")) == nil {
			t.Fatal("no render command for a new resume")
		}
		golden.RequireEqual(t, ansi.Strip(m.View()))
	})
	t.Run("empty_60x20", func(t *testing.T) {
		m := New(newCommon(i18n.EN))
		m.SetSize(60, 20)
		golden.RequireEqual(t, ansi.Strip(m.View()))
	})
}

func TestWidthInvariant(t *testing.T) {
	styles := map[string]func() *common.Common{
		"ascii": func() *common.Common { return newCommon(i18n.EN) },
		"dark":  func() *common.Common { return panetest.Colour(i18n.EN) },
		"light": func() *common.Common {
			c := panetest.Colour(i18n.RU)
			c.Styles = theme.New(false)
			return c
		},
	}
	for sname, mk := range styles {
		for _, name := range fixtures {
			for _, w := range []int{40, 80, 120, 200} {
				t.Run(fmt.Sprintf("%s/%s/%d", sname, name, w), func(t *testing.T) {
					const h = 30
					c := mk()
					m := New(c)
					m.SetSize(w, h)
					panetest.Frame(t, m.View(), w, h) // empty state
					cmd := m.SetResume(fixture(t, name))
					panetest.Frame(t, m.View(), w, h) // rendering
					settle(t, m, cmd)
					panetest.Frame(t, m.View(), w, h)
					m.Focus()
					for _, k := range []string{"j", "j", "G", "k", "g"} {
						panetest.Keys(t, m, k)
						panetest.Frame(t, m.View(), w, h)
					}
					for _, l := range m.shown {
						if got := ansi.StringWidth(l); got != w {
							t.Fatalf("rendered line is %d wide, want %d: %q", got, w, ansi.Strip(l))
						}
					}
					// A resize shows the old layout fitted until the new one lands.
					m.SetSize(w/2+1, h-3)
					panetest.Frame(t, m.View(), w/2+1, h-3)
					settle(t, m, m.Rerender())
					panetest.Frame(t, m.View(), w/2+1, h-3)
				})
			}
		}
	}
}

func TestScrollKeys(t *testing.T) {
	m := loaded(t, newCommon(i18n.EN), "full", 60, 10)
	top := m.View()
	panetest.Keys(t, m, "j")
	if m.View() != top {
		t.Fatal("scrolled while blurred")
	}
	m.Focus()
	panetest.Keys(t, m, "j")
	if m.View() == top {
		t.Fatal("j did not scroll")
	}
	panetest.Keys(t, m, "g")
	if m.View() != top {
		t.Fatal("g did not go to the top")
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyPgDown})
	// A page keeps one line of the previous one in sight, as in every
	// scrolled pane (common.Scroll).
	if m.vp.YOffset() != 9 {
		t.Fatalf("pgdown: offset %d, want 9", m.vp.YOffset())
	}
	panetest.Keys(t, m, "G")
	if want := len(m.shown) - 10; m.vp.YOffset() != want {
		t.Fatalf("G: offset %d, want %d", m.vp.YOffset(), want)
	}
}
