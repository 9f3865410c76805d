-- 018: who a colleague is (issue 30 §1). The overview and `report --by
-- recruiter` name a recruiter by what the service says about them: a
-- vacancy's contact person (4.2 `contact`, shown to an employer's
-- authorised caller). The own vacancies keep it in raw_json already.
ALTER TABLE company_vacancies ADD COLUMN contact TEXT NOT NULL DEFAULT '';
