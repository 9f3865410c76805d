-- 018: who a colleague is (issue 30 §1). The overview and `report --by
-- recruiter` name a recruiter by what the service says about them: a
-- vacancy's contact person (4.2 `contact`, shown to an employer's
-- authorised caller). The own vacancies keep it in raw_json already.
ALTER TABLE company_vacancies ADD COLUMN contact TEXT NOT NULL DEFAULT '';

-- A period's responses as a cohort (issue 30 §3, store/period.go) are a
-- range of arrivals: without an index holding every arrival (the two on
-- arrived_at are partial: the waiting ones, the acted on), a period read
-- every entry, and the overview by recruiter took 91 ms at 100k for a week.
CREATE INDEX entries_arrived ON entries (arrived_at, scope, vacancy_id, acted_at)
    WHERE folder IS NOT NULL AND arrived_at > 0;
