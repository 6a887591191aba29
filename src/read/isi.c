/* read/isi.c - Web of Science's field-tagged export ("Plain text file";
 * the ISI format), as Clarivate's field tag list defines it.
 *
 * A line is a two-character tag, a space and the value ("TI Title", "PY
 * 2020"); a line that starts with three blanks (or any that is no tag
 * line, inside a record) goes on with the tag
 * before it: in a list (authors, addresses, cited references) it is the
 * next item, elsewhere more of the same text.  "ER" ends a record; "FN"
 * and "VR" open the file and "EF" ends it.  The tags' fields are the ISI
 * rows of model/formats.def; what those rows leave to this file:
 *   - authors are AF (full names), or AU ("Li, WX") in a record with no
 *     AF; CA, group authors, follow as literal names; BF and BA the same
 *     for a book's authors;
 *   - the type is PT (J journal, B book, S series, P patent), and within
 *     a book or series DT says which part: "Proceedings Paper", "Book
 *     Chapter", "Book";
 *   - SO is the journal of an article, the proceedings of a paper, the
 *     book of a chapter, and a book's series when it has no SE;
 *   - BP and EP are one page range; BIOSIS and CABI give PS instead;
 *   - JI (the ISO abbreviation) is the short journal title, and J9 (the
 *     29-character one) where JI is missing; SN is the ISSN, and EI (the
 *     eISSN) of an online-only journal that has no SN; the other is kept
 *     under its own name (j9, eissn), as a second value would be;
 *   - the other Clarivate databases (BIOSIS, CABI, Derwent) share the
 *     format: PN is a patent's number, AE its assignee, BD, MC and MQ
 *     descriptors; their names may carry an e-mail address or lack the
 *     comma ("YANG Y"), and their continuation lines may lack the
 *     indent. */
#include <string.h>

#include "core/str.h"
#include "read/tagged.h"

/* Tags whose continuation lines are items of their own. */
static int list_tag(cx_str t)
{
	static const char *const lists[] = {"AU", "AF", "BA", "BF", "BE", "CA", "GP", "CR", "C1", "C3",
	                                    "EM"};
	for (size_t i = 0; i < sizeof lists / sizeof *lists; i++)
		if (str_eq(t, lists[i]))
			return 1;
	return 0;
}

static int tag_line(cx_str s, cx_str *tag, cx_str *val)
{
	if (s.n < 2 || !(s.p[0] >= 'A' && s.p[0] <= 'Z') ||
	    !((s.p[1] >= 'A' && s.p[1] <= 'Z') || str_digit((unsigned char)s.p[1])))
		return 0;
	if (s.n > 2 && s.p[2] != ' ')
		return 0;
	*tag = (cx_str){s.p, 2};
	*val = s.n > 3 ? (cx_str){s.p + 3, s.n - 3} : (cx_str){"", 0};
	return 1;
}

static cx_str clean_name(struct rec *R, cx_str v);

static void names(struct tagged *T, enum cx_field_id id, const char *full, const char *brief,
                  const char *group)
{
	int have_full = 0;
	for (size_t i = 0; i < T->n; i++)
		have_full |= str_eq(T->v[i].tag, full);
	for (size_t i = 0; i < T->n; i++) {
		struct tline *l = &T->v[i];
		int is_full = str_eq(l->tag, full), is_brief = str_eq(l->tag, brief);
		int is_group = group && str_eq(l->tag, group);
		if (!is_full && !is_brief && !is_group)
			continue;
		l->used = 1;
		if (is_brief && have_full)
			continue;
		struct cx_name nm = is_group ? rec_name_parts(&T->R, (cx_str){NULL, 0}, l->val,
		                                              (cx_str){NULL, 0}, (cx_str){NULL, 0})
		                             : rec_parse_name(&T->R, clean_name(&T->R, l->val),
		                                              REC_FAMILY_FIRST);
		rec_name(&T->R, id, (cx_str){NULL, 0}, nm, l->line, 1);
	}
}

/* The type: PT, refined by DT in a book or series. */
static enum cx_type_id type(struct tagged *T, cx_str *name)
{
	struct tline *pt = tagged_find(T, "PT"), *dt = tagged_find(T, "DT");
	cx_str code = pt ? str_trim(pt->val) : str_of("J");
	*name = dt ? dt->val : code;
	if (pt)
		pt->used = 1;
	if (dt)
		rec_keep(&T->R, str_of("dt"), dt->val, dt->line, 1), dt->used = 1;
	if (str_eq(code, "J") || str_eq(code, "P")) {
		*name = code;
		return str_eq(code, "P") ? CX_T_PATENT : CX_T_ARTICLE;
	}
	/* "Article; Proceedings Paper": the first listed kind the table knows. */
	for (cx_str d = dt ? dt->val : (cx_str){NULL, 0}; d.n;) {
		const char *semi = memchr(d.p, ';', d.n);
		cx_str one = str_trim((cx_str){d.p, semi ? (size_t)(semi - d.p) : d.n});
		const struct cx_ftype *ft = cx_ftype_find(CX_MF_ISI, one);
		if (ft && ft->type != CX_T_ARTICLE) {
			*name = one;
			return ft->type;
		}
		d = semi ? (cx_str){semi + 1, (size_t)(d.p + d.n - semi - 1)} : (cx_str){NULL, 0};
	}
	/* a book's or series' record of another kind (Article, Review): a
	 * part of it */
	*name = code;
	if (str_eq(code, "B") || str_eq(code, "S"))
		return CX_T_INCOLLECTION;
	const struct cx_ftype *ft = cx_ftype_find(CX_MF_ISI, code);
	return ft ? ft->type : CX_T_ARTICLE;
}

/* "Medvedeff, Cassandra A. (medvedeff22@ufl.edu)": BIOSIS adds the
 * address; Derwent writes "YANG Y", family and initials with no comma. */
static cx_str clean_name(struct rec *R, cx_str v)
{
	const char *open = memchr(v.p, '(', v.n);
	if (open && memchr(open, '@', (size_t)(v.p + v.n - open)))
		v = str_trim((cx_str){v.p, (size_t)(open - v.p)});
	if (memchr(v.p, ',', v.n))
		return v;
	size_t k = v.n;
	while (k && v.p[k - 1] >= 'A' && v.p[k - 1] <= 'Z')
		k--;
	if (k < 2 || k == v.n || v.n - k > 3 || v.p[k - 1] != ' ')
		return v;
	return arena_cat(&R->a, str_trim((cx_str){v.p, k}), ", ", (cx_str){v.p + k, v.n - k});
}

static void container(struct tagged *T, struct tline *l)
{
	enum cx_type_id t = T->R.e.type;
	l->used = 1;
	if (t == CX_T_ARTICLE || t == CX_T_PATENT)
		rec_set(&T->R, CX_F_JOURNAL, l->val, l->tag, l->line, 1);
	else if (cx_type_is_part(t))
		rec_set(&T->R, CX_F_BOOKTITLE, l->val, l->tag, l->line, 1);
	else if (!tagged_find(T, "SE"))
		rec_set(&T->R, CX_F_SERIES, l->val, l->tag, l->line, 1);
	else
		rec_keep(&T->R, l->tag, l->val, l->line, 1);
}

/* A second form of a field: the field where the record lacks the first
 * (tag main), else kept as keep. */
static void second_form(struct tagged *T, struct tline *l, const char *main, enum cx_field_id id,
                        const char *keep)
{
	int has_main = 0; /* read or not yet */
	for (size_t i = 0; i < T->n; i++)
		has_main |= str_eq(T->v[i].tag, main) && str_trim(T->v[i].val).n;
	if (has_main)
		rec_keep(&T->R, str_of(keep), l->val, l->line, 1);
	else
		rec_set(&T->R, id, l->val, l->tag, l->line, 1);
	l->used = 1;
}

static void finish(struct tagged *T)
{
	if (!T->n)
		return;
	rec_begin(&T->R, T->v[0].line);
	cx_str name;
	rec_type(&T->R, type(T, &name), name);
	names(T, CX_F_AUTHOR, "AF", "AU", "CA");
	names(T, CX_F_BOOKAUTHOR, "BF", "BA", NULL);
	struct tline *bp = tagged_find(T, "BP"), *ep = tagged_find(T, "EP"), *ps = tagged_find(T, "PS");
	if (bp || ep) {
		rec_pages(&T->R, bp ? bp->val : (cx_str){NULL, 0}, ep ? ep->val : (cx_str){NULL, 0},
		          (bp ? bp : ep)->line);
		if (bp)
			bp->used = 1;
		if (ep)
			ep->used = 1;
	} else if (ps) {
		rec_set(&T->R, CX_F_PAGES, ps->val, ps->tag, ps->line, 1);
	}
	if (ps)
		ps->used = 1;
	/* PN: a patent's number (BIOSIS, Derwent), else the part */
	struct tline *pn = tagged_find(T, "PN");
	if (pn) {
		rec_set(&T->R, T->R.e.type == CX_T_PATENT ? CX_F_NUMBER : CX_F_PART, pn->val, pn->tag,
		        pn->line, 1);
		pn->used = 1;
	}
	for (size_t i = 0; i < T->n; i++) {
		struct tline *l = &T->v[i];
		if (l->used)
			continue;
		const struct cx_map *m = cx_map_find(CX_MF_ISI, l->tag);
		if (str_eq(l->tag, "J9"))
			second_form(T, l, "JI", CX_F_SHORTJOURNAL, "j9");
		else if (str_eq(l->tag, "EI"))
			second_form(T, l, "SN", CX_F_ISSN, "eissn");
		else if (!m)
			tagged_unknown(T, l);
		else if (m->how == CX_H_CONTAINER)
			container(T, l);
		else if (!tagged_apply(T, l, m, REC_FAMILY_FIRST, ";"))
			rec_keep(&T->R, l->tag, l->val, l->line, 1), l->used = 1;
	}
	rec_finish(&T->R);
	tagged_reset(T);
}

static int isi_read(struct cx_reader_ctx *c, struct cx_input *in)
{
	struct tagged T;
	tagged_init(&T, c, in, "isi", CX_MF_ISI);
	T.R.initials = 1; /* AU "Cock, PJA" */
	cx_str s, tag, val;
	int stray = 0, list = 0;
	while (tagged_line(&T, &s)) {
		if (!str_trim(s).n)
			continue;
		if (s.n >= 3 && s.p[0] == ' ' && s.p[1] == ' ' && s.p[2] == ' ') {
			if (!T.n)
				continue;
			if (list)
				tagged_push(&T, T.v[T.n - 1].tag, s, T.lineno);
			else
				tagged_more(&T, s, " ");
			continue;
		}
		if (!tag_line(s, &tag, &val)) {
			/* a continuation that lost its indent (BIOSIS, copied text) */
			if (T.n) {
				if (list)
					tagged_push(&T, T.v[T.n - 1].tag, s, T.lineno);
				else
					tagged_more(&T, s, " ");
				continue;
			}
			if (!stray++)
				diag_report(&c->diags, CX_ERROR, CX_E_SYNTAX, T.lineno, 1,
				            "not a Web of Science line (\"TG value\"); skipped");
			continue;
		}
		if (str_eq(tag, "ER") || str_eq(tag, "EF")) {
			finish(&T);
			continue;
		}
		if (str_eq(tag, "FN") || str_eq(tag, "VR"))
			continue;
		if (str_eq(tag, "PT") && T.n)
			finish(&T); /* a record whose ER is missing */
		list = list_tag(tag);
		tagged_push(&T, tag, val, T.lineno);
	}
	finish(&T);
	tagged_free(&T);
	return in->error ? -1 : 0;
}

const struct cx_reader cx_reader_isi = {"isi", isi_read};
