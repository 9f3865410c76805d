// Package history is the history pane: the events of the selected
// received-resume entry (API 2.0 §6), newest first, scrolled when focused.
package history

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/store"
	"hrdesk/textsafe"
	"hrdesk/views/common"
)

// Model is the history pane.
type Model struct {
	c             *common.Common
	width, height int
	focused       bool

	resumeID int64
	events   []store.Event
	// apps are the applicant's other applications (repeat applicants).
	apps []store.Application
	// vacancies are the own vacancies' titles: an event names its vacancy
	// by title, not by id.
	vacancies map[int64]string

	// lines is the laid-out history, each exactly width columns, rebuilt by
	// SetEvents, SetSize and a theme change so View only slices it.
	lines  []string
	offset int
	blank  string
}

// New builds an empty history pane.
func New(c *common.Common) *Model { return &Model{c: c} }

// SetSize sets the inner size the root gives the pane (border excluded).
func (m *Model) SetSize(w, h int) {
	m.width, m.height = max(w, 0), max(h, 0)
	m.blank = strings.Repeat(" ", m.width)
	m.build()
}

// SetEvents shows the events of one entry. The pane keeps its scroll
// position when the same entry is refreshed and starts at the top for
// another one.
func (m *Model) SetEvents(resumeID int64, events []store.Event) {
	if resumeID != m.resumeID {
		m.offset = 0
		m.apps = nil
	}
	m.resumeID = resumeID
	m.events = slices.Clone(events)
	// Newest first; stable so events of the same second keep the server's order.
	slices.SortStableFunc(m.events, func(a, b store.Event) int { return b.DateEvent.Compare(a.DateEvent) })
	m.build()
}

// SetApplications shows the applicant's other applications above the
// events of resumeID's entry.
func (m *Model) SetApplications(resumeID int64, apps []store.Application) {
	if resumeID != m.resumeID {
		m.offset = 0
		m.events = nil
	}
	m.resumeID = resumeID
	m.apps = slices.Clone(apps)
	m.build()
}

// SetVacancies gives the titles of the own vacancies from the cache.
func (m *Model) SetVacancies(vs []store.Vacancy) {
	m.vacancies = make(map[int64]string, len(vs))
	for _, v := range vs {
		m.vacancies[v.ID] = textsafe.Line(v.Profession)
	}
	m.build()
}

// ResumeID is the entry whose events are shown.
func (m *Model) ResumeID() int64 { return m.resumeID }

// Focus gives the pane the keyboard.
func (m *Model) Focus() { m.focused = true }

// Blur takes the keyboard away.
func (m *Model) Blur() { m.focused = false }

// Focused reports whether the pane has the keyboard.
func (m *Model) Focused() bool { return m.focused }

// View returns exactly height lines of exactly width columns.
func (m *Model) View() string {
	if m.width < 1 || m.height < 1 {
		return ""
	}
	var b strings.Builder
	b.Grow((m.width + 16) * m.height)
	for i := range m.height {
		if i > 0 {
			b.WriteByte('\n')
		}
		if j := m.offset + i; j < len(m.lines) {
			b.WriteString(m.lines[j])
		} else {
			b.WriteString(m.blank)
		}
	}
	return b.String()
}

// build lays out the events: date and type title, the vacancy when there is
// one, then the description and text wrapped under them.
func (m *Model) build() {
	m.lines = m.lines[:0]
	if m.width < 1 {
		return
	}
	s := m.c.Styles
	m.buildApplications()
	if len(m.events) == 0 {
		m.lines = append(m.lines, m.c.Fit(s.Muted.Render(m.c.Text.Empty.NoHistory), m.width))
		m.clamp()
		return
	}
	now := m.c.Now()
	for i, ev := range m.events {
		if i > 0 {
			m.lines = append(m.lines, m.blank)
		}
		when := textsafe.Line(ev.Date)
		if !ev.DateEvent.IsZero() {
			when = m.c.Text.DateTime(ev.DateEvent, now)
		}
		head := s.Bold.Render(m.typeTitle(ev))
		if when != "" {
			head = s.Event.Time.Render(when) + "  " + head
		}
		m.lines = append(m.lines, m.c.Fit(head, m.width))
		if ev.VacancyID != 0 {
			v := m.c.Text.Columns.Vacancy + " " + strconv.FormatInt(ev.VacancyID, 10)
			if name := m.vacancies[ev.VacancyID]; name != "" {
				v = m.c.Text.Columns.Vacancy + ": " + name
			}
			m.lines = append(m.lines, m.c.Fit("  "+s.Muted.Render(v), m.width))
		}
		title := m.typeTitle(ev)
		desc, text := strings.TrimSpace(textsafe.Clean(ev.Description)), strings.TrimSpace(textsafe.Clean(ev.Text))
		bodies := []string{desc}
		if text != desc {
			bodies = append(bodies, text)
		}
		for _, body := range bodies {
			if body == "" || body == title {
				continue
			}
			m.lines = append(m.lines, m.wrap(body)...)
		}
	}
	m.clamp()
}

// buildApplications lays out the applicant's other applications: when,
// the folder it is in, the vacancy, and the other resume's id when it is
// another resume. The recruiter sees at once that this person applied
// before, and what became of it.
func (m *Model) buildApplications() {
	if len(m.apps) == 0 {
		return
	}
	s, t := m.c.Styles, m.c.Text
	now := m.c.Now()
	head := s.Marker.Repeat.Render(s.Glyphs.Repeat) + " " + s.Bold.Render(fmt.Sprintf(t.Narrow.OtherApplications, len(m.apps)))
	m.lines = append(m.lines, m.c.Fit(head, m.width))
	for _, a := range m.apps {
		// The vacancy's title gives way first: the folder and the other
		// resume's id are short and say what became of the application.
		folder, other := m.c.FolderName(a.Folder), ""
		if a.ResumeID != m.resumeID {
			other = fmt.Sprintf(t.Narrow.OtherResume, a.ResumeID)
		}
		parts := []string{folder}
		if a.VacancyID != 0 {
			v := "#" + strconv.FormatInt(a.VacancyID, 10)
			if name := m.vacancies[a.VacancyID]; name != "" {
				v = name
			}
			room := m.width - 14 - ansi.StringWidth(folder) - 3 // the date's 2+10+2 columns, " · "
			if other != "" {
				room -= ansi.StringWidth(other) + 3
			}
			if ansi.StringWidth(v) > room {
				v = ansi.Truncate(v, max(room, 6), s.Glyphs.Ellipsis)
			}
			parts = append(parts, v)
		}
		if other != "" {
			parts = append(parts, other)
		}
		line := "  " + s.Event.Time.Render(common.Fit(t.Date(a.LastEventAt, now), 10, "")) + "  " + strings.Join(parts, " · ")
		m.lines = append(m.lines, m.c.Fit(line, m.width))
	}
	m.lines = append(m.lines, m.blank)
}

// wrap breaks text into indented lines of the pane width.
func (m *Model) wrap(text string) []string {
	out := common.Wrap(text, max(m.width-2, 1))
	for i, l := range out {
		out[i] = m.c.Fit("  "+m.c.Styles.Event.Text.Render(l), m.width)
	}
	return out
}

// typeTitle is the service's type_title, or the built-in title of the type.
func (m *Model) typeTitle(ev store.Event) string {
	if t := textsafe.Line(ev.TypeTitle); strings.TrimSpace(t) != "" {
		return strings.TrimSpace(t)
	}
	e := &m.c.Text.Events
	switch ev.Type {
	case 10:
		return e.SentByApplicant
	case 20:
		return e.CopiedToMe
	case 30:
		return e.BySubscription
	case 40:
		return e.FoundBySelf
	case 50:
		return e.CopiedFromUser
	case 60:
		return e.Invited
	case 70:
		return e.MovedToConsideration
	case 80:
		return e.Rejected
	case 90:
		return e.LetterSent
	case 100:
		return e.SentToEmail
	case 110:
		return e.MovedToFolder
	case 120:
		return e.AddedToUser
	}
	return fmt.Sprintf(e.Unknown, ev.Type)
}

func (m *Model) clamp() {
	m.offset = max(min(m.offset, len(m.lines)-m.height), 0)
}
