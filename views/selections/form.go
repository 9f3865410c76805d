package selections

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/textinput"

	"hrdesk/store"
	"hrdesk/textsafe"
	"hrdesk/views/common"
)

type kind int

const (
	text   kind = iota // free text
	number             // a whole number, or empty
	ids                // comma-separated whole numbers
	choice             // one of choices, cycled
	flag               // on or off
)

type option struct {
	label string
	value any // nil: not sent
}

// field is one line of the form. Name is the contract's form field, or
// keys/srws/skwc of the keyword element group.
type field struct {
	name    string
	group   int // the keyword element, for keys/srws/skwc
	label   string
	kind    kind
	input   textinput.Model
	options []option
	pick    int
	on      bool
	err     string
}

// form creates or edits one selection.
type form struct {
	id        int64 // 0: a new selection
	fields    []*field
	focus     int
	offset    int
	width     int
	serverErr string
	newGroup  func(g int) []*field // builds keyword group g
	draft     formDraft            // draft.go
}

// growKeywords adds an empty keyword group once the last one has words,
// so another keyword can always be added without reopening the form.
func (f *form) growKeywords() {
	last, end := -1, -1
	for i, x := range f.fields {
		if x.name == "keys" || x.name == "srws" || x.name == "skwc" {
			last, end = x.group, i
		}
	}
	if last < 0 || last+1 >= maxKeywordGroups || !f.groupHasKeys(last) {
		return
	}
	grown := append([]*field(nil), f.fields[:end+1]...)
	grown = append(grown, f.newGroup(last+1)...)
	f.fields = append(grown, f.fields[end+1:]...)
}

// maxKeywordGroups bounds the keyword elements the form shows.
const maxKeywordGroups = 10

func (m *Model) newForm(sel *store.Selection) *form {
	t := m.c.Text.Selections
	anyOpt := option{label: t.Any}
	f := &form{}
	in := func(name, label string, k kind) *field {
		ti := textinput.New()
		ti.Prompt = ""
		ti.SetStyles(m.c.Styles.TextInput())
		ti.CharLimit = 500
		return &field{name: name, label: label, kind: k, input: ti}
	}
	pick := func(name, label string, opts ...option) *field {
		return &field{name: name, label: label, kind: choice, options: opts}
	}
	onoff := func(name, label string) *field { return &field{name: name, label: label, kind: flag} }
	opts := func(labels []string, values ...any) []option {
		out := make([]option, len(values))
		for i, v := range values {
			out[i] = option{label: labels[i], value: v}
		}
		return out
	}
	orAny := func(o []option) []option { return append([]option{anyOpt}, o...) }
	var r store.SelectionDoc
	if sel != nil {
		r = sel.Doc()
	}
	// One group per keyword element the selection has, and one empty
	// group to add another.
	groups := min(len(r.Keywords)+1, maxKeywordGroups)
	f.fields = []*field{
		in("name", t.Name, text),
		pick("period", t.Period, opts(t.Periods[:], 1, 3, 7, 14, 30, 60, 0)...),
	}
	f.newGroup = func(g int) []*field {
		label := t.Keywords
		if g > 0 {
			label = fmt.Sprintf("%s %d", t.Keywords, g+1)
		}
		where := pick("srws", "  "+t.Where, opts(t.WhereValues[:], 2, 3, 6, 8, 50, 60, 7)...)
		where.pick = 6 // the whole resume
		how := pick("skwc", "  "+t.How, opts(t.HowValues[:], "and", "or", "particular", "nein")...)
		keys := in("keys", label, text)
		if f.width > 0 { // a group added while editing; the first ones get theirs from setWidth
			keys.input.SetWidth(max(f.width-f.labelWidth()-6, 8))
		}
		for _, x := range []*field{keys, where, how} {
			x.group = g
		}
		return []*field{keys, where, how}
	}
	for g := range groups {
		f.fields = append(f.fields, f.newGroup(g)...)
	}
	f.fields = append(f.fields,
		in("exclude_words", t.ExcludeWords, text),
		in("payment_from", t.PaymentFrom, number),
		in("payment_to", t.PaymentTo, number),
		onoff("no_agreement", t.NoAgreement),
		in("t", t.Towns, ids),
		in("age_from", t.AgeFrom, number),
		in("age_to", t.AgeTo, number),
		in("experience_from", t.ExperienceFrom, number),
		in("experience_to", t.ExperienceTo, number),
		pick("education", t.Education, orAny(opts(t.EducationValues[:], 2, 3, 4, 5, 6))...),
		pick("type_of_work", t.TypeOfWork, orAny(opts(t.TypeOfWorkValues[:], 6, 10, 12, 13, 7, 9))...),
		pick("gender", t.Gender, orAny(opts(t.GenderValues[:], 2, 3))...),
		in("languages", t.Languages, text),
		in("driving_licence", t.DrivingLicence, text),
		pick("place_of_work", t.PlaceOfWork, orAny(opts(t.PlaceOfWorkValues[:], 1, 2, 3))...),
		pick("moveable", t.Moveable, orAny(opts(t.MoveableValues[:], 1, 2, 3, 4))...),
		onoff("has_photo", t.HasPhoto),
	)
	f.get("period").pick = 2 // a week
	if sel != nil {
		f.id = sel.ID
		f.prefill(r, sel.Name)
	}
	f.setWidth(m.width)
	f.focusField(0)
	return f
}

func (f *form) get(name string) *field {
	for _, x := range f.fields {
		if x.name == name {
			return x
		}
	}
	return nil
}

// prefill fills the form from a selection as the server described it.
// Every value is untrusted text: one clean line before it is shown.
func (f *form) prefill(r store.SelectionDoc, name string) {
	if name == "" {
		name = r.Name.Key()
	}
	set := func(n, v string) { f.get(n).input.SetValue(textsafe.Line(v)) }
	set("name", name)
	kws := r.Keywords
	if len(kws) == 0 && r.Keyword.Key() != "" {
		kws = []store.SelectionKeyword{{Keys: r.Keyword}}
	}
	for g, kw := range kws[:min(len(kws), maxKeywordGroups)] {
		for _, x := range f.fields {
			if x.group != g {
				continue
			}
			switch x.name {
			case "keys":
				x.input.SetValue(textsafe.Line(kw.Keys.Key()))
			case "srws":
				x.choose(kw.Srws.Key())
			case "skwc":
				x.choose(kw.Skwc.Key())
			}
		}
	}
	for n, v := range map[string]store.Loose{"period": r.Period, "education": r.Education, "type_of_work": r.TypeOfWork,
		"gender": r.Gender, "place_of_work": r.PlaceOfWork, "moveable": r.Moveable} {
		f.get(n).choose(v.Key())
	}
	for n, v := range map[string]store.Loose{"exclude_words": r.ExcludeWords, "payment_from": r.PaymentFrom,
		"payment_to": r.PaymentTo, "age_from": r.AgeFrom, "age_to": r.AgeTo, "experience_from": r.ExperienceFrom,
		"experience_to": r.ExperienceTo} {
		if s := v.Key(); s != "" && s != "0" {
			set(n, s)
		}
	}
	f.get("no_agreement").on = r.NoAgreement.True()
	f.get("has_photo").on = r.HasPhoto.True()
	var towns []string
	if r.TownsListed {
		towns = keys(r.Towns)
	} else if id := r.Town.Key(); id != "" && id != "0" {
		towns = append(towns, id)
	}
	set("t", strings.Join(towns, ", "))
	var langs []string
	for _, l := range r.Languages {
		langs = append(langs, l.Language.Key()+":"+l.Level.Key())
	}
	set("languages", strings.Join(langs, ", "))
	set("driving_licence", strings.Join(keys(r.DrivingLicence), ", "))
}

// keys are the values of a list as the form sends them, empty ones left out.
func keys(vs store.Values) []string {
	var out []string
	for _, v := range vs {
		if s := v.Key(); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// choose selects the option whose value prints as v (ids arrive as
// strings or numbers; an object's id counts).
func (x *field) choose(v string) {
	for i, o := range x.options {
		if o.value != nil && fmt.Sprint(o.value) == v {
			x.pick = i
		}
	}
}

func (f *form) setWidth(w int) {
	f.width = w
	for _, x := range f.fields {
		if x.typed() {
			x.input.SetWidth(max(w-f.labelWidth()-6, 8))
		}
	}
}

func (f *form) labelWidth() int { return min(28, max(f.width/3, 12)) }

func (f *form) focusField(i int) {
	f.focus = (i + len(f.fields)) % len(f.fields)
	for j, x := range f.fields {
		switch {
		case !x.typed():
		case j == f.focus:
			x.input.Focus()
		default:
			x.input.Blur()
		}
	}
}

// typed says the field is edited as text (the others cycle or toggle).
func (x *field) typed() bool { return x.kind != choice && x.kind != flag }

// validate checks every field; the first invalid one gets the focus.
func (f *form) validate(t fieldTexts) bool {
	first := -1
	for i, x := range f.fields {
		x.err = ""
		v := strings.TrimSpace(x.input.Value())
		switch {
		case x.name == "name" && v == "":
			x.err = t.needName
		case x.kind == number && v != "":
			if n, err := strconv.Atoi(v); err != nil {
				x.err = t.notNumber
			} else if n < 0 {
				x.err = t.negative
			}
		case x.kind == ids && v != "":
			if _, err := parseIDs(v); err != nil {
				x.err = t.notNumber
			}
		case x.name == "languages" && v != "":
			if _, err := parseLanguages(v); err != nil {
				x.err = t.badLangs
			}
		case x.name == "driving_licence" && v != "":
			if _, err := parseLicences(v); err != nil {
				x.err = t.badLicence
			}
		}
		if x.err != "" && first < 0 {
			first = i
		}
	}
	if first >= 0 {
		f.focusField(first)
		return false
	}
	return true
}

type fieldTexts struct{ needName, notNumber, negative, badLangs, badLicence string }

// values is the form as the contract's fields (4.6); empty ones are left
// out, and so is status: e-mail delivery is switched on its own.
func (f *form) values() map[string]any {
	out := map[string]any{}
	var kws []map[string]any
	for _, x := range f.fields {
		v := strings.TrimSpace(x.input.Value())
		switch {
		case x.name == "keys":
			if v != "" {
				kws = append(kws, map[string]any{"keys": v})
			}
		case x.name == "srws" || x.name == "skwc":
			// The group's keys came just before; an empty group is skipped.
			if len(kws) > 0 && f.groupHasKeys(x.group) {
				kws[len(kws)-1][x.name] = x.options[x.pick].value
			}
		case x.kind == choice:
			if val := x.options[x.pick].value; val != nil {
				out[x.name] = val
			}
		case x.kind == flag:
			if x.on {
				out[x.name] = 1
			}
		case v == "":
		case x.kind == number:
			n, _ := strconv.Atoi(v)
			out[x.name] = n
		case x.kind == ids:
			out[x.name], _ = parseIDs(v)
		case x.name == "languages":
			out[x.name], _ = parseLanguages(v)
		case x.name == "driving_licence":
			out[x.name], _ = parseLicences(v)
		default:
			out[x.name] = v
		}
	}
	if len(kws) > 0 {
		out["keywords"] = kws
	}
	return out
}

func (f *form) groupHasKeys(g int) bool {
	for _, x := range f.fields {
		if x.name == "keys" && x.group == g {
			return strings.TrimSpace(x.input.Value()) != ""
		}
	}
	return false
}

// parseLicences reads "b, C" as the categories of 2.10 (A to E).
func parseLicences(s string) ([]string, error) {
	var out []string
	for _, p := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		p = strings.ToUpper(p)
		if len(p) != 1 || p[0] < 'A' || p[0] > 'E' {
			return nil, fmt.Errorf("%q", p)
		}
		out = append(out, p)
	}
	return out, nil
}

func parseIDs(s string) ([]int64, error) {
	var out []int64
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		n, err := strconv.ParseInt(p, 10, 64)
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("%q", p)
		}
		out = append(out, n)
	}
	return out, nil
}

func parseLanguages(s string) ([]map[string]any, error) {
	var out []map[string]any
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		id, level, ok := strings.Cut(p, ":")
		a, err1 := strconv.Atoi(strings.TrimSpace(id))
		b, err2 := strconv.Atoi(strings.TrimSpace(level))
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%q", p)
		}
		out = append(out, map[string]any{"language_id": a, "language_level": b})
	}
	return out, nil
}

// view draws the form in h lines, scrolled to keep the focused field seen.
func (f *form) view(m *Model, h int) []string {
	st := m.c.Styles
	g := st.Glyphs
	lw := f.labelWidth()
	title := m.c.Text.Selections.NewTitle
	if f.id != 0 {
		title = m.c.Text.Selections.EditTitle
	}
	head := []string{st.List.Header.Render(common.Cell(title, f.width, false, g.Ellipsis))}
	if !f.draft.at.IsZero() {
		line := fmt.Sprintf(m.c.Text.Dialogs.DraftFrom, m.c.Text.DateTime(f.draft.at, m.c.Now()), m.c.Keys.DialogDiscard.Help().Key)
		head = append(head, st.Muted.Render(common.Cell(line, f.width, false, g.Ellipsis)))
	}
	var body []string
	focusLine := 0
	for i, x := range f.fields {
		mark := "  "
		if i == f.focus {
			mark = "> "
			focusLine = len(body)
		}
		var val string
		switch x.kind {
		case choice:
			val = "< " + x.options[x.pick].label + " >"
		case flag:
			val = "[ ]"
			if x.on {
				val = "[x]"
			}
		default:
			val = x.input.View()
		}
		body = append(body, mark+common.Cell(x.label, lw, false, g.Ellipsis)+"  "+val)
		if x.err != "" {
			body = append(body, st.Status.Error.Render(common.Cell(strings.Repeat(" ", lw+4)+x.err, f.width, false, g.Ellipsis)))
		}
	}
	hint := m.c.Text.Selections.SaveHint
	if f.edited(f.state()) {
		k := m.c.Keys
		hint = fmt.Sprintf(m.c.Text.Selections.SaveHintEdited, k.DialogCancel.Help().Key, k.DialogDiscard.Help().Key)
	}
	foot := []string{st.Login.Hint.Render(common.Cell(hint, f.width, false, g.Ellipsis))}
	if f.serverErr != "" {
		foot = append([]string{st.Status.Error.Render(common.Cell(f.serverErr, f.width, false, g.Ellipsis))}, foot...)
	}
	room := max(h-len(head)-len(foot), 1)
	if focusLine < f.offset {
		f.offset = focusLine
	}
	if focusLine >= f.offset+room-1 {
		f.offset = focusLine - room + 2
	}
	f.offset = max(min(f.offset, max(len(body)-room, 0)), 0)
	body = body[f.offset:min(f.offset+room, len(body))]
	for len(body) < room {
		body = append(body, "")
	}
	out := append(head, body...)
	return append(out, foot...)
}
