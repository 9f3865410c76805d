-- 004: facts about each entry that the list filters on and that recognise
-- one applicant across resumes and vacancies (repeat applicants). Filled on
-- upsert and, for entries cached before this migration, by backfillFacts
-- from their raw JSON.
CREATE TABLE entry_facts (
    resume_id    INTEGER PRIMARY KEY REFERENCES entries (resume_id) ON DELETE CASCADE,
    applicant_id INTEGER NOT NULL DEFAULT 0,  -- the resume's id_user: the applicant's account
    name_key     TEXT    NOT NULL DEFAULT '', -- "фамилия имя отчество", lower case, ё as е; '' without a name
    birth_year   INTEGER NOT NULL DEFAULT 0,  -- birthyear, else estimated from the age; 0 unknown
    town_key     TEXT    NOT NULL DEFAULT '',
    education    INTEGER NOT NULL DEFAULT 0,  -- the resume's education level (dictionary id); 0 unknown
    responded_at INTEGER NOT NULL DEFAULT 0   -- the first event: when the response came
);
CREATE INDEX entry_facts_applicant ON entry_facts (applicant_id) WHERE applicant_id <> 0;
CREATE INDEX entry_facts_name ON entry_facts (name_key, town_key) WHERE name_key <> '';
CREATE INDEX entry_facts_responded ON entry_facts (responded_at);
CREATE INDEX entry_facts_education ON entry_facts (education) WHERE education <> 0;

-- A phone (last ten digits) or an e-mail, once contacts are open.
CREATE TABLE entry_contacts (
    resume_id INTEGER NOT NULL REFERENCES entries (resume_id) ON DELETE CASCADE,
    key       TEXT    NOT NULL,
    PRIMARY KEY (resume_id, key)
) WITHOUT ROWID;
CREATE INDEX entry_contacts_key ON entry_contacts (key);
