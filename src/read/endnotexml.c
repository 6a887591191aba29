/* read/endnotexml.c - EndNote's XML export (File > Export, "XML"), as its
 * DTD (xml.dtd, shipped with EndNote) lays out a record.
 *
 * Each <record> under <xml><records> is one entry; its elements' fields
 * are the ENDNOTEXML rows of model/formats.def.  Text comes in <style>
 * elements whose face (italic, bold, superscript, subscript) is kept as
 * the model's markup.  What the rows leave to this file:
 *   - ref-type's name attribute is the type (EndNote's names, shared with
 *     the tagged format), its number the fallback;
 *   - secondary-title is the journal of an article, the book or
 *     proceedings of a part, the series of a book or report, and a
 *     thesis' department;
 *   - publisher is a thesis' university and a report's institution;
 *   - the authors, secondary and tertiary authors are authors, editors or
 *     series editors by the type (read/endnote.h);
 *   - isbn holds an ISBN or ISSN, sometimes several: the first, by its
 *     shape and the type; a patent's or report's number;
 *   - accession-num is the PMID of a record that came from PubMed (its
 *     remote database is PubMed or NLM's), else kept;
 *   - a thesis whose work-type says Ph.D. or master's is that thesis. */
#include <string.h>

#include "core/str.h"
#include "read/endnote.h"
#include "read/xmlmap.h"

struct enx {
	struct rec R;
	struct xmlmap M;
	struct cx_reader_ctx *c;
};

static int is_record(void *ctx, const char *name, size_t depth, unsigned line, unsigned col)
{
	(void)ctx, (void)depth, (void)line, (void)col;
	return !strcmp(name, "record");
}

static cx_str child_text(struct rec *R, const struct xnode *rec, const char *a, const char *b)
{
	const struct xnode *n = xrec_child(rec, a);
	if (n && b)
		n = xrec_child(n, b);
	if (!n)
		return (cx_str){NULL, 0};
	cx_str t = xrec_text(&R->a, n);
	return rec_clean(R, t.p, t.n, n->line);
}

static void type(struct enx *X, const struct xnode *rec)
{
	struct rec *R = &X->R;
	const struct xnode *rt = xrec_child(rec, "ref-type");
	const char *name = rt ? xrec_attr(rt, "name") : NULL;
	const struct cx_ftype *ft = name ? cx_ftype_find(CX_MF_ENDNOTE, str_of(name)) : NULL;
	if (!ft && rt) {
		cx_str num = rec_clean(R, xrec_text(&R->a, rt).p, xrec_text(&R->a, rt).n, rt->line);
		ft = cx_ftype_find(CX_MF_ENDNOTEXML, num);
		if (ft && !name) {
			const struct cx_ftype *named = cx_ftype_of(CX_MF_ENDNOTE, ft->type);
			name = named ? named->name : NULL;
		}
	}
	if (!ft && rt)
		diag_report(&X->c->diags, CX_WARNING, CX_E_TYPE, rt->line, rt->col,
		            "unknown reference type '%s': read as Generic", name ? name : "?");
	rec_type(R, ft ? ft->type : CX_T_MISC, str_of(name ? name : "Generic"));
}

static int article_like(enum cx_type_id t)
{
	return t == CX_T_ARTICLE || t == CX_T_MAGAZINE || t == CX_T_NEWSPAPER;
}

/* The first identifier of an isbn element ("0012-9658 (Print)\r..."). */
static cx_str first_id(cx_str v)
{
	size_t k = 0;
	while (k < v.n && v.p[k] != ' ' && v.p[k] != ';' && v.p[k] != ',')
		k++;
	return (cx_str){v.p, k};
}

static int from_pubmed(struct enx *X, const struct xnode *rec)
{
	cx_str name = child_text(&X->R, rec, "remote-database-name", NULL);
	cx_str prov = child_text(&X->R, rec, "remote-database-provider", NULL);
	return str_ihas(name, "pubmed") || str_ihas(name, "medline") || str_ihas(prov, "nlm");
}

static int special(struct xmlmap *M, const struct cx_map *m, const struct xnode *n)
{
	struct enx *X = M->ctx;
	struct rec *R = &X->R;
	enum cx_type_id t = R->e.type;
	if (m->how == CX_H_TYPE)
		return 1; /* read first */
	if (m->how != CX_H_CONTAINER && m->how != CX_H_SPECIAL)
		return 0;
	const char *key = m->key;
	if (!strncmp(key, "contributors/", 13)) {
		/* authors, secondary and tertiary: by the type (read/endnote.h) */
		cx_str kept, v = xrec_text(&R->a, n);
		v = rec_clean(R, v.p, v.n, n->line);
		enum endnote_names k = strstr(key, "secondary")  ? EN_SECONDARY
		                       : strstr(key, "tertiary") ? EN_TERTIARY
		                                                 : EN_AUTHORS;
		enum cx_field_id id =
			endnote_names_field(t, R->e.type_name, k, "tertiary-authors", &kept);
		rec_name(R, id, kept, rec_parse_name(R, v, REC_FAMILY_FIRST), n->line, n->col);
		return 1;
	}
	cx_str v = xmlmap_text(M, n);
	if (m->how == CX_H_CONTAINER) {
		enum cx_field_id id = article_like(t)                             ? CX_F_JOURNAL
		                      : cx_type_is_part(t) || t == CX_T_ONLINE    ? CX_F_BOOKTITLE
		                      : t == CX_T_BOOK || t == CX_T_COLLECTION ||
		                                t == CX_T_TECHREPORT || t == CX_T_ONLINE ? CX_F_SERIES
		                                                                        : CX_F_UNKNOWN;
		if (id == CX_F_UNKNOWN)
			rec_keep(R, str_of(t == CX_T_THESIS ? "department" : "secondary-title"), v, n->line,
			         n->col);
		else
			rec_set(R, id, v, str_of("secondary-title"), n->line, n->col);
	} else if (strstr(key, "periodical/full-title")) {
		/* EndNote repeats a section's book here: the same title is no
		 * journal. */
		const struct cx_field *b = cx_entry_get(&R->e, CX_F_BOOKTITLE);
		const struct cx_field *s = cx_entry_get(&R->e, CX_F_SERIES);
		if (article_like(t))
			rec_set(R, CX_F_JOURNAL, v, str_of(m->keep), n->line, n->col);
		else if (!(b && str_same(b->text, v)) && !(s && str_same(s->text, v)))
			rec_keep(R, str_of(m->keep), v, n->line, n->col);
	} else if (!strcmp(key, "publisher")) {
		rec_set(R, t == CX_T_THESIS ? CX_F_SCHOOL : t == CX_T_TECHREPORT ? CX_F_INSTITUTION
		                                                                 : CX_F_PUBLISHER,
		        v, str_of("publisher"), n->line, n->col);
	} else if (!strcmp(key, "isbn")) {
		cx_str id = first_id(v);
		/* EndNote's ISBN field is a patent's or a report's number. */
		int number = t == CX_T_PATENT || t == CX_T_TECHREPORT;
		if (number)
			id = v;
		rec_set(R, number ? CX_F_NUMBER
		           : rec_is_issn(id) || (article_like(t) && id.n == 8) ? CX_F_ISSN
		                                                               : CX_F_ISBN,
		        id, str_of("isbn"), n->line, n->col);
		/* "1367-4811 (Electronic)\r1367-4803 (Linking)": the whole text is
		 * kept when it holds another number; under a name no writer takes
		 * for the ISBN itself. */
		int more = 0;
		for (size_t i = id.n; i < v.n; i++)
			more |= str_digit((unsigned char)v.p[i]);
		if (more)
			rec_keep(R, str_of("isbn-text"), v, n->line, n->col);
	} else if (!strcmp(key, "accession-num")) {
		int digits = v.n && str_digits(v.p, v.p + v.n, &(int){0}) == v.n;
		if (digits && from_pubmed(X, n->parent))
			rec_set(R, CX_F_PMID, v, str_of("accession-num"), n->line, n->col);
		else
			rec_keep(R, str_of("accession-num"), v, n->line, n->col);
	} else {
		return 0;
	}
	return 1;
}

static void thesis(struct rec *R)
{
	const struct cx_field *wt = cx_entry_get(&R->e, CX_F_TYPE);
	if (R->e.type != CX_T_THESIS || !wt)
		return;
	if (str_ihas(wt->text, "ph.d") || str_ihas(wt->text, "phd") || str_ihas(wt->text, "doctor"))
		R->e.type = CX_T_PHDTHESIS;
	else if (str_ihas(wt->text, "master"))
		R->e.type = CX_T_MASTERSTHESIS;
}

static void on_record(void *ctx, const struct xnode *rec)
{
	struct enx *X = ctx;
	rec_begin(&X->R, rec->line);
	type(X, rec);
	xmlmap_walk(&X->M, rec);
	xmlmap_pages(&X->M);
	thesis(&X->R);
	rec_finish(&X->R);
}

static int endnotexml_read(struct cx_reader_ctx *c, struct cx_input *in)
{
	struct enx X;
	memset(&X, 0, sizeof X);
	X.c = c;
	rec_init(&X.R, c, "endnote-xml", CX_MF_ENDNOTEXML);
	X.R.initials = 1;
	xmlmap_init(&X.M, &X.R, CX_MF_ENDNOTEXML);
	X.M.rich = 1;
	X.M.special = special;
	X.M.ctx = &X;
	struct xrec_reader XR = {.in = in, .diags = &c->diags,
		.is_record = is_record, .record = on_record, .ctx = &X};
	int rc = xrec_read(&XR);
	xmlmap_free(&X.M);
	rec_free(&X.R);
	return rc;
}

const struct cx_reader cx_reader_endnotexml = {"endnote-xml", endnotexml_read};
