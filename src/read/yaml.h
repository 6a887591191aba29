/* read/yaml.h - YAML as small trees, over libyaml's event parser.
 *
 * One layer for every reader of YAML (CSL-YAML, Hayagriva, CITATION.cff)
 * and for YAML front matter: a node is a scalar, a sequence or a mapping,
 * and each knows the line and column it starts at, for diagnostics.
 *
 * Memory stays bounded by the largest unit, not the file: the caller says
 * which collections are split (split()), and each child of a split
 * collection is built as a tree of its own, handed to unit() and dropped.
 * A Hayagriva file splits its root mapping (one entry per key), CSL-YAML
 * its root sequence or the sequence under "references", and a small file
 * (CITATION.cff, front matter) splits nothing: the whole document is one
 * unit.  After a syntax error inside a split collection, reading resumes
 * at its next child, found by its indentation, so one broken entry costs
 * only itself.
 *
 * Scalars keep the text as written (after YAML's escapes and folding) and
 * whether it was quoted: a plain 2020 may be a number, a quoted "2020" is
 * a string.  Aliases share the anchored node; their expansion counts
 * against the unit's node budget, so a "billion laughs" file is refused,
 * not expanded. */
#ifndef CX_YAML_H
#define CX_YAML_H

#include <stddef.h>

#include "core/arena.h"
#include "core/diag.h"
#include "core/strbuf.h"
#include "read/reader.h"

enum ykind { Y_SCALAR, Y_SEQ, Y_MAP };

struct ynode {
	unsigned char kind;   /* enum ykind */
	unsigned char quoted; /* scalar: quoted, a block scalar or tagged !!str: never null,
	                       * a number or a boolean */
	unsigned char flow;   /* collection written in [ ] or { } */
	unsigned line, col;   /* where the node starts, 1-based (col in characters) */
	cx_str s;             /* scalar: the value, NUL-terminated */
	cx_str tag;           /* an explicit tag ("tag:yaml.org,2002:str"), or empty */
	/* SEQ: n items; MAP: n pairs as 2n nodes, each key before its value. */
	const struct ynode *items;
	size_t n;
};

/* ---- reading nodes --------------------------------------------------------- */

/* The value of the first pair whose key is the scalar key, or NULL (also
 * when map is NULL or no mapping). */
const struct ynode *yaml_get(const struct ynode *map, const char *key);
/* The i-th key and value of a mapping, the i-th item of a sequence. */
static inline const struct ynode *yaml_key(const struct ynode *map, size_t i)
{
	return &map->items[2 * i];
}
static inline const struct ynode *yaml_value(const struct ynode *map, size_t i)
{
	return &map->items[2 * i + 1];
}
static inline const struct ynode *yaml_item(const struct ynode *seq, size_t i)
{
	return &seq->items[i];
}
/* A plain null (~, null, Null, NULL or nothing), or no node at all. */
int yaml_is_null(const struct ynode *n);
/* A plain true or false (YAML 1.2's core schema): 1 or 0 in *v. */
int yaml_bool(const struct ynode *n, int *v);
/* A plain scalar that reads as an integer or a decimal number. */
int yaml_is_number(const struct ynode *n);
/* A scalar's text, trimmed; empty for a null, a collection or NULL. */
cx_str yaml_text(const struct ynode *n);
/* Does the scalar n hold exactly lit? */
int yaml_is(const struct ynode *n, const char *lit);

/* ---- front matter ------------------------------------------------------------ */

/* A Markdown document's YAML front matter: the lines between a first line
 * "---" and the next line "---" or "...".  Nonzero when s has one; *start
 * and *len give the YAML text, *line the line it starts on (2). */
int yaml_front_matter(const char *s, size_t n, size_t *start, size_t *len, unsigned *line);

/* ---- the reader ---------------------------------------------------------------- */

/* Where a unit sits: the keys of the split mappings on the way from the
 * document's root (NULL for a sequence's item), its own key last. */
struct yunit {
	const struct ynode *node;
	const struct ynode *const *keys; /* depth of them */
	size_t depth;                    /* 0: the whole document */
	size_t index;                    /* its place among its collection's children */
	size_t doc;                      /* the document's number in the stream, from 0 */
};

struct yframe;
struct yanchor;

struct yaml_reader {
	/* Set by the caller; the rest starts zero. */
	struct cx_input *in;
	struct cx_diags *diags;   /* syntax errors and exceeded limits go here */
	unsigned first_line;      /* the line of the input's first byte (0 means 1) */
	/* Should the children of the collection that starts here be units of
	 * their own?  depth and keys as in struct yunit; kind is Y_SEQ or
	 * Y_MAP.  Asked only where every enclosing collection is split. */
	int (*split)(void *ctx, size_t depth, const struct ynode *const *keys, enum ykind kind);
	/* Called with each unit; the tree lives until the call returns. */
	void (*unit)(void *ctx, const struct yunit *u);
	void *ctx;
	size_t max_nodes;         /* per unit, aliases expanded; 0: 1<<21 */
	int first_only;           /* stop after the first document: YAML front matter,
	                           * whose Markdown after it is no YAML */

	/* ---- private ---- */
	struct arena a;           /* the unit being built */
	struct arena spine;       /* keys of the split collections; anchors */
	struct yframe *fr;        /* open collections */
	size_t nfr, capfr;
	struct yanchor *anchors;
	size_t nanchors, capanchors;
	size_t nodes;             /* nodes of the unit being built */
	int broken;               /* the unit being built is dropped (limit hit) */
	char *buf;                /* input from the start of the line being parsed */
	size_t blen, bcap, bpos;  /* bytes held, room, bytes given to libyaml */
	unsigned bline;           /* the line of buf[0] */
	unsigned base;            /* the line of the current parser's first line, minus 1 */
	int eof;
	size_t resume;            /* after a resumption: the depth of the frame the new
	                           * parser's root continues, plus 1; else 0 */
	size_t doc;
	unsigned last_err_line, last_err_col; /* the last syntax error reported */
};

/* Read every document of Y->in.  Returns 0, or -1 when reading the input
 * failed; syntax errors are reported and skipped. */
int yaml_read(struct yaml_reader *Y);

/* Parse the YAML text s[0..n) (front matter, a small file) as one unit in
 * arena a: the first document's root, or NULL when it has none or it is
 * broken (reported through diags, positions from first_line). */
const struct ynode *yaml_parse(struct arena *a, const char *s, size_t n, unsigned first_line,
                               struct cx_diags *diags);

#endif
