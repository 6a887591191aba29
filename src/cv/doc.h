/* cv/doc.h - the publication-list reader's own declarations, shared by its
 * stages: the line model (text.c, html.c, tex.c, lines.c), the finder
 * (finder.c), the rule-based reading of an item (citation.c, venue.c) and the
 * reader (reader.c). */
#ifndef CX_CV_DOC_H
#define CX_CV_DOC_H

#include "cv/cv.h"
#include "cv/input.h"
#include "cv/item.h"
#include "model/model.h"
#include "norm/context.h"
#include "norm/keys.h"
#include "core/diag.h"
#include "norm/norm.h"
#include "norm/venue.h"

enum sec { SEC_NONE, SEC_PUB, SEC_OTHER };
/* A section title can say what its items are ("Journal Articles"). */


struct cv_line {
	char *s;        /* text with inline markup, trimmed */
	size_t n;
	unsigned line;  /* 1-based source line */
	int heading;    /* 1..6 for a heading, else 0 */
	int marker;     /* 'n' numbered, 'b' bulleted, else 0 */
	int blank;      /* 1 blank, 2 a rule */
	unsigned rec;   /* the page record it belongs to (1-based), or 0 */
	int role;       /* enum role */
	unsigned indent; /* in plain text: the columns before its text, or the
	                    text after its marker */
};

/* A record of a web page: one publication, as the page's structure says. */
struct cv_rec {
	int year;          /* from a class "year-2023" */
	enum cv_hint hint; /* from a class "pubtype-2" */
	cx_str id;         /* the first element id inside it */
};

/* One item as found, before its fields are read. */
struct cv_raw {
	unsigned line;
	cx_str text;          /* its lines, '\n' between them, with markup */
	uint8_t *roles;       /* each line's role (enum role), or NULL */
	cx_str extra;         /* rows of links set apart: identifiers come from them */
	cx_str abstract, date; /* date: a line that was only the item's date */
	cx_str badge;         /* a page's venue badge (al-folio's abbr) */
	cx_str title;         /* a heading's title its citation repeats, or "" */
	int rec_year;         /* the year of its heading or page record */
	unsigned rec;         /* the page record, or 0 */
	enum cv_hint hint;
	int strict;           /* found outside a publication heading */
	struct cv_item *item; /* the labeller's reading */
};

/* Strings collected from a page, each with its source line. */
struct cv_strs {
	cx_str *v;
	unsigned *line;
	size_t n, cap;
};
void cvd_strs_push(struct arena *a, struct cv_strs *s, cx_str t, unsigned line);

struct cv {
	struct cx_reader_ctx *c;
	struct arena a;
	int latex;                 /* text came through latex_decode */
	int html;                  /* lines came from a web page's tree */
	size_t width;              /* the longest line of a text: the width it is wrapped at */
	struct cv_line *l;
	size_t nl, capl;
	struct cv_raw *raw;
	size_t nraw, capraw;
	struct cv_rec *rec;        /* page records, 1..nrec */
	size_t nrec;
	struct cx_entry **ent;
	char **ekey;               /* each entry's item text, folded */
	size_t nent, capent;
	size_t found;              /* items found in publication sections */
	cx_str owner;              /* "Given Family", or empty when unknown */
	cx_str page_owner;         /* the Person a page's JSON-LD is about */
	struct cv_strs coins;      /* a page's COinS (title attributes) */
	struct cv_strs meta;       /* its citation_* meta tags: name, content, ... */
	struct cv_strs jsonld;     /* its JSON-LD scripts */
	int owner_from_option;
	int owner_warned;
	const struct lab_model *model; /* the labeller's, or NULL */
	struct lab_model model_mem;
};

struct linemap {
	unsigned *v;        /* v[k]: source line of converted line k (0-based) */
	size_t n, cap;
	size_t scanned;     /* converted bytes already looked at */
	const char *lp;     /* source position counted so far */
	unsigned ln;        /* its line */
};

struct ymd {
	int y, m, d;
};





/* A page's YAML front matter (front.c): its top-level keys, each with
 * its values (one for a scalar, one each for a sequence's items); a
 * nested mapping's keys as "parent.key". */
struct cv_fm_pair {
	cx_str key;
	cx_str *v;
	size_t n, cap;
	unsigned line;
};
struct cv_front {
	struct cv_fm_pair *p;
	size_t n, cap;
};
/* Read the front matter that opens s ("---" lines around YAML): the
 * bytes it takes, or 0 when s opens with none. */
size_t cvd_front_read(struct arena *a, const char *s, size_t n, struct cv_front *f);
/* The pair of that key with a value at least, or NULL. */
const struct cv_fm_pair *cvd_front_get(const struct cv_front *f, const char *key);
/* Does the front matter describe a publication: a title, and authors,
 * a venue, a citation, a DOI or a publication type? */
int cvd_front_pub(const struct cv_front *f);
/* The publication a page's front matter describes, or NULL when it
 * describes none (front.c). */
struct cx_entry *cvd_front_entry(struct cv *v, const struct cv_front *f);

cx_str cvd_S(const char *p, size_t n);
int cvd_award_words(cx_str t);
/* Add one line of the line model (text with markup, no Markdown). */
void cvd_add_line(struct cv *v, const char *s, size_t n, unsigned line, int heading, int marker,
                  unsigned rec, int role);
/* A web page to lines, with its records (page.c). */
void cvd_page_lines(struct cv *v, const char *s, size_t n);
void cvd_build_lines(struct cv *v, const char *text, size_t n, const unsigned *map, size_t nmap);
void cvd_cut(char *s, size_t *n, size_t i, size_t len);
int cvd_date_line(cx_str s, struct ymd *out);
void cvd_detect_owner(struct cv *v);
cx_str cvd_field_text(struct arena *a, cx_str s, int keep_marks);
long cvd_find_ci(cx_str s, const char *lit, int word);
int cvd_find_short_year(cx_str s);
int cvd_find_year(cx_str s, size_t *at);
int cvd_has_ci(cx_str s, const char *lit);
int cvd_ieqn(const char *a, const char *b, size_t n);
int cvd_is_label(const char *p, size_t n);
int cvd_is_sp(int c);
int cvd_label_word(const char *p, size_t n);
void cvd_latex_to_text(const char *s, size_t n, struct buf *out, struct linemap *lm);
int cvd_links_only(cx_str s);
void cvd_lm_track(struct linemap *m, const struct buf *out, const char *p);
size_t cvd_month_at(const char *p, size_t n, int *m);
const char *cvd_opt_owner(const struct cx_reader_ctx *c);
int cvd_owner_match(struct cv *v, cx_str name);
cx_str cvd_plain(struct arena *a, cx_str s);
/* s without its URL spans and bracketed link labels; the URLs go to *links. */
cx_str cvd_unlinked(struct arena *a, cx_str s, cx_str *links);
cx_str cvd_tex_spans(struct arena *a, cx_str s);
size_t cvd_rank_at(const char *s, size_t n, size_t i);
enum sec cvd_sec_class(cx_str t, enum cv_hint *hint);
void cvd_segment(struct cv *v);
cx_str cvd_trim(cx_str s);
cx_str cvd_trim_punct(cx_str s, const char *punct);
void cvd_v_diag(struct cv *v, enum cx_sev sev, enum cx_code code, unsigned line,
                    const char *fmt, ...);
int cvd_venue_words(cx_str s);
size_t cvd_words_in(cx_str s);
int cvd_year_at(const char *p, size_t n, size_t i);
/* Entries from the page's COinS, citation_* meta tags and JSON-LD
 * (meta.c), each handed to emit. */
void cvd_page_data(struct cv *v, void (*emit)(void *, struct cx_entry *), void *ctx);
/* The BibTeX blocks of a web page, one after the other; how many. */
size_t cvd_html_bibtex(const char *s, size_t n, struct buf *out);
/* A LaTeX CV's own item macros (\pub{2023}{Title}{Venue}{Authors}{DOI})
 * rewritten as \item lines into out; how many calls were rewritten (0: out
 * is left empty). */
size_t cvd_latex_macros(struct cv *v, const char *s, size_t n, struct buf *out);

/* What a page writes into an item besides the reference (noise.c). */
struct item_noise {
	cx_str abstract;   /* a one-line summary or a teaser of the abstract */
	cx_str note;       /* awards and presentation notes */
};
/* The item text without its summaries, awards and link labels (the first
 * two go to out); *roles_out: the roles of the lines kept (NULL when
 * roles is). */
cx_str cvd_item_clean(struct arena *a, cx_str text, const uint8_t *roles, uint8_t **roles_out,
                      struct item_noise *out);
/* Is s an award or a presentation note and nothing else ("Best Paper
 * Award", "Oral", "Spotlight (top 5%)")? */
int cvd_award_note(cx_str s);

#endif
