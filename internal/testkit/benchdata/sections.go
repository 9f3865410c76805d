package benchdata

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// The longer sections of a resume: work history (most of its text),
// education, courses, languages and skills.

// workHistory makes 1–5 jobs, newest first, ending at the response, inside
// the years the person could work; it returns them with the months worked.
func workHistory(rng *rand.Rand, f field, t town, at time.Time, age int) ([]any, int) {
	jobs := 1 + rng.IntN(3) + rng.IntN(3)
	end, endMonth := at.Year(), int(at.Month())
	firstYear := at.Year() - age + 18
	months := 0
	out := make([]any, 0, jobs)
	for j := 0; j < jobs && end > firstYear; j++ {
		begin := max(firstYear, end-1-rng.IntN(6))
		beginMonth := 1 + rng.IntN(12)
		months += max(1, (end-begin)*12+endMonth-beginMonth)
		town := t.title
		if rng.IntN(4) == 0 {
			town = towns[rng.IntN(len(towns))].title
		}
		kind := "Полная занятость"
		if rng.IntN(6) == 0 {
			kind = "Частичная занятость"
		}
		w := map[string]any{
			"name": company(rng), "profession": f.professions[rng.IntN(len(f.professions))],
			"town": map[string]any{"title": town}, "type": map[string]any{"title": kind},
			"monthbeg": beginMonth, "yearbeg": begin, "monthend": endMonth, "yearend": end,
			"work": strings.Join(pickN(rng, f.duties, 1+rng.IntN(4)), "\n"),
		}
		if j == 0 {
			w["monthend"], w["yearend"] = 0, 0 // the current job
		}
		out = append(out, w)
		end, endMonth = begin, max(1, beginMonth-1-rng.IntN(3))
	}
	if len(out) == 0 { // a school leaver: one short job
		out = append(out, map[string]any{"name": company(rng), "profession": f.professions[0],
			"town": map[string]any{"title": t.title}, "type": map[string]any{"title": "Частичная занятость"},
			"monthbeg": 6, "yearbeg": at.Year(), "monthend": 0, "yearend": 0, "work": f.duties[0]})
		months = 3
	}
	return out, months
}

func company(rng *rand.Rand) string {
	form := companyForms[rng.IntN(len(companyForms))]
	if form == "ИП" {
		_, _, last := person(rng, true)
		return fmt.Sprintf("ИП %s %c. %c.", last, []rune(maleFirst[rng.IntN(len(maleFirst))])[0], []rune("АВГДЕИМНОПС")[rng.IntN(11)])
	}
	name := companyWords[rng.IntN(len(companyWords))]
	if rng.IntN(3) != 0 {
		name += "-" + companyKinds[rng.IntN(len(companyKinds))]
	}
	return form + " «" + name + "»"
}

func baseEducation(rng *rand.Rand, f field, t town, eduID int, eduTitle string, year int) []any {
	if eduID == 5 { // secondary school only
		return []any{}
	}
	n := 1
	if eduID == 2 && rng.IntN(6) == 0 {
		n = 2
	}
	out := make([]any, 0, n)
	for i := range n {
		out = append(out, map[string]any{
			"institute": dict(100+rng.IntN(300), institutes[rng.IntN(len(institutes))]),
			"town":      map[string]any{"title": t.title}, "faculty": f.faculties[rng.IntN(len(f.faculties))],
			"profession": f.professions[rng.IntN(len(f.professions))], "yearend": year + 2*i,
			"education_type": dict(eduID, eduTitle), "education_form": []any{dict(10, "Дневная/Очная"), dict(11, "Заочная"), dict(12, "Вечерняя")}[rng.IntN(3)],
		})
	}
	return out
}

func courseList(rng *rand.Rand, year int) []any {
	out := []any{}
	for range rng.IntN(3) {
		c := courses[rng.IntN(len(courses))]
		out = append(out, map[string]any{"name": c.name, "institute": c.institute, "yearend": year - rng.IntN(10)})
	}
	return out
}

func languageList(rng *rand.Rand) []any {
	out := []any{}
	for i, lang := range pickN(rng, languages, rng.IntN(3)) {
		lvl := languageLevels[rng.IntN(len(languageLevels))]
		out = append(out, []any{dict(1+i, lang), dict(lvl.id, lvl.title)})
	}
	return out
}

// skillList is the achievements field: 3–9 skills of the field, a few
// from elsewhere.
func skillList(rng *rand.Rand, f field) string {
	skills := pickN(rng, f.skills, 3+rng.IntN(5))
	if rng.IntN(3) == 0 {
		other := fields[rng.IntN(len(fields))]
		skills = append(skills, pickN(rng, other.skills, 1+rng.IntN(2))...)
	}
	return strings.Join(skills, ", ") + "."
}
