-- 021: what a response's events came to, kept (issue 30, performance). A
-- period's cohort (store/period.go) asks of each response acted on before
-- the period's end which stages its events reached, the stage its last
-- folder-changing event put it in and its last event's time. Read from the
-- events, a week and the week before took 50-57 ms of the overview by
-- recruiter's 71-75 at 100k (target: the frame ≤ 50 ms).
--
-- cohort_mark is periodSQL's packed number for a period that ends after
-- every event of the entry: bits 0-2 the stages reached since its arrival
-- (70 considered, 60 invited, 80 refused), bits 3-5 the stage its last
-- folder-changing event since then put it in (1 inbox, 2 considered, 3
-- invited, 4 refused, 5 moved; the greater code at one second), from bit 6
-- the time of its last event since its arrival (0: none). A period that
-- ends after that time (one ending now) reads the number, no event; an
-- earlier end reads the events as before. Kept, as acted_at is, by the
-- triggers on events: the sync rewrites an entry's events (delete all,
-- insert each), and every type counts for the last event's time (120, a
-- type the cache does not know), not only the overview's.
ALTER TABLE entries ADD COLUMN cohort_mark INTEGER NOT NULL DEFAULT 0;

UPDATE entries SET cohort_mark = coalesce((SELECT max(v.type = 70) + 2 * max(v.type = 60) + 4 * max(v.type = 80)
        + 8 * coalesce(max(CASE WHEN v.type IN (10, 20, 30, 40, 50, 60, 70, 80, 110) THEN v.date_event * 8 +
            CASE v.type WHEN 70 THEN 2 WHEN 60 THEN 3 WHEN 80 THEN 4 WHEN 110 THEN 5 ELSE 1 END END) % 8, 1)
        + 64 * max(v.date_event)
    FROM events v WHERE v.resume_id = entries.resume_id AND v.date_event >= entries.arrived_at), 0);

DROP TRIGGER events_overview_insert;
DROP TRIGGER events_overview_delete;

-- 012's two updates: the second, which sees the arrival the first has just
-- set, reads the entry's events once for its first action and its mark. An
-- event of any type moves the mark (its last event's time); acted_at, from
-- the actions alone, comes out as it was for the other types.
CREATE TRIGGER events_overview_insert AFTER INSERT ON events BEGIN
    UPDATE entries SET arrived_at = coalesce((SELECT max(v.date_event) FROM events v
        WHERE v.resume_id = new.resume_id AND v.type IN (10, 20, 30, 40, 50)), 0)
        WHERE resume_id = new.resume_id AND new.type IN (10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110);
    UPDATE entries SET (acted_at, cohort_mark) = (SELECT
            coalesce(min(CASE WHEN v.type IN (60, 70, 80, 90, 100, 110) THEN v.date_event END), 0),
            coalesce(max(v.type = 70) + 2 * max(v.type = 60) + 4 * max(v.type = 80)
                + 8 * coalesce(max(CASE WHEN v.type IN (10, 20, 30, 40, 50, 60, 70, 80, 110) THEN v.date_event * 8 +
                    CASE v.type WHEN 70 THEN 2 WHEN 60 THEN 3 WHEN 80 THEN 4 WHEN 110 THEN 5 ELSE 1 END END) % 8, 1)
                + 64 * max(v.date_event), 0)
            FROM events v WHERE v.resume_id = new.resume_id AND v.date_event >= entries.arrived_at)
        WHERE resume_id = new.resume_id;
END;
CREATE TRIGGER events_overview_delete AFTER DELETE ON events BEGIN
    UPDATE entries SET arrived_at = coalesce((SELECT max(v.date_event) FROM events v
        WHERE v.resume_id = old.resume_id AND v.type IN (10, 20, 30, 40, 50)), 0)
        WHERE resume_id = old.resume_id AND old.type IN (10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110);
    UPDATE entries SET (acted_at, cohort_mark) = (SELECT
            coalesce(min(CASE WHEN v.type IN (60, 70, 80, 90, 100, 110) THEN v.date_event END), 0),
            coalesce(max(v.type = 70) + 2 * max(v.type = 60) + 4 * max(v.type = 80)
                + 8 * coalesce(max(CASE WHEN v.type IN (10, 20, 30, 40, 50, 60, 70, 80, 110) THEN v.date_event * 8 +
                    CASE v.type WHEN 70 THEN 2 WHEN 60 THEN 3 WHEN 80 THEN 4 WHEN 110 THEN 5 ELSE 1 END END) % 8, 1)
                + 64 * max(v.date_event), 0)
            FROM events v WHERE v.resume_id = old.resume_id AND v.date_event >= entries.arrived_at)
        WHERE resume_id = old.resume_id;
END;

-- The cohort reads the mark beside the arrival: in the index the period's
-- range already reads, not from each entry's row (15 ms of 65 at 100k).
DROP INDEX entries_arrived;
CREATE INDEX entries_arrived ON entries (arrived_at, scope, vacancy_id, acted_at, cohort_mark)
    WHERE folder IS NOT NULL AND arrived_at > 0;
