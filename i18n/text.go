package i18n

// Text is the whole catalogue for one language. Every string field must be
// filled for every language; TestEveryFieldFilled enforces it. Fields whose
// comment shows a %d or %s are fmt formats and take exactly those verbs in
// every language.
type Text struct {
	// Lang is the language of this catalogue; formatting methods use it.
	Lang Lang

	Folders    FolderText
	Columns    ColumnText
	Panes      PaneText
	Status     StatusText
	Keys       KeyHelp
	HelpGroups HelpGroupText
	Dialogs    DialogText
	Buttons    ButtonText
	Contacts   ContactsText
	Failures   FailureText
	Login      LoginText
	Empty      EmptyText
	Sort       SortText
	Scope      ScopeText
	Values     ValueText
	Resume     ResumeText
	Events     EventText
	Comments   CommentText
	Vacancies  VacancyText
	Selections SelectionText
	Help       HelpText
	Narrow     NarrowText
	Live       LiveText
	Outbox     OutboxText
	Meter      MeterText
	Clock      ClockText
	Overview   OverviewText
	CLI        CLIText
	Config     ConfigText
}

// LiveText is what the workstation says by itself, with no key pressed:
// new responses from the background poll, a sync waiting to try again.
type LiveText struct {
	// ArrivedOne, ArrivedFew and ArrivedMany are "%d" new responses in
	// "%s" (the inbox's name); Text.Arrived picks the plural form.
	ArrivedOne, ArrivedFew, ArrivedMany string
	// WaitRateLimit, WaitServer and WaitOffline say why a sync waits, "%s"
	// = about how long (Text.About: "~40 s").
	WaitRateLimit, WaitServer, WaitOffline string
	// Seconds and Minutes are "%d" of them, roughly.
	Seconds, Minutes string
	// HeldOne is a letter in its undo window: "%s" the applicant, "%d"
	// seconds left, "%s" the undo key. HeldBulkOne, HeldBulkFew and
	// HeldBulkMany: "%d" letters, "%d" seconds, "%s" the key (Text.Held).
	HeldOne                                string
	HeldBulkOne, HeldBulkFew, HeldBulkMany string
	// Sending is "%d" held letters sent at once as the workstation quits.
	Sending string
}

// HelpText frames the help screen.
type HelpText struct {
	Title string
	// Hint is "%s" = the keys that close help, "%s" = the keys that scroll it.
	Hint string
}

// FolderText names the four standard folders of received resumes.
type FolderText struct {
	Inbox, Considered, Invited, Refused string
}

// ColumnText holds the resume list's column headers.
type ColumnText struct {
	Name, Profession, Age, Salary, Town, Vacancy, Date string
}

// PaneText holds pane titles.
type PaneText struct {
	Folders, Resumes, Resume, History, Comments string
}

// StatusText is the status bar and short notices.
type StatusText struct {
	Online, Offline, Syncing string
	// NotAnswering: the service takes connections but leaves requests
	// without an answer (issue 26 §4); said instead of online.
	NotAnswering string
	// Pending is "%d" actions waiting in the outbox.
	Pending string
	// Failed is "%d" actions the server refused.
	Failed string
	// Unknown is "%d" actions whose outcome is unknown (timeout mid-request).
	Unknown string
	// Marked is "%d" resumes marked for a bulk action.
	Marked string
	// LastSync is "%s" = time of the last successful sync.
	LastSync    string
	NeverSynced string
	// SessionExpired tells the user the token is gone and how to recover.
	SessionExpired string
	// ServerUnreachable explains offline mode: work continues, actions queue.
	ServerUnreachable string
	// RateLimited: the server refuses for a while (429).
	RateLimited string
	// ServerError: the server failed (5xx, an error page); nothing is lost.
	ServerError string
	// Blocked: the employer account is blocked (the server's reason follows).
	Blocked string
	// Busy: another session of this profile is syncing; try again soon.
	Busy string
	// ShowingCompany and ShowingMine answer the scope key; SyncingCompany
	// says the company's responses are being fetched for the first time.
	ShowingCompany, ShowingMine, SyncingCompany string
	// CompanyAfterOther: the company's first sync found another window of
	// the profile syncing and follows when that is over; CompanyAfterSync:
	// it follows this window's own sync under way.
	CompanyAfterOther, CompanyAfterSync string
	// Timeout: the server was reached but did not answer in time.
	Timeout string
	// Redirected is "%s" = where the server pointed; hrdesk follows no redirect.
	Redirected string
	// Ambiguous: sent, no answer came back; it may or may not be done. Said
	// of a call made at once (contacts, a selection, an archive), not of
	// the outbox: a queued action safe to repeat is sent again by itself,
	// and one that is not is marked unknown on the outbox screen.
	Ambiguous string
	// LocalFailure is "%s" = what failed on this machine (the cache, the
	// disk): never the server's trouble.
	LocalFailure string
	// Undone is "%s" = description of the undone action.
	Undone        string
	NothingToUndo string
	Copied        string
	// UndoOffer is "%s" = a queued or sent move as said ("sent: 1 →
	// Considered"), "%s" = the key that takes it back (issue 28 §2).
	UndoOffer string
	// MovingBack and MovedBack say an undo's moves back to the folders
	// resumes came from, queued and then sent.
	MovingBack, MovedBack string
	// EditorRemote: ctrl+o in a session served over SSH, which never
	// starts a program on the server; NoEditor: no editor configured.
	EditorRemote string
	NoEditor     string
	// Queued confirms an action was put in the outbox; Sent replaces it
	// once the server has it (offline, the pending count says the rest).
	Queued string
	Sent   string
	// SentWithTrouble is "%s" = what was queued, "%d" = how many of its
	// actions the server refused or left unknown.
	SentWithTrouble string
	// Filter is the prompt of the filter line.
	Filter string
	// Total is "%d" resumes in the current folder; TotalOne is the same
	// for exactly one (Text.Resumes picks).
	Total, TotalOne string
}

// KeyHelp describes every key binding. The `action` tag is the binding's
// name in config.toml [keys] and in package keymap; keymap's tests check that
// both lists match.
type KeyHelp struct {
	Down             string `action:"down"`
	Up               string `action:"up"`
	Top              string `action:"top"`
	Bottom           string `action:"bottom"`
	PageDown         string `action:"page_down"`
	PageUp           string `action:"page_up"`
	NextPane         string `action:"next_pane"`
	PrevPane         string `action:"prev_pane"`
	FolderInbox      string `action:"folder_inbox"`
	FolderConsidered string `action:"folder_considered"`
	FolderInvited    string `action:"folder_invited"`
	FolderRefused    string `action:"folder_refused"`
	ScreenVacancies  string `action:"screen_vacancies"`
	ScreenSelections string `action:"screen_selections"`
	ScreenOutbox     string `action:"screen_outbox"`
	ScreenOverview   string `action:"screen_overview"`
	Open             string `action:"open"`
	Back             string `action:"back"`
	Mark             string `action:"mark"`
	MarkAll          string `action:"mark_all"`
	UnmarkAll        string `action:"unmark_all"`
	Invite           string `action:"invite"`
	Reject           string `action:"reject"`
	MailTemplate     string `action:"mail_template"`
	MailAddress      string `action:"mail_address"`
	Move             string `action:"move"`
	Later            string `action:"later"`
	Snooze           string `action:"snooze"`
	Comment          string `action:"comment"`
	DeleteComment    string `action:"delete_comment"`
	BuyContacts      string `action:"buy_contacts"`
	OpenContacts     string `action:"open_contacts"`
	Copy             string `action:"copy"`
	ArchiveVacancy   string `action:"archive_vacancy"`
	VacancyReceived  string `action:"vacancy_received"`
	VacancyState     string `action:"vacancy_state"`
	ByRecruiter      string `action:"by_recruiter"`
	NewSelection     string `action:"new_selection"`
	ToggleMail       string `action:"toggle_mail"`
	DeleteSelection  string `action:"delete_selection"`
	OutboxRetry      string `action:"outbox_retry"`
	OutboxDismiss    string `action:"outbox_dismiss"`
	OutboxCancel     string `action:"outbox_cancel"`
	Sort             string `action:"sort"`
	SortReverse      string `action:"sort_reverse"`
	VacancyFilter    string `action:"vacancy_filter"`
	Scope            string `action:"scope"`
	Filter           string `action:"filter"`
	FilterMenu       string `action:"filter_menu"`
	RemoveFilter     string `action:"remove_filter"`
	FilterEverywhere string `action:"filter_everywhere"`
	NeedsMe          string `action:"needs_me"`
	Sync             string `action:"sync"`
	Undo             string `action:"undo"`
	Help             string `action:"help"`
	Palette          string `action:"palette"`
	Login            string `action:"login"`
	Quit             string `action:"quit"`
	ForceQuit        string `action:"force_quit"`
	DialogConfirm    string `action:"dialog_confirm"`
	DialogCancel     string `action:"dialog_cancel"`
	DialogNext       string `action:"dialog_next"`
	DialogPrev       string `action:"dialog_prev"`
	DialogSubmit     string `action:"dialog_submit"`
	DialogEditor     string `action:"dialog_editor"`
	DialogDown       string `action:"dialog_down"`
	DialogUp         string `action:"dialog_up"`
	DialogDiscard    string `action:"dialog_discard"`
	Yes              string `action:"yes"`
	No               string `action:"no"`
	OptionNext       string `action:"option_next"`
	OptionPrev       string `action:"option_prev"`
}

// HelpGroupText titles the columns of the full help. The `group` tag matches
// keymap.Group.Name.
type HelpGroupText struct {
	Navigation string `group:"navigation"`
	Selection  string `group:"selection"`
	Actions    string `group:"actions"`
	View       string `group:"view"`
	General    string `group:"general"`
	Dialog     string `group:"dialog"`
	Outbox     string `group:"outbox"`
}

// DialogText holds dialog titles and field labels.
type DialogText struct {
	Invite, Reject, MailTemplate, MailAddress, Move, Later string
	Comment, DeleteComment, BuyContacts, OpenContacts      string
	// Bulk is "%d": the dialog acts on that many marked resumes.
	Bulk string
	// Field labels.
	Template, Subject, Body, Address, Folder, NoTemplates string
	// DiscardEdits asks before another template replaces the edited text.
	DiscardEdits string
	// DraftFrom is the line over a draft offered back (issue 26 §6): "%s"
	// when it was written, "%s" the key that discards it.
	DraftFrom string
	// DraftKept, DraftDiscarded: the status line when a dialog closes with
	// its text kept as a draft, or after its draft was thrown away.
	DraftKept, DraftDiscarded string
	// DraftUnsaved is "%s": the cache did not take the draft, which the
	// session still holds until it ends.
	DraftUnsaved string
	// Loading is shown while templates are fetched.
	Loading string
	// ConfirmDeleteComment asks before a comment is deleted.
	ConfirmDeleteComment string
	// ConfirmBulkLetter is "%d": a letter to that many applicants, asked
	// before it goes (a sent letter cannot be taken back).
	ConfirmBulkLetter string
	// ConfirmBulkLetterHeld is ConfirmBulkLetter with an undo window: "%d"
	// applicants, "%d" seconds, "%s" the undo key.
	ConfirmBulkLetterHeld string
	// ConfirmBulkReject is "%d": rejecting that many without a letter.
	ConfirmBulkReject string
}

// ButtonText holds dialog button labels.
type ButtonText struct {
	Invite, Reject, RejectNoLetter, Send, Move, Later, Save string
	Buy, Open, Delete, Confirm, Cancel, Editor, SendSMS     string
	// KeepDraft is esc's label once text was typed; Discard the discard key's.
	KeepDraft, Discard string
}

// ContactsText is the buy/open contacts dialog and the contacts block.
type ContactsText struct {
	// CostWarning says buying spends money and cannot be undone.
	CostWarning string
	// BulkCostWarning is "%d": buying for that many resumes.
	BulkCostWarning string
	// OpenHint explains opening contacts already paid for.
	OpenHint string
	Phone    string
	Email    string
	Hidden   string
}

// FailureText puts the service's buy/open failure labels (API 2.0 §4.7) in
// plain words. Text.Failure maps a label to one of these.
type FailureText struct {
	NotEnoughMoney     string
	TariffMismatch     string
	ResumeNotPublished string
	AccessDenied       string
	InsufficientRights string
	NeedToBuyFirst     string
	TooManyAttempts    string
	// Unknown is "%s" = the label the service sent that we don't know.
	Unknown string
}

// LoginText is the login screen.
type LoginText struct {
	Title, Subtitle, Login, Password, Submit, Hint string
	WrongCredentials, TooManyAttempts, Offline     string
	InProgress, Quit                               string
}

// EmptyText is what panes show when they have nothing.
type EmptyText struct {
	Folder, Filter, NoResume, NoHistory, NoComments string
}

// SortText names the sort orders.
type SortText struct {
	Date, Salary, Age, Ascending, Descending string
}

// ScopeText names whose resumes are shown: the user's own or the company's.
type ScopeText struct {
	Mine, Company string
}

// ValueText holds words used by the formatting methods.
type ValueText struct {
	// SalaryByAgreement replaces a zero salary: the applicant left it open.
	// SalaryByAgreementShort says it in the resume list's salary column
	// (13 cells): a blank cell there read as "no data".
	SalaryByAgreement, SalaryByAgreementShort string
	// AllVacancies is the vacancy filter's "no filter" value.
	AllVacancies string
	Yes, No      string
}

// ResumeText is the resume pane: section headings and labels of the
// rendered resume.
type ResumeText struct {
	// Rendering is shown while the resume is being laid out.
	Rendering string
	// Untitled is "%d" = resume id, the heading when the name is unknown.
	Untitled string
	// Now ends the period of the current job ("03.2021 – now").
	Now                                     string
	Experience, Education, Courses          string
	Languages, DrivingLicence, Skills       string
	AdditionalInfo, Contacts, OtherFields   string
	Link, Updated, OtherContacts, CallHours string
}

// EventText titles the event types of section 6 of the API, used when the
// service sends no type_title.
type EventText struct {
	SentByApplicant, CopiedToMe, BySubscription, FoundBySelf string
	CopiedFromUser, Invited, MovedToConsideration, Rejected  string
	LetterSent, SentToEmail, MovedToFolder, AddedToUser      string
	// Unknown is "%d" = an event type this version does not know.
	Unknown string
}

// CommentText is the comments pane.
type CommentText struct {
	// OtherResumes says the list includes comments on the applicant's
	// other resumes: the API returns those too.
	OtherResumes string
	// Own marks the user's own comments.
	Own string
	// Pending marks a comment the server has not confirmed yet.
	Pending string
	// NotOwn is the hint when deleting someone else's comment.
	NotOwn string
	// Anonymous replaces a missing author.
	Anonymous string
}
