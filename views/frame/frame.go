// Package frame draws the workstation's titled pane boxes: the root's
// screens and the triage screen's columns share one way to frame a pane.
//
// A pane's frame is drawn on every View, that is after every message. Drawn
// by lipgloss (Width, Height, Render, then JoinHorizontal), each frame
// measured every line of every pane again, grapheme by grapheme, to wrap and
// align lines that are already exactly their pane's width (the pane
// contract): 70% of a held j's time with 100,000 realistic resumes. The
// frame's pieces are instead drawn once per width and focus, by lipgloss
// (so they stay exactly its border and colours), and each View only joins
// strings.
package frame

import (
	"strings"

	"hrdesk/views/common"
)

// pieces are one frame's borders, styled.
type pieces struct {
	top, bottom string
	left, right string // the side borders of one line
	blank       string // an empty line inside the frame
	ok          bool   // false: too narrow to cut into pieces; lipgloss draws it
}

type cut struct {
	w       int
	focused bool
}

// Frames draws boxes in the session's styles, keeping the pieces cut per
// width and focus until Reset (a change of theme).
type Frames struct {
	c    *common.Common
	made map[cut]pieces
}

// New is a cache of frames in c's styles.
func New(c *common.Common) *Frames { return &Frames{c: c} }

// Reset forgets the pieces: the styles changed.
func (f *Frames) Reset() { f.made = nil }

// Inner is a pane's content size for an outer box of w×h: the border, and
// one line for the title.
func (f *Frames) Inner(w, h int) (int, int) {
	st := f.c.Styles.Pane.Focused
	return max(w-st.GetHorizontalFrameSize(), 0), max(h-st.GetVerticalFrameSize()-1, 0)
}

// pieces returns the pieces of a w-wide frame, focused or not.
func (f *Frames) pieces(w int, focused bool) pieces {
	k := cut{w, focused}
	if p, ok := f.made[k]; ok {
		return p
	}
	ps := f.c.Styles.Pane
	st := ps.Blurred
	if focused {
		st = ps.Focused
	}
	iw := max(w-st.GetHorizontalFrameSize(), 0)
	// One line of a letter no border uses, boxed: its three lines are the
	// top, the sides around it and the bottom.
	inner := strings.Repeat("x", iw)
	lines := strings.Split(st.Width(w).Render(inner), "\n")
	p := pieces{}
	if len(lines) == 3 {
		if left, right, ok := strings.Cut(lines[1], inner); ok {
			p = pieces{top: lines[0], bottom: lines[2], left: left, right: right, ok: true}
		}
	}
	p.blank = p.left + strings.Repeat(" ", iw) + p.right
	if f.made == nil {
		f.made = map[cut]pieces{}
	}
	f.made[k] = p
	return p
}

// Lines draws a titled pane of exactly w×h as lines: the title, then
// content, whose lines the pane made exactly its inner width (SetSize),
// cut or filled with blank lines to the height. The bottom border stays
// when the content is too tall (lipgloss cut it off).
func (f *Frames) Lines(title, content string, w, h int, focused bool) []string {
	if h <= 0 || w <= 0 {
		return nil
	}
	ps := f.c.Styles.Pane
	ts := ps.TitleBlurred
	if focused {
		ts = ps.Title
	}
	p := f.pieces(w, focused)
	st := ps.Blurred
	if focused {
		st = ps.Focused
	}
	iw := max(w-st.GetHorizontalFrameSize(), 0)
	if !p.ok {
		head := ts.Render(common.Fit(title, iw, "…"))
		return strings.Split(st.Width(w).Height(h).MaxHeight(h).Render(head+"\n"+content), "\n")
	}
	out := make([]string, 0, h)
	out = append(out, p.top)
	if len(out) < h-1 {
		out = append(out, p.left+ts.Render(common.Fit(title, iw, "…"))+p.right)
	}
	if content != "" {
		for line := range strings.SplitSeq(content, "\n") {
			if len(out) >= h-1 {
				break
			}
			out = append(out, p.left+line+p.right)
		}
	}
	for len(out) < h-1 {
		out = append(out, p.blank)
	}
	if len(out) < h {
		out = append(out, p.bottom)
	}
	return out
}

// Box is Lines as one string.
func (f *Frames) Box(title, content string, w, h int, focused bool) string {
	return strings.Join(f.Lines(title, content, w, h, focused), "\n")
}

// Columns puts boxes of the same height side by side.
func Columns(boxes ...[]string) string {
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
