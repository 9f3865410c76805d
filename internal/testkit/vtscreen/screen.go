// Package vtscreen is a small terminal emulator for tests: it applies the
// output of a program (what Bubble Tea's renderer writes: cursor moves,
// erases, text) to a grid of cells, so a test can assert on the screen a
// user would see rather than on a byte stream of partial updates.
//
// It understands the sequences the renderer uses (CUP, CUF/CUB/CUU/CUD,
// CHA, VPA, EL, ED, ECH, DCH, ICH, REP, IL/DL, RI, IND, NEL, DECSC/DECRC,
// DECSTBM with SU/SD — Bubble Tea v2.1 scrolls a region instead of
// repainting it — CR, LF, BS) and ignores the rest
// (colours, modes, OSC). It is not a general terminal.
package vtscreen

import (
	"strconv"
	"strings"
	"sync"

	"github.com/charmbracelet/x/ansi"
	"github.com/rivo/uniseg"
)

// Screen is a width×height grid of cells; safe for one writer and readers.
type Screen struct {
	mu       sync.Mutex
	w, h     int
	cells    [][]string // "" after a wide character: its second column
	x, y     int
	last     string // last printed grapheme, for REP
	pending  []byte // an incomplete escape sequence from the previous Write
	pendWrap bool
	savedX   int // ESC 7 / ESC 8
	savedY   int
	top, bot int // scroll region (DECSTBM), rows inclusive
}

// New makes a blank screen.
func New(w, h int) *Screen {
	s := &Screen{}
	s.Resize(w, h)
	return s
}

// Resize changes the size, keeping what fits (as a terminal does before
// the program repaints).
func (s *Screen) Resize(w, h int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	cells := make([][]string, h)
	for y := range cells {
		cells[y] = blank(w)
		if y < len(s.cells) {
			copy(cells[y], s.cells[y])
		}
	}
	s.w, s.h, s.cells = w, h, cells
	s.x, s.y = min(s.x, w-1), min(s.y, h-1)
	s.top, s.bot = 0, h-1
}

func blank(w int) []string {
	row := make([]string, w)
	for i := range row {
		row[i] = " "
	}
	return row
}

// String is the screen's text, one line per row, trailing spaces trimmed.
func (s *Screen) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	lines := make([]string, s.h)
	for y, row := range s.cells {
		lines[y] = strings.TrimRight(strings.Join(row, ""), " ")
	}
	return strings.Join(lines, "\n")
}

// Write applies program output.
func (s *Screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	data := string(append(s.pending, p...))
	s.pending = nil
	for len(data) > 0 {
		c := data[0]
		switch {
		case c == 0x1b:
			n, ok := s.escape(data)
			if !ok {
				s.pending = []byte(data)
				return len(p), nil
			}
			data = data[n:]
			continue
		case c == '\r':
			s.x, s.pendWrap = 0, false
		case c == '\n':
			// As a terminal with ONLCR (a pty's default, and what an
			// emulated SSH pty does): LF also returns the carriage.
			s.x = 0
			s.lineFeed()
		case c == '\b':
			s.x, s.pendWrap = max(s.x-1, 0), false
		case c < 0x20 || c == 0x7f:
			// other controls (BEL, tabs are not used by the renderer)
		default:
			g, rest, _, _ := uniseg.FirstGraphemeClusterInString(data, -1)
			if g == "\uFFFD" && len(data) < 4 && !isComplete(data) {
				s.pending = []byte(data)
				return len(p), nil
			}
			s.print(g)
			data = rest
			continue
		}
		data = data[1:]
	}
	return len(p), nil
}

func isComplete(s string) bool {
	for _, r := range s {
		if r == '\uFFFD' {
			return false
		}
	}
	return true
}

func (s *Screen) lineFeed() {
	s.pendWrap = false
	if s.y == s.bot {
		s.scrollUp(s.top, 1)
		return
	}
	if s.y < s.h-1 {
		s.y++
	}
}

// scrollUp moves rows from..bot up by n inside the scroll region, blank
// rows coming in at the bottom margin.
func (s *Screen) scrollUp(from, n int) {
	for range min(n, s.bot-from+1) {
		copy(s.cells[from:s.bot+1], s.cells[from+1:s.bot+1])
		s.cells[s.bot] = blank(s.w)
	}
}

// scrollDown moves rows from..bot down by n, blank rows coming in at from.
func (s *Screen) scrollDown(from, n int) {
	for range min(n, s.bot-from+1) {
		copy(s.cells[from+1:s.bot+1], s.cells[from:s.bot])
		s.cells[from] = blank(s.w)
	}
}

func (s *Screen) print(g string) {
	wd := ansi.StringWidth(g)
	if wd == 0 {
		return
	}
	if s.pendWrap || s.x+wd > s.w {
		s.x = 0
		s.lineFeed()
	}
	s.cells[s.y][s.x] = g
	for i := 1; i < wd && s.x+i < s.w; i++ {
		s.cells[s.y][s.x+i] = ""
	}
	s.last = g
	s.x += wd
	if s.x >= s.w {
		s.x, s.pendWrap = s.w-1, true
	}
}

// escape applies one escape sequence at the start of d and returns its
// length; ok is false when d ends inside it.
func (s *Screen) escape(d string) (int, bool) {
	if len(d) < 2 {
		return 0, false
	}
	switch d[1] {
	case '[':
		for i := 2; i < len(d); i++ {
			if d[i] >= 0x40 && d[i] <= 0x7e {
				s.csi(d[2:i], d[i])
				return i + 1, true
			}
		}
		return 0, false
	case ']', 'P', '_', '^': // OSC, DCS, APC, PM: up to BEL or ST
		for i := 2; i < len(d); i++ {
			if d[i] == 0x07 {
				return i + 1, true
			}
			if d[i] == 0x1b && i+1 < len(d) && d[i+1] == '\\' {
				return i + 2, true
			}
		}
		return 0, false
	case '(', ')', '#': // charset and line attributes: one more byte
		if len(d) < 3 {
			return 0, false
		}
		return 3, true
	}
	switch d[1] {
	case 'M': // reverse index: up a line, scrolling down at the top margin
		s.pendWrap = false
		if s.y == s.top {
			s.scrollDown(s.top, 1)
		} else if s.y > 0 {
			s.y--
		}
	case 'D': // index: down a line, same column
		s.lineFeed()
	case 'E': // next line
		s.x = 0
		s.lineFeed()
	case '7':
		s.savedX, s.savedY = s.x, s.y
	case '8':
		s.x, s.y, s.pendWrap = s.savedX, s.savedY, false
	}
	return 2, true // ESC =, ESC >, ... change nothing on the grid
}

func (s *Screen) csi(params string, final byte) {
	private := strings.IndexAny(params, "?<>=") >= 0
	inter := strings.IndexAny(params, " !\"#$%&'()*+,-./") >= 0
	if private || inter {
		return // modes and queries
	}
	args := strings.Split(params, ";")
	n := func(i, def int) int {
		if i >= len(args) || args[i] == "" {
			return def
		}
		v, err := strconv.Atoi(args[i])
		if err != nil || v == 0 {
			return def
		}
		return v
	}
	clampX := func(x int) int { return min(max(x, 0), s.w-1) }
	clampY := func(y int) int { return min(max(y, 0), s.h-1) }
	s.pendWrap = false
	switch final {
	case 'H', 'f':
		s.y, s.x = clampY(n(0, 1)-1), clampX(n(1, 1)-1)
	case 'A':
		s.y = clampY(s.y - n(0, 1))
	case 'B':
		s.y = clampY(s.y + n(0, 1))
	case 'C':
		s.x = clampX(s.x + n(0, 1))
	case 'D':
		s.x = clampX(s.x - n(0, 1))
	case 'E':
		s.x, s.y = 0, clampY(s.y+n(0, 1))
	case 'F':
		s.x, s.y = 0, clampY(s.y-n(0, 1))
	case 'G', '`':
		s.x = clampX(n(0, 1) - 1)
	case 'd':
		s.y = clampY(n(0, 1) - 1)
	case 'K':
		s.eraseLine(n(0, 0))
	case 'J':
		s.eraseDisplay(n(0, 0))
	case 'X':
		for i := 0; i < n(0, 1) && s.x+i < s.w; i++ {
			s.cells[s.y][s.x+i] = " "
		}
	case 'P': // delete characters: the rest of the line moves left
		row := s.cells[s.y]
		k := min(n(0, 1), s.w-s.x)
		copy(row[s.x:], row[s.x+k:])
		for i := s.w - k; i < s.w; i++ {
			row[i] = " "
		}
	case '@': // insert blank characters: the rest moves right
		row := s.cells[s.y]
		k := min(n(0, 1), s.w-s.x)
		copy(row[s.x+k:], row[s.x:s.w-k])
		for i := s.x; i < s.x+k; i++ {
			row[i] = " "
		}
	case 'b':
		for range n(0, 1) {
			if s.last != "" {
				s.print(s.last)
			}
		}
	case 'L': // insert lines: only inside the scroll region
		if s.y >= s.top && s.y <= s.bot {
			s.scrollDown(s.y, n(0, 1))
			s.x = 0
		}
	case 'M': // delete lines
		if s.y >= s.top && s.y <= s.bot {
			s.scrollUp(s.y, n(0, 1))
			s.x = 0
		}
	case 'S':
		s.scrollUp(s.top, n(0, 1))
	case 'T':
		s.scrollDown(s.top, n(0, 1))
	case 'r': // DECSTBM: the scroll region; the cursor goes home
		top, bot := n(0, 1)-1, n(1, s.h)-1
		if top < bot && bot < s.h {
			s.top, s.bot = top, bot
		} else {
			s.top, s.bot = 0, s.h-1
		}
		s.x, s.y = 0, 0
	}
}

func (s *Screen) eraseLine(mode int) {
	row := s.cells[s.y]
	from, to := s.x, s.w
	switch mode {
	case 1:
		from, to = 0, s.x+1
	case 2:
		from = 0
	}
	for i := from; i < to && i < s.w; i++ {
		row[i] = " "
	}
}

func (s *Screen) eraseDisplay(mode int) {
	switch mode {
	case 0:
		s.eraseLine(0)
		for y := s.y + 1; y < s.h; y++ {
			s.cells[y] = blank(s.w)
		}
	case 1:
		s.eraseLine(1)
		for y := 0; y < s.y; y++ {
			s.cells[y] = blank(s.w)
		}
	case 2, 3:
		for y := range s.cells {
			s.cells[y] = blank(s.w)
		}
	}
}
