# hrdesk: the two commands a newcomer needs are `make demo` and `make test`.
GO      ?= go
BIN     ?= ./hrdesk
PKGS    ?= ./...
BENCH   ?= .
export CGO_ENABLED = 0
# The race detector needs cgo, so a C compiler; on a machine with only Go the
# tests still run, without it.
RACE    := $(shell command -v cc >/dev/null 2>&1 && echo -race)

.PHONY: demo test bench build run fuzz mutate figures clean

## demo: the workstation on built-in demo data, through the in-process fake API
demo: build
	$(BIN) --demo

# -race implies checkptr, a check on every unsafe.Pointer conversion, and
# modernc.org/sqlite is C transpiled to Go: nearly every line converts, and
# most of the race-enabled tests' time went there (a full sync of 10,000
# entries: 58 s, 19 s without). It is turned off inside modernc.org only;
# the race detector itself stays on for every package, SQLite's included
# (leaving SQLite uninstrumented as well made syncer 10 times faster, but
# tsan then reported a race inside encoding/json's cache in 8 of 25 runs
# of a store test, none in 25 with SQLite instrumented: not a trade for a
# CI gate; the volume tests below are the trade made instead).
RACEFLAGS := $(if $(RACE),-gcflags='modernc.org/...=-d=checkptr=0')

# Volume tests: each pushes thousands of rows through SQLite in one
# goroutine (a full sync past the 500 cap, a killed sync, faults on every
# fourth request, retries through a 429 storm, model-based count checks,
# cli's 2,000-resume workstation-against-search check). Under -race they
# were over half of syncer's, store's and cli's time, nearly all of it the race detector
# watching SQLite's own code, which has no goroutines of hrdesk's to race.
# They run in full, without -race, in a pass of their own; the same code
# paths run under -race in the packages' smaller tests (docs/TESTING.md).
VOLUME_TESTS := ^(TestSyncUnderFaultsEqualsCleanSync|TestKilledSyncSubprocess|TestFullSyncFetchesEverythingPastTheCap|TestFullSyncRequestBound|TestKilledSyncResumes|TestKilledSyncKeepsFinishedWindows|TestSyncTidiesTheSearchIndex|TestABusySecondOverTheCapHidesNothing|TestTwoBusySecondsAreSplit|TestFullSyncSplitsByTimeWhenPagesAreNotNewestFirst|TestFullSyncSplitsByTimeAroundABusySecond|TestSearchPathsAgree|TestEstimateAndTheCommonWordsPlan|TestFolderCountsStayExact|TestOverviewCountsStayExact|TestSearchWordsAreTokens|TestFirstSyncEndsWithTheCacheWrittenAnew|TestAnInterruptedRewriteIsDoneNextTime|TestSyncUnderFaultsCompletesInOneCall|TestAnErrorInside200StopsTheSyncAndKeepsTheCache|TestSyncWaitsOutA429StormInOneCall|TestIncrementalNoticesMovesAndDeletions|TestOneEmptyAnswerHidesNothing|TestTwoEmptyAnswersHide|TestWorkstationAndSearchSelectTheSame)$$
VOLUME_PKGS  := ./syncer/ ./store/ ./cli/
# Only a whole-tree run with -race splits them off; `make test PKGS=./store/`
# or a machine without a C compiler runs every test in one pass.
SPLIT_VOLUME := $(if $(RACE),$(filter ./...,$(PKGS)))

# go vet above runs every analyzer on every package, so go test's own
# subset is not run again; test binaries are linked without DWARF (stack
# traces come from the binary's own tables, a debugger needs a plain
# `go test -c`): together 8 % of a fresh clone's compile CPU.
TESTFLAGS := -vet=off -ldflags=-w

## test: vet and race-enabled tests (what CI runs), then the volume tests
test:
	$(GO) vet $(PKGS)
	$(if $(RACE),CGO_ENABLED=1,@echo "make test: no C compiler, running without -race";) $(GO) test $(RACE) $(RACEFLAGS) $(TESTFLAGS) -count=1 -timeout 12m $(if $(SPLIT_VOLUME),-skip '$(VOLUME_TESTS)') $(PKGS)
	$(if $(SPLIT_VOLUME),$(GO) test -count=1 -timeout 12m -run '$(VOLUME_TESTS)' $(VOLUME_PKGS))

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

# Mutation testing (docs/TESTING.md): gremlins changes one token of the
# package at a time (a `<` to `<=`, a `+` to `-`, ...) and runs the
# package's tests on each mutant. Pinned and run through `go run ...@version`
# so a machine with only Go needs nothing installed and go.mod gains no
# tool dependencies (nothing of it reaches the binary). One worker and a
# generous timeout coefficient: the machine has 2 cores and is shared, and a
# mutant whose tests merely ran slowly must not be counted as "timed out".
# -count=1: the timeout is a multiple of the first (coverage) run, and a
# cached `go test` answers in a second; every mutant then "timed out".
GREMLINS         ?= $(GO) run github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0
MUTATE_WORKERS   ?= 1
MUTATE_TIMEOUT   ?= 5
MUTATE_FLAGS     ?=
# A package whose tests use internal/testkit/pgtest (pgshare, hostexec, cli) needs
# PostgreSQL, found where pgtest looks; without it those tests skip, every
# mutant would be "not covered" and the efficacy meaningless.
PG_BIN := $(shell command -v pg_ctl >/dev/null 2>&1 && echo path || ls /usr/local/bin/pg_ctl /usr/local/pgsql/bin/pg_ctl /usr/lib/postgresql/*/bin/pg_ctl 2>/dev/null | head -1)

## mutate: mutation testing of one package, e.g. make mutate PKG=./ratebudget/pgshare/
mutate:
	@test -n "$(PKG)" && test "$(PKG)" != "./..." || { echo "make mutate: name one package, e.g. make mutate PKG=./ratebudget/pgshare/ (a whole-tree run is too slow)"; exit 2; }
	@if grep -qs 'hrdesk/internal/testkit/pgtest' $(patsubst %/,%,$(PKG))/*_test.go && test -z "$(PG_BIN)"; then echo "make mutate: $(PKG)'s tests need PostgreSQL (initdb and pg_ctl on PATH, in /usr/local/bin or /usr/lib/postgresql/*/bin), e.g. apt-get install postgresql"; exit 2; fi
	GOFLAGS="$$GOFLAGS -count=1" $(GREMLINS) unleash --workers $(MUTATE_WORKERS) --timeout-coefficient $(MUTATE_TIMEOUT) $(MUTATE_FLAGS) $(patsubst %/,%,$(PKG))

## figures: the architecture's figures (docs/ARCHITECTURE.md, "Figures"), each with the pipeline counting it
figures:
	sh docs/figures.sh

clean:
	rm -f $(BIN)
