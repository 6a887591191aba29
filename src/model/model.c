/* model/model.c - the entry model: the field and type tables, lookups, input
 * aliases, deep copies, and the accessors citex.h gives programs.
 *
 * The tables are expanded from fields.def and types.def, so a field or type
 * is added in one place.  Aliases cover the other spellings readers meet
 * (journaltitle, location, conference, electronic ...). */
#include <stdlib.h>
#include <string.h>

#include "core/hash.h"
#include "core/str.h"
#include "model/model.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

const struct cx_field_info cx_fields[CX_F__COUNT] = {
#define CX_FIELD(id, bibtex, biblatex, ris, csl, kind) {bibtex, biblatex, ris, csl, kind},
#include "fields.def"
#undef CX_FIELD
};

const struct cx_type_info cx_types[CX_T__COUNT] = {
#define CX_TYPE(id, bibtex, biblatex, ris, csl) {bibtex, biblatex, ris, csl},
#include "types.def"
#undef CX_TYPE
};

/* The database and tool formats' rows (formats.def, format_types.def). */
const struct cx_map cx_maps[] = {
#define CX_MAP(fmt, key, field, how, keep, note) {CX_MF_##fmt, CX_H_##how, CX_F_##field, key, keep, note},
#include "formats.def"
#undef CX_MAP
};
const size_t cx_nmaps = COUNT(cx_maps);

const struct cx_ftype cx_ftypes[] = {
#define CX_FTYPE(fmt, name, type, csl) {CX_MF_##fmt, name, CX_T_##type, csl},
#include "format_types.def"
#undef CX_FTYPE
};
const size_t cx_nftypes = COUNT(cx_ftypes);

const char *cx_mapfmt_name(enum cx_mapfmt f)
{
	static const char *const names[CX_MF__COUNT] = {
		"nbib", "isi", "endnote", "endnote-xml", "pubmed-xml", "mods", "cff", "hayagriva",
	};
	return f < CX_MF__COUNT ? names[f] : "";
}

const struct cx_map *cx_map_find(enum cx_mapfmt f, cx_str key)
{
	for (size_t i = 0; i < COUNT(cx_maps); i++)
		if (cx_maps[i].fmt == f && str_eq(key, cx_maps[i].key))
			return &cx_maps[i];
	return NULL;
}

const struct cx_map *cx_map_of_field(enum cx_mapfmt f, enum cx_field_id id)
{
	for (size_t i = 0; i < COUNT(cx_maps); i++)
		if (cx_maps[i].fmt == f && cx_maps[i].field == id)
			return &cx_maps[i];
	return NULL;
}

const struct cx_ftype *cx_ftype_find(enum cx_mapfmt f, cx_str name)
{
	cx_str t = str_trim(name);
	for (size_t i = 0; i < COUNT(cx_ftypes); i++)
		if (cx_ftypes[i].fmt == f && str_ieq(t, cx_ftypes[i].name))
			return &cx_ftypes[i];
	return NULL;
}

const struct cx_ftype *cx_ftype_of(enum cx_mapfmt f, enum cx_type_id t)
{
	for (size_t i = 0; i < COUNT(cx_ftypes); i++)
		if (cx_ftypes[i].fmt == f && cx_ftypes[i].type == t)
			return &cx_ftypes[i];
	return NULL;
}

/* Every name a field goes by: the table's BibTeX names, then the other
 * spellings readers meet (names.def); the first row with a name wins. */
static const struct {
	const char *name;
	enum cx_field_id id;
} field_names[] = {
#define CX_NAME(name, id) {name, id},
#include "names.def"
#undef CX_NAME
};

/* The index of field_names by hash of the lower-case name, made at build
 * time by tools/mkindex.c: field_index[slot] is a row plus one, 0 empty. */
#include "field_index.inc"

/* Does a[0..n) equal the lower-case table name b, ignoring ASCII case?
 * Most names differ at the first letter, so b is never measured. */
static int ieq(const char *a, size_t n, const char *b)
{
	size_t i;
	for (i = 0; i < n; i++) {
		if (!b[i] || str_lower((unsigned char)a[i]) != (unsigned char)b[i])
			return 0;
	}
	return !b[i];
}

enum cx_field_id cx_field_lookup(const char *name, size_t n)
{
	size_t mask = COUNT(field_index) - 1;
	for (size_t i = (size_t)hash_lower(name, n) & mask; field_index[i]; i = (i + 1) & mask)
		if (ieq(name, n, field_names[field_index[i] - 1].name))
			return field_names[field_index[i] - 1].id;
	return CX_F_UNKNOWN;
}

/* Every spelling of a type in input, per format (type_names.def). */
static const struct {
	unsigned char format;
	const char *name;
	enum cx_type_id id;
} type_names[] = {
#define CX_TYPE_NAME(format, name, id) {CX_TF_##format, name, CX_T_##id},
#include "type_names.def"
#undef CX_TYPE_NAME
};

/* A spelling of format f in the names table, or -1. */
static long type_name(enum cx_type_format f, cx_str s)
{
	int fold = f == CX_TF_BIBTEX || f == CX_TF_RIS;
	for (size_t i = 0; i < COUNT(type_names); i++)
		if (type_names[i].format == f &&
		    (fold ? str_ieq(s, type_names[i].name) : str_eq(s, type_names[i].name)))
			return (long)i;
	return -1;
}

enum cx_type_id model_type_find(enum cx_type_format f, cx_str s, int *known)
{
	long i = type_name(f, s);
	if (i < 0 && f != CX_TF_BIBTEX)
		for (int t = 0; t < CX_T__COUNT; t++) {
			const char *col = f == CX_TF_CSL ? cx_types[t].csl : cx_types[t].ris;
			if (f == CX_TF_CSL ? str_eq(s, col) : str_ieq(s, col)) {
				if (known)
					*known = 1;
				return (enum cx_type_id)t;
			}
		}
	if (i < 0 && f == CX_TF_CSL)
		i = type_name(CX_TF_CSL_MISC, s);
	if (known)
		*known = i >= 0;
	return i >= 0 ? type_names[i].id : CX_T_DOCUMENT;
}

int cx_type_is_part(enum cx_type_id t)
{
	return t == CX_T_INBOOK || t == CX_T_BOOKINBOOK || t == CX_T_INCOLLECTION ||
	       t == CX_T_INPROCEEDINGS || t == CX_T_INREFERENCE;
}

enum cx_type_id cx_type_lookup(const char *name, size_t n, int *known)
{
	return model_type_find(CX_TF_BIBTEX, (cx_str){name, n}, known);
}

struct cx_field *cx_entry_get(const struct cx_entry *e, enum cx_field_id id)
{
	for (size_t i = 0; i < e->nfields; i++)
		if (e->fields[i].id == id)
			return &e->fields[i];
	return NULL;
}

/* ---- building entries ---------------------------------------------------------- */

struct cx_field *model_add_field(struct arena *a, struct cx_entry *e, size_t *cap,
                                 enum cx_field_id id, cx_str name, cx_str text, unsigned line)
{
	if (e->nfields == *cap) {
		size_t want = *cap ? *cap * 2 : 32;
		e->fields = arena_grow(a, e->fields, sizeof *e->fields, e->nfields, want);
		*cap = want;
	}
	struct cx_field *f = &e->fields[e->nfields++];
	memset(f, 0, sizeof *f);
	f->id = id;
	if (!name.p) {
		const char *nm = id < CX_F__COUNT ? cx_fields[id].bibtex : "unknown";
		name = (cx_str){nm, strlen(nm)};
	}
	f->name = name;
	f->raw = text;
	f->text = text;
	f->loc.line = line;
	f->loc.col = 1;
	return f;
}

/* ---- deep copy -------------------------------------------------------------- */

static cx_str copy_str(struct arena *a, cx_str s)
{
	return s.p ? arena_str(a, s.p, s.n) : s;
}

static struct cx_name copy_name(struct arena *a, const struct cx_name *n)
{
	struct cx_name c = *n;
	c.family = copy_str(a, n->family);
	c.given = copy_str(a, n->given);
	c.particle = copy_str(a, n->particle);
	c.dparticle = copy_str(a, n->dparticle);
	c.suffix = copy_str(a, n->suffix);
	c.literal = copy_str(a, n->literal);
	return c;
}

struct cx_entry *model_copy_entry(struct arena *a, const struct cx_entry *e)
{
	struct cx_entry *c = arena_alloc(a, sizeof *c);
	*c = *e;
	c->owner = NULL;
	c->type_name = copy_str(a, e->type_name);
	c->key = copy_str(a, e->key);
	c->issued.literal = copy_str(a, e->issued.literal);
	c->fields = arena_alloc(a, (e->nfields ? e->nfields : 1) * sizeof *c->fields);
	for (size_t i = 0; i < e->nfields; i++) {
		const struct cx_field *f = &e->fields[i];
		struct cx_field *g = &c->fields[i];
		*g = *f;
		g->name = copy_str(a, f->name);
		g->raw = copy_str(a, f->raw);
		/* most values need no normalizing: the copy of raw serves both */
		if (f->text.p && f->raw.p && f->text.n == f->raw.n &&
		    (f->text.p == f->raw.p || !memcmp(f->text.p, f->raw.p, f->raw.n)))
			g->text = g->raw;
		else
			g->text = copy_str(a, f->text);
		g->date.literal = copy_str(a, f->date.literal);
		g->parts = f->parts ? arena_alloc(a, (f->nparts ? f->nparts : 1) * sizeof *g->parts) : NULL;
		for (size_t k = 0; k < f->nparts; k++) {
			g->parts[k] = f->parts[k];
			g->parts[k].s = copy_str(a, f->parts[k].s);
		}
		if (f->nnames) {
			g->names = arena_alloc(a, f->nnames * sizeof *g->names);
			for (size_t k = 0; k < f->nnames; k++)
				g->names[k] = copy_name(a, &f->names[k]);
		}
	}
	return c;
}

/* ---- what citex.h gives programs ---------------------------------------------- */

enum cx_entry_kind cx_entry_kind(const struct cx_entry *e)
{
	return e->kind;
}

cx_str cx_entry_key(const struct cx_entry *e)
{
	return e->key;
}

cx_str cx_entry_type(const struct cx_entry *e)
{
	return e->type_name;
}

/* CSL types the model reads as a type of its own that is less exact,
 * with the RIS specification's TY for each (Zotero reads them all):
 * a CSL-JSON or RIS source keeps them in CSL-JSON and RIS. */
static const struct {
	const char *csl, *ris;
} finer_types[] = {
	{"bill", "BILL"},        {"bill", "UNBILL"},         {"hearing", "HEAR"},
	{"map", "MAP"},          {"classic", "CLSWK"},       {"post-weblog", "BLOG"},
	{"entry-dictionary", "DICT"},
};

/* The CSL type a CSL-JSON source named, as the tables spell it, or NULL. */
static const char *csl_type_named(cx_str s)
{
	for (size_t i = 0; i < COUNT(type_names); i++)
		if ((type_names[i].format == CX_TF_CSL || type_names[i].format == CX_TF_CSL_MISC) &&
		    str_eq(s, type_names[i].name))
			return type_names[i].name;
	for (int t = 0; t < CX_T__COUNT; t++)
		if (str_eq(s, cx_types[t].csl))
			return cx_types[t].csl;
	return NULL;
}

static int source_is(const struct cx_entry *e, const char *reader)
{
	return e->source && e->type_name.n && !strcmp(e->source, reader);
}

/* The format whose type rows name an entry's types, by the reader it
 * came from: EndNote XML and PubMed XML use EndNote's and MEDLINE's. */
static int types_of_source(const struct cx_entry *e)
{
	static const struct {
		const char *source;
		enum cx_mapfmt f;
	} by[] = {
		{"nbib", CX_MF_NBIB},       {"pubmed-xml", CX_MF_NBIB}, {"isi", CX_MF_ISI},
		{"endnote", CX_MF_ENDNOTE}, {"endnote-xml", CX_MF_ENDNOTE}, {"mods", CX_MF_MODS},
		{"cff", CX_MF_CFF},         {"hayagriva", CX_MF_HAYAGRIVA},
	};
	for (size_t i = 0; e->source && i < COUNT(by); i++)
		if (!strcmp(e->source, by[i].source))
			return (int)by[i].f;
	return -1;
}

const char *cx_entry_csl_type(const struct cx_entry *e)
{
	int mf = e->type_name.n ? types_of_source(e) : -1;
	if (mf >= 0) {
		const struct cx_ftype *t = cx_ftype_find((enum cx_mapfmt)mf, e->type_name);
		if (t && t->type == e->type && t->csl[0])
			return t->csl;
	}
	if (source_is(e, "csl-json")) {
		const char *t = csl_type_named(e->type_name);
		if (t)
			return t; /* musical_score, speech: read as misc */
	} else if (source_is(e, "ris")) {
		for (size_t i = 0; i < COUNT(finer_types); i++)
			if (str_ieq(e->type_name, finer_types[i].ris))
				return finer_types[i].csl;
	}
	return cx_types[e->type].csl;
}

const char *cx_entry_ris_type(const struct cx_entry *e)
{
	if (source_is(e, "csl-json") || source_is(e, "ris")) {
		const char *csl = cx_entry_csl_type(e);
		for (size_t i = 0; i < COUNT(finer_types); i++)
			if (!strcmp(csl, finer_types[i].csl))
				return finer_types[i].ris;
	}
	return cx_types[e->type].ris;
}

const char *cx_entry_file(const struct cx_entry *e)
{
	return e->file;
}

unsigned cx_entry_line(const struct cx_entry *e)
{
	return e->loc.line;
}

size_t cx_entry_nfields(const struct cx_entry *e)
{
	return e->nfields;
}

const struct cx_field *cx_entry_field(const struct cx_entry *e, size_t i)
{
	return i < e->nfields ? &e->fields[i] : NULL;
}

const struct cx_field *cx_entry_find(const struct cx_entry *e, const char *name)
{
	size_t n = strlen(name);
	enum cx_field_id id = cx_field_lookup(name, n);
	for (size_t i = 0; i < e->nfields; i++) {
		const struct cx_field *f = &e->fields[i];
		if (id != CX_F_UNKNOWN ? f->id == id
		                       : f->name.n == n && str_ieqn(f->name.p, name, n))
			return f;
	}
	return NULL;
}

const struct cx_date *cx_entry_issued(const struct cx_entry *e)
{
	return &e->issued;
}

cx_str cx_field_name(const struct cx_field *f)
{
	if (f->name.n || f->id == CX_F_UNKNOWN)
		return f->name;
	return (cx_str){cx_fields[f->id].bibtex, strlen(cx_fields[f->id].bibtex)};
}

const char *cx_field_csl(const struct cx_field *f)
{
	return f->id == CX_F_UNKNOWN ? "" : cx_fields[f->id].csl;
}

cx_str cx_field_raw(const struct cx_field *f)
{
	return f->raw;
}

cx_str cx_field_text(const struct cx_field *f)
{
	return f->text;
}

size_t cx_field_nnames(const struct cx_field *f)
{
	return f->nnames;
}

const struct cx_name *cx_field_names(const struct cx_field *f)
{
	return f->names;
}

const struct cx_date *cx_field_date(const struct cx_field *f)
{
	return &f->date;
}

/* A copy with its own arena, which the copy's first bytes hold. */
struct entry_copy {
	struct arena a;
	struct cx_entry *e;
};

struct cx_entry *cx_entry_dup(const struct cx_entry *e)
{
	struct arena a = {0};
	struct entry_copy *c = arena_alloc(&a, sizeof *c);
	struct cx_entry *copy = model_copy_entry(&a, e);
	c->e = copy;
	c->a = a;
	/* The arena's first block starts with c: cx_entry_free finds it from
	 * the entry through this back pointer. */
	copy->owner = c;
	return copy;
}

void cx_entry_free(struct cx_entry *e)
{
	if (!e || !e->owner)
		return;
	struct entry_copy *c = e->owner;
	struct arena a = c->a;
	arena_destroy(&a);
}

/* ---- entries held for the whole input ------------------------------------- */

struct cx_entries *cx_entries_new(void)
{
	return xcalloc(1, sizeof(struct cx_entries));
}

void cx_entries_add(struct cx_entries *l, const struct cx_entry *e)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 1024;
		l->v = xrealloc(l->v, l->cap * sizeof *l->v);
	}
	l->v[l->n++] = model_copy_entry(&l->a, e);
}

size_t cx_entries_count(const struct cx_entries *l)
{
	return l->n;
}

const struct cx_entry *cx_entries_at(const struct cx_entries *l, size_t i)
{
	return i < l->n ? l->v[i] : NULL;
}

void cx_entries_free(struct cx_entries *l)
{
	if (!l)
		return;
	arena_destroy(&l->a);
	free(l->v);
	free(l);
}
