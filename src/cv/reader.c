/* cv/reader.c - the `cv` reader: publication lists in CVs and homepages.
 *
 * People keep their publications as a list in a CV or on a web page, not as
 * BibTeX.  This reader takes such a document whole (a CV is small; the input
 * is capped at CV_MAX_INPUT), turns its shape - plain text, Markdown, HTML or
 * a LaTeX CV - into one line model with inline markup (enum cx_mark), finds
 * the publication sections by their headings, splits them into items
 * (numbered, bulleted, headed, or "title / authors / venue" blocks, or one
 * citation per line), and reads each item's fields: authors through the
 * author grammar (grammar/authors.y), the venue through venue_parse
 * (grammar/venue.y and the venue table), year, status, arXiv id, DOI, URL,
 * and the awards and rank labels that go to a note.
 *
 * Unlike the BibTeX reader this one buffers the document: the owner's name
 * (which fills the slots where a page dropped it), the duplicate check (a
 * paper listed as a preprint and again under its venue appears once) and the
 * keys all need every item first.  Entries are then normalized and emitted in
 * document order.  Every choice a user may want to know about is in
 * docs/guide.md (Publication lists).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <utf8proc.h>

#include "core/hash.h"
#include "core/str.h"
#include "cv/doc.h"

/* ---- keys -------------------------------------------------------------------- */

/* ASCII letters and digits of s, lower-cased, accents stripped. */
static size_t ascii_fold(cx_str s, char *out, size_t cap, int stop_at_space)
{
	utf8proc_uint8_t *m = NULL;
	size_t k = 0;
	int ascii = 1;
	for (size_t i = 0; i < s.n && ascii; i++)
		ascii = (unsigned char)s.p[i] < 0x80;
	utf8proc_ssize_t r = ascii ? -1 : utf8proc_map((const utf8proc_uint8_t *)s.p, (utf8proc_ssize_t)s.n, &m,
	                                  UTF8PROC_DECOMPOSE | UTF8PROC_STRIPMARK | UTF8PROC_CASEFOLD |
	                                  UTF8PROC_COMPAT);
	const char *p = r >= 0 ? (const char *)m : s.p;
	size_t n = r >= 0 ? (size_t)r : s.n;
	for (size_t i = 0; i < n && k + 1 < cap; i++) {
		unsigned char c = (unsigned char)p[i];
		if (stop_at_space && k && (cvd_is_sp(c) || c == '-' || c == ':'))
			break;
		if (str_alnum(c))
			out[k++] = (char)str_lower(c);
		else if (c == 0xC3 && i + 1 < n && (unsigned char)p[i + 1] == 0x9F && k + 2 < cap)
			out[k++] = 's', out[k++] = 's', i++; /* sz */
		else if (c == 0xC3 && i + 1 < n && ((unsigned char)p[i + 1] == 0xB8))
			out[k++] = 'o', i++;
		else if (c == 0xC3 && i + 1 < n && ((unsigned char)p[i + 1] == 0xA6) && k + 2 < cap)
			out[k++] = 'a', out[k++] = 'e', i++; /* two letters: only with room for both */
		else if (c == 0xC5 && i + 1 < n && ((unsigned char)p[i + 1] == 0x82))
			out[k++] = 'l', i++;
	}
	out[k] = 0;
	free(m);
	return k;
}


/* ---- items to entries ------------------------------------------------------- */

/* An entry, and the key of the item's whole text (folded letters and
 * digits), by which the page's structured data finds it. */
static void push_entry(struct cv *v, struct cx_entry *e, cx_str text)
{
	if (v->nent == v->capent) {
		v->capent = v->capent ? v->capent * 2 : 32;
		v->ent = xrealloc(v->ent, v->capent * sizeof *v->ent);
		v->ekey = xrealloc(v->ekey, v->capent * sizeof *v->ekey);
	}
	cx_str p = cvd_plain(&v->a, text);
	char *k = arena_alloc(&v->a, p.n + 1);
	ascii_fold(p, k, p.n + 1, 0);
	v->ekey[v->nent] = k;
	v->ent[v->nent++] = e;
}

/* What a template's badge says the item is ("Conf. Proc.", "PhD Thesis",
 * "Journal", "Preprint"), as a heading would. */
static enum cv_hint badge_hint(cx_str b)
{
	static const struct {
		const char *w;
		enum cv_hint h;
	} words[] = {{"issue", H_ISSUE}, {"ed. vol", H_EDITED}, {"edited volume", H_EDITED},
	             {"edited book", H_EDITED}, {"journal", H_JOURNAL}, {"article", H_JOURNAL}, {"conf", H_CONFERENCE},
	             {"conference", H_CONFERENCE}, {"proc", H_CONFERENCE}, {"proceedings", H_CONFERENCE},
	             {"workshop", H_WORKSHOP}, {"thesis", H_THESIS}, {"dissertation", H_THESIS},
	             {"preprint", H_PREPRINT}, {"book", H_BOOK}, {"monograph", H_BOOK}, {"chapter", H_CHAPTER},
	             {"report", H_REPORT}, {"patent", H_PATENT}};
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		if (cvd_find_ci(b, words[i].w, 1) >= 0 ||
		    (b.n > strlen(words[i].w) && cvd_find_ci(b, words[i].w, 0) >= 0 && words[i].h == H_CONFERENCE))
			return words[i].h;
	return H_NONE;
}

/* Does t hold the owner's family name as a word? */
static int owner_named_in(const struct cv *v, cx_str t)
{
	size_t b = v->owner.n;
	while (b && v->owner.p[b - 1] != ' ')
		b--;
	char fam[64];
	size_t n = v->owner.n - b;
	if (!n || n >= sizeof fam)
		return 0;
	memcpy(fam, v->owner.p + b, n);
	fam[n] = 0;
	return str_ifind(t, fam, 1) >= 0;
}

/* Label every item found.  Again, once the owner is known: the items
 * whose title took a line that may be the owner's name alone (a work of
 * the owner's own, "Metals Under Stress | Lena Park"). */
static void label_items(struct cv *v, int again)
{
	struct cv_ctx x = {.a = &v->a, .c = v->c, .model = v->model, .owner = again ? v->owner : cvd_S("", 0)};
	if (again && !v->owner.n)
		return;
	for (size_t i = 0; i < v->nraw; i++) {
		struct cv_raw *r = &v->raw[i];
		if (again && (!r->item || r->item->seg[LAB_AUTHOR].n || !owner_named_in(v, r->item->seg[LAB_TITLE])))
			continue;
		struct cv_item *it = arena_calloc(&v->a, sizeof *it);
		cx_str t = cvd_unlinked(&v->a, r->text, &r->extra);
		if (!v->latex)
			t = cvd_tex_spans(&v->a, t);
		struct item_noise nz = {{NULL, 0}, {NULL, 0}};
		uint8_t *roles;
		t = cvd_item_clean(&v->a, t, r->roles, &roles, &nz);
		it->heading = r->title;
		cv_label(&x, t.p, t.n, roles, 1, it);
		/* identifiers from the links set apart */
		struct venue_out ids;
		memset(&ids, 0, sizeof ids);
		if (r->extra.n) {
			char *s = arena_strndup(&v->a, r->extra.p, r->extra.n);
			size_t n = r->extra.n;
			cv_take_ids(&x, s, &n, &ids);
		}
		it->doi = ids.doi, it->url = ids.url, it->arxiv = ids.arxiv;
		it->line = r->line;
		it->hint = r->hint ? r->hint : badge_hint(r->badge);
		it->year = r->rec_year;
		it->abstract = r->abstract.n ? r->abstract : nz.abstract;
		it->note = nz.note;
		it->badge = r->badge;
		struct ymd d;
		if (r->date.n && cvd_date_line(r->date, &d))
			it->date_y = d.y, it->date_m = d.m, it->date_d = d.d;
		r->item = it;
	}
}

/* An identifier in the links of three items or more is the page's (its
 * own DOI, a group's arXiv listing), no item's: it goes. */
static void shared_ids(struct cv *v)
{
	for (size_t i = 0; i < v->nraw; i++) {
		struct cv_item *it = v->raw[i].item;
		cx_str *id[2] = {&it->doi, &it->arxiv};
		for (int k = 0; k < 2; k++) {
			if (!id[k]->n)
				continue;
			size_t same = 0;
			for (size_t j = 0; j < v->nraw; j++) {
				const struct cv_item *o = v->raw[j].item;
				cx_str oid = k ? o->arxiv : o->doi;
				same += oid.n == id[k]->n && !memcmp(oid.p, id[k]->p, oid.n);
			}
			if (same >= 3)
				*id[k] = cvd_S("", 0);
		}
	}
}

/* An item found outside a publication heading is taken only when it reads
 * as a whole publication: a title, authors, and a venue or a year. */
static int whole(const struct cv_item *it)
{
	return it->seg[LAB_TITLE].n && it->seg[LAB_AUTHOR].n && (it->seg[LAB_CONTAINER].n || it->seg[LAB_DATE].n);
}

/* Is the item a title and nothing else ("See the full list at Google
 * Scholar", a project's name)? */
static int title_only(const struct cv_item *it)
{
	for (int l = 0; l < LAB_N; l++)
		if (l != LAB_TITLE && l != LAB_NUMBER && l != LAB_URL && it->seg[l].n)
			return 0;
	return !it->date_y && !it->badge.n && !it->doi.n && !it->arxiv.n;
}

/* Does item b, which has no title, take the title that item a is alone:
 * a title of three words or more, then authors, two of them or one with
 * a venue or a date? */
static int takes_title(struct cv *v, const struct cv_item *a, const struct cv_item *b)
{
	if (b->seg[LAB_TITLE].n || !title_only(a) || cvd_words_in(a->seg[LAB_TITLE]) < 3)
		return 0;
	struct au_list L;
	cx_str au = b->seg[LAB_AUTHOR];
	if (!au.n || au_parse(&v->a, au.p, au.n, &L) || !L.n)
		return 0;
	return L.n >= 2 || b->seg[LAB_CONTAINER].n || b->seg[LAB_DATE].n || b->date_y;
}

/* The entry of each item; an item that gives none is reported. */
struct embedded;
static struct cx_entry *embedded_take(struct cv *v, struct embedded *m, cx_str text);

/* Is p[0..n) a month's name, in full or cut short ("Sept", "Oct.")? */
static int month_word(const char *p, size_t n)
{
	static const char *const mon[] = {"january", "february", "march", "april", "may", "june", "july", "august",
	                                  "september", "october", "november", "december", NULL};
	if (n && p[n - 1] == '.')
		n--;
	if (n < 3)
		return 0;
	for (size_t k = 0; mon[k]; k++)
		if (n <= strlen(mon[k]) && cvd_ieqn(p, mon[k], n))
			return 1;
	return 0;
}

/* Does the text hold a span of time as a position or a project is dated
 * ("Oct. 2021 -- present", "2019-now", "June 2020 -- Sep. 2020"), which a
 * publication is not? */
static int tenure_span(cx_str t)
{
	for (size_t i = 0; i < t.n; i++) {
		size_t dl = t.p[i] == '-' ? 1 : (i + 3 <= t.n && (!memcmp(t.p + i, "\xE2\x80\x93", 3) ||
		                                                  !memcmp(t.p + i, "\xE2\x80\x94", 3))) ? 3 : 0;
		if (!dl)
			continue;
		size_t a = i, b = i + dl;
		while (b < t.n && t.p[b] == '-')
			b++;
		while (a && t.p[a - 1] == ' ')
			a--;
		while (b < t.n && t.p[b] == ' ')
			b++;
		/* a year before the dash */
		if (a < 4 || !str_digit((unsigned char)t.p[a - 1]) || !str_digit((unsigned char)t.p[a - 4]) ||
		    (a > 4 && str_digit((unsigned char)t.p[a - 5])) || (t.p[a - 4] != '1' && t.p[a - 4] != '2'))
			continue;
		size_t w = b;
		while (w < t.n && str_alpha((unsigned char)t.p[w]))
			w++;
		cx_str r = cvd_S(t.p + b, w - b);
		if (r.n && (!str_ifind(r, "present", 1) || !str_ifind(r, "now", 1) || !str_ifind(r, "current", 1) ||
		            !str_ifind(r, "ongoing", 1)) && r.n <= 7)
			return 1;
		/* "Month Year - Month Year" */
		size_t m = a - 4;
		while (m && t.p[m - 1] == ' ')
			m--;
		size_t ms = m;
		while (ms && (str_alpha((unsigned char)t.p[ms - 1]) || t.p[ms - 1] == '.'))
			ms--;
		if (w < t.n && t.p[w] == '.')
			w++;
		size_t y = w;
		while (y < t.n && t.p[y] == ' ')
			y++;
		if (ms < m && month_word(t.p + ms, m - ms) && month_word(t.p + b, w - b) && y + 4 <= t.n &&
		    str_digit((unsigned char)t.p[y]) && str_digit((unsigned char)t.p[y + 3]))
			return 1;
	}
	return 0;
}

static void build_entries(struct cv *v, struct embedded *m)
{
	const struct cx_field *last = NULL; /* the authors of the item before */
	for (size_t i = 0; i < v->nraw; i++) {
		struct cv_raw *r = &v->raw[i];
		const struct cv_item *it = r->item;
		struct cv_item joined;
		if (i && takes_title(v, v->raw[i - 1].item, it) && !v->raw[i - 1].strict) {
			/* a title alone, then the rest without one: a text dump
			 * of a card sets the title a paragraph apart, and a page
			 * may give each field a block of its own */
			joined = *it;
			joined.seg[LAB_TITLE] = v->raw[i - 1].item->seg[LAB_TITLE];
			it = &joined;
			/* and what was set beside the title: its abstract, its links */
			const struct cv_item *t = v->raw[i - 1].item;
			if (!joined.abstract.n)
				joined.abstract = t->abstract;
			if (!joined.doi.n)
				joined.doi = t->doi;
			if (!joined.url.n)
				joined.url = t->url;
			if (!joined.arxiv.n)
				joined.arxiv = t->arxiv;
		}
		if (i + 1 < v->nraw && takes_title(v, it, v->raw[i + 1].item) && !r->strict)
			continue; /* the next item takes its title */
		if (r->strict && !whole(it))
			continue;
		v->found++;
		struct cv_ctx x = {.a = &v->a, .c = v->c, .owner = v->owner, .model = v->model,
		                   .owner_warned = v->owner_warned, .lists = 1, .last_authors = last};
		if (!it->seg[LAB_TITLE].n || title_only(it)) {
			/* the page's own data for an item the labeller could not read */
			struct cx_entry *d = embedded_take(v, m, r->text);
			if (d) {
				push_entry(v, d, r->text);
				continue;
			}
		}
		if (!it->seg[LAB_TITLE].n) {
			cvd_v_diag(v, CX_WARNING, CX_E_SYNTAX, r->line,
			           "item in a publication section has no title; skipped");
			continue;
		}
		if (title_only(it)) {
			cvd_v_diag(v, CX_WARNING, CX_E_SYNTAX, r->line,
			           "item in a publication section is a title alone (no authors, venue or year); skipped");
			continue;
		}
		if (tenure_span(r->text)) {
			cvd_v_diag(v, CX_WARNING, CX_E_SYNTAX, r->line,
			           "item dated as a span of time (\"2019 -- present\", \"June 2020 -- Sep. 2020\") "
			           "is a position or a project, not a publication; skipped");
			continue;
		}
		struct cx_entry *e = cv_entry(&x, it);
		v->owner_warned = x.owner_warned;
		if (e && cx_entry_get(e, CX_F_AUTHOR))
			last = cx_entry_get(e, CX_F_AUTHOR);
		if (e)
			push_entry(v, e, r->text);
		else
			cvd_v_diag(v, CX_WARNING, CX_E_SYNTAX, r->line,
			           "item in a publication section has no title; skipped");
	}
}

/* ---- duplicates ------------------------------------------------------------------ */

static size_t title_key(struct cv *v, const struct cx_entry *e, char *out, size_t cap)
{
	struct cx_field *t = cx_entry_get(e, CX_F_TITLE);
	if (!t)
		return 0;
	return ascii_fold(cvd_plain(&v->a, t->text), out, cap, 0);
}

static int rank_of(const struct cx_entry *e)
{
	switch (e->type) {
	case CX_T_ARTICLE:
	case CX_T_INPROCEEDINGS:
		return 3;
	case CX_T_PHDTHESIS:
	case CX_T_MASTERSTHESIS:
	case CX_T_TECHREPORT:
		return 3;
	case CX_T_UNPUBLISHED:
		return 1;
	case CX_T_PREPRINT:
		return 2;
	default:
		return cx_entry_get(e, CX_F_EPRINT) ? 2 : 0;
	}
}

/* Keep one entry per title: the published form wins, and it takes the
 * identifiers, numbers and authors only the other one had. */
static void dedupe(struct cv *v)
{
	char a[512];
	/* title keys once, then a hash table from key to the first entry */
	char **tk = arena_calloc(&v->a, (v->nent + 1) * sizeof *tk);
	size_t cap = 16;
	while (cap < 2 * v->nent + 2)
		cap *= 2;
	size_t *slot = arena_alloc(&v->a, cap * sizeof *slot);
	for (size_t i = 0; i < cap; i++)
		slot[i] = (size_t)-1;
	for (size_t j = 0; j < v->nent; j++) {
		if (!v->ent[j] || !title_key(v, v->ent[j], a, sizeof a))
			continue;
		tk[j] = arena_strndup(&v->a, a, strlen(a));
		size_t h = (size_t)hash_bytes(a, strlen(a)) & (cap - 1);
		while (slot[h] != (size_t)-1 && strcmp(tk[slot[h]], a))
			h = (h + 1) & (cap - 1);
		if (slot[h] == (size_t)-1) {
			slot[h] = j;
			continue;
		}
		size_t i = slot[h];
		{
			struct cx_entry *keep = v->ent[i], *drop = v->ent[j];
			if (rank_of(drop) > rank_of(keep)) {
				struct cx_entry *t = keep;
				keep = drop;
				drop = t;
				keep->loc = v->ent[i]->loc;
			}
			/* and the numbers only one of them wrote: a title line with
			 * "Published in Journal, 2019" beside its full citation */
			static const enum cx_field_id ids[] = {CX_F_DOI, CX_F_URL, CX_F_EPRINT, CX_F_EPRINTTYPE,
			                                       CX_F_ABSTRACT, CX_F_VOLUME, CX_F_NUMBER, CX_F_PAGES};
			size_t fcap = keep->nfields; /* full: the builder copies the array */
			for (size_t k = 0; k < sizeof ids / sizeof *ids; k++) {
				struct cx_field *f = cx_entry_get(drop, ids[k]);
				if (f && !cx_entry_get(keep, ids[k]))
					*model_add_field(&v->a, keep, &fcap, ids[k], f->name, f->text, f->loc.line) = *f;
			}
			/* an entry never names fewer authors than the page shows: a
			 * title line whose authors were left to the page's owner
			 * takes the list its "Recommended citation" wrote out */
			struct cx_field *ka = cx_entry_get(keep, CX_F_AUTHOR), *da = cx_entry_get(drop, CX_F_AUTHOR);
			if (da && ka && da->nnames > ka->nnames)
				*ka = *da;
			else if (da && !ka)
				*model_add_field(&v->a, keep, &fcap, CX_F_AUTHOR, da->name, da->text, da->loc.line) = *da;
			if (keep == v->ent[j])
				v->ekey[i] = v->ekey[j];
			v->ent[i] = keep;
			v->ent[j] = NULL;
		}
	}
}

/* ---- the reader ------------------------------------------------------------------- */

static int looks_html(const char *s, size_t n)
{
	static const char *const tags[] = {"<html", "<li", "<div", "<p>", "<p ", "<br", "<td",
	                                   "<h1", "<h2", "<h3", "<ul", "<ol", "<body", "<span",
	                                   "<!doctype", NULL};
	size_t hits = 0;
	cx_str t = cvd_S(s, n < 200000 ? n : 200000);
	for (size_t i = 0; tags[i]; i++)
		if (cvd_find_ci(t, tags[i], 0) >= 0)
			hits++;
	if (hits < 2 || cvd_find_ci(t, "<html", 0) >= 0 || cvd_find_ci(t, "<body", 0) >= 0)
		return hits >= 2;
	/* Markdown with some HTML in it: Markdown headings at line starts */
	size_t md = 0;
	for (size_t i = 0; i + 2 < t.n; i++)
		if ((i == 0 || t.p[i - 1] == '\n') && t.p[i] == '#' && (t.p[i + 1] == ' ' || t.p[i + 1] == '#'))
			md++;
	return md < 2;
}

static int looks_latex(const char *s, size_t n)
{
	cx_str t = cvd_S(s, n < 200000 ? n : 200000);
	return cvd_find_ci(t, "\\item", 0) >= 0 || cvd_find_ci(t, "\\section", 0) >= 0 ||
	       cvd_find_ci(t, "\\begin{", 0) >= 0 || cvd_find_ci(t, "\\documentclass", 0) >= 0;
}

/* Does a line hold Markdown emphasis ("*Journal*", "_Venue_")?  Such a
 * list is Markdown, which the line model reads, not a plain
 * bibliography. */
static int md_emphasis(const char *s, size_t n)
{
	for (size_t i = 0; i + 2 < n; i++) {
		char m = s[i];
		if ((m != '*' && m != '_') || (i && s[i - 1] != ' ' && s[i - 1] != '(' && s[i - 1] != '\n') ||
		    !str_alpha((unsigned char)s[i + 1]))
			continue;
		for (size_t k = i + 2; k < n && s[k] != '\n'; k++)
			if (s[k] == m && (k + 1 == n || !str_alnum((unsigned char)s[k + 1])) && s[k - 1] != ' ')
				return 1;
	}
	return 0;
}

/* ---- structured data --------------------------------------------------------- */

/* Entries the page carries as structured data, read by their own reader
 * and kept (copied) until the visible items are read: each is matched to
 * the visible item with the same title, whose place in the list it takes,
 * and whose title it takes too, as the page shows it (a BibTeX export
 * braces every capital: "{Digital} {Humanities}").  The page's own record
 * is what a reader of the page sees; the BibTeX behind it holds the rest
 * (the whole author list where the page shows "and 6 more authors"). */
struct embedded {
	struct cx_reader_ctx *c;
	struct cv *v;
	struct cx_entry **ent;
	char **titles;
	size_t n, cap;
};

static void embedded_emit(void *ctx, struct cx_entry *e)
{
	struct embedded *m = ctx;
	struct cx_field *t = cx_entry_get(e, CX_F_TITLE);
	char k[512];
	k[0] = 0;
	if (t)
		ascii_fold(cvd_plain(&m->v->a, t->text), k, sizeof k, 0);
	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 32;
		m->titles = xrealloc(m->titles, m->cap * sizeof *m->titles);
		m->ent = xrealloc(m->ent, m->cap * sizeof *m->ent);
	}
	m->titles[m->n] = arena_strndup(&m->v->a, k, strlen(k));
	m->ent[m->n++] = model_copy_entry(&m->v->a, e);
}

/* The BibTeX blocks of a page (al-folio shows each entry's BibTeX behind
 * a button, and a text dump of the page shows them inline): the owner's
 * own records, read as BibTeX. */
static void read_embedded(struct cv *v, const char *bibtex, size_t n, struct embedded *m)
{
	FILE *f = fmemopen((void *)bibtex, n, "rb");
	if (!f)
		return;
	struct cx_input in = {f, NULL, 0, 0, 0};
	struct cx_reader_ctx c2 = *v->c;
	c2.emit = embedded_emit;
	c2.emit_ctx = m;
	c2.nentries = c2.diags.nerrors = c2.diags.nwarnings = 0;
	cx_reader_find("bibtex")->read(&c2, &in);
	fclose(f);
	v->c->diags.nerrors += c2.diags.nerrors;
	v->c->diags.nwarnings += c2.diags.nwarnings;
}

/* BibTeX text without the HTML tags a page put in it ("{<span
 * class="nocase">Preface</span>}"), which a text dump shows as they are. */
static void put_untagged(struct buf *out, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '<' && i + 1 < n && (str_alpha((unsigned char)s[i + 1]) || s[i + 1] == '/')) {
			size_t j = i + 1;
			while (j < n && s[j] != '>' && s[j] != '\n' && s[j] != '<')
				j++;
			if (j < n && s[j] == '>') {
				i = j;
				continue;
			}
		}
		buf_putc(out, s[i]);
	}
}

/* BibTeX entries in a text (a text dump of a page shows the blocks its
 * buttons unfold): each "@type{" at a line start whose type BibTeX knows,
 * to its balancing brace, is copied to out and blanked in s (line breaks
 * stay, so line numbers hold).  How many. */
static size_t text_bibtex(char *s, size_t n, struct buf *out)
{
	size_t found = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] != '@')
			continue;
		size_t b = i;
		while (b && (s[b - 1] == ' ' || s[b - 1] == '\t'))
			b--;
		if (b && s[b - 1] != '\n')
			continue;
		size_t w = i + 1;
		while (w < n && str_alpha((unsigned char)s[w]))
			w++;
		int known = 0;
		if (w == i + 1 || w >= n || s[w] != '{')
			continue;
		cx_type_lookup(s + i + 1, w - i - 1, &known);
		if (!known)
			continue;
		size_t e = w, depth = 0;
		for (; e < n && e - i < 65536; e++) {
			if (s[e] == '{')
				depth++;
			else if (s[e] == '}' && !--depth)
				break;
		}
		if (e >= n || s[e] != '}')
			continue;
		put_untagged(out, s + i, e + 1 - i);
		buf_putc(out, '\n');
		for (size_t k = i; k <= e; k++)
			if (s[k] != '\n')
				s[k] = ' ';
		found++;
		i = e;
	}
	return found;
}

/* The embedded entry with e's title, or -1. */
/* The embedded entry with e's title, or else one whose title the item's
 * text holds (the labeller may have misread the visible item); -1 when
 * none.  *exact: found by the title. */
static long embedded_find(struct cv *v, const struct embedded *m, const struct cx_entry *e, const char *text,
                          int *exact)
{
	char k[512];
	*exact = 0;
	if (!m->n)
		return -1;
	if (title_key(v, e, k, sizeof k))
		for (size_t i = 0; i < m->n; i++)
			if (m->ent[i] && !strcmp(m->titles[i], k)) {
				*exact = 1;
				return (long)i;
			}
	for (size_t i = 0; text && i < m->n; i++)
		if (m->ent[i] && strlen(m->titles[i]) >= 12 && strstr(text, m->titles[i]))
			return (long)i;
	return -1;
}

/* The embedded entry whose title the item's text holds, taken out of the
 * set (it stands for the item), or NULL. */
static struct cx_entry *embedded_take(struct cv *v, struct embedded *m, cx_str text)
{
	cx_str p = cvd_plain(&v->a, text);
	char *k = arena_alloc(&v->a, p.n + 1);
	ascii_fold(p, k, p.n + 1, 0);
	for (size_t i = 0; i < m->n; i++)
		if (m->ent[i] && strlen(m->titles[i]) >= 12 && strstr(k, m->titles[i])) {
			struct cx_entry *e = m->ent[i];
			m->ent[i] = NULL;
			return e;
		}
	return NULL;
}

/* Case protection means nothing in a container's name (styles never
 * lower-case one), and a BibTeX export braces every capital of it. */
static void drop_nocase(struct cv *v, struct cx_field *f)
{
	if (!memchr(f->text.p, CX_M_NOCASE_ON, f->text.n))
		return;
	char *p = arena_alloc(&v->a, f->text.n + 1);
	size_t k = 0;
	for (size_t i = 0; i < f->text.n; i++)
		if ((unsigned char)f->text.p[i] != CX_M_NOCASE_ON && (unsigned char)f->text.p[i] != CX_M_NOCASE_OFF)
			p[k++] = f->text.p[i];
	p[k] = 0;
	f->text = (cx_str){p, k};
}

/* e (from the page's BibTeX) takes the visible entry's title, as the page
 * shows it, and the venue badge it showed. */
static void take_shown(struct cv *v, struct cx_entry *e, const struct cx_entry *shown, int exact)
{
	struct cx_field *t = cx_entry_get(e, CX_F_TITLE), *s = cx_entry_get(shown, CX_F_TITLE);
	if (t && s && exact) {
		t->text = t->raw = s->text;
		t->parts = NULL;
		t->nparts = 0;
	} else if (t)
		drop_nocase(v, t); /* the visible title is the export's without its braces */
	static const enum cx_field_id cont[] = {CX_F_JOURNAL, CX_F_BOOKTITLE, CX_F_PUBLISHER, CX_F_SERIES,
	                                        CX_F_SCHOOL, CX_F_INSTITUTION, CX_F_HOWPUBLISHED};
	for (size_t i = 0; i < sizeof cont / sizeof *cont; i++) {
		struct cx_field *f = cx_entry_get(e, cont[i]);
		if (f)
			drop_nocase(v, f);
	}
	struct cx_field *sj = cx_entry_get(shown, CX_F_SHORTJOURNAL);
	if (sj && !cx_entry_get(e, CX_F_SHORTJOURNAL)) {
		size_t cap = e->nfields;
		model_add_field(&v->a, e, &cap, CX_F_SHORTJOURNAL, (cx_str){NULL, 0}, sj->text, e->loc.line);
	}
}

/* ---- the reader ------------------------------------------------------------------- */

static size_t count_lines(const char *s, const char *e)
{
	size_t k = 0;
	for (; s < e; s++)
		k += *s == '\n';
	return k;
}

/* Is path a regular file?  A file a document names is read only then: a
 * device or a pipe ("\input{/dev/tty}") would wait for ever. */
static int regular(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* ---- a LaTeX CV's \input files ------------------------------------------------ */

/* LaTeX CVs often keep each section in a file of its own
 * (\input{sections/publications}); the CV is read with those files in
 * place, as LaTeX reads it.  Paths are taken from the CV's directory,
 * ".tex" understood; files nest up to INC_DEPTH deep, at most INC_FILES
 * and INC_BYTES in all (beyond that the command stays, with a warning).
 * srcline keeps the CV's own line of every line, so that what is said
 * about an input file's text is said at its \input. */
#define INC_DEPTH 8
#define INC_FILES 256
#define INC_BYTES ((size_t)64 << 20)

struct texinc {
	struct buf out;
	unsigned *line;    /* line[k]: the CV's line of line k + 1 of out */
	size_t n, cap;
	size_t files, bytes;
	int full;          /* the limits were reached, and said */
	const char *body;  /* where the CV's document body starts, or NULL */
};

static void inc_line(struct texinc *x, unsigned line)
{
	if (x->n == x->cap) {
		x->cap = x->cap ? 2 * x->cap : 256;
		x->line = xrealloc(x->line, x->cap * sizeof *x->line);
	}
	x->line[x->n++] = line;
}

static const char *const inc_cmds[] = {"input", "include", "subfile", "import", "subimport", "subfileinclude",
                                       "inputfrom", "includefrom", "subinputfrom", "subincludefrom", NULL};

/* The command of inc_cmds at p ('\\'), its index, or -1; *past: after its name. */
static int inc_cmd(const char *p, const char *e, const char **past)
{
	const char *q = p + 1;
	while (q < e && str_alpha((unsigned char)*q))
		q++;
	for (int k = 0; inc_cmds[k]; k++)
		if ((size_t)(q - p - 1) == strlen(inc_cmds[k]) && !memcmp(p + 1, inc_cmds[k], (size_t)(q - p - 1))) {
			*past = q;
			return k;
		}
	return -1;
}

/* A brace argument at p after blanks: its text; *past after it. */
static cx_str inc_arg(const char *p, const char *e, const char **past)
{
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	if (p >= e || *p != '{') {
		*past = p;
		return (cx_str){NULL, 0};
	}
	const char *q = p + 1;
	while (q < e && *q != '}' && *q != '\n')
		q++;
	if (q >= e || *q != '}') {
		*past = p;
		return (cx_str){NULL, 0};
	}
	*past = q + 1;
	return cvd_trim((cx_str){p + 1, (size_t)(q - p - 1)});
}

/* The file's text, or NULL: dir/sub/name, with ".tex" first when the name
 * has no extension of its own. */
static char *inc_load(struct cv *v, cx_str dir, cx_str sub, cx_str name, size_t *n, char **path)
{
	const char *base = name.p + name.n;
	while (base > name.p && base[-1] != '/')
		base--;
	int ext = memchr(base, '.', (size_t)(name.p + name.n - base)) != NULL;
	for (int tex = !ext; tex >= 0; tex--) {
		struct buf f = {0};
		buf_put(&f, dir.p, dir.n);
		buf_put(&f, sub.p, sub.n);
		if (sub.n && sub.p[sub.n - 1] != '/')
			buf_putc(&f, '/');
		buf_put(&f, name.p, name.n);
		if (tex)
			buf_put(&f, ".tex", 4);
		FILE *fp = regular(f.p) ? fopen(f.p, "rb") : NULL;
		struct buf t = {0};
		char chunk[65536];
		size_t k;
		int big = 0;
		while (fp && !big && (k = fread(chunk, 1, sizeof chunk, fp)) > 0) {
			buf_put(&t, chunk, k);
			big = t.n > INC_BYTES;
		}
		if (fp)
			fclose(fp);
		if (fp && !big) {
			*path = arena_alloc(&v->a, f.n + 1);
			memcpy(*path, f.p, f.n + 1);
			buf_free(&f);
			*n = t.n;
			return t.p ? t.p : xcalloc(1, 1);
		}
		buf_free(&f), buf_free(&t);
	}
	return NULL;
}

static void inc_expand(struct cv *v, cx_str dir, const char *s, size_t n, unsigned at, int depth, struct texinc *x);

/* The file an include command names, in place of the command; at: the
 * CV's line of the command. */
static void inc_file(struct cv *v, int cmd, cx_str dir, cx_str sub, cx_str name, unsigned at, int depth,
                     int quiet, struct texinc *x)
{
	char *path;
	size_t n;
	char *t = name.n && name.n < 512 && !memchr(name.p, '\\', name.n) ? inc_load(v, dir, sub, name, &n, &path)
	                                                                   : NULL;
	if (!t) {
		/* the preamble's inputs are TeX's own files (glyphtounicode) */
		if (!quiet)
			cvd_v_diag(v, CX_WARNING, CX_E_IO, at, "\\%s{%.*s%.*s}: cannot read the file; its text is not read",
			           inc_cmds[cmd], (int)sub.n, sub.p, (int)name.n, name.p);
		return;
	}
	x->files++;
	x->bytes += n;
	/* a file of its own (the subfiles package): its document body */
	const char *b = t, *e = t + n;
	long bd = cvd_find_ci(cvd_S(t, n), "\\begin{document}", 0);
	if (bd >= 0) {
		b = t + bd + 16;
		long ed = cvd_find_ci(cvd_S(b, (size_t)(e - b)), "\\end{document}", 0);
		if (ed >= 0)
			e = b + ed;
	}
	/* the file's own directory for what it names in turn (\import) */
	inc_expand(v, dir, b, (size_t)(e - b), at, depth + 1, x);
	if (!x->out.n || x->out.p[x->out.n - 1] != '\n') {
		buf_putc(&x->out, '\n');
		inc_line(x, at);
	}
	free(t);
}

/* s into x->out with the files it includes in place; at: the CV's line of
 * every line of s (an input file's), or 0 for the CV's own text. */
static void inc_expand(struct cv *v, cx_str dir, const char *s, size_t n, unsigned at, int depth, struct texinc *x)
{
	const char *p = s, *e = s + n;
	unsigned line = at ? at : 1;
	while (p < e) {
		const char *q = p;
		while (q < e && *q != '\n' && *q != '%' && *q != '\\')
			q++;
		buf_put(&x->out, p, (size_t)(q - p));
		p = q;
		if (p >= e)
			break;
		if (*p == '\n') {
			buf_putc(&x->out, '\n');
			line += !at;
			inc_line(x, line);
			p++;
			continue;
		}
		if (*p == '%') { /* a comment, to its line's end */
			q = memchr(p, '\n', (size_t)(e - p));
			q = q ? q : e;
			buf_put(&x->out, p, (size_t)(q - p));
			p = q;
			continue;
		}
		const char *past;
		int k = inc_cmd(p, e, &past);
		if (depth && k < 0 && (size_t)(e - p) >= 9 && !memcmp(p, "\\endinput", 9) &&
		    !(p + 9 < e && str_alpha((unsigned char)p[9])))
			break; /* the rest of an input file is not read */
		if (k < 0 || depth >= INC_DEPTH || x->files >= INC_FILES || x->bytes > INC_BYTES) {
			if (k >= 0 && !x->full) {
				x->full = 1;
				cvd_v_diag(v, CX_WARNING, CX_E_VALUE, line,
				           "\\%s: more files, or files deeper, than a CV is read with; the rest is not read",
				           inc_cmds[k]);
			}
			/* "\\" and "\%" are one piece */
			size_t m = p + 1 < e && !str_alpha((unsigned char)p[1]) ? 2 : (size_t)((k >= 0 ? past : p + 1) - p);
			buf_put(&x->out, p, m);
			p += m;
			continue;
		}
		cx_str sub = {"", 0}, name;
		const char *a = past;
		if (k == 3 || k == 4 || k >= 6) { /* \import{dir/}{file} */
			sub = inc_arg(a, e, &a);
			name = inc_arg(a, e, &a);
			if (!sub.p || !name.p) {
				buf_put(&x->out, p, (size_t)(past - p));
				p = past;
				continue;
			}
		} else {
			name = inc_arg(a, e, &a);
			if (!name.p && k == 0) { /* TeX's own "\input file" */
				while (a < e && *a == ' ')
					a++;
				const char *b = a;
				while (a < e && !strchr(" \t\n%{}\\", *a))
					a++;
				name = (cx_str){b, (size_t)(a - b)};
			}
			if (!name.n) {
				buf_put(&x->out, p, (size_t)(past - p));
				p = past;
				continue;
			}
		}
		inc_file(v, k, dir, sub, name, at ? at : line, depth, !depth && x->body && p < x->body, x);
		p = a;
	}
}

/* Does a LaTeX text include files? */
static int inc_any(const char *s, size_t n)
{
	const char *e = s + n, *past;
	for (const char *p = s; (p = memchr(p, '\\', (size_t)(e - p))) != NULL; p++)
		if (inc_cmd(p, e, &past) >= 0)
			return 1;
	return 0;
}

/* A LaTeX CV's text with its input files in place (b), and srcline. */
static void latex_inputs(struct cv *v, struct buf *b)
{
	if (!b->n || !inc_any(b->p, b->n))
		return;
	const char *file = v->c->diags.file;
	cx_str dir = {"", 0};
	if (file && strcmp(file, "-")) {
		const char *slash = strrchr(file, '/');
		if (slash)
			dir = (cx_str){file, (size_t)(slash + 1 - file)};
	}
	struct texinc x = {.n = 0};
	long bd = cvd_find_ci(cvd_S(b->p, b->n), "\\begin{document}", 0);
	x.body = bd >= 0 ? b->p + bd : NULL;
	inc_line(&x, 1);
	inc_expand(v, dir, b->p, b->n, 0, 0, &x);
	if (!x.files) {
		buf_free(&x.out), free(x.line);
		return;
	}
	buf_free(b);
	*b = x.out;
	v->srcline = arena_alloc(&v->a, x.n * sizeof *v->srcline);
	memcpy(v->srcline, x.line, x.n * sizeof *v->srcline);
	v->nsrcline = x.n;
	free(x.line);
	cvd_v_diag(v, CX_NOTE, CX_E_VALUE, 1, "%zu file%s the CV inputs read in place", x.files,
	           x.files == 1 ? "" : "s");
}

/* The CV's own line of line k of the text read (its input files in place). */
static unsigned src_line(const struct cv *v, unsigned k)
{
	return v->srcline && k >= 1 && k <= v->nsrcline ? v->srcline[k - 1] : k;
}

/* Where the text s..s+n ends for TeX: at the first \end{document} after
 * from that no comment holds; n when there is none. */
static size_t document_end(const char *s, const char *from, size_t n)
{
	for (const char *p = from, *end = s + n; p < end;) {
		long at = cvd_find_ci(cvd_S(p, (size_t)(end - p)), "\\end{document}", 0);
		if (at < 0)
			break;
		const char *e = p + at, *ls = e;
		while (ls > s && ls[-1] != '\n')
			ls--;
		if (!memchr(ls, '%', (size_t)(e - ls)))
			return (size_t)(e - s);
		p = e + 14;
	}
	return n;
}

/* HTML and LaTeX to the line model's text in t, with the source line of each
 * converted line in lm; plain text and Markdown stay as they are. */
static void to_text(struct cv *v, const char **text, size_t *n, struct buf *t, struct linemap *lm)
{
	const char *s = *text;
	if (looks_html(s, *n)) {
		cvd_page_lines(v, s, *n);
		*n = 0;
		return;
	} else if (looks_latex(s, *n)) {
		/* LaTeX source: keep only the document body when there is one */
		long bd = cvd_find_ci(cvd_S(s, *n), "\\begin{document}", 0);
		const char *s0 = bd >= 0 ? s + bd + 16 : s;
		/* TeX reads nothing after \end{document} (an older version of
		 * the CV kept below it) */
		*n = document_end(s, s0, *n);
		lm->lp = s;
		lm->ln = 1;
		struct buf mac = {0};
		if (cvd_latex_macros(v, s0, (size_t)(s + *n - s0), &mac)) {
			/* lm counts the rewritten text, which keeps every line break */
			lm->lp = mac.p;
			lm->ln = 1 + (unsigned)count_lines(s, s0);
			cvd_latex_to_text(s, (size_t)(s0 - s), mac.p, mac.n, t, lm);
			cvd_lm_track(lm, t, mac.p + mac.n);
		} else {
			cvd_latex_to_text(s, (size_t)(s0 - s), s0, (size_t)(s + *n - s0), t, lm);
			cvd_lm_track(lm, t, s + *n);
		}
		buf_free(&mac);
		for (size_t k = 0; k < lm->n; k++)
			lm->v[k] = src_line(v, lm->v[k]);
		v->latex = 1;
		if (!v->page_owner.n) /* \name{Given}{Family}, \author{..} */
			v->page_owner = cvd_tex_owner(&v->a, s, *n);
	} else
		return;
	*text = t->p ? t->p : "";
	*n = t->n;
}

static void emit_one(struct cx_reader_ctx *c, struct cv *v, struct cx_entry *e)
{
	if (strcmp(e->source, "bibtex")) {
		norm_entry(c->cx, e, &v->a, &c->diags);
		keygen_apply(context_cv_keys(c->cx), e); /* the page's BibTeX keeps its owner's keys */
	}
	reader_deliver(c, e);
}

/* The visible entries in document order, each replaced by the embedded
 * entry of the same title, or else by the entry of that title in a
 * BibTeX file beside the page (side, or NULL); then the embedded
 * entries no visible item showed.  The side file's other entries are
 * not the page's: they are left out. */
static size_t emit_all(struct cv *v, struct embedded *m, struct embedded *side)
{
	struct cx_reader_ctx *c = v->c;
	size_t emitted = 0;
	for (size_t i = 0; i < v->nent; i++) {
		struct cx_entry *e = v->ent[i];
		if (!e)
			continue;
		int exact;
		long k = embedded_find(v, m, e, v->ekey[i], &exact);
		struct embedded *from = m;
		if (k < 0 && side && (k = embedded_find(v, side, e, v->ekey[i], &exact)) >= 0)
			from = side;
		if (k >= 0) {
			take_shown(v, from->ent[k], e, exact);
			e = from->ent[k];
			from->ent[k] = NULL;
		}
		emit_one(c, v, e);
		emitted++;
	}
	for (size_t k = 0; k < m->n; k++)
		if (m->ent[k]) {
			emit_one(c, v, m->ent[k]);
			emitted++;
		}
	return emitted;
}

/* The document in b to v's line model, as the reader reads it; the
 * page's BibTeX blocks and structured data go to m. */
static void read_lines(struct cv *v, struct buf *b, struct embedded *m, struct buf *t, struct linemap *lm)
{
	if (b->n && !looks_html(b->p, b->n) && looks_latex(b->p, b->n))
		latex_inputs(v, b);
	const char *text = b->p ? b->p : "";
	size_t n = b->n;
	{
		struct buf bib = {0};
		if (looks_html(text, n) ? cvd_html_bibtex(text, n, &bib) : text_bibtex(b->p, n, &bib))
			read_embedded(v, bib.p, bib.n, m);
		buf_free(&bib);
	}
	int html = looks_html(text, n);
	v->html = html;
	to_text(v, &text, &n, t, lm);
	if (html) /* the page's COinS, citation_* tags and JSON-LD */
		cvd_page_data(v, embedded_emit, m);
	if (!html)
		cvd_build_lines(v, text, n, lm->n ? lm->v : NULL, lm->n);
}

/* The finder's model: a file the options name (to measure a model
 * trained without the page read, make eval-sites), none ("rules": the
 * rule-based finder alone), or the one compiled in. */
static void finder_model(struct cv *v, struct buf *file)
{
	const char *path = v->c->opt ? v->c->opt->finder_model : NULL;
	if (path && !strcmp(path, "rules"))
		return;
	if (!path) {
		v->finder = cvd_finder_builtin(&v->finder_mem);
		return;
	}
	FILE *f = fopen(path, "rb");
	char chunk[65536];
	size_t k;
	while (f && (k = fread(chunk, 1, sizeof chunk, f)) > 0)
		buf_put(file, chunk, k);
	if (f)
		fclose(f);
	if (!f || lab_model_open_names(&v->finder_mem, (const unsigned char *)file->p, file->n, blk_names, BLK_N))
		cvd_v_diag(v, CX_ERROR, CX_E_IO, 1, "%s: not a finder model; the rules alone find the items", path);
	else
		v->finder = &v->finder_mem;
}

/* A page's own front matter (its first fl bytes) is no text of it: only
 * its line breaks stay, so lines keep their numbers.  The new length. */
static size_t drop_front(struct buf *b, size_t fl)
{
	size_t k = 0;
	for (size_t i = 0; i < fl; i++)
		k += b->p[i] == '\n';
	memset(b->p, '\n', k);
	memmove(b->p + k, b->p + fl, b->n - fl + 1);
	b->n -= fl - k;
	return b->n;
}

int cv_page_blocks(struct cx_reader_ctx *c, FILE *f, cv_blocks_fn *fn, void *ctx)
{
	struct cv v;
	memset(&v, 0, sizeof v);
	v.c = c;
	struct buf b = {0}, t = {0};
	struct cv_ctx rx = {.a = &v.a, .c = c};
	struct cx_input in = {f, NULL, 0, 0, 0};
	struct cv_front fm;
	size_t fl = 0;
	/* what cv_read gives the finder: no page of one publication's front
	 * matter, no list of references, the page without its front matter */
	if (cv_read_all(&rx, &in, &b) ||
	    ((fl = cvd_front_read(&v.a, b.p ? b.p : "", b.n, &fm, &c->diags)) != 0 && cvd_front_pub(&fm))) {
		buf_free(&b);
		arena_destroy(&v.a);
		return -1;
	}
	if (fl)
		drop_front(&b, fl);
	if (!looks_html(b.p, b.n) && !looks_latex(b.p, b.n) && !md_emphasis(b.p, b.n) && cv_refs_list(b.p, b.n)) {
		buf_free(&b);
		arena_destroy(&v.a);
		return -1;
	}
	v.model = lab_model_builtin(&v.model_mem, 1);
	struct embedded m = {c, &v, NULL, NULL, 0, 0};
	struct linemap lm = {0};
	read_lines(&v, &b, &m, &t, &lm);
	struct cv_blocks bl;
	cvd_blocks(&v, &bl);
	fn(ctx, &v, &bl);
	cvd_blocks_free(&bl);
	free(m.titles), free(m.ent), free(lm.v);
	buf_free(&t), buf_free(&b);
	arena_destroy(&v.a);
	return 0;
}

/* A BibTeX file beside the page, read as a page's BibTeX blocks are:
 * name, or with name NULL the page's own name with .bib for its
 * extension.  Hugo keeps each publication's BibTeX in a cite.bib beside
 * its index.md; a page made from a bibliography may have it beside.  A
 * page read from standard input has the current directory beside it.
 * Returns whether the file was read. */
static int beside_bib(struct cv *v, struct embedded *m, const char *name)
{
	const char *file = v->c->diags.file;
	if (!file || !*file || !strcmp(file, "-"))
		file = "";
	const char *slash = strrchr(file, '/'), *base = slash ? slash + 1 : file, *dot = strrchr(base, '.');
	size_t d = (size_t)(base - file), k = name ? strlen(name) : (size_t)((dot && dot > base ? dot : base + strlen(base)) - base);
	if (!name && (!*file || !dot || dot == base || !strcmp(dot, ".bib")))
		return 0;
	char *path = arena_alloc(&v->a, d + k + 5);
	memcpy(path, file, d + (name ? 0 : k));
	if (name)
		memcpy(path + d, name, k + 1);
	else
		memcpy(path + d + k, ".bib", 5);
	FILE *f = regular(path) ? fopen(path, "rb") : NULL;
	if (!f)
		return 0;
	struct cx_input in = {f, NULL, 0, 0, 0};
	struct cx_reader_ctx c2 = *v->c;
	c2.diags.file = path;
	c2.emit = embedded_emit;
	c2.emit_ctx = m;
	c2.nentries = c2.diags.nerrors = c2.diags.nwarnings = 0;
	cx_reader_find("bibtex")->read(&c2, &in);
	fclose(f);
	v->c->diags.nerrors += c2.diags.nerrors;
	v->c->diags.nwarnings += c2.diags.nwarnings;
	if (m->n)
		cvd_v_diag(v, CX_NOTE, CX_E_VALUE, 1, "%zu BibTeX entr%s read from %s, beside the page", m->n,
		           m->n == 1 ? "y" : "ies", path);
	return 1;
}

/* The argument of the command at p (after optional [..] arguments), or
 * an empty string; *end is set past it. */
static cx_str tex_arg(const char *p, const char *e, const char **end)
{
	while (p < e && (*p == ' ' || *p == '\n' || *p == '\t'))
		p++;
	while (p < e && *p == '[') { /* \fullcite[p.~3]{key} */
		const char *q = memchr(p, ']', (size_t)(e - p));
		p = q ? q + 1 : e;
	}
	*end = p;
	if (p >= e || *p != '{')
		return (cx_str){p, 0};
	const char *q = memchr(p, '}', (size_t)(e - p));
	if (!q)
		return (cx_str){p, 0};
	*end = q + 1;
	return (cx_str){p + 1, (size_t)(q - p - 1)};
}

/* The [..] argument at p ('['), *end past it. */
static cx_str bracket_arg(const char *p, const char *e, const char **end)
{
	const char *q = memchr(p, ']', (size_t)(e - p));
	*end = q ? q + 1 : p;
	return q ? cvd_trim((cx_str){p + 1, (size_t)(q - p - 1)}) : (cx_str){p, 0};
}

/* Is each comma-separated part of a (no blanks inside) one of the n keys
 * known? */
static int all_keys(const cx_str *known, size_t n, cx_str a)
{
	if (a.n > 400 || memchr(a.p, ' ', a.n) || memchr(a.p, '\\', a.n))
		return 0;
	for (size_t i = 0; i < a.n;) {
		size_t j = i;
		while (j < a.n && a.p[j] != ',')
			j++;
		int found = 0;
		for (size_t k = 0; k < n && !found; k++)
			found = known[k].n == j - i && !memcmp(known[k].p, a.p + i, j - i);
		if (!found)
			return 0;
		i = j + 1;
	}
	return 1;
}

/* The line of p in s. */
static unsigned line_at(const char *s, const char *p)
{
	return 1 + (unsigned)count_lines(s, p);
}

/* One more entry written, cited at line (the lines in *cited). */
static void cite_line(unsigned **cited, size_t *written, size_t *cap, unsigned line)
{
	if (*written == *cap) {
		*cap = *cap ? 2 * *cap : 16;
		*cited = xrealloc(*cited, *cap * sizeof **cited);
	}
	(*cited)[(*written)++] = line;
}

/* Is p in a comment of LaTeX text s ('%' before it on its line, not "\\%")? */
static int comment_at(const char *s, const char *p)
{
	const char *b = p;
	while (b > s && b[-1] != '\n')
		b--;
	for (const char *q = b; q < p; q++)
		if (*q == '\\')
			q++;
		else if (*q == '%')
			return 1;
	return 0;
}

/* Does the text hold pat outside comments? */
static int uncommented(const char *s, size_t n, const char *pat)
{
	size_t k = strlen(pat);
	for (const char *p = s, *e = s + n; (size_t)(e - p) >= k && (p = memchr(p, *pat, (size_t)(e - p))); p++)
		if ((size_t)(e - p) >= k && !memcmp(p, pat, k) && !comment_at(s, p))
			return 1;
	return 0;
}

/* The citation command at p ('\\'): its name's length, with *all set
 * when it is one that prints its entry in place (\fullcite); 0 for none.
 * The others count when the document prints its bibliography. */
static size_t cite_cmd(const char *p, const char *e, int *full)
{
	static const char *const in_place[] = {"fullcite", "footfullcite", "bibentry", NULL};
	static const char *const listed[] = {"nocite", "cite", "citep", "citet", "parencite", "textcite",
	                                     "autocite", "footcite", "supercite", "cite*", "citep*", "citet*", NULL};
	const char *q = p + 1;
	while (q < e && str_alpha((unsigned char)*q))
		q++;
	if (q < e && *q == '*')
		q++;
	size_t k = (size_t)(q - p - 1);
	for (int pass = 0; pass < 2; pass++)
		for (const char *const *c = pass ? listed : in_place; *c; c++)
			if (strlen(*c) == k && !memcmp(p + 1, *c, k)) {
				*full = !pass;
				return k + 1;
			}
	return 0;
}

/* A biblatex CV lists its publications as \fullcite{key} (or \footfullcite),
 * or cites them (\nocite{*}, \nocite{key}, \cite{key}) and prints its
 * bibliography (\printbibliography, \bibliography{pubs}), and names its
 * data with \addbibresource{pubs.bib} or \bibliography{pubs}: each cited
 * entry of those files beside the page, in the order the document cites it
 * (\nocite{*}: all of them, in the files' order), once.  A key no file
 * holds is reported at its line.  Returns the entries written; *cited is
 * set to the line of each (to be freed). */
static size_t fullcites(struct cv *v, const char *text, size_t n, unsigned **cited)
{
	const char *e = text + n;
	struct embedded side = {v->c, v, NULL, NULL, 0, 0};
	int any = 0;
	long body = cvd_find_ci(cvd_S(text, n), "\\begin{document}", 0);
	/* a command of the document's body that prints a file's entries
	 * (\publications[keyword=selected]{pubs.bib}): where, and which */
	struct { const char *at; size_t from, to; } shows[16];
	size_t nshow = 0;
	for (const char *p = text; p < e && (p = memchr(p, '\\', (size_t)(e - p))) != NULL; p++) {
		if (body >= 0 && p > text + body && nshow < 16 && str_alpha((unsigned char)p[1]) && !comment_at(text, p)) {
			const char *q = p + 1, *end;
			while (q < e && str_alpha((unsigned char)*q))
				q++;
			cx_str a = tex_arg(q, e, &end);
			if (a.n > 4 && a.n < 200 && !memcmp(a.p + a.n - 4, ".bib", 4) && !memchr(a.p, ',', a.n) &&
			    !memchr(a.p, ' ', a.n) && *a.p != '/' && (q - p != 15 || memcmp(p, "\\addbibresource", 15))) {
				char *file = arena_alloc(&v->a, a.n + 1);
				memcpy(file, a.p, a.n);
				file[a.n] = 0;
				size_t from = side.n;
				if (beside_bib(v, &side, file)) {
					shows[nshow].at = p, shows[nshow].from = from, shows[nshow++].to = side.n;
					any = 1;
				} else
					cvd_v_diag(v, CX_WARNING, CX_E_IO, src_line(v, line_at(text, p)),
					           "\\%.*s{%s}: cannot read the file; its entries are not read", (int)(q - p - 1),
					           p + 1, file);
				p = end - 1;
				continue;
			}
		}
		int bibres = (size_t)(e - p) > 15 && !memcmp(p, "\\addbibresource", 15);
		/* \nobibliography{pubs}: bibentry's, naming the data alone */
		int nobib = (size_t)(e - p) > 15 && !memcmp(p, "\\nobibliography", 15) && (p[15] == '{' || p[15] == ' ');
		int bibl = nobib || (!bibres && (size_t)(e - p) > 13 && !memcmp(p, "\\bibliography", 13) &&
		                     (p[13] == '{' || p[13] == ' '));
		/* \begin{refsection}[pubs.bib]: biblatex's resource for the section */
		int refsec = (size_t)(e - p) > 19 && !memcmp(p, "\\begin{refsection}[", 19);
		if ((!bibres && !bibl && !refsec) || comment_at(text, p))
			continue;
		const char *end;
		cx_str a = refsec ? bracket_arg(p + 18, e, &end) : tex_arg(p + (bibres || nobib ? 15 : 13), e, &end);
		/* \bibliography{a,b}: each a file, .bib understood */
		for (size_t i = 0; i < a.n;) {
			size_t j = i;
			while (j < a.n && a.p[j] != ',')
				j++;
			cx_str name = cvd_trim((cx_str){a.p + i, j - i});
			if (name.n && name.n < 200 && *name.p != '/') {
				int has = name.n > 4 && !memcmp(name.p + name.n - 4, ".bib", 4);
				char *file = arena_alloc(&v->a, name.n + 5);
				memcpy(file, name.p, name.n);
				memcpy(file + name.n, has ? "" : ".bib", has ? 1 : 5);
				if (!beside_bib(v, &side, file))
					cvd_v_diag(v, CX_WARNING, CX_E_IO, src_line(v, line_at(text, p)),
					           "\\%s%s%s: cannot read the file; its entries are not read",
					           bibres ? "addbibresource{" : refsec ? "begin{refsection}[" :
					           nobib ? "nobibliography{" : "bibliography{", file,
					           refsec ? "]" : "}");
				any = 1;
			}
			i = j + 1;
		}
	}
	size_t written = 0, cap = 0;
	unsigned line = 1;
	const char *lp = text; /* line counts the newlines before lp */
	*cited = NULL;
	if (!any || !side.n)
		goto done;
	int printed = uncommented(text, n, "\\printbibliography") || uncommented(text, n, "\\bibliography{");
	cx_str *known = arena_alloc(&v->a, side.n * sizeof *known); /* every entry's key */
	for (size_t k = 0; k < side.n; k++) {
		cx_str kk = side.ent[k] ? side.ent[k]->key : (cx_str){"", 0};
		char *c = arena_alloc(&v->a, kk.n + 1);
		memcpy(c, kk.p, kk.n);
		known[k] = (cx_str){c, kk.n};
	}
	cx_str *keys = NULL; /* the keys written, in order */
	size_t nkeys = 0, capkeys = 0;
	/* citations in the document's body, not in its commands' definitions */
	for (const char *p = body >= 0 ? text + body : text; p < e && (p = memchr(p, '\\', (size_t)(e - p))) != NULL;
	     p++) {
		size_t sh = 0;
		while (sh < nshow && shows[sh].at != p)
			sh++;
		if (sh < nshow) { /* the file's entries, here, those not listed yet */
			for (; lp < p; lp++)
				line += *lp == '\n';
			for (size_t k = shows[sh].from; k < shows[sh].to; k++)
				if (side.ent[k]) {
					emit_one(v->c, v, side.ent[k]);
					side.ent[k] = NULL;
					cite_line(cited, &written, &cap, src_line(v, line));
				}
			continue;
		}
		int full = 0;
		size_t skip = cite_cmd(p, e, &full);
		const char *end;
		cx_str a;
		if (!skip) {
			/* a CV's own command over a key ("\pubentry{smith2020}"):
			 * an entry in place when each of its keys is one */
			skip = 1;
			while (p + skip < e && str_alpha((unsigned char)p[skip]))
				skip++;
			a = skip > 1 ? tex_arg(p + skip, e, &end) : (cx_str){p, 0};
			if (!a.n || !all_keys(known, side.n, a) || comment_at(text, p))
				continue;
			full = 2;
		} else if ((!full && !printed) || comment_at(text, p))
			continue;
		else
			a = tex_arg(p + skip, e, &end);
		for (; lp < p; lp++)
			line += *lp == '\n';
		for (size_t i = 0; i < a.n;) {
			size_t j = i;
			while (j < a.n && a.p[j] != ',')
				j++;
			cx_str key = cvd_trim((cx_str){a.p + i, j - i});
			i = j + 1;
			if (!key.n)
				continue;
			if (key.n == 1 && *key.p == '*') { /* \nocite{*}: every entry */
				for (size_t k = 0; k < side.n; k++)
					if (side.ent[k]) {
						if (nkeys == capkeys) {
							capkeys = capkeys ? 2 * capkeys : 64;
							keys = xrealloc(keys, capkeys * sizeof *keys);
						}
						/* the entry is gone once written: its key copied */
						cx_str kk = side.ent[k]->key;
						char *c = arena_alloc(&v->a, kk.n + 1);
						memcpy(c, kk.p, kk.n);
						keys[nkeys++] = (cx_str){c, kk.n};
						emit_one(v->c, v, side.ent[k]);
						side.ent[k] = NULL;
						cite_line(cited, &written, &cap, src_line(v, line));
					}
				continue;
			}
			size_t k = 0;
			while (k < side.n && !(side.ent[k] && side.ent[k]->key.n == key.n &&
			                       !memcmp(side.ent[k]->key.p, key.p, key.n)))
				k++;
			int again = 0;
			for (size_t w = 0; w < nkeys && !again; w++)
				again = keys[w].n == key.n && !memcmp(keys[w].p, key.p, key.n);
			if (k < side.n) {
				if (nkeys == capkeys) {
					capkeys = capkeys ? 2 * capkeys : 64;
					keys = xrealloc(keys, capkeys * sizeof *keys);
				}
				keys[nkeys++] = key;
				emit_one(v->c, v, side.ent[k]);
				side.ent[k] = NULL;
				cite_line(cited, &written, &cap, src_line(v, line));
			} else if (!again || full == 1) { /* a \cite of a listed entry is no news */
				cvd_v_diag(v, CX_WARNING, CX_E_VALUE, src_line(v, line),
				           again ? "\\%.*s{%.*s}: the entry is listed already; skipped"
				                 : "\\%.*s{%.*s}: no entry of that key in the files the CV names; skipped",
				           (int)skip - 1, p + 1, (int)key.n, key.p);
			}
		}
		p = end - 1;
	}
	if (written)
		cvd_v_diag(v, CX_NOTE, CX_E_VALUE, 1, "%zu entr%s the CV cites, read from the files it names",
		           written, written == 1 ? "y" : "ies");
	free(keys);
done:
	free(side.titles);
	free(side.ent);
	return written;
}

/* A page whose front matter describes one publication (a static site's
 * publication page): its entry, which a cite.bib beside the page takes
 * the place of.  0 when the front matter describes none. */
static int front_page(struct cv *v, const struct cv_front *fm)
{
	if (!cvd_front_pub(fm))
		return 0;
	v->model = lab_model_builtin(&v->model_mem, 0); /* a citation string is a reference's */
	struct embedded m = {v->c, v, NULL, NULL, 0, 0};
	beside_bib(v, &m, "cite.bib");
	struct cx_entry *e = NULL;
	if (m.n == 1) {
		/* the one record of the page's publication, however its
		 * title is spelled there */
		take_shown(v, m.ent[0], m.ent[0], 0);
		emit_one(v->c, v, m.ent[0]);
	} else if ((e = cvd_front_entry(v, fm)) != NULL) {
		push_entry(v, e, cx_entry_get(e, CX_F_TITLE)->text);
		emit_all(v, &m, NULL);
	}
	free(m.titles);
	free(m.ent);
	free(v->ent);
	free(v->ekey);
	return m.n == 1 || e;
}

static int cv_read(struct cx_reader_ctx *c, struct cx_input *in)
{
	struct cv v;
	memset(&v, 0, sizeof v);
	v.c = c;
	struct buf b = {0};
	struct cv_ctx rx = {.a = &v.a, .c = c};
	int rc = cv_read_all(&rx, in, &b);
	if (rc) {
		buf_free(&b);
		return rc == -2 ? -1 : 0;
	}
	struct buf t = {0};
	const char *text = b.p ? b.p : "";
	size_t n = b.n;
	struct linemap lm = {0};
	struct cv_front fm;
	size_t fl = cvd_front_read(&v.a, text, n, &fm, &c->diags);
	if (fl && front_page(&v, &fm)) {
		buf_free(&b);
		arena_destroy(&v.a);
		return 0;
	}
	if (fl)
		n = drop_front(&b, fl);
	if (!looks_html(text, n) && !looks_latex(text, n) && !md_emphasis(text, n) && cv_refs_list(text, n)) {
		/* a bibliography, one reference a line: the labeller reads it */
		cv_refs_text(c, text, n);
		buf_free(&b);
		return 0;
	}
	v.model = lab_model_builtin(&v.model_mem, 1);
	struct buf mfile = {0};
	finder_model(&v, &mfile);
	struct embedded m = {c, &v, NULL, NULL, 0, 0};
	read_lines(&v, &b, &m, &t, &lm);
	cvd_find(&v);
	label_items(&v, 0);
	shared_ids(&v);
	/* the owner: the option, a bold name that recurs in the items, the
	 * name at the top of the page */
	cvd_detect_owner(&v);
	label_items(&v, 1);
	shared_ids(&v);
	build_entries(&v, &m);
	size_t read = v.nent;
	dedupe(&v);
	size_t merged = 0;
	for (size_t i = 0; i < v.nent; i++)
		merged += !v.ent[i];
	struct embedded side = {c, &v, NULL, NULL, 0, 0};
	beside_bib(&v, &side, NULL);
	size_t emitted = emit_all(&v, &m, &side);
	if (v.latex) {
		unsigned *cited;
		size_t nc = fullcites(&v, b.p, b.n, &cited);
		cvd_empty_sections(&v, cited, nc);
		emitted += nc;
		free(cited);
	}
	if (!emitted)
		cvd_v_diag(&v, CX_ERROR, CX_E_SYNTAX, 1,
		        "no publications found (cv input: expected a list under a heading such as "
		        "\"Publications\")");
	else if (v.found != read || merged)
		cvd_v_diag(&v, CX_NOTE, CX_E_VALUE, 1,
		           "%zu items found: %zu read, %zu skipped, %zu merged with one of the same title; %zu entries written",
		           v.found, read, v.found - read, merged, emitted);
	free(m.titles);
	free(m.ent);
	free(side.titles);
	free(side.ent);
	free(v.ent);
	free(v.ekey);
	free(lm.v);
	buf_free(&t);
	buf_free(&b);
	buf_free(&mfile);
	arena_destroy(&v.a);
	return 0;
}

const struct cx_reader cx_reader_cv = {
	.name = "cv",
	.read = cv_read,
};
