/* core/out.c - the buffered writer every formatter writes through.
 *
 * Formatters say what to write; out_esc's context says how to escape it
 * (cmark's cmark_escaping).  Bytes collect in a 64 KiB buffer that goes to
 * the FILE whole, so a large conversion costs few fwrite calls.  The first
 * write error is kept in `error` and everything after it is dropped: the
 * caller checks once, at out_flush, instead of after every write.
 * out_free does not flush; call out_flush first. */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/arena.h"
#include "core/bytes.h"
#include "core/out.h"

#define OUT_CAP (64 * 1024)

/* JSON: 0 = copy as is; otherwise the letter after the backslash ('u' for
 * \u00XX).  Bytes from 0x80 up are UTF-8 and pass unchanged (yyjson). */
static const char json_esc[256] = {
	'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'b', 't', 'n', 'u', 'f', 'r', 'u', 'u',
	'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u',
	['"'] = '"', ['\\'] = '\\',
};

void out_init(struct cx_out *o, FILE *f, const struct cx_options *opt)
{
	memset(o, 0, sizeof *o);
	o->f = f;
	o->opt = opt;
	o->buf = xmalloc(OUT_CAP);
	o->cap = OUT_CAP;
}

/* Hand the buffer to the FILE; the first failure sticks. */
static void drain(struct cx_out *o)
{
	if (!o->f) { /* a buffer in memory (no FILE): it grows */
		o->cap *= 2;
		o->buf = xrealloc(o->buf, o->cap);
		return;
	}
	if (o->n && !o->error) {
		errno = 0;
		if (fwrite(o->buf, 1, o->n, o->f) != o->n)
			o->error = errno ? errno : EIO;
	}
	o->n = 0;
}

void out_write_slow(struct cx_out *o, const char *s, size_t n)
{
	while (n && !o->error) {
		size_t k = o->cap - o->n;
		if (k > n)
			k = n;
		memcpy(o->buf + o->n, s, k);
		o->n += k;
		s += k;
		n -= k;
		if (o->n == o->cap)
			drain(o);
	}
}

void out_putc_slow(struct cx_out *o, int c)
{
	if (o->error)
		return;
	o->buf[o->n++] = (char)c;
	if (o->n == o->cap)
		drain(o);
}

static void esc_json(struct cx_out *o, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	size_t i = 0, run = 0;
	if (out_json_short(o, s, n))
		return;
	while (i < n) {
		i = (size_t)(bytes_find_ctl2(s + i, s + n, '"', '\\') - s);
		if (i == n)
			break;
		unsigned char c = (unsigned char)s[i];
		char e = json_esc[c];
		/* Copy the run of safe bytes before this one in one go. */
		out_write(o, s + run, i - run);
		if (e == 'u') {
			char u[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
			out_write(o, u, 6);
		} else {
			char b[2] = {'\\', e};
			out_write(o, b, 2);
		}
		run = ++i;
	}
	out_write(o, s + run, n - run);
}

static void esc_ris(struct cx_out *o, const char *s, size_t n)
{
	size_t i, run = 0;
	for (i = 0; i < n; i++) {
		if (s[i] == '\r' || s[i] == '\n' || s[i] == '\t') {
			out_write(o, s + run, i - run);
			out_putc(o, ' ');
			run = i + 1;
		}
	}
	out_write(o, s + run, n - run);
}

void out_esc(struct cx_out *o, const char *s, size_t n, enum out_esc esc)
{
	switch (esc) {
	case OUT_JSON:
		esc_json(o, s, n);
		break;
	case OUT_RIS:
		esc_ris(o, s, n);
		break;
	case OUT_RAW:
	default:
		out_write(o, s, n);
		break;
	}
}

void out_printf(struct cx_out *o, const char *fmt, ...)
{
	char tmp[256];
	va_list ap;
	int k;

	va_start(ap, fmt);
	k = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (k < 0)
		return;
	if ((size_t)k < sizeof tmp) {
		out_write(o, tmp, (size_t)k);
	} else {
		char *p = xmalloc((size_t)k + 1);
		va_start(ap, fmt);
		vsnprintf(p, (size_t)k + 1, fmt, ap);
		va_end(ap);
		out_write(o, p, (size_t)k);
		free(p);
	}
}

int out_flush(struct cx_out *o)
{
	drain(o);
	if (!o->error && o->f && fflush(o->f))
		o->error = errno ? errno : EIO;
	return o->error;
}

void out_free(struct cx_out *o)
{
	free(o->buf);
	o->buf = NULL;
	o->n = o->cap = 0;
	hindex_free(&o->once);
}

int out_once(struct cx_out *o, const void *s, size_t n)
{
	uint64_t h = hash_bytes(s, n);
	if (hindex_first(&o->once, h) != HINDEX_END)
		return 0;
	hindex_put(&o->once, h, 0);
	return 1;
}
