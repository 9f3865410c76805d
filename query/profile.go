package query

import (
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"hrdesk/config"
	"hrdesk/store"
)

// ProfileEnv is what the query language's names mean for one profile: a
// user folder by its name in config.toml (any case, ё as е), a vacancy by
// words of its title, the own catalogue's and the company's (each word of
// the term starting a word of the title), and the clock. The workstation
// and `hrdesk search` build it alike, so one query selects the same
// resumes in both.
func ProfileEnv(folders []config.Folder, vacancies []store.Vacancy, company []store.CompanyVacancy,
	now time.Time, staleAfter time.Duration) Env {
	byName := make(map[string]string, len(folders))
	for _, f := range folders {
		if n := fold(strings.TrimSpace(f.Name)); n != "" {
			if _, taken := byName[n]; !taken { // the first of two same names, as config reads them
				byName[n] = strconv.Itoa(f.ID)
			}
		}
	}
	type titled struct {
		id    int64
		words []string
	}
	var titles []titled
	for _, v := range vacancies {
		titles = append(titles, titled{v.ID, words(v.Profession)})
	}
	for _, v := range company {
		titles = append(titles, titled{v.ID, words(v.Profession)})
	}
	return Env{
		Now:        now,
		StaleAfter: staleAfter,
		Folder: func(name string) (string, bool) {
			id, ok := byName[fold(strings.TrimSpace(name))]
			return id, ok
		},
		Vacancies: func(title string) []int64 {
			want := words(title)
			if len(want) == 0 {
				return nil
			}
			var ids []int64
			for _, t := range titles {
				if holdsAll(t.words, want) && !slices.Contains(ids, t.id) {
					ids = append(ids, t.id)
				}
			}
			return ids
		},
	}
}

// holdsAll says every wanted word starts a word of the title.
func holdsAll(title, want []string) bool {
	for _, w := range want {
		if !slices.ContainsFunc(title, func(t string) bool { return strings.HasPrefix(t, w) }) {
			return false
		}
	}
	return true
}

// words are s's words, folded.
func words(s string) []string {
	return strings.FieldsFunc(fold(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}
