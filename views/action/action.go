// Package action holds what a pane or a dialog asks of the workstation's
// root, as typed values: the root turns each into an outbox entry, a
// backend call or a change of what the screen shows, in one place
// (ui.Model.do). No string tags: a confirmation carries the action it
// confirms (Confirm.Then).
package action

import (
	"hrdesk/problem"
	"hrdesk/store"
	"hrdesk/views/criteria"
)

// Action is a request to the root. Panes return one from Update, dialogs
// when they close.
type Action interface{ isAction() }

// Work on resumes, queued in the outbox (one entry per resume) and sent
// by the push that follows.
type (
	// Move puts resumes into a folder (an API folder or a user folder id).
	Move struct {
		ResumeIDs []int64
		Folder    string
	}
	// Later puts resumes into Considered, the one-key triage.
	Later struct{ ResumeIDs []int64 }
	// Letter invites, rejects or mails by template; TemplateID 0 rejects
	// without a letter. Subject is set only when the recruiter changed it.
	Letter struct {
		Kind       store.ActionKind // invite, reject, send_mail
		ResumeIDs  []int64
		TemplateID int64
		Subject    string
		Body       string
		SendSMS    bool
	}
	// MailTo sends resumes to an e-mail address.
	MailTo struct {
		ResumeIDs []int64
		Email     string
		Body      string
	}
	// AddComment adds a comment to one resume.
	AddComment struct {
		ResumeID int64
		Text     string
	}
	// DeleteComment deletes one of the user's own comments.
	DeleteComment struct {
		ResumeID, CommentID int64
	}
)

// Direct server calls: never queued (buying costs money; the catalog
// screens show the server's answer).
type (
	// BuyContacts and OpenContacts get one resume's contacts (4.7).
	BuyContacts  struct{ ResumeID int64 }
	OpenContacts struct{ ResumeID int64 }
	// ArchiveVacancies archives own vacancies in one batch.
	ArchiveVacancies struct{ IDs []int64 }
	// SaveSelection creates (ID 0) or updates a selection; Fields are named
	// and shaped as the contract's form fields.
	SaveSelection struct {
		ID     int64
		Name   string
		Fields map[string]any
	}
	// SetSelectionMail switches a selection's e-mail delivery.
	SetSelectionMail struct {
		ID   int64
		Name string
		On   bool
	}
	// DeleteSelection deletes a selection.
	DeleteSelection struct {
		ID   int64
		Name string
	}
	// LogIn logs in with the password method.
	LogIn struct{ Login, Password string }
	// RefreshVacancies and RefreshSelections bring a catalog screen's
	// list up to date from the server.
	RefreshVacancies  struct{}
	RefreshSelections struct{}
)

// The outbox screen's keys, each on the marked actions or the highlighted
// one (outbox ids); an action not in a state the key applies to is left
// as it was (store.Retry, Dismiss, Cancel). The screen carries them out
// itself; a question's answer (Confirm.Then) comes back to it.
type (
	// OutboxRetry sends failed or unknown actions again.
	OutboxRetry struct{ IDs []int64 }
	// OutboxDismiss stops showing failed actions and gives up on unknown
	// ones.
	OutboxDismiss struct{ IDs []int64 }
	// OutboxCancel withdraws pending actions.
	OutboxCancel struct{ IDs []int64 }
	// OutboxSettled says the outbox screen carried out Act (r, d or c)
	// in the cache, changing the actions IDs: the root says Text, or the
	// cache's Problem, sends at once what a retry queued again, ends the
	// countdown of the letters a cancel withdrew and tells the screens the
	// cache changed.
	OutboxSettled struct {
		Act     Action // OutboxRetry, OutboxDismiss or OutboxCancel
		IDs     []int64
		Text    string
		Problem problem.Problem
	}
)

// What the screen shows.
type (
	// Close: a dialog was cancelled; nothing to do.
	Close struct{}
	// Confirm asks a yes-or-no question first (No is the default) and
	// runs Then on yes.
	Confirm struct {
		Title, Question string
		Yes             string // the confirming button's label
		Then            Action
	}
	// Highlight: the list's cursor rests on another resume (0: none).
	Highlight struct{ ResumeID int64 }
	// ShowFolder switches the list to the i-th folder of the folders pane.
	ShowFolder struct{ Index int }
	// ShowVacancy shows the received resumes of one vacancy.
	ShowVacancy struct{ VacancyID int64 }
	// ShowResume shows a resume opened before (the palette's last ones):
	// its folder, nothing narrowing it, the cursor on it.
	ShowResume struct {
		ResumeID int64
		Folder   string
	}
	// Search narrows the list to Text; Done closes the filter line.
	// Undo (esc) also takes back the line's switches between every
	// folder and the folder, so the list is as it was before the line
	// opened. Invalid says Text is not to be searched: no query, or a
	// field's name being typed (the line says which under itself); the
	// list keeps its last valid result.
	Search struct {
		Text    string
		Done    bool
		Undo    bool
		Invalid bool
	}
	// Leave: the pane has nothing of its own to go back from (esc on a
	// catalog screen's table, on the login screen).
	Leave struct{}
	// ToggleEverywhere: the filter line searches every folder, or the
	// folder again.
	ToggleEverywhere struct{}
	// Narrow sets the list's filters, and whether it shows every folder.
	Narrow struct {
		Set        criteria.Set
		Everywhere bool
	}
)

// What a screen asks the root to open or say for it: dialogs are the
// root's (one at a time, over every screen), and so are the status line,
// the outbox screen and the network.
type (
	// AskMove opens the folder picker for resumes now in Folder; About
	// names the one applicant ("" for several).
	AskMove struct {
		ResumeIDs []int64
		Folder    string
		About     string
	}
	// AskLetter opens the letter dialog of Kind (invite, reject, mail by
	// template) with its templates read.
	AskLetter struct {
		Kind      store.ActionKind
		ResumeIDs []int64
		Templates store.TemplateSet
		About     string
	}
	// AskMailTo opens the dialog that mails resumes to an address.
	AskMailTo struct {
		ResumeIDs []int64
		About     string
	}
	// AskComment opens the comment dialog on one resume.
	AskComment struct {
		ResumeID int64
		About    string
	}
	// AskFilters opens the filter dialog over the list's filters, with the
	// counts of what the list shows; Folder names the folder shown.
	// OtherVacancies and OtherLevels are the counts of the dialog's other
	// "where" choice (every folder when the list shows the folder, the
	// folder when it shows every folder), so its counts follow the choice.
	//
	// With Counting set the counts are still being read: the dialog opens
	// at once (every key after F is the dialog's), offering what is set,
	// named by Names, and FilterChoices of the same Counting brings them.
	AskFilters struct {
		Set            criteria.Set
		Everywhere     bool
		Folder         string
		Vacancies      []store.VacancyCount
		Levels         []store.EducationCount
		OtherVacancies []store.VacancyCount
		OtherLevels    []store.EducationCount
		Counting       int
		Names          criteria.Names
	}
	// FilterChoices is counts a filter dialog opened with Counting waits
	// for (Seq is that Counting), in two messages: where the list looks
	// (Everywhere as it was), then, Other, at the other "where" choice;
	// Err when they could not be read.
	FilterChoices struct {
		Seq        int
		Everywhere bool
		Other      bool
		Vacancies  []store.VacancyCount
		Levels     []store.EducationCount
		Err        error
	}
	// AskVacancy opens the vacancy picker.
	AskVacancy struct {
		Set        criteria.Set
		Everywhere bool
		Vacancies  []store.VacancyCount
	}
	// LoadComments fetches a resume's comments into the cache (they are
	// not part of the sync); the pane hears DoneMsg when they are in.
	LoadComments struct{ ResumeID int64 }
	// Notice puts Text on the status line, or Problem when it has a Kind.
	Notice struct {
		Text    string
		Problem problem.Problem
	}
	// OpenOutbox shows the outbox screen on the highlighted resume's
	// action (a click on a row's outbox marker).
	OpenOutbox struct{}
)

func (Move) isAction()              {}
func (AskMove) isAction()           {}
func (AskLetter) isAction()         {}
func (AskMailTo) isAction()         {}
func (AskComment) isAction()        {}
func (AskFilters) isAction()        {}
func (FilterChoices) isAction()     {}
func (AskVacancy) isAction()        {}
func (LoadComments) isAction()      {}
func (Notice) isAction()            {}
func (OpenOutbox) isAction()        {}
func (Later) isAction()             {}
func (Letter) isAction()            {}
func (MailTo) isAction()            {}
func (AddComment) isAction()        {}
func (DeleteComment) isAction()     {}
func (BuyContacts) isAction()       {}
func (OpenContacts) isAction()      {}
func (ArchiveVacancies) isAction()  {}
func (SaveSelection) isAction()     {}
func (SetSelectionMail) isAction()  {}
func (DeleteSelection) isAction()   {}
func (LogIn) isAction()             {}
func (RefreshVacancies) isAction()  {}
func (RefreshSelections) isAction() {}
func (OutboxRetry) isAction()       {}
func (OutboxDismiss) isAction()     {}
func (OutboxCancel) isAction()      {}
func (OutboxSettled) isAction()     {}
func (Close) isAction()             {}
func (Confirm) isAction()           {}
func (Highlight) isAction()         {}
func (ShowFolder) isAction()        {}
func (ShowVacancy) isAction()       {}
func (ShowResume) isAction()        {}
func (Search) isAction()            {}
func (Leave) isAction()             {}
func (ToggleEverywhere) isAction()  {}
func (Narrow) isAction()            {}

// DoneMsg tells the pane that asked for a direct server call how it went.
type DoneMsg struct {
	Action  Action
	Problem problem.Problem // Kind None on success
}

// CacheChanged tells the screen in front that the cache changed under it
// (a sync, a push, a poll, the recruiter's actions, a server call): it
// reads again, through its own source, what it shows. A hidden screen is
// not told: it reads the cache when shown.
type CacheChanged struct{}
