// Package resumelist is the resume list pane: received resumes of one
// folder, newest event first, virtualized so 100,000 rows scroll like 10.
//
// Only pages of rows around the cursor are held; each is loaded by a
// tea.Cmd from the store and formatted once per width, so View renders
// just the visible lines from prepared text.
package resumelist

import (
	"context"
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/common"
	"hrdesk/views/criteria"
)

// PageSize is how many rows one load brings.
const PageSize = 200

// Source is what the list reads: *store.Store satisfies it.
type Source interface {
	ListEntries(ctx context.Context, q store.ListQuery) ([]store.EntryRow, error)
	CountEntries(ctx context.Context, q store.ListQuery) (int, error)
	// RepeatCounts marks a page's repeat applicants, loaded after the page.
	RepeatCounts(ctx context.Context, ids []int64) (map[int64]int, error)
}

// Model is the resume list pane.
type Model struct {
	c       *common.Common
	src     Source
	width   int
	height  int
	focused bool

	query      store.ListQuery
	folder     string // the folder shown (store id), whatever everywhere says
	folderName string // its name, for the title
	// everywhere searches every folder; each row then names its folder.
	everywhere bool
	crit       criteria.Set
	staleAfter time.Duration
	// limits are the time limits per stage, for the marks; needsMe shows
	// every resume near or past its limit (needsme.go).
	limits  store.Limits
	needsMe bool
	// folderStale is how many stale candidates the folder shown has, for
	// the title.
	folderStale int
	gen         int // bumped by every query change; older results are dropped
	total       int
	known       bool // total is loaded
	// totalFresh says total belongs to the current gen; a stale total is
	// still used for drawing while a Reload is under way.
	totalFresh bool

	pages   map[int][]store.EntryRow
	fresh   map[int]bool // pages loaded for the current gen; others are shown until replaced
	loading map[int]bool
	lines   map[int]rowText // formatted rows by index, for the current width
	split   int             // the name column's width the lines were formatted with
	// splitFor is the window and room nameWidth last measured and its
	// answer: a held key moves the window every half height, so most
	// frames reuse it.
	splitFor  [4]int
	splitSeen bool
	pos       common.List // cursor, window and marks, in rows of the whole query
	// keep is the resume the cursor was on when a Reload began: the
	// cursor stays on it wherever the reload puts it (keep.go).
	keep int64
	// seek says keep is a resume an undo brought back (ReloadOn): found on
	// no loaded page, the list asks where it is (keep.go) rather than
	// leave the cursor where it was.
	seek bool
	// seeking says the list asked where keep is and waits for the answer.
	seeking bool
	// shown is the resume the detail panes were last told to show (0: none).
	shown int64
	// again names the resume under the cursor at the next settled load
	// even if it is shown (NameAgain).
	again bool
	// scopeLabel names whose responses are shown, when not the profile's.
	scopeLabel string
	repeats    map[int64]int // other applications of the loaded rows' applicants
	marks      markers       // their reads (markers.go)
	// countDelay holds the count back after a page (CountDelay).
	countDelay time.Duration
	// headed says a new query's first screenful came: its count need not
	// wait for the rest of the page.
	headed bool
	// stopCount ends the count under way, once its query is replaced.
	stopCount context.CancelFunc
	// loads is the context of the generation's page loads, ended with
	// stopLoads when another generation replaces it (endLoads).
	loads     context.Context
	stopLoads context.CancelFunc
	// typed is the newest search text, waiting while the current query's
	// rows load (typing.go); hasTyped says one waits.
	typed    string
	hasTyped bool
	err      error

	vacancyNames   map[int64]string // own vacancies' titles, for the vacancy column and chip
	educationNames map[int64]string // education titles resumes gave, for the chip
	// names counts the changes of the titles above; chipsFor is what the
	// chips' line count (chipsN) was measured for: the rows on screen are
	// asked for at every key.
	names    int
	chipsFor chipsKey
	chipsN   int
	// chips are the chips of the filters and the search shown (chips.go).
	chips *lineChips
}

// chipsKey is what the chips' lines depend on but the clock.
type chipsKey struct {
	crit         criteria.Set
	search       string
	width, names int
	seen         bool
}

var _ common.Pane = (*Model)(nil)

// New makes an empty list over src.
func New(c *common.Common, src Source) *Model {
	m := &Model{c: c, src: src, repeats: map[int64]int{}, countDelay: CountDelay,
		pos: common.List{ByHalf: true}}
	m.reset()
	return m
}

func (m *Model) reset() {
	m.endCount()
	m.endLoads()
	m.gen++
	m.pages, m.loading, m.lines = map[int][]store.EntryRow{}, map[int]bool{}, map[int]rowText{}
	m.splitSeen = false
	m.fresh = map[int]bool{}
	m.known, m.totalFresh, m.total, m.err = false, false, 0, nil
	m.keep, m.seek, m.seeking, m.headed = 0, false, false, false
}

// PageMsg carries a loaded page (or the total, Page -1). Head, when set,
// says the rows are only the first Head of page 0 (loadHead). The rows'
// repeat markers follow in a RepeatsMsg.
type PageMsg struct {
	Gen   int
	Page  int
	Head  int
	Rows  []store.EntryRow
	Total int
	Err   error
}

// RepeatsMsg carries, for the resumes IDs, how many other applications
// each one's applicant has (absent from Counts: none).
type RepeatsMsg struct {
	Gen    int
	IDs    []int64
	Counts map[int64]int
}

// SetQuery shows another folder, filter or order; the cursor goes to the
// top. A search text typed meanwhile and still waiting is part of it.
func (m *Model) SetQuery(q store.ListQuery) tea.Cmd {
	if m.hasTyped {
		q.Search, m.hasTyped = m.typed, false
	}
	m.query = q
	m.pos.Cursor, m.pos.Offset = 0, 0
	m.reset()
	return m.loadAround()
}

// Reload refetches the current query (after an action, a sync or a
// background poll), keeping the cursor on the resume it was on: new
// responses arriving above it do not move the recruiter off it. A resume
// that left the list (moved away) leaves the cursor where it was, on the
// next one.
//
// The rows on screen stay until their replacements arrive, so a move or a
// finished sync never blanks the list for a frame.
func (m *Model) Reload() tea.Cmd {
	if m.hasTyped && m.typed != m.query.Search {
		return m.searchTyped() // a new query anyway
	}
	m.hasTyped = false
	if r, ok := m.Selected(); ok && m.keep == 0 {
		m.keep = r.ResumeID // a reload under way keeps the one it kept
	}
	if m.seeking {
		// The answer would be the old query's: ask again once this one's
		// pages are in.
		m.seeking, m.seek = false, true
	}
	m.endCount()
	m.endLoads()
	m.gen++
	m.fresh, m.loading = map[int]bool{}, map[int]bool{}
	m.totalFresh = false
	return m.loadAround()
}

// ReloadOn is Reload with the cursor going to resume id once the list
// holds it (an undo brought it back where the recruiter left it); a
// resume the list does not hold leaves the cursor where Reload would. 0
// is Reload.
func (m *Model) ReloadOn(id int64) tea.Cmd {
	cmd := m.Reload()
	if id != 0 {
		m.keep, m.seek = id, true
	}
	return cmd
}

// Query is the list's current query.
func (m *Model) Query() store.ListQuery { return m.query }

// Total is the number of rows of the query, once known.
func (m *Model) Total() (int, bool) { return m.total, m.known }

// Settled says the rows on screen are current: no load is under way and
// nothing shown is left over from before a Reload.
func (m *Model) Settled() bool {
	if !m.totalFresh || len(m.loading) > 0 || m.hasTyped {
		return false
	}
	for p := range m.pages {
		if !m.fresh[p] {
			return false
		}
	}
	return true
}

// Err is the last load error.
func (m *Model) Err() error { return m.err }

// SetSize sets the inner size (border excluded).
func (m *Model) SetSize(w, h int) {
	if w != m.width {
		m.lines = map[int]rowText{}
	}
	m.width, m.height = max(w, 0), max(h, 0)
	m.clampOffset()
}

// Focus, Blur and Focused manage keyboard focus.
func (m *Model) Focus()        { m.focused = true }
func (m *Model) Blur()         { m.focused = false }
func (m *Model) Focused() bool { return m.focused }

// rowsVisible is the number of data rows on screen: the header, and the
// chips when a filter is set, take the rest.
func (m *Model) rowsVisible() int { return max(m.height-m.headLines(), 0) }

// Short reports a list known to leave rows of its window empty: what a
// sync under way fills as it writes pages.
func (m *Model) Short() bool { return m.known && m.total < m.rowsVisible() }

// headLines are the lines above the rows: the chips, if any (one or two
// lines, chipLines), and the header.
func (m *Model) headLines() int {
	if m.chipCount() == 0 {
		return 1
	}
	if k := (chipsKey{m.crit, m.query.Search, m.width, m.names, true}); k != m.chipsFor {
		m.chipsFor, m.chipsN = k, len(m.chipLines())
	}
	return 1 + m.chipsN
}

// Selected returns the row under the cursor, if loaded.
func (m *Model) Selected() (store.EntryRow, bool) { return m.row(m.pos.Cursor) }

func (m *Model) row(i int) (store.EntryRow, bool) {
	p, ok := m.pages[i/PageSize]
	if !ok || i%PageSize >= len(p) {
		return store.EntryRow{}, false
	}
	return p[i%PageSize], true
}

// Marked returns the marked resume ids, or the one under the cursor when
// none is marked: what a bulk-capable action works on.
func (m *Model) Marked() []int64 {
	if m.pos.Marks.Len() > 0 {
		return m.pos.Marks.IDs()
	}
	if r, ok := m.Selected(); ok {
		return []int64{r.ResumeID}
	}
	return nil
}

// Name is a loaded resume's name, for a dialog that acts on it; "#id"
// when its row is not loaded.
func (m *Model) Name(id int64) string {
	for _, p := range m.pages {
		for _, r := range p {
			if r.ResumeID == id {
				return displayName(r)
			}
		}
	}
	return fmt.Sprintf("#%d", id)
}

// MarkedCount is the number of marked resumes.
func (m *Model) MarkedCount() int { return m.pos.Marks.Len() }

// ClearMarks forgets every mark (after a bulk action).
func (m *Model) ClearMarks() {
	m.pos.Marks.Clear()
	m.lines = map[int]rowText{}
}

// load fetches one page (or the total, page -1) in a command.
func (m *Model) load(page int) tea.Cmd {
	if m.loading[page] {
		return nil
	}
	m.loading[page] = true
	src, gen := m.src, m.gen
	q, qerr := m.compiled(m.query)
	if qerr != nil {
		// The names changed under a valid line (a vacancy gone): said as a
		// load's failure, the rows shown stay.
		return func() tea.Msg { return PageMsg{Gen: gen, Page: page, Err: qerr} }
	}
	if page < 0 {
		// A count of 93,000 matches takes tens of ms: it is ended, not
		// waited for, once the next keystroke replaces its query.
		ctx, stop := context.WithCancel(context.Background())
		m.stopCount = stop
		return func() tea.Msg {
			defer stop()
			if err := ctx.Err(); err != nil {
				return PageMsg{Gen: gen, Page: -1, Err: err} // ended before it began
			}
			n, err := src.CountEntries(ctx, q)
			return PageMsg{Gen: gen, Page: -1, Total: n, Err: err}
		}
	}
	ctx := m.loads
	return func() tea.Msg {
		q.Offset, q.Limit = page*PageSize, PageSize
		rows, err := src.ListEntries(ctx, q)
		return PageMsg{Gen: gen, Page: page, Rows: rows, Err: err}
	}
}

// headPage is the loading key of a new query's first screenful.
const headPage = -2

// loadHead fetches the rows of a new query's first screen ahead of its
// first page: over 100,000 resumes a filter keystroke's screenful of a
// common word is found in a few ms, its page of 200 in several times that
// (store/matches.go). The page follows at once, and the count with it
// (CountDelay).
func (m *Model) loadHead() tea.Cmd {
	if m.loading[headPage] {
		return nil
	}
	m.loading[headPage] = true
	src, gen := m.src, m.gen
	q, qerr := m.compiled(m.query)
	if qerr != nil {
		return func() tea.Msg { return PageMsg{Gen: gen, Page: 0, Head: 1, Err: qerr} }
	}
	n := m.rowsVisible()
	if n == 0 {
		n = 50 // not laid out yet
	}
	n = min(n, PageSize)
	ctx := m.loads
	return func() tea.Msg {
		q.Offset, q.Limit = 0, n
		rows, err := src.ListEntries(ctx, q)
		return PageMsg{Gen: gen, Page: 0, Head: n, Rows: rows, Err: err}
	}
}

// countWithHead starts a new query's count beside its first screenful,
// in the same generation, when the query narrows the list (a search or a
// filter: the count the filter line waits for). Started after the
// screenful, the count of a broad prefix over 100,000 resumes came a
// screenful and a frame after the key (67-90 ms on a pty, issue 28 §7);
// beside it, it comes in the screenful's frame or the next. A screenful
// that proves short ends it (loaded). A folder shown whole counts after
// its screenful as before: at start the screenful has the cores.
func (m *Model) countWithHead() tea.Cmd {
	if m.totalFresh || m.loading[-1] || (m.query.Search == "" && len(m.crit.Kinds()) == 0) {
		return nil
	}
	return m.load(-1)
}

// CountDelay is how long the count waits after the rows on screen (a new
// query's screenful, or its page). It waited 20 ms so the frame with the
// rows was drawn before the count (as costly again over 100,000 resumes)
// took the CPU; on two cores the renderer and the count run side by side,
// and without the wait a word in a few thousand resumes ("Та") had its
// count on a pty 50 ms after the key instead of 67, the rows as early
// (issue 22 §2: FilterKeystrokePty). A message still comes between, so
// the rows' frame is queued before the count starts.
const CountDelay = 0

// countDueMsg says the count of generation gen may start.
type countDueMsg struct{ gen int }

// SetCountDelay changes CountDelay for this list; negative counts at once
// (tests that run commands one by one).
func (m *Model) SetCountDelay(d time.Duration) { m.countDelay = d }

// countLater starts the count after the delay; the count is under way
// (loading) from now, so it is asked for once.
func (m *Model) countLater() tea.Cmd {
	if m.countDelay < 0 {
		return m.load(-1)
	}
	if m.loading[-1] {
		return nil
	}
	m.loading[-1] = true
	gen := m.gen
	return tea.Tick(m.countDelay, func(time.Time) tea.Msg { return countDueMsg{gen: gen} })
}

// loadAround asks for the pages the screen needs, then the total: the
// rows on screen first, so a keystroke in the filter shows rows before the
// count (which costs as much again over 100,000 resumes) is known. A short
// page (or screenful) gives the total itself.
func (m *Model) loadAround() tea.Cmd {
	if m.hasTyped {
		return nil // the query shown is replaced as soon as its load ends
	}
	var cmds []tea.Cmd
	first := m.pos.Offset / PageSize
	if !m.totalFresh && (m.fresh[first] || (first == 0 && m.headed)) {
		cmds = append(cmds, m.countLater())
	}
	last := (m.pos.Offset + m.rowsVisible() + PageSize/4) / PageSize
	for p := first; p <= last; p++ {
		if m.fresh[p] || (m.totalFresh && p*PageSize >= m.total) {
			continue
		}
		if _, shown := m.pages[p]; p == 0 && !shown && !m.loading[0] {
			// A new query: nothing on screen to keep until the page comes.
			cmds = append(cmds, m.loadHead(), m.countWithHead())
			continue
		}
		cmds = append(cmds, m.load(p))
	}
	// Keep memory flat on long scrolls: drop pages far from the screen.
	for p := range m.pages {
		if p < first-2 || p > last+2 {
			delete(m.pages, p)
			delete(m.fresh, p)
			m.splitSeen = false
		}
	}
	return tea.Batch(cmds...)
}

func (m *Model) clampOffset() {
	n := m.total
	if !m.known {
		// The length is not known yet: only the window follows the cursor.
		n = max(m.pos.Cursor+1, m.pos.Offset+m.rowsVisible())
	}
	m.pos.Clamp(n, m.rowsVisible())
}

func (m *Model) blankLine() string { return strings.Repeat(" ", m.width) }
