-- 002: full-text search and the outbox.

-- One search document per entry (rowid = resume_id). Contentless: the text
-- already lives in entries/entry_bodies/comments, so it is not stored twice;
-- contentless_delete lets a row be replaced or deleted by rowid.
-- unicode61 folds case for Cyrillic too; remove_diacritics covers Latin only,
-- so ё is folded into е by the SQL that fills the documents (yoToYe).
CREATE VIRTUAL TABLE entries_fts USING fts5 (
    names, profession, skills, work_history, comments,
    content = '',
    contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2'
);

-- Deleting an entry (purge) drops its document; upserts replace it explicitly.
CREATE TRIGGER entries_fts_delete AFTER DELETE ON entries BEGIN
    DELETE FROM entries_fts WHERE rowid = old.resume_id;
END;

-- Index what a file upgraded from version 1 already holds.
INSERT INTO entries_fts (rowid, names, profession, skills, work_history, comments)
SELECT e.resume_id,
       replace(replace(e.display_name || ' ' || e.last_name || ' ' || e.first_name || ' ' || e.middle_name, 'ё', 'е'), 'Ё', 'Е'),
       replace(replace(e.profession, 'ё', 'е'), 'Ё', 'Е'),
       replace(replace(coalesce(b.skills, ''), 'ё', 'е'), 'Ё', 'Е'),
       replace(replace(coalesce(b.work_history, ''), 'ё', 'е'), 'Ё', 'Е'),
       replace(replace(coalesce((SELECT group_concat(c.text, ' ') FROM comments c
                 WHERE c.resume_id = e.resume_id AND c.hidden = 0), ''), 'ё', 'е'), 'Ё', 'Е')
FROM entries e LEFT JOIN entry_bodies b USING (resume_id);

-- Actions waiting to reach the server, see outbox.go for the state machine.
CREATE TABLE outbox (
    id               INTEGER PRIMARY KEY AUTOINCREMENT, -- never reused: FIFO order and references
    resume_id        INTEGER NOT NULL,
    kind             TEXT    NOT NULL,
    payload          TEXT    NOT NULL DEFAULT '{}',
    state            TEXT    NOT NULL DEFAULT 'pending'
        CHECK (state IN ('pending', 'in_flight', 'done', 'failed', 'unknown', 'cancelled')),
    new_folder       TEXT,    -- the optimistic folder while the action is unfinished
    prev_folder      TEXT,    -- the folder shown before, for the user's information
    local_comment_id INTEGER, -- comment_add: its placeholder comment
    error            TEXT    NOT NULL DEFAULT '',
    attempts         INTEGER NOT NULL DEFAULT 0,
    dismissed        INTEGER NOT NULL DEFAULT 0,
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL
);
CREATE INDEX outbox_resume_state ON outbox (resume_id, state);
CREATE INDEX outbox_state ON outbox (state, id);
