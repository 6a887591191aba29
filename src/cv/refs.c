/* cv/refs.c - the `refs` reader: a bibliography as found at the end of a
 * paper, one reference a line, numbered ("[12]", "12.") or not.  Each line
 * goes through the labeller and the normalization after it; a line that
 * yields no entry gets a warning with its number, never silence. */
#define _POSIX_C_SOURCE 200809L
#include <string.h>

#include "core/str.h"
#include "cv/cv.h"
#include "cv/input.h"

/* Label one reference and emit its entry; 0 when none came of it. */
int cv_reference(struct cv_ctx *x, const char *s, size_t n, unsigned line, const struct cv_item *hint)
{
	struct cv_item it;
	memset(&it, 0, sizeof it);
	if (hint)
		it = *hint;
	it.line = line;
	cv_label(x, s, n, NULL, 0, &it);
	struct cx_entry *e = cv_entry(x, &it);
	if (!e)
		return 0;
	cv_emit(x, e);
	return 1;
}

/* Is this text line a whole reference by its look: six words or more, a
 * digit (year, volume or pages) and punctuation inside? */
static int ref_like(const char *p, size_t k)
{
	size_t words = 1, digits = 0, punct = 0;
	for (size_t i = 0; i < k; i++) {
		words += p[i] == ' ' && i + 1 < k && p[i + 1] != ' ';
		digits += p[i] >= '0' && p[i] <= '9';
		punct += p[i] == ',' || p[i] == '.' || p[i] == ':';
	}
	return k >= 30 && words >= 6 && digits && punct >= 2;
}

int cv_refs_list(const char *s, size_t n)
{
	size_t lines = 0, refs = 0;
	for (const char *p = s, *end = s + n; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;
		while (p < e && (*p == ' ' || *p == '\t'))
			p++;
		size_t k = (size_t)(e - p);
		while (k && (p[k - 1] == ' ' || p[k - 1] == '\r'))
			k--;
		if (k) {
			lines++;
			refs += ref_like(p, k);
		}
		p = nl ? nl + 1 : end;
	}
	return lines >= 2 && refs * 10 >= lines * 9;
}

/* The list's own number before a reference: "[12]" always, "12.", "12)"
 * and "(12)" when it is the number the list has come to (*next), so that a
 * reference's own number ("33 Bergk, V. ...") or a year is left to the
 * labeller.  Returns the bytes to skip (the mark and the blanks after it),
 * 0 when there is none; *next moves past the number. */
static size_t list_mark(const char *p, size_t k, int *next)
{
	size_t i = p[0] == '[' || p[0] == '(';
	int v;
	size_t d = str_digits(p + i, p + k, &v);
	if (!d || d > 4 || i + d >= k)
		return 0;
	char close = p[i + d];
	int ok = p[0] == '[' ? close == ']' : p[0] == '(' ? close == ')' && v == *next
	                                                : (close == '.' || close == ')') && v == *next;
	size_t e = i + d + 1;
	if (!ok || e >= k || (p[e] != ' ' && p[e] != '\t'))
		return 0;
	while (e < k && (p[e] == ' ' || p[e] == '\t'))
		e++;
	*next = v + 1;
	return e < k ? e : 0;
}

void cv_refs_text(struct cx_reader_ctx *c, const char *s, size_t n)
{
	struct arena a = {0};
	struct lab_model m;
	struct cv_ctx x = {.a = &a, .c = c, .model = lab_model_builtin(&m, 0)};
	if (c->opt && c->opt->owner)
		x.owner = (cx_str){c->opt->owner, strlen(c->opt->owner)};
	if (!x.model)
		cv_diag(&x, CX_ERROR, CX_E_LIMIT, 1, "this build has no reference model (run make model)");
	size_t found = 0, written = 0;
	unsigned line = 0;
	int next = 1;
	for (const char *p = s, *end = s + n; x.model && p < end; line++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;
		size_t k = (size_t)(e - p);
		const char *q = p;
		p = nl ? nl + 1 : end;
		while (k && (*q == ' ' || *q == '\t'))
			q++, k--;
		while (k && (q[k - 1] == ' ' || q[k - 1] == '\r' || q[k - 1] == '\t'))
			k--;
		if (!k)
			continue;
		found++;
		/* the list's numbering is no part of the reference: a
		 * reference may carry a number of its own after it */
		size_t skip = list_mark(q, k, &next);
		q += skip, k -= skip;
		if (cv_reference(&x, q, k, line + 1, NULL))
			written++;
		else
			cv_diag(&x, CX_WARNING, CX_E_VALUE, line + 1, "no reference read from this line");
		arena_reset(&a);
	}
	if (found != written)
		cv_diag(&x, CX_NOTE, CX_E_VALUE, 1, "%zu references found, %zu written", found, written);
	arena_destroy(&a);
}

static int refs_read(struct cx_reader_ctx *c, struct cx_input *in)
{
	struct arena a = {0};
	struct cv_ctx x = {.a = &a, .c = c};
	struct buf b = {0};
	int rc = cv_read_all(&x, in, &b);
	if (!rc)
		cv_refs_text(c, b.p ? b.p : "", b.n);
	buf_free(&b);
	arena_destroy(&a);
	return rc == -2 ? -1 : 0;
}

const struct cx_reader cx_reader_refs = {
	.name = "refs",
	.read = refs_read,
};
