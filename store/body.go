package store

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"

	"github.com/klauspost/compress/zstd"

	"hrdesk/textsafe"
)

// A resume's body is everything about it the list never reads: the raw
// JSON as received and the two texts its search document is built from
// (skills and the flattened work history, kept so a comment or a contacts
// purchase can rebuild the document). It is one zstd frame per resume:
//
//	uvarint len(raw) | raw | uvarint len(skills) | skills | work history
//
// The texts repeat parts of the raw JSON and cost a few bytes of matches
// inside the frame; as columns of their own they were a fifth of the bodies.
//
// Frames use the dictionary bodydict1.zdict (id 1; made by
// internal/testkit/benchdata/makedict from generated resumes outside the benchmark
// cache). It pays: on the 100 resumes of apiclient/testdata, made by the
// fake service's own generator, which it never saw, a resume is 719 B with
// it and 1,431 B without (3,137 B raw; BenchmarkBodyCompression); without
// it the 100,000-resume cache would be over 300 MiB. A dictionary is
// frozen: frames name it by id, so a new one gets a new id and this one
// stays registered with the decoder.

//go:embed bodydict1.zdict
var bodyDict1 []byte

// maxBody bounds what a damaged frame may make the decoder allocate; real
// bodies are a few KB, a hostile one some hundreds.
const maxBody = 64 << 20

// bodyCodec is built on first use: a start that never opens a resume does
// not pay for the dictionary's tables. The encoder and decoder are safe
// for concurrent use (EncodeAll, DecodeAll).
var bodyCodec = sync.OnceValues(func() (*zstd.Encoder, *zstd.Decoder) {
	// The fastest level: with the dictionary its frames are as small as the
	// default level's (714 B and 738 B per resume) at 2.5 times the speed
	// (24 us per resume), which a full sync and the upgrade of a cache pay
	// 100,000 times, and the race detector 35 times over.
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderDict(bodyDict1),
		zstd.WithEncoderConcurrency(1))
	if err != nil {
		panic(err) // the embedded dictionary is valid: TestBodyRoundTrip
	}
	dec, err := zstd.NewReader(nil, zstd.WithDecoderDicts(bodyDict1), zstd.WithDecoderConcurrency(2),
		zstd.WithDecoderMaxMemory(maxBody), zstd.WithDecoderLowmem(true))
	if err != nil {
		panic(err)
	}
	return enc, dec
})

// body is a decoded body.
type body struct {
	raw         []byte // the resume object, its strings cleaned (cleanRaw)
	skills      string
	workHistory string
}

// encodeBody compresses b into a frame.
func encodeBody(b body) []byte {
	plain := make([]byte, 0, 2*binary.MaxVarintLen64+len(b.raw)+len(b.skills)+len(b.workHistory))
	plain = binary.AppendUvarint(plain, uint64(len(b.raw)))
	plain = append(plain, b.raw...)
	plain = binary.AppendUvarint(plain, uint64(len(b.skills)))
	plain = append(plain, b.skills...)
	plain = append(plain, b.workHistory...)
	enc, _ := bodyCodec()
	return enc.EncodeAll(plain, make([]byte, 0, len(plain)/3))
}

// cleanRaw is the resume object as a body keeps it: compact, every string
// in it, keys included, passed through textsafe (textsafe.JSON). Cleaned
// once as it is written (migration 13 cleaned the bodies written before),
// it is what `hrdesk export` streams as it stands: cleaning 80,000 bodies
// on every export was a quarter of its time (issue 22 §3). Something
// that is no JSON, which the API client's decoder never hands over, is
// kept as the empty object.
func cleanRaw(raw []byte) []byte {
	clean, err := textsafe.AppendJSON(make([]byte, 0, len(raw)), raw)
	if err != nil || len(clean) == 0 {
		return []byte("{}")
	}
	return clean
}

var errBadBody = errors.New("malformed body")

// decodeBody is the inverse of encodeBody. An empty frame (no body row) is
// an empty body.
func decodeBody(frame []byte) (body, error) {
	b, _, err := decodeBodyInto(frame, nil)
	return b, err
}

// decodeBodyInto is decodeBody decoding into buf (reused from its start),
// for a caller done with the body before the next (EachEntry): the raw
// object points into the buffer returned, buf or a larger one.
func decodeBodyInto(frame, buf []byte) (body, []byte, error) {
	if len(frame) == 0 {
		return body{}, buf, nil
	}
	_, dec := bodyCodec()
	plain, err := dec.DecodeAll(frame, buf[:0])
	if err != nil {
		return body{}, buf, err
	}
	raw, rest, ok := cutPrefixed(plain)
	if !ok {
		return body{}, plain, errBadBody
	}
	skills, work, ok := cutPrefixed(rest)
	if !ok {
		return body{}, plain, errBadBody
	}
	return body{raw: raw, skills: string(skills), workHistory: string(work)}, plain, nil
}

// cutPrefixed splits a uvarint-length-prefixed part off b.
func cutPrefixed(b []byte) (part, rest []byte, ok bool) {
	n, w := binary.Uvarint(b)
	if w <= 0 || n > uint64(len(b)-w) {
		return nil, nil, false
	}
	return b[w : w+int(n)], b[w+int(n):], true
}

// damagedBody wraps a body that does not decode as ErrDamaged: the server
// can refill the cache.
func damagedBody(resumeID int64, err error) error {
	return fmt.Errorf("%w: body of resume %d: %v", ErrDamaged, resumeID, err)
}

// fillBody decodes a body frame into d; no frame gives an empty object.
func (d *EntryDetail) fillBody(frame []byte) error {
	_, err := d.fillBodyInto(frame, nil)
	return err
}

// fillBodyInto is fillBody decoding into buf (decodeBodyInto); it returns
// the buffer to reuse.
func (d *EntryDetail) fillBodyInto(frame, buf []byte) ([]byte, error) {
	b, buf, err := decodeBodyInto(frame, buf)
	if err != nil {
		return buf, damagedBody(d.ResumeID, err)
	}
	if len(b.raw) == 0 {
		b.raw = []byte("{}")
	}
	d.Skills, d.WorkHistory, d.RawJSON = b.skills, b.workHistory, b.raw
	return buf, nil
}
