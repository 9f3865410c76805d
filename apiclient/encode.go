package apiclient

import (
	"fmt"
	"net/url"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// Request bodies and query strings use form encoding with bracket notation
// for arrays and nested values (section 1): `vacancies[0][id]=1`,
// `types[]=10`, `keywords[0][keys]=go`. Booleans are sent as 0/1
// (real-world notes).
//
// Encode walks a value: structs by their `form:"name,omitempty"` tags, maps
// by key (sorted), slices as name[] for scalars and name[i] for composites,
// pointers when non-nil. Fields without a tag use their json tag.

// Encode returns the form values of v (a struct, a map or url.Values).
func Encode(v any) url.Values {
	out := url.Values{}
	if vals, ok := v.(url.Values); ok {
		for k, vs := range vals {
			out[k] = append([]string(nil), vs...)
		}
		return out
	}
	encodeValue(out, "", reflect.ValueOf(v), false)
	return out
}

// EncodeInto adds v's values under prefix to out: EncodeInto(out, "vacancies[0]", v).
func EncodeInto(out url.Values, prefix string, v any) {
	encodeValue(out, prefix, reflect.ValueOf(v), false)
}

func encodeValue(out url.Values, key string, v reflect.Value, omitEmpty bool) {
	if !v.IsValid() {
		return
	}
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return
		}
		// A set pointer is a deliberate value, zero included (status=0).
		omitEmpty = false
		v = v.Elem()
	}
	if omitEmpty && v.IsZero() {
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, omit, skip := fieldName(f)
			if skip {
				continue
			}
			if f.Anonymous && name == "" {
				encodeValue(out, key, v.Field(i), omit)
				continue
			}
			if name == "" {
				name = f.Name
			}
			encodeValue(out, join(key, name), v.Field(i), omit)
		}
	case reflect.Map:
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
		for _, k := range keys {
			encodeValue(out, join(key, fmt.Sprint(k.Interface())), v.MapIndex(k), false)
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			out.Add(key, string(v.Bytes()))
			return
		}
		for i := 0; i < v.Len(); i++ {
			el := v.Index(i)
			for el.Kind() == reflect.Pointer || el.Kind() == reflect.Interface {
				if el.IsNil() {
					break
				}
				el = el.Elem()
			}
			if isScalar(el) {
				encodeValue(out, key+"[]", el, false)
			} else {
				encodeValue(out, key+"["+strconv.Itoa(i)+"]", el, false)
			}
		}
	case reflect.Bool:
		if v.Bool() {
			out.Add(key, "1")
		} else {
			out.Add(key, "0")
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		out.Add(key, strconv.FormatInt(v.Int(), 10))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		out.Add(key, strconv.FormatUint(v.Uint(), 10))
	case reflect.Float32, reflect.Float64:
		out.Add(key, strconv.FormatFloat(v.Float(), 'f', -1, 64))
	case reflect.String:
		out.Add(key, v.String())
	}
}

func isScalar(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Struct, reflect.Map, reflect.Slice, reflect.Array, reflect.Pointer, reflect.Interface, reflect.Invalid:
		return false
	}
	return true
}

// fieldName reads the form (or json) tag of a field.
func fieldName(f reflect.StructField) (name string, omitEmpty, skip bool) {
	tag, ok := f.Tag.Lookup("form")
	if !ok {
		tag = f.Tag.Get("json")
	}
	if tag == "-" {
		return "", false, true
	}
	name, opts, _ := strings.Cut(tag, ",")
	return name, strings.Contains(opts, "omitempty"), false
}

func join(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "[" + name + "]"
}
