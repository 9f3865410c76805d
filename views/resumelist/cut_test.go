package resumelist

import (
	"hrdesk/internal/testkit/panetest"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/config"
	"hrdesk/i18n"
	"hrdesk/store"
	"hrdesk/views/common"
	"hrdesk/views/criteria"
)

// Every filter set shows as a chip, each whole (issue 28 §4: at 120
// columns with the resume open the chips read "[responde…] [salary 80…]"):
// in words while they fit, then by their values ("[7 days]", the
// vacancy's title), then on two lines; only a label wider than the line
// itself is cut, with the ellipsis. At the list's widths in windows of
// 80, 100, 120 (resume open: 49), 140 (60) and 200 (93) columns, EN and RU.
func TestEveryChipShowsWhole(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, w := range []int{49, 60, 78, 93, 98} {
			for _, title := range []string{"Водитель-экспедитор", "Ведущий инженер-конструктор отдела главного механика"} {
				m, _ := narrowList(t, lang, w, 8)
				m.SetVacancies([]store.Vacancy{{ID: 77, Profession: title}})
				drain(t, m, m.SetCriteria(criteria.Set{Responded: config.Responded{Days: 7}, SalaryFrom: 80000, OnlyNew: true, VacancyID: 77}))
				out := lines(t, m, w, 8)
				head := m.headLines() - 1
				if head < 1 || head > 2 || !strings.Contains(out[head], m.c.Text.Columns.Name) {
					t.Fatalf("%s/%d: %d chip lines:\n%s", lang, w, head, strings.Join(out, "\n"))
				}
				chips := strings.Join(out[:head], "\n")
				if got := strings.Count(chips, "["); got != 4 {
					t.Errorf("%s/%d: %d chips of 4:\n%s", lang, w, got, chips)
				}
				for _, c := range m.crit.Chips(m.c.Text, m.c.Now(), m.chipNames()) {
					whole := strings.Contains(chips, "["+c.Label+"]") || strings.Contains(chips, "["+c.Short+"]")
					if !whole && !(ansi.StringWidth(c.Short)+2 > w && strings.Contains(chips, m.c.Styles.Glyphs.Ellipsis+"]")) {
						t.Errorf("%s/%d: the chip %q is not whole:\n%s", lang, w, c.Label, chips)
					}
				}
				if strings.Contains(chips, m.c.Styles.Glyphs.Ellipsis) && len([]rune(title)) < w-2 {
					t.Errorf("%s/%d: a chip cut with room for it on a line:\n%s", lang, w, chips)
				}
			}
		}
	}
}

// A saved view over every folder adds the Folder column; Name and
// Profession keep a readable width, less important columns giving way
// first (issue 19 §2.8: Profession was one letter). At the list's width in
// a 120×40 window (49) and at 80×24 (78), sorted by each order, EN and RU.
func TestNameAndProfessionKeepTheirWidth(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, w := range []int{49, 78} {
			for _, sort := range []store.SortField{store.SortByDate, store.SortBySalary, store.SortByAge} {
				m, _ := narrowList(t, lang, w, 8)
				m.c.UserFolders = append(m.c.UserFolders, common.UserFolder{ID: "501", Name: "Кадровый резерв 2026"})
				drain(t, m, m.ShowView(criteria.View{Everywhere: true, SortBy: sort}, "All", ""))
				cols := m.columns()
				if len(cols) < 2 || cols[0].width < 10 || cols[1].width < 10 {
					t.Errorf("%s/%d/sort %d: name %d, profession %d columns: %q", lang, w, sort, cols[0].width, cols[1].width,
						lines(t, m, w, 8)[0])
				}
				head := lines(t, m, w, 8)[0]
				if !strings.Contains(head, m.c.Text.Narrow.Folder) {
					t.Errorf("%s/%d: the Folder column went: %q", lang, w, head)
				}
			}
		}
	}
}

// The name and profession columns share by what the visible rows need
// (issue 19 §2.8): long names beside short professions show whole at
// 80×24 (the list 78 wide), instead of "Фамилия3 Им…" by a half-empty
// Profession column; long professions beside short names take the room
// back; each keeps its least width; scrolling to other rows re-splits.
func TestNameAndProfessionShareByNeed(t *testing.T) {
	names := []string{"Константинопольская Екатерина Ивановна", "Фамилия3 Имя3 Отчество3"}
	longNames := &rows{all: []store.EntryRow{
		{ResumeID: 1, DisplayName: names[0], Folder: "inbox", Profession: "Повар", LastEventAt: listNow},
		{ResumeID: 2, DisplayName: names[1], Folder: "inbox", Profession: "Юрист", LastEventAt: listNow},
	}}
	prof := "Ведущий инженер-конструктор отдела главного механика"
	longProfessions := &rows{all: []store.EntryRow{
		{ResumeID: 1, DisplayName: "Анна", Folder: "inbox", Profession: prof, LastEventAt: listNow},
		{ResumeID: 2, DisplayName: "Борис", Folder: "inbox", Profession: "Юрист", LastEventAt: listNow},
	}}
	const w, h = 78, 8
	show := func(src *rows) (*Model, []string) {
		c := panetest.Plain(i18n.RU, panetest.Clock(func() time.Time { return listNow }))
		m := New(c, src)
		m.SetSize(w, h)
		cmd := m.ShowFolder("inbox", "Входящие")
		_ = m.View() // measured before the rows arrive: they measure again
		drain(t, m, cmd)
		return m, lines(t, m, w, h)
	}
	m, out := show(longNames)
	for i, n := range names {
		if !strings.Contains(out[1+i], n) {
			t.Errorf("the name is cut beside a short profession: %q", out[1+i])
		}
	}
	if cols := m.columns(); cols[1].width < minProfession || !strings.Contains(out[1], "Повар") {
		t.Errorf("the profession gave up its least width: %d columns, %q", cols[1].width, out[1])
	}
	m, out = show(longProfessions)
	cols := m.columns()
	if cols[0].width != minName || !strings.Contains(out[1], "Ведущий инженер-конструктор отдела") {
		t.Errorf("short names keep %d columns, the profession %d: %q", cols[0].width, cols[1].width, out[1])
	}

	// Long professions first, long names at the end: scrolled to the
	// end, the window holds both, and the rows formatted for the first
	// split are formatted again under the new header.
	longProfessions.all = longProfessions.all[:0]
	for i := range 10 {
		r := store.EntryRow{ResumeID: int64(i + 1), DisplayName: "Анна", Folder: "inbox", Profession: prof, LastEventAt: listNow}
		if i >= 7 {
			r.DisplayName, r.Profession = names[0], "Повар"
		}
		longProfessions.all = append(longProfessions.all, r)
	}
	m, _ = show(longProfessions)
	m.Focus()
	drain(t, m, func() tea.Msg { return tea.KeyPressMsg{Code: tea.KeyEnd} })
	out = lines(t, m, w, h)
	column := func(l, s string) int { // in cells, not bytes
		i := strings.Index(l, s)
		if i < 0 {
			return -1
		}
		return ansi.StringWidth(l[:i])
	}
	head := column(out[0], m.c.Text.Columns.Profession)
	for _, l := range out[1:] {
		if column(l, "Повар") != head && column(l, "Ведущий") != head {
			t.Errorf("scrolled to long names, the row is not re-split under its header:\n%s\n%s", out[0], l)
		}
	}
}
