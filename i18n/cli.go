package i18n

// CLIText is what the command line says (issue 28 §6): its messages, the
// failures' next steps, its tables' heads. A command speaks the profile's
// language by the workstation's rule (Detect); its --json output has no
// words of this catalogue and is the same in both languages.
type CLIText struct {
	// UsageHint follows a mistake on the command line.
	UsageHint string
	// InternalError is "%v" = what went wrong: a bug, never a stack trace.
	InternalError string
	// UnknownCommand is "%q" the word, "%s" DidYouMean or "".
	UnknownCommand string
	// DidYouMean is "%s" = the close commands, joined by Or.
	DidYouMean, Or string

	// The failures' next steps (problem.Of's kinds, the login's);
	// LoginFirst: a command needs the login the profile does not hold.
	LoginFirst                        string
	TooManyAttempts, WrongCredentials string
	// ServiceSays is "%s" ours, "%s" the service's own words.
	ServiceSays             string
	BadClient, CodeExpired  string
	NeedsLogin, RateLimited string
	// Offline is "%s" the service, "%s" what the network said.
	Offline string
	// Timeout is "%s" the service; Blocked "%s" the service's reason.
	Timeout, Blocked string
	// Redirected is "%s" the service, "%s" where it pointed.
	Redirected string

	// The cache and its arguments: NotAResumeID "%q", NotInCache "%d",
	// UnknownFolder "%q", UserFolder "%s" (a folder config.toml does not
	// name, by its id).
	NotAResumeID, NotInCache, UnknownFolder, UserFolder string

	// search. NothingMatches, the table's head (tab-separated), "%d of
	// %d" shown, and the plural forms of "%d matches".
	NothingMatches, SearchHead, SearchShown string
	MatchOne, MatchFew, MatchMany           string
	SearchNeedsWords                        string
	// BadVacancy is "%d" a vacancy id below zero; BadLimit "%d" the most.
	BadVacancy, BadLimit string

	// status. Its column heads; StaleNote "%s" how long (DaysOne, DaysFew,
	// DaysMany are "%d" days); Actions "%d" pending, sending, failed,
	// unknown; LastSync "%s" when, "%s" how long ago.
	ColFolder, ColTotal, ColNew, ColStale string
	StaleNote                             string
	// SnoozedNote "%d" resumes snoozed (z), left out of the counts above.
	SnoozedNote                string
	DaysOne, DaysFew, DaysMany string
	Actions, SeeOutbox         string
	NeverSynced, LastSync      string

	// sync's summary: Synced "%d" resumes, "%d" requests, "%s" how long;
	// SyncActions "%d" sent, refused, unknown; the rest "%d" of them.
	Synced, Continuing, SyncActions        string
	Deferred, Unread, Unconfirmed, Missing string
	SeeOutboxList                          string

	// A push after an action: NotSentYet and QueuedNotSent "%s" why;
	// SentAccepted and its tails "%d"; ActionLine "%d" id, "%s" what,
	// "%d" resume, "%s" state, "%s" the server's message.
	NotSentYet, QueuedOtherSession, QueuedNotSent, QueuedServerTrouble string
	SentAccepted, SentDeferred, SentRefused, SentUnknown               string
	ActionLine                                                         string
	// Queued is "%d" the action, "%d" the resume, "%s" what it does.
	Queued string
	// An action's arguments: Usage "%s" the command's syntax; NotAnEmail
	// "%q" the word; NeedsTemplate "%s" the command.
	Usage, EmptyComment, NotAnEmail, NeedsTemplate string

	// outbox. OutboxHead is the table's head (tab-separated); ActionDone
	// "%d" the action, "%s" the verb; the refusals "%d" the action.
	OutboxListArgs, OutboxUsage, NotAnActionID, OutboxUnknownVerb string
	NoActionsYet, OutboxEmpty, OutboxHead, ActionDone             string
	NoSuchAction, CannotCancel, CannotRetry, CannotDismiss        string
	// What an action does: Move and Later "%s" the folder; Invite,
	// SendMail and Reject "%d" the template; MailTo "%s" the address;
	// Comment "%q" its start; DeleteComment "%d" the comment.
	Move, Later, Invite, SendMail, Reject, RejectSilent string
	MailTo, Comment, DeleteComment                      string
	// NoArguments is "%s" the command; NoArgumentsUse "%s" the command,
	// "%s" the flags to use instead.
	NoArguments, NoArgumentsUse string

	// login, logout, whoami. LoggedIn "%s" the token file; NotEmployer "%s"
	// the account's type; CannotReadPassword "%w" why; OAuthOpen "%s" the
	// address; AuthPageSaid "%q" its error; LoggedOutHere "%s" why the
	// server was not told; UserID "%d".
	LoggedIn, NotEmployer, LoginNeedsFlag, PromptLogin, PromptPassword string
	NoLogin, NoPassword, CannotReadPassword                            string
	OAuthOpen, OAuthPaste, NoCode, CannotReadAddress                   string
	AuthPageSaid, StateMismatch, NoCodeInAddress                       string
	NotLoggedIn, LoggedOutHere, LoggedOut, UserID                      string

	// vacancies and templates. CachedList "%s" why the list was not
	// refreshed; the heads are tab-separated; VacancyOpen, VacancyClosed,
	// VacancyArchived name a state; NotAVacancyID "%q"; ArchiveAsk "%d"
	// vacancies, "%s" their ids; NotArchived "%d" the id, "%s" why;
	// ArchivedOne "%d"; NotArchivedCount "%d" of "%d"; UnknownVacanciesVerb
	// "%q"; BadKind "%q".
	UnknownVacanciesVerb, CachedList, NoVacancies, VacanciesHead string
	VacancyOpen, VacancyClosed, VacancyArchived                  string
	NotAVacancyID, ArchiveNeedsYes, ArchiveAsk, NothingArchived  string
	NotArchived, ArchivedOne, NotArchivedCount                   string
	BadKind, NoTemplates, TemplatesHead                          string

	// report. ReportNoVacancy "%d"; CacheAge "%s" how long ago (AgoHours,
	// AgoDays "%d"), "%s" when; ReportHeads are the table's heads,
	// tab-separated: id, vacancy, responses, inbox, considered, invited,
	// refused, waiting, near and past their stage's limit (issue 30 §2),
	// window, trend, first action (at most 6 columns each but the
	// vacancy's); PerDay "%d" days; Window "%s".."%s".
	ReportNoVacancy, NeverSyncedCache, CacheAge, AgoHours, AgoDays string
	ReportHeads, PerDay, Total, Window                             string

	// status's meter. Learned "%d" now, "%d" configured, "%s" when;
	// RequestsUnreadable "%d" the limit, "%v" why; RequestsNone "%d" left
	// of "%d"; RequestsSome "%d" left of "%d", "%d" sent, "%s" when all
	// are back; LoginError "%v"; LoginEnded, LoginEndedRenew "%s" when;
	// LoginUntil, LoginUntilRenew "%s" when, "%s" how long (LifeDays "%d"
	// days "%d" hours, LifeHours "%d" hours "%d" minutes, LifeMinutes "%d").
	Learned, RequestsUnreadable, RequestsNone, RequestsSome             string
	LoginNone, LoginError, LoginNoLifetime, LoginEndedRenew, LoginEnded string
	LoginUntilRenew, LoginUntil                                         string
	LifeDays, LifeHours, LifeMinutes, LifeUnderMinute                   string

	// More mistakes on the command line: BadFormat, SinceRange, SinceWords
	// "%q" what was given.
	BadFormat, OneFormat, SinceRange, SinceWords string
	// The cache and the terminal: CacheUpgrading "%s" the file, "%d" →
	// "%d" its schema; CacheUpgradedIn "%s" how long; CacheNewer "%v" the
	// cache's words; NotACache "%s" the file; CannotOpenCache "%w";
	// CacheDamaged "%s" the file.
	NeedsTerminal, CacheUpgrading, CacheUpgraded, CacheUpgradedIn string
	CacheNewer, NotACache, CannotOpenCache, CacheDamaged          string

	// selections. NotASelectionID "%q"; SelectionCreated "%d" its id, "%q"
	// its name; SelectionUpdated the same and "%s" On or Off (its e-mail);
	// DeleteAsk, SelectionDeleted "%d"; SelectionRefused "%s" the
	// server's words; PeriodDays "%d".
	UnknownSelectionsVerb, NotASelectionID, SelectionCreated, SelectionUpdated  string
	On, Off, DeleteNeedsYes, DeleteAsk, NothingDeleted, SelectionDeleted        string
	NoSuchSelection, SelectionRefused, NoSelections, SelectionsHead, PeriodDays string

	// sync's progress line: what it does (FetchingFolder "%s" the
	// folder), the unit counted; Progress "%s" what, "%d"/"%d" done of
	// all, "%s" the unit, "%d" requests; ETA "%s" how long; a wait's
	// length (AboutSeconds, AboutMinutes "%d"); SoFar "%d"/"%d"; the
	// waits "%s" how long.
	Fetching, FetchingFolder, SendingActions, Catalogue, SyncDone string
	UnitResumes, UnitActions, Progress, ETA                       string
	AboutSeconds, AboutMinutes, AMoment, SoFar                    string
	WaitRate, WaitServer, WaitConnection, WaitRecheck, WaitOther  string
	// (An outbox row's state and message are the screen's words:
	// OutboxText's StateName and Message, issue 28 §5.)

	// More: what still spoke English after the first pass.
	More CLIMoreText
	// Serve: demo-server, --demo and serve.
	Serve CLIServeText
	// Team: report's figures of the team (issue 30).
	Team CLITeamText
	// Digest: `hrdesk digest` (issue 30 §5).
	Digest CLIDigestText
	// Notices: sync's news, the shared budget's, export's and [keys]'.
	Notices CLINoticesText
	// Help: --help.
	Help CLIHelpText
}
