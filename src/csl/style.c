/* csl/style.c - compile a CSL style's element tree into struct csl_node.
 *
 * Attributes are parsed once here into small integers, variables into
 * their ids and macros into pointers, so rendering never compares a
 * string from the style.  Unknown elements and attributes are ignored, as
 * the specification lets a processor do with extensions. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csl/csl.h"
#include "csl/xml.h"

static int is(const char *a, const char *b)
{
	return a && !strcmp(a, b);
}

int csl_pick(const char *v, const char *const *names, int def)
{
	if (!v)
		return def;
	for (int i = 0; names[i]; i++)
		if (!strcmp(v, names[i]))
			return i;
	return def;
}

static const char *const case_names[] = {"", "lowercase", "uppercase", "capitalize-first",
                                         "capitalize-all", "sentence", "title", NULL};
static const char *const form_names[] = {"long", "short", "verb", "verb-short", "symbol", NULL};

static void parse_fmt(const struct xnode *x, struct csl_fmt *f)
{
	static const char *const fs[] = {"", "normal", "italic", "oblique", NULL};
	static const char *const fv[] = {"", "normal", "small-caps", NULL};
	static const char *const fw[] = {"", "normal", "bold", "light", NULL};
	static const char *const td[] = {"", "none", "underline", NULL};
	static const char *const va[] = {"", "baseline", "sup", "sub", NULL};
	static const char *const di[] = {"", "block", "left-margin", "right-inline", "indent", NULL};
	f->prefix = xml_attr(x, "prefix");
	f->suffix = xml_attr(x, "suffix");
	f->delimiter = xml_attr(x, "delimiter");
	f->font_style = (unsigned char)csl_pick(xml_attr(x, "font-style"), fs, 0);
	f->font_variant = (unsigned char)csl_pick(xml_attr(x, "font-variant"), fv, 0);
	f->font_weight = (unsigned char)csl_pick(xml_attr(x, "font-weight"), fw, 0);
	f->decoration = (unsigned char)csl_pick(xml_attr(x, "text-decoration"), td, 0);
	f->valign = (unsigned char)csl_pick(xml_attr(x, "vertical-align"), va, 0);
	f->display = (unsigned char)csl_pick(xml_attr(x, "display"), di, 0);
	f->text_case = (unsigned char)csl_pick(xml_attr(x, "text-case"), case_names, 0);
	f->quotes = is(xml_attr(x, "quotes"), "true");
	f->quotes_set = xml_attr(x, "quotes") != NULL;
	f->strip_periods = is(xml_attr(x, "strip-periods"), "true");
	f->has_affix = (f->prefix && *f->prefix) || (f->suffix && *f->suffix);
	f->has_style = f->font_style || f->font_variant || f->font_weight || f->decoration ||
	               f->valign || f->display || f->quotes;
}

static int num_attr(const struct xnode *x, const char *name, int *out)
{
	const char *v = xml_attr(x, name);
	if (!v)
		return 0;
	*out = atoi(v);
	return 1;
}

/* An attribute read into a field of a struct: a string, a number, a
 * variable, or one of a list of words (its index; dflt for another). */
enum { AT_STR, AT_INT, AT_VAR, AT_PICK };
struct attr {
	const char *name;
	const char *on_name;       /* its name on cs:name: NULL the same, "" none */
	unsigned char type;
	unsigned short off;
	const char *const *words;
	int dflt;
};

/* read_attrs writes an int into each field that is not a string, and
 * csl_nameopts_merge copies one: the enum fields among them must be
 * int-sized (as C compilers make an enum whose values fit an int). */
_Static_assert(sizeof(enum csl_var) == sizeof(int) && sizeof(enum csl_date_form) == sizeof(int) &&
               sizeof(enum csl_and) == sizeof(int) && sizeof(enum csl_dp) == sizeof(int) &&
               sizeof(enum csl_sort_order) == sizeof(int) &&
               sizeof(enum csl_name_form) == sizeof(int), "an attribute is read as an int");

/* Read the attributes of t[0..n) that x gives into the struct at obj,
 * with a bit per row given (row i, bit i).  absent set: the rows x does
 * not give get their defaults too. */
static unsigned read_attrs(const struct xnode *x, const struct attr *t, size_t n, void *obj,
                           int on_name, int absent)
{
	unsigned got = 0;
	for (size_t i = 0; i < n; i++) {
		const char *name = on_name && t[i].on_name ? t[i].on_name : t[i].name;
		const char *v = *name ? xml_attr(x, name) : NULL;
		if (!v && !absent)
			continue;
		got |= (unsigned)(v != NULL) << i;
		char *p = (char *)obj + t[i].off;
		int k = t[i].dflt;
		if (t[i].type == AT_STR) {
			memcpy(p, &v, sizeof v);
			continue;
		}
		if (t[i].type == AT_INT && v)
			k = atoi(v);
		else if (t[i].type == AT_VAR)
			k = v ? csl_var_lookup(v) : CV_NONE;
		else if (t[i].type == AT_PICK)
			k = csl_pick(v, t[i].words, t[i].dflt);
		memcpy(p, &k, sizeof k);
	}
	return got;
}

static const char *const bool_words[] = {"false", "true", NULL};

/* The inheritable name options, row i for bit i of csl_nameopts.set. */
#define NO(f) (unsigned short)offsetof(struct csl_nameopts, f)
static const char *const and_words[] = {"", "text", "symbol", NULL};
static const char *const dp_words[] = {"contextual", "after-inverted-name", "always", "never", NULL};
static const char *const order_words[] = {"", "first", "all", NULL};
static const char *const nform_words[] = {"long", "short", "count", NULL};
static const struct attr nameopt_attrs[] = {
	{"and", NULL, AT_PICK, NO(and_), and_words, 0},
	{"name-delimiter", "delimiter", AT_STR, NO(delimiter), NULL, 0},
	{"delimiter-precedes-et-al", NULL, AT_PICK, NO(dp_etal), dp_words, 0},
	{"delimiter-precedes-last", NULL, AT_PICK, NO(dp_last), dp_words, 0},
	{"et-al-min", NULL, AT_INT, NO(etal_min), NULL, 0},
	{"et-al-use-first", NULL, AT_INT, NO(etal_first), NULL, 0},
	{"et-al-use-last", NULL, AT_PICK, NO(etal_last), bool_words, 0},
	{"et-al-subsequent-min", NULL, AT_INT, NO(etal_smin), NULL, 0},
	{"et-al-subsequent-use-first", NULL, AT_INT, NO(etal_sfirst), NULL, 0},
	{"initialize", NULL, AT_PICK, NO(initialize), bool_words, 1},
	{"initialize-with", NULL, AT_STR, NO(initialize_with), NULL, 0},
	{"name-as-sort-order", NULL, AT_PICK, NO(sort_order), order_words, 0},
	{"sort-separator", NULL, AT_STR, NO(sort_sep), NULL, 0},
	{"name-form", "form", AT_PICK, NO(form), nform_words, 0},
	{"names-delimiter", "", AT_STR, NO(names_delim), NULL, 0},
};
#undef NO

/* The inheritable name options an element gives (style, citation,
 * bibliography, names, name). */
void csl_parse_nameopts(const struct xnode *x, struct csl_nameopts *o, int on_name)
{
	o->set |= read_attrs(x, nameopt_attrs, sizeof nameopt_attrs / sizeof *nameopt_attrs, o,
	                     on_name, 0);
}

void csl_nameopts_merge(struct csl_nameopts *o, const struct csl_nameopts *s)
{
	for (unsigned m = s->set; m; m &= m - 1) {
		const struct attr *t = &nameopt_attrs[__builtin_ctz(m)];
		memcpy((char *)o + t->off, (const char *)s + t->off,
		       t->type == AT_STR ? sizeof(char *) : sizeof(int));
	}
	o->set |= s->set;
}

/* A space-separated list of words, each mapped by fn (or dropped at -1). */
static int *word_list(struct arena *a, const char *s, size_t *n, int (*fn)(const char *))
{
	*n = 0;
	if (!s)
		return NULL;
	size_t cap = 1;
	for (const char *p = s; *p; p++)
		cap += *p == ' ';
	int *v = arena_alloc(a, cap * sizeof *v);
	char w[64];
	while (*s) {
		while (*s == ' ')
			s++;
		size_t k = 0;
		while (s[k] && s[k] != ' ')
			k++;
		if (!k)
			break;
		if (k < sizeof w) {
			memcpy(w, s, k);
			w[k] = 0;
			int id = fn(w);
			if (id >= 0)
				v[(*n)++] = id;
		}
		s += k;
	}
	return v;
}

static int pos_lookup(const char *w)
{
	static const char *const p[] = {"first", "subsequent", "ibid", "ibid-with-locator",
	                                "near-note", NULL};
	return csl_pick(w, p, -1);
}

/* Locator labels are terms; the condition compares names. */
static const char *const locator_names[] = {
	"act", "appendix", "article-locator", "book", "canon", "chapter", "column", "elocation",
	"equation", "figure", "folio", "issue", "line", "note", "opus", "page", "paragraph", "part",
	"rule", "scene", "section", "sub-verbo", "supplement", "table", "timestamp", "title-locator",
	"verse", "version", "volume", NULL,
};

int csl_locator_lookup(const char *w)
{
	return csl_pick(w, locator_names, -1);
}

const char *csl_locator_name(int i)
{
	return i >= 0 && (size_t)i < sizeof locator_names / sizeof *locator_names - 1
	           ? locator_names[i] : "page";
}

static int var_or_none(const char *w)
{
	return csl_var_lookup(w);
}

/* A variable condition's variables: a set of those that only the item's
 * data decides, and a list of the others. */
static void var_set(struct arena *a, struct csl_cond *c)
{
	c->dvals = arena_alloc(a, (c->nvals + 1) * sizeof *c->dvals);
	for (size_t k = 0; k < c->nvals; k++) {
		int v = c->vals[k];
		if (csl_var_dynamic(v))
			c->dvals[c->ndvals++] = v;
		else
			c->vmask[v >> 6] |= 1ull << (v & 63);
	}
}

static void parse_conds(struct arena *a, const struct xnode *x, struct csl_node *n)
{
	static const char *const match[] = {"all", "any", "none", NULL};
	static const struct {
		const char *attr;
		enum csl_test t;
		int (*fn)(const char *);
	} tests[] = {
		{"type", CT_TYPE, csl_type_lookup},
		{"variable", CT_VARIABLE, var_or_none},
		{"is-numeric", CT_IS_NUMERIC, var_or_none},
		{"is-uncertain-date", CT_IS_UNCERTAIN, var_or_none},
		{"locator", CT_LOCATOR, csl_locator_lookup},
		{"position", CT_POSITION, pos_lookup},
	};
	n->match = csl_pick(xml_attr(x, "match"), match, 0);
	n->conds = arena_calloc(a, 8 * sizeof *n->conds);
	for (size_t i = 0; i < sizeof tests / sizeof *tests; i++) {
		const char *v = xml_attr(x, tests[i].attr);
		if (!v)
			continue;
		struct csl_cond *c = &n->conds[n->nconds++];
		c->test = tests[i].t;
		c->vals = word_list(a, v, &c->nvals, tests[i].fn);
		for (size_t k = 0; c->test == CT_TYPE && k < c->nvals; k++)
			c->types |= 1ull << c->vals[k];
		if (c->test == CT_VARIABLE)
			var_set(a, c);
	}
	const char *d = xml_attr(x, "disambiguate");
	if (d) {
		struct csl_cond *c = &n->conds[n->nconds++];
		c->test = CT_DISAMBIGUATE;
		c->nvals = is(d, "true");
	}
}

/* display holds only on a rendering element at the top of a layout,
 * cs:choose and its branches being transparent: citeproc-js draws no
 * block for one inside a group or a macro.  Clears it elsewhere. */
static void top_display(struct csl_node *n, int top)
{
	if (!top && n->f.display) {
		struct csl_fmt *f = &n->f;
		f->display = 0;
		f->has_style = f->font_style || f->font_variant || f->font_weight || f->decoration ||
		               f->valign || f->quotes;
	}
	int kid_top = top && (n->kind == CK_CHOOSE || n->kind == CK_IF || n->kind == CK_LAYOUT);
	for (size_t i = 0; i < n->nkids; i++)
		top_display(&n->kids[i], kid_top);
}

/* Whether a node at the top of the layout has display. */
static int has_display(const struct csl_node *n)
{
	if (n->f.display)
		return 1;
	if (n->kind != CK_LAYOUT && n->kind != CK_CHOOSE && n->kind != CK_IF)
		return 0;
	for (size_t i = 0; i < n->nkids; i++)
		if (has_display(&n->kids[i]))
			return 1;
	return 0;
}

static struct csl_node *compile_kids(struct arena *a, const struct xnode *x, size_t *n);

static void compile_names(struct arena *a, const struct xnode *x, struct csl_node *n)
{
	n->vars = word_list(a, xml_attr(x, "variable"), &n->nvars, var_or_none);
	const char *d = xml_attr(x, "delimiter");
	if (d) {
		n->nopt.names_delim = d;
		n->nopt.set |= NO_NAMES_DELIM;
	}
	n->f.delimiter = NULL; /* the names delimiter is an option, inheritable */
	int seen_name = 0;
	for (size_t i = 0; i < n->nkids; i++) {
		struct csl_node *k = &n->kids[i];
		switch (k->kind) {
		case CK_NAME: n->name = k; seen_name = 1; break;
		case CK_ETAL: n->etal = k; break;
		case CK_LABEL: n->label = k; n->label_before_name = !seen_name; break;
		case CK_SUBSTITUTE: n->substitute = k; break;
		default: break;
		}
	}
}

static void compile_if(struct arena *a, const struct xnode *x, struct csl_node *n)
{
	n->is_else = !strcmp(x->name, "else");
	parse_conds(a, x, n);
	const struct csl_cond *c = n->conds;
	n->one_test = n->nconds == 1 && c->nvals &&
	              (c->test == CT_TYPE || (c->test == CT_VARIABLE && !c->ndvals));
}

static void compile_name(struct arena *a, const struct xnode *x, struct csl_node *n)
{
	(void)a;
	csl_parse_nameopts(x, &n->nopt, 1);
	n->f.delimiter = NULL;
	for (size_t i = 0; i < n->nkids; i++)
		if (n->kids[i].kind == CK_NAME_PART)
			n->name_part[n->kids[i].part] = &n->kids[i];
}

static void compile_text(struct arena *a, const struct xnode *x, struct csl_node *n)
{
	if (xml_attr(x, "variable") && n->var == CV_NONE)
		n->value = ""; /* an unknown variable renders nothing */
	if (n->value && strchr(n->value, '\''))
		n->value = csl_rich_parse(a, n->value, strlen(n->value)); /* "l’eau", as a term */
	const char *v = n->value;
	if (!v || !*v)
		return;
	/* citeproc-js takes the leading . : ; ! ? of a value with text after
	 * them as its prefix, which meets the punctuation before it; a value
	 * of punctuation alone, or one that starts with a comma or a blank,
	 * stays as written after anything ("D.E.. ", "What?.", ";,, y",
	 * "A  B"); so does a blank the value ends with ("Vol.  57") */
	size_t k = strspn(v, ".;:!? "), len = strlen(v);
	int keep_head = strchr(".,;:!? ", *v) && (!v[k] || *v == ',' || *v == ' ');
	int keep_tail = v[len - 1] == ' ' && v[k];
	if (!keep_head && !keep_tail)
		return;
	char *o = arena_alloc(a, len + 5), *p = o;
	if (keep_head) {
		*p++ = CM_ESC;
		*p++ = CM_NOPUNCT;
	}
	memcpy(p, v, len);
	p += len;
	if (keep_tail) {
		*p++ = CM_ESC;
		*p++ = CM_NOPUNCT;
	}
	*p = 0;
	n->value = o;
}

/* The attributes of each element, and what compiling it does besides. */
#define N(f) (unsigned short)offsetof(struct csl_node, f)
static const char *const number_forms[] = {"numeric", "ordinal", "long-ordinal", "roman", NULL};
static const char *const plural_words[] = {"contextual", "always", "never", NULL};
static const char *const part_words[] = {"family", "given", NULL};
static const char *const date_forms[] = {"", "text", "numeric", NULL};
static const char *const date_part_sets[] = {"", "year", "year-month", "year-month-day", NULL};
static const char *const date_parts[] = {"year", "month", "day", NULL};
static const char *const date_part_forms[] = {"long", "short", "numeric", "numeric-leading-zeros",
                                              "ordinal", NULL};
static const struct attr text_attrs[] = {
	{"variable", NULL, AT_VAR, N(var), NULL, 0}, {"macro", NULL, AT_STR, N(macro_name), NULL, 0},
	{"term", NULL, AT_STR, N(term), NULL, 0}, {"value", NULL, AT_STR, N(value), NULL, 0},
	{"form", NULL, AT_PICK, N(form), form_names, 0},
	{"plural", NULL, AT_PICK, N(plural), bool_words, 0},
};
static const struct attr number_attrs[] = {
	{"variable", NULL, AT_VAR, N(var), NULL, 0}, {"form", NULL, AT_PICK, N(form), number_forms, 0},
};
static const struct attr label_attrs[] = {
	{"variable", NULL, AT_VAR, N(var), NULL, 0}, {"form", NULL, AT_PICK, N(form), form_names, 0},
	{"plural", NULL, AT_PICK, N(plural), plural_words, 0},
};
static const struct attr name_part_attrs[] = {{"name", NULL, AT_PICK, N(part), part_words, 0}};
static const struct attr etal_attrs[] = {{"term", NULL, AT_STR, N(term), NULL, 0}};
static const struct attr date_attrs[] = {
	{"variable", NULL, AT_VAR, N(var), NULL, 0},
	{"form", NULL, AT_PICK, N(date_form), date_forms, 0},
	{"date-parts", NULL, AT_PICK, N(date_parts), date_part_sets, 3},
};
static const struct attr date_part_attrs[] = {
	{"name", NULL, AT_PICK, N(part), date_parts, 0},
	{"range-delimiter", NULL, AT_STR, N(range_delim), NULL, 0},
	{"form", NULL, AT_PICK, N(form), date_part_forms, -1},
};
static const struct attr macro_attrs[] = {{"name", NULL, AT_STR, N(macro_name), NULL, 0}};
#undef N
#define ATTRS(t) t, sizeof t / sizeof *t
static const struct {
	const char *name;
	enum csl_kind kind;
	const struct attr *attrs;
	size_t nattrs;
	void (*compile)(struct arena *a, const struct xnode *x, struct csl_node *n);
} kinds[] = {
	{"layout", CK_LAYOUT, NULL, 0, NULL},
	{"text", CK_TEXT, ATTRS(text_attrs), compile_text},
	{"number", CK_NUMBER, ATTRS(number_attrs), NULL},
	{"label", CK_LABEL, ATTRS(label_attrs), NULL},
	{"group", CK_GROUP, NULL, 0, NULL},
	{"choose", CK_CHOOSE, NULL, 0, NULL},
	{"if", CK_IF, NULL, 0, compile_if},
	{"else-if", CK_IF, NULL, 0, compile_if},
	{"else", CK_IF, NULL, 0, compile_if},
	{"names", CK_NAMES, NULL, 0, compile_names},
	{"name", CK_NAME, NULL, 0, compile_name},
	{"et-al", CK_ETAL, ATTRS(etal_attrs), NULL},
	{"substitute", CK_SUBSTITUTE, NULL, 0, NULL},
	{"name-part", CK_NAME_PART, ATTRS(name_part_attrs), NULL},
	{"date", CK_DATE, ATTRS(date_attrs), NULL},
	{"date-part", CK_DATE_PART, ATTRS(date_part_attrs), NULL},
	{"macro", CK_MACRO, ATTRS(macro_attrs), NULL},
};
#undef ATTRS

static void compile_node(struct arena *a, const struct xnode *x, struct csl_node *n)
{
	memset(n, 0, sizeof *n);
	n->kind = CK_OTHER;
	n->var = CV_NONE;
	parse_fmt(x, &n->f);
	n->kids = compile_kids(a, x, &n->nkids);
	for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
		if (!strcmp(x->name, kinds[i].name)) {
			n->kind = kinds[i].kind;
			read_attrs(x, kinds[i].attrs, kinds[i].nattrs, n, 0, 1);
			if (kinds[i].compile)
				kinds[i].compile(a, x, n);
			break;
		}
}

int csl_node_any(const struct csl_node *n, int (*pred)(const struct csl_node *))
{
	if (!n)
		return 0;
	if (pred(n) || (n->macro && csl_node_any(n->macro, pred)))
		return 1;
	for (size_t i = 0; i < n->nkids; i++)
		if (csl_node_any(&n->kids[i], pred))
			return 1;
	return 0;
}

static struct csl_node *compile_kids(struct arena *a, const struct xnode *x, size_t *n)
{
	size_t k = 0;
	for (const struct xnode *c = x->kids; c; c = c->next)
		k++;
	*n = k;
	if (!k)
		return NULL;
	struct csl_node *v = arena_alloc(a, k * sizeof *v);
	k = 0;
	for (const struct xnode *c = x->kids; c; c = c->next)
		compile_node(a, c, &v[k++]);
	return v;
}

struct csl_node *csl_compile(struct arena *a, const struct xnode *x)
{
	struct csl_node *n = arena_alloc(a, sizeof *n);
	compile_node(a, x, n);
	return n;
}

/* ---- macros --------------------------------------------------------------- */

static const struct csl_node *find_macro(const struct csl_style *s, const char *name)
{
	for (size_t i = 0; i < s->nmacros; i++)
		if (is(s->macros[i]->macro_name, name))
			return s->macros[i];
	return NULL;
}

static void link_macros(const struct csl_style *s, struct csl_node *n)
{
	if (n->macro_name && n->kind == CK_TEXT)
		n->macro = find_macro(s, n->macro_name);
	for (size_t i = 0; i < n->nkids; i++)
		link_macros(s, &n->kids[i]);
}

/* ---- name-parts as citeproc-js builds them ----------------------------------- */

/* citeproc-js builds the citation's layout and then the bibliography's
 * in the style's order, each macro once, at its first call; a
 * cs:name-part it builds is kept as the last of its kind, and a cs:names
 * takes the last family and given name-parts built at its end, and
 * forgets them when it is no cs:names' substitute.  So a cs:names whose
 * substitute calls a macro with a name-part of no formatting renders its
 * own names without its name-part's formatting, and a cs:names in a
 * substitute without name-parts takes the outer one's.  build_parts
 * gives each cs:names those name-parts (names_part). */
struct parts_build {
	const struct csl_node *part[2];
	int level;
	const struct csl_style *s;
	unsigned char *built; /* per macro of s */
};

static void build_parts(struct parts_build *pb, struct csl_node *n, int depth)
{
	if (depth > 256)
		return;
	if (n->kind == CK_NAME_PART && n->part >= 0 && n->part < 2)
		pb->part[n->part] = n;
	if (n->kind == CK_NAMES)
		pb->level++;
	for (size_t i = 0; i < n->nkids; i++)
		build_parts(pb, &n->kids[i], depth + 1);
	if (n->kind == CK_TEXT && n->macro) {
		for (size_t i = 0; i < pb->s->nmacros; i++)
			if (pb->s->macros[i] == n->macro && !pb->built[i]) {
				pb->built[i] = 1;
				build_parts(pb, pb->s->macros[i], depth + 1);
			}
	}
	if (n->kind == CK_NAMES) {
		n->names_part[0] = pb->part[0];
		n->names_part[1] = pb->part[1];
		n->names_parts_set = 1;
		if (pb->level == 1)
			pb->part[0] = pb->part[1] = NULL;
		pb->level--;
	}
}

/* The cs:date citeproc-js builds last: it builds the citation and then
 * the bibliography, each its sort keys (every macro a key calls, each
 * time) before its layout (each macro once, at its first call).  It
 * keeps that date's formatting for the end of every date range it
 * renders, and for the first end it renders, that date's affixes too:
 * "1991–Accessed: 1992" where the style's last date is an access date
 * with the prefix "Accessed: ". */
struct date_build {
	const struct csl_node *last;
	const struct csl_style *s;
	unsigned char *built; /* per macro of s, built for a layout */
};

static void last_date(struct date_build *db, const struct csl_node *n, int sort, int depth)
{
	if (!n || depth > 256)
		return;
	if (n->kind == CK_DATE)
		db->last = n;
	for (size_t i = 0; i < n->nkids; i++)
		last_date(db, &n->kids[i], sort, depth + 1);
	if (n->kind == CK_TEXT && n->macro)
		for (size_t i = 0; i < db->s->nmacros; i++)
			if (db->s->macros[i] == n->macro && (sort || !db->built[i])) {
				if (!sort)
					db->built[i] = 1;
				last_date(db, db->s->macros[i], sort, depth + 1);
			}
}

static void last_date_of(struct date_build *db, const struct csl_context *c)
{
	for (size_t i = 0; i < c->nkeys; i++)
		if (c->keys[i].macro)
			last_date(db, c->keys[i].macro, 1, 0);
	last_date(db, c->layout, 0, 0);
}

/* ---- cs:citation, cs:bibliography ------------------------------------------ */

static void compile_sort(struct arena *a, const struct csl_style *s, const struct xnode *x,
                         struct csl_context *c)
{
	size_t k = 0;
	for (const struct xnode *y = x->kids; y; y = y->next)
		k++;
	c->keys = arena_calloc(a, (k ? k : 1) * sizeof *c->keys);
	for (const struct xnode *y = x->kids; y; y = y->next) {
		if (strcmp(y->name, "key"))
			continue;
		struct csl_sortkey *key = &c->keys[c->nkeys];
		const char *v = xml_attr(y, "variable");
		const char *m = xml_attr(y, "macro");
		key->var = v ? csl_var_lookup(v) : CV_NONE;
		key->macro = m ? find_macro(s, m) : NULL;
		if (key->var == CV_NONE && !key->macro)
			continue;
		key->desc = is(xml_attr(y, "sort"), "descending");
		num_attr(y, "names-min", &key->names_min);
		num_attr(y, "names-use-first", &key->names_first);
		const char *l = xml_attr(y, "names-use-last");
		key->names_last = l ? (is(l, "true") ? 1 : -1) : 0;
		c->nkeys++;
	}
}

static void compile_context(struct arena *a, struct csl_style *s, const struct xnode *x,
                            struct csl_context *c, int cit)
{
	static const char *const col[] = {"", "citation-number", "year", "year-suffix",
	                                  "year-suffix-ranged", NULL};
	static const char *const gn[] = {"all-names", "all-names-with-initials", "primary-name",
	                                 "primary-name-with-initials", "by-cite", NULL};
	static const char *const sr[] = {"complete-all", "complete-each", "partial-each",
	                                 "partial-first", NULL};
	csl_parse_nameopts(x, &c->nopt, 0);
	const struct xnode *lay = xml_child(x, "layout");
	if (lay) {
		struct csl_node *l = csl_compile(a, lay);
		link_macros(s, l);
		top_display(l, 1);
		c->layout = l;
	}
	const struct xnode *so = xml_child(x, "sort");
	if (so)
		compile_sort(a, s, so, c);
	c->near_note_distance = 5;
	num_attr(x, "near-note-distance", &c->near_note_distance);
	if (cit) {
		c->add_names = is(xml_attr(x, "disambiguate-add-names"), "true");
		c->add_givenname = is(xml_attr(x, "disambiguate-add-givenname"), "true");
		c->add_year_suffix = is(xml_attr(x, "disambiguate-add-year-suffix"), "true");
		c->gn_rule = csl_pick(xml_attr(x, "givenname-disambiguation-rule"), gn, GN_BY_CITE);
		c->collapse = csl_pick(xml_attr(x, "collapse"), col, 0);
		c->cite_group_delim = xml_attr(x, "cite-group-delimiter");
		c->year_suffix_delim = xml_attr(x, "year-suffix-delimiter");
		c->after_collapse_delim = xml_attr(x, "after-collapse-delimiter");
	} else {
		c->hanging_indent = is(xml_attr(x, "hanging-indent"), "true");
		const char *sfa = xml_attr(x, "second-field-align");
		c->second_field_align = is(sfa, "flush") ? SFA_FLUSH : is(sfa, "margin") ? SFA_MARGIN : SFA_NONE;
		c->line_spacing = 1;
		num_attr(x, "line-spacing", &c->line_spacing);
		c->entry_spacing = 1;
		num_attr(x, "entry-spacing", &c->entry_spacing);
		c->sas = xml_attr(x, "subsequent-author-substitute");
		c->sas_rule = csl_pick(xml_attr(x, "subsequent-author-substitute-rule"), sr, 0);
	}
}

struct csl_locale_src *csl_locale_from_xml(struct arena *a, const struct xnode *x);

static void compile_info(struct csl_style *s, const struct xnode *info)
{
	for (const struct xnode *y = info->kids; y; y = y->next) {
		if (!strcmp(y->name, "title") && !s->title)
			s->title = y->text;
		if (!strcmp(y->name, "link") && is(xml_attr(y, "rel"), "independent-parent"))
			s->parent = xml_attr(y, "href");
	}
}

/* Compile the style under root into s; NULL, or what is wrong. */
static const char *compile_style(struct csl_style *s, const struct xnode *root)
{
	static const char *const demote[] = {"never", "sort-only", "display-and-sort", NULL};
	static const char *const prf[] = {"", "expanded", "minimal", "minimal-two", "chicago",
	                                  "chicago-16", NULL};
	s->note = is(xml_attr(root, "class"), "note");
	s->default_locale = xml_attr(root, "default-locale");
	s->demote = csl_pick(xml_attr(root, "demote-non-dropping-particle"), demote,
	                     DEMOTE_DISPLAY_AND_SORT);
	s->init_hyphen = !is(xml_attr(root, "initialize-with-hyphen"), "false");
	s->page_range = csl_pick(xml_attr(root, "page-range-format"), prf, 0);
	if (is(xml_attr(root, "page-range-format"), "chicago"))
		s->page_range = PRF_CHICAGO;
	csl_parse_nameopts(root, &s->nopt, 0);
	size_t nm = 0, nl = 0;
	for (const struct xnode *y = root->kids; y; y = y->next) {
		nm += !strcmp(y->name, "macro");
		nl += !strcmp(y->name, "locale");
	}
	s->macros = arena_alloc(&s->a, (nm + 1) * sizeof *s->macros);
	s->locales = arena_alloc(&s->a, (nl + 1) * sizeof *s->locales);
	for (const struct xnode *y = root->kids; y; y = y->next) {
		if (!strcmp(y->name, "macro")) {
			struct csl_node *m = csl_compile(&s->a, y);
			top_display(m, 0);
			s->macros[s->nmacros++] = m;
		}
		else if (!strcmp(y->name, "locale"))
			s->locales[s->nlocales++] = csl_locale_from_xml(&s->a, y);
		else if (!strcmp(y->name, "info"))
			compile_info(s, y);
	}
	for (size_t i = 0; i < s->nmacros; i++)
		link_macros(s, s->macros[i]);
	const struct xnode *cit = xml_child(root, "citation");
	const struct xnode *bib = xml_child(root, "bibliography");
	if (cit)
		compile_context(&s->a, s, cit, &s->cit, 1);
	if (bib) {
		compile_context(&s->a, s, bib, &s->bib, 0);
		s->has_bib = s->bib.layout != NULL;
		s->bib_display = has_display(s->bib.layout);
		/* the layout's suffix goes inside its last child's block when
		 * the first child has display (citeproc-js) */
		s->bib_first_display = s->bib.layout->nkids && s->bib.layout->kids[0].f.display;
	}
	struct parts_build pb = {.s = s, .built = arena_calloc(&s->a, s->nmacros + 1)};
	if (s->cit.layout)
		build_parts(&pb, (struct csl_node *)s->cit.layout, 0);
	if (s->bib.layout)
		build_parts(&pb, (struct csl_node *)s->bib.layout, 0);
	struct date_build db = {.s = s, .built = arena_calloc(&s->a, s->nmacros + 1)};
	last_date_of(&db, &s->cit);
	if (bib)
		last_date_of(&db, &s->bib);
	s->range_end = db.last;

	return s->cit.layout || s->parent ? NULL : "the style has no citation layout";
}

struct csl_style *csl_style_load(const char *xml, size_t n, const char *file, char *err,
                                 size_t errlen)
{
	struct csl_style *s = xcalloc(1, sizeof *s);
	char msg[512];
	if (!file)
		file = "style";
	struct xnode *root = xml_parse(&s->a, xml, n, msg, sizeof msg);
	struct buf b = {0};
	if (!root) {
		snprintf(err, errlen, "%s:%s", file, msg);
	} else if (strcmp(root->name, "style")) {
		snprintf(err, errlen, "%s:%u:%u: error: not a CSL style (root element <%s>)", file,
		         root->line, root->col, root->name);
	} else if (csl_style_check(root, file, &b) != 0) {
		/* the reports, cut at a line when they do not fit */
		size_t k = b.n && b.p[b.n - 1] == '\n' ? b.n - 1 : b.n;
		if (k >= errlen) {
			k = errlen - 1;
			while (k && b.p[k] != '\n')
				k--;
		}
		snprintf(err, errlen, "%.*s", (int)k, b.p ? b.p : "");
	} else {
		const char *why = compile_style(s, root);
		if (!why) {
			buf_free(&b);
			return s;
		}
		snprintf(err, errlen, "%s: error: %s", file, why);
	}
	buf_free(&b);
	csl_style_free(s);
	return NULL;
}

void csl_style_free(struct csl_style *s)
{
	if (!s)
		return;
	arena_destroy(&s->a);
	free(s);
}
