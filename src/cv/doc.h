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

/* The learned finder's labels of a block (a line of the line model): the
 * heading of a publication section (or of a group inside one) or of another
 * section, an item's first block, a block that continues it, text beside it
 * (links, abstract, a note: kept apart), and text that is no item, inside
 * a publication section or elsewhere. */
#define BLK_LIST(X) \
	X(HEAD_PUB, "head-pub") X(HEAD_OTHER, "head-other") X(START, "start") X(CONT, "cont") \
	X(SIDE, "side") X(OTHER_PUB, "other-pub") X(OTHER, "other")
enum blk {
#define BLK_ENUM(id, name) BLK_##id,
	BLK_LIST(BLK_ENUM)
#undef BLK_ENUM
	BLK_N
};
extern const char *const blk_names[BLK_N];
/* At most this many features a block. */
#define BLK_FEAT 112
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
	unsigned idx;   /* its index in the document's lines */
	uint32_t box;   /* on a web page: the tag and class of the element that
	                   holds it, and of that element's parent (hashed) */
};

/* What the rule-based finder made of a line (cvd_segment, when the reader
 * asks: v->rule), a feature of the learned finder: the low bits a mark,
 * RM_SEC times the section it was read in (enum sec). */
enum { RM_NONE, RM_HEAD_PUB, RM_HEAD_OTHER, RM_START, RM_CONT, RM_SIDE, RM_SEC = 8 };

/* A record of a web page: one publication, as the page's structure says. */
struct cv_rec {
	int year;          /* from a class "year-2023" */
	enum cv_hint hint; /* from a class "pubtype-2" */
	cx_str id;         /* the first element id inside it */
};

/* One item as found, before its fields are read. */
struct cv_raw {
	unsigned line;
	size_t idx;           /* the index of its first line in the line model */
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

/* A diagnostic held while the rules read for the learned finder. */
struct cv_held {
	enum cx_sev sev;
	enum cx_code code;
	unsigned line;
	char *msg;
};

/* A publication section of a LaTeX CV in which no written item was
 * found: reported once its \fullcite commands are read, and only if no
 * entry was cited in it. */
struct cv_empty_sec {
	unsigned from, to;         /* its heading's line, the line that closes it (0: the end) */
	char *msg;
};

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
	cx_str page_owner;         /* the Person a page's JSON-LD is about, or a LaTeX CV's \name */
	struct cv_strs coins;      /* a page's COinS (title attributes) */
	struct cv_strs meta;       /* its citation_* meta tags: name, content, ... */
	struct cv_strs jsonld;     /* its JSON-LD scripts */
	int owner_from_option;
	int owner_warned;
	const struct lab_model *model; /* the labeller's, or NULL */
	struct lab_model model_mem;
	uint8_t *rule;             /* each line's RM_* marks, or NULL */
	int quiet;                 /* the rules read for the learned finder: their
	                              diagnostics are held (held), and said if
	                              their items are the ones used */
	struct cv_held *held;
	size_t nheld, capheld;
	struct cv_empty_sec *empty; /* a LaTeX CV's sections with no written item */
	size_t nempty, capempty;
	struct cv_raw *rules_raw;  /* the rules' items, held the same way */
	size_t rules_nraw, rules_capraw;
	const struct lab_model *finder; /* the finder's model, or NULL: rules alone */
	struct lab_model finder_mem;
	unsigned *srcline;         /* a LaTeX CV with its \input files in place:
	                              the CV's own line of each line (the
	                              \input's for an input file's), or NULL */
	size_t nsrcline;
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
 * bytes it takes, or 0 when s opens with none.  Its YAML errors go to
 * diags (the block then has no pairs). */
size_t cvd_front_read(struct arena *a, const char *s, size_t n, struct cv_front *f, struct cx_diags *diags);
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
                  unsigned rec, int role, uint32_t box);
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
void cvd_latex_to_text(const char *pre, size_t npre, const char *s, size_t n, struct buf *out, struct linemap *lm);
/* The owner a LaTeX CV names with its class's commands: \name{Given}{Family}
 * (awesome-cv, moderncv), \name{Given Family} (res), \firstname and
 * \familyname, or \author; empty when it names none. */
cx_str cvd_tex_owner(struct arena *a, const char *s, size_t n);
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
int cvd_status_words(cx_str t);
void cvd_segment(struct cv *v);
/* Long prose: an abstract, or the page talking about its owner. */
int cvd_prose(cx_str p);
/* Does the labeller read s alone as a whole citation (finder.c)? */
int cvd_cites(struct cv *v, cx_str s);
/* The bold span a line opens with, as plain text, or "" (finder.c). */
cx_str cvd_lead_bold(struct arena *a, const struct cv_line *L);
/* The label a line opens with ("Blog: ...", "Selected papers: ..."), or "". */
cx_str cvd_lead_label(struct arena *a, const struct cv_line *L);
/* The rule finder's grouper, for the learned finder's items (finder.c):
 * its state (outside a publication section, the section's hint, a year
 * heading's year); an item of lines C[0..nc), through the rule finder's
 * hands, to v->raw; a block beside the item r. */
struct grouper;
struct grouper *cvd_grouper(struct cv *v);
void cvd_group_state(struct grouper *g, int strict, enum cv_hint hint, int year);
void cvd_group_item(struct grouper *g, const struct cv_line *C, size_t nc);
void cvd_side_text(struct cv *v, struct cv_raw *r, const struct cv_line *L);
/* A line that is only a year (a list's year heading): the year, or 0. */
int cvd_year_only(struct cv *v, const struct cv_line *L);
/* Find the items of v: the learned finder, or the rules alone when v has
 * no finder model (blocks.c). */
void cvd_find(struct cv *v);
/* The blocks of v (its non-blank lines) with their features, the rule
 * finder's reading among them (v->rule); cvd_blocks_free frees them.  How
 * many. */
struct cv_blocks {
	size_t n;
	size_t *seq;      /* seq[k]: the line of block k */
	uint32_t *f;      /* BLK_FEAT a block */
	uint8_t *nf;
	uint8_t *facts;   /* BF_* of each block */
};
/* What a block holds, as the labeller reads it alone (half its words or
 * more a title, authors, a venue), a year, all of a reference, prose,
 * the page's owner talking ("I", "my"), a label that names another
 * section ("Blog: ...", "**Talks** ..."). */
enum { BF_TITLE = 1, BF_AUTHORS = 2, BF_VENUE = 4, BF_YEAR = 8, BF_REF = 16, BF_PROSE = 32, BF_FIRST = 64,
       BF_OTHERSEC = 128 };
size_t cvd_blocks(struct cv *v, struct cv_blocks *b);
/* The items of the blocks b the learned finder labelled blab (assemble.c). */
void cvd_assemble(struct cv *v, const struct cv_blocks *b, const uint8_t *blab);
/* Marks a reference has once, and years, in plain text p (blocks.c):
 * different DOIs; outside URLs, page ranges, quoted titles and years. */
struct cv_marks {
	unsigned dois, pages, quoted, years;
};
void cvd_ref_marks(struct arena *a, cx_str p, struct cv_marks *m);
/* Each block's label (enum blk) by the finder's model m. */
void cvd_label_blocks(struct cv *v, const struct lab_model *m, const struct cv_blocks *b, uint8_t *lab);
void cvd_blocks_free(struct cv_blocks *b);
/* The compiled-in finder model (data/finder.model), or NULL when the build
 * has none. */
const struct lab_model *cvd_finder_builtin(struct lab_model *m);
/* For the finder's training (tools/train_finder.c): the document in f as
 * the reader reads it, to its blocks, handed to fn with the line model; 0,
 * or -1 when the reader would not look for blocks in it (a bibliography,
 * one reference a line; an input it refuses). */
typedef void cv_blocks_fn(void *ctx, struct cv *v, const struct cv_blocks *b);
int cv_page_blocks(struct cx_reader_ctx *c, FILE *f, cv_blocks_fn *fn, void *ctx);
cx_str cvd_trim(cx_str s);
cx_str cvd_trim_punct(cx_str s, const char *punct);
void cvd_v_diag(struct cv *v, enum cx_sev sev, enum cx_code code, unsigned line,
                    const char *fmt, ...);
/* The diagnostics held while v was quiet, said now. */
void cvd_v_replay(struct cv *v);
/* A LaTeX CV's publication sections in which no written item was found,
 * said now: those of them in which no line of cited (an entry read for a
 * \fullcite there) is. */
void cvd_empty_sections(struct cv *v, const unsigned *cited, size_t ncited);
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
/* The length of the one-line summary's label s opens with ("TL;DR: "), or 0. */
size_t cvd_tldr(cx_str s);

#endif
