package selections

import (
	"encoding/json"
	"fmt"
	"hrdesk/problem"
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/theme"
	"hrdesk/views/action"
	"hrdesk/views/common"
)

// fixedNow and newCommon are panetest's, shared by every pane's tests.
var (
	fixedNow  = panetest.Now
	newCommon = panetest.Common
)

// fullJSON is a selection as the server reads it back (2.6): objects for
// enumerations, pairs of objects for languages, numbers as strings here and
// there.
const fullJSON = `{"id":71,"name":"Go в Москве","status":1,
	"period":{"id":7,"title":"неделя"},
	"keywords":[{"keys":"golang","srws":"7","skwc":"and"},{"keys":"kubernetes","srws":3,"skwc":"or"}],
	"exclude_words":"1С php","payment_from":"200000","payment_to":350000,"no_agreement":true,
	"t":[{"id":4,"title":"Москва"},{"id":"33","title":"Тула"}],"town":null,
	"age_from":null,"age_to":"45","experience_from":12,"experience_to":0,
	"education":{"id":2,"title":"высшее"},"type_of_work":{"id":6,"title":"полный день"},
	"gender":{"id":3,"title":"женский"},"place_of_work":{"id":"2","title":"на дому"},"moveable":2,
	"languages":[[{"id":1,"title":"английский"},{"id":5,"title":"технический"}],[{"id":2,"title":"немецкий"},{"id":3,"title":"базовый"}]],
	"driving_licence":["B","C"],"has_photo":1,"metro":[]}`

// fullFields is what saving fullJSON unchanged sends (4.6 shapes).
var fullFields = map[string]any{
	"name": "Go в Москве", "period": 7,
	"keywords": []map[string]any{
		{"keys": "golang", "srws": 7, "skwc": "and"},
		{"keys": "kubernetes", "srws": 3, "skwc": "or"},
	},
	"exclude_words": "1С php", "payment_from": 200000, "payment_to": 350000, "no_agreement": 1,
	"t": []int64{4, 33}, "age_to": 45, "experience_from": 12,
	"education": 2, "type_of_work": 6, "gender": 3, "place_of_work": 2, "moveable": 2,
	"languages":       []map[string]any{{"language_id": 1, "language_level": 5}, {"language_id": 2, "language_level": 3}},
	"driving_licence": []string{"B", "C"}, "has_photo": 1,
}

const hostileName = "Evil \x1b[31mred\x1b[0m \x1b]52;c;aGk=\x07[x](http://evil) # head"

func selections() []store.Selection {
	return []store.Selection{
		{ID: 71, Name: "Go в Москве", Status: 1, RawJSON: []byte(fullJSON)},
		{ID: 72, Name: "Бухгалтеры", Status: 0, RawJSON: []byte(`{"id":72,"name":"Бухгалтеры","period":30,"keywords":[]}`)},
		{ID: 73, Name: hostileName, Status: 0, RawJSON: []byte(`{"id":73,"period":"14",
			"keywords":[{"keys":"\u001b]8;;http://evil\u0007click\u001b]8;;\u0007 [a](b)","srws":null,"skwc":null}]}`)},
		{ID: 74, Name: "Старый формат", Status: 1, RawJSON: []byte(`{"id":74,"keyword":"водитель","period":{"id":60,"title":null}}`)},
		{ID: 75, Name: "Сломанный JSON", Status: 1, RawJSON: []byte(`not json`)},
	}
}

func loaded(c *common.Common, w, h int) *Model {
	m := New(c, nil)
	m.SetSize(w, h)
	m.SetSelections(selections())
	m.Focus()
	return m
}

// accepted tells the pane the server took the form.
func accepted(m *Model) {
	m.Update(action.DoneMsg{Action: action.SaveSelection{}})
}

func typeText(m *Model, s string) {
	for _, r := range s {
		m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// focus tabs to the first field called name in keyword group g.
func focus(t *testing.T, m *Model, name string, g int) {
	t.Helper()
	for range len(m.form.fields) + 1 {
		if x := m.form.fields[m.form.focus]; x.name == name && x.group == g {
			return
		}
		panetest.Keys(t, m, "tab")
	}
	t.Fatalf("no field %s in group %d", name, g)
}

func TestGolden(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {140, 40}} {
		w, h := sz[0], sz[1]
		t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
			t.Run("list", func(t *testing.T) {
				m := loaded(newCommon(i18n.EN), w, h)
				golden.RequireEqual(t, ansi.Strip(m.View()))
			})
			t.Run("empty", func(t *testing.T) {
				m := New(newCommon(i18n.EN), nil)
				m.SetSize(w, h)
				m.SetSelections(nil)
				golden.RequireEqual(t, ansi.Strip(m.View()))
			})
			t.Run("form_new", func(t *testing.T) {
				m := loaded(newCommon(i18n.EN), w, h)
				panetest.Keys(t, m, "n")
				golden.RequireEqual(t, ansi.Strip(m.View()))
			})
			t.Run("form_edit", func(t *testing.T) {
				m := loaded(newCommon(i18n.EN), w, h)
				panetest.Keys(t, m, "enter")
				golden.RequireEqual(t, ansi.Strip(m.View()))
			})
			t.Run("form_invalid", func(t *testing.T) {
				m := loaded(newCommon(i18n.EN), w, h)
				panetest.Keys(t, m, "enter")
				focus(t, m, "age_to", 0)
				typeText(m, "x")
				panetest.Keys(t, m, "ctrl+s") // refused; the focus stays on the bad field, scrolled into view
				golden.RequireEqual(t, ansi.Strip(m.View()))
			})
		})
	}
	t.Run("list_ru_80x24", func(t *testing.T) {
		m := loaded(newCommon(i18n.RU), 80, 24)
		golden.RequireEqual(t, ansi.Strip(m.View()))
	})
	t.Run("form_ru_80x24", func(t *testing.T) {
		m := loaded(newCommon(i18n.RU), 80, 24)
		panetest.Keys(t, m, "enter")
		focus(t, m, "moveable", 0) // scrolled to the end
		golden.RequireEqual(t, ansi.Strip(m.View()))
	})
}

func TestWidthInvariant(t *testing.T) {
	for _, dark := range []bool{false, true} {
		for _, w := range []int{30, 60, 80, 120, 200} {
			t.Run(fmt.Sprintf("dark=%v/%d", dark, w), func(t *testing.T) {
				c := newCommon(i18n.EN)
				c.Styles = theme.New(dark)
				m := New(c, nil)
				m.SetSize(w, 12)
				panetest.Frame(t, m.View(), w, 12)
				m.SetSelections(selections())
				m.Focus()
				for _, k := range []string{"j", "G", "k", "g", "enter", "tab", "x", "ctrl+s", "shift+tab", "esc", "n", "tab", "space", "esc"} {
					panetest.Keys(t, m, k)
					panetest.Frame(t, m.View(), w, 12)
				}
			})
		}
	}
}

// A new selection typed field by field sends exactly the contract's
// fields; untouched fields are left out.
func TestCreate(t *testing.T) {
	m := loaded(newCommon(i18n.EN), 120, 40)
	panetest.Keys(t, m, "n")
	if !m.Typing() {
		t.Fatal("n did not open the form")
	}
	typeText(m, "Go devs")
	focus(t, m, "period", 0)
	panetest.Keys(t, m, "right", "right") // a week → 2 weeks → a month
	focus(t, m, "keys", 0)
	typeText(m, "golang")
	focus(t, m, "skwc", 0)
	panetest.Keys(t, m, "space") // all words → any word
	panetest.Keys(t, m, "left")  // back to all words
	focus(t, m, "payment_from", 0)
	typeText(m, "150000")
	focus(t, m, "no_agreement", 0)
	panetest.Keys(t, m, "space")
	focus(t, m, "t", 0)
	typeText(m, "4, 33")
	focus(t, m, "experience_from", 0)
	typeText(m, "24")
	focus(t, m, "type_of_work", 0)
	panetest.Keys(t, m, "space") // full day
	focus(t, m, "languages", 0)
	typeText(m, "1:3")
	focus(t, m, "driving_licence", 0)
	typeText(m, "b, c")
	focus(t, m, "moveable", 0)
	panetest.Keys(t, m, "left") // from any, backwards: the last value
	msgs := panetest.Keys(t, m, "ctrl+s")
	want := action.SaveSelection{Name: "Go devs", Fields: map[string]any{
		"name": "Go devs", "period": 30,
		"keywords":     []map[string]any{{"keys": "golang", "srws": 7, "skwc": "and"}},
		"payment_from": 150000, "no_agreement": 1, "t": []int64{4, 33}, "experience_from": 24,
		"type_of_work": 6, "languages": []map[string]any{{"language_id": 1, "language_level": 3}},
		"driving_licence": []string{"B", "C"}, "moveable": 4,
	}}
	if len(msgs) != 1 || !reflect.DeepEqual(msgs[0], want) {
		t.Fatalf("saved\n %#v\nwant\n %#v", msgs, want)
	}
	if _, ok := want.Fields["status"]; ok {
		t.Fatal("status is switched by its own message")
	}
	if !m.Typing() {
		t.Error("the form closed before the server answered (the root closes it)")
	}
	accepted(m)
	if m.Typing() {
		t.Error("the server took the form and it stayed open")
	}
}

// Editing a selection and saving it unchanged sends what the server
// described, in the form's shapes; those fields read back give the same.
func TestPrefillRoundTrip(t *testing.T) {
	m := loaded(newCommon(i18n.EN), 120, 40)
	msgs := panetest.Keys(t, m, "enter", "ctrl+s")
	if len(msgs) != 1 {
		t.Fatalf("no save: %#v", msgs)
	}
	got := msgs[0].(action.SaveSelection)
	if got.ID != 71 || !reflect.DeepEqual(got.Fields, fullFields) {
		t.Fatalf("saved %d\n %#v\nwant\n %#v", got.ID, got.Fields, fullFields)
	}
	// The same fields as a selection object (the shapes the form sends).
	raw, err := json.Marshal(got.Fields)
	if err != nil {
		t.Fatal(err)
	}
	accepted(m)
	m.SetSelections([]store.Selection{{ID: 71, Name: "Go в Москве", Status: 1, RawJSON: raw}})
	msgs = panetest.Keys(t, m, "enter", "ctrl+s")
	if len(msgs) != 1 || !reflect.DeepEqual(msgs[0].(action.SaveSelection).Fields, fullFields) {
		t.Fatalf("second round:\n %#v", msgs)
	}
}

// Old selections with a single keyword and odd JSON still open.
func TestPrefillLoose(t *testing.T) {
	for _, c := range []struct {
		id   int
		want map[string]any
	}{
		{1, map[string]any{"name": "Бухгалтеры", "period": 30}},
		{2, map[string]any{"name": hostileName, "period": 14,
			"keywords": []map[string]any{{"keys": "click [a](b)", "srws": 7, "skwc": "and"}}}},
		{3, map[string]any{"name": "Старый формат", "period": 60,
			"keywords": []map[string]any{{"keys": "водитель", "srws": 7, "skwc": "and"}}}},
		{4, map[string]any{"name": "Сломанный JSON", "period": 7}},
	} {
		m := loaded(newCommon(i18n.EN), 120, 40)
		for range c.id {
			panetest.Keys(t, m, "j")
		}
		msgs := panetest.Keys(t, m, "enter", "ctrl+s")
		if len(msgs) != 1 {
			t.Fatalf("%d: no save", c.id)
		}
		got := msgs[0].(action.SaveSelection).Fields
		if c.id == 2 {
			// The hostile name is cleaned before it reaches the field.
			c.want["name"] = got["name"]
			if n := got["name"].(string); strings.ContainsAny(n, "\x1b\x07") {
				t.Errorf("escape sequences in the prefilled name: %q", n)
			}
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%d:\n got %#v\nwant %#v", c.id, got, c.want)
		}
	}
}

func TestInvalidRefusesSave(t *testing.T) {
	for _, c := range []struct {
		field, text, err string
	}{
		{"payment_from", "5O000", "not a whole number"},
		{"age_from", "-3", "must not be negative"},
		{"t", "4, Москва", "not a whole number"},
		{"languages", "english", "write id:level pairs"},
		{"driving_licence", "B, Z", "categories A, B, C, D, E"},
	} {
		t.Run(c.field, func(t *testing.T) {
			m := loaded(newCommon(i18n.EN), 120, 40)
			panetest.Keys(t, m, "n")
			typeText(m, "name")
			focus(t, m, c.field, 0)
			typeText(m, c.text)
			panetest.Keys(t, m, "tab", "tab") // the error finds the field wherever the focus is
			if msgs := panetest.Keys(t, m, "ctrl+s"); len(msgs) != 0 {
				t.Fatalf("an invalid form was sent: %#v", msgs)
			}
			if out := ansi.Strip(m.View()); !strings.Contains(out, c.err) {
				t.Errorf("no error under the field:\n%s", out)
			}
			if x := m.form.fields[m.form.focus]; x.name != c.field {
				t.Errorf("focus on %s, want %s", x.name, c.field)
			}
			for range len([]rune(c.text)) {
				panetest.Keys(t, m, "backspace")
			}
			if msgs := panetest.Keys(t, m, "ctrl+s"); len(msgs) != 1 {
				t.Fatalf("the fixed form was not sent")
			}
		})
	}
	t.Run("name", func(t *testing.T) {
		m := loaded(newCommon(i18n.EN), 120, 40)
		if msgs := panetest.Keys(t, m, "n", "ctrl+s"); len(msgs) != 0 {
			t.Fatalf("a nameless selection was sent: %#v", msgs)
		}
	})
}

// While the form is open every printable key is text: q, d, t, n do not
// act, and esc closes it, keeping what was typed as the form's draft.
func TestEditingTypesKeys(t *testing.T) {
	m := loaded(newCommon(i18n.EN), 120, 40)
	panetest.Keys(t, m, "n")
	if msgs := panetest.Keys(t, m, "q", "d", "t", "n", "j"); len(msgs) != 0 {
		t.Fatalf("keys acted in the form: %#v", msgs)
	}
	if got := m.form.get("name").input.Value(); got != "qdtnj" {
		t.Errorf("name %q", got)
	}
	if !m.Typing() {
		t.Fatal("not editing")
	}
	msgs := panetest.Keys(t, m, "esc")
	if m.Typing() || len(msgs) != 1 {
		t.Fatalf("esc: %#v, editing %v", msgs, m.Typing())
	}
	if k, ok := msgs[0].(action.KeepDraft); !ok || k.Key != "selection:0" || len(k.Draft.Fields) == 0 || k.Draft.Fields[0].Text != "qdtnj" {
		t.Fatalf("esc kept %#v", msgs[0])
	}
}

func TestMailAndDelete(t *testing.T) {
	m := loaded(newCommon(i18n.EN), 120, 40)
	msgs := panetest.Keys(t, m, "t")
	if len(msgs) != 1 || msgs[0] != (action.SetSelectionMail{ID: 71, Name: "Go в Москве", On: false}) {
		t.Fatalf("t on an 'on' selection: %#v", msgs)
	}
	msgs = panetest.Keys(t, m, "j", "t")
	if len(msgs) != 1 || msgs[0] != (action.SetSelectionMail{ID: 72, Name: "Бухгалтеры", On: true}) {
		t.Fatalf("t on an 'off' selection: %#v", msgs)
	}
	msgs = panetest.Keys(t, m, "d")
	if c, ok := msgs[0].(action.Confirm); len(msgs) != 1 || !ok || c.Then != (action.DeleteSelection{ID: 72, Name: "Бухгалтеры"}) {
		t.Fatalf("d: %#v", msgs)
	}
	m.Blur()
	if msgs := panetest.Keys(t, m, "t", "d", "n"); len(msgs) != 0 || m.Typing() {
		t.Fatalf("a blurred pane acted: %#v", msgs)
	}
	empty := New(newCommon(i18n.EN), nil)
	empty.SetSize(80, 10)
	empty.Focus()
	if msgs := panetest.Keys(t, empty, "t", "d", "enter", "j"); len(msgs) != 0 || empty.Typing() {
		t.Fatalf("an empty list acted: %#v", msgs)
	}
}

func TestSetSelectionsKeepsCursor(t *testing.T) {
	m := loaded(newCommon(i18n.EN), 120, 40)
	panetest.Keys(t, m, "j", "j") // 73
	ss := append([]store.Selection{{ID: 70, Name: "Новая"}}, selections()...)
	m.SetSelections(ss)
	if s, _ := m.Selected(); s.ID != 73 {
		t.Errorf("cursor on %d, want 73", s.ID)
	}
}

func TestServerErrorUnderForm(t *testing.T) {
	m := loaded(newCommon(i18n.EN), 120, 40)
	panetest.Keys(t, m, "enter")
	m.Update(action.DoneMsg{Action: action.SaveSelection{}, Problem: problem.Problem{Kind: problem.Refused, Detail: "name is taken"}})
	if out := ansi.Strip(m.View()); !strings.Contains(out, "name is taken") {
		t.Errorf("no server error:\n%s", out)
	}
}

func TestHostileText(t *testing.T) {
	m := loaded(newCommon(i18n.EN), 120, 40)
	list := m.View()
	panetest.Keys(t, m, "j", "j", "enter")
	form := m.View()
	for name, out := range map[string]string{"list": list, "form": form} {
		for _, bad := range []string{"\x1b]52", "\x1b[31m", "\x1b]8;", "\a"} {
			if strings.Contains(out, bad) {
				t.Errorf("%s: %q reached the screen", name, bad)
			}
		}
		if !strings.Contains(ansi.Strip(out), "[x](http://evil) # head") {
			t.Errorf("%s: the name is not shown literally:\n%s", name, ansi.Strip(out))
		}
	}
}

func TestShortHelp(t *testing.T) {
	m := loaded(newCommon(i18n.EN), 120, 40)
	var keys []string
	for _, b := range m.ShortHelp() {
		keys = append(keys, b.Help().Key)
	}
	if got := strings.Join(keys, " "); !strings.Contains(got, "n") || !strings.Contains(got, "t") || !strings.Contains(got, "d") {
		t.Errorf("list help: %s", got)
	}
	panetest.Keys(t, m, "n")
	var descs []string
	for _, b := range m.ShortHelp() {
		descs = append(descs, b.Help().Desc)
	}
	if got := strings.Join(descs, " "); !strings.Contains(got, "save") {
		t.Errorf("form help: %s", got)
	}
}

// Words in the last keyword group open another empty one at once, so a
// second keyword needs no reopening of the form.
func TestKeywordGroupsGrow(t *testing.T) {
	m := loaded(newCommon(i18n.EN), 120, 40)
	panetest.Keys(t, m, "n")
	typeText(m, "Go")
	focus(t, m, "keys", 0)
	typeText(m, "golang")
	focus(t, m, "keys", 1) // the group that appeared
	typeText(m, "kubernetes")
	focus(t, m, "keys", 2) // and the next
	msgs := panetest.Keys(t, m, "ctrl+s")
	if len(msgs) != 1 {
		t.Fatalf("save: %v", msgs)
	}
	kws, _ := msgs[0].(action.SaveSelection).Fields["keywords"].([]map[string]any)
	if len(kws) != 2 || kws[0]["keys"] != "golang" || kws[1]["keys"] != "kubernetes" {
		t.Errorf("keywords sent: %v", kws)
	}
}
