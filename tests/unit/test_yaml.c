/* test_yaml.c - the YAML layer (src/read/yaml.h) that the CSL-YAML,
 * Hayagriva and CFF readers and the CV reader's front matter share.
 *
 * Usage: test_yaml [ignored]
 *
 * Trees from yaml_parse (kinds, scalars as written, quoted or plain, the
 * line and column of each node, flow collections, aliases), the limits
 * (an alias bomb is refused, not expanded), front matter, and yaml_read's
 * units: a split root mapping or sequence gives one unit a child, a
 * syntax error costs only its own child, and several documents are
 * numbered.
 *
 * Prints every failure, then "N passed, M failed"; exits 1 on failure.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/str.h"
#include "read/yaml.h"

static size_t npass, nfail;

static void expect(int ok, const char *what)
{
	if (ok) {
		npass++;
		return;
	}
	nfail++;
	printf("FAIL: %s\n", what);
}

/* Diagnostics, kept as "line:col sev" lines for the tests to look at. */
struct seen {
	char text[2048];
	size_t n, errors;
};

static void on_diag(void *ctx, const struct cx_diag *d)
{
	struct seen *s = ctx;
	int k = snprintf(s->text + s->n, sizeof s->text - s->n, "%u:%u %d %s\n", d->line, d->col,
	                 (int)d->sev, d->msg);
	if (k > 0 && s->n + (size_t)k < sizeof s->text)
		s->n += (size_t)k;
	s->errors += d->sev == CX_ERROR;
}

static struct cx_diags diags_for(struct seen *s)
{
	memset(s, 0, sizeof *s);
	struct cx_diags d = {0};
	d.fn = on_diag;
	d.ctx = s;
	d.file = "<test>";
	d.min = CX_NOTE;
	return d;
}

static int is(const struct ynode *n, const char *text)
{
	return n && n->kind == Y_SCALAR && !strcmp(n->s.p, text);
}

static void trees(void)
{
	struct arena a = {0};
	struct seen s;
	struct cx_diags d = diags_for(&s);
	const char *y = "title: A \"quoted\" title\n"
	                "year: 2020\n"
	                "quoted: \"2020\"\n"
	                "empty:\n"
	                "flag: true\n"
	                "authors:\n"
	                "  - family: Doe\n"
	                "    given: Jane\n"
	                "  - {family: Roe, given: R.}\n"
	                "tags: [a, b, c]\n"
	                "folded: >\n"
	                "  one\n"
	                "  two\n";
	const struct ynode *r = yaml_parse(&a, y, strlen(y), 1, &d);
	expect(r && r->kind == Y_MAP && r->n == 8, "a mapping of eight pairs");
	expect(is(yaml_get(r, "title"), "A \"quoted\" title"), "a plain scalar as written");
	const struct ynode *year = yaml_get(r, "year"), *quoted = yaml_get(r, "quoted");
	expect(year && !year->quoted && yaml_is_number(year), "a plain 2020 is a number");
	expect(quoted && quoted->quoted && !yaml_is_number(quoted), "a quoted \"2020\" is a string");
	expect(yaml_is_null(yaml_get(r, "empty")), "nothing is null");
	int b = 0;
	expect(yaml_bool(yaml_get(r, "flag"), &b) && b == 1, "true is a boolean");
	const struct ynode *au = yaml_get(r, "authors");
	expect(au && au->kind == Y_SEQ && au->n == 2, "a sequence of two");
	expect(au && is(yaml_get(yaml_item(au, 0), "given"), "Jane"), "a mapping in a sequence");
	expect(au && yaml_item(au, 1)->flow && is(yaml_get(yaml_item(au, 1), "family"), "Roe"),
	       "a flow mapping");
	const struct ynode *tags = yaml_get(r, "tags");
	expect(tags && tags->flow && tags->n == 3 && is(yaml_item(tags, 2), "c"), "a flow sequence");
	expect(is(yaml_get(r, "folded"), "one two\n"), "a folded block scalar");
	/* positions: 1-based lines and columns of each node */
	expect(year && year->line == 2 && year->col == 7, "a value's line and column");
	expect(au && yaml_item(au, 0)->line == 7 && yaml_item(au, 0)->col == 5,
	       "an item's line and column");
	expect(yaml_key(r, 1)->line == 2 && yaml_key(r, 1)->col == 1, "a key's line and column");
	expect(str_eq(yaml_text(yaml_get(r, "title")), "A \"quoted\" title"), "yaml_text");
	expect(!yaml_get(r, "missing") && !yaml_get(NULL, "x"), "a missing key is NULL");
	expect(s.errors == 0, "no diagnostics");
	arena_destroy(&a);
}

static void aliases(void)
{
	struct arena a = {0};
	struct seen s;
	struct cx_diags d = diags_for(&s);
	const char *y = "base: &b {family: Doe}\ncopy: *b\n";
	const struct ynode *r = yaml_parse(&a, y, strlen(y), 1, &d);
	expect(r && is(yaml_get(yaml_get(r, "copy"), "family"), "Doe"), "an alias is its anchor");
	arena_reset(&a);
	/* A billion laughs, nine levels of ten: refused within the budget. */
	char bomb[2048];
	size_t k = (size_t)snprintf(bomb, sizeof bomb, "a: &a [x, x, x, x, x, x, x, x, x, x]\n");
	for (char c = 'b'; c <= 'j'; c++)
		k += (size_t)snprintf(bomb + k, sizeof bomb - k,
		                      "%c: &%c [*%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c]\n", c, c,
		                      c - 1, c - 1, c - 1, c - 1, c - 1, c - 1, c - 1, c - 1, c - 1, c - 1);
	d = diags_for(&s);
	r = yaml_parse(&a, bomb, k, 1, &d);
	expect(!r && s.errors == 1, "an alias bomb is refused with one error");
	arena_destroy(&a);
}

static void front_matter(void)
{
	const char *md = "---\ntitle: X\nreferences:\n- id: a\n...\n# Heading\n";
	size_t start, len;
	unsigned line;
	expect(yaml_front_matter(md, strlen(md), &start, &len, &line) && line == 2 &&
	           !strncmp(md + start, "title: X", 8) && md[start + len - 1] == '\n' &&
	           !strncmp(md + start + len, "...", 3),
	       "front matter between --- and ...");
	expect(!yaml_front_matter("# No\n---\n", 9, &start, &len, &line), "no front matter");
}

/* yaml_read: the units it hands out. */
struct units {
	char text[1024];
	size_t n, count;
};

static int split_root(void *ctx, size_t depth, const struct ynode *const *keys, enum ykind kind)
{
	(void)ctx, (void)keys, (void)kind;
	return depth == 0;
}

static void on_unit(void *ctx, const struct yunit *u)
{
	struct units *U = ctx;
	cx_str key = u->depth && u->keys[0] ? yaml_text(u->keys[0]) : (cx_str){"-", 1};
	int k = snprintf(U->text + U->n, sizeof U->text - U->n, "%zu:%.*s@%u ", u->doc, (int)key.n,
	                 key.p, u->node ? u->node->line : 0);
	if (k > 0 && U->n + (size_t)k < sizeof U->text)
		U->n += (size_t)k;
	U->count++;
}

static void read_units(const char *y, struct units *U, struct seen *s)
{
	memset(U, 0, sizeof *U);
	FILE *f = fmemopen((void *)y, strlen(y), "rb");
	struct cx_input in = {f, NULL, 0, 0, 0};
	struct cx_diags d = diags_for(s);
	struct yaml_reader Y;
	memset(&Y, 0, sizeof Y);
	Y.in = &in;
	Y.diags = &d;
	Y.split = split_root;
	Y.unit = on_unit;
	Y.ctx = U;
	yaml_read(&Y);
	fclose(f);
}

static void units(void)
{
	struct units U;
	struct seen s;
	read_units("a:\n  type: Book\nb:\n  type: Article\n", &U, &s);
	expect(U.count == 2 && !strcmp(U.text, "0:a@2 0:b@4 "), "a split mapping: one unit a key");
	read_units("- id: x\n- id: y\n- id: z\n", &U, &s);
	expect(U.count == 3 && !strcmp(U.text, "0:-@1 0:-@2 0:-@3 "), "a split sequence");
	read_units("a:\n  title: [unclosed\nb:\n  title: fine\n", &U, &s);
	expect(s.errors == 1 && strstr(U.text, "0:b@4") != NULL,
	       "a broken entry is reported and the next one read");
	expect(strncmp(s.text, "2:", 2) == 0 || strncmp(s.text, "3:", 2) == 0,
	       "the error is at the broken entry's line");
	read_units("a: 1\n---\nb: 2\n", &U, &s);
	expect(U.count == 2 && !strcmp(U.text, "0:a@1 1:b@3 "), "documents are numbered");
	read_units("", &U, &s);
	expect(U.count == 0 && s.errors == 0, "an empty input has no unit");
}

int main(void)
{
	trees();
	aliases();
	front_matter();
	units();
	printf("%zu passed, %zu failed\n", npass, nfail);
	return nfail ? 1 : 0;
}
