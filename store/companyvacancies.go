package store

import (
	"context"
	"database/sql"
	"fmt"

	"hrdesk/textsafe"
)

// The company's vacancies (issue 28 §3, migration 015): what names a
// colleague's vacancy on the overview and in `report`, with its owner and
// state. The own vacancies stay in `vacancies`: the vacancies screen shows
// and archives those only.

// CompanyVacancy is one vacancy of the company, whoever owns it.
type CompanyVacancy struct {
	ID         int64
	Profession string
	OwnerID    int64  // id_user: the recruiter who created it
	Published  int    // 0 closed access, 1 open, 3 archived
	Contact    string // the contact person (issue 30 §1: names the owner)
}

// VacancyState is a vacancy's state as the overview shows it.
type VacancyState int

// The states; VacancyUnknown when the cache has no vacancy of that id.
const (
	VacancyUnknown VacancyState = iota
	VacancyOpen
	VacancyClosed
	VacancyArchived
)

// StateOf is the state of a vacancy's published (0, 1, 3) and is_archive.
func StateOf(published int, archived bool) VacancyState {
	switch {
	case archived || published == 3:
		return VacancyArchived
	case published == 1:
		return VacancyOpen
	}
	return VacancyClosed
}

// ReplaceCompanyVacancies sets the company's vacancies to exactly these.
func (s *Store) ReplaceCompanyVacancies(ctx context.Context, vacancies []CompanyVacancy) error {
	now := s.now().Unix()
	err := s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "DELETE FROM company_vacancies"); err != nil {
			return err
		}
		stmt, err := tx.PrepareContext(ctx, `INSERT OR REPLACE INTO company_vacancies (id, profession, owner_id, published, synced_at, contact)
			VALUES (?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer stmt.Close()
		for _, v := range vacancies {
			if _, err := stmt.ExecContext(ctx, v.ID, textsafe.Line(v.Profession), v.OwnerID, v.Published, now, textsafe.Line(v.Contact)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: company vacancies: %w", err)
	}
	return nil
}

// CompanyVacancies returns the company's vacancies, by id.
func (s *Store) CompanyVacancies(ctx context.Context) ([]CompanyVacancy, error) {
	rows, err := s.c.QueryContext(ctx, "SELECT id, profession, owner_id, published, contact FROM company_vacancies ORDER BY id")
	if err != nil {
		return nil, fmt.Errorf("store: company vacancies: %w", err)
	}
	defer rows.Close()
	var out []CompanyVacancy
	for rows.Next() {
		var v CompanyVacancy
		if err := rows.Scan(&v.ID, &v.Profession, &v.OwnerID, &v.Published, &v.Contact); err != nil {
			return nil, fmt.Errorf("store: company vacancies: %w", err)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// UnnamedVacancies are the vacancies the cached responses name that
// neither the own vacancies nor the company's know: a sync of the
// company's scope reads the company's vacancies again when there are some.
func (s *Store) UnnamedVacancies(ctx context.Context) ([]int64, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT DISTINCT vacancy_id FROM vacancy_counts
		WHERE total_count > 0 AND vacancy_id != 0
			AND vacancy_id NOT IN (SELECT id FROM vacancies) AND vacancy_id NOT IN (SELECT id FROM company_vacancies)
		ORDER BY vacancy_id`)
	if err != nil {
		return nil, fmt.Errorf("store: unnamed vacancies: %w", err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: unnamed vacancies: %w", err)
		}
		out = append(out, id)
	}
	return out, rows.Err()
}
