package resume

import (
	"testing"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/views/common"
)

// BenchmarkView is the per-frame cost: View runs after every message, so it
// only joins cached lines.
func BenchmarkView(b *testing.B) {
	c := panetest.Colour(i18n.EN)
	m := loaded(b, c, "full", 118, 36)
	m.Focus()
	panetest.Keys(b, m, "j")
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

// BenchmarkScrollAndView is a key press that scrolls plus the frame after it.
func BenchmarkScrollAndView(b *testing.B) {
	c := panetest.Colour(i18n.EN)
	m := loaded(b, c, "full", 118, 36)
	m.Focus()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if i%2 == 0 {
			panetest.Keys(b, m, "j")
		} else {
			panetest.Keys(b, m, "k")
		}
		_ = m.View()
	}
}

// BenchmarkRender is the work of one render command: markdown from the raw
// JSON, glamour, sanitizing and fitting, for the realistic fixture.
func BenchmarkRender(b *testing.B) {
	c := panetest.Colour(i18n.EN)
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
	m := New(panetest.Colour(i18n.EN))
	m.SetSize(118, 36)
	m.SetResume(fixture(b, "full"))
	in := m.docInput()
	b.ReportAllocs()
	for b.Loop() {
		_ = buildMarkdown(in)
	}
}
