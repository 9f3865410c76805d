package apiclient

import (
	"context"
	"log/slog"
	"net/url"
	"strings"
	"time"
)

// The optional request log: one record per call (retries included), with
// every secret redacted. Headers are never logged: they carry the app
// secret and the bearer token.

// RequestLog is one call as the optional request log records it.
type RequestLog struct {
	Method   string
	Path     string // with the query, secrets redacted
	Form     string // the form body, secrets redacted, long values cut
	Status   int    // 0 when no answer came
	Duration time.Duration
	Retries  int
	Err      string
}

// secretParams are never logged nor put into errors.
var secretParams = map[string]bool{"access_token": true, "refresh_token": true, "client_secret": true,
	"password": true, "code": true}

func redactedPath(path string, q url.Values) string {
	if len(q) == 0 {
		return path
	}
	return path + "?" + redactValues(q).Encode()
}

// logValueMax bounds a logged value: letters and comments are long and
// are the applicant's business, not the log's.
const logValueMax = 64

// redactValues copies v with every secret replaced and long values cut.
func redactValues(v url.Values) url.Values {
	if len(v) == 0 {
		return nil
	}
	safe := make(url.Values, len(v))
	for k, vs := range v {
		if secretParams[k] {
			safe[k] = []string{"REDACTED"}
			continue
		}
		out := make([]string, len(vs))
		for i, x := range vs {
			if len(x) > logValueMax {
				x = strings.ToValidUTF8(x[:logValueMax], "") + "…"
			}
			out[i] = x
		}
		safe[k] = out
	}
	return safe
}

// SlogRequestLog returns a Config.Log hook that writes each call to l at
// Info (Warn when it failed), for callers who already log with slog.
func SlogRequestLog(l *slog.Logger) func(RequestLog) {
	return func(r RequestLog) {
		level := slog.LevelInfo
		if r.Err != "" {
			level = slog.LevelWarn
		}
		attrs := []slog.Attr{slog.String("method", r.Method), slog.String("path", r.Path),
			slog.Int("status", r.Status), slog.Duration("duration", r.Duration.Round(time.Millisecond)),
			slog.Int("retries", r.Retries)}
		if r.Form != "" {
			attrs = append(attrs, slog.String("form", r.Form))
		}
		if r.Err != "" {
			attrs = append(attrs, slog.String("err", r.Err))
		}
		l.LogAttrs(context.Background(), level, "api call", attrs...)
	}
}
