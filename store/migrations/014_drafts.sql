-- 014: the recruiter's unsent text (issue 26 §6). A letter, comment, mail
-- or selection form closed with esc keeps what was typed here, so the next
-- i/x/e/c/M (or the selection's form) offers it back, also after q or a
-- crash. key names the dialog and what it is about ("invite:1042",
-- "selection:0"); body is the dialog's fields as JSON (views/action.Draft).
CREATE TABLE drafts (
    key      TEXT PRIMARY KEY,
    body     TEXT NOT NULL,
    saved_at INTEGER NOT NULL
) WITHOUT ROWID;
