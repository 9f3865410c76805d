-- 020: snooze (issue 31 §4). A resume the recruiter put aside until a
-- moment: kept in the cache only (the site has no such thing), so it holds
-- across restarts and offline. The list hides a row while until is ahead of
-- the clock; once due it is "woken": shown again, marked and first, until
-- the recruiter acts on it.
CREATE TABLE snoozes (
    resume_id INTEGER PRIMARY KEY,
    until     INTEGER NOT NULL, -- unix seconds: hidden before, woken from then
    since     INTEGER NOT NULL  -- when it was snoozed: a response after it wakes it
);
-- The next wake and "is anything snoozed now" are one probe of this index.
CREATE INDEX snoozes_until ON snoozes (until);

-- A new response from the applicant (the newest response event moving past
-- the moment of the snooze) wakes it early: due at that response. The sync
-- rewrites an entry's events, and 012's triggers move arrived_at with them,
-- so this is where every path that brings an event passes.
CREATE TRIGGER snoozes_wake_on_response AFTER UPDATE OF arrived_at ON entries
WHEN new.arrived_at > old.arrived_at BEGIN
    UPDATE snoozes SET until = new.arrived_at
        WHERE resume_id = new.resume_id AND since < new.arrived_at AND until > new.arrived_at;
END;

-- An action the recruiter takes on the resume ends its snooze and its mark.
CREATE TRIGGER snoozes_end_on_action AFTER INSERT ON outbox BEGIN
    DELETE FROM snoozes WHERE resume_id = new.resume_id;
END;

CREATE TRIGGER snoozes_entry_gone AFTER DELETE ON entries BEGIN
    DELETE FROM snoozes WHERE resume_id = old.resume_id;
END;
