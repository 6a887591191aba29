/* read/xmlrec.h - XML records as small trees, streamed through expat.
 *
 * The XML exports of literature databases (PubMed, EndNote, MODS) are long
 * lists of records under one root.  The reader names the elements that
 * are records (a callback asked at every element outside one); each
 * record is built as a tree in an arena, handed on and dropped, so a
 * file of any size takes the memory of its largest record.
 *
 * After a syntax error expat stops; reading goes on at the next start tag
 * of the element the last record had, in a fresh parser, so one broken
 * record costs itself and no more. */
#ifndef CX_XMLREC_H
#define CX_XMLREC_H

#include <stddef.h>

#include "core/arena.h"
#include "core/diag.h"
#include "core/strbuf.h"
#include "read/reader.h"

struct xnode {
	const char *name;         /* the local name, without a namespace prefix; NULL for text */
	cx_str text;              /* a text run's characters (as in the file) */
	const char **attr;        /* name, value, ..., NULL (names without prefixes) */
	struct xnode *kids, *last, *next, *parent;
	unsigned line, col;
};

struct xrec_reader {
	/* Set by the caller; the rest starts zero. */
	struct cx_input *in;
	struct cx_diags *diags;
	/* Does an element of this name, at this depth (the root is 1), start
	 * a record?  Asked of every element outside a record. */
	int (*is_record)(void *ctx, const char *name, size_t depth, unsigned line, unsigned col);
	/* Called with each record; the tree lives until the call returns. */
	void (*record)(void *ctx, const struct xnode *rec);
	void *ctx;

	/* ---- private ---- */
	struct arena a;           /* the record's tree */
	struct xnode *cur;        /* the innermost open element of the record */
	size_t depth, rec_depth;  /* of the open element, of the record (0: none) */
	size_t nodes;
	int broken;               /* the record is over its limits: dropped */
	struct buf text;          /* character data not yet in the tree */
	char *buf;                /* input being read */
	size_t blen, bcap;
	size_t fed;               /* bytes of buf given to the parser */
	int eof;
	unsigned long long off;   /* the file offset of buf[0] */
	unsigned bline;           /* the line of buf[0] */
	unsigned long long pstart; /* the file offset of the parser's first real byte */
	unsigned long long keep;  /* input before this offset may go */
	unsigned line0;           /* the line of the parser's first byte, minus 1 */
	unsigned long col0;       /* the column of its first byte, minus 1 (first line only) */
	size_t prefix;            /* bytes of a resumed parser's synthetic start */
	char *rec_name;           /* the last record's element name as written, for resuming */
	char *encoding;           /* the document's declared encoding */
	void *parser;
};

/* Read the whole input.  Returns 0, or -1 when reading it failed. */
int xrec_read(struct xrec_reader *X);

/* The value of attribute name, or NULL. */
const char *xrec_attr(const struct xnode *n, const char *name);
/* The first element child named name, or NULL. */
const struct xnode *xrec_child(const struct xnode *n, const char *name);
/* Does n have element children, other than inline markup (EndNote's
 * <style>, HTML's <i>, <b>, <sup>, <sub>)? */
int xrec_has_elements(const struct xnode *n);
/* The text of n and everything in it, in a (inline markup as text). */
cx_str xrec_text(struct arena *a, const struct xnode *n);
/* The same with inline markup as the model's marks: HTML's <i>, <em>,
 * <b>, <strong>, <sup>, <sub> (PubMed), and EndNote's <style face="...">
 * (italic, bold, superscript, subscript). */
cx_str xrec_rich(struct arena *a, const struct xnode *n);

/* Does the path of elements stack[0..depth) (from the record's child
 * down) match key: steps "a/b/c", a step "name[attr=value]" matching only
 * an element with that attribute value? */
int xrec_path_match(const char *key, const struct xnode *const *stack, size_t depth);

#endif
