package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"hrdesk/textsafe"
)

// activeFolderSQL is the folder of the newest unfinished outbox action of
// resume ?1: while one exists, the recruiter's local move is what the list
// shows, whatever the sync brings (see outbox.go).
const activeFolderSQL = `(SELECT o.new_folder FROM outbox o
	WHERE o.resume_id = ?1 AND o.new_folder IS NOT NULL AND o.state IN ('pending', 'in_flight', 'unknown')
	ORDER BY o.id DESC LIMIT 1)`

// actedOnSQL: the recruiter acted on resume ?1 from here. The service may
// still call it new ("Refused 292 +3" after rejecting three new ones): it
// is not new to the recruiter.
const actedOnSQL = `EXISTS (SELECT 1 FROM outbox o WHERE o.resume_id = ?1 AND o.state <> 'cancelled')`

// keepsUserFolderSQL: the cached user folder outlives this listing (?19 is
// its newest event that changes folders, store.ChangesFolder): a resume
// moved into a user folder stays there until such an event newer than the
// move says otherwise; a letter after the move does not (issue 28 §1). No
// list call names user folders (issue 19 §2.1).
const keepsUserFolderSQL = `(entries.user_folder IS NOT NULL AND ?19 <= entries.user_folder_at)`

// userFolderSQL is the user folder after this listing: the one its newest
// folder-changing event, a move, names (?18, resolved by the sync from the
// configured folders and the site's names), else the cached one while it
// holds.
const userFolderSQL = `CASE WHEN ` + syncPlacesSQL + ` THEN ?18 WHEN ` + keepsUserFolderSQL + ` THEN entries.user_folder END`

// syncPlacesSQL: the folder the listing names (?18) replaces the cached
// one, unless it is only the site's name for a folder (SiteFolder) and the
// cached one, a configured folder the recruiter moved it to or the sync
// placed it in, is as new: the same move, better known.
const syncPlacesSQL = `(?18 != '' AND NOT (substr(?18, 1, 5) = '` + siteFolderPrefix + `' AND ` + keepsUserFolderSQL + `))`

const upsertEntrySQL = `INSERT INTO entries (resume_id, scope, server_folder, folder, is_new,
	first_name, last_name, middle_name, profession, age, salary, currency, town,
	vacancy_id, last_event_at, contacts_bought, synced_at, seen_token, missing_since, user_folder, user_folder_at)
VALUES (?1, ?2, ?3, coalesce(` + activeFolderSQL + `, nullif(?18, ''), ?3), ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12,
	?13, ?14, ?15, ?16, ?17, 0, nullif(?18, ''), CASE WHEN ?18 != '' THEN ?19 ELSE 0 END)
ON CONFLICT (resume_id) DO UPDATE SET
	-- an entry in the user's own list stays "mine" when the company list shows it too
	scope = CASE WHEN entries.scope = 'mine' THEN 'mine' ELSE excluded.scope END,
	server_folder = excluded.server_folder,
	user_folder = ` + userFolderSQL + `,
	user_folder_at = CASE WHEN ` + syncPlacesSQL + ` THEN ?19 WHEN ` + keepsUserFolderSQL + ` THEN entries.user_folder_at ELSE 0 END,
	folder = coalesce(` + activeFolderSQL + `, ` + userFolderSQL + `, excluded.server_folder),
	is_new = CASE WHEN ` + actedOnSQL + ` THEN 0 ELSE excluded.is_new END,
	first_name = excluded.first_name, last_name = excluded.last_name, middle_name = excluded.middle_name,
	profession = excluded.profession, age = excluded.age,
	salary = excluded.salary, currency = excluded.currency, town = excluded.town,
	vacancy_id = excluded.vacancy_id, last_event_at = excluded.last_event_at,
	contacts_bought = excluded.contacts_bought, synced_at = excluded.synced_at,
	seen_token = coalesce(excluded.seen_token, entries.seen_token), missing_since = 0`

const upsertBodySQL = `INSERT INTO entry_frames (resume_id, body) VALUES (?, ?)
ON CONFLICT (resume_id) DO UPDATE SET body = excluded.body`

// searchDocSQL writes resume ?1's search document: the caller gives the
// texts (writeSearchDoc folds them), the cache gives the visible comments.
var searchDocSQL = searchDocInto("entries_fts")

// searchDocInto is searchDocSQL into the index table (migration 10 fills a
// new one before it takes the old one's name).
func searchDocInto(table string) string {
	return `INSERT OR REPLACE INTO ` + table + ` (rowid, names, profession, skills, work_history, comments)
VALUES (?1, ?2, ?3, ?4, ?5, ` + yoToYe(`coalesce((SELECT group_concat(c.text, ' ') FROM comments c WHERE c.resume_id = ?1 AND c.hidden = 0), '')`) + `)`
}

// yoToYe folds ё into е in an SQL text expression. Russian writes ё and е
// interchangeably and unicode61's remove_diacritics covers Latin letters
// only, so both the documents and the queries (SearchQuery) fold it.
func yoToYe(expr string) string {
	return "replace(replace(" + expr + ", 'ё', 'е'), 'Ё', 'Е')"
}

// UpsertEntries writes a batch of entries with their events in one
// transaction (the sync engine sends the 100 of one API page). Entries
// already cached are updated; a pending local folder change survives.
func (s *Store) UpsertEntries(ctx context.Context, entries []Entry) error {
	return s.upsertEntries(ctx, entries, "")
}

// upsertStmts are the statements of one batch, prepared once per transaction.
type upsertStmts struct {
	tx                                               *sql.Tx
	entry, body, delEvents, event, delVacs, vac, fts *sql.Stmt
}

func prepareUpsert(ctx context.Context, tx *sql.Tx) (*upsertStmts, error) {
	st := upsertStmts{tx: tx}
	for _, p := range []struct {
		dst **sql.Stmt
		sql string
	}{
		{&st.entry, upsertEntrySQL},
		{&st.body, upsertBodySQL},
		{&st.delEvents, `DELETE FROM events WHERE resume_id = ?`},
		{&st.event, `INSERT INTO events (resume_id, seq, vacancy_id, type, date_event, text, date_text, type_title, description)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`},
		{&st.delVacs, `DELETE FROM entry_vacancies WHERE resume_id = ?`},
		{&st.vac, `INSERT OR IGNORE INTO entry_vacancies (vacancy_id, resume_id) VALUES (?, ?)`},
		{&st.fts, searchDocSQL},
	} {
		stmt, err := tx.PrepareContext(ctx, p.sql)
		if err != nil {
			return nil, fmt.Errorf("store: prepare: %w", err)
		}
		*p.dst = stmt
	}
	return &st, nil
}

func (s *Store) upsertEntries(ctx context.Context, entries []Entry, seenToken string) error {
	for i := range entries {
		if err := validateEntry(&entries[i]); err != nil {
			return err
		}
	}
	now := s.now().Unix()
	var token any
	if seenToken != "" {
		token = seenToken
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		st, err := prepareUpsert(ctx, tx)
		if err != nil {
			return err
		}
		for i := range entries {
			if err := st.upsert(ctx, &entries[i], now, token); err != nil {
				return fmt.Errorf("store: upsert resume %d: %w", entries[i].ResumeID, err)
			}
		}
		return countSearchWrites(ctx, tx, len(entries))
	})
}

func validateEntry(e *Entry) error {
	if e.ResumeID <= 0 {
		return fmt.Errorf("store: entry without a resume id")
	}
	if e.Scope != ScopeMine && e.Scope != ScopeCompany {
		return fmt.Errorf("store: resume %d: scope %q", e.ResumeID, e.Scope)
	}
	if !ValidFolder(e.Folder) {
		return fmt.Errorf("store: resume %d: folder %q", e.ResumeID, e.Folder)
	}
	if _, err := cleanUserFolder(e.UserFolder); err != nil {
		return fmt.Errorf("store: resume %d: %w", e.ResumeID, err)
	}
	return nil
}

func (st *upsertStmts) upsert(ctx context.Context, e *Entry, now int64, token any) error {
	first, last, middle := textsafe.Line(e.FirstName), textsafe.Line(e.LastName), textsafe.Line(e.MiddleName)
	display, profession := displayName(last, first, middle), textsafe.Line(e.Profession) // display: the search's names
	vacancy, lastEvent := latestVacancy(e)
	userFolder, _ := cleanUserFolder(e.UserFolder) // checked by validateEntry
	b := body{raw: cleanRaw(e.RawJSON), skills: textsafe.Clean(e.Skills), workHistory: textsafe.Clean(e.WorkHistory)}
	if _, err := st.entry.ExecContext(ctx, e.ResumeID, string(e.Scope), e.Folder, boolInt(e.IsNew),
		first, last, middle, profession,
		// Below zero says nothing: unknown, as the list's orders take it (ranged.go).
		max(e.Age, 0), max(e.Salary, 0), textsafe.Line(e.Currency), textsafe.Line(e.Town),
		vacancy, lastEvent, boolInt(e.ContactsBought), now, token, userFolder, folderChangedAt(e)); err != nil {
		return err
	}
	if _, err := st.body.ExecContext(ctx, e.ResumeID, encodeBody(b)); err != nil {
		return err
	}
	if _, err := st.delEvents.ExecContext(ctx, e.ResumeID); err != nil {
		return err
	}
	if _, err := st.delVacs.ExecContext(ctx, e.ResumeID); err != nil {
		return err
	}
	for i, ev := range e.Events {
		if _, err := st.event.ExecContext(ctx, e.ResumeID, i, ev.VacancyID, ev.Type, unix(ev.DateEvent),
			textsafe.Line(ev.Text), textsafe.Line(ev.Date), textsafe.Line(ev.TypeTitle),
			textsafe.Clean(ev.Description)); err != nil {
			return err
		}
		if ev.VacancyID != 0 {
			if _, err := st.vac.ExecContext(ctx, ev.VacancyID, e.ResumeID); err != nil {
				return err
			}
		}
	}
	if err := writeSearchDoc(ctx, st.fts, e.ResumeID, searchNames(display, last, first, middle), profession, &b); err != nil {
		return err
	}
	return writeFacts(ctx, st.tx, e.ResumeID, factsOf(e.RawJSON, first, last, middle, e.Town, e.Age, fromUnix(lastEvent), firstEvent(e)))
}

// latestVacancy returns the entry's vacancy (id_vac of its newest event
// that has one; on equal times the later in the array) and the time of its
// newest event.
func latestVacancy(e *Entry) (vacancy, lastEvent int64) {
	var vacAt int64 = -1
	for _, ev := range e.Events {
		t := unix(ev.DateEvent)
		if t > lastEvent {
			lastEvent = t
		}
		if ev.VacancyID != 0 && t >= vacAt {
			vacancy, vacAt = ev.VacancyID, t
		}
	}
	if !e.LastEventAt.IsZero() {
		lastEvent = e.LastEventAt.Unix()
	}
	return vacancy, lastEvent
}

// firstEvent is the time of an entry's earliest event: when the response
// came (0 without a dated event).
func firstEvent(e *Entry) int64 {
	var first int64
	for _, ev := range e.Events {
		if t := unix(ev.DateEvent); t > 0 && (first == 0 || t < first) {
			first = t
		}
	}
	return first
}

// displayName is "Last First Middle", the Russian order, without empty parts.
func displayName(last, first, middle string) string {
	parts := make([]string, 0, 3)
	for _, p := range []string{last, first, middle} {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, " ")
}

// execer is a transaction or a statement prepared in one.
type execer interface {
	ExecContext(ctx context.Context, args ...any) (sql.Result, error)
}

// writeSearchDoc writes one resume's search document through stmt, a
// prepared searchDocSQL.
func writeSearchDoc(ctx context.Context, stmt execer, resumeID int64, names, profession string, b *body) error {
	_, err := stmt.ExecContext(ctx, resumeID, yoReplacer.Replace(names), yoReplacer.Replace(profession),
		yoReplacer.Replace(b.skills), yoReplacer.Replace(b.workHistory))
	return err
}

// searchNames is the names column of a search document: the display name
// and each part, so "Сидорова Анна" and "Анна" both match.
func searchNames(display, last, first, middle string) string {
	return display + " " + last + " " + first + " " + middle
}

// txStmt runs one statement in a transaction as an execer.
type txStmt struct {
	tx    *sql.Tx
	query string
}

func (t txStmt) ExecContext(ctx context.Context, args ...any) (sql.Result, error) {
	return t.tx.ExecContext(ctx, t.query, args...)
}

// refreshSearch rebuilds one resume's search document inside tx from what
// the cache holds (after its comments or names changed); nothing when the
// resume is not cached.
func refreshSearch(ctx context.Context, tx *sql.Tx, resumeID int64) error {
	var last, first, middle, profession string
	var frame []byte
	err := tx.QueryRowContext(ctx, `SELECT e.last_name, e.first_name, e.middle_name, e.profession, f.body
		FROM entries e LEFT JOIN entry_frames f USING (resume_id) WHERE e.resume_id = ?`, resumeID).
		Scan(&last, &first, &middle, &profession, &frame)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("store: search index: %w", err)
	}
	b, err := decodeBody(frame)
	if err != nil {
		return damagedBody(resumeID, err)
	}
	if err := writeSearchDoc(ctx, txStmt{tx, searchDocSQL}, resumeID, searchNames(displayName(last, first, middle), last, first, middle), profession, &b); err != nil {
		return fmt.Errorf("store: search index: %w", err)
	}
	return countSearchWrites(ctx, tx, 1)
}

// EventMoved is the event type of a move between folders (section 6).
const EventMoved = 110
