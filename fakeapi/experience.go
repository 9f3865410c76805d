package fakeapi

import (
	"fmt"
	"strings"
)

// ExperienceText is the service's wording of a work history's length:
// "9 лет 4 месяца", "1 год", "2 года 1 месяц"; empty for none.
func ExperienceText(months int) string {
	y, m := months/12, months%12
	var parts []string
	if y > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", y, plural(y, "год", "года", "лет")))
	}
	if m > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", m, plural(m, "месяц", "месяца", "месяцев")))
	}
	return strings.Join(parts, " ")
}

// plural picks the Russian form for n: one (1, 21), few (2-4, 22-24),
// many (5-20, 25-30, 11-14).
func plural(n int, one, few, many string) string {
	switch {
	case n%10 == 1 && n%100 != 11:
		return one
	case n%10 >= 2 && n%10 <= 4 && (n%100 < 12 || n%100 > 14):
		return few
	}
	return many
}
