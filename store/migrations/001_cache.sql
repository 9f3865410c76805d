-- 001: the cache proper: received entries, their events and comments, the
-- catalogues (templates, vacancies, selections, user) and the sync state.
-- All times are unix seconds.

-- Marks the file as an hrdesk cache ("hrds"), so Open can tell it from
-- some other SQLite database a user points --profile at.
PRAGMA application_id = 1752327283;

-- One row per received resume, only the light columns the list needs, so a
-- page of 100 rows touches a few pages, never the raw JSON.
CREATE TABLE entries (
    resume_id       INTEGER PRIMARY KEY,
    scope           TEXT    NOT NULL CHECK (scope IN ('mine', 'company')),
    -- The folder the server last reported (inbox, invited, considered,
    -- refused or a user-folder id as text).
    server_folder   TEXT    NOT NULL,
    -- The folder shown: the newest unfinished outbox action's folder, else
    -- server_folder; NULL while the entry is missing from the server lists.
    folder          TEXT,
    is_new          INTEGER NOT NULL DEFAULT 0,
    first_name      TEXT    NOT NULL DEFAULT '',
    last_name       TEXT    NOT NULL DEFAULT '',
    middle_name     TEXT    NOT NULL DEFAULT '',
    display_name    TEXT    NOT NULL DEFAULT '',
    profession      TEXT    NOT NULL DEFAULT '',
    age             INTEGER NOT NULL DEFAULT 0, -- 0 = unknown
    salary          INTEGER NOT NULL DEFAULT 0, -- 0 = unknown
    currency        TEXT    NOT NULL DEFAULT '',
    town            TEXT    NOT NULL DEFAULT '',
    vacancy_id      INTEGER NOT NULL DEFAULT 0, -- id_vac of the latest event with one
    last_event_at   INTEGER NOT NULL DEFAULT 0,
    contacts_bought INTEGER NOT NULL DEFAULT 0,
    synced_at       INTEGER NOT NULL DEFAULT 0,
    seen_token      TEXT,                       -- last reconcile that saw it
    missing_since   INTEGER NOT NULL DEFAULT 0  -- 0 = listed by the server
);

-- Sort orders of the list, each covering the filters (scope, is_new) so
-- skipping rows at a deep offset never reads the table.
CREATE INDEX entries_folder_date ON entries (folder, last_event_at DESC, resume_id DESC, scope, is_new);
CREATE INDEX entries_date ON entries (last_event_at DESC, resume_id DESC, folder, scope);
CREATE INDEX entries_folder_salary ON entries (folder, salary, resume_id, scope);
CREATE INDEX entries_folder_age ON entries (folder, age, resume_id, scope);
-- Ascending salary/age put unknown (0) last: an index on that expression.
CREATE INDEX entries_folder_salary_known ON entries (folder, salary = 0, salary, resume_id, scope);
CREATE INDEX entries_folder_age_known ON entries (folder, age = 0, age, resume_id, scope);
CREATE INDEX entries_reconcile ON entries (scope, server_folder, last_event_at);

-- The heavy part of an entry, read only when one resume is opened.
CREATE TABLE entry_bodies (
    resume_id    INTEGER PRIMARY KEY REFERENCES entries (resume_id) ON DELETE CASCADE,
    skills       TEXT NOT NULL DEFAULT '',
    work_history TEXT NOT NULL DEFAULT '',
    raw_json     TEXT NOT NULL DEFAULT '{}'
);

-- Events of an entry in the order the server gave them (section 6).
CREATE TABLE events (
    resume_id   INTEGER NOT NULL REFERENCES entries (resume_id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    vacancy_id  INTEGER NOT NULL DEFAULT 0,
    type        INTEGER NOT NULL DEFAULT 0,
    date_event  INTEGER NOT NULL DEFAULT 0,
    text        TEXT    NOT NULL DEFAULT '',
    date_text   TEXT    NOT NULL DEFAULT '',
    type_title  TEXT    NOT NULL DEFAULT '',
    description TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (resume_id, seq)
) WITHOUT ROWID;

-- Every vacancy an entry's events mention: the vacancy filter must find a
-- resume that answered two vacancies under both.
CREATE TABLE entry_vacancies (
    vacancy_id INTEGER NOT NULL,
    resume_id  INTEGER NOT NULL REFERENCES entries (resume_id) ON DELETE CASCADE,
    PRIMARY KEY (vacancy_id, resume_id)
) WITHOUT ROWID;
CREATE INDEX entry_vacancies_resume ON entry_vacancies (resume_id);

-- Comments (2.9). Local placeholders of unsent comments have negative ids.
CREATE TABLE comments (
    id        INTEGER PRIMARY KEY,
    resume_id INTEGER NOT NULL,
    text      TEXT    NOT NULL DEFAULT '',
    author    TEXT    NOT NULL DEFAULT '',
    date      INTEGER NOT NULL DEFAULT 0,
    own       INTEGER NOT NULL DEFAULT 0,
    hidden    INTEGER NOT NULL DEFAULT 0, -- a comment_delete is unfinished
    outbox_id INTEGER                     -- the comment_add that made a placeholder
);
CREATE INDEX comments_resume ON comments (resume_id, date);

-- Template lists (2.7, 4.8) per kind: mail, invitation, rejection.
CREATE TABLE template_sets (
    kind      TEXT PRIMARY KEY,
    send_sms  INTEGER NOT NULL DEFAULT 0,
    synced_at INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE TABLE templates (
    kind     TEXT    NOT NULL,
    id       INTEGER NOT NULL,
    position INTEGER NOT NULL,
    name     TEXT    NOT NULL DEFAULT '',
    subject  TEXT    NOT NULL DEFAULT '',
    greeting TEXT    NOT NULL DEFAULT '',
    body     TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (kind, id)
) WITHOUT ROWID;

-- The user's own vacancies (2.2).
CREATE TABLE vacancies (
    id             INTEGER PRIMARY KEY,
    profession     TEXT    NOT NULL DEFAULT '',
    published      INTEGER NOT NULL DEFAULT 0, -- 0 closed, 1 open, 3 archived
    is_archive     INTEGER NOT NULL DEFAULT 0,
    views_count    INTEGER NOT NULL DEFAULT 0,
    resumes_all    INTEGER NOT NULL DEFAULT 0,
    resumes_new    INTEGER NOT NULL DEFAULT 0,
    date_published INTEGER NOT NULL DEFAULT 0,
    date_pub_to    INTEGER NOT NULL DEFAULT 0,
    synced_at      INTEGER NOT NULL DEFAULT 0,
    raw_json       TEXT    NOT NULL DEFAULT '{}'
);

-- Resume selections (2.6): kept for a later issue.
CREATE TABLE selections (
    id        INTEGER PRIMARY KEY,
    name      TEXT    NOT NULL DEFAULT '',
    status    INTEGER NOT NULL DEFAULT 0,
    synced_at INTEGER NOT NULL DEFAULT 0,
    raw_json  TEXT    NOT NULL DEFAULT '{}'
);

-- The signed-in user: at most one row.
CREATE TABLE app_user (
    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
    id        INTEGER NOT NULL,
    name      TEXT    NOT NULL DEFAULT '',
    email     TEXT    NOT NULL DEFAULT '',
    synced_at INTEGER NOT NULL DEFAULT 0,
    raw_json  TEXT    NOT NULL DEFAULT '{}'
);

-- Sync state, see syncstate.go. Per (scope, status): how far the lists are
-- fetched and when the last full / incremental sync finished.
CREATE TABLE sync_cursors (
    scope               TEXT    NOT NULL,
    status              INTEGER NOT NULL,
    fetched_until       INTEGER NOT NULL DEFAULT 0,
    last_full_at        INTEGER NOT NULL DEFAULT 0,
    last_incremental_at INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (scope, status)
) WITHOUT ROWID;

-- The checkpoint of the running sync: its plan of windows, each done or not,
-- so a sync killed by kill -9 resumes with the windows left.
CREATE TABLE sync_runs (
    run_id     TEXT    PRIMARY KEY,
    kind       TEXT    NOT NULL,
    started_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE sync_windows (
    run_id      TEXT    NOT NULL REFERENCES sync_runs (run_id) ON DELETE CASCADE,
    scope       TEXT    NOT NULL,
    status      INTEGER NOT NULL,
    window_from INTEGER NOT NULL,
    window_to   INTEGER NOT NULL,
    done        INTEGER NOT NULL DEFAULT 0,
    fetched     INTEGER NOT NULL DEFAULT 0,
    done_at     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (run_id, scope, status, window_from, window_to)
) WITHOUT ROWID;

-- Open reconciliations (BeginReconcile .. Finish).
CREATE TABLE reconciles (
    token       TEXT    PRIMARY KEY,
    scope       TEXT    NOT NULL,
    folder      TEXT    NOT NULL,
    window_from INTEGER NOT NULL,
    window_to   INTEGER NOT NULL,
    started_at  INTEGER NOT NULL
) WITHOUT ROWID;

-- Leases: which process of a profile runs the sync (two SSH sessions).
CREATE TABLE leases (
    name       TEXT    PRIMARY KEY,
    owner      TEXT    NOT NULL,
    expires_at INTEGER NOT NULL
) WITHOUT ROWID;

-- Small settings of the sync engine (key-value).
CREATE TABLE sync_meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
