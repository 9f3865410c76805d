// Package benchdata makes the data hrdesk's benchmarks measure: resumes
// shaped like the hand-written fixture testdata/resume.json (a 4.5 KB
// resume object as the service sends it), varied by index so that 100,000
// of them carry the vocabulary, sizes and distributions of a real cache,
// and the cache file built from them (cache.go).
//
// Only tests and benchmarks import it.
package benchdata

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"hrdesk/apiclient"
	"hrdesk/fakeapi"
	"hrdesk/store"
	"hrdesk/syncer"
)

// Now is the moment the generated data is relative to: events fall in the
// 400 days before it.
var Now = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

// Vacancies is how many vacancies the responses answer (ids FirstVacancy…).
const (
	Vacancies    = 40
	FirstVacancy = 46000001
)

// FirstResumeID is the resume id of index 0; index i has FirstResumeID+i.
const FirstResumeID = 60000000

// Generator makes resumes from the fixture. It is safe for concurrent use:
// the template is only read.
type Generator struct {
	template map[string]any
}

// New loads testdata/resume.json from the module's top-level directory.
func New() (*Generator, error) {
	path, err := FixturePath("resume.json")
	if err != nil {
		return nil, err
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("benchdata: %w", err)
	}
	var tmpl map[string]any
	if err := json.Unmarshal(b, &tmpl); err != nil {
		return nil, fmt.Errorf("benchdata: %s: %w", path, err)
	}
	return &Generator{template: tmpl}, nil
}

// FixturePath is the path of a file in the top-level testdata directory,
// found by walking up from the working directory (a package's tests run
// in the package's directory) to go.mod.
func FixturePath(name string) (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("benchdata: %w", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "testdata", name), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("benchdata: no go.mod above the working directory")
		}
		dir = parent
	}
}

// Generated is one received-resume entry and the list it is in.
type Generated struct {
	JSON   []byte      // the entry (2.8) as the service sends it
	Scope  store.Scope // the recruiter's own list or a colleague's
	Folder string      // the folder whose list shows it
}

// Received makes entry i: {"resume":…,"is_new":…,"events":[…]}. The same i
// always gives the same bytes.
func (g *Generator) Received(i int) Generated {
	rng := rand.New(rand.NewPCG(uint64(i), 0x68726465736b))
	id := int64(FirstResumeID + i)
	at := Now.Add(-time.Duration(rng.Float64() * rng.Float64() * float64(400*24*time.Hour))).Truncate(time.Second)
	out := Generated{Scope: store.ScopeMine, Folder: pickWeighted(rng, []string{
		store.FolderInbox, store.FolderConsidered, store.FolderInvited, store.FolderRefused}, []int{50, 20, 15, 15})}
	if rng.IntN(5) == 0 {
		out.Scope = store.ScopeCompany
	}
	entry := map[string]any{
		"resume": g.resume(rng, id, at),
		"is_new": out.Folder == store.FolderInbox && rng.IntN(5) < 2,
		"events": events(rng, id, out.Folder, at),
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(entry); err != nil {
		panic(err) // maps of plain values always encode
	}
	out.JSON = bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	return out
}

// Entry is entry i as the sync engine stores it: decoded by the API client
// and converted by syncer.EntryFromAPI, exactly the path of a real sync.
func (g *Generator) Entry(i int) (store.Entry, error) {
	gen := g.Received(i)
	var e apiclient.ReceivedEntry
	if err := json.Unmarshal(gen.JSON, &e); err != nil {
		return store.Entry{}, fmt.Errorf("benchdata: entry %d: %w", i, err)
	}
	return syncer.EntryFromAPI(e, gen.Scope, gen.Folder), nil
}

// ResumeJSON is the resume object of entry i alone.
func (g *Generator) ResumeJSON(i int) []byte {
	var e struct{ Resume json.RawMessage }
	if err := json.Unmarshal(g.Received(i).JSON, &e); err != nil {
		panic(err)
	}
	return e.Resume
}

// resume fills a copy of the template with a person drawn from rng; parts
// the generator does not vary are shared with the template (read only).
func (g *Generator) resume(rng *rand.Rand, id int64, at time.Time) map[string]any {
	r := maps.Clone(g.template)
	male := rng.IntN(2) == 0
	first, middle, last := person(rng, male)
	age := 19 + rng.IntN(45)
	f := fields[rng.IntN(len(fields))]
	t := towns[pickIndex(rng, len(towns))]
	history, months := workHistory(rng, f, t, at, age)

	r["id"], r["id_user"] = id, 9000000+id
	r["firstname"], r["lastname"], r["middlename"] = first, last, middle
	r["name"] = first + " " + last
	r["gender"] = dict(3, "Женский")
	if male {
		r["gender"] = dict(2, "Мужской")
	}
	r["profession"] = f.professions[rng.IntN(len(f.professions))]
	r["last_profession"] = history[0].(map[string]any)["profession"]
	r["payment"], r["agreement"] = 0, true
	if rng.IntN(7) != 0 {
		r["payment"], r["agreement"] = (f.salary*(60+rng.IntN(90))/100+2500)/5000*5000, false
	}
	r["age"], r["birthyear"] = age, at.Year()-age
	r["birthmonth"], r["birthday"] = 1+rng.IntN(12), 1+rng.IntN(28)
	r["town"] = map[string]any{"id": t.id, "title": t.title, "declension": t.declension, "genitive": t.genitive, "hasMetro": len(t.metro) > 0}
	r["region"] = dict(t.id, t.title)
	r["metro"] = []any{}
	if len(t.metro) > 0 {
		r["metro"] = []any{map[string]any{"id": 100 + rng.IntN(200), "title": t.metro[rng.IntN(len(t.metro))], "id_metro_line": 1 + rng.IntN(10)}}
	}
	r["maritalstatus"], r["business_trip"] = gendered(rng, male)
	r["children"] = []any{dict(2, "Нет"), dict(3, "Есть")}[rng.IntN(2)]
	r["catalogues"] = []any{map[string]any{"id": f.catalogue, "title": f.title,
		"positions": []any{dict(f.catalogue*10+rng.IntN(9), r["profession"].(string))}}}
	r["experience_month_count"] = months
	r["experience_text"] = fakeapi.ExperienceText(months)
	r["work_history"] = history
	edu := educationKinds[rng.IntN(len(educationKinds))]
	r["education"] = dict(edu.id, edu.title)
	r["base_education_history"] = baseEducation(rng, f, t, edu.id, edu.title, at.Year()-age+22)
	r["education_history"] = courseList(rng, at.Year())
	r["languages"] = languageList(rng)
	r["driving_licence"] = []any{}
	if rng.IntN(2) == 0 {
		r["driving_licence"] = []any{"B"}
	}
	r["achievements"] = skillList(rng, f)
	r["additional_info"] = strings.Join(pickN(rng, traits, 1+rng.IntN(3)), "\n")
	r["link"] = fmt.Sprintf("https://www.superjob.ru/resume/%d.html", id)
	r["short_link"] = fmt.Sprintf("https://sj.ru/r/%d", id)
	r["date_published"] = at.Add(-time.Duration(24+rng.IntN(24*30)) * time.Hour).Unix()
	r["date_last_modified"] = at.Add(-time.Duration(1+rng.IntN(24)) * time.Hour).Unix()
	r["phone1"] = fmt.Sprintf("+7 9%02d %03d-%02d-%02d", rng.IntN(100), rng.IntN(1000), rng.IntN(100), rng.IntN(100))
	r["email"] = fmt.Sprintf("applicant%d@mail.example", id)
	r["other_contacts"] = ""
	if rng.IntN(3) == 0 {
		r["other_contacts"] = fmt.Sprintf("Telegram @user%d", id%100000)
	}
	r["timebeg1"], r["timeend1"] = 8+rng.IntN(3), 17+rng.IntN(4)
	return r
}

// person draws first name, patronymic and surname of one gender.
func person(rng *rand.Rand, male bool) (first, middle, last string) {
	p := patronymics[rng.IntN(len(patronymics))]
	last = surnameRoots[pickIndex(rng, len(surnameRoots))] + surnameEndings[rng.IntN(len(surnameEndings))]
	if male {
		return maleFirst[pickIndex(rng, len(maleFirst))], p[0], last
	}
	return femaleFirst[pickIndex(rng, len(femaleFirst))], p[1], feminine(last)
}

// feminine is the female form of a surname: Орлов → Орлова, Белоусский →
// Белоусская; forms that do not change (‑енко, ‑ук, ‑ич, ‑ых) stay.
func feminine(last string) string {
	parts := strings.Split(last, "-")
	for i, p := range parts {
		switch {
		case strings.HasSuffix(p, "ский"), strings.HasSuffix(p, "цкий"):
			parts[i] = strings.TrimSuffix(p, "ий") + "ая"
		case strings.HasSuffix(p, "ов"), strings.HasSuffix(p, "ев"), strings.HasSuffix(p, "ёв"), strings.HasSuffix(p, "ин"):
			parts[i] = p + "а"
		}
	}
	return strings.Join(parts, "-")
}

func gendered(rng *rand.Rand, male bool) (marital, trip any) {
	if rng.IntN(3) == 0 {
		marital = nil
	} else if male {
		marital = []any{dict(2, "Женат"), dict(3, "Холост")}[rng.IntN(2)]
	} else {
		marital = []any{dict(2, "Замужем"), dict(3, "Не замужем")}[rng.IntN(2)]
	}
	ready, not := "Готов к командировкам", "Не готов к командировкам"
	if !male {
		ready, not = "Готова к командировкам", "Не готова к командировкам"
	}
	if rng.IntN(2) == 0 {
		return marital, dict(2, ready)
	}
	return marital, dict(3, not)
}

// events are the entry's events (section 6): the response, then the move
// that put it in its folder.
func events(rng *rand.Rand, id int64, folder string, at time.Time) []any {
	vac := FirstVacancy + pickIndex(rng, Vacancies)
	first := at.Add(-time.Duration(rng.IntN(96)) * time.Hour)
	if folder == store.FolderInbox {
		first = at
	}
	origin := []int{10, 10, 10, 10, 30, 40}[rng.IntN(6)]
	out := []any{event(id, vac, origin, first, map[int]string{10: "Отклик соискателя", 30: "Получено по подписке", 40: "Найдено самостоятельно"}[origin])}
	switch folder {
	case store.FolderInvited:
		out = append(out, event(id, vac, 60, at, "Приглашён"))
	case store.FolderConsidered:
		out = append(out, event(id, vac, 70, at, "Перемещено в рассматриваемые"))
	case store.FolderRefused:
		out = append(out, event(id, vac, 80, at, "Отказ"))
	}
	return out
}

func event(id int64, vac, typ int, at time.Time, title string) map[string]any {
	return map[string]any{"id_resume": id, "id_vac": vac, "type": typ, "date_event": at.Unix(),
		"date": at.In(moscow).Format("02.01.2006 15:04"), "text": title, "type_title": title, "description": ""}
}

var moscow = time.FixedZone("MSK", 3*3600)

func dict(id int, title string) map[string]any { return map[string]any{"id": id, "title": title} }

// pickIndex favours the first items of a list (names, towns, vacancies are
// not uniformly common): a quarter of the draws come from its first tenth.
func pickIndex(rng *rand.Rand, n int) int {
	if rng.IntN(4) == 0 {
		return rng.IntN(max(1, n/10))
	}
	return rng.IntN(n)
}

func pickWeighted(rng *rand.Rand, xs []string, weights []int) string {
	total := 0
	for _, w := range weights {
		total += w
	}
	r := rng.IntN(total)
	for i, w := range weights {
		if r < w {
			return xs[i]
		}
		r -= w
	}
	return xs[len(xs)-1]
}

// pickN draws n distinct items of xs in their list order.
func pickN(rng *rand.Rand, xs []string, n int) []string {
	n = min(n, len(xs))
	idx := rng.Perm(len(xs))[:n]
	out := make([]string, 0, n)
	for i := range xs {
		for _, j := range idx {
			if i == j {
				out = append(out, xs[i])
			}
		}
	}
	return out
}
