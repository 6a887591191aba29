/* tools/train_items.c - items of publication lists, made from references
 * (make model).
 *
 * A page shows a publication as a block: title, authors and venue on lines
 * of their own, in the order of a reference or with the title first, the
 * title in italics, bold or a link, the owner's name in bold, and in a
 * template the lines carry the role their class names.  A CV writes the
 * venue its own way: "OSDI '25", "ICML 2022, CCF-A", "Submitted to
 * ATC'25", "In Proceedings of the ... (SOSP '23)", "PhD Dissertation 2023 |
 * Rice University", with awards and a status beside it, stars for equal
 * contribution and an empty slot where the owner's name was dropped.
 *
 * The generator makes such items from the training references themselves:
 * their titles and author lists are kept with their labels, their venues
 * are kept or written again in one of a CV's forms, with a venue drawn from
 * the venue table (styles/venues.tsv: names and acronyms are facts of the
 * table) or an acronym made up from a name, so the labels of every part are
 * known.  Every choice comes from a generator seeded by the reference's
 * text: the same data give the same items, and the same model.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/arena.h"
#include "core/hash.h"
#include "core/str.h"
#include "core/strbuf.h"
#include "core/utf8.h"
#include "cv/label.h"
#include "train.h"

/* ---- the pool -------------------------------------------------------------- */

struct venue {
	char *acr, *name, *abbr; /* abbr: a journal's abbreviation, or NULL */
	int journal;
};

struct pool {
	struct venue *v;
	size_t nv, conf, jour;   /* conferences first, then journals */
	char **school;
	size_t nschool, capschool;
	char **given, **family;  /* names of the references' authors */
	size_t nname, capname;
};

static char *dup_field(const char *p, const char *e)
{
	char *s = xmalloc((size_t)(e - p) + 1);
	memcpy(s, p, (size_t)(e - p));
	s[e - p] = 0;
	return s;
}

struct pool *pool_new(const char *path)
{
	struct pool *p = xcalloc(1, sizeof *p);
	FILE *f = path ? fopen(path, "rb") : NULL;
	if (!f)
		return p;
	char line[4096];
	size_t cap = 0;
	for (int pass = 0; pass < 2; pass++) {
		rewind(f);
		while (fgets(line, sizeof line, f)) {
			if (line[0] == '#' || !strncmp(line, "acronym\t", 8))
				continue;
			char *col[5] = {0};
			int k = 0;
			for (char *q = line, *b = line; k < 5; q++) {
				if (*q == '\t' || *q == '\n' || !*q) {
					col[k++] = dup_field(b, q);
					if (!*q || *q == '\n')
						break;
					b = q + 1;
				}
			}
			int journal = k > 3 && !strcmp(col[3], "journal");
			int conf = k > 3 && (!strcmp(col[3], "conference") || !strcmp(col[3], "workshop"));
			if (k > 3 && col[1][0] && ((pass == 0 && conf) || (pass == 1 && journal))) {
				if (p->nv == cap)
					cap = cap ? 2 * cap : 1024, p->v = xrealloc(p->v, cap * sizeof *p->v);
				char *bar = k > 4 ? strchr(col[4], '|') : NULL;
				if (bar)
					*bar = 0;
				p->v[p->nv++] = (struct venue){col[0], col[1], k > 4 && col[4][0] && journal ? col[4] : NULL,
				                               journal};
				col[0] = col[1] = NULL;
				if (k > 4 && col[4][0] && journal)
					col[4] = NULL;
			}
			for (int i = 0; i < k; i++)
				free(col[i]);
		}
		if (pass == 0)
			p->conf = p->nv;
	}
	p->jour = p->nv - p->conf;
	fclose(f);
	return p;
}

void pool_free(struct pool *p)
{
	for (size_t i = 0; i < p->nv; i++)
		free(p->v[i].acr), free(p->v[i].name), free(p->v[i].abbr);
	for (size_t i = 0; i < p->nschool; i++)
		free(p->school[i]);
	for (size_t i = 0; i < p->nname; i++)
		free(p->given[i]), free(p->family[i]);
	free(p->v), free(p->school), free(p->given), free(p->family), free(p);
}

/* A name as words: a capitalised word of letters (non-ASCII too), two or
 * more of them; its length, or 0. */
static size_t name_word(const char *s, size_t n)
{
	size_t k = 0;
	if (!n || !str_is_upper((unsigned char)s[0]))
		return 0;
	while (k < n && (str_alpha((unsigned char)s[k]) || (unsigned char)s[k] >= 0x80 || s[k] == '-'))
		k++;
	return k >= 2 ? k : 0;
}

/* Authors written "Family, Given" with the given name in full: the pair. */
static void note_names(struct pool *p, const struct buf *t)
{
	const char *s = t->p, *e = t->p + t->n;
	while (s < e) {
		while (s < e && (*s == ' ' || *s == ';' || *s == '&'))
			s++;
		if (e - s > 4 && !memcmp(s, "and ", 4))
			s += 4;
		size_t f = name_word(s, (size_t)(e - s));
		if (!f || s + f + 2 >= e || s[f] != ',' || s[f + 1] != ' ')
			break;
		const char *g = s + f + 2;
		size_t gn = name_word(g, (size_t)(e - g));
		if (gn < 3 || (g + gn < e && g[gn] == '.'))
			break;
		if (p->nname == p->capname)
			p->capname = p->capname ? 2 * p->capname : 1024,
			p->given = xrealloc(p->given, p->capname * sizeof *p->given),
			p->family = xrealloc(p->family, p->capname * sizeof *p->family);
		p->given[p->nname] = dup_field(g, g + gn);
		p->family[p->nname++] = dup_field(s, s + f);
		s = g + gn;
		while (s < e && *s != ',' && *s != ';' && *s != '&')
			s++;
		if (s < e)
			s++;
	}
}

/* Schools: the references' publishers and institutions named as
 * universities; names of authors. */
void pool_note(struct pool *p, const struct segs *sg)
{
	for (size_t i = 0; i < sg->n; i++) {
		const struct buf *t = &sg->text[i];
		if (sg->lab[i] == LAB_AUTHOR)
			note_names(p, t);
		int univ = 0;
		for (size_t k = 0; k + 4 <= t->n && !univ; k++)
			univ = !memcmp(t->p + k, "Univ", 4);
		if (sg->lab[i] != LAB_PUBLISHER || t->n < 12 || t->n > 60 || !univ)
			continue;
		size_t e = t->n;
		while (e && strchr(" .,;:", t->p[e - 1]))
			e--;
		if (p->nschool == p->capschool)
			p->capschool = p->capschool ? 2 * p->capschool : 256,
			p->school = xrealloc(p->school, p->capschool * sizeof *p->school);
		p->school[p->nschool++] = dup_field(t->p, t->p + e);
	}
}

/* ---- choices ------------------------------------------------------------------ */

static uint32_t rnd(uint64_t *s)
{
	*s = *s * 6364136223846793005u + 1442695040888963407u;
	return (uint32_t)(*s >> 33);
}

/* One chance in n. */
static int one_in(uint64_t *s, unsigned n)
{
	return rnd(s) % n == 0;
}

/* Text that lives as long as the item: a small store of strings. */
struct store {
	char buf[8192];
	size_t n;
};

static const char *keep(struct store *st, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static const char *keep(struct store *st, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	size_t room = sizeof st->buf - st->n;
	int k = vsnprintf(st->buf + st->n, room, fmt, ap);
	va_end(ap);
	if (k < 0 || (size_t)k >= room)
		return "";
	const char *r = st->buf + st->n;
	st->n += (size_t)k + 1;
	return r;
}

struct out {
	struct piece pc[256];
	size_t n;
	struct store st;
};

static void put(struct out *o, const char *s, int lab, int lb)
{
	if (o->n < 256 && s && *s)
		o->pc[o->n++] = (struct piece){s, strlen(s), lab, 0, (uint8_t)lb, NULL};
}

/* ---- a CV's venues ---------------------------------------------------------------- */

/* An acronym made up from a name's capitals ("Workshop on Hot Topics" ->
 * "WHT"), for venues the table does not hold. */
static const char *made_acronym(struct out *o, const char *name, uint64_t *rs)
{
	char a[12];
	size_t k = 0;
	for (const char *p = name; *p && k < 6; p++)
		if (str_is_upper((unsigned char)*p) && (p == name || p[-1] == ' '))
			a[k++] = *p;
	if (k < 2)
		a[k++] = 'X', a[k++] = (char)('A' + rnd(rs) % 26);
	if (one_in(rs, 3) && k < 8)
		a[k++] = (char)('a' + rnd(rs) % 26);
	a[k] = 0;
	return keep(&o->st, "%s", a);
}

static const char *const awards[] = {"(Best Paper Award)", "(Oral)", "(Spotlight)",
                                     "(Outstanding Paper Honorable Mention)", "(Best Student Paper)",
                                     "(Distinguished Paper Award)", "Oral presentation", "(Best Paper Nominee)",
                                     "Spotlight", "(Long Paper)", "(Short Paper)", "(Poster)"};
static const char *const ranks[] = {"CCF-A", "CCF-B", "CORE A*", "CORE A", "CCF-C"};
static const char *const months[] = {"January", "Feb.", "March", "Apr.", "May", "June", "July", "Aug.",
                                     "September", "Oct.", "November", "Dec."};

/* A conference the way CVs write it. */
static void conference(struct out *o, const struct venue *v, const char *acr, int y, uint64_t *rs)
{
	int yy = y % 100;
	switch (rnd(rs) % 12) {
	case 0: put(o, keep(&o->st, "%s '%02d", acr, yy), LAB_CONTAINER, 0); break;
	case 1: put(o, keep(&o->st, "%s", acr), LAB_CONTAINER, 0), put(o, keep(&o->st, "%d", y), LAB_DATE, 0); break;
	case 2: put(o, keep(&o->st, "In Proceedings of the %s (%s '%02d)", v->name, acr, yy), LAB_CONTAINER, 0); break;
	case 3: put(o, keep(&o->st, "%s (%s),", v->name, acr), LAB_CONTAINER, 0), put(o, keep(&o->st, "%d", y), LAB_DATE, 0); break;
	case 4: put(o, keep(&o->st, "%s '%02d | %s", acr, yy, v->name), LAB_CONTAINER, 0); break;
	case 5: put(o, keep(&o->st, "Proc. of %s", acr), LAB_CONTAINER, 0), put(o, keep(&o->st, "%d", y), LAB_DATE, 0); break;
	case 6:
		put(o, keep(&o->st, "In %s,", acr), LAB_CONTAINER, 0);
		put(o, keep(&o->st, "pages %d-%d,", 10 + (int)(rnd(rs) % 400), 420 + (int)(rnd(rs) % 20)), LAB_PAGES, 0);
		put(o, keep(&o->st, "%d", y), LAB_DATE, 0);
		break;
	case 7: put(o, keep(&o->st, "%s-%d", acr, y), LAB_CONTAINER, 0); break;
	case 8: put(o, keep(&o->st, "%s%s", one_in(rs, 2) ? "In " : "", v->name), LAB_CONTAINER, 0), put(o, keep(&o->st, "%d", y), LAB_DATE, 0); break;
	case 9: put(o, keep(&o->st, "%s %d", acr, y), LAB_CONTAINER, 0); break;
	case 10: put(o, keep(&o->st, "%d%s %s (%s %d)", 2 + y % 40, y % 40 == 0 ? "nd" : "th", v->name, acr, y), LAB_CONTAINER, 0); break;
	default:
		put(o, keep(&o->st, "%s,", v->name), LAB_CONTAINER, 0);
		put(o, keep(&o->st, "%s %d", months[rnd(rs) % 12], y), LAB_DATE, 0);
		break;
	}
}

/* A journal the way CVs and reference lists write it. */
static void journal(struct out *o, const struct venue *v, int y, uint64_t *rs)
{
	const char *name = v->abbr && one_in(rs, 3) ? v->abbr : v->name;
	int vol = 1 + (int)(rnd(rs) % 60), no = 1 + (int)(rnd(rs) % 12), p1 = 1 + (int)(rnd(rs) % 900);
	switch (rnd(rs) % 7) {
	case 0: put(o, keep(&o->st, "%s", name), LAB_CONTAINER, 0), put(o, keep(&o->st, "%d", y), LAB_DATE, 0); break;
	case 1:
		put(o, keep(&o->st, "%s,", name), LAB_CONTAINER, 0);
		put(o, keep(&o->st, "%d(%d):", vol, no), LAB_VOLUME, 0);
		put(o, keep(&o->st, "%d-%d,", p1, p1 + 12), LAB_PAGES, 0);
		put(o, keep(&o->st, "%d", y), LAB_DATE, 0);
		break;
	case 2:
		put(o, keep(&o->st, "%s", name), LAB_CONTAINER, 0);
		put(o, keep(&o->st, "%d,", vol), LAB_VOLUME, 0);
		put(o, keep(&o->st, "%d", p1), LAB_PAGES, 0);
		put(o, keep(&o->st, "(%d)", y), LAB_DATE, 0);
		break;
	case 3:
		put(o, keep(&o->st, "%s,", name), LAB_CONTAINER, 0);
		put(o, keep(&o->st, "vol. %d, no. %d,", vol, no), LAB_VOLUME, 0);
		put(o, keep(&o->st, "pp. %d-%d,", p1, p1 + 20), LAB_PAGES, 0);
		put(o, keep(&o->st, "%s %d", months[rnd(rs) % 12], y), LAB_DATE, 0);
		break;
	case 4: put(o, keep(&o->st, "%s %d", name, y), LAB_CONTAINER, 0); break;
	case 5: put(o, keep(&o->st, "%s (%s) '%02d", v->acr[0] ? v->acr : name, name, y % 100), LAB_CONTAINER, 0); break;
	default: put(o, keep(&o->st, "%s", name), LAB_CONTAINER, 0), put(o, keep(&o->st, "%d,", y), LAB_DATE, 0),
		put(o, keep(&o->st, "%d(%d)", vol, no), LAB_VOLUME, 0);
		break;
	}
}

/* A preprint, a thesis or a manuscript. */
static void other(struct out *o, const struct pool *p, int y, uint64_t *rs)
{
	int yy = y % 100, id = (int)(rnd(rs) % 20000);
	int mm = 1 + (int)(rnd(rs) % 12);
	const char *school = p->nschool ? p->school[rnd(rs) % p->nschool] : "University of Washington";
	switch (rnd(rs) % 9) {
	case 0: put(o, keep(&o->st, "arXiv preprint arXiv:%02d%02d.%05d", yy, mm, id), LAB_CONTAINER, 0); break;
	case 1: put(o, keep(&o->st, "arXiv preprint (%02d%02d.%05d)", yy, mm, id), LAB_CONTAINER, 0); break;
	case 2: put(o, "arXiv preprint,", LAB_CONTAINER, 0), put(o, one_in(rs, 2) ? "in submission" : "under review", LAB_NOTE, 0); break;
	case 3: put(o, keep(&o->st, "CoRR abs/%02d%02d.%05d", yy, mm, id), LAB_CONTAINER, 0), put(o, keep(&o->st, "(%d)", y), LAB_DATE, 0); break;
	case 4: put(o, one_in(rs, 2) ? "PhD Dissertation" : "Ph.D. thesis,", LAB_GENRE, 0), put(o, keep(&o->st, "%d |", y), LAB_DATE, 0),
		put(o, school, LAB_PUBLISHER, 0);
		break;
	case 5: put(o, one_in(rs, 2) ? "Master's thesis," : "PhD thesis,", LAB_GENRE, 0), put(o, keep(&o->st, "%s,", school), LAB_PUBLISHER, 0),
		put(o, keep(&o->st, "%d", y), LAB_DATE, 0);
		break;
	case 6: put(o, one_in(rs, 2) ? "bioRxiv" : "arXiv", LAB_CONTAINER, 0), put(o, keep(&o->st, "%d", y), LAB_DATE, 0); break;
	case 7: put(o, one_in(rs, 2) ? "Under review" : "Manuscript in preparation", LAB_NOTE, 0); break;
	default: put(o, "Technical Report", LAB_GENRE, 0), put(o, keep(&o->st, "TR-%d-%02d,", y, id % 50), LAB_NUMBER, 0),
		put(o, keep(&o->st, "%s,", school), LAB_PUBLISHER, 0), put(o, keep(&o->st, "%d", y), LAB_DATE, 0);
		break;
	}
}

/* The venue line of a CV item: a venue of the table (or one with a made-up
 * acronym), in a CV's form, with a status before it and an award or a rank
 * after it now and then. */
static void cv_venue(struct out *o, const struct pool *p, int y, uint64_t *rs)
{
	unsigned k = rnd(rs) % 10;
	if (!p->nv || k == 9) {
		other(o, p, y, rs);
		return;
	}
	int status = one_in(rs, 8);
	if (status)
		put(o, (const char *[]){"Submitted to", "Under review at", "To appear in", "Accepted at", "In submission to"}[rnd(rs) % 5],
		    LAB_NOTE, 0);
	if (k < 6 && p->conf) {
		const struct venue *v = &p->v[rnd(rs) % p->conf];
		const char *acr = v->acr[0] && !one_in(rs, 4) ? v->acr : made_acronym(o, v->name, rs);
		if (one_in(rs, 8))
			acr = keep(&o->st, "%s %s", (const char *[]){"ACM", "IEEE", "USENIX"}[rnd(rs) % 3], acr);
		conference(o, v, acr, y, rs);
	} else if (p->jour)
		journal(o, &p->v[p->conf + rnd(rs) % p->jour], y, rs);
	if (!status && one_in(rs, 6)) {
		const char *w = awards[rnd(rs) % (sizeof awards / sizeof *awards)];
		if (w[0] == '(' && one_in(rs, 3)) { /* ", Best Paper Award" */
			put(o, ",", o->n ? o->pc[o->n - 1].lab : LAB_CONTAINER, 0);
			w = keep(&o->st, "%.*s", (int)strlen(w) - 2, w + 1);
		}
		put(o, w, LAB_BADGE, one_in(rs, 4));
	}
	else if (!status && one_in(rs, 10)) {
		put(o, ",", LAB_CONTAINER, 0);
		put(o, ranks[rnd(rs) % (sizeof ranks / sizeof *ranks)], LAB_NOTE, 0);
	}
}

/* ---- a CV's author lists ------------------------------------------------------------ */

/* An author list written "First Last, First Last and First Last" gets a
 * CV's marks: stars for equal contribution, an empty slot for the owner,
 * "et al." after a few names, "(Advisor)".  Returns the new text, or NULL
 * when the list is not of that form. */
static const char *cv_authors(struct out *o, const char *s, size_t n, uint64_t *rs)
{
	char names[16][64];
	size_t k = 0, b = 0;
	for (size_t i = 0; i <= n && k < 16; i++) {
		int cut = i == n || s[i] == ',' || (i + 5 <= n && !memcmp(s + i, " and ", 5));
		if (!cut)
			continue;
		size_t e = i, q = b;
		while (q < e && (s[q] == ' ' || s[q] == ','))
			q++;
		if (e - q >= 4 && !memcmp(s + q, "and ", 4))
			q += 4;
		while (e > q && strchr(" .,;", s[e - 1]))
			e--;
		size_t words = 0;
		for (size_t j = q; j < e; j++)
			words += s[j] == ' ';
		if (e <= q || e - q >= 63 || words < 1 || words > 3 || !str_is_upper((unsigned char)s[q]))
			return NULL;
		memcpy(names[k], s + q, e - q);
		names[k++][e - q] = 0;
		b = i + (s[i] == ',' ? 1 : 5);
		if (i < n && s[i] != ',')
			i += 4;
	}
	if (k < 2)
		return NULL;
	struct buf t = {0};
	unsigned what = rnd(rs) % 5;
	size_t drop = what == 1 ? rnd(rs) % k : 99, etal = what == 2 && k > 3 ? 3 : 99;
	for (size_t i = 0; i < k && i < etal; i++) {
		if (i)
			buf_put(&t, ", ", 2);
		if (i == drop)
			continue; /* the owner's empty slot */
		buf_put(&t, names[i], strlen(names[i]));
		if (what == 0 && i < 3 && one_in(rs, 2))
			buf_putc(&t, one_in(rs, 4) ? '#' : '*');
		if (what == 3 && i == k - 1)
			buf_put(&t, " (Advisor)", 10);
	}
	if (what == 4) { /* an edited volume's editors in the authors' place */
		const char *eds = one_in(rs, 2) ? ", eds." : " (eds.)";
		buf_put(&t, eds, strlen(eds));
	}
	if (etal < k && one_in(rs, 2))
		buf_put(&t, " et al.", 7);
	else if (etal < k) { /* al-folio folds a long list */
		char more[40];
		snprintf(more, sizeof more, ", and %zu more author%s", k - etal, k - etal == 1 ? "" : "s");
		t.n -= 2 * (t.n >= 2 && !memcmp(t.p + t.n - 2, ", ", 2));
		buf_put(&t, more, strlen(more));
	}
	else if (what == 0 && one_in(rs, 3)) {
		static const char *const note[] = {" (*co-first authors)", " (* equal contribution)",
		                                   " (*Equal contribution)", " (# co-first authors)"};
		const char *w = note[rnd(rs) % 4];
		buf_put(&t, w, strlen(w));
	}
	buf_putc(&t, 0);
	const char *r = keep(&o->st, "%s", t.p);
	buf_free(&t);
	return r;
}

/* An author list as CVs write it, "Given Family, Given Family and Given
 * Family", of names from the references, with a CV's marks. */
static const char *made_authors(struct out *o, const struct pool *p, uint64_t *rs)
{
	if (p->nname < 100)
		return NULL;
	size_t k = 1 + rnd(rs) % 6;
	if (one_in(rs, 4))
		k += rnd(rs) % 10;
	struct buf t = {0};
	int and_ = one_in(rs, 3);
	/* 0 "Given Family", 1 "Family G.", 2 "G. Family", 3 "Family, G." */
	unsigned style = rnd(rs) % 8;
	style = style < 5 ? 0 : style - 4;
	for (size_t i = 0; i < k; i++) {
		size_t a = rnd(rs) % p->nname, b = rnd(rs) % p->nname;
		const char *g = p->given[a], *f = p->family[b];
		char ini[8] = {g[0], '.', 0};
		if (one_in(rs, 5)) /* a second initial */
			ini[2] = (char)('A' + rnd(rs) % 26), ini[3] = '.', ini[4] = 0;
		if (i) {
			const char *sep = i + 1 == k && and_ ? (style == 3 ? ", & " : k > 2 ? ", and " : " and ") : ", ";
			buf_put(&t, sep, strlen(sep));
		}
		if (style == 0) {
			buf_put(&t, g, strlen(g));
			if (one_in(rs, 6)) {
				char m[4] = {' ', (char)('A' + rnd(rs) % 26), '.', 0};
				buf_put(&t, m, 3);
			}
			buf_putc(&t, ' ');
			buf_put(&t, f, strlen(f));
		} else if (style == 1) {
			buf_put(&t, f, strlen(f));
			buf_putc(&t, ' ');
			buf_put(&t, ini, strlen(ini));
		} else if (style == 2) {
			buf_put(&t, ini, strlen(ini));
			buf_putc(&t, ' ');
			buf_put(&t, f, strlen(f));
		} else {
			buf_put(&t, f, strlen(f));
			buf_put(&t, ", ", 2);
			buf_put(&t, ini, strlen(ini));
		}
	}
	buf_putc(&t, 0);
	const char *r = keep(&o->st, "%s", t.p);
	buf_free(&t);
	return r;
}

/* A system's name before the title, as CS papers have it ("DetectGPT:
 * ...", "SDEdit: ...", "MAJORCA: ..."): made from the title's words. */
static const char *named_title(struct out *o, const char *t, size_t n, uint64_t *rs)
{
	char w[4][16];
	size_t k = 0;
	for (size_t i = 0; i < n && k < 4;) {
		while (i < n && !str_alpha((unsigned char)t[i]))
			i++;
		size_t b = i;
		while (i < n && str_alpha((unsigned char)t[i]))
			i++;
		if (i - b >= 4 && i - b < 15) {
			memcpy(w[k], t + b, i - b);
			w[k++][i - b] = 0;
		}
	}
	if (k < 2)
		return NULL;
	char name[40];
	size_t m = 0;
	unsigned form = rnd(rs) % 4;
	for (size_t j = 0; j < k && m < 30; j++) {
		if (form == 0) /* MAJORCA */
			name[m++] = (char)str_upper((unsigned char)w[j][0]);
		else { /* FastTrack, DeepCheck-GPT */
			size_t l = 2 + rnd(rs) % 3;
			for (size_t q = 0; q < l && w[j][q] && m < 30; q++)
				name[m++] = (char)(q ? str_lower((unsigned char)w[j][q]) : str_upper((unsigned char)w[j][q]));
			if (j == 1)
				break;
		}
	}
	if (form == 2 && m < 34)
		name[m++] = '-', name[m++] = 'G', name[m++] = 'P', name[m++] = 'T';
	if (form == 3 && m < 35)
		name[m++] = 'N', name[m++] = 'e', name[m++] = 't';
	name[m] = 0;
	while (n && strchr(" .,;", t[n - 1]))
		n--;
	return keep(&o->st, "%s: %.*s", name, (int)n, t);
}

/* ---- layouts -------------------------------------------------------------------------- */

enum { G_AUTHOR, G_TITLE, G_REST };

static int group_of(int lab)
{
	return lab == LAB_AUTHOR ? G_AUTHOR : lab == LAB_TITLE ? G_TITLE : G_REST;
}

/* A venue tag before the item: "[ICML 2022]", "[TPDS'24]". */
static void venue_tag(struct out *o, const struct pool *p, uint64_t *rs)
{
	if (!p->conf)
		return;
	const struct venue *v = &p->v[rnd(rs) % p->conf];
	const char *acr = v->acr[0] ? v->acr : made_acronym(o, v->name, rs);
	int y = 1995 + (int)(rnd(rs) % 31);
	put(o, one_in(rs, 2) ? keep(&o->st, "[%s %d]", acr, y) : keep(&o->st, "[%s'%02d]", acr, y % 100), LAB_BADGE, 0);
}

/* The groups of the reference in a page's order, each on lines of its own
 * (or the rest on the authors' line), the rest kept or written as a CV
 * venue; n of the pieces. */
static void block(struct out *o, const struct segs *sg, const struct pool *p, uint64_t *rs, uint8_t *role)
{
	static const int orders[6][3] = {{G_TITLE, G_AUTHOR, G_REST}, {G_TITLE, G_AUTHOR, G_REST},
	                                 {G_AUTHOR, G_TITLE, G_REST}, {G_TITLE, G_REST, G_AUTHOR},
	                                 {G_TITLE, G_AUTHOR, G_REST}, {G_AUTHOR, G_TITLE, G_REST}};
	unsigned layout = rnd(rs) % 6;
	int same_line = one_in(rs, 6), cv = one_in(rs, 2), drop_rest = one_in(rs, 12), roles = one_in(rs, 4);
	int made = one_in(rs, 2), named = one_in(rs, 6), tagged = one_in(rs, 12);
	uint8_t tfl = 0, cfl = one_in(rs, 4) ? TOK_ITALIC : 0;
	unsigned m = rnd(rs) % 20;
	tfl = m < 4 ? TOK_ITALIC : m < 7 ? TOK_BOLD : m < 10 ? TOK_LINK : 0;
	int y = 1990 + (int)(rnd(rs) % 36);
	for (size_t i = 0; i < sg->n; i++)
		if (sg->lab[i] == LAB_DATE)
			for (size_t j = 0; j + 4 <= sg->text[i].n; j++)
				if ((sg->text[i].p[j] == '1' || sg->text[i].p[j] == '2') && str_digit((unsigned char)sg->text[i].p[j + 1]) &&
				    str_digit((unsigned char)sg->text[i].p[j + 2]) && str_digit((unsigned char)sg->text[i].p[j + 3]))
					y = atoi(sg->text[i].p + j) % 10000;
	int line = 0;
	memset(role, 0, 32);
	for (int k = 0; k < 3; k++) {
		int g = orders[layout][k], first = 1;
		if (g == G_REST && drop_rest)
			continue;
		if (g == G_REST && cv) {
			size_t at = o->n;
			cv_venue(o, p, y, rs);
			if (o->n > at && o->n > 0) {
				o->pc[at].lb = at > 0 && !(same_line && k == 2);
				line += o->pc[at].lb;
				for (size_t i = at + 1; i < o->n; i++)
					line += o->pc[i].lb;
				if (roles && line < 32)
					role[line] = R_VENUE;
			}
			continue;
		}
		for (size_t i = 0; i < sg->n; i++) {
			if (group_of(sg->lab[i]) != g || sg->lab[i] == LAB_NUMBER || o->n >= 256)
				continue;
			const char *t = sg->text[i].p;
			size_t tn = sg->text[i].n;
			if (g == G_TITLE && first && tagged) {
				size_t at = o->n;
				venue_tag(o, p, rs);
				if (o->n > at) {
					o->pc[at].lb = at > 0;
					o->pc[at].flags = tfl;
					line += o->pc[at].lb;
				}
			}
			if (g == G_TITLE && first && named) {
				const char *c = named_title(o, t, tn, rs);
				if (c)
					t = c, tn = strlen(c);
			}
			if (g == G_AUTHOR && first && one_in(rs, 3)) {
				const char *c = cv_authors(o, t, tn, rs);
				if (c)
					t = c, tn = strlen(c);
			}
			if (g == G_AUTHOR && first && made) {
				const char *c = made_authors(o, p, rs);
				if (c) {
					c = one_in(rs, 3) ? cv_authors(o, c, strlen(c), rs) : c;
					if (c)
						t = c, tn = strlen(c);
				}
			}
			int lb = first && o->n && !(same_line && k == 2) && !(tagged && g == G_TITLE);
			o->pc[o->n++] = (struct piece){t, tn, sg->lab[i], g == G_TITLE ? tfl : sg->lab[i] == LAB_CONTAINER ? cfl : 0,
			                               (uint8_t)lb, NULL};
			line += lb;
			if (roles && line < 32)
				role[line] = g == G_TITLE ? R_TITLE : g == G_AUTHOR ? R_AUTHOR : R_VENUE;
			first = 0;
		}
	}
}

/* The owner's name in bold (or italics, or underlined): one name of the
 * author list. */
static void mark_owner(struct render *r, uint64_t *rs)
{
	size_t n = r->text.n, k = 0, names = 0;
	for (size_t i = 0; i < n; i++)
		names += r->lab[i] == LAB_AUTHOR && (r->text.p[i] == ',' || i == 0 || r->lab[i - 1] != LAB_AUTHOR);
	if (!names)
		return;
	size_t pick = rnd(rs) % names;
	uint8_t fl = one_in(rs, 5) ? TOK_ITALIC : TOK_BOLD;
	for (size_t i = 0; i < n; i++) {
		if (r->lab[i] != LAB_AUTHOR)
			continue;
		if (r->text.p[i] == ',' || i == 0 || r->lab[i - 1] != LAB_AUTHOR) {
			if (k++ == pick) {
				size_t j = i + (r->text.p[i] == ',');
				while (j < n && r->lab[j] == LAB_AUTHOR && r->text.p[j] != ',')
					r->fl[j++] |= fl;
				return;
			}
		}
	}
}

/* A CV's one-line citation: authors, title (quoted or not) and a CV
 * venue, or the title first. */
static void one_line(struct out *o, const struct segs *sg, const struct pool *p, uint64_t *rs)
{
	int title_first = one_in(rs, 3), quote = one_in(rs, 4);
	unsigned sep = rnd(rs) % 4; /* after the authors: 0, 3 ". ", 1 ":" (DBLP), 2 " (YYYY)." (APA) */
	if (one_in(rs, 5))
		venue_tag(o, p, rs);
	for (int k = 0; k < 2; k++) {
		int want = (k == 0) == title_first ? LAB_TITLE : LAB_AUTHOR;
		for (size_t i = 0; i < sg->n; i++)
			if (sg->lab[i] == want) {
				const char *t = sg->text[i].p;
				size_t tn = sg->text[i].n;
				while (tn && strchr(" .,;:", t[tn - 1]))
					tn--;
				if (want == LAB_TITLE && one_in(rs, 6)) {
					const char *c = named_title(o, t, tn, rs);
					if (c)
						t = c, tn = strlen(c);
				}
				if (want == LAB_AUTHOR && one_in(rs, 2)) {
					const char *c = made_authors(o, p, rs);
					if (c)
						t = c, tn = strlen(c);
				}
				if (want == LAB_AUTHOR && one_in(rs, 3)) {
					const char *c = cv_authors(o, t, tn, rs);
					if (c)
						t = c, tn = strlen(c);
				}
				if (want == LAB_TITLE && quote)
					t = keep(&o->st, "\"%.*s,\"", (int)tn, t);
				else if (want == LAB_AUTHOR && !title_first && sep == 1)
					t = keep(&o->st, "%.*s:", (int)tn, t); /* DBLP */
				else
					t = keep(&o->st, "%.*s.", (int)tn, t);
				put(o, t, want, 0);
				if (want == LAB_AUTHOR && !title_first && sep == 2) /* APA */
					put(o, keep(&o->st, "(%d).", 1990 + (int)(rnd(rs) % 36)), LAB_DATE, 0);
			}
	}
	cv_venue(o, p, 1990 + (int)(rnd(rs) % 36), rs);
}

/* Pages end a block's lines without the period a reference puts between
 * its parts: the last piece of each line loses it (not an initial's). */
static void bare_ends(struct out *o)
{
	for (size_t i = 0; i < o->n; i++) {
		if (i + 1 < o->n && !o->pc[i + 1].lb)
			continue;
		struct piece *p = &o->pc[i];
		size_t n = p->n;
		while (n && p->p[n - 1] == ' ')
			n--;
		size_t w = n;
		while (w && p->p[w - 1] != ' ')
			w--;
		if (n - w > 3 && strchr(".,;", p->p[n - 1]))
			p->n = n - 1;
	}
}

/* East Asian script: n ideographs from the common block. */
static void ideographs(struct buf *b, size_t n, uint64_t *rs)
{
	for (size_t i = 0; i < n; i++) {
		unsigned cp = 0x4E00 + rnd(rs) % 0x51A5;
		utf8_append(b, (int32_t)cp);
	}
}

/* A publication of an East Asian list: authors of two or three
 * ideographs, a title, a journal, a year; one line or a block. */
static void east_asian(struct out *o, uint64_t *rs)
{
	struct buf t = {0};
	size_t k = 1 + rnd(rs) % 4;
	int space = one_in(rs, 2), block = one_in(rs, 2);
	for (size_t i = 0; i < k; i++) {
		if (i)
			buf_put(&t, one_in(rs, 2) ? ", " : "\xE3\x80\x81", one_in(rs, 2) ? 2 : 3);
		ideographs(&t, 1, rs);
		if (space)
			buf_putc(&t, ' ');
		ideographs(&t, 1 + rnd(rs) % 2, rs);
	}
	buf_putc(&t, 0);
	const char *authors = keep(&o->st, "%s%s", t.p, block ? "" : ".");
	t.n = 0;
	ideographs(&t, 8 + rnd(rs) % 14, rs);
	buf_putc(&t, 0);
	const char *title = keep(&o->st, "%s%s", t.p, block ? "" : ".");
	if (block && one_in(rs, 2)) { /* the title first */
		put(o, title, LAB_TITLE, 0);
		put(o, authors, LAB_AUTHOR, 1);
	} else {
		put(o, authors, LAB_AUTHOR, 0);
		put(o, title, LAB_TITLE, block);
	}
	t.n = 0;
	ideographs(&t, 3 + rnd(rs) % 5, rs);
	static const char *const suffix[] = {"\xE5\xAD\xA6\xE6\x8A\xA5", "\xE8\xAB\x96\xE6\x96\x87\xE8\xAA\x8C",
	                                     "\xE6\x9C\x9F\xE5\x88\x8A", "\xE7\xA0\x94\xE7\xA9\xB6"};
	const char *sfx = suffix[rnd(rs) % 4];
	buf_put(&t, sfx, strlen(sfx));
	buf_putc(&t, 0);
	put(o, keep(&o->st, "%s,", t.p), LAB_CONTAINER, block);
	put(o, keep(&o->st, "%d.", 1990 + (int)(rnd(rs) % 36)), LAB_DATE, 0);
	buf_free(&t);
}

/* The reference as a page's items: as written on one line, as a block, as
 * a CV's one-line citation; and sometimes each line of a block alone, as
 * the finder reads a line. */
void add_items(struct data *d, const struct segs *sg, const char *text, const struct pool *p)
{
	uint64_t rs = hash_bytes(text, strlen(text)) | 1;
	struct out *o = xcalloc(1, sizeof *o);
	struct render r = {0};
	int has_title = 0, has_author = 0;
	for (size_t i = 0; i < sg->n; i++)
		has_title |= sg->lab[i] == LAB_TITLE, has_author |= sg->lab[i] == LAB_AUTHOR;
	unsigned how = rnd(&rs) % 10;
	int lines = 0;
	if (one_in(&rs, 15)) {
		east_asian(o, &rs);
		memset(r.role, 0, sizeof r.role);
	} else if (how < 3 || !has_title || !has_author) {
		for (size_t i = 0; i < sg->n; i++)
			o->pc[o->n++] = (struct piece){sg->text[i].p, sg->text[i].n, sg->lab[i], 0, sg->lb[i], NULL};
		memset(r.role, 0, sizeof r.role);
	} else if (how < 5) {
		one_line(o, sg, p, &rs);
		memset(r.role, 0, sizeof r.role);
	} else {
		block(o, sg, p, &rs, r.role);
		lines = 1;
	}
	if (lines && one_in(&rs, 2))
		bare_ends(o);
	render(&r, o->pc, o->n);
	if (one_in(&rs, 4))
		mark_owner(&r, &rs);
	push_seq(d, &r, 1);
	if (lines && one_in(&rs, 3)) {
		/* each line alone */
		struct render one = {0};
		for (size_t b = 0, i = 0; i <= r.text.n; i++) {
			if (i < r.text.n && r.text.p[i] != '\n')
				continue;
			one.text.n = 0;
			render_put(&one, r.text.p + b, i - b, 0, 0);
			memcpy(one.lab, r.lab + b, i - b);
			memcpy(one.fl, r.fl + b, i - b);
			memset(one.role, 0, sizeof one.role);
			push_seq(d, &one, 1);
			b = i + 1;
		}
		buf_free(&one.text), free(one.lab), free(one.fl);
	}
	buf_free(&r.text), free(r.lab), free(r.fl);
	free(o);
}
