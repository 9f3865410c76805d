-- 011: the user folder a resume sits in on the server. No list call names
-- user folders (the status filter lists 0, 10, 20, 30), so server_folder
-- stays the list the service shows it in, and user_folder is where the
-- recruiter (or the site) moved it: the shown folder is the local action's,
-- else the user folder, else the listed one. user_folder_at is when it was
-- moved there; an event newer than that, other than a move, ends it.
ALTER TABLE entries ADD COLUMN user_folder TEXT;
ALTER TABLE entries ADD COLUMN user_folder_at INTEGER NOT NULL DEFAULT 0;
-- Entries a move already put in a user folder (server_folder numeric) keep
-- it; server_folder stays as it was until a list shows them again.
UPDATE entries SET user_folder = server_folder, user_folder_at = last_event_at
    WHERE server_folder NOT IN ('inbox', 'considered', 'invited', 'refused');
