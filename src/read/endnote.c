/* read/endnote.c - EndNote's tagged export (.enw, "EndNote" and "Refer/
 * BibIX" output styles) and refer(1)'s databases, whose tags EndNote's
 * grew from.
 *
 * A line is "%X value", X one character; a line that is not a tag goes on
 * with the value before it; records end at a blank line, and a %0 starts
 * one.  The tags' fields are the ENDNOTE rows of model/formats.def; what
 * those rows leave to this file:
 *   - %0 names the type in EndNote; refer has none, so the fields tell it
 *     as refer's own styles do: %J an article, %B a part of a book, %R a
 *     report, %I a book, else a document;
 *   - %A names are "Family, Given" in EndNote and "Given Family" in refer,
 *     either read alike; ", (eds)" or ", (ed)" after the last name marks
 *     them all as editors (refer);
 *   - %E and %Y are editors or series editors by the type, and an edited
 *     book's %A its editors (read/endnote.h);
 *   - %Q is refer's corporate author, and EndNote's translated title;
 *   - %R is EndNote's DOI, and refer's report number unless it is a DOI;
 *   - %@ is an ISBN or, by its shape, an ISSN;
 *   - %I is a thesis' university and a report's institution;
 *   - %B is the book or proceedings of a part, else the secondary title
 *     (a conference, a series);
 *   - %D is a year, or refer's whole date ("2000 october 10"); "unknown"
 *     is none, "forthcoming" or "in press" the publication state. */
#include <stdio.h>
#include <string.h>

#include "core/str.h"
#include "read/endnote.h"
#include "read/tagged.h"

enum cx_field_id endnote_names_field(enum cx_type_id t, cx_str type_name, enum endnote_names k,
                                     const char *fallback, cx_str *kept)
{
	int book = t == CX_T_BOOK || t == CX_T_COLLECTION;
	*kept = str_of(fallback);
	switch (k) {
	case EN_AUTHORS:
		return str_ieq(type_name, "Edited Book") ? CX_F_EDITOR : CX_F_AUTHOR;
	case EN_SECONDARY:
		if (!book && t != CX_T_TECHREPORT)
			return CX_F_EDITOR;
		*kept = str_of("collection-editor");
		return CX_F_UNKNOWN;
	case EN_TERTIARY:
		if (book)
			return CX_F_EDITOR;
		if (cx_type_is_part(t))
			*kept = str_of("collection-editor");
		return CX_F_UNKNOWN;
	}
	return CX_F_UNKNOWN;
}

static int tag_line(cx_str s, cx_str *tag, cx_str *val)
{
	if (s.n < 2 || s.p[0] != '%' || (unsigned char)s.p[1] <= ' ')
		return 0;
	if (s.n > 2 && s.p[2] != ' ' && s.p[2] != '\t')
		return 0;
	*tag = (cx_str){s.p, 2};
	*val = s.n > 3 ? (cx_str){s.p + 3, s.n - 3} : (cx_str){"", 0};
	return 1;
}

static int has(struct tagged *T, const char *tag)
{
	for (size_t i = 0; i < T->n; i++)
		if (str_eq(T->v[i].tag, tag) && T->v[i].val.n)
			return 1;
	return 0;
}

/* The type: %0, or what refer's fields say. */
static void type(struct tagged *T, int *refer)
{
	struct tline *t0 = tagged_find(T, "%0");
	*refer = !t0;
	if (t0) {
		t0->used = 1;
		const struct cx_ftype *ft = cx_ftype_find(CX_MF_ENDNOTE, t0->val);
		if (!ft)
			diag_report(&T->R.c->diags, CX_WARNING, CX_E_TYPE, t0->line, 4,
			            "unknown reference type '%.*s': read as Generic", (int)t0->val.n,
			            t0->val.p);
		rec_type(&T->R, ft ? ft->type : CX_T_MISC, t0->val);
		return;
	}
	enum cx_type_id t = has(T, "%J")   ? CX_T_ARTICLE
	                    : has(T, "%B") ? CX_T_INCOLLECTION
	                    : has(T, "%R") ? CX_T_TECHREPORT
	                    : has(T, "%I") ? CX_T_BOOK
	                                   : CX_T_DOCUMENT;
	rec_type(&T->R, t, (cx_str){NULL, 0});
}

/* ", (eds)" or ", (ed)" at the end of a name: refer's editors. */
static int editor_mark(cx_str *v)
{
	static const char *const marks[] = {", (eds)", ", (ed)", ",(eds)", ",(ed)"};
	for (size_t i = 0; i < 4; i++) {
		size_t n = strlen(marks[i]);
		if (v->n >= n && !memcmp(v->p + v->n - n, marks[i], n)) {
			v->n -= n;
			return 1;
		}
	}
	return 0;
}

static void authors(struct tagged *T)
{
	struct tline *last = NULL;
	for (size_t i = 0; i < T->n; i++)
		if (str_eq(T->v[i].tag, "%A"))
			last = &T->v[i];
	cx_str lv = last ? last->val : (cx_str){NULL, 0};
	int editors = last && editor_mark(&lv);
	if (editors)
		last->val = lv;
	for (size_t i = 0; i < T->n; i++) {
		struct tline *l = &T->v[i];
		if (!str_eq(l->tag, "%A"))
			continue;
		l->used = 1;
		cx_str kept;
		enum cx_field_id id =
			endnote_names_field(T->R.e.type, T->R.e.type_name, EN_AUTHORS, "", &kept);
		rec_name(&T->R, editors ? CX_F_EDITOR : id, kept,
		         rec_parse_name(&T->R, l->val, REC_ANY), l->line, 1);
	}
}

/* %E and %Y: what they are depends on the type (read/endnote.h). */
static void names(struct tagged *T, struct tline *l, enum endnote_names k, int refer)
{
	cx_str kept = {NULL, 0};
	enum cx_field_id id = refer && k == EN_SECONDARY
	                              ? CX_F_EDITOR /* refer's %E: the editors, whatever the type */
	                              : endnote_names_field(T->R.e.type, T->R.e.type_name, k,
	                                                    k == EN_TERTIARY ? "tertiaryauthor" : "",
	                                                    &kept);
	l->used = 1;
	rec_name(&T->R, id, kept, rec_parse_name(&T->R, l->val, REC_ANY), l->line, 1);
}

static void date(struct tagged *T, struct tline *l)
{
	cx_str v = str_trim(l->val);
	l->used = 1;
	if (str_ieq(v, "unknown"))
		return;
	if (str_ieq(v, "forthcoming") || str_ieq(v, "in press") || str_ieq(v, "submitted")) {
		rec_set(&T->R, CX_F_PUBSTATE, v, str_of("pubstate"), l->line, 1);
		return;
	}
	if (!rec_date_text(&T->R, v, l->line)) {
		/* refer: the first number from 32 to 9999 is the year ("32"). */
		int y = 0;
		for (size_t i = 0; i < v.n && !y; i++)
			if (str_digit((unsigned char)v.p[i]) && (!i || !str_digit((unsigned char)v.p[i - 1]))) {
				size_t k = str_digits(v.p + i, v.p + v.n, &y);
				if (k > 4 || y < 32)
					y = 0;
			}
		if (y)
			rec_date(&T->R, y, 0, 0, l->line);
		else
			rec_year_text(&T->R, v, l->line);
	}
}

static void special(struct tagged *T, struct tline *l, int refer)
{
	struct rec *R = &T->R;
	enum cx_type_id t = R->e.type;
	l->used = 1;
	switch (l->tag.p[1]) {
	case 'Q':
		if (refer)
			rec_name(R, CX_F_AUTHOR, (cx_str){NULL, 0},
			         rec_name_parts(R, (cx_str){NULL, 0}, l->val, (cx_str){NULL, 0},
			                        (cx_str){NULL, 0}),
			         l->line, 1);
		else
			rec_keep(R, str_of("translatedtitle"), l->val, l->line, 1);
		break;
	case 'R':
		if (!refer || str_istarts(l->val, "10.") || str_ihas(l->val, "doi.org/"))
			rec_set(R, CX_F_DOI, l->val, str_of("doi"), l->line, 1);
		else
			rec_set(R, CX_F_NUMBER, l->val, str_of("number"), l->line, 1);
		break;
	case '@':
		/* EndNote's ISBN field is a patent's or a report's number. */
		rec_set(R, t == CX_T_PATENT || t == CX_T_TECHREPORT ? CX_F_NUMBER
		           : rec_is_issn(l->val)                    ? CX_F_ISSN
		                                                    : CX_F_ISBN,
		        l->val, str_of("isbn"), l->line, 1);
		break;
	case 'I':
		rec_set(R, t == CX_T_THESIS ? CX_F_SCHOOL : t == CX_T_TECHREPORT ? CX_F_INSTITUTION
		                                                                 : CX_F_PUBLISHER,
		        l->val, str_of("publisher"), l->line, 1);
		break;
	case 'B':
		if (cx_type_is_part(t) || !cx_entry_get(&R->e, CX_F_JOURNAL))
			rec_set(R, cx_type_is_part(t) ? CX_F_BOOKTITLE
			           : t == CX_T_ARTICLE || t == CX_T_MAGAZINE || t == CX_T_NEWSPAPER
			               ? CX_F_JOURNAL
			               : CX_F_SERIES,
			        l->val, str_of("booktitle"), l->line, 1);
		else
			rec_keep(R, str_of("secondarytitle"), l->val, l->line, 1);
		break;
	default:
		rec_keep(R, l->tag, l->val, l->line, 1);
	}
}

/* A tag no row names: "%5" is kept as "endnote5". */
static void unknown(struct tagged *T, struct tline *l)
{
	char name[16] = "endnote";
	unsigned char c = (unsigned char)l->tag.p[1];
	if (str_alnum(c))
		name[7] = (char)str_lower(c), name[8] = 0;
	else
		snprintf(name + 7, sizeof name - 7, "%02x", c);
	l->used = 1;
	rec_keep(&T->R, str_of(name), l->val, l->line, 1);
	rec_unknown(&T->R, "tag", l->tag, str_of(name), l->line, 1);
}

static void finish(struct tagged *T)
{
	if (!T->n)
		return;
	rec_begin(&T->R, T->v[0].line);
	int refer;
	type(T, &refer);
	authors(T);
	/* %J before %B: a secondary title beside a journal is no journal. */
	struct tline *j = tagged_find(T, "%J");
	if (j)
		rec_set(&T->R, CX_F_JOURNAL, j->val, str_of("journal"), j->line, 1), j->used = 1;
	for (size_t i = 0; i < T->n; i++) {
		struct tline *l = &T->v[i];
		if (l->used)
			continue;
		const struct cx_map *m = cx_map_find(CX_MF_ENDNOTE, l->tag);
		if (!m)
			unknown(T, l);
		else if (str_eq(l->tag, "%D"))
			date(T, l);
		else if (str_eq(l->tag, "%E") || str_eq(l->tag, "%Y"))
			names(T, l, l->tag.p[1] == 'E' ? EN_SECONDARY : EN_TERTIARY, refer);
		else if (m->how == CX_H_SPECIAL || m->how == CX_H_CONTAINER)
			special(T, l, refer);
		else if (m->how == CX_H_KEEP)
			rec_keep(&T->R, rec_kept_as(&T->R, m), l->val, l->line, 1), l->used = 1;
		else if (!tagged_apply(T, l, m, REC_ANY, ";"))
			rec_keep(&T->R, rec_kept_as(&T->R, m), l->val, l->line, 1), l->used = 1;
	}
	rec_finish(&T->R);
	tagged_reset(T);
}

static int endnote_read(struct cx_reader_ctx *c, struct cx_input *in)
{
	struct tagged T;
	tagged_init(&T, c, in, "endnote", CX_MF_ENDNOTE);
	T.R.initials = 1;
	cx_str s, tag, val;
	int stray = 0;
	while (tagged_line(&T, &s)) {
		if (!str_trim(s).n) {
			finish(&T);
			continue;
		}
		if (tag_line(s, &tag, &val)) {
			if (str_eq(tag, "%0"))
				finish(&T);
			tagged_push(&T, tag, val, T.lineno);
		} else if (T.n) {
			/* %K lists one keyword a line; elsewhere the text goes on. */
			if (str_eq(T.v[T.n - 1].tag, "%K"))
				tagged_push(&T, T.v[T.n - 1].tag, s, T.lineno);
			else
				tagged_more(&T, s, " ");
		} else if (!stray++) {
			diag_report(&c->diags, CX_ERROR, CX_E_SYNTAX, T.lineno, 1,
			            "not an EndNote or refer line (\"%%X value\"); skipped");
		}
	}
	finish(&T);
	tagged_free(&T);
	return in->error ? -1 : 0;
}

const struct cx_reader cx_reader_endnote = {"endnote", endnote_read};
