package fakeapi

import (
	"net/http"
	"net/mail"
	"strconv"
	"strings"
)

// SentMail is a letter the fake "sent": invitations, rejections, mail by
// template and mail_to, for tests to check.
type SentMail struct {
	ResumeID   int64
	Kind       string // invitation, rejection, mail, mail_to
	TemplateID int64
	Subject    string
	Body       string
	SendSMS    bool
	To         string
}

// entryFor finds the caller's received entry; it answers 404 itself.
func (s *Server) entryFor(w http.ResponseWriter, r *http.Request) (*entry, bool) {
	id, ok := pathID(w, r)
	if !ok {
		return nil, false
	}
	e := s.entries[id]
	if e == nil || e.hidden {
		writeError(w, http.StatusNotFound, "Резюме не найдено", nil)
		return nil, false
	}
	return e, true
}

// folderStatus resolves an id_folder value (4.9): an API folder name or a
// numeric user folder; ok false for anything else.
func folderStatus(v string) (status int, folder string, ok bool) {
	switch v {
	case "inbox":
		return 0, "", true
	case "invited":
		return 10, "", true
	case "considered":
		return 20, "", true
	case "refused":
		return 30, "", true
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil && n > 0 {
		return -1, v, true // the status stays: see moveTo
	}
	return 0, "", false
}

func (s *Server) moveTo(e *entry, folderParam string, eventType int) bool {
	status, folder, ok := folderStatus(folderParam)
	if !ok {
		return false
	}
	// A user folder is not a status: the status filter still lists the
	// resume under the one it had, as the real service's does (issue 19
	// §2.1), and only the move's event names the folder.
	if status >= 0 {
		e.status = status
	}
	e.folder, e.isNew = folder, false
	e.addEvent(eventType, s.now(), "Перемещено в папку "+folderParam)
	return true
}

func (s *Server) move(w http.ResponseWriter, r *http.Request, uid int64) {
	v := params(r)
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.entryFor(w, r)
	if !ok {
		return
	}
	if !s.moveTo(e, strings.TrimSpace(v.Get("id_folder")), 110) {
		writeError(w, http.StatusUnprocessableEntity, "Неверная папка", map[string]any{"errors": []any{}})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"result": true})
}

func (s *Server) later(w http.ResponseWriter, r *http.Request, uid int64) {
	v := params(r)
	folder := strings.TrimSpace(v.Get("id_folder"))
	if folder == "" {
		folder = "considered"
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.entryFor(w, r)
	if !ok {
		return
	}
	if !s.moveTo(e, folder, 70) {
		writeError(w, http.StatusUnprocessableEntity, "Неверная папка", map[string]any{"errors": []any{}})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"result": true})
}

// templatesOf serves mail_data, invitation_data and rejection_data (4.8).
func (s *Server) templatesOf(kind string, sms bool) authedHandler {
	return func(w http.ResponseWriter, r *http.Request, uid int64) {
		s.mu.Lock()
		defer s.mu.Unlock()
		if _, ok := s.entryFor(w, r); !ok {
			return
		}
		var list []any
		for _, t := range s.templates[kind] {
			list = append(list, map[string]any{"id": strconv.FormatInt(t.id, 10), "name": t.name, "subject": t.subject, "greeting": t.greeting, "body": t.body})
		}
		out := map[string]any{"templates": list, "total": len(list), "more": false}
		if sms {
			out["send_sms"] = true
		}
		writeJSON(w, http.StatusOK, out)
	}
}

// sendLetter serves send_mail, invite and reject (4.8).
func (s *Server) sendLetter(kind string) authedHandler {
	return func(w http.ResponseWriter, r *http.Request, uid int64) {
		v := params(r)
		s.mu.Lock()
		defer s.mu.Unlock()
		e, ok := s.entryFor(w, r)
		if !ok {
			return
		}
		tplID, hasTpl := intParam(v, "id_template")
		var tpl *template
		if hasTpl || kind != "rejection" {
			for i := range s.templates[kind] {
				if s.templates[kind][i].id == tplID {
					tpl = &s.templates[kind][i]
				}
			}
			if tpl == nil {
				writeError(w, http.StatusUnprocessableEntity, "Ошибка валидации", map[string]any{"errors": []any{map[string]any{"id_template": []string{"Шаблон не найден"}}}})
				return
			}
		}
		m := SentMail{ResumeID: e.resumeID, Kind: kind, TemplateID: tplID, Subject: v.Get("mail_subject"), Body: v.Get("mail_body"),
			SendSMS: v.Get("send_sms") == "1" || v.Get("send_sms") == "true"}
		if tpl != nil {
			if m.Subject == "" {
				m.Subject = tpl.subject
			}
			if m.Body == "" {
				m.Body = tpl.body
			}
		}
		e.isNew = false
		switch kind {
		case "invitation":
			e.status, e.folder = 10, ""
			e.addEvent(60, s.now(), "Приглашение отправлено")
		case "rejection":
			e.status, e.folder = 30, ""
			e.addEvent(80, s.now(), "Отказ")
		}
		if tpl != nil {
			e.addEvent(90, s.now(), "Отправлено письмо: "+m.Subject)
		}
		s.mails = append(s.mails, m)
		writeJSON(w, http.StatusOK, map[string]any{"result": true})
	}
}

func (s *Server) mailTo(w http.ResponseWriter, r *http.Request, uid int64) {
	v := params(r)
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.entryFor(w, r)
	if !ok {
		return
	}
	to := strings.TrimSpace(v.Get("email_to"))
	if a, err := mail.ParseAddress(to); err != nil || a.Address != to {
		writeError(w, http.StatusUnprocessableEntity, "Ошибка валидации", map[string]any{"errors": []any{map[string]any{"email_to": []string{"Неверный адрес электронной почты"}}}})
		return
	}
	e.addEvent(100, s.now(), "Отправлено на "+to)
	s.mails = append(s.mails, SentMail{ResumeID: e.resumeID, Kind: "mail_to", To: to, Body: v.Get("mail_body")})
	writeJSON(w, http.StatusOK, map[string]any{"result": true})
}

func (s *Server) listComments(w http.ResponseWriter, r *http.Request, uid int64) {
	page, count, ok := paging(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.entryFor(w, r)
	if !ok {
		return
	}
	// The list also holds comments on the applicant's other resumes (4.9).
	owner := e.resume["id_user"]
	var objs []any
	for _, c := range s.comments {
		other := s.entries[c.resumeID]
		if c.resumeID != e.resumeID && (other == nil || other.resume["id_user"] != owner) {
			continue
		}
		var author any = c.author
		if c.author == "" {
			author = nil
		}
		objs = append(objs, map[string]any{"id": c.id, "id_resume": c.resumeID, "text": c.text, "author": author, "date": c.date})
	}
	lo, hi, more := pageOf(len(objs), page, count)
	writeJSON(w, http.StatusOK, listEnvelope(objs[lo:hi], len(objs), more))
}

func (s *Server) addComment(w http.ResponseWriter, r *http.Request, uid int64) {
	v := params(r)
	text := strings.TrimSpace(v.Get("comment"))
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.entryFor(w, r)
	if !ok {
		return
	}
	if text == "" {
		writeError(w, http.StatusUnprocessableEntity, "Ошибка валидации", map[string]any{"errors": []any{map[string]any{"comment": []string{"Введите текст комментария"}}}})
		return
	}
	s.nextComment++
	c := &comment{id: s.nextComment, resumeID: e.resumeID, userID: uid, text: text, author: "Анна Смирнова", date: s.now().Unix()}
	s.comments = append(s.comments, c)
	writeJSON(w, http.StatusCreated, map[string]any{"id": c.id, "text": c.text, "author": c.author, "date": c.date})
}

func (s *Server) deleteComment(w http.ResponseWriter, r *http.Request, uid int64) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, c := range s.comments {
		if c.id != id {
			continue
		}
		if c.userID != uid {
			writeError(w, http.StatusForbidden, "Можно удалять только свои комментарии", nil)
			return
		}
		s.comments = append(s.comments[:i], s.comments[i+1:]...)
		w.WriteHeader(http.StatusNoContent)
		return
	}
	writeError(w, http.StatusNotFound, "Комментарий не найден", nil)
}

// buyContacts is 4.7 buy: failures come inside a 200 body.
func (s *Server) buyContacts(w http.ResponseWriter, r *http.Request, uid int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.entryFor(w, r)
	if !ok {
		return
	}
	fail := func(code int, label, msg string) {
		writeJSON(w, http.StatusOK, map[string]any{"status": false, "resume": nil,
			"error": map[string]any{"code": code, "message": msg, "data": map[string]any{"error": label}}})
	}
	switch {
	case e.resumeID == UnpublishedID:
		fail(403, "resume_not_published", "Резюме не опубликовано")
	case e.resumeID == TariffMismatchID:
		fail(403, "tariff_mismatch", "Ваш тариф не позволяет покупать контакты")
	case !s.money:
		fail(403, "not_enough_money", "Недостаточно средств на счёте")
	default:
		e.opened = true
		writeJSON(w, http.StatusOK, map[string]any{"status": true, "resume": s.resumeJSON(e), "error": nil})
	}
}

// openContacts is 4.7 open: 403 or 429 inside the body.
func (s *Server) openContacts(w http.ResponseWriter, r *http.Request, uid int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.entryFor(w, r)
	if !ok {
		return
	}
	s.openAttempts[e.resumeID]++
	if e.resumeID == OpenLimitID || s.openAttempts[e.resumeID] > 20 {
		writeJSON(w, http.StatusOK, map[string]any{"status": false, "resume": nil,
			"error": map[string]any{"code": 429, "message": "Превышен лимит попыток получения контактов"}})
		return
	}
	// Contacts not bought yet cannot be opened (4.7: 403, access denied),
	// but those the applicant sent with the response are open already.
	if e.resumeID == UnpublishedID || e.resumeID == TariffMismatchID || !e.opened && typeOf(e) != 10 {
		writeJSON(w, http.StatusOK, map[string]any{"status": false, "resume": nil,
			"error": map[string]any{"code": 403, "message": "Доступ запрещён"}})
		return
	}
	e.opened = true
	writeJSON(w, http.StatusOK, map[string]any{"status": true, "resume": s.resumeJSON(e), "error": nil})
}

func (s *Server) currentUser(w http.ResponseWriter, r *http.Request, uid int64) {
	writeJSON(w, http.StatusOK, map[string]any{
		"id": uid, "name": "Анна Смирнова", "firstname": "Анна", "lastname": "Смирнова", "email": s.opts.Login,
		"id_client": demoClientID, "client_title": "ООО «ТехноЛаб»", "is_hr": true, "type": "hr_user",
	})
}

func (s *Server) updateDatepub(w http.ResponseWriter, r *http.Request, uid int64) {
	if _, ok := pathID(w, r); !ok {
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"result": s.now().Unix()})
}

func (s *Server) forgotPassword(w http.ResponseWriter, r *http.Request) {
	v := params(r)
	email, phone := strings.TrimSpace(v.Get("email")), strings.TrimSpace(v.Get("phone"))
	if email == "" && phone == "" {
		writeError(w, http.StatusBadRequest, "Укажите email или phone", nil)
		return
	}
	if email != "" && !strings.EqualFold(email, s.opts.Login) {
		writeError(w, http.StatusNotFound, "Пользователь с таким e-mail не найден", nil)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"result": true})
}
