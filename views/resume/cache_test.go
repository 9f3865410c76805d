package resume

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/theme"
)

func TestCacheHitReturnsNoCommand(t *testing.T) {
	c := newCommon(i18n.EN)
	m := loaded(t, c, "full", 80, 24)
	if cmd := m.SetResume(fixture(t, "full")); cmd != nil {
		t.Fatal("same resume, content and width: want no command")
	}
	// Flicking to another resume and back hits the cache too.
	settle(t, m, m.SetResume(fixture(t, "minimal")))
	if cmd := m.SetResume(fixture(t, "full")); cmd != nil {
		t.Fatal("back to a rendered resume: want no command")
	}
	if !strings.Contains(ansi.Strip(m.View()), "Кузнецов") {
		t.Fatal("cached rendering not shown")
	}
}

func TestRerenderOnChange(t *testing.T) {
	c := newCommon(i18n.EN)
	m := loaded(t, c, "full", 80, 24)

	m.SetSize(100, 24)
	if m.SetResume(fixture(t, "full")) == nil {
		t.Fatal("new width: want a render command")
	}

	m = loaded(t, c, "full", 80, 24)
	c.Styles = theme.New(false) // light background reported
	if m.Rerender() == nil {
		t.Fatal("new theme: want a render command")
	}

	m = loaded(t, c, "full", 80, 24)
	d := fixture(t, "full")
	d.RawJSON = []byte(strings.Replace(string(d.RawJSON), "Кузнецов", "Кузнецова", 1))
	if m.SetResume(d) == nil {
		t.Fatal("changed content: want a render command")
	}

	m = loaded(t, c, "full", 80, 24)
	c.Lang, c.Text = i18n.RU, i18n.For(i18n.RU)
	if m.Rerender() == nil {
		t.Fatal("new language: want a render command")
	}
}

func TestRenderInFlightNotRepeated(t *testing.T) {
	m := New(newCommon(i18n.EN))
	m.SetSize(80, 24)
	if m.SetResume(fixture(t, "full")) == nil {
		t.Fatal("want a render command")
	}
	if m.SetResume(fixture(t, "full")) != nil {
		t.Fatal("the same rendering is already under way: want no command")
	}
}

func TestStaleRenderIgnored(t *testing.T) {
	m := New(newCommon(i18n.EN))
	m.SetSize(80, 24)
	cmdFull := m.SetResume(fixture(t, "full"))
	cmdMin := m.SetResume(fixture(t, "minimal"))
	waiting := m.View()

	m.Update(cmdFull()) // late result for the resume no longer shown
	if m.View() != waiting {
		t.Fatal("a render result for another resume changed the view")
	}
	if strings.Contains(ansi.Strip(m.View()), "Кузнецов") {
		t.Fatal("another resume's text is shown")
	}
	m.Update(cmdMin())
	if !strings.Contains(ansi.Strip(m.View()), "Resume 1001") {
		t.Fatalf("own result not shown:\n%s", ansi.Strip(m.View()))
	}

	// A late result at an old width is not shown either.
	m = New(newCommon(i18n.EN))
	m.SetSize(80, 24)
	cmd80 := m.SetResume(fixture(t, "full"))
	m.SetSize(90, 24)
	cmd90 := m.Rerender()
	m.Update(cmd80())
	if m.rendered != nil {
		t.Fatal("a rendering at the old width was taken as current")
	}
	m.Update(cmd90())
	if ansi.StringWidth(m.shown[0]) != 90 {
		t.Fatal("current rendering not shown")
	}
}

func TestClear(t *testing.T) {
	m := loaded(t, newCommon(i18n.EN), "full", 40, 5)
	m.Clear()
	if got := ansi.Strip(m.View()); !strings.Contains(got, "Select a resume") {
		t.Fatalf("empty state missing:\n%s", got)
	}
	if m.ResumeID() != 0 {
		t.Fatal("ResumeID after Clear")
	}
}

func TestLRUEvicts(t *testing.T) {
	c := newLRU(2)
	k := func(id int64) cacheKey { return cacheKey{resumeID: id} }
	c.put(k(1), []string{"a"})
	c.put(k(2), []string{"b"})
	c.get(k(1)) // 1 is now the most recent
	c.put(k(3), []string{"c"})
	if _, ok := c.get(k(2)); ok {
		t.Fatal("least recently used entry kept")
	}
	if _, ok := c.get(k(1)); !ok {
		t.Fatal("recently used entry evicted")
	}
	if c.len() != 2 {
		t.Fatalf("len %d", c.len())
	}
}
