package resume

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"hrdesk/i18n"
	"hrdesk/store"
	"hrdesk/textsafe"
	"hrdesk/views/common"
)

// docInput is everything the markdown of one resume depends on, copied out of
// the model so the render command shares no state with it.
type docInput struct {
	detail store.EntryDetail
	text   *i18n.Text
	loc    *time.Location
	// contactKeys names the buy and open contacts keys for the hidden
	// contacts line ("b/o").
	contactKeys string
}

// buildMarkdown turns a resume into a markdown document. Every string taken
// from the resume passes textsafe and is escaped (EscapeLine, EscapeBlock)
// before it is written, so resume text can never become markup or a
// terminal sequence. Keys the typed resume does not know land in a final
// "other fields" section: an unknown field the service adds is shown, not
// dropped.
func buildMarkdown(in docInput) string {
	t := in.text
	r := in.detail.Doc()
	var b strings.Builder

	// Heading: name, headline, then the short facts.
	b.WriteString("# " + common.EscapeLine(personName(in.detail, r, t)) + "\n\n")
	prof := r.Profession.Str()
	if prof == "" {
		prof = in.detail.Profession
	}
	if prof != "" {
		b.WriteString("## " + common.EscapeLine(prof) + "\n\n")
	}
	writeFacts(&b, in, r)
	writeDetails(&b, r)

	writeExperience(&b, t, r)
	writeEducation(&b, t, r)
	writeCourses(&b, t, r)
	writeLanguages(&b, t, r)
	if lic := joinTitles(r.DrivingLicence, ", "); lic != "" {
		section(&b, t.Resume.DrivingLicence)
		b.WriteString(common.EscapeLine(lic) + "\n\n")
	}
	skills := r.Achievements.Str()
	if skills == "" {
		skills = in.detail.Skills
	}
	if skills != "" {
		section(&b, t.Resume.Skills)
		b.WriteString(common.EscapeBlock(skills) + "\n\n")
	}
	if info := r.AdditionalInfo.Str(); info != "" {
		section(&b, t.Resume.AdditionalInfo)
		b.WriteString(common.EscapeBlock(info) + "\n\n")
	}
	writeContacts(&b, in, r)
	if link := r.Link.Str(); link != "" {
		b.WriteString("**" + common.EscapeLine(t.Resume.Link) + ":** " + common.EscapeLine(link) + "\n\n")
	}
	writeOther(&b, t, r.Other)
	return b.String()
}

func personName(d store.EntryDetail, r store.ResumeDoc, t *i18n.Text) string {
	if full := joinNonEmpty(" ", r.LastName.Str(), r.FirstName.Str(), r.MiddleName.Str()); full != "" {
		return full
	}
	if name := r.Name.Str(); name != "" {
		return name
	}
	if d.DisplayName != "" {
		return d.DisplayName
	}
	return fmt.Sprintf(t.Resume.Untitled, d.ResumeID)
}

// writeFacts writes salary, age, town and the last update on one line.
func writeFacts(b *strings.Builder, in docInput, r store.ResumeDoc) {
	t := in.text
	var facts []string
	pay, cur := r.Payment.Int(), r.Currency.Str()
	if !r.Payment.Present() {
		// Absent or null: the cached row may still know it.
		pay, cur = in.detail.Salary, in.detail.Currency
	}
	// Zero means by agreement or unknown (real-world notes): never "0 руб.".
	facts = append(facts, label(t.Columns.Salary, t.Salary(int(pay), cur)))
	age := int(r.Age.Int())
	if age == 0 {
		age = in.detail.Age
	}
	if a := t.Age(age); a != "" {
		facts = append(facts, label(t.Columns.Age, a))
	}
	town := r.Town.Title()
	if town == "" {
		town = in.detail.Town
	}
	if town != "" {
		facts = append(facts, label(t.Columns.Town, town))
	}
	if ts := r.DateLastModified.Int(); ts > 0 {
		facts = append(facts, label(t.Resume.Updated, time.Unix(ts, 0).In(in.loc).Format("02.01.2006")))
	}
	b.WriteString(strings.Join(facts, " · ") + "\n\n")
}

// writeDetails writes the dictionary values whose Russian titles explain
// themselves ("Высшее", "Полный рабочий день"), on one line.
func writeDetails(b *strings.Builder, r store.ResumeDoc) {
	var parts []string
	for _, v := range []store.Loose{r.Gender, r.Education, r.TypeOfWork, r.PlaceOfWork, r.BusinessTrip, r.Citizenship} {
		if s := v.Title(); s != "" {
			parts = append(parts, common.EscapeLine(s))
		}
	}
	if metro := joinTitles(r.Metro, ", "); metro != "" {
		parts = append(parts, common.EscapeLine(metro))
	}
	if len(parts) > 0 {
		b.WriteString(strings.Join(parts, " · ") + "\n\n")
	}
}

func writeExperience(b *strings.Builder, t *i18n.Text, r store.ResumeDoc) {
	text := r.ExperienceText.Str()
	if text == "" && len(r.WorkHistory) == 0 {
		return
	}
	section(b, t.Resume.Experience)
	if text != "" {
		b.WriteString(common.EscapeLine(text) + "\n\n")
	}
	for _, job := range r.WorkHistory {
		if head := joinNonEmpty(" — ", job.Profession.Str(), job.Name.Str()); head != "" {
			b.WriteString("### " + common.EscapeLine(head) + "\n\n")
		}
		end := period(job.MonthEnd.Int(), job.YearEnd.Int())
		if end == "" {
			end = t.Resume.Now // 0 or missing yearend: the current job
		}
		when := ""
		if beg := period(job.MonthBeg.Int(), job.YearBeg.Int()); beg != "" {
			when = beg + " – " + end
		}
		if meta := joinNonEmpty(" · ", when, job.Town.Title(), job.Type.Title()); meta != "" {
			b.WriteString("*" + common.EscapeLine(meta) + "*\n\n")
		}
		if work := job.Work.Str(); work != "" {
			b.WriteString(common.EscapeBlock(work) + "\n\n")
		}
	}
}

// period formats a month and year as "03.2021", a year alone as "2021", and
// a zero year as "".
func period(month, year int64) string {
	switch {
	case year <= 0:
		return ""
	case month >= 1 && month <= 12:
		return fmt.Sprintf("%02d.%d", month, year)
	}
	return strconv.FormatInt(year, 10)
}

func writeEducation(b *strings.Builder, t *i18n.Text, r store.ResumeDoc) {
	if len(r.BaseEducation) == 0 {
		return
	}
	section(b, t.Resume.Education)
	for _, e := range r.BaseEducation {
		head := e.Institute.Title()
		if y := e.YearEnd.Int(); y > 0 {
			head = joinNonEmpty(", ", head, strconv.FormatInt(y, 10))
		}
		meta := joinNonEmpty(" · ", e.Faculty.Str(), e.Profession.Str(), e.EducationType.Title(),
			e.EducationForm.Title(), e.Town.Title())
		b.WriteString("- " + common.EscapeLine(joinNonEmpty(" — ", head, meta)) + "\n")
	}
	b.WriteString("\n")
}

func writeCourses(b *strings.Builder, t *i18n.Text, r store.ResumeDoc) {
	if len(r.Courses) == 0 {
		return
	}
	section(b, t.Resume.Courses)
	for _, e := range r.Courses {
		line := joinNonEmpty(" — ", e.Name.Str(), e.Institute.Title())
		if y := e.YearEnd.Int(); y > 0 {
			line = joinNonEmpty(", ", line, strconv.FormatInt(y, 10))
		}
		b.WriteString("- " + common.EscapeLine(line) + "\n")
	}
	b.WriteString("\n")
}

// writeLanguages writes the [language, level] pairs; either may be a
// dictionary object or a plain string.
func writeLanguages(b *strings.Builder, t *i18n.Text, r store.ResumeDoc) {
	var lines []string
	for _, l := range r.Languages {
		if line := joinNonEmpty(" — ", l.Language.Title(), l.Level.Title()); line != "" {
			lines = append(lines, line)
		}
	}
	if len(r.Languages) == 0 {
		return
	}
	section(b, t.Resume.Languages)
	for _, l := range lines {
		b.WriteString("- " + common.EscapeLine(l) + "\n")
	}
	b.WriteString("\n")
}

// writeContacts writes the contact fields, present only once contacts are
// bought or opened; otherwise one line says how to get them.
func writeContacts(b *strings.Builder, in docInput, r store.ResumeDoc) {
	t := in.text
	section(b, t.Resume.Contacts)
	var lines []string
	add := func(lbl, val string) {
		if val != "" {
			lines = append(lines, "- "+label(lbl, val))
		}
	}
	name := joinNonEmpty(" ", r.LastName.Str(), r.FirstName.Str(), r.MiddleName.Str())
	if name == "" {
		name = r.Name.Str()
	}
	for _, p := range []struct{ phone, beg, end store.Loose }{{r.Phone, store.Loose{}, store.Loose{}},
		{r.Phone1, r.TimeBeg1, r.TimeEnd1}, {r.Phone2, r.TimeBeg2, r.TimeEnd2}} {
		phone := p.phone.Str()
		hours := joinNonEmpty("–", hour(p.beg), hour(p.end))
		if phone != "" && hours != "" {
			phone += " (" + t.Resume.CallHours + " " + hours + ")"
		}
		add(t.Contacts.Phone, phone)
	}
	add(t.Contacts.Email, r.Email.Str())
	add(t.Resume.OtherContacts, r.OtherContacts.Str())
	for _, l := range r.SocialLinks {
		if l.Bare {
			add(t.Resume.Link, l.Link.Str())
		} else {
			add(l.Title.Str(), l.Link.Str())
		}
	}
	if len(lines) == 0 {
		b.WriteString("*" + common.EscapeLine(t.Contacts.Hidden+" ("+in.contactKeys+")") + "*\n\n")
		return
	}
	if name != "" {
		lines = append([]string{"- " + label(t.Columns.Name, name)}, lines...)
	}
	b.WriteString(strings.Join(lines, "\n") + "\n\n")
}

func hour(v store.Loose) string {
	if !v.Present() {
		return ""
	}
	if n := v.Int(); n > 0 && n <= 24 {
		return fmt.Sprintf("%d:00", n)
	}
	return v.Str()
}

// writeOther lists every key nobody typed, sorted, as words ("is
// archive", not "is_archive") with its value as text, titles, or compact
// cleaned JSON. Values that say nothing (null, "", [], {}, false) are
// skipped: a recruiter reads "draft: false" as noise.
func writeOther(b *strings.Builder, t *i18n.Text, other map[string]json.RawMessage) {
	type kv struct{ key, val string }
	var rows []kv
	for k, raw := range other {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		var v any
		if dec.Decode(&v) == nil && !empty(v) {
			rows = append(rows, kv{words(k), display(v)})
		}
	}
	if len(rows) == 0 {
		return
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].key < rows[j].key })
	section(b, t.Resume.OtherFields)
	for _, r := range rows {
		b.WriteString("- " + label(r.key, r.val) + "\n")
	}
	b.WriteString("\n")
}

// words makes a raw key readable: cleaned, underscores as spaces, the
// first letter capital.
func words(key string) string {
	s := []rune(strings.ReplaceAll(textsafe.Line(key), "_", " "))
	if len(s) > 0 {
		s[0] = unicode.ToUpper(s[0])
	}
	return string(s)
}

func empty(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case bool:
		return !v
	case string:
		return strings.TrimSpace(v) == ""
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	}
	return false
}

// display is a raw value nobody typed as one line: scalars as text, a
// dictionary object as its title, anything else as compact JSON with every
// string cleaned.
func display(v any) string {
	switch x := v.(type) {
	case map[string]any:
		if s, ok := x["title"].(string); ok && len(x) <= 2 {
			return s
		}
	case []any:
		// A list of dictionary objects reads as their titles.
		var titles []string
		for _, e := range x {
			if m, ok := e.(map[string]any); ok {
				if s, ok := m["title"].(string); ok {
					titles = append(titles, strings.TrimSpace(textsafe.Line(s)))
					continue
				}
			}
			titles = nil
			break
		}
		if len(titles) > 0 {
			return strings.Join(titles, ", ")
		}
	case nil:
	case string:
		return strings.TrimSpace(textsafe.Clean(x))
	case json.Number:
		return x.String()
	case bool:
		return strconv.FormatBool(x)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(cleanJSON(v)); err != nil {
		return ""
	}
	return strings.TrimSpace(buf.String())
}

func cleanJSON(v any) any {
	switch x := v.(type) {
	case string:
		return textsafe.Line(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = cleanJSON(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[textsafe.Line(k)] = cleanJSON(e)
		}
		return out
	}
	return v
}

func section(b *strings.Builder, heading string) {
	b.WriteString("## " + common.EscapeLine(heading) + "\n\n")
}

// label writes "**label:** value" with both parts escaped.
func label(lbl, val string) string {
	return "**" + common.EscapeLine(lbl) + ":** " + common.EscapeLine(val)
}

func joinTitles(items store.Values, sep string) string {
	var parts []string
	for _, it := range items {
		if s := it.Title(); s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, sep)
}

func joinNonEmpty(sep string, parts ...string) string {
	out := parts[:0:0]
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}
