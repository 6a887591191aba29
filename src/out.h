/* out.h - buffered output with escaping contexts.
 *
 * Formatters say what to write; the escaping context says how (cmark's
 * cmark_escaping).  Output goes to a FILE in 64 KiB writes; the first write
 * error sticks in `error` and later writes are dropped. */
#ifndef CX_OUT_H
#define CX_OUT_H

#include <stdio.h>
#include "citex.h"

enum out_esc {
	OUT_RAW,   /* bytes as they are */
	OUT_JSON,  /* inside a JSON string: quotes, backslashes, controls */
	OUT_RIS,   /* one line: newlines and tabs become spaces */
};

struct cx_out {
	FILE *f;
	char *buf;
	size_t n, cap;
	int error;       /* errno of the first failed write, or 0 */
	const struct cx_options *opt;
	/* Per-run state a formatter may keep (e.g. the JSON item separator). */
	size_t count;
	struct cx_reader_ctx *diag; /* where loss reports go, may be NULL */
};

void out_init(struct cx_out *o, FILE *f, const struct cx_options *opt);
void out_write(struct cx_out *o, const char *s, size_t n);
void out_puts(struct cx_out *o, const char *s);
void out_putc(struct cx_out *o, int c);
void out_str(struct cx_out *o, cx_str s);
/* Write s escaped for the context. */
void out_esc(struct cx_out *o, const char *s, size_t n, enum out_esc esc);
void out_printf(struct cx_out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Flush to the FILE; returns 0 or an errno value. */
int out_flush(struct cx_out *o);
void out_free(struct cx_out *o);

#endif
