package palette

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
)

// colourPalette is the palette in colour (so the cursor's row is told by
// its style), a resume highlighted so the first actions apply.
func colourPalette(t *testing.T, w, h int) *Model {
	t.Helper()
	c := panetest.Colour(i18n.EN)
	f := facts()
	f.Keys, f.Highlighted = c.Keys, true
	m, cmd := New(c, f, nil)
	m.SetSize(w, h)
	panetest.Settle(t, m, cmd)
	return m
}

// listRows are the view's lines of the list: after the line typed and
// the blank under it, as many as the palette shows.
func listRows(t *testing.T, m *Model) []string {
	t.Helper()
	lines := strings.Split(m.View(), "\n")
	for i, l := range lines {
		if strings.Contains(ansi.Strip(l), "> ") && i+2+m.rows() <= len(lines) {
			return lines[i+2 : i+2+m.rows()]
		}
	}
	t.Fatalf("no line typed in the palette:\n%s", ansi.Strip(m.View()))
	return nil
}

// The palette is 4 columns narrower than the screen, at most 84 and at
// least 24 wide; its list takes the height but the frame, the title, the
// line typed, the hint and their blanks (9 lines), at least 3 rows and at
// most 20.
func TestThePaletteKeepsItsSize(t *testing.T) {
	for _, c := range []struct{ w, h, wantW, wantH int }{
		{80, 19, 76, 18}, {60, 14, 56, 13}, {200, 60, 84, 29}, {20, 8, 24, 12},
	} {
		m := colourPalette(t, c.w, c.h)
		panetest.Frame(t, m.View(), c.wantW, c.wantH)
	}
}

// A long line typed scrolls inside the box: it is not cut with an
// ellipsis.
func TestALongLineTypedScrollsInside(t *testing.T) {
	m := colourPalette(t, 80, 19)
	typeIn(t, m, strings.Repeat("q", 100))
	for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
		if strings.Contains(l, "> ") && strings.Contains(l, "…") {
			t.Errorf("the line typed is cut: %q", l)
		}
	}
}

// The cursor's row is drawn as the current one, and only it; the list
// scrolls to keep the cursor in sight: down past the last row, the
// cursor's entry is the last row; back up past the first, the first.
func TestTheListScrollsToKeepTheCursorInSight(t *testing.T) {
	m := colourPalette(t, 80, 13) // 3 rows
	sel := strings.SplitN(m.c.Styles.List.Selected.Render("Z"), "Z", 2)[0]
	if sel == "" {
		t.Fatal("the current row's style writes nothing in colour")
	}
	check := func(step string, at int) {
		t.Helper()
		e, ok := m.Highlighted()
		if !ok {
			t.Fatalf("%s: nothing highlighted", step)
		}
		rows := listRows(t, m)
		if !strings.Contains(ansi.Strip(rows[at]), e.Title) {
			t.Errorf("%s: %q is not on row %d: %q", step, e.Title, at, stripAll(rows))
		}
		for i, r := range rows {
			if strings.Contains(r, sel) != (i == at) {
				t.Errorf("%s: row %d drawn as current: %v: %q", step, i, i != at, ansi.Strip(r))
			}
		}
	}
	check("opened", 0)
	for range 5 {
		m.Update(panetest.Key(t, "down"))
	}
	check("5 down", 2)
	if m.cursor != 5 {
		t.Errorf("5 down: the cursor is on %d", m.cursor)
	}
	m.Update(panetest.Key(t, "up"))
	check("1 up", 1)
	for range 10 {
		m.Update(panetest.Key(t, "up"))
	}
	check("past the first", 0)
	for range len(m.shown) + 5 {
		m.Update(panetest.Key(t, "down"))
	}
	check("past the last", 2)
	if e, _ := m.Highlighted(); e.Title != m.entries[m.shown[len(m.shown)-1]].Title {
		t.Errorf("past the last: %q highlighted", e.Title)
	}
}

func stripAll(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = ansi.Strip(l)
	}
	return out
}

// When nothing is found, the first row says so, and only the first.
func TestNothingFoundIsSaidOnce(t *testing.T) {
	m := colourPalette(t, 80, 19)
	typeIn(t, m, "qqqzzxxqq")
	rows := stripAll(listRows(t, m))
	if !strings.Contains(rows[0], m.words.Empty) || strings.Count(strings.Join(rows, "\n"), m.words.Empty) != 1 {
		t.Errorf("nothing found: %q", rows)
	}
}

// A row says its kind when it is no action (vacancy · …), an action says
// none; a dim row is drawn muted, one that applies is not.
func TestARowSaysItsKindAndADimOneIsMuted(t *testing.T) {
	c := panetest.Colour(i18n.EN)
	f := facts()
	f.Keys = c.Keys
	m, cmd := New(c, f, vacancies{{ID: 501, Profession: "Программист Go"}})
	m.SetSize(80, 19)
	panetest.Settle(t, m, cmd)
	muted := strings.SplitN(c.Styles.Muted.Render("Z"), "Z", 2)[0]
	sel := strings.SplitN(c.Styles.List.Selected.Render("Z"), "Z", 2)[0]
	vac := m.words.Vacancy + " · Программист Go"
	inv := "invite — " + m.words.NoResume
	var seenVac, seenInv bool
	for range len(m.shown) {
		m.Update(panetest.Key(t, "down"))
		for _, r := range listRows(t, m) {
			text := ansi.Strip(r)
			switch {
			case strings.Contains(text, "Программист"):
				seenVac = true
				if !strings.Contains(text, vac) {
					t.Errorf("the vacancy's row: %q, want %q", text, vac)
				}
			case strings.Contains(text, inv):
				seenInv = true
				if !strings.Contains(r, sel) && !strings.Contains(r, muted) || strings.Contains(text, "·") {
					t.Errorf("the dim action's row is not muted, or says a kind: %q", r)
				}
			}
		}
	}
	if !seenVac || !seenInv {
		t.Errorf("rows not seen: the vacancy %v, the dim invite %v", seenVac, seenInv)
	}
}
