package fakeapi

// A colleague's vacancies (issue 28 §3): the generated data has every
// vacancy the demo user's, so a company scope never met a vacancy the
// recruiter does not own. Tests add one, with responses, here; the
// generated data stays as it was.

// colleagueVacancyBase numbers the colleague's vacancies: 49000001 on.
const colleagueVacancyBase = 49000000

// AddColleagueVacancy adds a vacancy the colleague owns, in the state
// published gives (0 closed access, 1 open, 3 archived), and makes the
// responses resumeIDs (the colleague's, for a company list: ReceivedState's
// Own false) responses to it, every event naming it. It returns its id.
func (s *Server) AddColleagueVacancy(title string, published int, resumeIDs ...int64) int64 {
	return s.AddRecruiterVacancy(colleagueUserID, "Пётр Коллегов", title, published, resumeIDs...)
}

// The company's recruiters beyond the demo user (issue 30 §1): the
// colleague, and a third whom tests and the demo may give vacancies.
const (
	ColleagueUserID = colleagueUserID
	ThirdUserID     = 7003
)

// AddRecruiterVacancy is AddColleagueVacancy for any recruiter of the
// company: owned by userID (id_user), its contact person contact ("": the
// vacancy names nobody).
func (s *Server) AddRecruiterVacancy(userID int64, contact, title string, published int, resumeIDs ...int64) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := int64(colleagueVacancyBase + 1)
	for _, v := range s.vacancyOrder {
		id = max(id, v+1)
	}
	now := s.now()
	s.vacancies[id] = &vacancy{fields: map[string]any{
		"id": id, "profession": title, "id_client": demoClientID, "id_user": userID,
		"published": published, "is_archive": published == 3, "is_storage": false,
		"date_published": now.AddDate(0, 0, -20).Unix(), "date_pub_to": now.AddDate(0, 0, 10).Unix(), "date_archived": 0,
		"currency": "rub", "views_count": 10, "resumes_all": 0, "resumes_new": 0,
		"firm_name": "ООО «ТехноЛаб»", "canEdit": false,
	}}
	if contact != "" {
		s.vacancies[id].fields["contact"] = contact
	}
	s.vacancyOrder = append(s.vacancyOrder, id)
	for _, rid := range resumeIDs {
		e := s.entries[rid]
		if e == nil {
			continue
		}
		if old := s.vacancies[e.vacancyID]; old != nil {
			old.fields["resumes_all"] = old.fields["resumes_all"].(int) - 1
		}
		e.vacancyID = id
		for i := range e.events {
			e.events[i].vacancyID = id
		}
		s.vacancies[id].fields["resumes_all"] = s.vacancies[id].fields["resumes_all"].(int) + 1
	}
	return id
}

// AddDemoColleagueVacancies gives the demo a colleague with vacancies of
// their own: every other response the colleague received goes to a closed
// "Водитель-экспедитор" or an open "Курьер", so the company's scope shows
// a colleague's vacancy by name and state (the own scope is unchanged).
func (s *Server) AddDemoColleagueVacancies() {
	s.mu.Lock()
	var theirs []int64
	for _, id := range s.order {
		if e := s.entries[id]; e.userID == colleagueUserID {
			theirs = append(theirs, id)
		}
	}
	s.mu.Unlock()
	var closed, open []int64
	for i, id := range theirs {
		switch i % 4 {
		case 0:
			closed = append(closed, id)
		case 2:
			open = append(open, id)
		}
	}
	s.AddColleagueVacancy("Водитель-экспедитор", 0, closed...)
	s.AddColleagueVacancy("Курьер", 1, open...)
}
