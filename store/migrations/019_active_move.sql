-- 019: a resume's newest unfinished move (activeFolderSQL), read by every
-- write that decides a shown folder: a bulk's folders UPDATE for each of
-- its 500 resumes, its undo, and a sync's upsert for every entry. On
-- outbox_resume_state (resume_id, state) each read sorted the resume's
-- actions by id in a temporary B-tree, whose pages were freed one by one
-- at the statement's end (issue 28 §7). This index holds them in id order.
CREATE INDEX outbox_active_move ON outbox (resume_id, id)
    WHERE new_folder IS NOT NULL AND state IN ('pending', 'in_flight', 'unknown');
