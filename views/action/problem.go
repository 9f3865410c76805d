package action

// Kind is what went wrong with a call, decided once (the command line's
// classifier, ui.Options.Explain) so every part of the UI only picks its
// words for it.
type Kind int

// Kinds of problems.
const (
	// None: it worked.
	None Kind = iota
	// Offline: the server could not be reached; the cache still works and
	// actions wait in the outbox.
	Offline
	// NeedsLogin: the session expired or was ended.
	NeedsLogin
	// RateLimited: the server refuses for a while (429, or 503 overload).
	RateLimited
	// ServerDown: the server failed (5xx, an error page); nothing is lost.
	ServerDown
	// Refused: the server answered no; Detail is its message.
	Refused
	// Blocked: the employer account is blocked; Detail is the server's reason.
	Blocked
	// WrongCredentials and TooManyAttempts are the login's refusals.
	WrongCredentials
	TooManyAttempts
	// Busy: another session of this profile is syncing right now.
	Busy
	// Local: a failure on this machine (the cache, the disk), never the
	// server's; Detail says what.
	Local
)

// Problem is a failed call, classified.
type Problem struct {
	Kind Kind
	// Detail is the server's message (Refused), its reason (Blocked) or
	// what failed here (Local): one line, already free of secrets.
	Detail string
}
