package fakeapi

import (
	"net/http"
	"strconv"
)

func (s *Server) routes() {
	m := http.NewServeMux()
	s.mux = m
	// 4.1 Authorization.
	m.HandleFunc("/authorize/{$}", s.authorize)
	m.HandleFunc("/2.0/oauth2/password/{$}", s.password)
	m.HandleFunc("/2.0/oauth2/access_token/{$}", s.accessToken)
	m.HandleFunc("/2.0/oauth2/refresh_token/{$}", s.refreshToken)
	// 4.2 Vacancies.
	m.HandleFunc("GET /2.0/vacancies/{$}", s.auth(s.searchVacancies, false))
	m.HandleFunc("POST /2.0/vacancies/{$}", s.auth(s.createVacancies, true))
	m.HandleFunc("PUT /2.0/vacancies/{$}", s.auth(s.updateVacancies, true))
	m.HandleFunc("PUT /2.0/vacancies/archive/{$}", s.auth(s.archiveVacancies, true))
	m.HandleFunc("GET /2.0/vacancies/{id}/{$}", s.auth(s.getVacancy, false))
	// 4.3 Applicant subscriptions (the examples also use the /hr/ prefix for writes).
	s.collectionRoutes("/2.0/subscriptions/", s.subs, false)
	// 4.4 Companies.
	m.HandleFunc("GET /2.0/clients/{$}", s.auth(s.listClients, false))
	m.HandleFunc("GET /2.0/clients/block/list/{$}", s.auth(s.blockedClients, true))
	m.HandleFunc("GET /2.0/clients/{id}/{$}", s.auth(s.getClient, false))
	m.HandleFunc("POST /2.0/clients/{id}/block/{$}", s.auth(s.blockClient, true))
	m.HandleFunc("DELETE /2.0/clients/{id}/block/{$}", s.auth(s.unblockClient, true))
	// 4.5 Other shared methods.
	m.HandleFunc("POST /2.0/user_cvs/update_datepub/{id}/{$}", s.auth(s.updateDatepub, true))
	m.HandleFunc("POST /2.0/forgot_password/{$}", s.forgotPassword)
	m.HandleFunc("GET /2.0/user/current/{$}", s.auth(s.currentUser, true))
	// 4.6 Resume selections.
	s.collectionRoutes("/2.0/hr/subscriptions/", s.selections, true)
	// 4.7–4.9 Actions on received resumes.
	m.HandleFunc("POST /2.0/hr/resumes/{id}/buy/{$}", s.auth(s.buyContacts, true))
	m.HandleFunc("GET /2.0/hr/resumes/{id}/open/{$}", s.auth(s.openContacts, true))
	m.HandleFunc("GET /2.0/hr/resumes/{id}/mail_data/{$}", s.auth(s.templatesOf("mail", true), true))
	m.HandleFunc("GET /2.0/hr/resumes/{id}/invitation_data/{$}", s.auth(s.templatesOf("invitation", true), true))
	m.HandleFunc("GET /2.0/hr/resumes/{id}/rejection_data/{$}", s.auth(s.templatesOf("rejection", false), true))
	m.HandleFunc("POST /2.0/hr/resumes/{id}/send_mail/{$}", s.auth(s.sendLetter("mail"), true))
	m.HandleFunc("POST /2.0/hr/resumes/{id}/invite/{$}", s.auth(s.sendLetter("invitation"), true))
	m.HandleFunc("POST /2.0/hr/resumes/{id}/reject/{$}", s.auth(s.sendLetter("rejection"), true))
	m.HandleFunc("POST /2.0/hr/resumes/{id}/mail_to/{$}", s.auth(s.mailTo, true))
	m.HandleFunc("POST /2.0/hr/resumes/{id}/later/{$}", s.auth(s.later, true))
	m.HandleFunc("POST /2.0/hr/resumes/{id}/move/{$}", s.auth(s.move, true))
	m.HandleFunc("GET /2.0/hr/resumes/{id}/comments/{$}", s.auth(s.listComments, true))
	m.HandleFunc("POST /2.0/hr/resumes/{id}/comments/{$}", s.auth(s.addComment, true))
	m.HandleFunc("DELETE /2.0/hr/resumes/comments/{id}/{$}", s.auth(s.deleteComment, true))
	// 4.10 Received resumes.
	m.HandleFunc("GET /2.0/resumes/received/{$}", s.auth(s.received(false), true))
	m.HandleFunc("GET /2.0/resumes/received-by-client/{$}", s.auth(s.received(true), true))
	m.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "Метод не найден: "+r.Method+" "+r.URL.Path, nil)
	})
}

// authedHandler is a method that knows who calls (0 when anonymous).
type authedHandler func(w http.ResponseWriter, r *http.Request, userID int64)

// auth checks the token when one is sent, or when required is true.
func (s *Server) auth(h authedHandler, required bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !required && r.Header.Get("Authorization") == "" {
			h(w, r, 0)
			return
		}
		uid, ok := s.authUser(w, r)
		if !ok {
			return
		}
		h(w, r, uid)
	}
}

// pathID reads the {id} wildcard; it answers 404 itself when it is not a number.
func pathID(w http.ResponseWriter, r *http.Request) (int64, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		writeError(w, http.StatusNotFound, "Объект не найден", nil)
		return 0, false
	}
	return id, true
}

// paging reads page and count within the bounds of section 1; it answers
// 400 itself when they are out of bounds.
func paging(w http.ResponseWriter, r *http.Request) (page, count int, ok bool) {
	v := r.URL.Query()
	page, count = 0, 20
	if s := v.Get("page"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n > 500 {
			writeError(w, http.StatusBadRequest, "Параметр page должен быть от 0 до 500", nil)
			return 0, 0, false
		}
		page = n
	}
	if s := v.Get("count"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 100 {
			writeError(w, http.StatusBadRequest, "Параметр count должен быть от 1 до 100", nil)
			return 0, 0, false
		}
		count = n
	}
	return page, count, true
}

// pageOf cuts one page out of n results under the 500-entity cap (section 1).
func pageOf(n, page, count int) (lo, hi int, more bool) {
	reachable := min(n, 500)
	lo = min(page*count, reachable)
	hi = min(lo+count, reachable)
	return lo, hi, hi < reachable
}

func listEnvelope(objects []any, total int, more bool) map[string]any {
	if objects == nil {
		objects = []any{}
	}
	return map[string]any{"objects": objects, "total": total, "more": more}
}

func (s *Server) collectionRoutes(prefix string, c *collection, selections bool) {
	m := s.mux
	list := func(w http.ResponseWriter, r *http.Request, uid int64) {
		page, count, ok := paging(w, r)
		if !ok {
			return
		}
		all := c.list()
		lo, hi, more := pageOf(len(all), page, count)
		objs := make([]any, 0, hi-lo)
		for _, it := range all[lo:hi] {
			objs = append(objs, it)
		}
		writeJSON(w, http.StatusOK, listEnvelope(objs, len(all), more))
	}
	create := func(w http.ResponseWriter, r *http.Request, uid int64) {
		f := fieldsOf(params(r))
		if name, _ := f["name"].(string); name == "" {
			writeError(w, http.StatusUnprocessableEntity, "Ошибка валидации", map[string]any{"errors": []any{map[string]any{"name": []string{"Укажите название"}}}})
			return
		}
		if selections {
			if errs := selectionErrors(f); len(errs) > 0 {
				writeError(w, http.StatusUnprocessableEntity, "Ошибка валидации", map[string]any{"errors": fieldErrors(errs)})
				return
			}
			f["status"] = 1 // always 1 at creation (4.6)
			_, it := c.create(f)
			writeJSON(w, http.StatusCreated, it)
			return
		}
		id, _ := c.create(f)
		writeJSON(w, http.StatusOK, map[string]any{"id": id})
	}
	get := func(w http.ResponseWriter, r *http.Request, uid int64) {
		id, ok := pathID(w, r)
		if !ok {
			return
		}
		it, found := c.get(id)
		if !found {
			writeError(w, http.StatusNotFound, "Объект не найден", nil)
			return
		}
		writeJSON(w, http.StatusOK, it)
	}
	update := func(w http.ResponseWriter, r *http.Request, uid int64) {
		id, ok := pathID(w, r)
		if !ok {
			return
		}
		f := fieldsOf(params(r))
		if selections {
			if errs := selectionErrors(f); len(errs) > 0 {
				if _, found := c.get(id); found {
					writeError(w, http.StatusUnprocessableEntity, "Ошибка валидации", map[string]any{"errors": fieldErrors(errs)})
					return
				}
			}
		}
		it, found := c.update(id, f)
		if !found {
			writeError(w, http.StatusNotFound, "Объект не найден", nil)
			return
		}
		if selections {
			writeJSON(w, http.StatusOK, it)
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"result": true})
	}
	remove := func(w http.ResponseWriter, r *http.Request, uid int64) {
		id, ok := pathID(w, r)
		if !ok {
			return
		}
		if !c.remove(id) {
			writeError(w, http.StatusNotFound, "Объект не найден", nil)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
	m.HandleFunc("GET "+prefix+"{$}", s.auth(list, true))
	m.HandleFunc("POST "+prefix+"{$}", s.auth(create, true))
	for _, p := range []string{prefix + "{id}/{$}", prefix + "{id}"} {
		m.HandleFunc("GET "+p, s.auth(get, true))
		m.HandleFunc("PUT "+p, s.auth(update, true))
		m.HandleFunc("DELETE "+p, s.auth(remove, true))
	}
}
