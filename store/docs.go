package store

import "encoding/json"

// The objects the cache keeps as received (RawJSON), typed for the screens
// that show them. Raw JSON stays for export and for the keys nobody typed
// (ResumeDoc.Other): a field the service adds is shown, not dropped.

// ResumeDoc is a resume object (2.3) as the resume pane shows it.
type ResumeDoc struct {
	LastName, FirstName, MiddleName, Name                      Loose
	Profession, Payment, Currency, Age, Town, DateLastModified Loose
	Gender, Education, TypeOfWork, PlaceOfWork, BusinessTrip   Loose
	Citizenship, ExperienceText, Achievements, AdditionalInfo  Loose
	Phone1, Phone2, TimeBeg1, TimeEnd1, TimeBeg2, TimeEnd2     Loose
	Email, OtherContacts, Link                                 Loose
	// Phone is a single "phone" some answers carry instead of phone1:
	// a contact like the others, not an "other field".
	Phone                 Loose
	Metro, DrivingLicence Values
	WorkHistory           Objects[Job]
	BaseEducation         Objects[Education]
	Courses               Objects[Course]
	Languages             []Language
	SocialLinks           []SocialLink
	// Other is every key not above and not deliberately left out (ids,
	// values derived from others, the comments the comments pane shows).
	Other map[string]json.RawMessage
}

// Job is one place of work_history (the names match the keys, whatever
// their case).
type Job struct {
	Profession, Name, Work               Loose
	MonthBeg, YearBeg, MonthEnd, YearEnd Loose
	Town, Type                           Loose
}

// Education is one item of base_education_history; Institute is an object
// here, a string in education_history.
type Education struct {
	Institute, YearEnd, Faculty, Profession, Town Loose
	EducationType                                 Loose `json:"education_type"`
	EducationForm                                 Loose `json:"education_form"`
}

// Course is one item of education_history.
type Course struct {
	Name, Institute, YearEnd Loose
}

// Language is one [language, level] pair, or a language alone.
type Language struct{ Language, Level Loose }

// UnmarshalJSON implements json.Unmarshaler; it never fails.
func (l *Language) UnmarshalJSON(b []byte) error {
	*l = Language{}
	var pair []Loose
	if json.Unmarshal(b, &pair) == nil {
		if len(pair) > 0 {
			l.Language = pair[0]
		}
		if len(pair) > 1 {
			l.Level = pair[1]
		}
		return nil
	}
	return l.Language.UnmarshalJSON(b)
}

// SocialLink is {title, link}, or a bare link.
type SocialLink struct {
	Title, Link Loose
	Bare        bool // a bare value: Link alone
}

// UnmarshalJSON implements json.Unmarshaler; it never fails.
func (s *SocialLink) UnmarshalJSON(b []byte) error {
	*s = SocialLink{}
	if o := decodeObject(b); o != nil {
		o.take("title", &s.Title)
		o.take("link", &s.Link)
		return nil
	}
	s.Bare = true
	return s.Link.UnmarshalJSON(b)
}

// resumeLeftOut are keys deliberately not shown: ids and derived or
// duplicate values that mean nothing to a recruiter, and the comments the
// comments pane shows.
var resumeLeftOut = []string{
	"id", "id_user", "last_profession", "currency", "agreement", "experience_month_count",
	"birthday", "birthmonth", "birthyear", "hide_birthday", "photo_sizes", "short_link",
	"contacts_bought", "comments", "date_published",
}

// Doc is the resume as the resume pane reads it.
func (d EntryDetail) Doc() ResumeDoc {
	o := decodeObject(d.RawJSON)
	var r ResumeDoc
	for key, into := range map[string]json.Unmarshaler{
		"lastname": &r.LastName, "firstname": &r.FirstName, "middlename": &r.MiddleName, "name": &r.Name,
		"profession": &r.Profession, "payment": &r.Payment, "currency": &r.Currency, "age": &r.Age, "town": &r.Town,
		"date_last_modified": &r.DateLastModified, "gender": &r.Gender, "education": &r.Education,
		"type_of_work": &r.TypeOfWork, "place_of_work": &r.PlaceOfWork, "business_trip": &r.BusinessTrip,
		"citizenship": &r.Citizenship, "experience_text": &r.ExperienceText, "achievements": &r.Achievements,
		"additional_info": &r.AdditionalInfo, "phone1": &r.Phone1, "phone2": &r.Phone2, "timebeg1": &r.TimeBeg1,
		"timeend1": &r.TimeEnd1, "timebeg2": &r.TimeBeg2, "timeend2": &r.TimeEnd2, "email": &r.Email, "phone": &r.Phone,
		"other_contacts": &r.OtherContacts, "link": &r.Link, "metro": &r.Metro, "driving_licence": &r.DrivingLicence,
		"work_history": &r.WorkHistory, "base_education_history": &r.BaseEducation, "education_history": &r.Courses,
	} {
		o.take(key, into)
	}
	if v, ok := o["languages"]; ok {
		var items []json.RawMessage
		if json.Unmarshal(v, &items) == nil {
			for _, it := range items {
				var l Language
				_ = l.UnmarshalJSON(it)
				r.Languages = append(r.Languages, l)
			}
		}
		delete(o, "languages")
	}
	if v, ok := o["social_links"]; ok {
		var items []json.RawMessage
		if json.Unmarshal(v, &items) == nil {
			for _, it := range items {
				var s SocialLink
				_ = s.UnmarshalJSON(it)
				r.SocialLinks = append(r.SocialLinks, s)
			}
		}
		delete(o, "social_links")
	}
	for _, key := range resumeLeftOut {
		delete(o, key)
	}
	r.Other = o
	return r
}

// VacancyDoc is an own vacancy (2.2) as the vacancy screen shows it.
type VacancyDoc struct {
	Profession, FirmName, Town, Address, TypeOfWork, PlaceOfWork Loose
	Experience, Education, DateArchived                          Loose
	Work, Candidat, Compensation                                 Loose // duties, requirements, conditions
	Contact, Phone, Email, URL                                   Loose
	PaymentFrom, PaymentTo, Currency, Agreement                  Loose
}

// Doc is the vacancy as the vacancy screen reads it.
func (v Vacancy) Doc() VacancyDoc {
	o := decodeObject(v.RawJSON)
	var d VacancyDoc
	for key, into := range map[string]json.Unmarshaler{
		"profession": &d.Profession, "firm_name": &d.FirmName, "town": &d.Town, "address": &d.Address,
		"type_of_work": &d.TypeOfWork, "place_of_work": &d.PlaceOfWork, "experience": &d.Experience,
		"education": &d.Education, "date_archived": &d.DateArchived, "work": &d.Work, "candidat": &d.Candidat,
		"compensation": &d.Compensation, "contact": &d.Contact, "phone": &d.Phone, "email": &d.Email, "url": &d.URL,
		"payment_from": &d.PaymentFrom, "payment_to": &d.PaymentTo, "currency": &d.Currency, "agreement": &d.Agreement,
	} {
		o.take(key, into)
	}
	return d
}

// SelectionDoc is a resume selection (2.6) as the selections screen and
// its form read it: the form sends back what it read (Key values).
type SelectionDoc struct {
	Name, Period, Keyword, ExcludeWords                  Loose
	PaymentFrom, PaymentTo, AgeFrom, AgeTo               Loose
	ExperienceFrom, ExperienceTo                         Loose
	Education, TypeOfWork, Gender, PlaceOfWork, Moveable Loose
	NoAgreement, HasPhoto, Town                          Loose
	Keywords                                             Objects[SelectionKeyword]
	Towns, DrivingLicence                                Values // t: town ids
	// TownsListed: t is there as a list, which town (one id) then yields to.
	TownsListed bool
	Languages   []SelectionLanguage
}

// SelectionKeyword is one keyword element: the words, where to look for
// them (srws) and how to combine them (skwc).
type SelectionKeyword struct{ Keys, Srws, Skwc Loose }

// SelectionLanguage is a language and its level: {language_id,
// language_level} as the form sends it, or a pair of objects (2.6).
type SelectionLanguage struct{ Language, Level Loose }

// UnmarshalJSON implements json.Unmarshaler; it never fails.
func (l *SelectionLanguage) UnmarshalJSON(b []byte) error {
	*l = SelectionLanguage{}
	if o := decodeObject(b); o != nil {
		o.take("language_id", &l.Language)
		o.take("language_level", &l.Level)
		return nil
	}
	var pair []Loose
	if json.Unmarshal(b, &pair) == nil && len(pair) == 2 {
		l.Language, l.Level = pair[0], pair[1]
	}
	return nil
}

// Doc is the selection as the selections screen reads it.
func (s Selection) Doc() SelectionDoc {
	o := decodeObject(s.RawJSON)
	var d SelectionDoc
	if t, ok := o["t"]; ok {
		var list []json.RawMessage
		d.TownsListed = json.Unmarshal(t, &list) == nil && list != nil
	}
	for key, into := range map[string]json.Unmarshaler{
		"name": &d.Name, "period": &d.Period, "keyword": &d.Keyword, "exclude_words": &d.ExcludeWords,
		"payment_from": &d.PaymentFrom, "payment_to": &d.PaymentTo, "age_from": &d.AgeFrom, "age_to": &d.AgeTo,
		"experience_from": &d.ExperienceFrom, "experience_to": &d.ExperienceTo, "education": &d.Education,
		"type_of_work": &d.TypeOfWork, "gender": &d.Gender, "place_of_work": &d.PlaceOfWork, "moveable": &d.Moveable,
		"no_agreement": &d.NoAgreement, "has_photo": &d.HasPhoto, "town": &d.Town, "keywords": &d.Keywords,
		"t": &d.Towns, "driving_licence": &d.DrivingLicence,
	} {
		o.take(key, into)
	}
	if v, ok := o["languages"]; ok {
		var items []json.RawMessage
		if json.Unmarshal(v, &items) == nil {
			for _, it := range items {
				var l SelectionLanguage
				_ = l.UnmarshalJSON(it)
				if l.Language.Present() || l.Level.Present() {
					d.Languages = append(d.Languages, l)
				}
			}
		}
	}
	return d
}
