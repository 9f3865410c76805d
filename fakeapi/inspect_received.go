package fakeapi

import "time"

// ReceivedState is one received resume as the fake holds it, for tests
// that check figures computed from a synced cache against the source.
type ReceivedState struct {
	ResumeID   int64
	Status     int    // 0, 10, 20, 30: the list it is served in
	UserFolder string // the user folder id it sits in, "" in none
	VacancyID  int64
	Own        bool // the demo user's (else a colleague's: company scope)
	Events     []ReceivedEvent
}

// ReceivedEvent is one event of a received resume (section 6).
type ReceivedEvent struct {
	Type int
	At   time.Time
}

// Received returns every visible received resume, in generation order.
func (s *Server) Received() []ReceivedState {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []ReceivedState
	for _, id := range s.order {
		e := s.entries[id]
		if e.hidden {
			continue
		}
		r := ReceivedState{ResumeID: e.resumeID, Status: e.status, UserFolder: e.folder, VacancyID: e.vacancyID, Own: e.userID == demoUserID}
		for _, ev := range e.events {
			r.Events = append(r.Events, ReceivedEvent{Type: ev.typ, At: time.Unix(ev.date, 0)})
		}
		out = append(out, r)
	}
	return out
}
