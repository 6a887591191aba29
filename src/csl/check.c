/* csl/check.c - what a style must be before citex renders it.
 *
 * A style is input, and a malformed one must not reach the renderer: a
 * macro that calls itself (directly or through others) would recurse
 * until the stack runs out, a context without cs:layout has nothing to
 * render, and an attribute value citex does not know would be read as
 * its default without a word.  So a style is checked once, on its
 * element tree, before it is compiled, against what CSL 1.0.2's schema
 * (csl.rnc) requires: the elements each element may hold and must hold,
 * the attributes each must have, the values of enumerated and numeric
 * attributes, the variables an attribute names, the macros a style
 * calls and their cycles.  Every problem is reported, each with the
 * file, line and column of its element, as the command line prints a
 * diagnostic; unknown attributes stay allowed (extensions), as the
 * specification lets a processor ignore them. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csl/csl.h"
#include "csl/xml.h"

/* The reports go into out, one a line, up to max of them. */
struct chk {
	const char *file;
	struct buf *out;
	int n;
	const struct xnode **macros; /* the cs:macro elements, in order */
	size_t nmacros;
	unsigned char *state;        /* cycle search: 0 new, 1 on the path, 2 done */
};

enum { CHK_MAX = 20 };

static void problem(struct chk *c, const struct xnode *x, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void problem(struct chk *c, const struct xnode *x, const char *fmt, ...)
{
	if (c->n++ >= CHK_MAX)
		return;
	buf_printf(c->out, "%s:%u:%u: error: cs:%s: ", c->file, x->line, x->col, x->name);
	va_list ap;
	va_start(ap, fmt);
	char msg[512];
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	buf_puts(c->out, msg);
	buf_putc(c->out, '\n');
}

/* Is w one of the words of list ("a|b|c")? */
static int in_list(const char *w, const char *list)
{
	size_t k = strlen(w);
	for (const char *p = list; *p;) {
		size_t m = strcspn(p, "|");
		if (m == k && !strncmp(p, w, k))
			return 1;
		p += m + (p[m] == '|');
	}
	return 0;
}

/* A count as XML Schema's nonNegativeInteger reads one: digits, with
 * blanks around them allowed ("3 " is in a published style). */
static int is_uint(const char *v)
{
	v += strspn(v, " \t\n\r");
	size_t k = strspn(v, "0123456789");
	return k && !v[k + strspn(v + k, " \t\n\r")];
}

/* ---- attribute values --------------------------------------------------------- */

/* Attributes that mean the same on every element they may appear on. */
static const struct {
	const char *attr, *words;
} any_attrs[] = {
	{"font-style", "normal|italic|oblique"},
	{"font-variant", "normal|small-caps"},
	{"font-weight", "normal|bold|light"},
	{"text-decoration", "none|underline"},
	{"vertical-align", "baseline|sup|sub"},
	{"display", "block|left-margin|right-inline|indent"},
	{"text-case", "lowercase|uppercase|capitalize-first|capitalize-all|sentence|title"},
	{"quotes", "true|false"},
	{"strip-periods", "true|false"},
	{"and", "text|symbol"},
	{"delimiter-precedes-et-al", "contextual|after-inverted-name|always|never"},
	{"delimiter-precedes-last", "contextual|after-inverted-name|always|never"},
	{"et-al-use-last", "true|false"},
	{"initialize", "true|false"},
	{"name-as-sort-order", "first|all"},
	{"name-form", "long|short|count"},
	{"position", NULL}, /* a list: checked by the condition */
	{"disambiguate", "true|false"},
	{"class", "in-text|note"},
	{"demote-non-dropping-particle", "never|sort-only|display-and-sort"},
	{"initialize-with-hyphen", "true|false"},
	{"page-range-format", "expanded|minimal|minimal-two|chicago|chicago-15|chicago-16"},
	{"givenname-disambiguation-rule",
	 "all-names|all-names-with-initials|primary-name|primary-name-with-initials|by-cite"},
	{"disambiguate-add-names", "true|false"},
	{"disambiguate-add-givenname", "true|false"},
	{"disambiguate-add-year-suffix", "true|false"},
	{"collapse", "citation-number|year|year-suffix|year-suffix-ranged"},
	{"second-field-align", "flush|margin"},
	{"subsequent-author-substitute-rule", "complete-all|complete-each|partial-each|partial-first"},
	{"hanging-indent", "true|false"},
	{"names-use-last", "true|false"},
	{"date-parts", "year|year-month|year-month-day"},
	{"gender", "masculine|feminine"},
	{"gender-form", "masculine|feminine"},
	{"punctuation-in-quote", "true|false"},
	{"limit-day-ordinals-to-day-1", "true|false"},
};

/* Attributes whose values depend on the element. */
static const struct {
	const char *elem, *attr, *words;
} elem_attrs[] = {
	{"text", "form", "long|short|verb|verb-short|symbol"},
	{"label", "form", "long|short|verb|verb-short|symbol"},
	{"term", "form", "long|short|verb|verb-short|symbol"},
	{"number", "form", "numeric|ordinal|long-ordinal|roman"},
	{"name", "form", "long|short|count"},
	{"date", "form", "text|numeric"},
	{"date-part", "name", "year|month|day"},
	{"name-part", "name", "family|given"},
	{"label", "plural", "contextual|always|never"},
	{"text", "plural", "true|false"},
	{"if", "match", "all|any|none"},
	{"else-if", "match", "all|any|none"},
	{"term", "match", "last-digit|last-two-digits|whole-number"},
	{"key", "sort", "ascending|descending"},
	{"et-al", "term", "et-al|and others"},
};

/* Attributes that hold a count. */
static const char *const uint_attrs[] = {
	"et-al-min", "et-al-use-first", "et-al-subsequent-min", "et-al-subsequent-use-first",
	"names-min", "names-use-first", "near-note-distance", "line-spacing", "entry-spacing",
};

/* A date-part's form, by its name. */
static const char *date_part_forms(const char *name)
{
	if (name && !strcmp(name, "day"))
		return "numeric|numeric-leading-zeros|ordinal";
	if (name && !strcmp(name, "month"))
		return "long|short|numeric|numeric-leading-zeros";
	return "long|short";
}

static void check_value(struct chk *c, const struct xnode *x, const char *attr, const char *v,
                        const char *words)
{
	if (!words || in_list(v, words))
		return;
	char list[256];
	size_t k = 0;
	for (const char *p = words; *p && k + 3 < sizeof list; p++) {
		if (*p == '|')
			list[k++] = ',', list[k++] = ' ';
		else
			list[k++] = *p;
	}
	list[k] = 0;
	problem(c, x, "%s=\"%s\" is not one of %s", attr, v, list);
}

static void check_attrs(struct chk *c, const struct xnode *x)
{
	for (size_t i = 0; x->attrs[i]; i += 2) {
		const char *a = x->attrs[i], *v = x->attrs[i + 1];
		for (size_t k = 0; k < sizeof any_attrs / sizeof *any_attrs; k++)
			if (!strcmp(a, any_attrs[k].attr))
				check_value(c, x, a, v, any_attrs[k].words);
		for (size_t k = 0; k < sizeof elem_attrs / sizeof *elem_attrs; k++)
			if (!strcmp(a, elem_attrs[k].attr) && !strcmp(x->name, elem_attrs[k].elem))
				check_value(c, x, a, v, elem_attrs[k].words);
		if (!strcmp(a, "form") && !strcmp(x->name, "date-part"))
			check_value(c, x, a, v, date_part_forms(xml_attr(x, "name")));
		for (size_t k = 0; k < sizeof uint_attrs / sizeof *uint_attrs; k++)
			if (!strcmp(a, uint_attrs[k]) && !is_uint(v))
				problem(c, x, "%s=\"%s\" is not a count (0, 1, 2, ...)", a, v);
	}
}

/* ---- variables, types, conditions --------------------------------------------- */

/* Each word of a space-separated list must pass ok; what names the kind
 * of word for the report. */
static void check_words(struct chk *c, const struct xnode *x, const char *attr,
                        int (*ok)(const char *), const char *what)
{
	const char *v = xml_attr(x, attr);
	if (!v)
		return;
	if (!v[strspn(v, " ")])
		problem(c, x, "%s=\"\" names no %s", attr, what);
	char w[128];
	for (const char *p = v; *p;) {
		p += strspn(p, " \t\n");
		size_t k = strcspn(p, " \t\n");
		if (!k)
			break;
		snprintf(w, sizeof w, "%.*s", (int)k, p);
		if (!ok(w))
			problem(c, x, "%s: '%s' is not a CSL %s", attr, w, what);
		p += k;
	}
}

static int any_var(const char *w)
{
	return csl_var_lookup(w) != CV_NONE;
}

static int name_var(const char *w)
{
	int v = csl_var_lookup(w);
	return v != CV_NONE && csl_var_kind(v) == CVK_NAMES;
}

static int date_var(const char *w)
{
	int v = csl_var_lookup(w);
	return v != CV_NONE && csl_var_kind(v) == CVK_DATE;
}

static int a_type(const char *w)
{
	return csl_type_lookup(w) >= 0;
}

static int a_locator(const char *w)
{
	return csl_locator_lookup(w) >= 0;
}

static int a_position(const char *w)
{
	return in_list(w, "first|subsequent|ibid|ibid-with-locator|near-note");
}

static const char *const cond_attrs[] = {"type", "variable", "is-numeric", "is-uncertain-date",
                                         "locator", "position", "disambiguate"};

static void check_cond(struct chk *c, const struct xnode *x)
{
	int any = 0;
	for (size_t i = 0; i < sizeof cond_attrs / sizeof *cond_attrs; i++)
		any |= xml_attr(x, cond_attrs[i]) != NULL;
	if (!any)
		problem(c, x, "tests nothing (type, variable, is-numeric, is-uncertain-date, locator, "
		              "position or disambiguate)");
	check_words(c, x, "type", a_type, "item type");
	check_words(c, x, "variable", any_var, "variable");
	check_words(c, x, "is-numeric", any_var, "variable");
	check_words(c, x, "is-uncertain-date", date_var, "date variable");
	check_words(c, x, "locator", a_locator, "locator type");
	check_words(c, x, "position", a_position, "position");
}

/* ---- elements ------------------------------------------------------------------ */

/* The children each element may hold; NULL: checked elsewhere or free. */
static const char *const rendering = "text|number|label|group|choose|names|date";
static const struct {
	const char *elem, *kids;
} allowed[] = {
	{"style", "info|locale|macro|citation|bibliography"},
	{"citation", "sort|layout"},
	{"bibliography", "sort|layout"},
	{"sort", "key"},
	{"macro", NULL},
	{"layout", NULL},
	{"group", NULL},
	{"if", NULL},
	{"else-if", NULL},
	{"else", NULL},
	{"substitute", NULL},
	{"choose", "if|else-if|else"},
	{"names", "name|et-al|label|substitute"},
	{"name", "name-part"},
	{"date", "date-part"},
	{"text", ""},
	{"number", ""},
	{"label", ""},
	{"et-al", ""},
	{"name-part", ""},
	{"date-part", ""},
	{"key", ""},
};

/* How many of the attributes in list ("a|b") x has. */
static int count_attrs(const struct xnode *x, const char *list)
{
	int k = 0;
	for (size_t i = 0; x->attrs[i]; i += 2)
		k += in_list(x->attrs[i], list);
	return k;
}

static int count_kids(const struct xnode *x, const char *name)
{
	int k = 0;
	for (const struct xnode *y = x->kids; y; y = y->next)
		k += !strcmp(y->name, name);
	return k;
}

static void macro_ref(struct chk *c, const struct xnode *x)
{
	const char *m = xml_attr(x, "macro");
	if (!m)
		return;
	for (size_t i = 0; i < c->nmacros; i++)
		if (!strcmp(xml_attr(c->macros[i], "name"), m))
			return;
	problem(c, x, "calls macro '%s', which the style does not define", m);
}

static void check_choose(struct chk *c, const struct xnode *x)
{
	const struct xnode *y = x->kids;
	if (!y || strcmp(y->name, "if")) {
		problem(c, x, "does not start with cs:if");
		return;
	}
	for (y = y->next; y; y = y->next) {
		if (!strcmp(y->name, "if"))
			problem(c, y, "a second cs:if in one cs:choose (cs:else-if?)");
		else if (!strcmp(y->name, "else") && y->next)
			problem(c, y, "is not the last branch of its cs:choose");
	}
}

/* What x itself must have, by its kind. */
static void check_required(struct chk *c, const struct xnode *x)
{
	const char *e = x->name;
	if (!strcmp(e, "text")) {
		if (count_attrs(x, "variable|macro|term|value") != 1)
			problem(c, x, "needs exactly one of variable, macro, term and value");
		check_words(c, x, "variable", any_var, "variable");
		macro_ref(c, x);
	} else if (!strcmp(e, "number") || !strcmp(e, "names") || !strcmp(e, "date")) {
		if (!xml_attr(x, "variable"))
			problem(c, x, "has no variable");
		check_words(c, x, "variable",
		            !strcmp(e, "names") ? name_var : !strcmp(e, "date") ? date_var : any_var,
		            !strcmp(e, "names") ? "name variable" : !strcmp(e, "date") ? "date variable"
		                                                                       : "variable");
		if (!strcmp(e, "date") && !xml_attr(x, "form") && !count_kids(x, "date-part"))
			problem(c, x, "has neither a form nor a cs:date-part");
	} else if (!strcmp(e, "label")) {
		check_words(c, x, "variable", any_var, "variable");
	} else if (!strcmp(e, "date-part") || !strcmp(e, "name-part")) {
		if (!xml_attr(x, "name"))
			problem(c, x, "has no name");
	} else if (!strcmp(e, "key")) {
		if (count_attrs(x, "variable|macro") != 1)
			problem(c, x, "needs exactly one of variable and macro");
		check_words(c, x, "variable", any_var, "variable");
		macro_ref(c, x);
	} else if (!strcmp(e, "sort")) {
		if (!count_kids(x, "key"))
			problem(c, x, "has no cs:key");
	} else if (!strcmp(e, "citation") || !strcmp(e, "bibliography")) {
		if (count_kids(x, "layout") != 1)
			problem(c, x, "needs one cs:layout");
	} else if (!strcmp(e, "choose")) {
		check_choose(c, x);
	} else if (!strcmp(e, "if") || !strcmp(e, "else-if")) {
		check_cond(c, x);
	}
}

static void check_tree(struct chk *c, const struct xnode *x)
{
	check_attrs(c, x);
	check_required(c, x);
	const char *kids = NULL;
	int known = 0;
	for (size_t i = 0; i < sizeof allowed / sizeof *allowed; i++)
		if (!strcmp(x->name, allowed[i].elem)) {
			kids = allowed[i].kids ? allowed[i].kids : rendering;
			known = 1;
		}
	if (!known)
		return; /* info, locale and what they hold: not rendered */
	for (const struct xnode *y = x->kids; y; y = y->next) {
		if (!in_list(y->name, kids)) {
			problem(c, y, "is not allowed in cs:%s", x->name);
			continue;
		}
		check_tree(c, y);
	}
}

/* ---- macros ---------------------------------------------------------------------- */

static size_t macro_index(const struct chk *c, const char *name)
{
	for (size_t i = 0; i < c->nmacros; i++)
		if (!strcmp(xml_attr(c->macros[i], "name"), name))
			return i;
	return c->nmacros;
}

/* Depth-first from macro i; path holds the macros being entered.  A call
 * to a macro on the path closes a cycle, reported once, at its first
 * macro, with the calls that make it. */
static void visit(struct chk *c, size_t i, size_t *path, size_t depth);

static void visit_calls(struct chk *c, const struct xnode *x, size_t *path, size_t depth)
{
	for (const struct xnode *y = x->kids; y; y = y->next) {
		const char *m = !strcmp(y->name, "text") ? xml_attr(y, "macro") : NULL;
		size_t j = m ? macro_index(c, m) : c->nmacros;
		if (j < c->nmacros) {
			if (c->state[j] == 1) {
				size_t p = 0;
				while (path[p] != j)
					p++;
				if (p == depth - 1) {
					problem(c, c->macros[j], "macro '%s' calls itself", m);
				} else {
					struct buf b = {0};
					for (size_t t = p; t < depth; t++)
						buf_printf(&b, "'%s' -> ", xml_attr(c->macros[path[t]], "name"));
					buf_printf(&b, "'%s'", m);
					problem(c, c->macros[j], "macros call each other in a cycle: %s", b.p);
					buf_free(&b);
				}
			} else if (!c->state[j]) {
				visit(c, j, path, depth);
			}
		}
		visit_calls(c, y, path, depth);
	}
}

static void visit(struct chk *c, size_t i, size_t *path, size_t depth)
{
	c->state[i] = 1;
	path[depth] = i;
	visit_calls(c, c->macros[i], path, depth + 1);
	c->state[i] = 2;
}

static void check_macros(struct chk *c)
{
	for (size_t i = 0; i < c->nmacros; i++)
		for (size_t j = 0; j < i; j++)
			if (!strcmp(xml_attr(c->macros[i], "name"), xml_attr(c->macros[j], "name")))
				problem(c, c->macros[i], "macro '%s' is defined twice (line %u too)",
				        xml_attr(c->macros[i], "name"), c->macros[j]->line);
	c->state = calloc(c->nmacros + 1, 1);
	size_t *path = malloc((c->nmacros + 1) * sizeof *path);
	if (!c->state || !path) {
		free(c->state);
		free(path);
		return;
	}
	for (size_t i = 0; i < c->nmacros; i++)
		if (!c->state[i])
			visit(c, i, path, 0);
	free(path);
	free(c->state);
}

int csl_style_check(const struct xnode *root, const char *file, struct buf *out)
{
	struct chk c = {file ? file : "style", out, 0, NULL, 0, NULL};
	size_t nm = 0;
	for (const struct xnode *y = root->kids; y; y = y->next)
		nm += !strcmp(y->name, "macro");
	c.macros = malloc((nm + 1) * sizeof *c.macros);
	if (!c.macros)
		return -1;
	for (const struct xnode *y = root->kids; y; y = y->next)
		if (!strcmp(y->name, "macro")) {
			if (!xml_attr(y, "name"))
				problem(&c, y, "has no name");
			else
				c.macros[c.nmacros++] = y;
		}
	int dependent = 0;
	const struct xnode *info = xml_child(root, "info");
	for (const struct xnode *y = info ? info->kids : NULL; y; y = y->next)
		dependent |= !strcmp(y->name, "link") &&
		             (xml_attr(y, "rel") && !strcmp(xml_attr(y, "rel"), "independent-parent"));
	if (!dependent && !xml_attr(root, "class"))
		problem(&c, root, "has no class (in-text or note)");
	if (!dependent && count_kids(root, "citation") != 1)
		problem(&c, root, "needs one cs:citation");
	if (count_kids(root, "bibliography") > 1)
		problem(&c, root, "has more than one cs:bibliography");
	check_tree(&c, root);
	check_macros(&c);
	free(c.macros);
	if (c.n > CHK_MAX)
		buf_printf(out, "%s: %d more problems\n", c.file, c.n - CHK_MAX);
	return c.n;
}
