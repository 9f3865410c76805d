-- 009: stale candidates counted from an index alone. Without it every
-- Considered and Invited entry older than stale_after was read from the
-- table to compare its server folder: 100 ms over 100,000 resumes, after
-- every action. The WHERE and the IN list match staleCond term for term,
-- so SQLite can use the partial index.
CREATE INDEX entries_stale ON entries (folder, last_event_at, scope, server_folder)
    WHERE folder IN ('considered', 'invited') AND server_folder = folder;
