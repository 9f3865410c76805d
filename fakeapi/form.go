package fakeapi

import (
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
)

// params gathers a request's parameters: the query string and a form or JSON
// body, whatever the method (the contract sends DELETE and PUT bodies too).
func params(r *http.Request) url.Values {
	out := url.Values{}
	for k, v := range r.URL.Query() {
		out[k] = append(out[k], v...)
	}
	if r.Body == nil {
		return out
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 4<<20))
	if err != nil || len(body) == 0 {
		return out
	}
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct == "application/json" {
		var v any
		if json.Unmarshal(body, &v) == nil {
			flatten("", v, out)
		}
		return out
	}
	form, err := url.ParseQuery(string(body))
	if err != nil {
		return out
	}
	for k, v := range form {
		out[k] = append(out[k], v...)
	}
	return out
}

// flatten turns a JSON value into bracket-notation form values.
func flatten(prefix string, v any, out url.Values) {
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			key := k
			if prefix != "" {
				key = prefix + "[" + k + "]"
			}
			flatten(key, val, out)
		}
	case []any:
		for i, val := range x {
			flatten(prefix+"["+strconv.Itoa(i)+"]", val, out)
		}
	case nil:
		out.Add(prefix, "")
	case bool:
		if x {
			out.Add(prefix, "1")
		} else {
			out.Add(prefix, "0")
		}
	case float64:
		out.Add(prefix, strconv.FormatFloat(x, 'f', -1, 64))
	default:
		out.Add(prefix, strings.TrimSpace(toString(x)))
	}
}

func toString(v any) string {
	b, _ := json.Marshal(v)
	var s string
	if json.Unmarshal(b, &s) == nil {
		return s
	}
	return string(b)
}

// nest parses bracket notation (`vacancies[0][id]=1`, `types[]=10`) into
// nested maps and slices: a map whose keys are all indexes becomes a slice.
func nest(values url.Values) map[string]any {
	root := map[string]any{}
	keys := make([]string, 0, len(values))
	for k := range values {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		path := splitKey(k)
		for _, v := range values[k] {
			insert(root, path, v)
		}
	}
	return normalize(root).(map[string]any)
}

// splitKey turns "a[b][0][]" into ["a", "b", "0", ""].
func splitKey(k string) []string {
	i := strings.IndexByte(k, '[')
	if i < 0 || !strings.HasSuffix(k, "]") {
		return []string{k}
	}
	path := []string{k[:i]}
	rest := k[i:]
	for len(rest) > 0 && rest[0] == '[' {
		j := strings.IndexByte(rest, ']')
		if j < 0 {
			break
		}
		path = append(path, rest[1:j])
		rest = rest[j+1:]
	}
	return path
}

// appendKey marks "[]" elements while inserting.
const appendKey = "\x00append"

func insert(node map[string]any, path []string, v string) {
	key := path[0]
	if len(path) == 1 {
		if key == "" {
			key = appendKey
		}
		if key == appendKey {
			list, _ := node[key].([]any)
			node[key] = append(list, v)
			return
		}
		node[key] = v
		return
	}
	if key == "" {
		// "a[][x]": each value starts a new element.
		list, _ := node[appendKey].([]any)
		child := map[string]any{}
		insert(child, path[1:], v)
		node[appendKey] = append(list, child)
		return
	}
	child, ok := node[key].(map[string]any)
	if !ok {
		child = map[string]any{}
		node[key] = child
	}
	insert(child, path[1:], v)
}

func normalize(v any) any {
	m, ok := v.(map[string]any)
	if !ok {
		if list, ok := v.([]any); ok {
			for i := range list {
				list[i] = normalize(list[i])
			}
		}
		return v
	}
	for k, child := range m {
		if child2, ok := child.(map[string]any); ok && len(child2) == 1 {
			if list, ok := child2[appendKey]; ok {
				m[k] = normalize(list)
				continue
			}
		}
		m[k] = normalize(child)
	}
	if list, ok := m[appendKey]; ok && len(m) == 1 {
		return list
	}
	idx := make([]int, 0, len(m))
	for k := range m {
		n, err := strconv.Atoi(k)
		if err != nil || n < 0 {
			return m
		}
		idx = append(idx, n)
	}
	if len(idx) == 0 {
		return m
	}
	sort.Ints(idx)
	out := make([]any, 0, len(idx))
	for _, n := range idx {
		out = append(out, m[strconv.Itoa(n)])
	}
	return out
}

// intParam reads an integer parameter; ok false when absent or not a number.
func intParam(v url.Values, key string) (int64, bool) {
	s := strings.TrimSpace(v.Get(key))
	if s == "" {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

// intList reads `key[]=1&key[]=2` or `key[0]=1`.
func intList(v url.Values, key string) []int64 {
	var out []int64
	for k, vals := range v {
		if k == key+"[]" || (strings.HasPrefix(k, key+"[") && strings.HasSuffix(k, "]") && !strings.Contains(k[len(key)+1:], "[")) {
			for _, s := range vals {
				if n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64); err == nil {
					out = append(out, n)
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
