package store

import (
	"strconv"
	"time"
)

// Folder names of received resumes (4.9): the four API folders, or a
// numeric user-folder id as text.
const (
	FolderInbox      = "inbox"
	FolderInvited    = "invited"
	FolderConsidered = "considered"
	FolderRefused    = "refused"
)

// Folders are the API folders in the order the UI lists them.
var Folders = []string{FolderInbox, FolderInvited, FolderConsidered, FolderRefused}

// FolderForStatus maps the received-list status filter (4.10: 0, 10, 20,
// 30) to its folder; note invited is 10 and considered 20.
func FolderForStatus(status int) (string, bool) {
	switch status {
	case 0:
		return FolderInbox, true
	case 10:
		return FolderInvited, true
	case 20:
		return FolderConsidered, true
	case 30:
		return FolderRefused, true
	}
	return "", false
}

// StatusForFolder is the inverse of FolderForStatus; user folders have no status.
func StatusForFolder(folder string) (int, bool) {
	switch folder {
	case FolderInbox:
		return 0, true
	case FolderInvited:
		return 10, true
	case FolderConsidered:
		return 20, true
	case FolderRefused:
		return 30, true
	}
	return 0, false
}

// ValidFolder reports whether folder is an API folder or a user-folder id.
func ValidFolder(folder string) bool {
	if _, ok := StatusForFolder(folder); ok {
		return true
	}
	n, err := strconv.ParseInt(folder, 10, 64)
	return err == nil && n > 0
}

// Scope says which list an entry came from (4.10): the user's own received
// resumes or the whole company's.
type Scope string

// Scopes. An entry seen in both lists is ScopeMine.
const (
	ScopeAll     Scope = "" // filters only: no restriction
	ScopeMine    Scope = "mine"
	ScopeCompany Scope = "company"
)

// Entry is a received-resume entry (2.8) as the sync engine writes it.
// Strings are cleaned by the store; RawJSON is kept compact with its
// strings cleaned (textsafe.JSON), as an EntryDetail gives it back.
type Entry struct {
	ResumeID int64
	Scope    Scope  // ScopeMine or ScopeCompany
	Folder   string // the folder the server listed it in (FolderForStatus)
	// UserFolder is the user folder its newest folder-changing event (a
	// move, ChangesFolder) names, "" when none: the sync resolves it from
	// the configured folders, else the site's name (SiteFolder).
	UserFolder     string
	IsNew          bool
	FirstName      string
	LastName       string
	MiddleName     string
	Profession     string // the resume's headline (desired position)
	Age            int    // 0 = unknown
	Salary         int64  // 0 = unknown
	Currency       string
	Town           string
	ContactsBought bool
	Skills         string // free text for search
	WorkHistory    string // work_history flattened, for search
	// LastEventAt overrides the newest event time; zero means derive it
	// from Events.
	LastEventAt time.Time
	Events      []Event
	RawJSON     []byte // the resume object as received
}

// Event is one record of an entry's events array (section 6).
type Event struct {
	VacancyID   int64 // id_vac, 0 when none
	Type        int
	DateEvent   time.Time
	Text        string
	Date        string // the textual date
	TypeTitle   string
	Description string
}

// EntryRow is one line of the resume list: light columns only.
type EntryRow struct {
	ResumeID     int64
	DisplayName  string
	FirstName    string
	LastName     string
	MiddleName   string
	Profession   string
	Age          int
	Salary       int64
	Currency     string
	Town         string
	VacancyID    int64
	Folder       string // shown folder: a pending local move wins over the server's
	ServerFolder string
	// UserFolder is the user folder the server has it in ("": none).
	UserFolder  string
	Scope       Scope
	IsNew       bool
	LastEventAt time.Time
	// Outbox markers: unfinished (pending or sending), failed and not
	// dismissed, unknown outcome.
	Pending int
	Failed  int
	Unknown int
	// Woken: its snooze's time came and nothing was done with it yet
	// (set when the query asks WokenFirst).
	Woken bool
}

// EntryDetail is one entry with everything cached about it but events and comments.
type EntryDetail struct {
	EntryRow
	ContactsBought bool
	Skills         string
	WorkHistory    string
	SyncedAt       time.Time
	MissingSince   time.Time // non-zero while the server no longer lists it
	RawJSON        []byte    // the resume object, compact, its strings cleaned (textsafe.JSON)
	// Analytics are filled by EachEntry only (the export's columns).
	Analytics Analytics
}

// Comment is a comment on a resume (2.9).
type Comment struct {
	ID       int64 // negative for a local comment not yet confirmed by the server
	ResumeID int64
	Text     string
	Author   string
	Date     time.Time
	Own      bool
	Pending  bool // its comment_add (or a comment_delete of it) is unfinished
}

// TemplateKind is one of the three template lists (4.8).
type TemplateKind string

// Template kinds.
const (
	TemplateMail       TemplateKind = "mail"
	TemplateInvitation TemplateKind = "invitation"
	TemplateRejection  TemplateKind = "rejection"
)

// Template is a mail, invitation or rejection template (2.7).
type Template struct {
	ID       int64
	Name     string
	Subject  string
	Greeting string
	Body     string
}

// TemplateSet is a kind's templates and whether an SMS may accompany them.
type TemplateSet struct {
	Kind      TemplateKind
	SendSMS   bool
	Templates []Template
	SyncedAt  time.Time
}

// Vacancy is one of the user's own vacancies (2.2).
type Vacancy struct {
	ID            int64
	Profession    string
	Published     int // 0 closed access, 1 open, 3 archived
	IsArchive     bool
	ViewsCount    int
	ResumesAll    int
	ResumesNew    int
	DatePublished time.Time
	DatePubTo     time.Time
	RawJSON       []byte
}

// Selection is a resume selection (2.6), kept for a later issue.
type Selection struct {
	ID      int64
	Name    string
	Status  int
	RawJSON []byte
}

// User is the signed-in user.
type User struct {
	ID       int64
	Name     string
	Email    string
	RawJSON  []byte
	SyncedAt time.Time
}
