package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"hrdesk/textsafe"
)

// The outbox holds the recruiter's actions until the server has them.
//
// State machine (every transition is one transaction together with its
// effect on the cache):
//
//	Enqueue ─────────────► pending      optimistic change applied
//	pending  ─MarkInFlight► in_flight   (only when no earlier unfinished action of the resume)
//	pending  ─Cancel──────► cancelled   optimistic change rolled back
//	in_flight─MarkDone────► done        the server has it: server_folder takes the new folder
//	in_flight─MarkFailed──► failed      the server refused: rolled back, message kept
//	in_flight─MarkUnknown─► unknown     ambiguous outcome: change kept, never re-sent automatically
//	in_flight─RecoverInFlight (after a crash): idempotent kinds → pending, the others → unknown
//	failed, unknown ─Retry─► pending    change re-applied
//	failed  ─Dismiss──────► failed (dismissed: no marker)
//	unknown ─Dismiss──────► cancelled   rolled back: the next sync tells the truth
//
// "Unfinished" means pending, in_flight or unknown: such an action blocks
// later actions of the same resume (FIFO per resume), and its folder is the
// one the list shows, even after a sync upsert brings the server's folder.

// ActionKind is what the action does on the server (4.8, 4.9).
type ActionKind string

// Action kinds.
const (
	ActionMove          ActionKind = "move"           // 4.9 move, Payload.Folder
	ActionLater         ActionKind = "later"          // 4.9 later, Payload.Folder or considered
	ActionCommentAdd    ActionKind = "comment_add"    // 4.9 comments POST, Payload.Text
	ActionCommentDelete ActionKind = "comment_delete" // 4.9 comments DELETE, Payload.CommentID
	ActionInvite        ActionKind = "invite"         // 4.8 invite, Payload.TemplateID
	ActionReject        ActionKind = "reject"         // 4.8 reject, template optional
	ActionSendMail      ActionKind = "send_mail"      // 4.8 send_mail, Payload.TemplateID
	ActionMailTo        ActionKind = "mail_to"        // 4.8 mail_to, Payload.Email
)

// Idempotent reports whether sending the action twice does no harm, so an
// action interrupted while in flight may be sent again automatically.
func (k ActionKind) Idempotent() bool {
	switch k {
	case ActionMove, ActionLater, ActionCommentDelete:
		return true
	}
	return false
}

// ActionState is where an action is in the state machine above.
type ActionState string

// Action states.
const (
	StatePending   ActionState = "pending"
	StateInFlight  ActionState = "in_flight"
	StateDone      ActionState = "done"
	StateFailed    ActionState = "failed"
	StateUnknown   ActionState = "unknown"
	StateCancelled ActionState = "cancelled"
)

// ErrStateConflict: the action is not in a state that allows the transition
// (e.g. cancelling one already sent, or sending one that waits behind an
// earlier action of the same resume).
var ErrStateConflict = errors.New("store: action state does not allow this")

// ActionPayload holds the parameters of the API call, by kind.
type ActionPayload struct {
	Folder     string `json:"folder,omitempty"`      // move, later (also the optimistic folder of invite/reject)
	TemplateID int64  `json:"template_id,omitempty"` // invite, reject, send_mail
	Subject    string `json:"subject,omitempty"`     // invite, reject, send_mail
	Body       string `json:"body,omitempty"`        // invite, reject, send_mail, mail_to
	SendSMS    bool   `json:"send_sms,omitempty"`    // invite, send_mail
	Email      string `json:"email,omitempty"`       // mail_to: email_to
	EmailFrom  string `json:"email_from,omitempty"`  // mail_to
	NameFrom   string `json:"name_from,omitempty"`   // mail_to
	CommentID  int64  `json:"comment_id,omitempty"`  // comment_delete
	Text       string `json:"text,omitempty"`        // comment_add
}

// Action is one outbox row.
type Action struct {
	ID         int64
	ResumeID   int64
	Kind       ActionKind
	Payload    ActionPayload
	State      ActionState
	NewFolder  string // the optimistic folder, "" when the kind moves nothing
	PrevFolder string // the folder shown before the action
	Error      string // the server's message (failed) or why the outcome is unknown
	Attempts   int
	Dismissed  bool
	// Batch is shared by the actions of one bulk command (EnqueueBatch),
	// which are undone together; 0 for an action queued alone.
	Batch int64
	// NotBefore holds the action back until then: a letter's undo window.
	NotBefore time.Time
	CreatedAt time.Time
	UpdatedAt time.Time
}

// newFolderOf is the folder an action puts the resume in, optimistically.
// Invite and reject: the contract does not show their effect on the folder;
// invited / refused is what the website does and what the recruiter expects,
// and the next sync corrects it.
func newFolderOf(kind ActionKind, p ActionPayload) string {
	switch kind {
	case ActionMove:
		return p.Folder
	case ActionLater:
		if p.Folder != "" {
			return p.Folder
		}
		return FolderConsidered
	case ActionInvite:
		return FolderInvited
	case ActionReject:
		return FolderRefused
	}
	return ""
}

// clean strips escape and control sequences from what the recruiter typed
// (issue 9): the server stores it as sent, and colleagues' clients render
// it. Letters and comments keep their newlines and tabs; one-line fields
// (subject, addresses, sender name) become one line.
func (p *ActionPayload) clean() {
	p.Text, p.Body = textsafe.Clean(p.Text), textsafe.Clean(p.Body)
	p.Subject, p.NameFrom = textsafe.Line(p.Subject), textsafe.Line(p.NameFrom)
	p.Email, p.EmailFrom = textsafe.Line(p.Email), textsafe.Line(p.EmailFrom)
}

func validateAction(a *Action) error {
	if a.ResumeID <= 0 {
		return fmt.Errorf("store: action without a resume id")
	}
	p := &a.Payload
	bad := func(what string) error { return fmt.Errorf("store: %s action: %s", a.Kind, what) }
	switch a.Kind {
	case ActionMove:
		if !ValidFolder(p.Folder) {
			return bad(fmt.Sprintf("folder %q", p.Folder))
		}
	case ActionLater:
		if p.Folder != "" && !ValidFolder(p.Folder) {
			return bad(fmt.Sprintf("folder %q", p.Folder))
		}
	case ActionCommentAdd:
		if strings.TrimSpace(p.Text) == "" {
			return bad("empty comment")
		}
	case ActionCommentDelete:
		if p.CommentID <= 0 {
			return bad("no comment id")
		}
	case ActionInvite, ActionSendMail:
		if p.TemplateID <= 0 {
			return bad("no template id")
		}
	case ActionReject:
	case ActionMailTo:
		if strings.TrimSpace(p.Email) == "" {
			return bad("no e-mail address")
		}
	default:
		return fmt.Errorf("store: unknown action kind %q", a.Kind)
	}
	return nil
}

// Enqueue stores the action durably as pending and applies its optimistic
// change to the cache in the same transaction; it returns the action's id.
//
// Every action passes here, from the workstation's dialogs and from the
// command line alike, so this is where typed text is cleaned: what the
// cache shows is what is sent.
func (s *Store) Enqueue(ctx context.Context, a Action) (int64, error) {
	ids, err := s.EnqueueBatch(ctx, []Action{a})
	if err != nil {
		return 0, err
	}
	return ids[0], nil
}

// EnqueueBatch queues the actions of one bulk command in one transaction:
// all or none, and with more than one they share a Batch, so UndoLast
// takes the whole bulk back.
func (s *Store) EnqueueBatch(ctx context.Context, actions []Action) ([]int64, error) {
	if len(actions) == 0 {
		return nil, nil
	}
	payloads, err := preparePayloads(actions)
	if err != nil {
		return nil, err
	}
	now := s.now().Unix()
	var ids []int64
	err = s.write(ctx, func(tx *sql.Tx) error {
		ids, err = enqueueTx(ctx, tx, actions, payloads, now)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: enqueue: %w", err)
	}
	return ids, nil
}

// preparePayloads cleans and checks the actions and encodes their payloads.
func preparePayloads(actions []Action) ([]string, error) {
	payloads := make([]string, len(actions))
	for i := range actions {
		a := &actions[i]
		a.Payload.clean()
		if err := validateAction(a); err != nil {
			return nil, err
		}
		b, err := json.Marshal(a.Payload)
		if err != nil {
			return nil, fmt.Errorf("store: payload: %w", err)
		}
		payloads[i] = string(b)
	}
	return payloads, nil
}

// enqueueTx inserts the prepared actions as one unit inside tx and applies
// their optimistic changes; it sets each action's ID, State and Batch.
func enqueueTx(ctx context.Context, tx *sql.Tx, actions []Action, payloads []string, now int64) ([]int64, error) {
	if ids, ok, err := enqueueSet(ctx, tx, actions, payloads, now); ok {
		return ids, err
	}
	ids := make([]int64, len(actions))
	b, err := prepareBulk(ctx, tx)
	if err != nil {
		return nil, err
	}
	defer b.close()
	var batch int64
	for i := range actions {
		a := &actions[i]
		var prev sql.NullString
		err := b.folder.QueryRowContext(ctx, a.ResumeID).Scan(&prev)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
		res, err := b.insert.ExecContext(ctx, a.ResumeID, string(a.Kind), payloads[i], newFolderOf(a.Kind, a.Payload),
			prev.String, batch, unix(a.NotBefore), now, now)
		if err != nil {
			return nil, err
		}
		if ids[i], err = res.LastInsertId(); err != nil {
			return nil, err
		}
		if i == 0 && len(actions) > 1 {
			// The batch is named after its first action.
			batch = ids[0]
			if _, err := tx.ExecContext(ctx, "UPDATE outbox SET batch = ? WHERE id = ?", batch, batch); err != nil {
				return nil, err
			}
		}
		a.ID, a.State, a.Batch, a.PrevFolder = ids[i], StatePending, batch, prev.String
		a.NewFolder = newFolderOf(a.Kind, a.Payload)
		if err := b.apply(ctx, tx, a, now); err != nil {
			return nil, err
		}
	}
	return ids, nil
}

const actionColumns = `id, resume_id, kind, payload, state, coalesce(new_folder, ''), coalesce(prev_folder, ''),
	error, attempts, dismissed, batch, not_before, created_at, updated_at`

func scanAction(sc scanner) (Action, error) {
	var a Action
	var payload string
	var notBefore, created, updated int64
	if err := sc.Scan(&a.ID, &a.ResumeID, &a.Kind, &payload, &a.State, &a.NewFolder, &a.PrevFolder,
		&a.Error, &a.Attempts, &a.Dismissed, &a.Batch, &notBefore, &created, &updated); err != nil {
		return a, err
	}
	a.NotBefore = fromUnix(notBefore)
	if err := json.Unmarshal([]byte(payload), &a.Payload); err != nil {
		return a, fmt.Errorf("store: action %d payload: %w", a.ID, err)
	}
	a.CreatedAt, a.UpdatedAt = fromUnix(created), fromUnix(updated)
	return a, nil
}

// Action returns one action; ErrNotFound when absent.
func (s *Store) Action(ctx context.Context, id int64) (Action, error) {
	a, err := scanAction(s.r.QueryRowContext(ctx, "SELECT "+actionColumns+" FROM outbox WHERE id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return a, fmt.Errorf("%w: action %d", ErrNotFound, id)
	}
	return a, err
}

// NextPending returns up to limit actions ready to send, oldest first: an
// action waits while an earlier action of the same resume is unfinished,
// and until its NotBefore.
func (s *Store) NextPending(ctx context.Context, limit int) ([]Action, error) {
	if limit <= 0 {
		limit = 1
	}
	return s.queryActions(ctx, "SELECT "+actionColumns+` FROM outbox a WHERE a.state = 'pending' AND a.not_before <= ?
		AND NOT EXISTS (SELECT 1 FROM outbox b WHERE b.resume_id = a.resume_id AND b.id < a.id
			AND b.state IN ('pending', 'in_flight', 'unknown'))
		ORDER BY a.id LIMIT ?`, s.now().Unix(), limit)
}

// NextDue is when the earliest held-back pending action may leave; ok is
// false when none waits. A pusher sleeps until then.
func (s *Store) NextDue(ctx context.Context) (at time.Time, ok bool, err error) {
	var due sql.NullInt64
	err = s.r.QueryRowContext(ctx, `SELECT min(not_before) FROM outbox WHERE state = 'pending' AND not_before > ?`,
		s.now().Unix()).Scan(&due)
	if err != nil {
		return time.Time{}, false, fmt.Errorf("store: next due: %w", err)
	}
	if !due.Valid {
		return time.Time{}, false, nil
	}
	return fromUnix(due.Int64), true, nil
}

// ListOutbox returns the actions in the given states (all when none), oldest first.
func (s *Store) ListOutbox(ctx context.Context, states ...ActionState) ([]Action, error) {
	if len(states) == 0 {
		return s.queryActions(ctx, "SELECT "+actionColumns+" FROM outbox ORDER BY id")
	}
	args := make([]any, len(states))
	for i, st := range states {
		args[i] = string(st)
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(states)), ", ")
	return s.queryActions(ctx, "SELECT "+actionColumns+" FROM outbox WHERE state IN ("+marks+") ORDER BY id", args...)
}

func (s *Store) queryActions(ctx context.Context, query string, args ...any) ([]Action, error) {
	rows, err := s.r.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: outbox: %w", err)
	}
	defer rows.Close()
	var out []Action
	for rows.Next() {
		a, err := scanAction(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// OutboxCounts are the status bar's numbers.
type OutboxCounts struct {
	Pending  int // waiting
	InFlight int // being sent
	Failed   int // refused by the server, not dismissed
	Unknown  int // outcome unknown: the user must retry or dismiss
}

// OutboxCounts counts actions by state.
func (s *Store) OutboxCounts(ctx context.Context) (OutboxCounts, error) {
	var c OutboxCounts
	err := s.c.QueryRowContext(ctx, `SELECT
		count(*) FILTER (WHERE state = 'pending'),
		count(*) FILTER (WHERE state = 'in_flight'),
		count(*) FILTER (WHERE state = 'failed' AND dismissed = 0),
		count(*) FILTER (WHERE state = 'unknown')
		FROM outbox WHERE state IN ('pending', 'in_flight', 'failed', 'unknown')`).
		Scan(&c.Pending, &c.InFlight, &c.Failed, &c.Unknown)
	if err != nil {
		return c, fmt.Errorf("store: outbox counts: %w", err)
	}
	return c, nil
}
