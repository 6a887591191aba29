/* write/fmt.h - helpers shared by the writers (fmt_*.c) and the registry.
 *
 * Everything here reads the model and decides nothing format-specific:
 * small string tests, the loss report, and the DESIGN section 3 choices
 * that every writer applies the same way (publisher-like fields, arXiv
 * eprints, page ranges, thesis genres). */
#ifndef CX_FMT_H
#define CX_FMT_H

#include <stdint.h>

#include "core/str.h"
#include "citex.h"
#include "core/out.h"
#include "model/model.h"

/* A writer: one const struct in its own file plus one line in the registry
 * (registry.c). */
struct cx_fmt {
	const char *name; /* "bibtex", "biblatex", "ris", "csl-json" */
	const char *ext;  /* file extension for batch mode */
	/* BibTeX's own dialects: they hold @string, @preamble, @comment,
	 * @xdata and @set, keep a BibTeX source's values as written, and
	 * keep the old keys as ids when --keys renames them. */
	unsigned bibtex_family : 1;
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
 * only in BibTeX; @xdata and @set are no records anywhere else (a set's
 * members are written on their own; --report-loss says so). */
int cx_fmt_holds(const struct cx_fmt *f, const struct cx_entry *e, struct cx_out *o);
/* Write e to o in format f after the separator, when f holds its kind;
 * counts it in o->count.  Returns 1 when written. */
int cx_fmt_write(const struct cx_fmt *f, const struct cx_entry *e, struct cx_out *o);

extern const struct cx_fmt cx_fmt_bibtex;
extern const struct cx_fmt cx_fmt_biblatex;
extern const struct cx_fmt cx_fmt_ris;
extern const struct cx_fmt cx_fmt_csljson;
extern const struct cx_fmt cx_fmt_cslyaml;
extern const struct cx_fmt cx_fmt_hayagriva;
extern const struct cx_fmt cx_fmt_mods;

/* Options of the run; an all-zero set when the caller gave none. */
const struct cx_options *fmt_opt(const struct cx_out *o);

/* A field is empty when its text and raw value are only white space.
 * Inline: every writer asks it of every field, and most values start
 * with a letter. */
static inline int fmt_empty(const struct cx_field *f)
{
	if (f->nnames || f->date.year[0] || f->date.literal.n)
		return 0;
	for (size_t i = 0; i < f->text.n; i++)
		if (!str_space((unsigned char)f->text.p[i]))
			return 0;
	for (size_t i = 0; i < f->raw.n; i++)
		if (!str_space((unsigned char)f->raw.p[i]))
			return 0;
	return 1;
}

/* The field's name for labels: the source name, else the BibTeX column. */
cx_str fmt_field_name(const struct cx_field *f);
/* The name a field is kept under (CSL "custom", RIS N1 notes): the BibTeX
 * column for a known field, so eprinttype and archiveprefix are one name
 * whichever the source spelled, except when the entry has two fields with
 * that id; then, and for unknown fields, the source name. */
cx_str fmt_label(const struct cx_entry *e, const struct cx_field *f);
/* The entry came from a BibTeX-family reader (keeps order and spelling). */
int fmt_from_bibtex(const struct cx_entry *e);

/* Report that a target cannot hold a field (CX_NOTE, CX_E_LOSS), only
 * with --report-loss and a diagnostic sink.  f may be NULL: the entry's
 * position is used. */
void fmt_loss(struct cx_out *o, const struct cx_entry *e, const struct cx_field *f,
              const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* The text that an unknown LaTeX command kept raw (a CX_M_RAW span's
 * content) stands for in a format without LaTeX (latex_raw_text); its
 * first use in each file is reported as a warning at the field. */
/* A name and what it stands for, in the writers' lookup tables. */
struct fmt_pair {
	const char *key, *value;
};
/* The pair of t (n of them) whose key is s, ignoring case; NULL if none. */
const struct fmt_pair *fmt_pair_find(const struct fmt_pair *t, size_t n, cx_str s);
#define FMT_PAIRS(t) (t), sizeof(t) / sizeof *(t)

/* Is the entry a journal article or a paper in a book or proceedings,
 * with its container named (not a preprint on arXiv alone)? */
int fmt_in_container(const struct cx_entry *e);

/* The seasons' names, for the months 13 to 16 of a date. */
extern const char *const fmt_season_name[4];

/* A value that stands in for a field the entry lacks (DESIGN 3): an
 * arXiv eprint's publisher "arXiv" (id CX_F_PUBLISHER) and abs URL
 * (CX_F_URL), the genre a thesis or report type gives (CX_F_TYPE).  The
 * value is prefix followed by text. */
struct fmt_synth {
	enum cx_field_id id;
	const char *prefix;
	cx_str text;
};

/* The formats whose fields have homes (fmt_home); FMT_NONE, BibTeX's,
 * writes each field under its own name. */
enum fmt_target { FMT_CSL, FMT_RIS, FMT_NONE };
struct fmt_home;

/* Every field of e to field(ctx, f, h): the known ones in the order of
 * the table (each id's in source order), then the unknown ones in source
 * order; h is f's home in target, NULL for an empty field or FMT_NONE.
 * synth(ctx, s), when not NULL, is called with each value that stands in
 * for a missing field, after the fields of its id. */
void fmt_each(const struct cx_entry *e, enum fmt_target target,
              void (*field)(void *ctx, const struct cx_field *f, const struct fmt_home *h),
              void (*synth)(void *ctx, const struct fmt_synth *s), void *ctx);
/* The same with the entry's index (fmt_index_init) made by the caller. */
struct fmt_index;
void fmt_each_in(const struct cx_entry *e, const struct fmt_index *ix, enum fmt_target target,
                 void (*field)(void *ctx, const struct cx_field *f, const struct fmt_home *h),
                 void (*synth)(void *ctx, const struct fmt_synth *s), void *ctx);
/* Does the space after an unknown command's span go (raw: the span, r:
 * its text, space_before: a space precedes it)?  After a control word
 * with no argument that renders as a hyphen (\hyphen), as TeX skips it;
 * after a command that renders as nothing between two spaces, so that one
 * is left. */
int fmt_raw_eats_space(cx_str raw, cx_str r, int space_before);
cx_str fmt_raw_text(struct cx_out *o, struct arena *a, const struct cx_entry *e,
                    const struct cx_field *f, cx_str raw);
/* A name list as one string, "von Family, Given and ... and others", for a
 * note or a custom field. */
cx_str fmt_names_text(struct arena *a, const struct cx_field *f);
/* Text without markup for a format that has none (RIS): raw spans as
 * fmt_raw_text renders them, math as $...$, the other marks dropped. */
cx_str fmt_plain(struct cx_out *o, struct arena *a, const struct cx_entry *e,
                 const struct cx_field *f, cx_str text);

/* The publisher (DESIGN 3): the first non-empty of publisher,
 * organization, institution, school and howpublished (one that is not a
 * URL), in that order; NULL when none. */
const struct cx_field *fmt_publisher(const struct cx_entry *e);

/* arXiv eprint (DESIGN 3): nonzero when the entry's eprint is an arXiv
 * identifier, either by eprinttype/archiveprefix or by its shape when no
 * type is given.  *id receives the identifier without an "arXiv:" prefix. */
int fmt_arxiv(const struct cx_entry *e, cx_str *id);

/* Split a page range at its dash (-, --, en dash, em dash): nonzero when
 * the text is one range, with *first and *last set; a list ("1, 5-7") or
 * a single page is not split. */
int fmt_pages_split(cx_str text, cx_str *first, cx_str *last);

/* The genre label for a thesis or report: from the type field when there
 * is one (biblatex keys such as "mathesis" become their English label),
 * else "PhD thesis" / "Master's thesis" from the entry type; nothing when the
 * entry has none.  Returns nonzero when there is a genre; *label may be
 * the field's text (with markup) or a static string; *from is set to the
 * type field used, or NULL. */
int fmt_genre(const struct cx_entry *e, cx_str *label, const struct cx_field **from);

/* The English string of a biblatex localisation key (mathesis, inpress,
 * countryfr, newseries); any other text comes back as it is. */
cx_str fmt_key_label(cx_str s);

/* A type field that names a biblatex localisation key (phdthesis,
 * mathesis, techreport...): the value says what the type table already
 * says, so BibTeX output folds it into the entry type. */
int fmt_type_is_key(const struct cx_field *f);

/* Is the entry type one CSL calls an article (NUMBER becomes "issue")? */
int fmt_is_article(const struct cx_entry *e);

/* Does a year, month or day field say what e->issued says?  Such a field
 * beside a date field is redundant, not a second value. */
int fmt_date_agrees(const struct cx_entry *e, const struct cx_field *f);

/* Number of fields with this id, not counting empty ones. */
size_t fmt_count(const struct cx_entry *e, enum cx_field_id id);

/* ---- home.c: where a field goes in CSL-JSON and RIS ---------------------- */


enum fmt_role {
	FR_VALUE,    /* its text under `name`: rich where the kind is text */
	FR_NAMES,    /* a name list */
	FR_DATE,     /* a date of its own (urldate, eventdate, origdate) */
	FR_ISSUED,   /* year, month, day or date: the entry's issued date */
	FR_PAGES,    /* a page range */
	FR_LIST,     /* a keyword list */
	FR_GENRE,    /* fmt_genre's label */
	FR_ARXIV,    /* the arXiv number, "arXiv:ID" */
	FR_LANGUAGE, /* a BCP 47 tag made from a language name */
	FR_DONE,     /* said with another field: nothing to write */
	FR_KEEP,     /* no home: CSL-JSON custom, an RIS N1 note; the last */
};

struct fmt_home {
	enum fmt_role role;
	const char *name;   /* the CSL variable or RIS tag ("" for none) */
	unsigned url : 1;   /* a URL in a text field: written without markup */
	unsigned list : 1;  /* a biblatex list ("Durham and London"): items
	                       apart, each a localisation key resolved */
	unsigned key : 1;   /* a localisation key resolved (inpress) */
	const char *prefix; /* written before the value (an eprint's URL base), or NULL */
	/* Fields whose text follows this one's, each after its separator
	 * (fmt_sep): a subtitle, a title addon, a volume's part, biblatex's
	 * issue after the number, an addendum after the note. */
	size_t nmore;
	const struct cx_field *more[3];
	const char *sep[3];
};

/* An entry's fields by id, made once for the homes of all its fields:
 * for each id with a non-empty field, the first, its own before a
 * parent's (through crossref). */
struct fmt_index {
	uint64_t has[2];                           /* ids as bits */
	const struct cx_field *first[CX_F__COUNT]; /* set where has says */
};
void fmt_index_init(struct fmt_index *ix, const struct cx_entry *e);
/* Has the entry a non-empty field with id (below CX_F__COUNT)? */
static inline int fmt_index_has(const struct fmt_index *ix, enum cx_field_id id)
{
	return ix->has[id >> 6] >> (id & 63) & 1;
}

/* The home of field f of entry e in target t.  The writers dispatch on
 * the role and use the name; ids are looked at here and nowhere else. */
void fmt_home(const struct cx_entry *e, const struct cx_field *f, enum fmt_target t,
              struct fmt_home *h);
/* The same with the entry's index made already (fmt_each). */
void fmt_home_in(const struct cx_entry *e, const struct fmt_index *ix, const struct cx_field *f,
                 enum fmt_target t, struct fmt_home *h);
/* The separator to write between text `before` and a joined field: sep,
 * or " " where the text ends in punctuation that says it ("Why?" and a
 * subtitle, "Title." and an addon). */
const char *fmt_sep(cx_str before, const char *sep);
/* A BOOK, EDBOOK or RPRT has its series in RIS T2 (EndNote, Zotero). */
int fmt_series_in_t2(const struct cx_entry *e);
/* A howpublished that is a URL, in an entry with no url field. */
int fmt_howpublished_url(const struct cx_entry *e, const struct cx_field *f);

#endif
