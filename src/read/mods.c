/* read/mods.c - MODS (the Library of Congress' Metadata Object Description
 * Schema, version 3), as its User Guidelines define it and bibutils writes
 * it: a <modsCollection> of <mods> records, or one <mods>.
 *
 * The elements' fields are the MODS rows of model/formats.def.  A work
 * inside another (an article in a journal, a chapter in a book, a paper
 * in proceedings) has the container as a <relatedItem type="host">, and
 * the type follows from the genres of both.  What the rows leave to this
 * file:
 *   - the type: the record's own genre (MARC's terms and bibutils'), else
 *     its host's ("host:" rows), else a host issued continuing (a journal)
 *     or not (a book), else the record's issuance or typeOfResource;
 *   - the host's title is the journal of an article, the book or
 *     proceedings of a part, and otherwise the series;
 *   - a name's role (marcrelator text or code) says whose it is: author,
 *     editor, translator, or a thesis' degree grantor (the school);
 *     without a role a name is an author, and in the host an editor;
 *   - a title is its nonSort ("The ") and the title. */
#include <string.h>

#include "core/str.h"
#include "read/xmlmap.h"

#define MAX_GENRES 8

struct modsr {
	struct rec R;
	struct xmlmap M;
	struct cx_reader_ctx *c;
	cx_str genre[MAX_GENRES], host_genre[MAX_GENRES];
	size_t ngenre, nhost;
	cx_str issuance, host_issuance, resource;
	cx_str container;
	unsigned container_line;
	int has_host;
};

static int is_record(void *ctx, const char *name, size_t depth, unsigned line, unsigned col)
{
	(void)ctx, (void)depth, (void)line, (void)col;
	return !strcmp(name, "mods");
}

static cx_str text_of(struct rec *R, const struct xnode *n)
{
	if (!n)
		return (cx_str){NULL, 0};
	cx_str t = xrec_text(&R->a, n);
	return rec_clean(R, t.p, t.n, n->line);
}

/* ---- names ------------------------------------------------------------------- */

/* The role of a name: its roleTerms, text or code. */
static enum cx_field_id role(const struct xnode *name, int in_host, int *school)
{
	static const struct {
		const char *term;
		enum cx_field_id id;
	} roles[] = {
		{"author", CX_F_AUTHOR},      {"aut", CX_F_AUTHOR},        {"creator", CX_F_AUTHOR},
		{"cre", CX_F_AUTHOR},         {"editor", CX_F_EDITOR},     {"edt", CX_F_EDITOR},
		{"translator", CX_F_TRANSLATOR}, {"trl", CX_F_TRANSLATOR},
		{"degree grantor", CX_F_SCHOOL}, {"dgg", CX_F_SCHOOL},
		{"publisher", CX_F_PUBLISHER}, {"pbl", CX_F_PUBLISHER},
		{"organizer of meeting", CX_F_ORGANIZATION}, {"orm", CX_F_ORGANIZATION},
	};
	*school = 0;
	for (const struct xnode *r = name->kids; r; r = r->next) {
		if (!r->name || strcmp(r->name, "role"))
			continue;
		for (const struct xnode *t = r->kids; t; t = t->next) {
			if (!t->name || strcmp(t->name, "roleTerm") || !t->kids || t->kids->name)
				continue;
			cx_str v = str_trim(t->kids->text);
			for (size_t i = 0; i < sizeof roles / sizeof *roles; i++)
				if (str_ieq(v, roles[i].term)) {
					enum cx_field_id id = roles[i].id;
					if (in_host && id == CX_F_AUTHOR)
						id = CX_F_BOOKAUTHOR;
					*school = id == CX_F_SCHOOL || id == CX_F_PUBLISHER ||
					          id == CX_F_ORGANIZATION;
					return id;
				}
			return CX_F_UNKNOWN;
		}
	}
	return in_host ? CX_F_EDITOR : CX_F_AUTHOR;
}

static void name(struct modsr *X, const struct xnode *n, int in_host)
{
	struct rec *R = &X->R;
	int institution;
	enum cx_field_id id = role(n, in_host, &institution);
	cx_str family = {NULL, 0}, given = {NULL, 0}, suffix = {NULL, 0}, whole = {NULL, 0};
	for (const struct xnode *p = n->kids; p; p = p->next) {
		if (!p->name || strcmp(p->name, "namePart"))
			continue;
		const char *t = xrec_attr(p, "type");
		cx_str v = text_of(R, p);
		if (!t)
			whole = whole.n ? arena_cat(&R->a, whole, " ", v) : v;
		else if (!strcmp(t, "family"))
			family = family.n ? arena_cat(&R->a, family, " ", v) : v;
		else if (!strcmp(t, "given"))
			given = given.n ? arena_cat(&R->a, given, " ", v) : v;
		else if (!strcmp(t, "termsOfAddress"))
			suffix = v;
	}
	if (!family.n && !given.n && !whole.n)
		whole = text_of(R, xrec_child(n, "displayForm"));
	const char *type = xrec_attr(n, "type");
	int corporate = (type && (!strcmp(type, "corporate") || !strcmp(type, "conference"))) ||
	                (!type && whole.n && !family.n && !given.n && institution);
	if (institution || (corporate && id != CX_F_AUTHOR && id != CX_F_EDITOR)) {
		cx_str v = whole.n ? whole : family;
		rec_set(R, id == CX_F_UNKNOWN ? CX_F_ORGANIZATION : id, v, str_of("name"), n->line, n->col);
		return;
	}
	struct cx_name nm;
	if (family.n || given.n)
		nm = rec_name_parts(R, family, given, (cx_str){NULL, 0}, suffix);
	else if (corporate)
		nm = rec_name_parts(R, (cx_str){NULL, 0}, whole, (cx_str){NULL, 0}, (cx_str){NULL, 0});
	else
		nm = rec_parse_name(R, whole, REC_ANY);
	if (id == CX_F_UNKNOWN)
		rec_name(R, CX_F_UNKNOWN, str_of("contributor"), nm, n->line, n->col);
	else
		rec_name(R, id, (cx_str){NULL, 0}, nm, n->line, n->col);
}

/* ---- the rows this file reads ----------------------------------------------------- */

static void add_genre(cx_str *v, size_t *n, cx_str g)
{
	if (*n < MAX_GENRES && g.n)
		v[(*n)++] = g;
}

static int special(struct xmlmap *M, const struct cx_map *m, const struct xnode *n)
{
	struct modsr *X = M->ctx;
	struct rec *R = &X->R;
	const char *key = m->key;
	int host = !strncmp(key, "relatedItem[type=host]/", 23);
	if (m->how == CX_H_TYPE) {
		add_genre(X->genre, &X->ngenre, text_of(R, n));
		return 1;
	}
	if (m->how == CX_H_CONTAINER) {
		cx_str sub = text_of(R, xrec_child(n->parent, "subTitle"));
		X->container = xmlmap_text(M, n);
		if (sub.n)
			X->container = arena_cat(&R->a, X->container, ": ", sub);
		X->container_line = n->line;
		return 1;
	}
	if (m->how != CX_H_SPECIAL)
		return 0;
	if (!strcmp(key, "titleInfo/title")) {
		if (xrec_attr(n->parent, "type")) {
			rec_keep(R, str_of(xrec_attr(n->parent, "type")), xmlmap_text(M, n), n->line, n->col);
			return 1;
		}
		cx_str ns = text_of(R, xrec_child(n->parent, "nonSort")), t = xmlmap_text(M, n);
		if (ns.n)
			t = arena_cat(&R->a, ns, ns.p[ns.n - 1] == '\'' ? "" : " ", t);
		rec_set(R, CX_F_TITLE, t, str_of("title"), n->line, n->col);
	} else if (!strcmp(key, "name") || !strcmp(key, "relatedItem[type=host]/name")) {
		name(X, n, host);
	} else if (strstr(key, "genre")) {
		add_genre(X->host_genre, &X->nhost, text_of(R, n));
	} else if (strstr(key, "issuance")) {
		*(host ? &X->host_issuance : &X->issuance) = text_of(R, n);
	} else if (!strcmp(key, "typeOfResource")) {
		X->resource = text_of(R, n);
		rec_keep(R, str_of("typeofresource"), X->resource, n->line, n->col);
	} else if (!strcmp(key, "note")) {
		const char *nt = xrec_attr(n, "type");
		if (nt && *nt)
			rec_keep(R, str_of(nt), xmlmap_text(M, n), n->line, n->col);
		else
			rec_append(R, CX_F_NOTE, " ", xmlmap_text(M, n), n->line);
	} else if (!strcmp(key, "identifier[type=arxiv]")) {
		rec_set(R, CX_F_EPRINT, text_of(R, n), str_of("arxiv"), n->line, n->col);
		rec_set(R, CX_F_EPRINTTYPE, str_of("arXiv"), str_of("eprinttype"), n->line, n->col);
	}
	/* nonSort and a host's subTitle are read with their titles. */
	return 1;
}

/* ---- the type ---------------------------------------------------------------------- */

/* The genres' type: later genres refine earlier ones (bibutils writes
 * MARC's "thesis" and then its own "Ph.D. thesis"). */
static int genre_type(const cx_str *g, size_t n, const char *prefix, enum cx_type_id *t,
                      cx_str *name)
{
	int found = 0;
	for (size_t i = 0; i < n; i++) {
		cx_str v = g[i];
		char b[128];
		if (prefix) {
			int k = snprintf(b, sizeof b, "%s%.*s", prefix, (int)v.n, v.p);
			if (k < 0 || (size_t)k >= sizeof b)
				continue;
			v = str_of(b);
		}
		const struct cx_ftype *ft = cx_ftype_find(CX_MF_MODS, v);
		if (!ft)
			continue;
		if (!found || *t == CX_T_THESIS || *t == CX_T_MISC || *t == CX_T_BOOK)
			*t = ft->type, *name = g[i];
		found = 1;
	}
	return found;
}

static void type(struct modsr *X)
{
	struct rec *R = &X->R;
	enum cx_type_id t = CX_T_MISC;
	cx_str name = {NULL, 0};
	int own = genre_type(X->genre, X->ngenre, NULL, &t, &name);
	enum cx_type_id ht = CX_T_MISC;
	cx_str hname = {NULL, 0};
	int host = genre_type(X->host_genre, X->nhost, "host:", &ht, &hname);
	if (X->has_host && (!own || t == CX_T_BOOK || t == CX_T_MISC) && host)
		t = ht, name = hname;
	else if (!own && X->has_host)
		t = str_ieq(X->host_issuance, "continuing") ? CX_T_ARTICLE : CX_T_INCOLLECTION;
	else if (!own && str_istarts(X->resource, "software"))
		t = CX_T_SOFTWARE;
	else if (!own && str_ieq(X->issuance, "monographic"))
		t = CX_T_BOOK;
	else if (!own && str_ieq(X->issuance, "continuing"))
		t = CX_T_PERIODICAL;
	rec_type(R, t, name);
}

static void container(struct modsr *X)
{
	struct rec *R = &X->R;
	enum cx_type_id t = R->e.type;
	if (!X->container.n)
		return;
	enum cx_field_id id = t == CX_T_ARTICLE || t == CX_T_MAGAZINE || t == CX_T_NEWSPAPER
	                          ? CX_F_JOURNAL
	                      : cx_type_is_part(t) ? CX_F_BOOKTITLE
	                                           : CX_F_SERIES;
	rec_set(R, id, X->container, str_of("host"), X->container_line, 1);
}

static void on_record(void *ctx, const struct xnode *rec)
{
	struct modsr *X = ctx;
	X->ngenre = X->nhost = 0;
	X->issuance = X->host_issuance = X->resource = X->container = (cx_str){NULL, 0};
	X->has_host = 0;
	for (const struct xnode *k = rec->kids; k; k = k->next)
		if (k->name && !strcmp(k->name, "relatedItem") && xrec_attr(k, "type") &&
		    !strcmp(xrec_attr(k, "type"), "host"))
			X->has_host = 1;
	rec_begin(&X->R, rec->line);
	const char *id = xrec_attr(rec, "ID");
	if (id && *id)
		X->R.e.key = arena_str(&X->R.a, id, strlen(id));
	xmlmap_walk(&X->M, rec);
	xmlmap_pages(&X->M);
	type(X);
	container(X);
	rec_finish(&X->R);
}

static int mods_read(struct cx_reader_ctx *c, struct cx_input *in)
{
	struct modsr X;
	memset(&X, 0, sizeof X);
	X.c = c;
	rec_init(&X.R, c, "mods", CX_MF_MODS);
	xmlmap_init(&X.M, &X.R, CX_MF_MODS);
	X.M.special = special;
	X.M.ctx = &X;
	struct xrec_reader XR;
	memset(&XR, 0, sizeof XR);
	XR.in = in;
	XR.diags = &c->diags;
	XR.is_record = is_record;
	XR.record = on_record;
	XR.ctx = &X;
	int rc = xrec_read(&XR);
	xmlmap_free(&X.M);
	rec_free(&X.R);
	return rc;
}

const struct cx_reader cx_reader_mods = {"mods", mods_read};
