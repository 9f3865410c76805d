# hrdesk: the two commands a newcomer needs are `make demo` and `make test`.
GO      ?= go
BIN     ?= ./hrdesk
PKGS    ?= ./...
BENCH   ?= .
export CGO_ENABLED = 0
# The race detector needs cgo, so a C compiler; on a machine with only Go the
# tests still run, without it.
RACE    := $(shell command -v cc >/dev/null 2>&1 && echo -race)

.PHONY: demo test bench build run fuzz clean

## demo: the workstation on built-in demo data, through the in-process fake API
demo: build
	$(BIN) --demo

# -race implies checkptr, a check on every unsafe.Pointer conversion, and
# modernc.org/sqlite is C transpiled to Go: nearly every line converts, and
# most of the race-enabled tests' time went there (syncer's
# TestFullSyncRequestBound: 58 s, 19 s without). It is turned off inside
# modernc.org only; the race detector itself stays on for every package,
# SQLite's included (leaving SQLite
# uninstrumented as well made syncer 10 times faster, but tsan then
# reported a race inside encoding/json's cache in 8 of 25 runs of a store
# test, none in 25 with SQLite instrumented: not a trade for a CI gate).
RACEFLAGS := $(if $(RACE),-gcflags='modernc.org/...=-d=checkptr=0')

## test: vet and race-enabled tests (what CI runs)
test:
	$(GO) vet $(PKGS)
	$(if $(RACE),CGO_ENABLED=1,@echo "make test: no C compiler, running without -race";) $(GO) test $(RACE) $(RACEFLAGS) -count=1 -timeout 12m $(PKGS)

## bench: every benchmark (performance targets live here, figures go to docs/PERFORMANCE.md)
bench:
	$(GO) test -run '^$$' -bench '$(BENCH)' -benchmem $(PKGS)

## build: a static binary, no cgo
build:
	$(GO) build -trimpath -o $(BIN) .

## run: build and start the workstation with your own configuration
run: build
	$(BIN)

## fuzz: a short run of each fuzz target
fuzz:
	$(GO) test -run '^$$' -fuzz FuzzClean -fuzztime 20s ./textsafe/

clean:
	rm -f $(BIN)
