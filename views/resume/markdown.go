package resume

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

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

// fields is the decoded resume object; values keep json.Number so ids and
// money are not rounded through float64.
type fields map[string]any

// buildMarkdown turns a resume into a markdown document. Every string taken
// from the resume passes textsafe and is escaped (esc, escBlock) before it is
// written, so resume text can never become markup or a terminal sequence.
// Keys of the raw object it does not render land in a final "other fields"
// section: an unknown field the service adds is shown, not dropped.
func buildMarkdown(in docInput) string {
	t := in.text
	f := decode(in.detail.RawJSON)
	used := map[string]bool{}
	get := func(k string) any { used[k] = true; return f[k] }
	var b strings.Builder

	// Heading: name, headline, then the short facts.
	b.WriteString("# " + common.EscapeLine(personName(in.detail, get, t)) + "\n\n")
	prof := str(get("profession"))
	if prof == "" {
		prof = in.detail.Profession
	}
	if prof != "" {
		b.WriteString("## " + common.EscapeLine(prof) + "\n\n")
	}
	writeFacts(&b, in, get)
	writeDetails(&b, get)

	writeExperience(&b, t, get)
	writeEducation(&b, t, get)
	writeCourses(&b, t, get)
	writeLanguages(&b, t, get)
	if lic := joinTitles(get("driving_licence"), ", "); lic != "" {
		section(&b, t.Resume.DrivingLicence)
		b.WriteString(common.EscapeLine(lic) + "\n\n")
	}
	skills := str(get("achievements"))
	if skills == "" {
		skills = in.detail.Skills
	}
	if skills != "" {
		section(&b, t.Resume.Skills)
		b.WriteString(common.EscapeBlock(skills) + "\n\n")
	}
	if info := str(get("additional_info")); info != "" {
		section(&b, t.Resume.AdditionalInfo)
		b.WriteString(common.EscapeBlock(info) + "\n\n")
	}
	writeContacts(&b, in, get)
	if link := str(get("link")); link != "" {
		b.WriteString("**" + common.EscapeLine(t.Resume.Link) + ":** " + common.EscapeLine(link) + "\n\n")
	}
	writeOther(&b, t, f, used)
	return b.String()
}

// consumed are keys deliberately left out: ids and derived or duplicate
// values that mean nothing to a recruiter, and the comments the comments
// pane shows.
var consumedKeys = []string{
	"id", "id_user", "last_profession", "currency", "agreement", "experience_month_count",
	"birthday", "birthmonth", "birthyear", "hide_birthday", "photo_sizes", "short_link",
	"contacts_bought", "comments", "date_published",
}

func decode(raw []byte) fields {
	f := fields{}
	if len(bytes.TrimSpace(raw)) == 0 {
		return f
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&f); err != nil || f == nil {
		return fields{}
	}
	return f
}

func personName(d store.EntryDetail, get func(string) any, t *i18n.Text) string {
	var parts []string
	for _, k := range []string{"lastname", "firstname", "middlename"} {
		if s := str(get(k)); s != "" {
			parts = append(parts, s)
		}
	}
	name := str(get("name"))
	if len(parts) > 0 {
		return strings.Join(parts, " ")
	}
	if name != "" {
		return name
	}
	if d.DisplayName != "" {
		return d.DisplayName
	}
	return fmt.Sprintf(t.Resume.Untitled, d.ResumeID)
}

// writeFacts writes salary, age, town and the last update on one line.
func writeFacts(b *strings.Builder, in docInput, get func(string) any) {
	t := in.text
	var facts []string
	payV := get("payment")
	pay, cur := num(payV), str(get("currency"))
	if payV == nil {
		// Absent or null: the cached row may still know it.
		pay, cur = in.detail.Salary, in.detail.Currency
	}
	// Zero means by agreement or unknown (real-world notes): never "0 руб.".
	facts = append(facts, label(t.Columns.Salary, t.Salary(int(pay), cur)))
	age := int(num(get("age")))
	if age == 0 {
		age = in.detail.Age
	}
	if a := t.Age(age); a != "" {
		facts = append(facts, label(t.Columns.Age, a))
	}
	town := title(get("town"))
	if town == "" {
		town = in.detail.Town
	}
	if town != "" {
		facts = append(facts, label(t.Columns.Town, town))
	}
	if ts := num(get("date_last_modified")); ts > 0 {
		facts = append(facts, label(t.Resume.Updated, time.Unix(ts, 0).In(in.loc).Format("02.01.2006")))
	}
	b.WriteString(strings.Join(facts, " · ") + "\n\n")
}

// writeDetails writes the dictionary values whose Russian titles explain
// themselves ("Высшее", "Полный рабочий день"), on one line.
func writeDetails(b *strings.Builder, get func(string) any) {
	var parts []string
	for _, k := range []string{"gender", "education", "type_of_work", "place_of_work", "business_trip", "citizenship"} {
		if s := title(get(k)); s != "" {
			parts = append(parts, common.EscapeLine(s))
		}
	}
	if metro := joinTitles(get("metro"), ", "); metro != "" {
		parts = append(parts, common.EscapeLine(metro))
	}
	if len(parts) > 0 {
		b.WriteString(strings.Join(parts, " · ") + "\n\n")
	}
}

func writeExperience(b *strings.Builder, t *i18n.Text, get func(string) any) {
	text := str(get("experience_text"))
	jobs, _ := get("work_history").([]any)
	if text == "" && len(jobs) == 0 {
		return
	}
	section(b, t.Resume.Experience)
	if text != "" {
		b.WriteString(common.EscapeLine(text) + "\n\n")
	}
	for _, j := range jobs {
		job, ok := j.(map[string]any)
		if !ok {
			continue
		}
		head := joinNonEmpty(" — ", str(job["profession"]), str(job["name"]))
		if head != "" {
			b.WriteString("### " + common.EscapeLine(head) + "\n\n")
		}
		end := period(num(job["monthend"]), num(job["yearend"]))
		if end == "" {
			end = t.Resume.Now // 0 or missing yearend: the current job
		}
		when := ""
		if beg := period(num(job["monthbeg"]), num(job["yearbeg"])); beg != "" {
			when = beg + " – " + end
		}
		if meta := joinNonEmpty(" · ", when, title(job["town"]), title(job["type"])); meta != "" {
			b.WriteString("*" + common.EscapeLine(meta) + "*\n\n")
		}
		if work := str(job["work"]); work != "" {
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

func writeEducation(b *strings.Builder, t *i18n.Text, get func(string) any) {
	items, _ := get("base_education_history").([]any)
	if len(items) == 0 {
		return
	}
	section(b, t.Resume.Education)
	for _, it := range items {
		e, ok := it.(map[string]any)
		if !ok {
			continue
		}
		// institute is an object here, a string in education_history.
		head := title(e["institute"])
		if y := num(e["yearend"]); y > 0 {
			head = joinNonEmpty(", ", head, strconv.FormatInt(y, 10))
		}
		meta := joinNonEmpty(" · ", str(e["faculty"]), str(e["profession"]), title(e["education_type"]),
			title(e["education_form"]), title(e["town"]))
		b.WriteString("- " + common.EscapeLine(joinNonEmpty(" — ", head, meta)) + "\n")
	}
	b.WriteString("\n")
}

func writeCourses(b *strings.Builder, t *i18n.Text, get func(string) any) {
	items, _ := get("education_history").([]any)
	if len(items) == 0 {
		return
	}
	section(b, t.Resume.Courses)
	for _, it := range items {
		e, ok := it.(map[string]any)
		if !ok {
			continue
		}
		line := joinNonEmpty(" — ", str(e["name"]), title(e["institute"]))
		if y := num(e["yearend"]); y > 0 {
			line = joinNonEmpty(", ", line, strconv.FormatInt(y, 10))
		}
		b.WriteString("- " + common.EscapeLine(line) + "\n")
	}
	b.WriteString("\n")
}

// writeLanguages writes the [language, level] pairs; either may be a
// dictionary object or a plain string.
func writeLanguages(b *strings.Builder, t *i18n.Text, get func(string) any) {
	items, _ := get("languages").([]any)
	var lines []string
	for _, it := range items {
		switch v := it.(type) {
		case []any:
			var parts []string
			for _, p := range v {
				parts = append(parts, title(p))
			}
			lines = append(lines, joinNonEmpty(" — ", parts...))
		default:
			lines = append(lines, title(v))
		}
	}
	if len(lines) == 0 {
		return
	}
	section(b, t.Resume.Languages)
	for _, l := range lines {
		if l != "" {
			b.WriteString("- " + common.EscapeLine(l) + "\n")
		}
	}
	b.WriteString("\n")
}

// writeContacts writes the contact fields, present only once contacts are
// bought or opened; otherwise one line says how to get them.
func writeContacts(b *strings.Builder, in docInput, get func(string) any) {
	t := in.text
	section(b, t.Resume.Contacts)
	var lines []string
	add := func(lbl, val string) {
		if val != "" {
			lines = append(lines, "- "+label(lbl, val))
		}
	}
	name := joinNonEmpty(" ", str(get("lastname")), str(get("firstname")), str(get("middlename")))
	if name == "" {
		name = str(get("name"))
	}
	get("name")
	for i, k := range []string{"phone1", "phone2"} {
		phone := str(get(k))
		n := strconv.Itoa(i + 1)
		hours := joinNonEmpty("–", hour(get("timebeg"+n)), hour(get("timeend"+n)))
		if phone != "" && hours != "" {
			phone += " (" + t.Resume.CallHours + " " + hours + ")"
		}
		add(t.Contacts.Phone, phone)
	}
	add(t.Contacts.Email, str(get("email")))
	add(t.Resume.OtherContacts, str(get("other_contacts")))
	if links, ok := get("social_links").([]any); ok {
		for _, l := range links {
			if m, ok := l.(map[string]any); ok {
				add(str(m["title"]), str(m["link"]))
			} else {
				add(t.Resume.Link, str(l))
			}
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

func hour(v any) string {
	if v == nil {
		return ""
	}
	if n := num(v); n > 0 && n <= 24 {
		return fmt.Sprintf("%d:00", n)
	}
	return str(v)
}

// writeOther lists every key not rendered above, sorted, with its value as
// text or compact cleaned JSON. Empty values (null, "", [], {}) are skipped:
// there is nothing to show.
func writeOther(b *strings.Builder, t *i18n.Text, f fields, used map[string]bool) {
	for _, k := range consumedKeys {
		used[k] = true
	}
	type kv struct{ key, val string }
	var rows []kv
	for k, v := range f {
		if !used[k] && !empty(v) {
			rows = append(rows, kv{textsafe.Line(k), display(v)})
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

func empty(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case string:
		return strings.TrimSpace(v) == ""
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	}
	return false
}

// display is a value as one line: scalars as text, a dictionary object as
// its title, anything else as compact JSON with every string cleaned.
func display(v any) string {
	switch x := v.(type) {
	case map[string]any:
		if s, ok := x["title"].(string); ok && len(x) <= 2 {
			return s
		}
	case []any, nil:
	default:
		return str(v)
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

// str is a scalar value as text: strings cleaned, numbers as written, bools
// as "true"/"false"; anything else gives "".
func str(v any) string {
	switch x := v.(type) {
	case string:
		return strings.TrimSpace(textsafe.Clean(x))
	case json.Number:
		return x.String()
	case bool:
		return strconv.FormatBool(x)
	}
	return ""
}

// num is a number value, accepting numbers sent as strings; anything else
// is 0.
func num(v any) int64 {
	var s string
	switch x := v.(type) {
	case json.Number:
		s = x.String()
	case string:
		s = strings.TrimSpace(x)
	default:
		return 0
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return int64(f)
	}
	return 0
}

// title is a dictionary object's title, or a plain string value.
func title(v any) string {
	if m, ok := v.(map[string]any); ok {
		return str(m["title"])
	}
	return str(v)
}

func joinTitles(v any, sep string) string {
	items, _ := v.([]any)
	var parts []string
	for _, it := range items {
		if s := title(it); s != "" {
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
