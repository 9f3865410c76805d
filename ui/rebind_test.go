package ui

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/keymap"
	"hrdesk/store"
	"hrdesk/theme"
	"hrdesk/views/dialogs"
)

// The workstation with every action rebound, generated from the keymap's
// own table: each new key does its action, each old key does not. A key
// compared anywhere in ui/ or views/ past the keymap (msg.String() == "u")
// fails here, since every other ui test runs on keymap.Default().

// reboundKeys gives every action that can be rebound a key of its own that
// no default uses, and returns the keymap and each action's new key.
func reboundKeys(t *testing.T) (keymap.KeyMap, map[string]string) {
	t.Helper()
	var spare []string
	for n := 1; n <= 63; n++ {
		spare = append(spare, fmt.Sprintf("f%d", n))
	}
	for c := 'a'; c <= 'z'; c++ {
		spare = append(spare, "ctrl+alt+"+string(c))
	}
	overrides := map[string][]string{}
	keys := map[string]string{}
	for _, a := range keymap.Actions() {
		if a.Fixed {
			continue
		}
		if len(spare) == 0 {
			t.Fatal("more actions than spare keys: add more to reboundKeys")
		}
		keys[a.Name], spare = spare[0], spare[1:]
		overrides[a.Name] = []string{keys[a.Name]}
	}
	km := keymap.Default()
	if err := keymap.Apply(&km, overrides); err != nil {
		t.Fatal(err)
	}
	return km, keys
}

// oldKeys are an action's default keys, layout aliases included.
func oldKeys(t *testing.T, action string) []string {
	t.Helper()
	km := keymap.Default()
	b, ok := km.Binding(action)
	if !ok {
		t.Fatalf("no action %q", action)
	}
	return b.Keys()
}

// keyPress builds the key press whose msg.String() is k ("f7", "ctrl+d",
// "shift+tab", "G", "о").
var keyPress = panetest.Key

// rig is one workstation over a cache with resumes, vacancies, selections,
// templates and an own comment, driven by the rebound keys.
type rig struct {
	t      *testing.T
	m      *Model
	b      *fakeBackend
	st     *store.Store
	keys   map[string]string
	quit   bool  // the program was told to quit
	edited int   // $EDITOR started
	first  int64 // the resume under the cursor at the start
}

// rigCache builds the cache every rig starts from, once per test: a copy
// of a file is much cheaper than filling a cache, under -race above all.
func rigCache(t *testing.T) string {
	t.Helper()
	st := catalogFixture(t)
	ctx := context.Background()
	for _, kind := range []store.TemplateKind{store.TemplateInvitation, store.TemplateRejection, store.TemplateMail} {
		if err := st.ReplaceTemplates(ctx, kind, true, []store.Template{{ID: 7, Name: "A", Subject: "S", Body: "B"}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.Close(); err != nil { // all in the main file, nothing left in the journal
		t.Fatal(err)
	}
	return st.Path()
}

func newRig(t *testing.T, km keymap.KeyMap, keys map[string]string, cache string) *rig {
	t.Helper()
	raw, err := os.ReadFile(cache)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "cache.db")
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	ctx := context.Background()
	opts := []theme.Option{theme.WithNoColor(true)}
	r := &rig{t: t, b: &fakeBackend{cache: st}, st: st, keys: keys}
	c := panetest.Colour(i18n.EN, panetest.Clock(func() time.Time { return testNow }), panetest.Keymap(km), panetest.Theme(opts...))
	r.m = New(store.Scoped(st, store.ScopeMine), r.b, Options{Common: c, ThemeOptions: opts, MeterEvery: -1, LastSync: testNow.Add(-time.Hour), DetailDelay: -1,
		Editor: countingEditor{r}})
	r.run(r.m.Init())
	r.send(tea.WindowSizeMsg{Width: 120, Height: 30})
	row, ok := r.m.triage.List().Selected()
	if !ok || r.m.triage.Shown() != row.ResumeID {
		t.Fatalf("no resume open at the start (cursor on %d, detail %d)", row.ResumeID, r.m.triage.Shown())
	}
	r.first = row.ResumeID
	if err := st.ReplaceComments(ctx, r.first, []store.Comment{{ID: 9, ResumeID: r.first, Text: "mine", Own: true}}); err != nil {
		t.Fatal(err)
	}
	return r
}

// send delivers msg and runs what follows, as the program would.
func (r *rig) send(msg tea.Msg) {
	r.t.Helper()
	_, cmd := r.m.Update(msg)
	r.run(cmd)
}

// run is ui_test's run, noting a quit instead of dropping it.
func (r *rig) run(cmd tea.Cmd) {
	r.t.Helper()
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 10000 {
			r.t.Fatal("commands do not settle")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := settle(c).(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case tea.QuitMsg:
			r.quit = true
		default:
			_, next := r.m.Update(msg)
			queue = append(queue, next)
		}
	}
}

// press sends the new key of each action named.
func (r *rig) press(actions ...string) {
	r.t.Helper()
	for _, a := range actions {
		k, ok := r.keys[a]
		if !ok {
			r.t.Fatalf("no new key for %q", a)
		}
		r.send(keyPress(r.t, k))
	}
}

// typeText types s into whatever takes text.
func (r *rig) typeText(s string) {
	r.t.Helper()
	for _, c := range s {
		r.send(tea.KeyPressMsg{Code: c, Text: string(c)})
	}
}

// outbox is every queued action.
func (r *rig) outbox() []store.Action {
	r.t.Helper()
	as, err := r.st.ListOutbox(context.Background())
	if err != nil {
		r.t.Fatal(err)
	}
	return as
}

// queued reports an action of kind in the outbox that ok accepts.
func (r *rig) queued(kind store.ActionKind, ok func(store.Action) bool) bool {
	for _, a := range r.outbox() {
		if a.Kind == kind && (ok == nil || ok(a)) {
			return true
		}
	}
	return false
}

func (r *rig) selected() int64 {
	row, _ := r.m.triage.List().Selected()
	return row.ResumeID
}

func (r *rig) folderOf(id int64) string {
	r.t.Helper()
	d, err := r.st.Entry(context.Background(), id)
	if err != nil {
		r.t.Fatal(err)
	}
	return d.Folder
}

// dialogIs reports whether the open dialog is a T.
func dialogIs[T dialogs.Dialog](r *rig) bool {
	_, ok := r.m.dialog.(T)
	return ok
}

// scenario drives a fresh workstation to where an action works, calls act
// (which presses the key under test) and reports whether the action happened.
type scenario struct {
	where string
	run   func(r *rig, act func()) bool
}

func TestEveryActionFollowsItsRebinding(t *testing.T) {
	km, keys := reboundKeys(t)
	cache := rigCache(t)
	cases := rebindScenarios()
	for name := range keys {
		if len(cases[name]) == 0 {
			t.Errorf("action %s has no scenario in rebindScenarios: say where it works and how to see it", name)
		}
	}
	for name := range cases {
		if _, ok := keys[name]; !ok {
			t.Errorf("rebindScenarios has %s, which is no action that can be rebound", name)
		}
	}
	for name, list := range cases {
		for _, sc := range list {
			t.Run(name+"/"+sc.where, func(t *testing.T) {
				t.Parallel()
				r := newRig(t, km, keys, cache)
				if !sc.run(r, func() { r.press(name) }) {
					t.Errorf("the new key %s did not %s (%s)", keys[name], name, sc.where)
				}
				// One old key per workstation: two presses of a toggle would
				// hide each other.
				for _, old := range oldKeys(t, name) {
					r := newRig(t, km, keys, cache)
					if sc.run(r, func() { r.send(keyPress(t, old)) }) {
						t.Errorf("the old key %q still does %s (%s): a key compared past the keymap", old, name, sc.where)
					}
				}
			})
		}
	}
}

// ctrl+c cannot be rebound and always quits, in a dialog too.
func TestForceQuitSurvivesRebinding(t *testing.T) {
	km, keys := reboundKeys(t)
	cache := rigCache(t)
	r := newRig(t, km, keys, cache)
	r.press("move")
	if r.m.dialog == nil {
		t.Fatal("no dialog to quit from")
	}
	r.send(keyPress(t, keymap.ForceQuitKey))
	if !r.quit {
		t.Error("ctrl+c did not quit")
	}
}

// Every old key, pressed on the main screen of the rebound workstation,
// changes nothing at all: not the screen, the outbox or the backend.
func TestOldKeysDoNothingOnTheMainScreen(t *testing.T) {
	km, keys := reboundKeys(t)
	cache := rigCache(t)
	r := newRig(t, km, keys, cache)
	before := screen(r.m)
	for _, a := range keymap.Actions() {
		if a.Fixed {
			continue
		}
		for _, k := range oldKeys(t, a.Name) {
			r.send(keyPress(t, k))
			if got := screen(r.m); got != before || r.quit || r.m.dialog != nil || len(r.outbox()) > 0 || r.b.syncs > 0 {
				t.Fatalf("old key %q (%s) changed the workstation:\n%s", k, a.Name, got)
			}
		}
	}
}

// countingEditor counts the editor commands asked for; none ever runs.
type countingEditor struct{ r *rig }

func (countingEditor) Available() error { return nil }

func (e countingEditor) Command(path string) (*exec.Cmd, error) {
	e.r.edited++
	os.Remove(path)
	return exec.Command("true"), nil
}
