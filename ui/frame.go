package ui

import (
	"strings"

	"hrdesk/views/common"
)

// A pane's frame is drawn on every View, that is after every message. Drawn
// by lipgloss (Width, Height, Render, then JoinHorizontal), each frame
// measured every line of every pane again, grapheme by grapheme, to wrap and
// align lines that are already exactly their pane's width (the pane
// contract): 70% of a held j's time with 100,000 realistic resumes. The
// frame's pieces are instead drawn once per width and focus, by lipgloss
// (so they stay exactly its border and colours), and each View only joins
// strings.

// framePieces are one frame's borders, styled.
type framePieces struct {
	top, bottom string
	left, right string // the side borders of one line
	blank       string // an empty line inside the frame
	ok          bool   // false: too narrow to cut into pieces; lipgloss draws it
}

type frameKey struct {
	w       int
	focused bool
}

// frame returns the pieces of a w-wide frame, focused or not.
func (m *Model) frame(w int, focused bool) framePieces {
	k := frameKey{w, focused}
	if p, ok := m.frames[k]; ok {
		return p
	}
	ps := m.c.Styles.Pane
	st := ps.Blurred
	if focused {
		st = ps.Focused
	}
	iw := max(w-st.GetHorizontalFrameSize(), 0)
	// One line of a letter no border uses, boxed: its three lines are the
	// top, the sides around it and the bottom.
	inner := strings.Repeat("x", iw)
	lines := strings.Split(st.Width(w).Render(inner), "\n")
	p := framePieces{}
	if len(lines) == 3 {
		if left, right, ok := strings.Cut(lines[1], inner); ok {
			p = framePieces{top: lines[0], bottom: lines[2], left: left, right: right, ok: true}
		}
	}
	p.blank = p.left + strings.Repeat(" ", iw) + p.right
	if m.frames == nil {
		m.frames = map[frameKey]framePieces{}
	}
	m.frames[k] = p
	return p
}

// boxLines draws a titled pane of exactly w×h as lines: the title, then
// content, whose lines the pane made exactly its inner width (SetSize),
// cut or filled with blank lines to the height. The bottom border stays
// when the content is too tall (lipgloss cut it off).
func (m *Model) boxLines(title, content string, w, h int, focused bool) []string {
	if h <= 0 || w <= 0 {
		return nil
	}
	ps := m.c.Styles.Pane
	ts := ps.TitleBlurred
	if focused {
		ts = ps.Title
	}
	f := m.frame(w, focused)
	st := ps.Blurred
	if focused {
		st = ps.Focused
	}
	iw := max(w-st.GetHorizontalFrameSize(), 0)
	if !f.ok {
		head := ts.Render(common.Fit(title, iw, "…"))
		return strings.Split(st.Width(w).Height(h).MaxHeight(h).Render(head+"\n"+content), "\n")
	}
	out := make([]string, 0, h)
	out = append(out, f.top)
	if len(out) < h-1 {
		out = append(out, f.left+ts.Render(common.Fit(title, iw, "…"))+f.right)
	}
	if content != "" {
		for line := range strings.SplitSeq(content, "\n") {
			if len(out) >= h-1 {
				break
			}
			out = append(out, f.left+line+f.right)
		}
	}
	for len(out) < h-1 {
		out = append(out, f.blank)
	}
	if len(out) < h {
		out = append(out, f.bottom)
	}
	return out
}

// box is boxLines as one string.
func (m *Model) box(title, content string, w, h int, focused bool) string {
	return strings.Join(m.boxLines(title, content, w, h, focused), "\n")
}

// joinColumns puts boxes of the same height side by side.
func joinColumns(boxes ...[]string) string {
	n := 0
	for _, b := range boxes {
		n = max(n, len(b))
	}
	var sb strings.Builder
	for i := range n {
		if i > 0 {
			sb.WriteByte('\n')
		}
		for _, b := range boxes {
			if i < len(b) {
				sb.WriteString(b[i])
			}
		}
	}
	return sb.String()
}
