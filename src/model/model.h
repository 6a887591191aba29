/* model/model.h - the entry model as the library's own code sees it.
 *
 * citex.h gives programs opaque entries and accessors; inside the library
 * an entry is this plain struct, and its fields are found by the ids of
 * fields.def.  Every string and array an entry points to lives in an arena
 * owned by whoever made the entry (a reader, or a copy). */
#ifndef CX_MODEL_H
#define CX_MODEL_H

#include "citex.h"
#include "core/arena.h"

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
 * string means the format has no home for the field.  See model/fields.def. */
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

/* Entry types: CSL's item types are the hub (model/types.def). */
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
	unsigned custom : 1;    /* CSL-JSON input: a member of "custom", no CSL variable */
};

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
	unsigned stray : 1;      /* CX_ENTRY_COMMENT: text outside any entry */
	void *owner;             /* cx_entry_dup: the copy's arena */
};

/* ---- the database and tool formats (formats.def, format_types.def) ---- */

enum cx_mapfmt {
	CX_MF_NBIB, CX_MF_ISI, CX_MF_ENDNOTE, CX_MF_ENDNOTEXML, CX_MF_PUBMED, CX_MF_MODS,
	CX_MF_CFF, CX_MF_HAYAGRIVA, CX_MF__COUNT
};
/* What becomes of a value (formats.def says each). */
enum cx_how {
	CX_H_TEXT, CX_H_NAME, CX_H_DATE, CX_H_YEAR, CX_H_MONTH, CX_H_PAGES, CX_H_SP, CX_H_EP,
	CX_H_LIST, CX_H_ID, CX_H_TYPE, CX_H_KEY, CX_H_CONTAINER, CX_H_KEEP, CX_H_SKIP, CX_H_SPECIAL
};
struct cx_map {
	unsigned char fmt, how;   /* enum cx_mapfmt, enum cx_how */
	enum cx_field_id field;   /* CX_F_UNKNOWN where how says what */
	const char *key, *keep, *note; /* keep: a KEEP row's field name, or "" */
};
extern const struct cx_map cx_maps[];
extern const size_t cx_nmaps;
struct cx_ftype {
	unsigned char fmt;
	const char *name;
	enum cx_type_id type;
	const char *csl;          /* a finer CSL type, or "" */
};
extern const struct cx_ftype cx_ftypes[];
extern const size_t cx_nftypes;

/* The -f name of a format ("nbib", "endnote-xml", ...). */
const char *cx_mapfmt_name(enum cx_mapfmt f);
/* The row of format f whose key is exactly key, or NULL. */
const struct cx_map *cx_map_find(enum cx_mapfmt f, cx_str key);
/* The first row of format f for field id (what a writer writes), or NULL. */
const struct cx_map *cx_map_of_field(enum cx_mapfmt f, enum cx_field_id id);
/* The first type row of format f named name (ignoring case), or NULL. */
const struct cx_ftype *cx_ftype_find(enum cx_mapfmt f, cx_str name);
/* The first type row of format f for type t, or NULL. */
const struct cx_ftype *cx_ftype_of(enum cx_mapfmt f, enum cx_type_id t);

/* Lookup helpers. */
struct cx_field *cx_entry_get(const struct cx_entry *e, enum cx_field_id id);
enum cx_field_id cx_field_lookup(const char *name, size_t n);
enum cx_type_id cx_type_lookup(const char *name, size_t n, int *known);
/* A type as an input format spells it (type_names.def, then the format's
 * column of types.def): *known says whether it is one; DOCUMENT if not. */
enum cx_type_format { CX_TF_BIBTEX, CX_TF_CSL, CX_TF_CSL_MISC, CX_TF_RIS };
enum cx_type_id model_type_find(enum cx_type_format f, cx_str s, int *known);

/* Append a field to e, whose array of *cap fields grows in arena a: its
 * name is the table's BibTeX name when name.p is NULL, raw and text are
 * text, and it stands at line, column 1. */
struct cx_field *model_add_field(struct arena *a, struct cx_entry *e, size_t *cap,
                                 enum cx_field_id id, cx_str name, cx_str text, unsigned line);

/* Types whose item sits inside a book (a chapter, a paper in proceedings,
 * a book in a book): their maintitle is the container's title and their
 * booktitle the volume's. */
int cx_type_is_part(enum cx_type_id t);

/* A deep copy of e and everything it points to, in arena a. */
struct cx_entry *model_copy_entry(struct arena *a, const struct cx_entry *e);

/* The entries a program holds for a pass over the whole input (citex.h's
 * cx_entries): copies in one arena, which the passes also allocate their
 * changes in (a merged field, a new key).  A pass that drops an entry
 * takes its pointer out of v and leaves its memory to the arena. */
struct cx_entries {
	struct arena a;
	struct cx_entry **v;
	size_t n, cap;
};

#endif
