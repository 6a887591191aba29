/* read/ris_map.c - the RIS reader's second pass: the lines of one record
 * (read/ris.c) become one struct cx_entry.
 *
 * The mapping inverts src/write/ris.c, so ris -> bib -> ris keeps every tag
 * RIS can hold: T2 is journal or booktitle by type, SP/EP are one pages
 * field, PY/DA are year/month/day or an ISO date, and PB is the school of a
 * thesis and the institution of a report.  Tags with no field are kept
 * under their own lower-cased name ("m1"), so nothing is dropped.
 *
 * The dialects, from the tables their producers publish, and how they are
 * read here ("kept" = under the tag's own name):
 *
 *   RIS specification (Research Information Systems, "RIS Format
 *   Specifications", risinc.com/support/risformat_tags_01.asp; the 2011
 *   refman.com revision): TI/T1/CT primary title, T2 secondary title, T3
 *   series, BT the title of a whole book and the secondary title
 *   otherwise; AU/A1 authors, A2/ED secondary (editors), A3 tertiary;
 *   PY/Y1 "YYYY/MM/DD/other"; SP/EP pages; SN ISBN or ISSN; N1 notes,
 *   AB/N2 abstract; Y2 access date.
 *
 *   Zotero (zotero/translators, RIS.js: exportTypeMap, fieldMap):
 *   TI title; T2 journal (JOUR), book title (CHAP), conference name
 *   (CONF), website (ELEC), series (BOOK, RPRT); C3 proceedings title; J2
 *   journal abbreviation; T3 series of a chapter or paper; A2 editor, but
 *   series editor in BOOK and RPRT; A3 editor in BOOK, series editor in
 *   CHAP and CONF; PY "YYYY", DA "YYYY/MM/DD/", Y2 "YYYY/MM/DD/hh:mm:ss";
 *   CY place but C1 in CONF; PB publisher, institution (RPRT), university
 *   (THES); SN ISSN (JOUR), report number (RPRT), ISBN otherwise; M3
 *   thesis, report or website type; SP number of pages in BOOK and THES;
 *   IS number of volumes in CHAP; KW one keyword a line; N1 notes (HTML).
 *
 *   EndNote (its RIS export of every reference type, field names as
 *   values, recorded in the same RIS.js's tests): JOUR T2 journal, J2
 *   abbreviation, ET epub date, C2 PMCID, C7 article number, SE start
 *   page, M3 type of article; BOOK T2 series, A2 series editor, A3
 *   editor, M1 series volume, NV volumes, SP number of pages; CHAP T2
 *   book title, T3 series, A2 editor, A3 series editor, SE chapter, SV
 *   series volume; CONF T2 conference name, C3 proceedings title, C1 place
 *   published, CY conference location, T3 series; CPAPER T2 conference
 *   name, C1 place, CY location; RPRT T2 series, PB institution, SN report
 *   number, M3 type; THES PB university, M3 thesis type, T2 department, A3
 *   advisor, VL degree; WEB (not ELEC) M1 access date, VL access year, DA
 *   last update.  Tags in alphabetical order, ID (the record number) last;
 *   a field with several lines (KW, SN, N1) continues on untagged lines.
 *
 *   Web of Science (Clarivate's RIS export; its tags follow the field
 *   table at images.webofknowledge.com/images/help/WOS/hs_wos_fieldtags.html):
 *   AU "Li, WX", A1 group authors, TI, T2 source title in capitals, J9
 *   29-character and JI ISO abbreviation, PY year, DA month and day
 *   ("MAR 2"), VL, IS, SP, EP, C7 article number, DO, SN ISSN then eISSN,
 *   AN "WOS:...", C3 affiliations, C6 early-access date, CP conference,
 *   PU/PI/PA publisher, its city and address, AD addresses, WE index, N1
 *   times cited over untagged lines, "ER  -" without the space.  Its
 *   field-tagged format ("FN", "PT J", "SO", no hyphen) is not RIS.
 *
 *   PubMed exports no RIS: its citation manager writes MEDLINE (.nbib,
 *   "PMID- ", "FAU - ", nlm.nih.gov/bsd/mms/medlineelements.html), which
 *   this reader names and refuses.  PubMed records reach RIS through
 *   EndNote and Zotero: DB "PubMed" or DP "NLM", AN the PMID, C2 the PMCID.
 *
 *   Mendeley publishes no tag table.  Its exports give JF journal and JO
 *   abbreviation, SP holding the whole range, ID the citation key last.
 *
 * T2 of BOOK, EDBOOK and RPRT is the series, as EndNote and Zotero write
 * it (and citex's writer too).  Where the dialects disagree with citex's own
 * writer (DESIGN 3), the writer's reading wins, so round trips hold: SP
 * of BOOK and THES stays pages (they mean the page count), IS of CHAP
 * stays number, EDBOOK's AU stays author (EndNote's editors), ID stays
 * the key.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "core/str.h"
#include "core/strbuf.h"
#include "core/utf8.h"
#include "model/model.h"
#include "norm/keys.h"
#include "norm/norm.h"
#include "read/reader.h"
#include "read/ris_date.h"
#include "read/ris_rec.h"

/* ---- text ------------------------------------------------------------------ */

static int has_word(cx_str s, const char *lit)
{
	size_t n = strlen(lit);
	for (size_t i = 0; i + n <= s.n; i++) {
		size_t k = 0;
		while (k < n && str_lower((unsigned char)s.p[i + k]) == lit[k])
			k++;
		if (k == n)
			return 1;
	}
	return 0;
}

static int same(cx_str a, cx_str b)
{
	return a.n == b.n && !memcmp(a.p, b.p, a.n);
}

/* ---- types ------------------------------------------------------------------- */


enum cx_type_id ris_type(cx_str ty, int *known)
{
	return model_type_find(CX_TF_RIS, ty, known);
}

static int is_article(enum cx_type_id t)
{
	return t == CX_T_ARTICLE || t == CX_T_MAGAZINE || t == CX_T_NEWSPAPER ||
	       t == CX_T_PERIODICAL;
}

static int is_wholebook(enum cx_type_id t)
{
	return t == CX_T_BOOK || t == CX_T_COLLECTION || t == CX_T_PROCEEDINGS ||
	       t == CX_T_BOOKLET;
}

static int is_bookpart(enum cx_type_id t)
{
	return t == CX_T_INBOOK || t == CX_T_BOOKINBOOK || t == CX_T_INCOLLECTION ||
	       t == CX_T_INPROCEEDINGS || t == CX_T_INREFERENCE;
}

/* ---- building the entry -------------------------------------------------------- */

/* RIS has no markup, and the RIS writer leaves TeX math as $...$: a pair
 * of dollars around a backslash, ^ or _ is math again ("$5\times7$"),
 * but "$5 and $10" is money. */
static cx_str math_spans(struct ris *R, cx_str v)
{
	const char *a = memchr(v.p, '$', v.n);
	if (!a)
		return v;
	struct buf b = {0};
	const char *p = v.p, *end = v.p + v.n;
	while ((a = memchr(p, '$', (size_t)(end - p))) != NULL) {
		const char *z = memchr(a + 1, '$', (size_t)(end - a - 1));
		if (!z)
			break;
		size_t n = (size_t)(z - a - 1);
		int tex = memchr(a + 1, '\\', n) || memchr(a + 1, '^', n) || memchr(a + 1, '_', n);
		buf_put(&b, p, (size_t)(a - p) + (tex ? 0 : 1));
		if (tex) {
			buf_putc(&b, CX_M_MATH_ON);
			buf_put(&b, a + 1, n);
			buf_putc(&b, CX_M_MATH_OFF);
			p = z + 1;
		} else {
			p = a + 1;
		}
	}
	buf_put(&b, p, (size_t)(end - p));
	cx_str out = arena_str(&R->a, b.p, b.n);
	buf_free(&b);
	return out;
}

static struct cx_field *add_field(struct ris *R, enum cx_field_id id, const char *name,
                                  cx_str val, unsigned line)
{
	cx_str nm = name ? arena_str(&R->a, name, strlen(name)) : (cx_str){NULL, 0};
	if (id < CX_F__COUNT && cx_fields[id].kind == CX_K_TEXT)
		val = math_spans(R, val);
	return model_add_field(&R->a, &R->e, &R->fields_cap, id, nm, val, line);
}

static struct cx_field *get_named(struct ris *R, const char *name)
{
	size_t n = strlen(name);
	for (size_t i = 0; i < R->e.nfields; i++)
		if (R->e.fields[i].name.n == n && !memcmp(R->e.fields[i].name.p, name, n))
			return &R->e.fields[i];
	return NULL;
}

static int is_line(const struct ris *R, const struct ris_line *l)
{
	return l >= R->lines && l < R->lines + R->nlines;
}

/* Join l's value with those of the later unused lines that pred accepts,
 * marking them used: repeated tags are gathered once, so a record with
 * thousands of them costs linear time, not quadratic. */
static cx_str gather(struct ris *R, const struct ris_line *l, const char *sep,
                     int (*pred)(const struct ris_line *a, const struct ris_line *b))
{
	if (!is_line(R, l))
		return l->val;
	struct buf b = {0};
	buf_put(&b, l->val.p, l->val.n);
	size_t more = 0;
	for (size_t i = (size_t)(l - R->lines) + 1; i < R->nlines; i++) {
		struct ris_line *m = &R->lines[i];
		if (m->used || !m->val.n || !pred(l, m))
			continue;
		m->used = 1;
		buf_put(&b, sep, strlen(sep));
		buf_put(&b, m->val.p, m->val.n);
		more++;
	}
	cx_str r = more ? arena_str(&R->a, b.p, b.n) : l->val;
	buf_free(&b);
	return r;
}

static int same_tag(const struct ris_line *a, const struct ris_line *b)
{
	return a->tag[0] == b->tag[0] && a->tag[1] == b->tag[1];
}

/* Keep a tag the model has no field for, under its lower-cased name;
 * repeats join with "; " so one BibTeX field holds them all. */
static void keep_unknown(struct ris *R, const struct ris_line *l)
{
	char name[3] = {(char)str_lower((unsigned char)l->tag[0]),
	                (char)str_lower((unsigned char)l->tag[1]), 0};
	cx_str v = gather(R, l, "; ", same_tag);
	struct cx_field *f = get_named(R, name);
	if (f) {
		f->raw = f->text = arena_cat(&R->a, f->text, "; ", v);
		return;
	}
	add_field(R, CX_F_UNKNOWN, name, v, l->line);
}

/* Set a single-valued field.  A repeat with the same value adds nothing;
 * a different one is kept under its tag name rather than dropped. */
static void set_single(struct ris *R, enum cx_field_id id, const struct ris_line *l)
{
	struct cx_field *f = cx_entry_get(&R->e, id);
	if (!f) {
		add_field(R, id, NULL, l->val, l->line);
		return;
	}
	if (!same(f->text, l->val))
		keep_unknown(R, l);
}

/* ---- names ---------------------------------------------------------------------- */

/* RIS names are "Family, Given, Suffix" (the specification), split by the
 * BibTeX name splitter, which gives particles ("van der Berg, Jan") the
 * same reading the BibTeX reader gives them.  A name without a comma is
 * one literal name ("World Health Organization", "Alexandre de Chypre"),
 * as Zotero reads it: the writer puts a comma in every other name. */
static struct cx_name parse_name(struct ris *R, cx_str v)
{
	struct cx_name nm;
	memset(&nm, 0, sizeof nm);
	if (str_ieq(v, "others") || str_ieq(v, "et al.") || str_ieq(v, "et al")) {
		nm.others = 1;
		return nm;
	}
	const char *c1 = memchr(v.p, ',', v.n);
	if (!c1) {
		nm.literal = v;
		return nm;
	}
	cx_str src = v;
	const char *c2 = memchr(c1 + 1, ',', (size_t)(v.p + v.n - c1 - 1));
	if (c2) {
		/* Family, Given, Suffix -> BibTeX's Family, Suffix, Given. */
		cx_str fam = {v.p, (size_t)(c1 - v.p)};
		cx_str giv = {c1 + 1, (size_t)(c2 - c1 - 1)};
		cx_str suf = {c2 + 1, (size_t)(v.p + v.n - c2 - 1)};
		src = arena_cat(&R->a, arena_cat(&R->a, fam, ",", suf), ",", giv);
	}
	struct name_raw r;
	(void)names_split_raw(src.p, src.n, &r);
	names_suffix(&r);
	nm.family = r.last;
	nm.given = r.first;
	nm.particle = r.von;
	nm.suffix = r.jr;
	if (!nm.family.n && !nm.given.n) {
		nm.literal = v;
		memset(&nm.family, 0, sizeof nm.family);
	}
	return nm;
}

/* Add names to a name-list field (creating it), from vals; the field's
 * text is the list in BibTeX's form, built once. */
static void add_names(struct ris *R, enum cx_field_id id, const char *name,
                      const cx_str *vals, size_t n, unsigned line)
{
	if (!n)
		return;
	struct cx_field *f = id == CX_F_UNKNOWN ? get_named(R, name) : cx_entry_get(&R->e, id);
	size_t have = f ? f->nnames : 0;
	struct cx_name *v = arena_alloc(&R->a, (have + n) * sizeof *v);
	if (have)
		memcpy(v, f->names, have * sizeof *v);
	struct buf b = {0};
	if (f && f->text.n)
		buf_put(&b, f->text.p, f->text.n);
	for (size_t i = 0; i < n; i++) {
		v[have + i] = parse_name(R, vals[i]);
		if (b.n)
			buf_put(&b, " and ", 5);
		if (v[have + i].others)
			buf_put(&b, "others", 6);
		else
			buf_put(&b, vals[i].p, vals[i].n);
	}
	cx_str text = arena_str(&R->a, b.p, b.n);
	buf_free(&b);
	if (!f)
		f = add_field(R, id, name, text, line);
	f->raw = f->text = text;
	f->names = v;
	f->nnames = have + n;
}

static int same_names(const struct ris_line *a, const struct ris_line *b)
{
	/* AU and A1 are one list; so are A2 and ED. */
	static const char *const groups[] = {"AUA1", "A2ED", "A3", "A4", NULL};
	for (int g = 0; groups[g]; g++) {
		const char *t = groups[g];
		int ina = 0, inb = 0;
		for (size_t k = 0; t[k]; k += 2) {
			ina |= a->tag[0] == t[k] && a->tag[1] == t[k + 1];
			inb |= b->tag[0] == t[k] && b->tag[1] == t[k + 1];
		}
		if (ina)
			return inb;
	}
	return 0;
}

/* A name tag: this line and every later one of its list, at once. */
static void add_name_lines(struct ris *R, enum cx_field_id id, const char *name,
                           struct ris_line *l)
{
	size_t n = 1;
	for (size_t i = (size_t)(l - R->lines) + 1; i < R->nlines; i++)
		n += !R->lines[i].used && R->lines[i].val.n && same_names(l, &R->lines[i]);
	cx_str *vals = arena_alloc(&R->a, n * sizeof *vals);
	size_t k = 0;
	vals[k++] = l->val;
	for (size_t i = (size_t)(l - R->lines) + 1; i < R->nlines && k < n; i++) {
		struct ris_line *m = &R->lines[i];
		if (!m->used && m->val.n && same_names(l, m)) {
			m->used = 1;
			vals[k++] = m->val;
		}
	}
	add_names(R, id, name, vals, k, l->line);
}

/* ---- dates ------------------------------------------------------------------------ */

static cx_str fmt_num(struct ris *R, int v, int width)
{
	char b[16];
	int n = snprintf(b, sizeof b, "%0*d", width, v);
	return arena_str(&R->a, b, (size_t)n);
}

/* As the BibTeX reader's month macros expand, so both readers agree. */
static const char *const month_names[16] = {
	"January", "February", "March", "April", "May", "June", "July", "August",
	"September", "October", "November", "December", "spring", "summer", "autumn", "winter",
};

/* The month and day of d join the year already read; 0 when they differ
 * from a month or day already there (the caller keeps the line). */
static int add_month_day(struct ris *R, const struct ris_line *l, const struct rdate *d)
{
	struct cx_field *m = cx_entry_get(&R->e, CX_F_MONTH);
	struct cx_field *dd = cx_entry_get(&R->e, CX_F_DAY);
	if ((d->m && m && date_parse_month(m->text) != d->m) ||
	    (d->d && dd && atoi(dd->text.p) != d->d) || (d->d && d->m && !m && dd))
		return 0;
	if (d->m && !m)
		add_field(R, CX_F_MONTH, NULL, arena_str(&R->a, month_names[d->m - 1],
		                                           strlen(month_names[d->m - 1])), l->line);
	if (d->d && d->m && !dd)
		add_field(R, CX_F_DAY, NULL, fmt_num(R, d->d, 1), l->line);
	return 1;
}

/* PY/Y1: year, month and day fields (the BibTeX shape). */
static void set_year(struct ris *R, const struct ris_line *l)
{
	struct rdate d;
	parse_rdate(l->val, &d);
	/* "in press": the writer's PY for an unparsed date; "1996-13-03"
	 * would read as the year 1996, so it is a date left unparsed, while
	 * "2015/october" is RIS's own form and gives its year. */
	int odd = d.other.p == l->val.p && date_year_lenient(l->val) &&
	          !memchr(l->val.p, '/', l->val.n);
	/* "10.1000/abc", no RIS date, would be the year 10 to every writer
	 * (a leading number is read as the year): kept as it is, under its tag */
	if (!odd && !d.y && !d.m && date_year_lenient(l->val)) {
		keep_unknown(R, l);
		return;
	}
	if ((odd || (!d.y && !d.m)) && !cx_entry_get(&R->e, CX_F_YEAR)) {
		add_field(R, odd ? CX_F_DATE : CX_F_YEAR, NULL, l->val, l->line);
		return;
	}
	if (!d.y || cx_entry_get(&R->e, CX_F_YEAR)) {
		if (!d.y && d.m && !cx_entry_get(&R->e, CX_F_MONTH)) {
			add_field(R, CX_F_MONTH, NULL, arena_str(&R->a, month_names[d.m - 1],
			                                           strlen(month_names[d.m - 1])), l->line);
			if (d.d)
				add_field(R, CX_F_DAY, NULL, fmt_num(R, d.d, 1), l->line);
			return;
		}
		/* "Y1  - 2013" then "PY  - 2013/04/18": the same year, made
		 * more precise, adds its month and day; a different one is kept. */
		struct cx_field *y = cx_entry_get(&R->e, CX_F_YEAR);
		if (!y || y->date.year[0] != d.y || d.other.n || !add_month_day(R, l, &d))
			keep_unknown(R, l);
		return;
	}
	struct cx_field *f = add_field(R, CX_F_YEAR, NULL, fmt_num(R, d.y, 4), l->line);
	f->date.year[0] = d.y;
	if (d.m && !cx_entry_get(&R->e, CX_F_MONTH))
		add_field(R, CX_F_MONTH, NULL, arena_str(&R->a, month_names[d.m - 1],
		                                           strlen(month_names[d.m - 1])), l->line);
	if (d.d && d.m <= 12 && !cx_entry_get(&R->e, CX_F_DAY))
		add_field(R, CX_F_DAY, NULL, fmt_num(R, d.d, 1), l->line);
	if (d.other.n) {
		/* "2020/03/01/Spring meeting": the free text is kept, not dropped. */
		char name[3] = {(char)str_lower((unsigned char)l->tag[0]),
		                (char)str_lower((unsigned char)l->tag[1]), 0};
		add_field(R, CX_F_UNKNOWN, name, l->val, l->line);
	}
}

/* An ISO date for DATE and URLDATE; NULL-text when the value is no date. */
static cx_str iso_of(struct ris *R, const struct rdate *d)
{
	if (!d->y || d->other.n || d->m > 12)
		return (cx_str){NULL, 0};
	struct cx_date cd = {{d->y, 0}, {d->m, 0}, {d->m ? d->d : 0, 0}, 0, 0, {0}};
	char b[64];
	size_t n = date_iso(b, sizeof b, &cd);
	return arena_str(&R->a, b, n);
}

/* DA: the full date.  With PY already giving the year it becomes the month
 * and day (one date, not two); otherwise an ISO date field. */
static void set_date(struct ris *R, const struct ris_line *l, enum cx_field_id id)
{
	struct rdate d;
	parse_rdate(l->val, &d);
	if (id == CX_F_DATE) {
		struct cx_field *y = cx_entry_get(&R->e, CX_F_YEAR);
		if (!d.y && d.m && !d.other.n && !cx_entry_get(&R->e, CX_F_MONTH)) {
			set_year(R, l); /* "MAR 15" (Web of Science) */
			return;
		}
		if (y && d.y == y->date.year[0] && !d.other.n) {
			if (!add_month_day(R, l, &d))
				goto keep;
			return;
		}
		if (!y && d.y && !d.other.n && !cx_entry_get(&R->e, CX_F_DATE)) {
			add_field(R, CX_F_DATE, NULL, iso_of(R, &d), l->line);
			return;
		}
	keep:
		if (!cx_entry_get(&R->e, CX_F_DATE) && !y)
			add_field(R, CX_F_DATE, NULL, l->val, l->line);
		else
			keep_unknown(R, l);
		return;
	}
	/* URLDATE (Y2): Zotero writes "2020/03/01/10:00:00" or "2020-03-01
	 * 10:00:00"; the time of day has no home in the model. */
	int timeish = d.other.n > 0;
	for (size_t i = 0; i < d.other.n; i++)
		if (!str_digit((unsigned char)d.other.p[i]) && !strchr(":. TZ+-", d.other.p[i]))
			timeish = 0;
	if (timeish)
		d.other.n = 0;
	cx_str iso = iso_of(R, &d);
	if (!iso.p && d.y && d.other.n && (d.other.p[0] == ' ' || d.other.p[0] == 'T')) {
		struct rdate d2 = d;
		d2.other.n = 0;
		iso = iso_of(R, &d2);
	}
	if (!iso.p && l->val.n > 10 && l->val.p[10] == ' ') {
		struct rdate d2;
		parse_rdate((cx_str){l->val.p, 10}, &d2);
		iso = iso_of(R, &d2);
	}
	if (!cx_entry_get(&R->e, id))
		add_field(R, id, NULL, iso.p ? iso : l->val, l->line);
	else
		keep_unknown(R, l);
}

/* ---- pages ------------------------------------------------------------------------- */

static void set_pages(struct ris *R, cx_str sp, cx_str ep, unsigned line)
{
	cx_str first = sp, last = ep;
	if (!ep.n) {
		/* SP holding a range: "12-34", "12--34", "12–34". */
		for (size_t i = 1; i < sp.n; i++) {
			size_t dl = sp.p[i] == '-' ? 1 : (i + 2 < sp.n && !memcmp(sp.p + i, "\xE2\x80\x93", 3)) ? 3 : 0;
			if (!dl)
				continue;
			size_t j = i + dl;
			while (j < sp.n && sp.p[j] == '-')
				j++;
			if (j < sp.n && !memchr(sp.p, ',', sp.n)) {
				first = (cx_str){sp.p, i};
				last = (cx_str){sp.p + j, sp.n - j};
			}
			break;
		}
	}
	while (first.n && first.p[first.n - 1] == ' ')
		first.n--;
	while (last.n && *last.p == ' ')
		last.p++, last.n--;
	cx_str raw, text;
	/* SP 20, EP 20 is page 20; "??--??" is a range of unknown pages. */
	int unknown = first.n && !memchr(first.p, '?', first.n) ? 0 : first.n > 0;
	if (first.n && last.n && (!same(first, last) || unknown)) {
		raw = arena_cat(&R->a, first, "--", last);
		text = arena_cat(&R->a, first, "\xE2\x80\x93", last);
	} else {
		raw = text = first.n ? first : last;
	}
	struct cx_field *f = add_field(R, CX_F_PAGES, NULL, raw, line);
	f->text = text;
}

/* ---- identifiers ------------------------------------------------------------------- */

/* An ISBN has 10 or 13 digits (the last may be X); an ISSN 8. */
static enum cx_field_id sn_kind(cx_str s)
{
	size_t digits = 0;
	for (size_t i = 0; i < s.n; i++) {
		char ch = s.p[i];
		if (str_digit((unsigned char)ch) || ch == 'X' || ch == 'x')
			digits++;
		else if (ch != '-' && ch != ' ')
			break;
	}
	return digits == 8 ? CX_F_ISSN : digits >= 10 ? CX_F_ISBN
	       : s.n == 9 && s.p[4] == '-' ? CX_F_ISSN : CX_F_ISBN;
}

/* Does s start with an ISBN or an ISSN (digits, X and hyphens: 8, 10 or
 * 13 digits), alone or before a note such as "(Electronic)"?  A report
 * number ("TR-2019-04", "WHO/HIS/2018.1") does not. */
static int standard_number(cx_str s)
{
	size_t digits = 0, i = 0;
	for (; i < s.n && (str_digit((unsigned char)s.p[i]) || s.p[i] == 'X' || s.p[i] == 'x' ||
	                   s.p[i] == '-'); i++)
		digits += s.p[i] != '-';
	if (i < s.n && !strchr(" ,;(", s.p[i]))
		return 0;
	return digits == 8 || digits == 10 || digits == 13;
}

/* ---- keys --------------------------------------------------------------------------- */

/* family + year ("smith2020"); the year only when there is one ("in press"
 * adds nothing). */
static cx_str make_key(struct ris *R)
{
	int year = 0;
	struct cx_field *y = cx_entry_get(&R->e, CX_F_YEAR);
	if (!y)
		y = cx_entry_get(&R->e, CX_F_DATE);
	const char *t = y ? y->text.p : NULL;
	if (y && y->text.n >= 4 && str_digit((unsigned char)t[0]) && str_digit((unsigned char)t[1]) &&
	    str_digit((unsigned char)t[2]) && str_digit((unsigned char)t[3]))
		year = (t[0] - '0') * 1000 + (t[1] - '0') * 100 + (t[2] - '0') * 10 + (t[3] - '0');
	return keyset_make(&R->keys, &R->e, "ris", year);
}

/* The writer keeps a field RIS has no tag for as "N1  - name: value".
 * A lower-case field-like name before ": " is read back as that field,
 * biblatex's annotations too ("title+an:default: =x"); an EndNote note
 * ("Export Date: ...") has capitals or spaces and stays a note.  A name
 * and a colon alone ("N1  - key:") is an empty field, which a crossref
 * child has to stop the parent's from being inherited. */
static int n1_field(cx_str v, cx_str *name, cx_str *value)
{
	size_t i = 0, end = 0;
	while (i < v.n && (str_is_lower((unsigned char)v.p[i]) || str_digit((unsigned char)v.p[i]) ||
	                   ((v.p[i] == '-' || v.p[i] == '_' || v.p[i] == '.' || v.p[i] == '+' ||
	                     v.p[i] == ':') && i))) {
		if (v.p[i] == ':' && (i + 1 == v.n || v.p[i + 1] == ' '))
			end = i; /* the last colon that ends a word */
		i++;
	}
	if (end < 2 || !str_is_lower((unsigned char)v.p[0]))
		return 0;
	*name = (cx_str){v.p, end};
	*value = (cx_str){v.p + end + 1, v.n - end - 1};
	while (value->n && value->p[0] == ' ')
		value->p++, value->n--;
	return value->n > 0 || end + 1 == v.n;
}

static int n1_names(struct ris *R, enum cx_field_id id);

/* Does the record name a publisher-like field in an N1 line? */
static int find_pub_like(struct ris *R)
{
	return n1_names(R, CX_F_PUBLISHER) || n1_names(R, CX_F_ORGANIZATION) ||
	       n1_names(R, CX_F_INSTITUTION) || n1_names(R, CX_F_SCHOOL);
}

/* The writer's note that PB was the organization ("N1  - publisher-field:
 * organization"), as CSL-JSON's custom says it. */
static int n1_organization(const struct ris *R)
{
	cx_str name, value;
	for (size_t i = 0; i < R->nlines; i++)
		if (R->lines[i].tag[0] == 'N' && R->lines[i].tag[1] == '1' &&
		    n1_field(R->lines[i].val, &name, &value) && str_eq(name, "publisher-field"))
			return str_eq(value, "organization");
	return 0;
}

static int n1_names(struct ris *R, enum cx_field_id id)
{
	cx_str name, value;
	const char *want = cx_fields[id].bibtex;
	for (size_t i = 0; i < R->nlines; i++)
		if (R->lines[i].tag[0] == 'N' && R->lines[i].tag[1] == '1' &&
		    n1_field(R->lines[i].val, &name, &value) &&
		    cx_field_lookup(name.p, name.n) == id)
			return 1;
	(void)want;
	return 0;
}

/* A field read back from "N1  - name: value". */
static void n1_add(struct ris *R, cx_str name, cx_str value, unsigned line)
{
	enum cx_field_id id = cx_field_lookup(name.p, name.n);
	struct ris_line l = {{'N', '1', 0}, value, line, 0};
	if (id != CX_F_UNKNOWN && cx_entry_get(&R->e, id)) {
		if (same(cx_entry_get(&R->e, id)->text, value))
			return; /* said twice, e.g. a year beside a date */
		/* A second value for the field (archiveprefix beside
		 * eprinttype, a second booktitle): the writer wrote it here
		 * because the tag was taken.  It keeps its id and its own name,
		 * as in a BibTeX source that has both. */
	}
	char nm[64];
	snprintf(nm, sizeof nm, "%.*s", (int)(name.n < 63 ? name.n : 63), name.p);
	enum cx_kind kind = id == CX_F_UNKNOWN ? CX_K_TEXT : cx_fields[id].kind;
	if (kind == CX_K_NAMES) {
		/* "Family, Given and Other, Name", as the writer prints a list. */
		size_t cap = 1;
		for (size_t i = 0; i + 5 <= value.n; i++)
			cap += !memcmp(value.p + i, " and ", 5);
		cx_str *vals = arena_alloc(&R->a, cap * sizeof *vals);
		size_t start = 0, n = 0;
		for (size_t i = 0; i <= value.n; i++) {
			if (i < value.n && !(i + 5 <= value.n && !memcmp(value.p + i, " and ", 5)))
				continue;
			l.val = (cx_str){value.p + start, i - start};
			if (l.val.n && n < cap)
				vals[n++] = l.val;
			start = i + 5;
			if (i + 5 > value.n)
				break;
		}
		add_names(R, id, nm, vals, n, line);
		return;
	}
	if (kind == CX_K_PAGES) {
		set_pages(R, value, (cx_str){"", 0}, line);
		return;
	}
	if (id == CX_F_UNKNOWN) {
		add_field(R, CX_F_UNKNOWN, nm, value, line);
		return;
	}
	add_field(R, id, nm, value, line);
}

static int plain_note(const struct ris_line *a, const struct ris_line *b)
{
	cx_str name, value;
	return same_tag(a, b) && !n1_field(b->val, &name, &value);
}

/* ---- the record --------------------------------------------------------------------- */

static struct ris_line *find(struct ris *R, const char *tag)
{
	for (size_t i = 0; i < R->nlines; i++)
		if (R->lines[i].tag[0] == tag[0] && R->lines[i].tag[1] == tag[1])
			return &R->lines[i];
	return NULL;
}

static int tag_is(const struct ris_line *l, const char *tag)
{
	return l->tag[0] == tag[0] && l->tag[1] == tag[1];
}

/* EndNote's Web Page type has no Y2: it writes the access date as M1
 * ("Access Date", often a month and day) and the year as VL ("Access
 * Year").  Both become urldate, read together. */
static void web_access(struct ris *R)
{
	struct ris_line *m1 = find(R, "M1"), *vl = find(R, "VL");
	struct rdate dm, dv;
	if (m1 && vl) {
		parse_rdate(m1->val, &dm);
		parse_rdate(vl->val, &dv);
		if (!dm.y && dm.m && !dm.other.n && dv.y && !dv.m && !dv.other.n) {
			dm.y = dv.y;
			m1->used = vl->used = 1;
			add_field(R, CX_F_URLDATE, NULL, iso_of(R, &dm), m1->line);
			return;
		}
	}
	if (m1 && !m1->used) {
		m1->used = 1;
		set_date(R, m1, CX_F_URLDATE);
	}
	if (vl && !vl->used) {
		vl->used = 1;
		set_date(R, vl, CX_F_URLDATE);
	}
}

static void reset_record(struct ris *R)
{
	R->nlines = 0;
	R->in_record = 0;
	memset(&R->e, 0, sizeof R->e);
	R->fields_cap = 0;
	arena_reset(&R->a);
}

/* What the whole record says about how to read its tags. */
struct shape {
	const struct ris_line *ty;
	struct ris_line *m1;
	cx_str arxiv;   /* from "M1  - arXiv:ID" (DESIGN 3), or NULL */
	int wos;        /* a Web of Science record */
	int has_c3;     /* C3 is the proceedings title */
	int t2_series;  /* T2 is the series */
	int book_a3;    /* A3 are the editors, A2 the series editors */
	int endnote_web, pubmed, da_is_date, article, conf, pages_done;
	int t2_journal; /* T2 is the journal: an article's, a patent's */
	int jf_journal; /* JF and JO are the journal, not a book's title */
};

/* Read the record's shape, and settle its type, before any tag. */
static void read_shape(struct ris *R, struct shape *S)
{
	struct cx_entry *e = &R->e;
	const struct ris_line *ty = S->ty = &R->lines[0];
	int known;
	e->type = ris_type(ty->val, &known);
	e->type_name = ty->val;

	/* Shape-dependent readings, decided with the whole record in view. */
	struct ris_line *an = find(R, "AN");
	S->wos = (an && an->val.n > 4 && !memcmp(an->val.p, "WOS:", 4)) || find(R, "WE") ||
	          find(R, "J9") || find(R, "JI");
	/* C3 is the proceedings title of a conference paper (Zotero, EndNote);
	 * elsewhere it is EndNote's Custom 3 or a Web of Science affiliation. */
	S->has_c3 = find(R, "C3") && !S->wos &&
	             (e->type == CX_T_PROCEEDINGS || e->type == CX_T_INPROCEEDINGS);
	/* CONF is a conference paper (Zotero, bibutils, citex's writer);
	 * one with editors and no authors, container or pages is a volume. */
	if (e->type == CX_T_PROCEEDINGS &&
	    ((find(R, "T2") || S->has_c3 || find(R, "BT")) || find(R, "AU") || find(R, "A1") ||
	     find(R, "SP") || !(find(R, "A2") || find(R, "ED") || find(R, "A3"))))
		e->type = CX_T_INPROCEEDINGS;
	/* A book's or a report's T2 is its series (EndNote, Zotero). */
	S->t2_series = str_ieq(ty->val, "BOOK") || str_ieq(ty->val, "EDBOOK") || str_ieq(ty->val, "RPRT");
	/* A book's editors are A3 when there is an A3 (EndNote, Zotero), and
	 * A2 then names the series editors; citex's writer never writes A3. */
	S->book_a3 = (e->type == CX_T_BOOK || e->type == CX_T_COLLECTION) && find(R, "A3");
	S->endnote_web = str_ieq(ty->val, "WEB");
	struct ris_line *m3 = find(R, "M3");
	if (e->type == CX_T_PHDTHESIS && (!m3 || !m3->val.n))
		e->type = CX_T_THESIS; /* THES says no more than "thesis" */
	if ((e->type == CX_T_PHDTHESIS) && m3 && (has_word(m3->val, "master") ||
	                                          has_word(m3->val, "m.sc") ||
	                                          has_word(m3->val, "msc")))
		e->type = CX_T_MASTERSTHESIS;
	struct ris_line *db = find(R, "DB");
	struct ris_line *dp = find(R, "DP");
	if ((db && (has_word(db->val, "pubmed") || has_word(db->val, "medline"))) ||
	    (dp && (has_word(dp->val, "pubmed") || has_word(dp->val, "medline") ||
	            has_word(dp->val, "nlm"))))
		S->pubmed = 1;
	/* arXiv (DESIGN 3): the writer says "M1  - arXiv:ID" for the eprint,
	 * and adds PB arXiv and the abs URL when the entry had none. */
	cx_str arxiv = {NULL, 0};
	struct ris_line *m1 = S->m1 = find(R, "M1");
	if (m1 && m1->val.n > 6 && !strncmp(m1->val.p, "arXiv:", 6)) {
		arxiv = (cx_str){m1->val.p + 6, m1->val.n - 6};
		while (arxiv.n && *arxiv.p == ' ')
			arxiv.p++, arxiv.n--;
		if (!arxiv.n)
			arxiv.p = NULL;
	}
	/* A year in N1 means the writer's PY and DA came from a date field:
	 * DA is then that date, and PY only repeats its year. */
	S->da_is_date = find(R, "DA") && (n1_names(R, CX_F_YEAR) || n1_names(R, CX_F_MONTH));
	S->article = is_article(e->type);
	/* The specification's T2 of a patent is its "published source" (a
	 * gazette); JF and JO always name a periodical, so they are the
	 * journal wherever the type has no book to be part of (misc, report,
	 * thesis...). */
	S->t2_journal = S->article || e->type == CX_T_PATENT;
	S->jf_journal = S->article || !(is_wholebook(e->type) || is_bookpart(e->type));
	S->conf = e->type == CX_T_INPROCEEDINGS || e->type == CX_T_PROCEEDINGS;

	S->arxiv = arxiv;
}

/* Tags that are one field whatever the record: PU is Web of Science's
 * publisher, N2 EndNote's abstract. */
static const struct {
	char tag[3];
	enum cx_field_id id;
} plain_tags[] = {
	{"ST", CX_F_SHORTTITLE}, {"VL", CX_F_VOLUME},   {"IS", CX_F_NUMBER}, {"PU", CX_F_PUBLISHER},
	{"LA", CX_F_LANGUAGE},   {"AB", CX_F_ABSTRACT}, {"N2", CX_F_ABSTRACT},
};

/* The record's first AB or N2 line with a value. */
static const struct ris_line *first_abstract(const struct ris *R)
{
	for (size_t i = 0; i < R->nlines; i++)
		if ((tag_is(&R->lines[i], "AB") || tag_is(&R->lines[i], "N2")) && R->lines[i].val.n)
			return &R->lines[i];
	return NULL;
}

/* AB and N2 lines that add a part to the abstract a starts. */
static int more_abstract(const struct ris_line *a, const struct ris_line *b)
{
	return (tag_is(b, "AB") || tag_is(b, "N2")) && !same(a->val, b->val);
}

static int take_plain(struct ris *R, struct ris_line *l)
{
	for (size_t i = 0; i < sizeof plain_tags / sizeof *plain_tags; i++)
		if (tag_is(l, plain_tags[i].tag)) {
			if (plain_tags[i].id == CX_F_ABSTRACT && !cx_entry_get(&R->e, CX_F_ABSTRACT)) {
				/* N2 then AB, or AB twice: one abstract, its parts
				 * joined as the reader joins continuation lines (a
				 * value holds no line breaks); EndNote's AB and N2
				 * with the same text are one. */
				add_field(R, CX_F_ABSTRACT, NULL, gather(R, l, " ", more_abstract),
				          l->line);
				return 1;
			}
			const struct ris_line *a = first_abstract(R);
			if (plain_tags[i].id == CX_F_ABSTRACT && a && !more_abstract(a, l))
				return 1; /* the first part again */
			set_single(R, plain_tags[i].id, l);
			return 1;
		}
	return 0;
}

/* ID and the name tags. */
static int take_names(struct ris *R, struct shape *S, struct ris_line *l)
{
	struct cx_entry *e = &R->e;
#define T(x) tag_is(l, x)
	if (T("ID")) {
		if (!e->key.n)
			e->key = l->val;
		else if (!same(e->key, l->val))
			keep_unknown(R, l);
	} else if (T("AU") || T("A1")) {
		add_name_lines(R, CX_F_AUTHOR, NULL, l);
	} else if (T("A2") && S->book_a3) {
		add_name_lines(R, CX_F_UNKNOWN, "a2", l);
	} else if (T("A2") || T("ED")) {
		add_name_lines(R, CX_F_EDITOR, NULL, l);
	} else if (T("A4")) {
		add_name_lines(R, CX_F_TRANSLATOR, NULL, l);
	} else if (T("A3") && S->book_a3) {
		add_name_lines(R, CX_F_EDITOR, NULL, l);
	} else if (T("A3")) {
		add_name_lines(R, CX_F_UNKNOWN, "a3", l);
	} else {
		return 0;
	}
	return 1;
#undef T
}

/* Titles, containers and their abbreviations. */
static int take_titles(struct ris *R, struct shape *S, struct ris_line *l)
{
	struct cx_entry *e = &R->e;
#define T(x) tag_is(l, x)
	if (T("TI") || T("T1") || T("CT")) {
		set_single(R, CX_F_TITLE, l);
	} else if (T("BT") && is_wholebook(e->type)) {
		set_single(R, CX_F_TITLE, l);
	} else if ((T("T2") && S->t2_series) || T("T3")) {
		set_single(R, CX_F_SERIES, l);
	} else if (T("JO") && S->jf_journal && ((S->t2_journal && find(R, "T2")) || find(R, "JF"))) {
		/* Beside T2 or JF, JO is the abbreviation wherever it stands
		 * (the specification, Zotero, Mendeley's "JF full, JO short");
		 * Zotero's J2 comes first among abbreviations. */
		const struct ris_line *full = find(R, "JF") ? find(R, "JF") : find(R, "T2");
		const struct ris_line *j2 = find(R, "J2") ? find(R, "J2") : find(R, "JA");
		if (j2 && !same(j2->val, l->val) && !same(full->val, l->val))
			keep_unknown(R, l);
		else if (!j2 && !same(full->val, l->val))
			set_single(R, CX_F_SHORTJOURNAL, l);
	} else if (T("T2") || T("JF") || T("JO") || T("BT") || (T("C3") && S->has_c3)) {
		int journal = S->article || (T("T2") && S->t2_journal) ||
		              ((T("JF") || T("JO")) && S->jf_journal);
		enum cx_field_id id = journal ? CX_F_JOURNAL : CX_F_BOOKTITLE;
		if (!S->article && S->has_c3 && T("T2")) {
			/* C3 is the proceedings title; T2 then names the event
			 * (Zotero often writes the same text in both). */
			if (same(find(R, "C3")->val, l->val))
				return 1;
			id = S->conf ? CX_F_EVENTTITLE : CX_F_UNKNOWN;
		}
		struct cx_field *f = id == CX_F_UNKNOWN ? NULL : cx_entry_get(e, id);
		if (id == CX_F_UNKNOWN)
			keep_unknown(R, l);
		else if (!f)
			add_field(R, id, NULL, l->val, l->line);
		else if (!same(f->text, l->val)) {
			/* JF with JO: the second spelling is the abbreviation. */
			if (id == CX_F_JOURNAL && !cx_entry_get(e, CX_F_SHORTJOURNAL) && !find(R, "J2") &&
			    !find(R, "JA") && !find(R, "J1"))
				add_field(R, CX_F_SHORTJOURNAL, NULL, l->val, l->line);
			else
				keep_unknown(R, l);
		}
	} else if (T("J2") || T("JA") || T("J1") || T("JI") || (T("J9") && !find(R, "JI"))) {
		/* Web of Science: JI is the ISO abbreviation, J9 the 29-character one. */
		set_single(R, CX_F_SHORTJOURNAL, l);
	} else {
		return 0;
	}
	return 1;
#undef T
}

/* Dates, pages, volume, issue and edition. */
/* The first unused PY or Y1 line after l that holds a year, or NULL. */
static struct ris_line *later_year(struct ris *R, const struct ris_line *l)
{
	for (struct ris_line *k = R->lines + (l - R->lines) + 1; k < R->lines + R->nlines; k++) {
		struct rdate d;
		if (!k->used && (tag_is(k, "PY") || tag_is(k, "Y1"))) {
			parse_rdate(k->val, &d);
			if (d.y)
				return k;
		}
	}
	return NULL;
}

static int take_dates(struct ris *R, struct shape *S, struct ris_line *l)
{
#define T(x) tag_is(l, x)
	if (T("PY") || T("Y1")) {
		if (S->da_is_date)
			return 1;
		struct rdate d;
		parse_rdate(l->val, &d);
		/* "PY  - 99" before "PY  - 2001/09/01/": the dated value gives
		 * the year, then the one with no year is kept as it is. */
		struct ris_line *k = d.y || cx_entry_get(&R->e, CX_F_YEAR) ? NULL : later_year(R, l);
		if (k) {
			set_year(R, k);
			k->used = 1;
		}
		set_year(R, l);
	} else if (T("DA") && S->da_is_date) {
		struct rdate d;
		parse_rdate(l->val, &d);
		cx_str iso = iso_of(R, &d);
		set_single(R, CX_F_DATE, &(struct ris_line){{'D', 'A', 0}, iso.p ? iso : l->val,
		                                            l->line, 0});
	} else if (T("DA")) {
		/* The year first, wherever PY stands, so DA adds to it. */
		struct ris_line *py = find(R, "PY");
		if (!py)
			py = find(R, "Y1");
		if (py && !py->used && py->val.n) {
			set_year(R, py);
			py->used = 1;
		}
		set_date(R, l, CX_F_DATE);
	} else if (T("Y2")) {
		set_date(R, l, CX_F_URLDATE);
	} else if (T("SP") || T("EP")) {
		struct ris_line *sp = find(R, "SP"), *ep = find(R, "EP");
		if (S->pages_done) {
			/* a second SP or EP with another value is kept, not lost */
			if (l != sp && l != ep && !same(l->val, (T("SP") ? sp : ep)->val))
				keep_unknown(R, l);
			return 1;
		}
		S->pages_done = 1;
		set_pages(R, sp ? sp->val : (cx_str){"", 0}, ep ? ep->val : (cx_str){"", 0},
		          l->line);
	} else if (T("ET")) {
		/* In EndNote's journal types ET is the epub date. */
		struct rdate d;
		parse_rdate(l->val, &d);
		if (S->article && d.y && d.m)
			keep_unknown(R, l);
		else
			set_single(R, CX_F_EDITION, l);
	} else {
		return 0;
	}
	return 1;
#undef T
}

/* The DOI itself: "doi:10.1/x" and "https://doi.org/10.1/x" are what
 * exporters write around it. */
static void set_doi(struct ris *R, const struct ris_line *l)
{
	set_single(R, CX_F_DOI, l);
	struct cx_field *f = cx_entry_get(&R->e, CX_F_DOI);
	if (f && f->raw.p == l->val.p)
		f->text = doi_bare(str_trim(l->val)); /* --check still sees the prefix */
}

/* "M3  - doi: 10.1063/1.1954747": some exporters (AIP's) put the DOI in
 * M3, the type of work.  It is the DOI, not a type: the same as DO's is
 * nothing new, with no DO it is the DOI, a different one is kept as m3. */
static int m3_doi(struct ris *R, const struct ris_line *l)
{
	cx_str v = str_trim(l->val), bare = doi_bare(v);
	if (bare.n == v.n || bare.n < 4 || memcmp(bare.p, "10.", 3))
		return 0;
	const struct ris_line *d = find(R, "DO");
	if (!d)
		set_doi(R, l);
	else if (!same(doi_bare(str_trim(d->val)), bare))
		keep_unknown(R, l);
	return 1;
}

/* Publisher, places, language and genre. */
static int take_publisher(struct ris *R, struct shape *S, struct ris_line *l)
{
	struct cx_entry *e = &R->e;
#define T(x) tag_is(l, x)
	if (T("PB")) {
		/* Inverts the publisher-like rule of DESIGN 3. */
		enum cx_field_id id = CX_F_PUBLISHER;
		if (e->type == CX_T_PHDTHESIS || e->type == CX_T_MASTERSTHESIS || e->type == CX_T_THESIS)
			id = CX_F_SCHOOL;
		else if (e->type == CX_T_TECHREPORT)
			id = CX_F_INSTITUTION;
		/* The writer's PB is the first present of publisher,
		 * organization, institution, school; the others went to N1. */
		if (id != CX_F_PUBLISHER && (n1_names(R, id) || n1_names(R, CX_F_PUBLISHER) ||
		                             n1_names(R, CX_F_ORGANIZATION) ||
		                             (id == CX_F_SCHOOL && n1_names(R, CX_F_INSTITUTION))))
			id = e->type == CX_T_TECHREPORT && n1_names(R, CX_F_INSTITUTION) &&
			     !n1_names(R, CX_F_ORGANIZATION) ? CX_F_ORGANIZATION : CX_F_PUBLISHER;
		if (n1_organization(R))
			id = CX_F_ORGANIZATION;
		if (S->arxiv.p && str_ieq(l->val, "arXiv") && !find_pub_like(R))
			return 1; /* the writer's stand-in publisher of an eprint */
		set_single(R, id, l);
	} else if (T("C1") && S->conf) {
		set_single(R, CX_F_ADDRESS, l); /* "place published" */
	} else if (T("CY") && S->conf && find(R, "C1")) {
		set_single(R, CX_F_VENUE, l); /* EndNote's "conference location" */
	} else if (T("CY") || T("PI")) {
		/* PI: Web of Science's publisher city. */
		set_single(R, CX_F_ADDRESS, l);
	} else if (T("SE") && (e->type == CX_T_INCOLLECTION || e->type == CX_T_INBOOK)) {
		set_single(R, CX_F_CHAPTER, l); /* EndNote's Book Section "Chapter" */
	} else if (T("CP") && S->wos) {
		set_single(R, CX_F_EVENTTITLE, l); /* Web of Science's conference */
	} else if (T("M3") && m3_doi(R, l)) {
		return 1;
	} else if (T("M3")) {
		/* The genre the writer derives from the type says nothing new. */
		if ((e->type == CX_T_PHDTHESIS && str_eq(l->val, "PhD thesis")) ||
		    (e->type == CX_T_MASTERSTHESIS && str_eq(l->val, "Master's thesis")))
			return 1;
		if (e->type == CX_T_TECHREPORT && str_eq(l->val, "technical report")) {
			e->type_name = CX_STR("techreport");
			return 1;
		}
		if (e->type == CX_T_TECHREPORT && str_eq(l->val, "manual")) {
			e->type = CX_T_MANUAL;
			e->type_name = CX_STR("manual");
			return 1;
		}
		set_single(R, CX_F_TYPE, l);
	} else {
		return 0;
	}
	return 1;
#undef T
}

/* "26957754[pmid]", "PMC4756000[pmcid]": the identifiers PubMed's
 * records carry in U1 and U2 (through EndNote and PubMed Central).  The
 * identifier joins its field; 0 when l is no such value or the field
 * holds another one. */
static int labelled_id(struct ris *R, const struct ris_line *l)
{
	static const struct {
		const char *label, *prefix;
		enum cx_field_id id;
	} ids[] = {{"[pmid]", "", CX_F_PMID}, {"[pmcid]", "PMC", CX_F_PMCID}};
	for (size_t i = 0; i < sizeof ids / sizeof *ids; i++) {
		size_t nl = strlen(ids[i].label), np = strlen(ids[i].prefix);
		if (l->val.n <= nl + np || memcmp(l->val.p + l->val.n - nl, ids[i].label, nl) ||
		    memcmp(l->val.p, ids[i].prefix, np))
			continue;
		cx_str v = {l->val.p, l->val.n - nl};
		if (str_digits(v.p + np, v.p + v.n, &(int){0}) != v.n - np)
			return 0;
		struct cx_field *f = cx_entry_get(&R->e, ids[i].id);
		if (f)
			return same(f->text, v);
		add_field(R, ids[i].id, NULL, v, l->line);
		return 1;
	}
	return 0;
}

/* Identifiers, links, notes and keywords; anything else is kept under
 * its tag (keep_unknown). */
static int take_other(struct ris *R, struct shape *S, struct ris_line *l)
{
	struct cx_entry *e = &R->e;
#define T(x) tag_is(l, x)
	if (T("DO")) {
		set_doi(R, l);
	} else if (T("UR")) {
		if (S->arxiv.p && l->val.n == 22 + S->arxiv.n &&
		    !memcmp(l->val.p, "https://arxiv.org/abs/", 22) &&
		    !memcmp(l->val.p + 22, S->arxiv.p, S->arxiv.n))
			return 1; /* the writer's stand-in URL of an eprint */
		set_single(R, CX_F_URL, l);
	} else if ((T("M1") || T("VL")) && S->endnote_web) {
		web_access(R);
	} else if (T("M1") && S->arxiv.p && l == S->m1) {
		add_field(R, CX_F_EPRINT, NULL, S->arxiv, l->line);
		add_field(R, CX_F_EPRINTTYPE, NULL, (cx_str){"arXiv", 5}, l->line);
	} else if (T("L2") && !find(R, "UR")) {
		set_single(R, CX_F_URL, l);
	} else if (T("SN") && e->type == CX_T_TECHREPORT && !find(R, "IS") &&
	           !standard_number(l->val)) {
		set_single(R, CX_F_NUMBER, l); /* a report's SN is its number */
	} else if (T("SN")) {
		set_single(R, sn_kind(l->val), l);
	} else if (T("N1")) {
		cx_str name, value;
		if (n1_field(l->val, &name, &value)) {
			if (!str_eq(name, "publisher-field")) /* read with PB */
				n1_add(R, name, value, l->line);
			return 1;
		}
		cx_str v = gather(R, l, "; ", plain_note);
		struct cx_field *f = cx_entry_get(e, CX_F_NOTE);
		if (f)
			f->raw = f->text = arena_cat(&R->a, f->text, "; ", v);
		else
			add_field(R, CX_F_NOTE, NULL, v, l->line);
	} else if (T("KW")) {
		/* ", " as BibTeX lists keywords, "; " when one has a comma. */
		int comma = 0;
		for (size_t k = (size_t)(l - R->lines); k < R->nlines; k++)
			if (tag_is(&R->lines[k], "KW") && !R->lines[k].used &&
			    memchr(R->lines[k].val.p, ',', R->lines[k].val.n))
				comma = 1;
		cx_str v = gather(R, l, comma ? "; " : ", ", same_tag);
		struct cx_field *f = cx_entry_get(e, CX_F_KEYWORDS);
		if (f)
			f->raw = f->text = arena_cat(&R->a, f->text, comma ? "; " : ", ", v);
		else
			add_field(R, CX_F_KEYWORDS, NULL, v, l->line);
	} else if ((T("C2") || T("AN")) && l->val.n > 3 && !memcmp(l->val.p, "PMC", 3) &&
	           str_digits(l->val.p + 3, l->val.p + l->val.n, &(int){0}) == l->val.n - 3) {
		/* EndNote's C2, and the AN of PubMed Central's own export */
		set_single(R, CX_F_PMCID, l);
	} else if (T("AN") && S->pubmed) {
		set_single(R, CX_F_PMID, l);
	} else if (l->tag[0] == 'U' && labelled_id(R, l)) {
		return 1;
	} else {
		keep_unknown(R, l);
	}
	return 1;
#undef T
}

void ris_finish_record(struct ris *R)
{
	struct cx_entry *e = &R->e;
	reader_entry_start(R->c, e, "ris", R->rec_line);
	R->fields_cap = 0;

	struct shape S = {0};
	read_shape(R, &S);
	for (size_t i = 1; i < R->nlines; i++) {
		struct ris_line *l = &R->lines[i];
		if (l->used || (!l->val.n && !tag_is(l, "ER")) || tag_is(l, "ER") || tag_is(l, "TY"))
			continue;
		(void)(take_plain(R, l) || take_names(R, &S, l) || take_titles(R, &S, l) ||
		       take_dates(R, &S, l) ||
		       take_publisher(R, &S, l) || take_other(R, &S, l));
	}
	if (!e->key.n)
		e->key = make_key(R);
	norm_entry(R->c->cx, e, &R->a, &R->c->diags);
	reader_deliver(R->c, e);
	reset_record(R);
}
