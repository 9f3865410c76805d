package fakeapi

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// searchVacancies is GET /2.0/vacancies/ (4.2) with the filters the fake
// understands: id_user, id_client, published, published_all, archive,
// not_archive, keyword, ids, payment bounds, town.
func (s *Server) searchVacancies(w http.ResponseWriter, r *http.Request, uid int64) {
	page, count, ok := paging(w, r)
	if !ok {
		return
	}
	v := r.URL.Query()
	s.mu.Lock()
	defer s.mu.Unlock()
	own := uid != 0 && (v.Get("id_user") == strconv.FormatInt(uid, 10) || v.Get("id_client") == strconv.Itoa(demoClientID))
	var objs []any
	for _, id := range s.vacancyOrder {
		vac := s.vacancies[id]
		if !vacancyMatches(vac, v, own) {
			continue
		}
		objs = append(objs, s.vacancyJSON(vac, uid != 0))
	}
	lo, hi, more := pageOf(len(objs), page, count)
	writeJSON(w, http.StatusOK, listEnvelope(objs[lo:hi], len(objs), more))
}

func vacancyMatches(vac *vacancy, v url.Values, own bool) bool {
	f := vac.fields
	published := int(num(f["published"]))
	switch {
	case own && (v.Get("published_all") == "1" || v.Get("published_all") == "true"):
	case own && (v.Get("archive") == "1" || v.Get("archive") == "true"):
		if published != 3 {
			return false
		}
	case own && (v.Get("not_archive") == "1" || v.Get("not_archive") == "true"):
		if published == 3 {
			return false
		}
	case own && v.Has("published"):
		if strconv.Itoa(published) != v.Get("published") {
			return false
		}
	default:
		if published != 1 {
			return false // only open access unless the owner asks otherwise
		}
	}
	if id := v.Get("id_vacancy"); id != "" && id != strconv.FormatInt(num(f["id"]), 10) {
		return false
	}
	// A search by owner or company finds theirs only (a colleague's
	// vacancy is not the recruiter's own).
	for _, k := range []string{"id_user", "id_client"} {
		if want := v.Get(k); want != "" && want != strconv.FormatInt(num(f[k]), 10) {
			return false
		}
	}
	if ids := intList(v, "ids"); len(ids) > 0 && !containsInt(ids, num(f["id"])) {
		return false
	}
	if kw := strings.ToLower(v.Get("keyword")); kw != "" &&
		!strings.Contains(strings.ToLower(str(f["profession"])+" "+str(f["work"])+" "+str(f["candidat"])), kw) {
		return false
	}
	if p, ok := intParam(v, "payment_from"); ok && num(f["payment_to"]) < p {
		return false
	}
	if p, ok := intParam(v, "payment_to"); ok && p > 0 && num(f["payment_from"]) > p {
		return false
	}
	return true
}

// vacancyJSON hides the contact fields (*) from anonymous callers.
func (s *Server) vacancyJSON(vac *vacancy, authed bool) map[string]any {
	out := copyMap(vac.fields)
	if !authed {
		for _, k := range []string{"contact", "email", "phone", "url", "fax", "id_user", "code", "resumesubscription_status"} {
			delete(out, k)
		}
	}
	delete(out, "published")
	return out
}

func (s *Server) getVacancy(w http.ResponseWriter, r *http.Request, uid int64) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	vac := s.vacancies[id]
	if vac == nil {
		writeError(w, http.StatusNotFound, "Вакансия не найдена", nil)
		return
	}
	writeJSON(w, http.StatusOK, s.vacancyJSON(vac, uid != 0))
}

// batchElements reads the `vacancies` array of a batch call.
func batchElements(r *http.Request) []any {
	f := nest(params(r))
	list, _ := f["vacancies"].([]any)
	return list
}

// validateVacancy returns the 422 error body of one batch element, or nil.
func validateVacancy(el map[string]any, create bool) map[string]any {
	var errs []any
	if create && strings.TrimSpace(str(el["profession"])) == "" {
		errs = append(errs, map[string]any{"profession": []string{"Укажите название вакансии"}})
	}
	for _, k := range []string{"payment_from", "payment_to"} {
		if raw, ok := el[k]; ok && str(raw) != "" {
			if n, err := strconv.ParseInt(str(raw), 10, 64); err != nil || n < 0 {
				errs = append(errs, map[string]any{k: []string{"Должно быть неотрицательным числом"}})
			}
		}
	}
	if errs == nil {
		return nil
	}
	return map[string]any{"error": map[string]any{"code": 422, "message": "Ошибка валидации", "errors": errs}}
}

// createVacancies is the batch create of 4.2: one result per element.
func (s *Server) createVacancies(w http.ResponseWriter, r *http.Request, uid int64) {
	els := batchElements(r)
	if len(els) == 0 {
		writeError(w, http.StatusBadRequest, "Нужен массив vacancies", nil)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	whole := s.shapes.get().WholeBatches
	if whole && refuseWhole(w, els, func(el map[string]any) map[string]any { return validateVacancy(el, true) }) {
		return
	}
	results := make([]any, 0, len(els))
	for _, raw := range els {
		el, _ := raw.(map[string]any)
		if bad := validateVacancy(el, true); bad != nil {
			results = append(results, bad)
			continue
		}
		s.nextVacancy++
		id := s.nextVacancy
		fields := map[string]any{"id": id, "id_client": demoClientID, "id_user": uid, "published": 1, "is_archive": false,
			"currency": "rub", "views_count": 0, "resumes_all": 0, "resumes_new": 0, "date_published": s.now().Unix(),
			"date_pub_to": s.now().AddDate(0, 1, 0).Unix(), "canEdit": true}
		applyVacancyFields(fields, el)
		s.vacancies[id] = &vacancy{fields: fields}
		s.vacancyOrder = append(s.vacancyOrder, id)
		results = append(results, map[string]any{"id": id})
	}
	switch {
	case whole && len(results) == 1:
		writeJSON(w, http.StatusCreated, results[0])
	case whole:
		writeJSON(w, http.StatusCreated, results)
	default:
		writeJSON(w, http.StatusOK, results)
	}
}

// refuseWhole answers a batch holding an invalid element with that
// element's error as the whole answer (Shapes.WholeBatches); false when
// every element is valid.
func refuseWhole(w http.ResponseWriter, els []any, validate func(map[string]any) map[string]any) bool {
	for _, raw := range els {
		el, _ := raw.(map[string]any)
		if bad := validate(el); bad != nil {
			writeJSON(w, http.StatusUnprocessableEntity, bad)
			return true
		}
	}
	return false
}

// updateVacancies is the batch update of 4.2.
func (s *Server) updateVacancies(w http.ResponseWriter, r *http.Request, uid int64) {
	els := batchElements(r)
	if len(els) == 0 {
		writeError(w, http.StatusBadRequest, "Нужен массив vacancies", nil)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.shapes.get().WholeBatches && refuseWhole(w, els, func(el map[string]any) map[string]any {
		id, _ := strconv.ParseInt(str(el["id"]), 10, 64)
		if s.vacancies[id] == nil {
			return map[string]any{"error": map[string]any{"code": 404, "message": "Вакансия не найдена"}}
		}
		return validateVacancy(el, false)
	}) {
		return
	}
	results := make([]any, 0, len(els))
	for _, raw := range els {
		el, _ := raw.(map[string]any)
		id, _ := strconv.ParseInt(str(el["id"]), 10, 64)
		vac := s.vacancies[id]
		switch {
		case vac == nil:
			results = append(results, map[string]any{"error": map[string]any{"code": 404, "message": "Вакансия не найдена", "errors": []any{map[string]any{"id": []string{"Нет такой вакансии"}}}}})
		case validateVacancy(el, false) != nil:
			results = append(results, validateVacancy(el, false))
		default:
			applyVacancyFields(vac.fields, el)
			results = append(results, nil)
		}
	}
	writeJSON(w, http.StatusOK, results)
}

// archiveVacancies is PUT /2.0/vacancies/archive/: an array of nulls.
func (s *Server) archiveVacancies(w http.ResponseWriter, r *http.Request, uid int64) {
	els := batchElements(r)
	s.mu.Lock()
	defer s.mu.Unlock()
	results := make([]any, 0, len(els))
	for _, raw := range els {
		id, _ := strconv.ParseInt(str(raw), 10, 64)
		if m, ok := raw.(map[string]any); ok {
			id, _ = strconv.ParseInt(str(m["id"]), 10, 64)
		}
		if vac := s.vacancies[id]; vac != nil {
			vac.fields["published"], vac.fields["is_archive"], vac.fields["date_archived"] = 3, true, s.now().Unix()
			results = append(results, nil)
			continue
		}
		results = append(results, map[string]any{"error": map[string]any{"code": 404, "message": "Вакансия не найдена"}})
	}
	writeJSON(w, http.StatusOK, results)
}

func applyVacancyFields(dst, el map[string]any) {
	for k, v := range el {
		if k == "id" {
			continue
		}
		switch k {
		case "payment_from", "payment_to", "published":
			n, _ := strconv.ParseInt(str(v), 10, 64)
			dst[k] = n
		case "town":
			for _, t := range towns {
				if str(v) == strconv.Itoa(t.id) || str(v) == t.title {
					dst[k] = townObject(t)
				}
			}
		default:
			dst[k] = v
		}
	}
	if num(dst["published"]) == 3 {
		dst["is_archive"] = true
	}
}

// Vacancy returns a vacancy's fields as the fake holds them, for tests.
func (s *Server) Vacancy(id int64) (map[string]any, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	vac := s.vacancies[id]
	if vac == nil {
		return nil, false
	}
	return copyMap(vac.fields), true
}
