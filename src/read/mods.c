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
 *     its host's ("host:" rows), else its typeOfResource ("resource:"
 *     rows: a map, a recording, a photograph), else a host issued
 *     continuing (a journal) or not (a book) unless the record is itself
 *     monographic (a volume of a set), else the record's issuance;
 *   - the host's title is the journal of an article, the book or
 *     proceedings of a part, and otherwise the series;
 *   - a name's role (marcrelator text or code) says whose it is: author
 *     (also a photographer, artist, programmer, cartographer), editor,
 *     translator, or a thesis' degree grantor (the school); CSL's other
 *     roles (composer, performer, recipient, ...) by their CSL names, the
 *     rest contributors; without a role a name is an author, and in the
 *     host an editor;
 *   - of several dates the keyDate, else an encoded one (date());
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
	cx_str date;            /* the best dateIssued so far (dates()) */
	int date_rank;
	unsigned date_line, date_col;
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
		/* the maker of a photograph, a work of art, a program */
		{"photographer", CX_F_AUTHOR}, {"pht", CX_F_AUTHOR},      {"artist", CX_F_AUTHOR},
		{"art", CX_F_AUTHOR},         {"programmer", CX_F_AUTHOR}, {"prg", CX_F_AUTHOR},
		{"cartographer", CX_F_AUTHOR}, {"ctg", CX_F_AUTHOR},
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

/* A role the model has no field for, as the CSL role it is (a name
 * list kept under a CSL role's name is that role): MARC relators. */
static cx_str csl_role(const struct xnode *name)
{
	static const char *const roles[][3] = {
		{"composer", "cmp", "composer"},     {"performer", "prf", "performer"},
		{"recipient", "rcp", "recipient"},   {"interviewer", "ivr", "interviewer"},
		{"director", "drt", "director"},     {"illustrator", "ill", "illustrator"},
		{"producer", "pro", "producer"},     {"narrator", "nrt", "narrator"},
		{"curator", "cur", "curator"},       {"compiler", "com", "compiler"},
		{"host", "hst", "host"},             {"screenwriter", "aus", "script-writer"},
	};
	for (const struct xnode *r = name->kids; r; r = r->next) {
		if (!r->name || strcmp(r->name, "role"))
			continue;
		for (const struct xnode *t = r->kids; t; t = t->next) {
			if (!t->name || strcmp(t->name, "roleTerm") || !t->kids || t->kids->name)
				continue;
			cx_str v = str_trim(t->kids->text);
			for (size_t i = 0; i < sizeof roles / sizeof *roles; i++)
				if (str_ieq(v, roles[i][0]) || str_ieq(v, roles[i][1]))
					return str_of(roles[i][2]);
		}
	}
	return str_of("contributor");
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
			whole = !whole.n ? v
			        /* a corporation's parts: "Library of Congress. Music Division." */
			        : arena_cat(&R->a, whole, whole.p[whole.n - 1] == '.' ? " " : ". ", v);
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
	if (institution || (corporate && id != CX_F_AUTHOR && id != CX_F_EDITOR && id != CX_F_UNKNOWN)) {
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
		rec_name(R, CX_F_UNKNOWN, csl_role(n), nm, n->line, n->col);
	else
		rec_name(R, id, (cx_str){NULL, 0}, nm, n->line, n->col);
}

/* ---- the rows this file reads ----------------------------------------------------- */

/* "vii, 322 p. ; 23 cm.": the pages are the number before "p."; the
 * text is kept. */
static void extent(struct rec *R, cx_str v, unsigned line, unsigned col)
{
	int pages = 0;
	for (size_t i = 0; i < v.n && !pages; i++) {
		int k;
		size_t d = str_digits(v.p + i, v.p + v.n, &k);
		if (d && (!i || !str_alnum((unsigned char)v.p[i - 1])) && i + d + 1 < v.n &&
		    v.p[i + d] == ' ' && v.p[i + d + 1] == 'p' &&
		    (i + d + 2 == v.n || !str_alnum((unsigned char)v.p[i + d + 2])))
			pages = 1, rec_set(R, CX_F_PAGETOTAL, (cx_str){v.p + i, d}, str_of("extent"), line, col);
		if (d)
			i += d - 1;
	}
	rec_keep(R, str_of("extent"), v, line, col);
}

/* A catalogue record has several dates: "-1988" as transcribed, and
 * 1985 and 1988 encoded as the range's ends.  The date is the keyDate,
 * else an encoded date that is no range's end, else the first; a
 * dateCreated only when it is the keyDate or there is nothing better. */
static void date(struct modsr *X, const struct xnode *n, int created)
{
	const char *key = xrec_attr(n, "keyDate"), *enc = xrec_attr(n, "encoding");
	const char *point = xrec_attr(n, "point");
	int end = point && !strcmp(point, "end");
	int rank = key && !strcmp(key, "yes") ? 4 : created ? 0 : end ? 1 : enc ? 3 : 2;
	cx_str v = text_of(&X->R, n);
	if (created && rank < 4)
		rec_keep(&X->R, str_of("datecreated"), v, n->line, n->col);
	if (!v.n || (X->date.n && rank <= X->date_rank))
		return;
	X->date = v;
	X->date_rank = rank;
	X->date_line = n->line;
	X->date_col = n->col;
}

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
		if (!str_ieq(X->resource, "text")) /* what nearly every record is */
			rec_keep(R, str_of("typeofresource"), X->resource, n->line, n->col);
	} else if (!strcmp(key, "note")) {
		const char *nt = xrec_attr(n, "type");
		if (nt && *nt)
			rec_keep(R, str_of(nt), xmlmap_text(M, n), n->line, n->col);
		else
			rec_append(R, CX_F_NOTE, " ", xmlmap_text(M, n), n->line);
	} else if (!strcmp(key, "originInfo/dateIssued") || !strcmp(key, "originInfo/dateCreated")) {
		date(X, n, !strcmp(key, "originInfo/dateCreated"));
	} else if (!strcmp(key, "identifier[type=isbn]") || !strcmp(key, "identifier[type=issn]")) {
		/* "0801486394 (pbk. : acid-free, recycled paper)" */
		cx_str v = text_of(R, n), id = v;
		const char *sp = memchr(v.p, ' ', v.n);
		if (sp)
			id = (cx_str){v.p, (size_t)(sp - v.p)};
		rec_set(R, m->field, id, str_of(strstr(key, "isbn") ? "isbn" : "issn"), n->line, n->col);
		if (id.n < v.n)
			rec_keep(R, str_of(m->keep), v, n->line, n->col);
	} else if (!strcmp(key, "physicalDescription/extent")) {
		extent(R, xmlmap_text(M, n), n->line, n->col);
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
	char b[64];
	int k = snprintf(b, sizeof b, "resource:%.*s", (int)X->resource.n, X->resource.p);
	const struct cx_ftype *res =
		X->resource.n && k > 0 && (size_t)k < sizeof b ? cx_ftype_find(CX_MF_MODS, str_of(b)) : NULL;
	if (X->has_host && (!own || t == CX_T_BOOK || t == CX_T_MISC) && host)
		t = ht, name = hname;
	else if (!own && res) /* a photograph or a recording in a collection is one */
		t = res->type, name = str_of(res->name);
	else if (!own && X->has_host &&
	         (!str_ieq(X->issuance, "monographic") || str_ieq(X->host_issuance, "continuing")))
		t = str_ieq(X->host_issuance, "continuing") ? CX_T_ARTICLE : CX_T_INCOLLECTION;
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
	                      : cx_type_is_part(t) || t == CX_T_ONLINE ? CX_F_BOOKTITLE /* a site */
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
	X->date = (cx_str){NULL, 0};
	X->date_rank = 0;
	xmlmap_walk(&X->M, rec);
	xmlmap_pages(&X->M);
	if (X->date.n && !rec_date_text(&X->R, X->date, X->date_line))
		rec_year_text(&X->R, X->date, X->date_line);
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
	X.R.initials = 1; /* catalogue names: "K.L.", "Kumar." */
	xmlmap_init(&X.M, &X.R, CX_MF_MODS);
	X.M.special = special;
	X.M.ctx = &X;
	struct xrec_reader XR = {.in = in, .diags = &c->diags,
		.is_record = is_record, .record = on_record, .ctx = &X};
	int rc = xrec_read(&XR);
	xmlmap_free(&X.M);
	rec_free(&X.R);
	return rc;
}

const struct cx_reader cx_reader_mods = {"mods", mods_read};
