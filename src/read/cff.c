/* read/cff.c - CITATION.cff, the Citation File Format (1.2.0 and the 1.x
 * before it), as its schema guide and schema.json define the keys.
 *
 * A file describes one work, software or a data set, which is the first
 * entry.  Its preferred-citation (what its authors ask to be cited, often
 * a paper) follows, then each of its references: all three are read
 * through the CFF rows of model/formats.def, a reference having the
 * work's keys and more.  What those rows leave to this file:
 *   - persons are family-names, given-names, name-particle and
 *     name-suffix; an entity (a team, a company) is its name, a literal
 *     name; affiliations and ORCIDs are kept apart, the rest of a person's
 *     details (e-mail, address) is not read;
 *   - publisher, conference, institution and location are entities: a
 *     name and an address;
 *   - identifiers give the first DOI and URL where the keys doi and url
 *     do not, and the rest are kept; repository-code is the URL of
 *     software that has no url;
 *   - collection-title is the proceedings or book of a paper or chapter,
 *     and the series of anything else;
 *   - the type is software (or dataset) at the root, where files before
 *     1.2.0 had none, and a reference's type otherwise. */
#include <string.h>

#include "core/str.h"
#include "read/rec.h"
#include "read/yaml.h"

struct cff {
	struct rec R;
	struct cx_reader_ctx *c;
};

static cx_str text(struct cff *C, const struct ynode *n)
{
	cx_str t = yaml_text(n);
	return rec_clean(&C->R, t.p, t.n, n ? n->line : 0);
}

static void person(struct cff *C, enum cx_field_id id, cx_str name, const struct ynode *p)
{
	struct rec *R = &C->R;
	struct cx_name nm;
	if (p->kind == Y_SCALAR) {
		nm = rec_parse_name(R, text(C, p), REC_ANY);
	} else if (p->kind != Y_MAP) {
		return;
	} else if (yaml_get(p, "family-names") || yaml_get(p, "given-names")) {
		nm = rec_name_parts(R, text(C, yaml_get(p, "family-names")),
		                    text(C, yaml_get(p, "given-names")),
		                    text(C, yaml_get(p, "name-particle")),
		                    text(C, yaml_get(p, "name-suffix")));
	} else {
		nm = rec_name_parts(R, (cx_str){NULL, 0}, text(C, yaml_get(p, "name")), (cx_str){NULL, 0},
		                    (cx_str){NULL, 0});
	}
	rec_name(R, id, name, nm, p->line, p->col);
	const struct ynode *v;
	if ((v = yaml_get(p, "affiliation")) != NULL)
		rec_keep(R, str_of("affiliation"), text(C, v), v->line, v->col);
	if ((v = yaml_get(p, "orcid")) != NULL)
		rec_keep(R, str_of("orcid"), text(C, v), v->line, v->col);
}

static void persons(struct cff *C, enum cx_field_id id, cx_str name, const struct ynode *v)
{
	if (v->kind == Y_SEQ)
		for (size_t i = 0; i < v->n; i++)
			person(C, id, name, yaml_item(v, i));
	else
		person(C, id, name, v);
}

/* An entity's name, and its address from city, region and country. */
static void entity(struct cff *C, enum cx_field_id name_id, enum cx_field_id place_id,
                   cx_str key, const struct ynode *v)
{
	struct rec *R = &C->R;
	if (v->kind == Y_SCALAR) {
		rec_set(R, name_id, text(C, v), key, v->line, v->col);
		return;
	}
	rec_set(R, name_id, text(C, yaml_get(v, "name")), key, v->line, v->col);
	cx_str place = {NULL, 0};
	static const char *const parts[] = {"city", "region", "country"};
	for (int i = 0; i < 3; i++) {
		cx_str p = text(C, yaml_get(v, parts[i]));
		if (p.n)
			place = place.n ? arena_cat(&R->a, place, ", ", p) : p;
	}
	if (place.n && place_id != CX_F_UNKNOWN)
		rec_set(R, place_id, place, str_of("address"), v->line, v->col);
}

static void identifiers(struct cff *C, const struct ynode *v)
{
	struct rec *R = &C->R;
	for (size_t i = 0; v->kind == Y_SEQ && i < v->n; i++) {
		const struct ynode *id = yaml_item(v, i);
		cx_str type = yaml_text(yaml_get(id, "type")), val = text(C, yaml_get(id, "value"));
		if (str_eq(type, "doi") && !cx_entry_get(&R->e, CX_F_DOI))
			rec_set(R, CX_F_DOI, val, str_of("doi"), id->line, id->col);
		else if (str_eq(type, "url") && !cx_entry_get(&R->e, CX_F_URL))
			rec_set(R, CX_F_URL, val, str_of("url"), id->line, id->col);
		else
			rec_keep(R, type.n ? type : str_of("identifier"), val, id->line, id->col);
	}
}

static void keywords(struct cff *C, const struct ynode *v)
{
	if (v->kind == Y_SEQ)
		for (size_t i = 0; i < v->n; i++)
			rec_keyword(&C->R, text(C, yaml_item(v, i)), NULL);
	else
		rec_keyword(&C->R, text(C, v), ",");
}

static int special(struct cff *C, const struct cx_map *m, cx_str k, const struct ynode *v)
{
	struct rec *R = &C->R;
	enum cx_type_id t = R->e.type;
	if (str_eq(k, "identifiers")) {
		identifiers(C, v);
	} else if (str_eq(k, "publisher")) {
		entity(C, CX_F_PUBLISHER, CX_F_ADDRESS, k, v);
	} else if (str_eq(k, "conference")) {
		entity(C, CX_F_EVENTTITLE, CX_F_VENUE, k, v);
	} else if (str_eq(k, "institution")) {
		entity(C, t == CX_T_THESIS || t == CX_T_PHDTHESIS || t == CX_T_MASTERSTHESIS ? CX_F_SCHOOL
		          : CX_F_INSTITUTION,
		       CX_F_ADDRESS, k, v);
	} else if (str_eq(k, "location")) {
		entity(C, CX_F_ADDRESS, CX_F_UNKNOWN, k, v);
	} else if (str_eq(k, "repository-code")) {
		/* Read after url (see read_work), so an url wins. */
		rec_keep(R, k, text(C, v), v->line, v->col);
	} else if (m->how == CX_H_CONTAINER) {
		rec_set(R, cx_type_is_part(t) ? CX_F_BOOKTITLE : CX_F_SERIES, text(C, v), k, v->line,
		        v->col);
	} else {
		return 0;
	}
	return 1;
}

/* One key of a work or reference. */
/* YYYY-MM-DD, as CFF's schema wants a date. */
static int iso_date(cx_str t)
{
	if (t.n != 10 || t.p[4] != '-' || t.p[7] != '-')
		return 0;
	for (size_t i = 0; i < 10; i++)
		if (i != 4 && i != 7 && !str_digit((unsigned char)t.p[i]))
			return 0;
	return 1;
}

static void key(struct cff *C, cx_str k, const struct ynode *v, int root)
{
	struct rec *R = &C->R;
	const struct cx_map *m = cx_map_find(CX_MF_CFF, k);
	if (!m) {
		cx_str val = v->kind == Y_SCALAR ? text(C, v) : (cx_str){NULL, 0};
		if (val.n) {
			rec_keep(R, k, val, v->line, v->col);
			rec_unknown(R, "key", k, k, v->line, v->col);
		} else {
			rec_unknown(R, "key", k, str_of("(nothing: not a text)"), v->line, v->col);
		}
		return;
	}
	if (m->how == CX_H_SKIP || m->how == CX_H_TYPE || (root && m->how == CX_H_SPECIAL &&
	                                                   (str_eq(k, "preferred-citation") ||
	                                                    str_eq(k, "references"))))
		return;
	if (!root && (str_eq(k, "preferred-citation") || str_eq(k, "references")))
		return;
	if ((m->how == CX_H_SPECIAL || m->how == CX_H_CONTAINER) && special(C, m, k, v))
		return;
	switch (m->how) {
	case CX_H_NAME:
		persons(C, m->field, rec_kept_as(R, m), v);
		return;
	case CX_H_LIST:
		if (m->field == CX_F_KEYWORDS)
			keywords(C, v);
		else if (v->kind == Y_SEQ && v->n)
			rec_set(R, m->field, text(C, yaml_item(v, 0)), k, v->line, v->col);
		return;
	case CX_H_DATE:
	case CX_H_YEAR:
	case CX_H_MONTH: {
		cx_str t = text(C, v);
		if (m->how == CX_H_DATE && !iso_date(t))
			diag_report(&R->c->diags, CX_WARNING, CX_E_SYNTAX, v->line, v->col,
			            "%.*s '%.*s' is not a date as CFF writes one (YYYY-MM-DD); read as far "
			            "as it goes",
			            (int)k.n, k.p, (int)t.n, t.p);
		if (m->field == CX_F_URLDATE)
			rec_set(R, m->field, t, k, v->line, v->col);
		else if (m->how == CX_H_MONTH)
			rec_date(R, 0, rec_month(t), 0, v->line);
		else if (!rec_date_text(R, t, v->line))
			rec_year_text(R, t, v->line);
		return;
	}
	case CX_H_SP:
	case CX_H_EP:
		return; /* with pages, in read_work */
	case CX_H_KEEP:
		if (v->kind == Y_MAP && yaml_get(v, "name"))
			rec_keep(R, rec_kept_as(R, m), text(C, yaml_get(v, "name")), v->line, v->col);
		else if (v->kind == Y_SCALAR)
			rec_keep(R, rec_kept_as(R, m), text(C, v), v->line, v->col);
		else if (v->kind == Y_SEQ)
			for (size_t i = 0; i < v->n; i++)
				if (yaml_item(v, i)->kind == Y_SCALAR)
					rec_keep(R, rec_kept_as(R, m), text(C, yaml_item(v, i)), v->line, v->col);
		return;
	default:
		if (v->kind == Y_SCALAR)
			rec_set(R, m->field, text(C, v), k, v->line, v->col);
		else
			rec_unknown(R, "key", k, str_of("(nothing: not a text)"), v->line, v->col);
	}
}

static void read_work(struct cff *C, const struct ynode *w, int root, const struct ynode *doc)
{
	struct rec *R = &C->R;
	if (w->kind != Y_MAP) {
		diag_report(&C->c->diags, CX_ERROR, CX_E_SYNTAX, w->line, w->col,
		            "a CFF reference is a mapping of keys; skipped");
		return;
	}
	rec_begin(R, w->line);
	cx_str type = yaml_text(yaml_get(w, "type"));
	const struct cx_ftype *ft = type.n ? cx_ftype_find(CX_MF_CFF, type) : NULL;
	if (root) {
		/* The work is software or a data set; 1.1.0 and before had no type. */
		cx_str ver = yaml_text(yaml_get(doc, "cff-version"));
		int old = ver.n && (str_istarts(ver, "1.0") || str_istarts(ver, "1.1"));
		int data = !old && str_eq(type, "dataset");
		rec_type(R, data ? CX_T_DATASET : CX_T_SOFTWARE, str_of(data ? "dataset" : "software"));
	} else {
		if (type.n && !ft)
			diag_report(&C->c->diags, CX_WARNING, CX_E_TYPE, w->line, w->col,
			            "unknown reference type '%.*s': read as generic", (int)type.n, type.p);
		rec_type(R, ft ? ft->type : CX_T_MISC, type.n ? type : str_of("generic"));
	}
	for (size_t i = 0; i < w->n; i++)
		key(C, yaml_text(yaml_key(w, i)), yaml_value(w, i), root);
	const struct ynode *rc = yaml_get(w, "repository-code");
	if (rc && !cx_entry_get(&R->e, CX_F_URL))
		rec_set(R, CX_F_URL, text(C, rc), str_of("repository-code"), rc->line, rc->col);
	const struct ynode *sp = yaml_get(w, "start"), *ep = yaml_get(w, "end");
	if (sp || ep)
		rec_pages(R, text(C, sp), text(C, ep), (sp ? sp : ep)->line);
	if (R->e.type == CX_T_THESIS) {
		const struct cx_field *tt = cx_entry_get(&R->e, CX_F_TYPE);
		if (tt && (str_ihas(tt->text, "phd") || str_ihas(tt->text, "doctor")))
			R->e.type = CX_T_PHDTHESIS;
		else if (tt && str_ihas(tt->text, "master"))
			R->e.type = CX_T_MASTERSTHESIS;
	}
	rec_finish(R);
}

static void unit(void *ctx, const struct yunit *u)
{
	struct cff *C = ctx;
	const struct ynode *doc = u->node;
	if (doc->kind != Y_MAP) {
		diag_report(&C->c->diags, CX_ERROR, CX_E_SYNTAX, doc->line, doc->col,
		            "not a CITATION.cff: its top level is no mapping of keys");
		return;
	}
	read_work(C, doc, 1, doc);
	const struct ynode *pc = yaml_get(doc, "preferred-citation");
	if (pc)
		read_work(C, pc, 0, doc);
	const struct ynode *refs = yaml_get(doc, "references");
	for (size_t i = 0; refs && refs->kind == Y_SEQ && i < refs->n; i++)
		read_work(C, yaml_item(refs, i), 0, doc);
}

static int cff_read(struct cx_reader_ctx *c, struct cx_input *in)
{
	struct cff C;
	memset(&C, 0, sizeof C);
	C.c = c;
	rec_init(&C.R, c, "cff", CX_MF_CFF);
	struct yaml_reader Y = {.in = in, .diags = &c->diags, .unit = unit, .ctx = &C, .first_only = 1};
	int rc = yaml_read(&Y);
	rec_free(&C.R);
	return rc;
}

const struct cx_reader cx_reader_cff = {"cff", cff_read};
