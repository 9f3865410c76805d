package cli

import (
	"fmt"
	"testing"
	"time"

	"hrdesk/store"
)

// The digest lists a vacancy with a new response or one past its limit,
// not one that only has resumes waiting; the sum counts them all.
func TestDigestListsVacanciesWithNewOrPast(t *testing.T) {
	o := store.Overview{Vacancies: []store.VacancyFigures{
		{VacancyID: 1, Title: "new", Waiting: 1}, {VacancyID: 2, Title: "waiting", Waiting: 4}, {VacancyID: 3, Title: "past", Waiting: 2},
	}}
	past := map[int64]store.LimitCount{3: {Near: 1, Past: 1}}
	period := store.Period{ByVacancy: map[int64]store.PeriodFigures{1: {Responses: 2}, 2: {}}}
	out, total := digestVacancies(o, past, period)
	if len(out) != 2 || out[0].Title != "new" || out[0].New != 2 || out[1].Title != "past" || out[1].Past != 1 {
		t.Errorf("listed %+v, want new (2 new) then past (1 past)", out)
	}
	if total.New != 2 || total.Waiting != 7 || total.Past != 1 {
		t.Errorf("the sum %+v, want 2 new, 7 waiting, 1 past", total)
	}
}

// A wait under a day is said in hours, a day and more in days; the past
// section names the oldest only when there are some.
func TestDigestWaitsAndTheOldest(t *testing.T) {
	a := sampleApp("en")
	tx := a.text()
	for d, want := range map[time.Duration]string{23 * time.Hour: "23 h", 24 * time.Hour: "1 day", 49 * time.Hour: "2 days"} {
		if got := waitedWords(tx, d); got != want {
			t.Errorf("waited %v: %q, want %q", d, got, want)
		}
	}
	f := digestFacts{Total: digestVacancy{Past: 2}}
	if s := a.digestPast(f); len(s.Lines) != 1 {
		t.Errorf("past 2, none listed: %q", s.Lines)
	}
	f.Oldest = []digestResume{{ID: 1}}
	if s := a.digestPast(f); len(s.Lines) < 2 || s.Lines[1] != fmt.Sprintf(tx.CLI.Digest.Oldest, 1) {
		t.Errorf("past 2, one listed: %q", s.Lines)
	}
}
