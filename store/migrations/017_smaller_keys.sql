-- 017: the cache ≤ 200 MiB per 100,000 resumes, fresh or upgraded (issue 28
-- §7: 212.6 MiB after the rewrite at 16 KiB pages, 245 before).
--
-- The list's name is "Last First Middle" (displayName), made from the three
-- columns beside it whenever a row is read: kept, it was 5 MiB.
ALTER TABLE entries DROP COLUMN display_name;

-- The repeat-applicant facts compare a name and town, and contacts, only for
-- equality: a 64-bit hash of each (hrdesk_key, store/keys.go) finds the same
-- rows, where the texts in the tables and again in their indexes took 7.8 +
-- 6.7 MiB (names) and 6.6 + 6.6 MiB (contacts).
ALTER TABLE entry_facts ADD COLUMN person_key INTEGER NOT NULL DEFAULT 0;
UPDATE entry_facts SET person_key = hrdesk_key(name_key || char(10) || town_key) WHERE name_key <> '';
DROP INDEX entry_facts_name;
ALTER TABLE entry_facts DROP COLUMN name_key;
ALTER TABLE entry_facts DROP COLUMN town_key;
CREATE INDEX entry_facts_person ON entry_facts (person_key) WHERE person_key <> 0;

CREATE TABLE entry_contacts_next (
    resume_id INTEGER NOT NULL REFERENCES entries (resume_id) ON DELETE CASCADE,
    key       INTEGER NOT NULL, -- hrdesk_key of "tel:" + ten digits or "mail:" + address
    PRIMARY KEY (resume_id, key)
) WITHOUT ROWID;
INSERT OR IGNORE INTO entry_contacts_next (resume_id, key) SELECT resume_id, hrdesk_key(key) FROM entry_contacts;
DROP TABLE entry_contacts;
ALTER TABLE entry_contacts_next RENAME TO entry_contacts;
CREATE INDEX entry_contacts_key ON entry_contacts (key);

-- Given back by the VACUUM Open runs after it (store/vacuum.go).
INSERT OR REPLACE INTO sync_meta (key, value) VALUES ('store.vacuum_after_upgrade', '1');
