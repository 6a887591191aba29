/* write/bibtex.c - the BibTeX and BibLaTeX writers.
 *
 * Both dialects share one writer; a flag picks the column of the field and
 * type tables, and how dates are written.  Two promises shape the code:
 * the output must be read by the real programs (bibtex with plain.bst,
 * biber) without errors, and BibTeX output must be a fixed point: running
 * citex -t bibtex on its own output gives the same bytes.  So values are
 * written from the normalized text through latex_encode (which is stable
 * after one pass), entries from a BibTeX source keep their field order,
 * their @string macros and their unknown fields verbatim, and every value
 * is braced so no quoting rule can bite.  Fields copied in from a crossref
 * parent are left out: the crossref field brings them back.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/str.h"
#include "core/arena.h"
#include "write/fmt.h"
#include "norm/norm.h"

static const char *const month_macro[] = {
	"", "jan", "feb", "mar", "apr", "may", "jun",
	"jul", "aug", "sep", "oct", "nov", "dec",
};

/* Per-entry state. */
struct bw {
	struct cx_out *o;
	const struct cx_entry *e;
	const struct cx_options *opt;
	struct arena a;
	int biblatex;       /* dialect */
	int from_bib;       /* source is BibTeX: keep order, spelling, raw unknowns */
	int date_done;      /* the year/month/date group has been written */
	const char *dialect;
	cx_str *used;       /* field names written, to avoid repeats */
	size_t nused, capused;
	size_t lossy;       /* characters latex_encode could not escape */
	const char *type;   /* the entry type written */
};

/* ---- names and keys ------------------------------------------------------ */

/* Characters that end a name in BibTeX's scanner (and biber's).  A key
 * is scanned to the next comma or blank instead, so an apostrophe
 * (o'brien:1999) may stay in it. */
static int bad_ident(unsigned char c, int key)
{
	if (key && c == '\'')
		return 0;
	return c <= ' ' || c == 0x7F || strchr("\"#%'(),={}\\", c) != NULL;
}

/* Write a field name, entry type or key from a non-BibTeX source so that
 * BibTeX reads it back as one token. */
static void put_ident(struct cx_out *o, cx_str s, int lower_case, int key)
{
	for (size_t i = 0; i < s.n; i++) {
		unsigned char c = (unsigned char)s.p[i];
		if (bad_ident(c, key))
			c = '_';
		else if (lower_case && c >= 'A' && c <= 'Z')
			c = (unsigned char)(c - 'A' + 'a');
		out_putc(o, c);
	}
}

/* Field names are case-insensitive in BibTeX. */
static int same_name(cx_str a, cx_str b)
{
	if (a.n != b.n)
		return 0;
	for (size_t i = 0; i < a.n; i++) {
		int x = (unsigned char)a.p[i], y = (unsigned char)b.p[i];
		if (x >= 'A' && x <= 'Z')
			x += 'a' - 'A';
		if (y >= 'A' && y <= 'Z')
			y += 'a' - 'A';
		if (x != y)
			return 0;
	}
	return 1;
}

static int used(const struct bw *w, cx_str name)
{
	for (size_t i = 0; i < w->nused; i++)
		if (same_name(w->used[i], name))
			return 1;
	return 0;
}

static void use(struct bw *w, cx_str name)
{
	if (w->nused == w->capused) {
		size_t cap = w->capused ? 2 * w->capused : 16;
		w->used = arena_grow(&w->a, w->used, sizeof *w->used, w->nused, cap);
		w->capused = cap;
	}
	w->used[w->nused++] = name;
}

static cx_str cstr(const char *s)
{
	return (cx_str){s, strlen(s)};
}

/* Start "  name = ".  A name already written in this entry would be a
 * repeated field, which BibTeX ignores with a warning: report and skip. */
static int begin_field(struct bw *w, cx_str name, const struct cx_field *f)
{
	if (used(w, name)) {
		fmt_loss(w->o, w->e, f, "%s cannot hold a second '%.*s' field (dropped)",
		         w->dialect, (int)name.n, name.p);
		return 0;
	}
	out_puts(w->o, w->nused ? ",\n  " : "\n  ");
	use(w, name);
	put_ident(w->o, name, 1, 0);
	out_puts(w->o, " = ");
	return 1;
}

/* The output name of a field: the dialect's column for a known field
 * (journaltitle becomes journal in BibTeX, journal becomes journaltitle in
 * biblatex), the source name for an unknown one.  When two fields share
 * an id (keyword and keywords, journal and journaltitle) each keeps its
 * source spelling, so neither is lost to a repeated name. */
static cx_str field_name(const struct bw *w, const struct cx_field *f)
{
	if (f->id >= CX_F__COUNT)
		return fmt_field_name(f);
	const struct cx_field_info *fi = &cx_fields[f->id];
	/* A BibTeX source's alias (numpages, hyphenation, keyword) stays as
	 * written: only the two dialects' own names are exchanged. */
	if (w->from_bib && f->name.n && !str_ieq(f->name, fi->bibtex) &&
	    !str_ieq(f->name, fi->biblatex))
		return f->name;
	size_t same = 0;
	int later_twin = 0; /* a later field of the same id and name */
	for (size_t i = 0; i < w->e->nfields; i++) {
		const struct cx_field *g = &w->e->fields[i];
		if (g->id != f->id || g->inherited)
			continue;
		same++;
		later_twin |= g > f && g->name.n == f->name.n &&
		              !strncasecmp(g->name.p, f->name.p, f->name.n);
	}
	if (same > 1 && f->name.n) {
		/* A CSL variable read as "address" beside custom "address" (a
		 * BibTeX source's second one): the first takes the other
		 * dialect's name, so neither is lost to a repeated name. */
		if (later_twin && str_ieq(f->name, fi->bibtex) && strcmp(fi->bibtex, fi->biblatex))
			return cstr(fi->biblatex);
		if (later_twin && str_ieq(f->name, fi->biblatex) && strcmp(fi->bibtex, fi->biblatex))
			return cstr(fi->bibtex);
		return f->name;
	}
	return cstr(w->biblatex ? fi->biblatex : fi->bibtex);
}

/* ---- values -------------------------------------------------------------- */

/* latex_encode writes a literal brace as \{ or \}, and BibTeX counts
 * those like any brace: a lone one ("a { b" from a CSL title) would end
 * the value early or swallow the next field.  So the braces are matched
 * as BibTeX will count them in the output: literal ones, and those inside
 * raw, math and URL spans, which the encoder writes verbatim (a source
 * such as \{\vphantom{\}} balances only across the two).  A literal
 * brace left without a partner is handed to the encoder as a raw span
 * holding \textbraceleft{} (or \textbraceright{}), which it writes as is
 * and latex_decode reads back as the brace. */
static cx_str guard_braces(struct bw *w, cx_str t)
{
	size_t *open = NULL, nopen = 0, cap = 0, nlone = 0;
	char *lone = NULL; /* per byte: 1 = a literal brace with no partner */
	int raw = 0;
	for (size_t i = 0; i < t.n; i++) {
		unsigned char c = (unsigned char)t.p[i];
		if (c == CX_M_RAW_ON || c == CX_M_MATH_ON || c == CX_M_URL_ON)
			raw++;
		else if ((c == CX_M_RAW_OFF || c == CX_M_MATH_OFF || c == CX_M_URL_OFF) && raw)
			raw--;
		if (c != '{' && c != '}')
			continue;
		if (!lone)
			lone = arena_calloc(&w->a, t.n);
		if (c == '{') {
			if (nopen == cap) {
				size_t ncap = cap ? 2 * cap : 8;
				open = arena_grow(&w->a, open, sizeof *open, nopen, ncap);
				cap = ncap;
			}
			open[nopen++] = raw ? (size_t)-1 : i; /* a raw one cannot be replaced */
		} else if (nopen) {
			nopen--;
		} else if (!raw) {
			lone[i] = 1;
			nlone++;
		}
	}
	while (nopen)
		if (open[--nopen] != (size_t)-1) {
			lone[open[nopen]] = 1;
			nlone++;
		}
	if (!nlone)
		return t;
	_Static_assert(CX_M_RAW_ON == 0x16 && CX_M_RAW_OFF == 0x17, "raw span bytes");
	static const char left[] = "\x16\\textbraceleft{}\x17";
	static const char right[] = "\x16\\textbraceright{}\x17";
	char *b = arena_alloc(&w->a, t.n + nlone * sizeof right);
	size_t k = 0;
	for (size_t i = 0; i < t.n; i++) {
		const char *r = !lone[i] ? NULL : t.p[i] == '{' ? left : right;
		if (!r) {
			b[k++] = t.p[i];
			continue;
		}
		memcpy(b + k, r, strlen(r));
		k += strlen(r);
	}
	return (cx_str){b, k};
}

/* A line break is a space to BibTeX: a value that keeps one (a CSL-JSON
 * note's "key: value" lines) is written on one line, so that reading the
 * output back gives the same text. */
static cx_str one_line(struct bw *w, cx_str t)
{
	if (!t.n || !memchr(t.p, '\n', t.n))
		return t;
	char *o = arena_alloc(&w->a, t.n + 1);
	size_t k = 0;
	for (size_t i = 0; i < t.n; i++) {
		char c = t.p[i] == '\n' || t.p[i] == '\r' ? ' ' : t.p[i];
		if (c == ' ' && k && o[k - 1] == ' ')
			continue;
		o[k++] = c;
	}
	return (cx_str){o, k};
}

static void enc(struct bw *w, cx_str text)
{
	latex_encode(w->o, guard_braces(w, one_line(w, text)), w->opt->ascii, &w->lossy);
}

/* Do the braces balance as BibTeX counts them?  BibTeX counts every
 * brace, escaped or not: "\{" opens a group as far as it is concerned. */
static int balanced(cx_str s)
{
	long depth = 0;
	for (size_t i = 0; i < s.n; i++) {
		if (s.p[i] == '{')
			depth++;
		else if (s.p[i] == '}' && --depth < 0)
			return 0;
	}
	return depth == 0;
}

/* A value BibTeX must not touch (doi, url, keys, unknown fields from a
 * BibTeX source): as it is when its braces balance.  A lone brace cannot
 * be written inside a BibTeX value at all, escaped or not; in these
 * fields (URLs and identifiers) the percent-encoding %7B / %7D says the
 * same thing. */
static void put_verbatim(struct cx_out *o, cx_str s)
{
	if (balanced(s)) {
		out_str(o, s);
		return;
	}
	size_t start = 0;
	for (size_t i = 0; i < s.n; i++) {
		if (s.p[i] != '{' && s.p[i] != '}')
			continue;
		out_write(o, s.p + start, i - start);
		out_puts(o, s.p[i] == '{' ? "%7B" : "%7D");
		start = i + 1;
	}
	out_write(o, s.p + start, s.n - start);
}

static void val_text(struct bw *w, cx_str text)
{
	out_putc(w->o, '{');
	enc(w, text);
	out_putc(w->o, '}');
}

static void val_verbatim(struct bw *w, cx_str s)
{
	out_putc(w->o, '{');
	put_verbatim(w->o, s);
	out_putc(w->o, '}');
}

static int has_macro(const struct cx_field *f)
{
	for (size_t i = 0; i < f->nparts; i++)
		if (f->parts[i].kind == CX_P_MACRO)
			return 1;
	return 0;
}

static int space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static enum cx_kind kind_of(const struct cx_field *f)
{
	return f->id < CX_F__COUNT ? cx_fields[f->id].kind : CX_K_TEXT;
}

/* A URL or identifier in ASCII: its non-ASCII bytes percent-encoded, the
 * form a URI has anyway (a LaTeX escape would break it). */
static void put_percent(struct cx_out *o, cx_str s)
{
	size_t start = 0;
	for (size_t i = 0; i < s.n; i++) {
		unsigned char c = (unsigned char)s.p[i];
		if (c < 0x80)
			continue;
		out_write(o, s.p + start, i - start);
		out_printf(o, "%%%02X", c);
		start = i + 1;
	}
	out_write(o, s.p + start, s.n - start);
}

/* One literal of a BibTeX source as written: byte for byte, or with
 * --ascii its non-ASCII characters as LaTeX escapes (percent-encoded in a
 * URL or identifier). */
static void put_source(struct bw *w, cx_str s, enum cx_kind kind)
{
	if (!w->opt->ascii)
		put_verbatim(w->o, s);
	else if (kind == CX_K_VERBATIM)
		put_percent(w->o, s);
	else
		latex_ascii(w->o, s, w->biblatex, &w->lossy);
}

/* The value as written, `{lit} # macro # 1999`: @string macros stay
 * macros and every literal keeps its bytes (logos, braces, spacing,
 * hyphenation hints), so what bibtex and biber make of the output is what
 * they make of the input (DESIGN 2).  Quoted literals are braced, which
 * BibTeX reads the same.  --expand-macros writes the expansion as one
 * literal. */
static void val_source(struct bw *w, const struct cx_field *f)
{
	enum cx_kind kind = kind_of(f);
	if (w->opt->expand_macros && has_macro(f)) {
		out_putc(w->o, '{');
		put_source(w, f->raw, kind);
		out_putc(w->o, '}');
		return;
	}
	for (size_t i = 0; i < f->nparts; i++) {
		const struct cx_part *p = &f->parts[i];
		if (i)
			out_puts(w->o, " # ");
		if (p->kind == CX_P_MACRO && w->biblatex) {
			/* As its @string is written: lower-case.  BibTeX and biber
			 * match macro names in any case, Typst's parser only in
			 * one, and refuses the whole file over a mismatch. */
			put_ident(w->o, p->s, 1, 0);
			continue;
		}
		if (p->kind == CX_P_MACRO || p->kind == CX_P_NUMBER) {
			out_str(w->o, p->s);
			continue;
		}
		out_putc(w->o, '{');
		put_source(w, p->s, kind);
		out_putc(w->o, '}');
	}
}

/* 12--34: the range dash is written as "--" itself, not through
 * latex_encode, which may guard a literal double hyphen. */
static void val_pages(struct bw *w, cx_str t)
{
	out_putc(w->o, '{');
	size_t start = 0;
	for (size_t i = 0; i < t.n; i++) {
		const unsigned char *s = (const unsigned char *)t.p;
		size_t skip = 0;
		if (i + 2 < t.n && s[i] == 0xE2 && s[i + 1] == 0x80 && s[i + 2] == 0x93)
			skip = 3; /* en dash */
		else if (s[i] == '-' && i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9' &&
		         i + 1 < t.n && s[i + 1] != '-' &&
		         ((s[i + 1] >= '0' && s[i + 1] <= '9') || (s[i + 1] >= 'A' && s[i + 1] <= 'Z') ||
		          (s[i + 1] >= 'a' && s[i + 1] <= 'z')))
			skip = 1; /* 12-34: a lone hyphen between a digit and a page */
		if (!skip)
			continue;
		enc(w, (cx_str){t.p + start, i - start});
		out_puts(w->o, "--");
		start = i + skip;
		i += skip - 1;
	}
	enc(w, (cx_str){t.p + start, t.n - start});
	out_putc(w->o, '}');
}

static int lower_word_inside(cx_str s)
{
	int words = 0, lower = 0;
	for (size_t i = 0; i < s.n; i++) {
		if (space((unsigned char)s.p[i]) || (i && !space((unsigned char)s.p[i - 1])))
			continue;
		words++;
		if (s.p[i] >= 'a' && s.p[i] <= 'z')
			lower = 1;
	}
	return words > 1 && lower;
}

/* Does s hold the word "and" (any case), which splits a name list? */
static int and_word(cx_str s)
{
	for (size_t i = 0; i + 3 <= s.n; i++)
		if ((i == 0 || space((unsigned char)s.p[i - 1])) && str_ieq((cx_str){s.p + i, 3}, "and") &&
		    (i + 3 == s.n || space((unsigned char)s.p[i + 3])))
			return 1;
	return 0;
}

/* Will latex_encode start this text with a command such as \& or \emph{
 * (not a group such as {\'E})?  A brace group in a name that starts with a
 * command is a BibTeX "special character", not a protected group, so it
 * needs a second pair of braces to stay one name part. */
static int starts_command(cx_str s)
{
	if (!s.n)
		return 0;
	unsigned char c = (unsigned char)s.p[0];
	if (c && strchr("\\&%$#_~^{}", c)) /* a literal brace is written \{ */
		return 1;
	return CX_IS_MARK(c) && c != CX_M_NOCASE_ON && c != CX_M_MATH_ON;
}

/* A braced name part: "{World Health Organization}". */
static void braced(struct bw *w, cx_str s)
{
	int dbl = starts_command(s);
	out_puts(w->o, dbl ? "{{" : "{");
	enc(w, s);
	out_puts(w->o, dbl ? "}}" : "}");
}

/* One part of a name.  Braces keep BibTeX's name splitter from cutting
 * it: a comma or a word "and" inside, or (for a family name) lower-case
 * words that BibTeX would take for a "von" part. */
static void name_part(struct bw *w, cx_str s, int brace)
{
	if (brace || memchr(s.p, ',', s.n) || and_word(s))
		braced(w, s);
	else
		enc(w, s);
}

/* One name from its parts: "von Last, Jr, First", "{Literal}" or
 * "others".  brace_family braces the family whatever it holds. */
static void put_name(struct bw *w, const struct cx_name *nm, int brace_family)
{
	cx_str fam = str_trim(nm->family), giv = str_trim(nm->given);
	cx_str par = str_trim(nm->particle), suf = str_trim(nm->suffix);
	cx_str lit = str_trim(nm->literal);
	if (nm->others) {
		out_puts(w->o, "others");
		return;
	}
	if (lit.n || !fam.n) {
		/* A given name alone is a literal too: "Plato". */
		braced(w, lit.n ? lit : giv);
		return;
	}
	int comma = giv.n || suf.n;
	if (par.n) {
		name_part(w, par, 0);
		out_putc(w->o, ' ');
	}
	name_part(w, fam, brace_family || (!par.n && lower_word_inside(fam)) ||
	                      (!comma && !par.n && memchr(fam.p, ' ', fam.n)));
	if (suf.n) {
		out_puts(w->o, ", ");
		name_part(w, suf, 0);
		out_puts(w->o, ",");
		if (giv.n)
			out_putc(w->o, ' ');
	} else if (giv.n) {
		out_puts(w->o, ", ");
	}
	if (giv.n)
		name_part(w, giv, 0);
}

/* A name is checked by reading it back from the writer's buffer, so its
 * bytes must not be flushed while it is written: room is made first for
 * the most n bytes of text can become (an --ascii escape is at most 20
 * bytes a character).  Returns where the name starts, or NAME_UNCHECKED
 * for a name too long to check. */
#define NAME_UNCHECKED ((size_t)-1)
static size_t name_start(struct bw *w, size_t n)
{
	struct cx_out *o = w->o;
	size_t room = 24 * n + 64;
	if (room >= o->cap)
		return NAME_UNCHECKED;
	if (o->cap - o->n <= room)
		out_flush(o);
	return o->error ? NAME_UNCHECKED : o->n;
}

static size_t name_len(const struct cx_name *nm)
{
	return nm->family.n + nm->given.n + nm->particle.n + nm->suffix.n + nm->literal.n;
}

/* Equal text, or with exact 0 equal but for case protection (a family
 * read back from {de la Mata} is protected, the one it was written from
 * need not be). */
static int same_text(cx_str a, cx_str b, int exact)
{
	size_t i = 0, j = 0;
	a = str_trim(a);
	b = str_trim(b);
	for (;;) {
		while (!exact && i < a.n && (a.p[i] == CX_M_NOCASE_ON || a.p[i] == CX_M_NOCASE_OFF))
			i++;
		while (!exact && j < b.n && (b.p[j] == CX_M_NOCASE_ON || b.p[j] == CX_M_NOCASE_OFF))
			j++;
		if (i == a.n || j == b.n)
			return i == a.n && j == b.n;
		if (a.p[i++] != b.p[j++])
			return 0;
	}
}

/* Does the name written since start read back as nm? */
static int reads_back(struct bw *w, size_t start, const struct cx_name *nm, int exact)
{
	struct cx_name *back;
	if (names_parse(&w->a, w->o->buf + start, w->o->n - start, w->opt->particles, 0, &back) != 1)
		return 0;
	return back->others == nm->others && same_text(back->family, nm->family, exact) &&
	       same_text(back->given, nm->given, exact) &&
	       same_text(back->particle, nm->particle, exact) &&
	       same_text(back->suffix, nm->suffix, exact) &&
	       same_text(back->literal, nm->literal, exact);
}

/* A name from its parts.  When BibTeX would split it otherwise (a family
 * with a lower-case word it takes for a "von" part, {de la Mata}, {'t
 * Hooft}, or a hyphen it splits at, {al-Hasan}), the family is braced. */
static void put_checked(struct bw *w, const struct cx_name *nm)
{
	size_t start = name_start(w, name_len(nm));
	put_name(w, nm, 0);
	if (start != NAME_UNCHECKED && nm->family.n && !nm->literal.n && !reads_back(w, start, nm, 0)) {
		w->o->n = start;
		put_name(w, nm, 1);
	}
}

static int blank_name(const struct cx_name *nm)
{
	return !nm->others && !str_trim(nm->literal).n && !str_trim(nm->family).n &&
	       !str_trim(nm->given).n;
}

/* Names from a non-BibTeX source, joined by " and ". */
static void val_names(struct bw *w, const struct cx_field *f)
{
	int first = 1;
	out_putc(w->o, '{');
	for (size_t i = 0; i < f->nnames; i++) {
		if (blank_name(&f->names[i]))
			continue;
		if (!first)
			out_puts(w->o, " and ");
		first = 0;
		put_checked(w, &f->names[i]);
	}
	out_putc(w->o, '}');
}

/* ---- dates --------------------------------------------------------------- */

static cx_str iso_date(struct bw *w, const struct cx_date *d)
{
	char *b = arena_alloc(&w->a, 64);
	size_t n = date_iso(b, 64, d);
	return (cx_str){b, n};
}

static int date_group(enum cx_field_id id)
{
	return id == CX_F_YEAR || id == CX_F_MONTH || id == CX_F_DAY || id == CX_F_DATE;
}

/* year and month for BibTeX from the entry's issued date; month only when
 * with_month (a month field of its own is written where it stands).
 * Returns 0 when there is nothing to write. */
static int bib_year_month(struct bw *w, const struct cx_field *f, int with_month)
{
	const struct cx_date *d = &w->e->issued;
	if (!d->year[0] && !d->literal.n)
		return 0;
	if (!begin_field(w, CX_STR("year"), f))
		return 1;
	if (!d->year[0]) {
		val_text(w, d->literal);
		/* A year field would read "1995-1-04" back as 1995: the date
		 * field beside it keeps the value unparsed. */
		if (!w->from_bib && date_year_lenient(d->literal) && begin_field(w, CX_STR("date"), f))
			val_text(w, d->literal);
		return 1;
	}
	/* "-380---370" says nothing clear: a range of years BC keeps its
	 * start as the year, the whole range in the date field. */
	int bc_range = d->range && (d->year[0] < 0 || d->year[1] < 0);
	if (d->range && d->year[1] && d->year[1] != d->year[0] && !bc_range)
		out_printf(w->o, "{%d--%d}", d->year[0], d->year[1]);
	else
		out_printf(w->o, "{%d}", d->year[0]);
	int m = d->month[0];
	if (with_month && m >= 1 && m <= 16 && !used(w, CX_STR("month"))) {
		begin_field(w, CX_STR("month"), f);
		if (m <= 12)
			out_puts(w->o, month_macro[m]);
		else
			out_printf(w->o, "{%s}", fmt_season_name[m - 13]);
	}
	/* What year and month cannot say (a day, a range's end month
	 * or day, circa) goes into a date field beside them: BibTeX styles
	 * ignore it, and citex and biber read the whole date back from it.
	 * From a BibTeX source the date field itself is kept where it stands. */
	if (!w->from_bib &&
	    (d->day[0] || d->circa || bc_range ||
	     (d->range && (d->month[1] || d->day[1] || !d->year[1]))) &&
	    begin_field(w, CX_STR("date"), f)) {
		out_putc(w->o, '{');
		out_str(w->o, iso_date(w, d));
		out_putc(w->o, '}');
	}
	return 1;
}

/* Does a year, month or day field disagree with the date (a BibTeX source
 * had both, and CSL-JSON kept the odd one in custom)?  Then year and month
 * cannot be derived from the date without losing that field: every field
 * of the group is written as itself, the date as an ISO date field. */
static int date_clash(const struct cx_entry *e)
{
	if (!fmt_count(e, CX_F_DATE) || !e->issued.year[0])
		return 0;
	for (size_t i = 0; i < e->nfields; i++) {
		const struct cx_field *f = &e->fields[i];
		if ((f->id == CX_F_YEAR || f->id == CX_F_MONTH || f->id == CX_F_DAY) &&
		    !fmt_empty(f) && !fmt_date_agrees(e, f))
			return 1;
	}
	return 0;
}

/* ---- fields -------------------------------------------------------------- */

/* The entry type field duplicates the table's answer when it names a
 * biblatex key; BibTeX styles would print "mathesis" verbatim.  A BibTeX
 * source keeps its type and so its type field. */
static int skip_type_field(const struct bw *w, const struct cx_field *f, const char *type)
{
	return !w->biblatex && !w->from_bib && f->id == CX_F_TYPE && fmt_type_is_key(f) &&
	       (!strcmp(type, "phdthesis") || !strcmp(type, "mastersthesis") ||
	        !strcmp(type, "techreport"));
}

static int has_field(const struct cx_entry *e, enum cx_field_id id)
{
	return fmt_count(e, id) > 0;
}

/* Will the normalizer read this verbatim text back as itself?  It drops
 * braces, unescapes \_ and friends and strips a DOI resolver, so text
 * holding a backslash or a brace ("e\{_\}057" gives "e\_057", then
 * "e_057"), or a DOI still led by a resolver, is not a fixed point: the
 * source's raw value is written instead. */
static int verbatim_stable(enum cx_field_id id, cx_str t)
{
	if (memchr(t.p, '\\', t.n) || memchr(t.p, '{', t.n) || memchr(t.p, '}', t.n))
		return 0;
	if (id == CX_F_DOI && t.n >= 3 &&
	    (str_ieq((cx_str){t.p, 3}, "doi") || str_ieq((cx_str){t.p, 3}, "htt")))
		return 0;
	return 1;
}

static void write_value(struct bw *w, const struct cx_field *f)
{
	enum cx_kind kind = kind_of(f);
	cx_str text = f->text;
	if (w->from_bib && f->nparts) {
		val_source(w, f);
		return;
	}
	/* From here on the value has no source form: it came from another
	 * format, or a stage (--keys, --venues, --dedup) rewrote it. */
	if (f->id == CX_F_UNKNOWN && w->from_bib) {
		val_verbatim(w, f->raw.n ? f->raw : text);
		return;
	}
	if (kind == CX_K_VERBATIM || kind == CX_K_KEY) {
		/* doi, url, keys: the normalized value, never LaTeX-escaped. */
		if (w->from_bib && f->raw.n && (!text.n || !verbatim_stable(f->id, text)))
			val_verbatim(w, f->raw);
		else
			val_verbatim(w, text);
		return;
	}
	if (kind == CX_K_DATE && !w->from_bib && f->date.year[0]) {
		out_putc(w->o, '{');
		out_str(w->o, iso_date(w, &f->date));
		out_putc(w->o, '}');
		return;
	}
	if (!text.n && f->raw.n && !f->nnames) {
		val_verbatim(w, f->raw); /* decoded to nothing, e.g. "{}" */
		return;
	}
	switch (kind) {
	case CX_K_NAMES:
		val_names(w, f);
		break;
	case CX_K_PAGES:
		val_pages(w, text);
		break;
	default:
		val_text(w, text);
		break;
	}
}

/* Does a year value start with a year of four digits ("2020", "1990s",
 * "-0379", "1999--2000")?  That is what biblatex's year is, and all
 * Typst's BibLaTeX parser reads: one year it cannot read ("in press",
 * "Y-17000002") and Typst refuses the whole file. */
static int year_readable(cx_str t)
{
	t = str_trim(t);
	size_t i = t.n && t.p[0] == '-';
	size_t k = 0;
	/* "19xx": a year's unknown digits (EDTF's X), which Typst reads too */
	while (i + k < t.n && (str_digit((unsigned char)t.p[i + k]) ||
	                       (k && (t.p[i + k] == 'x' || t.p[i + k] == 'X'))))
		k++;
	return k == 4 && (i + k == t.n || !str_digit((unsigned char)t.p[i + k]));
}

/* Publication states biblatex knows, as they are written out. */
static const struct fmt_pair pubstates[] = {
	{"in press", "inpress"},           {"forthcoming", "forthcoming"},
	{"submitted", "submitted"},        {"in preparation", "inpreparation"},
	{"prepublished", "prepublished"},  {"to appear", "forthcoming"},
};

/* A BibLaTeX year that is no year (year_readable): the entry's date when
 * it has one, as biblatex's date field; an EDTF date citex does not read
 * (Y-17000002, a year of five digits) in the date field as it is; a
 * publication state as biblatex's pubstate key; any other text as
 * pubstate as it is, which biblatex prints where the year would be. */
static void biblatex_year(struct bw *w, const struct cx_field *f, cx_str t)
{
	const struct cx_date *d = &w->e->issued;
	t = str_trim(t);
	if (d->year[0] && !has_field(w->e, CX_F_DATE) && !w->date_done) {
		w->date_done = 1;
		if (begin_field(w, CX_STR("date"), f)) {
			out_putc(w->o, '{');
			out_str(w->o, iso_date(w, d));
			out_putc(w->o, '}');
		}
		return;
	}
	size_t i = t.n && (t.p[0] == 'Y' || t.p[0] == 'y'), k = 0;
	i += i < t.n && t.p[i] == '-';
	while (i + k < t.n && str_digit((unsigned char)t.p[i + k]))
		k++;
	if (k >= 4 && i + k == t.n) {
		if (begin_field(w, CX_STR("date"), f))
			val_verbatim(w, t);
		return;
	}
	const struct fmt_pair *ps = fmt_pair_find(FMT_PAIRS(pubstates), text_plain(&w->a, t));
	if (has_field(w->e, CX_F_PUBSTATE)) {
		fmt_loss(w->o, w->e, f, "biblatex: year '%.*s' is no year, and the entry has a pubstate; "
		                        "not written", (int)t.n, t.p);
		return;
	}
	if (begin_field(w, CX_STR("pubstate"), f)) {
		if (ps)
			val_verbatim(w, str_of(ps->value));
		else
			val_text(w, t);
	}
}

static void write_field(struct bw *w, const struct cx_field *f, const char *type)
{
	if (f->inherited || skip_type_field(w, f, type))
		return;
	if (date_group(f->id) && w->biblatex && !w->from_bib && w->e->issued.year[0]) {
		/* One ISO date replaces year, month, day and date; a BibTeX
		 * source keeps them as written, which biber reads the same. */
		if (w->date_done)
			return;
		w->date_done = 1;
		if (begin_field(w, CX_STR("date"), f)) {
			out_putc(w->o, '{');
			out_str(w->o, iso_date(w, &w->e->issued));
			out_putc(w->o, '}');
		}
		return;
	}
	if (date_group(f->id) && !w->biblatex && !w->from_bib && !date_clash(w->e)) {
		if (w->date_done)
			return;
		if (bib_year_month(w, f, 1)) {
			w->date_done = 1;
			return;
		}
		/* No usable date: the fields go out as they are. */
	}
	if (f->id == CX_F_DATE && !w->biblatex && w->from_bib && !w->date_done &&
	    w->e->issued.year[0] && !has_field(w->e, CX_F_YEAR)) {
		/* BibTeX styles sort and print by year: derive it, and keep the
		 * date itself below so nothing is lost. */
		w->date_done = 1;
		bib_year_month(w, f, !has_field(w->e, CX_F_MONTH));
	}
	cx_str name = field_name(w, f);
	int unparsed = f->id == CX_F_DATE && w->biblatex && !w->from_bib && !has_field(w->e, CX_F_YEAR);
	if (unparsed)
		name = CX_STR("year"); /* "to appear": no date biber can parse */
	if (w->biblatex && (unparsed || f->id == CX_F_YEAR) &&
	    !year_readable(f->raw.n ? f->raw : f->text)) {
		biblatex_year(w, f, f->text.n ? f->text : f->raw);
		return;
	}
	size_t before = w->lossy;
	if (!begin_field(w, name, f))
		return;
	write_value(w, f);
	/* As year, "1995-1-04" reads back as 1995: the date field beside it
	 * keeps the value unparsed (biber prints the year, ignores the date). */
	if (unparsed && date_year_lenient(f->text) && begin_field(w, CX_STR("date"), f))
		write_value(w, f);
	if (w->lossy > before) {
		cx_str nm = fmt_field_name(f);
		fmt_loss(w->o, w->e, f, "%s: %zu characters of field '%.*s' have no LaTeX escape",
		         w->dialect, w->lossy - before, (int)nm.n, nm.p);
	}
}

static void each_field(void *w, const struct cx_field *f, const struct fmt_home *h)
{
	(void)h; /* BibTeX writes a field under its own name */
	write_field(w, f, ((struct bw *)w)->type);
}

/* ---- entry types --------------------------------------------------------- */

/* Entry types biblatex knows beyond the table's column. */
static const char *const biblatex_more[] = {
	"mvbook", "bookinbook", "suppbook", "mvcollection", "suppcollection", "mvproceedings",
	"reference", "mvreference", "inreference", "suppperiodical", "letter", "review",
	"artwork", "audio", "image", "movie", "music", "video", "performance", "commentary",
	"jurisdiction", "legislation", "legal", "set", "xdata", "bibnote", "customa", "customb",
	"customc", "customd", "custome", "customf",
};

static int biblatex_type(cx_str name)
{
	for (int t = 0; t < CX_T__COUNT; t++)
		if (str_ieq(name, cx_types[t].biblatex))
			return 1;
	for (size_t i = 0; i < sizeof biblatex_more / sizeof biblatex_more[0]; i++)
		if (str_ieq(name, biblatex_more[i]))
			return 1;
	return 0;
}

static const char *type_name(struct bw *w)
{
	const struct cx_entry *e = w->e;
	if (w->biblatex) {
		/* A biblatex source keeps its type (@mvbook stays @mvbook), and
		 * so does a type the table does not know (a style's own, as
		 * biblatex-bookinarticle's @bookinarticle or bib2gls's
		 * @symbol: biber keeps it too); the BibTeX-only names go
		 * through the table (@phdthesis becomes @thesis with type =
		 * {phdthesis}). */
		if (w->from_bib && e->type_name.n) {
			int in_table;
			(void)cx_type_lookup(e->type_name.p, e->type_name.n, &in_table);
			if (!in_table || biblatex_type(e->type_name))
				return arena_strndup(&w->a, e->type_name.p, e->type_name.n);
		}
		return cx_types[e->type].biblatex;
	}
	/* A BibTeX source keeps its type, whatever it is: @conference, a
	 * style's own @electronic, or a biblatex @online, which BibTeX styles
	 * take for @misc with a warning.  Nothing is lost on the way back. */
	if (w->from_bib && e->type_name.n)
		return arena_strndup(&w->a, e->type_name.p, e->type_name.n);
	if (e->type == CX_T_THESIS) {
		const struct cx_field *from;
		cx_str g;
		if (!fmt_genre(e, &g, &from))
			fmt_loss(w->o, e, NULL, "bibtex has no thesis of no stated kind (written as @phdthesis)");
		else if (str_ihas(g, "master") || str_ihas(g, "mathesis"))
			return "mastersthesis";
	}
	/* plain.bst has no software, dataset, standard, patent or web page. */
	if (!strcmp(cx_types[e->type].bibtex, "misc") && e->type != CX_T_MISC &&
	    e->type != CX_T_DOCUMENT)
		fmt_loss(w->o, e, NULL, "bibtex has no type '%s' (written as @misc)",
		         cx_types[e->type].csl);
	return cx_types[e->type].bibtex;
}

/* ---- entries ------------------------------------------------------------- */

static void write_preamble(struct bw *w)
{
	const struct cx_entry *e = w->e;
	const struct cx_field *f = e->nfields ? &e->fields[0] : NULL;
	out_puts(w->o, "@preamble{");
	if (f && f->nparts && !(w->opt->expand_macros && has_macro(f))) {
		/* LaTeX code: written exactly as it was, quotes and all. */
		for (size_t i = 0; i < f->nparts; i++) {
			const struct cx_part *p = &f->parts[i];
			if (i)
				out_puts(w->o, " # ");
			if (p->kind == CX_P_BRACED) {
				out_putc(w->o, '{');
				put_verbatim(w->o, p->s);
				out_putc(w->o, '}');
			} else if (p->kind == CX_P_QUOTED) {
				out_putc(w->o, '"');
				out_str(w->o, p->s);
				out_putc(w->o, '"');
			} else {
				out_str(w->o, p->s);
			}
		}
	} else if (f) {
		val_verbatim(w, f->raw);
	}
	out_puts(w->o, "}\n\n");
}

static void write_string(struct bw *w)
{
	const struct cx_entry *e = w->e;
	if (w->opt->expand_macros || !e->nfields)
		return; /* macros were expanded into the fields */
	const struct cx_field *f = &e->fields[0];
	out_puts(w->o, "@string{");
	put_ident(w->o, f->name, 0, 0);
	out_puts(w->o, " = ");
	if (f->nparts)
		val_source(w, f);
	else
		val_text(w, latex_text(&w->a, f->raw.p, f->raw.n)); /* raw: not normalized */
	out_puts(w->o, "}\n\n");
}

static void write_comment(struct bw *w)
{
	const struct cx_entry *e = w->e;
	cx_str body = e->nfields ? e->fields[0].raw : (cx_str){"", 0};
	if (!body.p)
		body = (cx_str){"", 0};
	if (e->stray) {
		/* Text between entries: BibTeX ignores it; keep it for people. */
		body = str_trim(body);
		if (body.n) {
			out_str(w->o, body);
			out_puts(w->o, "\n\n");
		}
		return;
	}
	/* Unbalanced braces mean it came as @comment(...), where they may be. */
	int paren = !balanced(body);
	out_puts(w->o, paren ? "@comment(" : "@comment{");
	out_str(w->o, body);
	out_puts(w->o, paren ? ")\n\n" : "}\n\n");
}

static void write_entry(struct bw *w, size_t n)
{
	const struct cx_entry *e = w->e;
	const char *type = type_name(w);
	out_putc(w->o, '@');
	put_ident(w->o, cstr(type), 1, 0);
	out_putc(w->o, '{');
	if (!e->key.n)
		out_printf(w->o, "item-%zu", n + 1);
	else if (w->from_bib)
		out_str(w->o, e->key);
	else
		put_ident(w->o, e->key, 0, 1);
	out_putc(w->o, ','); /* even with no fields: biber insists on it */

	if (w->from_bib) {
		for (size_t i = 0; i < e->nfields; i++)
			write_field(w, &e->fields[i], type);
	} else {
		w->type = type;
		fmt_each(e, FMT_NONE, each_field, NULL, w);
	}

	/* biblatex says what kind of thesis or report in the type field. */
	if (w->biblatex && !has_field(e, CX_F_TYPE)) {
		const char *key = e->type == CX_T_PHDTHESIS       ? "phdthesis"
		                  : e->type == CX_T_MASTERSTHESIS ? "mathesis"
		                  : e->type == CX_T_TECHREPORT    ? "techreport"
		                                                  : NULL;
		if (key && (!strcmp(type, "thesis") || !strcmp(type, "report")) &&
		    begin_field(w, CX_STR("type"), NULL))
			out_printf(w->o, "{%s}", key);
	}
	out_puts(w->o, "\n}\n\n");
}

static void write_any(struct cx_out *o, const struct cx_entry *e, size_t n, int biblatex)
{
	struct bw w = {
		.o = o,
		.e = e,
		.opt = fmt_opt(o),
		.biblatex = biblatex,
		.from_bib = fmt_from_bibtex(e),
		.dialect = biblatex ? "biblatex" : "bibtex",
	};
	switch (e->kind) {
	case CX_ENTRY_RECORD:
		write_entry(&w, n);
		break;
	case CX_ENTRY_STRING:
		write_string(&w);
		break;
	case CX_ENTRY_PREAMBLE:
		write_preamble(&w);
		break;
	case CX_ENTRY_COMMENT:
		write_comment(&w);
		break;
	}
	arena_destroy(&w.a);
}

static void bibtex_entry(struct cx_out *o, const struct cx_entry *e, size_t n)
{
	write_any(o, e, n, 0);
}

static void biblatex_entry(struct cx_out *o, const struct cx_entry *e, size_t n)
{
	write_any(o, e, n, 1);
}

const struct cx_fmt cx_fmt_bibtex = {
	.name = "bibtex",
	.ext = "bib",
	.bibtex_family = 1,
	.entry = bibtex_entry,
};

const struct cx_fmt cx_fmt_biblatex = {
	.name = "biblatex",
	.ext = "bib",
	.bibtex_family = 1,
	.entry = biblatex_entry,
};
