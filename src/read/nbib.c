/* read/nbib.c - MEDLINE's tagged format (PubMed's "Citation manager"
 * export, .nbib), as NLM's "MEDLINE/PubMed Data Element (Field)
 * Descriptions" define it.
 *
 * A line is a tag of up to four capitals or digits, padded to four, then
 * "- " and the value ("PMID- 123", "FAU - Smith, John"); a value goes on
 * over lines that start with blanks.  A record starts at PMID and ends at
 * a blank line.  The tags' fields are the NBIB rows of model/formats.def;
 * what those rows leave to this file:
 *   - authors are the FAU lines ("Family, Given"), or the AU lines
 *     ("Family Initials") in a record with no FAU; CN is a corporate
 *     author, in its place in the list; FED and ED the same for editors;
 *   - AID and LID carry their kind in brackets: "10.x/y [doi]" is the DOI,
 *     the others ([pii], [bookaccession]) are kept under that name;
 *   - IS is "1234-5678 (Electronic)": the first is the ISSN, the others
 *     are kept;
 *   - PT is the publication type, nearly always a journal article; the
 *     rare kinds that are not (Preprint, Congress, Dataset, ...) give
 *     the type, and every PT is kept as pubtype;
 *   - a book's title is BTI: with a TI the record is a chapter of it;
 *   - MEDLINE's conventions are undone (rec_medline: NLM's final period
 *     of a title, its shortened page ranges);
 *   - ERIC's records (OWN - ERIC) are in this format too: its PT names
 *     ("Journal Articles", "Reports - Research"), its numbers with their
 *     kind ("EISSN-2375-5636"), JT the source of any kind of record. */
#include <string.h>

#include "core/str.h"
#include "read/tagged.h"

/* Is the line a tag line: up to four capitals or digits, blanks, "-"? */
static int tag_line(cx_str s, cx_str *tag, cx_str *val)
{
	size_t i = 0;
	while (i < s.n && i < 4 && ((s.p[i] >= 'A' && s.p[i] <= 'Z') || str_digit((unsigned char)s.p[i])))
		i++;
	if (!i)
		return 0;
	size_t t = i;
	while (i < s.n && s.p[i] == ' ')
		i++;
	if (i >= s.n || s.p[i] != '-' || i > 5)
		return 0;
	*tag = (cx_str){s.p, t};
	i++;
	if (i < s.n && s.p[i] == ' ')
		i++;
	*val = (cx_str){s.p + i, s.n - i};
	return 1;
}

/* "Smith JA": the family name, then the initials. */
static struct cx_name initials_name(struct rec *R, cx_str v)
{
	v = str_trim(v);
	const char *sp = v.p + v.n;
	while (sp > v.p && sp[-1] != ' ')
		sp--;
	if (sp == v.p)
		return rec_name_parts(R, v, (cx_str){NULL, 0}, (cx_str){NULL, 0}, (cx_str){NULL, 0});
	return rec_name_parts(R, (cx_str){v.p, (size_t)(sp - v.p - 1)},
	                      (cx_str){sp, (size_t)(v.p + v.n - sp)}, (cx_str){NULL, 0},
	                      (cx_str){NULL, 0});
}

/* The names of the record: full-name tag full, short tag brief, and the
 * corporate tag corp (in their order), into field id. */
static void names(struct tagged *T, enum cx_field_id id, const char *full, const char *brief,
                  const char *corp)
{
	int have_full = 0;
	for (size_t i = 0; i < T->n; i++)
		have_full |= str_eq(T->v[i].tag, full);
	for (size_t i = 0; i < T->n; i++) {
		struct tline *l = &T->v[i];
		struct cx_name nm;
		if (str_eq(l->tag, full))
			nm = rec_parse_name(&T->R, l->val, REC_FAMILY_FIRST);
		else if (str_eq(l->tag, brief))
			nm = have_full ? (struct cx_name){0} : initials_name(&T->R, l->val);
		else if (corp && str_eq(l->tag, corp))
			nm = rec_name_parts(&T->R, (cx_str){NULL, 0}, l->val, (cx_str){NULL, 0},
			                    (cx_str){NULL, 0});
		else
			continue;
		l->used = 1;
		rec_name(&T->R, id, (cx_str){NULL, 0}, nm, l->line, 1);
	}
}

/* "value [kind]": the value and its kind. */
static int bracketed(cx_str v, cx_str *val, cx_str *kind)
{
	v = str_trim(v);
	if (!v.n || v.p[v.n - 1] != ']')
		return 0;
	const char *open = v.p + v.n - 1;
	while (open > v.p && *open != '[')
		open--;
	if (*open != '[')
		return 0;
	*val = str_trim((cx_str){v.p, (size_t)(open - v.p)});
	*kind = (cx_str){open + 1, (size_t)(v.p + v.n - open - 2)};
	return 1;
}

static void ids(struct tagged *T, struct tline *l)
{
	cx_str val, kind;
	l->used = 1;
	if (!bracketed(l->val, &val, &kind)) {
		rec_keep(&T->R, l->tag, l->val, l->line, 1);
		return;
	}
	if (str_eq(kind, "doi"))
		rec_set(&T->R, CX_F_DOI, val, str_of("doi"), l->line, 1);
	else if (str_eq(kind, "pmc"))
		rec_set(&T->R, CX_F_PMCID, val, str_of("pmc"), l->line, 1);
	else
		rec_keep(&T->R, kind, val, l->line, 1);
}

/* The article's electronic location: its LID of kind pii. */
static cx_str location(struct tagged *T)
{
	cx_str val, kind;
	for (size_t i = 0; i < T->n; i++)
		if (str_eq(T->v[i].tag, "LID") && bracketed(T->v[i].val, &val, &kind) &&
		    str_eq(kind, "pii"))
			return val;
	return (cx_str){NULL, 0};
}

static void issn(struct tagged *T, struct tline *l)
{
	cx_str val, kind;
	l->used = 1;
	const char *paren = memchr(l->val.p, '(', l->val.n);
	val = paren ? str_trim((cx_str){l->val.p, (size_t)(paren - l->val.p)}) : l->val;
	kind = l->val;
	if (!cx_entry_get(&T->R.e, CX_F_ISSN))
		rec_set(&T->R, CX_F_ISSN, val, str_of("is"), l->line, 1);
	else
		rec_keep(&T->R, l->tag, kind, l->line, 1);
}

static void type(struct tagged *T, int eric)
{
	enum cx_type_id t = CX_T_ARTICLE;
	cx_str name = {NULL, 0};
	int article = 0;
	for (size_t i = 0; i < T->n; i++) {
		struct tline *l = &T->v[i];
		if (!str_eq(l->tag, "PT"))
			continue;
		l->used = 1;
		rec_keep(&T->R, str_of("pubtype"), l->val, l->line, 1);
		const struct cx_ftype *ft = cx_ftype_find(CX_MF_NBIB, l->val);
		article |= eric && str_ieq(l->val, "Journal Articles");
		if (!name.n && ft && ft->type != CX_T_ARTICLE) {
			t = ft->type;
			name = l->val;
		}
	}
	/* ERIC: an ISSN or a volume makes a journal article too */
	struct tline *issn = tagged_find(T, "ISSN");
	article |= eric && ((issn && issn->val.n > 6) || tagged_find(T, "VI"));
	if (article)
		t = CX_T_ARTICLE, name = (cx_str){NULL, 0};
	struct tline *bti = tagged_find(T, "BTI");
	if (bti) {
		bti->used = 1;
		if (tagged_find(T, "TI")) {
			t = CX_T_INCOLLECTION;
			rec_set(&T->R, CX_F_BOOKTITLE, bti->val, str_of("bti"), bti->line, 1);
		} else {
			t = CX_T_BOOK;
			rec_set(&T->R, CX_F_TITLE, bti->val, str_of("bti"), bti->line, 1);
		}
		name = (cx_str){NULL, 0};
	}
	rec_type(&T->R, t, name.n ? name : str_of(t == CX_T_ARTICLE ? "Journal Article" : ""));
}

/* ERIC's numbers carry their kind: "EISSN-2375-5636", "ISBN-978-1-...". */
static void eric_number(struct tagged *T, struct tline *l)
{
	cx_str v = l->val;
	const char *dash = memchr(v.p, '-', v.n);
	if (dash && dash - v.p <= 5 && (str_istarts(v, "ISSN") || str_istarts(v, "EISSN") ||
	                                str_istarts(v, "ISBN")))
		v = str_trim((cx_str){dash + 1, (size_t)(v.p + v.n - dash - 1)});
	l->used = 1;
	rec_set(&T->R, l->tag.p[2] == 'S' ? CX_F_ISSN : CX_F_ISBN, v, l->tag, l->line, 1);
}

/* JT is the journal; ERIC's is the source of any record: a journal, or a report's
 * institution, a book's publisher, the archive of a thesis, whose
 * university SO names ("Ph.D. Dissertation, Drexel University"). */
static void source(struct tagged *T, struct tline *l, int eric)
{
	struct rec *R = &T->R;
	enum cx_type_id t = R->e.type;
	l->used = 1;
	if (!eric) {
		rec_set(R, CX_F_JOURNAL, l->val, l->tag, l->line, 1);
	} else if (t == CX_T_TECHREPORT || t == CX_T_BOOK) {
		rec_set(R, t == CX_T_BOOK ? CX_F_PUBLISHER : CX_F_INSTITUTION, l->val, l->tag, l->line, 1);
	} else if (t == CX_T_THESIS || t == CX_T_PHDTHESIS || t == CX_T_MASTERSTHESIS) {
		rec_keep(R, str_of("archive"), l->val, l->line, 1);
		struct tline *so = tagged_find(T, "SO");
		const char *comma = so ? memchr(so->val.p, ',', so->val.n) : NULL;
		if (comma && str_ihas((cx_str){so->val.p, (size_t)(comma - so->val.p)}, "dissertation"))
			rec_set(R, CX_F_SCHOOL,
			        str_trim((cx_str){comma + 1, (size_t)(so->val.p + so->val.n - comma - 1)}),
			        str_of("so"), so->line, 1);
	} else {
		rec_set(R, CX_F_JOURNAL, l->val, l->tag, l->line, 1);
	}
}

static void finish(struct tagged *T)
{
	if (!T->n)
		return;
	rec_begin(&T->R, T->v[0].line);
	struct tline *own = tagged_find(T, "OWN");
	int eric = own && str_eq(own->val, "ERIC");
	type(T, eric);
	names(T, CX_F_AUTHOR, "FAU", "AU", "CN");
	names(T, CX_F_EDITOR, "FED", "ED", NULL);
	for (size_t i = 0; i < T->n; i++) {
		struct tline *l = &T->v[i];
		if (l->used)
			continue;
		const struct cx_map *m = cx_map_find(CX_MF_NBIB, l->tag);
		if (!m)
			tagged_unknown(T, l);
		else if (str_eq(l->tag, "AID") || str_eq(l->tag, "LID"))
			ids(T, l);
		else if (str_eq(l->tag, "IS"))
			issn(T, l);
		else if (str_eq(l->tag, "ISSN") || str_eq(l->tag, "ISBN"))
			eric_number(T, l);
		else if (str_eq(l->tag, "JT"))
			source(T, l, eric);
		else if (!tagged_apply(T, l, m, REC_FAMILY_FIRST, NULL))
			rec_keep(&T->R, l->tag, l->val, l->line, 1), l->used = 1;
	}
	rec_medline(&T->R, location(T), T->v[0].line);
	rec_finish(&T->R);
	tagged_reset(T);
}

static int nbib_read(struct cx_reader_ctx *c, struct cx_input *in)
{
	struct tagged T;
	tagged_init(&T, c, in, "nbib", CX_MF_NBIB);
	T.R.initials = 1; /* FAU "Krutzik, Peter O", AU "Krutzik PO" */
	cx_str s, tag, val;
	int stray = 0;
	while (tagged_line(&T, &s)) {
		if (!str_trim(s).n) {
			finish(&T);
			continue;
		}
		if (tag_line(s, &tag, &val)) {
			if (str_eq(tag, "PMID"))
				finish(&T);
			if (!T.n)
				rec_begin(&T.R, T.lineno);
			tagged_push(&T, tag, val, T.lineno);
		} else if ((s.p[0] == ' ' || s.p[0] == '\t') && T.n) {
			tagged_more(&T, s, " ");
		} else if (!stray++) {
			diag_report(&c->diags, CX_ERROR, CX_E_SYNTAX, T.lineno, 1,
			            "not a MEDLINE line (\"TAG - value\"); skipped");
		}
	}
	finish(&T);
	tagged_free(&T);
	return in->error ? -1 : 0;
}

const struct cx_reader cx_reader_nbib = {"nbib", nbib_read};
