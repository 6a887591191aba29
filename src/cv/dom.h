/* cv/dom.h - a saved web page as a tree.
 *
 * A tolerant HTML parser, enough for the pages people publish their papers
 * on: elements with their attribute text, text nodes with entities decoded,
 * the end tags HTML lets a page leave out (<p>, <li>, <td>, <tr>, <dt>,
 * <dd>, <option>) closed where the next one starts, void elements, and the
 * raw text of <script> and <style>.  Nodes live in one array; links are
 * indices, 0 being "none" (node 0 is the document). */
#ifndef CX_CV_DOM_H
#define CX_CV_DOM_H

#include <stddef.h>
#include <stdint.h>

#include "core/arena.h"
#include "core/strbuf.h"
#include "citex.h"

struct dnode {
	uint32_t parent, first, last, next;
	cx_str name;     /* tag name, lower case; empty for a text node */
	cx_str attrs;    /* raw attribute text of the start tag */
	cx_str text;     /* a text node's text, entities decoded */
	unsigned line;   /* source line of the tag or text */
};

struct dom {
	struct dnode *n;
	size_t nn, cap;
};

/* Parse s into d (nodes and strings in the arena).  Never fails. */
void dom_parse(struct dom *d, struct arena *a, const char *s, size_t n);
void dom_free(struct dom *d);

static inline int dom_is_text(const struct dnode *x)
{
	return x->name.n == 0;
}
/* Is x the element named tag? */
int dom_is(const struct dnode *x, const char *tag);
/* The value of attribute name (entities decoded), or an empty string. */
cx_str dom_attr(struct arena *a, const struct dnode *x, const char *name);
/* Does the class attribute hold the word cls? */
int dom_class(const struct dnode *x, const char *cls);

/* Decode the entity at s (just after '&') into out; bytes used, or 0. */
size_t dom_entity(const char *s, const char *end, struct buf *out);

#endif
