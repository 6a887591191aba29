/* cv/front.c - the YAML front matter of a static site's page.
 *
 * Jekyll sites (academicpages' _publications/NAME.md) and Hugo sites (Hugo
 * Blox's content/publication/<slug>/index.md) keep one publication a
 * file, its fields in a YAML block between two "---" lines before the
 * page's Markdown.  The block is read by the YAML layer (read/yaml.h),
 * alone, as one small document; its top-level keys become pairs, each
 * with its values: a scalar's text, or each scalar item of a sequence.
 * A nested mapping one level deep gives "parent.key" pairs; mappings
 * inside sequences and deeper nesting are passed over: no field of a
 * publication is written so.  Broken YAML is reported where it breaks,
 * and the block then gives no pairs.  Everything kept lives in the arena
 * passed in. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "core/str.h"
#include "cv/doc.h"
#include "cv/dom.h"
#include "read/yaml.h"

static void push(struct arena *a, struct cv_front *f, cx_str key, unsigned line)
{
	if (f->n == f->cap) {
		size_t cap = f->cap ? 2 * f->cap : 16;
		struct cv_fm_pair *p = arena_alloc(a, cap * sizeof *p);
		if (f->n)
			memcpy(p, f->p, f->n * sizeof *p);
		f->p = p;
		f->cap = cap;
	}
	f->p[f->n++] = (struct cv_fm_pair){key, NULL, 0, 0, line};
}

static void push_value(struct arena *a, struct cv_front *f, cx_str v)
{
	struct cv_fm_pair *p = &f->p[f->n - 1];
	if (p->n == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 4;
		cx_str *w = arena_alloc(a, cap * sizeof *w);
		if (p->n)
			memcpy(w, p->v, p->n * sizeof *w);
		p->v = w;
		p->cap = cap;
	}
	p->v[p->n++] = v;
}

/* A scalar's text into the last pair, when it has any. */
static void scalar_value(struct arena *a, struct cv_front *f, const struct ynode *n)
{
	cx_str v = yaml_text(n);
	if (v.n)
		push_value(a, f, arena_str(a, v.p, v.n));
}

/* The values of a key: a scalar's text, each scalar item of a sequence. */
static void values(struct arena *a, struct cv_front *f, const struct ynode *n)
{
	if (n->kind == Y_SCALAR)
		scalar_value(a, f, n);
	else if (n->kind == Y_SEQ)
		for (size_t i = 0; i < n->n; i++)
			if (yaml_item(n, i)->kind == Y_SCALAR)
				scalar_value(a, f, yaml_item(n, i));
}

size_t cvd_front_read(struct arena *a, const char *s, size_t n, struct cv_front *f, struct cx_diags *diags)
{
	memset(f, 0, sizeof *f);
	size_t start, len;
	unsigned line;
	if (!yaml_front_matter(s, n, &start, &len, &line))
		return 0;
	/* the bytes up to the end of the closing fence's line */
	const char *nl = memchr(s + start + len, '\n', n - start - len);
	size_t end = nl ? (size_t)(nl - s) + 1 : n;
	struct arena t;
	memset(&t, 0, sizeof t);
	const struct ynode *root = yaml_parse(&t, s + start, len, line, diags);
	for (size_t i = 0; root && root->kind == Y_MAP && i < root->n; i++) {
		const struct ynode *k = yaml_key(root, i), *v = yaml_value(root, i);
		if (k->kind != Y_SCALAR)
			continue;
		cx_str key = arena_str(a, k->s.p, k->s.n);
		push(a, f, key, k->line);
		if (v->kind != Y_MAP) {
			values(a, f, v);
			continue;
		}
		for (size_t j = 0; j < v->n; j++) {
			const struct ynode *sk = yaml_key(v, j);
			if (sk->kind != Y_SCALAR)
				continue;
			push(a, f, cv_cat(a, key, ".", sk->s), sk->line);
			values(a, f, yaml_value(v, j));
		}
	}
	arena_destroy(&t);
	return end;
}

const struct cv_fm_pair *cvd_front_get(const struct cv_front *f, const char *key)
{
	size_t k = strlen(key);
	for (size_t i = 0; i < f->n; i++)
		if (f->p[i].key.n == k && str_ieqn(f->p[i].key.p, key, k) && f->p[i].n)
			return &f->p[i];
	return NULL;
}

/* ---- the publication of a page --------------------------------------------------- */

/* A value as text: HTML tags and Markdown emphasis dropped, entities
 * decoded ("&quot;Title&quot;, <i>Venue</i>"). */
static cx_str field_text(struct arena *a, cx_str s)
{
	struct buf b = {0};
	for (size_t i = 0; i < s.n; i++) {
		char c = s.p[i];
		const char *gt;
		size_t k;
		if (c == '<' && i + 1 < s.n && (str_alpha((unsigned char)s.p[i + 1]) || s.p[i + 1] == '/') &&
		    (gt = memchr(s.p + i, '>', s.n - i)) != NULL)
			i = (size_t)(gt - s.p); /* a tag */
		else if (c == '&' && (k = dom_entity(s.p + i + 1, s.p + s.n, &b)) > 0)
			i += k;
		else if (c == '*' || (c == '_' && (!i || s.p[i - 1] == ' ' || i + 1 == s.n || s.p[i + 1] == ' ')))
			continue; /* *emphasis*, _emphasis_ */
		else
			buf_putc(&b, c);
	}
	cx_str r = cvd_trim(arena_str(a, b.p ? b.p : "", b.n));
	buf_free(&b);
	return r;
}

static const struct cv_fm_pair *first_of(const struct cv_front *f, const char *const *keys)
{
	for (size_t i = 0; keys[i]; i++) {
		const struct cv_fm_pair *p = cvd_front_get(f, keys[i]);
		if (p && p->v[0].n)
			return p;
	}
	return NULL;
}

static cx_str first_text(struct arena *a, const struct cv_front *f, const char *const *keys)
{
	const struct cv_fm_pair *p = first_of(f, keys);
	return p ? field_text(a, p->v[0]) : cvd_S("", 0);
}

/* A site's user name standing for a profile ("admin"): one word, no
 * capital, no space. */
static int user_name(cx_str s)
{
	if (!s.n)
		return 0;
	for (size_t i = 0; i < s.n; i++)
		if (!((s.p[i] >= 'a' && s.p[i] <= 'z') || str_digit((unsigned char)s.p[i]) || s.p[i] == '_' ||
		      s.p[i] == '-' || s.p[i] == '.'))
			return 0;
	return 1;
}

/* The authors as one list the author grammar reads: a sequence's names
 * joined (by "; " when a name is written "Family, Given"), a user name
 * left as an empty slot, which the owner fills. */
static cx_str author_list(struct arena *a, const struct cv_fm_pair *p)
{
	if (p->n == 1)
		return field_text(a, p->v[0]);
	int comma = 0;
	for (size_t i = 0; i < p->n; i++)
		comma |= memchr(p->v[i].p, ',', p->v[i].n) != NULL;
	struct buf b = {0};
	for (size_t i = 0; i < p->n; i++) {
		cx_str name = field_text(a, p->v[i]);
		if (i)
			buf_put(&b, comma ? "; " : ", ", 2);
		if (!user_name(name))
			buf_put(&b, name.p, name.n);
	}
	cx_str r = arena_str(a, b.p ? b.p : "", b.n);
	buf_free(&b);
	return r;
}

/* A date as YAML writes it: "2024-09-09", "2024-09-09T00:00:00Z",
 * "2024-09", "2024". */
static int iso_date(cx_str s, struct ymd *d)
{
	memset(d, 0, sizeof *d);
	size_t i = 0;
	while (i < s.n && i < 4 && str_digit((unsigned char)s.p[i]))
		i++;
	if (i != 4 || (s.n > 4 && s.p[4] != '-'))
		return 0;
	d->y = atoi(s.p);
	if (s.n >= 7 && str_digit((unsigned char)s.p[5]) && str_digit((unsigned char)s.p[6]))
		d->m = (s.p[5] - '0') * 10 + (s.p[6] - '0');
	if (d->m && s.n >= 10 && s.p[7] == '-' && str_digit((unsigned char)s.p[8]) && str_digit((unsigned char)s.p[9]))
		d->d = (s.p[8] - '0') * 10 + (s.p[9] - '0');
	if (d->m > 12 || d->d > 31)
		d->m = d->d = 0;
	return 1;
}

/* The kind of publication_types (Hugo: "1".."8", or a CSL type). */
static enum cv_hint type_hint(cx_str t)
{
	static const struct {
		const char *w;
		enum cv_hint h;
	} k[] = {{"1", H_CONFERENCE}, {"2", H_JOURNAL}, {"3", H_PREPRINT}, {"4", H_REPORT}, {"5", H_BOOK},
	         {"6", H_CHAPTER}, {"7", H_THESIS}, {"8", H_PATENT}, {"paper-conference", H_CONFERENCE},
	         {"article-journal", H_JOURNAL}, {"article", H_PREPRINT}, {"preprint", H_PREPRINT},
	         {"report", H_REPORT}, {"book", H_BOOK}, {"chapter", H_CHAPTER}, {"thesis", H_THESIS},
	         {"patent", H_PATENT}};
	for (size_t i = 0; i < sizeof k / sizeof *k; i++)
		if (t.n == strlen(k[i].w) && !memcmp(t.p, k[i].w, t.n))
			return k[i].h;
	return H_NONE;
}

static const char *const k_title[] = {"title", NULL}, *const k_auth[] = {"authors", "author", NULL},
                         *const k_venue[] = {"venue", "publication", "journal", "booktitle", NULL},
                         *const k_cite[] = {"citation", NULL}, *const k_type[] = {"publication_types", NULL},
                         *const k_doi[] = {"doi", NULL};

int cvd_front_pub(const struct cv_front *f)
{
	return first_of(f, k_title) && (first_of(f, k_auth) || first_of(f, k_cite) || first_of(f, k_type) ||
	                                 first_of(f, k_venue) || first_of(f, k_doi));
}

struct cx_entry *cvd_front_entry(struct cv *v, const struct cv_front *f)
{
	static const char *const k_date[] = {"date", "year", NULL},
	                         *const k_url[] = {"paperurl", "url_pdf", "url", NULL},
	                         *const k_arxiv[] = {"arxivid", "arxiv", NULL}, *const k_vol[] = {"volume", NULL},
	                         *const k_pages[] = {"pages", "page", NULL};
	const struct cv_fm_pair *t = first_of(f, k_title), *au = first_of(f, k_auth), *ci = first_of(f, k_cite),
	                        *ty = first_of(f, k_type);
	cx_str venue = first_text(&v->a, f, k_venue);
	if (!cvd_front_pub(f))
		return NULL; /* a page's front matter, not a publication's */
	const char *o = cvd_opt_owner(v->c);
	struct cv_ctx x = {.a = &v->a, .c = v->c, .model = v->model, .lists = 1,
	                   .owner = o ? arena_str(&v->a, o, strlen(o)) : cvd_S("", 0)};
	struct cv_item it;
	memset(&it, 0, sizeof it);
	if (ci) {
		/* the citation the template shows, through the labeller:
		 * what the keys leave out (volume, pages, the authors) */
		cx_str s = field_text(&v->a, ci->v[0]);
		cv_label(&x, s.p, s.n, NULL, 0, &it);
	}
	it.line = t->line;
	it.seg[LAB_TITLE] = field_text(&v->a, t->v[0]);
	if (au)
		it.seg[LAB_AUTHOR] = author_list(&v->a, au);
	cx_str lv = cvd_trim(it.seg[LAB_CONTAINER]);
	if (venue.n && !(lv.n && lv.n < venue.n && str_ieqn(venue.p, lv.p, lv.n)))
		it.seg[LAB_CONTAINER] = venue; /* unless the citation's is the venue without its numbers */
	cx_str vol = first_text(&v->a, f, k_vol), pages = first_text(&v->a, f, k_pages);
	if (vol.n)
		it.seg[LAB_VOLUME] = vol;
	if (pages.n)
		it.seg[LAB_PAGES] = pages;
	cx_str date = first_text(&v->a, f, k_date);
	struct ymd d;
	if (date.n && (iso_date(date, &d) || cvd_date_line(date, &d)) && d.y)
		it.date_y = d.y, it.date_m = d.m, it.date_d = d.d;
	else if (date.n)
		it.seg[LAB_DATE] = date;
	it.doi = first_text(&v->a, f, k_doi);
	long at = cvd_find_ci(it.doi, "10.", 0);
	it.doi = at > 0 ? cvd_S(it.doi.p + at, it.doi.n - (size_t)at) : it.doi; /* "https://doi.org/10..." */
	it.url = first_text(&v->a, f, k_url);
	long du = cvd_find_ci(it.url, "doi.org/10.", 0);
	if (!it.doi.n && du >= 0) /* a paper's link that is its DOI */
		it.doi = cvd_S(it.url.p + du + 8, it.url.n - (size_t)du - 8);
	it.arxiv = first_text(&v->a, f, k_arxiv);
	if (ty)
		it.hint = type_hint(cvd_trim(ty->v[0]));
	return cv_entry(&x, &it);
}
