package action

import "time"

// AskSnooze opens the snooze dialog for the resumes (issue 31 §4); About
// names the one applicant ("" for several).
type AskSnooze struct {
	ResumeIDs []int64
	About     string
}

// Snooze puts the resumes aside until Until; a zero Until wakes them now.
type Snooze struct {
	ResumeIDs []int64
	Until     time.Time
}

func (AskSnooze) isAction() {}
func (Snooze) isAction()    {}
