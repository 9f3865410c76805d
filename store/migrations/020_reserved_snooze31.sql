-- 020: reserved for branch snooze31's migration (issue 31), written beside
-- this branch's 021; on merge this file gives way to that one.
SELECT 1;
