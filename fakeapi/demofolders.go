package fakeapi

import (
	"strconv"
	"time"
)

// The demo's user folders on the site (issue 28 §1). The generated data had
// no resume in a user folder, so neither the demo nor demo-server could
// show what the issue is about: resumes a colleague keeps in the web
// cabinet's own folders, placed by the history alone, some of them with a
// letter or a forward after the move. The generated data stays as the seed
// made it; this only adds moves and events.

// The demo's site folders: their ids (which no call lists) and names (as the
// history writes them).
const (
	DemoReserveFolderID     = 1001
	DemoReserveFolderName   = "Кадровый резерв"
	DemoShortlistFolderID   = 1002
	DemoShortlistFolderName = "Шорт-лист"
)

// demoFolderPlan is how many of the demo user's resumes each site folder
// gets, and how many of those have an event after the move that leaves the
// resume there (90 a letter, 100 a forward to e-mail, 120 a copy to a user).
var demoFolderPlan = []struct {
	id      int64
	name    string
	count   int
	follows []int // event types after the move, one resume each
}{
	{DemoReserveFolderID, DemoReserveFolderName, 5, []int{100}},
	{DemoShortlistFolderID, DemoShortlistFolderName, 3, []int{90, 120}},
}

// AddDemoUserFolders moves a few of the demo user's older responses into
// the site folders «Кадровый резерв» (5) and «Шорт-лист» (3), a day after
// their newest event, as the web cabinet does (the status stays; the move's
// event names the folder); three of them get a letter, a forward to e-mail
// or a copy to a user an hour after the move.
func (s *Server) AddDemoUserFolders() {
	s.mu.Lock()
	defer s.mu.Unlock()
	old := s.now().Add(-72 * time.Hour).Unix()
	// Generated responses only (the hostile and other well-known ids are
	// 900001–900006, below the generated ones), older than three days.
	var picks []*entry
	for i, id := range s.order {
		e := s.entries[id]
		if i%11 == 3 && e.userID == demoUserID && !e.hidden && e.resumeID > OpenLimitID && e.lastEvent() < old {
			picks = append(picks, e)
		}
	}
	for _, f := range demoFolderPlan {
		for j := 0; j < f.count && len(picks) > 0; j++ {
			e := picks[0]
			picks = picks[1:]
			at := time.Unix(e.lastEvent(), 0).Add(24 * time.Hour)
			e.folder, e.isNew = strconv.FormatInt(f.id, 10), false
			e.addEvent(110, at, "Перемещено в папку «"+f.name+"»")
			if j < len(f.follows) {
				e.addEvent(f.follows[j], at.Add(time.Hour), demoFollowText[f.follows[j]])
			}
		}
	}
}

var demoFollowText = map[int]string{
	90:  "Отправлено письмо: Вопрос по вашему резюме",
	100: "Отправлено на boss@example.com",
	120: "Добавлено пользователю Анна Смирнова",
}
