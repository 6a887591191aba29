/* read/cslyaml.c - CSL-YAML: CSL items written in YAML, as pandoc reads and
 * writes them.
 *
 * A file is a list of items, or a mapping whose "references" is one (a
 * pandoc bibliography, a Markdown document's YAML front matter); any
 * other key of that mapping is not a reference and is passed over.  Each
 * item is the same data as a CSL-JSON item, so it is made into the tree
 * the CSL-JSON reader maps (read/csljson.c), and CSL-YAML and CSL-JSON
 * give one model.
 *
 * Pandoc reads a YAML string as Markdown, so values are Markdown too:
 * *italic* (or _italic_), **bold**, ^superscript^, ~subscript~,
 * [text]{.nocase} and [text]{.smallcaps} become the HTML subset CSL-JSON
 * carries, a backslash escapes the character after it, and "--", "---"
 * and "..." are dashes and an ellipsis, as pandoc's smart punctuation
 * makes them.  Identifiers, URLs and types take the text without markup,
 * as pandoc does.  Plain scalars that read as numbers, booleans or
 * null are those JSON values. */
#include <string.h>

#include "core/str.h"
#include "core/strbuf.h"
#include "core/utf8.h"
#include "read/json.h"
#include "read/yaml.h"

struct cy {
	struct jp J;            /* the CSL-JSON reader's state */
	struct cx_reader_ctx *c;
	int saw_items;
	unsigned root_line;
};

/* ---- Markdown to CSL's HTML --------------------------------------------------- */

static int punct(unsigned char c)
{
	return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') ||
	       (c >= '{' && c <= '~');
}

/* The offset of the delimiter d (n bytes) that closes one opened at i,
 * or 0: not escaped, after a non-blank, not part of a longer run. */
static size_t closer(cx_str s, size_t i, const char *d, size_t n)
{
	for (size_t j = i + n; j + n <= s.n; j++) {
		if (s.p[j] == '\\') {
			j++;
			continue;
		}
		if (memcmp(s.p + j, d, n) || s.p[j - 1] == ' ')
			continue;
		if (n == 1 && j + 1 < s.n && s.p[j + 1] == d[0])
			j++; /* a run of two is another delimiter */
		else if (j > i + n)
			return j;
	}
	return 0;
}

/* The ']' that closes the '[' at i, followed by {.nocase} or
 * {.smallcaps}: its offset and the class' length, or 0. */
static size_t span_end(cx_str s, size_t i, const char **cls, size_t *skip)
{
	int depth = 0;
	for (size_t j = i; j < s.n; j++) {
		if (s.p[j] == '\\') {
			j++;
		} else if (s.p[j] == '[') {
			depth++;
		} else if (s.p[j] == ']' && !--depth) {
			static const char *const classes[] = {"{.nocase}", "{.smallcaps}"};
			for (int k = 0; k < 2; k++) {
				size_t n = strlen(classes[k]);
				if (j + 1 + n <= s.n && !memcmp(s.p + j + 1, classes[k], n)) {
					*cls = k ? "<span style=\"font-variant:small-caps;\">"
					         : "<span class=\"nocase\">";
					*skip = n;
					return j;
				}
			}
			return 0;
		}
	}
	return 0;
}

static int alnum_at(cx_str s, size_t i)
{
	return i < s.n && (str_alnum((unsigned char)s.p[i]) || (unsigned char)s.p[i] >= 0x80);
}

/* The character an entity at s[i] ("&#32;", "&#x20;", "&amp;") stands
 * for, and its length in *used; 0 when there is none. */
static int32_t entity(cx_str s, size_t i, size_t *used)
{
	static const struct {
		const char *name;
		int32_t cp;
	} named[] = {{"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}};
	for (size_t k = 0; k < sizeof named / sizeof *named; k++) {
		size_t n = strlen(named[k].name);
		if (i + n <= s.n && !memcmp(s.p + i, named[k].name, n))
			return *used = n, named[k].cp;
	}
	if (i + 3 >= s.n || s.p[i + 1] != '#')
		return 0;
	int hex = s.p[i + 2] == 'x' || s.p[i + 2] == 'X';
	int32_t cp = 0;
	size_t j = i + 2 + (size_t)hex;
	for (; j < s.n && j < i + 10 && s.p[j] != ';'; j++) {
		unsigned char c = (unsigned char)s.p[j];
		int d = str_digit(c) ? c - '0' : hex && str_hex(c) ? (str_lower(c) - 'a' + 10) : -1;
		if (d < 0)
			return 0;
		cp = cp * (hex ? 16 : 10) + d;
	}
	if (j >= s.n || s.p[j] != ';' || cp <= 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	*used = j + 1 - i;
	return cp;
}

/* Markdown inline text to CSL's HTML markup (html) or to plain text. */
static void md(struct buf *b, cx_str s, int html)
{
	/* Open delimiters: the offset each closes at, and its HTML. */
	size_t close_at[32];
	const char *tag[32];
	size_t skip_after[32];
	int depth = 0;
	for (size_t i = 0; i < s.n;) {
		unsigned char c = (unsigned char)s.p[i];
		if (depth && i == close_at[depth - 1]) {
			depth--;
			if (html)
				buf_puts(b, tag[depth]);
			i += skip_after[depth];
			continue;
		}
		if (c == '\\' && i + 1 < s.n && (punct((unsigned char)s.p[i + 1]) || s.p[i + 1] == ' ')) {
			buf_putc(b, s.p[i + 1]);
			i += 2;
			continue;
		}
		const char *d = NULL, *on = NULL, *off = NULL;
		size_t n = 1, end = 0, skip = 0;
		if (c == '*' || c == '_') {
			n = i + 1 < s.n && s.p[i + 1] == (char)c ? 2 : 1;
			d = c == '*' ? (n == 2 ? "**" : "*") : (n == 2 ? "__" : "_");
			on = n == 2 ? "<b>" : "<i>";
			off = n == 2 ? "</b>" : "</i>";
			if (i + n < s.n && s.p[i + n] != ' ' && !(c == '_' && alnum_at(s, i - (i > 0))))
				end = closer(s, i, d, n);
			if (end && c == '_' && alnum_at(s, end + n))
				end = 0;
		} else if ((c == '^' || c == '~') && i + 1 < s.n && s.p[i + 1] != ' ' &&
		           s.p[i + 1] != (char)c) {
			d = c == '^' ? "^" : "~";
			on = c == '^' ? "<sup>" : "<sub>";
			off = c == '^' ? "</sup>" : "</sub>";
			end = closer(s, i, d, 1);
		} else if (c == '[') {
			end = span_end(s, i, &on, &skip);
			off = "</span>";
			n = 1;
		}
		if (end && depth < 32 && (!depth || end < close_at[depth - 1])) {
			if (html)
				buf_puts(b, on);
			close_at[depth] = end;
			tag[depth] = off;
			skip_after[depth++] = (c == '[' ? 1 + skip : n);
			i += n;
			continue;
		}
		/* &#32; and the like (the writer's blanks at the edge of an
		 * emphasis); &amp;, &lt;, &gt; and &quot;. */
		if (c == '&') {
			size_t used;
			int32_t cp = entity(s, i, &used);
			if (cp > 0) {
				char u[4];
				buf_put(b, u, utf8_put(u, cp));
				i += used;
				continue;
			}
		}
		/* Smart punctuation, as pandoc's reader makes it. */
		if (c == '-' && i + 1 < s.n && s.p[i + 1] == '-') {
			int em = i + 2 < s.n && s.p[i + 2] == '-';
			buf_puts(b, em ? "\xE2\x80\x94" : "\xE2\x80\x93");
			i += em ? 3 : 2;
			continue;
		}
		if (c == '.' && i + 2 < s.n && s.p[i + 1] == '.' && s.p[i + 2] == '.') {
			buf_puts(b, "\xE2\x80\xA6");
			i += 3;
			continue;
		}
		buf_putc(b, (char)c);
		i++;
	}
	while (depth--)
		if (html)
			buf_puts(b, tag[depth]);
}

/* Keys whose text pandoc takes without markup. */
static int plain_key(cx_str k)
{
	static const char *const keys[] = {"id", "type", "URL", "DOI", "ISBN", "ISSN", "PMID", "PMCID",
	                                   "citation-key", "language"};
	for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
		if (str_eq(k, keys[i]))
			return 1;
	return 0;
}

/* ---- YAML to the CSL-JSON reader's tree ------------------------------------------- */

/* pandoc reads doi, url, ... as DOI, URL: CSL's names are upper-case. */
static cx_str csl_key(cx_str k)
{
	static const char *const upper[] = {"DOI", "URL", "ISBN", "ISSN", "PMID", "PMCID"};
	for (size_t i = 0; i < sizeof upper / sizeof *upper; i++)
		if (str_ieq(k, upper[i]))
			return str_of(upper[i]);
	return k;
}

/* pandoc reads a date as a mapping of year, month and day too
 * ("issued: {year: 2009}"): as date-parts. */
static void date_map(struct arena *a, cx_str key, struct jv *v)
{
	static const char *const dates[] = {"issued", "accessed", "original-date", "submitted",
	                                    "event-date", "available-date"};
	size_t d = 0;
	while (d < sizeof dates / sizeof *dates && !str_eq(key, dates[d]))
		d++;
	if (d == sizeof dates / sizeof *dates || v->t != J_OBJ)
		return;
	static const char *const parts[] = {"year", "month", "day"};
	struct jv *found[3] = {NULL, NULL, NULL};
	for (size_t i = 0; i < v->n; i++) {
		if (str_eq(v->k[i], "date-parts"))
			return;
		for (int p = 0; p < 3; p++)
			if (str_eq(v->k[i], parts[p]))
				found[p] = &v->v[i];
	}
	if (!found[0])
		return;
	size_t n = found[1] ? found[2] ? 3 : 2 : 1;
	struct jv *one = arena_alloc(a, n * sizeof *one), *row = arena_alloc(a, sizeof *row),
	          *outer = arena_alloc(a, sizeof *outer);
	for (size_t p = 0; p < n; p++)
		one[p] = *found[p];
	*row = (struct jv){.t = J_ARR, .line = v->line, .v = one, .n = n};
	*outer = (struct jv){.t = J_ARR, .line = v->line, .v = row, .n = 1};
	cx_str *k = arena_alloc(a, sizeof *k);
	k[0] = str_of("date-parts");
	*v = (struct jv){.t = J_OBJ, .line = v->line, .v = outer, .k = k, .n = 1};
}

static void to_jv(struct cy *Y, const struct ynode *n, struct jv *v, int html, int item)
{
	struct arena *a = &Y->J.a;
	memset(v, 0, sizeof *v);
	v->line = n->line;
	if (n->kind == Y_SCALAR) {
		int b;
		if (yaml_is_null(n)) {
			v->t = J_NULL;
		} else if (yaml_bool(n, &b)) {
			v->t = b ? J_TRUE : J_FALSE;
		} else if (yaml_is_number(n)) {
			v->t = J_NUM;
			v->s = n->s;
		} else {
			struct buf bb = {0};
			md(&bb, n->s, html);
			v->t = J_STR;
			v->s = arena_str(a, bb.p ? bb.p : "", bb.n);
			buf_free(&bb);
		}
		return;
	}
	v->t = n->kind == Y_SEQ ? J_ARR : J_OBJ;
	v->n = n->n;
	if (!n->n)
		return;
	struct jv *items = arena_alloc(a, n->n * sizeof *items);
	if (n->kind == Y_MAP) {
		cx_str *keys = arena_alloc(a, n->n * sizeof *keys);
		for (size_t i = 0; i < n->n; i++) {
			/* an item's own keys are CSL's (custom's are no variables) */
			keys[i] = yaml_text(yaml_key(n, i));
			if (item)
				keys[i] = csl_key(keys[i]);
			to_jv(Y, yaml_value(n, i), &items[i], html && !plain_key(keys[i]), 0);
			if (item)
				date_map(a, keys[i], &items[i]);
		}
		v->k = keys;
	} else {
		for (size_t i = 0; i < n->n; i++)
			to_jv(Y, yaml_item(n, i), &items[i], html, 0);
	}
	v->v = items;
}

/* ---- the reader ---------------------------------------------------------------------- */

static int split(void *ctx, size_t depth, const struct ynode *const *keys, enum ykind kind)
{
	(void)ctx;
	if (depth == 0)
		return 1;
	return depth == 1 && kind == Y_SEQ && keys[0] && yaml_is(keys[0], "references");
}

static void unit(void *ctx, const struct yunit *u)
{
	struct cy *Y = ctx;
	int item = (u->depth == 1 && !u->keys[0]) ||
	           (u->depth == 2 && u->keys[0] && yaml_is(u->keys[0], "references"));
	if (!item) {
		if (u->depth == 0 && u->node->kind == Y_MAP && yaml_get(u->node, "references"))
			; /* an empty references list */
		else if (u->depth == 1 && u->keys[0] && yaml_is(u->keys[0], "references") &&
		         !yaml_is_null(u->node))
			diag_report(&Y->c->diags, CX_ERROR, CX_E_SYNTAX, u->node->line, u->node->col,
			            "'references' is not a list of CSL items; skipped");
		else if (u->depth == 0 && !yaml_is_null(u->node))
			diag_report(&Y->c->diags, CX_ERROR, CX_E_SYNTAX, u->node->line, u->node->col,
			            "not CSL-YAML: no list of items, nor a 'references' key");
		return;
	}
	Y->saw_items = 1;
	if (u->node->kind != Y_MAP) {
		diag_report(&Y->c->diags, CX_ERROR, CX_E_SYNTAX, u->node->line, u->node->col,
		            "item %zu is not a mapping (a CSL item); skipped", u->index + 1);
		return;
	}
	struct jv v;
	to_jv(Y, u->node, &v, 1, 1);
	csljson_convert(&Y->J, &v, u->node->line);
	memset(&Y->J.e, 0, sizeof Y->J.e);
	arena_reset(&Y->J.a);
}

static int cslyaml_read(struct cx_reader_ctx *c, struct cx_input *in)
{
	struct cy Y;
	memset(&Y, 0, sizeof Y);
	Y.c = c;
	Y.J.c = c;
	Y.J.in = in;
	/* Markdown: only the front matter is YAML; a bibliography file is
	 * one document (first_only). */
	struct yaml_reader R = {.in = in, .diags = &c->diags,
		.split = split, .unit = unit, .ctx = &Y, .first_only = 1};
	int rc = yaml_read(&R);
	arena_destroy(&Y.J.a);
	keyset_free(&Y.J.keys);
	buf_free(&Y.J.sb); /* the CSL-JSON reader's scratch, used for name lists */
	return rc;
}

const struct cx_reader cx_reader_cslyaml = {"csl-yaml", cslyaml_read};
