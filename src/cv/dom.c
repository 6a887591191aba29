/* cv/dom.c - a saved web page as a tree (see dom.h).
 *
 * Not an HTML5 parser: it keeps the element structure a publication page
 * shows (lists, paragraphs, tables, headings, links, emphasis) and applies
 * the few rules that decide where an element ends when the page leaves its
 * end tag out.  An end tag without an open element of its name is ignored;
 * one that matches an element further up closes everything above it. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "core/str.h"
#include "core/utf8.h"
#include "cv/dom.h"

/* ---- entities ---------------------------------------------------------------- */

static const struct {
	const char *name;
	long cp;
} entities[] = {
	{"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}, {"nbsp", ' '},
	{"ndash", 0x2013}, {"mdash", 0x2014}, {"lsquo", 0x2018}, {"rsquo", 0x2019},
	{"ldquo", 0x201C}, {"rdquo", 0x201D}, {"hellip", 0x2026}, {"dagger", 0x2020},
	{"Dagger", 0x2021}, {"ast", '*'}, {"middot", 0xB7}, {"bull", 0x2022}, {"copy", 0xA9},
	{"reg", 0xAE}, {"trade", 0x2122}, {"times", 0xD7}, {"sect", 0xA7}, {"para", 0xB6},
	{"sup1", 0xB9}, {"sup2", 0xB2}, {"sup3", 0xB3}, {"laquo", 0xAB}, {"raquo", 0xBB},
	{"eacute", 0xE9}, {"Eacute", 0xC9}, {"egrave", 0xE8}, {"ecirc", 0xEA}, {"euml", 0xEB},
	{"aacute", 0xE1}, {"agrave", 0xE0}, {"acirc", 0xE2}, {"auml", 0xE4}, {"Auml", 0xC4},
	{"atilde", 0xE3}, {"aring", 0xE5}, {"aelig", 0xE6}, {"ccedil", 0xE7}, {"iacute", 0xED},
	{"igrave", 0xEC}, {"icirc", 0xEE}, {"iuml", 0xEF}, {"ntilde", 0xF1}, {"oacute", 0xF3},
	{"ograve", 0xF2}, {"ocirc", 0xF4}, {"ouml", 0xF6}, {"Ouml", 0xD6}, {"otilde", 0xF5},
	{"oslash", 0xF8}, {"Oslash", 0xD8}, {"uacute", 0xFA}, {"ugrave", 0xF9}, {"ucirc", 0xFB},
	{"uuml", 0xFC}, {"Uuml", 0xDC}, {"szlig", 0xDF}, {"yacute", 0xFD}, {"scaron", 0x161},
	{"Scaron", 0x160}, {"zcaron", 0x17E}, {"ccaron", 0x10D}, {"shy", -1}, {"zwnj", -1},
	{"zwj", -1}, {"lrm", -1}, {"rlm", -1}, {"thinsp", ' '}, {"ensp", ' '}, {"emsp", ' '},
	{"minus", 0x2212}, {"prime", 0x2032}, {"deg", 0xB0}, {"micro", 0xB5},
};

size_t dom_entity(const char *s, const char *end, struct buf *out)
{
	const char *semi = s;
	while (semi < end && semi - s < 12 && *semi != ';' && !str_space((unsigned char)*semi) && *semi != '&')
		semi++;
	if (semi >= end || *semi != ';')
		return 0;
	size_t l = (size_t)(semi - s);
	if (l > 1 && s[0] == '#') {
		long cp = (s[1] == 'x' || s[1] == 'X') ? strtol(s + 2, NULL, 16) : strtol(s + 1, NULL, 10);
		if (cp <= 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp < 0xE000))
			return 0;
		if (cp == 0xA0 || cp < 0x20)
			buf_putc(out, ' ');
		else if (cp != 0xAD && cp != 0x200B && cp != 0x200C && cp != 0x200D)
			utf8_append(out, (int32_t)cp);
		return l + 1;
	}
	for (size_t i = 0; i < sizeof entities / sizeof *entities; i++)
		if (strlen(entities[i].name) == l && !memcmp(entities[i].name, s, l)) {
			if (entities[i].cp > 0)
				utf8_append(out, (int32_t)entities[i].cp);
			return l + 1;
		}
	return 0;
}

/* ---- tags ------------------------------------------------------------------- */

enum { T_VOID = 1, T_RAW = 2, T_BLOCK = 4 };

static const struct {
	const char *name;
	int flags;
} tags[] = {
	{"br", T_VOID}, {"hr", T_VOID | T_BLOCK}, {"img", T_VOID}, {"meta", T_VOID}, {"link", T_VOID},
	{"input", T_VOID}, {"source", T_VOID}, {"area", T_VOID}, {"base", T_VOID}, {"col", T_VOID},
	{"embed", T_VOID}, {"param", T_VOID}, {"track", T_VOID}, {"wbr", T_VOID},
	{"script", T_RAW}, {"style", T_RAW}, {"textarea", T_RAW}, {"title", T_RAW},
	{"div", T_BLOCK}, {"ul", T_BLOCK}, {"ol", T_BLOCK}, {"dl", T_BLOCK}, {"table", T_BLOCK},
	{"h1", T_BLOCK}, {"h2", T_BLOCK}, {"h3", T_BLOCK}, {"h4", T_BLOCK}, {"h5", T_BLOCK},
	{"h6", T_BLOCK}, {"pre", T_BLOCK}, {"blockquote", T_BLOCK}, {"section", T_BLOCK},
	{"article", T_BLOCK}, {"header", T_BLOCK}, {"footer", T_BLOCK}, {"nav", T_BLOCK},
	{"main", T_BLOCK}, {"aside", T_BLOCK}, {"figure", T_BLOCK}, {"form", T_BLOCK},
	{"p", T_BLOCK}, {"address", T_BLOCK}, {"details", T_BLOCK}, {"fieldset", T_BLOCK},
};

static int tag_flags(cx_str name)
{
	for (size_t i = 0; i < sizeof tags / sizeof *tags; i++)
		if (str_eq(name, tags[i].name))
			return tags[i].flags;
	return 0;
}

int dom_is(const struct dnode *x, const char *tag)
{
	return str_eq(x->name, tag);
}

/* ---- building --------------------------------------------------------------- */

struct builder {
	struct dom *d;
	struct arena *a;
	uint32_t stack[256];
	size_t depth;     /* stack[0] is the document */
};

static uint32_t new_node(struct builder *b, unsigned line)
{
	struct dom *d = b->d;
	if (d->nn == d->cap) {
		d->cap = d->cap ? 2 * d->cap : 1024;
		d->n = xrealloc(d->n, d->cap * sizeof *d->n);
	}
	uint32_t k = (uint32_t)d->nn++;
	memset(&d->n[k], 0, sizeof d->n[k]);
	d->n[k].line = line;
	uint32_t p = b->stack[b->depth - 1];
	d->n[k].parent = p;
	if (d->n[p].last)
		d->n[d->n[p].last].next = k;
	else
		d->n[p].first = k;
	d->n[p].last = k;
	return k;
}

static cx_str top_name(const struct builder *b, size_t i)
{
	return b->d->n[b->stack[i]].name;
}

/* Close elements down to and including the nearest open `name`, unless one
 * of the names in `stop` comes first. */
static void close_to(struct builder *b, const char *name, const char *const *stop)
{
	for (size_t i = b->depth; i-- > 1;) {
		cx_str t = top_name(b, i);
		if (str_eq(t, name)) {
			b->depth = i;
			return;
		}
		for (size_t k = 0; stop && stop[k]; k++)
			if (str_eq(t, stop[k]))
				return;
	}
}

/* A start tag closes what HTML says it closes. */
static void implied_ends(struct builder *b, cx_str name, int flags)
{
	static const char *const list_stop[] = {"ul", "ol", "menu", NULL};
	static const char *const dl_stop[] = {"dl", NULL};
	static const char *const row_stop[] = {"table", "tbody", "thead", "tfoot", NULL};
	static const char *const cell_stop[] = {"tr", "table", NULL};
	static const char *const p_stop[] = {"div", "li", "td", "th", "dd", "dt", "blockquote",
	                                     "section", "article", "body", "table", "button", NULL};
	if (flags & T_BLOCK || str_eq(name, "li") || str_eq(name, "dt") || str_eq(name, "dd") ||
	    str_eq(name, "table") || str_eq(name, "tr"))
		close_to(b, "p", p_stop);
	if (str_eq(name, "li"))
		close_to(b, "li", list_stop);
	else if (str_eq(name, "dt") || str_eq(name, "dd")) {
		close_to(b, "dt", dl_stop);
		close_to(b, "dd", dl_stop);
	} else if (str_eq(name, "tr")) {
		close_to(b, "td", cell_stop);
		close_to(b, "th", cell_stop);
		close_to(b, "tr", row_stop);
	} else if (str_eq(name, "td") || str_eq(name, "th")) {
		close_to(b, "td", cell_stop);
		close_to(b, "th", cell_stop);
	} else if (str_eq(name, "option"))
		close_to(b, "option", NULL);
}

static void add_text(struct builder *b, const char *s, const char *e, unsigned line, int raw)
{
	if (s == e)
		return;
	struct buf t = {0};
	if (raw)
		buf_put(&t, s, (size_t)(e - s));
	else
		for (const char *p = s; p < e;) {
			size_t k = *p == '&' ? dom_entity(p + 1, e, &t) : 0;
			if (k)
				p += k + 1;
			else
				buf_putc(&t, *p++);
		}
	uint32_t k = new_node(b, line);
	b->d->n[k].text = arena_str(b->a, t.p ? t.p : "", t.n);
	buf_free(&t);
}

static unsigned count_nl(const char *s, const char *e)
{
	unsigned k = 0;
	for (; s < e; s++)
		k += *s == '\n';
	return k;
}

/* The end of the tag that starts at p (past '>'), skipping quoted values. */
static const char *tag_end(const char *p, const char *end)
{
	char quote = 0;
	for (; p < end; p++) {
		if (quote) {
			if (*p == quote)
				quote = 0;
		} else if (*p == '"' || *p == '\'') {
			if (p[-1] == '=' || p[-1] == ' ')
				quote = *p;
		} else if (*p == '>')
			return p + 1;
	}
	return end;
}

static const char *markup(struct builder *b, const char *p, const char *end, unsigned *line)
{
	if (end - p >= 4 && !memcmp(p, "<!--", 4)) {
		const char *q = p + 4;
		while (q + 3 <= end && memcmp(q, "-->", 3))
			q++;
		q = q + 3 <= end ? q + 3 : end;
		*line += count_nl(p, q);
		return q;
	}
	const char *q = p + 1;
	int closing = q < end && *q == '/';
	q += closing;
	const char *nb = q;
	while (q < end && (str_alnum((unsigned char)*q) || *q == '-' || *q == ':'))
		q++;
	if (q == nb) {
		if (q < end && (*q == '!' || *q == '?')) { /* doctype, processing instruction */
			const char *e = tag_end(q, end);
			*line += count_nl(p, e);
			return e;
		}
		return NULL; /* a lone '<' is text */
	}
	const char *e = tag_end(q, end);
	unsigned at = *line;
	*line += count_nl(p, e);
	char lname[16];
	size_t nl = (size_t)(q - nb);
	if (nl >= sizeof lname)
		nl = sizeof lname - 1;
	for (size_t i = 0; i < nl; i++)
		lname[i] = (char)str_lower((unsigned char)nb[i]);
	lname[nl] = 0;
	cx_str name = arena_str(b->a, lname, nl);
	int flags = tag_flags(name);
	if (closing) {
		if (!(flags & T_VOID))
			close_to(b, lname, NULL);
		return e;
	}
	implied_ends(b, name, flags);
	uint32_t k = new_node(b, at);
	struct dnode *x = &b->d->n[k];
	x->name = name;
	const char *ae = e > q && e[-1] == '>' ? e - 1 : e;
	x->attrs = (cx_str){q, (size_t)(ae - q)};
	int selfclose = ae > q && ae[-1] == '/';
	if (flags & T_RAW) {
		/* raw text up to the matching end tag */
		const char *r = e;
		while (r < end && !(r[0] == '<' && r + 2 + nl <= end && r[1] == '/' &&
		                    str_ieqn(r + 2, lname, nl) && !str_alnum((unsigned char)r[2 + nl])))
			r++;
		b->stack[b->depth++] = k;
		add_text(b, e, r, *line, !str_eq(name, "title") && !str_eq(name, "textarea"));
		b->depth--;
		*line += count_nl(e, r);
		return r < end ? tag_end(r, end) : end;
	}
	if (!(flags & T_VOID) && !selfclose && b->depth < sizeof b->stack / sizeof *b->stack)
		b->stack[b->depth++] = k;
	return e;
}

/* Does a tag (or comment, doctype) start at p?  A lone '<' is text. */
static int tag_at(const char *p, const char *end)
{
	if (p + 1 >= end)
		return 0;
	unsigned char c = (unsigned char)p[1];
	if (c == '/')
		return p + 2 < end && str_alpha((unsigned char)p[2]);
	return str_alpha(c) || c == '!' || c == '?';
}

void dom_parse(struct dom *d, struct arena *a, const char *s, size_t n)
{
	struct builder b = {d, a, {0}, 1};
	if (!d->cap) {
		d->cap = 1024;
		d->n = xmalloc(d->cap * sizeof *d->n);
	}
	memset(&d->n[0], 0, sizeof d->n[0]);
	d->n[0].name = CX_STR("#document");
	d->nn = 1;
	unsigned line = 1;
	const char *p = s, *end = s + n, *txt = s;
	while (p < end) {
		const char *lt = memchr(p, '<', (size_t)(end - p));
		if (!lt)
			break;
		if (!tag_at(lt, end)) {
			p = lt + 1;
			continue;
		}
		unsigned tl = line;
		line += count_nl(txt, lt);
		add_text(&b, txt, lt, tl, 0);
		const char *r = markup(&b, lt, end, &line);
		p = txt = r ? r : lt + 1;
	}
	add_text(&b, txt, end, line, 0);
}

void dom_free(struct dom *d)
{
	free(d->n);
	d->n = NULL;
	d->nn = d->cap = 0;
}

/* ---- attributes ------------------------------------------------------------- */

/* The raw text of attribute name's value, or {NULL, 0}. */
static cx_str attr_raw(const struct dnode *x, const char *name)
{
	const char *p = x->attrs.p, *end = p + x->attrs.n;
	size_t k = strlen(name);
	while (p < end) {
		while (p < end && (str_space((unsigned char)*p) || *p == '/'))
			p++;
		const char *nb = p;
		while (p < end && *p != '=' && !str_space((unsigned char)*p) && *p != '>')
			p++;
		int match = (size_t)(p - nb) == k && str_ieqn(nb, name, k);
		while (p < end && str_space((unsigned char)*p))
			p++;
		if (p >= end || *p != '=') {
			if (match)
				return CX_STR("");
			if (p == nb)
				p++; /* a stray '>' names nothing: pass it */
			continue;
		}
		p++;
		while (p < end && str_space((unsigned char)*p))
			p++;
		const char *vb, *ve;
		if (p < end && (*p == '"' || *p == '\'')) {
			char q = *p++;
			vb = p;
			while (p < end && *p != q)
				p++;
			ve = p;
			if (p < end)
				p++;
		} else {
			vb = p;
			while (p < end && !str_space((unsigned char)*p) && *p != '>')
				p++;
			ve = p;
		}
		if (match)
			return (cx_str){vb, (size_t)(ve - vb)};
	}
	return (cx_str){NULL, 0};
}

cx_str dom_attr(struct arena *a, const struct dnode *x, const char *name)
{
	cx_str v = attr_raw(x, name);
	if (!v.n || !memchr(v.p, '&', v.n))
		return v;
	struct buf t = {0};
	for (const char *q = v.p, *ve = v.p + v.n; q < ve;) {
		size_t e = *q == '&' ? dom_entity(q + 1, ve, &t) : 0;
		if (e)
			q += e + 1;
		else
			buf_putc(&t, *q++);
	}
	cx_str r = arena_str(a, t.p ? t.p : "", t.n);
	buf_free(&t);
	return r;
}

int dom_class(const struct dnode *x, const char *cls)
{
	cx_str c = attr_raw(x, "class"); /* class names hold no entities */
	size_t k = strlen(cls);
	for (size_t i = 0; i + k <= c.n; i++)
		if ((i == 0 || str_space((unsigned char)c.p[i - 1])) && !memcmp(c.p + i, cls, k) &&
		    (i + k == c.n || str_space((unsigned char)c.p[i + k])))
			return 1;
	return 0;
}
