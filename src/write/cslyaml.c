/* write/cslyaml.c - the CSL-YAML writer: CSL items in YAML, as pandoc reads
 * them from a bibliography file or a Markdown document's front matter.
 *
 * An item is the CSL-JSON writer's item (write/csljson.c), the same
 * variables from the same field map, written to memory, read back as a
 * tree and laid out as YAML: so CSL-YAML and CSL-JSON cannot disagree.
 * The JSON read back is the writer's own, complete and well formed; the
 * small parser here trusts it (read/json.c, the CSL-JSON reader's, is a
 * streaming reader of untrusted files in the layer above this one).
 *
 * Pandoc reads every YAML string as Markdown, so text is written as
 * pandoc writes it: the HTML subset of CSL-JSON becomes *italic*,
 * **bold**, ^superscript^, ~subscript~, [text]{.nocase} and
 * [text]{.smallcaps}, and the characters Markdown would read as markup
 * are escaped with a backslash (read/cslyaml.c undoes both).  A plain
 * date is one EDTF string (2020-05-03, 2019/2020, 2021~), as pandoc
 * writes dates; any other stays a mapping with date-parts.  The file is
 * one YAML document with a "references" list: pandoc's --bibliography
 * reads it, and it can open a Markdown document as its front matter. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/str.h"
#include "core/strbuf.h"
#include "core/utf8.h"
#include "write/fmt.h"

/* ---- the CSL-JSON writer's output, read back -------------------------------- */

struct jn {
	char t;        /* 'o' object, 'a' array, 's' string, 'n' number, 'l' true/false/null */
	cx_str s;      /* a string (unescaped) or the literal as written */
	struct jn *v;
	cx_str *k;
	size_t n;
};

struct jr {
	const char *p, *end;
	struct arena *a;
	int depth;
};

static void ws(struct jr *R)
{
	while (R->p < R->end && (*R->p == ' ' || *R->p == '\n' || *R->p == '\t' || *R->p == '\r'))
		R->p++;
}

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
	                                      : c >= 'A' && c <= 'F' ? c - 'A' + 10 : 0;
}

static cx_str jstring(struct jr *R)
{
	struct buf b = {0};
	R->p++;
	while (R->p < R->end && *R->p != '"') {
		if (*R->p != '\\') {
			buf_putc(&b, *R->p++);
			continue;
		}
		char c = R->p + 1 < R->end ? R->p[1] : 0;
		R->p += 2;
		switch (c) {
		case 'n': buf_putc(&b, '\n'); break;
		case 't': buf_putc(&b, '\t'); break;
		case 'r': buf_putc(&b, '\r'); break;
		case 'b': buf_putc(&b, '\b'); break;
		case 'f': buf_putc(&b, '\f'); break;
		case 'u': {
			uint32_t cp = 0;
			for (int i = 0; i < 4 && R->p < R->end; i++)
				cp = cp * 16 + (uint32_t)hexval(*R->p++);
			if (cp >= 0xD800 && cp <= 0xDBFF && R->end - R->p >= 6 && R->p[0] == '\\') {
				uint32_t lo = 0;
				for (int i = 2; i < 6; i++)
					lo = lo * 16 + (uint32_t)hexval(R->p[i]);
				cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
				R->p += 6;
			}
			char u[4];
			buf_put(&b, u, utf8_put(u, (int32_t)cp));
			break;
		}
		default: buf_putc(&b, c); break;
		}
	}
	R->p++;
	cx_str s = arena_str(R->a, b.p ? b.p : "", b.n);
	buf_free(&b);
	return s;
}

static void jvalue(struct jr *R, struct jn *v)
{
	memset(v, 0, sizeof *v);
	ws(R);
	if (R->p >= R->end || R->depth > 64)
		return;
	char c = *R->p;
	if (c == '"') {
		v->t = 's';
		v->s = jstring(R);
		return;
	}
	if (c != '{' && c != '[') {
		const char *s = R->p;
		while (R->p < R->end && !strchr(",]} \n\t\r", *R->p))
			R->p++;
		v->t = (*s == 't' || *s == 'f' || *s == 'n') ? 'l' : 'n';
		v->s = (cx_str){s, (size_t)(R->p - s)};
		return;
	}
	v->t = c == '{' ? 'o' : 'a';
	R->p++;
	R->depth++;
	struct jn *items = NULL;
	cx_str *keys = NULL;
	size_t n = 0, cap = 0;
	for (;;) {
		ws(R);
		if (R->p >= R->end || *R->p == '}' || *R->p == ']') {
			R->p++;
			break;
		}
		if (*R->p == ',') {
			R->p++;
			continue;
		}
		if (n == cap) {
			size_t old = cap;
			items = xgrow(items, &cap, n + 1, sizeof *items);
			if (v->t == 'o') {
				cx_str *nk = xmalloc(cap * sizeof *nk);
				if (old)
					memcpy(nk, keys, old * sizeof *nk);
				free(keys);
				keys = nk;
			}
		}
		if (v->t == 'o') {
			keys[n] = jstring(R);
			ws(R);
			R->p++; /* the colon */
		}
		jvalue(R, &items[n++]);
	}
	R->depth--;
	v->n = n;
	if (n) {
		v->v = arena_alloc(R->a, n * sizeof *v->v);
		memcpy(v->v, items, n * sizeof *items);
		if (keys) {
			v->k = arena_alloc(R->a, n * sizeof *v->k);
			memcpy(v->k, keys, n * sizeof *keys);
		}
	}
	free(items);
	free(keys);
}

static const struct jn *jget(const struct jn *o, const char *key)
{
	for (size_t i = 0; o->t == 'o' && i < o->n; i++)
		if (str_eq(o->k[i], key))
			return &o->v[i];
	return NULL;
}

/* ---- Markdown, as pandoc writes it ------------------------------------------------ */

/* Does the word before s[i] end in one of the abbreviations after which
 * pandoc's Markdown reader makes the next blank a non-breaking one
 * ("Dr. House")?  Its list, in pandoc's data/abbreviations. */
static int abbreviation_before(const char *s, size_t i)
{
	static const char *const abbr[] = {
		"aet.", "aetat.", "al.", "Apr.", "Aug.", "bk.", "Bros.", "c.", "Capt.", "cf.", "ch.",
		"chap.", "chs.", "Co.", "col.", "Corp.", "cp.", "d.", "Dec.", "Dr.", "e.g.", "ed.",
		"eds.", "esp.", "f.", "fasc.", "Feb.", "ff.", "fig.", "fl.", "fol.", "fols.", "Fr.",
		"Gen.", "Gov.", "Hon.", "i.e.", "ill.", "Inc.", "incl.", "Jan.", "Jr.", "Jul.", "Jun.",
		"Ltd.", "M.A.", "M.D.", "Mar.", "Mr.", "Mrs.", "Ms.", "n.", "n.b.", "nn.", "No.",
		"Nov.", "Oct.", "p.", "Ph.D.", "pp.", "Pres.", "Prof.", "pt.", "q.v.", "Rep.", "Rev.",
		"s.v.", "s.vv.", "saec.", "sec.", "Sen.", "Sep.", "Sept.", "Sgt.", "Sr.", "St.",
		"univ.", "viz.", "vol.", "vs.",
	};
	if (!i || s[i - 1] != '.')
		return 0;
	size_t j = i;
	while (j && s[j - 1] != ' ')
		j--;
	while (j < i && (s[j] == '"' || s[j] == '\'')) /* a quotation opens before it */
		j++;
	cx_str w = {s + j, i - j};
	for (size_t k = 0; k < sizeof abbr / sizeof *abbr; k++)
		if (str_eq(w, abbr[k]))
			return 1;
	return 0;
}

/* Text escaped for pandoc's Markdown reader; tight: every blank as an
 * entity, which pandoc reads as a blank; so is the blank after an
 * abbreviation, which pandoc would make a non-breaking one. */
static void md_text(struct buf *b, const char *s, size_t n, int tight)
{
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c == ' ' && !tight && abbreviation_before(s, i)) {
			buf_puts(b, "&#32;");
			continue;
		}
		if (strchr("\\*_`[]<>|^~$@#&", c))
			buf_putc(b, '\\');
		else if (c == '-' && i + 1 < n && s[i + 1] == '-')
			buf_putc(b, '\\'); /* -- is a dash to pandoc */
		else if (c == '.' && i + 2 < n && s[i + 1] == '.' && s[i + 2] == '.')
			buf_putc(b, '\\'); /* ... an ellipsis */
		if (c == ' ' && tight) {
			/* Markdown has no blank inside ^...^ or ~...~, nor at the
			 * edge of an emphasis; pandoc reads the entity as one. */
			buf_puts(b, "&#32;");
			continue;
		}
		buf_putc(b, c);
	}
}

static const struct {
	const char *html, *md;
	int close, tight;
} tags[] = {
	{"<i>", "*", 0, 0},     {"</i>", "*", 1, 0},   {"<b>", "**", 0, 0}, {"</b>", "**", 1, 0},
	{"<sup>", "^", 0, 1},   {"</sup>", "^", 1, 1}, {"<sub>", "~", 0, 1}, {"</sub>", "~", 1, 1},
	{"<span class=\"nocase\">", "[", 0, 0},
	{"<span style=\"font-variant:small-caps;\">", "[", 0, 0},
	{"</span>", "]", 1, 0},
};

/* The tag of tags[] at s[i], or -1. */
static int tag_at(cx_str s, size_t i)
{
	if (s.p[i] != '<')
		return -1;
	for (size_t t = 0; t < sizeof tags / sizeof *tags; t++) {
		size_t len = strlen(tags[t].html);
		if (i + len <= s.n && !memcmp(s.p + i, tags[t].html, len))
			return (int)t;
	}
	return -1;
}

/* The family of a tag (i, b, sup, sub, span): its opening tag's index. */
static int family(int t)
{
	if (t >= 8)
		return 8; /* both spans close with </span> */
	return t & ~1;
}

/* CSL-JSON rich text to pandoc's Markdown.  Tags are paired first: one
 * with no partner is text ("a </i> b" as the writer wrote a literal).  A
 * span inside one of its own kind takes the other delimiter (*a _b_ c*),
 * which pandoc reads as emphasis in emphasis.  A blank just inside an
 * emphasis is the entity &#32; ("* x*" would be no emphasis). */
static void markdown(struct buf *b, cx_str s)
{
	enum { MAXT = 128 };
	size_t pos[MAXT];
	int tag[MAXT], partner[MAXT], stack[MAXT], n = 0, sp = 0;
	for (size_t i = 0; i < s.n && n < MAXT; i++) {
		int t = tag_at(s, i);
		if (t < 0)
			continue;
		pos[n] = i;
		tag[n] = t;
		partner[n] = -1;
		if (!tags[t].close) {
			stack[sp++] = n;
		} else {
			/* The innermost open tag of its family closes. */
			int k = sp;
			while (k > 0 && family(tag[stack[k - 1]]) != family(t))
				k--;
			if (k > 0 && k == sp) {
				partner[n] = stack[k - 1];
				partner[stack[k - 1]] = n;
				sp = k - 1;
			}
		}
		i += strlen(tags[t].html) - 1;
		n++;
	}
	int depth[9] = {0}, tight = 0, k = 0, after_open = 0;
	const char *close_md[MAXT];
	for (size_t i = 0; i < s.n;) {
		while (k < n && (pos[k] < i || partner[k] < 0))
			k++;
		size_t next = k < n ? pos[k] : s.n;
		if (i < next) {
			/* Text up to the next paired tag; blanks at the inner edges
			 * of an emphasis are entities. */
			size_t lead = 0, trail = 0, end = next;
			if (after_open)
				while (i + lead < end && s.p[i + lead] == ' ')
					lead++;
			if (k < n && tags[tag[k]].close && family(tag[k]) < 4)
				while (end - trail > i + lead && s.p[end - trail - 1] == ' ')
					trail++;
			for (size_t q = 0; q < lead; q++)
				buf_puts(b, "&#32;");
			md_text(b, s.p + i + lead, end - trail - i - lead, tight);
			for (size_t q = 0; q < trail; q++)
				buf_puts(b, "&#32;");
			i = next;
			after_open = 0;
			continue;
		}
		int t = tag[k];
		i += strlen(tags[t].html);
		if (tags[t].close) {
			buf_puts(b, close_md[k]);
			depth[family(t)]--;
			tight = 0;
			after_open = 0;
		} else {
			after_open = family(t) < 4;
			int alt = depth[family(t)]++ & 1;
			const char *md = tags[t].md;
			if (t == 0)
				md = alt ? "_" : "*";
			else if (t == 2)
				md = alt ? "__" : "**";
			if (md[0] == '[')
				close_md[partner[k]] = strstr(tags[t].html, "nocase") ? "]{.nocase}"
				                                                     : "]{.smallcaps}";
			else
				close_md[partner[k]] = md;
			buf_puts(b, md);
			tight = tags[t].tight;
		}
		k++;
	}
}

/* ---- YAML ------------------------------------------------------------------------------- */

static int word_is(cx_str s, const char *const *words)
{
	for (size_t i = 0; words[i]; i++)
		if (str_ieq(s, words[i]))
			return 1;
	return 0;
}

/* Does s read as a number in YAML: [-+]digits[.digits][e[-+]digits]? */
static int number(cx_str s)
{
	size_t i = 0, d = 0;
	if (i < s.n && (s.p[i] == '-' || s.p[i] == '+'))
		i++;
	while (i < s.n && (str_digit((unsigned char)s.p[i]) || s.p[i] == '_'))
		i++, d++;
	if (i < s.n && s.p[i] == '.')
		for (i++; i < s.n && str_digit((unsigned char)s.p[i]); i++)
			d++;
	if (d && i < s.n && (s.p[i] == 'e' || s.p[i] == 'E')) {
		i++;
		if (i < s.n && (s.p[i] == '-' || s.p[i] == '+'))
			i++;
		while (i < s.n && str_digit((unsigned char)s.p[i]))
			i++;
	}
	return d && i == s.n;
}

/* Can s be a plain scalar that reads back as this string? */
static int plain_ok(cx_str s)
{
	static const char *const words[] = {"true", "false", "null", "~", "yes", "no", "on", "off",
	                                    "y", "n", NULL};
	if (!s.n || strchr("-?:,[]{}#&*!|>'\"%@` .", s.p[0]) || s.p[s.n - 1] == ' ' ||
	    s.p[s.n - 1] == ':' || word_is(s, words))
		return 0;
	for (size_t i = 0; i < s.n; i++) {
		unsigned char c = (unsigned char)s.p[i];
		if (c < 0x20 || c == 0x7F)
			return 0;
		if (c == ':' && i + 1 < s.n && s.p[i + 1] == ' ')
			return 0;
		if (c == '#' && i && s.p[i - 1] == ' ')
			return 0;
	}
	return !number(s);
}

static void scalar(struct cx_out *o, cx_str s)
{
	if (plain_ok(s)) {
		out_str(o, s);
		return;
	}
	out_putc(o, '"');
	for (size_t i = 0; i < s.n; i++) {
		unsigned char c = (unsigned char)s.p[i];
		if (c == '"' || c == '\\') {
			out_putc(o, '\\');
			out_putc(o, c);
		} else if (c < 0x20 || c == 0x7F) {
			out_printf(o, "\\x%02x", c);
		} else {
			out_putc(o, c);
		}
	}
	out_putc(o, '"');
}

/* Variables pandoc must take letter for letter: its Markdown reader's
 * smart quotes would make the ' of a key o'brien:1999 a curly one, which
 * no citation [@o'brien:1999] finds, and so for a DOI or URL. */
static int literal_key(cx_str k)
{
	static const char *const keys[] = {"id", "citation-key", "DOI", "URL", "ISBN", "ISSN",
	                                   "PMID", "PMCID", NULL};
	return word_is(k, keys);
}

/* The text as pandoc's Markdown; literal: its quotes escaped too, which
 * markdown() leaves for pandoc to curl. */
static void string(struct cx_out *o, cx_str s, int literal)
{
	struct buf b = {0};
	markdown(&b, s);
	if (literal) {
		struct buf q = {0};
		for (size_t i = 0; i < b.n; i++) {
			if (b.p[i] == '\'' || b.p[i] == '"')
				buf_putc(&q, '\\');
			buf_putc(&q, b.p[i]);
		}
		buf_free(&b);
		b = q;
	}
	scalar(o, (cx_str){b.p ? b.p : "", b.n});
	buf_free(&b);
}

static void key(struct cx_out *o, cx_str k)
{
	int plain = k.n > 0 && (str_alpha((unsigned char)k.p[0]) || k.p[0] == '_');
	for (size_t i = 0; plain && i < k.n; i++)
		plain = str_alnum((unsigned char)k.p[i]) || strchr("_-.+", k.p[i]);
	if (plain)
		out_str(o, k);
	else
		scalar(o, k);
	out_putc(o, ':');
}

static void indent(struct cx_out *o, int n)
{
	for (int i = 0; i < n; i++)
		out_putc(o, ' ');
}

/* A date that is one EDTF string, as pandoc writes dates: date-parts of
 * one or two dates of years 1 to 9999, and circa; else 0. */
static int edtf(const struct jn *v, struct buf *b)
{
	const struct jn *dp = jget(v, "date-parts"), *circa = jget(v, "circa");
	if (!dp || dp->t != 'a' || !dp->n || dp->n > 2 || v->n != 1 + (circa != NULL))
		return 0;
	if (circa && (!str_eq(circa->s, "true") || dp->n > 1))
		return 0; /* pandoc's EDTF puts one ~ after a range */
	for (size_t r = 0; r < dp->n; r++) {
		const struct jn *part = &dp->v[r];
		if (part->t != 'a' || !part->n || part->n > 3)
			return 0;
		int x[3] = {0, 0, 0};
		for (size_t i = 0; i < part->n; i++) {
			if (part->v[i].t != 'n' || str_digits(part->v[i].s.p, part->v[i].s.p + part->v[i].s.n,
			                                      &x[i]) != part->v[i].s.n)
				return 0;
		}
		if (r == 1 && part->n == 1 && !x[0])
			return 0; /* an open end: pandoc reads "2006/.." as no date */
		if (x[0] < 1 || x[0] > 9999 || x[1] > 24 || (x[1] > 12 && x[1] < 21) || x[2] > 31)
			return 0;
		char t[32];
		int k = part->n == 1   ? snprintf(t, sizeof t, "%04d", x[0])
		        : part->n == 2 ? snprintf(t, sizeof t, "%04d-%02d", x[0], x[1])
		                       : snprintf(t, sizeof t, "%04d-%02d-%02d", x[0], x[1], x[2]);
		if (r)
			buf_putc(b, '/');
		buf_put(b, t, (size_t)k);
	}
	if (circa)
		buf_putc(b, '~');
	return 1;
}

/* Can v go on one line, in flow style: scalars, and lists of them? */
static int flat(const struct jn *v)
{
	if (v->t != 'a')
		return v->t != 'o';
	for (size_t i = 0; i < v->n; i++)
		if (v->v[i].t == 'o' || (v->v[i].t == 'a' && !flat(&v->v[i])))
			return 0;
	return 1;
}

static void flow(struct cx_out *o, const struct jn *v, int literal)
{
	if (v->t == 's') {
		string(o, v->s, literal);
	} else if (v->t == 'a') {
		out_putc(o, '[');
		for (size_t i = 0; i < v->n; i++) {
			if (i)
				out_puts(o, ", ");
			flow(o, &v->v[i], literal);
		}
		out_putc(o, ']');
	} else {
		out_str(o, v->s);
	}
}

static void members(struct cx_out *o, const struct jn *v, int ind, int first_inline);

/* The value of a member whose key is written: on the same line, or on the
 * lines below at ind; literal: literal_key(key). */
static void value(struct cx_out *o, const struct jn *v, int ind, int literal)
{
	struct buf b = {0};
	if (v->t == 'o' && edtf(v, &b)) {
		out_putc(o, ' ');
		string(o, (cx_str){b.p, b.n}, 0);
		out_putc(o, '\n');
	} else if (v->t == 'o' && v->n) {
		out_putc(o, '\n');
		members(o, v, ind + 2, 0);
	} else if (v->t == 'o') {
		out_puts(o, " {}\n");
	} else if (v->t == 'a' && v->n && !flat(v)) {
		out_putc(o, '\n');
		for (size_t i = 0; i < v->n; i++) {
			indent(o, ind);
			out_puts(o, "- ");
			if (v->v[i].t == 'o' && v->v[i].n) {
				members(o, &v->v[i], ind + 2, 1);
			} else {
				flow(o, &v->v[i], literal);
				out_putc(o, '\n');
			}
		}
	} else {
		out_putc(o, ' ');
		flow(o, v, literal);
		out_putc(o, '\n');
	}
	buf_free(&b);
}

static void members(struct cx_out *o, const struct jn *v, int ind, int first_inline)
{
	for (size_t i = 0; i < v->n; i++) {
		if (i || !first_inline)
			indent(o, ind);
		key(o, v->k[i]);
		value(o, &v->v[i], ind, literal_key(v->k[i]));
	}
}

/* ---- the writer ---------------------------------------------------------------------------- */

static void yaml_begin(struct cx_out *o)
{
	out_puts(o, "---\nreferences:\n");
}

static void yaml_entry(struct cx_out *o, const struct cx_entry *e, size_t n)
{
	struct cx_out tmp = *o;
	tmp.f = NULL;
	tmp.cap = 4096;
	tmp.buf = xmalloc(tmp.cap);
	tmp.n = 0;
	cx_fmt_csljson.entry(&tmp, e, n);
	o->once = tmp.once;
	struct arena a = {0};
	struct jr R = {tmp.buf, tmp.buf + tmp.n, &a, 0};
	struct jn item;
	jvalue(&R, &item);
	if (item.t == 'o' && item.n) {
		out_puts(o, "- ");
		members(o, &item, 2, 1);
	}
	arena_destroy(&a);
	free(tmp.buf);
}

static void yaml_end(struct cx_out *o, size_t n)
{
	(void)n;
	out_puts(o, "...\n");
}

const struct cx_fmt cx_fmt_cslyaml = {
	.name = "csl-yaml",
	.ext = "yaml",
	.begin = yaml_begin,
	.entry = yaml_entry,
	.end = yaml_end,
};
