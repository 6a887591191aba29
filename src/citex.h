/*
 * citex.h - the public interface of libcitex.
 *
 * libcitex reads bibliographic records (BibTeX, BibLaTeX, RIS, CSL-JSON,
 * free-text publication lists), normalizes them into one entry model and
 * writes them out again through pluggable formatters.  The library never
 * prints and never exits: problems arrive through a diagnostic callback.
 *
 * A program makes a context (cx_context_new), which holds the options and
 * every piece of state a conversion needs: nothing in the library is
 * global, so two contexts may work in two threads at once.  It reads with
 * cx_read, which calls back once per entry as soon as the entry is
 * complete, and writes with a cx_writer.
 *
 * Memory: an entry handed to the callback is valid only until the callback
 * returns (the reader reuses its memory for the next one); cx_entry_dup
 * makes a copy that lives until cx_entry_free.  Running out of memory
 * aborts the process, so no result is ever NULL for lack of memory.
 */
#ifndef CITEX_H
#define CITEX_H

#include <stddef.h>
#include <stdio.h>

#define CITEX_VERSION "0.1.0"

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
	const char *from;       /* reader name, or NULL to detect */
	const char *to;         /* writer name */
	unsigned ascii : 1;     /* BibTeX output with LaTeX escapes */
	unsigned expand_macros : 1;
	unsigned check_only : 1;
	unsigned report_loss : 1;
	unsigned keep_parents : 1; /* tests: BibTeX keeps every entry as a crossref parent
	                            * instead of reading it again */
	enum cx_particles particles;
	enum cx_venues venues;
	size_t macro_cap;       /* max bytes one macro expansion may reach */
	size_t hold_cap;        /* BibTeX: bytes of entries held back for a crossref
	                         * or xdata key not seen yet (0: 8 MiB); past a 32nd
	                         * of it the rest of the input is searched for the key */
	const char *owner;      /* cv input: the owner's name, for empty author slots */
};

/* ---- the context ------------------------------------------------------------ */

struct cx_context;

/* A context with a copy of *opt (NULL: the defaults).  Today's date, for
 * the guesses that depend on it (a venue's two-digit year), is the date the
 * context was made; cx_context_set_today fixes it. */
struct cx_context *cx_context_new(const struct cx_options *opt);
void cx_context_free(struct cx_context *cx);
const struct cx_options *cx_context_options(const struct cx_context *cx);
/* Where diagnostics go.  Below min they are only counted. */
void cx_context_set_diag(struct cx_context *cx, cx_diag_fn fn, void *ctx, enum cx_sev min);
void cx_context_set_today(struct cx_context *cx, int year, int month, int day);
/* Add the venues of a tab-separated file (acronym, full name, publisher,
 * kind, aliases; see the README).  Its rows win over the built-in table.
 * Returns 0, or -1 with the reason in err[0..errsize). */
int cx_context_add_venues(struct cx_context *cx, const char *path, char *err, size_t errsize);

/* ---- entries ----------------------------------------------------------------- */

struct cx_entry;
struct cx_field;

/* Entry kinds besides ordinary records: BibTeX keeps them on BibTeX output. */
enum cx_entry_kind { CX_E_ENTRY, CX_E_STRING, CX_E_PREAMBLE, CX_E_COMMENT };

enum cx_entry_kind cx_entry_kind(const struct cx_entry *e);
cx_str cx_entry_key(const struct cx_entry *e);
/* The type as written (lower-cased BibTeX type, or the reader's own word),
 * its CSL item type and its RIS TY: a CSL-JSON or RIS source's own type
 * where the model reads it as a less exact one (speech, BILL). */
cx_str cx_entry_type(const struct cx_entry *e);
const char *cx_entry_csl_type(const struct cx_entry *e);
const char *cx_entry_ris_type(const struct cx_entry *e);
const char *cx_entry_file(const struct cx_entry *e);
unsigned cx_entry_line(const struct cx_entry *e);
size_t cx_entry_nfields(const struct cx_entry *e);
const struct cx_field *cx_entry_field(const struct cx_entry *e, size_t i);
/* The first field of that name (any spelling a reader accepts, such as
 * "journaltitle" for "journal"), or NULL. */
const struct cx_field *cx_entry_find(const struct cx_entry *e, const char *name);
/* The date of publication, from date, or year and month. */
const struct cx_date *cx_entry_issued(const struct cx_entry *e);

/* The field's name as written (lower-cased), and its CSL variable ("" when
 * CSL has none). */
cx_str cx_field_name(const struct cx_field *f);
const char *cx_field_csl(const struct cx_field *f);
/* The value as read (BibTeX: macros expanded, LaTeX as written), and the
 * normalized text (UTF-8 NFC with the inline markup bytes above). */
cx_str cx_field_raw(const struct cx_field *f);
cx_str cx_field_text(const struct cx_field *f);
/* A name list: the count and the names.  Other fields have none. */
size_t cx_field_nnames(const struct cx_field *f);
const struct cx_name *cx_field_names(const struct cx_field *f);
/* A date field's parsed date (all zero when it is not a date). */
const struct cx_date *cx_field_date(const struct cx_field *f);

/* A copy of e that outlives the callback; free it with cx_entry_free. */
struct cx_entry *cx_entry_dup(const struct cx_entry *e);
void cx_entry_free(struct cx_entry *e);

/* ---- reading --------------------------------------------------------------- */

struct cx_reader;

/* The reader of that name ("bibtex", "biblatex", "ris", "csl-json", "cv",
 * "refs"), or NULL; the i-th reader, NULL past the last. */
const struct cx_reader *cx_reader_find(const char *name);
const struct cx_reader *cx_reader_at(size_t i);
const char *cx_reader_name(const struct cx_reader *r);
/* Guess a reader from a file name (may be NULL) and the first bytes. */
const struct cx_reader *cx_reader_detect(const char *file, const char *head, size_t n);

typedef void (*cx_entry_fn)(void *ctx, const struct cx_entry *e);

struct cx_counts {
	size_t entries, errors, warnings;
};

/* Read all of f with r, calling fn once per entry, in input order, as soon
 * as it is complete.  name is what diagnostics call the input ("<stdin>"
 * for standard input).  head[0..nhead) are bytes already taken from f
 * (for detection); they are read first.  Counts are added to *counts when
 * it is not NULL.  Returns 0, or -1 when reading f failed. */
int cx_read(struct cx_context *cx, const struct cx_reader *r, FILE *f, const char *name,
            const char *head, size_t nhead, cx_entry_fn fn, void *fn_ctx,
            struct cx_counts *counts);

/* ---- writing ----------------------------------------------------------------- */

struct cx_writer;

/* The name of the i-th output format, NULL past the last. */
const char *cx_writer_format(size_t i);
/* A writer of format (a name cx_writer_format gives, or an alias such as
 * "bib" or "json") on f: it opens the document, separates records and
 * closes it, so the output is complete.  NULL: no such format. */
struct cx_writer *cx_writer_open(struct cx_context *cx, FILE *f, const char *format);
/* Write one entry; what the format cannot hold at all (@string outside
 * BibTeX, say) is skipped.  Loss reports go to the context's diagnostics. */
void cx_writer_entry(struct cx_writer *w, const struct cx_entry *e);
/* End the document, flush and free; 0 or an errno value (f stays open). */
int cx_writer_close(struct cx_writer *w);

#endif
