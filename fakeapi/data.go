package fakeapi

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// entry is one received resume in the fake's state.
type entry struct {
	resumeID  int64
	status    int    // 0, 10, 20, 30: the list it is served in
	folder    string // the user folder id it sits in, "" in none
	isNew     bool
	vacancyID int64
	userID    int64 // the recruiter who received it (colleagues' entries are company scope)
	events    []event
	resume    map[string]any
	contacts  map[string]any // added to resume once bought or opened
	opened    bool
	hidden    bool // deleted on the website
}

type event struct {
	resumeID, vacancyID int64
	typ                 int
	date                int64
	text, description   string
}

func (e *entry) lastEvent() int64 {
	var t int64
	for _, ev := range e.events {
		t = max(t, ev.date)
	}
	return t
}

func (e *entry) addEvent(typ int, at time.Time, text string) {
	e.events = append(e.events, event{resumeID: e.resumeID, vacancyID: e.vacancyID, typ: typ, date: at.Unix(), text: text})
}

type comment struct {
	id, resumeID, userID int64
	text, author         string
	date                 int64
}

type template struct {
	id                            int64
	name, subject, greeting, body string
}

type vacancy struct {
	fields map[string]any
}

// The employer the demo logs in as, and a colleague in the same company.
const (
	demoUserID      = 7001
	colleagueUserID = 7002
	demoClientID    = 3003 // ООО «ТехноЛаб» in the companies list
)

// Well-known resume ids of the generated data, for tests and for trying the
// hostile-text handling by hand.
const (
	// HostileEscapeID has ANSI and OSC 52 escapes in its profession and name.
	HostileEscapeID int64 = 900001
	// HostileRTLID has right-to-left, bidi-override and emoji text.
	HostileRTLID int64 = 900002
	// HostileLongID has a 5,000-character field, nulls and an empty last name.
	HostileLongID int64 = 900003
	// UnpublishedID cannot have its contacts bought: resume_not_published.
	UnpublishedID int64 = 900004
	// TariffMismatchID cannot have its contacts bought: tariff_mismatch.
	TariffMismatchID int64 = 900005
	// OpenLimitID cannot have its contacts opened: 429 too many attempts.
	OpenLimitID int64 = 900006
)

func (s *Server) generate() {
	rng := rand.New(rand.NewPCG(uint64(s.opts.Seed), 0x68726465736b))
	now := s.now()
	s.templates = map[string][]template{
		"invitation": {
			{1, "Приглашение на собеседование", "Приглашение на собеседование", "Здравствуйте!", "Приглашаем вас на собеседование в наш офис. Пожалуйста, подтвердите удобное время."},
			{2, "Приглашение на онлайн-встречу", "Онлайн-собеседование", "Добрый день!", "Предлагаем встретиться онлайн. Ссылку пришлём за час до встречи."},
			{3, "Тестовое задание", "Тестовое задание", "Здравствуйте!", "Прежде чем встретиться, выполните, пожалуйста, небольшое тестовое задание."},
		},
		"rejection": {
			{11, "Вежливый отказ", "Ответ на ваш отклик", "Здравствуйте!", "Спасибо за интерес к вакансии. К сожалению, сейчас мы не готовы сделать вам предложение."},
			{12, "Вакансия закрыта", "Вакансия закрыта", "Добрый день!", "Благодарим за отклик. Вакансия уже закрыта."},
			{13, "Резерв", "Ваше резюме в резерве", "Здравствуйте!", "Мы сохранили ваше резюме и свяжемся с вами, когда появится подходящая вакансия."},
		},
		"mail": {
			{21, "Уточнить детали", "Вопрос по вашему резюме", "Здравствуйте!", "Уточните, пожалуйста, ваши ожидания по заработной плате и дату выхода."},
			{22, "Документы", "Документы для оформления", "Добрый день!", "Пришлите, пожалуйста, копии документов для оформления."},
			{23, "Адрес офиса", "Как нас найти", "Здравствуйте!", "Наш офис находится по адресу: ул. Ленина, 1, 3 этаж."},
		},
	}
	// Own vacancies: open, closed and archived.
	for i := 0; i < 6; i++ {
		p := professions[(i*3)%len(professions)]
		t := towns[i%3]
		published := []int{1, 1, 1, 0, 1, 3}[i]
		id := int64(46000001 + i)
		pub := now.Add(-time.Duration(20+i*30) * 24 * time.Hour)
		s.vacancies[id] = &vacancy{fields: map[string]any{
			"id": id, "profession": p.title, "id_client": demoClientID, "id_user": demoUserID,
			"town": townObject(t), "payment_from": p.salary * 9 / 10, "payment_to": p.salary * 12 / 10,
			"currency": "rub", "agreement": false, "work": p.duties, "candidat": "Опыт работы от года. " + p.skills,
			"compensation": "Официальное оформление, ДМС, гибкий график", "address": "ул. Ленина, 1",
			"date_published": pub.Unix(), "date_pub_to": pub.Add(30 * 24 * time.Hour).Unix(), "date_archived": 0,
			"is_archive": published == 3, "is_storage": false, "published": published,
			"views_count": 100 + rng.IntN(2000), "resumes_all": 0, "resumes_new": 0,
			"firm_name": "ООО «ТехноЛаб»", "firm_activity": "Разработка программного обеспечения",
			"link": fmt.Sprintf("https://www.superjob.ru/vakansii/%d.html", id), "canEdit": true,
			"moderation_order": "after publication", "type_of_work": dict(6, "Полный рабочий день"),
			"place_of_work": dict(1, "На территории работодателя"), "education": dict(2, "Высшее"),
			"experience": dict(2, "Опыт работы от 1 года"), "gender": dict(0, "Не имеет значения"),
			"agency": dict(1, "прямой работодатель"), "contact": "Анна Смирнова", "email": "hr@technolab.example",
			"phone": "4951234567", "catalogues": []any{}, "languages": []any{}, "metro": []any{}, "driving_licence": []any{},
		}}
		s.vacancyOrder = append(s.vacancyOrder, id)
	}
	// Received entries over ~400 days, denser recently, spread over statuses.
	statusOf := func(i int) int {
		if s.opts.StatusMix != nil {
			return s.opts.StatusMix(i)
		}
		switch r := rng.IntN(100); {
		case r < 45:
			return 0
		case r < 70:
			return 20
		case r < 82:
			return 10
		default:
			return 30
		}
	}
	for i := 0; i < s.opts.Received; i++ {
		id := int64(30000001 + i*7)
		ago := time.Duration(rng.Float64() * rng.Float64() * float64(400*24*time.Hour))
		s.addEntry(s.newEntry(rng, id, statusOf(i), now.Add(-ago)))
	}
	s.addRepeats()
	s.addHostile(rng, now)
	for _, e := range s.entries {
		if v := s.vacancies[e.vacancyID]; v != nil {
			v.fields["resumes_all"] = v.fields["resumes_all"].(int) + 1
			if e.isNew {
				v.fields["resumes_new"] = v.fields["resumes_new"].(int) + 1
			}
		}
	}
	// Comments on some entries, including ones on the applicant's other resumes.
	for i, id := range s.order {
		if i%9 != 0 {
			continue
		}
		s.nextComment++
		author, uid := "Анна Смирнова", int64(demoUserID)
		if i%18 == 0 {
			author, uid = "Пётр Коллегов", colleagueUserID
		}
		s.comments = append(s.comments, &comment{id: s.nextComment, resumeID: id, userID: uid, author: author,
			text: []string{"Хороший опыт, позвонить", "Не отвечает на звонки", "Просит выше рынка", "Рассмотреть на другую вакансию"}[i%4],
			date: s.entries[id].lastEvent() + 3600})
	}
}

func (s *Server) addEntry(e *entry) {
	s.entries[e.resumeID] = e
	s.order = append(s.order, e.resumeID)
}

func dict(id int, title string) map[string]any { return map[string]any{"id": id, "title": title} }

func townObject(t town) map[string]any {
	return map[string]any{"id": t.id, "title": t.title, "declension": t.declension, "genitive": t.genitive, "hasMetro": t.id == 4 || t.id == 14}
}

func (s *Server) newEntry(rng *rand.Rand, id int64, status int, at time.Time) *entry {
	male := rng.IntN(2) == 0
	first, last, middle := pick(rng, femaleFirst), pick(rng, maleLast)+"а", pick(rng, femaleMiddle)
	gender := dict(3, "Женский")
	if male {
		first, last, middle = pick(rng, maleFirst), pick(rng, maleLast), pick(rng, maleMiddle)
		gender = dict(2, "Мужской")
	}
	p := professions[rng.IntN(len(professions))]
	t := towns[rng.IntN(len(towns))]
	age := 20 + rng.IntN(40)
	salary := 0
	if rng.IntN(6) != 0 {
		salary = (p.salary*(70+rng.IntN(70))/100 + 2500) / 5000 * 5000
	}
	years := 1 + rng.IntN(4)
	var history []any
	end := at.Year()
	months := 0
	for j := 0; j < years; j++ {
		begin := end - 1 - rng.IntN(4)
		yearend, monthend := end, 1+rng.IntN(12)
		if j == 0 {
			yearend, monthend = 0, 0 // the current job
		}
		months += (end - begin) * 12
		history = append(history, map[string]any{
			"name": pick(rng, companies), "profession": p.title, "town": map[string]any{"title": t.title},
			"type": map[string]any{"title": "Полная занятость"}, "monthbeg": 1 + rng.IntN(12), "yearbeg": begin,
			"monthend": monthend, "yearend": yearend, "work": p.duties,
		})
		end = begin
	}
	edu := educationLevels[rng.IntN(len(educationLevels))]
	resume := map[string]any{
		"id": id, "id_user": 500000 + id, "profession": p.title, "last_profession": p.title,
		"payment": salary, "currency": "rub", "agreement": salary == 0, "age": age,
		"birthyear": at.Year() - age, "birthmonth": 1 + rng.IntN(12), "birthday": 1 + rng.IntN(28), "hide_birthday": false,
		"town": townObject(t), "region": map[string]any{"id": t.id, "title": t.title}, "metro": []any{},
		"moveable": rng.IntN(3) == 0, "gender": gender, "education": dict(edu.id, edu.title),
		"type_of_work": dict(6, "Полный рабочий день"), "place_of_work": dict(1, "На территории работодателя"),
		"maritalstatus": nil, "children": dict(2, "Нет"), "business_trip": dict(2, "Готов к командировкам"),
		"citizenship": dict(1, "Россия"), "published": dict(1, "Опубликовано"),
		"experience_text": ExperienceText(months), "experience_month_count": months,
		"work_history": history,
		"base_education_history": []any{map[string]any{
			"institute": map[string]any{"id": 100 + rng.IntN(50), "title": pick(rng, institutes)}, "town": map[string]any{"title": t.title},
			"faculty": "Экономический", "profession": "Экономист", "yearend": at.Year() - age + 22, "education_type": dict(edu.id, edu.title),
			"education_form": dict(10, "Дневная/Очная"),
		}},
		"education_history": []any{map[string]any{"name": "Курсы повышения квалификации", "institute": "Учебный центр «Профи»", "yearend": at.Year() - 1}},
		"languages":         []any{[]any{dict(1, "Английский"), dict(3+2*rng.IntN(3), "Средний")}},
		"driving_licence":   []any{"B"}, "catalogues": []any{},
		"achievements": p.skills, "additional_info": "Ответственный, коммуникабельный.\nГотов к обучению.",
		"photo": nil, "link": fmt.Sprintf("https://www.superjob.ru/resume/%d.html", id),
		"short_link":     fmt.Sprintf("https://sj.ru/r/%d", id),
		"date_published": at.Add(-48 * time.Hour).Unix(), "date_last_modified": at.Add(-24 * time.Hour).Unix(),
		"is_archive": false, "draft": false, "contacts_bought": false, "portfolio": []any{},
	}
	contacts := map[string]any{
		"firstname": first, "lastname": last, "middlename": middle, "name": first + " " + last,
		"phone1": fmt.Sprintf("+7 9%02d %03d-%02d-%02d", rng.IntN(100), rng.IntN(1000), rng.IntN(100), rng.IntN(100)),
		"phone2": nil, "email": fmt.Sprintf("applicant%d@mail.example", id), "other_contacts": "Telegram @user" + fmt.Sprint(id%1000),
		"timebeg1": 9, "timeend1": 18, "social_links": []any{},
	}
	e := &entry{resumeID: id, status: status, isNew: status == 0 && rng.IntN(3) != 0, resume: resume, contacts: contacts, userID: demoUserID}
	if rng.IntN(5) == 0 {
		e.userID = colleagueUserID
	}
	e.vacancyID = s.vacancyOrder[rng.IntN(len(s.vacancyOrder))]
	first10 := at.Add(-time.Duration(rng.IntN(72)) * time.Hour)
	origin := []int{10, 10, 10, 30, 40}[rng.IntN(5)]
	e.addEvent(origin, first10, "Резюме получено")
	switch status {
	case 10:
		e.addEvent(60, at, "Приглашение отправлено")
	case 20:
		e.addEvent(70, at, "Перемещено в рассматриваемые")
	case 30:
		e.addEvent(80, at, "Отказ отправлен")
	}
	// A received entry carries the applicant's names: the employer's own responses include contacts.
	for k, v := range map[string]any{"firstname": first, "lastname": last, "middlename": middle, "name": first + " " + last} {
		resume[k] = v
	}
	return e
}

// addRepeats makes some applicants apply twice, as people do: every 25th
// entry is another resume of the applicant five entries before (same
// account, name, birth year, town and phone), and every 40th is a namesake
// of the same age in another town (another account): someone else. It
// draws nothing from the random source, so the rest of the data is as the
// seed always made it.
func (s *Server) addRepeats() {
	for i, id := range s.order {
		if i < 5 {
			continue
		}
		e, j := s.entries[id], s.entries[s.order[i-5]]
		same, namesake := i%25 == 12, i%40 == 20
		if !same && !namesake {
			continue
		}
		for _, k := range []string{"firstname", "lastname", "middlename", "name", "birthyear", "birthmonth", "birthday", "gender"} {
			e.resume[k] = j.resume[k]
		}
		for _, k := range []string{"firstname", "lastname", "middlename", "name"} {
			e.contacts[k] = j.contacts[k]
		}
		e.resume["age"] = time.Unix(e.lastEvent(), 0).Year() - j.resume["birthyear"].(int)
		if same {
			e.resume["id_user"], e.resume["town"], e.resume["region"] = j.resume["id_user"], j.resume["town"], j.resume["region"]
			e.contacts["phone1"], e.contacts["email"] = j.contacts["phone1"], j.contacts["email"]
			continue
		}
		town := j.resume["town"].(map[string]any)["title"]
		for _, t := range towns {
			if t.title != town {
				e.resume["town"], e.resume["region"] = townObject(t), map[string]any{"id": t.id, "title": t.title}
				break
			}
		}
	}
}

// addHostile adds the entries whose text tries to break a terminal. They
// always belong to the demo user, so every seed shows them in the own list.
func (s *Server) addHostile(rng *rand.Rand, now time.Time) {
	defer func() {
		for _, id := range []int64{HostileEscapeID, HostileRTLID, HostileLongID, UnpublishedID, TariffMismatchID, OpenLimitID} {
			if e := s.entries[id]; e != nil {
				e.userID = demoUserID
			}
		}
	}()
	at := now.Add(-2 * time.Hour)
	esc := s.newEntry(rng, HostileEscapeID, 0, at)
	esc.resume["profession"] = "\x1b[31mКРАСНЫЙ\x1b[0m инженер\x1b]52;c;cm0gLXJmIH4=\x07"
	esc.resume["lastname"] = "Тест\x1b[2J\x1b[H"
	esc.resume["additional_info"] = "Строка\rперезапись\x08\x07 и \x9b31m C1"
	esc.events[0].typ = 10
	s.addEntry(esc)

	rtl := s.newEntry(rng, HostileRTLID, 0, at.Add(-time.Minute))
	rtl.resume["profession"] = "مهندس برمجيات 👩‍💻 \u202eevil\u202c"
	rtl.resume["firstname"], rtl.resume["lastname"] = "שרה", "👨‍👩‍👧 Коэн"
	rtl.resume["achievements"] = "Go 🚀 Kubernetes 🐳 — 日本語テキスト 漢字"
	rtl.events[0].typ = 10
	s.addEntry(rtl)

	long := s.newEntry(rng, HostileLongID, 0, at.Add(-2*time.Minute))
	long.resume["lastname"] = ""
	long.resume["achievements"] = strings.Repeat("Очень длинное описание навыков. ", 160)[:5000]
	long.resume["town"] = nil
	long.resume["age"] = nil
	long.resume["payment"] = nil
	long.resume["work_history"] = nil
	long.resume["unknown_future_field"] = map[string]any{"nested": []any{1, "два", nil}}
	long.events[0].typ = 10
	s.addEntry(long)

	for _, id := range []int64{UnpublishedID, TariffMismatchID, OpenLimitID} {
		e := s.newEntry(rng, id, 0, at.Add(-time.Duration(id-UnpublishedID+3)*time.Minute))
		e.events[0].typ = 40 // found by the recruiter: contacts must be bought
		s.addEntry(e)
	}
}

func pick(rng *rand.Rand, xs []string) string { return xs[rng.IntN(len(xs))] }
