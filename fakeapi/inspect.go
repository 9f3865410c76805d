package fakeapi

import (
	"math/rand/v2"
	"sort"
	"strconv"
	"time"
)

// State inspection and website-side changes for other packages' tests.
// Every method is safe for concurrent use and returns copies.

// Folder returns where a received resume is: its status (0, 10, 20, 30, or
// the list it is served in) and the user folder id it sits in ("" in
// none); ok false when unknown.
func (s *Server) Folder(resumeID int64) (status int, userFolder string, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.entries[resumeID]
	if e == nil || e.hidden {
		return 0, "", false
	}
	return e.status, e.folder, true
}

// EventTypes returns a resume's event types, oldest first.
func (s *Server) EventTypes(resumeID int64) []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.entries[resumeID]
	if e == nil {
		return nil
	}
	out := make([]int, len(e.events))
	for i, ev := range e.events {
		out[i] = ev.typ
	}
	return out
}

// CommentTexts returns the texts of a resume's comments, oldest first.
func (s *Server) CommentTexts(resumeID int64) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, c := range s.comments {
		if c.resumeID == resumeID {
			out = append(out, c.text)
		}
	}
	return out
}

// Mails returns every letter sent so far.
func (s *Server) Mails() []SentMail {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]SentMail(nil), s.mails...)
}

// SetMoney sets whether the account can pay for contacts (not_enough_money otherwise).
func (s *Server) SetMoney(enough bool) {
	s.mu.Lock()
	s.money = enough
	s.mu.Unlock()
}

// ResumeIDs returns the ids of visible received resumes in a status
// (-2 = every status), in generation order.
func (s *Server) ResumeIDs(status int) []int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []int64
	for _, id := range s.order {
		e := s.entries[id]
		if !e.hidden && (status == -2 || e.status == status) {
			out = append(out, id)
		}
	}
	return out
}

// OwnResumeIDs returns the visible resumes the demo user received, in a
// status (-2 = any), newest event first: what /resumes/received/ lists.
func (s *Server) OwnResumeIDs(status int) []int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	var es []*entry
	for _, id := range s.order {
		e := s.entries[id]
		if !e.hidden && e.userID == demoUserID && (status == -2 || e.status == status) {
			es = append(es, e)
		}
	}
	sort.SliceStable(es, func(i, j int) bool { return es[i].lastEvent() > es[j].lastEvent() })
	out := make([]int64, len(es))
	for i, e := range es {
		out[i] = e.resumeID
	}
	return out
}

// MoveOnSite moves a resume as the website would: a status change with an event.
func (s *Server) MoveOnSite(resumeID int64, status int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.entries[resumeID]
	if e == nil {
		return false
	}
	e.status, e.folder = status, ""
	e.addEvent(110, s.now(), "Перемещено на сайте")
	return true
}

// Hide removes a resume from every list, as a deletion on the website would.
func (s *Server) Hide(resumeID int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e := s.entries[resumeID]; e != nil {
		e.hidden = true
	}
}

// AddResponse adds a new response to the demo user's inbox and returns its id.
func (s *Server) AddResponse() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := int64(80000001 + len(s.order))
	rng := rand.New(rand.NewPCG(uint64(id), 1))
	e := s.newEntry(rng, id, 0, s.now().Add(-time.Minute))
	e.userID, e.isNew = demoUserID, true
	e.events[0].typ, e.events[0].date = 10, s.now().Add(-time.Minute).Unix()
	s.addEntry(e)
	return id
}

// Selection returns a resume selection (4.6) as the server keeps it.
func (s *Server) Selection(id int64) (map[string]any, bool) {
	return s.selections.get(id)
}

// MoveToUserFolderOnSite moves a resume into a user folder on the site, as
// a colleague in the web cabinet does: the status stays, and the move's
// event names the folder by its name. false when the resume is unknown.
func (s *Server) MoveToUserFolderOnSite(resumeID int64, folderID int64, folderName string) bool {
	return s.MoveToUserFolderOnSiteAt(resumeID, folderID, folderName, s.now())
}

// MoveToUserFolderOnSiteAt is MoveToUserFolderOnSite with the move's time:
// a test that needs the events after it newer by the clock gives an
// earlier one instead of waiting for the clock's next second.
func (s *Server) MoveToUserFolderOnSiteAt(resumeID int64, folderID int64, folderName string, at time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.entries[resumeID]
	if e == nil || e.hidden {
		return false
	}
	e.folder, e.isNew = strconv.FormatInt(folderID, 10), false
	e.addEvent(110, at, "Перемещено в папку «"+folderName+"»")
	return true
}

// AddEventOnSite adds an event of type typ to a resume's history, as the
// site does for what moves nothing (a colleague's letter, a forward to
// e-mail, a copy to a user): status and folder stay. false when the resume
// is unknown.
func (s *Server) AddEventOnSite(resumeID int64, typ int, text string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.entries[resumeID]
	if e == nil || e.hidden {
		return false
	}
	e.addEvent(typ, s.now(), text)
	return true
}
