/*
 * citex.h - the public interface of libcitex.
 *
 * libcitex reads bibliographic records (BibTeX, BibLaTeX, RIS, CSL-JSON,
 * CSL-YAML, Hayagriva, the exports of literature databases and reference
 * managers, free-text publication lists), normalizes them into one entry
 * model and writes them out again through pluggable formatters.  The library never
 * prints and never exits: problems arrive through a diagnostic callback.
 *
 * A program makes a context (cx_context_new), which holds the options and
 * every piece of state a conversion needs: nothing in the library is
 * global, so two contexts may work in two threads at once.  It reads with
 * cx_read, which calls back once per entry as soon as the entry is
 * complete, and writes with a cx_writer.  What needs the whole input works
 * on a list of copies (cx_entries): the subset a LaTeX run cites
 * (cx_aux), merging duplicates (cx_dedup) and new citation keys
 * (cx_keys).  cx_lint checks records as --check does, and cx_bib renders
 * a bibliography through a CSL style.  The citex command uses these
 * functions and no others.
 *
 * Memory: an entry handed to the callback is valid only until the callback
 * returns (the reader reuses its memory for the next one); cx_entry_dup
 * makes a copy that lives until cx_entry_free, and cx_entries_add one
 * that lives as long as its list.  Each object a *_new or *_open function
 * returns is the caller's, freed by the matching *_free or *_close; the
 * strings the library hands out are its own and live as long as the
 * object they came from.  Running out of memory aborts the process, so no
 * result is ever NULL for lack of memory.
 *
 * Not public, on purpose: the normalizers (LaTeX decoding, names, venues,
 * dates, transliteration), the publication-list reader's structure
 * readers and labeller, the CSL processor's citations and its item model,
 * and the writers' field map.  Their behaviour reaches a program through
 * the readers and writers, and their interfaces change whenever the
 * output improves; exported, every such change would break programs.
 * docs/api.md says more.
 */
#ifndef CITEX_H
#define CITEX_H

#include <stddef.h>
#include <stdio.h>

#define CITEX_VERSION "0.1.0"

/* What the library exports.  libcitex is compiled with hidden visibility
 * and its installed archive keeps only these functions global, every
 * other symbol local: a program may define its own xmalloc or utf8_next
 * and still link libcitex.a (cmark marks its API CMARK_EXPORT for the
 * same reason). */
#if defined(__GNUC__) || defined(__clang__)
#define CX_EXPORT __attribute__((visibility("default")))
#else
#define CX_EXPORT
#endif

/* A view into memory the library owns: not NUL-terminated in general. */
typedef struct {
	const char *p;
	size_t n;
} cx_str;

#define CX_STR(lit) ((cx_str){(lit), sizeof(lit) - 1})

/* ---- inline markup ------------------------------------------------------
 * Normalized text is UTF-8 NFC.  Inline markup is carried by pairs of ASCII
 * control bytes that never survive from input (readers turn stray control
 * characters into spaces).  Every writer maps each pair to its own syntax,
 * or drops the pair and keeps the content where the format has no markup.
 * Spans nest properly.
 */
enum cx_mark {
	CX_M_NOCASE_ON = 0x01, /* {Protected}  <span class="nocase"> */
	CX_M_NOCASE_OFF = 0x02,
	CX_M_ITALIC_ON = 0x03, /* \emph \textit  <i> */
	CX_M_ITALIC_OFF = 0x04,
	CX_M_BOLD_ON = 0x05, /* \textbf  <b> */
	CX_M_BOLD_OFF = 0x06,
	CX_M_SC_ON = 0x07, /* \textsc  <span style="font-variant:small-caps;"> */
	CX_M_SC_OFF = 0x08,
	CX_M_SUP_ON = 0x0E, /* \textsuperscript  <sup> */
	CX_M_SUP_OFF = 0x0F,
	CX_M_SUB_ON = 0x10, /* \textsubscript  <sub> */
	CX_M_SUB_OFF = 0x11,
	CX_M_MATH_ON = 0x12, /* $...$: content is raw LaTeX math */
	CX_M_MATH_OFF = 0x13,
	CX_M_URL_ON = 0x14, /* \url{...}: content is the URL */
	CX_M_URL_OFF = 0x15,
	CX_M_RAW_ON = 0x16, /* an unknown LaTeX command, kept verbatim */
	CX_M_RAW_OFF = 0x17,
};
#define CX_IS_MARK(c) (((unsigned char)(c) >= 0x01 && (unsigned char)(c) <= 0x08) || \
                       ((unsigned char)(c) >= 0x0E && (unsigned char)(c) <= 0x17))

/* ---- diagnostics ------------------------------------------------------- */

enum cx_sev { CX_NOTE, CX_WARNING, CX_ERROR };

enum cx_code {
	CX_OK = 0,
	CX_E_SYNTAX,       /* malformed entry: skipped */
	CX_E_UNBALANCED,   /* unbalanced braces or quotes */
	CX_E_UNDEF_MACRO,  /* @string macro used but never defined (warning) */
	CX_E_DUP_KEY,      /* a key seen before (warning) */
	CX_E_DUP_FIELD,    /* a field given twice in one entry (warning) */
	CX_E_BAD_UTF8,     /* input read as Windows-1252 (warning) */
	CX_E_TYPE,         /* entry type with no mapping (warning) */
	CX_E_CROSSREF,     /* crossref/xdata target missing (warning) */
	CX_E_LIMIT,        /* a configured cap was hit (error) */
	CX_E_LOSS,         /* the target format cannot hold a field (note) */
	CX_E_VALUE,        /* a value that looks wrong (warning) */
	CX_E_IO,           /* read or write failed */
	CX_E_MISSING,      /* a field the entry type requires is missing (warning) */
	CX_E_CITE,         /* a citation (--aux) with no entry (warning) */
	CX_E_LATEX,        /* an unknown LaTeX command written as its text (warning) */
	CX_E_UNKNOWN,      /* a tag, element or key the reader does not know: kept (warning) */
};

struct cx_diag {
	enum cx_sev sev;
	enum cx_code code;
	const char *file; /* as given by the caller; "<stdin>" for stdin */
	unsigned line, col; /* 1-based; col counts UTF-8 characters */
	const char *msg;  /* valid during the callback only */
};

typedef void (*cx_diag_fn)(void *ctx, const struct cx_diag *d);

/* ---- names and dates ------------------------------------------------------ */

/* A personal name.  Corporate names have only `literal`. */
struct cx_name {
	cx_str family, given, particle, suffix, literal;
	cx_str dparticle;      /* of a name with both particles (CSL-JSON "de" + "la"):
	                        * the dropping one, which particle starts with */
	unsigned dropping : 1; /* particle is dropping (biblatex useprefix=false) */
	unsigned others : 1;   /* the "and others" / "et al." marker */
	unsigned equal : 1;    /* equal contribution (cv input: '*', dagger) */
};

/* A date: up to three parts, a range, circa, or a raw literal.  0 = absent.
 * month 13..16 are seasons (spring..winter), as CSL's "season". */
struct cx_date {
	int year[2], month[2], day[2];
	unsigned range : 1, circa : 1;
	cx_str literal; /* set when the value could not be parsed */
};

/* ---- options ------------------------------------------------------------- */

enum cx_particles { CX_PARTICLES_NONDROPPING, CX_PARTICLES_DROPPING };

/* Venue names (--venues).  AUTO is the default: a container from
 * structured input is kept as given and a recognised venue adds its
 * acronym as the short container; cv input gets the canonical full name
 * plus the acronym.  FULL writes the canonical full name, SHORT writes the
 * short name as the container, KEEP consults no venue table. */
enum cx_venues { CX_VENUES_AUTO, CX_VENUES_FULL, CX_VENUES_SHORT, CX_VENUES_KEEP };

struct cx_options {
	const char *from;       /* reader name, or NULL to detect: the reader
	                         * cx_inputs reads other inputs with (cx_read
	                         * takes its reader as an argument) */
	const char *to;         /* writer name: the caller's (the library reads
	                         * neither to nor check_only) */
	unsigned ascii : 1;     /* BibTeX output with LaTeX escapes */
	unsigned expand_macros : 1; /* write @string macros expanded */
	unsigned check_only : 1;
	unsigned report_loss : 1; /* a note for each field a target cannot hold */
	enum cx_particles particles;
	enum cx_venues venues;
	size_t macro_cap;       /* max bytes one macro expansion may reach */
	size_t hold_cap;        /* BibTeX: bytes of entries held back for a crossref
	                         * or xdata key not seen yet (0: 8 MiB); past a 32nd
	                         * of it the rest of the input is searched for the key */
	const char *owner;      /* cv input: the owner's name, for empty author slots */
	const char *finder_model; /* cv input: a finder model file instead of the
	                           * built-in one, or "rules" for none (to measure
	                           * models trained without a page: make eval-sites) */
};

/* ---- the context ------------------------------------------------------------ */

struct cx_context;

/* A context with a copy of *opt (NULL: the defaults).  Today's date, for
 * the guesses that depend on it (a venue's two-digit year), is the date the
 * context was made; cx_context_set_today fixes it. */
CX_EXPORT struct cx_context *cx_context_new(const struct cx_options *opt);
CX_EXPORT void cx_context_free(struct cx_context *cx);
CX_EXPORT const struct cx_options *cx_context_options(const struct cx_context *cx);
/* Where diagnostics go.  Below min they are only counted. */
CX_EXPORT void cx_context_set_diag(struct cx_context *cx, cx_diag_fn fn, void *ctx, enum cx_sev min);
CX_EXPORT void cx_context_set_today(struct cx_context *cx, int year, int month, int day);
/* Add the venues of a tab-separated file (acronym, full name, publisher,
 * kind, aliases; see the README).  Its rows win over the built-in table.
 * Returns 0, or -1 with the reason in err[0..errsize). */
CX_EXPORT int cx_context_add_venues(struct cx_context *cx, const char *path, char *err, size_t errsize);

/* ---- entries ----------------------------------------------------------------- */

struct cx_entry;
struct cx_field;

/* What an entry is: an ordinary record, or one of BibTeX's other kinds,
 * which BibTeX output keeps.  (CX_ENTRY_, not CX_E_: those are the
 * diagnostic codes.) */
enum cx_entry_kind { CX_ENTRY_RECORD, CX_ENTRY_STRING, CX_ENTRY_PREAMBLE, CX_ENTRY_COMMENT };

CX_EXPORT enum cx_entry_kind cx_entry_kind(const struct cx_entry *e);
CX_EXPORT cx_str cx_entry_key(const struct cx_entry *e);
/* The type as written (lower-cased BibTeX type, or the reader's own word),
 * its CSL item type and its RIS TY: a CSL-JSON or RIS source's own type
 * where the model reads it as a less exact one (speech, BILL). */
CX_EXPORT cx_str cx_entry_type(const struct cx_entry *e);
CX_EXPORT const char *cx_entry_csl_type(const struct cx_entry *e);
CX_EXPORT const char *cx_entry_ris_type(const struct cx_entry *e);
CX_EXPORT const char *cx_entry_file(const struct cx_entry *e);
CX_EXPORT unsigned cx_entry_line(const struct cx_entry *e);
CX_EXPORT size_t cx_entry_nfields(const struct cx_entry *e);
CX_EXPORT const struct cx_field *cx_entry_field(const struct cx_entry *e, size_t i);
/* The first field of that name (any spelling a reader accepts, such as
 * "journaltitle" for "journal"), or NULL. */
CX_EXPORT const struct cx_field *cx_entry_find(const struct cx_entry *e, const char *name);
/* The date of publication, from date, or year and month. */
CX_EXPORT const struct cx_date *cx_entry_issued(const struct cx_entry *e);

/* The field's name as written (lower-cased), and its CSL variable ("" when
 * CSL has none). */
CX_EXPORT cx_str cx_field_name(const struct cx_field *f);
CX_EXPORT const char *cx_field_csl(const struct cx_field *f);
/* The value as read (BibTeX: macros expanded, LaTeX as written), and the
 * normalized text (UTF-8 NFC with the inline markup bytes above). */
CX_EXPORT cx_str cx_field_raw(const struct cx_field *f);
CX_EXPORT cx_str cx_field_text(const struct cx_field *f);
/* A name list: the count and the names.  Other fields have none. */
CX_EXPORT size_t cx_field_nnames(const struct cx_field *f);
CX_EXPORT const struct cx_name *cx_field_names(const struct cx_field *f);
/* A date field's parsed date (all zero when it is not a date). */
CX_EXPORT const struct cx_date *cx_field_date(const struct cx_field *f);

/* A copy of e that outlives the callback; free it with cx_entry_free. */
CX_EXPORT struct cx_entry *cx_entry_dup(const struct cx_entry *e);
CX_EXPORT void cx_entry_free(struct cx_entry *e);

/* ---- reading --------------------------------------------------------------- */

struct cx_reader;

/* The reader of that name ("bibtex", "biblatex", "ris", "csl-json", "cv",
 * "refs"), or NULL; the i-th reader, NULL past the last. */
CX_EXPORT const struct cx_reader *cx_reader_find(const char *name);
CX_EXPORT const struct cx_reader *cx_reader_at(size_t i);
CX_EXPORT const char *cx_reader_name(const struct cx_reader *r);
/* Guess a reader from a file name (may be NULL) and the first bytes. */
CX_EXPORT const struct cx_reader *cx_reader_detect(const char *file, const char *head, size_t n);

typedef void (*cx_entry_fn)(void *ctx, const struct cx_entry *e);

struct cx_counts {
	size_t entries, errors, warnings;
};

/* Read all of f with r, calling fn once per entry, in input order, as soon
 * as it is complete.  r NULL: the reader cx_reader_detect picks from name
 * and the first bytes.  name is what diagnostics call the input ("<stdin>"
 * for standard input); entries keep the pointer as their file, so it must
 * outlive them.  head[0..nhead) are bytes already taken from f (for
 * detection); they are read first (none: the first bytes are read from f
 * for detection here).  Input in UTF-16 or UTF-32 with a byte
 * order mark is read as its UTF-8.  The records read and the errors and
 * warnings about them are added to *counts when it is not NULL.  Returns
 * 0, or -1 when f could not be read: the reason goes to the diagnostic
 * callback (CX_E_IO, line 0: about the whole input) and is not counted.
 * The @string macros an input defines stay in the context, so inputs read
 * in turn are one database (as bibtex reads \bibliography{a,b}). */
CX_EXPORT int cx_read(struct cx_context *cx, const struct cx_reader *r, FILE *f,
                      const char *name, const char *head, size_t nhead, cx_entry_fn fn,
                      void *fn_ctx, struct cx_counts *counts);

/* ---- several inputs, one database -------------------------------------------
 * bibtex reads \bibliography{a,b} as one database: b sees the @string
 * macros a defines, and a crossref or xdata parent may be in either.  Read
 * in order with cx_read, inputs see the macros before them; cx_inputs also
 * finds parents in the other inputs, and lets a program read the inputs
 * out of order (shared among processes, as citex -j does): the macros of
 * the inputs before the one being read are read again from their files
 * when one is needed, and a parent that is not in its input is looked for
 * in every BibTeX input (each read once, the first time).
 */
struct cx_inputs;

/* The inputs of one run on cx, in order: file paths, "-" for standard
 * input (which is never read again).  The array is copied; the strings
 * must outlive the inputs and every entry read (entries name their file by
 * them).  cx must outlive the inputs. */
CX_EXPORT struct cx_inputs *cx_inputs_new(struct cx_context *cx, const char *const *paths,
                                          size_t n);
/* cx_read of input i from f, named by its path ("<stdin>" for "-"). */
CX_EXPORT int cx_inputs_read(struct cx_inputs *ins, size_t i, const struct cx_reader *r,
                             FILE *f, const char *head, size_t nhead, cx_entry_fn fn,
                             void *fn_ctx, struct cx_counts *counts);
CX_EXPORT void cx_inputs_free(struct cx_inputs *ins);

/* ---- writing ----------------------------------------------------------------- */

struct cx_writer;

/* The name of the i-th output format, NULL past the last. */
CX_EXPORT const char *cx_writer_format(size_t i);
/* The file extension of a format's documents ("bib", "ris", "json"), or
 * NULL: no such format.  Formats are named as for cx_writer_open. */
CX_EXPORT const char *cx_writer_ext(const char *format);
/* Is the format one of BibTeX's own dialects (bibtex, biblatex)?  They
 * hold @string, @preamble and @comment and keep a BibTeX source's values
 * as written. */
CX_EXPORT int cx_writer_bibtex(const char *format);
/* A writer of format (a name cx_writer_format gives, or an alias such as
 * "bib" or "json") on f: it opens the document, separates records and
 * closes it, so the output is complete.  NULL: no such format. */
CX_EXPORT struct cx_writer *cx_writer_open(struct cx_context *cx, FILE *f, const char *format);
/* A writer of one part of a document: records alone, with no opening or
 * closing, so that parts written apart (by several processes) join into
 * one document through cx_writer_append.  Closed as any writer. */
CX_EXPORT struct cx_writer *cx_writer_open_part(struct cx_context *cx, FILE *f,
                                                const char *format);
/* Write one entry; what the format cannot hold at all (@string outside
 * BibTeX, say) is skipped.  Loss reports go to the context's diagnostics.
 * Returns 1 when the entry was written, 0 when skipped. */
CX_EXPORT int cx_writer_entry(struct cx_writer *w, const struct cx_entry *e);
/* Copy a part into w's document: the rest of the file part, which a part
 * writer of the same format wrote, holding n records (its counts'
 * entries), after the separator the format needs between records.  The
 * bytes equal those of one writer given every record.  0, or -1 when part
 * could not be read. */
CX_EXPORT int cx_writer_append(struct cx_writer *w, FILE *part, size_t n);
/* What w did so far: records written (entries), and the errors and
 * warnings it reported (an unknown LaTeX command written as text). */
CX_EXPORT struct cx_counts cx_writer_counts(const struct cx_writer *w);
/* End the document, flush and free; 0 or an errno value (f stays open). */
CX_EXPORT int cx_writer_close(struct cx_writer *w);

/* ---- entries held for the whole input ----------------------------------------
 * The .aux subset, duplicates and new keys need every entry at once: a
 * program keeps copies in a list, from its cx_read callback, and hands the
 * list to them.  They change the list in place (dropping, merging,
 * renaming); the memory of every copy is the list's until cx_entries_free,
 * dropped ones included.
 */
struct cx_entries;

CX_EXPORT struct cx_entries *cx_entries_new(void);
/* Add a copy of e (which may go once this returns). */
CX_EXPORT void cx_entries_add(struct cx_entries *l, const struct cx_entry *e);
/* The entries now in the list, in input order; i past the last: NULL. */
CX_EXPORT size_t cx_entries_count(const struct cx_entries *l);
CX_EXPORT const struct cx_entry *cx_entries_at(const struct cx_entries *l, size_t i);
CX_EXPORT void cx_entries_free(struct cx_entries *l);

/* ---- the entries a LaTeX run cites (--aux) -------------------------------------- */

struct cx_aux;

/* The citations in the .aux file at path and in the files it pulls in
 * with \@input: bibtex's \citation and biblatex's \abx@aux@cite, with
 * \nocite{*}.  NULL when path cannot be read; that error and warnings
 * about the files it pulls in go to cx's diagnostics and are added to
 * *counts (may be NULL).  cx must outlive the result. */
CX_EXPORT struct cx_aux *cx_aux_load(struct cx_context *cx, const char *path,
                                     struct cx_counts *counts);
/* The cited keys in the order the document first cites them (the aux's
 * own strings); i past the last: NULL. */
CX_EXPORT size_t cx_aux_ncites(const struct cx_aux *a);
CX_EXPORT const char *cx_aux_cite(const struct cx_aux *a, size_t i);
/* Keep in l the entries a cites and those they need: crossref, xdata,
 * set and related targets, transitively, in input order.  @string,
 * @preamble and @comment stay, for BibTeX output.  Keys match without
 * regard to ASCII case, as in bibtex; a match only up to case is kept and
 * warned about, and each citation with no entry is a warning at its place
 * in the .aux file, added to *counts. */
CX_EXPORT void cx_aux_select(const struct cx_aux *a, struct cx_entries *l,
                             struct cx_counts *counts);
CX_EXPORT void cx_aux_free(struct cx_aux *a);

/* ---- duplicates (--dedup) ----------------------------------------------------- */

/* Merge the records of l that are one work: a shared DOI, PMID or arXiv
 * id, or the same normalized title with the same year and first author.
 * Each group keeps one survivor (its first published record when it holds
 * an arXiv preprint and the published version, else its first), which
 * gains the fields it lacks from the others and the fuller of two values
 * that say the same thing (a journal's full name over its abbreviation,
 * full given names over initials, the longer abstract), keeps its own
 * values where they conflict, and names every record merged into it in a
 * field "sources"; crossref and xdata keys naming a dropped entry follow
 * it to the survivor.  Every merge is a note at the dropped entry, every
 * conflict a warning, through cx's diagnostics and added to *counts.
 * With report_only the reports are the same and l does not change.
 * Returns the number of entries merged away (or that would be). */
CX_EXPORT size_t cx_dedup(struct cx_context *cx, struct cx_entries *l, int report_only,
                          struct cx_counts *counts);

/* One line of the report a reviewer checks (citex --dedup-report): a merge
 * of other into kept, a near miss between the two (the same title and
 * first author, not merged), or a value a merge chose.  The entries and
 * strings live until the callback returns. */
enum cx_dedup_kind { CX_DEDUP_MERGE, CX_DEDUP_NEAR, CX_DEDUP_VALUE };
struct cx_dedup_row {
	enum cx_dedup_kind kind;
	const struct cx_entry *kept, *other;
	const char *why;     /* the reason, in words */
	cx_str field;        /* CX_DEDUP_VALUE: the field's name */
	cx_str value, over;  /* CX_DEDUP_VALUE: the value kept, and the one it won over */
};
typedef void (*cx_dedup_row_fn)(void *ctx, const struct cx_dedup_row *r);
/* cx_dedup, calling row (when not NULL) with ctx for every merge, near
 * miss and value chosen, in input order. */
CX_EXPORT size_t cx_dedup_report(struct cx_context *cx, struct cx_entries *l, int report_only,
                                 struct cx_counts *counts, cx_dedup_row_fn row, void *ctx);

/* ---- citation keys (--keys) ------------------------------------------------------ */

struct cx_keys;

/* Keys from a pattern of literal text and field markers in brackets, as
 * JabRef and Better BibTeX write them (NULL:
 * "[auth:lower][year][veryshorttitle:lower]", which gives
 * zhao2025forestcoll); [venue] uses cx's venue table.  NULL with a static
 * reason in *err when the pattern is malformed.  cx must outlive it. */
CX_EXPORT struct cx_keys *cx_keys_new(struct cx_context *cx, const char *pattern,
                                      const char **err);
/* From now on keep each old key as an alias in its entry's ids field:
 * BibTeX ignores the field, and biber resolves citations of the old key
 * through it (for BibTeX output: cx_writer_bibtex). */
CX_EXPORT void cx_keys_aliases(struct cx_keys *k);
/* A new key for every record of l, in order, unique across every call on
 * k (a clash gets a, b, ... z, aa, ...); then crossref, xdata, xref,
 * related and entryset values follow their targets to the new keys.
 * @string, @preamble, @comment and @xdata entries keep theirs. */
CX_EXPORT void cx_keys_run(struct cx_keys *k, struct cx_entries *l);
CX_EXPORT void cx_keys_free(struct cx_keys *k);

/* ---- checks (--check) ------------------------------------------------------------ */

struct cx_lint;

/* What a reader lets through, found on the finished records: required
 * fields missing, values that look wrong (year, month, pages, DOI, ISBN,
 * ISSN, URL), a key repeated in any entry checked before (without regard
 * to case, as bibtex matches keys), a crossref parent before its child.
 * cx must outlive it. */
CX_EXPORT struct cx_lint *cx_lint_new(struct cx_context *cx);
/* Check one entry (only records are checked): warnings at the entry's
 * file and line, through cx's diagnostics, added to *counts. */
CX_EXPORT void cx_lint_entry(struct cx_lint *l, const struct cx_entry *e,
                             struct cx_counts *counts);
CX_EXPORT void cx_lint_free(struct cx_lint *l);

/* ---- formatted bibliographies (CSL) ---------------------------------------------- */

struct cx_style;

/* A CSL 1.0.2 style and its locale.  style: NULL for citex's own (built
 * in), a file, or a name looked up in citex's styles folder and then in
 * Debian's citation-style-language-styles; a dependent style renders as
 * its parent.  locale: a tag such as "de-DE" (NULL: the style's default,
 * else en-US), from the locales-*.xml files in the folder locales (NULL:
 * Debian's citation-style-language-locales); en-US is built in.  NULL
 * with the reason in err[0..errsize).  Once open, a style is only read:
 * bibliographies in several threads may share it. */
CX_EXPORT struct cx_style *cx_style_open(const char *style, const char *locale,
                                         const char *locales, char *err, size_t errsize);
/* Has the style a bibliography?  A note style without one renders each
 * entry as its first note. */
CX_EXPORT int cx_style_has_bibliography(const struct cx_style *s);
CX_EXPORT void cx_style_free(struct cx_style *s);

/* CX_BIB_TAGGED: text with each span marked, as XML elements, with the
 * variable that wrote it (<title>, <container-title>), a label or a term;
 * the labeller's training data is made from it (not in --help). */
enum cx_bib_format { CX_BIB_TEXT, CX_BIB_HTML, CX_BIB_MARKDOWN, CX_BIB_LATEX, CX_BIB_TAGGED };
/* The format a name asks for: "text", "html", "markdown" or "md", "latex"
 * or "bbl", "tagged"; -1 for any other. */
CX_EXPORT int cx_bib_format(const char *name);

enum cx_bib_group { CX_BIB_UNGROUPED, CX_BIB_BY_TYPE, CX_BIB_BY_YEAR };

struct cx_bib_options {
	enum cx_bib_format format; /* LaTeX: a thebibliography, as a .bbl holds */
	enum cx_bib_group group;   /* headed groups: journal articles, ..., or years */
	const char *highlight;     /* this person's name in bold ("Given Family"), or NULL */
	const struct cx_aux *aux;  /* numeric styles number the entries in the order
	                            * it cites them; NULL: the style's order */
	int standalone;            /* HTML: a whole page, with citex's stylesheet */
};

struct cx_bib;

/* A bibliography in style s of the records added to it; cx (its options:
 * --particles) and s must outlive it. */
CX_EXPORT struct cx_bib *cx_bib_new(struct cx_context *cx, const struct cx_style *s);
/* Add an entry (other kinds than records are skipped).  The bibliography
 * keeps what it needs: e may go once this returns. */
CX_EXPORT void cx_bib_add(struct cx_bib *b, const struct cx_entry *e);
/* Sort, number and disambiguate the records added, and write them to f as
 * o says.  Returns 0 or an errno value (f stays open). */
CX_EXPORT int cx_bib_write(struct cx_bib *b, FILE *f, const struct cx_bib_options *o);
CX_EXPORT void cx_bib_free(struct cx_bib *b);

/* ---- citex tidy: BibTeX source formatted as bibtex-tidy formats it ---------------- */

/* A list of names (fields, sort keys), each NUL-terminated. */
struct cx_tidy_list {
	const char **v;
	size_t n;
	int on; /* the option was given (a list may be empty) */
};

enum cx_tidy_merge { CX_TIDY_MERGE_NONE, CX_TIDY_MERGE_FIRST, CX_TIDY_MERGE_LAST, CX_TIDY_MERGE_COMBINE,
	          CX_TIDY_MERGE_OVERWRITE };

/* How duplicate entries are found, in the order given. */
enum cx_tidy_dup { CX_TIDY_DUP_KEY, CX_TIDY_DUP_DOI, CX_TIDY_DUP_CITATION, CX_TIDY_DUP_ABSTRACT };

/* bibtex-tidy's options, with its defaults (cx_tidy_opts_default) and its
 * meanings.  Numbers are JavaScript numbers: NaN where bibtex-tidy would
 * have NaN (a number option given no number), which it treats as 0. */
struct cx_tidy_opts {
	struct cx_tidy_list omit;
	int curly, numeric, months;
	double space;          /* indent width, when tab is off */
	int tab;
	double align;          /* the column values start at; 1: not aligned */
	int blank_lines;
	struct cx_tidy_list sort; /* sort keys, "-" for descending; on: sort */
	enum cx_tidy_dup dups[4];
	size_t ndups;          /* 0: no --duplicates (only keys are checked) */
	enum cx_tidy_merge merge;
	int strip_enclosing_braces, drop_all_caps, escape;
	struct cx_tidy_list sort_fields;
	int strip_comments, trailing_commas, encode_urls, tidy_comments;
	int remove_empty_fields, remove_dupe_fields, lowercase;
	const char *generate_keys; /* the key template, or NULL */
	double max_authors;    /* 0 or NaN: off */
	struct cx_tidy_list enclosing_braces, remove_braces;
	double wrap;           /* 0 or NaN: off */
	int lossy;             /* do what bibtex-tidy does even where it loses data */
};

/* bibtex-tidy 1.14.0's defaults. */
CX_EXPORT void cx_tidy_opts_default(struct cx_tidy_opts *o);
/* JavaScript's Number(s), as bibtex-tidy reads the value of a number
 * option: NaN for NULL (no value) and for what is no number, 0 for "". */
CX_EXPORT double cx_tidy_number(const char *s);
/* Is template a key template (--generate-keys) cx_tidy_run accepts?  NULL
 * if so, else why not (a static string). */
CX_EXPORT const char *cx_tidy_check_template(const char *template);

/* A warning as bibtex-tidy gives it (code MISSING_KEY or DUPLICATE_ENTRY),
 * with where the entry it is about starts in the input. */
struct cx_tidy_warning {
	const char *code;
	char *msg;
	unsigned line, col;
};

struct cx_tidy_result {
	char *out;             /* the tidied file, out[n] == 0 (malloc'd) */
	size_t n;
	size_t count;          /* entries written */
	struct cx_tidy_warning *warnings;
	size_t nwarnings;
	size_t nkept;          /* duplicate fields kept because lossy is off */
};

/* Tidy the BibTeX source in[0..n) as o says.  Returns 0 with the result in
 * *r, or -1 when the input does not parse (each error went to fn, which
 * may be NULL, as file:line:col; r->out is empty); a bad key template is
 * reported there too.  file names the input in the diagnostics (NULL:
 * "<stdin>").  Free r with cx_tidy_result_free. */
CX_EXPORT int cx_tidy_run(const struct cx_tidy_opts *o, const char *in, size_t n,
                          const char *file, cx_diag_fn fn, void *ctx,
                          struct cx_tidy_result *r);
CX_EXPORT void cx_tidy_result_free(struct cx_tidy_result *r);

#endif
