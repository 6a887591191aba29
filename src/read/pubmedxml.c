/* read/pubmedxml.c - PubMed's XML (E-utilities efetch, PubMed's "XML"
 * download and the MEDLINE baseline files), as NLM's PubMed DTD defines
 * it: a PubmedArticleSet of PubmedArticle (journal articles) and
 * PubmedBookArticle (NCBI Bookshelf books and chapters) records; the older
 * MedlineCitationSet of MedlineCitation is read too.
 *
 * The elements' fields are the PUBMED rows of model/formats.def; titles
 * and abstracts keep their inline <i>, <b>, <sup> and <sub>.  What the
 * rows leave to this file:
 *   - the type: a book article is a chapter when it has an ArticleTitle,
 *     else a book; an article is a journal article unless one of its
 *     PublicationTypes says otherwise (MEDLINE's rows);
 *   - dates are Year, Month and Day, or Season, or a MedlineDate
 *     ("1998 Dec-1999 Jan"), whose start is taken;
 *   - authors are LastName and ForeName (or the Initials), Suffix, or a
 *     CollectiveName; an AuthorList of Type "editors" holds editors, and
 *     a book's own authors are a chapter's bookauthor;
 *   - an abstract's AbstractText parts follow their Label ("METHODS: ...");
 *   - a book's BookTitle is its title, or a chapter's booktitle. */
#include <string.h>

#include "core/str.h"
#include "read/xmlmap.h"

struct pmx {
	struct rec R;
	struct xmlmap M;
	struct cx_reader_ctx *c;
	struct strset seen;   /* elements outside records, reported once */
	struct arena seen_a;
	int chapter;          /* a book article with an ArticleTitle */
};

static int is_record(void *ctx, const char *name, size_t depth, unsigned line, unsigned col)
{
	struct pmx *P = ctx;
	if (!strcmp(name, "PubmedArticle") || !strcmp(name, "PubmedBookArticle") ||
	    !strcmp(name, "MedlineCitation"))
		return 1;
	if (depth == 2 || (depth == 1 && strcmp(name, "PubmedArticleSet") &&
	                   strcmp(name, "MedlineCitationSet") && strcmp(name, "PubmedBookArticleSet"))) {
		int added;
		strset_add(&P->seen, &P->seen_a, name, strlen(name), &added);
		if (added)
			diag_report(&P->c->diags, CX_WARNING, CX_E_UNKNOWN, line, col,
			            "<%s> is no PubMed record (reported once); skipped", name);
	}
	return 0;
}

static cx_str text_of(struct rec *R, const struct xnode *n)
{
	if (!n)
		return (cx_str){NULL, 0};
	cx_str t = xrec_text(&R->a, n);
	return rec_clean(R, t.p, t.n, n->line);
}

/* PubDate and its kin: Year, Month, Day, Season, or MedlineDate. */
static void pub_date(struct rec *R, const struct xnode *n)
{
	const struct xnode *md = xrec_child(n, "MedlineDate");
	if (md) {
		cx_str v = text_of(R, md);
		if (!rec_date_text(R, v, md->line))
			rec_year_text(R, v, md->line);
		return;
	}
	int y = 0, m = 0, d = 0;
	cx_str ys = text_of(R, xrec_child(n, "Year"));
	if (ys.n)
		str_digits(ys.p, ys.p + ys.n, &y);
	const struct xnode *mn = xrec_child(n, "Month"), *sn = xrec_child(n, "Season");
	if (mn)
		m = rec_month(text_of(R, mn));
	else if (sn)
		m = rec_month(text_of(R, sn));
	cx_str ds = text_of(R, xrec_child(n, "Day"));
	if (ds.n)
		str_digits(ds.p, ds.p + ds.n, &d);
	rec_date(R, y, m, d, n->line);
}

static void author(struct rec *R, enum cx_field_id id, const struct xnode *a)
{
	const struct xnode *cn = xrec_child(a, "CollectiveName");
	struct cx_name nm;
	if (cn) {
		nm = rec_name_parts(R, (cx_str){NULL, 0}, text_of(R, cn), (cx_str){NULL, 0},
		                    (cx_str){NULL, 0});
	} else {
		cx_str given = text_of(R, xrec_child(a, "ForeName"));
		if (!given.n)
			given = text_of(R, xrec_child(a, "FirstName"));
		if (!given.n)
			given = text_of(R, xrec_child(a, "Initials"));
		nm = rec_name_parts(R, text_of(R, xrec_child(a, "LastName")), given, (cx_str){NULL, 0},
		                    text_of(R, xrec_child(a, "Suffix")));
	}
	rec_name(R, id, (cx_str){NULL, 0}, nm, a->line, a->col);
	for (const struct xnode *k = a->kids; k; k = k->next)
		if (k->name && !strcmp(k->name, "AffiliationInfo"))
			rec_keep(R, str_of("affiliation"), text_of(R, xrec_child(k, "Affiliation")), k->line,
			         k->col);
		else if (k->name && !strcmp(k->name, "Identifier"))
			rec_keep(R, str_of("orcid"), text_of(R, k), k->line, k->col);
}

static void authors(struct pmx *P, const struct xnode *list, int book)
{
	const char *t = xrec_attr(list, "Type");
	enum cx_field_id id = t && !strcmp(t, "editors") ? CX_F_EDITOR
	                      : book && P->chapter       ? CX_F_BOOKAUTHOR
	                                                 : CX_F_AUTHOR;
	for (const struct xnode *a = list->kids; a; a = a->next)
		if (a->name && !strcmp(a->name, "Author"))
			author(&P->R, id, a);
}

static void abstract(struct pmx *P, const struct xnode *n)
{
	struct rec *R = &P->R;
	for (const struct xnode *k = n->kids; k; k = k->next) {
		if (!k->name)
			continue;
		if (!strcmp(k->name, "CopyrightInformation")) {
			rec_keep(R, str_of("copyright"), text_of(R, k), k->line, k->col);
			continue;
		}
		cx_str v = xmlmap_text(&P->M, k);
		const char *label = xrec_attr(k, "Label");
		if (label && *label)
			v = arena_cat(&R->a, str_of(label), ": ", v);
		rec_append(R, CX_F_ABSTRACT, " ", v, k->line);
	}
}

static int special(struct xmlmap *M, const struct cx_map *m, const struct xnode *n)
{
	struct pmx *P = M->ctx;
	struct rec *R = &P->R;
	const char *key = m->key;
	if (m->how == CX_H_TYPE) {
		rec_keep(R, str_of("pubtype"), text_of(R, n), n->line, n->col);
		return 1;
	}
	if (m->how == CX_H_DATE && xrec_has_elements(n)) {
		pub_date(R, n);
		return 1;
	}
	if (m->how != CX_H_SPECIAL)
		return 0;
	if (strstr(key, "AuthorList"))
		authors(P, n, strstr(key, "Book/") != NULL);
	else if (strstr(key, "Abstract"))
		abstract(P, n);
	else if (strstr(key, "BookTitle"))
		rec_set(R, P->chapter ? CX_F_BOOKTITLE : CX_F_TITLE, xmlmap_text(M, n),
		        str_of("booktitle"), n->line, n->col);
	else if (strstr(key, "ArticleDate"))
		rec_keep(R, str_of("articledate"),
		         arena_cat(&R->a, arena_cat(&R->a, text_of(R, xrec_child(n, "Year")), "-",
		                                    text_of(R, xrec_child(n, "Month"))),
		                   "-", text_of(R, xrec_child(n, "Day"))),
		         n->line, n->col);
	else
		return 0;
	return 1;
}

/* The type, before the walk: it decides where a book's names go. */
static void type(struct pmx *P, const struct xnode *rec)
{
	const struct xnode *bd = xrec_child(rec, "BookDocument");
	if (bd) {
		P->chapter = xrec_child(bd, "ArticleTitle") != NULL;
		rec_type(&P->R, P->chapter ? CX_T_INCOLLECTION : CX_T_BOOK,
		         str_of(P->chapter ? "Book Chapter" : "Book"));
		return;
	}
	P->chapter = 0;
	const struct xnode *mc = xrec_child(rec, "MedlineCitation");
	const struct xnode *art = mc ? xrec_child(mc, "Article") : NULL;
	const struct xnode *ptl = art ? xrec_child(art, "PublicationTypeList") : NULL;
	for (const struct xnode *k = ptl ? ptl->kids : NULL; k; k = k->next) {
		if (!k->name)
			continue;
		cx_str v = text_of(&P->R, k);
		const struct cx_ftype *ft = cx_ftype_find(CX_MF_NBIB, v);
		if (ft && ft->type != CX_T_ARTICLE) {
			rec_type(&P->R, ft->type, v);
			return;
		}
	}
	rec_type(&P->R, CX_T_ARTICLE, str_of("Journal Article"));
}

/* The article's electronic location: its ELocationID of type pii. */
static cx_str location(struct pmx *P, const struct xnode *rec)
{
	const struct xnode *mc = xrec_child(rec, "MedlineCitation");
	const struct xnode *art = mc ? xrec_child(mc, "Article") : NULL;
	for (const struct xnode *k = art ? art->kids : NULL; k; k = k->next) {
		const char *type = k->name && !strcmp(k->name, "ELocationID") ? xrec_attr(k, "EIdType")
		                                                              : NULL;
		if (type && !strcmp(type, "pii"))
			return text_of(&P->R, k);
	}
	return (cx_str){NULL, 0};
}

static void on_record(void *ctx, const struct xnode *rec)
{
	struct pmx *P = ctx;
	struct xnode wrap;
	if (!strcmp(rec->name, "MedlineCitation")) {
		/* The old MedlineCitationSet: as if under a PubmedArticle. */
		memset(&wrap, 0, sizeof wrap);
		wrap.name = "PubmedArticle";
		wrap.kids = wrap.last = (struct xnode *)rec;
		wrap.line = rec->line;
		wrap.col = rec->col;
		rec = &wrap;
	}
	rec_begin(&P->R, rec->line);
	type(P, rec);
	xmlmap_walk(&P->M, rec);
	xmlmap_pages(&P->M);
	rec_medline(&P->R, location(P, rec), rec->line);
	rec_finish(&P->R);
}

static int pubmedxml_read(struct cx_reader_ctx *c, struct cx_input *in)
{
	struct pmx P;
	memset(&P, 0, sizeof P);
	P.c = c;
	rec_init(&P.R, c, "pubmed-xml", CX_MF_PUBMED);
	P.R.initials = 1;
	xmlmap_init(&P.M, &P.R, CX_MF_PUBMED);
	P.M.rich = 1;
	P.M.special = special;
	P.M.ctx = &P;
	struct xrec_reader X = {.in = in, .diags = &c->diags,
		.is_record = is_record, .record = on_record, .ctx = &P};
	int rc = xrec_read(&X);
	xmlmap_free(&P.M);
	rec_free(&P.R);
	strset_free(&P.seen);
	arena_destroy(&P.seen_a);
	return rc;
}

const struct cx_reader cx_reader_pubmedxml = {"pubmed-xml", pubmedxml_read};
