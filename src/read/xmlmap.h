/* read/xmlmap.h - an XML record through its format's rows of
 * model/formats.def: the walk the EndNote XML, PubMed XML and MODS
 * readers share.
 *
 * Each element's path from the record is looked up; a row whose how every
 * format reads alike is applied here, the others go to the format's
 * callback.  An element with no row is walked into when it has elements
 * of its own, and otherwise kept under its name, reported once per input. */
#ifndef CX_XMLMAP_H
#define CX_XMLMAP_H

#include "read/rec.h"
#include "read/xmlrec.h"

#define XMLMAP_DEPTH 64

struct xmlmap {
	struct rec *R;
	enum cx_mapfmt fmt;
	int rich;   /* text keeps inline markup (xrec_rich) */
	/* The format's reading of a row (TYPE, CONTAINER, SPECIAL, or any it
	 * wants to read itself): 1 when done; 0 to apply the row as here. */
	int (*special)(struct xmlmap *M, const struct cx_map *m, const struct xnode *n);
	void *ctx;
	const struct xnode *stack[XMLMAP_DEPTH]; /* the path to the element at hand */
	size_t depth;
	cx_str sp, ep;    /* first and last pages, joined at the end */
	unsigned pline;
	const struct cx_map **rows; /* the format's rows */
	size_t nrows;
};

void xmlmap_init(struct xmlmap *M, struct rec *R, enum cx_mapfmt fmt);
void xmlmap_free(struct xmlmap *M);
/* Read the elements under n (the record, or part of it) into the record. */
void xmlmap_walk(struct xmlmap *M, const struct xnode *n);
/* The row for the element at the top of the stack, or NULL. */
const struct cx_map *xmlmap_find(const struct xmlmap *M);
/* n's text, cleaned (with marks when M->rich). */
cx_str xmlmap_text(struct xmlmap *M, const struct xnode *n);
/* Apply row m to element n as every format does: 1, or 0 when m's how is
 * the format's to read. */
int xmlmap_apply(struct xmlmap *M, const struct cx_map *m, const struct xnode *n);
/* Join the pages gathered from SP and EP rows (at the end of a record). */
void xmlmap_pages(struct xmlmap *M);

#endif
