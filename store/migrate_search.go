package store

import (
	"context"
	"database/sql"
	"fmt"
)

// searchIndexSQL creates the search index: one document per entry (rowid =
// resume_id), contentless since the text lives in entries, entry_frames and
// comments; contentless_delete lets a row be replaced or deleted by rowid.
// unicode61 folds case for Cyrillic too; remove_diacritics covers Latin
// only, so ё is folded into е by the code that fills it (yoToYe).
//
// Since migration 10 it answers a word's first one, two or three letters
// from prefix indexes (prefix = '1 2 3') instead of merging the lists of
// every word those letters begin (the first letter of a surname typed into
// the filter read 93% of a 100,000-resume index word by word, 50-60 ms),
// and it keeps which resumes hold a word, not where (detail = none): the
// list asks nothing else of it (SearchQuery builds one-word terms), and that
// halves it (32 → 16 MiB at 100,000 resumes) with the prefix indexes added.
const searchIndexSQL = `CREATE VIRTUAL TABLE %s USING fts5 (
    names, profession, skills, work_history, comments,
    content = '',
    contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2',
    detail = none,
    prefix = '1 2 3'
)`

// searchDeleteTrigger drops an entry's document with the entry (purge);
// upserts replace it explicitly.
const searchDeleteTrigger = `CREATE TRIGGER entries_fts_delete AFTER DELETE ON entries BEGIN
    DELETE FROM entries_fts WHERE rowid = old.resume_id;
END`

// rebuildSearch is migration 10: it builds the search index anew from what
// the cache holds (searchIndexSQL says why) and puts it in the old one's
// place. One transaction: killed half way, it leaves the file as it was and
// the next Open starts again (about 11 s at 100,000 resumes, then 4 s of
// VACUUM).
func rebuildSearch(ctx context.Context, db *sql.DB, version int, _ *Options) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	// Another process opening the file may have done it.
	if v, _, err := versionOf(ctx, tx); err != nil || v >= version {
		return err
	}
	const next = "entries_fts_next"
	if _, err := tx.ExecContext(ctx, fmt.Sprintf(searchIndexSQL, next)); err != nil {
		return err
	}
	fill, err := tx.PrepareContext(ctx, searchDocInto(next))
	if err != nil {
		return err
	}
	for after := int64(-1 << 63); ; {
		docs, err := readSearchSources(ctx, tx, after, 1000)
		if err != nil {
			return err
		}
		if len(docs) == 0 {
			break
		}
		for _, d := range docs {
			b, err := decodeBody(d.frame)
			if err != nil {
				return damagedBody(d.resumeID, err)
			}
			if err := writeSearchDoc(ctx, fill, d.resumeID, d.names, d.profession, &b); err != nil {
				return fmt.Errorf("resume %d: %w", d.resumeID, err)
			}
			after = d.resumeID
		}
	}
	for _, q := range []string{
		"DROP TRIGGER entries_fts_delete",
		"DROP TABLE entries_fts",
		"ALTER TABLE " + next + " RENAME TO entries_fts",
		searchDeleteTrigger,
	} {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return err
		}
	}
	// Written in batches, the new index is several segments.
	if err := optimizeSearch(ctx, tx); err != nil {
		return err
	}
	// The old index's pages are free now: the VACUUM after the upgrade
	// gives them back (271 → 227 MiB at 100,000 resumes, 4 s).
	if _, err := tx.ExecContext(ctx, "INSERT OR REPLACE INTO sync_meta (key, value) VALUES (?, '1')", vacuumMarker); err != nil {
		return err
	}
	if err := setVersion(ctx, tx, version); err != nil {
		return err
	}
	return tx.Commit()
}

type searchSource struct {
	resumeID          int64
	names, profession string
	frame             []byte
}

// readSearchSources reads the next batch of entries after resume id after.
func readSearchSources(ctx context.Context, tx *sql.Tx, after int64, batch int) ([]searchSource, error) {
	rows, err := tx.QueryContext(ctx, `SELECT e.resume_id, e.display_name, e.last_name, e.first_name, e.middle_name,
		e.profession, f.body FROM entries e LEFT JOIN entry_frames f USING (resume_id)
		WHERE e.resume_id > ? ORDER BY e.resume_id LIMIT ?`, after, batch)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []searchSource
	for rows.Next() {
		var d searchSource
		var display, last, first, middle string
		if err := rows.Scan(&d.resumeID, &display, &last, &first, &middle, &d.profession, &d.frame); err != nil {
			return nil, err
		}
		d.names = searchNames(display, last, first, middle)
		out = append(out, d)
	}
	return out, rows.Err()
}
