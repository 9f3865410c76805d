-- 016: fewer indexes on entries (issue 28 §7: the cache ≤ 200 MiB per
-- 100,000 resumes; its eleven indexes took 29 MiB).
--
-- One index for the settled entries of Considered and Invited where there
-- were two: migration 9's entries_stale (folder, last_event_at, …) counted
-- the stale ones, 12's entries_settled_recent (last_event_at, …) the
-- overview's recent ones; both read ranges of last_event_at within each of
-- the two folders, so one index by folder, then time, serves both, holding
-- what either reads (scope, vacancy and the server's folder, which their
-- server_folder = folder compares). TestSettledPlans holds them to it.
DROP INDEX entries_stale;
DROP INDEX entries_settled_recent;
CREATE INDEX entries_settled ON entries (folder, last_event_at, scope, vacancy_id, server_folder)
    WHERE folder IN ('considered', 'invited') AND server_folder = folder;

-- The ascending salary and age orders (unknown, 0, last) are read as two
-- ranges of the descending orders' indexes (store/ranged.go), which hold
-- every row once no value is below zero: the upsert stores such a value as
-- unknown from now on, and these make the rows already cached agree.
DROP INDEX entries_folder_salary_known;
DROP INDEX entries_folder_age_known;
UPDATE entries SET salary = 0 WHERE salary < 0;
UPDATE entries SET age = 0 WHERE age < 0;

-- The dropped pages, and the slack random inserts leave inside the others,
-- are given back by the VACUUM Open runs after this migration, which also
-- writes the file at the page size new caches get (store/vacuum.go).
INSERT OR REPLACE INTO sync_meta (key, value) VALUES ('store.vacuum_after_upgrade', '1');
