package i18n

import "maps"

// russianHelpSaid30 is issue 30's flag lines in Russian, apart from
// russianHelpSaid so that helpers editing both do not collide.
var russianHelpSaid30 = map[string]string{
	"one row per event (resume, vacancy, type, time, folder after) instead of one per resume": "по строке на событие (резюме, вакансия, тип, время, папка после) вместо строки на резюме",
	"with --events: add the applicant's name and the event's text (personal data)":            "с --events: добавить имя соискателя и текст события (персональные данные)",
	"only resumes past or near their stage's time limit ([sla] or stale_after), oldest first": "только резюме, у которых вышел или подходит срок этапа ([sla] или stale_after), сначала давние",
}

// withSaid is said with more added.
func withSaid(said, more map[string]string) map[string]string {
	maps.Copy(said, more)
	return said
}
