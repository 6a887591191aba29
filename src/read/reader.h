/* read/reader.h - what a reader is, inside the library.
 *
 * A reader turns a stream of bytes into entries.  It is one const struct
 * cx_reader in its own file plus one line in the registry (registry.c).
 * It pulls bytes through cx_input_read, so memory stays bounded by the
 * largest entry, builds each entry in an arena of its own, normalizes it
 * (norm_entry) and hands it to c->emit as soon as it is complete. */
#ifndef CX_READER_H
#define CX_READER_H

#include "citex.h"
#include "core/diag.h"
#include "model/model.h"

struct cx_reader_ctx {
	struct cx_context *cx;
	const struct cx_options *opt; /* the context's */
	struct cx_diags diags;        /* where problems go, and their counts */
	/* Called once per entry, in input order, as soon as it is complete.
	 * NULL: the input is read only for what it leaves in the context
	 * (the BibTeX reader's @string macros), and nothing is normalized. */
	void (*emit)(void *ctx, struct cx_entry *e);
	void *emit_ctx;
	/* With emit NULL: called with each entry as read (the BibTeX reader's,
	 * crossref resolved, not normalized), with emit_ctx.  May be NULL. */
	void (*raw)(void *ctx, struct cx_entry *e);
	size_t nentries;
};

/* An input stream: bytes already peeked (for format detection), then the
 * rest of a FILE. */
struct cx_input {
	FILE *f;
	const char *pre; /* peeked bytes, consumed first */
	size_t npre, ipre;
	int error;       /* set when fread fails */
};
/* Fill buf with up to max bytes; 0 at end of input. */
size_t cx_input_read(struct cx_input *in, char *buf, size_t max);
/* An input in UTF-16 or UTF-32, as its byte order mark says (head holds
 * the first nhead bytes, already read from f), decoded to UTF-8 into a
 * temporary file that starts after the mark and is read from its start;
 * a unit that is no character becomes U+FFFD.  NULL when head has no such
 * mark; then *failed is CX_INPUT_WIDE when head holds NULs in step (wide
 * text without its mark, refused), CX_INPUT_BINARY when it holds NULs
 * anywhere else (not text), and nonzero too when no temporary file could
 * be made.  The caller closes the file. */
enum { CX_INPUT_NOTEMP = 1, CX_INPUT_WIDE = 2, CX_INPUT_BINARY = 3 };
FILE *cx_input_utf8(FILE *f, const char *head, size_t nhead, int *failed);
/* The one-line reason for a refused input (*failed of cx_input_utf8). */
const char *cx_input_refusal(int failed);

struct cx_reader {
	const char *name;
	/* Read the whole stream, emitting entries as they complete.
	 * Returns 0, or -1 on an I/O error. */
	int (*read)(struct cx_reader_ctx *c, struct cx_input *in);
};

/* Hand a complete, normalized entry to the caller, and count it. */
static inline void reader_deliver(struct cx_reader_ctx *c, struct cx_entry *e)
{
	c->nentries += e->kind == CX_ENTRY_RECORD;
	if (c->emit)
		c->emit(c->emit_ctx, e);
}

/* A reader context for cx: options and diagnostics from the context. */
void reader_ctx_init(struct cx_reader_ctx *c, struct cx_context *cx, const char *file);

/* Start *e afresh as an entry of c's file, read by reader source, from
 * line (column 1). */
void reader_entry_start(const struct cx_reader_ctx *c, struct cx_entry *e, const char *source,
                        unsigned line);

extern const struct cx_reader cx_reader_bibtex;
extern const struct cx_reader cx_reader_cv;
extern const struct cx_reader cx_reader_refs;
extern const struct cx_reader cx_reader_ris;
extern const struct cx_reader cx_reader_csljson;
extern const struct cx_reader cx_reader_cslyaml;
extern const struct cx_reader cx_reader_endnote;
extern const struct cx_reader cx_reader_endnotexml;
extern const struct cx_reader cx_reader_pubmedxml;
extern const struct cx_reader cx_reader_nbib;
extern const struct cx_reader cx_reader_isi;
extern const struct cx_reader cx_reader_mods;
extern const struct cx_reader cx_reader_cff;
extern const struct cx_reader cx_reader_hayagriva;

#endif
