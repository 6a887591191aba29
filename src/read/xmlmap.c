/* read/xmlmap.c - an XML record through its rows of model/formats.def
 * (read/xmlmap.h).
 *
 * Rows are matched by their last step first: only the rows whose last
 * element name is the element's are tried against the whole path, so a
 * record of a hundred elements costs a few comparisons each. */
#include <stdlib.h>
#include <string.h>

#include "core/str.h"
#include "read/xmlmap.h"

void xmlmap_init(struct xmlmap *M, struct rec *R, enum cx_mapfmt fmt)
{
	memset(M, 0, sizeof *M);
	M->R = R;
	M->fmt = fmt;
	M->rows = xmalloc(cx_nmaps * sizeof *M->rows);
	for (size_t i = 0; i < cx_nmaps; i++)
		if (cx_maps[i].fmt == fmt)
			M->rows[M->nrows++] = &cx_maps[i];
}

void xmlmap_free(struct xmlmap *M)
{
	free(M->rows);
}

/* The last step of a key, without its predicate. */
static cx_str last_step(const char *key)
{
	const char *s = strrchr(key, '/');
	s = s ? s + 1 : key;
	const char *br = strchr(s, '[');
	return (cx_str){s, br ? (size_t)(br - s) : strlen(s)};
}

const struct cx_map *xmlmap_find(const struct xmlmap *M)
{
	const struct xnode *n = M->stack[M->depth - 1];
	for (size_t i = 0; i < M->nrows; i++) {
		cx_str last = last_step(M->rows[i]->key);
		if (str_eq(last, n->name) && xrec_path_match(M->rows[i]->key, M->stack, M->depth))
			return M->rows[i];
	}
	return NULL;
}

cx_str xmlmap_text(struct xmlmap *M, const struct xnode *n)
{
	struct rec *R = M->R;
	cx_str t = M->rich ? xrec_rich(&R->a, n) : xrec_text(&R->a, n);
	return M->rich ? rec_clean_rich(R, t.p, t.n, n->line) : rec_clean(R, t.p, t.n, n->line);
}

/* A KEEP row with no predicate on its last step keeps an element that
 * names its own kind (IdType="pii", type="lccn") under that kind. */
static cx_str kept_as(struct xmlmap *M, const struct cx_map *m, const struct xnode *n)
{
	if (!m->keep[0] && !strchr(last_step(m->key).p, '[')) {
		static const char *const kinds[] = {"IdType", "EIdType", "type"};
		for (size_t i = 0; i < 3; i++) {
			const char *v = xrec_attr(n, kinds[i]);
			if (v && *v)
				return str_of(v);
		}
	}
	return rec_kept_as(M->R, m);
}

int xmlmap_apply(struct xmlmap *M, const struct cx_map *m, const struct xnode *n)
{
	struct rec *R = M->R;
	cx_str v;
	switch (m->how) {
	case CX_H_TEXT:
		v = xmlmap_text(M, n);
		rec_set(R, m->field, v, rec_kept_as(R, m), n->line, n->col);
		return 1;
	case CX_H_ID:
	case CX_H_PAGES:
		v = rec_clean(R, xrec_text(&R->a, n).p, xrec_text(&R->a, n).n, n->line);
		rec_set(R, m->field, v, rec_kept_as(R, m), n->line, n->col);
		return 1;
	case CX_H_LIST:
		rec_keyword(R, xmlmap_text(M, n), NULL);
		return 1;
	case CX_H_KEEP:
		v = xmlmap_text(M, n);
		rec_keep(R, kept_as(M, m, n), v, n->line, n->col);
		return 1;
	case CX_H_SKIP:
		return 1;
	case CX_H_SP:
	case CX_H_EP:
		v = rec_clean(R, xrec_text(&R->a, n).p, xrec_text(&R->a, n).n, n->line);
		if (m->how == CX_H_SP)
			M->sp = v;
		else
			M->ep = v;
		M->pline = n->line;
		return 1;
	case CX_H_NAME:
		v = rec_clean(R, xrec_text(&R->a, n).p, xrec_text(&R->a, n).n, n->line);
		rec_name(R, m->field, rec_kept_as(R, m), rec_parse_name(R, v, REC_FAMILY_FIRST), n->line,
		         n->col);
		return 1;
	case CX_H_KEY:
		v = rec_clean(R, xrec_text(&R->a, n).p, xrec_text(&R->a, n).n, n->line);
		if (!R->e.key.n)
			R->e.key = v;
		return 1;
	case CX_H_YEAR:
	case CX_H_MONTH:
	case CX_H_DATE:
		if (xrec_has_elements(n))
			return 0; /* parts of a date: the format's own */
		v = rec_clean(R, xrec_text(&R->a, n).p, xrec_text(&R->a, n).n, n->line);
		if (m->field == CX_F_URLDATE)
			rec_set(R, m->field, v, rec_kept_as(R, m), n->line, n->col);
		else if (!rec_date_text(R, v, n->line) && m->how != CX_H_MONTH)
			rec_year_text(R, v, n->line);
		return 1;
	default:
		return 0;
	}
}

static void walk_element(struct xmlmap *M, const struct xnode *k)
{
	const struct cx_map *m = xmlmap_find(M);
	if (m) {
		if ((M->special && M->special(M, m, k)) || xmlmap_apply(M, m, k))
			return;
		/* A row the format did not read: kept, not lost. */
		rec_keep(M->R, rec_kept_as(M->R, m), xmlmap_text(M, k), k->line, k->col);
		return;
	}
	if (xrec_has_elements(k)) {
		xmlmap_walk(M, k);
		return;
	}
	cx_str v = xmlmap_text(M, k);
	if (!v.n)
		return;
	struct buf path = {0};
	for (size_t i = 0; i < M->depth; i++) {
		if (i)
			buf_putc(&path, '/');
		buf_puts(&path, M->stack[i]->name);
	}
	struct cx_field *f = rec_keep(M->R, str_of(k->name), v, k->line, k->col);
	cx_str name = f ? f->name : str_of(k->name); /* as kept: lower-cased */
	rec_unknown(M->R, "element", (cx_str){path.p, path.n}, name, k->line, k->col);
	buf_free(&path);
}

void xmlmap_walk(struct xmlmap *M, const struct xnode *n)
{
	for (const struct xnode *k = n->kids; k; k = k->next) {
		if (!k->name)
			continue;
		if (M->depth == XMLMAP_DEPTH)
			return;
		M->stack[M->depth++] = k;
		walk_element(M, k);
		M->depth--;
	}
}

void xmlmap_pages(struct xmlmap *M)
{
	if (M->sp.n || M->ep.n)
		rec_pages(M->R, M->sp, M->ep, M->pline);
	M->sp = M->ep = (cx_str){NULL, 0};
}
