/* csl/xml.c - CSL styles and locales are XML; expat reads them into a small
 * element tree in an arena, which style.c and locale.c then compile.
 * Expat is small, streaming and heavily fuzzed (README: dependencies).
 * Character data is kept for leaf elements only (terms, macros never hold
 * text), joined across expat's chunks. */
#include <expat.h>
#include <stdio.h>
#include <string.h>

#include "core/strbuf.h"
#include "core/utf8.h"
#include "csl/xml.h"

#define XML_MAX_DEPTH 256

struct xp {
	struct arena *a;
	XML_Parser p;
	struct xnode *stack[XML_MAX_DEPTH];
	struct xnode *last[XML_MAX_DEPTH]; /* last child of each open element */
	int depth;
	struct xnode *root;
	struct buf text;
	int too_deep;
};

static const char *local_name(const char *n)
{
	const char *c = strrchr(n, ':');
	return c ? c + 1 : n;
}

/* The length of a numeric character reference at s ("&#8211;",
 * "&#x2013;") of a character other than NUL or a surrogate, with the
 * character in *cp; 0 when s holds none. */
static size_t char_ref(const char *s, size_t n, int32_t *cp)
{
	if (n < 4 || s[0] != '&' || s[1] != '#')
		return 0;
	int hex = s[2] == 'x' || s[2] == 'X';
	size_t j = 2 + (size_t)hex, d0 = j;
	long v = 0;
	for (; j < n && j - d0 < 7; j++) {
		char c = s[j];
		int x = c >= '0' && c <= '9' ? c - '0'
		      : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10
		      : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		if (x < 0)
			break;
		v = v * (hex ? 16 : 10) + x;
	}
	if (j == d0 || j >= n || s[j] != ';' || v <= 0 || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
		return 0;
	*cp = (int32_t)v;
	return j + 1;
}

/* A value as citeproc-js reads it, in the arena.  Its reader decodes a
 * value's references one kind after the other, &amp; first, so a
 * reference written inside one (`&amp;#8211;`, to XML the text
 * "&#8211;") is decoded too: fifteen of Debian's styles write a dash or
 * a line break so, and their authors see the character.  The same
 * second pass here, over what expat decoded: &quot;, &gt;, &lt; and
 * numeric references. */
static const char *decode_again(struct arena *a, const char *s, size_t n)
{
	static const struct { const char *ref; char c; } named[] = {
		{"&quot;", '"'}, {"&gt;", '>'}, {"&lt;", '<'}};
	if (!memchr(s, '&', n))
		return arena_strndup(a, s, n);
	struct buf b = {0};
	for (size_t i = 0; i < n;) {
		size_t k = 0, len = 0;
		int32_t cp = 0;
		if (s[i] == '&') {
			for (; k < sizeof named / sizeof *named; k++) {
				len = strlen(named[k].ref);
				if (len <= n - i && !memcmp(s + i, named[k].ref, len))
					break;
			}
			if (k < sizeof named / sizeof *named) {
				buf_putc(&b, named[k].c);
				i += len;
				continue;
			}
			if ((len = char_ref(s + i, n - i, &cp))) {
				utf8_append(&b, cp);
				i += len;
				continue;
			}
		}
		buf_putc(&b, s[i++]);
	}
	const char *r = arena_strndup(a, b.p, b.n);
	buf_free(&b);
	return r;
}

static void flush_text(struct xp *x)
{
	if (x->depth > 0 && x->text.n) {
		struct xnode *cur = x->stack[x->depth - 1];
		size_t old = strlen(cur->text);
		const char *add = decode_again(x->a, x->text.p, x->text.n);
		size_t addn = strlen(add);
		char *t = arena_alloc(x->a, old + addn + 1);
		memcpy(t, cur->text, old);
		memcpy(t + old, add, addn);
		t[old + addn] = 0;
		cur->text = t;
	}
	x->text.n = 0;
}

static void on_start(void *ud, const XML_Char *name, const XML_Char **atts)
{
	struct xp *x = ud;
	flush_text(x);
	if (x->depth >= XML_MAX_DEPTH) {
		x->too_deep = 1;
		XML_StopParser(x->p, XML_FALSE);
		return;
	}
	struct xnode *n = arena_calloc(x->a, sizeof *n);
	n->name = arena_strndup(x->a, local_name(name), strlen(local_name(name)));
	n->text = "";
	n->line = (unsigned)XML_GetCurrentLineNumber(x->p);
	n->col = (unsigned)XML_GetCurrentColumnNumber(x->p) + 1;
	size_t k = 0;
	while (atts[k])
		k++;
	n->attrs = arena_alloc(x->a, (k + 1) * sizeof *n->attrs);
	for (size_t i = 0; i < k; i++) {
		/* xml:lang keeps its prefix's meaning under the name "lang". */
		n->attrs[i] = i % 2 ? decode_again(x->a, atts[i], strlen(atts[i]))
		                    : arena_strndup(x->a, local_name(atts[i]), strlen(local_name(atts[i])));
	}
	n->attrs[k] = NULL;
	if (x->depth == 0) {
		if (!x->root)
			x->root = n;
	} else {
		struct xnode *parent = x->stack[x->depth - 1];
		if (x->last[x->depth - 1])
			x->last[x->depth - 1]->next = n;
		else
			parent->kids = n;
		x->last[x->depth - 1] = n;
	}
	x->stack[x->depth] = n;
	x->last[x->depth] = NULL;
	x->depth++;
}

static void on_end(void *ud, const XML_Char *name)
{
	struct xp *x = ud;
	(void)name;
	flush_text(x);
	if (x->depth > 0)
		x->depth--;
}

static void on_text(void *ud, const XML_Char *s, int len)
{
	struct xp *x = ud;
	if (len > 0)
		buf_put(&x->text, s, (size_t)len);
}

struct xnode *xml_parse(struct arena *a, const char *xml, size_t n, char *err, size_t errlen)
{
	struct xp x;
	memset(&x, 0, sizeof x);
	x.a = a;
	x.p = XML_ParserCreate("UTF-8");
	if (!x.p) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	XML_SetUserData(x.p, &x);
	XML_SetElementHandler(x.p, on_start, on_end);
	XML_SetCharacterDataHandler(x.p, on_text);
	int ok = XML_Parse(x.p, xml, (int)n, XML_TRUE) == XML_STATUS_OK;
	if (!ok || x.too_deep)
		snprintf(err, errlen, "%lu:%lu: error: %s", (unsigned long)XML_GetCurrentLineNumber(x.p),
		         (unsigned long)XML_GetCurrentColumnNumber(x.p) + 1,
		         x.too_deep ? "elements nested too deeply"
		                    : XML_ErrorString(XML_GetErrorCode(x.p)));
	else if (!x.root)
		snprintf(err, errlen, "1:1: no element");
	XML_ParserFree(x.p);
	buf_free(&x.text);
	return ok && !x.too_deep ? x.root : NULL;
}

const char *xml_attr(const struct xnode *x, const char *name)
{
	for (size_t i = 0; x->attrs[i]; i += 2)
		if (!strcmp(x->attrs[i], name))
			return x->attrs[i + 1];
	return NULL;
}

struct xnode *xml_child(const struct xnode *x, const char *name)
{
	for (struct xnode *k = x->kids; k; k = k->next)
		if (!strcmp(k->name, name))
			return k;
	return NULL;
}
