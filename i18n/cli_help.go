package i18n

import "maps"

// CLIHelpText is --help in a language (issue 28 §6): the frame's words,
// and Said, the commands' summaries, long helps and flag lines in this
// language keyed by their English, which is the code's own (so English
// needs none). A key may hold one "%s" where the English has a value of
// the code's (a default URL, a list of formats); the translation has it
// too. cli's test holds every command's texts to a translation.
type CLIHelpText struct {
	// Intro and Usage open `hrdesk --help`; Commands and FlagsAnywhere
	// head its lists; Settings "%s" the config file.
	Intro, Usage, Commands, FlagsAnywhere, Settings string
	// A command's --help: CommandUsage "%s" the command; Flags heads its
	// flags; Globals names the global ones.
	CommandUsage, Flags, Globals string
	// AfterCommand follows Go's words for a flag before the command that
	// it does not know.
	AfterCommand string
	// Go's flag package's mistakes, said again: FlagUnknown and
	// FlagNeedsValue "%s" the flag; FlagBadValue "%q" the value, "%s" the
	// flag.
	FlagUnknown, FlagNeedsValue, FlagBadValue string
	Said                                      map[string]string
	// FlagTypes names a flag's value in a --help line by Go's word for its
	// type ("duration", "string"); nil: Go's word, which is English.
	FlagTypes map[string]string
}

func englishCLIHelp() CLIHelpText {
	return CLIHelpText{
		Intro:    "hrdesk — a terminal workstation for triaging received resumes",
		Usage:    "Usage:\n  hrdesk [flags]                 open the workstation\n  hrdesk [flags] COMMAND [args]  run a command",
		Commands: "Commands:", FlagsAnywhere: "Flags (accepted before or after the command):",
		Settings:     "Settings come from flags, then the environment, then %s.\nRun 'hrdesk COMMAND --help' for a command's own flags.",
		CommandUsage: "Usage: hrdesk %s [flags]", Flags: "Flags:",
		Globals:      "Global flags: --base-url, --client-id, --secret, --data-dir, --config, --language, --scope, --demo, --request-log (see 'hrdesk --help').",
		AfterCommand: " (command flags go after the command name)",
		FlagUnknown:  "flag provided but not defined: %s", FlagNeedsValue: "flag needs an argument: %s",
		FlagBadValue: "invalid value %q for flag %s",
	}
}

func russianCLIHelp() CLIHelpText {
	return CLIHelpText{
		Intro:          "hrdesk — рабочее место в терминале для разбора полученных резюме",
		Usage:          "Запуск:\n  hrdesk [флаги]                   открыть рабочее место\n  hrdesk [флаги] КОМАНДА [аргументы]  выполнить команду",
		Commands:       "Команды:",
		FlagsAnywhere:  "Флаги (до или после команды):",
		Settings:       "Настройки берутся из флагов, затем из окружения, затем из %s.\nФлаги команды: 'hrdesk КОМАНДА --help'.",
		CommandUsage:   "Запуск: hrdesk %s [флаги]",
		Flags:          "Флаги:",
		Globals:        "Общие флаги: --base-url, --client-id, --secret, --data-dir, --config, --language, --scope, --demo, --request-log (см. 'hrdesk --help').",
		AfterCommand:   " (флаги команды пишутся после её имени)",
		FlagUnknown:    "нет такого флага: %s",
		FlagNeedsValue: "флагу %s нужно значение",
		FlagBadValue:   "неверное значение %q флага %s",
		Said:           withSaid(withSaid(maps.Clone(russianHelpSaid), russianHelpSaid30), russianHelpSaidDigest),
		FlagTypes: map[string]string{"string": "строка", "duration": "длительность", "int": "число", "uint": "число",
			"int64": "число", "uint64": "число", "float": "число", "value": "значение"},
	}
}
