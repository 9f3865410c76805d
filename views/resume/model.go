// Package resume is the resume pane: the selected resume rendered with
// glamour from its raw JSON, scrolled with the navigation keys.
//
// Rendering (~5 ms) runs in a tea.Cmd and lands as a RenderedMsg; results are
// kept in a small LRU keyed by resume id, content hash, width, glamour style
// and language, so View only slices cached lines.
package resume

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/store"
	"hrdesk/textsafe"
	"hrdesk/views/common"
)

// cacheSize is how many renderings the pane keeps: a few dozen covers
// flicking back and forth through a page of the list at two widths.
const cacheSize = 48

// Model is the resume pane.
type Model struct {
	c             *common.Common
	width, height int
	focused       bool

	detail store.EntryDetail
	has    bool

	cache   *lru
	pending map[cacheKey]bool // renders in flight
	want    cacheKey          // the rendering the pane should show now
	// rendered is the rendering on screen, at its own width; shown is it
	// fitted to the pane width (the same lines once the wanted rendering
	// arrives). nil while nothing of this resume was rendered yet.
	rendered []string
	shown    []string
	// placeholder is the plain header shown while the first rendering of a
	// resume is under way, or the empty-state line without a resume.
	placeholder []string
	blankLine   string

	// vp holds the scroll state of shown; View slices shown itself so each
	// frame costs only a join of h cached lines.
	vp viewport.Model
}

// New builds an empty resume pane.
func New(c *common.Common) *Model {
	return &Model{
		c:       c,
		cache:   newLRU(cacheSize),
		pending: map[cacheKey]bool{},
		vp:      viewport.New(),
	}
}

// SetSize sets the inner size the root gives the pane (border excluded).
// After a width change call Rerender for a layout at the new width;
// meanwhile the previous layout is shown cut or padded to fit.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = max(w, 0), max(h, 0)
	m.blankLine = strings.Repeat(" ", m.width)
	m.vp.SetWidth(m.width)
	m.vp.SetHeight(m.height)
	m.refit()
	m.buildPlaceholder()
}

// SetResume shows d. It returns the render command, or nil when the
// rendering is cached (or already under way).
func (m *Model) SetResume(d store.EntryDetail) tea.Cmd {
	same := m.has && d.ResumeID == m.detail.ResumeID
	m.detail, m.has = d, true
	if !same {
		// Another resume: never show the previous one's text under its header.
		m.rendered, m.shown = nil, nil
		m.vp.SetContentLines(nil)
		m.vp.GotoTop()
	}
	return m.Rerender()
}

// Clear empties the pane (no resume selected).
func (m *Model) Clear() {
	m.detail, m.has = store.EntryDetail{}, false
	m.want = cacheKey{}
	m.rendered, m.shown = nil, nil
	m.vp.SetContentLines(nil)
	m.buildPlaceholder()
}

// ResumeID is the id of the resume shown, 0 when none.
func (m *Model) ResumeID() int64 {
	if !m.has {
		return 0
	}
	return m.detail.ResumeID
}

// Rerender brings the layout up to date with the pane width, the theme
// (Common.Styles.Markdown) and the language. The root calls it after
// SetSize and after changing the styles; it returns nil when the cache has
// the layout or it is already being rendered.
func (m *Model) Rerender() tea.Cmd {
	m.buildPlaceholder()
	if !m.has || m.width < 1 {
		return nil
	}
	key := m.key()
	m.want = key
	if lines, ok := m.cache.get(key); ok {
		m.show(lines)
		return nil
	}
	if m.pending[key] {
		return nil
	}
	m.pending[key] = true
	return renderCmd(key, m.docInput())
}

func (m *Model) key() cacheKey {
	return cacheKey{
		resumeID: m.detail.ResumeID,
		hash:     contentHash(m.detail),
		width:    m.width,
		style:    m.c.Styles.Markdown,
		lang:     m.c.Lang,
	}
}

func (m *Model) docInput() docInput {
	d := m.detail
	d.RawJSON = append([]byte(nil), d.RawJSON...) // the command must not share the caller's buffer
	return docInput{
		detail:      d,
		text:        m.c.Text,
		loc:         m.c.Now().Location(),
		contactKeys: m.c.Keys.BuyContacts.Help().Key + "/" + m.c.Keys.OpenContacts.Help().Key,
	}
}

// show puts a rendering on screen, keeping the scroll position.
func (m *Model) show(lines []string) {
	m.rendered = lines
	m.refit()
}

// refit fits the rendering on screen to the pane width: exact when it was
// rendered at this width, cut or padded while a new layout is awaited.
func (m *Model) refit() {
	if m.rendered == nil {
		return
	}
	if len(m.rendered) > 0 && ansi.StringWidth(m.rendered[0]) == m.width {
		m.shown = m.rendered
	} else {
		m.shown = make([]string, len(m.rendered))
		for i, l := range m.rendered {
			m.shown[i] = common.Fit(l, m.width, "")
		}
	}
	y := m.vp.YOffset()
	m.vp.SetContentLines(m.shown)
	m.vp.SetYOffset(y)
}

// buildPlaceholder prepares the header shown while rendering, or the empty
// state, so View does no styling.
func (m *Model) buildPlaceholder() {
	s := m.c.Styles
	var lines []string
	if !m.has {
		lines = []string{s.Muted.Render(textsafe.Line(m.c.Text.Empty.NoResume))}
	} else {
		name := textsafe.Line(m.detail.DisplayName)
		if name == "" {
			name = strings.TrimSpace(textsafe.Line(m.detail.LastName + " " + m.detail.FirstName))
		}
		if name == "" {
			name = fmt.Sprintf(m.c.Text.Resume.Untitled, m.detail.ResumeID)
		}
		lines = append(lines, s.Resume.Name.Render(name))
		if p := textsafe.Line(m.detail.Profession); p != "" {
			lines = append(lines, s.Resume.Heading.Render(p))
		}
		lines = append(lines, "", s.Muted.Render(m.c.Text.Resume.Rendering))
	}
	m.placeholder = m.placeholder[:0]
	for _, l := range lines {
		if len(m.placeholder) < m.height {
			m.placeholder = append(m.placeholder, common.Fit(l, m.width, ""))
		}
	}
}

// Focus gives the pane the keyboard.
func (m *Model) Focus() { m.focused = true }

// Blur takes the keyboard away.
func (m *Model) Blur() { m.focused = false }

// Focused reports whether the pane has the keyboard.
func (m *Model) Focused() bool { return m.focused }

// View returns exactly height lines of exactly width columns. It never
// renders markdown: it joins cached lines.
func (m *Model) View() string {
	if m.width < 1 || m.height < 1 {
		return ""
	}
	lines := m.placeholder
	if m.shown != nil {
		off := min(m.vp.YOffset(), max(len(m.shown)-m.height, 0))
		lines = m.shown[off:min(off+m.height, len(m.shown))]
	}
	var b strings.Builder
	b.Grow((m.width + 16) * m.height)
	for i := range m.height {
		if i > 0 {
			b.WriteByte('\n')
		}
		if i < len(lines) {
			b.WriteString(lines[i])
		} else {
			b.WriteString(m.blankLine)
		}
	}
	return b.String()
}
