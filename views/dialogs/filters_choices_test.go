package dialogs

import (
	"errors"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/criteria"
)

// Opened before its counts (issue 28 §7), the dialog offers what is set,
// named as the chips name it, says it is counting, and takes the counts of
// its own opening only, keeping what was picked meanwhile.
func TestFiltersDialogCountsFollow(t *testing.T) {
	names := criteria.Names{Vacancy: func(id int64) string { return map[int64]string{501: "Программист Go"}[id] },
		Education: func(id int64) string { return map[int64]string{9: "Два высших"}[id] }}
	d := NewFiltersDialogCounting(newCommon(), criteria.Set{VacancyID: 501, Education: 9}, false, "Inbox", names, 3)
	d.SetSize(80, 24)
	out := ansi.Strip(d.View())
	for _, want := range []string{"‹ Программист Go › counting", "‹ Два высших › counting"} {
		if !strings.Contains(strings.Join(strings.Fields(out), " "), want) {
			t.Errorf("no %q while counting:\n%s", want, out)
		}
	}
	if !d.Counting() {
		t.Error("not counting before the counts")
	}
	// The vacancy set aside before the counts come.
	drive(d, "down", "down", "down", "down", "down", "down", "down", "left")
	d.SetChoices(action.FilterChoices{Seq: 2, Vacancies: vacancyCounts, Levels: levels})
	if !d.Counting() {
		t.Error("took the counts of another opening")
	}
	d.SetChoices(action.FilterChoices{Seq: 3, Vacancies: vacancyCounts, Levels: levels})
	out = ansi.Strip(d.View())
	if d.Counting() || strings.Contains(out, "counting") {
		t.Errorf("still counting after its counts:\n%s", out)
	}
	for _, want := range []string{"‹ any ›", "‹ Два высших (2) ›"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q once counted:\n%s", want, out)
		}
	}
	if a := drive(d, "right", "enter"); a != (action.Narrow{Set: criteria.Set{VacancyID: 501, Education: 9}}) {
		t.Errorf("the counted choices gave %+v", a)
	}
}

// Counts that could not be read end the note; the rows keep what they
// offer, without made-up numbers.
func TestFiltersDialogCountsFailed(t *testing.T) {
	d := NewFiltersDialogCounting(newCommon(), criteria.Set{VacancyID: 777}, false, "Inbox", criteria.Names{}, 1)
	d.SetSize(80, 24)
	d.SetChoices(action.FilterChoices{Seq: 1, Err: errors.New("the cache is gone")})
	out := ansi.Strip(d.View())
	if d.Counting() || strings.Contains(out, "counting") || !strings.Contains(out, "‹ #777 ›") {
		t.Errorf("after failed counts:\n%s", out)
	}
	if a := drive(d, "enter"); a != (action.Narrow{Set: criteria.Set{VacancyID: 777}}) {
		t.Errorf("gave %+v", a)
	}
}

// The counts that follow carry both "where" choices: all folders shows
// every folder's once they come, and nothing made up before.
func TestFiltersDialogCountsFollowTheWhereChoice(t *testing.T) {
	d := NewFiltersDialogCounting(newCommon(), criteria.Set{VacancyID: 501}, false, "Inbox", criteria.Names{}, 1)
	d.SetSize(80, 24)
	drive(d, "right") // all folders, still counting
	if out := ansi.Strip(d.View()); !strings.Contains(out, "‹ #501 ›") {
		t.Errorf("before the counts, every folder:\n%s", out)
	}
	every := []store.VacancyCount{{VacancyID: 501, Title: "Программист Go", Total: 99}}
	d.SetChoices(action.FilterChoices{Seq: 1, Vacancies: vacancyCounts, Levels: levels})
	d.SetChoices(action.FilterChoices{Seq: 1, Other: true, Vacancies: every})
	if out := ansi.Strip(d.View()); !strings.Contains(out, "‹ Программист Go (99) ›") {
		t.Errorf("every folder's counts not shown for all folders:\n%s", out)
	}
	drive(d, "left")
	if out := ansi.Strip(d.View()); !strings.Contains(out, "‹ Программист Go (48) ›") {
		t.Errorf("the folder's counts not shown for the folder:\n%s", out)
	}
}

// The counts come in two: where the list looks first, the other "where"
// choice's after (every folder's take the longer, issue 28 §7). Between
// them the other choice offers what is picked, counting, never the first
// choice's figures.
func TestFiltersDialogOtherCountsFollow(t *testing.T) {
	d := NewFiltersDialogCounting(newCommon(), criteria.Set{VacancyID: 501}, false, "Inbox", criteria.Names{}, 1)
	d.SetSize(80, 24)
	d.SetChoices(action.FilterChoices{Seq: 1, Vacancies: vacancyCounts, Levels: levels})
	if out := ansi.Strip(d.View()); d.Counting() || !strings.Contains(out, "‹ Программист Go (48) ›") || strings.Contains(out, "counting") {
		t.Fatalf("the folder's counts, first:\n%s", out)
	}
	drive(d, "right") // every folder: still being read
	out := ansi.Strip(d.View())
	if !d.Counting() || strings.Contains(out, "(48)") || !strings.Contains(strings.Join(strings.Fields(out), " "), "‹ #501 › counting") {
		t.Errorf("every folder before its counts:\n%s", out)
	}
	every := []store.VacancyCount{{VacancyID: 501, Title: "Программист Go", Total: 99}}
	d.SetChoices(action.FilterChoices{Seq: 1, Other: true, Vacancies: every, Levels: levels})
	if out := ansi.Strip(d.View()); d.Counting() || !strings.Contains(out, "‹ Программист Go (99) ›") || strings.Contains(out, "counting") {
		t.Errorf("every folder's counts once read:\n%s", out)
	}
	drive(d, "left")
	if out := ansi.Strip(d.View()); !strings.Contains(out, "‹ Программист Go (48) ›") {
		t.Errorf("back to the folder's counts:\n%s", out)
	}
}

// With the list in every folder, the first counts are every folder's and
// the other choice's are the folder's.
func TestFiltersDialogOtherCountsFollowFromEveryFolder(t *testing.T) {
	d := NewFiltersDialogCounting(newCommon(), criteria.Set{VacancyID: 501}, true, "Inbox", criteria.Names{}, 4)
	d.SetSize(80, 24)
	every := []store.VacancyCount{{VacancyID: 501, Title: "Программист Go", Total: 99}}
	d.SetChoices(action.FilterChoices{Seq: 4, Everywhere: true, Vacancies: every, Levels: levels})
	if out := ansi.Strip(d.View()); d.Counting() || !strings.Contains(out, "‹ Программист Go (99) ›") {
		t.Fatalf("every folder's counts, first:\n%s", out)
	}
	d.SetChoices(action.FilterChoices{Seq: 4, Everywhere: true, Other: true, Vacancies: vacancyCounts, Levels: levels})
	drive(d, "left") // the folder
	if out := ansi.Strip(d.View()); d.Counting() || !strings.Contains(out, "‹ Программист Go (48) ›") {
		t.Errorf("the folder's counts, second:\n%s", out)
	}
}
