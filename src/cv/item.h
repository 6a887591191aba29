/* cv/item.h - one publication between the stages: what the finder found and
 * the labeller labelled, before normalization makes an entry of it. */
#ifndef CX_CV_ITEM_H
#define CX_CV_ITEM_H

#include "core/arena.h"
#include "cv/label.h"
#include "citex.h"
#include "norm/venue.h"

/* What a heading says about the items under it. */
enum cv_hint { H_NONE, H_JOURNAL, H_CONFERENCE, H_PREPRINT, H_THESIS, H_WORKSHOP, H_BOOK,
               H_CHAPTER, H_REPORT, H_PATENT, H_ISSUE, H_EDITED };

struct cv_item {
	cx_str seg[LAB_N];    /* each label's text, its segments joined by a space */
	cx_str authors_marked; /* the author label's text with its markup (bold) */
	unsigned line;        /* 1-based source line */
	enum cv_hint hint;
	int year;             /* the heading's year, or 0 */
	cx_str doi, url, arxiv; /* from links and structured data */
	cx_str abstract;
	cx_str note;          /* awards the page wrote beside the reference */
	cx_str badge;         /* a page's venue badge */
	cx_str heading;       /* a heading's title the item's citation repeats: set before cv_label */
	int date_y, date_m, date_d; /* a date the item wrote apart */
	uint8_t order[8];     /* the labels in the order their first tokens come */
	uint8_t norder;
	const struct tok *tok; /* the tokens and their labels, as labelled */
	const uint8_t *lab;
	size_t ntok;
};

/* What normalization needs from the read. */
struct cv_ctx {
	struct arena *a;
	struct cx_reader_ctx *c;
	cx_str owner;          /* "Given Family", or empty */
	int owner_warned;
	const struct lab_model *model;
	int lists;             /* a publication list (cv): an item without authors is its owner's */
	const struct cx_field *last_authors; /* the authors of the item before, for a run of dashes */
};

/* Label the item text s (with markup bytes, enum cx_mark; '\n' between the
 * lines of a block) into it->seg.  roles: each line's role (enum role), or
 * NULL; lines: read it as a block of a page (feat_seq), not as a reference
 * string alone.  The labels read it->heading, if set. */
/* Is the token (p, n) an arXiv identifier ("arXiv:1706.03762",
 * "1706.03762v2", "hep-ph/0502182"), brackets and punctuation aside? */
int cv_arxiv_token(const char *p, size_t n);
void cv_label(struct cv_ctx *x, const char *s, size_t n, const uint8_t *roles, int lines, struct cv_item *it);

/* The entry for a labelled item, or NULL when it holds no title. */
struct cx_entry *cv_entry(struct cv_ctx *x, const struct cv_item *it);

/* x, sep and y joined in the arena (x or y alone when the other is empty). */
cx_str cv_cat(struct arena *a, cx_str x, const char *sep, cx_str y);

/* The page owner for an empty author slot, or the placeholder "[owner]"
 * with one warning a read. */
void cv_owner_name(struct cv_ctx *x, struct cx_name *out, unsigned line);

/* A venue string read (cv/venue.c). */
struct venue_out {
	cx_str name, acronym, school, note, status_note, arxiv, doi, url, volume, number, pages;
	int year, month, day;
	enum venue_kind kind;
	int status;        /* 0 published, 1 submitted, 2 in submission/review, 3 to appear */
	int preprint;      /* a preprint server; with a thesis, 1 master's, 2 bachelor's */
	int report;        /* a technical report: institution in school, number */
	int short_year;    /* written with a short year ("OSDI '25") */
	int tag_year;      /* the year stood in a closing parenthesis ("(ICML 2022)") */
	int known;         /* name and acronym are the venue table's */
	cx_str written;    /* the venue as written, without ids, notes and status */
};

/* Read a venue as a CV writes it into o: identifiers, rank labels and
 * awards, a status, numbers, the date, a thesis or report, and the venue
 * table's row. */
void cv_read_venue(struct cv_ctx *x, cx_str venue_in, struct venue_out *o);

/* Pull identifiers out of s (URL spans, bare URLs, DOIs, arXiv ids) into o;
 * the text left is without them. */
void cv_take_ids(struct cv_ctx *x, char *s, size_t *n, struct venue_out *o);

/* Report through the reader's diagnostic callback. */
void cv_diag(struct cv_ctx *x, enum cx_sev sev, enum cx_code code, unsigned line, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* Does the last word of a journal's name take a stop ("Nano Lett.")?
 * (cv/venue.c) */
int cvd_abbrev_stop(cx_str name);

#endif
