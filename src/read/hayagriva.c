/* read/hayagriva.c - Hayagriva YAML, the bibliography format of Typst's
 * #bibliography(), as typst/hayagriva's docs/file-format.md defines it.
 *
 * A file maps citation keys to entries; each entry is read through the
 * HAYAGRIVA rows of model/formats.def.  Hayagriva keeps its field list
 * short by nesting: a journal article's journal is its parent, an entry
 * of type periodical with the journal's title, volume and issue.  What the
 * rows leave to this file:
 *   - the first parent is the container: its title is the journal of an
 *     article, the book or proceedings of a chapter or paper; its volume,
 *     issue, publisher, location, editors, date and identifiers are the
 *     entry's where it has none; its own parent's title is the series; a
 *     parent of type conference gives the event's title, place and date;
 *   - the type is the entry's, refined by its parent's (an article in
 *     proceedings is a conference paper, in a newspaper a newspaper
 *     article), default misc;
 *   - a formattable string is a string or a value with short (the short
 *     title or journal) and verbatim; {braces} protect case and $...$ is
 *     math, as in the model;
 *   - a person is "Family, Given", "Family, Suffix, Given" (BibTeX's
 *     order), or name, given-name, prefix, suffix; a name without a comma
 *     is a literal (a corporation, a pseudonym);
 *   - publisher is a name or a name and location; url a URL or a value
 *     and its access date;
 *   - serial-number is the number, or doi, isbn, issn, pmid, pmcid, arxiv
 *     and serial apart;
 *   - affiliated persons of role translator are translators, those of a
 *     role CSL has (cast-member: performer, writer: script-writer) that
 *     role, the others
 *     kept under their role. */
#include <string.h>

#include "core/str.h"
#include "read/rec.h"
#include "read/yaml.h"

struct hy {
	struct rec R;
	struct cx_reader_ctx *c;
	struct arena keys;     /* keys seen, for duplicates */
	struct strset seen;
};

static cx_str text(struct hy *H, const struct ynode *n)
{
	cx_str t = yaml_text(n);
	return rec_clean(&H->R, t.p, t.n, n ? n->line : 0);
}

/* A formattable string's text with {protected} spans and $math$ as the
 * model's marks (verbatim: all of it protected). */
static cx_str formattable(struct hy *H, const struct ynode *n, cx_str *shortv)
{
	struct rec *R = &H->R;
	int verbatim = 0;
	if (shortv)
		*shortv = (cx_str){NULL, 0};
	if (n->kind == Y_MAP) {
		yaml_bool(yaml_get(n, "verbatim"), &verbatim);
		if (shortv)
			*shortv = text(H, yaml_get(n, yaml_get(n, "short") ? "short" : "shorthand"));
		n = yaml_get(n, "value");
	}
	cx_str s = text(H, n);
	struct buf b = {0};
	if (verbatim)
		buf_putc(&b, CX_M_NOCASE_ON);
	int depth = 0, math = 0;
	for (size_t i = 0; i < s.n; i++) {
		char c = s.p[i];
		if (c == '\\' && i + 1 < s.n && strchr("{}$\\", s.p[i + 1])) {
			buf_putc(&b, s.p[++i]);
		} else if (c == '$' && !math && memchr(s.p + i + 1, '$', s.n - i - 1)) {
			buf_putc(&b, CX_M_MATH_ON);
			math = 1;
		} else if (c == '$' && math) {
			buf_putc(&b, CX_M_MATH_OFF);
			math = 0;
		} else if (c == '{' && !math && !verbatim) {
			if (!depth++)
				buf_putc(&b, CX_M_NOCASE_ON);
		} else if (c == '}' && !math && !verbatim && depth) {
			if (!--depth)
				buf_putc(&b, CX_M_NOCASE_OFF);
		} else {
			buf_putc(&b, c);
		}
	}
	if (depth && !verbatim)
		buf_putc(&b, CX_M_NOCASE_OFF);
	if (verbatim)
		buf_putc(&b, CX_M_NOCASE_OFF);
	cx_str r = arena_str(&R->a, b.p ? b.p : "", b.n);
	buf_free(&b);
	return r;
}

static struct cx_name person(struct hy *H, const struct ynode *p)
{
	struct rec *R = &H->R;
	if (p->kind == Y_MAP)
		return rec_name_parts(R, text(H, yaml_get(p, "name")), text(H, yaml_get(p, "given-name")),
		                      text(H, yaml_get(p, "prefix")), text(H, yaml_get(p, "suffix")));
	return rec_parse_name(R, text(H, p), REC_FAMILY_FIRST);
}

static void persons(struct hy *H, enum cx_field_id id, cx_str name, const struct ynode *v)
{
	if (v->kind == Y_SEQ)
		for (size_t i = 0; i < v->n; i++)
			rec_name(&H->R, id, name, person(H, yaml_item(v, i)), v->line, v->col);
	else
		rec_name(&H->R, id, name, person(H, v), v->line, v->col);
}

static void serial(struct hy *H, const struct ynode *v)
{
	struct rec *R = &H->R;
	if (v->kind == Y_SCALAR) {
		rec_set(R, CX_F_NUMBER, text(H, v), str_of("serial-number"), v->line, v->col);
		return;
	}
	static const struct {
		const char *key;
		enum cx_field_id id;
	} ids[] = {
		{"doi", CX_F_DOI},   {"isbn", CX_F_ISBN},   {"issn", CX_F_ISSN},     {"pmid", CX_F_PMID},
		{"pmcid", CX_F_PMCID}, {"arxiv", CX_F_EPRINT}, {"serial", CX_F_NUMBER},
	};
	for (size_t i = 0; v->kind == Y_MAP && i < v->n; i++) {
		cx_str k = yaml_text(yaml_key(v, i));
		cx_str val = text(H, yaml_value(v, i));
		size_t j = 0;
		while (j < sizeof ids / sizeof *ids && !str_eq(k, ids[j].key))
			j++;
		if (j == sizeof ids / sizeof *ids) {
			rec_keep(R, k, val, v->line, v->col);
			continue;
		}
		rec_set(R, ids[j].id, val, k, v->line, v->col);
		if (ids[j].id == CX_F_EPRINT)
			rec_set(R, CX_F_EPRINTTYPE, str_of("arXiv"), str_of("eprinttype"), v->line, v->col);
	}
}

static void date(struct hy *H, enum cx_field_id id, const struct ynode *v)
{
	cx_str t = text(H, v);
	if (id == CX_F_DATE && rec_date_text(&H->R, t, v->line))
		return;
	rec_set(&H->R, id, t, str_of("date"), v->line, v->col);
}

/* Hayagriva's roles as CSL's (a name list under a CSL role's name is that
 * role); the others under their own name. */
static cx_str csl_role(cx_str role)
{
	static const char *const roles[][2] = {
		{"cast-member", "performer"}, {"writer", "script-writer"}, {"director", "director"},
		{"composer", "composer"},     {"producer", "producer"},    {"illustrator", "illustrator"},
		{"executive-producer", "executive-producer"}, {"narrator", "narrator"},
		{"organizer", "organizer"},   {"compiler", "compiler"},    {"collaborator", "contributor"},
	};
	for (size_t i = 0; i < sizeof roles / sizeof *roles; i++)
		if (str_ieq(role, roles[i][0]))
			return str_of(roles[i][1]);
	return role.n ? role : str_of("affiliated");
}

static void affiliated(struct hy *H, const struct ynode *v)
{
	for (size_t i = 0; v->kind == Y_SEQ && i < v->n; i++) {
		const struct ynode *a = yaml_item(v, i), *names = yaml_get(a, "names");
		cx_str role = yaml_text(yaml_get(a, "role"));
		if (!names)
			continue;
		if (str_ieq(role, "translator"))
			persons(H, CX_F_TRANSLATOR, (cx_str){NULL, 0}, names);
		else
			persons(H, CX_F_UNKNOWN, csl_role(role), names);
	}
}

static enum cx_type_id type_of(const struct ynode *e, cx_str *name)
{
	*name = yaml_text(yaml_get(e, "type"));
	const struct cx_ftype *ft = name->n ? cx_ftype_find(CX_MF_HAYAGRIVA, *name) : NULL;
	return ft ? ft->type : CX_T_MISC;
}

/* The entry's type with its parent's: where it appeared. */
static enum cx_type_id refine(enum cx_type_id t, cx_str pt, int has_parent)
{
	if (t == CX_T_ARTICLE && has_parent) {
		if (str_ieq(pt, "proceedings") || str_ieq(pt, "conference"))
			return CX_T_INPROCEEDINGS;
		if (str_ieq(pt, "newspaper"))
			return CX_T_NEWSPAPER;
		if (str_ieq(pt, "blog") || str_ieq(pt, "web"))
			return CX_T_ONLINE;
		if (str_ieq(pt, "book") || str_ieq(pt, "anthology"))
			return CX_T_INCOLLECTION;
	}
	if (t == CX_T_INBOOK && (str_ieq(pt, "anthology") || str_ieq(pt, "proceedings")))
		return str_ieq(pt, "proceedings") ? CX_T_INPROCEEDINGS : CX_T_INCOLLECTION;
	return t;
}

static void fields(struct hy *H, const struct ynode *e, int parent);

/* The parents: the first is the container. */
static void parents(struct hy *H, const struct ynode *v)
{
	struct rec *R = &H->R;
	size_t n = v->kind == Y_SEQ ? v->n : 1;
	for (size_t i = 0; i < n; i++) {
		const struct ynode *p = v->kind == Y_SEQ ? yaml_item(v, i) : v;
		if (p->kind != Y_MAP)
			continue;
		cx_str pt = yaml_text(yaml_get(p, "type"));
		if (i == 0 && !str_ieq(pt, "conference")) {
			fields(H, p, 1);
			continue;
		}
		if (str_ieq(pt, "conference")) {
			const struct ynode *t = yaml_get(p, "title"), *l = yaml_get(p, "location"),
			                   *d = yaml_get(p, "date");
			if (t)
				rec_set(R, CX_F_EVENTTITLE, formattable(H, t, NULL), str_of("eventtitle"),
				        t->line, t->col);
			if (l)
				rec_set(R, CX_F_VENUE, text(H, l), str_of("venue"), l->line, l->col);
			if (d)
				rec_set(R, CX_F_EVENTDATE, text(H, d), str_of("eventdate"), d->line, d->col);
			const struct ynode *o = yaml_get(p, "organization");
			if (o)
				rec_set(R, CX_F_ORGANIZATION, text(H, o), str_of("organization"), o->line,
				        o->col);
			continue;
		}
		/* a later parent (the video of a talk): what the entry lacks */
		fields(H, p, 1);
	}
}

static void title(struct hy *H, const struct ynode *v, int parent)
{
	struct rec *R = &H->R;
	enum cx_type_id t = R->e.type;
	cx_str shortv, val = formattable(H, v, &shortv);
	if (parent == 2) {
		rec_set(R, CX_F_SERIES, val, str_of("series"), v->line, v->col);
		return;
	}
	if (!parent) {
		rec_set(R, CX_F_TITLE, val, str_of("title"), v->line, v->col);
		rec_set(R, CX_F_SHORTTITLE, shortv, str_of("shorttitle"), v->line, v->col);
		return;
	}
	int journal = t == CX_T_ARTICLE || t == CX_T_MAGAZINE || t == CX_T_NEWSPAPER ||
	              t == CX_T_ONLINE;
	rec_set(R, journal ? CX_F_JOURNAL : cx_type_is_part(t) ? CX_F_BOOKTITLE : CX_F_SERIES, val,
	        str_of("parent"), v->line, v->col);
	if (journal)
		rec_set(R, CX_F_SHORTJOURNAL, shortv, str_of("shortjournal"), v->line, v->col);
}

/* One entry's fields, or a parent's (parent 1) or grandparent's (2): a
 * parent's give the entry what it lacks. */
static void fields(struct hy *H, const struct ynode *e, int parent)
{
	struct rec *R = &H->R;
	for (size_t i = 0; i < e->n; i++) {
		cx_str k = yaml_text(yaml_key(e, i));
		const struct ynode *v = yaml_value(e, i);
		const struct cx_map *m = cx_map_find(CX_MF_HAYAGRIVA, k);
		if (!m) {
			rec_keep(R, k, v->kind == Y_SCALAR ? text(H, v) : (cx_str){NULL, 0}, v->line, v->col);
			rec_unknown(R, "key", k, k, v->line, v->col);
			continue;
		}
		if (m->how == CX_H_TYPE)
			continue;
		if (str_eq(k, "title")) {
			title(H, v, parent);
		} else if (str_eq(k, "parent")) {
			if (!parent)
				parents(H, v);
			else if (parent == 1 && v->kind == Y_MAP && yaml_get(v, "title"))
				title(H, yaml_get(v, "title"), 2);
		} else if (m->how == CX_H_NAME) {
			enum cx_field_id id = m->field;
			if (parent && id == CX_F_AUTHOR)
				id = CX_F_BOOKAUTHOR;
			if (!parent || !cx_entry_get(&R->e, id))
				persons(H, id, k, v);
		} else if (str_eq(k, "affiliated")) {
			affiliated(H, v);
		} else if (str_eq(k, "publisher")) {
			if (v->kind == Y_MAP) {
				rec_set(R, CX_F_PUBLISHER, text(H, yaml_get(v, "name")), k, v->line, v->col);
				rec_set(R, CX_F_ADDRESS, text(H, yaml_get(v, "location")), str_of("location"),
				        v->line, v->col);
			} else {
				rec_set(R, CX_F_PUBLISHER, text(H, v), k, v->line, v->col);
			}
		} else if (str_eq(k, "url")) {
			if (v->kind == Y_MAP) {
				rec_set(R, CX_F_URL, text(H, yaml_get(v, "value")), k, v->line, v->col);
				if (yaml_get(v, "date"))
					date(H, CX_F_URLDATE, yaml_get(v, "date"));
			} else {
				rec_set(R, CX_F_URL, text(H, v), k, v->line, v->col);
			}
		} else if (str_eq(k, "serial-number")) {
			serial(H, v);
		} else if (m->how == CX_H_DATE) {
			if (!parent || !cx_entry_get(&R->e, CX_F_YEAR))
				date(H, CX_F_DATE, v);
		} else if (m->how == CX_H_KEEP) {
			rec_keep(R, rec_kept_as(R, m), text(H, v), v->line, v->col);
		} else if (v->kind == Y_SCALAR) {
			cx_str val = m->how == CX_H_TEXT && (m->field == CX_F_ABSTRACT || m->field == CX_F_NOTE ||
			                                     m->field == CX_F_TYPE)
			                 ? formattable(H, v, NULL)
			                 : text(H, v);
			/* the parent's own value, where the entry has another:
			 * kept as parent-volume */
			rec_set(R, m->field, val, parent ? arena_cat(&R->a, str_of("parent"), "-", k) : k,
			        v->line, v->col);
		} else if (v->kind == Y_MAP && yaml_get(v, "value")) {
			rec_set(R, m->field, formattable(H, v, NULL), k, v->line, v->col);
		}
	}
}

/* A thesis' university is its publisher in Hayagriva, and its degree
 * the genre citex writes for it ("PhD thesis"). */
static void thesis(struct rec *R)
{
	if (R->e.type != CX_T_THESIS)
		return;
	for (size_t i = 0; i < R->e.nfields; i++) {
		struct cx_field *f = &R->e.fields[i];
		if (f->id == CX_F_PUBLISHER && !cx_entry_get(&R->e, CX_F_SCHOOL))
			f->id = CX_F_SCHOOL;
		if (f->id != CX_F_TYPE)
			continue;
		if (str_ieq(f->text, "PhD thesis") || str_ieq(f->text, "Master's thesis")) {
			R->e.type = f->text.p[0] == 'P' || f->text.p[0] == 'p' ? CX_T_PHDTHESIS
			                                                      : CX_T_MASTERSTHESIS;
			f->text = f->raw = (cx_str){"", 0};
		}
	}
}

static void entry(struct hy *H, cx_str key, const struct ynode *e)
{
	struct rec *R = &H->R;
	if (e->kind != Y_MAP) {
		diag_report(&H->c->diags, CX_ERROR, CX_E_SYNTAX, e->line, e->col,
		            "entry '%.*s' is not a mapping of fields; skipped", (int)key.n, key.p);
		return;
	}
	rec_begin(R, e->line);
	cx_str tname, pname = {NULL, 0};
	enum cx_type_id t = type_of(e, &tname);
	if (tname.n && !cx_ftype_find(CX_MF_HAYAGRIVA, tname))
		diag_report(&H->c->diags, CX_WARNING, CX_E_TYPE, e->line, e->col,
		            "entry '%.*s': unknown type '%.*s', read as misc", (int)key.n, key.p,
		            (int)tname.n, tname.p);
	const struct ynode *p = yaml_get(e, "parent");
	if (p && p->kind == Y_SEQ && p->n)
		p = yaml_item(p, 0);
	if (p)
		pname = yaml_text(yaml_get(p, "type"));
	enum cx_type_id rt = refine(t, pname, p != NULL);
	/* an article in a blog is a blog post */
	rec_type(R, rt, rt == CX_T_ONLINE && str_ieq(pname, "blog") ? str_of("blog post")
	                : tname.n                                  ? tname
	                                                           : str_of("misc"));
	R->e.key = arena_str(&R->a, key.p, key.n);
	fields(H, e, 0);
	thesis(R);
	rec_finish(R);
}

static int split(void *ctx, size_t depth, const struct ynode *const *keys, enum ykind kind)
{
	(void)ctx, (void)keys;
	return depth == 0 && kind == Y_MAP;
}

static void unit(void *ctx, const struct yunit *u)
{
	struct hy *H = ctx;
	if (u->depth != 1 || !u->keys[0]) {
		if (!yaml_is_null(u->node))
			diag_report(&H->c->diags, CX_ERROR, CX_E_SYNTAX, u->node->line, u->node->col,
			            "not Hayagriva: the top level is no mapping of keys to entries");
		return;
	}
	cx_str key = yaml_text(u->keys[0]);
	int added;
	strset_add(&H->seen, &H->keys, key.p, key.n, &added);
	if (!added)
		diag_report(&H->c->diags, CX_WARNING, CX_E_DUP_KEY, u->node->line, u->node->col,
		            "key '%.*s' seen before", (int)key.n, key.p);
	entry(H, key, u->node);
}

static int hayagriva_read(struct cx_reader_ctx *c, struct cx_input *in)
{
	struct hy H;
	memset(&H, 0, sizeof H);
	H.c = c;
	rec_init(&H.R, c, "hayagriva", CX_MF_HAYAGRIVA);
	struct yaml_reader Y = {.in = in, .diags = &c->diags,
		.split = split, .unit = unit, .ctx = &H, .first_only = 1};
	int rc = yaml_read(&Y);
	rec_free(&H.R);
	strset_free(&H.seen);
	arena_destroy(&H.keys);
	return rc;
}

const struct cx_reader cx_reader_hayagriva = {"hayagriva", hayagriva_read};
