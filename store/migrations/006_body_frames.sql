-- 006: resume bodies become one compressed frame each (store/body.go).
-- The raw JSON was two thirds of the cache uncompressed, and skills and
-- work_history stored the resume's text a second time. Migration 007 (Go,
-- store/migrate_bodies.go) moves every row of entry_bodies into
-- entry_frames in batches, so an interrupted upgrade resumes where it
-- stopped; 008 drops the emptied table.
CREATE TABLE entry_frames (
    resume_id INTEGER PRIMARY KEY REFERENCES entries (resume_id) ON DELETE CASCADE,
    body      BLOB NOT NULL
);
