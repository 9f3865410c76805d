package fakeapi

import (
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"
)

// statusFolders maps the status filter to folder ids (section 3).
var statusFolders = map[int]string{0: "inbox", 10: "invited", 20: "considered", 30: "refused"}

// received serves /2.0/resumes/received/ and, with company, received-by-client (4.10).
func (s *Server) received(company bool) authedHandler {
	return func(w http.ResponseWriter, r *http.Request, uid int64) {
		page, count, ok := paging(w, r)
		if !ok {
			return
		}
		v := r.URL.Query()
		if company && v.Has("id_vac") {
			writeError(w, http.StatusBadRequest, "Метод received-by-client не принимает id_vac", nil)
			return
		}
		now := s.now()
		from, hasFrom := intParam(v, "date_event_from")
		to, hasTo := intParam(v, "date_event_to")
		if !hasFrom && !hasTo {
			from = now.AddDate(0, -3, 0).Unix() // the default period: the last three months
		}
		if !hasTo {
			to = now.Unix()
		}
		status, hasStatus := intParam(v, "status")
		if hasStatus {
			if _, ok := statusFolders[int(status)]; !ok {
				writeError(w, http.StatusBadRequest, "Неверное значение status: 0, 10, 20 или 30", nil)
				return
			}
		}
		idVac, hasVac := intParam(v, "id_vac")
		types := intList(v, "types")
		if t, ok := intParam(v, "type"); ok && t != 0 && len(types) == 0 {
			types = []int64{t}
		}
		payFrom, _ := intParam(v, "payment_from")
		payTo, _ := intParam(v, "payment_to")
		ageFrom, _ := intParam(v, "age_from")
		ageTo, _ := intParam(v, "age_to")
		onlyNew := v.Get("only_new_received") == "1"
		noAgreement := v.Get("payment_no_agreement") == "1"
		keywords := strings.ToLower(strings.TrimSpace(v.Get("keywords")))

		s.mu.Lock()
		var match []*entry
		for _, id := range s.order {
			e := s.entries[id]
			if e.hidden || (!company && e.userID != uid) {
				continue
			}
			last := e.lastEvent()
			if last < from || last > to {
				continue
			}
			if hasStatus && e.status != int(status) {
				continue
			}
			if hasVac && e.vacancyID != idVac {
				continue
			}
			if len(types) > 0 && !containsInt(types, int64(e.events[0].typ/10*10)) && !containsInt(types, typeOf(e)) {
				continue
			}
			pay := num(e.resume["payment"])
			if (payFrom > 0 && pay < payFrom) || (payTo > 0 && pay > payTo) || (noAgreement && pay == 0) {
				continue
			}
			age := num(e.resume["age"])
			if (ageFrom > 0 && age < ageFrom) || (ageTo > 0 && (age == 0 || age > ageTo)) {
				continue
			}
			if onlyNew && !e.isNew {
				continue
			}
			if keywords != "" && !strings.Contains(strings.ToLower(str(e.resume["profession"])+" "+str(e.resume["achievements"])), keywords) {
				continue
			}
			match = append(match, e)
		}
		sortEntries(match, v.Get("order_by"))
		lo, hi, more := pageOf(len(match), page, count)
		objs := make([]any, 0, hi-lo)
		for _, e := range match[lo:hi] {
			objs = append(objs, s.entryJSON(e))
		}
		s.mu.Unlock()
		if s.shapes.oddList(w, len(match), more) {
			return
		}
		writeJSON(w, http.StatusOK, listEnvelope(objs, len(match), more))
	}
}

// typeOf is how the entry reached the recruiter (the type filter of 4.10),
// from its first event: 10 sent by applicant, 30 by subscription, 40 found.
func typeOf(e *entry) int64 {
	switch e.events[0].typ {
	case 20:
		return 20
	case 30:
		return 30
	case 40:
		return 40
	case 50:
		return 50
	}
	return 10
}

func containsInt(xs []int64, x int64) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

func sortEntries(es []*entry, orderBy string) {
	key := func(e *entry) int64 {
		switch orderBy {
		case "payment":
			return num(e.resume["payment"])
		case "age":
			return num(e.resume["age"])
		case "education":
			if ed, ok := e.resume["education"].(map[string]any); ok {
				return -num(ed["id"])
			}
			return 0
		}
		return e.lastEvent()
	}
	sort.SliceStable(es, func(i, j int) bool {
		a, b := key(es[i]), key(es[j])
		if a != b {
			return a > b
		}
		return es[i].resumeID > es[j].resumeID
	})
}

// entryJSON is the received-resume entry of 2.8; the caller holds s.mu.
func (s *Server) entryJSON(e *entry) map[string]any {
	events := make([]any, 0, len(e.events))
	for i := len(e.events) - 1; i >= 0; i-- {
		ev := e.events[i]
		events = append(events, map[string]any{
			"id_resume": ev.resumeID, "id_vac": ev.vacancyID, "type": ev.typ, "date_event": ev.date,
			"text": ev.text, "date": time.Unix(ev.date, 0).UTC().Format("02.01.2006 15:04"),
			"description": ev.description, "type_title": eventTitles[ev.typ],
		})
	}
	return map[string]any{"resume": s.resumeJSON(e), "is_new": e.isNew, "events": events}
}

// resumeJSON is the resume as the employer sees it: contacts only when the
// applicant sent it, or once bought or opened (real-world notes).
func (s *Server) resumeJSON(e *entry) map[string]any {
	out := make(map[string]any, len(e.resume)+len(e.contacts))
	for k, v := range e.resume {
		out[k] = v
	}
	if e.opened || typeOf(e) == 10 {
		for k, v := range e.contacts {
			if _, set := out[k]; !set {
				out[k] = v
			}
		}
		out["contacts_bought"] = e.opened
	} else {
		for _, k := range []string{"firstname", "lastname", "middlename", "name"} {
			delete(out, k)
		}
	}
	var embedded []any
	for _, c := range s.comments {
		if c.resumeID == e.resumeID {
			embedded = append(embedded, map[string]any{"author": c.author, "date": c.date, "text": c.text})
		}
	}
	if embedded != nil {
		out["comments"] = embedded
	}
	return out
}

func num(v any) int64 {
	switch x := v.(type) {
	case int:
		return int64(x)
	case int64:
		return x
	case float64:
		return int64(x)
	case string:
		n, _ := strconv.ParseInt(x, 10, 64)
		return n
	}
	return 0
}

func str(v any) string {
	s, _ := v.(string)
	return s
}
