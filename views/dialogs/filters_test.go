package dialogs

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/config"
	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/criteria"
)

var (
	vacancyCounts = []store.VacancyCount{{VacancyID: 501, Title: "Программист Go", Total: 48, New: 5},
		{VacancyID: 777, Total: 3}}
	levels = []store.EducationCount{{ID: 2, Title: "Высшее", Total: 40}, {ID: 9, Title: "Два высших", Total: 2}}
)

func filtersDialog(s criteria.Set, everywhere bool) *FiltersDialog {
	d := NewFiltersDialog(newCommon(), s, everywhere, "Inbox", vacancyCounts, levels)
	d.SetSize(80, 24)
	return d
}

// Down to a row, a choice cycled or text typed, enter: the filters the
// rows say, nothing else.
func TestFiltersDialogSets(t *testing.T) {
	d := filtersDialog(criteria.Set{}, false)
	a := drive(d, "right", // every folder
		"down", "right", "right", // responded: 7 days
		"down", "down", "8", "0", "0", "0", "0", "-", // salary from 80000
		"down", "down", "space", // new only
		"down", "down", "right", // vacancy 501
		"down", "right", "right", // education 9, a level only the cache names
		"enter")
	want := action.Narrow{Set: criteria.Set{Responded: config.Responded{Days: 7}, SalaryFrom: 80000, OnlyNew: true,
		VacancyID: 501, Education: 9}, Everywhere: true}
	if a != want {
		t.Errorf("%+v\nwant %+v", a, want)
	}
}

// What is set shows when the dialog opens, and comes back unchanged.
func TestFiltersDialogRoundTrip(t *testing.T) {
	for _, s := range []criteria.Set{
		{Responded: config.Responded{Days: 14}, AgeFrom: 25, AgeTo: 40, Stale: true, VacancyID: 999, Education: 4},
		{Responded: config.Responded{From: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}, SalaryTo: 150000, Education: 2},
	} {
		d := filtersDialog(s, true)
		out := ansi.Strip(d.View())
		if a := drive(d, "enter"); a != (action.Narrow{Set: s, Everywhere: true}) {
			t.Errorf("%+v came back %+v\n%s", s, a, out)
		}
	}
	out := ansi.Strip(filtersDialog(criteria.Set{Education: 9, VacancyID: 501}, false).View())
	for _, want := range []string{"‹ Inbox ›", "Программист Go (48)", "Два высших (2)", "Salary (MIN-MAX)"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q:\n%s", want, out)
		}
	}
}

// A range or a period that does not read keeps the dialog open, says how
// to write it, and puts the cursor there; typing dates picks dates.
func TestFiltersDialogRefusesBadInput(t *testing.T) {
	d := filtersDialog(criteria.Set{}, false)
	if a := drive(d, "down", "down", "2", "0", "2", "6", "down", "8", "0", "k", "enter"); a != nil {
		t.Fatalf("accepted: %+v", a)
	}
	out := ansi.Strip(d.View())
	if !strings.Contains(out, "a range like 80000-150000") || !strings.Contains(out, "dates like 2026-11-01..2026-11-20") ||
		d.focus != rowDates {
		t.Errorf("focus %d:\n%s", d.focus, out)
	}
	if !strings.Contains(out, "‹ dates ›") {
		t.Errorf("typed dates but the period is not dates:\n%s", out)
	}
	if a := drive(d, "esc"); a != (action.Close{}) {
		t.Errorf("esc: %+v", a)
	}
}

// The vacancy picker shows titles and counts (an unknown vacancy by id),
// and picks one or every vacancy, keeping the other filters.
func TestVacancyPicker(t *testing.T) {
	set := criteria.Set{OnlyNew: true}
	p := NewVacancyPicker(newCommon(), set, true, vacancyCounts)
	p.SetSize(80, 24)
	out := ansi.Strip(p.View())
	for _, want := range []string{"all vacancies", "Программист Go", "48 · 5 new", "#777", "3 · 0 new"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q:\n%s", want, out)
		}
	}
	// One post in two towns: the titles alone would not tell them apart.
	twins := []store.VacancyCount{{VacancyID: 501, Title: "Повар", Total: 2}, {VacancyID: 502, Title: "Повар", Total: 1}}
	twin := NewVacancyPicker(newCommon(), set, false, twins)
	twin.SetSize(80, 24)
	if out := ansi.Strip(twin.View()); !strings.Contains(out, "Повар #501") || !strings.Contains(out, "Повар #502") {
		t.Errorf("two vacancies of one title:\n%s", out)
	}
	if a := drive(p, "j", "j", "enter"); a != (action.Narrow{Set: criteria.Set{OnlyNew: true, VacancyID: 777}, Everywhere: true}) {
		t.Errorf("picked %+v", a)
	}
	set.VacancyID = 501
	p = NewVacancyPicker(newCommon(), set, false, vacancyCounts)
	if a := drive(p, "k", "enter"); a != (action.Narrow{Set: criteria.Set{OnlyNew: true}}) {
		t.Errorf("every vacancy: %+v", a)
	}
}

// Issue 28 §5: the vacancy and education counts follow the where row:
// "All folders" shows every folder's, the folder its own; what is picked
// stays picked, and counts not read leave the rows as they are.
func TestFiltersDialogCountsFollowWhere(t *testing.T) {
	d := filtersDialog(criteria.Set{VacancyID: 501, Education: 2}, false)
	if out := ansi.Strip(d.View()); !strings.Contains(out, "Программист Go (48)") || !strings.Contains(out, "higher (40)") {
		t.Fatalf("the folder's counts:\n%s", out)
	}
	drive(d, "right") // every folder, not read yet
	if out := ansi.Strip(d.View()); !strings.Contains(out, "Программист Go (48)") {
		t.Fatalf("counts not read changed the rows:\n%s", out)
	}
	d.SetCounts(true, []store.VacancyCount{{VacancyID: 501, Title: "Программист Go", Total: 120}},
		[]store.EducationCount{{ID: 2, Title: "Высшее", Total: 95}})
	if out := ansi.Strip(d.View()); !strings.Contains(out, "Программист Go (120)") || !strings.Contains(out, "higher (95)") {
		t.Errorf("every folder's counts:\n%s", out)
	}
	drive(d, "left")
	if out := ansi.Strip(d.View()); !strings.Contains(out, "Программист Go (48)") || !strings.Contains(out, "higher (40)") {
		t.Errorf("back to the folder's counts:\n%s", out)
	}
	if a := drive(d, "enter"); a != (action.Narrow{Set: criteria.Set{VacancyID: 501, Education: 2}}) {
		t.Errorf("the picks did not stay: %+v", a)
	}
}
