package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// The same person applies again: another resume, another vacancy, months
// apart. The cache recognises them from what it knows, strongest first:
// the applicant's account (a resume's id_user), a phone or an e-mail once
// contacts are open, else the full name with the birth year (±1, as an
// age ages) in the same town. A namesake in another town, or of another
// age, is someone else; two different accounts are two people unless a
// phone or e-mail says otherwise.

// facts are what the list filters on beyond its columns, and who applied.
type facts struct {
	applicant   int64
	name        string
	birthYear   int
	town        string
	education   int64
	respondedAt int64
	contacts    []string
}

// rawFacts is the part of a resume's raw JSON facts come from; numbers may
// come as strings (real-world-notes.md).
type rawFacts struct {
	IDUser    json.RawMessage `json:"id_user"`
	BirthYear json.RawMessage `json:"birthyear"`
	Phone1    string          `json:"phone1"`
	Phone2    string          `json:"phone2"`
	Email     string          `json:"email"`
	Education struct {
		ID json.RawMessage `json:"id"`
	} `json:"education"`
}

// factsOf derives an entry's facts. at is when its age was true (its
// newest event), for the birth year of a resume that gives only an age;
// responded is its first event.
func factsOf(raw []byte, first, last, middle, town string, age int, at time.Time, responded int64) facts {
	var f rawFacts
	_ = json.Unmarshal(raw, &f) // a resume of an odd shape is just less recognisable
	p := facts{applicant: flexInt(f.IDUser), birthYear: int(flexInt(f.BirthYear)), town: foldKey(town),
		education: flexInt(f.Education.ID), respondedAt: responded}
	if p.birthYear == 0 && age > 0 && !at.IsZero() {
		p.birthYear = at.Year() - age
	}
	if strings.TrimSpace(first) != "" && strings.TrimSpace(last) != "" {
		p.name = foldKey(last + " " + first + " " + middle)
	}
	for _, ph := range []string{f.Phone1, f.Phone2} {
		if k := phoneKey(ph); k != "" {
			p.contacts = append(p.contacts, k)
		}
	}
	if e := strings.ToLower(strings.TrimSpace(f.Email)); strings.Contains(e, "@") {
		p.contacts = append(p.contacts, "mail:"+e)
	}
	return p
}

func flexInt(raw json.RawMessage) int64 {
	s := strings.Trim(strings.TrimSpace(string(raw)), `"`)
	n, _ := strconv.ParseInt(s, 10, 64)
	return max(n, 0)
}

// foldKey is text compared loosely: lower case, ё as е, single spaces.
func foldKey(s string) string {
	s = strings.ReplaceAll(strings.ToLower(s), "ё", "е")
	return strings.Join(strings.Fields(s), " ")
}

// phoneKey is a phone's last ten digits: +7 900 123-45-67 and 8 (900)
// 1234567 are one number. Fewer than ten digits is not a phone to match on.
func phoneKey(s string) string {
	var d []rune
	for _, r := range s {
		if unicode.IsDigit(r) {
			d = append(d, r)
		}
	}
	if len(d) < 10 {
		return ""
	}
	return "tel:" + string(d[len(d)-10:])
}

// writeFacts replaces resume id's facts inside tx.
func writeFacts(ctx context.Context, tx *sql.Tx, id int64, p facts) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO entry_facts (resume_id, applicant_id, person_key, birth_year,
		education, responded_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (resume_id) DO UPDATE SET
		applicant_id = excluded.applicant_id, person_key = excluded.person_key, birth_year = excluded.birth_year,
		education = excluded.education, responded_at = excluded.responded_at`,
		id, p.applicant, personKey(p.name, p.town), p.birthYear, p.education, p.respondedAt); err != nil {
		return fmt.Errorf("store: facts: %w", err)
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM entry_contacts WHERE resume_id = ?", id); err != nil {
		return fmt.Errorf("store: facts: %w", err)
	}
	for _, k := range p.contacts {
		if _, err := tx.ExecContext(ctx, "INSERT OR IGNORE INTO entry_contacts (resume_id, key) VALUES (?, ?)", id, keyOf(k)); err != nil {
			return fmt.Errorf("store: facts: %w", err)
		}
	}
	return nil
}

// samePeople pairs each entry p whose resume_id matches (a condition on
// p.resume_id, c.resume_id for contacts) with the other entries o of the
// same applicant. One select per way of recognising them, each an index
// lookup (an OR across them made SQLite scan every entry's facts, 27 ms a
// resume); the o.… <> 0 / <> ” terms let the partial indexes serve.
func samePeople(match string) string {
	return `SELECT p.resume_id AS p, o.resume_id AS o FROM entry_facts p JOIN entry_facts o
	ON o.applicant_id = p.applicant_id AND o.applicant_id <> 0 AND o.resume_id <> p.resume_id
	WHERE p.resume_id ` + match + ` AND p.applicant_id <> 0
UNION
SELECT p.resume_id, o.resume_id FROM entry_facts p JOIN entry_facts o
	ON o.person_key = p.person_key AND o.person_key <> 0 AND o.resume_id <> p.resume_id
	WHERE p.resume_id ` + match + ` AND p.person_key <> 0 AND p.birth_year <> 0
		AND o.birth_year BETWEEN p.birth_year - 1 AND p.birth_year + 1
		AND (p.applicant_id = 0 OR o.applicant_id = 0)
UNION
SELECT c.resume_id, o.resume_id FROM entry_contacts c JOIN entry_contacts o ON o.key = c.key AND o.resume_id <> c.resume_id
	WHERE c.resume_id ` + match
}

// samePersonSQL lists the other entries of resume ?1's applicant.
var samePersonSQL = `SELECT o FROM (` + samePeople("= ?1") + `)`

// repeatCountsSQL counts, for each resume of the JSON array ?1, the other
// entries of its applicant and its responses to other vacancies.
var repeatCountsSQL = `SELECT p, count(*) FROM (` + samePeople(inPage) + `) GROUP BY p
	UNION ALL
	SELECT resume_id, count(*) - 1 FROM entry_vacancies WHERE resume_id ` + inPage + ` GROUP BY resume_id HAVING count(*) > 1`

const inPage = "IN (SELECT value FROM json_each(?1))"

// Application is one response of an applicant: a resume to a vacancy, and
// where the recruiter has it now.
type Application struct {
	ResumeID    int64
	VacancyID   int64 // 0 when the events name none
	Folder      string
	LastEventAt time.Time
}

// Applications lists an applicant's other responses: the same resume to
// other vacancies, and their other resumes (see samePersonSQL), newest
// first. The resume's response to its own current vacancy is left out.
func (s *Store) Applications(ctx context.Context, resumeID int64) ([]Application, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT e.resume_id, coalesce(v.vacancy_id, 0), coalesce(e.folder, e.server_folder), e.last_event_at
		FROM entries e LEFT JOIN entry_vacancies v USING (resume_id)
		WHERE (e.resume_id IN (`+samePersonSQL+`))
			OR (e.resume_id = ?1 AND v.vacancy_id IS NOT NULL AND v.vacancy_id <> e.vacancy_id)
		ORDER BY e.last_event_at DESC, e.resume_id, v.vacancy_id`, resumeID)
	if err != nil {
		return nil, fmt.Errorf("store: applications: %w", err)
	}
	defer rows.Close()
	var out []Application
	for rows.Next() {
		var a Application
		var at int64
		if err := rows.Scan(&a.ResumeID, &a.VacancyID, &a.Folder, &at); err != nil {
			return nil, fmt.Errorf("store: applications: %w", err)
		}
		a.LastEventAt = fromUnix(at)
		out = append(out, a)
	}
	return out, rows.Err()
}

// RepeatCounts says, for each of ids (a page of the list), how many other
// applications its applicant has in the cache; ids without any are absent.
// One query for the page: a query per row cost ~75 µs each, most of it
// parsing, which a keystroke in the filter cannot afford 200 times.
func (s *Store) RepeatCounts(ctx context.Context, ids []int64) (map[int64]int, error) {
	out := map[int64]int{}
	if len(ids) == 0 {
		return out, nil
	}
	list, err := json.Marshal(ids)
	if err != nil {
		return nil, fmt.Errorf("store: repeat counts: %w", err)
	}
	rows, err := s.r.QueryContext(ctx, repeatCountsSQL, string(list))
	if err != nil {
		return nil, fmt.Errorf("store: repeat counts: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return nil, fmt.Errorf("store: repeat counts: %w", err)
		}
		out[id] += n
	}
	return out, rows.Err()
}

// factsBackfilled marks in sync_meta that every entry has its facts, so
// opening a cache checks one key rather than scanning entries.
const factsBackfilled = "facts_backfilled"

// afterMigrations finishes data migrations SQL alone cannot do (folding
// Cyrillic case, reading raw JSON); each is resumable if the process dies.
func (s *Store) afterMigrations(ctx context.Context) error {
	var done int
	err := s.w.QueryRowContext(ctx, "SELECT count(*) FROM sync_meta WHERE key = ?", factsBackfilled).Scan(&done)
	if err != nil || done > 0 {
		return err
	}
	if err := s.backfillFacts(ctx); err != nil {
		return err
	}
	return s.SetSyncMeta(ctx, factsBackfilled, "1")
}

// backfillFacts derives the facts of entries cached before migration 004,
// a thousand at a time; resumable, as it only fills missing rows.
func (s *Store) backfillFacts(ctx context.Context) error {
	for {
		n := 0
		err := s.write(ctx, func(tx *sql.Tx) error {
			rows, err := tx.QueryContext(ctx, `SELECT e.resume_id, e.first_name, e.last_name, e.middle_name, e.town, e.age,
				e.last_event_at, coalesce((SELECT min(v.date_event) FROM events v WHERE v.resume_id = e.resume_id AND v.date_event > 0), 0),
				b.body FROM entries e LEFT JOIN entry_frames b USING (resume_id)
				WHERE NOT EXISTS (SELECT 1 FROM entry_facts p WHERE p.resume_id = e.resume_id) LIMIT 1000`)
			if err != nil {
				return err
			}
			type row struct {
				id int64
				f  facts
			}
			var todo []row
			for rows.Next() {
				var id, at, responded int64
				var first, last, middle, town string
				var frame []byte
				var age int
				if err := rows.Scan(&id, &first, &last, &middle, &town, &age, &at, &responded, &frame); err != nil {
					rows.Close()
					return err
				}
				b, err := decodeBody(frame)
				if err != nil {
					rows.Close()
					return damagedBody(id, err)
				}
				todo = append(todo, row{id, factsOf(b.raw, first, last, middle, town, age, fromUnix(at), responded)})
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return err
			}
			for _, r := range todo {
				if err := writeFacts(ctx, tx, r.id, r.f); err != nil {
					return err
				}
			}
			n = len(todo)
			return nil
		})
		if err != nil {
			return fmt.Errorf("store: backfill facts: %w", err)
		}
		if n == 0 {
			return nil
		}
	}
}
