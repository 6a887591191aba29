/* read/rec.c - one entry at a time for the database and tool formats
 * (read/rec.h).
 *
 * Every value these formats hold is text as it reads, so a field's text
 * is set here and normalization leaves it be: a title "x_{i}" from PubMed
 * is those characters, not LaTeX.  Dates become year, month and day
 * fields, the shape the BibTeX reader gives them too, so the writers treat
 * a record alike whatever it came from. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/str.h"
#include "core/utf8.h"
#include "norm/norm.h"
#include "read/rec.h"

void rec_init(struct rec *R, struct cx_reader_ctx *c, const char *source, enum cx_mapfmt fmt)
{
	memset(R, 0, sizeof *R);
	R->c = c;
	R->source = source;
	R->fmt = fmt;
}

void rec_free(struct rec *R)
{
	arena_destroy(&R->a);
	keyset_free(&R->keys);
	strset_free(&R->warned);
	arena_destroy(&R->warned_a);
	free(R->kw);
}

void rec_begin(struct rec *R, unsigned line)
{
	reader_entry_start(R->c, &R->e, R->source, line);
	R->cap = 0;
	R->nkw = 0;
	R->line = line;
}

/* ---- text -------------------------------------------------------------------- */

static cx_str clean(struct rec *R, const char *s, size_t n, unsigned line, int marks);

cx_str rec_clean(struct rec *R, const char *s, size_t n, unsigned line)
{
	return clean(R, s, n, line, 0);
}

cx_str rec_clean_rich(struct rec *R, const char *s, size_t n, unsigned line)
{
	return clean(R, s, n, line, 1);
}

/* Is c one of the model's markup bytes (enum cx_mark)? */
static int is_mark(unsigned char c)
{
	return (c >= CX_M_NOCASE_ON && c <= CX_M_SC_OFF) || (c >= CX_M_SUP_ON && c <= CX_M_RAW_OFF);
}

static cx_str clean(struct rec *R, const char *s, size_t n, unsigned line, int marks)
{
	int high = 0;
	for (size_t i = 0; i < n && !high; i++)
		high = (unsigned char)s[i] >= 0x80;
	char *out;
	size_t k;
	if (high && utf8_valid(s, n) != n) {
		if (!R->latin1) {
			R->latin1 = 1;
			diag_report(&R->c->diags, CX_WARNING, CX_E_BAD_UTF8, line, 1,
			            "input is not valid UTF-8; reading it as Windows-1252");
		}
		out = arena_alloc(&R->a, 3 * n + 1);
		k = utf8_from_8bit(out, s, n);
	} else {
		out = arena_alloc(&R->a, n + 1);
		memcpy(out, s, n);
		k = n;
	}
	/* Control characters are the model's markup bytes: spaces here,
	 * unless the caller made them marks. */
	size_t w = 0;
	for (size_t i = 0; i < k; i++) {
		unsigned char c = (unsigned char)out[i];
		char ch = (c < 0x20 || c == 0x7F) && !(marks && is_mark(c)) ? ' ' : out[i];
		if (ch != ' ' || (w && out[w - 1] != ' '))
			out[w++] = ch;
	}
	while (w && out[w - 1] == ' ')
		w--;
	out[w] = 0;
	if (high && !text_is_nfc(out, w))
		return text_nfc(&R->a, out, w);
	return (cx_str){out, w};
}

/* ---- fields --------------------------------------------------------------------- */

static struct cx_field *add(struct rec *R, enum cx_field_id id, cx_str name, cx_str v,
                            unsigned line, unsigned col)
{
	struct cx_field *f = model_add_field(&R->a, &R->e, &R->cap, id, name, v, line);
	f->loc.col = col ? col : 1;
	f->raw = f->text = v;
	return f;
}

static struct cx_field *named(struct rec *R, cx_str name)
{
	for (size_t i = 0; i < R->e.nfields; i++)
		if (R->e.fields[i].id == CX_F_UNKNOWN && str_same(R->e.fields[i].name, name))
			return &R->e.fields[i];
	return NULL;
}

static cx_str lower(struct rec *R, cx_str s)
{
	char *o = arena_alloc(&R->a, s.n + 1);
	for (size_t i = 0; i < s.n; i++)
		o[i] = (char)str_lower((unsigned char)s.p[i]);
	o[s.n] = 0;
	return (cx_str){o, s.n};
}

/* Is v one of the "; " parts of list? */
static int has_part(cx_str list, cx_str v)
{
	const char *p = list.p, *end = list.p + list.n;
	while (p <= end) {
		const char *semi = p;
		while (semi + 1 < end && !(semi[0] == ';' && semi[1] == ' '))
			semi++;
		if (semi + 1 >= end)
			semi = end;
		if ((size_t)(semi - p) == v.n && !memcmp(p, v.p, v.n))
			return 1;
		p = semi + 2;
	}
	return 0;
}

struct cx_field *rec_keep(struct rec *R, cx_str name, cx_str v, unsigned line, unsigned col)
{
	if (!v.n)
		return NULL;
	cx_str nm = lower(R, name);
	/* "statement of responsibility": a name every format can write */
	for (size_t i = 0; i < nm.n; i++)
		if (nm.p[i] == ' ')
			((char *)nm.p)[i] = '-';
	struct cx_field *f = named(R, nm);
	if (f) {
		if (!has_part(f->text, v)) /* a catalogue repeats its subjects */
			f->raw = f->text = arena_cat(&R->a, f->text, "; ", v);
		return f;
	}
	return add(R, CX_F_UNKNOWN, nm, v, line, col);
}

struct cx_field *rec_set(struct rec *R, enum cx_field_id id, cx_str v, cx_str name, unsigned line,
                         unsigned col)
{
	if (!v.n)
		return NULL;
	if (id == CX_F_KEYWORDS) {
		rec_keyword(R, v, NULL);
		return NULL;
	}
	struct cx_field *f = cx_entry_get(&R->e, id);
	if (!f)
		return add(R, id, (cx_str){NULL, 0}, v, line, col);
	if (str_same(f->text, v) || !name.n)
		return f;
	/* A second URL kept as "url" would read as the first: "url2". */
	if (cx_field_lookup(name.p, name.n) != CX_F_UNKNOWN)
		name = arena_cat(&R->a, name, "", str_of("2"));
	return rec_keep(R, name, v, line, col);
}

void rec_append(struct rec *R, enum cx_field_id id, const char *sep, cx_str v, unsigned line)
{
	if (!v.n)
		return;
	struct cx_field *f = cx_entry_get(&R->e, id);
	if (f)
		f->raw = f->text = arena_cat(&R->a, f->text, sep, v);
	else
		add(R, id, (cx_str){NULL, 0}, v, line, 1);
}

void rec_keyword(struct rec *R, cx_str v, const char *sep)
{
	size_t n = sep ? strlen(sep) : 0;
	while (v.n) {
		size_t k = v.n;
		for (size_t i = 0; n && i + n <= v.n; i++)
			if (!memcmp(v.p + i, sep, n)) {
				k = i;
				break;
			}
		cx_str one = str_trim((cx_str){v.p, k});
		if (one.n) {
			if (R->nkw == R->capkw)
				R->kw = xgrow(R->kw, &R->capkw, R->nkw + 1, sizeof *R->kw);
			R->kw[R->nkw++] = one;
		}
		if (k == v.n)
			break;
		v = (cx_str){v.p + k + n, v.n - k - n};
	}
}

/* ---- names ------------------------------------------------------------------------ */

static int is_suffix(cx_str s)
{
	static const char *const sfx[] = {"Jr.", "Jr", "Sr.", "Sr", "II", "III", "IV", "V",
	                                  "2nd", "3rd", "Jnr", "Snr"};
	s = str_trim(s);
	for (size_t i = 0; i < sizeof sfx / sizeof *sfx; i++)
		if (str_ieq(s, sfx[i]))
			return 1;
	return 0;
}

struct cx_name rec_name_parts(struct rec *R, cx_str family, cx_str given, cx_str particle,
                              cx_str suffix)
{
	(void)R;
	struct cx_name nm;
	memset(&nm, 0, sizeof nm);
	nm.family = str_trim(family);
	nm.given = str_trim(given);
	nm.particle = str_trim(particle);
	nm.suffix = str_trim(suffix);
	if (!nm.family.n && nm.given.n) {
		nm.literal = nm.given;
		nm.given = (cx_str){NULL, 0};
	}
	return nm;
}

struct cx_name rec_parse_name(struct rec *R, cx_str v, enum rec_order order)
{
	struct cx_name nm;
	memset(&nm, 0, sizeof nm);
	v = str_trim(v);
	if (str_ieq(v, "others") || str_ieq(v, "et al.") || str_ieq(v, "et al")) {
		nm.others = 1;
		return nm;
	}
	const char *c1 = memchr(v.p, ',', v.n);
	if (!c1 && order == REC_FAMILY_FIRST) {
		nm.literal = v;
		return nm;
	}
	cx_str src = v, sfx = {NULL, 0};
	const char *last = v.p + v.n;
	while (last > v.p && last[-1] != ',')
		last--;
	if (c1 && last - 1 == c1 && is_suffix((cx_str){last, (size_t)(v.p + v.n - last)}) &&
	    order == REC_ANY) {
		/* "Julius Caesar, Jr.": a given-name-first name and its suffix. */
		sfx = str_trim((cx_str){last, (size_t)(v.p + v.n - last)});
		src = str_trim((cx_str){v.p, (size_t)(c1 - v.p)});
	} else if (c1) {
		const char *c2 = memchr(c1 + 1, ',', (size_t)(v.p + v.n - c1 - 1));
		if (c2) {
			/* Family, Given, Suffix -> BibTeX's Family, Suffix, Given. */
			cx_str fam = {v.p, (size_t)(c1 - v.p)};
			cx_str giv = {c1 + 1, (size_t)(c2 - c1 - 1)};
			cx_str suf = {c2 + 1, (size_t)(v.p + v.n - c2 - 1)};
			if (is_suffix(suf))
				src = arena_cat(&R->a, arena_cat(&R->a, fam, ",", suf), ",", giv);
		}
	}
	struct name_raw r;
	(void)names_split_raw(src.p, src.n, &r);
	names_suffix(&r);
	nm.family = str_trim(r.last);
	nm.given = str_trim(r.first);
	nm.particle = str_trim(r.von);
	nm.suffix = sfx.n ? sfx : str_trim(r.jr);
	if (!nm.family.n && !nm.given.n) {
		memset(&nm, 0, sizeof nm);
		nm.literal = v;
	}
	return nm;
}

/* A name in BibTeX's form, for the list's text. */
static void name_text(struct buf *b, const struct cx_name *nm)
{
	if (nm->others) {
		buf_puts(b, "others");
	} else if (nm->literal.n) {
		buf_putc(b, '{');
		buf_put(b, nm->literal.p, nm->literal.n);
		buf_putc(b, '}');
	} else {
		if (nm->particle.n) {
			buf_put(b, nm->particle.p, nm->particle.n);
			buf_putc(b, ' ');
		}
		buf_put(b, nm->family.p, nm->family.n);
		if (nm->suffix.n) {
			buf_puts(b, ", ");
			buf_put(b, nm->suffix.p, nm->suffix.n);
		}
		if (nm->given.n) {
			buf_puts(b, ", ");
			buf_put(b, nm->given.p, nm->given.n);
		}
	}
}

static int capital(char c)
{
	return c >= 'A' && c <= 'Z';
}

static cx_str initials(struct rec *R, cx_str g)
{
	int run = g.n >= 2 && g.n <= 3;
	for (size_t i = 0; i < g.n; i++)
		run &= capital(g.p[i]);
	/* a catalogue's final period after a whole word ("Kumar.") */
	if (g.n > 2 && g.p[g.n - 1] == '.' && !capital(g.p[g.n - 2]) && g.p[g.n - 2] != '.')
		g.n--;
	struct buf b = {0};
	int changed = 0;
	for (size_t i = 0; i < g.n; i++) {
		buf_putc(&b, g.p[i]);
		/* "K.L." as "K. L." */
		if (g.p[i] == '.' && i + 1 < g.n && capital(g.p[i + 1]) && i && capital(g.p[i - 1])) {
			buf_putc(&b, ' ');
			changed = 1;
		}
		int lone = capital(g.p[i]) && (!i || g.p[i - 1] == ' ') &&
		           (i + 1 == g.n || g.p[i + 1] == ' ');
		if (run || lone) {
			buf_putc(&b, '.');
			if (run && i + 1 < g.n)
				buf_putc(&b, ' ');
			changed = 1;
		}
	}
	cx_str out = changed ? arena_str(&R->a, b.p, b.n) : g;
	buf_free(&b);
	return out;
}

void rec_name(struct rec *R, enum cx_field_id id, cx_str name, struct cx_name nm, unsigned line,
              unsigned col)
{
	if (!nm.others && !nm.literal.n && !nm.family.n && !nm.given.n)
		return;
	if (R->initials && nm.given.n)
		nm.given = initials(R, nm.given);
	struct cx_field *f = id == CX_F_UNKNOWN ? named(R, lower(R, name)) : cx_entry_get(&R->e, id);
	if (!f) {
		f = add(R, id, id == CX_F_UNKNOWN ? lower(R, name) : (cx_str){NULL, 0},
		        (cx_str){"", 0}, line, col);
		f->names = NULL;
		f->nnames = 0;
	}
	/* Lists are short; a copy per name keeps the code plain. */
	struct cx_name *v = arena_alloc(&R->a, (f->nnames + 1) * sizeof *v);
	if (f->nnames)
		memcpy(v, f->names, f->nnames * sizeof *v);
	v[f->nnames] = nm;
	struct buf b = {0};
	buf_put(&b, f->text.p, f->text.n);
	if (f->nnames)
		buf_puts(&b, " and ");
	name_text(&b, &nm);
	f->raw = f->text = arena_str(&R->a, b.p, b.n);
	buf_free(&b);
	f->names = v;
	f->nnames++;
}

/* ---- dates -------------------------------------------------------------------------- */

/* As the BibTeX reader's month macros expand, so both readers agree. */
static const char *const month_names[16] = {
	"January", "February", "March", "April", "May", "June", "July", "August",
	"September", "October", "November", "December", "spring", "summer", "autumn", "winter",
};

static cx_str number(struct rec *R, int v)
{
	char b[16];
	int n = snprintf(b, sizeof b, "%d", v);
	return arena_str(&R->a, b, (size_t)n);
}

void rec_date(struct rec *R, int year, int month, int day, unsigned line)
{
	if (year && !cx_entry_get(&R->e, CX_F_YEAR) && !cx_entry_get(&R->e, CX_F_DATE))
		add(R, CX_F_YEAR, (cx_str){NULL, 0}, number(R, year), line, 1);
	if (month >= 1 && month <= 16 && !cx_entry_get(&R->e, CX_F_MONTH)) {
		add(R, CX_F_MONTH, (cx_str){NULL, 0}, str_of(month_names[month - 1]), line, 1);
		if (day >= 1 && day <= 31 && month <= 12 && !cx_entry_get(&R->e, CX_F_DAY))
			add(R, CX_F_DAY, (cx_str){NULL, 0}, number(R, day), line, 1);
	}
}

void rec_year_text(struct rec *R, cx_str v, unsigned line)
{
	if (v.n && !cx_entry_get(&R->e, CX_F_YEAR))
		add(R, CX_F_YEAR, (cx_str){NULL, 0}, v, line, 1);
}

int rec_month(cx_str s)
{
	s = str_trim(s);
	while (s.n && (s.p[s.n - 1] == '.' || s.p[s.n - 1] == ','))
		s.n--;
	if (!s.n)
		return 0;
	if (str_digit((unsigned char)s.p[0])) {
		int m = 0;
		if (str_digits(s.p, s.p + s.n, &m) != s.n || s.n > 2)
			return 0;
		return m >= 1 && m <= 12 ? m : (m >= 21 && m <= 24 ? m - 8 : 0);
	}
	for (size_t i = 0; i < s.n; i++)
		if (!str_alpha((unsigned char)s.p[i]))
			return 0;
	if (s.n < 3)
		return 0;
	/* Web of Science writes seasons in three letters. */
	static const char *const seasons[] = {"SPR", "SUM", "FAL", "WIN"};
	for (int i = 0; i < 4; i++)
		if (s.n == 3 && str_ieq(s, seasons[i]))
			return 13 + i;
	return date_parse_month(s);
}

/* The words of a date: runs of letters or of digits. */
struct dword {
	cx_str s;
	int num; /* the value of a run of digits, -1 for letters */
};

static size_t date_words(cx_str v, struct dword *w, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < v.n && n < max;) {
		unsigned char c = (unsigned char)v.p[i];
		size_t j = i;
		if (str_digit(c)) {
			int x = 0;
			while (j < v.n && str_digit((unsigned char)v.p[j]) && j - i < 9)
				x = x * 10 + (v.p[j++] - '0');
			w[n++] = (struct dword){{v.p + i, j - i}, x};
		} else if (str_alpha(c)) {
			while (j < v.n && str_alpha((unsigned char)v.p[j]))
				j++;
			w[n++] = (struct dword){{v.p + i, j - i}, -1};
		} else {
			j++;
		}
		i = j;
	}
	return n;
}

int rec_date_text(struct rec *R, cx_str v, unsigned line)
{
	v = str_trim(v);
	struct dword w[12];
	size_t n = date_words(v, w, 12);
	int year = 0, month = 0, day = 0;
	size_t yi = n, mi = n;
	/* ISO 8601 and its slashed form: 2020-03-15, 2020/03/15, 2020-03. */
	if (n >= 2 && w[0].num >= 0 && w[0].s.n == 4 && w[1].num >= 1 && w[1].num <= 12 &&
	    w[1].s.n <= 2 && v.n > 4 && (v.p[4] == '-' || v.p[4] == '/')) {
		year = w[0].num;
		month = w[1].num;
		if (n >= 3 && w[2].num >= 1 && w[2].num <= 31 && w[2].s.n <= 2)
			day = w[2].num;
		rec_date(R, year, month, day, line);
		return 1;
	}
	for (size_t i = 0; i < n; i++) {
		if (yi == n && w[i].num >= 0 && w[i].s.n == 4)
			yi = i, year = w[i].num;
		else if (mi == n && w[i].num < 0 && rec_month(w[i].s))
			mi = i, month = rec_month(w[i].s);
	}
	if (mi < n && month <= 12) {
		/* The day stands beside the month: "Mar 15", "15 March". */
		size_t cand[2] = {mi + 1, mi ? mi - 1 : n};
		for (size_t k = 0; k < 2 && !day; k++) {
			size_t i = cand[k];
			if (i < n && i != yi && w[i].num >= 1 && w[i].num <= 31 && w[i].s.n <= 2)
				day = w[i].num;
		}
	}
	if (!year && !month)
		return 0;
	rec_date(R, year, month, day, line);
	return year != 0;
}

void rec_pages(struct rec *R, cx_str first, cx_str last, unsigned line)
{
	first = str_trim(first);
	last = str_trim(last);
	if (!first.n && !last.n)
		return;
	cx_str v = !last.n || str_same(first, last) ? first
	           : !first.n                         ? last
	                                              : arena_cat(&R->a, first, "-", last);
	rec_set(R, CX_F_PAGES, v, str_of("pages"), line, 1);
}

void rec_type(struct rec *R, enum cx_type_id t, cx_str name)
{
	R->e.type = t;
	R->e.type_name = name.n ? arena_str(&R->a, name.p, name.n) : (cx_str){NULL, 0};
}

/* ---- reporting ------------------------------------------------------------------------ */

void rec_unknown(struct rec *R, const char *kind, cx_str key, cx_str kept, unsigned line,
                 unsigned col)
{
	int added;
	strset_add(&R->warned, &R->warned_a, key.p, key.n, &added);
	if (!added)
		return;
	diag_report(&R->c->diags, CX_WARNING, CX_E_UNKNOWN, line, col,
	            "unknown %s '%.*s' (reported once): kept as field '%.*s'", kind, (int)key.n, key.p,
	            (int)kept.n, kept.p);
}

cx_str rec_kept_as(struct rec *R, const struct cx_map *m)
{
	if (m->keep[0])
		return str_of(m->keep);
	const char *key = m->key;
	const char *step = strrchr(key, '/');
	step = step ? step + 1 : key;
	const char *eq = strchr(step, '=');
	cx_str s;
	if (eq) {
		const char *end = strchr(eq, ']');
		s = (cx_str){eq + 1, end ? (size_t)(end - eq - 1) : strlen(eq + 1)};
	} else {
		s = str_of(step);
	}
	return lower(R, s);
}

int rec_is_issn(cx_str s)
{
	s = str_trim(s);
	if (s.n != 9 || s.p[4] != '-')
		return 0;
	for (size_t i = 0; i < 9; i++)
		if (i != 4 && !str_digit((unsigned char)s.p[i]) && !(i == 8 && (s.p[i] == 'X' || s.p[i] == 'x')))
			return 0;
	return 1;
}

/* ---- MEDLINE ------------------------------------------------------------------------- */

/* The number of digits at p (up to end). */
static size_t digit_run(const char *p, const char *end)
{
	size_t k = 0;
	while (p + k < end && str_digit((unsigned char)p[k]))
		k++;
	return k;
}

cx_str rec_full_ranges(struct rec *R, cx_str v)
{
	struct buf b = {0};
	const char *p = v.p, *end = v.p + v.n;
	int changed = 0;
	while (p < end) {
		size_t a = digit_run(p, end);
		if (a && p + a < end && p[a] == '-' && (p == v.p || !str_alnum((unsigned char)p[-1]))) {
			size_t z = digit_run(p + a + 1, end);
			const char *after = p + a + 1 + z;
			if (z && z < a && (after == end || !str_alnum((unsigned char)*after))) {
				buf_put(&b, p, a + 1);
				buf_put(&b, p, a - z); /* the start's leading digits */
				buf_put(&b, p + a + 1, z);
				p = after;
				changed = 1;
				continue;
			}
		}
		buf_put(&b, p, 1);
		p++;
	}
	cx_str out = changed ? arena_str(&R->a, b.p, b.n) : v;
	buf_free(&b);
	return out;
}

static void final_period(struct rec *R, enum cx_field_id id)
{
	struct cx_field *f = cx_entry_get(&R->e, id);
	if (!f || f->text.n < 2 || f->text.p[f->text.n - 1] != '.')
		return;
	/* not an abbreviation's ("U.S.", "...") */
	size_t i = f->text.n - 1;
	while (i && f->text.p[i - 1] != ' ')
		i--;
	if (memchr(f->text.p + i, '.', f->text.n - 1 - i))
		return;
	f->text.n--;
	if (f->raw.n && f->raw.p[f->raw.n - 1] == '.')
		f->raw.n--;
}

void rec_medline(struct rec *R, cx_str pii, unsigned line)
{
	struct cx_field *o = cx_entry_get(&R->e, CX_F_ORIGTITLE);
	if (o && !cx_entry_get(&R->e, CX_F_TITLE))
		o->id = CX_F_TITLE; /* an empty title is none (rec_set) */
	final_period(R, CX_F_TITLE);
	final_period(R, CX_F_ORIGTITLE);
	struct cx_field *pg = cx_entry_get(&R->e, CX_F_PAGES);
	if (pg)
		pg->text = pg->raw = rec_full_ranges(R, pg->text);
	else if (pii.n)
		rec_set(R, CX_F_PAGES, pii, str_of("pii"), line, 1);
}

/* ---- the end of a record ------------------------------------------------------------- */

static void keywords(struct rec *R)
{
	if (!R->nkw)
		return;
	/* ", " as BibTeX lists keywords, "; " when one has a comma; each once. */
	int comma = 0;
	for (size_t i = 0; i < R->nkw; i++)
		comma |= memchr(R->kw[i].p, ',', R->kw[i].n) != NULL;
	struct buf b = {0};
	for (size_t i = 0; i < R->nkw; i++) {
		size_t j = 0;
		while (j < i && !str_ieqs(R->kw[j], R->kw[i]))
			j++;
		if (j < i)
			continue;
		if (b.n)
			buf_puts(&b, comma ? "; " : ", ");
		buf_put(&b, R->kw[i].p, R->kw[i].n);
	}
	add(R, CX_F_KEYWORDS, (cx_str){NULL, 0}, arena_str(&R->a, b.p, b.n), R->line, 1);
	buf_free(&b);
	R->nkw = 0;
}

static int year_of(const struct cx_entry *e)
{
	const struct cx_field *y = cx_entry_get(e, CX_F_YEAR);
	int v = 0;
	if (y && y->text.n >= 4 && str_digits(y->text.p, y->text.p + 4, &v) == 4)
		return v;
	return 0;
}

void rec_finish(struct rec *R)
{
	struct cx_entry *e = &R->e;
	keywords(R);
	if (e->nfields) {
		if (!e->key.n)
			e->key = keyset_make(&R->keys, e, R->source, year_of(e));
		norm_entry(R->c->cx, e, &R->a, &R->c->diags);
		reader_deliver(R->c, e);
	} else if (e->type_name.n || e->key.n) {
		/* a type or a key and nothing else: said, not dropped in silence */
		diag_report(&R->c->diags, CX_WARNING, CX_E_SYNTAX, R->line, 1,
		            "a record with no field (only its type or key): skipped");
	}
	memset(e, 0, sizeof *e);
	R->cap = 0;
	R->nkw = 0;
	arena_reset(&R->a);
}
