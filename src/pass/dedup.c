/* pass/dedup.c - duplicate records across a whole run: match keys, groups, and
 * merging into one survivor per group.
 *
 * Each record gets up to seven match keys, built in a scratch arena:
 *   DOI    lower-cased, resolver prefixes and "doi:" dropped; a DOI inside
 *          the url counts when there is no doi field;
 *   PMID   PubMed's id, from a pmid field or a pubmed eprint: PubMed,
 *          MEDLINE, Web of Science (PM) and EndNote exports carry it;
 *   arXiv  from eprint (fmt_arxiv's rules), an arXiv DOI or URL, "arXiv:ID"
 *          in journal, number, note or howpublished, or DBLP's journal
 *          "CoRR" with volume "abs/ID"; the version suffix is dropped;
 *   title  title and subtitle folded (compatibility decomposition, case
 *          folding, accents stripped, markup and punctuation dropped, white
 *          space, dashes and slashes one space), then the year, then the
 *          last word of the first author's (else editor's) family name,
 *          folded the same way;
 *   authors the same title and the last word of every author's (else
 *          editor's) family name, with no year: it matches only when one
 *          of the two records has no year;
 *   place  the year, volume and page range, with the first author's family
 *          name; and the year, volume and first page with the title: one
 *          paper as two databases print it, whose titles (a bracketed
 *          translation, a subtitle cut short) or names (a transliteration)
 *          differ.
 * One open-addressing hash table maps each key to the first record that
 * had it, and a later record with the same key joins that record's group
 * (union-find), so a run costs O(n) whatever its size.
 *
 * A title match is refused when both records carry DOIs, PMIDs or arXiv
 * ids that differ, volumes that differ, or both first pages and issue
 * numbers that differ (see compatible()): one of page or issue alone is
 * the noise database exports carry for one paper.  Such a refused match,
 * and a title and first author whose years differ, is a near miss: not
 * merged, but listed in the report (--dedup-report) for a reviewer.
 * Fields inherited through crossref take no part in matching.
 *
 * Merging keeps the richest value of each field: the survivor gains what
 * it lacks, and of two values that say the same thing the fuller one (a
 * journal's full name over its abbreviation, which becomes the short
 * journal; full given names over initials; a title in mixed case over
 * one in capitals; the longer abstract; a page range over its abbreviated
 * form).  Values that disagree keep the survivor's and are reported.  A
 * survivor of a merge records in a field "sources" the file and line of
 * every record merged into it, its own first.
 *
 * The survivor of a group is its first record in input order, except that
 * a group holding both an arXiv preprint and a published record (one with
 * a DOI, journal, booktitle or publisher that is not arXiv) keeps its first
 * published record.  The note on each dropped record names the match that
 * ties it to the group: the groups are walked breadth-first from their
 * survivors over the matches found, so a record matched only through a
 * third one says so. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "core/hash.h"
#include "core/str.h"
#include "core/strbuf.h"
#include "core/utf8.h"
#include "pass/dedup.h"
#include "write/fmt.h"
#include "model/model.h"
#include "norm/context.h"
#include "norm/norm.h"

#include "pass/dedup_int.h"

/* ---- small helpers ------------------------------------------------------ */

/* Offset of lit in s, ASCII case-insensitive, or NONE. */
static size_t find_ci(cx_str s, const char *lit)
{
	long i = str_ifind(s, lit, 0);
	return i < 0 ? NONE : (size_t)i;
}

static cx_str tail(cx_str s, size_t from)
{
	return (cx_str){s.p + from, s.n - from};
}

cx_str dd_value(const struct cx_field *f)
{
	return str_trim(f->text.n ? f->text : f->raw);
}

const struct cx_field *dd_field(const struct cx_entry *e, enum cx_field_id id)
{
	for (size_t i = 0; i < e->nfields; i++)
		if (e->fields[i].id == id && !fmt_empty(&e->fields[i]))
			return &e->fields[i];
	return NULL;
}

/* A field the record states itself: the chapters of one book inherit its
 * DOI and URL through crossref, and are not one work for that. */
static const struct cx_field *own(const struct cx_entry *e, enum cx_field_id id)
{
	for (size_t i = 0; i < e->nfields; i++)
		if (e->fields[i].id == id && !e->fields[i].inherited && !fmt_empty(&e->fields[i]))
			return &e->fields[i];
	return NULL;
}

static int is_record(const struct cx_entry *e)
{
	return e->kind == CX_ENTRY_RECORD && !str_ieq(e->type_name, "xdata");
}

static int is_date(enum cx_field_id id)
{
	return id == CX_F_YEAR || id == CX_F_MONTH || id == CX_F_DAY || id == CX_F_DATE;
}

/* ---- folding: the match form of a text ------------------------------------ */

/* Append the folded form of s to b: NFKD with case folding, marks
 * stripped, letters and digits kept, inline markup and punctuation
 * dropped, white space, dashes and slashes one space between words. */
void dd_fold(struct buf *b, cx_str s)
{
	size_t start = b->n;
	int sep = 0;
	for (size_t i = 0; i < s.n;) {
		unsigned char c = (unsigned char)s.p[i];
		utf8proc_int32_t d[8];
		utf8proc_ssize_t m;
		if (c < 0x80) {
			i++;
			d[0] = str_lower(c);
			m = 1;
		} else {
			int32_t cp;
			size_t k = utf8_decode(s.p + i, s.n - i, &cp);
			i += k ? k : 1;
			if (!k)
				continue;
			m = utf8proc_decompose_char(cp, d, 8,
			                            UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT |
			                                UTF8PROC_CASEFOLD | UTF8PROC_STRIPMARK,
			                            NULL);
			if (m < 0 || m > 8)
				continue; /* a long compatibility form (U+FDFA): no word */
		}
		for (utf8proc_ssize_t j = 0; j < m; j++) {
			utf8proc_category_t cat = utf8proc_category(d[j]);
			if (cat >= UTF8PROC_CATEGORY_LU && cat <= UTF8PROC_CATEGORY_LO) {
			} else if (cat >= UTF8PROC_CATEGORY_ND && cat <= UTF8PROC_CATEGORY_NO) {
			} else {
				if (cat == UTF8PROC_CATEGORY_ZS || cat == UTF8PROC_CATEGORY_PD ||
				    d[j] == ' ' || d[j] == '\t' || d[j] == '\n' || d[j] == '\r' ||
				    d[j] == '/')
					sep = 1;
				continue;
			}
			if (sep && b->n > start)
				buf_putc(b, ' ');
			sep = 0;
			/* Letters are spelt in ASCII as the key maker spells them
			 * (Łukasz lukasz, Søren soren); other scripts stay. */
			char tmp[8];
			const char *t = d[j] >= 0x80 ? translit_cp(d[j], j ? d[j - 1] : 0, tmp) : NULL;
			if (t)
				while (*t)
					buf_putc(b, str_lower((unsigned char)*t++));
			else
				utf8_append(b, d[j]);
		}
	}
}

/* The last word of a folded family name: "de la Cruz" and "Cruz" agree. */
void dd_fold_family(struct buf *b, const struct cx_name *who)
{
	size_t at = b->n;
	dd_fold(b, who->family.n ? who->family : who->literal);
	size_t k = b->n;
	while (k > at && b->p[k - 1] != ' ')
		k--;
	memmove(b->p + at, b->p + k, b->n - k);
	b->n = at + (b->n - k);
}

/* ---- match keys ------------------------------------------------------------ */

/* "https://doi.org/10.1000/ABC" -> "10.1000/abc"; empty when s is no DOI. */
static cx_str doi_norm(struct arena *a, cx_str s)
{
	static const char *const pre[] = {"https://", "http://", "dx.", "www.", "doi.org/", "doi:"};
	char *p = arena_alloc(a, s.n + 1);
	for (size_t i = 0; i < s.n; i++)
		p[i] = (char)str_lower((unsigned char)s.p[i]);
	cx_str r = str_trim((cx_str){p, s.n});
	for (int again = 1; again;) {
		again = 0;
		for (size_t i = 0; i < sizeof pre / sizeof *pre; i++) {
			size_t l = strlen(pre[i]);
			if (r.n > l && !memcmp(r.p, pre[i], l)) {
				r = str_trim(tail(r, l));
				again = 1;
			}
		}
	}
	while (r.n && (r.p[r.n - 1] == '.' || r.p[r.n - 1] == ',' || r.p[r.n - 1] == ';'))
		r.n--;
	if (r.n < 5 || memcmp(r.p, "10.", 3) || !memchr(r.p, '/', r.n))
		return (cx_str){NULL, 0};
	return r;
}

static int arxiv_doi(cx_str doi)
{
	return doi.n > 15 && !memcmp(doi.p, "10.48550/arxiv.", 15);
}

/* The arXiv id at the start of s, lower-cased, without version suffix,
 * ".pdf" or an old-style subject class (math.GT/0309136 -> math/0309136). */
static cx_str arxiv_norm(struct arena *a, cx_str s)
{
	size_t n = 0;
	while (n < s.n && (str_alnum((unsigned char)s.p[n]) || s.p[n] == '.' || s.p[n] == '-' ||
	                   s.p[n] == '/'))
		n++;
	if (n > 4 && str_ieq((cx_str){s.p + n - 4, 4}, ".pdf"))
		n -= 4;
	while (n && s.p[n - 1] == '.')
		n--;
	if (!is_arxiv_id((cx_str){s.p, n}))
		return (cx_str){NULL, 0};
	size_t k = n;
	while (k && s.p[k - 1] >= '0' && s.p[k - 1] <= '9')
		k--;
	if (k < n && k > 1 && (s.p[k - 1] == 'v' || s.p[k - 1] == 'V'))
		n = k - 1;
	char *p = arena_alloc(a, n + 1);
	size_t m = 0;
	const char *slash = memchr(s.p, '/', n);
	for (size_t i = 0; i < n; i++) {
		if (slash && s.p[i] == '.' && s.p + i < slash) {
			i = (size_t)(slash - s.p) - 1; /* skip ".GT" */
			continue;
		}
		p[m++] = (char)str_lower((unsigned char)s.p[i]);
	}
	return (cx_str){p, m};
}

static cx_str arxiv_key(struct arena *a, const struct cx_entry *e, cx_str doi)
{
	cx_str id;
	if (fmt_arxiv(e, &id)) {
		cx_str r = arxiv_norm(a, id);
		if (r.n)
			return r;
	}
	if (arxiv_doi(doi))
		return arxiv_norm(a, tail(doi, 15));
	const struct cx_field *f = own(e, CX_F_URL);
	size_t at;
	if (f && ((at = find_ci(dd_value(f), "arxiv.org/abs/")) != NONE ||
	          (at = find_ci(dd_value(f), "arxiv.org/pdf/")) != NONE))
		return arxiv_norm(a, tail(dd_value(f), at + 14));
	static const enum cx_field_id where[] = {CX_F_JOURNAL, CX_F_NUMBER, CX_F_NOTE,
	                                         CX_F_HOWPUBLISHED};
	for (size_t i = 0; i < sizeof where / sizeof *where; i++) {
		f = own(e, where[i]);
		if (f && (at = find_ci(dd_value(f), "arxiv:")) != NONE) {
			cx_str r = arxiv_norm(a, str_trim(tail(dd_value(f), at + 6)));
			if (r.n)
				return r;
		}
	}
	/* DBLP: journal = {CoRR}, volume = {abs/2101.00001} */
	f = own(e, CX_F_JOURNAL);
	const struct cx_field *vol = own(e, CX_F_VOLUME);
	if (f && vol && str_ieq(dd_value(f), "corr") && dd_value(vol).n > 4 &&
	    str_ieq((cx_str){dd_value(vol).p, 4}, "abs/"))
		return arxiv_norm(a, tail(dd_value(vol), 4));
	return (cx_str){NULL, 0};
}

static cx_str doi_key(struct arena *a, const struct cx_entry *e)
{
	const struct cx_field *f = own(e, CX_F_DOI);
	if (f)
		return doi_norm(a, dd_value(f));
	f = own(e, CX_F_URL);
	size_t at;
	if (f && (at = find_ci(dd_value(f), "doi.org/")) != NONE)
		return doi_norm(a, tail(dd_value(f), at + 8));
	return (cx_str){NULL, 0};
}

/* PubMed's id: digits alone, from a pmid field or a pubmed eprint. */
static cx_str pmid_key(const struct cx_entry *e)
{
	const struct cx_field *f = own(e, CX_F_PMID);
	if (!f) {
		const struct cx_field *ty = own(e, CX_F_EPRINTTYPE);
		if (ty && (str_ieq(dd_value(ty), "pubmed") || str_ieq(dd_value(ty), "pmid")))
			f = own(e, CX_F_EPRINT);
	}
	if (!f)
		return (cx_str){NULL, 0};
	cx_str v = dd_value(f);
	if (v.n > 5 && str_ieq((cx_str){v.p, 5}, "pmid:"))
		v = str_trim(tail(v, 5));
	for (size_t i = 0; i < v.n; i++)
		if (!str_digit((unsigned char)v.p[i]))
			return (cx_str){NULL, 0};
	while (v.n > 1 && v.p[0] == '0')
		v = tail(v, 1);
	return v;
}

static const struct cx_name *first_author(const struct cx_entry *e)
{
	const struct cx_field *f = own(e, CX_F_AUTHOR);
	if (!f || !f->nnames)
		f = own(e, CX_F_EDITOR);
	if (!f || !f->nnames || f->names[0].others)
		return NULL;
	return &f->names[0];
}

/* The folded title and subtitle into D->b1; 0 when there is no title. */
static int fold_title(struct dd *D, const struct cx_entry *e)
{
	const struct cx_field *t = own(e, CX_F_TITLE);
	const struct cx_field *sub = own(e, CX_F_SUBTITLE);
	struct buf *b = &D->b1;
	b->n = 0;
	if (!t)
		return 0;
	dd_fold(b, t->text);
	if (sub) {
		buf_putc(b, ' ');
		dd_fold(b, sub->text);
	}
	return b->n > 0;
}

static cx_str title_key(struct dd *D, const struct cx_entry *e)
{
	const struct cx_name *who = first_author(e);
	struct buf *b = &D->b1;
	if (!who || !e->issued.year[0] || !fold_title(D, e))
		return (cx_str){NULL, 0};
	char y[24];
	int k = snprintf(y, sizeof y, "\x1f%d\x1f", e->issued.year[0]);
	buf_put(b, y, (size_t)k);
	size_t at = b->n;
	dd_fold_family(b, who);
	if (b->n == at)
		return (cx_str){NULL, 0};
	return arena_str(&D->scratch, b->p, b->n);
}

/* The title and first author with no year: the key of near misses. */
static cx_str near_key(struct dd *D, const struct cx_entry *e)
{
	const struct cx_name *who = first_author(e);
	struct buf *b = &D->b1;
	if (!who || !fold_title(D, e))
		return (cx_str){NULL, 0};
	buf_putc(b, '\x1f');
	size_t at = b->n;
	dd_fold_family(b, who);
	if (b->n == at)
		return (cx_str){NULL, 0};
	return arena_str(&D->scratch, b->p, b->n);
}

/* The first number in a field: pages "0123--130" and "123-130" agree, as
 * do numbers "Pt 3" and "3". */
unsigned long dd_first_number(const struct cx_entry *e, enum cx_field_id id)
{
	const struct cx_field *f = own(e, id);
	if (!f)
		return 0;
	cx_str s = dd_value(f);
	size_t i = 0;
	while (i < s.n && (s.p[i] < '0' || s.p[i] > '9'))
		i++;
	unsigned long n = 0;
	for (; i < s.n && s.p[i] >= '0' && s.p[i] <= '9' && n < 100000000; i++)
		n = n * 10 + (unsigned long)(s.p[i] - '0');
	return n;
}

/* Where a record was printed: the year, the volume and the first page,
 * with the first author's family name (by_title 0) or the title.  Two
 * databases spell a title apart ("[Translated title]", a subtitle cut
 * short) or a name ("Vishnevskii", "Vishnevski") more often than they
 * print one paper on two pages. */
static cx_str place_key(struct dd *D, const struct cx_entry *e, int by_title)
{
	unsigned long page = dd_first_number(e, CX_F_PAGES), volume = dd_first_number(e, CX_F_VOLUME);
	const struct cx_name *who = first_author(e);
	struct buf *b = &D->b1;
	if (!page || !volume || !e->issued.year[0])
		return (cx_str){NULL, 0};
	/* By name, a range's two ends: an abstract supplement prints many
	 * abstracts on one page, often by one author. */
	cx_str first, last;
	const struct cx_field *pf = own(e, CX_F_PAGES);
	if (!by_title && !(pf && fmt_pages_split(dd_value(pf), &first, &last)))
		return (cx_str){NULL, 0};
	if (by_title) {
		if (!fold_title(D, e))
			return (cx_str){NULL, 0};
	} else {
		b->n = 0;
		if (!who)
			return (cx_str){NULL, 0};
		dd_fold_family(b, who);
		if (!b->n)
			return (cx_str){NULL, 0};
	}
	char k[64];
	int n = snprintf(k, sizeof k, "\x1f%d\x1f%lu\x1f%lu", e->issued.year[0], volume, page);
	buf_put(b, k, (size_t)n);
	if (!by_title) {
		buf_putc(b, '-');
		dd_fold(b, last);
	}
	return arena_str(&D->scratch, b->p, b->n);
}

/* The title and every name of the author (else editor) list. */
static cx_str authors_key(struct dd *D, const struct cx_entry *e)
{
	const struct cx_field *f = own(e, CX_F_AUTHOR);
	if (!f || !f->nnames)
		f = own(e, CX_F_EDITOR);
	struct buf *b = &D->b1;
	if (!f || !f->nnames || !fold_title(D, e))
		return (cx_str){NULL, 0};
	for (size_t i = 0; i < f->nnames; i++) {
		if (f->names[i].others)
			continue;
		buf_putc(b, '\x1f');
		size_t at = b->n;
		dd_fold_family(b, &f->names[i]);
		if (b->n == at)
			return (cx_str){NULL, 0};
	}
	return arena_str(&D->scratch, b->p, b->n);
}


/* Published: a DOI, journal, booktitle or publisher that is not arXiv's. */
static int is_published(const struct cx_entry *e, cx_str doi)
{
	if (doi.n && !arxiv_doi(doi))
		return 1;
	static const enum cx_field_id venue[] = {CX_F_JOURNAL, CX_F_BOOKTITLE, CX_F_PUBLISHER};
	for (size_t i = 0; i < sizeof venue / sizeof *venue; i++) {
		const struct cx_field *f = dd_field(e, venue[i]);
		if (f && !str_ihas(dd_value(f), "arxiv") && !str_ieq(dd_value(f), "corr"))
			return 1;
	}
	return 0;
}

/* ---- the hash table and the groups ---------------------------------------- */

static uint64_t hash(char kind, cx_str s)
{
	return hash_mix(hash_bytes(s.p, s.n), (unsigned char)kind);
}

static void table_init(struct table *t, size_t keys)
{
	size_t cap = 16;
	while (cap < 2 * keys)
		cap *= 2;
	t->s = xcalloc(cap, sizeof *t->s);
	t->mask = cap - 1;
}

/* The index stored under (kind, key), or NONE after storing idx there. */
static size_t table_claim(struct table *t, char kind, cx_str key, size_t idx)
{
	uint64_t h = hash(kind, key);
	for (size_t i = h & t->mask;; i = (i + 1) & t->mask) {
		struct slot *s = &t->s[i];
		if (!s->k.p) {
			*s = (struct slot){h, key, kind, idx};
			return NONE;
		}
		if (s->h == h && s->kind == kind && str_same(s->k, key))
			return s->idx;
	}
}

static size_t find(struct item *it, size_t i)
{
	while (it[i].up != i) {
		it[i].up = it[it[i].up].up;
		i = it[i].up;
	}
	return i;
}

/* Why two records are different works however alike their titles, or
 * NULL: DOIs, PMIDs or arXiv ids that differ, volumes that differ, or
 * first pages and issue numbers that both differ (a journal's "Calendar"
 * or "Front cover" comes back every issue).  One of page and issue alone
 * differs between the exports of one paper by two databases too often
 * (an issue "11-12" against "11", an article number against a page). */
static const char *incompatible(const struct item *x, const struct item *y)
{
	if (x->doi.n && y->doi.n && !arxiv_doi(x->doi) && !arxiv_doi(y->doi) &&
	    !str_same(x->doi, y->doi))
		return "their DOIs differ";
	if (x->pmid.n && y->pmid.n && !str_same(x->pmid, y->pmid))
		return "their PMIDs differ";
	if (x->arxiv.n && y->arxiv.n && !str_same(x->arxiv, y->arxiv))
		return "their arXiv ids differ";
	if (x->volume && y->volume && x->volume != y->volume)
		return "their volumes differ";
	int page = x->page && y->page && x->page != y->page;
	int issue = (x->number && y->number && x->number != y->number) ||
	            (x->issue && y->issue && x->issue != y->issue);
	if (page && issue)
		return "their first pages and issues differ";
	return NULL;
}

static int compatible(const struct item *x, const struct item *y)
{
	return incompatible(x, y) == NULL;
}

/* A near miss: records a and b look alike but are not merged. */
static void near(struct dd *D, const struct item *it, size_t a, size_t b, const char *why)
{
	(void)it;
	if (!D->row)
		return;
	struct cx_dedup_row r = {CX_DEDUP_NEAR, D->v[a], D->v[b], why, {NULL, 0}, {NULL, 0}, {NULL, 0}};
	D->row(D->row_ctx, &r);
}

/* The same title and first author a year or more apart: two editions,
 * or one paper dated by its print and its online issue. */
static void near_years(struct dd *D, struct table *t, struct item *it, size_t i)
{
	if (!it[i].near.n)
		return;
	size_t j = table_claim(t, 'y', it[i].near, i);
	if (j == NONE || !it[i].year || !it[j].year || it[i].year == it[j].year ||
	    find(it, i) == find(it, j))
		return;
	char why[96];
	snprintf(why, sizeof why, "the same title and first author, but the years %d and %d",
	         it[j].year, it[i].year);
	near(D, it, j, i, arena_strndup(&D->scratch, why, strlen(why)));
}

static void match(struct dd *D, struct table *t, struct item *it, struct edge *ed, size_t *ned,
                  size_t i, char kind, cx_str key, enum reason why)
{
	if (!key.n)
		return;
	size_t j = table_claim(t, kind, key, i);
	if (j == NONE)
		return;
	if ((why == R_TITLE || why == R_AUTHORS || why == R_PLACE) && !compatible(&it[i], &it[j])) {
		if (why == R_TITLE)
			near(D, it, j, i, incompatible(&it[i], &it[j]));
		return;
	}
	if (why == R_AUTHORS && it[i].year && it[j].year)
		return; /* both dated: the title key decides */
	ed[(*ned)++] = (struct edge){j, i, why};
	size_t ri = find(it, i), rj = find(it, j);
	if (ri != rj)
		it[ri > rj ? ri : rj].up = ri < rj ? ri : rj;
}

/* Survivors, then the breadth-first walk that gives each dropped record
 * the match that ties it to its group. */
static void pick_survivors(struct item *it, size_t n, const struct edge *ed, size_t ned)
{
	for (size_t i = 0; i < n; i++) {
		it[i].survivor = NONE;
		it[i].via = NONE;
	}
	for (size_t i = 0; i < n; i++) {
		struct item *r = &it[find(it, i)];
		r->group_preprint |= it[i].preprint;
		r->group_published |= it[i].published;
	}
	for (size_t i = 0; i < n; i++) {
		struct item *r = &it[find(it, i)];
		int want_published = r->group_preprint && r->group_published;
		if (r->survivor == NONE && (!want_published || it[i].published))
			r->survivor = i;
	}
	/* Adjacency lists in one array (compressed rows). */
	size_t *start = xcalloc(n + 1, sizeof *start);
	size_t *adj = xmalloc((2 * ned + 1) * sizeof *adj);
	size_t *queue = xmalloc((n + 1) * sizeof *queue);
	for (size_t k = 0; k < ned; k++)
		start[ed[k].a + 1]++, start[ed[k].b + 1]++;
	for (size_t i = 0; i < n; i++)
		start[i + 1] += start[i];
	size_t *fill = xmalloc((n + 1) * sizeof *fill);
	memcpy(fill, start, (n + 1) * sizeof *fill);
	for (size_t k = 0; k < ned; k++) {
		adj[fill[ed[k].a]++] = k;
		adj[fill[ed[k].b]++] = k;
	}
	for (size_t i = 0; i < n; i++) {
		if (it[i].up != i || start[i + 1] == start[i])
			continue;
		size_t s = it[i].survivor, head = 0, qn = 0;
		it[s].via = s;
		queue[qn++] = s;
		while (head < qn) {
			size_t x = queue[head++];
			for (size_t k = start[x]; k < start[x + 1]; k++) {
				const struct edge *e = &ed[adj[k]];
				size_t y = e->a == x ? e->b : e->a;
				if (it[y].via != NONE)
					continue;
				it[y].via = x;
				it[y].why = e->why;
				queue[qn++] = y;
			}
		}
	}
	free(start);
	free(adj);
	free(queue);
	free(fill);
}

/* ---- reports ---------------------------------------------------------------- */

static void report(struct dd *D, enum cx_sev sev, const struct cx_entry *e,
                   const struct cx_loc *loc, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static void report(struct dd *D, enum cx_sev sev, const struct cx_entry *e,
                   const struct cx_loc *loc, const char *fmt, ...)
{
	if (!D->diags)
		return;
	const struct cx_loc *at = loc && loc->line ? loc : &e->loc;
	va_list ap;
	va_start(ap, fmt);
	diag_vreport(D->diags, e->file ? e->file : "<stdin>", sev, CX_OK, at->line, at->col, fmt, ap);
	va_end(ap);
}

/* A value for a message: markup dropped, cut at about 60 bytes. */
static const char *show(struct dd *D, struct buf *b, const struct cx_field *f)
{
	b->n = 0;
	if (f->nnames) {
		for (size_t i = 0; i < f->nnames && b->n < 60; i++) {
			const struct cx_name *nm = &f->names[i];
			if (i)
				buf_put(b, " and ", 5);
			if (nm->others) {
				buf_put(b, "others", 6);
			} else if (nm->literal.n) {
				buf_put(b, nm->literal.p, nm->literal.n);
			} else {
				buf_put(b, nm->family.p, nm->family.n);
				if (nm->given.n) {
					buf_put(b, ", ", 2);
					buf_put(b, nm->given.p, nm->given.n);
				}
			}
		}
	} else {
		cx_str s = dd_value(f);
		buf_put(b, s.p, s.n);
	}
	size_t k = 0;
	for (size_t i = 0; i < b->n; i++)
		if (!CX_IS_MARK(b->p[i]))
			b->p[k++] = b->p[i];
	b->n = k;
	if (b->n > 64) {
		b->n = utf8_floor(b->p, 60);
		buf_put(b, "...", 3);
	}
	return arena_strndup(&D->scratch, b->p, b->n);
}

/* An entry's key for a message, as printf's "%.*s" takes it: KEY(e). */
#define KEY(e) (int)((e)->key.n > 200 ? 200 : (e)->key.n), (e)->key.p ? (e)->key.p : ""

static void report_merge(struct dd *D, size_t i)
{
	const struct item *x = &D->it[i];
	const struct cx_entry *d = D->v[i], *s = D->v[D->it[find(D->it, i)].survivor];
	char reason[320], through[300] = "";
	if (x->why == R_DOI)
		snprintf(reason, sizeof reason, "same DOI %.*s", (int)x->doi.n, x->doi.p);
	else if (x->why == R_PMID)
		snprintf(reason, sizeof reason, "same PMID %.*s", (int)x->pmid.n, x->pmid.p);
	else if (x->why == R_ARXIV)
		snprintf(reason, sizeof reason, "same arXiv id %.*s", (int)x->arxiv.n, x->arxiv.p);
	else if (x->why == R_PLACE)
		snprintf(reason, sizeof reason, "printed in the same year, volume and first page, by the "
		                                "same first author or under the same title");
	else if (x->why == R_AUTHORS)
		snprintf(reason, sizeof reason, "same title and authors, and no year to tell them apart");
	else
		snprintf(reason, sizeof reason, "same title, year and first author");
	if (D->v[x->via] != s)
		snprintf(through, sizeof through, " through '%.*s' (%s:%u)", KEY(D->v[x->via]),
		         D->v[x->via]->file, D->v[x->via]->loc.line);
	report(D, CX_NOTE, d, NULL, "duplicate of '%.*s' (%s:%u)%s: %s%s", KEY(s), s->file, s->loc.line,
	       through, reason, D->report_only ? "" : "; merged into it");
	if (D->row) {
		char why[640];
		snprintf(why, sizeof why, "%s%s", reason, through);
		struct cx_dedup_row r = {CX_DEDUP_MERGE, s, d, why, {NULL, 0}, {NULL, 0}, {NULL, 0}};
		D->row(D->row_ctx, &r);
	}
}

cx_str dd_field_label(const struct cx_field *f)
{
	return f->id < CX_F__COUNT ? (cx_str){cx_fields[f->id].bibtex, strlen(cx_fields[f->id].bibtex)}
	                           : f->name;
}

/* ---- merging ---------------------------------------------------------------- */

/* journal and booktitle are one slot: a record appears in one venue. */
int dd_slot_of(enum cx_field_id id)
{
	return id == CX_F_BOOKTITLE ? CX_F_JOURNAL : (int)id;
}

/* The survivor's field with f's id (unknown fields match by name), else
 * the one in f's slot. */
static const struct cx_field *same_slot(const struct cx_entry *s, const struct cx_field *f)
{
	const struct cx_field *partner = NULL;
	for (size_t i = 0; i < s->nfields; i++) {
		const struct cx_field *g = &s->fields[i];
		if (fmt_empty(g) || dd_slot_of(g->id) != dd_slot_of(f->id))
			continue;
		if (g->id == f->id && (f->id != CX_F_UNKNOWN || str_ieqs(g->name, f->name)))
			return g;
		if (g->id != f->id && !partner)
			partner = g;
	}
	return partner;
}

/* "023509" and "23509" are one page number. */
static void drop_leading_zeros(struct buf *b)
{
	size_t k = 0;
	for (size_t i = 0; i < b->n; i++) {
		int run_start = !i || b->p[i - 1] < '0' || b->p[i - 1] > '9';
		if (b->p[i] == '0' && run_start && i + 1 < b->n && b->p[i + 1] >= '0' &&
		    b->p[i + 1] <= '9')
			continue;
		b->p[k++] = b->p[i];
	}
	b->n = k;
}

/* Do two values of one slot say different things? */
int dd_differs(struct dd *D, const struct cx_field *g, const struct cx_field *f)
{
	struct buf *x = &D->b1, *y = &D->b2;
	x->n = y->n = 0;
	if (g->nnames || f->nnames) {
		if (g->nnames != f->nnames)
			return 1;
		for (size_t i = 0; i < f->nnames; i++) {
			dd_fold_family(x, &g->names[i]);
			buf_putc(x, ';');
			dd_fold_family(y, &f->names[i]);
			buf_putc(y, ';');
		}
	} else if (f->id == CX_F_DOI) {
		return !str_same(doi_norm(&D->scratch, dd_value(g)), doi_norm(&D->scratch, dd_value(f)));
	} else if (f->id == CX_F_URL || f->id == CX_F_CROSSREF || f->id == CX_F_XDATA) {
		return !str_same(dd_value(g), dd_value(f));
	} else if (f->id == CX_F_PAGES) {
		dd_fold(x, dd_value(g));
		dd_fold(y, dd_value(f));
		drop_leading_zeros(x);
		drop_leading_zeros(y);
	} else if (f->id == CX_F_EPRINT) {
		cx_str a = arxiv_norm(&D->scratch, dd_value(g)), b = arxiv_norm(&D->scratch, dd_value(f));
		if (a.n && b.n)
			return !str_same(a, b);
		dd_fold(x, dd_value(g));
		dd_fold(y, dd_value(f));
	} else {
		dd_fold(x, dd_value(g));
		dd_fold(y, dd_value(f));
	}
	return x->n != y->n || memcmp(x->p, y->p, x->n);
}

void dd_add_field(struct dd *D, struct cx_entry *s, const struct cx_field *f)
{
	s->fields = arena_grow(D->a, s->fields, sizeof *s->fields, s->nfields, s->nfields + 1);
	struct cx_field *g = &s->fields[s->nfields++];
	*g = *f;
	/* It is the survivor's own value now, whatever parent it came from. */
	g->inherited = 0;
}


/* Fields of a preprint that describe arXiv as a venue: the published
 * record's venue replaces them, and its eprint keeps the link. */
static int arxiv_venue(const struct cx_entry *s, const struct cx_field *f)
{
	switch (f->id) {
	case CX_F_JOURNAL: case CX_F_BOOKTITLE: case CX_F_SHORTJOURNAL: case CX_F_PUBLISHER:
	case CX_F_ORGANIZATION: case CX_F_INSTITUTION: case CX_F_VOLUME: case CX_F_NUMBER:
	case CX_F_ISSUE: case CX_F_PAGES: case CX_F_HOWPUBLISHED: case CX_F_SERIES:
	case CX_F_ISSN: case CX_F_YEAR: case CX_F_MONTH: case CX_F_DAY: case CX_F_DATE:
		return 1;
	case CX_F_DOI:
		return str_ihas(dd_value(f), "10.48550/arxiv.");
	case CX_F_URL:
		return str_ihas(dd_value(f), "arxiv.org/") && dd_field(s, CX_F_URL);
	case CX_F_NOTE:
		return str_ihas(dd_value(f), "arxiv");
	default:
		return 0;
	}
}

/* Does the survivor's date s lose something the other record's d says? */
static int date_loses(const struct cx_date *s, const struct cx_date *d)
{
	if (s->year[0] != d->year[0] || (d->month[0] && s->month[0] != d->month[0]))
		return 1;
	return d->day[0] && s->day[0] != d->day[0];
}

/* A month (or day) the survivor lacks, for the same year, is added: the
 * two records agree and one says more. */
static int add_month_day(struct dd *D, struct cx_entry *s, const struct cx_entry *d,
                         const struct cx_field *f)
{
	if ((f->id != CX_F_MONTH && f->id != CX_F_DAY) || dd_field(s, CX_F_DATE) || dd_field(s, f->id) ||
	    s->issued.range || d->issued.range || s->issued.year[0] != d->issued.year[0])
		return 0;
	if (f->id == CX_F_DAY && s->issued.month[0] != d->issued.month[0])
		return 0;
	dd_add_field(D, s, f);
	if (f->id == CX_F_MONTH)
		s->issued.month[0] = d->issued.month[0];
	else
		s->issued.day[0] = d->issued.day[0];
	return 1;
}

static int has_date(const struct cx_entry *e)
{
	for (size_t i = 0; i < e->nfields; i++)
		if (is_date(e->fields[i].id) && !fmt_empty(&e->fields[i]))
			return 1;
	return 0;
}


static void conflict(struct dd *D, const struct cx_entry *s, const struct cx_entry *d,
                     const struct cx_field *g, const struct cx_field *f)
{
	const char *kept = show(D, &D->b1, g), *dropped = show(D, &D->b2, f);
	report(D, CX_WARNING, d, &f->loc, "%.*s differs from '%.*s': \"%s\" here, \"%s\" kept",
	       LABEL(f), KEY(s), dropped, kept);
}

/* The published record keeps the preprint's arXiv id even when the
 * preprint named it only in its journal or URL. */
static void keep_eprint(struct dd *D, struct cx_entry *s, const struct cx_entry *d, cx_str id)
{
	if (dd_field(s, CX_F_EPRINT) || !id.n)
		return;
	struct cx_field f = {0};
	f.id = CX_F_EPRINT;
	f.raw = f.text = arena_str(D->a, id.p, id.n);
	f.loc = d->loc;
	dd_add_field(D, s, &f);
	if (!dd_field(s, CX_F_EPRINTTYPE)) {
		f.id = CX_F_EPRINTTYPE;
		f.raw = f.text = CX_STR("arXiv");
		dd_add_field(D, s, &f);
	}
}

static void merge_entry(struct dd *D, struct cx_entry *s, const struct cx_entry *d,
                        int from_preprint, cx_str arxiv)
{
	int dated = has_date(s);
	const struct cx_field *first_date = NULL;
	for (size_t i = 0; i < d->nfields; i++) {
		const struct cx_field *f = &d->fields[i];
		if (fmt_empty(f) || (from_preprint && arxiv_venue(s, f)))
			continue;
		if (is_date(f->id)) {
			first_date = first_date ? first_date : f;
			if (!dated)
				dd_add_field(D, s, f);
			else
				add_month_day(D, s, d, f);
			continue;
		}
		const struct cx_field *g = same_slot(s, f);
		if (!g)
			dd_add_field(D, s, f);
		else if (!dd_richer(D, s, d, (size_t)(g - s->fields), f))
			conflict(D, s, d, g, f);
	}
	if (!dated && has_date(d))
		s->issued = d->issued;
	if (dated && first_date && date_loses(&s->issued, &d->issued)) {
		char a[64], b[64];
		date_iso(a, sizeof a, &s->issued);
		date_iso(b, sizeof b, &d->issued);
		report(D, CX_WARNING, d, &first_date->loc, "date differs from '%.*s': %s here, %s kept",
		       KEY(s), b, a);
	}
	if (from_preprint)
		keep_eprint(D, s, d, arxiv);
}

/* ---- crossref and xdata redirection --------------------------------------- */

/* Rewrite the keys of one crossref/xdata field that named dropped records. */
static void redirect_field(struct dd *D, struct table *t, const struct cx_entry *e,
                           struct cx_field *f)
{
	cx_str v = dd_value(f);
	struct buf *b = &D->b1;
	b->n = 0;
	int changed = 0;
	for (size_t i = 0; i < v.n;) {
		size_t j = i;
		while (j < v.n && v.p[j] != ',')
			j++;
		cx_str k = str_trim((cx_str){v.p + i, j - i});
		size_t to = k.n ? table_claim(t, 'k', k, NONE) : NONE;
		if (b->n)
			buf_put(b, ", ", 2);
		if (to != NONE) {
			const struct cx_entry *s = D->v[to];
			report(D, CX_NOTE, e, &f->loc, "%.*s '%.*s' %s '%.*s'", LABEL(f), (int)k.n,
			       k.p, D->report_only ? "names a duplicate of" : "now names its survivor",
			       (int)s->key.n, s->key.p);
			buf_put(b, s->key.p, s->key.n);
			changed = 1;
		} else {
			buf_put(b, k.p, k.n);
		}
		i = j + 1;
	}
	if (!changed || D->report_only)
		return;
	f->raw = f->text = arena_str(D->a, b->p, b->n);
	f->parts = NULL;
	f->nparts = 0;
}

static void redirect(struct dd *D, size_t n, const char *dropped)
{
	struct table t;
	table_init(&t, n);
	for (size_t i = 0; i < n; i++)
		if (!dropped[i] && D->v[i]->key.n)
			table_claim(&t, 's', D->v[i]->key, i);
	size_t moved = 0;
	for (size_t i = 0; i < n; i++) {
		const struct cx_entry *e = D->v[i];
		/* A key that a survivor still carries keeps meaning that survivor. */
		if (!dropped[i] || !e->key.n || table_claim(&t, 's', e->key, NONE) != NONE)
			continue;
		table_claim(&t, 'k', e->key, D->it[find(D->it, i)].survivor);
		moved++;
	}
	for (size_t i = 0; moved && i < n; i++) {
		if (dropped[i])
			continue;
		struct cx_entry *e = D->v[i];
		for (size_t k = 0; k < e->nfields; k++) {
			struct cx_field *f = &e->fields[k];
			if ((f->id == CX_F_CROSSREF || f->id == CX_F_XDATA) && !f->inherited)
				redirect_field(D, &t, e, f);
		}
	}
	free(t.s);
}

/* ---- the run ---------------------------------------------------------------- */

/* In report-only mode the merge runs on shallow copies of the survivors, so
 * the conflicts reported are exactly those a real merge would meet. */
static struct cx_entry *shadow(struct dd *D, struct cx_entry *s)
{
	struct cx_entry *c = arena_alloc(&D->scratch, sizeof *c);
	*c = *s;
	c->fields = arena_alloc(&D->scratch, (s->nfields + 1) * sizeof *c->fields);
	memcpy(c->fields, s->fields, s->nfields * sizeof *c->fields);
	return c;
}

/* Where each survivor's records came from: "file:line (reader); ...", its
 * own first, in a field "sources" that every format keeps. */
static void sources(struct dd *D, size_t count, const char *dropped)
{
	/* Each group's records as a list, in input order, from its root. */
	size_t *head = xmalloc((count + 1) * sizeof *head), *last = xmalloc((count + 1) * sizeof *last);
	size_t *next = xmalloc((count + 1) * sizeof *next);
	for (size_t i = 0; i < count; i++)
		head[i] = last[i] = next[i] = NONE;
	for (size_t i = 0; i < count; i++) {
		size_t r = find(D->it, i);
		if (head[r] == NONE)
			head[r] = i;
		else
			next[last[r]] = i;
		last[r] = i;
	}
	struct buf *b = &D->b1;
	for (size_t r = 0; r < count; r++) {
		if (head[r] == NONE || next[head[r]] == NONE)
			continue; /* one record: nothing merged */
		size_t s = D->it[r].survivor;
		b->n = 0;
		for (size_t k = s, first = 1; k != NONE; k = first ? head[r] : next[k], first = 0) {
			if (!first && (k == s || !dropped[k]))
				continue;
			const struct cx_entry *e = D->v[k];
			char at[32];
			snprintf(at, sizeof at, ":%u", e->loc.line);
			if (b->n)
				buf_puts(b, "; ");
			buf_puts(b, e->file ? e->file : "<stdin>");
			buf_puts(b, at);
			if (e->source) {
				buf_puts(b, " (");
				buf_puts(b, e->source);
				buf_putc(b, ')');
			}
		}
		struct cx_field f = {0};
		f.id = CX_F_UNKNOWN;
		f.name = CX_STR("sources");
		f.raw = f.text = arena_str(D->a, b->p, b->n);
		f.loc = D->v[s]->loc;
		dd_add_field(D, D->v[s], &f);
	}
	free(head);
	free(last);
	free(next);
}

size_t dedup_run(struct cx_entry **v, size_t *n, struct arena *a, int report_only,
                 struct cx_diags *diags, cx_dedup_row_fn row, void *row_ctx)
{
	size_t count = *n, nkeys = 0;
	struct dd D = {.v = v, .a = a, .report_only = report_only, .diags = diags, .row = row,
	               .row_ctx = row_ctx};
	if (report_only)
		D.a = &D.scratch;
	struct item *it = D.it = xcalloc(count + 1, sizeof *it);
	for (size_t i = 0; i < count; i++) {
		struct item *x = &it[i];
		x->up = i;
		if (!is_record(v[i]))
			continue;
		x->record = 1;
		x->doi = doi_key(&D.scratch, v[i]);
		x->pmid = pmid_key(v[i]);
		x->near = near_key(&D, v[i]);
		x->place = place_key(&D, v[i], 0);
		x->tplace = place_key(&D, v[i], 1);
		x->arxiv = arxiv_key(&D.scratch, v[i], x->doi);
		x->title = title_key(&D, v[i]);
		x->authors = authors_key(&D, v[i]);
		x->year = v[i]->issued.year[0];
		x->page = dd_first_number(v[i], CX_F_PAGES);
		x->volume = dd_first_number(v[i], CX_F_VOLUME);
		x->number = dd_first_number(v[i], CX_F_NUMBER);
		x->issue = dd_first_number(v[i], CX_F_ISSUE);
		x->published = is_published(v[i], x->doi);
		x->preprint = x->arxiv.n && !x->published;
		nkeys += (x->doi.n > 0) + (x->pmid.n > 0) + (x->arxiv.n > 0) + (x->title.n > 0) +
		         (x->authors.n > 0) + (x->near.n > 0) + (x->place.n > 0) + (x->tplace.n > 0);
	}
	struct table t;
	table_init(&t, nkeys);
	struct edge *ed = xmalloc((nkeys + 1) * sizeof *ed);
	size_t ned = 0;
	for (size_t i = 0; i < count; i++) {
		match(&D, &t, it, ed, &ned, i, 'd', it[i].doi, R_DOI);
		match(&D, &t, it, ed, &ned, i, 'p', it[i].pmid, R_PMID);
		match(&D, &t, it, ed, &ned, i, 'a', it[i].arxiv, R_ARXIV);
		match(&D, &t, it, ed, &ned, i, 't', it[i].title, R_TITLE);
		match(&D, &t, it, ed, &ned, i, 'u', it[i].authors, R_AUTHORS);
		match(&D, &t, it, ed, &ned, i, 'l', it[i].place, R_PLACE);
		match(&D, &t, it, ed, &ned, i, 'm', it[i].tplace, R_PLACE);
		near_years(&D, &t, it, i);
	}
	free(t.s);
	pick_survivors(it, count, ed, ned);
	free(ed);

	char *dropped = xcalloc(count + 1, 1);
	struct cx_entry **work = xmalloc((count + 1) * sizeof *work);
	size_t merges = 0;
	for (size_t i = 0; i < count; i++) {
		work[i] = v[i];
		dropped[i] = it[find(it, i)].survivor != i;
		merges += dropped[i];
	}
	for (size_t i = 0; i < count; i++) {
		if (!dropped[i])
			continue;
		size_t s = it[find(it, i)].survivor;
		if (report_only && work[s] == v[s])
			work[s] = shadow(&D, v[s]);
		report_merge(&D, i);
		merge_entry(&D, work[s], v[i], it[i].preprint && it[s].published, it[i].arxiv);
	}
	if (merges)
		redirect(&D, count, dropped);
	if (merges && !report_only)
		sources(&D, count, dropped);
	if (!report_only) {
		size_t k = 0;
		for (size_t i = 0; i < count; i++)
			if (!dropped[i])
				v[k++] = v[i];
		*n = k;
	}
	free(work);
	free(dropped);
	free(it);
	buf_free(&D.b1);
	buf_free(&D.b2);
	arena_destroy(&D.scratch);
	return merges;
}

/* The public face (citex.h): the merged fields live in the list's arena. */
size_t cx_dedup_report(struct cx_context *cx, struct cx_entries *l, int report_only,
                       struct cx_counts *counts, cx_dedup_row_fn row, void *ctx)
{
	struct cx_diags d = context_diags(cx, NULL);
	size_t merged = dedup_run(l->v, &l->n, &l->a, report_only, &d, row, ctx);
	context_count(counts, &d);
	return merged;
}

size_t cx_dedup(struct cx_context *cx, struct cx_entries *l, int report_only,
                struct cx_counts *counts)
{
	return cx_dedup_report(cx, l, report_only, counts, NULL, NULL);
}
