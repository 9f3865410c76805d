-- 005: folder counts kept on write. The sidebar's numbers were a scan of
-- the whole entries index (17 ms at 100,000 resumes, more than once a start);
-- triggers keep them exact through every path that changes an entry's
-- folder, scope or is_new flag: upserts, outbox moves and their rollback,
-- reconciliation hiding entries (folder NULL) and purges.

CREATE TABLE folder_counts (
    scope       TEXT    NOT NULL,
    folder      TEXT    NOT NULL,
    total_count INTEGER NOT NULL DEFAULT 0,
    new_count   INTEGER NOT NULL DEFAULT 0, -- of them with is_new = 1
    PRIMARY KEY (scope, folder)
) WITHOUT ROWID;

INSERT INTO folder_counts (scope, folder, total_count, new_count)
SELECT scope, folder, count(*), total(is_new) FROM entries WHERE folder IS NOT NULL GROUP BY scope, folder;

CREATE TRIGGER folder_counts_insert AFTER INSERT ON entries WHEN new.folder IS NOT NULL BEGIN
    INSERT INTO folder_counts (scope, folder, total_count, new_count) VALUES (new.scope, new.folder, 1, new.is_new)
    ON CONFLICT (scope, folder) DO UPDATE SET total_count = total_count + 1, new_count = new_count + excluded.new_count;
END;

-- An upsert's DO UPDATE fires this too; the WHEN skips the common case of
-- a refresh that changes none of the three.
CREATE TRIGGER folder_counts_update AFTER UPDATE OF scope, folder, is_new ON entries
WHEN old.folder IS NOT new.folder OR old.scope IS NOT new.scope OR old.is_new IS NOT new.is_new BEGIN
    UPDATE folder_counts SET total_count = total_count - 1, new_count = new_count - old.is_new
        WHERE old.folder IS NOT NULL AND scope = old.scope AND folder = old.folder;
    INSERT INTO folder_counts (scope, folder, total_count, new_count)
        SELECT new.scope, new.folder, 1, new.is_new WHERE new.folder IS NOT NULL
    ON CONFLICT (scope, folder) DO UPDATE SET total_count = total_count + 1, new_count = new_count + excluded.new_count;
END;

CREATE TRIGGER folder_counts_delete AFTER DELETE ON entries WHEN old.folder IS NOT NULL BEGIN
    UPDATE folder_counts SET total_count = total_count - 1, new_count = new_count - old.is_new
        WHERE scope = old.scope AND folder = old.folder;
END;
