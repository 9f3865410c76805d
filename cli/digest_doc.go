package cli

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"hrdesk/i18n"
	"hrdesk/store"
	"hrdesk/textsafe"
)

// A digest worded in the profile's language, as one document the three
// formats lay out: a title, notes, sections of lines, a table and items.
// Every string from the service or config.toml passes textsafe.Line here;
// each format escapes for its own reader.

// digestDoc is a digest in words.
type digestDoc struct {
	Lang     string // the language's ISO code, for html's lang
	Title    string
	Notes    []string
	Sections []digestSection
}

// digestSection is a heading, lines under it, then a table, items and
// lines after them.
type digestSection struct {
	Title string
	Lines []string
	Table *digestTable
	Items []digestItem
	After []string
}

// digestTable's first column is words, the rest figures (right-aligned);
// Total marks the sum's row.
type digestTable struct {
	Heads []string
	Rows  []digestRow
}

type digestRow struct {
	Cells []string
	Total bool
}

// digestItem is a resume past its limit: Format (the Waited words) of its
// name, vacancy, folder and wait; Link, "" when none.
type digestItem struct {
	Format                        string
	Name, Vacancy, Folder, Waited string
	Link                          string
}

// line is the item's words.
func (it digestItem) line() string {
	return fmt.Sprintf(it.Format, it.Name, it.Vacancy, it.Folder, it.Waited)
}

// digestDoc words f.
func (a *app) digestDoc(f digestFacts) digestDoc {
	t := a.text().CLI
	w := t.Digest
	stamp := func(at time.Time) string { return at.In(f.Now.Location()).Format("2006-01-02 15:04") }
	d := digestDoc{Lang: a.lang().String(), Title: fmt.Sprintf(w.Title, stamp(f.Now))}
	scope := w.Mine
	if f.Company {
		scope = w.Company
	}
	d.Notes = append(d.Notes, fmt.Sprintf(w.Since, stamp(f.From), scope))
	if age := f.Now.Sub(f.LastSync); f.LastSync.IsZero() {
		d.Notes = append(d.Notes, sentence(t.NeverSyncedCache))
	} else if age > 24*time.Hour {
		d.Notes = append(d.Notes, sentence(fmt.Sprintf(t.CacheAge, ago(t, age), stamp(f.LastSync))))
	}
	if f.Empty {
		d.Notes = append(d.Notes, w.Empty)
		return d
	}
	d.Sections = append(d.Sections, a.digestNew(f), a.digestPast(f))
	if f.Company {
		d.Sections = append(d.Sections, a.digestRecruiterLines(f))
	}
	d.Sections = append(d.Sections, a.digestChange(f))
	return d
}

// sentence is report's words, which follow "hrdesk: " there, begun with a
// capital as a line of their own.
func sentence(s string) string {
	if s == "" {
		return s
	}
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}

// vacancyName is a vacancy's title, or what names one without.
func (a *app) vacancyName(id int64, title string) string {
	if title = textsafe.Line(title); title != "" {
		return title
	}
	if id == 0 {
		return a.text().CLI.More.NoVacancy
	}
	return "#" + strconv.FormatInt(id, 10)
}

func (a *app) digestNew(f digestFacts) digestSection {
	t := a.text().CLI
	s := digestSection{Title: t.Digest.New}
	if len(f.Vacancies) == 0 {
		s.Lines = []string{t.Digest.NoNew}
		return s
	}
	table := &digestTable{Heads: digestHeads(t.Digest.NewHeads, i18n.For(i18n.EN).CLI.Digest.NewHeads, 4)}
	row := func(name string, v digestVacancy, total bool) {
		table.Rows = append(table.Rows, digestRow{Cells: []string{name, strconv.Itoa(v.New), strconv.Itoa(v.Waiting),
			strconv.Itoa(v.Past)}, Total: total})
	}
	// Two vacancies of one title (a company's "Врач-терапевт" in two
	// towns) are told apart by their ids.
	titles := map[string]int{}
	for _, v := range f.Vacancies {
		titles[a.vacancyName(v.ID, v.Title)]++
	}
	for _, v := range f.Vacancies {
		name := a.vacancyName(v.ID, v.Title)
		if titles[name] > 1 && v.ID != 0 {
			name += " #" + strconv.FormatInt(v.ID, 10)
		}
		row(name, v, false)
	}
	row(t.Total, f.Total, true)
	s.Table = table
	return s
}

// digestHeads are a table's tab-separated heads, the English ones when a
// translation has another count.
func digestHeads(words, english string, n int) []string {
	if h := strings.Split(words, "\t"); len(h) == n {
		return h
	}
	return strings.Split(english, "\t")
}

func (a *app) digestPast(f digestFacts) digestSection {
	t := a.text()
	w := t.CLI.Digest
	s := digestSection{Title: w.Past}
	if f.Total.Past == 0 {
		s.Lines = []string{w.NoPast}
		return s
	}
	s.Lines = []string{fmt.Sprintf(i18n.Plural(t.Lang, f.Total.Past, w.PastOne, w.PastFew, w.PastMany), f.Total.Past)}
	if len(f.Oldest) > 0 {
		s.Lines = append(s.Lines, fmt.Sprintf(w.Oldest, len(f.Oldest)))
	}
	for _, r := range f.Oldest {
		name := textsafe.Line(r.Name)
		if name == "" {
			name = fmt.Sprintf(w.Resume, r.ID)
		}
		s.Items = append(s.Items, digestItem{Format: w.Waited, Name: name, Vacancy: a.vacancyName(r.VacancyID, r.Vacancy),
			Folder: textsafe.Line(a.digestFolder(r.Folder)), Waited: waitedWords(t, r.Waited), Link: siteLink(r.Link)})
	}
	return s
}

// digestFolder names a folder as the workstation's tabs do: the four by
// their words in the profile's language, a user folder by its name.
func (a *app) digestFolder(folder string) string {
	w := a.text().Folders
	switch folder {
	case store.FolderInbox:
		return w.Inbox
	case store.FolderConsidered:
		return w.Considered
	case store.FolderInvited:
		return w.Invited
	case store.FolderRefused:
		return w.Refused
	}
	if name, ok := store.SiteFolderName(folder); ok {
		return name
	}
	return a.folderWord(folder)
}

// waitedWords is how long a resume waited: hours under a day, else days.
func waitedWords(t *i18n.Text, d time.Duration) string {
	w := t.CLI.Digest
	if d < 24*time.Hour {
		return fmt.Sprintf(w.Hours, int(d.Hours()))
	}
	n := int(d.Hours() / 24)
	return fmt.Sprintf(i18n.Plural(t.Lang, n, w.DayOne, w.DayFew, w.DayMany), n)
}

func (a *app) digestRecruiterLines(f digestFacts) digestSection {
	t := a.text().CLI
	s := digestSection{Title: t.Digest.Recruiters}
	table := &digestTable{Heads: digestHeads(t.Digest.RecruiterHeads, i18n.For(i18n.EN).CLI.Digest.RecruiterHeads, 5)}
	for _, r := range f.Recruiters {
		name := textsafe.Line(r.Name)
		switch {
		case name != "":
		case r.ID == 0:
			name = t.Team.NoOwner
		default:
			name = fmt.Sprintf(t.Team.Recruiter, r.ID)
		}
		first := "–"
		if r.FirstActions > 0 {
			first = hoursText(t.More, r.MedianFirstAction)
		}
		table.Rows = append(table.Rows, digestRow{Cells: []string{name, strconv.Itoa(r.New), strconv.Itoa(r.Waiting),
			strconv.Itoa(r.Past), first}})
	}
	s.Table = table
	s.After = []string{fmt.Sprintf(t.Digest.FirstAction, f.ChangeDays)}
	return s
}

// digestChange is report's comparison (printComparison's figures and
// changes) as a table: the last days against as many before.
func (a *app) digestChange(f digestFacts) digestSection {
	t := a.text().CLI
	w := t.Team
	cur, prev := f.Change.Current.Total, f.Change.Previous.Total
	s := digestSection{Title: fmt.Sprintf(t.Digest.Change, f.ChangeDays, f.ChangeDays)}
	table := &digestTable{Heads: append([]string{""}, digestHeads(w.CompareHeads, i18n.For(i18n.EN).CLI.Team.CompareHeads, 3)...)}
	add := func(label, now, before, change string) {
		table.Rows = append(table.Rows, digestRow{Cells: []string{label, now, before, change}})
	}
	labels := []string{w.Responses, w.Considered, w.Invited, w.Refused, w.Waiting, w.PastLimit}
	for i, n := range [][2]int{{cur.Responses, prev.Responses}, {cur.Considered, prev.Considered}, {cur.Invited, prev.Invited},
		{cur.Refused, prev.Refused}, {cur.Waiting, prev.Waiting}, {cur.PastLimit, prev.PastLimit}} {
		add(labels[i], strconv.Itoa(n[0]), strconv.Itoa(n[1]), signed(float64(n[0]-n[1])))
	}
	median := func(n int, d time.Duration) string {
		if n == 0 {
			return "–"
		}
		return hoursText(t.More, d)
	}
	change := "–"
	if cur.FirstActions > 0 && prev.FirstActions > 0 {
		change = fmt.Sprintf(t.More.Hours, signed(math.Round((cur.MedianFirstAction-prev.MedianFirstAction).Hours()*10)/10))
	}
	add(w.FirstAction, median(cur.FirstActions, cur.MedianFirstAction), median(prev.FirstActions, prev.MedianFirstAction), change)
	nowS, nowOK := cur.AnsweredShare(within3)
	beforeS, beforeOK := prev.AnsweredShare(within3)
	share := func(v float64, ok bool) string {
		if !ok {
			return "–"
		}
		return strconv.Itoa(int(math.Round(v*100))) + "%"
	}
	change = "–"
	if nowOK && beforeOK {
		change = fmt.Sprintf(w.Points, signed(math.Round(nowS*100)-math.Round(beforeS*100)))
	}
	add(w.Within3, share(nowS, nowOK), share(beforeS, beforeOK), change)
	s.Table = table
	part := func(n int) string {
		if cur.Responses == 0 {
			return strconv.Itoa(n)
		}
		return fmt.Sprintf("%d (%d%%)", n, int(math.Round(float64(n)*100/float64(cur.Responses))))
	}
	s.After = []string{sentence(fmt.Sprintf(w.Cohort, cur.Responses, part(cur.Considered), part(cur.Invited), part(cur.Refused)))}
	return s
}
