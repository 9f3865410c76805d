package ui

import (
	"context"
	"errors"
	"fmt"
	"hrdesk/internal/testkit/cachetest"
	"hrdesk/problem"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/hostexec"
	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/keymap"
	"hrdesk/session/feed"
	"hrdesk/store"
	"hrdesk/theme"
	"hrdesk/views/statusbar"
)

var testNow = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

type fakeBackend struct {
	syncs, pushes int
	scopes        []store.Scope // what SyncScope was asked for
	st            *store.Store  // when set, Push sees an empty outbox as the engine does
	cache         *store.Store  // the session's cache: Undo and ScopeSynced (newModel sets it)
	loggedOut     bool
	bought        []int64
	buyErr        error
	pushErr       error
	onPush        func() // what the server does with the outbox
	onSync        func() // what a sync writes to the cache
	syncErr       error
	polls         chan feed.PolledMsg
	waits         []uint64 // the seq each NextPoll waited after

	meter Meter // what Meter reads

	archived   []int64
	saved      []savedSelection
	mail       map[int64]bool
	deleted    []int64
	catalogErr error
}

type savedSelection struct {
	id     int64
	fields map[string]any
}

func (f *fakeBackend) RefreshVacancies(context.Context) error  { return nil }
func (f *fakeBackend) RefreshSelections(context.Context) error { return nil }
func (f *fakeBackend) ArchiveVacancies(_ context.Context, ids []int64) error {
	f.archived = append(f.archived, ids...)
	return f.catalogErr
}
func (f *fakeBackend) SaveSelection(_ context.Context, id int64, fields map[string]any) error {
	f.saved = append(f.saved, savedSelection{id, fields})
	return f.catalogErr
}
func (f *fakeBackend) SetSelectionMail(_ context.Context, id int64, on bool) error {
	if f.mail == nil {
		f.mail = map[int64]bool{}
	}
	f.mail[id] = on
	return f.catalogErr
}
func (f *fakeBackend) DeleteSelection(_ context.Context, id int64) error {
	f.deleted = append(f.deleted, id)
	return f.catalogErr
}

// Sync reports progress and, when the test gives onSync, does what the
// server's changes do to the cache; it changed the cache only then.
func (f *fakeBackend) Sync(_ context.Context, progress func(SyncProgress)) (bool, error) {
	f.syncs++
	if progress != nil {
		progress(SyncProgress{Done: 50, Total: 100})
	}
	if f.onSync != nil {
		f.onSync()
		return true, f.syncErr
	}
	return false, f.syncErr
}

// SyncScope records the scope asked for and syncs as Sync does.
func (f *fakeBackend) SyncScope(ctx context.Context, scope store.Scope, progress func(SyncProgress)) (bool, error) {
	f.scopes = append(f.scopes, scope)
	return f.Sync(ctx, progress)
}

// Push is the engine's: with an empty outbox it asks the server nothing
// (and so cannot fail); the outbox is read from st when the test gives it.
func (f *fakeBackend) Push(ctx context.Context) (bool, error) {
	f.pushes++
	if f.st != nil {
		if n, _ := f.st.OutboxCounts(ctx); n.Pending == 0 {
			return false, nil
		}
	}
	if f.pushErr == nil && f.onPush != nil {
		f.onPush()
	}
	return true, f.pushErr
}

// NextPoll hands over what the test puts in polls, waiting a while; with
// no polls there is none to wait for (a test sends PolledMsg itself).
func (f *fakeBackend) NextPoll(_ context.Context, after uint64) (feed.PolledMsg, bool) {
	f.waits = append(f.waits, after)
	if f.polls == nil {
		return feed.PolledMsg{}, false
	}
	select {
	case m := <-f.polls:
		return m, true
	case <-time.After(10 * time.Second):
		return feed.PolledMsg{}, false
	}
}

func (f *fakeBackend) LoadComments(context.Context, int64) error { return nil }
func (f *fakeBackend) Meter() Meter                              { return f.meter }
func (f *fakeBackend) LoggedIn() bool                            { return !f.loggedOut }
func (f *fakeBackend) Login(_ context.Context, login, pw string) error {
	if pw != "secret" {
		return errWrongPassword
	}
	f.loggedOut = false
	return nil
}

var errWrongPassword = errors.New("wrong login or password")

func (f *fakeBackend) BuyContacts(_ context.Context, id int64) error {
	f.bought = append(f.bought, id)
	return f.buyErr
}
func (f *fakeBackend) OpenContacts(context.Context, int64) error { return nil }

var professions = []string{"Повар", "Бухгалтер", "Программист Go", "Водитель", "Юрист"}

// fixture fills a store with n entries: deterministic names, professions,
// salaries and dates, spread over the four folders.
func fixture(t testing.TB, n int) *store.Store {
	t.Helper()
	st, err := store.Open(cachetest.Path(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	var batch []store.Entry
	for i := 0; i < n; i++ {
		batch = append(batch, entryAt(i))
		if len(batch) == 500 {
			if err := st.UpsertEntries(context.Background(), batch); err != nil {
				t.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	if err := st.UpsertEntries(context.Background(), batch); err != nil {
		t.Fatal(err)
	}
	return st
}

// entryAt is the i-th fixture entry.
func entryAt(i int) store.Entry {
	folder := store.Folders[i%4]
	if i%3 == 0 {
		folder = store.FolderInbox
	}
	at := testNow.Add(-time.Duration(i) * 7 * time.Hour)
	return store.Entry{ResumeID: int64(1000 + i), Scope: store.ScopeMine, Folder: folder, IsNew: i%5 == 0,
		FirstName: fmt.Sprintf("Имя%d", i), LastName: fmt.Sprintf("Фамилия%d", i), Profession: professions[i%len(professions)],
		Age: 20 + i%40, Salary: int64(30000 + (i%10)*10000), Currency: "rub", Town: "Москва", LastEventAt: at,
		Events:  []store.Event{{Type: 10, DateEvent: at, TypeTitle: "Отклик соискателя"}},
		RawJSON: []byte(fmt.Sprintf(`{"id":%d,"profession":%q,"age":%d}`, 1000+i, professions[i%len(professions)], 20+i%40))}
}

func newModel(t testing.TB, st *store.Store, w, h int) (*Model, *fakeBackend) {
	t.Helper()
	return newModelWith(t, st, keymap.Default(), w, h)
}

// newModelWith is newModel with a keymap of the test's.
func newModelWith(t testing.TB, st *store.Store, km keymap.KeyMap, w, h int, set ...func(*Options)) (*Model, *fakeBackend) {
	t.Helper()
	opts := []theme.Option{theme.WithNoColor(true)}
	c := panetest.Colour(i18n.EN, panetest.Clock(func() time.Time { return testNow }), panetest.Keymap(km), panetest.Theme(opts...))
	c.Styles = theme.New(true, opts...)
	b := &fakeBackend{cache: st}
	// The resume pane follows the cursor at once: screens are asserted after
	// each key. TestHeldKeySkipsResumes covers the real delay.
	// A local workstation has an external editor (never started here).
	// The store as the program builds it for a profile of scope "mine".
	opt := Options{Common: c, ThemeOptions: opts, MeterEvery: -1, LastSync: testNow.Add(-time.Hour), DetailDelay: -1,
		Editor: hostexec.Host{}.Editor()}
	for _, f := range set {
		f(&opt)
	}
	m := New(store.Scoped(st, store.ScopeMine), b, opt)
	// The count follows each page at once: commands run here one by one,
	// and BenchmarkFilterKeystrokePage sets the program's delay back.
	m.triage.List().SetCountDelay(-1)
	run(t, m, m.Init())
	send(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	return m, b
}

// run executes commands the way the program would, feeding their messages
// back, until none is left.
func run(t testing.TB, m *Model, cmd tea.Cmd) {
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 10000 {
			t.Fatal("commands do not settle")
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
		default:
			_, next := m.Update(msg)
			queue = append(queue, next)
		}
	}
}

// settle runs a command, dropping it when it does not answer soon: cursor
// blinks tick forever, and a test needs only what the program settles on.
var settle = panetest.Result

func send(t testing.TB, m *Model, msg tea.Msg) {
	_, cmd := m.Update(msg)
	run(t, m, cmd)
}

func press(t testing.TB, m *Model, keys ...string) {
	for _, k := range keys {
		if k == " " { // typed text
			k = "space"
		}
		send(t, m, keyPress(t, k))
	}
}

func ctrlS() tea.KeyPressMsg { return panetest.Press("ctrl+s") }

func screen(m *Model) string { return ansi.Strip(m.render()) }

func TestGoldenScreens(t *testing.T) {
	st := fixture(t, 60)
	for _, sz := range [][2]int{{80, 24}, {140, 40}} {
		t.Run(fmt.Sprintf("inbox_%dx%d", sz[0], sz[1]), func(t *testing.T) {
			m, _ := newModel(t, st, sz[0], sz[1])
			golden.RequireEqual(t, []byte(screen(m)))
		})
		t.Run(fmt.Sprintf("refused_%dx%d", sz[0], sz[1]), func(t *testing.T) {
			m, _ := newModel(t, st, sz[0], sz[1])
			press(t, m, "4")
			golden.RequireEqual(t, []byte(screen(m)))
		})
		t.Run(fmt.Sprintf("help_%dx%d", sz[0], sz[1]), func(t *testing.T) {
			m, _ := newModel(t, st, sz[0], sz[1])
			press(t, m, "?")
			golden.RequireEqual(t, []byte(screen(m)))
		})
	}
}

func TestEveryLineIsTheTerminalWidth(t *testing.T) {
	st := fixture(t, 40)
	for _, w := range []int{80, 120, 200} {
		m, _ := newModel(t, st, w, 30)
		for _, keys := range [][]string{nil, {"enter"}, {"tab"}, {"?"}} {
			press(t, m, keys...)
			lines := strings.Split(m.render(), "\n")
			if len(lines) != 30 {
				t.Errorf("width %d after %v: %d lines", w, keys, len(lines))
			}
			for i, l := range lines {
				if got := ansi.StringWidth(l); got != w {
					t.Fatalf("width %d after %v: line %d is %d wide: %q", w, keys, i, got, ansi.Strip(l))
				}
			}
			press(t, m, "esc")
		}
	}
}

func TestFilterNarrowsAndEscClears(t *testing.T) {
	st := fixture(t, 50)
	m, _ := newModel(t, st, 120, 30)
	total, _ := m.triage.List().Total()
	press(t, m, "/", "П", "о", "в")
	n, _ := m.triage.List().Total()
	if n == 0 || n >= total || !strings.Contains(screen(m), "Повар") || strings.Contains(screen(m), "Юрист") {
		t.Fatalf("filter: %d of %d rows\n%s", n, total, screen(m))
	}
	press(t, m, "esc")
	if n, _ := m.triage.List().Total(); n != total {
		t.Errorf("esc left %d of %d rows", n, total)
	}
}

func TestLaterQueuesAndUndoRestores(t *testing.T) {
	st := fixture(t, 30)
	m, b := newModel(t, st, 120, 30)
	row, _ := m.triage.List().Selected()
	press(t, m, "l")
	d, _ := st.Entry(context.Background(), row.ResumeID)
	if d.Folder != store.FolderConsidered || b.pushes != 1 {
		t.Fatalf("after later: folder %s, %d pushes", d.Folder, b.pushes)
	}
	if !strings.Contains(screen(m), "Considered") {
		t.Error("no confirmation on screen")
	}
	press(t, m, "u")
	d, _ = st.Entry(context.Background(), row.ResumeID)
	if d.Folder != store.FolderInbox {
		t.Errorf("undo left the resume in %s", d.Folder)
	}
}

func TestBulkMarks(t *testing.T) {
	st := fixture(t, 30)
	m, _ := newModel(t, st, 120, 30)
	press(t, m, "space", "space")
	if m.triage.List().MarkedCount() != 2 || !strings.Contains(screen(m), "2 marked") {
		t.Fatalf("marked %d\n%s", m.triage.List().MarkedCount(), screen(m))
	}
	press(t, m, "l")
	counts, _ := st.OutboxCounts(context.Background())
	if counts.Pending != 2 {
		t.Errorf("bulk later queued %d actions, want 2", counts.Pending)
	}
}

var sgr = regexp.MustCompile(`\x1b\[[0-9;:]*m`)

func TestHostileTextNeverReachesTheTerminal(t *testing.T) {
	st := fixture(t, 5)
	err := st.UpsertEntries(context.Background(), []store.Entry{{ResumeID: 1, Scope: store.ScopeMine, Folder: store.FolderInbox,
		LastName: "Тест\x1b[2J\x1b[H", Profession: "\x1b[31mКРАСНЫЙ\x1b[0m\x1b]52;c;cm0gLXJm\x07", LastEventAt: testNow.Add(time.Hour),
		RawJSON: []byte(`{"id":1,"profession":"\u001b]52;c;cm0g\u0007 злой","lastname":"\u001b[2J"}`)}})
	if err != nil {
		t.Fatal(err)
	}
	m, _ := newModel(t, st, 140, 30)
	out := m.render() + "\n"
	press(t, m, "tab", "tab")
	out += m.render()
	if rest := sgr.ReplaceAllString(out, ""); strings.ContainsRune(rest, 0x1b) || strings.ContainsRune(rest, 0x07) {
		i := strings.IndexRune(rest, 0x1b)
		t.Fatalf("an escape from resume data reached the output near %q", rest[max(i-20, 0):min(i+20, len(rest))])
	}
	if !strings.Contains(ansi.Strip(out), "КРАСНЫЙ") {
		t.Error("the cleaned text itself is not shown")
	}
}

func TestLoginScreenWhenLoggedOut(t *testing.T) {
	st := fixture(t, 10)
	opts := []theme.Option{theme.WithNoColor(true)}
	c := panetest.Colour(i18n.EN, panetest.Clock(func() time.Time { return testNow }), panetest.Theme(opts...))
	b := &fakeBackend{loggedOut: true}
	m := New(st, b, Options{Common: c, ThemeOptions: opts, MeterEvery: -1})
	run(t, m, m.Init())
	send(t, m, tea.WindowSizeMsg{Width: 80, Height: 24})
	if m.mode != paneLogin {
		t.Fatal("no login screen without a session")
	}
	golden.RequireEqual(t, []byte(screen(m)))
	press(t, m, "h", "r", "@", "x", "enter", "b", "a", "d", "enter")
	if m.mode != paneLogin || !strings.Contains(screen(m), "wrong login or password") {
		t.Fatalf("wrong password:\n%s", screen(m))
	}
	press(t, m, "s", "e", "c", "r", "e", "t", "enter")
	if m.mode == paneLogin || b.syncs != 1 {
		t.Fatalf("after login: form open %v, %d syncs", m.mode == paneLogin, b.syncs)
	}
}

func TestSortVacancyScopeAndCopy(t *testing.T) {
	st := fixture(t, 30)
	m, _ := newModel(t, st, 140, 30)
	press(t, m, "s")
	// The list pane is narrow here: the column sorted by is shown anyway,
	// with the order on it (it showed only the date column).
	if q := m.triage.List().Query(); q.SortBy != store.SortBySalary || !strings.Contains(screen(m), "Salary↓") {
		t.Errorf("sort: %+v\n%s", q, screen(m))
	}
	press(t, m, "S")
	if q := m.triage.List().Query(); !q.Ascending || !strings.Contains(screen(m), "Salary↑") || !strings.Contains(screen(m), "30,000 RUB") {
		t.Errorf("reverse\n%s", screen(m))
	}
	first, _ := m.triage.List().Selected()
	if first.Salary != 30000 {
		t.Errorf("lowest salary first: %d", first.Salary)
	}
	press(t, m, "C")
	if !m.st.(ScopeSwitch).ShowsCompany() || !strings.Contains(screen(m), "company") {
		t.Errorf("scope\n%s", screen(m))
	}
	_, cmd := m.Update(tea.KeyPressMsg{Code: 'y', Text: "y"})
	if cmd == nil || !strings.Contains(screen(m), "copied") {
		t.Error("copy made no clipboard command")
	}
}

func TestSyncProgressInTheStatusBar(t *testing.T) {
	st := fixture(t, 5)
	m, _ := newModel(t, st, 120, 30)
	m.status.Update(statusbar.SyncStarted{})
	ch := make(chan SyncProgress)
	close(ch)
	send(t, m, syncProgressMsg{p: SyncProgress{Done: 120, Total: 400}, ch: ch})
	if !strings.Contains(screen(m), "120/400") {
		t.Errorf("no progress in the status bar:\n%s", screen(m))
	}
	send(t, m, syncDoneMsg{})
	if m.status.Syncing() || strings.Contains(screen(m), "/400") {
		t.Error("progress left after the sync ended")
	}
}

// A held j moves the list at once; the resume pane loads only the resume
// the cursor rests on, not every one it passed.
func TestHeldKeySkipsResumes(t *testing.T) {
	st := fixture(t, 40)
	m, _ := newModelWith(t, st, keymap.Default(), 120, 40, func(o *Options) { o.DetailDelay = 0 }) // the real delay
	before := m.triage.Shown()
	// Each j moves the cursor and starts a wait; the waits end after all
	// three keys.
	var due []tea.Msg
	for range 3 {
		_, cmd := m.Update(tea.KeyPressMsg{Code: 'j', Text: "j"})
		for _, msg := range flatten(cmd) {
			if strings.Contains(fmt.Sprintf("%#v", msg), "detailDueMsg") { // the triage screen's own
				due = append(due, msg)
				continue
			}
			send(t, m, msg)
		}
	}
	if len(due) != 3 || m.triage.Shown() != before {
		t.Fatalf("%d waits; the resume pane on %d before the cursor rested", len(due), m.triage.Shown())
	}
	var loads int
	for _, msg := range due {
		_, load := m.Update(msg)
		if load != nil {
			loads++
			run(t, m, load)
		}
	}
	row, _ := m.triage.List().Selected()
	if loads != 1 || m.triage.Shown() != row.ResumeID {
		t.Errorf("%d loads, pane on %d, cursor on %d; want one load of the cursor's resume", loads, m.triage.Shown(), row.ResumeID)
	}
}

// flatten runs cmd and returns its messages, batches opened.
func flatten(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := settle(cmd)
	if batch, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, c := range batch {
			out = append(out, flatten(c)...)
		}
		return out
	}
	return []tea.Msg{msg}
}

// The status line says "queued" until the server has the action, then "sent".
func TestQueuedThenSent(t *testing.T) {
	st := fixture(t, 20)
	m, b := newModel(t, st, 120, 40)
	b.onPush = func() { // the server takes every pending action
		ctx := context.Background()
		pending, _ := st.NextPending(ctx, 100)
		for _, a := range pending {
			if st.MarkInFlight(ctx, a.ID) != nil || st.MarkDone(ctx, a.ID) != nil {
				t.Error("cannot settle", a.ID)
			}
		}
	}
	press(t, m, "l")
	if out := screen(m); !strings.Contains(out, "sent: 1 → Considered") {
		t.Errorf("online, after the push:\n%s", out)
	}
	m.opts.Explain = func(error) problem.Problem { return problem.Problem{Kind: problem.Offline} }
	b.pushErr = errors.New("connection refused") // the service is down
	press(t, m, "l")
	if out := screen(m); !strings.Contains(out, "pending") || strings.Contains(out, "sent:") {
		t.Errorf("offline, the action waits:\n%s", out)
	}
	// The service is back, the session's early poll says so, and the
	// push that follows sends it: "queued", said while offline, must not
	// stand beside an empty outbox.
	b.pushErr = nil
	send(t, m, feed.PolledMsg{Seq: 1, At: testNow})
	if line := statusLine(m); !strings.Contains(line, "sent: 1 → Considered") || strings.Contains(line, "queued") {
		t.Errorf("back online, the action sent: %q", line)
	}
}

// A rate limit is told in the UI's language, not the command line's English.
func TestProblemInTheUILanguage(t *testing.T) {
	st := fixture(t, 5)
	opts := []theme.Option{theme.WithNoColor(true)}
	c := panetest.Colour(i18n.RU, panetest.Clock(func() time.Time { return testNow }), panetest.Theme(opts...))
	b := &fakeBackend{pushErr: errors.New("429")}
	m := New(st, b, Options{Common: c, ThemeOptions: opts, MeterEvery: -1, DetailDelay: -1,
		Explain: func(error) problem.Problem { return problem.Problem{Kind: problem.RateLimited} }})
	run(t, m, m.Init())
	send(t, m, tea.WindowSizeMsg{Width: 120, Height: 30})
	press(t, m, "l")
	if out := screen(m); !strings.Contains(out, "сервер ограничивает запросы") || strings.Contains(out, "limiting") {
		t.Errorf("status line:\n%s", out)
	}
}
