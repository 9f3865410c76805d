package cli

import (
	"bytes"
	"strings"
	"testing"
)

// The site's folders no [[folders]] entry names are listed in two
// columns: names of any length (Cyrillic, in cells), counts aligned on
// their last digit.
func TestSiteFoldersInColumns(t *testing.T) {
	var out bytes.Buffer
	a := sampleApp("en")
	a.Out = &out
	a.printSiteFolders([]siteFolderJSON{{Name: "Шорт-лист", Total: 3}, {Name: "Кадровый резерв", Total: 125}, {Name: "Бюро", Total: 42}})
	want := []string{
		"  Шорт-лист          3",
		"  Кадровый резерв  125",
		"  Бюро              42",
	}
	got := strings.Split(strings.Trim(out.String(), "\n"), "\n")
	if len(got) != 4 || strings.Join(got[1:], "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", out.String(), strings.Join(want, "\n"))
	}
}
