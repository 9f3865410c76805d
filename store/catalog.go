package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"hrdesk/textsafe"
)

// The small lists the sync engine replaces wholesale: templates (4.8),
// the user's vacancies (4.2), selections (4.6) and the user.

func validKind(k TemplateKind) bool {
	return k == TemplateMail || k == TemplateInvitation || k == TemplateRejection
}

func rawOrEmpty(b []byte) string {
	if len(b) == 0 {
		return "{}"
	}
	return string(b)
}

// ReplaceTemplates sets the templates of a kind, in the server's order.
func (s *Store) ReplaceTemplates(ctx context.Context, kind TemplateKind, sendSMS bool, templates []Template) error {
	if !validKind(kind) {
		return fmt.Errorf("store: template kind %q", kind)
	}
	now := s.now().Unix()
	err := s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "DELETE FROM templates WHERE kind = ?", string(kind)); err != nil {
			return err
		}
		for i, t := range templates {
			if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO templates (kind, id, position, name, subject, greeting, body)
				VALUES (?, ?, ?, ?, ?, ?, ?)`, string(kind), t.ID, i, textsafe.Line(t.Name), textsafe.Line(t.Subject),
				textsafe.Clean(t.Greeting), textsafe.Clean(t.Body)); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO template_sets (kind, send_sms, synced_at) VALUES (?, ?, ?)`,
			string(kind), boolInt(sendSMS), now)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: replace %s templates: %w", kind, err)
	}
	return nil
}

// Templates returns the templates of a kind; an empty set (zero SyncedAt)
// when never synced.
func (s *Store) Templates(ctx context.Context, kind TemplateKind) (TemplateSet, error) {
	set := TemplateSet{Kind: kind}
	var synced int64
	err := s.r.QueryRowContext(ctx, "SELECT send_sms, synced_at FROM template_sets WHERE kind = ?", string(kind)).
		Scan(&set.SendSMS, &synced)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return set, fmt.Errorf("store: templates: %w", err)
	}
	set.SyncedAt = fromUnix(synced)
	rows, err := s.r.QueryContext(ctx, `SELECT id, name, subject, greeting, body FROM templates
		WHERE kind = ? ORDER BY position`, string(kind))
	if err != nil {
		return set, fmt.Errorf("store: templates: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var t Template
		if err := rows.Scan(&t.ID, &t.Name, &t.Subject, &t.Greeting, &t.Body); err != nil {
			return set, fmt.Errorf("store: templates: %w", err)
		}
		set.Templates = append(set.Templates, t)
	}
	return set, rows.Err()
}

const upsertVacancySQL = `INSERT INTO vacancies (id, profession, published, is_archive, views_count, resumes_all,
	resumes_new, date_published, date_pub_to, synced_at, raw_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (id) DO UPDATE SET profession = excluded.profession, published = excluded.published,
	is_archive = excluded.is_archive, views_count = excluded.views_count, resumes_all = excluded.resumes_all,
	resumes_new = excluded.resumes_new, date_published = excluded.date_published,
	date_pub_to = excluded.date_pub_to, synced_at = excluded.synced_at, raw_json = excluded.raw_json`

// UpsertVacancies adds or updates vacancies.
func (s *Store) UpsertVacancies(ctx context.Context, vacancies []Vacancy) error {
	return s.writeVacancies(ctx, vacancies, false)
}

// ReplaceVacancies sets the cached vacancies to exactly these.
func (s *Store) ReplaceVacancies(ctx context.Context, vacancies []Vacancy) error {
	return s.writeVacancies(ctx, vacancies, true)
}

func (s *Store) writeVacancies(ctx context.Context, vacancies []Vacancy, replace bool) error {
	now := s.now().Unix()
	err := s.write(ctx, func(tx *sql.Tx) error {
		if replace {
			if _, err := tx.ExecContext(ctx, "DELETE FROM vacancies"); err != nil {
				return err
			}
		}
		stmt, err := tx.PrepareContext(ctx, upsertVacancySQL)
		if err != nil {
			return err
		}
		for _, v := range vacancies {
			if _, err := stmt.ExecContext(ctx, v.ID, textsafe.Line(v.Profession), v.Published, boolInt(v.IsArchive),
				v.ViewsCount, v.ResumesAll, v.ResumesNew, unix(v.DatePublished), unix(v.DatePubTo), now,
				rawOrEmpty(v.RawJSON)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: vacancies: %w", err)
	}
	return nil
}

// Vacancies returns the cached vacancies: live ones first, newest first.
func (s *Store) Vacancies(ctx context.Context) ([]Vacancy, error) {
	rows, err := s.c.QueryContext(ctx, `SELECT id, profession, published, is_archive, views_count, resumes_all,
		resumes_new, date_published, date_pub_to, raw_json FROM vacancies
		ORDER BY is_archive, date_published DESC, id DESC`)
	if err != nil {
		return nil, fmt.Errorf("store: vacancies: %w", err)
	}
	defer rows.Close()
	var out []Vacancy
	for rows.Next() {
		var v Vacancy
		var pub, to int64
		var raw string
		if err := rows.Scan(&v.ID, &v.Profession, &v.Published, &v.IsArchive, &v.ViewsCount, &v.ResumesAll,
			&v.ResumesNew, &pub, &to, &raw); err != nil {
			return nil, fmt.Errorf("store: vacancies: %w", err)
		}
		v.DatePublished, v.DatePubTo, v.RawJSON = fromUnix(pub), fromUnix(to), []byte(raw)
		out = append(out, v)
	}
	return out, rows.Err()
}

// ReplaceSelections sets the cached resume selections.
func (s *Store) ReplaceSelections(ctx context.Context, selections []Selection) error {
	now := s.now().Unix()
	err := s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "DELETE FROM selections"); err != nil {
			return err
		}
		for _, sel := range selections {
			if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO selections (id, name, status, synced_at, raw_json)
				VALUES (?, ?, ?, ?, ?)`, sel.ID, textsafe.Line(sel.Name), sel.Status, now, rawOrEmpty(sel.RawJSON)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: selections: %w", err)
	}
	return nil
}

// Selections returns the cached resume selections by id.
func (s *Store) Selections(ctx context.Context) ([]Selection, error) {
	rows, err := s.r.QueryContext(ctx, "SELECT id, name, status, raw_json FROM selections ORDER BY id")
	if err != nil {
		return nil, fmt.Errorf("store: selections: %w", err)
	}
	defer rows.Close()
	var out []Selection
	for rows.Next() {
		var sel Selection
		var raw string
		if err := rows.Scan(&sel.ID, &sel.Name, &sel.Status, &raw); err != nil {
			return nil, fmt.Errorf("store: selections: %w", err)
		}
		sel.RawJSON = []byte(raw)
		out = append(out, sel)
	}
	return out, rows.Err()
}

// SetUser stores the signed-in user.
func (s *Store) SetUser(ctx context.Context, u User) error {
	now := s.now().Unix()
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO app_user (singleton, id, name, email, synced_at, raw_json)
			VALUES (1, ?, ?, ?, ?, ?)`, u.ID, textsafe.Line(u.Name), textsafe.Line(u.Email), now, rawOrEmpty(u.RawJSON))
		return err
	})
	if err != nil {
		return fmt.Errorf("store: set user: %w", err)
	}
	return nil
}

// User returns the signed-in user; ErrNotFound before the first sync.
func (s *Store) User(ctx context.Context) (User, error) {
	var u User
	var synced int64
	var raw string
	err := s.r.QueryRowContext(ctx, "SELECT id, name, email, synced_at, raw_json FROM app_user WHERE singleton = 1").
		Scan(&u.ID, &u.Name, &u.Email, &synced, &raw)
	if errors.Is(err, sql.ErrNoRows) {
		return u, fmt.Errorf("%w: no user cached", ErrNotFound)
	}
	if err != nil {
		return u, fmt.Errorf("store: user: %w", err)
	}
	u.SyncedAt, u.RawJSON = fromUnix(synced), []byte(raw)
	return u, nil
}
