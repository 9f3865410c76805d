package fakeapi

import "testing"

// The demo's resumes word their experience as the service does, in
// Russian plurals: "1 лет 0 мес." read as a typo on the resume pane.
func TestExperienceText(t *testing.T) {
	for months, want := range map[int]string{
		0: "", 1: "1 месяц", 4: "4 месяца", 5: "5 месяцев", 12: "1 год", 25: "2 года 1 месяц",
		60: "5 лет", 112: "9 лет 4 месяца", 132: "11 лет", 143: "11 лет 11 месяцев", 252: "21 год", 264: "22 года",
	} {
		if got := ExperienceText(months); got != want {
			t.Errorf("%d months: %q, want %q", months, got, want)
		}
	}
}
