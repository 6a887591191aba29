/* pass/dedup_value.c - the richest value of a field, when merging two
 * records of one work (pass/dedup.c finds them).
 *
 * Two databases export one paper differently: a journal's full name and
 * its abbreviation, full given names and initials, a title in capitals
 * (Web of Science) and in mixed case, a short abstract and a long one, a
 * page range in full and as MEDLINE abbreviates it (1422-3), a print and
 * an online ISSN.  Each of these is the same fact said more or less
 * fully: the survivor keeps the fuller form, an abbreviation becomes the
 * short journal, and the choice goes to the report (--dedup-report).
 * Values that truly disagree are not decided here: dedup.c keeps the
 * survivor's and warns. */
#include <stdio.h>
#include <string.h>

#include "core/str.h"
#include "pass/dedup_int.h"
#include "write/fmt.h"

static cx_str tail(cx_str s, size_t from)
{
	return (cx_str){s.p + from, s.n - from};
}


static int stop_word(cx_str w)
{
	static const char *const stop[] = {"the", "of", "and", "for", "in", "on", "a", "an", "de",
	                                   "la", "le", "der", "die", "und", "fur", "et", "y", "del"};
	for (size_t i = 0; i < sizeof stop / sizeof *stop; i++)
		if (str_eq(w, stop[i]))
			return 1;
	return 0;
}

static cx_str next_word(cx_str *s)
{
	while (s->n && s->p[0] == ' ')
		*s = tail(*s, 1);
	size_t k = 0;
	while (k < s->n && s->p[k] != ' ')
		k++;
	cx_str w = {s->p, k};
	*s = tail(*s, k);
	return w;
}

/* Is the folded text a an abbreviation of the folded text b: each word of
 * a the start of a word of b, in order, b's other words function words
 * ("j biol chem" of "the journal of biological chemistry")?  2 when one
 * word of a is cut short, 1 when a is b with fewer function words ("lancet
 * oncology", "the lancet oncology"), 0 when it is no abbreviation. */
static int abbreviates(cx_str a, cx_str b)
{
	int cut = 0;
	cx_str wb = next_word(&b);
	for (cx_str wa = next_word(&a); wa.n; wa = next_word(&a)) {
		while (wb.n && !(wb.n >= wa.n && !memcmp(wb.p, wa.p, wa.n))) {
			if (!stop_word(wb))
				return 0;
			wb = next_word(&b);
		}
		if (!wb.n)
			return 0;
		cut |= wb.n > wa.n;
		wb = next_word(&b);
	}
	for (; wb.n; wb = next_word(&b))
		if (!stop_word(wb))
			return 0;
	return cut ? 2 : 1;
}

static cx_str folded(struct dd *D, struct buf *b, const struct cx_field *f)
{
	b->n = 0;
	dd_fold(b, dd_value(f));
	return arena_str(&D->scratch, b->p ? b->p : "", b->n);
}

/* A text in capitals alone: "A STUDY OF X". */
static int all_caps(cx_str s)
{
	int upper = 0;
	for (size_t i = 0; i < s.n; i++) {
		if (s.p[i] >= 'a' && s.p[i] <= 'z')
			return 0;
		upper += s.p[i] >= 'A' && s.p[i] <= 'Z';
	}
	return upper > 3;
}

/* "Name" and "Name (Place, Country)": one journal, the second as NLM
 * tells journals of one name apart. */
static int same_but_place(cx_str a, cx_str b)
{
	if (a.n > b.n) {
		cx_str t = a;
		a = b;
		b = t;
	}
	a = str_trim(a);
	return b.n > a.n + 3 && str_ieqs((cx_str){b.p, a.n}, a) && b.p[a.n] == ' ' &&
	       b.p[a.n + 1] == '(' && b.p[b.n - 1] == ')';
}

/* A page range's two ends, the abbreviated end written in full (1422-3
 * is 1422 to 1423); a single page ends where it starts.  0 for no number. */
static int page_range(cx_str v, unsigned long *first, unsigned long *last)
{
	size_t i = 0, k;
	while (i < v.n && !str_digit((unsigned char)v.p[i]))
		i++;
	unsigned long x = 0, y = 0;
	for (k = i; k < v.n && str_digit((unsigned char)v.p[k]) && x < 100000000; k++)
		x = x * 10 + (unsigned long)(v.p[k] - '0');
	if (k == i)
		return 0;
	size_t digits = k - i;
	while (k < v.n && !str_digit((unsigned char)v.p[k]))
		k++;
	size_t j = k;
	for (; k < v.n && str_digit((unsigned char)v.p[k]) && y < 100000000; k++)
		y = y * 10 + (unsigned long)(v.p[k] - '0');
	if (k == j) {
		y = x;
	} else if (k - j < digits && y < x) {
		unsigned long m = 1;
		for (size_t q = 0; q < k - j; q++)
			m *= 10;
		y = x / m * m + y;
	}
	*first = x;
	*last = y;
	return 1;
}

/* Report a value the merge chose over another. */
static void chose(struct dd *D, const struct cx_entry *s, const struct cx_entry *d,
                  const struct cx_field *f, cx_str kept, cx_str over, const char *why)
{
	if (!D->row)
		return;
	struct cx_dedup_row r = {CX_DEDUP_VALUE, s, d, why, dd_field_label(f), kept, over};
	D->row(D->row_ctx, &r);
}

/* The survivor's field k takes f's value; its source form goes, as it no
 * longer says what the field holds. */
static void take_value(struct dd *D, struct cx_entry *s, const struct cx_entry *d, size_t k,
                       const struct cx_field *f, const char *why)
{
	struct cx_field *g = &s->fields[k];
	chose(D, s, d, g, dd_value(f), dd_value(g), why);
	g->raw = f->raw;
	g->text = f->text;
	g->parts = NULL;
	g->nparts = 0;
}

/* Two name lists that agree on every family name: each name keeps the
 * fuller given name (John A over J. A.). */
static void fuller_names(struct dd *D, struct cx_entry *s, const struct cx_entry *d, size_t k,
                         const struct cx_field *f)
{
	struct cx_field *g = &s->fields[k];
	struct cx_name *v = NULL;
	for (size_t i = 0; i < g->nnames && i < f->nnames; i++) {
		cx_str a = g->names[i].given, b = f->names[i].given;
		size_t la = 0, lb = 0;
		for (size_t q = 0; q < a.n; q++)
			la += a.p[q] != '.' && a.p[q] != ' ';
		for (size_t q = 0; q < b.n; q++)
			lb += b.p[q] != '.' && b.p[q] != ' ';
		if (lb <= la || !b.n || (a.n && str_lower((unsigned char)a.p[0]) !=
		                                     str_lower((unsigned char)b.p[0])))
			continue;
		if (!v) {
			v = arena_alloc(D->a, g->nnames * sizeof *v);
			memcpy(v, g->names, g->nnames * sizeof *v);
		}
		v[i].given = b;
	}
	if (!v)
		return;
	chose(D, s, d, g, (cx_str){"full given names", 16}, (cx_str){"initials", 8},
	      "the fuller given names");
	g->names = v;
	g->parts = NULL;
	g->nparts = 0;
	g->raw = g->text = fmt_names_text(D->a, g);
}

/* Is the survivor's name list the other's, name for name? */
static int same_families(struct dd *D, const struct cx_field *g, const struct cx_field *f)
{
	if (g->nnames != f->nnames || !f->nnames)
		return 0;
	for (size_t i = 0; i < f->nnames; i++) {
		D->b1.n = D->b2.n = 0;
		dd_fold_family(&D->b1, &g->names[i]);
		dd_fold_family(&D->b2, &f->names[i]);
		if (D->b1.n != D->b2.n || memcmp(D->b1.p, D->b2.p, D->b1.n))
			return 0;
	}
	return 1;
}

/* Fields Web of Science writes in capitals that others write in mixed
 * case. */
static int cased(enum cx_field_id id)
{
	return id == CX_F_TITLE || id == CX_F_JOURNAL || id == CX_F_BOOKTITLE ||
	       id == CX_F_SHORTJOURNAL || id == CX_F_PUBLISHER || id == CX_F_SERIES;
}

/* A language's ISO 639-2 code (MEDLINE, MODS) and its English name (Web
 * of Science, Scopus), folded: the languages databases index most. */
static int same_language(cx_str a, cx_str b)
{
	static const char *const names[][3] = {
		{"eng", "en", "english"},  {"ger", "deu", "german"},    {"fre", "fra", "french"},
		{"spa", "es", "spanish"},  {"ita", "it", "italian"},    {"por", "pt", "portuguese"},
		{"rus", "ru", "russian"},  {"jpn", "ja", "japanese"},   {"chi", "zho", "chinese"},
		{"dut", "nld", "dutch"},   {"pol", "pl", "polish"},     {"kor", "ko", "korean"},
		{"swe", "sv", "swedish"},  {"dan", "da", "danish"},     {"nor", "no", "norwegian"},
		{"tur", "tr", "turkish"},  {"cze", "ces", "czech"},     {"hun", "hu", "hungarian"},
		{"fin", "fi", "finnish"},  {"gre", "ell", "greek"},     {"heb", "he", "hebrew"},
		{"ara", "ar", "arabic"},   {"per", "fas", "persian"},   {"ukr", "uk", "ukrainian"},
	};
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		int x = 0, y = 0;
		for (int j = 0; j < 3; j++) {
			x |= str_eq(a, names[i][j]);
			y |= str_eq(b, names[i][j]);
		}
		if (x && y)
			return 1;
	}
	return 0;
}

/* g (the survivor's, at k) and f say the same thing, or f says it more
 * fully: take what is richer and return 1; 0 when they disagree. */
int dd_richer(struct dd *D, struct cx_entry *s, const struct cx_entry *d, size_t k,
                  const struct cx_field *f)
{
	const struct cx_field *g = &s->fields[k];
	if (g->nnames || f->nnames) {
		if (!same_families(D, g, f))
			return 0;
		fuller_names(D, s, d, k, f);
		return 1;
	}
	int same = !dd_differs(D, g, f);
	if (same) {
		if (cased(dd_slot_of(g->id)) && all_caps(dd_value(g)) && !all_caps(dd_value(f)))
			take_value(D, s, d, k, f, "mixed case over capitals");
		return 1;
	}
	cx_str a = folded(D, &D->b1, g), b = folded(D, &D->b2, f);
	switch (dd_slot_of(g->id)) {
	case CX_F_URL:
	case CX_F_ISSN:
		/* A record has more than one URL, a journal a print and an
		 * online ISSN: two values, no conflict; the report says which. */
		chose(D, s, d, g, dd_value(g), dd_value(f), "both are the work's; the first kept");
		return 1;
	case CX_F_JOURNAL:
		/* NLM's "Bioinformatics (Oxford, England)" is "Bioinformatics". */
		if (same_but_place(dd_value(g), dd_value(f)))
			return 1;
		/* A journal's full name and its abbreviation: the full name is
		 * the journal, the abbreviation its short form. */
		if (abbreviates(a, b) == 1 || abbreviates(b, a) == 1)
			return 1; /* one name spelt two ways: the survivor's */
		if (abbreviates(a, b) || abbreviates(b, a)) {
			const struct cx_field *abbr = a.n <= b.n ? g : f;
			if (b.n > a.n)
				take_value(D, s, d, k, f, "the journal's full name over its abbreviation");
			if (!dd_field(s, CX_F_SHORTJOURNAL)) {
				struct cx_field sj = *abbr;
				sj.id = CX_F_SHORTJOURNAL;
				sj.name = (cx_str){NULL, 0};
				sj.parts = NULL;
				sj.nparts = 0;
				dd_add_field(D, s, &sj);
			}
			return 1;
		}
		return 0;
	case CX_F_LANGUAGE:
		/* MEDLINE's "eng" and Web of Science's "English". */
		if (same_language(a, b))
			return 1;
		return 0;
	case CX_F_ABSTRACT:
		if (b.n > a.n)
			take_value(D, s, d, k, f, "the longer abstract");
		return 1;
	case CX_F_PAGES: {
		/* 616-7 and 616-617: one range, MEDLINE's abbreviated. */
		unsigned long g1, g2, f1, f2;
		if (!page_range(dd_value(g), &g1, &g2) || !page_range(dd_value(f), &f1, &f2) || g1 != f1 ||
		    g2 != f2)
			return 0;
		if (b.n > a.n)
			take_value(D, s, d, k, f, "the page range in full");
		return 1;
	}
	default:
		return 0;
	}
}

