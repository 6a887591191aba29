/* cv/meta.c - the structured data a web page carries about its
 * publications: COinS spans (<span class="Z3988" title="ctx_ver=...">, which
 * Zotero and bibliography plug-ins write beside each item), Google
 * Scholar's citation_* meta tags (a paper's own page), and schema.org
 * JSON-LD (ScholarlyArticle, Book, Chapter, Thesis, Report; and the Person
 * the page is about, whose name is the page's owner).
 *
 * Each becomes an entry, which the reader checks against the visible
 * items as it does the page's BibTeX blocks (reader.c): the entry of the
 * same title takes the visible item's place and keeps its fields (the
 * whole author list, the DOI, the pages); one no visible item shows is
 * emitted as well.  page.c collects the raw strings while it walks the
 * page's tree. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/str.h"
#include "cv/doc.h"
#include "read/json.h"

/* ---- building an entry ------------------------------------------------------ */

struct mb {
	struct cv *v;
	struct cx_entry *e;
	size_t cap;
	cx_str authors;      /* "A and B", read by the name parser */
	unsigned line;
};

static void mb_start(struct mb *b, struct cv *v, unsigned line)
{
	memset(b, 0, sizeof *b);
	b->v = v;
	b->line = line;
	b->e = arena_calloc(&v->a, sizeof *b->e);
	b->e->kind = CX_ENTRY_RECORD;
	b->e->loc.line = line;
	b->e->loc.col = 1;
	b->e->file = v->c->diags.file;
	b->e->source = "cv";
	b->e->type = CX_T_MISC;
}

static void mb_field(struct mb *b, enum cx_field_id id, cx_str t)
{
	t = cvd_trim(t);
	if (!t.n || cx_entry_get(b->e, id))
		return;
	model_add_field(&b->v->a, b->e, &b->cap, id, (cx_str){NULL, 0}, text_nfc(&b->v->a, t.p, t.n), b->line);
}

static void mb_author(struct mb *b, cx_str name)
{
	name = cvd_trim(name);
	if (name.n && cvd_find_ci(name, " and ", 0) < 0)
		b->authors = cv_cat(&b->v->a, b->authors, " and ", name);
	else if (name.n)
		b->authors = cv_cat(&b->v->a, b->authors, " and ", cv_cat(&b->v->a, CX_STR("{"), "", cv_cat(&b->v->a, name, "", CX_STR("}"))));
}

static void mb_year(struct mb *b, cx_str d)
{
	int y = 0;
	for (size_t i = 0; i + 4 <= d.n && !y; i++)
		if ((!i || !str_digit((unsigned char)d.p[i - 1])) && str_digit((unsigned char)d.p[i]) &&
		    str_digit((unsigned char)d.p[i + 1]) && str_digit((unsigned char)d.p[i + 2]) &&
		    str_digit((unsigned char)d.p[i + 3]) && (i + 4 == d.n || !str_digit((unsigned char)d.p[i + 4])))
			y = atoi(d.p + i);
	if (y) {
		char t[8];
		int k = snprintf(t, sizeof t, "%d", y);
		mb_field(b, CX_F_YEAR, arena_str(&b->v->a, t, (size_t)k));
	}
}

/* "10.1000/x", "https://doi.org/10.1000/x", "info:doi/10.1000/x". */
static void mb_id(struct mb *b, cx_str s)
{
	long d = str_ifind(s, "10.", 0);
	if (d >= 0 && memchr(s.p + d, '/', s.n - (size_t)d) &&
	    (d == 0 || s.p[d - 1] == '/' || s.p[d - 1] == ':'))
		mb_field(b, CX_F_DOI, cvd_S(s.p + d, s.n - (size_t)d));
	else if (str_ifind(s, "arxiv.org/abs/", 0) >= 0)
		mb_field(b, CX_F_EPRINT, cvd_S(s.p + str_ifind(s, "arxiv.org/abs/", 0) + 14,
		                              s.n - (size_t)str_ifind(s, "arxiv.org/abs/", 0) - 14));
	else if (str_istarts(s, "http"))
		mb_field(b, CX_F_URL, s);
}

/* The entry, when it has a title. */
static struct cx_entry *mb_done(struct mb *b)
{
	if (!cx_entry_get(b->e, CX_F_TITLE))
		return NULL;
	if (b->authors.n) {
		/* the name parser reads the list (norm_entry) */
		struct cx_field *f = model_add_field(&b->v->a, b->e, &b->cap, CX_F_AUTHOR, (cx_str){NULL, 0},
		                                     b->authors, b->line);
		f->text = (cx_str){NULL, 0};
	}
	if (cx_entry_get(b->e, CX_F_EPRINT))
		mb_field(b, CX_F_EPRINTTYPE, CX_STR("arXiv"));
	/* the order the cv reader's entries have: who, what, where, when */
	static const enum cx_field_id order[] = {CX_F_AUTHOR, CX_F_TITLE, CX_F_JOURNAL, CX_F_BOOKTITLE,
	                                         CX_F_SCHOOL, CX_F_INSTITUTION, CX_F_YEAR, CX_F_VOLUME,
	                                         CX_F_NUMBER, CX_F_PAGES, CX_F_PUBLISHER, CX_F_ADDRESS,
	                                         CX_F_ISBN, CX_F_DOI, CX_F_URL, CX_F_EPRINT, CX_F_EPRINTTYPE};
	struct cx_field *f = arena_alloc(&b->v->a, (b->e->nfields + 1) * sizeof *f);
	size_t k = 0;
	for (size_t i = 0; i < sizeof order / sizeof *order; i++) {
		struct cx_field *g = cx_entry_get(b->e, order[i]);
		if (g)
			f[k++] = *g;
	}
	b->e->fields = f;
	b->e->nfields = k;
	const char *tn = cx_types[b->e->type].bibtex;
	b->e->type_name = (cx_str){tn, strlen(tn)};
	return b->e;
}

/* The container as a journal or a book's title, by the type. */
static void mb_container(struct mb *b, cx_str t)
{
	enum cx_type_id ty = b->e->type;
	mb_field(b, ty == CX_T_INPROCEEDINGS || ty == CX_T_INCOLLECTION ? CX_F_BOOKTITLE : CX_F_JOURNAL, t);
}

/* ---- COinS ------------------------------------------------------------------ */

/* One key=value of a KEV string, percent-decoded ("+" a space). */
static cx_str kev_value(struct arena *a, const char *p, size_t n)
{
	char *o = arena_alloc(a, n + 1);
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '+')
			o[k++] = ' ';
		else if (p[i] == '%' && i + 2 < n && str_xdigit((unsigned char)p[i + 1]) &&
		         str_xdigit((unsigned char)p[i + 2])) {
			o[k++] = (char)(str_hex((unsigned char)p[i + 1]) << 4 | str_hex((unsigned char)p[i + 2]));
			i += 2;
		} else
			o[k++] = p[i];
	}
	o[k] = 0;
	return cvd_S(o, k);
}

static int key_is(cx_str k, const char *lit)
{
	return k.n == strlen(lit) && !memcmp(k.p, lit, k.n);
}

/* Keys whose value is a field as it is. */
struct key_field {
	const char *key;
	enum cx_field_id id;
};
static const struct key_field coins_fields[] = {
	{"rft.atitle", CX_F_TITLE},    {"rft.volume", CX_F_VOLUME},  {"rft.issue", CX_F_NUMBER},
	{"rft.pages", CX_F_PAGES},     {"rft.pub", CX_F_PUBLISHER},  {"rft.inst", CX_F_PUBLISHER},
	{"rft.place", CX_F_ADDRESS},   {"rft.isbn", CX_F_ISBN},      {NULL, CX_F_UNKNOWN}};
static const struct key_field meta_fields[] = {
	{"citation_title", CX_F_TITLE},
	{"citation_technical_report_number", CX_F_NUMBER},
	{"citation_volume", CX_F_VOLUME},
	{"citation_issue", CX_F_NUMBER},
	{"citation_arxiv_id", CX_F_EPRINT},
	{"citation_publisher", CX_F_PUBLISHER},
	{"citation_isbn", CX_F_ISBN},
	{"citation_abstract_html_url", CX_F_URL},
	{"citation_pdf_url", CX_F_URL},
	{NULL, CX_F_UNKNOWN}};

static const struct key_field *key_field(const struct key_field *t, cx_str k)
{
	for (; t->key; t++)
		if (key_is(k, t->key))
			return t;
	return NULL;
}

static struct cx_entry *coins_entry(struct cv *v, cx_str s, unsigned line)
{
	struct mb b;
	mb_start(&b, v, line);
	cx_str genre = cvd_S("", 0), fmt = cvd_S("", 0), jtitle = cvd_S("", 0), btitle = cvd_S("", 0);
	cx_str spage = cvd_S("", 0), epage = cvd_S("", 0), aulast = cvd_S("", 0), aufirst = cvd_S("", 0);
	const struct {
		const char *key;
		cx_str *to;
	} keep[] = {{"rft.btitle", &btitle}, {"rft.jtitle", &jtitle}, {"rft.title", &jtitle},
	            {"rft.aulast", &aulast}, {"rft.aufirst", &aufirst}, {"rft.spage", &spage},
	            {"rft.epage", &epage},   {"rft.genre", &genre},     {"rft_val_fmt", &fmt}};
	for (size_t i = 0; i < s.n;) {
		size_t e = i;
		while (e < s.n && s.p[e] != '&')
			e++;
		const char *eq = memchr(s.p + i, '=', e - i);
		if (eq) {
			cx_str k = cvd_S(s.p + i, (size_t)(eq - s.p - i));
			cx_str val = kev_value(&v->a, eq + 1, (size_t)(s.p + e - eq - 1));
			const struct key_field *kf = key_field(coins_fields, k);
			size_t kk = 0;
			while (kk < sizeof keep / sizeof *keep && !key_is(k, keep[kk].key))
				kk++;
			if (kf)
				mb_field(&b, kf->id, val);
			else if (kk < sizeof keep / sizeof *keep)
				*keep[kk].to = val;
			else if (key_is(k, "rft.au"))
				mb_author(&b, val);
			else if (key_is(k, "rft.date"))
				mb_year(&b, val);
			else if (key_is(k, "rft_id"))
				mb_id(&b, val);
		}
		i = e + 1;
	}
	if (!b.authors.n && aulast.n)
		mb_author(&b, cv_cat(&v->a, aufirst, " ", aulast));
	if (!cx_entry_get(b.e, CX_F_TITLE) && btitle.n) {
		mb_field(&b, CX_F_TITLE, btitle);
		btitle = cvd_S("", 0);
	}
	b.e->type = str_ieq(genre, "proceeding") || str_ieq(genre, "conference") ? CX_T_INPROCEEDINGS
	            : str_ieq(genre, "bookitem") ? CX_T_INCOLLECTION
	            : str_ieq(genre, "book") ? CX_T_BOOK
	            : str_ieq(genre, "report") ? CX_T_TECHREPORT
	            : str_ieq(genre, "preprint") ? CX_T_PREPRINT
	            : str_ifind(fmt, "dissertation", 0) >= 0 ? CX_T_PHDTHESIS
	            : str_ifind(fmt, "journal", 0) >= 0 || str_ieq(genre, "article") ? CX_T_ARTICLE
	            : str_ifind(fmt, "book", 0) >= 0 ? CX_T_BOOK : CX_T_MISC;
	mb_container(&b, jtitle.n ? jtitle : btitle);
	if (spage.n)
		mb_field(&b, CX_F_PAGES, epage.n ? cv_cat(&v->a, spage, "\xE2\x80\x93", epage) : spage);
	return mb_done(&b);
}

/* ---- citation_* meta tags ------------------------------------------------------ */

static struct cx_entry *meta_entry(struct cv *v, const struct cv_strs *m)
{
	struct mb b;
	mb_start(&b, v, m->n ? m->line[0] : 1);
	cx_str first = cvd_S("", 0), last = cvd_S("", 0), cont = cvd_S("", 0);
	enum cx_type_id ty = CX_T_MISC;
	for (size_t i = 0; i + 1 < m->n; i += 2) {
		cx_str k = m->v[i], val = m->v[i + 1];
		const struct key_field *kf = key_field(meta_fields, k);
		if (kf)
			mb_field(&b, kf->id, val);
		else if (key_is(k, "citation_author"))
			mb_author(&b, val);
		else if (key_is(k, "citation_publication_date") || key_is(k, "citation_date") ||
		         key_is(k, "citation_year") || key_is(k, "citation_online_date"))
			mb_year(&b, val);
		else if (key_is(k, "citation_journal_title"))
			cont = val, ty = CX_T_ARTICLE;
		else if (key_is(k, "citation_conference_title") || key_is(k, "citation_conference"))
			cont = val, ty = CX_T_INPROCEEDINGS;
		else if (key_is(k, "citation_inbook_title"))
			cont = val, ty = CX_T_INCOLLECTION;
		else if (key_is(k, "citation_dissertation_institution"))
			mb_field(&b, CX_F_SCHOOL, val), ty = CX_T_PHDTHESIS;
		else if (key_is(k, "citation_technical_report_institution"))
			mb_field(&b, CX_F_INSTITUTION, val), ty = CX_T_TECHREPORT;
		else if (key_is(k, "citation_firstpage"))
			first = val;
		else if (key_is(k, "citation_lastpage"))
			last = val;
		else if (key_is(k, "citation_doi"))
			mb_id(&b, val);
	}
	if (ty == CX_T_MISC && cx_entry_get(b.e, CX_F_EPRINT))
		ty = CX_T_PREPRINT;
	b.e->type = ty;
	mb_container(&b, cont);
	if (ty == CX_T_PREPRINT && !cont.n)
		mb_field(&b, CX_F_JOURNAL, CX_STR("arXiv"));
	if (first.n)
		mb_field(&b, CX_F_PAGES, last.n ? cv_cat(&v->a, first, "\xE2\x80\x93", last) : first);
	return mb_done(&b);
}

/* ---- schema.org JSON-LD ---------------------------------------------------------- */

static const struct jv *member(const struct jv *o, const char *name)
{
	if (!o || o->t != J_OBJ)
		return NULL;
	for (size_t i = 0; i < o->n; i++)
		if (key_is(o->k[i], name))
			return &o->v[i];
	return NULL;
}

/* A string member, or an object's "name", or the first of an array. */
static cx_str text_of(const struct jv *x)
{
	if (!x)
		return cvd_S("", 0);
	if (x->t == J_STR || x->t == J_NUM)
		return x->s;
	if (x->t == J_ARR && x->n)
		return text_of(&x->v[0]);
	if (x->t == J_OBJ)
		return text_of(member(x, "name"));
	return cvd_S("", 0);
}

static cx_str person(struct arena *a, const struct jv *p)
{
	cx_str n = text_of(member(p, "name"));
	if (!n.n && p && p->t == J_STR)
		n = p->s;
	if (!n.n)
		n = cv_cat(a, text_of(member(p, "givenName")), " ", text_of(member(p, "familyName")));
	return n;
}

struct ld {
	struct cv *v;
	void (*emit)(void *, struct cx_entry *);
	void *ctx;
	unsigned line;
};

static void ld_work(struct ld *L, const struct jv *o, cx_str type)
{
	struct cv *v = L->v;
	struct mb b;
	mb_start(&b, v, L->line);
	b.e->type = str_ieq(type, "Book") ? CX_T_BOOK
	            : str_ieq(type, "Chapter") ? CX_T_INCOLLECTION
	            : str_ieq(type, "Thesis") ? CX_T_PHDTHESIS
	            : str_ieq(type, "Report") ? CX_T_TECHREPORT
	            : member(o, "isPartOf") ? CX_T_ARTICLE : CX_T_MISC;
	mb_field(&b, CX_F_TITLE, text_of(member(o, "headline")));
	mb_field(&b, CX_F_TITLE, text_of(member(o, "name")));
	const struct jv *au = member(o, "author");
	if (au && au->t == J_ARR)
		for (size_t i = 0; i < au->n; i++)
			mb_author(&b, person(&v->a, &au->v[i]));
	else if (au)
		mb_author(&b, person(&v->a, au));
	mb_year(&b, text_of(member(o, "datePublished")));
	mb_year(&b, text_of(member(o, "dateCreated")));
	/* isPartOf: the periodical, perhaps through a volume and an issue */
	const struct jv *part = member(o, "isPartOf");
	for (int depth = 0; part && part->t == J_OBJ && depth < 3; depth++) {
		cx_str pt = text_of(member(part, "@type"));
		if (str_ieq(pt, "PublicationIssue"))
			mb_field(&b, CX_F_NUMBER, text_of(member(part, "issueNumber")));
		else if (str_ieq(pt, "PublicationVolume"))
			mb_field(&b, CX_F_VOLUME, text_of(member(part, "volumeNumber")));
		if (!member(part, "isPartOf") || text_of(member(part, "name")).n)
			break;
		part = member(part, "isPartOf");
	}
	mb_container(&b, text_of(part));
	mb_field(&b, CX_F_VOLUME, text_of(member(o, "volumeNumber")));
	mb_field(&b, CX_F_NUMBER, text_of(member(o, "issueNumber")));
	mb_field(&b, CX_F_PAGES, text_of(member(o, "pagination")));
	mb_field(&b, CX_F_PUBLISHER, text_of(member(o, "publisher")));
	const char *const ids[] = {"identifier", "sameAs", "url"};
	for (size_t i = 0; i < 3; i++) {
		const struct jv *x = member(o, ids[i]);
		for (size_t k = 0; x && k < (x->t == J_ARR ? x->n : 1); k++)
			mb_id(&b, text_of(x->t == J_ARR ? &x->v[k] : x));
	}
	struct cx_entry *e = mb_done(&b);
	if (e)
		L->emit(L->ctx, e);
}

/* An object of the page's JSON-LD: a work, a Person (the owner), or a
 * graph of them. */
static void ld_walk(struct ld *L, const struct jv *x, int depth)
{
	if (!x || depth > 8)
		return;
	if (x->t == J_ARR) {
		for (size_t i = 0; i < x->n; i++)
			ld_walk(L, &x->v[i], depth + 1);
		return;
	}
	if (x->t != J_OBJ)
		return;
	ld_walk(L, member(x, "@graph"), depth + 1);
	ld_walk(L, member(x, "hasPart"), depth + 1);          /* a collection's works */
	ld_walk(L, member(x, "itemListElement"), depth + 1);  /* an ItemList's ListItems */
	ld_walk(L, member(x, "item"), depth + 1);             /* a ListItem's work */
	cx_str type = text_of(member(x, "@type"));
	static const char *const works[] = {"ScholarlyArticle", "Article", "CreativeWork", "Book", "Chapter",
	                                    "Thesis", "Report", "TechArticle", NULL};
	for (size_t i = 0; works[i]; i++)
		if (str_ieq(type, works[i]))
			ld_work(L, x, type);
	if (str_ieq(type, "Person") && !L->v->page_owner.n && depth <= 1) {
		cx_str n = person(&L->v->a, x);
		L->v->page_owner = arena_str(&L->v->a, n.p, n.n);
	}
}

static void ld_item(struct jp *J, const struct jv *x, unsigned line, int index)
{
	(void)line, (void)index;
	ld_walk(J->c->emit_ctx, x, 0); /* json_read works on a copy of J: the context rides on c */
}

static void ld_read(struct cv *v, cx_str s, unsigned line, void (*emit)(void *, struct cx_entry *), void *ctx)
{
	FILE *f = fmemopen((void *)s.p, s.n, "rb");
	if (!f)
		return;
	struct cx_input in = {f, NULL, 0, 0, 0};
	struct cx_reader_ctx c = *v->c;
	c.diags.fn = NULL; /* a page's broken script is no error of the conversion */
	struct ld L = {v, emit, ctx, line};
	c.emit_ctx = &L;
	struct jp J;
	memset(&J, 0, sizeof J);
	J.c = &c;
	J.in = &in;
	J.on_item = ld_item;
	json_read(&J);
	fclose(f);
}

/* ---- the page's data --------------------------------------------------------------- */

void cvd_page_data(struct cv *v, void (*emit)(void *, struct cx_entry *), void *ctx)
{
	for (size_t i = 0; i < v->coins.n; i++) {
		struct cx_entry *e = coins_entry(v, v->coins.v[i], v->coins.line[i]);
		if (e)
			emit(ctx, e);
	}
	if (v->meta.n) {
		struct cx_entry *e = meta_entry(v, &v->meta);
		if (e)
			emit(ctx, e);
	}
	for (size_t i = 0; i < v->jsonld.n; i++)
		ld_read(v, v->jsonld.v[i], v->jsonld.line[i], emit, ctx);
}
