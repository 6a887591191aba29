/*
 * citex.h - the public interface of libcitex.
 *
 * libcitex reads bibliographic records (BibTeX, BibLaTeX, RIS, CSL-JSON,
 * free-text publication lists), normalizes them into one entry model and
 * writes them out again through pluggable formatters.  The library never
 * prints and never exits: problems arrive through a diagnostic callback.
 *
 * Memory: every string and array reachable from a struct cx_entry lives in
 * an arena owned by the reader.  An entry handed to the emit callback is
 * valid only until that callback returns; copy what you keep.  Running out
 * of memory aborts the process (xmalloc), so no result is ever NULL-checked.
 */
#ifndef CITEX_H
#define CITEX_H

#include <stddef.h>
#include <stdio.h>

#define CITEX_VERSION "0.1.0"

/* A view into an arena: not NUL-terminated in general (cmark's chunk). */
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
	CX_E_BAD_UTF8,     /* input read as Latin-1 (warning) */
	CX_E_TYPE,         /* entry type with no mapping (warning) */
	CX_E_CROSSREF,     /* crossref/xdata target missing (warning) */
	CX_E_LIMIT,        /* a configured cap was hit (error) */
	CX_E_LOSS,         /* the target format cannot hold a field (note) */
	CX_E_VALUE,        /* a value that looks wrong (warning) */
	CX_E_IO,           /* read or write failed */
	CX_E_MISSING,      /* a field the entry type requires is missing (warning) */
	CX_E_CITE,         /* a citation (--aux) with no entry (warning) */
};

struct cx_diag {
	enum cx_sev sev;
	enum cx_code code;
	const char *file; /* as given by the caller; "<stdin>" for stdin */
	unsigned line, col; /* 1-based; col counts UTF-8 characters */
	const char *msg;  /* valid during the callback only */
};

typedef void (*cx_diag_fn)(void *ctx, const struct cx_diag *d);

/* ---- the entry model ----------------------------------------------------- */

/* Field kinds decide how a value is normalized and written. */
enum cx_kind {
	CX_K_TEXT,     /* LaTeX decoded to UTF-8 NFC with inline markup */
	CX_K_NAMES,    /* a name list: ' and '-separated in BibTeX */
	CX_K_DATE,     /* year, month, date, urldate, ... */
	CX_K_PAGES,    /* 12--34 */
	CX_K_VERBATIM, /* doi, url, eprint, file: no LaTeX decoding */
	CX_K_LIST,     /* keywords: comma- or semicolon-separated */
	CX_K_KEY,      /* crossref, xdata: citation keys */
};

/* The shared field map: one row per field, one column per format.  An empty
 * string means the format has no home for the field.  See src/fields.def. */
enum cx_field_id {
#define CX_FIELD(id, bibtex, biblatex, ris, csl, kind) CX_F_##id,
#include "fields.def"
#undef CX_FIELD
	CX_F__COUNT,
	CX_F_UNKNOWN = CX_F__COUNT /* kept verbatim under its raw name */
};

struct cx_field_info {
	const char *bibtex, *biblatex, *ris, *csl;
	enum cx_kind kind;
};
extern const struct cx_field_info cx_fields[CX_F__COUNT];

/* Entry types: CSL's item types are the hub (src/types.def). */
enum cx_type_id {
#define CX_TYPE(id, bibtex, biblatex, ris, csl) CX_T_##id,
#include "types.def"
#undef CX_TYPE
	CX_T__COUNT
};

struct cx_type_info {
	const char *bibtex, *biblatex, *ris, *csl;
};
extern const struct cx_type_info cx_types[CX_T__COUNT];

/* A personal name.  Corporate names have only `literal`. */
struct cx_name {
	cx_str family, given, particle, suffix, literal;
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

/* One piece of a BibTeX value: `{lit}`, `"lit"`, `1999`, or `macro`. */
enum cx_part_kind { CX_P_BRACED, CX_P_QUOTED, CX_P_NUMBER, CX_P_MACRO };
struct cx_part {
	enum cx_part_kind kind;
	cx_str s; /* the literal without its delimiters, or the macro name */
};

struct cx_loc {
	unsigned line, col, end_line, end_col;
};

struct cx_field {
	enum cx_field_id id;
	cx_str name;     /* as written in the source, lower-cased (BibTeX) */
	cx_str raw;      /* the value with macros expanded, LaTeX not decoded */
	struct cx_part *parts; /* BibTeX source: the value as written; else NULL */
	size_t nparts;
	cx_str text;     /* normalized: UTF-8 NFC with inline markup */
	struct cx_name *names; /* CX_K_NAMES */
	size_t nnames;
	struct cx_date date;   /* CX_K_DATE, when parsed */
	struct cx_loc loc;
	unsigned inherited : 1; /* copied from a crossref/xdata parent */
};

/* Entry kinds besides ordinary records: BibTeX keeps them on BibTeX output. */
enum cx_entry_kind { CX_E_ENTRY, CX_E_STRING, CX_E_PREAMBLE, CX_E_COMMENT };

struct cx_entry {
	enum cx_entry_kind kind;
	enum cx_type_id type;
	cx_str type_name;  /* as written in the source, lower-cased */
	cx_str key;
	struct cx_field *fields; /* in source order */
	size_t nfields;
	struct cx_date issued;   /* from date, or year + month */
	struct cx_loc loc;
	const char *file;
	const char *source;      /* reader name: "bibtex", "ris", ... */
	unsigned stray : 1;      /* CX_E_COMMENT: text outside any entry */
};

/* Lookup helpers. */
struct cx_field *cx_entry_get(const struct cx_entry *e, enum cx_field_id id);
enum cx_field_id cx_field_lookup(const char *name, size_t n);
enum cx_type_id cx_type_lookup(const char *name, size_t n, int *known);

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
	unsigned full_first_pass : 1; /* tests: BibTeX's crossref pass reads every entry */
	enum cx_particles particles;
	enum cx_venues venues;
	size_t macro_cap;       /* max bytes one macro expansion may reach */
	const char *owner;      /* cv input: the owner's name, for empty author slots */
};

/* ---- output -------------------------------------------------------------- */

struct cx_out; /* a buffered writer; see out.h */
struct cx_reader_ctx;

struct cx_fmt {
	const char *name; /* "bibtex", "biblatex", "ris", "csl-json" */
	const char *ext;  /* file extension for batch mode */
	void (*begin)(struct cx_out *o);
	/* Between two records, when the format needs a separator (may be NULL).
	 * The caller decides, so records written apart (one part per input in
	 * a parallel run) still join into one valid document. */
	void (*sep)(struct cx_out *o);
	void (*entry)(struct cx_out *o, const struct cx_entry *e, size_t n);
	void (*end)(struct cx_out *o, size_t n);
};

/* The registry: a NULL-terminated table of every writer. */
extern const struct cx_fmt *const cx_formats[];
const struct cx_fmt *cx_fmt_find(const char *name);
/* Does the format hold e at all?  @string, @preamble and @comment exist
 * only in BibTeX, and @xdata is no record anywhere else. */
int cx_fmt_holds(const struct cx_fmt *f, const struct cx_entry *e, const struct cx_options *opt);

/* A writer on a FILE, for programs that use the library: it opens the
 * document, separates records and closes it, so the output is complete.
 * cx_writer_entry skips what the format cannot hold (cx_fmt_holds); loss
 * reports go to c's diag callback when c is not NULL.  cx_writer_close
 * ends the document, flushes and frees; it returns 0 or an errno value
 * (the FILE stays open).  NULL from cx_writer_open: unknown format. */
struct cx_writer;
struct cx_writer *cx_writer_open(FILE *f, const char *format, const struct cx_options *opt);
void cx_writer_entry(struct cx_writer *w, const struct cx_entry *e, struct cx_reader_ctx *c);
int cx_writer_close(struct cx_writer *w);

/* ---- readers -------------------------------------------------------------- */

struct cx_reader_ctx {
	const struct cx_options *opt;
	const char *file;
	cx_diag_fn diag;
	void *diag_ctx;
	/* Diagnostics below this severity are only counted: diag would drop
	 * them (--quiet), so a reader need not format them. */
	enum cx_sev diag_min;
	/* Called once per entry, in input order, as soon as it is complete. */
	void (*emit)(void *ctx, struct cx_entry *e);
	void *emit_ctx;
	/* Counts, filled by the reader. */
	size_t nentries, nerrors, nwarnings;
};

/* An input stream: bytes already peeked (for format detection), then the
 * rest of a FILE.  Readers pull from it in chunks, so memory stays bounded
 * by the largest entry, never by the input. */
struct cx_input {
	FILE *f;
	const char *pre; /* peeked bytes, consumed first */
	size_t npre, ipre;
	int error;       /* set when fread fails */
};
/* Fill buf with up to max bytes; 0 at end of input. */
size_t cx_input_read(struct cx_input *in, char *buf, size_t max);

struct cx_reader {
	const char *name;
	/* Read the whole stream, emitting entries as they complete.
	 * Returns 0, or -1 on an I/O error. */
	int (*read)(struct cx_reader_ctx *c, struct cx_input *in);
};
extern const struct cx_reader *const cx_readers[];
const struct cx_reader *cx_reader_find(const char *name);
/* Guess a reader from a file name (may be NULL) and the first bytes. */
const struct cx_reader *cx_reader_detect(const char *file, const char *buf, size_t n);

/* Normalize one entry in place: decode text, split names, parse dates. */
void cx_normalize(struct cx_entry *e, const struct cx_options *opt,
                  struct cx_reader_ctx *c, void *arena);

#endif
