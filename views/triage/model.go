// Package triage is the triage screen as one pane: the folders, the resume
// list with its filter line, and the highlighted resume with its history
// and comments; their keys, their loads (through Source), the detail
// following the cursor and the rows a sync writes. The root holds it as it
// holds the vacancies, selections and outbox screens; what needs a dialog,
// the outbox, the status line or the network it asks as an action.Action.
package triage

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/comments"
	"hrdesk/views/common"
	"hrdesk/views/criteria"
	"hrdesk/views/filter"
	"hrdesk/views/folders"
	"hrdesk/views/frame"
	"hrdesk/views/history"
	"hrdesk/views/resume"
	"hrdesk/views/resumelist"
	"hrdesk/views/tabs"
)

// Source is what the triage screen reads from the cache; *store.Store
// (and the profile's scoped view of it) satisfies it.
type Source interface {
	resumelist.Source
	FolderCounts(ctx context.Context, scope store.Scope) ([]store.FolderCount, error)
	StaleCounts(ctx context.Context, scope store.Scope, before time.Time) (map[string]int, error)
	Vacancies(ctx context.Context) ([]store.Vacancy, error)
	Entry(ctx context.Context, resumeID int64) (store.EntryDetail, error)
	Events(ctx context.Context, resumeID int64) ([]store.Event, error)
	Comments(ctx context.Context, resumeID int64) ([]store.Comment, error)
	Applications(ctx context.Context, resumeID int64) ([]store.Application, error)
	Templates(ctx context.Context, kind store.TemplateKind) (store.TemplateSet, error)
	VacancyCounts(ctx context.Context, scope store.Scope, folder string) ([]store.VacancyCount, error)
	EducationCounts(ctx context.Context, scope store.Scope, folder string) ([]store.EducationCount, error)
}

// Options configure the screen.
type Options struct {
	// StaleAfter is how long a candidate may wait in Considered or Invited
	// without an event (0: config.DefaultStaleAfter).
	StaleAfter time.Duration
	// DetailDelay is how long the cursor rests before the resume pane
	// follows it: 0 is DefaultDetailDelay, negative is at once.
	DetailDelay time.Duration
	// Views are the saved views, each on its key.
	Views []criteria.View
	// Limits are the time limits per stage ([sla], issue 30 §2): the
	// list's marks and its needs-me criterion; nil marks by StaleAfter.
	Limits store.Limits
}

// DefaultDetailDelay is how long the cursor rests on a resume before the
// detail pane follows it. A held j then costs a slow SSH link two list rows
// per step instead of a whole resume, and the store is not asked for
// resumes nobody looks at.
const DefaultDetailDelay = 70 * time.Millisecond

// Part names a pane of the screen.
type Part int

// The screen's panes; tab moves along them in this order (but the filter).
const (
	OnFolders Part = iota
	OnList
	OnResume
	OnHistory
	OnComments
	OnFilter
)

// order is the order tab moves the focus.
var order = [...]Part{OnFolders, OnList, OnResume, OnHistory, OnComments}

// Model is the triage screen.
type Model struct {
	c      *common.Common
	src    Source
	opts   Options
	frames *frame.Frames

	width, height int
	focus         Part

	folders *folders.Model
	// countsGen numbers the counts' reads and the moves shown on them at
	// once: a read started before either is older than what is on screen.
	countsGen int
	list      *resumelist.Model
	resume    *resume.Model
	history   *history.Model
	comments  *comments.Model
	filter    *filter.Model

	// detail is the resume the detail panes show (ResumeID 0: none).
	detail store.EntryDetail
	// cursorSeq numbers cursor moves, so only the last one loads a detail.
	cursorSeq int
	// reread is the resume a Refresh reads again once the list it reloads
	// names it (refresh.go); 0: none.
	reread int64
	// filtersSeq numbers the filter dialogs opened, so each one's counts
	// reach it and no other.
	filtersSeq int
	// syncShown is how many rows the sync under way had written when the
	// list was last reloaded for it, at syncShownAt (sync.go).
	syncShown   int
	syncShownAt time.Time
	// jump is what the last jump to a vacancy replaced (jump.go); nil
	// when there is none to give back.
	jump *jump
	// fromLine is what the filter dialog or the vacancy picker open read
	// from the `/` line (queryline.go); nil when the line is mistaken.
	fromLine *lineFilters
	// errorRow: the filter line's mistake, or its hint for a field's name
	// being typed, takes a row above the list (fitErrorRow), so the list
	// is a row shorter.
	errorRow bool
	// recent are the resumes opened last, newest first (recent.go).
	recent []Recent
}

var _ common.Pane = (*Model)(nil)

// New builds the screen over the cache, the list focused.
func New(c *common.Common, src Source, opts Options) *Model {
	m := &Model{c: c, src: src, opts: opts, frames: frame.New(c), focus: OnList}
	m.folders = folders.New(c)
	m.list = resumelist.New(c, src)
	m.list.SetStaleAfter(opts.StaleAfter)
	m.list.SetLimits(opts.Limits)
	m.resume = resume.New(c)
	m.history = history.New(c)
	m.comments = comments.New(c)
	m.filter = filter.New(c)
	m.list.Focus()
	return m
}

// Start reads the counts and shows the first folder.
func (m *Model) Start() tea.Cmd {
	return tea.Batch(m.loadCounts(), m.showFolder(0))
}

// part is the pane of a Part.
func (m *Model) part(p Part) common.Pane {
	switch p {
	case OnFolders:
		return m.folders
	case OnList:
		return m.list
	case OnResume:
		return m.resume
	case OnHistory:
		return m.history
	case OnComments:
		return m.comments
	}
	return m.filter
}

// Focus gives the keyboard back to the pane that had it.
func (m *Model) Focus() { m.setFocus(m.focus) }

// Blur takes it away, as another screen comes to the front.
func (m *Model) Blur() { m.part(m.focus).Blur() }

// ToList puts the focus on the list, as on coming back from another
// screen.
func (m *Model) ToList() { m.setFocus(OnList) }

// setFocus gives the keyboard to part p. The filter line sits in the
// list's title, so the list keeps its look of focus under it.
func (m *Model) setFocus(p Part) {
	if m.focus != p {
		m.part(m.focus).Blur()
	}
	m.focus = p
	m.part(p).Focus()
	if p == OnFilter {
		m.list.Focus()
	}
}

// Typing says the filter line takes the keys as text.
func (m *Model) Typing() bool { return m.focus == OnFilter && m.filter.Typing() }

// Focused is the pane with the focus.
func (m *Model) Focused() Part { return m.focus }

// Shown is the resume the detail panes show (0: none).
func (m *Model) Shown() int64 { return m.detail.ResumeID }

// Highlighted is the row under the list's cursor.
func (m *Model) Highlighted() (store.EntryRow, bool) { return m.list.Selected() }

// Name is the applicant's name of a loaded row, for what names them.
func (m *Model) Name(id int64) string { return m.list.Name(id) }

// FolderName is the name of a folder id.
func (m *Model) FolderName(id string) string { return m.folders.Name(id) }

// Scope is whose responses the list shows.
func (m *Model) Scope() store.Scope { return m.list.Query().Scope }

// ClearMarks unmarks every row: what they were marked for is queued.
func (m *Model) ClearMarks() { m.list.ClearMarks() }

// SetTabs gives the folders pane the other screens' tabs; active is the
// one in front (-1: this screen).
func (m *Model) SetTabs(tabs []folders.Tab, active int) { m.folders.SetTabs(tabs, active) }

// FolderCells are the folders as the root's tab bar shows them: the four
// keyed ones, then the user's own (the root puts the screens between).
func (m *Model) FolderCells() (keyed, user []tabs.Cell) { return m.folders.Cells() }

// List and Folders are the screen's list and folders panes, for the
// tests and benchmarks that read what they show.
func (m *Model) List() *resumelist.Model { return m.list }
func (m *Model) Folders() *folders.Model { return m.folders }
