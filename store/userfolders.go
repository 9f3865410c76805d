package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"hrdesk/textsafe"
)

// User folders as the site has them (issue 28 §1). No list call names a
// user folder; the history does. What places a resume is its newest event
// that changes folders: a letter, a forward to e-mail or a copy to a
// colleague after a move leave it where the move put it.

// ChangesFolder says whether an event of this type (section 6) puts the
// resume in a folder: received (10–50), invited, considered, refused,
// moved. Letters (90), forwards to e-mail (100), copies to a user (120)
// and types the contract does not name leave it where it is.
func ChangesFolder(eventType int) bool {
	switch eventType {
	case 10, 20, 30, 40, 50, 60, 70, 80, EventMoved:
		return true
	}
	return false
}

// siteFolderPrefix marks a folder the history names that no [[folders]]
// entry of config.toml matches: the resume shows under the site's name,
// and nothing can be moved there (ValidFolder refuses it: no id).
const siteFolderPrefix = "site:"

// SiteFolder is the folder value of the site's folder called name.
func SiteFolder(name string) string { return siteFolderPrefix + name }

// SiteFolderName is the site's name of folder when it is a site folder.
func SiteFolderName(folder string) (string, bool) {
	name, ok := strings.CutPrefix(folder, siteFolderPrefix)
	return name, ok && name != ""
}

// maxSiteFolderName bounds a name taken from an event's text (runes).
const maxSiteFolderName = 100

// cleanUserFolder checks a user folder as the sync or a placement gives it
// and returns it as the cache keeps it: a configured folder's id, a site
// folder with its name on one line, or "".
func cleanUserFolder(folder string) (string, error) {
	if folder == "" {
		return "", nil
	}
	if name, ok := strings.CutPrefix(folder, siteFolderPrefix); ok {
		name = strings.TrimSpace(textsafe.Line(name))
		if name == "" || len([]rune(name)) > maxSiteFolderName {
			return "", fmt.Errorf("user folder %q", folder)
		}
		return SiteFolder(name), nil
	}
	if _, std := StatusForFolder(folder); std || !ValidFolder(folder) {
		return "", fmt.Errorf("user folder %q", folder)
	}
	return folder, nil
}

// folderChangedAt is the time of e's newest event that changes folders, 0
// when none does.
func folderChangedAt(e *Entry) int64 {
	var at int64
	for _, ev := range e.Events {
		if ChangesFolder(ev.Type) {
			at = max(at, unix(ev.DateEvent))
		}
	}
	return at
}

// newestMovesSQL lists the cached resumes whose newest folder-changing
// event (the later in the array on equal times) is a move, with that move.
var newestMovesSQL = `SELECT resume_id, vacancy_id, date_event, text, date_text, type_title, description FROM (
	SELECT resume_id, vacancy_id, type, date_event, text, date_text, type_title, description,
		row_number() OVER (PARTITION BY resume_id ORDER BY date_event DESC, seq DESC) AS rn
	FROM events WHERE type IN (10, 20, 30, 40, 50, 60, 70, 80, ` + fmt.Sprint(EventMoved) + `))
WHERE rn = 1 AND type = ` + fmt.Sprint(EventMoved)

// FolderMove is a cached resume whose newest folder-changing event is a
// move: the event says which folder it went to.
type FolderMove struct {
	ResumeID int64
	Move     Event
}

// NewestMoves lists the cached resumes whose newest folder-changing event
// is a move, read from the cache alone: what places them in user folders
// configured after the sync that brought them.
func (s *Store) NewestMoves(ctx context.Context) ([]FolderMove, error) {
	rows, err := s.r.QueryContext(ctx, newestMovesSQL)
	if err != nil {
		return nil, fmt.Errorf("store: newest moves: %w", err)
	}
	defer rows.Close()
	var out []FolderMove
	for rows.Next() {
		m := FolderMove{Move: Event{Type: EventMoved}}
		var at int64
		if err := rows.Scan(&m.ResumeID, &m.Move.VacancyID, &at, &m.Move.Text, &m.Move.Date, &m.Move.TypeTitle, &m.Move.Description); err != nil {
			return nil, fmt.Errorf("store: newest moves: %w", err)
		}
		m.Move.DateEvent = fromUnix(at)
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: newest moves: %w", err)
	}
	return out, nil
}

// Placement puts a resume in the user folder a move at At named ("" for
// none: the list it is shown in decides).
type Placement struct {
	ResumeID int64
	Folder   string
	At       time.Time
}

// placeSQL sets a resume's user folder from a move at ?3 unless a newer
// one is cached (a pushed move, kept past its push for clock skew).
const placeSQL = `UPDATE entries SET user_folder = nullif(?2, ''),
	user_folder_at = CASE WHEN ?2 != '' THEN ?3 ELSE 0 END
	WHERE resume_id = ?1 AND user_folder_at <= ?3 AND coalesce(user_folder, '') != ?2`

// PlaceUserFolders places cached resumes in one transaction, each shown
// in its new folder unless a queued action of the recruiter's says
// otherwise. A folder that is not a user folder refuses the whole batch.
func (s *Store) PlaceUserFolders(ctx context.Context, places []Placement) error {
	clean := make([]Placement, len(places))
	for i, p := range places {
		folder, err := cleanUserFolder(p.Folder)
		if err != nil {
			return fmt.Errorf("store: resume %d: %w", p.ResumeID, err)
		}
		clean[i] = Placement{ResumeID: p.ResumeID, Folder: folder, At: p.At}
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		for _, p := range clean {
			res, err := tx.ExecContext(ctx, placeSQL, p.ResumeID, p.Folder, unix(p.At))
			if err != nil {
				return fmt.Errorf("store: place resume %d: %w", p.ResumeID, err)
			}
			if n, err := res.RowsAffected(); err != nil {
				return fmt.Errorf("store: place resume %d: %w", p.ResumeID, err)
			} else if n == 0 {
				continue
			}
			if err := refreshFolder(ctx, tx, p.ResumeID); err != nil {
				return fmt.Errorf("store: place resume %d: %w", p.ResumeID, err)
			}
		}
		return nil
	})
}
