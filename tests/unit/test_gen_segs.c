/* test_gen_segs.c - unit tests for the labelling of rendered references
 * (tools/gen_segs.c): a tagged rendering, as `citex -t tagged` writes it,
 * to anystyle's segments.
 *
 * Usage: test_gen_segs [ignored]
 *
 * Each case is an entry of the tagged form and the segments anystyle's
 * training sets would give the same string: trailing punctuation closes a
 * field, "In", "vol.", "pp.", "doi:" and brackets open the next, labels go
 * with their variable, issue with the volume, "Retrieved from" is a note
 * of its own.  Prints every failure, then "N passed, M failed"; exits 1
 * on failure.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "gen_refs.h"

static size_t npass, nfail;

struct tcase {
	const char *type;     /* the item's CSL type */
	int glue;
	const char *tagged;
	const char *want;     /* the segments, one "tag:text" a line */
};

static const struct tcase cases[] = {
	{"article-journal", 0,
	 "[<citation-number>1</citation-number>] <author>J. Smith and J. Doe</author>, \xE2\x80\x9C<title>A study"
	 "</title>,\xE2\x80\x9D <i><container-title>J. Stuff</container-title></i>, <volume><label>vol.</label>"
	 "</volume> <volume>3</volume>, <term>no.</term> <issue>2</issue>, <page><label>pp.</label></page> "
	 "<page>10\xE2\x80\x93" "20</page>, <issued>2001</issued>, doi: <DOI>10.1/x</DOI>.",
	 "citation-number:[1]\nauthor:J. Smith and J. Doe,\ntitle:\xE2\x80\x9C" "A study,\xE2\x80\x9D\n"
	 "journal:J. Stuff,\nvolume:vol. 3, no. 2,\npages:pp. 10\xE2\x80\x93" "20,\ndate:2001,\ndoi:doi: 10.1/x.\n"},
	{"chapter", 0,
	 "<author>Roe, R.</author> (<issued>1999</issued>). <title>Chapter one</title>. <term>In</term> "
	 "<editor>E. Ed &amp; F. Fred</editor> (<editor><label>Eds.</label></editor>), <i><container-title>"
	 "The Book</container-title></i> (<page><label>pp.</label></page> <page>1\xE2\x80\x93" "9</page>). "
	 "<publisher-place>Berlin</publisher-place>: <publisher>Pub</publisher>. <term>Retrieved from</term> "
	 "<URL>http://x.org</URL>",
	 "author:Roe, R.\ndate:(1999).\ntitle:Chapter one.\neditor:In E. Ed &amp; F. Fred (Eds.),\n"
	 "container-title:The Book\npages:(pp. 1\xE2\x80\x93" "9).\nlocation:Berlin:\npublisher:Pub.\n"
	 "note:Retrieved from\nurl:http://x.org\n"},
	/* a token two fields share goes to the first, or a blank parts them */
	{"article-journal", 1,
	 "<author>Li X</author>. <container-title>J Phys</container-title> <issued>2011</issued>;<volume>34"
	 "</volume>(<issue>5</issue>):<page>87-90</page>.",
	 "author:Li X.\njournal:J Phys\ndate:2011;34(5):87-90.\n"},
	{"article-journal", 0,
	 "<author>Li X</author>. <container-title>J Phys</container-title> <issued>2011</issued>;<volume>34"
	 "</volume>(<issue>5</issue>):<page>87-90</page>.",
	 "author:Li X.\njournal:J Phys\ndate:2011;\nvolume:34(5):\npages:87-90.\n"},
	/* style text run on from a field is of its token; blocks are parted */
	{"article-journal", 0,
	 "<div><author>WANG L</author></div><div><title>A study</title>[J]. <container-title>Journal"
	 "</container-title>, <issued>2001</issued>.</div>",
	 "author:WANG L\ntitle:A study[J].\njournal:Journal,\ndate:2001.\n"},
	/* a thesis's words are a genre, a missing place a location */
	{"thesis", 0,
	 "<author>A. Roe</author>, <title>On things</title>, Ph.D. thesis, [S.l.]: <publisher>MIT</publisher>, "
	 "<issued>1999</issued>.",
	 "author:A. Roe,\ntitle:On things,\ngenre:Ph.D. thesis,\nlocation:[S.l.]:\npublisher:MIT,\ndate:1999.\n"},
};

/* The segments of a sequence as "tag:text" lines. */
static void flatten(const char *xml, char *out, size_t cap)
{
	size_t k = 0;
	const char *p = strstr(xml, "<sequence>");
	for (p = p ? p + 10 : xml; (p = strstr(p, "    <")) != NULL;) {
		const char *gt = strchr(p, '>'), *end = gt ? strstr(gt, "</") : NULL;
		if (!gt || !end || p[5] == '/')
			break;
		k += (size_t)snprintf(out + k, cap - k, "%.*s:%.*s\n", (int)(gt - p - 5), p + 5, (int)(end - gt - 1),
		                      gt + 1);
		p = strchr(end, '\n');
		if (!p || k >= cap)
			break;
	}
	out[k < cap ? k : cap - 1] = 0;
}

int main(void)
{
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const struct tcase *c = &cases[i];
		struct csl_item it;
		memset(&it, 0, sizeof it);
		it.type = csl_type_lookup(c->type);
		struct gen_opts o = {.glue = c->glue};
		struct rng r;
		rng_seed(&r, 1, c->tagged);
		struct buf b = {0};
		char got[4096];
		if (gen_sequence(&b, c->tagged, &it, &o, &r) < 0) {
			snprintf(got, sizeof got, "(refused)\n");
		} else {
			buf_putc(&b, 0);
			flatten(b.p, got, sizeof got);
		}
		if (!strcmp(got, c->want)) {
			npass++;
		} else {
			nfail++;
			printf("FAIL case %zu (%s)\n  want:\n%s  got:\n%s", i + 1, c->type, c->want, got);
		}
		buf_free(&b);
	}
	printf("%zu passed, %zu failed\n", npass, nfail);
	return nfail ? 1 : 0;
}
