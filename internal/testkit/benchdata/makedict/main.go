// Command makedict trains the zstd dictionary the cache compresses resume
// bodies with, from generated resumes that are not in the benchmark cache
// (indices from 1,000,000):
//
//	go run ./internal/testkit/benchdata/makedict -id 1 -o store/bodydict1.zdict
//
// A dictionary is frozen once released: caches hold frames that name it by
// id, so a better one gets a new id and file, and the store keeps decoding
// with the old one too.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/klauspost/compress/dict"
	"github.com/klauspost/compress/zstd"

	"hrdesk/internal/testkit/benchdata"
)

func main() {
	id := flag.Uint("id", 0, "dictionary id written into its header and every frame (never reuse one)")
	out := flag.String("o", "", "output file")
	samples := flag.Int("samples", 4000, "generated resumes to train on")
	size := flag.Int("size", 16<<10, "dictionary size in bytes (16 KiB measured best: larger gained <3%)")
	flag.Parse()
	if *id == 0 || *out == "" {
		flag.Usage()
		os.Exit(2)
	}
	g, err := benchdata.New()
	if err != nil {
		fail(err)
	}
	input := make([][]byte, 0, *samples)
	for i := range *samples {
		e, err := g.Entry(1_000_000 + i)
		if err != nil {
			fail(err)
		}
		// The store's body is the raw JSON, the skills and the flattened
		// work history (store/body.go); the length prefixes do not matter
		// to a dictionary.
		sample := append(append(append([]byte{}, e.RawJSON...), e.Skills...), e.WorkHistory...)
		input = append(input, sample)
	}
	d, err := dict.BuildZstdDict(input, dict.Options{MaxDictSize: *size, HashBytes: 6, ZstdDictID: uint32(*id),
		ZstdLevel: zstd.SpeedFastest})
	if err != nil {
		fail(err)
	}
	if err := os.WriteFile(*out, d, 0o644); err != nil {
		fail(err)
	}
	fmt.Printf("%s: %d bytes, id %d, from %d resumes\n", *out, len(d), *id, len(input))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "makedict:", err)
	os.Exit(1)
}
