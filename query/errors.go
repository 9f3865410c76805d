package query

import (
	"fmt"
	"strings"
)

// Code says what is wrong with a query.
type Code int

// The mistakes a query can hold.
const (
	UnknownField   Code = iota // Arg: the name typed
	BadNumber                  // Arg: the text typed
	BadRange                   // Arg: the text typed
	BadOp                      // Arg: the field's name
	BadValue                   // Arg: the value; Choices: what it may be
	BadDuration                // Arg: the text typed
	MissingValue               // Arg: the field's name
	Unclosed                   // a quote not closed
	LoneNot                    // `-` with nothing after it
	LoneOr                     // `or` without a term on each side
	UnknownFolder              // Arg: the name
	UnknownVacancy             // Arg: the title
	TooLong                    // more terms than maxTerms
	BadDate                    // Arg: the text typed (responded>=2026-11-01)
)

// Error is a mistake at a place in the line: Pos its byte offset, Col its
// rune offset (where to draw the mark under the line).
type Error struct {
	Pos, Col int
	Code     Code
	Arg      string
	Choices  []string
}

var messages = map[string][]string{
	"en": {
		UnknownField:   "unknown field %q",
		BadNumber:      "%q is not a number",
		BadRange:       "%q is not a range (from-to)",
		BadOp:          "%s cannot be compared that way",
		BadValue:       "%q is not one of: %s",
		BadDuration:    "%q is not a duration (2d, 12h, 1w)",
		MissingValue:   "%s needs a value",
		Unclosed:       "a quote is not closed",
		LoneNot:        "nothing after -",
		LoneOr:         "or needs a term on each side",
		UnknownFolder:  "no folder named %q",
		UnknownVacancy: "no vacancy titled %q",
		TooLong:        "too many terms",
		BadDate:        "%q is not a date (2026-11-01)",
	},
	"ru": {
		UnknownField:   "неизвестное поле %q",
		BadNumber:      "%q — не число",
		BadRange:       "%q — не диапазон (от-до)",
		BadOp:          "%s так не сравнивается",
		BadValue:       "%q — не одно из: %s",
		BadDuration:    "%q — не срок (2д, 12ч, 1н)",
		MissingValue:   "у %s нет значения",
		Unclosed:       "кавычка не закрыта",
		LoneNot:        "после - ничего нет",
		LoneOr:         "у или нет условия с одной из сторон",
		UnknownFolder:  "нет папки %q",
		UnknownVacancy: "нет вакансии %q",
		TooLong:        "слишком много условий",
		BadDate:        "%q — не дата (2026-11-01)",
	},
}

// Message says the mistake in lang ("en" or "ru"; else English).
func (e *Error) Message(lang string) string {
	m, ok := messages[lang]
	if !ok {
		m = messages["en"]
	}
	format := m[e.Code]
	switch e.Code {
	case BadValue:
		return fmt.Sprintf(format, e.Arg, strings.Join(e.Choices, ", "))
	case Unclosed, LoneNot, LoneOr, TooLong:
		return format
	}
	return fmt.Sprintf(format, e.Arg)
}

func (e *Error) Error() string {
	return fmt.Sprintf("query: column %d: %s", e.Col+1, e.Message("en"))
}
