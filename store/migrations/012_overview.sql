-- 012: the overview's figures kept on write (issue 20). Read from entries
-- and events at 100,000 resumes, the funnel per vacancy was a scan of every
-- entry (56 ms) and the responses per day one of every recent response
-- (43 ms): over the screen's 50 ms alone. Triggers keep the counts exact
-- through every path that writes an entry or its events, as 005's do.
--
-- Section 6's event types: a resume reaches the recruiter by 10 (sent by
-- the applicant), 20/50 (copied from a colleague), 30 (by subscription) or
-- 40 (found by self) — the received list's `type` kinds, "responses" here;
-- the recruiter acts on it by 60 (invite), 70 (to consideration), 80
-- (reject), 90 (letter), 100 (sent to e-mail) or 110 (moved to a folder).

-- arrived_at: the newest response event; acted_at: the first action at or
-- after it (0: none). A resume that answered again is waiting again.
ALTER TABLE entries ADD COLUMN arrived_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE entries ADD COLUMN acted_at INTEGER NOT NULL DEFAULT 0;

UPDATE entries SET arrived_at = coalesce((SELECT max(v.date_event) FROM events v
    WHERE v.resume_id = entries.resume_id AND v.type IN (10, 20, 30, 40, 50)), 0);
UPDATE entries SET acted_at = coalesce((SELECT min(v.date_event) FROM events v
    WHERE v.resume_id = entries.resume_id AND v.type IN (60, 70, 80, 90, 100, 110) AND v.date_event >= entries.arrived_at), 0);

-- The sync rewrites an entry's events (delete all, insert each): every
-- change recomputes both times from the entry's few events.
CREATE TRIGGER events_overview_insert AFTER INSERT ON events
WHEN new.type IN (10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110) BEGIN
    UPDATE entries SET arrived_at = coalesce((SELECT max(v.date_event) FROM events v
        WHERE v.resume_id = new.resume_id AND v.type IN (10, 20, 30, 40, 50)), 0)
        WHERE resume_id = new.resume_id;
    UPDATE entries SET acted_at = coalesce((SELECT min(v.date_event) FROM events v
        WHERE v.resume_id = new.resume_id AND v.type IN (60, 70, 80, 90, 100, 110) AND v.date_event >= entries.arrived_at), 0)
        WHERE resume_id = new.resume_id;
END;
CREATE TRIGGER events_overview_delete AFTER DELETE ON events
WHEN old.type IN (10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110) BEGIN
    UPDATE entries SET arrived_at = coalesce((SELECT max(v.date_event) FROM events v
        WHERE v.resume_id = old.resume_id AND v.type IN (10, 20, 30, 40, 50)), 0)
        WHERE resume_id = old.resume_id;
    UPDATE entries SET acted_at = coalesce((SELECT min(v.date_event) FROM events v
        WHERE v.resume_id = old.resume_id AND v.type IN (60, 70, 80, 90, 100, 110) AND v.date_event >= entries.arrived_at), 0)
        WHERE resume_id = old.resume_id;
END;

-- Per scope, vacancy (entries.vacancy_id, the newest event's) and shown
-- folder: the entries (total), those waiting (in the inbox by both the cache's
-- and the server's account, nobody acted since the response) and those
-- settled (server_folder = folder: what store/stale.go's rule looks at).
CREATE TABLE vacancy_counts (
    scope         TEXT    NOT NULL,
    vacancy_id    INTEGER NOT NULL,
    folder        TEXT    NOT NULL,
    total_count   INTEGER NOT NULL DEFAULT 0,
    waiting_count INTEGER NOT NULL DEFAULT 0,
    settled_count INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (scope, vacancy_id, folder)
) WITHOUT ROWID;

INSERT INTO vacancy_counts (scope, vacancy_id, folder, total_count, waiting_count, settled_count)
SELECT scope, vacancy_id, folder, count(*),
    total(folder = 'inbox' AND server_folder = 'inbox' AND acted_at = 0), total(server_folder = folder)
FROM entries WHERE folder IS NOT NULL GROUP BY scope, vacancy_id, folder;

CREATE TRIGGER vacancy_counts_insert AFTER INSERT ON entries WHEN new.folder IS NOT NULL BEGIN
    INSERT INTO vacancy_counts (scope, vacancy_id, folder, total_count, waiting_count, settled_count)
    VALUES (new.scope, new.vacancy_id, new.folder, 1,
        new.folder = 'inbox' AND new.server_folder = 'inbox' AND new.acted_at = 0, new.server_folder = new.folder)
    ON CONFLICT (scope, vacancy_id, folder) DO UPDATE SET total_count = total_count + 1,
        waiting_count = waiting_count + excluded.waiting_count, settled_count = settled_count + excluded.settled_count;
END;

CREATE TRIGGER vacancy_counts_update AFTER UPDATE OF scope, folder, server_folder, vacancy_id, acted_at ON entries
WHEN old.folder IS NOT new.folder OR old.scope IS NOT new.scope OR old.server_folder IS NOT new.server_folder
    OR old.vacancy_id IS NOT new.vacancy_id OR old.acted_at IS NOT new.acted_at BEGIN
    UPDATE vacancy_counts SET total_count = total_count - 1,
        waiting_count = waiting_count - (old.folder = 'inbox' AND old.server_folder = 'inbox' AND old.acted_at = 0),
        settled_count = settled_count - (old.server_folder = old.folder)
        WHERE old.folder IS NOT NULL AND scope = old.scope AND vacancy_id = old.vacancy_id AND folder = old.folder;
    INSERT INTO vacancy_counts (scope, vacancy_id, folder, total_count, waiting_count, settled_count)
        SELECT new.scope, new.vacancy_id, new.folder, 1,
            new.folder = 'inbox' AND new.server_folder = 'inbox' AND new.acted_at = 0, new.server_folder = new.folder
        WHERE new.folder IS NOT NULL
    ON CONFLICT (scope, vacancy_id, folder) DO UPDATE SET total_count = total_count + 1,
        waiting_count = waiting_count + excluded.waiting_count, settled_count = settled_count + excluded.settled_count;
END;

CREATE TRIGGER vacancy_counts_delete AFTER DELETE ON entries WHEN old.folder IS NOT NULL BEGIN
    UPDATE vacancy_counts SET total_count = total_count - 1,
        waiting_count = waiting_count - (old.folder = 'inbox' AND old.server_folder = 'inbox' AND old.acted_at = 0),
        settled_count = settled_count - (old.server_folder = old.folder)
        WHERE scope = old.scope AND vacancy_id = old.vacancy_id AND folder = old.folder;
END;

-- Responses per day: per scope, vacancy and day, the listed entries whose
-- newest response fell on it. A day is (arrived_at + offset) / 86400 with the
-- offset of response_days_zone, the readers' time zone: store/overview.go
-- counts the table again when a reader's offset differs (another zone, a
-- switch to or from summer time), so the days are always the reader's.
CREATE TABLE response_days_zone (
    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
    offset_seconds INTEGER NOT NULL
);
INSERT INTO response_days_zone (singleton, offset_seconds) VALUES (1, 0);

CREATE TABLE response_days (
    scope      TEXT    NOT NULL,
    day        INTEGER NOT NULL,
    vacancy_id INTEGER NOT NULL,
    n          INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (scope, day, vacancy_id)
) WITHOUT ROWID;

INSERT INTO response_days (scope, day, vacancy_id, n)
SELECT scope, arrived_at / 86400, vacancy_id, count(*) FROM entries
WHERE folder IS NOT NULL AND arrived_at > 0 GROUP BY scope, arrived_at / 86400, vacancy_id;

CREATE TRIGGER response_days_insert AFTER INSERT ON entries WHEN new.folder IS NOT NULL AND new.arrived_at > 0 BEGIN
    INSERT INTO response_days (scope, day, vacancy_id, n)
    VALUES (new.scope, (new.arrived_at + (SELECT offset_seconds FROM response_days_zone)) / 86400, new.vacancy_id, 1)
    ON CONFLICT (scope, day, vacancy_id) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER response_days_update AFTER UPDATE OF scope, folder, vacancy_id, arrived_at ON entries
WHEN (old.folder IS NULL) IS NOT (new.folder IS NULL) OR old.scope IS NOT new.scope
    OR old.vacancy_id IS NOT new.vacancy_id OR old.arrived_at IS NOT new.arrived_at BEGIN
    UPDATE response_days SET n = n - 1
        WHERE old.folder IS NOT NULL AND old.arrived_at > 0 AND scope = old.scope
        AND day = (old.arrived_at + (SELECT offset_seconds FROM response_days_zone)) / 86400 AND vacancy_id = old.vacancy_id;
    INSERT INTO response_days (scope, day, vacancy_id, n)
        SELECT new.scope, (new.arrived_at + (SELECT offset_seconds FROM response_days_zone)) / 86400, new.vacancy_id, 1
        WHERE new.folder IS NOT NULL AND new.arrived_at > 0
    ON CONFLICT (scope, day, vacancy_id) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER response_days_delete AFTER DELETE ON entries WHEN old.folder IS NOT NULL AND old.arrived_at > 0 BEGIN
    UPDATE response_days SET n = n - 1 WHERE scope = old.scope
        AND day = (old.arrived_at + (SELECT offset_seconds FROM response_days_zone)) / 86400 AND vacancy_id = old.vacancy_id;
END;

-- The recent ends of the time figures, read as ranges: waiting responses of
-- the last week by age, settled entries with an event since stale_after
-- (stale = settled − these), and the first actions of the last 30 days.
CREATE INDEX entries_waiting_arrived ON entries (arrived_at, scope, vacancy_id)
    WHERE folder = 'inbox' AND server_folder = 'inbox' AND acted_at = 0;
CREATE INDEX entries_settled_recent ON entries (last_event_at, scope, vacancy_id, folder)
    WHERE folder IN ('considered', 'invited') AND server_folder = folder;
CREATE INDEX entries_first_action ON entries (arrived_at, scope, vacancy_id, acted_at)
    WHERE acted_at > 0;
