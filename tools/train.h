/* tools/train.h - what the trainer's files share (make model). */
#ifndef CX_TRAIN_H
#define CX_TRAIN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/strbuf.h"
#include "perceptron.h"

/* Every training sequence: its tokens' features (FEAT_MAX a token) and
 * labels, as the perceptron takes them. */
struct data {
	struct pc_data pc;
	FILE *dump;        /* -d: every sequence as token/label, or NULL */
	int pieces;        /* -r: the reference strings' model (FEAT_PIECES) */
};

/* One labelled sequence as (label, text) segments; fl[i] holds the
 * markup of each byte of text[i] (TOK_ITALIC, TOK_BOLD: <i> and <b>
 * inside a segment, as rendered strings of tools/gen_refs.c have them). */
struct segs {
	int lab[256];
	struct buf text[256], fl[256];
	uint8_t lb[257];   /* lb[i]: a line break before segment i */
	size_t n;
};

/* One piece of an item as rendered: a segment's text, its label, the markup
 * a page might give it, and whether it starts a line. */
struct piece {
	const char *p;
	size_t n;
	int lab;
	uint8_t flags;  /* TOK_BOLD, TOK_ITALIC, TOK_LINK */
	uint8_t lb;     /* starts a line */
	const char *bfl; /* or each byte's markup, NULL if none */
};

/* The rendered item: text with '\n' between lines, and for each byte its
 * label and markup; each line's role. */
struct render {
	struct buf text;
	uint8_t *lab, *fl;
	size_t cap;
	uint8_t role[32];
};

void render_put(struct render *r, const char *p, size_t n, int lab, uint8_t fl);
void render(struct render *r, const struct piece *pc, size_t n);
/* Features and labels of the rendered item into d; lines: as a page's
 * item (feat_seq). */
void push_seq(struct data *d, const struct render *r, int lines);

/* What the item generator draws from: venues of the venue table, and
 * names of schools found in the references. */
struct pool;
struct pool *pool_new(const char *venues_tsv);
void pool_free(struct pool *p);
void pool_note(struct pool *p, const struct segs *sg);
/* The reference sg (text: its plain text, the generator's seed) as items
 * of publication lists, into d. */
void add_items(struct data *d, const struct segs *sg, const char *text, const struct pool *p);

#endif
