package fakeapi

import (
	"net/http"
	"strings"
)

func (s *Server) companyJSON(i int, uid int64) map[string]any {
	id := int64(3001 + i)
	return map[string]any{
		"id": id, "title": strings.Trim(companies[i], "ООО АО ПАО ИП«»"), "link": "https://www.superjob.ru/clients/" + strings.ToLower(strings.Fields(companies[i])[0]),
		"description": "Компания из генератора данных", "industry": []any{dict(33, "IT, Интернет, связь, телеком")},
		"vacancy_count": i % 5, "staff_count": "50—100", "client_logo": nil, "is_blocked": uid != 0 && s.blocked[id],
	}
}

func (s *Server) listClients(w http.ResponseWriter, r *http.Request, uid int64) {
	page, count, ok := paging(w, r)
	if !ok {
		return
	}
	kw := strings.ToLower(r.URL.Query().Get("keyword"))
	s.mu.Lock()
	defer s.mu.Unlock()
	var objs []any
	for i := range companies {
		c := s.companyJSON(i, uid)
		if kw != "" && !strings.Contains(strings.ToLower(c["title"].(string)), kw) {
			continue
		}
		objs = append(objs, c)
	}
	lo, hi, more := pageOf(len(objs), page, count)
	writeJSON(w, http.StatusOK, listEnvelope(objs[lo:hi], len(objs), more))
}

func (s *Server) getClient(w http.ResponseWriter, r *http.Request, uid int64) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	i := int(id - 3001)
	if i < 0 || i >= len(companies) {
		writeError(w, http.StatusNotFound, "Компания не найдена", nil)
		return
	}
	s.mu.Lock()
	c := s.companyJSON(i, 0)
	s.mu.Unlock()
	delete(c, "staff_count")
	delete(c, "is_blocked")
	writeJSON(w, http.StatusOK, c)
}

func (s *Server) blockClient(w http.ResponseWriter, r *http.Request, uid int64) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	s.blocked[id] = true
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"result": true})
}

func (s *Server) unblockClient(w http.ResponseWriter, r *http.Request, uid int64) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	delete(s.blocked, id)
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) blockedClients(w http.ResponseWriter, r *http.Request, uid int64) {
	page, count, ok := paging(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var objs []any
	for i := range companies {
		if s.blocked[int64(3001+i)] {
			objs = append(objs, s.companyJSON(i, uid))
		}
	}
	lo, hi, more := pageOf(len(objs), page, count)
	writeJSON(w, http.StatusOK, listEnvelope(objs[lo:hi], len(objs), more))
}
