/* write/fmt.h - helpers shared by the writers (fmt_*.c) and the registry.
 *
 * Everything here reads the model and decides nothing format-specific:
 * small string tests, the loss report, and the DESIGN section 3 choices
 * that every writer applies the same way (publisher-like fields, arXiv
 * eprints, page ranges, thesis genres). */
#ifndef CX_FMT_H
#define CX_FMT_H

#include "core/str.h"
#include "citex.h"
#include "core/out.h"
#include "model/model.h"

/* A writer: one const struct in its own file plus one line in the registry
 * (registry.c). */
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

extern const struct cx_fmt cx_fmt_bibtex;
extern const struct cx_fmt cx_fmt_biblatex;
extern const struct cx_fmt cx_fmt_ris;
extern const struct cx_fmt cx_fmt_csljson;

/* Options of the run; an all-zero set when the caller gave none. */
const struct cx_options *fmt_opt(const struct cx_out *o);

/* A field is empty when its text and raw value are only white space. */
int fmt_empty(const struct cx_field *f);

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

/* Publisher-like fields (DESIGN 3): the first non-empty of publisher,
 * organization, institution, school, in that order; NULL when none. */
int fmt_publisher_like(enum cx_field_id id);
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

#endif
