-- 015: the company's vacancies (issue 28 §3). A colleague's vacancy had no
-- title on the overview nor in `report`: the cache knew only the own ones.
-- A sync of the company's scope reads the company's vacancies (4.2: by
-- id_client in every state) with its responses. The own vacancies stay in
-- `vacancies`, the catalogue the vacancies screen shows and acts on.
CREATE TABLE company_vacancies (
    id         INTEGER PRIMARY KEY,
    profession TEXT    NOT NULL DEFAULT '',
    owner_id   INTEGER NOT NULL DEFAULT 0, -- id_user: who created it
    published  INTEGER NOT NULL DEFAULT 0, -- 0 closed, 1 open, 3 archived
    synced_at  INTEGER NOT NULL DEFAULT 0
);
