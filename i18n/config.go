package i18n

// ConfigText is a setting that cannot work, from config.toml, a flag or
// the environment, in words the user can act on (config.Mistake; issue 28
// §6). The setting's name, its values and what the TOML decoder or the
// file system said stay as they are.
type ConfigText struct {
	// "%d" or "%q" what was given; PollInterval and SendDelay "%s" the
	// bound, "%s" what was given.
	RequestsPerMinute, PollInterval, SendDelay, Notify, Theme string
	HistoryDays, Scope, Language, StaleAfter                  string
	// SLAStage "%q" the [sla] key; SLALimit "%q" the key, "%q" its value.
	SLAStage, SLALimit string
	// FolderID "%q" the folder's name; RecruiterID "%q" the key given.
	FolderID, NoDataDir, RecruiterID string
	// The service's URL "%q"; the budget's is never repeated (it may hold
	// a password).
	BaseURLNotURL, BaseURLHTTP, BaseURLScheme, BudgetURL string
	// ClientID "%s" the variable, "%q" its value.
	ClientID string
	// The file: FileSays "%s" the file, "%v" what the reader or decoder
	// said; FileLine "%s", "%d" the line, "%s" the decoder's words;
	// CannotRead "%v"; UnknownSetting "%s", "%q"; SecretReadable "%s" the
	// file twice.
	FileSays, FileLine, CannotRead, UnknownSetting, SecretReadable string
	// Saved views: ViewSays "%s" the view ([[views]] "name" or #n), "%v"
	// its mistake; ViewNoName "%s".
	ViewSays, ViewNoName, KeyEmpty string
	// KeyTaken "%q" the key, "%s" the other view; the rest "%q" or "%d"
	// what was given, "%v" how to write it (Responded, Range).
	KeyTaken, ViewFolder, ViewSort, ViewResponded, ViewSalary, ViewAge string
	ViewVacancy, ViewEducation                                         string
	// Own actions ([[actions]], issue 31 §3), each after the action's
	// name through ViewSays: ActionNoName "%s"; ActionNoCommand; the
	// element "%d" of command and the template's words "%v".
	ActionNoName, ActionNoCommand, ActionTemplate string
	// How to write a period and a range.
	Responded, Range string
}

func englishConfig() ConfigText {
	return ConfigText{
		RequestsPerMinute: "requests_per_minute must be at least 1, got %d",
		PollInterval:      "poll_interval must be 0 (off) or at least %s, got %s",
		SendDelay:         "send_delay must be between 0 (send at once) and %s, got %s",
		Notify:            `notify must be "bell", "osc9" or "off", got %q`,
		Theme:             `theme must be "auto", "light" or "dark", got %q`,
		HistoryDays:       "history_days must be at least 1, got %d",
		Scope:             `scope must be "mine" or "company", got %q`,
		Language:          `language must be "en", "ru" or "auto", got %q`,
		StaleAfter:        `stale_after %q: not a positive duration (write it like "7d" or "36h")`,
		SLAStage:          "[sla] %q: not a stage: use inbox, considered, invited, a folder id, or a folder name from [[folders]]",
		SLALimit:          `[sla] %q = %q: not a positive duration (write it like "2d" or "36h")`,
		FolderID:          "folder %q: id must be a positive number (the folder's id on the job board)",
		RecruiterID:       "[recruiters] %q: the key must be a recruiter's id on the job board (a positive number: id_user)",
		NoDataDir:         "no data directory: set --data-dir or HRDESK_DATA_DIR",
		BaseURLNotURL:     "base URL %q is not a URL like https://api.example.com",
		BaseURLHTTP:       "base URL %q must use https (plain http is allowed only on 127.0.0.1 or localhost)",
		BaseURLScheme:     "base URL %q must start with https://",
		BudgetURL:         "budget_url must be a PostgreSQL URL like postgres://user@host/db",
		ClientID:          "%s must be the numeric client id of your application, got %q",
		FileSays:          "config file %s: %v",
		FileLine:          "config file %s, line %d: %s",
		CannotRead:        "cannot read config file: %v",
		UnknownSetting:    "config file %s: unknown setting %q",
		SecretReadable:    "warning: %s holds the application secret and others can read it: chmod 600 %s",
		ViewSays:          "%s: %v",
		ViewNoName:        "%s: name is empty: every saved view needs a name",
		KeyEmpty:          `key is empty: give it a key such as "w" that no action of [keys] uses`,
		KeyTaken:          "key %q is also the key of %s",
		ViewFolder:        "folder %q: use inbox, considered, invited, refused, all, a folder id, or a folder name from [[folders]]",
		ViewSort:          "sort %q: use date, salary or age, optionally followed by asc or desc",
		ViewResponded:     "responded %q: %v",
		ViewSalary:        "salary %q: %v",
		ViewAge:           "age %q: %v",
		ViewVacancy:       "vacancy %d: a vacancy id is a positive number",
		ViewEducation:     "education %d: an education level is the job board's id (2 higher … 6 student)",
		ActionNoName:      "%s: name is empty: every action needs a name",
		ActionNoCommand:   `command is empty: write the program and its arguments as a list, command = ["program", "{{.ResumeID}}"]`,
		ActionTemplate:    "command element %d: %v",
		Responded:         "use today, 7d, 30d or FROM..TO with dates like 2026-11-01",
		Range:             "write a range like 80000-150000, 80000- or -150000",
	}
}

func russianConfig() ConfigText {
	return ConfigText{
		RequestsPerMinute: "requests_per_minute — не меньше 1, а не %d",
		PollInterval:      "poll_interval — 0 (выключено) или не меньше %s, а не %s",
		SendDelay:         "send_delay — от 0 (отправлять сразу) до %s, а не %s",
		Notify:            `notify — "bell", "osc9" или "off", а не %q`,
		Theme:             `theme — "auto", "light" или "dark", а не %q`,
		HistoryDays:       "history_days — не меньше 1, а не %d",
		Scope:             `scope — "mine" или "company", а не %q`,
		Language:          `language — "en", "ru" или "auto", а не %q`,
		StaleAfter:        `stale_after %q: нужна положительная длительность (например, "7d" или "36h")`,
		SLAStage:          "[sla] %q: это не этап: inbox, considered, invited, номер папки или название папки из [[folders]]",
		SLALimit:          `[sla] %q = %q: нужна положительная длительность (например, "2d" или "36h")`,
		FolderID:          "папка %q: id — положительное число (номер папки на сайте)",
		RecruiterID:       "[recruiters] %q: ключ — номер рекрутера на сайте (положительное число: id_user)",
		NoDataDir:         "нет каталога данных: укажите --data-dir или HRDESK_DATA_DIR",
		BaseURLNotURL:     "адрес сервиса %q — не адрес вида https://api.example.com",
		BaseURLHTTP:       "адрес сервиса %q должен быть https (http допускается только на 127.0.0.1 и localhost)",
		BaseURLScheme:     "адрес сервиса %q должен начинаться с https://",
		BudgetURL:         "budget_url — адрес PostgreSQL вида postgres://user@host/db",
		ClientID:          "%s — числовой client id вашего приложения, а не %q",
		FileSays:          "файл настроек %s: %v",
		FileLine:          "файл настроек %s, строка %d: %s",
		CannotRead:        "не удалось прочитать файл настроек: %v",
		UnknownSetting:    "файл настроек %s: неизвестная настройка %q",
		SecretReadable:    "внимание: в %s — секрет приложения, и его могут прочитать другие: chmod 600 %s",
		ViewSays:          "%s: %v",
		ViewNoName:        "%s: нет названия: у каждого сохранённого вида должно быть название",
		KeyEmpty:          `нет клавиши: задайте клавишу, например "w", не занятую действиями [keys]`,
		KeyTaken:          "клавиша %q уже занята: %s",
		ViewFolder:        "папка %q: inbox, considered, invited, refused, all, номер папки или название папки из [[folders]]",
		ViewSort:          "sort %q: date, salary или age, можно с asc или desc после",
		ViewResponded:     "responded %q: %v",
		ViewSalary:        "salary %q: %v",
		ViewAge:           "age %q: %v",
		ViewVacancy:       "vacancy %d: номер вакансии — положительное число",
		ViewEducation:     "education %d: уровень образования — номер на сайте (2 высшее … 6 студент)",
		ActionNoName:      "%s: нет названия: у каждого действия должно быть название",
		ActionNoCommand:   `нет команды: запишите программу и её аргументы списком, command = ["программа", "{{.ResumeID}}"]`,
		ActionTemplate:    "элемент %d команды: %v",
		Responded:         "today, 7d, 30d или ОТ..ДО с датами вида 2026-11-01",
		Range:             "диапазон вида 80000-150000, 80000- или -150000",
	}
}
