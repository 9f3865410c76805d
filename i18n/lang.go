// Package i18n holds every piece of UI text of hrdesk in English and Russian,
// and the formatting that differs between the two (plurals, money, dates).
//
// The catalogue is a struct of strings rather than a key lookup, so a
// misspelt key is a compile error and a missing translation is caught by a
// reflection test. Nothing here reads the process environment: an SSH server
// runs one program per session, each with its own environment and language.
package i18n

import "strings"

// Lang is a UI language.
type Lang int

// Supported languages. EN is the zero value so an unset Lang is usable.
const (
	EN Lang = iota
	RU
)

// String returns the ISO 639-1 code, the form config.toml uses.
func (l Lang) String() string {
	if l == RU {
		return "ru"
	}
	return "en"
}

// Detect picks the UI language. The config's `language` setting wins when it
// is "en" or "ru"; with "auto" or empty, the first non-empty of LC_ALL,
// LC_MESSAGES and LANG in environ decides (POSIX precedence), so
// "ru_RU.UTF-8" gives RU. Anything else, "C" included, gives EN.
//
// environ is in os.Environ form ("KEY=value"); an SSH session passes its own.
func Detect(configLanguage string, environ []string) Lang {
	switch strings.ToLower(strings.TrimSpace(configLanguage)) {
	case "en":
		return EN
	case "ru":
		return RU
	}
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := lookupEnv(environ, name)
		if v == "" {
			continue
		}
		return fromLocale(v)
	}
	return EN
}

// fromLocale maps a POSIX locale name such as "ru_RU.UTF-8", "ru" or
// "ru_UA@euro" to a language.
func fromLocale(locale string) Lang {
	lang := locale
	if i := strings.IndexAny(lang, "_.@-"); i >= 0 {
		lang = lang[:i]
	}
	if strings.EqualFold(lang, "ru") {
		return RU
	}
	return EN
}

// lookupEnv returns the value of name in environ. The last occurrence wins,
// as with exec.Cmd, because overrides are usually appended.
func lookupEnv(environ []string, name string) string {
	val := ""
	for _, kv := range environ {
		k, v, ok := strings.Cut(kv, "=")
		if ok && k == name {
			val = v
		}
	}
	return val
}
