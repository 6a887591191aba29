/* csl/session.h - the session's state, shared by its stages (sort.c,
 * disamb.c, cite.c, session.c). */
#ifndef CX_CSL_SESSION_H
#define CX_CSL_SESSION_H

#include "csl/csl.h"

struct UCollator;

struct csl_session {
	const struct csl_style *st;
	const struct csl_locale *L;
	struct arena a;          /* lives as long as the session */
	struct arena tmp;        /* one render; reset after each */
	struct csl_item **items; /* input order */
	size_t n;
	struct csl_item **bib;   /* bibliography order (in a) */
	size_t nbib;
	struct csl_item **cited; /* citation order, when given (in a) */
	size_t ncited;
	struct UCollator *coll;
	int uses_ys;             /* the style renders year-suffix itself */
	int uses_dis_cond;       /* the citation tests disambiguate="true" */
	enum csl_pos dis_pos;    /* the position disambiguation renders cites in */
	/* subsequent-author-substitute: the previous entry's names */
	struct buf sas_prev;     /* NUL-terminated; empty: none */
	/* its names one by one, each NUL-terminated, for the rules that
	 * compare names (complete-each, partial-each, partial-first) */
	struct buf sas_each;
	size_t sas_neach;
	struct buf out;          /* the last rendered string */
	struct buf names;        /* one name list being joined (names.c) */
	/* citations: the history for positions */
	struct posstream {       /* the previous citation, for ibid */
		struct csl_item *item;   /* its last cite's item */
		const char *locator, *label;
		int note;                /* its note number */
		int single;              /* its note cites one item only */
	} stream[2];             /* notes; in-text citations of a note style */
	struct hist { struct csl_item *it; int note; } *hist;
	size_t nhist, caphist;
	int prepared;
	/* the next date range rendered takes the affixes of the style's
	 * range_end (date.c): citeproc-js gives them to the first range it
	 * renders, the citations it makes of every item first */
	int range_fresh;
	int tagged;              /* bibliography entries mark their spans (CM_TAG) */
	const char *hl_family, *hl_given; /* --highlight */
	struct buf pool[64];     /* scratch buffers by nesting depth (render.c) */
	size_t depth;
};

const char *csl_year_suffix(struct arena *a, int n);
const char *csl_var_value(struct csl_render *r, int v, int form_short);
void csl_render_init(struct csl_render *r, struct csl_session *S, const struct csl_context *ctx,
                     struct csl_item *it, const struct csl_cite *cite);

/* sort.c */
void csl_sort_items(struct csl_session *S, const struct csl_context *ctx, struct csl_item **v,
                    size_t n, const struct csl_cite *cites);
int csl_collate(struct csl_session *S, const char *a, const char *b);
void csl_sort_cites(struct csl_session *S, struct csl_cite *c, size_t n);
/* disamb.c */
void csl_disambiguate(struct csl_session *S);
/* cite.c: the citation of one item, plain, for disambiguation */
const char *csl_cite_plain(struct csl_session *S, struct csl_item *it);

#endif
