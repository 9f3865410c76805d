package cli

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"hrdesk/i18n"
)

// A command whose words are a query keeps a single-dash word that is none
// of its flags as a negated term (issue 31 §2: `hrdesk search водитель
// -has:comment` was refused as an unknown flag); a flag's value that starts
// with "-" stays the flag's, and "--colour" is still an unknown flag.
func TestParseInterspersedKeepsNegatedTerms(t *testing.T) {
	h := i18n.For(i18n.EN).CLI.Help
	parse := func(queryWords bool, args ...string) (positional []string, age string, isNew bool, err error) {
		fs := newFlagSet("test")
		fs.StringVar(&age, "age", "", "")
		fs.BoolVar(&isNew, "new", false, "")
		positional, err = parseInterspersed(h, fs, args, queryWords)
		return positional, age, isNew, err
	}
	got, age, isNew, err := parse(true, "водитель", "-has:comment", "--age", "-35", "-salary>=100", "--new", "-town:Омск")
	if err != nil {
		t.Fatalf("a query's negated terms refused: %v", err)
	}
	if want := []string{"водитель", "-has:comment", "-salary>=100", "-town:Омск"}; !slices.Equal(got, want) {
		t.Errorf("words %q, want %q", got, want)
	}
	if age != "-35" || !isNew {
		t.Errorf("flags among the terms: age %q new %v, want -35 true", age, isNew)
	}
	if got, _, _, err := parse(true, "-has:comment"); err != nil || !slices.Equal(got, []string{"-has:comment"}) {
		t.Errorf("a query that starts with a negation: %q %v", got, err)
	}
	for _, args := range [][]string{{"водитель", "--colour"}, {"--colour=red", "водитель"}} {
		_, _, _, err := parse(true, args...)
		var ue *usageError
		if !errors.As(err, &ue) || !strings.Contains(ue.msg, "-colour") {
			t.Errorf("%q: %v, want an unknown flag named", args, err)
		}
	}
	if _, _, _, err := parse(false, "12", "-has:comment"); err == nil {
		t.Error("a command without a query took an unknown flag as a word")
	}
}
