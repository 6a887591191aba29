/* cv/input.c - reading a whole publication list, and handing its entries on.
 *
 * A CV is small, so the cv and refs readers take the document whole (capped
 * at CV_MAX_INPUT).  Text that is not UTF-8 is read as Windows-1252, and control
 * bytes become spaces: inside the model they carry markup. */
#define _POSIX_C_SOURCE 200809L
#include <string.h>

#include "core/utf8.h"
#include "cv/input.h"
#include "norm/context.h"
#include "norm/keys.h"
#include "norm/norm.h"

/* U+2000..U+200B (en, em, thin, zero-width spaces), U+202F, U+205F and
 * U+3000: spaces, however wide. */
static int wide_space(const unsigned char *p)
{
	return (p[0] == 0xE2 && p[1] == 0x80 && ((p[2] >= 0x80 && p[2] <= 0x8B) || p[2] == 0xAF)) ||
	       (p[0] == 0xE2 && p[1] == 0x81 && p[2] == 0x9F) || (p[0] == 0xE3 && p[1] == 0x80 && p[2] == 0x80);
}

/* The letter of the escape a control byte was read from, when the bytes
 * after it spell the rest of a LaTeX command ("\emph{" that a YAML or C
 * string turned into ESC "mph{"), else 0. */
static char escaped(const char *p, size_t n)
{
	unsigned char c0 = (unsigned char)p[0];
	if (c0 != 0x1B && c0 != '\t' && c0 != 0x08 && c0 != 0x0C)
		return 0;
	static const struct {
		unsigned char c;
		char letter;
		const char *rest;
	} t[] = {{0x1B, 'e', "mph{"}, {'\t', 't', "ext"}, {0x08, 'b', "f{"}, {0x0C, 'f', "ootnote{"}};
	for (size_t k = 0; k < sizeof t / sizeof *t; k++) {
		size_t m = strlen(t[k].rest);
		if ((unsigned char)p[0] == t[k].c && n > m && !memcmp(p + 1, t[k].rest, m) &&
		    (t[k].c != '\t' || (n > 4 && p[4] >= 'a' && p[4] <= 'z')))
			return t[k].letter;
	}
	return 0;
}

/* Give back the backslashes of LaTeX commands that a string escape ate. */
static void unescape_tex(struct buf *b)
{
	size_t k = 0;
	for (size_t i = 0; i < b->n; i++)
		k += escaped(b->p + i, b->n - i) != 0;
	if (!k)
		return;
	struct buf u = {0};
	buf_reserve(&u, b->n + k + 1);
	for (size_t i = 0; i < b->n; i++) {
		char l = escaped(b->p + i, b->n - i);
		if (l) {
			buf_putc(&u, '\\');
			buf_putc(&u, l);
		} else
			buf_putc(&u, b->p[i]);
	}
	buf_free(b);
	*b = u;
}

int cv_read_all(struct cv_ctx *x, struct cx_input *in, struct buf *b)
{
	char chunk[1 << 16];
	size_t n;
	while ((n = cx_input_read(in, chunk, sizeof chunk)) > 0) {
		if (b->n + n > CV_MAX_INPUT) {
			cv_diag(x, CX_ERROR, CX_E_LIMIT, 1, "input is larger than %zu MiB; not a publication list",
			        CV_MAX_INPUT >> 20);
			return -1;
		}
		buf_put(b, chunk, n);
	}
	if (in->error)
		return -2;
	if (utf8_valid(b->p, b->n) < b->n) {
		/* Windows-1252 (Latin-1 with quotes and dashes) is the usual
		 * culprit: every byte is a character of it. */
		struct buf u = {0};
		buf_reserve(&u, 3 * b->n + 1);
		u.n = utf8_from_8bit(u.p, b->p, b->n);
		buf_free(b);
		*b = u;
		cv_diag(x, CX_WARNING, CX_E_BAD_UTF8, 1, "input is not UTF-8; read as Windows-1252");
	}
	unescape_tex(b);
	for (size_t i = 0; i < b->n; i++) {
		unsigned char c = (unsigned char)b->p[i];
		if (c < 0x20 && c != '\n' && c != '\t' && c != '\r')
			b->p[i] = ' ';
		else if (c == 0xC2 && i + 1 < b->n && (unsigned char)b->p[i + 1] == 0xA0)
			b->p[i] = b->p[i + 1] = ' '; /* a no-break space is a space */
		else if ((c == 0xE2 || c == 0xE3) && i + 2 < b->n && wide_space((unsigned char *)b->p + i))
			b->p[i] = b->p[i + 1] = b->p[i + 2] = ' ';
	}
	buf_putc(b, 0);
	b->n--;
	return 0;
}

void cv_emit(struct cv_ctx *x, struct cx_entry *e)
{
	struct cx_reader_ctx *c = x->c;
	norm_entry(c->cx, e, x->a, &c->diags);
	keygen_apply(context_cv_keys(c->cx), e);
	reader_deliver(c, e);
}
