/* test_front.c - unit tests for the reading of a page's YAML front matter
 * (cv/front.c): the block's extent, and each key's values.
 *
 * Usage: test_front [ignored]
 *
 * Each row is a document, the length of its front matter as it should be
 * read (0: none), and keys with the values they should have, joined by
 * "|" ("-" wants the key absent).  Prints every failure, then
 * "N passed, M failed"; exits 1 on failure.
 */
#include <stdio.h>
#include <string.h>

#include "cv/doc.h"

/* The YAML errors of a row, as "line:col" each. */
static char errs[256];
static size_t nerrs;

static void on_diag(void *ctx, const struct cx_diag *d)
{
	(void)ctx;
	size_t m = strlen(errs);
	snprintf(errs + m, sizeof errs - m, "%s%u:%u", nerrs++ ? " " : "", d->line, d->col);
}

static size_t npass, nfail;

struct row {
	const char *doc;
	int has;                 /* 1: a front matter block opens doc */
	const char *want[8][2];  /* key, values */
	const char *err;         /* "line:col" of the one YAML error wanted, or none */
};

static const struct row rows[] = {
	/* plain, single- and double-quoted scalars; comments */
	{"---\ntitle: Plain title # a comment\nvenue: 'It''s quoted'\nq: \"a \\\"b\\\" \\u00e9\"\n---\nbody",
	 1, {{"title", "Plain title"}, {"venue", "It's quoted"}, {"q", "a \"b\" \xC3\xA9"}}, NULL},
	/* keys match without regard to case; "~" and null are no value */
	{"---\nAuthors: 'A. B, C. D'\nempty: ~\nnone: null\n---\n",
	 1, {{"authors", "A. B, C. D"}, {"empty", "-"}, {"none", "-"}}, NULL},
	/* a quoted scalar folded over lines; a plain one continued deeper */
	{"---\nexcerpt: 'one\n  two\n  three'\nlong: first part\n  second part\nnext: x\n---\n",
	 1, {{"excerpt", "one two three"}, {"long", "first part second part"}, {"next", "x"}}, NULL},
	/* block sequences, indented or not, with comments among the items */
	{"---\nauthors:\n- admin\n# a note\n- \"Hu, Lin\"\ntags:\n  - a\n  - b\nafter: 1\n---\n",
	 1, {{"authors", "admin|Hu, Lin"}, {"tags", "a|b"}, {"after", "1"}}, NULL},
	/* flow sequences, on one line or over two */
	{"---\npublication_types: [\"2\"]\nt: [a, 'b, c', d]\nu: [x,\n  y]\nv: 2\n---\n",
	 1, {{"publication_types", "2"}, {"t", "a|b, c|d"}, {"u", "x|y"}, {"v", "2"}}, NULL},
	/* block scalars, literal and folded */
	{"---\nabstract: |\n  line one\n  line two\nsummary: >-\n  folded\n  text\nz: end\n---\n",
	 1, {{"abstract", "line one\nline two"}, {"summary", "folded text"}, {"z", "end"}}, NULL},
	/* a nested mapping as parent.key; a sequence of mappings passed over */
	{"---\nimage:\n  caption: 'Credit: x'\n  focal_point: \"\"\nlinks:\n- name: Data\n  url: u\ntitle: T\n---\n",
	 1, {{"image.caption", "Credit: x"}, {"image.focal_point", "-"}, {"links", "-"}, {"title", "T"}}, NULL},
	/* a value with a colon inside, and a URL */
	{"---\ntitle: \"Ratio: a study\"\npaperurl: https://x.org/a#b\n---\n",
	 1, {{"title", "Ratio: a study"}, {"paperurl", "https://x.org/a#b"}}, NULL},
	/* anchors, aliases and tags; a flow mapping as parent.key */
	{"---\nby: &who Jane Roe\nauthor: *who\nyear: !!str 2020\nm: {a: 1, b: [x, y]}\n---\n",
	 1, {{"author", "Jane Roe"}, {"year", "2020"}, {"m.a", "1"}, {"m.b", "x|y"}}, NULL},
	/* broken YAML: a \u escape needs four hex digits; reported at its
	 * line and column, the block gives no pairs but is still one */
	{"---\ntitle: T\nt: \"a\\u12\"\n---\nbody", 1, {{"title", "-"}, {"t", "-"}}, "3:8"},
	/* a flow mapping the fence cuts off: reported where the block ends */
	{"---\ntitle: T\nm: {a: 1\n---\n", 1, {{"title", "-"}}, "4:1"},
	/* "..." closes the block too; CRLF line ends */
	{"---\r\ntitle: CRLF\r\n...\r\nbody", 1, {{"title", "CRLF"}}, NULL},
	/* no front matter: no fence, a fence not on the first line, no closing fence */
	{"title: x\n---\n", 0, {{"title", "-"}}, NULL},
	{"\n---\ntitle: x\n---\n", 0, {{"title", "-"}}, NULL},
	{"---\ntitle: x\nbody without an end\n", 0, {{"title", "-"}}, NULL},
	{"----\ntitle: x\n----\n", 0, {{"title", "-"}}, NULL},
};

static void check(size_t r, const struct row *w)
{
	struct arena a;
	memset(&a, 0, sizeof a);
	struct cv_front f;
	size_t n = strlen(w->doc);
	struct cx_diags d = {on_diag, NULL, "test", CX_NOTE, 0, 0};
	errs[0] = 0;
	nerrs = 0;
	size_t len = cvd_front_read(&a, w->doc, n, &f, &d);
	if (strcmp(errs, w->err ? w->err : "")) {
		printf("FAIL row %zu: errors at \"%s\", want \"%s\"\n", r, errs, w->err ? w->err : "");
		nfail++;
	} else
		npass++;
	char buf[512];
	if (!!len != w->has || (len && (len > n || (len < n && w->doc[len - 1] != '\n')))) {
		printf("FAIL row %zu: front matter length %zu\n", r, len);
		nfail++;
	} else
		npass++;
	for (size_t k = 0; k < 8 && w->want[k][0]; k++) {
		const struct cv_fm_pair *p = len ? cvd_front_get(&f, w->want[k][0]) : NULL;
		size_t m = 0;
		buf[0] = 0;
		for (size_t i = 0; p && i < p->n; i++)
			m += (size_t)snprintf(buf + m, sizeof buf - m, "%s%.*s", i ? "|" : "", (int)p->v[i].n, p->v[i].p);
		const char *got = p ? buf : "-";
		if (strcmp(got, w->want[k][1])) {
			printf("FAIL row %zu: %s = \"%s\", want \"%s\"\n", r, w->want[k][0], got, w->want[k][1]);
			nfail++;
		} else
			npass++;
	}
	arena_destroy(&a);
}

int main(void)
{
	for (size_t r = 0; r < sizeof rows / sizeof *rows; r++)
		check(r, &rows[r]);
	printf("%zu passed, %zu failed\n", npass, nfail);
	return nfail != 0;
}
