# citex - a citation exporter.  Plain make: `make`, `make check`, `make asan`.

CC      ?= cc
FLEX    ?= flex
BISON   ?= bison
PKG_CONFIG ?= pkg-config
PREFIX  ?= /usr/local
BUILD   ?= build
CFLAGS  ?= -O2 -g
WARN    := -Wall -Wextra -pedantic -Wshadow -Wstrict-prototypes -Werror=implicit-function-declaration
UTF8PROC_CFLAGS := $(shell $(PKG_CONFIG) --cflags libutf8proc 2>/dev/null)
UTF8PROC_LIBS   := $(shell $(PKG_CONFIG) --libs libutf8proc 2>/dev/null || echo -lutf8proc)
# The CSL processor: expat reads styles and locales, ICU collates sort keys.
CSL_CFLAGS := $(shell $(PKG_CONFIG) --cflags expat icu-i18n icu-uc 2>/dev/null)
CSL_DEFS   := -DCITEX_STYLEDIR='"$(PREFIX)/share/citex/styles"'
CSL_LIBS   := $(shell $(PKG_CONFIG) --libs expat icu-i18n icu-uc 2>/dev/null || echo -lexpat -licui18n -licuuc -licudata)
# GCC on x86-64 clears a struct of a hundred bytes or more with `rep stos`,
# whose start-up cost is most of the work at that size, and the parser and
# the LaTeX decoder clear one for every field and every brace group.  Plain
# stores up to 512 bytes and the C library above that took 7% off the time
# on big.bib (bench/RESULTS.md, tenth round).  Compilers that do not know
# the option (clang) do not get it.
MEMSET_TUNE := -mmemset-strategy=unrolled_loop:512:noalign,libcall:-1:noalign
TUNE    := $(shell $(CC) -Werror $(MEMSET_TUNE) -x c -c -o /dev/null /dev/null 2>/dev/null && echo '$(MEMSET_TUNE)')
# The YAML readers (CSL-YAML, Hayagriva, CITATION.cff) parse with libyaml;
# the XML readers (EndNote XML, PubMed, MODS) stream through expat.
YAML_CFLAGS := $(shell $(PKG_CONFIG) --cflags yaml-0.1 2>/dev/null)
YAML_LIBS   := $(shell $(PKG_CONFIG) --libs yaml-0.1 2>/dev/null || echo -lyaml)
ALL_CFLAGS = -std=c11 $(WARN) $(TUNE) $(CFLAGS) -Isrc -I$(GEN) $(UTF8PROC_CFLAGS) $(YAML_CFLAGS) $(CSL_CFLAGS) $(CSL_DEFS)
LDLIBS  += $(UTF8PROC_LIBS) $(YAML_LIBS) $(CSL_LIBS)
# Profile-guided optimization, on by default with a GCC that has
# -fprofile-partial-training (GCC 10 and later).  The library and the
# program are built twice: first instrumented, in $(BUILD)/pgo, which
# tools/pgo_train.sh runs over the test cases' inputs and a corpus made
# from the repository's text (tools/pgo_corpus.awk); then for use, with
# the counts that run left (the .gcda files, written beside the final
# objects), from which GCC lays out branches and chooses what to inline:
# about 8% less CPU on big.bib (bench/RESULTS.md, fifteenth round).
# Output is the same either way.  `make PGO=0` builds once, which is quicker while editing;
# the sanitizer and fuzz builds never use it.
PGO_CAN := $(shell $(CC) -Werror -fprofile-use -fprofile-partial-training -dumpbase pgo.o -dumpbase-ext .o \
             -x c -c -o /dev/null /dev/null 2>/dev/null && printf 'int main(void) { return 0; }\n' | \
             $(CC) -Werror -fprofile-generate -x c -o /dev/null - 2>/dev/null && echo 1)
PGO     ?= $(if $(filter build,$(BUILD)),$(PGO_CAN))

GEN     := $(BUILD)/gen
# The library, layer by layer (each imports only the layers before it):
#   core   arena, out, bytes                  (nothing of citex)
#   model  the field and type tables, entries
#   norm   latex, names, venues, dates, ids, keys
#   read   one reader per input format, and the registry
#   write  one writer per output format, and the registry
#   pass   whole-run passes: --aux, --dedup, --check
#   csl    the CSL processor: styles, locales, rendering
#   cv     publication lists
#   cli    the command line (not in the library)
LAYERS  := core model norm read write pass csl cv
LIB_SRC := $(foreach l,$(LAYERS),$(wildcard src/$(l)/*.c))
LIB_OBJ := $(patsubst src/%.c,$(BUILD)/%.o,$(LIB_SRC))
GRAMMARS := $(wildcard grammar/*.y)
LEXERS   := $(wildcard grammar/*.l)
GEN_HDR := $(patsubst grammar/%.y,$(GEN)/%.tab.h,$(GRAMMARS)) $(patsubst grammar/%.l,$(GEN)/%.lex.h,$(LEXERS))
# Hash indexes of the constant name tables, made by a program built for
# this machine (tools/mkindex.c), so no table is built at run time.
GEN_INC := $(GEN)/field_index.inc $(GEN)/member_index.inc $(GEN)/latex_index.inc \
           $(GEN)/cslvar_index.inc
GEN_HDR += $(GEN_INC)
# Files compiled into the binary: the en-US locale and the default style.
EMBED   := $(GEN)/csl_locale_en_us.inc $(GEN)/csl_style_default.inc
GEN_HDR += $(EMBED)
GEN_OBJ := $(patsubst grammar/%.y,$(BUILD)/gen/%.tab.o,$(GRAMMARS)) $(patsubst grammar/%.l,$(BUILD)/gen/%.lex.o,$(LEXERS))
LIB_OBJ += $(GEN_OBJ) $(BUILD)/gen/refs_model.o
CLI_OBJ := $(patsubst src/%.c,$(BUILD)/%.o,$(wildcard src/cli/*.c))
UNIT_SRC := $(filter-out tests/unit/stub_%.c,$(wildcard tests/unit/test_*.c))
UNIT_BIN := $(patsubst tests/unit/%.c,$(BUILD)/%,$(UNIT_SRC))
ifeq ($(PGO),1)
PGO_DIR  := $(BUILD)/pgo
PGO_GEN  := -fprofile-generate -fprofile-update=single
PGO_USE  := -fprofile-use -fprofile-partial-training -Wno-missing-profile
PROFILE  := $(BUILD)/profile.stamp
PGO_OBJ  := $(patsubst $(BUILD)/%,$(PGO_DIR)/%,$(CLI_OBJ) $(LIB_OBJ))
# GCC names the profile of a static function after the object file: an
# instrumented object is compiled under its final object's name
# (-dumpbase), so that its counts are written where the final build reads
# them and match its functions.
PGO_AS    = -dumpbase $(patsubst $(PGO_DIR)/%,$(BUILD)/%,$@) -dumpbase-ext .o -MF $(@:.o=.d)
PGO_MKDIR = @mkdir -p $(@D) $(dir $(patsubst $(PGO_DIR)/%,$(BUILD)/%,$@))
endif

all: deps citex libcitex.a

# Install (as root) or name (otherwise) the Debian packages the build needs;
# test-deps: those the checks run citex's output through (bibtex, biber,
# pandoc, pdflatex, ...), and Typst's compiler and pandoc 3 from npm under
# ~/.cache/citex-peers (tools/peers.sh).  make check does not need them: it skips what a
# missing tool would check.
deps:
	@sh tools/deps.sh build

test-deps:
	@sh tools/deps.sh test
	@sh tools/peers.sh

# The main job: every seed publication list to one .bib on stdout.  The
# build talks on stderr only, so `make seeds > refs.bib` holds BibTeX alone.
seeds:
	@$(MAKE) --no-print-directory all >&2
	@./citex -f cv -t bibtex seeds/*

# Unlink first: a running ./citex cannot be overwritten in place.
citex: $(BUILD)/citex
	rm -f $@ && cp $< $@

libcitex.a: $(BUILD)/libcitex.a
	rm -f $@ && cp $< $@

# The CSL test-suite runner: one fixture in, what its RESULT should hold out.
csl-fixture: $(BUILD)/csl-fixture
	rm -f $@ && cp $< $@

$(BUILD)/csl-fixture: tests/csl/fixture.c $(BUILD)/libcitex.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(BUILD)/libcitex.a $(LDLIBS)

$(BUILD)/citex: $(CLI_OBJ) $(BUILD)/libcitex.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/libcitex.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

# Dependencies on headers come from the compiler (-MMD -MP); every object
# waits for the generated headers, which the first build cannot know of.
$(BUILD)/%.o: src/%.c $(PROFILE) | $(GEN_HDR)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(PGO_USE) -MMD -MP -c -o $@ $<

# Generated C: bison >= 3.6 for parse.error custom; built into build/gen,
# never committed, and kept between builds.
$(GEN)/%.tab.c $(GEN)/%.tab.h: grammar/%.y | $(GEN) check-tools
	$(BISON) -Wall -Werror -Wno-yacc --defines=$(GEN)/$*.tab.h -o $(GEN)/$*.tab.c $<

# A fast-table scanner (-CF, bibtex.l) is edited in two places, its table
# and its matching loop, by tools/flex_fast.awk (which says why); the build
# stops if that scanner is not flex 2.6.4's.
$(GEN)/%.lex.c $(GEN)/%.lex.h: grammar/%.l tools/flex_fast.awk Makefile | $(GEN) check-tools
	$(FLEX) --header-file=$(GEN)/$*.lex.h -o $(GEN)/$*.lex.c $<
	awk -f tools/flex_fast.awk $(GEN)/$*.lex.c >$(GEN)/$*.lex.c.tmp || \
	  { rm -f $(GEN)/$*.lex.c $(GEN)/$*.lex.c.tmp; exit 1; }
	mv $(GEN)/$*.lex.c.tmp $(GEN)/$*.lex.c

$(BUILD)/gen/%.tab.o: $(GEN)/%.tab.c $(PROFILE) | $(GEN_HDR)
	$(CC) $(ALL_CFLAGS) $(PGO_USE) -MMD -MP -Wno-unused-function -c -o $@ $<

# A scanner may include any parser's header (the RIS scanner has none).
# GCC 12, inlining by the profile, takes flex's pointers into the buffer it
# grows, which flex sets again after the realloc, for ones used after it.
LEX_WARN := -Wno-unused-function -Wno-sign-compare -Wno-unused-parameter \
            $(shell $(CC) -Werror -Wno-use-after-free -x c -c -o /dev/null /dev/null 2>/dev/null && echo -Wno-use-after-free)
$(BUILD)/gen/%.lex.o: $(GEN)/%.lex.c $(PROFILE) | $(GEN_HDR)
	$(CC) $(ALL_CFLAGS) $(PGO_USE) -MMD -MP $(LEX_WARN) -c -o $@ $<

ifeq ($(PGO),1)
# The instrumented build (PGO, above) and its training run.  Each object
# of the final build waits for the profile, which is made again when a
# source changes.
$(PGO_DIR)/%.o: src/%.c | $(GEN_HDR)
	$(PGO_MKDIR)
	$(CC) $(ALL_CFLAGS) $(PGO_GEN) $(PGO_AS) -MMD -MP -c -o $@ $<

$(PGO_DIR)/gen/%.tab.o: $(GEN)/%.tab.c | $(GEN_HDR)
	$(PGO_MKDIR)
	$(CC) $(ALL_CFLAGS) $(PGO_GEN) $(PGO_AS) -MMD -MP -Wno-unused-function -c -o $@ $<

$(PGO_DIR)/gen/%.lex.o: $(GEN)/%.lex.c | $(GEN_HDR)
	$(PGO_MKDIR)
	$(CC) $(ALL_CFLAGS) $(PGO_GEN) $(PGO_AS) -MMD -MP $(LEX_WARN) -c -o $@ $<

$(PGO_DIR)/gen/refs_model.o: $(GEN)/refs_model.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(PGO_DIR)/citex: $(PGO_OBJ)
	$(CC) $(ALL_CFLAGS) $(PGO_GEN) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# The corpus is made from README.md and the venue table: a change to
# either trains again.
$(PROFILE): $(PGO_DIR)/citex tools/pgo_train.sh tools/pgo_corpus.awk styles/venues.tsv README.md
	@find $(BUILD) -name '*.gcda' -exec rm -f {} +
	sh tools/pgo_train.sh $(PGO_DIR)/citex
	@touch $@

-include $(PGO_OBJ:.o=.d)
endif

# The labeller's model (data/refs.model, rebuilt by `make model`) goes into
# the library as a byte array.
$(GEN)/refs_model.c: $(wildcard data/refs.model) | $(GEN)
	@{ echo '#include <stddef.h>'; \
	  echo 'const unsigned char cv_refs_model[] = {'; \
	  if [ -f data/refs.model ]; then od -An -v -tu1 data/refs.model | \
	    sed -e 's/^ *//' -e 's/  */,/g' -e 's/$$/,/'; fi; \
	  echo '0};'; \
	  echo "const size_t cv_refs_model_size = $$( [ -f data/refs.model ] && wc -c <data/refs.model || echo 0);"; \
	} >$@

$(BUILD)/gen/refs_model.o: $(GEN)/refs_model.c
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# The labeller's training: anystyle's labelled references (BSD-2) and the
# publication-list items in data/cv-items.xml; anystyle's gold.xml is the
# development set and stays out.  Deterministic: the same inputs give the
# same model, byte for byte.
EPOCHS ?= 20
REFS_TRAIN ?= ../shared/corpora/refs-train/anystyle/res/parser
$(BUILD)/train_refs: tools/train_refs.c tools/train_items.c tools/train.h $(BUILD)/libcitex.a
	$(CC) $(ALL_CFLAGS) -Itools -o $@ tools/train_refs.c tools/train_items.c $(BUILD)/libcitex.a $(LDLIBS) -lm

TRAIN_ARGS = -e $(EPOCHS) -p 256 -x $(REFS_TRAIN)/gold.xml $(patsubst %,-i %,$(wildcard data/cv-items.xml)) -v styles/venues.tsv \
	  $(REFS_TRAIN)/core.xml $(REFS_TRAIN)/good.xml $(REFS_TRAIN)/bad.xml $(REFS_TRAIN)/ugly.xml
model: $(BUILD)/train_refs
	$(BUILD)/train_refs -o data/refs.model $(TRAIN_ARGS)
	$(MAKE) --no-print-directory all

# Retrain into build/ and compare: the committed model is what the data gives.
model-check: $(BUILD)/train_refs
	$(BUILD)/train_refs -o $(BUILD)/refs.model $(TRAIN_ARGS) 2>/dev/null
	cmp $(BUILD)/refs.model data/refs.model && echo "ok model: data/refs.model is rebuilt exactly"

# K-fold cross-validation of the labeller on the training sets alone
# (tools/refs_cv.sh): a change that helps the development set should help
# the held-out folds too.
model-cv: $(BUILD)/train_refs $(BUILD)/citex
	CC="$(CC)" BUILD=$(BUILD) EPOCHS=$(EPOCHS) sh tools/refs_cv.sh

print-ldlibs:
	@echo $(LDLIBS)
$(GEN)/csl_locale_en_us.inc: styles/locales-en-US.xml tools/embed.sh | $(GEN)
	sh tools/embed.sh $< > $@

$(GEN)/csl_style_default.inc: styles/citex.csl tools/embed.sh | $(GEN)
	sh tools/embed.sh $< > $@

$(BUILD) $(GEN):
	mkdir -p $@

$(BUILD)/mkindex: tools/mkindex.c src/model/names.def src/model/fields.def \
		src/read/csljson_members.def src/norm/latex_map.h src/norm/latex_map.inc src/csl/vars.def \
		src/core/hash.h src/core/str.h | $(BUILD)
	$(CC) -std=c11 -O1 -Isrc -o $@ tools/mkindex.c

$(GEN)/field_index.inc: $(BUILD)/mkindex | $(GEN)
	$(BUILD)/mkindex fields >$@
$(GEN)/member_index.inc: $(BUILD)/mkindex | $(GEN)
	$(BUILD)/mkindex members >$@
$(GEN)/latex_index.inc: $(BUILD)/mkindex | $(GEN)
	$(BUILD)/mkindex latex >$@
$(GEN)/cslvar_index.inc: $(BUILD)/mkindex | $(GEN)
	$(BUILD)/mkindex cslvars >$@

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d)
.SECONDARY:

# No mutable static or global variable in the library or the command line.
statics: all
	@sh tools/statics.sh $(BUILD)

# Each layer of src/ includes only the layers below it.
layers:
	@sh tools/layers.sh

# No source file over 1,500 lines, no function over 150.
sizes:
	@sh tools/sizes.sh

check-tools:
	@command -v $(FLEX) >/dev/null || { echo "citex: flex is missing: apt-get install flex" >&2; exit 1; }
	@command -v $(BISON) >/dev/null || { echo "citex: bison is missing: apt-get install bison" >&2; exit 1; }
	@v=$$($(BISON) --version | sed -n '1s/.* \([0-9][0-9.]*\)$$/\1/p'); \
	 case "$$v" in 3.[6-9]*|3.1[0-9]*|[4-9].*) ;; \
	 *) echo "citex: bison >= 3.6 is needed (found $$v)" >&2; exit 1;; esac

# Inputs for the thread test: every small input of the suite and the seeds
# (tests/checks/threads.sh, which make check runs, says which).
THREAD_INPUTS = $(shell sh tests/checks/threads.sh --inputs)

$(BUILD)/threads: tests/threads/threads.c $(BUILD)/libcitex.a
	$(CC) $(ALL_CFLAGS) -pthread $(LDFLAGS) -o $@ $< $(BUILD)/libcitex.a $(LDLIBS)

# libcitex in several threads at once under ThreadSanitizer: each output
# must equal the same conversion alone, and TSan must see no race.
tsan:
	$(MAKE) PGO=0 BUILD=build/tsan CC=$(CC) \
	  CFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=thread" \
	  LDFLAGS="-fsanitize=thread" build/tsan/threads
	TSAN_OPTIONS=halt_on_error=1:exitcode=66 build/tsan/threads $(THREAD_INPUTS)

$(BUILD)/test_%: tests/unit/test_%.c $(BUILD)/libcitex.a
	$(CC) $(ALL_CFLAGS) -o $@ $< $(BUILD)/libcitex.a $(LDLIBS)

# The whole suite, or part of it: make check T=tests/cases/ris (a folder),
# T=tests/cases/ris/zotero (a case), T=tests/checks/batch.sh, T=unit.
# Needs neither root nor ../shared; a check whose tool is missing prints
# "skip" (make test-deps installs the tools).  tests/README.md says more.
check: $(BUILD)/citex $(BUILD)/libcitex.a $(UNIT_BIN) $(BUILD)/threads $(BUILD)/csl-fixture
	@CITEX=$(CURDIR)/$(BUILD)/citex sh tests/run.sh $(T)

unit: $(UNIT_BIN)
	@CITEX=$(CURDIR)/$(BUILD)/citex sh tests/run.sh unit

# Every test again under AddressSanitizer and UndefinedBehaviorSanitizer.
asan:
	$(MAKE) PGO=0 BUILD=build/asan CC=$(CC) \
	  CFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all" \
	  LDFLAGS="-fsanitize=address,undefined" \
	  ASAN_OPTIONS=abort_on_error=1:detect_leaks=1 \
	  UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1 check

# Every .bib of ../shared/corpora to every format (skipped without it).
check-corpora: $(BUILD)/citex
	@CITEX=$(CURDIR)/$(BUILD)/citex sh tests/corpora.sh

# The corpus sweep again under the sanitizers.
asan-corpora:
	$(MAKE) PGO=0 BUILD=build/asan CC=$(CC) \
	  CFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all" \
	  LDFLAGS="-fsanitize=address,undefined" \
	  ASAN_OPTIONS=abort_on_error=1:detect_leaks=1 \
	  UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1 check-corpora

# Install the program, the library, its one header (in include/citex/), a
# pkg-config file and the manual.  DESTDIR is prepended for staged installs.
VERSION = $(shell sed -n 's/^\#define CITEX_VERSION "\(.*\)"/\1/p' src/citex.h)
install: $(BUILD)/citex $(BUILD)/libcitex.a
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig \
	  $(DESTDIR)$(PREFIX)/include/citex $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/citex/styles
	cp $(BUILD)/citex $(DESTDIR)$(PREFIX)/bin/citex
	cp styles/*.csl $(DESTDIR)$(PREFIX)/share/citex/styles/
	cp $(BUILD)/libcitex.a $(DESTDIR)$(PREFIX)/lib/libcitex.a
	cp src/citex.h $(DESTDIR)$(PREFIX)/include/citex/
	cp citex.1 $(DESTDIR)$(PREFIX)/share/man/man1/citex.1
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' citex.pc.in \
	  >$(DESTDIR)$(PREFIX)/lib/pkgconfig/citex.pc

uninstall:
	rm -rf $(DESTDIR)$(PREFIX)/share/citex
	rm -f $(DESTDIR)$(PREFIX)/bin/citex $(DESTDIR)$(PREFIX)/lib/libcitex.a \
	  $(DESTDIR)$(PREFIX)/share/man/man1/citex.1 \
	  $(DESTDIR)$(PREFIX)/lib/pkgconfig/citex.pc
	rm -rf $(DESTDIR)$(PREFIX)/include/citex

# libFuzzer: every harness in tests/fuzz for SECONDS each, against a
# clang-built, sanitized library in build/fuzz.
SECONDS ?= 60
fuzz:
	$(MAKE) PGO=0 BUILD=build/fuzz CC=clang \
	  CFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined" \
	  build/fuzz/libcitex.a
	sh tests/fuzz/run.sh $(SECONDS)

clean:
	rm -rf build citex libcitex.a

.PHONY: layers tsan statics sizes model model-check model-cv print-ldlibs fuzz install uninstall asan-corpora deps test-deps seeds all check unit asan check-corpora clean check-tools
.DELETE_ON_ERROR:
