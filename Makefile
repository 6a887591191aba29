# citex - a citation exporter.  Plain make: `make`, `make check`, `make asan`.

CC      ?= cc
FLEX    ?= flex
BISON   ?= bison
PKG_CONFIG ?= pkg-config
PREFIX  ?= /usr/local
# Profile-guided optimization is opt-in (`make release`, the same as
# `make PGO=1`), and its build has its own folder, so switching between
# the two never recompiles the other's objects.
PGO     ?= 0
BUILD   ?= $(if $(filter 1,$(PGO)),build/release,build)
CFLAGS  ?= -O2 -g
WARN    := -Wall -Wextra -pedantic -Wshadow -Wstrict-prototypes -Werror=implicit-function-declaration
UTF8PROC_CFLAGS := $(shell $(PKG_CONFIG) --cflags libutf8proc 2>/dev/null)
UTF8PROC_LIBS   := $(shell $(PKG_CONFIG) --libs libutf8proc 2>/dev/null || echo -lutf8proc)
# The CSL processor: expat reads styles and locales, ICU collates sort keys.
CSL_CFLAGS := $(shell $(PKG_CONFIG) --cflags expat icu-i18n icu-uc 2>/dev/null)
CSL_LIBS   := $(shell $(PKG_CONFIG) --libs expat icu-i18n icu-uc 2>/dev/null || echo -lexpat -licui18n -licuuc -licudata)
# GCC on x86-64 clears a struct of a hundred bytes or more with `rep stos`,
# whose start-up cost is most of the work at that size, and the parser and
# the LaTeX decoder clear one for every field and every brace group.  Plain
# stores up to 512 bytes and the C library above that took 7% off the time
# on big.bib (bench/RESULTS.md, tenth round).  Copies of a size known only
# at run time (a field's value into the arena, a name into the output
# buffer) are short, and a call of the C library's memcpy for each cost
# 2 to 3 % of the time: they are inline up to 128 bytes, behind a test of
# the size (the profile-guided build learns the same from its counts).
# Compilers that do not know the options (clang) do not get them.
STRINGOP_TUNE := -mmemset-strategy=unrolled_loop:512:noalign,libcall:-1:noalign \
                 -minline-stringops-dynamically -mmemcpy-strategy=unrolled_loop:128:noalign,libcall:-1:noalign
TUNE    := $(shell $(CC) -Werror $(STRINGOP_TUNE) -x c -c -o /dev/null /dev/null 2>/dev/null && echo '$(STRINGOP_TUNE)')
# Hidden visibility: only what src/citex.h marks CX_EXPORT is exported
# (the installed libcitex.a, below).
# The YAML readers (CSL-YAML, Hayagriva, CITATION.cff) parse with libyaml;
# the XML readers (EndNote XML, PubMed, MODS) stream through expat.
YAML_CFLAGS := $(shell $(PKG_CONFIG) --cflags yaml-0.1 2>/dev/null)
YAML_LIBS   := $(shell $(PKG_CONFIG) --libs yaml-0.1 2>/dev/null || echo -lyaml)
ALL_CFLAGS = -std=c11 $(WARN) $(TUNE) $(CFLAGS) -fvisibility=hidden -Isrc -I$(GEN) $(UTF8PROC_CFLAGS) $(YAML_CFLAGS) $(CSL_CFLAGS)
# Threads: citex tidy -j (cli/tidy.c).
LDLIBS  += $(UTF8PROC_LIBS) $(YAML_LIBS) $(CSL_LIBS) -pthread
# Profile-guided optimization (make release) needs GCC 10 or later, for
# -fprofile-partial-training.  The library and the program are built
# twice: first instrumented, in $(BUILD)/pgo, which tools/pgo_train.sh
# runs over the files of PGO_INPUTS (below); then for use, with the counts
# that run left (the .gcda files, written beside the final objects), from
# which GCC lays out branches and chooses what to inline: 5 to 8 % less
# CPU on big.bib (bench/RESULTS.md).  Output is the same either way, which
# `make release-check` verifies.  The test, sanitizer and fuzz builds
# never use it.
ifeq ($(PGO),1)
PGO_CAN := $(shell $(CC) -Werror -fprofile-use -fprofile-partial-training -dumpbase pgo.o -dumpbase-ext .o \
             -x c -c -o /dev/null /dev/null 2>/dev/null && printf 'int main(void) { return 0; }\n' | \
             $(CC) -Werror -fprofile-generate -x c -o /dev/null - 2>/dev/null && echo 1)
ifneq ($(PGO_CAN),1)
$(error citex: make release (PGO=1) needs GCC 10 or later; plain `make` builds without it)
endif
endif

GEN     := $(BUILD)/gen
# The layers of src/, lowest first, are listed once, in src/LAYERS (one
# "LAYER...: what it holds" line each), which tools/layers.sh checks the
# includes against.  The library is every layer but cli, in that order.
LAYERS  := $(shell sed -n 's/^\([a-z][a-z ]*\):.*/\1/p' src/LAYERS)
LIB_SRC := $(foreach l,$(filter-out cli,$(LAYERS)),$(wildcard src/$(l)/*.c))
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
EMBED   := $(GEN)/csl_locale_en_us.inc $(GEN)/csl_style_default.inc $(GEN)/csl_page.inc \
           $(GEN)/csl_css.inc
GEN_HDR += $(EMBED)
GEN_OBJ := $(patsubst grammar/%.y,$(BUILD)/gen/%.tab.o,$(GRAMMARS)) $(patsubst grammar/%.l,$(BUILD)/gen/%.lex.o,$(LEXERS))
LIB_OBJ += $(GEN_OBJ) $(BUILD)/gen/refs_model.o $(BUILD)/gen/finder_model.o
CLI_OBJ := $(patsubst src/%.c,$(BUILD)/%.o,$(wildcard src/cli/*.c))
# The library's objects in an archive that keeps every symbol global, for
# what uses its internal headers (below, beside libcitex.a).
LIB_INTERNAL := $(BUILD)/libcitex-internal.a
OBJCOPY ?= objcopy
UNIT_SRC := $(filter-out tests/unit/stub_%.c,$(wildcard tests/unit/test_*.c))
UNIT_BIN := $(patsubst tests/unit/%.c,$(BUILD)/%,$(UNIT_SRC))
# Every object of the instrumented program runs in training, so each
# final object has counts: one without is an error, not a quiet build
# without the profile (a stale profile is an error already: GCC's
# -Wcoverage-mismatch).
ifeq ($(PGO),1)
PGO_DIR  := $(BUILD)/pgo
PGO_GEN  := -fprofile-generate -fprofile-update=single
PGO_USE  := -fprofile-use -fprofile-partial-training -Werror=missing-profile
PROFILE  := $(BUILD)/profile.stamp
PGO_OBJ  := $(patsubst $(BUILD)/%,$(PGO_DIR)/%,$(CLI_OBJ) $(LIB_OBJ))
# GCC names the profile of a static function after the object file: an
# instrumented object is compiled under its final object's name
# (-dumpbase), so that its counts are written where the final build reads
# them and match its functions.
PGO_AS    = -dumpbase $(patsubst $(PGO_DIR)/%,$(BUILD)/%,$@) -dumpbase-ext .o -MF $(@:.o=.d)
PGO_MKDIR = @mkdir -p $(@D) $(dir $(patsubst $(PGO_DIR)/%,$(BUILD)/%,$@))
endif

all: citex libcitex.a

# The profile-guided build, in build/release; ./citex and libcitex.a are
# then copies of it.
release:
	@$(MAKE) --no-print-directory PGO=1 all

# The profile-guided build writes what the plain build writes, byte for
# byte with stderr and the exit status, on every input of tests/cases and
# seeds/ to every format (tests/release.sh).  CI runs it.
release-check:
	@$(MAKE) --no-print-directory PGO=0 BUILD=build build/citex
	@$(MAKE) --no-print-directory PGO=1 BUILD=build/release build/release/citex
	@sh tests/release.sh build/citex build/release/citex

# Install (as root) or name (otherwise) the Debian packages the build needs;
# test-deps: those the checks run citex's output through (bibtex, biber,
# pandoc, pdflatex, ...), and Typst's compiler and pandoc 3 from npm under
# ~/.cache/citex-peers (tools/peers.sh).  make check does not need them: it
# skips what a missing tool would check.  make itself never installs
# anything: a build that lacks a package names it and stops (check-tools,
# below).
deps:
	@sh tools/deps.sh build

test-deps:
	@sh tools/deps.sh test
	@sh tools/peers.sh

# The main job: every seed publication list to one .bib on stdout.  The
# build talks on stderr only, so `make seeds > refs.bib` holds BibTeX alone.
seeds:
	@sh tools/deps.sh build
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

$(BUILD)/csl-fixture: tests/csl/fixture.c $(LIB_INTERNAL)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LIB_INTERNAL) $(LDLIBS)

# The command line links the installed archive: it uses citex.h alone.
$(BUILD)/citex: $(CLI_OBJ) $(BUILD)/libcitex.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# Two archives of the same objects.  The internal one keeps every global
# symbol, for what is built with the library's own headers: the unit
# tests, tools/, the CSL test-suite runner, the thread test and the fuzz
# harnesses.  libcitex.a, the one installed, is the objects linked into
# one (ld -r) with every hidden symbol made local: it exports citex.h's
# CX_EXPORT functions alone, so a program with its own xmalloc or
# utf8_next links with it (tests/checks/symbols.sh).
$(LIB_INTERNAL): $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/libcitex.a: $(LIB_OBJ)
	rm -f $@ $(BUILD)/libcitex.o
	$(LD) -r -o $(BUILD)/libcitex.o $^
	$(OBJCOPY) --localize-hidden $(BUILD)/libcitex.o
	ar rcs $@ $(BUILD)/libcitex.o
	rm -f $(BUILD)/libcitex.o

# Dependencies on headers come from the compiler (-MMD -MP); every object
# waits for the generated headers, which the first build cannot know of.
# The compiler and its flags, rewritten only when they change: every
# object depends on it, so a build with other flags (CFLAGS=-O0, another
# CC) compiles again instead of linking objects of two kinds.
FLAGS_STAMP := $(BUILD)/cflags
$(FLAGS_STAMP): FORCE | $(BUILD)
	@echo '$(CC) $(ALL_CFLAGS) $(PGO_USE) $(LDFLAGS)' >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

$(BUILD)/%.o: src/%.c $(PROFILE) $(FLAGS_STAMP) | $(GEN_HDR)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(PGO_USE) -MMD -MP -c -o $@ $<

# Generated C: bison >= 3.6 for parse.error custom; built into build/gen,
# never committed, and kept between builds.
$(GEN)/%.tab.c $(GEN)/%.tab.h: grammar/%.y | $(GEN) check-tools
	$(BISON) -Wall -Werror -Wno-yacc --defines=$(GEN)/$*.tab.h -o $(GEN)/$*.tab.c $<

# A fast-table scanner (-CF, bibtex.l) is edited in two places, its table
# and its matching loop, by tools/flex_fast.awk (which says why); where
# flex wrote them otherwise than flex 2.6.4 does, they are left as they are
# with a warning (the scanner is flex's own: correct, a little slower).
$(GEN)/%.lex.c $(GEN)/%.lex.h: grammar/%.l tools/flex_fast.awk Makefile | $(GEN) check-tools
	$(FLEX) --header-file=$(GEN)/$*.lex.h -o $(GEN)/$*.lex.c $<
	awk -f tools/flex_fast.awk $(GEN)/$*.lex.c >$(GEN)/$*.lex.c.tmp || \
	  { rm -f $(GEN)/$*.lex.c $(GEN)/$*.lex.c.tmp; exit 1; }
	mv $(GEN)/$*.lex.c.tmp $(GEN)/$*.lex.c

$(BUILD)/gen/%.tab.o: $(GEN)/%.tab.c $(PROFILE) $(FLAGS_STAMP) | $(GEN_HDR)
	$(CC) $(ALL_CFLAGS) $(PGO_USE) -MMD -MP -Wno-unused-function -c -o $@ $<

# A scanner may include any parser's header (the RIS scanner has none).
# GCC 12, inlining by the profile, takes flex's pointers into the buffer it
# grows, which flex sets again after the realloc, for ones used after it.
LEX_WARN := -Wno-unused-function -Wno-sign-compare -Wno-unused-parameter \
            $(shell $(CC) -Werror -Wno-use-after-free -x c -c -o /dev/null /dev/null 2>/dev/null && echo -Wno-use-after-free)
$(BUILD)/gen/%.lex.o: $(GEN)/%.lex.c $(PROFILE) $(FLAGS_STAMP) | $(GEN_HDR)
	$(CC) $(ALL_CFLAGS) $(PGO_USE) -MMD -MP $(LEX_WARN) -c -o $@ $<

ifeq ($(PGO),1)
# The instrumented build (PGO, above) and its training run.  Each object
# of the final build waits for the profile, which is made again when a
# source or a training input changes.
$(PGO_DIR)/%.o: src/%.c | $(GEN_HDR)
	$(PGO_MKDIR)
	$(CC) $(ALL_CFLAGS) $(PGO_GEN) $(PGO_AS) -MMD -MP -c -o $@ $<

$(PGO_DIR)/gen/%.tab.o: $(GEN)/%.tab.c | $(GEN_HDR)
	$(PGO_MKDIR)
	$(CC) $(ALL_CFLAGS) $(PGO_GEN) $(PGO_AS) -MMD -MP -Wno-unused-function -c -o $@ $<

$(PGO_DIR)/gen/%.lex.o: $(GEN)/%.lex.c | $(GEN_HDR)
	$(PGO_MKDIR)
	$(CC) $(ALL_CFLAGS) $(PGO_GEN) $(PGO_AS) -MMD -MP $(LEX_WARN) -c -o $@ $<

$(PGO_DIR)/gen/%_model.o: $(GEN)/%_model.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(PGO_DIR)/citex: $(PGO_OBJ)
	$(CC) $(ALL_CFLAGS) $(PGO_GEN) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# The training run reads the files of PGO_INPUTS and nothing else (no
# documentation, whose edits would move the build), so they and the list
# itself are what the profile depends on: a new, changed or removed input
# trains again.  Each line of the list is "ROLE FILE" (pgo_train.sh says
# what each role is run through):
#   bib     BibTeX: every case's input, to every writer
#   data    RIS and CSL-JSON inputs of the cases
#   csl     the CSL cases' BibTeX, through the default style
#   cv      the seeds, as publication lists
#   words   text the large-bibliography corpus takes its words from
#   venues  the venue table, for the corpus's journals and conferences
PGO_BIB    := $(sort $(shell find tests/cases -name '*.bib'))
PGO_INPUTS := $(addprefix bib:,$(PGO_BIB)) \
              $(addprefix data:,$(sort $(shell find tests/cases -name '*.ris' -o -name '*.json'))) \
              $(addprefix csl:,$(filter tests/cases/csl/%,$(PGO_BIB))) \
              $(addprefix cv:,$(sort $(wildcard seeds/*))) \
              $(addprefix words:,$(sort $(wildcard seeds/*))) \
              venues:styles/venues.tsv
PGO_LIST   := $(BUILD)/pgo-inputs
# Written only when it changes, so that its date is that of the last
# change to the list.
$(PGO_LIST): FORCE | $(BUILD)
	@printf '%s\n' $(subst :, ,$(PGO_INPUTS)) | paste -d' ' - - >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

$(PROFILE): $(PGO_DIR)/citex tools/pgo_train.sh tools/pgo_corpus.awk $(PGO_LIST) \
		$(sort $(foreach i,$(PGO_INPUTS),$(word 2,$(subst :, ,$(i)))))
	@find $(BUILD) -name '*.gcda' -exec rm -f {} +
	sh tools/pgo_train.sh $(PGO_DIR)/citex $(PGO_LIST)
	@touch $@

-include $(PGO_OBJ:.o=.d)
endif

# The labeller's models (rebuilt by `make model`) go into the library as
# byte arrays: data/refs.model reads reference strings, data/cv.model the
# items of pages.
MODELS := data/refs.model data/cv.model
$(GEN)/refs_model.c: $(wildcard $(MODELS)) tools/embed_models.sh | $(GEN)
	@sh tools/embed_models.sh cv_refs_model=data/refs.model cv_pages_model=data/cv.model >$@

# The finder's model (data/finder.model, make model) likewise; without
# one the rules alone find the items.
$(GEN)/finder_model.c: $(wildcard data/finder.model) tools/embed_models.sh | $(GEN)
	@sh tools/embed_models.sh cv_finder_model=data/finder.model >$@

$(BUILD)/gen/%_model.o: $(GEN)/%_model.c $(FLAGS_STAMP)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# The labeller's training.  The pages' model (data/cv.model): anystyle's
# labelled references (BSD-2) and the publication-list items in
# data/cv-items.xml.  The reference strings' model (data/refs.model, -r):
# anystyle's references and those rendered through the CSL styles below.
# anystyle's gold.xml is the development set and stays out of both.
# Deterministic: the same inputs give the same models, byte for byte.
EPOCHS ?= 20
REFS_TRAIN ?= ../shared/corpora/refs-train/anystyle/res/parser
$(BUILD)/train_refs: tools/train_refs.c tools/train_items.c tools/train.h tools/perceptron.c tools/perceptron.h \
		$(LIB_INTERNAL)
	$(CC) $(ALL_CFLAGS) -Itools -o $@ tools/train_refs.c tools/train_items.c tools/perceptron.c $(LIB_INTERNAL) \
	  $(LDLIBS) -lm

# Labelled references rendered through Debian's CSL styles (tools/gen_refs.c):
# the styles of data/refs-styles.tsv's train set render items of the shared
# bibliographies, SYNTH_PER_STYLE each; those of the held-out set render
# other items for `make eval-refs`.  Without the styles or the corpora the
# model is trained on anystyle's sets alone.
CSL_STYLES ?= /usr/share/citation-style-language/styles
CORPORA ?= ../shared/corpora
GEN_INPUTS = $(wildcard $(CORPORA)/large-bib/big.bib $(CORPORA)/pandoc-biblatex/test/command \
	  $(CORPORA)/biber-tdata/t/tdata $(CORPORA)/csl-test-suite/processor-tests/humans)
GEN_ARGS = -styles data/refs-styles.tsv -dir $(CSL_STYLES) -seed 1 \
	  $(patsubst %,-journals %,$(wildcard $(CORPORA)/venues/jabref-abbrv/journals)) -venues styles/venues.tsv
SYNTH_PER_STYLE ?= 150
SYNTH_SHARE ?= 6
HELDOUT_PER_STYLE ?= 20
SYNTH := $(if $(and $(wildcard $(CSL_STYLES)/apa.csl),$(GEN_INPUTS)),$(BUILD)/refs-synth.xml)
HELDOUT := $(BUILD)/refs-heldout/anystyle/res/parser/gold.xml
$(BUILD)/gen_refs: tools/gen_refs.c tools/gen_segs.c tools/gen_refs.h $(LIB_INTERNAL)
	$(CC) $(ALL_CFLAGS) -Itools -o $@ tools/gen_refs.c tools/gen_segs.c $(LIB_INTERNAL) $(LDLIBS)

# (the strings depend on the renderer and the generator, not on the model
# that the library holds: order-only on the program)
GEN_DEPS = tools/gen_refs.c tools/gen_segs.c tools/gen_refs.h data/refs-styles.tsv styles/venues.tsv \
	  $(wildcard src/csl/*.c src/csl/*.h src/csl/*.def)
$(BUILD)/refs-synth.xml: $(GEN_DEPS) | $(BUILD)/gen_refs
	$(BUILD)/gen_refs -o $@ -set train -n $(SYNTH_PER_STYLE) $(GEN_ARGS) $(GEN_INPUTS)

# held out: clean strings (no noise, a blank between every two fields), as
# score_refs.py reads anystyle's gold.xml from --corpora
$(HELDOUT): $(GEN_DEPS) | $(BUILD)/gen_refs
	@mkdir -p $(@D)
	$(BUILD)/gen_refs -o $@ -set heldout -clean -n $(HELDOUT_PER_STYLE) $(GEN_ARGS) $(GEN_INPUTS)

ANYSTYLE = $(REFS_TRAIN)/core.xml $(REFS_TRAIN)/good.xml $(REFS_TRAIN)/bad.xml $(REFS_TRAIN)/ugly.xml
PAGES_ARGS = -e $(EPOCHS) -p 256 -x $(REFS_TRAIN)/gold.xml $(patsubst %,-i %,$(wildcard data/cv-items.xml)) \
	  -v styles/venues.tsv $(ANYSTYLE)
# weights under 6 (in 1/64ths) are dropped: the larger set leaves more
# small ones, which cost reading time and give nothing
REFS_ARGS = -r -e $(EPOCHS) -p 384 -x $(REFS_TRAIN)/gold.xml $(if $(SYNTH),-s $(SYNTH) -k $(SYNTH_SHARE)) $(ANYSTYLE)
model: $(BUILD)/train_refs $(SYNTH)
	$(BUILD)/train_refs -o data/cv.model $(PAGES_ARGS)
	$(BUILD)/train_refs -o data/refs.model $(REFS_ARGS)
	$(MAKE) --no-print-directory all
	$(MAKE) --no-print-directory model-finder

# Retrain into build/ and compare: the committed models are what the data give.
model-check: $(BUILD)/train_refs $(SYNTH) $(BUILD)/train_finder $(BUILD)/pages/train/manifest.json
	$(BUILD)/train_refs -o $(BUILD)/cv.model $(PAGES_ARGS) 2>/dev/null
	$(BUILD)/train_refs -o $(BUILD)/refs.model $(REFS_ARGS) 2>/dev/null
	$(FINDER_DATA) OUT=$(BUILD)/finder sh tools/finder_data.sh >/dev/null
	$(BUILD)/train_finder -e $(FINDER_EPOCHS) -o $(BUILD)/finder.model $(BUILD)/finder/list.txt 2>/dev/null
	cmp $(BUILD)/cv.model data/cv.model && cmp $(BUILD)/refs.model data/refs.model && \
	  cmp $(BUILD)/finder.model data/finder.model && \
	  echo "ok model: data/cv.model, data/refs.model and data/finder.model are rebuilt exactly"

# K-fold cross-validation of the labeller on the training sets alone
# (tools/refs_cv.sh): a change that helps the development set should help
# the held-out folds too.  Each fold trains as `make model` does, with the
# rendered references.
model-cv: $(BUILD)/train_refs $(BUILD)/citex $(SYNTH)
	CC="$(CC)" BUILD=$(BUILD) EPOCHS=$(EPOCHS) SYNTH="$(SYNTH)" SHARE=$(SYNTH_SHARE) sh tools/refs_cv.sh

# The reference labeller's figures that no training can fit
# (tools/refs_eval.sh): anystyle's gold.xml, the references of the held-out
# styles, and model-cv's folds.  eval-refs-gold and eval-refs-heldout are
# the quick two.
eval-refs: eval-refs-gold eval-refs-heldout eval-refs-papers model-cv

eval-refs-gold: $(BUILD)/citex
	sh tools/refs_eval.sh gold $(BUILD)/citex

eval-refs-heldout: $(BUILD)/citex $(HELDOUT)
	sh tools/refs_eval.sh heldout $(BUILD)/citex $(BUILD)/refs-heldout

# References from papers (GROBID's evaluation set, CORA) in REFS_PAPERS,
# laid out as score_refs.py's --corpora has them; never trained on.
REFS_PAPERS ?= $(CORPORA)
eval-refs-papers: $(BUILD)/citex
	sh tools/refs_eval.sh papers $(BUILD)/citex $(REFS_PAPERS)

# The finder's training (tools/train_finder.c, tools/perceptron.c): the
# blocks of pages whose items are known, labelled by tools/finder_gold.py
# (tools/finder_data.sh): the dev homepages, as pages and as text, and
# pages tools/gen_pages.py generates from the shared corpora (its training
# split; the held-out split is for make eval-sites).  The finder reads the
# labeller's reading of each block: train it after the labeller.
HOMEPAGES ?= ../shared/corpora/homepages-dev
HOMEPAGES_SPLIT ?= ../shared/tools/homepages-split.txt
GEN_PAGES ?= tools/gen_pages.py
PAGES_SITES ?= 300
PAGES_HELDOUT ?= 100
FINDER_EPOCHS ?= 24
$(BUILD)/train_finder: tools/train_finder.c tools/perceptron.c tools/perceptron.h $(LIB_INTERNAL)
	$(CC) $(ALL_CFLAGS) -Itools -o $@ tools/train_finder.c tools/perceptron.c $(LIB_INTERNAL) $(LDLIBS) -lm

# Generated pages, made again when the generator changes (it renders
# through citex's CSL processor, so it needs the program).
$(BUILD)/pages/train/manifest.json: $(wildcard $(GEN_PAGES)) | $(BUILD)/citex
	@if [ -f "$(GEN_PAGES)" ]; then rm -rf $(BUILD)/pages/train && \
	  nice python3 $(GEN_PAGES) --seed 1 --split train --sites $(PAGES_SITES) --out $(BUILD)/pages/train \
	    --citex $(BUILD)/citex; else mkdir -p $(@D) && echo '{}' >$@; fi

$(BUILD)/pages/heldout/manifest.json: $(wildcard $(GEN_PAGES)) | $(BUILD)/citex
	@if [ -f "$(GEN_PAGES)" ]; then rm -rf $(BUILD)/pages/heldout && \
	  nice python3 $(GEN_PAGES) --seed 2 --split heldout --sites $(PAGES_HELDOUT) --out $(BUILD)/pages/heldout \
	    --citex $(BUILD)/citex; else mkdir -p $(@D) && echo '{}' >$@; fi

FINDER_DATA = TRAIN=$(BUILD)/train_finder DEV=$(HOMEPAGES) SPLIT=$(HOMEPAGES_SPLIT) PAGES=$(BUILD)/pages/train

model-finder: $(BUILD)/train_finder $(BUILD)/pages/train/manifest.json
	$(FINDER_DATA) OUT=$(BUILD)/finder sh tools/finder_data.sh
	nice $(BUILD)/train_finder -e $(FINDER_EPOCHS) -o data/finder.model $(BUILD)/finder/list.txt
	$(MAKE) --no-print-directory all

# The reader scored on sites its finder never saw: each dev homepage read
# with a finder model trained without it, in HTML and in text form, and the
# held-out generated pages (tools/eval_sites.sh).
eval-sites: $(BUILD)/citex $(BUILD)/train_finder $(BUILD)/pages/train/manifest.json \
		$(BUILD)/pages/heldout/manifest.json
	@$(FINDER_DATA) HELDOUT=$(BUILD)/pages/heldout CITEX=$(BUILD)/citex OUT=$(BUILD)/eval-sites \
	  EPOCHS=$(FINDER_EPOCHS) sh tools/eval_sites.sh

# Every figure that no training can fit, in one run: the dev sites left
# out one at a time and the held-out generated pages (eval-sites), and the
# reference labeller on anystyle's gold set, the held-out styles and five
# folds of its training sets (eval-refs).  About 15 minutes on two cores.
eval: eval-sites eval-refs

print-ldlibs:
	@echo $(LDLIBS)
$(GEN)/csl_locale_en_us.inc: styles/locales-en-US.xml tools/embed.sh | $(GEN)
	sh tools/embed.sh $< > $@

$(GEN)/csl_style_default.inc: styles/citex.csl tools/embed.sh | $(GEN)
	sh tools/embed.sh $< > $@

$(GEN)/csl_page.inc: styles/standalone.html tools/embed.sh | $(GEN)
	sh tools/embed.sh $< > $@

$(GEN)/csl_css.inc: styles/citex.css tools/embed.sh | $(GEN)
	sh tools/embed.sh $< > $@

$(BUILD) $(GEN): | check-tools
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

# Before anything is built: the build packages.  make check and make
# seeds, the README's two set-up commands, install what is missing as root
# and print the apt-get line otherwise (tools/deps.sh build); every other
# goal only names the missing packages and `sudo make deps`, and stops.
# flex and bison are looked at again for machines without dpkg.
DEPS_MODE := $(if $(filter check seeds,$(MAKECMDGOALS)),build,check)
check-tools:
	@sh tools/deps.sh $(DEPS_MODE)
	@command -v $(FLEX) >/dev/null || { echo "citex: flex is missing: apt-get install flex" >&2; exit 1; }
	@command -v $(BISON) >/dev/null || { echo "citex: bison is missing: apt-get install bison" >&2; exit 1; }
	@v=$$($(BISON) --version | sed -n '1s/.* \([0-9][0-9.]*\)$$/\1/p'); \
	 case "$$v" in 3.[6-9]*|3.1[0-9]*|[4-9].*) ;; \
	 *) echo "citex: bison >= 3.6 is needed (found $$v)" >&2; exit 1;; esac

# Inputs for the thread test: every small input of the suite and the seeds
# (tests/checks/threads.sh, which make check runs, says which).
THREAD_INPUTS = $(shell sh tests/checks/threads.sh --inputs)

$(BUILD)/threads: tests/threads/threads.c $(LIB_INTERNAL)
	$(CC) $(ALL_CFLAGS) -pthread $(LDFLAGS) -o $@ $< $(LIB_INTERNAL) $(LDLIBS)

# libcitex in several threads at once under ThreadSanitizer: each output
# must equal the same conversion alone, and TSan must see no race.
tsan:
	$(MAKE) PGO=0 BUILD=build/tsan CC=$(CC) \
	  CFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=thread" \
	  LDFLAGS="-fsanitize=thread" build/tsan/threads
	TSAN_OPTIONS=halt_on_error=1:exitcode=66 build/tsan/threads $(THREAD_INPUTS)

# the labelling of rendered references is the generator's (tools/)
$(BUILD)/test_gen_segs: tests/unit/test_gen_segs.c tools/gen_segs.c tools/gen_refs.h $(LIB_INTERNAL)
	$(CC) $(ALL_CFLAGS) -Itools -o $@ tests/unit/test_gen_segs.c tools/gen_segs.c $(LIB_INTERNAL) $(LDLIBS)

$(BUILD)/test_%: tests/unit/test_%.c $(LIB_INTERNAL)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(LIB_INTERNAL) $(LDLIBS)

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

# The cv reader on generated held-out pages (tools/gen_pages.py --split heldout),
# by layout family and text form, beside the dev sites in the same forms
# (tools/eval_pages.py; skipped without ../shared).  EVAL_SITES=N, EVAL_SEED=N;
# EVAL_ARGS=--reuse rescores the pages of the last run.
EVAL_SITES ?= 400
EVAL_SEED ?= 31
eval-pages: $(BUILD)/citex
	python3 tools/eval_pages.py --citex $(BUILD)/citex --sites $(EVAL_SITES) --seed $(EVAL_SEED) $(EVAL_ARGS)

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
	  build/fuzz/libcitex-internal.a
	sh tests/fuzz/run.sh $(SECONDS)

# Every style of Debian's citation-style-language-styles, dependent ones
# through their parents, renders tests/csl/styles-sample.json with no
# error, crash or empty entry (tests/csl/styles-check.sh).  Minutes, so
# not part of check.
styles-check: $(BUILD)/citex
	CITEX=$(BUILD)/citex sh tests/csl/styles-check.sh

clean:
	rm -rf build citex libcitex.a

# A prerequisite that is always out of date, for rules that decide
# themselves whether their target changes (PGO_LIST).
FORCE:

.PHONY: FORCE styles-check release release-check layers tsan statics sizes model model-finder eval eval-sites model-check model-cv eval-refs eval-refs-gold eval-refs-heldout eval-refs-papers print-ldlibs fuzz install uninstall asan-corpora deps test-deps seeds all check unit asan check-corpora clean check-tools eval-pages
.DELETE_ON_ERROR:
