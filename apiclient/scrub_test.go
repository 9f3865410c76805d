package apiclient

import (
	"net/url"
	"strings"
	"testing"
)

// The scrubber's edges, one shape each (issue 26 §3); the table through
// the fake is secretshapes_test.go.
func TestScrubTextShapes(t *testing.T) {
	for _, tc := range []struct {
		secret, text, want string
	}{
		{"ab@c", "x ab@c y", "x [redacted] y"},                    // four characters are a secret
		{"a@b", "x a@b y", "x a@b y"},                             // three are not
		{"pa/ss", "p=pa%2fss", "p=[redacted]"},                    // any case of hex
		{"pa@ss", "p=pa%2540ss", "p=[redacted]"},                  // encoded twice
		{"two words", "p=two+words", "p=[redacted]"},              // form's space
		{"two words", "p=two%20words", "p=[redacted]"},            // path's space
		{"pa/ss", `{"p":"pa\/ss"}`, `{"p":"[redacted]"}`},         // JSON's slash
		{`q"x\y`, `{"p":"q\"x\\y"}`, `{"p":"[redacted]"}`},        // JSON's quote and backslash
		{"li\nne", `{"p":"li\nne"}`, `{"p":"[redacted]"}`},        // JSON's letter escapes
		{"tab\tx", `{"p":"tab\tx"}`, `{"p":"[redacted]"}`},        //
		{"pé&x", `{"p":"p\u00e9\u0026x"}`, `{"p":"[redacted]"}`},  // \u escapes, either case
		{"pé&x", `{"p":"p\u00E9\u0026x"}`, `{"p":"[redacted]"}`},  //
		{"a😀bc", `{"p":"a\ud83d\ude00bc"}`, `{"p":"[redacted]"}`}, // a surrogate pair
		{"ab\xffcd", "x ab\xffcd y", "x [redacted] y"},            // not UTF-8
		{"abcd", "YWJjZA== YWJjZA", "[redacted] [redacted]"},      // base64, padded or not
		{"a+b/c?d", "YSti L2M/ZA", "YSti L2M/ZA"},                 // base64 is of the whole
		{"a+b/c?d", "YStiL2M/ZA==", "[redacted]"},                 //
		{"a+b/c?d", "YStiL2M_ZA", "[redacted]"},                   // URL base64
		{"", "", ""},
	} {
		if got := scrubText(tc.text, []string{tc.secret}); got != tc.want {
			t.Errorf("%q in %q: %q; want %q", tc.secret, tc.text, got, tc.want)
		}
	}
}

func TestTheLongestShapeWins(t *testing.T) {
	got := scrubText("k=abcd-long&q=abcd", []string{"abcd", "abcd-long"})
	if got != "k=[redacted]&q=[redacted]" {
		t.Errorf("%q", got)
	}
}

func TestBasicCredentialsAreScrubbed(t *testing.T) {
	c, _ := setup(t, nil, func(cfg *Config) { cfg.Secret = "abcd"; cfg.ClientID = 7 })
	form := url.Values{"login": {"hr"}, "password": {"wxyz"}}
	secrets := c.secretsOf(request{form: form}, "")
	// Padded credentials (hr:wxyz) show unpadded too.
	for _, basic := range []string{basicCredentials("7", "abcd"), basicCredentials("hr", "wxyz"),
		strings.TrimRight(basicCredentials("hr", "wxyz"), "=")} {
		if got := scrubText("Basic "+basic, secrets); got != "Basic [redacted]" {
			t.Errorf("%s: %q", basic, got)
		}
	}
	if basicCredentials("hr", "abc") != "" || basicCredentials("hr", "abcd") == "" {
		t.Error("a password under four characters makes no credentials; four do")
	}
	if got := c.secretsOf(request{form: url.Values{"login": {"hr"}, "password": {}}}, ""); len(got) != len(secrets)-2 {
		t.Errorf("without a password there is no login:password pair: %q", got)
	}
	if got := c.secretsOf(request{form: url.Values{"password": {"wxyz"}}}, ""); len(got) != len(secrets)-1 {
		t.Errorf("without a login there is no login:password pair: %q", got)
	}
}

func TestAFieldNamedWithASecretIsRenamed(t *testing.T) {
	c, _ := setup(t, nil)
	e := &Error{Fields: map[string][]string{"pass%40word": {"bad"}, "login": {"x pass%2540word"}}}
	c.scrub(e, request{form: url.Values{"password": {"pass@word"}}}, "")
	if len(e.Fields) != 2 || e.Fields["[redacted]"] == nil || e.Fields["login"][0] != "x [redacted]" {
		t.Errorf("fields %q", e.Fields)
	}
}
