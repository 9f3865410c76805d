package i18n

// CLINoticesText is what still spoke English to a Russian profile after
// issue 28's first passes (session 11): a sync's news about the data, the
// shared budget's notices on stderr, export's --output refusals and
// config.toml's [keys] mistakes.
type CLINoticesText struct {
	// A sync's news (syncer.News): NewsOverCap "%s" the folder, "%d" the
	// responses, "%s" the second, "%d" the cap, "%d" read; NewsDisagree
	// "%s" the folder, "%d" reads; NewsRecheck "%s" the folder, "%d" the
	// service's, "%d" read, "%d" the cache's, "%d" to hide;
	// NewsNoVacancies "%d" the cache's; NewsCompanyRefused "%s" the
	// service's refusal.
	NewsOverCap, NewsDisagree, NewsRecheck, NewsNoVacancies, NewsCompanyRefused string

	// The shared budget's notices (pgshare.Notice): BudgetFallback "%d"
	// the share, "%s" why; BudgetHold "%s" until when; BudgetImpossible
	// "%d" holds, "%s" how far, "%d" turns, "%s" how far; BudgetLimits
	// "%d" limits, "%d" "%d" the bounds; BudgetFurthest "%s" the date.
	BudgetFallback, BudgetHold, BudgetImpossible, BudgetLimits, BudgetFurthest string

	// export --output: OutputStreamLink, OutputLink "%s" the path;
	// OutputNotFile "%s" the path, "%s" what is there (FileKinds' word
	// for privatefile's English, which it is when FileKinds has none).
	OutputStreamLink, OutputLink, OutputNotFile string
	FileKinds                                   map[string]string

	// Keys is keymap.Words in this language (the same fields: the command
	// line converts it).
	Keys KeysText
}

// KeysText is config.toml's [keys] mistakes (keymap.Words' fields, which
// say what each format takes).
type KeysText struct {
	Line, Keys                                                                    string
	UnknownAction, DidYouMean                                                     string
	CannotRebind, NoKeys, Reserved                                                string
	TypedInDialog, KeyClash, KeyTaken                                             string
	Examples, SpaceWritten, NotPrintable, UnknownModifier, ModifierOrder, NotAKey string
	Screens                                                                       map[string]string
}

func englishCLINotices() CLINoticesText {
	return CLINoticesText{
		NewsOverCap:        "%s: %d responses within %s, more than one query reaches (%d); %d read, nothing hidden there",
		NewsDisagree:       "%s: %d reads of the list disagree; nothing hidden this time",
		NewsRecheck:        "%s: the service lists %d (%d read) where the cache holds %d; reading it again before hiding %d",
		NewsNoVacancies:    "vacancies: the service lists none where the cache holds %d; reading them again",
		NewsCompanyRefused: "company vacancies: the service refused (%s); colleagues' vacancies stay unnamed",

		BudgetFallback:   "hrdesk: the shared request budget is not in use, this process runs on its own share (%d a window) until it is: %s",
		BudgetHold:       "hrdesk: the service asked every hrdesk sharing the request budget to wait until %s (it answered one of them 429/503 with that Retry-After)",
		BudgetImpossible: "hrdesk: the shared request budget held impossible rows, dropped them and goes on: %d hold(s) past %s ahead, %d turn(s) dated more than %s ahead",
		BudgetLimits:     ", %d learned limit(s) not from %d to %d a window or dated ahead",
		BudgetFurthest:   " (the furthest %s)",

		OutputStreamLink: "--output %s is a symbolic link; hrdesk does not write through links (use --output - for standard output)",
		OutputLink:       "--output %s is a symbolic link; hrdesk does not write through links (remove it or name another path)",
		OutputNotFile:    "--output %s is %s; hrdesk writes only a regular file there (name another path, or use --output - for standard output)",

		Keys: KeysText{
			Line: "%s: %s", Keys: "[keys] ",
			UnknownAction: "unknown action %q", DidYouMean: "; did you mean %q?",
			CannotRebind:    "cannot be rebound: %s always quits",
			NoKeys:          "no keys given (remove the line to keep the default)",
			Reserved:        "%s is reserved: it always quits",
			TypedInDialog:   "%q would be typed into the dialog's text fields; use a key with ctrl or alt, or enter, esc, tab",
			KeyClash:        "key %q is bound to both %s and %s (%s screen)",
			KeyTaken:        "key %q is already %s (rebind it in [keys] or choose another)",
			Examples:        `examples: "j", "G", "ctrl+d", "space", "enter", "shift+tab", "up"`,
			SpaceWritten:    `key " " is written "space"`,
			NotPrintable:    "key %q is not a printable character (%s)",
			UnknownModifier: "key %q: unknown modifier %q; use lower-case ctrl, alt, shift (%s)",
			ModifierOrder:   "key %q: write modifiers in the order ctrl+alt+shift+meta+hyper+super",
			NotAKey:         "key %q is not a key name Bubble Tea reports (%s)",
		},
	}
}

func russianCLINotices() CLINoticesText {
	return CLINoticesText{
		NewsOverCap:        "%s: %d откликов в пределах %s — больше, чем достаёт один запрос (%d); прочитано %d, там ничего не скрыто",
		NewsDisagree:       "%s: прочтения списка (%d) не сходятся; на этот раз ничего не скрыто",
		NewsRecheck:        "%s: сервис показывает %d (прочитано %d), а в кэше %d; список будет прочитан снова, прежде чем скрыть %d",
		NewsNoVacancies:    "вакансии: сервис не показывает ни одной, а в кэше их %d; читаем снова",
		NewsCompanyRefused: "вакансии компании: сервис отказал (%s); вакансии коллег останутся без названий",

		BudgetFallback:   "hrdesk: общий бюджет запросов не используется, этот процесс работает на своей доле (%d за окно), пока он недоступен: %s",
		BudgetHold:       "hrdesk: сервис попросил всех, кто делит бюджет запросов, подождать до %s (одному из них он ответил 429/503 с этим сроком)",
		BudgetImpossible: "hrdesk: в общем бюджете запросов были невозможные строки, они удалены: ожиданий — %d (дальше %s вперёд), запросов — %d (с датой дальше %s вперёд)",
		BudgetLimits:     ", выученных пределов — %d (не от %d до %d за окно или с датой в будущем)",
		BudgetFurthest:   " (самая дальняя дата %s)",

		OutputStreamLink: "--output %s — символическая ссылка; hrdesk не пишет через ссылки (стандартный вывод: --output -)",
		OutputLink:       "--output %s — символическая ссылка; hrdesk не пишет через ссылки (удалите её или укажите другой путь)",
		OutputNotFile:    "--output %s — %s; hrdesk пишет туда только обычный файл (укажите другой путь или --output - для стандартного вывода)",
		FileKinds: map[string]string{"a symbolic link": "символическая ссылка", "a named pipe (FIFO)": "именованный канал (FIFO)",
			"a socket": "сокет", "a device": "устройство", "a directory": "каталог", "an irregular file": "необычный файл"},

		Keys: KeysText{
			Line: "%s: %s", Keys: "[keys] ",
			UnknownAction: "неизвестное действие %q", DidYouMean: "; может быть, %q?",
			CannotRebind:    "не переназначается: %s всегда выходит из программы",
			NoKeys:          "клавиши не указаны (удалите строку, чтобы оставить клавиши по умолчанию)",
			Reserved:        "%s занята: она всегда выходит из программы",
			TypedInDialog:   "%q будет набираться в текстовых полях диалога; возьмите клавишу с ctrl или alt, либо enter, esc, tab",
			KeyClash:        "клавиша %q назначена и %s, и %s (экран: %s)",
			KeyTaken:        "клавиша %q уже у действия %s (переназначьте его в [keys] или выберите другую)",
			Examples:        `примеры: "j", "G", "ctrl+d", "space", "enter", "shift+tab", "up"`,
			SpaceWritten:    `клавиша " " пишется "space"`,
			NotPrintable:    "клавиша %q — не печатный символ (%s)",
			UnknownModifier: "клавиша %q: неизвестный модификатор %q; пишите ctrl, alt, shift строчными (%s)",
			ModifierOrder:   "клавиша %q: пишите модификаторы в порядке ctrl+alt+shift+meta+hyper+super",
			NotAKey:         "клавиша %q — не название клавиши, которое сообщает терминал (%s)",
			Screens:         map[string]string{"main": "основной", "dialog": "диалог", "choice": "выбор", "outbox": "исходящие"},
		},
	}
}
