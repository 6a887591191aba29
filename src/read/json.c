/* read/json.c - the streaming JSON tokenizer under the CSL-JSON reader.
 *
 * Input is pulled from cx_input_read into one sliding buffer.  Each
 * top-level item is parsed into a small tree in the item arena and handed
 * to J->on_item, and the arena is reset.  Strings are copied out of the
 * buffer as soon as they are read, so the buffer only ever keeps the token
 * being read: memory is bounded by the largest item, never by the file.
 *
 * Speed: the hot loops are white space and string bodies.  Both use
 * 256-entry byte class tables, a NUL sentinel after the buffered bytes
 * stops them without a bounds check, and a string without escapes is
 * copied into the arena in one go.
 *
 * Errors: invalid JSON is reported as file:line:col (columns count UTF-8
 * characters) and only the item that holds it is lost.  Recovery resyncs
 * at the next item: in an array at the next ',' at depth 1, or at a '{'
 * that cannot belong where it stands (an object member must be a string,
 * so "},{" inside an unclosed item starts the next one); in JSON Lines at
 * the next line that starts with '{'.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"
#include "core/str.h"
#include "core/utf8.h"
#include "norm/norm.h"
#include "read/json.h"

#ifndef CHUNK
#define CHUNK ((size_t)1 << 17)
#endif

/* String bodies: 0 plain ASCII, 1 '"', 2 '\\', 3 control or NUL, 4 >= 0x80. */
static const unsigned char str_cls[256] = {
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
	4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
	4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
	4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
	4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
	4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
	4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
	4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
};

/* JSON white space: space, tab, CR, LF. */
static const unsigned char ws_cls[256] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

/* ---- diagnostics ------------------------------------------------------------------ */

void json_diag(struct jp *J, enum cx_sev sev, enum cx_code code, unsigned line, unsigned col,
               const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vreport(&J->c->diags, NULL, sev, code, line, col, fmt, ap);
	va_end(ap);
}

static size_t count_chars(const char *s, const char *e)
{
	/* the usual span holds no newline: counted sixteen bytes at a time */
	size_t n = 0;
	if (!bytes_lines(s, (size_t)(e - s), &n))
		return n;
	return utf8_count(s, (size_t)(e - s));
}

static unsigned col_at(const struct jp *J, const char *p)
{
	return (unsigned)(J->lchars + count_chars(J->lstart, p) + 1);
}

/* A syntax error in the current item, at p; at most one per item. */
static int syntax(struct jp *J, const char *p, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int syntax(struct jp *J, const char *p, const char *fmt, ...)
{
	if (J->errored)
		return -1;
	J->errored = 1;
	char msg[400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	json_diag(J, CX_ERROR, CX_E_SYNTAX, J->line, col_at(J, p), "invalid JSON: %s; item skipped", msg);
	return -1;
}

/* A syntax error between items (a trailing comma, an array left open after
 * its last complete item): reported, and no item is skipped for it. */
static void syntax_between(struct jp *J, const char *p, const char *msg)
{
	json_diag(J, CX_ERROR, CX_E_SYNTAX, J->line, col_at(J, p), "invalid JSON: %s", msg);
}

/* ---- input ------------------------------------------------------------------------ */

/* Read more input, keeping the bytes from *keep on (which moves to the
 * front).  Returns 0 at the end of input. */
static int refill(struct jp *J, const char **keep)
{
	if (J->eof)
		return 0;
	size_t off = (size_t)(*keep - J->buf);
	size_t live = (size_t)(J->end - *keep);
	size_t poff = (size_t)(J->p - J->buf);
	if (J->lstart < *keep) {
		J->lchars += count_chars(J->lstart, *keep);
		J->lstart = *keep;
	}
	size_t loff = (size_t)(J->lstart - J->buf) - off;
	memmove(J->buf, *keep, live);
	if (live + CHUNK + 1 > J->cap) {
		J->cap = J->cap * 2 > live + CHUNK + 1 ? J->cap * 2 : live + CHUNK + 1;
		J->buf = xrealloc(J->buf, J->cap);
	}
	size_t n = cx_input_read(J->in, J->buf + live, J->cap - 1 - live);
	J->end = J->buf + live + n;
	*(char *)J->end = 0;
	J->p = J->buf + (poff - off);
	J->lstart = J->buf + loff;
	*keep = J->buf;
	if (!n) {
		J->eof = 1;
		return 0;
	}
	return 1;
}

/* Skip white space; the next byte, or -1 at the end of input. */
static int skip_ws_more(struct jp *J)
{
	for (;;) {
		const char *p = J->p;
		for (;;) {
			unsigned char ch = (unsigned char)*p;
			if (!ws_cls[ch])
				break;
			if (ch == '\n') {
				J->line++;
				J->lstart = p + 1;
				J->lchars = 0;
			}
			p++;
		}
		J->p = p;
		if (p == J->end) {
			const char *keep = p;
			if (!refill(J, &keep))
				return -1;
			continue;
		}
		return (unsigned char)*p;
	}
}

/* Inline: most tokens follow no white space, or it is gone already. */
static inline int skip_ws(struct jp *J)
{
	unsigned char c = (unsigned char)*J->p;
	if (J->p < J->end && !ws_cls[c])
		return c;
	return skip_ws_more(J);
}

/* ---- strings ------------------------------------------------------------------------ */

/* A string with bytes >= 0x80 into the arena: validated (bad bytes are
 * read as Windows-1252, with one warning) and composed to NFC. */
static cx_str store_high(struct jp *J, const char *s, size_t n)
{
	struct buf tmp = {0};
	if (utf8_valid(s, n) != n) {
		if (!J->latin1) {
			J->latin1 = 1;
			json_diag(J, CX_WARNING, CX_E_BAD_UTF8, J->line, 1,
			     "string is not valid UTF-8; its bad bytes are read as Windows-1252");
		}
		size_t i = 0;
		while (i < n) {
			size_t ok = utf8_valid(s + i, n - i);
			buf_put(&tmp, s + i, ok);
			i += ok;
			if (i < n) {
				char u[3];
				buf_put(&tmp, u, utf8_from_8bit(u, s + i++, 1));
			}
		}
		s = tmp.p;
		n = tmp.n;
	}
	cx_str r = text_is_nfc(s, n) ? arena_str(&J->a, s, n) : text_nfc(&J->a, s, n);
	buf_free(&tmp);
	return r;
}

static int hex4(const char *p, unsigned *out)
{
	unsigned v = 0;
	for (int i = 0; i < 4; i++) {
		int h = str_hex((unsigned char)p[i]);
		if (h < 0)
			return -1;
		v = v << 4 | (unsigned)h;
	}
	*out = v;
	return 0;
}

/* Make sure n bytes from *keep's p on are buffered, if the input has them. */
static void need(struct jp *J, const char **keep, const char **p, size_t n)
{
	while ((size_t)(J->end - *p) < n && !J->eof) {
		size_t d = (size_t)(*p - *keep);
		J->p = *p;
		refill(J, keep);
		*p = *keep + d;
	}
}

/* A string token; J->p is at the opening quote. */
/* The first byte from p that ends a plain run of string bytes (a quote,
 * a backslash or a control byte), sixteen bytes at a time where there are
 * sixteen before e; *high is set when the run holds a byte from 0x80. */
static const char *plain_run(const char *p, const char *e, int *high)
{
#ifdef BYTES_VECTOR
	for (; e - p >= 16; p += 16) {
		bv16 v = bv_load(p);
		unsigned stop = bv_mask(bv_or(bv_or(bv_eq(v, '"'), bv_eq(v, '\\')), bv_ule(v, 0x1F)));
		unsigned hi = bv_mask(v);
		if (stop) {
			unsigned at = (unsigned)__builtin_ctz(stop);
			*high |= (hi & ((1u << at) - 1)) != 0;
			return p + at;
		}
		*high |= hi != 0;
	}
#else
	(void)e;
#endif
	for (;; p++) {
		unsigned char k = str_cls[(unsigned char)*p];
		if (k == 4)
			*high = 1;
		else if (k)
			return p;
	}
}

static int parse_string(struct jp *J, cx_str *out)
{
	const char *start = J->p + 1;
	int high = 0;
	/* Fast path: no escape, all in the buffer (its end is a control
	 * byte, the sentinel). */
	const char *p = plain_run(start, J->end, &high);
	if (*p == '"') {
		size_t n = (size_t)(p - start);
		*out = high ? store_high(J, start, n) : arena_str(&J->a, start, n);
		J->p = p + 1;
		return 0;
	}
	/* Slow path: decode into sb, refilling as needed. */
	struct buf *b = &J->sb;
	b->n = 0;
	for (;;) {
		const char *run = p;
		for (;;) {
			unsigned char k = str_cls[(unsigned char)*p];
			if (!k)
				p++;
			else if (k == 4)
				high = 1, p++;
			else
				break;
		}
		buf_put(b, start, (size_t)(p - start));
		(void)run;
		unsigned char ch = (unsigned char)*p;
		if (ch == '"') {
			J->p = p + 1;
			break;
		}
		if (ch == '\\') {
			const char *keep = p;
			need(J, &keep, &p, 12);
			const char *esc = p + 1;
			unsigned cp;
			switch (*esc) {
			case '"': buf_putc(b, '"'); p += 2; break;
			case '\\': buf_putc(b, '\\'); p += 2; break;
			case '/': buf_putc(b, '/'); p += 2; break;
			case 'n': /* a line break: a note's lines (Zotero's Extra) */
				buf_putc(b, '\n');
				p += 2;
				break;
			case 'b': case 'f': case 'r': case 't':
				buf_putc(b, ' ');
				p += 2;
				break;
			case 'u':
				if ((size_t)(J->end - p) < 6 || hex4(p + 2, &cp)) {
					J->in_string = 1;
					return syntax(J, p, "bad \\u escape in a string");
				}
				p += 6;
				if (cp >= 0xD800 && cp <= 0xDBFF) {
					unsigned lo;
					if ((size_t)(J->end - p) >= 6 && p[0] == '\\' && p[1] == 'u' &&
					    !hex4(p + 2, &lo) && lo >= 0xDC00 && lo <= 0xDFFF) {
						cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
						p += 6;
					} else {
						cp = 0xFFFD; /* a lone surrogate */
					}
				} else if (cp >= 0xDC00 && cp <= 0xDFFF) {
					cp = 0xFFFD;
				}
				if (cp == '\n')
					buf_putc(b, '\n'); /* a line break: a note's lines (Zotero's Extra) */
				else if (cp < 0x20)
					buf_putc(b, ' '); /* control characters are the markup bytes */
				else
					utf8_append(b, (int32_t)cp);
				high |= cp >= 0x80; /* NFC applies to escaped text too */
				break;
			default:
				J->p = p;
				J->in_string = 1;
				return syntax(J, p, "bad escape '\\%c' in a string",
				              str_print((unsigned char)*esc) ? *esc : '?');
			}
			start = p;
			continue;
		}
		/* A control byte: the sentinel, or a raw control character. */
		if (ch == 0 && p == J->end) {
			const char *keep = p;
			J->p = p;
			if (!refill(J, &keep)) {
				/* The bytes moved to the front: keep is where p was. */
				J->in_string = 1;
				return syntax(J, keep, "unterminated string at the end of the input");
			}
			p = start = keep;
			continue;
		}
		J->p = p;
		J->in_string = ch != '\n' && ch != '\r';
		return syntax(J, p, ch == '\n' || ch == '\r' ? "unterminated string (line break inside it)"
		                                              : "raw control character in a string");
	}
	*out = high ? store_high(J, b->p, b->n) : arena_str(&J->a, b->p, b->n);
	return 0;
}

/* ---- values ---------------------------------------------------------------------- */

static void push_child(struct jp *J, const struct jv *v, cx_str key)
{
	if (J->ns == J->scap) {
		J->scap = J->scap ? J->scap * 2 : 256;
		J->stk = xrealloc(J->stk, J->scap * sizeof *J->stk);
		J->kstk = xrealloc(J->kstk, J->scap * sizeof *J->kstk);
	}
	J->stk[J->ns] = *v;
	J->kstk[J->ns] = key;
	J->ns++;
}

/* Move the children pushed since base into the arena, as v's. */
static void pop_children(struct jp *J, struct jv *v, size_t base, int keys)
{
	v->n = J->ns - base;
	v->v = arena_alloc(&J->a, (v->n ? v->n : 1) * sizeof *v->v);
	if (keys)
		v->k = arena_alloc(&J->a, (v->n ? v->n : 1) * sizeof *v->k);
	if (!v->n)
		return; /* the stack may not exist yet */
	memcpy(v->v, J->stk + base, v->n * sizeof *v->v);
	if (keys)
		memcpy(v->k, J->kstk + base, v->n * sizeof *v->k);
	J->ns = base;
}

static int parse_value(struct jp *J, struct jv *v);

static int parse_number(struct jp *J, struct jv *v)
{
	const char *keep = J->p, *p = J->p;
	for (;;) {
		while (*p == '-' || *p == '+' || *p == '.' || *p == 'e' || *p == 'E' ||
		       (*p >= '0' && *p <= '9'))
			p++;
		if (p == J->end && !J->eof) {
			size_t d = (size_t)(p - keep);
			refill(J, &keep);
			p = keep + d;
			continue;
		}
		break;
	}
	/* Check the shape: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
	const char *q = keep;
	if (*q == '-')
		q++;
	int ok = q < p && str_digit((unsigned char)*q);
	if (ok && *q == '0' && q + 1 < p && str_digit((unsigned char)q[1]))
		ok = 0;
	while (ok && q < p && str_digit((unsigned char)*q))
		q++;
	if (ok && q < p && *q == '.') {
		q++;
		ok = q < p && str_digit((unsigned char)*q);
		while (q < p && str_digit((unsigned char)*q))
			q++;
	}
	if (ok && q < p && (*q == 'e' || *q == 'E')) {
		q++;
		if (q < p && (*q == '+' || *q == '-'))
			q++;
		ok = q < p && str_digit((unsigned char)*q);
		while (q < p && str_digit((unsigned char)*q))
			q++;
	}
	if (!ok || q != p) {
		J->p = keep;
		return syntax(J, keep, "bad number '%.*s'", (int)(p - keep > 40 ? 40 : p - keep), keep);
	}
	v->t = J_NUM;
	v->s = arena_str(&J->a, keep, (size_t)(p - keep));
	J->p = p;
	return 0;
}

static int parse_word(struct jp *J, struct jv *v)
{
	static const struct {
		const char *w;
		enum jt t;
	} words[] = {{"true", J_TRUE}, {"false", J_FALSE}, {"null", J_NULL}};
	const char *keep = J->p, *p = J->p;
	need(J, &keep, &p, 5);
	J->p = p;
	for (int i = 0; i < 3; i++) {
		size_t n = strlen(words[i].w);
		if ((size_t)(J->end - p) >= n && !memcmp(p, words[i].w, n) &&
		    !str_alnum((unsigned char)p[n])) {
			v->t = words[i].t;
			J->p = p + n;
			return 0;
		}
	}
	size_t n = 0;
	while (p + n < J->end && str_alnum((unsigned char)p[n]) && n < 20)
		n++;
	return syntax(J, p, "unexpected '%.*s'", (int)(n ? n : 1), p);
}

/* After an object's '{' or ',': a member name and its ':'. */
static int member_name(struct jp *J, int c, cx_str *key)
{
	if (c < 0)
		return syntax(J, J->p, "unexpected end of input in an object");
	if (c != '"')
		return syntax(J, J->p, "expected a member name (a string) but found '%c'", c);
	if (parse_string(J, key))
		return -1;
	c = skip_ws(J);
	if (c != ':')
		return syntax(J, J->p, c < 0 ? "unexpected end of input" : "expected ':' after a member name");
	J->p++;
	return 0;
}

/* An object (obj set) or an array, from its opening bracket. */
static int parse_container(struct jp *J, struct jv *v, int obj)
{
	const char *what = obj ? "an object" : "an array";
	int close = obj ? '}' : ']';
	size_t base = J->ns;
	if (J->depth >= MAX_DEPTH)
		return syntax(J, J->p, "nesting deeper than %d levels", MAX_DEPTH);
	J->cstack[J->depth++] = obj ? 'o' : 'a';
	J->p++;
	v->t = obj ? J_OBJ : J_ARR;
	int c = skip_ws(J);
	if (c != close) {
		for (;;) {
			cx_str key = {NULL, 0};
			if (obj && member_name(J, c, &key))
				return -1;
			struct jv child;
			memset(&child, 0, sizeof child);
			if (parse_value(J, &child))
				return -1;
			push_child(J, &child, key);
			c = skip_ws(J);
			if (c == close)
				break;
			if (c < 0)
				return syntax(J, J->p, "unexpected end of input in %s", what);
			if (c != ',')
				return syntax(J, J->p, "expected ',' or '%c' in %s", close, what);
			J->p++;
			c = skip_ws(J); /* a ',' then the close is an error, as JSON says */
		}
	}
	J->p++;
	J->depth--;
	pop_children(J, v, base, obj);
	return 0;
}

static int parse_value(struct jp *J, struct jv *v)
{
	int c = skip_ws(J);
	v->line = J->line;
	switch (c) {
	case -1:
		return syntax(J, J->p, "unexpected end of input");
	case '{':
		return parse_container(J, v, 1);
	case '[':
		return parse_container(J, v, 0);
	case '"':
		v->t = J_STR;
		return parse_string(J, &v->s);
	case 't':
	case 'f':
	case 'n':
		return parse_word(J, v);
	default:
		if (c == '-' || (c >= '0' && c <= '9'))
			return parse_number(J, v);
		return syntax(J, J->p, "unexpected character '%c'", str_print(c) ? c : '?');
	}
}

/* ---- recovery -------------------------------------------------------------------- */

/* Move J->p to the next byte that is one of stops, or a NUL byte in the
 * input, refilling the buffer as needed: that byte, or -1 at the end. */
static int scan_to(struct jp *J, const char *stops)
{
	for (;;) {
		const char *p = J->p;
		while (*p && !strchr(stops, *p))
			p++;
		J->p = p;
		if (p != J->end)
			return (unsigned char)*p;
		const char *keep = p;
		if (!refill(J, &keep))
			return -1;
	}
}

/* After an error inside an array element: skip to where the next element
 * starts.  Returns 1 at a ',' at depth 1 (consumed) or at a '{' that must
 * start a new element (not consumed), 0 at the array's ']' (consumed), -1
 * at the end of input. */
static int resync_array(struct jp *J)
{
	int depth = J->depth;
	int in_str = J->in_string;
	int prev = 0;
	if (!in_str && *J->p == '{' && depth > 1 && J->cstack[depth - 1] == 'o') {
		J->depth = 1;
		return 1;
	}
	for (;;) {
		int c;
		if (in_str) {
			int b = scan_to(J, "\"\\\n");
			if (b < 0)
				return -1;
			if (b == '\\') {
				const char *keep = J->p, *p = J->p;
				need(J, &keep, &p, 2);
				J->p = p + (p + 1 < J->end ? 2 : 1);
				continue;
			}
			if (b == '\n') {
				/* Strings cannot span lines: the quote was missing. */
				in_str = 0;
				continue;
			}
			J->p++;
			in_str = 0;
			prev = '"';
			continue;
		}
		c = skip_ws(J);
		if (c < 0)
			return -1;
		switch (c) {
		case '"':
			in_str = 1;
			J->p++;
			continue;
		case '{':
			/* Past MAX_DEPTH the kinds are not recorded: nest on. */
			if (depth > 1 && depth <= MAX_DEPTH && J->cstack[depth - 1] == 'o' && prev != ':') {
				J->depth = 1;
				return 1;
			}
			if (depth <= 1) {
				J->depth = 1;
				return 1;
			}
			if (depth < MAX_DEPTH)
				J->cstack[depth] = 'o';
			depth++;
			break;
		case '[':
			if (depth < MAX_DEPTH)
				J->cstack[depth] = 'a';
			depth++;
			break;
		case '}':
		case ']':
			depth--;
			if (depth <= 0) {
				J->p++;
				J->depth = 0;
				return 0;
			}
			break;
		case ',':
			if (depth == 1) {
				J->p++;
				return 1;
			}
			break;
		default:
			break;
		}
		prev = c;
		J->p++;
	}
}

/* JSON Lines and other top-level objects: the next line that starts with
 * '{' (the error position itself if it is one).  -1 at the end. */
static int resync_lines(struct jp *J)
{
	if (J->p == J->lstart && !J->lchars && *J->p == '{')
		return 0;
	for (;;) {
		int b = scan_to(J, "\n");
		if (b < 0)
			return -1;
		if (b == '\n') {
			J->p++;
			J->line++;
			J->lstart = J->p;
			J->lchars = 0;
			const char *keep = J->p;
			need(J, &keep, &keep, 1);
			if (*J->p == '{')
				return 0;
			continue;
		}
		J->p++; /* a NUL byte in the input */
	}
}

/* One top-level item: parse, hand over, reset.  Returns 0, or -1 after a
 * syntax error (reported; the caller resyncs). */
static int item(struct jp *J, int index)
{
	struct jv v;
	memset(&v, 0, sizeof v);
	unsigned line = J->line;
	J->errored = 0;
	J->in_string = 0;
	J->ns = 0;
	int rc = parse_value(J, &v);
	if (!rc)
		J->on_item(J, &v, line, index);
	arena_reset(&J->a);
	return rc;
}

int json_read(struct jp *J_)
{
	struct jp J = *J_;
	J.cap = CHUNK + 1;
	J.buf = xmalloc(J.cap);
	J.p = J.end = J.lstart = J.buf;
	J.buf[0] = 0;
	J.line = 1;

	const char *keep = J.p;
	need(&J, &keep, &keep, 3);
	if (J.end - J.p >= 3 && !memcmp(J.p, "\xEF\xBB\xBF", 3))
		J.p += 3, J.lstart = J.p;
	int index = 0;
	for (;;) {
		int ch = skip_ws(&J);
		if (ch < 0)
			break;
		if (ch == '[') {
			/* An array of items: each element is parsed on its own. */
			J.p++;
			ch = skip_ws(&J);
			if (ch == ']') {
				J.p++;
				continue;
			}
			for (;;) {
				J.depth = 1;
				J.cstack[0] = 'a';
				int rc = item(&J, ++index);
				int r;
				if (rc) {
					r = resync_array(&J);
				} else {
					ch = skip_ws(&J);
					if (ch == ',') {
						J.p++;
						if (skip_ws(&J) == ']') {
							syntax_between(&J, J.p, "trailing comma before ']'");
							J.p++;
							r = 0;
						} else {
							r = 1;
						}
					} else if (ch == ']') {
						J.p++;
						r = 0;
					} else if (ch < 0) {
						syntax_between(&J, J.p,
						               "unexpected end of input: the array is not closed");
						r = -1;
					} else {
						J.errored = 0;
						J.depth = 1;
						syntax(&J, J.p, "expected ',' or ']' after an array element");
						r = resync_array(&J);
					}
				}
				if (r <= 0)
					break;
			}
			J.depth = 0;
			continue;
		}
		if (ch == '{') {
			J.depth = 0;
			if (item(&J, ++index) && resync_lines(&J) < 0)
				break;
			continue;
		}
		J.errored = 0;
		syntax(&J, J.p, "expected '[' or '{' at the top level but found '%c'",
		       str_print(ch) ? ch : '?');
		if (resync_lines(&J) < 0)
			break;
	}
	free(J.buf);
	free(J.stk);
	free(J.kstk);
	buf_free(&J.sb);
	arena_destroy(&J.a);
	*J_ = J;
	return J.in->error ? -1 : 0;
}

