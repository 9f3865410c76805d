package ui

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/store"
)

// catalogFixture adds own vacancies (open, closed, archived, one with
// hostile text) and two selections to a fixture cache.
func catalogFixture(t *testing.T) *store.Store {
	t.Helper()
	st := fixture(t, 30)
	ctx := context.Background()
	day := func(d int) time.Time { return testNow.AddDate(0, 0, d) }
	vs := []store.Vacancy{
		{ID: 501, Profession: "Программист Go", Published: 1, ViewsCount: 1200, ResumesAll: 48, ResumesNew: 5,
			DatePublished: day(-20), DatePubTo: day(10), RawJSON: []byte(`{"id":501,"profession":"Программист Go",
			"work":"Писать сервисы на Go.\nДежурить по графику.","candidat":"Опыт от 3 лет","compensation":"Удалёнка, ДМС",
			"payment_from":"250000","payment_to":350000,"currency":"rub","town":{"id":4,"title":"Москва"},
			"type_of_work":{"id":6,"title":"Полный рабочий день"},"contact":"Анна","phone":"+7 495 000-00-00"}`)},
		{ID: 502, Profession: "Бухгалтер", Published: 0, ViewsCount: 80, ResumesAll: 7,
			DatePublished: day(-40), RawJSON: []byte(`{"id":502,"profession":"Бухгалтер","agreement":1}`)},
		{ID: 503, Profession: "Водитель", Published: 3, IsArchive: true, ViewsCount: 300, ResumesAll: 12,
			DatePublished: day(-90), RawJSON: []byte(`{"id":503}`)},
		{ID: 504, Profession: "Evil \x1b[31mred\x1b[0m [x](http://evil) # head", Published: 1, ResumesAll: 1,
			DatePublished: day(-1), RawJSON: []byte(`{"id":504,"profession":"Evil \u001b]52;c;aGk=\u0007 [x](http://evil)",
			"work":"# not a heading\n<b>bold</b> **no**"}`)},
	}
	if err := st.ReplaceVacancies(ctx, vs); err != nil {
		t.Fatal(err)
	}
	sel := []store.Selection{
		{ID: 71, Name: "Go в Москве", Status: 1, RawJSON: []byte(`{"id":71,"name":"Go в Москве","status":1,
			"period":{"id":7,"title":"неделя"},"keywords":[{"keys":"golang","srws":"7","skwc":"and"}],
			"payment_from":200000,"age_to":"45","t":[4],"languages":[{"language_id":1,"language_level":3}],
			"driving_licence":["B"],"gender":3,"education":2,"has_photo":1}`)},
		{ID: 72, Name: "Бухгалтеры", Status: 0, RawJSON: []byte(`{"id":72,"name":"Бухгалтеры","period":30}`)},
	}
	if err := st.ReplaceSelections(ctx, sel); err != nil {
		t.Fatal(err)
	}
	return st
}

func TestVacanciesScreen(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {140, 40}} {
		w, h := size[0], size[1]
		t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
			st := catalogFixture(t)
			m, b := newModel(t, st, w, h)
			press(t, m, "5")
			golden.RequireEqual(t, []byte(screen(m)))
			t.Run("filtered", func(t *testing.T) {
				press(t, m, "f") // open only
				golden.RequireEqual(t, []byte(screen(m)))
				press(t, m, "f", "f", "f") // back to all
			})
			t.Run("detail", func(t *testing.T) {
				press(t, m, "j", "enter") // the Go vacancy
				defer press(t, m, "k")
				out := screen(m)
				golden.RequireEqual(t, []byte(out))
				if !strings.Contains(out, "Писать сервисы на Go.") || !strings.Contains(out, "Москва") {
					t.Errorf("the vacancy is not shown:\n%s", out)
				}
				press(t, m, "esc")
			})
			// Archive two marked vacancies after confirming.
			press(t, m, "space", "space", "X")
			if out := screen(m); !strings.Contains(out, "Vacancies to archive: 2.") {
				t.Fatalf("no confirmation:\n%s", out)
			}
			press(t, m, "y")
			// Newest first: the hostile one (yesterday), then the Go vacancy.
			if !reflect.DeepEqual(b.archived, []int64{504, 501}) {
				t.Errorf("archived %v, want [504 501]", b.archived)
			}
			if out := screen(m); !strings.Contains(out, "archived: 2") {
				t.Errorf("no word of the archive:\n%s", out)
			}
		})
	}
}

// R on a vacancy shows its received resumes in triage.
func TestVacancyToReceived(t *testing.T) {
	st := catalogFixture(t)
	m, _ := newModel(t, st, 120, 40)
	press(t, m, "5", "j", "R")
	if m.mode != paneTriage || m.triage.List().Query().VacancyID != 501 {
		t.Fatalf("screen %d, vacancy filter %d", m.mode, m.triage.List().Query().VacancyID)
	}
	if out := screen(m); !strings.Contains(out, "Программист Go") {
		t.Errorf("the list does not name the vacancy:\n%s", out)
	}
}

// Text from the API never reaches the terminal raw.
func TestVacancyHostileText(t *testing.T) {
	st := catalogFixture(t)
	m, _ := newModel(t, st, 120, 40)
	press(t, m, "5", "enter") // the newest: the hostile one
	raw := m.render()
	for _, bad := range []string{"\x1b]52", "\x1b[31m", "\x1b]8;"} {
		if strings.Contains(raw, bad) {
			t.Errorf("%q reached the screen", bad)
		}
	}
	if out := screen(m); !strings.Contains(out, "# not a heading") || !strings.Contains(out, "**no**") || !strings.Contains(out, "[x](http://evil)") {
		t.Errorf("markdown in the vacancy was interpreted instead of shown:\n%s", out)
	}
}

func TestSelectionsScreen(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {140, 40}} {
		w, h := size[0], size[1]
		t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
			st := catalogFixture(t)
			m, _ := newModel(t, st, w, h)
			press(t, m, "6")
			golden.RequireEqual(t, []byte(screen(m)))
			t.Run("form", func(t *testing.T) {
				press(t, m, "enter")
				golden.RequireEqual(t, []byte(screen(m)))
				press(t, m, "esc")
			})
		})
	}
}

func TestSelectionsEmpty(t *testing.T) {
	st := fixture(t, 5)
	m, _ := newModel(t, st, 80, 24)
	press(t, m, "6")
	golden.RequireEqual(t, []byte(screen(m)))
}

// Editing an existing selection and saving sends what the server sent, in
// the contract's shapes: prefill round-trips.
func TestSelectionEditRoundTrip(t *testing.T) {
	st := catalogFixture(t)
	m, b := newModel(t, st, 120, 40)
	press(t, m, "6", "enter")
	send(t, m, ctrlS())
	if len(b.saved) != 1 || b.saved[0].id != 71 {
		t.Fatalf("saved %+v", b.saved)
	}
	want := map[string]any{
		"name": "Go в Москве", "period": 7,
		"keywords":     []map[string]any{{"keys": "golang", "srws": 7, "skwc": "and"}},
		"payment_from": 200000, "age_to": 45, "t": []int64{4},
		"languages":       []map[string]any{{"language_id": 1, "language_level": 3}},
		"driving_licence": []string{"B"}, "gender": 3, "education": 2, "has_photo": 1,
	}
	if got := b.saved[0].fields; !reflect.DeepEqual(got, want) {
		t.Errorf("fields:\n got %#v\nwant %#v", got, want)
	}
	if m.selectionsPane().Typing() {
		t.Error("the form stayed open after the server accepted it")
	}
}

// A new selection typed in the form: name, keywords, a bad number refused
// until fixed.
func TestSelectionCreate(t *testing.T) {
	st := catalogFixture(t)
	m, b := newModel(t, st, 120, 40)
	press(t, m, "6", "n")
	typeText(t, m, "Повара")
	press(t, m, "tab", "tab") // period → keywords
	typeText(t, m, "повар кондитер")
	press(t, m, "tab", "tab", "space")             // how: all words → any word
	press(t, m, "tab", "tab", "tab", "tab", "tab") // the second keyword group that appeared, exclude words, salary from
	typeText(t, m, "5O000")                        // a letter O
	send(t, m, ctrlS())
	if len(b.saved) != 0 {
		t.Fatalf("an invalid number was sent: %+v", b.saved)
	}
	if out := screen(m); !strings.Contains(out, "not a whole number") {
		t.Errorf("no error under the field:\n%s", out)
	}
	for range 5 {
		send(t, m, tea.KeyPressMsg{Code: tea.KeyBackspace})
	}
	typeText(t, m, "50000")
	send(t, m, ctrlS())
	if len(b.saved) != 1 {
		t.Fatalf("saved %+v", b.saved)
	}
	want := map[string]any{"name": "Повара", "period": 7, "payment_from": 50000,
		"keywords": []map[string]any{{"keys": "повар кондитер", "srws": 7, "skwc": "or"}}}
	if got := b.saved[0]; got.id != 0 || !reflect.DeepEqual(got.fields, want) {
		t.Errorf("saved %d %#v", got.id, got.fields)
	}
	// q typed in the form is text, not quit.
	press(t, m, "n", "q")
	if !m.selectionsPane().Typing() {
		t.Error("q closed the form")
	}
}

func TestSelectionMailAndDelete(t *testing.T) {
	st := catalogFixture(t)
	m, b := newModel(t, st, 120, 40)
	press(t, m, "6", "t")
	if on, ok := b.mail[71]; !ok || on {
		t.Errorf("mail toggle of an 'on' selection: %v %v", on, ok)
	}
	press(t, m, "j", "t")
	if on := b.mail[72]; !on {
		t.Error("mail toggle of an 'off' selection did not switch it on")
	}
	press(t, m, "d")
	if out := screen(m); !strings.Contains(out, "Delete the selection") {
		t.Fatalf("no confirmation:\n%s", out)
	}
	press(t, m, "esc")
	if len(b.deleted) != 0 {
		t.Fatal("deleted without confirmation")
	}
	press(t, m, "d", "enter") // enter is "cancel" until tab moves to delete
	if len(b.deleted) != 0 {
		t.Fatal("enter on the default button deleted")
	}
	press(t, m, "d", "y")
	if !reflect.DeepEqual(b.deleted, []int64{72}) {
		t.Errorf("deleted %v", b.deleted)
	}
}

func typeText(t *testing.T, m *Model, s string) {
	t.Helper()
	for _, r := range s {
		send(t, m, tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}
