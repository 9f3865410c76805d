package triage

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/problem"
	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/criteria"
)

// The screen's reads of the cache, each in a command; loaded handles what
// they bring back.
type (
	countsMsg struct {
		gen       int // loadCounts': an older one than countsGen is not shown
		folders   []store.FolderCount
		stale     map[string]int
		vacancies []store.Vacancy
	}
	entryMsg struct {
		id       int64
		detail   store.EntryDetail
		events   []store.Event
		comments []store.Comment
		apps     []store.Application // the applicant's other applications
		err      error
	}
	// detailDueMsg says the cursor may have rested long enough on a resume.
	detailDueMsg struct {
		seq int
		id  int64
	}
	// templatesMsg brings a template set for a letter dialog about to open.
	templatesMsg struct {
		kind store.ActionKind
		ids  []int64
		set  store.TemplateSet
		err  error
	}
	// choicesMsg brings the counts a filter dialog offers, read from the
	// cache for what the list shows.
	choicesMsg struct {
		open      choice
		seq       int // the filter dialog's (askFilters)
		vacancies []store.VacancyCount
		levels    []store.EducationCount
		// other says the counts are the filter dialog's other "where"
		// choice's (every folder, or the folder when the list shows every
		// one), read after these (then).
		other bool
		err   error
		then  tea.Cmd
	}
)

// choice is the dialog a choicesMsg opens.
type choice int

const (
	choiceFilters choice = iota
	choiceVacancy
)

// loaded handles the results of the screen's own reads.
func (m *Model) loaded(msg tea.Msg) (action.Action, tea.Cmd) {
	switch msg := msg.(type) {
	case countsMsg:
		m.showCounts(msg)
	case refreshedMsg:
		return nil, m.refreshed(msg)
	case detailDueMsg:
		if msg.seq == m.cursorSeq { // else the cursor moved on: a held key skips the resumes in between
			return nil, m.loadEntry(msg.id)
		}
	case entryMsg:
		return m.entryLoaded(msg)
	case templatesMsg:
		return m.letter(msg), nil
	case choicesMsg:
		return m.choices(msg), msg.then
	}
	return nil, nil
}

// showCounts puts counts read on screen, unless a newer read or a move
// shown at once came after the read started: a read of the cache before a
// later's undo was written would put the later back on screen until the
// next one (issue 28 §7).
func (m *Model) showCounts(msg countsMsg) {
	if msg.gen < m.countsGen {
		return
	}
	m.folders.SetCounts(msg.folders)
	m.folders.SetStale(msg.stale)
	m.list.SetFolderStale(m.folders.Stale())
	m.list.SetVacancies(msg.vacancies)
	m.history.SetVacancies(msg.vacancies)
}

// loadCounts reads the folders' counts and the vacancies the list and the
// history name.
func (m *Model) loadCounts() tea.Cmd {
	src := m.src
	now := m.c.Now()
	staleBefore := criteria.StaleBefore(now, m.opts.StaleAfter)
	m.countsGen++
	gen := m.countsGen
	return func() tea.Msg {
		ctx := context.Background()
		f, _ := src.FolderCounts(ctx, store.ScopeAll)
		f = lessSnoozed(ctx, src, f, now)
		stale, _ := src.StaleCounts(ctx, store.ScopeAll, staleBefore)
		return countsMsg{gen: gen, folders: f, stale: stale, vacancies: vacancyTitles(ctx, src)}
	}
}

// companyCatalogue is a source that knows the company's vacancies too
// (store.CompanyVacancies, synced with the company's responses).
type companyCatalogue interface {
	CompanyVacancies(ctx context.Context) ([]store.CompanyVacancy, error)
}

// vacancyTitles are the vacancies the list and the history name: the own
// ones, then the colleagues' the cache knows, so the company's list names
// a colleague's vacancy by its title rather than "#49000002" (issue 28
// §3, as the overview does).
func vacancyTitles(ctx context.Context, src Source) []store.Vacancy {
	v, _ := src.Vacancies(ctx)
	cc, ok := src.(companyCatalogue)
	if !ok {
		return v
	}
	company, err := cc.CompanyVacancies(ctx)
	if err != nil || len(company) == 0 {
		return v
	}
	own := make(map[int64]bool, len(v))
	for _, o := range v {
		own[o.ID] = true
	}
	for _, c := range company {
		if !own[c.ID] && c.Profession != "" {
			v = append(v, store.Vacancy{ID: c.ID, Profession: c.Profession})
		}
	}
	return v
}

// followCursor shows the resume under the cursor once the cursor rests;
// with none (an empty list) the detail panes empty at once.
func (m *Model) followCursor(id int64) tea.Cmd {
	m.cursorSeq++
	if id == 0 {
		m.clearDetail()
		return nil
	}
	if id == m.reread {
		// A Refresh's resume, named again by the list it reloaded: it
		// changed, and the cursor is already resting on it.
		m.reread = 0
		return m.loadEntry(id)
	}
	m.reread = 0
	seq, delay := m.cursorSeq, m.opts.DetailDelay
	switch {
	case delay < 0:
		return m.loadEntry(id)
	case delay == 0:
		delay = DefaultDetailDelay
	}
	return tea.Tick(delay, func(time.Time) tea.Msg { return detailDueMsg{seq: seq, id: id} })
}

// clearDetail empties the resume, history and comments panes.
func (m *Model) clearDetail() {
	m.detail = store.EntryDetail{}
	m.history.SetEvents(0, nil)
	m.history.SetApplications(0, nil)
	m.comments.SetComments(0, nil)
	m.resume.Clear()
}

// loadEntry reads the highlighted resume's detail in a command.
func (m *Model) loadEntry(id int64) tea.Cmd {
	if id == 0 {
		return nil
	}
	src := m.src
	return func() tea.Msg {
		ctx := context.Background()
		d, err := src.Entry(ctx, id)
		if err != nil {
			return entryMsg{id: id, err: err}
		}
		ev, _ := src.Events(ctx, id)
		cm, _ := src.Comments(ctx, id)
		apps, _ := src.Applications(ctx, id)
		return entryMsg{id: id, detail: d, events: ev, comments: cm, apps: apps}
	}
}

// entryLoaded shows a resume read, if the cursor is still on it; the
// comments pane in front asks for the server's comments of a new one.
func (m *Model) entryLoaded(msg entryMsg) (action.Action, tea.Cmd) {
	if msg.err != nil || msg.id == 0 {
		return nil, nil
	}
	if r, ok := m.list.Selected(); !ok || r.ResumeID != msg.id {
		return nil, nil // the cursor moved on
	}
	first := msg.id != m.detail.ResumeID
	if first {
		m.noteRecent(msg.detail)
	}
	m.detail = msg.detail
	m.history.SetEvents(msg.id, msg.events)
	m.history.SetApplications(msg.id, msg.apps)
	m.comments.SetComments(msg.id, msg.comments)
	cmd := to(OnResume, m.resume.SetResume(msg.detail))
	if first && m.focus == OnComments {
		return action.LoadComments{ResumeID: msg.id}, cmd
	}
	return nil, cmd
}

// focusChanged fetches comments when their pane is reached: they are not
// part of the sync.
func (m *Model) focusChanged() action.Action {
	if m.focus == OnComments && m.detail.ResumeID != 0 {
		return action.LoadComments{ResumeID: m.detail.ResumeID}
	}
	return nil
}

var letterTemplates = map[store.ActionKind]store.TemplateKind{
	store.ActionInvite: store.TemplateInvitation, store.ActionReject: store.TemplateRejection,
	store.ActionSendMail: store.TemplateMail,
}

// loadTemplates reads the templates of a letter, whose dialog then opens.
func (m *Model) loadTemplates(kind store.ActionKind, ids []int64) tea.Cmd {
	if len(ids) == 0 {
		return nil
	}
	src := m.src
	return func() tea.Msg {
		set, err := src.Templates(context.Background(), letterTemplates[kind])
		return templatesMsg{kind: kind, ids: ids, set: set, err: err}
	}
}

// letter asks for the letter dialog with the templates read.
func (m *Model) letter(msg templatesMsg) action.Action {
	if msg.err != nil {
		return action.Notice{Problem: problem.Problem{Kind: problem.Local, Detail: msg.err.Error()}}
	}
	about := ""
	if len(msg.ids) == 1 {
		about = m.list.Name(msg.ids[0])
	}
	return action.AskLetter{Kind: msg.kind, ResumeIDs: msg.ids, Templates: msg.set, About: about}
}

// askFilters opens the filter dialog at once, so every key after F is
// the dialog's, and reads its counts meanwhile: over a large cache they
// take a good part of a second (issue 28 §7).
func (m *Model) askFilters() (action.Action, tea.Cmd) {
	m.filtersSeq++
	a := action.AskFilters{Set: m.dialogSet(), Everywhere: m.list.Everywhere(), Folder: m.folders.Current().Name,
		Counting: m.filtersSeq, Names: m.list.ChipNames()}
	return a, m.loadChoices(choiceFilters, m.filtersSeq)
}

// loadChoices counts responses per vacancy (and per education level for
// the filter dialog numbered seq) in the folder shown, or every folder.
// The filter dialog also gets the counts of its other "where" choice: they
// follow what it says the list will show.
func (m *Model) loadChoices(open choice, seq int) tea.Cmd {
	src := m.src
	q := m.list.Query()
	other := "" // every folder
	if q.Folder == "" {
		other = m.folders.Current().ID
	}
	// The other choice's counts follow, read once the shown ones are on
	// screen: every folder's take the longer over 100,000 resumes.
	rest := func() tea.Msg {
		ctx := context.Background()
		msg := choicesMsg{open: open, seq: seq, other: true}
		if msg.vacancies, msg.err = src.VacancyCounts(ctx, q.Scope, other); msg.err != nil {
			return msg
		}
		msg.levels, msg.err = src.EducationCounts(ctx, q.Scope, other)
		return msg
	}
	return func() tea.Msg {
		ctx := context.Background()
		msg := choicesMsg{open: open, seq: seq}
		if msg.vacancies, msg.err = src.VacancyCounts(ctx, q.Scope, q.Folder); msg.err != nil || open != choiceFilters {
			return msg
		}
		if msg.levels, msg.err = src.EducationCounts(ctx, q.Scope, q.Folder); msg.err == nil {
			msg.then = rest
		}
		return msg
	}
}

// choices asks for the vacancy picker with the counts read, or brings the
// filter dialog its counts.
func (m *Model) choices(msg choicesMsg) action.Action {
	if msg.open == choiceFilters {
		if msg.err == nil {
			m.list.SetEducationTitles(msg.levels)
		}
		return action.FilterChoices{Seq: msg.seq, Everywhere: m.list.Everywhere(), Vacancies: msg.vacancies, Levels: msg.levels,
			Other: msg.other, Err: msg.err}
	}
	if msg.err != nil {
		return action.Notice{Problem: problem.Problem{Kind: problem.Local, Detail: msg.err.Error()}}
	}
	return action.AskVacancy{Set: m.vacancySet(), Everywhere: m.list.Everywhere(), Vacancies: msg.vacancies}
}
