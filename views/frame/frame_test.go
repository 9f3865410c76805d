package frame_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	themes "hrdesk/theme"
	"hrdesk/views/common"
	"hrdesk/views/frame"
)

// The frames drawn from cached pieces are byte for byte what lipgloss
// draws, colours included, in every theme, focused or not, for what panes
// give (lines exactly the inner width, no more than fit), styled and wide
// characters in them.
func TestFrameIsLipglossBorder(t *testing.T) {
	for _, theme := range []struct {
		name string
		opts []themes.Option
		dark bool
	}{
		{"dark", nil, true},
		{"light", nil, false},
		{"no-color", []themes.Option{themes.WithNoColor(true)}, true},
		{"ascii", []themes.Option{themes.WithASCII(true)}, true},
	} {
		c := panetest.Common(i18n.EN)
		c.Styles = themes.New(theme.dark, theme.opts...)
		f := frame.New(c)
		for _, w := range []int{3, 30, 61} {
			for _, h := range []int{4, 5, 12} {
				for _, n := range []int{0, 1, h - 3} {
					for _, focused := range []bool{false, true} {
						name := fmt.Sprintf("%s/%dx%d/%d-lines/focused=%v", theme.name, w, h, n, focused)
						ps := c.Styles.Pane
						st, ts := ps.Blurred, ps.TitleBlurred
						if focused {
							st, ts = ps.Focused, ps.Title
						}
						iw := max(w-st.GetHorizontalFrameSize(), 0)
						var lines []string
						for i := range n {
							line := fmt.Sprintf("%d ✓ 日本 \x1b[1mИванов\x1b[m 👩‍💻 строка", i)
							lines = append(lines, common.Fit(line, iw, "…"))
						}
						content := strings.Join(lines, "\n")
						title := "Inbox · 10 resumes · \x1b[1m2 marked\x1b[m"
						want := st.Width(w).Height(h).MaxHeight(h).Render(ts.Render(common.Fit(title, iw, "…")) + "\n" + content)
						got := f.Box(title, content, w, h, focused)
						if got != want {
							t.Errorf("%s:\ngot  %q\nwant %q\n%s\n%s", name, got, want, ansi.Strip(got), ansi.Strip(want))
						}
					}
				}
			}
		}
	}
}
