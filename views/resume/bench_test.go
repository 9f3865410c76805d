package resume

import (
	"testing"

	"hrdesk/i18n"
	"hrdesk/keymap"
	"hrdesk/views/common"
)

// BenchmarkView is the per-frame cost: View runs after every message, so it
// only joins cached lines.
func BenchmarkView(b *testing.B) {
	c := common.New(i18n.EN, keymap.Default(), fixedNow)
	m := loaded(b, c, "full", 118, 36)
	m.Focus()
	press(m, "j")
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

// BenchmarkScrollAndView is a key press that scrolls plus the frame after it.
func BenchmarkScrollAndView(b *testing.B) {
	c := common.New(i18n.EN, keymap.Default(), fixedNow)
	m := loaded(b, c, "full", 118, 36)
	m.Focus()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if i%2 == 0 {
			press(m, "j")
		} else {
			press(m, "k")
		}
		_ = m.View()
	}
}

// BenchmarkRender is the work of one render command: markdown from the raw
// JSON, glamour, sanitizing and fitting, for the realistic fixture.
func BenchmarkRender(b *testing.B) {
	c := common.New(i18n.EN, keymap.Default(), fixedNow)
	m := New(c)
	m.SetSize(118, 36)
	m.SetResume(fixture(b, "full"))
	in := m.docInput()
	b.SetBytes(int64(len(in.detail.RawJSON)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := common.RenderMarkdown(buildMarkdown(in), "dark", 118); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMarkdown is the markdown build alone.
func BenchmarkMarkdown(b *testing.B) {
	m := New(common.New(i18n.EN, keymap.Default(), fixedNow))
	m.SetSize(118, 36)
	m.SetResume(fixture(b, "full"))
	in := m.docInput()
	b.ReportAllocs()
	for b.Loop() {
		_ = buildMarkdown(in)
	}
}
