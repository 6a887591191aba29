/* cv/input.h - the document whole, and entries handed on. */
#ifndef CX_CV_INPUT_H
#define CX_CV_INPUT_H

#include "core/arena.h"
#include "core/strbuf.h"
#include "read/reader.h"
#include "cv/item.h"

/* A publication list of 32 MiB is already absurd; past it we refuse. */
#define CV_MAX_INPUT ((size_t)32 << 20)

/* Read all of in into b (NUL-terminated, UTF-8).  0, -1 when refused (an
 * error was reported), -2 on an I/O error. */
int cv_read_all(struct cv_ctx *x, struct cx_input *in, struct buf *b);

/* Normalize e, give it a key, count it and hand it to the caller. */
void cv_emit(struct cv_ctx *x, struct cx_entry *e);

/* Does the text look like a bibliography, one reference a line? */
int cv_refs_list(const char *s, size_t n);
/* Read such a text line by line through the labeller. */
void cv_refs_text(struct cx_reader_ctx *c, const char *s, size_t n);
/* Label one reference and emit its entry; 0 when none came of it. */
int cv_reference(struct cv_ctx *x, const char *s, size_t n, unsigned line, const struct cv_item *hint);

#endif
