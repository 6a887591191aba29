/* pass/dedup.c - duplicate records across a whole run: match keys, groups, and
 * merging into one survivor per group.
 *
 * Each record gets up to three match keys, built in a scratch arena:
 *   DOI    lower-cased, resolver prefixes and "doi:" dropped; a DOI inside
 *          the url counts when there is no doi field;
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
 *          of the two records has no year.
 * One open-addressing hash table maps each key to the first record that
 * had it, and a later record with the same key joins that record's group
 * (union-find), so a run costs O(n) whatever its size.
 *
 * A title match is refused when both records carry DOIs, arXiv ids, first
 * pages, volumes or issue numbers that differ (see compatible()).  Fields
 * inherited through crossref take no part in matching.
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

#define NONE SIZE_MAX

enum reason { R_NONE, R_DOI, R_ARXIV, R_TITLE, R_AUTHORS };

struct item {
	cx_str doi, arxiv, title; /* match keys; n == 0 when absent */
	cx_str authors;           /* title and every author, no year */
	int year;                 /* 0: none */
	size_t up;                /* union-find parent */
	size_t survivor;          /* at a group's root: the record that stays */
	size_t via;               /* breadth-first parent towards the survivor */
	unsigned long page, volume, number, issue; /* their first numbers; 0: none */
	enum reason why;          /* the match with via */
	unsigned record : 1, preprint : 1, published : 1;
	unsigned group_preprint : 1, group_published : 1; /* at a group's root */
};

struct edge {
	size_t a, b;
	enum reason why;
};

struct slot {
	uint64_t h;
	cx_str k; /* k.p == NULL: empty slot */
	char kind;
	size_t idx;
};

struct table {
	struct slot *s;
	size_t mask;
};

struct dd {
	struct cx_entry **v;
	struct item *it;
	struct arena *a;      /* where merged values go: the run's, or scratch */
	struct arena scratch; /* match keys, messages, report-only copies */
	struct buf b1, b2;
	int report_only;
	struct cx_diags *diags;
};

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

static cx_str value(const struct cx_field *f)
{
	return str_trim(f->text.n ? f->text : f->raw);
}

static const struct cx_field *field(const struct cx_entry *e, enum cx_field_id id)
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
static void fold(struct buf *b, cx_str s)
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
static void fold_family(struct buf *b, const struct cx_name *who)
{
	size_t at = b->n;
	fold(b, who->family.n ? who->family : who->literal);
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
	if (f && ((at = find_ci(value(f), "arxiv.org/abs/")) != NONE ||
	          (at = find_ci(value(f), "arxiv.org/pdf/")) != NONE))
		return arxiv_norm(a, tail(value(f), at + 14));
	static const enum cx_field_id where[] = {CX_F_JOURNAL, CX_F_NUMBER, CX_F_NOTE,
	                                         CX_F_HOWPUBLISHED};
	for (size_t i = 0; i < sizeof where / sizeof *where; i++) {
		f = own(e, where[i]);
		if (f && (at = find_ci(value(f), "arxiv:")) != NONE) {
			cx_str r = arxiv_norm(a, str_trim(tail(value(f), at + 6)));
			if (r.n)
				return r;
		}
	}
	/* DBLP: journal = {CoRR}, volume = {abs/2101.00001} */
	f = own(e, CX_F_JOURNAL);
	const struct cx_field *vol = own(e, CX_F_VOLUME);
	if (f && vol && str_ieq(value(f), "corr") && value(vol).n > 4 &&
	    str_ieq((cx_str){value(vol).p, 4}, "abs/"))
		return arxiv_norm(a, tail(value(vol), 4));
	return (cx_str){NULL, 0};
}

static cx_str doi_key(struct arena *a, const struct cx_entry *e)
{
	const struct cx_field *f = own(e, CX_F_DOI);
	if (f)
		return doi_norm(a, value(f));
	f = own(e, CX_F_URL);
	size_t at;
	if (f && (at = find_ci(value(f), "doi.org/")) != NONE)
		return doi_norm(a, tail(value(f), at + 8));
	return (cx_str){NULL, 0};
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
	fold(b, t->text);
	if (sub) {
		buf_putc(b, ' ');
		fold(b, sub->text);
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
	fold_family(b, who);
	if (b->n == at)
		return (cx_str){NULL, 0};
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
		fold_family(b, &f->names[i]);
		if (b->n == at)
			return (cx_str){NULL, 0};
	}
	return arena_str(&D->scratch, b->p, b->n);
}

/* The first number in a field: pages "0123--130" and "123-130" agree, as
 * do numbers "Pt 3" and "3". */
static unsigned long first_number(const struct cx_entry *e, enum cx_field_id id)
{
	const struct cx_field *f = own(e, id);
	if (!f)
		return 0;
	cx_str s = value(f);
	size_t i = 0;
	while (i < s.n && (s.p[i] < '0' || s.p[i] > '9'))
		i++;
	unsigned long n = 0;
	for (; i < s.n && s.p[i] >= '0' && s.p[i] <= '9' && n < 100000000; i++)
		n = n * 10 + (unsigned long)(s.p[i] - '0');
	return n;
}

/* Published: a DOI, journal, booktitle or publisher that is not arXiv's. */
static int is_published(const struct cx_entry *e, cx_str doi)
{
	if (doi.n && !arxiv_doi(doi))
		return 1;
	static const enum cx_field_id venue[] = {CX_F_JOURNAL, CX_F_BOOKTITLE, CX_F_PUBLISHER};
	for (size_t i = 0; i < sizeof venue / sizeof *venue; i++) {
		const struct cx_field *f = field(e, venue[i]);
		if (f && !str_ihas(value(f), "arxiv") && !str_ieq(value(f), "corr"))
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

/* Two records with different DOIs, arXiv ids, first pages, volumes or
 * issue numbers are different works, however alike their titles: a
 * journal's "Calendar" or "Front cover" comes back every issue. */
static int compatible(const struct item *x, const struct item *y)
{
	if ((x->page && y->page && x->page != y->page) ||
	    (x->volume && y->volume && x->volume != y->volume) ||
	    (x->number && y->number && x->number != y->number) ||
	    (x->issue && y->issue && x->issue != y->issue))
		return 0;
	if (x->doi.n && y->doi.n && !arxiv_doi(x->doi) && !arxiv_doi(y->doi) &&
	    !str_same(x->doi, y->doi))
		return 0;
	return !(x->arxiv.n && y->arxiv.n && !str_same(x->arxiv, y->arxiv));
}

static void match(struct table *t, struct item *it, struct edge *ed, size_t *ned, size_t i,
                  char kind, cx_str key, enum reason why)
{
	if (!key.n)
		return;
	size_t j = table_claim(t, kind, key, i);
	if (j == NONE || ((why == R_TITLE || why == R_AUTHORS) && !compatible(&it[i], &it[j])))
		return;
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
		cx_str s = value(f);
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
	else if (x->why == R_ARXIV)
		snprintf(reason, sizeof reason, "same arXiv id %.*s", (int)x->arxiv.n, x->arxiv.p);
	else if (x->why == R_AUTHORS)
		snprintf(reason, sizeof reason, "same title and authors, and no year to tell them apart");
	else
		snprintf(reason, sizeof reason, "same title, year and first author");
	if (D->v[x->via] != s)
		snprintf(through, sizeof through, " through '%.*s' (%s:%u)", KEY(D->v[x->via]),
		         D->v[x->via]->file, D->v[x->via]->loc.line);
	report(D, CX_NOTE, d, NULL, "duplicate of '%.*s' (%s:%u)%s: %s%s", KEY(s), s->file, s->loc.line,
	       through, reason, D->report_only ? "" : "; merged into it");
}

/* ---- merging ---------------------------------------------------------------- */

/* journal and booktitle are one slot: a record appears in one venue. */
static int slot_of(enum cx_field_id id)
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
		if (fmt_empty(g) || slot_of(g->id) != slot_of(f->id))
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
static int differs(struct dd *D, const struct cx_field *g, const struct cx_field *f)
{
	struct buf *x = &D->b1, *y = &D->b2;
	x->n = y->n = 0;
	if (g->nnames || f->nnames) {
		if (g->nnames != f->nnames)
			return 1;
		for (size_t i = 0; i < f->nnames; i++) {
			fold_family(x, &g->names[i]);
			buf_putc(x, ';');
			fold_family(y, &f->names[i]);
			buf_putc(y, ';');
		}
	} else if (f->id == CX_F_DOI) {
		return !str_same(doi_norm(&D->scratch, value(g)), doi_norm(&D->scratch, value(f)));
	} else if (f->id == CX_F_URL || f->id == CX_F_CROSSREF || f->id == CX_F_XDATA) {
		return !str_same(value(g), value(f));
	} else if (f->id == CX_F_PAGES) {
		fold(x, value(g));
		fold(y, value(f));
		drop_leading_zeros(x);
		drop_leading_zeros(y);
	} else if (f->id == CX_F_EPRINT) {
		cx_str a = arxiv_norm(&D->scratch, value(g)), b = arxiv_norm(&D->scratch, value(f));
		if (a.n && b.n)
			return !str_same(a, b);
		fold(x, value(g));
		fold(y, value(f));
	} else {
		fold(x, value(g));
		fold(y, value(f));
	}
	return x->n != y->n || memcmp(x->p, y->p, x->n);
}

static void add_field(struct dd *D, struct cx_entry *s, const struct cx_field *f)
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
		return str_ihas(value(f), "10.48550/arxiv.");
	case CX_F_URL:
		return str_ihas(value(f), "arxiv.org/") && field(s, CX_F_URL);
	case CX_F_NOTE:
		return str_ihas(value(f), "arxiv");
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
	if ((f->id != CX_F_MONTH && f->id != CX_F_DAY) || field(s, CX_F_DATE) || field(s, f->id) ||
	    s->issued.range || d->issued.range || s->issued.year[0] != d->issued.year[0])
		return 0;
	if (f->id == CX_F_DAY && s->issued.month[0] != d->issued.month[0])
		return 0;
	add_field(D, s, f);
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

/* A field's name for a message: LABEL(f) for printf's "%.*s". */
static cx_str field_label(const struct cx_field *f)
{
	return f->id < CX_F__COUNT ? (cx_str){cx_fields[f->id].bibtex, strlen(cx_fields[f->id].bibtex)}
	                           : f->name;
}
#define LABEL(f) (int)field_label(f).n, field_label(f).p

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
	if (field(s, CX_F_EPRINT) || !id.n)
		return;
	struct cx_field f = {0};
	f.id = CX_F_EPRINT;
	f.raw = f.text = arena_str(D->a, id.p, id.n);
	f.loc = d->loc;
	add_field(D, s, &f);
	if (!field(s, CX_F_EPRINTTYPE)) {
		f.id = CX_F_EPRINTTYPE;
		f.raw = f.text = CX_STR("arXiv");
		add_field(D, s, &f);
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
				add_field(D, s, f);
			else
				add_month_day(D, s, d, f);
			continue;
		}
		const struct cx_field *g = same_slot(s, f);
		if (!g)
			add_field(D, s, f);
		else if (differs(D, g, f))
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
	cx_str v = value(f);
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

size_t dedup_run(struct cx_entry **v, size_t *n, struct arena *a, int report_only,
                 struct cx_diags *diags)
{
	size_t count = *n, nkeys = 0;
	struct dd D = {.v = v, .a = a, .report_only = report_only, .diags = diags};
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
		x->arxiv = arxiv_key(&D.scratch, v[i], x->doi);
		x->title = title_key(&D, v[i]);
		x->authors = authors_key(&D, v[i]);
		x->year = v[i]->issued.year[0];
		x->page = first_number(v[i], CX_F_PAGES);
		x->volume = first_number(v[i], CX_F_VOLUME);
		x->number = first_number(v[i], CX_F_NUMBER);
		x->issue = first_number(v[i], CX_F_ISSUE);
		x->published = is_published(v[i], x->doi);
		x->preprint = x->arxiv.n && !x->published;
		nkeys += (x->doi.n > 0) + (x->arxiv.n > 0) + (x->title.n > 0) + (x->authors.n > 0);
	}
	struct table t;
	table_init(&t, nkeys);
	struct edge *ed = xmalloc((nkeys + 1) * sizeof *ed);
	size_t ned = 0;
	for (size_t i = 0; i < count; i++) {
		match(&t, it, ed, &ned, i, 'd', it[i].doi, R_DOI);
		match(&t, it, ed, &ned, i, 'a', it[i].arxiv, R_ARXIV);
		match(&t, it, ed, &ned, i, 't', it[i].title, R_TITLE);
		match(&t, it, ed, &ned, i, 'u', it[i].authors, R_AUTHORS);
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
size_t cx_dedup(struct cx_context *cx, struct cx_entries *l, int report_only,
                struct cx_counts *counts)
{
	struct cx_diags d = context_diags(cx, NULL);
	size_t merged = dedup_run(l->v, &l->n, &l->a, report_only, &d);
	context_count(counts, &d);
	return merged;
}
