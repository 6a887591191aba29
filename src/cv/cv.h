/* cv/cv.h - the author-list grammar (grammar/authors.y) as the cv reader uses it.
 *
 * A CV writes authors the way people type them: "A, B, and C", "A and B",
 * "A & B", "Zhao, L., Krishnamurthy, A.", with marks the page adds ("*",
 * dagger, bold for the owner, "(Advisor)", "(*co-first authors)", "et al.")
 * and sometimes an empty slot where the owner's own name was dropped
 * (", Zhaozhuo Xu*, ...").  au_parse reads such a string into slots; au_split
 * turns one written name into a struct cx_name.  Everything lives in the
 * arena passed in. */
#ifndef CX_CV_H
#define CX_CV_H

#include "core/arena.h"
#include "citex.h"
#include "model/model.h"

/* One slot of an author list, as written. */
struct au_name {
	cx_str text;          /* the name without marks, annotations or bold */
	cx_str annot;         /* "(Advisor)" without parentheses, or empty */
	unsigned bold : 1;    /* written in bold (CX_M_BOLD_* marks) */
	unsigned equal : 1;   /* '*', dagger or '#': equal contribution */
	unsigned empty : 1;   /* an empty slot: the owner's dropped name */
	unsigned others : 1;  /* "et al." / "and others" */
	unsigned family_first : 1; /* text is "Family, Given" */
};

struct au_list {
	struct au_name *v;
	size_t n;
	unsigned vancouver : 1;  /* every name is "Family INITIALS" (Zhao LY) */
	unsigned equal_note : 1; /* an annotation spoke of co-first/equal authors */
};

/* Parse an author list.  Returns 0, or -1 when the grammar rejects the
 * string (the list is then empty). */
int au_parse(struct arena *a, const char *s, size_t n, struct au_list *out);

/* Split one written name (an au_name's text) into family/given/particle/
 * suffix.  East Asian script is kept whole as a literal; "Family, Given" and
 * Vancouver "Family INITIALS" are read as such; otherwise the last word is
 * the family name and the rest the given names, as written. */
void au_split(struct arena *a, cx_str s, int family_first, int vancouver, struct cx_name *out);

/* Is w one initial or a run of initials ("L.", "J.-P.", "T.S.", "A")? */
int au_is_initials(cx_str w);

/* Does the string look like one personal name (1-5 capitalised words or
 * initials, no digits)?  Used to tell an author list from a title. */
int au_name_like(const char *s, size_t n);


#endif
