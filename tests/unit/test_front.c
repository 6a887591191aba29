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

static size_t npass, nfail;

struct row {
	const char *doc;
	int has;                 /* 1: a front matter block opens doc */
	const char *want[8][2];  /* key, values */
};

static const struct row rows[] = {
	/* plain, single- and double-quoted scalars; comments */
	{"---\ntitle: Plain title # a comment\nvenue: 'It''s quoted'\nq: \"a \\\"b\\\" \\u00e9\"\n---\nbody",
	 1, {{"title", "Plain title"}, {"venue", "It's quoted"}, {"q", "a \"b\" \xC3\xA9"}}},
	/* keys match without regard to case; "~" and null are no value */
	{"---\nAuthors: 'A. B, C. D'\nempty: ~\nnone: null\n---\n",
	 1, {{"authors", "A. B, C. D"}, {"empty", "-"}, {"none", "-"}}},
	/* a quoted scalar folded over lines; a plain one continued deeper */
	{"---\nexcerpt: 'one\n  two\n  three'\nlong: first part\n  second part\nnext: x\n---\n",
	 1, {{"excerpt", "one two three"}, {"long", "first part second part"}, {"next", "x"}}},
	/* block sequences, indented or not, with comments among the items */
	{"---\nauthors:\n- admin\n# a note\n- \"Hu, Lin\"\ntags:\n  - a\n  - b\nafter: 1\n---\n",
	 1, {{"authors", "admin|Hu, Lin"}, {"tags", "a|b"}, {"after", "1"}}},
	/* flow sequences, on one line or over two */
	{"---\npublication_types: [\"2\"]\nt: [a, 'b, c', d]\nu: [x,\n  y]\nv: 2\n---\n",
	 1, {{"publication_types", "2"}, {"t", "a|b, c|d"}, {"u", "x|y"}, {"v", "2"}}},
	/* block scalars, literal and folded */
	{"---\nabstract: |\n  line one\n  line two\nsummary: >-\n  folded\n  text\nz: end\n---\n",
	 1, {{"abstract", "line one\nline two"}, {"summary", "folded text"}, {"z", "end"}}},
	/* a nested mapping as parent.key; a sequence of mappings passed over */
	{"---\nimage:\n  caption: 'Credit: x'\n  focal_point: \"\"\nlinks:\n- name: Data\n  url: u\ntitle: T\n---\n",
	 1, {{"image.caption", "Credit: x"}, {"image.focal_point", "-"}, {"links", "-"}, {"title", "T"}}},
	/* a value with a colon inside, and a URL */
	{"---\ntitle: \"Ratio: a study\"\npaperurl: https://x.org/a#b\n---\n",
	 1, {{"title", "Ratio: a study"}, {"paperurl", "https://x.org/a#b"}}},
	/* a \u escape needs four hex digits; a control character is dropped */
	{"---\nt: \"a\\u12\\u0001b\"\n---\n", 1, {{"t", "au12b"}}},
	/* "..." closes the block too; CRLF line ends */
	{"---\r\ntitle: CRLF\r\n...\r\nbody", 1, {{"title", "CRLF"}}},
	/* no front matter: no fence, a fence not on the first line, no closing fence */
	{"title: x\n---\n", 0, {{"title", "-"}}},
	{"\n---\ntitle: x\n---\n", 0, {{"title", "-"}}},
	{"---\ntitle: x\nbody without an end\n", 0, {{"title", "-"}}},
	{"----\ntitle: x\n----\n", 0, {{"title", "-"}}},
};

static void check(size_t r, const struct row *w)
{
	struct arena a;
	memset(&a, 0, sizeof a);
	struct cv_front f;
	size_t n = strlen(w->doc);
	size_t len = cvd_front_read(&a, w->doc, n, &f);
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
