/* core/out.h - buffered output with escaping contexts.
 *
 * Formatters say what to write; the escaping context says how (cmark's
 * cmark_escaping).  Output goes to a FILE in 64 KiB writes; the first write
 * error sticks in `error` and later writes are dropped. */
#ifndef CX_OUT_H
#define CX_OUT_H

#include <stdio.h>
#include <string.h>
#include "citex.h"
#include "core/bytes.h"
#include "core/hint.h"
#include "core/diag.h"
#include "core/hash.h"

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
	struct cx_diags *diag; /* where loss reports go, may be NULL */
	struct hindex once;    /* what was reported once only (out_once) */
};

void out_init(struct cx_out *o, FILE *f, const struct cx_options *opt);
/* Writes that would fill the buffer, or after an error. */
void out_write_slow(struct cx_out *o, const char *s, size_t n);
void out_putc_slow(struct cx_out *o, int c);

/* Inline: formatters write a few bytes at a time, and a constant string's
 * length is known where it is written. */
static inline void out_write(struct cx_out *o, const char *s, size_t n)
{
	if (n < o->cap - o->n) {
		/* The common case: it fits and the buffer is not full after. */
		bytes_copy_small(o->buf + o->n, s, n);
		o->n += n;
		return;
	}
	out_write_slow(o, s, n);
}

static inline void out_puts(struct cx_out *o, const char *s)
{
	out_write(o, s, strlen(s));
}

static inline void out_putc(struct cx_out *o, int c)
{
	if (o->n + 1 < o->cap && !o->error) {
		o->buf[o->n++] = (char)c;
		return;
	}
	out_putc_slow(o, c);
}

static inline void out_str(struct cx_out *o, cx_str s)
{
	out_write(o, s.p, s.n);
}
/* Short text s[0..n), at most sixteen bytes (a name, a number, a field
 * name), written as it is when no byte of it needs a JSON escape (none
 * below 0x20, no '"' or '\\'): 1, or 0 with nothing written.  Two words
 * that overlap cover it, tested and stored whole: no byte loop, no call. */
static inline int out_json_short(struct cx_out *o, const char *s, size_t n)
{
	if (n > 16 || o->cap - o->n <= 16)
		return 0;
	char *b = o->buf + o->n;
	if (n >= 8) {
		uint64_t x, y;
		memcpy(&x, s, 8);
		memcpy(&y, s + n - 8, 8);
		if (bytes_json_hits(x) | bytes_json_hits(y))
			return 0;
		memcpy(b, &x, 8);
		memcpy(b + n - 8, &y, 8);
	} else if (n >= 4) {
		uint32_t x, y;
		memcpy(&x, s, 4);
		memcpy(&y, s + n - 4, 4);
		if (bytes_json_hits(x | (uint64_t)y << 32))
			return 0;
		memcpy(b, &x, 4);
		memcpy(b + n - 4, &y, 4);
	} else if (n) {
		/* The first, middle and last bytes are all of them; the
		 * other five are a letter. */
		unsigned char c0 = (unsigned char)s[0], c1 = (unsigned char)s[n / 2],
		              c2 = (unsigned char)s[n - 1];
		if (bytes_json_hits(0x4141414141000000u | c0 | (uint64_t)c1 << 8 | (uint64_t)c2 << 16))
			return 0;
		b[0] = (char)c0;
		b[n / 2] = (char)c1;
		b[n - 1] = (char)c2;
	}
	o->n += n;
	return 1;
}

/* Write the bytes of s[0..n) up to the first one a JSON string escapes
 * (below 0x20, '"' or '\\'), and return how many that is: n when none
 * does.  With room in the buffer the bytes are tested as they are copied
 * (bytes_json_copy); near its end they are looked for first. */
static inline size_t out_json_plain(struct cx_out *o, const char *s, size_t n)
{
	if (CX_LIKELY(n < o->cap - o->n)) {
		size_t k = bytes_json_copy(o->buf + o->n, s, n);
		o->n += k;
		return k;
	}
	size_t k = (size_t)(bytes_find_ctl2(s, s + n, '"', '\\') - s);
	out_write_slow(o, s, k);
	return k;
}

/* Write s escaped for the context. */
void out_esc(struct cx_out *o, const char *s, size_t n, enum out_esc esc);
void out_printf(struct cx_out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Flush to the FILE; returns 0 or an errno value. */
int out_flush(struct cx_out *o);
void out_free(struct cx_out *o);
/* Nonzero the first time the bytes s[0..n) are given for this output
 * (by their 64-bit hash), for reports made once per file and name. */
int out_once(struct cx_out *o, const void *s, size_t n);

#endif
