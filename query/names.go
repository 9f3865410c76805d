package query

import "strings"

// fieldNames are the field names accepted, English and Russian, lower
// case; the first English one is the canonical name String prints.
var fieldNames = map[string]Field{
	"salary": Salary, "зп": Salary, "зарплата": Salary,
	"age": Age, "возраст": Age,
	"folder": Folder, "папка": Folder,
	"vacancy": Vacancy, "вакансия": Vacancy,
	"town": Town, "city": Town, "город": Town,
	"source": Source, "источник": Source,
	"edu": Edu, "education": Edu, "образование": Edu,
	"has": Has, "есть": Has,
	"waited": Waited, "ждёт": Waited, "ждет": Waited,
	"responded": Responded, "отклик": Responded,
}

// flagNames are the terms that are a word alone; a quoted "new" is the
// word to search for.
var flagNames = map[string]Field{
	"new": New, "новые": New, "новый": New,
	"stale": Stale, "залежались": Stale, "залежался": Stale,
	"repeat": Repeat, "повторные": Repeat, "повторный": Repeat,
	"snoozed": Snoozed, "скрыто": Snoozed, "скрытые": Snoozed, "отложено": Snoozed, "отложенные": Snoozed, "отложен": Snoozed,
}

// orWords join two terms.
var orWords = map[string]bool{"or": true, "или": true}

// canonical is each field's name in the canonical form.
var canonical = map[Field]string{
	Salary: "salary", Age: "age", Folder: "folder", Vacancy: "vacancy", Town: "town",
	Source: "source", Edu: "edu", Has: "has", Waited: "waited", Responded: "responded",
	New: "new", Stale: "stale", Repeat: "repeat", Snoozed: "snoozed",
}

// values are the names a closed field's value may take, both languages,
// to the canonical English one.
var values = map[Field]map[string]string{
	Source: {
		"applicant": "applicant", "соискатель": "applicant", "отклик": "applicant",
		"subscription": "subscription", "подписка": "subscription",
		"found": "found", "найден": "found", "найдено": "found",
		"colleague": "colleague", "коллега": "colleague",
	},
	Edu: {
		"higher": "higher", "высшее": "higher",
		"incomplete": "incomplete", "неоконченное": "incomplete",
		"vocational": "vocational", "среднее-специальное": "vocational", "специальное": "vocational",
		"secondary": "secondary", "среднее": "secondary",
		"student": "student", "учащийся": "student", "студент": "student",
	},
	Has: {
		"comment": "comment", "комментарий": "comment",
		"contacts": "contacts", "контакты": "contacts",
	},
}

// valueList is a closed field's canonical values in order, for messages.
var valueList = map[Field][]string{
	Source: {"applicant", "subscription", "found", "colleague"},
	Edu:    {"higher", "incomplete", "vocational", "secondary", "student"},
	Has:    {"comment", "contacts"},
}

// EducationID is edu's value as the contract's dictionary id (2.10: 2
// higher … 6 student).
var EducationID = map[string]int64{"higher": 2, "incomplete": 3, "vocational": 4, "secondary": 5, "student": 6}

// units are a duration's unit letters, both languages.
var units = map[string]Unit{"d": Days, "д": Days, "h": Hours, "ч": Hours, "w": Weeks, "н": Weeks}

// BuiltinFolders are the four site folders' names, both languages, to
// store's ids; user folders are the Env's.
var BuiltinFolders = map[string]string{
	"inbox": "inbox", "входящие": "inbox", "неразобранные": "inbox",
	"considered": "considered", "рассмотренные": "considered", "подумать": "considered",
	"invited": "invited", "приглашённые": "invited", "приглашенные": "invited",
	"refused": "refused", "отказ": "refused", "отказы": "refused",
}

func fold(s string) string { return strings.ReplaceAll(strings.ToLower(s), "ё", "е") }

// maxName is longer than any name of the language: a longer word is no
// name, and is not folded to find out (a paste of a page stays fast).
const maxName = 64

// lookup finds s in m by its folded form (ё as е, any case).
func lookup[V any](m map[string]V, s string) (V, bool) {
	var zero V
	if len(s) > maxName {
		return zero, false
	}
	if v, ok := m[strings.ToLower(s)]; ok {
		return v, true
	}
	f := fold(s)
	for k, v := range m {
		if fold(k) == f {
			return v, true
		}
	}
	return zero, false
}
