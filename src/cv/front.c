/* cv/front.c - the YAML front matter of a static site's page.
 *
 * Jekyll sites (academicpages' _publications/NAME.md) and Hugo sites (Hugo
 * Blox's content/publication/<slug>/index.md) keep one publication a
 * file, its fields in a YAML block between two "---" lines before the
 * page's Markdown.  This reads the subset of YAML those blocks are
 * written in: top-level "key: value" pairs whose value is a plain,
 * single- or double-quoted scalar (on one line or folded over several),
 * a block scalar ("|", ">"), a flow sequence ("[a, 'b']") or a block
 * sequence ("- a" lines); a nested mapping one level deep is read as
 * "parent.key" pairs.  Anchors, tags, sequences of mappings and deeper
 * nesting are passed over: no field of a publication is written so.
 * Everything lives in the arena passed in. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "core/str.h"
#include "core/utf8.h"
#include "cv/doc.h"
#include "cv/dom.h"

struct fl {
	const char *p;  /* the line without its indentation */
	size_t n;       /* without trailing spaces and CR */
	size_t indent;
	unsigned line;
};

static int fence(const struct fl *l, const char *f)
{
	return !l->indent && l->n == 3 && !memcmp(l->p, f, 3);
}

static int skip_line(const struct fl *l)
{
	return !l->n || l->p[0] == '#';
}

static cx_str keep(struct arena *a, const char *p, size_t n)
{
	return arena_str(a, p, n);
}

/* A plain scalar without a trailing " # comment". */
static cx_str plain(const char *p, size_t n)
{
	for (size_t i = 0; i + 1 < n; i++)
		if ((p[i] == ' ' || p[i] == '\t') && p[i + 1] == '#') {
			n = i;
			break;
		}
	return cvd_trim(cvd_S(p, n));
}

static int hex4(const char *p)
{
	for (int i = 0; i < 4; i++)
		if (!str_digit((unsigned char)p[i]) && !((p[i] | 0x20) >= 'a' && (p[i] | 0x20) <= 'f'))
			return 0;
	return 1;
}

/* A quoted scalar starting at s[0] (its quote), over one line or more
 * joined by spaces; *used is how much of s it took. */
static cx_str quoted(struct arena *a, const char *s, size_t n, size_t *used)
{
	char q = s[0];
	struct buf b = {0};
	size_t i = 1;
	for (; i < n; i++) {
		char c = s[i];
		if (c == q && q == '\'' && i + 1 < n && s[i + 1] == '\'') {
			buf_putc(&b, '\'');
			i++;
		} else if (c == q) {
			i++;
			break;
		} else if (c == '\\' && q == '"' && i + 1 < n) {
			char e = s[++i];
			if (e == 'n')
				buf_putc(&b, '\n');
			else if (e == 't')
				buf_putc(&b, '\t');
			else if (e == 'u' && i + 4 < n && hex4(s + i + 1)) {
				char h[5] = {s[i + 1], s[i + 2], s[i + 3], s[i + 4], 0};
				long cp = strtol(h, NULL, 16);
				if (cp >= 0x20 && (cp < 0xD800 || cp >= 0xE000))
					utf8_append(&b, (int32_t)cp);
				i += 4;
			} else
				buf_putc(&b, e); /* \" \\ \/ */
		} else if (c == '\n') {
			/* a line break folds into a space; the next line's
			 * indentation goes */
			while (b.n && b.p[b.n - 1] == ' ')
				b.n--;
			buf_putc(&b, ' ');
			while (i + 1 < n && (s[i + 1] == ' ' || s[i + 1] == '\t'))
				i++;
		} else
			buf_putc(&b, c);
	}
	*used = i;
	cx_str r = keep(a, b.p ? b.p : "", b.n);
	buf_free(&b);
	return r;
}

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

/* "key: rest": the key's length, and where the rest starts; 0 when the
 * line holds no key. */
static size_t key_of(const char *p, size_t n, size_t *rest)
{
	if (!n || p[0] == '-' || p[0] == '[' || p[0] == '{')
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '#' && i && p[i - 1] == ' ')
			return 0;
		if (p[i] == ':' && (i + 1 == n || p[i + 1] == ' ' || p[i + 1] == '\t')) {
			*rest = i + 1;
			return i;
		}
	}
	return 0;
}

/* A scalar that may go on over the lines after it (a quoted string not
 * closed on its line, a plain one whose next lines are indented deeper
 * than ind): its value, and the index of the line after it. */
static size_t scalar(struct arena *a, const struct fl *L, size_t nl, size_t i, const char *s, size_t n,
                     size_t ind, cx_str *out)
{
	if (n && (s[0] == '"' || s[0] == '\'')) {
		/* the rest of the block from here, as one string with its
		 * line breaks, then how many of its lines the string took */
		const char *end = L[nl - 1].p + L[nl - 1].n;
		size_t used;
		*out = quoted(a, s, (size_t)(end - s), &used);
		const char *stop = s + used;
		while (i + 1 < nl && L[i + 1].p < stop)
			i++;
		return i + 1;
	}
	cx_str v = plain(s, n);
	while (i + 1 < nl && !skip_line(&L[i + 1]) && L[i + 1].indent > ind) {
		size_t r;
		if (key_of(L[i + 1].p, L[i + 1].n, &r) || L[i + 1].p[0] == '-')
			break;
		i++;
		v = cv_cat(a, v, " ", plain(L[i].p, L[i].n));
	}
	*out = (v.n == 1 && v.p[0] == '~') || (v.n == 4 && !memcmp(v.p, "null", 4)) ? cvd_S("", 0) : v;
	return i + 1;
}

/* "[a, 'b, c', d]" into values. */
static void flow(struct arena *a, struct cv_front *f, const char *s, size_t n)
{
	size_t i = 1;
	while (i < n) {
		while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == ','))
			i++;
		if (i >= n || s[i] == ']')
			return;
		if (s[i] == '"' || s[i] == '\'') {
			size_t used;
			push_value(a, f, quoted(a, s + i, n - i, &used));
			i += used;
		} else {
			size_t b = i;
			while (i < n && s[i] != ',' && s[i] != ']')
				i++;
			cx_str v = cvd_trim(cvd_S(s + b, i - b));
			if (v.n)
				push_value(a, f, v);
		}
	}
}

size_t cvd_front_read(struct arena *a, const char *s, size_t n, struct cv_front *f)
{
	memset(f, 0, sizeof *f);
	size_t at = n >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3) ? 3 : 0;
	/* the lines of the block, up to its closing fence */
	struct fl *L = NULL;
	size_t nl = 0, cap = 0, end = 0;
	unsigned line = 1;
	for (size_t p = at; p < n; line++) {
		const char *nlp = memchr(s + p, '\n', n - p);
		size_t e = nlp ? (size_t)(nlp - s) : n, b = p, k = e;
		while (b < e && (s[b] == ' ' || s[b] == '\t'))
			b++;
		while (k > b && (s[k - 1] == ' ' || s[k - 1] == '\t' || s[k - 1] == '\r'))
			k--;
		struct fl l = {s + b, k - b, b - p, line};
		p = nlp ? e + 1 : n;
		if (nl == 0 && !fence(&l, "---"))
			return 0;
		if (nl && (fence(&l, "---") || fence(&l, "..."))) {
			end = p;
			break;
		}
		if (nl == cap)
			L = xrealloc(L, (cap = cap ? 2 * cap : 64) * sizeof *L);
		L[nl++] = l;
	}
	if (!end) {
		free(L);
		return 0; /* no closing fence: no front matter */
	}
	for (size_t i = 1; i < nl;) {
		const struct fl *l = &L[i];
		size_t r, k;
		if (skip_line(l) || l->indent || !(k = key_of(l->p, l->n, &r))) {
			i++;
			continue;
		}
		cx_str key = cvd_trim(cvd_S(l->p, k));
		if (key.n >= 2 && (key.p[0] == '"' || key.p[0] == '\'') && key.p[key.n - 1] == key.p[0])
			key = cvd_S(key.p + 1, key.n - 2);
		cx_str rest = cvd_trim(cvd_S(l->p + r, l->n - r));
		push(a, f, key, l->line);
		if (rest.n && rest.p[0] == '#')
			rest.n = 0;
		if (rest.n && (rest.p[0] == '&' || rest.p[0] == '!')) {
			/* an anchor or a tag: the value after it */
			size_t sp = 0;
			while (sp < rest.n && rest.p[sp] != ' ')
				sp++;
			rest = cvd_trim(cvd_S(rest.p + sp, rest.n - sp));
		}
		if (rest.n && (rest.p[0] == '|' || rest.p[0] == '>')) {
			int lit = rest.p[0] == '|';
			cx_str v = cvd_S("", 0);
			size_t j = i + 1;
			for (; j < nl && (!L[j].n || L[j].indent); j++)
				if (L[j].n)
					v = v.n ? cv_cat(a, v, lit ? "\n" : " ", cvd_S(L[j].p, L[j].n)) : keep(a, L[j].p, L[j].n);
			push_value(a, f, v);
			i = j;
		} else if (rest.n && rest.p[0] == '[') {
			/* to the closing bracket, over lines if need be */
			const char *e = L[nl - 1].p + L[nl - 1].n, *q = rest.p;
			int inq = 0;
			while (q < e && (inq || *q != ']')) {
				if (*q == '"' || *q == '\'')
					inq = inq == *q ? 0 : inq ? inq : *q;
				q++;
			}
			flow(a, f, rest.p, (size_t)(q - rest.p) + (q < e));
			while (i + 1 < nl && L[i + 1].p <= q)
				i++;
			i++;
		} else if (rest.n) {
			cx_str v;
			i = scalar(a, L, nl, i, rest.p, (size_t)(l->p + l->n - rest.p), 0, &v);
			if (v.n)
				push_value(a, f, v);
		} else {
			/* a block sequence or a nested mapping, on the lines after */
			size_t j = i + 1;
			while (j < nl && skip_line(&L[j]))
				j++;
			if (j < nl && L[j].p[0] == '-' && (L[j].n == 1 || L[j].p[1] == ' ')) {
				size_t ind = L[j].indent;
				i = j;
				while (i < nl && (skip_line(&L[i]) || L[i].indent > ind ||
				                  (L[i].indent == ind && L[i].p[0] == '-' && (L[i].n == 1 || L[i].p[1] == ' ')))) {
					if (skip_line(&L[i]) || L[i].indent > ind) {
						i++; /* a mapping item's other keys */
						continue;
					}
					cx_str it = cvd_trim(cvd_S(L[i].p + 1, L[i].n - 1));
					size_t rr;
					if (it.n && !key_of(it.p, it.n, &rr)) {
						cx_str v;
						i = scalar(a, L, nl, i, it.p, (size_t)(L[i].p + L[i].n - it.p), ind + 1, &v);
						if (v.n)
							push_value(a, f, v);
					} else
						i++; /* a mapping, passed over */
				}
			} else if (j < nl && L[j].indent) {
				size_t ind = L[j].indent;
				i = j;
				while (i < nl && (skip_line(&L[i]) || L[i].indent >= ind)) {
					size_t rr, kk;
					if (skip_line(&L[i]) || L[i].indent != ind || !(kk = key_of(L[i].p, L[i].n, &rr))) {
						i++;
						continue;
					}
					cx_str sub = cvd_trim(cvd_S(L[i].p + rr, L[i].n - rr));
					push(a, f, cv_cat(a, key, ".", cvd_trim(cvd_S(L[i].p, kk))), L[i].line);
					if (sub.n && sub.p[0] != '|' && sub.p[0] != '>' && sub.p[0] != '[' && sub.p[0] != '#') {
						cx_str v;
						i = scalar(a, L, nl, i, sub.p, (size_t)(L[i].p + L[i].n - sub.p), ind, &v);
						if (v.n)
							push_value(a, f, v);
					} else
						i++;
				}
			} else
				i++;
		}
	}
	free(L);
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
