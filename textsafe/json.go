package textsafe

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// JSON returns the JSON document data with every string in it, keys
// included, passed through Clean; key order and numbers are kept and the
// result is compact. Escaping alone does not make a document safe: "\u001b"
// is harmless on a terminal but becomes an escape byte again in whoever
// decodes it (jq -r), and encoders leave C1 controls and bidi overrides
// unescaped. An error means data was not one valid JSON value.
func JSON(data []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out bytes.Buffer
	if err := cleanJSONValue(dec, &out); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("textsafe: data after the JSON value")
	}
	return out.Bytes(), nil
}

func cleanJSONValue(dec *json.Decoder, out *bytes.Buffer) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch v := tok.(type) {
	case json.Delim:
		open, end := byte(v), byte(']')
		if v == '{' {
			end = '}'
		}
		out.WriteByte(open)
		for i := 0; dec.More(); i++ {
			if i > 0 {
				out.WriteByte(',')
			}
			if open == '{' {
				key, err := dec.Token()
				if err != nil {
					return err
				}
				writeJSONString(out, key.(string))
				out.WriteByte(':')
			}
			if err := cleanJSONValue(dec, out); err != nil {
				return err
			}
		}
		if _, err := dec.Token(); err != nil { // the closing delimiter
			return err
		}
		out.WriteByte(end)
	case string:
		writeJSONString(out, v)
	case json.Number:
		out.WriteString(v.String())
	case bool:
		fmt.Fprint(out, v)
	case nil:
		out.WriteString("null")
	}
	return nil
}

// writeJSONString writes Clean(s) as a JSON string, leaving <, > and &
// readable (the output is for people and scripts, not HTML).
func writeJSONString(out *bytes.Buffer, s string) {
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(Clean(s))    // a string always encodes
	out.Truncate(out.Len() - 1) // Encode's newline
}
