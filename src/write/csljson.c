/* write/csljson.c - the CSL-JSON writer.
 *
 * The output is one JSON array of items that validates against the CSL
 * 1.0.2 data schema (csl-data.json) and that pandoc and citeproc-js read.
 * Each item is pretty-printed with two-space indentation: "id" and "type"
 * first, then the variables in fields.def order, then "custom".  Names and
 * dates stay on one line each so a diff shows one change per line.
 *
 * CSL is the hub vocabulary (DESIGN 2), so most fields have a variable.
 * The rest are kept, never dropped: a field with no CSL variable, an
 * unknown field, or a second field that wants a variable already written
 * (journal and booktitle are both container-title; first wins) goes into
 * the "custom" object as plain text, and --report-loss says so.  Inline
 * markup becomes the HTML subset CSL processors read: <i>, <b>, <sup>,
 * <sub>, <span class="nocase"> and the small-caps span; math keeps its
 * $...$ source inside a nocase span.  All values are strings (the schema
 * allows strings for volume, issue, edition...), so nothing is lost to a
 * number conversion.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <utf8proc.h>

#include "core/str.h"
#include "core/arena.h"
#include "core/bytes.h"
#include "core/hint.h"
#include "core/utf8.h"
#include "write/fmt.h"
#include "norm/norm.h"

struct custom {
	cx_str name;
	const struct cx_field *f;
};

struct cw {
	struct cx_out *o;
	const struct cx_entry *e;
	const struct cx_options *opt;
	struct arena a;
	size_t nkeys;             /* members written in the item */
	size_t nused;             /* keys[] in use */
	uint64_t seen;            /* their key_bit */
	struct custom *custom;    /* fields kept under "custom": first local_custom */
	size_t ncustom, capcustom;
	uint64_t custom_seen;     /* custom_bit of their names */
	const struct cx_field *pub; /* the field that is the publisher */
	const struct cx_field *f;   /* the field being written */
	int nocase;                 /* nocase spans open in the text being written */
	int probe;                  /* value's first try: put_text stops where widening is due */
	int widen;                  /* and says so here */
	int arxiv;          /* 1: the eprint is arXiv; 2: its number is written */
	cx_str arxiv_id;
	int date_done, date_ok, has_date;
	unsigned date_used;       /* year, month, day, date fields read */
	/* The arrays last: csl_entry clears what comes before them. */
	const char *keys[128];    /* CSL variables written, first wins */
	struct custom local_custom[16];
};

/* ---- JSON ---------------------------------------------------------------- */

static void esc(struct cw *w, const char *s, size_t n)
{
	out_esc(w->o, s, n, OUT_JSON);
}

/* A bit for a key, from its first two bytes: a key whose bit is not in
 * w->seen was not written, which most are not. */
static inline uint64_t key_bit(const char *key)
{
	unsigned char a = (unsigned char)key[0], b = a ? (unsigned char)key[1] : 0;
	return (uint64_t)1 << ((a * 31u + b) & 63);
}

static inline int claim(struct cw *w, const char *key)
{
	uint64_t bit = key_bit(key);
	if (w->seen & bit)
		for (size_t i = 0; i < w->nused; i++)
			if (w->keys[i][0] == key[0] && !strcmp(w->keys[i], key))
				return 0;
	if (w->nused < sizeof w->keys / sizeof w->keys[0]) {
		w->keys[w->nused++] = key;
		w->seen |= bit;
	}
	return 1;
}

/* Start a member of the item: `,\n    "key": `.  Keys are CSL variable
 * names, which need no escape. */
static inline void member(struct cw *w, const char *key)
{
	struct cx_out *o = w->o;
	size_t n = strlen(key);
	w->nocase = 0;
	if (o->cap - o->n > n + 16) {
		/* Room in the buffer: the three pieces at once. */
		char *b = o->buf + o->n;
		if (w->nkeys++) {
			memcpy(b, ",\n    \"", 7);
			b += 7;
		} else {
			memcpy(b, "    \"", 5);
			b += 5;
		}
		bytes_copy_short(b, key, n);
		memcpy(b + n, "\": ", 3);
		o->n = (size_t)(b + n + 3 - o->buf);
		return;
	}
	out_puts(o, w->nkeys++ ? ",\n    \"" : "    \"");
	out_write(o, key, n);
	out_puts(o, "\": ");
}

/* Is the code point at s[0..n) a letter or a digit? */
static int word_cp(const char *s, size_t n)
{
	size_t len;
	int32_t cp = utf8_next(s, n, &len);
	if (cp < 0x80)
		return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9');
	utf8proc_category_t c = utf8proc_category(cp);
	return (c >= UTF8PROC_CATEGORY_LU && c <= UTF8PROC_CATEGORY_LO) ||
	       (c >= UTF8PROC_CATEGORY_ND && c <= UTF8PROC_CATEGORY_NO);
}

/* CSL processors take the text after a nocase span for a new word, and
 * title case capitalizes it: citeproc-js makes "BAyesian" of
 * `<span class="nocase">B</span>ayesian` ({B}ayesian).  A span that starts
 * or ends inside a word is widened to the whole word, which protects the
 * same letters.  This works on the JSON text as written (an unknown
 * command there is plain letters already), so that writing what is read
 * back from the output changes nothing again. */
static const char nc_on[] = "<span class=\\\"nocase\\\">";

/* s[0..n) widened into o, n bytes too: tags move, none is added. */
static void widen_nocase(const char *s, size_t n, char *o)
{
	size_t on = sizeof nc_on - 1, k = 0;
	unsigned long long kinds = 0; /* bit d: the span at depth d is nocase */
	int depth = 0, nocase = 0;
	for (size_t i = 0; i < n;) {
		const char *lt = memchr(s + i, '<', n - i);
		size_t run = lt ? (size_t)(lt - s) - i : n - i;
		memcpy(o + k, s + i, run); /* text up to the next tag */
		k += run;
		i += run;
		if (i == n)
			break;
		if (n - i >= 5 && !memcmp(s + i, "<span", 5)) {
			/* math ($...$ in a nocase span) is left as it is */
			int nc = n - i > on && !memcmp(s + i, nc_on, on) && s[i + on] != '$';
			size_t at = k;
			if (nc && !nocase) /* back to the start of the word */
				while (at > 0) {
					size_t p = utf8_floor(o, at - 1);
					if (!word_cp(o + p, at - p))
						break;
					at = p;
				}
			size_t len = nc ? on : 5;
			memmove(o + at + len, o + at, k - at);
			memcpy(o + at, s + i, len);
			k += len;
			i += len;
			if (depth < 64 && nc)
				kinds |= 1ULL << depth;
			nocase += nc;
			depth++;
		} else if (n - i >= 7 && !memcmp(s + i, "</span>", 7) && depth > 0) {
			depth--;
			int nc = depth < 64 && (kinds >> depth & 1);
			if (depth < 64)
				kinds &= ~(1ULL << depth);
			i += 7;
			size_t end = i;
			if (nc && !--nocase) /* on to the end of the word */
				while (end < n && word_cp(s + end, n - end)) {
					size_t len;
					utf8_next(s + end, n - end, &len);
					end += len ? len : 1;
				}
			memcpy(o + k, s + i, end - i);
			k += end - i;
			memcpy(o + k, "</span>", 7);
			k += 7;
			i = end;
		} else {
			o[k++] = s[i++];
		}
	}
}

static int wordish(unsigned char c);

/* In value's first try, does mark c at t.p[i] call for widen_nocase, as
 * needs_widen would say of all of t?  An unknown command does; a nocase
 * span does with a word character before it, or after the first close
 * that follows it (*open says one is open, as needs_widen pairs them). */
static int probe_widen(cx_str t, size_t i, unsigned char c, int *open)
{
	if (c == CX_M_RAW_ON)
		return 1;
	if (c == CX_M_NOCASE_ON && !*open) {
		*open = 1;
		return i > 0 && wordish((unsigned char)t.p[i - 1]);
	}
	if (c == CX_M_NOCASE_OFF && *open) {
		*open = 0;
		return i + 1 < t.n && wordish((unsigned char)t.p[i + 1]);
	}
	return 0;
}

/* CSL's HTML for each mark, already escaped for a JSON string, with its
 * length: a mark costs one copy of known size. */
struct tag {
	const char *s;
	unsigned char n;
};
#define TAG(s) {s, sizeof s - 1}
static const struct tag tags[0x18] = {
	[CX_M_NOCASE_ON] = TAG("<span class=\\\"nocase\\\">"),
	[CX_M_NOCASE_OFF] = TAG("</span>"),
	[CX_M_ITALIC_ON] = TAG("<i>"),
	[CX_M_ITALIC_OFF] = TAG("</i>"),
	[CX_M_BOLD_ON] = TAG("<b>"),
	[CX_M_BOLD_OFF] = TAG("</b>"),
	[CX_M_SC_ON] = TAG("<span style=\\\"font-variant:small-caps;\\\">"),
	[CX_M_SC_OFF] = TAG("</span>"),
	[CX_M_SUP_ON] = TAG("<sup>"),
	[CX_M_SUP_OFF] = TAG("</sup>"),
	[CX_M_SUB_ON] = TAG("<sub>"),
	[CX_M_SUB_OFF] = TAG("</sub>"),
	[CX_M_MATH_ON] = TAG("<span class=\\\"nocase\\\">$"),
	[CX_M_MATH_OFF] = TAG("$</span>"),
};
#undef TAG

static void put_text_marked(struct cw *w, cx_str t, size_t i, int rich);

/* Text with inline markup as a JSON string with CSL's HTML markup; with
 * rich == 0 the markup is dropped and only the text is kept.  Inline, and
 * all of it for most values: the text goes out as it is up to the first
 * byte that is a mark (below 0x20) or needs a JSON escape, and most have
 * none.  The rest, from that byte on, is put_text_marked's. */
static inline void put_text(struct cw *w, cx_str t, int rich)
{
	size_t i = out_json_plain(w->o, t.p, t.n);
	if (CX_UNLIKELY(i < t.n))
		put_text_marked(w, t, i, rich);
}

/* put_text from t.p[i], a mark or a byte to escape, on: each such byte
 * is written as what it stands for, and the plain runs between them as
 * they are.  Out of line, so that put_text's callers stay small. */
static CX_NOINLINE void put_text_marked(struct cw *w, cx_str t, size_t i, int rich)
{
	int open = 0;
	while (i < t.n) {
		unsigned char c = (unsigned char)t.p[i];
		if (w->probe && rich && probe_widen(t, i, c, &open)) {
			w->widen = 1;
			return;
		}
		i++;
		if (c == CX_M_RAW_ON) {
			/* An unknown command: the text of its arguments. */
			size_t j = i;
			while (j < t.n && t.p[j] != CX_M_RAW_OFF)
				j++;
			cx_str raw = {t.p + i, j - i};
			cx_str r = fmt_raw_text(w->o, &w->a, w->e, w->f, raw);
			put_text(w, r, rich);
			int space_before = i > 1 && t.p[i - 2] == ' ';
			i = j + (j < t.n);
			if (i < t.n && t.p[i] == ' ' && fmt_raw_eats_space(raw, r, space_before))
				i++;
		} else if (!CX_IS_MARK(c)) {
			esc(w, t.p + i - 1, 1);
		} else if (rich && c == CX_M_NOCASE_ON && w->nocase++) {
			/* Protection inside protection says nothing more. */
		} else if (rich && c == CX_M_NOCASE_OFF && w->nocase && --w->nocase) {
		} else if (rich && tags[c].n) {
			out_write(w->o, tags[c].s, tags[c].n);
		} else if (!rich && (c == CX_M_MATH_ON || c == CX_M_MATH_OFF)) {
			out_putc(w->o, '$');
		}
		i += out_json_plain(w->o, t.p + i, t.n - i);
	}
}

/* Rich text with a nocase span is written to memory first (a cx_out with
 * no FILE grows its buffer) and widened (widen_nocase). */
struct capture {
	struct cx_out *real, tmp;
};

static void capture_begin(struct cw *w, struct capture *c, size_t n)
{
	c->real = w->o;
	c->tmp = *w->o;
	c->tmp.f = NULL;
	c->tmp.cap = 2 * n + 256;
	c->tmp.buf = xmalloc(c->tmp.cap);
	c->tmp.n = 0;
	w->o = &c->tmp;
}

static void capture_end(struct cw *w, struct capture *c)
{
	w->o = c->real;
	c->real->once = c->tmp.once; /* what was reported once, shared */
	char *o = arena_alloc(&w->a, c->tmp.n + 1);
	widen_nocase(c->tmp.buf, c->tmp.n, o);
	out_write(c->real, o, c->tmp.n);
	free(c->tmp.buf);
}

/* Could a byte beside a nocase span be part of its word (a letter, a
 * digit, any non-ASCII byte, or markup that may hide one)? */
static int wordish(unsigned char c)
{
	return c >= 0x80 || (c < 0x20 && c != '\t' && c != '\n') || (c >= '0' && c <= '9') ||
	       ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

/* Does the text written of t need widen_nocase: has it a nocase span
 * with a word character beside it, or an unknown command, whose
 * arguments may hold one?  Most spans are whole words ({DNA}). */
static int needs_widen(cx_str t)
{
	const char *p = t.p, *e = t.p + t.n;
	if (!t.n || memchr(p, CX_M_RAW_ON, t.n))
		return t.n != 0;
	for (const char *q = p; q < e && (q = memchr(q, CX_M_NOCASE_ON, (size_t)(e - q))) != NULL;) {
		if (q > p && wordish((unsigned char)q[-1]))
			return 1;
		const char *r = memchr(q, CX_M_NOCASE_OFF, (size_t)(e - q));
		if (!r)
			break;
		if (r + 1 < e && wordish((unsigned char)r[1]))
			return 1;
		q = r + 1;
	}
	return 0;
}

static void string(struct cw *w, cx_str t, int rich)
{
	out_putc(w->o, '"');
	t = str_trim(t);
	if (rich && needs_widen(t)) {
		struct capture c;
		capture_begin(w, &c, t.n);
		put_text(w, t, rich);
		capture_end(w, &c);
	} else {
		put_text(w, t, rich);
	}
	out_putc(w->o, '"');
}

static enum cx_kind kind_of(const struct cx_field *f)
{
	return f->id < CX_F__COUNT ? cx_fields[f->id].kind : CX_K_TEXT;
}

/* The text of a field, whatever its kind; verbatim kinds prefer what the
 * source said. */
static cx_str text_of_rest(struct cw *w, const struct cx_field *f)
{
	if (kind_of(f) == CX_K_DATE && f->date.year[0]) {
		char *b = arena_alloc(&w->a, 64);
		return (cx_str){b, date_iso(b, 64, &f->date)};
	}
	return str_trim(f->raw);
}

/* Inline: every field asks it, and most have text. */
static inline cx_str text_of(struct cw *w, const struct cx_field *f)
{
	return f->text.n ? str_trim(f->text) : text_of_rest(w, f);
}

/* Is there any visible text once markup is gone? */
static inline int blank(cx_str t)
{
	for (size_t i = 0; i < t.n; i++) {
		unsigned char c = (unsigned char)t.p[i];
		if (!CX_IS_MARK(c) && c != ' ' && c != '\t' && c != '\n' && c != '\r')
			return 0;
	}
	return 1;
}

/* ---- custom -------------------------------------------------------------- */

/* An entry with a crossref or xdata parent: an empty field of its own
 * stops the parent's from being inherited (in bibtex and biber), so it is
 * kept, as "" under custom, for BibTeX written from the CSL-JSON. */
static int has_parent(const struct cx_entry *e)
{
	return cx_entry_get(e, CX_F_CROSSREF) || cx_entry_get(e, CX_F_XDATA);
}

/* Keep a field under "custom": one with no CSL variable, or a second one
 * for a variable written already (taken). */
static void keep(struct cw *w, const struct cx_field *f, const char *taken)
{
	cx_str name = fmt_label(w->e, f);
	int empty = blank(text_of(w, f)) && !f->nnames;
	if (empty && (!has_parent(w->e) || f->inherited))
		return;
	/* A bit for the name, from its length and first byte: a name whose
	 * bit is clear is not kept yet, which most are not. */
	uint64_t bit = (uint64_t)1 << ((name.n * 7 + (name.n ? (unsigned char)name.p[0] : 0)) & 63);
	for (size_t i = 0; (w->custom_seen & bit) && i < w->ncustom; i++)
		if (w->custom[i].name.n == name.n && !memcmp(w->custom[i].name.p, name.p, name.n)) {
			fmt_loss(w->o, w->e, f, "csl-json cannot hold a second '%.*s' field (dropped)",
			         (int)name.n, name.p);
			return;
		}
	if (empty)
		; /* kept as it is: no loss */
	else if (taken)
		fmt_loss(w->o, w->e, f,
		         "csl-json has one \"%s\", already written: field '%.*s' kept in custom", taken,
		         (int)name.n, name.p);
	else
		fmt_loss(w->o, w->e, f, "csl-json cannot hold field '%.*s' (kept in custom)",
		         (int)name.n, name.p);
	if (w->ncustom == w->capcustom) {
		size_t cap = 2 * w->capcustom;
		w->custom = arena_grow(&w->a, w->custom, sizeof *w->custom, w->ncustom, cap);
		w->capcustom = cap;
	}
	w->custom[w->ncustom++] = (struct custom){name, f};
	w->custom_seen |= bit;
}

/* Open member key for field f, or keep f in custom when that variable
 * is written already.  Returns 1 when the member is open. */
static int take(struct cw *w, const struct cx_field *f, const char *key)
{
	if (!claim(w, key)) {
		keep(w, f, key);
		return 0;
	}
	member(w, key);
	return 1;
}

static void write_custom(struct cw *w)
{
	/* "publisher" read back is BibTeX's publisher (or the type's own
	 * school or institution); one that was the organization says so. */
	int org = w->pub && w->pub->id == CX_F_ORGANIZATION;
	if (!w->ncustom && !org)
		return;
	member(w, "custom");
	out_puts(w->o, "{\n");
	if (org)
		out_puts(w->o, w->ncustom ? "      \"publisher-field\": \"organization\",\n"
		                          : "      \"publisher-field\": \"organization\"");
	for (size_t i = 0; i < w->ncustom; i++) {
		const struct cx_field *f = w->custom[i].f;
		w->f = f;
		out_puts(w->o, i ? ",\n      \"" : "      \"");
		esc(w, w->custom[i].name.p, w->custom[i].name.n);
		out_puts(w->o, "\": ");
		if (f->nnames && !f->text.n)
			string(w, fmt_names_text(&w->a, f), 0);
		else
			string(w, text_of(w, f), 0);
	}
	out_puts(w->o, "\n    }");
}

/* ---- names --------------------------------------------------------------- */

/* One part of a name: `"key": "value"`, after ", " but for the first.
 * The key comes with its quotes and colon, and its length (NAME_KEY):
 * there are several parts to every name of every list. */
#define NAME_KEY(k) "\"" k "\": \"", sizeof "\"" k "\": \"" - 1

static void name_member(struct cw *w, int *first, const char *key, size_t keyn, cx_str v)
{
	if (!v.n)
		return; /* most names have no particle or suffix */
	v = str_trim(v);
	if (blank(v))
		return;
	if (!*first)
		out_write(w->o, ", ", 2);
	*first = 0;
	out_write(w->o, key, keyn);
	put_text(w, v, 0);
	out_putc(w->o, '"');
}

static inline int name_empty(const struct cx_name *nm)
{
	return blank(nm->family) && blank(nm->given) && blank(nm->literal);
}

static void names(struct cw *w, const struct cx_field *f, const struct fmt_home *h)
{
	const char *key = h->name;
	size_t real = 0;
	int others = 0;
	for (size_t i = 0; i < f->nnames; i++) {
		if (f->names[i].others)
			others = 1;
		else if (!name_empty(&f->names[i]))
			real++;
	}
	if (!real && !others && blank(f->text))
		return;
	if (!take(w, f, key))
		return;
	out_puts(w->o, "[\n");
	int firstname = 1;
	for (size_t i = 0; i < f->nnames; i++) {
		const struct cx_name *nm = &f->names[i];
		if (nm->others || name_empty(nm))
			continue;
		out_puts(w->o, firstname ? "      {" : ",\n      {");
		firstname = 0;
		int first = 1;
		if (!blank(nm->literal) || blank(nm->family)) {
			/* A given name alone ("Plato") is a literal too. */
			name_member(w, &first, NAME_KEY("literal"),
			            blank(nm->literal) ? nm->given : nm->literal);
		} else {
			int dropping = nm->dropping || w->opt->particles == CX_PARTICLES_DROPPING;
			cx_str par = nm->particle, dpar = {0};
			if (nm->dparticle.n && par.n > nm->dparticle.n + 1 &&
			    !memcmp(par.p, nm->dparticle.p, nm->dparticle.n)) {
				/* both particles: "de" dropping, "la" not */
				dpar = nm->dparticle;
				par.p += dpar.n + 1;
				par.n -= dpar.n + 1;
			}
			name_member(w, &first, NAME_KEY("family"), nm->family);
			name_member(w, &first, NAME_KEY("given"), nm->given);
			name_member(w, &first, NAME_KEY("dropping-particle"), dpar);
			if (dropping)
				name_member(w, &first, NAME_KEY("dropping-particle"), par);
			else
				name_member(w, &first, NAME_KEY("non-dropping-particle"), par);
			name_member(w, &first, NAME_KEY("suffix"), nm->suffix);
		}
		out_putc(w->o, '}');
	}
	if (!f->nnames) {
		/* A list the reader could not split: one literal. */
		out_puts(w->o, "      {\"literal\": ");
		string(w, f->text, 0);
		out_putc(w->o, '}');
		firstname = 0;
	}
	if (others) /* DESIGN 3: the list ends with {"literal": "others"} */
		out_puts(w->o, firstname ? "      {\"literal\": \"others\"}"
		                         : ",\n      {\"literal\": \"others\"}");
	out_puts(w->o, "\n    ]");
}

/* ---- dates --------------------------------------------------------------- */

/* An int in decimal: dates are written for every item, and printf is
 * most of the cost of a short one. */
static void put_int(struct cx_out *o, int v)
{
	char b[16];
	size_t k = sizeof b;
	unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
	do
		b[--k] = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		b[--k] = '-';
	out_write(o, b + k, sizeof b - k);
}

/* [year, month, day]; a season is month 21 to 24, as CSL 1.0.2 says. */
static void date_part(struct cw *w, int y, int m, int d)
{
	out_putc(w->o, '[');
	put_int(w->o, y);
	if (m >= 1 && m <= 12) {
		out_puts(w->o, ", ");
		put_int(w->o, m);
		if (d) {
			out_puts(w->o, ", ");
			put_int(w->o, d);
		}
	} else if (m >= 13 && m <= 16) {
		out_puts(w->o, ", ");
		put_int(w->o, m + 8);
	}
	out_putc(w->o, ']');
}

/* {"date-parts": [[2020, 3, 1]]}, two parts for a range ([0] for an open
 * end), month 21..24 for a season, "circa", or {"literal": "..."} for an
 * unparsed date. */
static int date(struct cw *w, const char *key, const struct cx_date *d, cx_str text)
{
	if (!d->year[0] && blank(d->literal) && blank(text))
		return 0;
	member(w, key);
	if (!d->year[0]) {
		out_puts(w->o, "{\"literal\": ");
		string(w, blank(d->literal) ? text : d->literal, 0);
		out_putc(w->o, '}');
		return 1;
	}
	out_puts(w->o, "{\"date-parts\": [");
	date_part(w, d->year[0], d->month[0], d->day[0]);
	if (d->range && (d->year[1] || d->month[1])) {
		out_puts(w->o, ", ");
		date_part(w, d->year[1] ? d->year[1] : d->year[0], d->month[1], d->day[1]);
	} else if (d->range) {
		out_puts(w->o, ", [0]"); /* an open end, as citeproc-js and pandoc write it */
	}
	out_putc(w->o, ']');
	if (d->circa)
		out_puts(w->o, ", \"circa\": true");
	out_putc(w->o, '}');
	return 1;
}

_Static_assert(CX_F_MONTH == CX_F_YEAR + 1 && CX_F_DAY == CX_F_YEAR + 2 &&
                   CX_F_DATE == CX_F_YEAR + 3,
               "the date group is four consecutive fields");

/* The issued date, written once from e->issued, which the normalizer
 * took from the date field or else from year, month and day.  The fields
 * it was read from, and a year or month that agrees with it, are used
 * up; any other (a year beside a date that says otherwise, a second date)
 * goes to custom. */
static void issued(struct cw *w, const struct cx_field *f, const struct fmt_home *h)
{
	(void)h;
	unsigned bit = 1u << (f->id - CX_F_YEAR);
	if (!w->date_done) {
		w->date_done = 1;
		w->has_date = fmt_count(w->e, CX_F_DATE) > 0;
		w->date_ok = claim(w, "issued") && date(w, "issued", &w->e->issued, text_of(w, f));
	}
	if (w->date_ok && !(w->date_used & bit) &&
	    (!w->has_date || f->id == CX_F_DATE || fmt_date_agrees(w->e, f))) {
		w->date_used |= bit;
		return;
	}
	keep(w, f, w->date_ok ? "issued" : NULL);
}

/* ---- fields -------------------------------------------------------------- */

/* Open member h->name for f as a string, its text in *t; or keep f in
 * custom when that variable is written already (returns 0). */
static int take_string(struct cw *w, const struct cx_field *f, const struct fmt_home *h, cx_str *t)
{
	*t = text_of(w, f);
	if (!take(w, f, h->name))
		return 0;
	out_putc(w->o, '"');
	return 1;
}

/* page: "12-34" from 12--34, "12 - 34" or an en dash, in a list too ("1-4, 7-9"):
 * CSL processors render the range dash themselves. */
static void page(struct cw *w, const struct cx_field *f, const struct fmt_home *h)
{
	cx_str t;
	if (!take_string(w, f, h, &t))
		return;
	size_t start = 0;
	for (size_t i = 0; i < t.n; i++) {
		const unsigned char *s = (const unsigned char *)t.p;
		size_t d = 0;
		if (s[i] == '-')
			while (i + d < t.n && s[i + d] == '-')
				d++;
		else if (i + 2 < t.n && s[i] == 0xE2 && s[i + 1] == 0x80 && s[i + 2] == 0x93)
			d = 3;
		if (!d)
			continue;
		/* "12 - 34" is a range too; BibTeX's "12--34" reads back as "12-34". */
		size_t end = i;
		while (end > start && t.p[end - 1] == ' ')
			end--;
		put_text(w, (cx_str){t.p + start, end - start}, 0);
		out_putc(w->o, '-');
		start = i + d;
		while (start < t.n && t.p[start] == ' ')
			start++;
		i = start - 1;
	}
	put_text(w, (cx_str){t.p + start, t.n - start}, 0);
	out_putc(w->o, '"');
}

/* keyword: one string, the list joined with ", " (a list split at commas
 * or semicolons, as RIS gives it one keyword a line). */
static void keywords(struct cw *w, const struct cx_field *f, const struct fmt_home *h)
{
	cx_str t;
	if (!take_string(w, f, h, &t))
		return;
	size_t start = 0;
	int first = 1;
	for (size_t i = 0; i <= t.n; i++) {
		if (i < t.n && t.p[i] != ',' && t.p[i] != ';')
			continue;
		cx_str k = str_trim((cx_str){t.p + start, i - start});
		start = i + 1;
		if (blank(k))
			continue;
		if (!first)
			out_puts(w->o, ", ");
		first = 0;
		put_text(w, k, 0);
	}
	out_putc(w->o, '"');
}

static int mark_on(unsigned char c)
{
	return c == CX_M_NOCASE_ON || c == CX_M_ITALIC_ON || c == CX_M_BOLD_ON || c == CX_M_SC_ON ||
	       c == CX_M_SUP_ON || c == CX_M_SUB_ON || c == CX_M_MATH_ON || c == CX_M_URL_ON ||
	       c == CX_M_RAW_ON;
}

/* Text that may be a localisation key (pubstate = {inpress}). */
static void put_keyed(struct cw *w, cx_str t, int rich, int key)
{
	cx_str k = key ? fmt_key_label(t) : t;
	put_text(w, k, rich && k.p == t.p);
}

/* A biblatex list (location = {Durham and London}): its items joined
 * with "; ", as pandoc writes them; an "and" in braces is text. */
static void put_list(struct cw *w, cx_str t, int rich)
{
	int depth = 0;
	size_t start = 0;
	for (size_t i = 0; i < t.n; i++) {
		unsigned char c = (unsigned char)t.p[i];
		if (CX_IS_MARK(c)) {
			depth += mark_on(c) ? 1 : -1;
			continue;
		}
		if (depth || c != ' ' || t.n - i < 5 || !str_ieq((cx_str){t.p + i, 5}, " and "))
			continue;
		put_keyed(w, str_trim((cx_str){t.p + start, i - start}), rich, 1);
		out_puts(w->o, "; ");
		start = i + 5;
		i += 4;
	}
	put_keyed(w, str_trim((cx_str){t.p + start, t.n - start}), rich, 1);
}

/* The text of a value (below), its prefix first and its joined fields
 * after; in a probe, it stops once put_text has said to widen. */
static void value_text(struct cw *w, const struct fmt_home *h, cx_str t, int rich)
{
	if (h->prefix)
		esc(w, h->prefix, strlen(h->prefix));
	if (h->list)
		put_list(w, t, rich);
	else
		put_keyed(w, t, rich, h->key);
	for (size_t i = 0; i < h->nmore && !w->widen; i++) {
		cx_str m = text_of(w, h->more[i]);
		out_puts(w->o, fmt_sep(t, h->sep[i]));
		put_text(w, m, rich);
		t = m;
	}
}

/* A value: the field's text, and the text of the fields that join it
 * (a subtitle after its title, an addendum after the note).  Text keeps
 * its markup; verbatim kinds and a URL are plain. */
static void value(struct cw *w, const struct cx_field *f, const struct fmt_home *h)
{
	cx_str t = text_of(w, f);
	int rich = kind_of(f) == CX_K_TEXT && !h->url;
	if (blank(t) && !h->nmore)
		return;
	if (!take(w, f, h->name))
		return;
	out_putc(w->o, '"');
	size_t n = t.n + (h->prefix ? strlen(h->prefix) : 0);
	for (size_t i = 0; i < h->nmore; i++)
		n += text_of(w, h->more[i]).n + 8;
	int wide = 0;
	struct cx_out *o = w->o;
	if (rich && !h->list && o->cap - o->n > 48 * n + 512) {
		/* Written as it is, unless put_text meets what needs_widen
		 * would have found first: then taken back and written again,
		 * widened.  The room (a mark writes at most 48 bytes) means
		 * nothing went to the FILE in between. */
		size_t at = o->n;
		int nocase = w->nocase;
		w->probe = 1;
		w->widen = 0;
		value_text(w, h, t, rich);
		w->probe = 0;
		if (!w->widen) {
			out_putc(o, '"');
			return;
		}
		o->n = at;
		w->nocase = nocase;
		w->widen = 0;
		wide = 1;
	} else if (rich) {
		wide = needs_widen(t);
		for (size_t i = 0; i < h->nmore; i++)
			wide |= needs_widen(text_of(w, h->more[i]));
	}
	struct capture c;
	if (wide)
		capture_begin(w, &c, n);
	value_text(w, h, t, rich);
	if (wide)
		capture_end(w, &c);
	out_putc(w->o, '"');
}

/* language: a BCP 47 tag, from a babel name (langid = {ngerman}) or a
 * language's name (language = {English}); a tag, or a value the table
 * does not know, as it is. */
static void language(struct cw *w, const struct cx_field *f, const struct fmt_home *h)
{
	(void)h;
	cx_str t = text_of(w, f);
	const char *tag = lang_tag(text_plain(&w->a, t));
	if (blank(t))
		return;
	if (!take(w, f, "language"))
		return;
	if (tag) {
		out_putc(w->o, '"');
		out_puts(w->o, tag);
		out_putc(w->o, '"');
	} else {
		string(w, t, 0);
	}
}

static void genre(struct cw *w, const struct cx_field *f, const struct fmt_home *h)
{
	(void)h;
	cx_str g;
	const struct cx_field *from;
	if (fmt_genre(w->e, &g, &from) && from == f && claim(w, "genre")) {
		member(w, "genre");
		string(w, g, 1);
		return;
	}
	keep(w, f, "genre");
}

static void arxiv_number(struct cw *w, const struct cx_field *f, const struct fmt_home *h)
{
	const char *key = h->name;
	if (w->arxiv != 1) {
		keep(w, f, key);
		return;
	}
	if (!take(w, f, key))
		return;
	out_puts(w->o, "\"arXiv:");
	esc(w, w->arxiv_id.p, w->arxiv_id.n);
	out_putc(w->o, '"');
	w->arxiv = 2; /* said once */
}

/* A date of its own (urldate, eventdate, origdate). */
static void other_date(struct cw *w, const struct cx_field *f, const struct fmt_home *h)
{
	struct cx_date d = f->date;
	if (!d.year[0] && blank(d.literal))
		date_parse_iso(&d, text_of(w, f)); /* a CSL variable the model has no field for */
	if (claim(w, h->name))
		date(w, h->name, &d, text_of(w, f));
	else
		keep(w, f, h->name);
}

static void no_home(struct cw *w, const struct cx_field *f, const struct fmt_home *h)
{
	(void)h;
	keep(w, f, NULL);
}

/* How a field is written, by the role fmt_home gives it; none for FR_DONE. */
static void (*const by_role[FR_KEEP + 1])(struct cw *, const struct cx_field *,
                                          const struct fmt_home *) = {
	[FR_VALUE] = value, [FR_NAMES] = names, [FR_DATE] = other_date, [FR_ISSUED] = issued,
	[FR_PAGES] = page, [FR_LIST] = keywords, [FR_GENRE] = genre, [FR_ARXIV] = arxiv_number,
	[FR_LANGUAGE] = language, [FR_KEEP] = no_home};

/* One field, where fmt_home says it goes (h); an empty one only when a
 * crossref or xdata parent would fill it otherwise. */
static void each_field(void *p, const struct cx_field *f, const struct fmt_home *h)
{
	struct cw *w = p;
	w->f = f;
	if (!h) {
		if (has_parent(w->e) && !f->inherited && f->id != CX_F_CROSSREF &&
		    f->id != CX_F_XDATA)
			keep(w, f, NULL);
	} else if (by_role[h->role]) {
		by_role[h->role](w, f, h);
	}
}

/* A value standing in for a field the entry lacks, under its variable
 * unless one is written already. */
static void each_synth(void *p, const struct fmt_synth *s)
{
	struct cw *w = p;
	const char *key = s->id == CX_F_PUBLISHER ? "publisher" : s->id == CX_F_TYPE ? "genre" : "URL";
	if (!claim(w, key))
		return;
	member(w, key);
	out_putc(w->o, '"');
	out_puts(w->o, s->prefix);
	put_text(w, str_trim(s->text), 0);
	out_putc(w->o, '"');
}

static void csl_entry(struct cx_out *o, const struct cx_entry *e, size_t n)
{
	if (e->kind != CX_ENTRY_RECORD)
		return; /* @string, @preamble, @comment: BibTeX only */
	struct cw w;
	memset(&w, 0, offsetof(struct cw, keys));
	w.o = o;
	w.e = e;
	w.opt = fmt_opt(o);
	w.custom = w.local_custom;
	w.capcustom = sizeof w.local_custom / sizeof *w.local_custom;
	/* Most entries have no eprint, and many no publisher of any kind:
	 * the index says so without a look. */
	struct fmt_index ix;
	fmt_index_init(&ix, e);
	w.pub = fmt_index_has(&ix, CX_F_PUBLISHER) || fmt_index_has(&ix, CX_F_ORGANIZATION) ||
	                fmt_index_has(&ix, CX_F_INSTITUTION) || fmt_index_has(&ix, CX_F_SCHOOL) ||
	                fmt_index_has(&ix, CX_F_HOWPUBLISHED)
	            ? fmt_publisher(e)
	            : NULL;
	w.arxiv = fmt_index_has(&ix, CX_F_EPRINT) ? fmt_arxiv(e, &w.arxiv_id) : 0;

	out_puts(o, "\n  {\n");
	member(&w, "id");
	if (e->key.n) {
		out_putc(o, '"');
		esc(&w, e->key.p, e->key.n);
		out_putc(o, '"');
	} else {
		out_printf(o, "\"item-%zu\"", n + 1);
	}
	member(&w, "type");
	out_putc(o, '"');
	out_puts(o, cx_entry_csl_type(e));
	out_putc(o, '"');

	fmt_each_in(e, &ix, FMT_CSL, each_field, each_synth, &w);
	write_custom(&w);
	out_puts(o, "\n  }");
	arena_destroy(&w.a);
}

static void csl_begin(struct cx_out *o)
{
	out_putc(o, '[');
}

static void csl_sep(struct cx_out *o)
{
	out_putc(o, ',');
}

static void csl_end(struct cx_out *o, size_t n)
{
	out_puts(o, n ? "\n]\n" : "]\n");
}

const struct cx_fmt cx_fmt_csljson = {
	.name = "csl-json",
	.ext = "json",
	.begin = csl_begin,
	.sep = csl_sep,
	.entry = csl_entry,
	.end = csl_end,
};
