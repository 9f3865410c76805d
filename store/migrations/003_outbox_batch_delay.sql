-- 003: actions queued together are undone together, and a letter can wait
-- out an undo window before it may be sent.
ALTER TABLE outbox ADD COLUMN batch INTEGER NOT NULL DEFAULT 0;      -- shared by a bulk action's rows (0: alone)
ALTER TABLE outbox ADD COLUMN not_before INTEGER NOT NULL DEFAULT 0; -- unix seconds: not sent before then
CREATE INDEX outbox_batch ON outbox (batch) WHERE batch <> 0;
