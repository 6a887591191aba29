/* authors.h - the state the author-list grammar (grammar/authors.y) and
 * its lexer and actions (src/cv/authors.c) share.  Private to those two. */
#ifndef CX_CV_AUTHORS_H
#define CX_CV_AUTHORS_H

#include "cv/cv.h"

/* Slot under construction: word spans are offsets into the input. */
struct au_slot {
	size_t first, last;  /* byte span of the words; first == last: none */
	size_t abeg, aend;   /* the last annotation, without parentheses */
	unsigned bold : 1, equal : 1, others : 1, has_words : 1;
	unsigned macro : 1;   /* held a command of the page's own ("\\me"): a name */
	int sep;             /* separator that ended it: ',' ';' or 'a' (and) */
};

struct au_state {
	struct arena *a;
	const char *s;
	size_t n, pos;
	int bold;            /* inside CX_M_BOLD_ON ... OFF */
	struct au_slot *v;
	size_t nv, cap;
	struct au_slot cur;
	int equal_note;
	int last_sep;
};

/* The lexer and the grammar's actions, in src/cv/authors.c. */
int cx_aulex(cx_str *lval, struct au_state *S);
void cx_auerror(struct au_state *S, const char *msg);
void au_word(struct au_state *S, cx_str w);
void au_mark(struct au_state *S, cx_str m);
void au_annot(struct au_state *S, cx_str t);
void au_end_slot(struct au_state *S, int sep);

#endif
