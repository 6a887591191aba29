/* csl/xml.h - a small element tree over expat, for styles and locales. */
#ifndef CX_CSL_XML_H
#define CX_CSL_XML_H

#include <stddef.h>

#include "core/arena.h"

struct xnode {
	const char *name;        /* without a namespace prefix */
	const char **attrs;      /* name, value, ..., NULL */
	struct xnode *kids, *next;
	const char *text;        /* character data directly inside, "" if none */
	unsigned line, col;      /* where its start tag is; col from 1 */
};

/* Parse xml into a, returning the root element; NULL with a message. */
struct xnode *xml_parse(struct arena *a, const char *xml, size_t n, char *err, size_t errlen);
/* An attribute's value, or NULL. */
const char *xml_attr(const struct xnode *x, const char *name);
/* The first child with that name, or NULL. */
struct xnode *xml_child(const struct xnode *x, const char *name);

#endif
