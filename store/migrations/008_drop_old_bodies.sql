-- 008: the old bodies are all moved (007). The space they held is given
-- back by the VACUUM Open runs once after this migration (the marker).
DROP TABLE entry_bodies;
INSERT OR REPLACE INTO sync_meta (key, value) VALUES ('store.vacuum_after_upgrade', '1');
