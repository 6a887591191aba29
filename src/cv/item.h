/* cv/item.h - one publication between the stages: what the finder found and
 * the labeller labelled, before normalization makes an entry of it. */
#ifndef CX_CV_ITEM_H
#define CX_CV_ITEM_H

#include "core/arena.h"
#include "cv/label.h"
#include "citex.h"

/* What a heading says about the items under it. */
enum cv_hint { H_NONE, H_JOURNAL, H_CONFERENCE, H_PREPRINT, H_THESIS, H_WORKSHOP, H_BOOK,
               H_CHAPTER, H_REPORT, H_PATENT };

struct cv_item {
	cx_str seg[LAB_N];    /* each label's text, its segments joined by a space */
	unsigned line;        /* 1-based source line */
	enum cv_hint hint;
	int year;             /* the heading's year, or 0 */
	cx_str doi, url, arxiv; /* from links and structured data */
	cx_str abstract;
	uint8_t order[8];     /* the labels in the order their first tokens come */
	uint8_t norder;
};

/* What normalization needs from the read. */
struct cv_ctx {
	struct arena *a;
	struct cx_reader_ctx *c;
	cx_str owner;          /* "Given Family", or empty */
	int owner_warned;
	const struct lab_model *model;
};

/* Label the item text s (with markup bytes, enum cx_mark) into it->seg. */
void cv_label(struct cv_ctx *x, const char *s, size_t n, struct cv_item *it);

/* The entry for a labelled item, or NULL when it holds no title. */
struct cx_entry *cv_entry(struct cv_ctx *x, const struct cv_item *it);

/* x, sep and y joined in the arena (x or y alone when the other is empty). */
cx_str cv_cat(struct arena *a, cx_str x, const char *sep, cx_str y);

/* The page owner for an empty author slot, or the placeholder "[owner]"
 * with one warning a read. */
void cv_owner_name(struct cv_ctx *x, struct cx_name *out, unsigned line);

/* Report through the reader's diagnostic callback. */
void cv_diag(struct cv_ctx *x, enum cx_sev sev, enum cx_code code, unsigned line, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

#endif
