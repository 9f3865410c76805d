package i18n

// CLIMoreText is what the command line said in English in any language
// after issue 28's first pass (issue 28 §6, the cli28 helper's list):
// status's site folders and shared budget, report's units, `vacancies
// apply` and the selections' files, the data directory, the cache's
// placement, saved views, --responded and the ranges.
type CLIMoreText struct {
	// status. SiteFolders heads the folders the site names and config.toml
	// does not. The shared budget's line: "%s" the URL (no password);
	// BudgetNotInUse and BudgetUnreachable "%s" why, "%d" a quarter of the
	// minute; BudgetLine "%d" left of "%d", "%d" sent, "%s" Profiles, "%s"
	// Machines (their plural forms are "%d"); BudgetHold "%s" until when;
	// Impossible* "%d" rows, "%s" the longest hold.
	SiteFolders                                   string
	BudgetNotInUse, BudgetUnreachable, BudgetLine string
	ProfilesOne, ProfilesFew, ProfilesMany        string
	MachinesOne, MachinesFew, MachinesMany        string
	BudgetHold                                    string
	ImpossibleOne, ImpossibleFew, ImpossibleMany  string

	// report: a response to no vacancy; the median to a first action in
	// "%d" minutes, or "%s" hours (one decimal).
	NoVacancy, Minutes, Hours string

	// The cache: PlacementFailed "%v" why.
	PlacementFailed string
	// The data directory "%s": CannotCreateDir, CannotUseDir and
	// CannotWriteDir "%w" why.
	CannotCreateDir, CannotUseDir, DirIsFile, CannotWriteDir, DirReadOnly string
	// Saved views: ViewLeftOut "%q" the view, "%v" why.
	ViewLeftOut string

	// search: how to write --responded and a range ("%q" what was given
	// after the flag's name "%s").
	RespondedWords, RangeWords string

	// The files `vacancies apply` and `selections create|update` read,
	// "%s" the file: NotJSON "%v" the decoder's words; UnknownSetting
	// "%q"; UnknownField "%q" and "%s" DidYouMean ("%s" the close name) or
	// "". SelectionStatus, SelectionName, NoFields: the selection's file.
	NotJSON, UnknownSetting, TOMLOrJSON, NoVacanciesInFile string
	// NotAnObject: "%s" the file, %d the element counted from 1.
	NotAnObject                              string
	UnknownField, DidYouMean                 string
	SelectionStatus, SelectionName, NoFields string
	// One line per element ("%d" its place in the file, "%s" what became
	// of it): Created and Updated "%d" the vacancy, "%s" its title; Failed
	// "%s" the service's words. The summary: "%d" of "%d" elements (and
	// "%d" unknown).
	ElementLine, ElementCreated, ElementUpdated, ElementFailed, ElementUnanswered string
	ElementsFailedUnknown, ElementsFailed, ElementsUnknown                        string
	// ElementUnknownField is "%d" the element, "%q" the field, "%s"
	// DidYouMean or "".
	ElementUnknownField string

	// The failures explainNetworkError left in Go's English: ServerDown
	// "%s" the service; Busy; Refused "%s" the service's words; Lost (a
	// request whose answer never came); Local "%s" what failed here.
	ServerDown, Busy, Refused, Lost, Local string
}

func englishCLIMore() CLIMoreText {
	return CLIMoreText{
		SiteFolders:       "folders on the site that config.toml does not name (to move resumes there, add a [[folders]] entry with the site's name and the folder's id):",
		BudgetNotInUse:    "shared budget (%s): not in use: %s; each process runs on a quarter of the minute (%d) until it is",
		BudgetUnreachable: "shared budget (%s): unreachable (%s); each process runs on a quarter of the minute (%d) until it answers",
		BudgetLine:        "shared budget (%s): %d of %d left this minute, %d sent for %s on %s",
		ProfilesOne:       "%d profile", ProfilesFew: "%d profiles", ProfilesMany: "%d profiles",
		MachinesOne: "%d machine", MachinesFew: "%d machines", MachinesMany: "%d machines",
		BudgetHold:     "the service asked every hrdesk sharing the request budget to wait until %s (it answered one of them 429/503 with that Retry-After)",
		ImpossibleOne:  "%d impossible row (a hold past %s or a turn dated ahead) ignored, dropped at the next request",
		ImpossibleFew:  "%d impossible rows (a hold past %s or a turn dated ahead) ignored, dropped at the next request",
		ImpossibleMany: "%d impossible rows (a hold past %s or a turn dated ahead) ignored, dropped at the next request",

		NoVacancy: "(no vacancy)", Minutes: "%d min", Hours: "%s h",

		PlacementFailed: "the cached resumes were not placed in your folders (tried again at the next start): %v",
		CannotCreateDir: "cannot create the data directory %s: %w",
		CannotUseDir:    "cannot use the data directory %s: %w",
		DirIsFile:       "the data directory %s is a file, not a directory: choose another with --data-dir",
		CannotWriteDir:  "cannot write in the data directory %s: %w",
		DirReadOnly:     "the data directory %s is read-only: make it writable or choose another with --data-dir",
		ViewLeftOut:     "saved view %q left out: %v",

		RespondedWords: "%s %q: use today, 7d, 30d or FROM..TO with dates like 2026-11-01",
		RangeWords:     "%s %q: write a range like 80000-150000, 80000- or -150000",

		NotJSON:           "%s: not valid JSON: %v",
		NotAnObject:       "%s: element %d is not an object ({\"profession\": …})",
		UnknownSetting:    "%s: unknown setting %q (elements go in [[vacancy]] tables)",
		TOMLOrJSON:        "%s: use a .toml or .json file",
		NoVacanciesInFile: "%s: no vacancies in the file",
		UnknownField:      "%s: unknown field %q%s",
		DidYouMean:        " (did you mean %s?)",
		SelectionStatus:   "%s: status can only be set by update (a new selection always sends e-mail); remove it",
		SelectionName:     "%s: a selection needs a name",
		NoFields:          "%s: no fields",

		ElementLine:           "element %d: %s",
		ElementCreated:        "created %d %s",
		ElementUpdated:        "updated %d %s",
		ElementFailed:         "failed: %s",
		ElementUnanswered:     "sent, but the service's answer does not cover it: check `hrdesk vacancies list`",
		ElementsFailedUnknown: "%d of %d elements failed, %d unknown",
		ElementsFailed:        "%d of %d elements failed",
		ElementsUnknown:       "%d of %d elements unknown: the service did not answer for them",
		ElementUnknownField:   "element %d: unknown field %q%s",

		ServerDown: "%s is having trouble (it answered with an error, or cut its answer short); try again in a while — the cache still works offline",
		Busy:       "another hrdesk session of this profile is syncing; try again when it is done",
		Refused:    "the service refused: %s",
		Lost:       "the request went out but no answer came back; the service may have done it: check before doing it again",
		Local:      "local error (the cache on this machine): %s",
	}
}

func russianCLIMore() CLIMoreText {
	return CLIMoreText{
		SiteFolders:       "папки сайта, которых нет в config.toml (чтобы переносить туда резюме, добавьте запись [[folders]] с названием папки на сайте и её номером):",
		BudgetNotInUse:    "общий бюджет запросов (%s): не используется: %s; каждый процесс берёт четверть минутного предела (%d), пока он не заработает",
		BudgetUnreachable: "общий бюджет запросов (%s): недоступен (%s); каждый процесс берёт четверть минутного предела (%d), пока он не ответит",
		BudgetLine:        "общий бюджет запросов (%s): осталось %d из %d в эту минуту, отправлено %d — %s на %s",
		ProfilesOne:       "%d профиль", ProfilesFew: "%d профиля", ProfilesMany: "%d профилей",
		MachinesOne: "%d компьютере", MachinesFew: "%d компьютерах", MachinesMany: "%d компьютерах",
		BudgetHold:     "сервис попросил все hrdesk с общим бюджетом подождать до %s (ответил одному из них 429/503 с этим Retry-After)",
		ImpossibleOne:  "%d невозможная строка (ожидание дольше %s или очередь из будущего) не учтена, удалится при следующем запросе",
		ImpossibleFew:  "%d невозможные строки (ожидание дольше %s или очередь из будущего) не учтены, удалятся при следующем запросе",
		ImpossibleMany: "%d невозможных строк (ожидание дольше %s или очередь из будущего) не учтены, удалятся при следующем запросе",

		NoVacancy: "(без вакансии)", Minutes: "%d мин", Hours: "%s ч",

		PlacementFailed: "резюме из кэша не разложены по вашим папкам (попытка повторится при следующем запуске): %v",
		CannotCreateDir: "не удалось создать каталог данных %s: %w",
		CannotUseDir:    "не удалось открыть каталог данных %s: %w",
		DirIsFile:       "каталог данных %s — файл, а не каталог: укажите другой через --data-dir",
		CannotWriteDir:  "нет записи в каталог данных %s: %w",
		DirReadOnly:     "каталог данных %s только для чтения: разрешите запись или укажите другой через --data-dir",
		ViewLeftOut:     "сохранённый вид %q пропущен: %v",

		RespondedWords: "%s %q: today, 7d, 30d или ОТ..ДО с датами вида 2026-11-01",
		RangeWords:     "%s %q: диапазон вида 80000-150000, 80000- или -150000",

		NotJSON:           "%s: это не JSON: %v",
		NotAnObject:       "%s: элемент %d — не объект ({\"profession\": …})",
		UnknownSetting:    "%s: неизвестная настройка %q (элементы пишутся в таблицах [[vacancy]])",
		TOMLOrJSON:        "%s: нужен файл .toml или .json",
		NoVacanciesInFile: "%s: в файле нет вакансий",
		UnknownField:      "%s: неизвестное поле %q%s",
		DidYouMean:        " (может быть, %s?)",
		SelectionStatus:   "%s: status меняет только update (новая подборка всегда с рассылкой); уберите его",
		SelectionName:     "%s: у подборки должно быть название",
		NoFields:          "%s: нет полей",

		ElementLine:           "элемент %d: %s",
		ElementCreated:        "создана %d %s",
		ElementUpdated:        "обновлена %d %s",
		ElementFailed:         "отказ: %s",
		ElementUnanswered:     "отправлен, но ответ сервиса о нём молчит: проверьте `hrdesk vacancies list`",
		ElementsFailedUnknown: "отказ для %d из %d элементов, неясно: %d",
		ElementsFailed:        "отказ для %d из %d элементов",
		ElementsUnknown:       "неясно для %d из %d элементов: сервис о них не ответил",
		ElementUnknownField:   "элемент %d: неизвестное поле %q%s",

		ServerDown: "у %s неполадки (ответил ошибкой или оборвал ответ); повторите позже — кэш работает и без связи",
		Busy:       "другой сеанс hrdesk этого профиля сейчас синхронизируется; повторите, когда он закончит",
		Refused:    "сервис отказал: %s",
		Lost:       "запрос ушёл, но ответ не пришёл; сервис мог его выполнить: проверьте, прежде чем повторять",
		Local:      "локальная ошибка (кэш на этом компьютере): %s",
	}
}
