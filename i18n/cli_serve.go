package i18n

// CLIServeText is what demo-server, --demo and serve say (issue 28 §6).
type CLIServeText struct {
	// demo-server's mistakes; EchoFormats "%s" the formats.
	DemoNoArguments, FaultsRange, ResumesRange, ArrivalsRange string
	DemoNegative, EchoFormats                                 string
	// CannotListen "%s" the address, "%v" why.
	CannotListen string
	// DemoAt "%s" the address, "%d" resumes, "%d" requests a minute;
	// Arrivals "%d"; Stopped after ctrl+c.
	DemoAt, Arrivals, PressCtrlC, Stopped string
	// DemoLoginFailed, CannotStartDemo "%v"; CannotReadDir "%s" "%w";
	// DirHoldsData "%s" the directory.
	DemoLoginFailed, CannotStartDemo, CannotReadDir, DirHoldsData string
	// serve: ServeArguments "%s" the argument; Serving "%s" the address,
	// "%d" keys in "%s", "%s" the host key's fingerprint, "%s" the port,
	// "%s" the host; DemoLogin "%s" / "%s"; ShuttingDown "%s" how long,
	// "%d" sessions; Profile "%s" "%w"; ProfileName "%q" "%s".
	ServeArguments, ServeNegative, Serving, DemoLogin, ShuttingDown string
	Profile, ProfileName                                            string
	// serve's files: LogFile, HostKey "%w"; ConnectionLog "%w"; HostKeyAt
	// "%s" "%w"; HostKeyLink "%s".
	LogFile, ConnectionLog, HostKeyAt, HostKeyLink, HostKey string
}

func englishCLIServe() CLIServeText {
	return CLIServeText{
		DemoNoArguments: "demo-server takes no arguments",
		FaultsRange:     "--faults must be between 0 and 1",
		ResumesRange:    "--resumes must be between 1 and 200000",
		ArrivalsRange:   "--new-responses must be between 0 and 1000",
		DemoNegative:    "--blocked-after and --token-ttl cannot be negative",
		EchoFormats:     "--echo-requests must be one of %s",
		CannotListen:    "cannot listen on %s: %v",
		DemoAt:          "demo job board at %s (%d received resumes, %d requests/minute)",
		Arrivals:        "%d applicants respond every minute",
		PressCtrlC:      "Press Ctrl+C to stop.",
		Stopped:         "stopped",
		DemoLoginFailed: "demo login failed: %v",
		CannotStartDemo: "cannot start the demo service: %v",
		CannotReadDir:   "cannot read the data directory %s: %w",
		DirHoldsData:    "--data-dir %s already holds other data; the demo needs an empty directory (or one an earlier --demo made), so it never mixes demo resumes into a real cache",
		ServeArguments:  "serve takes no arguments (did you mean --listen %s?)",
		ServeNegative:   "--max-sessions and --idle-timeout cannot be negative",
		Serving:         "hrdesk serving on %s (%d keys in %s; host key %s)\nconnect: ssh -p %s -i YOUR_KEY %s",
		DemoLogin:       "demo service: log in with %s / %s",
		ShuttingDown:    "hrdesk: shutting down, waiting up to %s for %d sessions",
		Profile:         "profile %s: %w",
		ProfileName:     "profile name %q is not a directory name under %s",
		LogFile:         "--log %w",
		ConnectionLog:   "connection log: %w",
		HostKeyAt:       "host key %s: %w",
		HostKeyLink:     "--host-key: %s is a symbolic link to no key file; hrdesk does not write a new key through links (remove it or name another --host-key)",
		HostKey:         "--host-key: %w",
	}
}

func russianCLIServe() CLIServeText {
	return CLIServeText{
		DemoNoArguments: "demo-server не принимает аргументов",
		FaultsRange:     "--faults — от 0 до 1",
		ResumesRange:    "--resumes — от 1 до 200000",
		ArrivalsRange:   "--new-responses — от 0 до 1000",
		DemoNegative:    "--blocked-after и --token-ttl не бывают отрицательными",
		EchoFormats:     "--echo-requests — одно из: %s",
		CannotListen:    "не удалось слушать %s: %v",
		DemoAt:          "демо-сайт вакансий: %s (полученных резюме: %d, запросов в минуту: %d)",
		Arrivals:        "откликов в минуту: %d",
		PressCtrlC:      "Остановить — Ctrl+C.",
		Stopped:         "остановлено",
		DemoLoginFailed: "вход в демо не удался: %v",
		CannotStartDemo: "не удалось запустить демо-сервис: %v",
		CannotReadDir:   "не удалось прочитать каталог данных %s: %w",
		DirHoldsData:    "--data-dir %s уже содержит другие данные; демо нужен пустой каталог (или созданный прежним --demo), чтобы демо-резюме не смешались с настоящим кэшем",
		ServeArguments:  "serve не принимает аргументов (может быть, --listen %s?)",
		ServeNegative:   "--max-sessions и --idle-timeout не бывают отрицательными",
		Serving:         "hrdesk принимает подключения на %s (ключей: %d в %s; ключ сервера %s)\nподключение: ssh -p %s -i ВАШ_КЛЮЧ %s",
		DemoLogin:       "демо-сервис: вход %s / %s",
		ShuttingDown:    "hrdesk: остановка, ждём не дольше %s завершения сеансов (%d)",
		Profile:         "профиль %s: %w",
		ProfileName:     "имя профиля %q — не имя каталога в %s",
		LogFile:         "--log: %w",
		ConnectionLog:   "журнал подключений: %w",
		HostKeyAt:       "ключ сервера %s: %w",
		HostKeyLink:     "--host-key: %s — символическая ссылка не на файл ключа; hrdesk не пишет новый ключ по ссылкам (уберите её или укажите другой --host-key)",
		HostKey:         "--host-key: %w",
	}
}
