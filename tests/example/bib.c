/* bib.c - a formatted bibliography, as citex -t text|html|markdown|latex
 * writes it: a CSL style opened once (citex's own, or one by name or
 * file), every record of a file added to a cx_bib as it is read, then the
 * whole bibliography sorted, disambiguated and written.  It uses only
 * what citex.h gives, and is built against the installed library.
 *
 *   bib FORMAT FILE [STYLE] */
#include <stdio.h>

#include <citex.h>

static void add(void *ctx, const struct cx_entry *e)
{
	cx_bib_add(ctx, e);
}

int main(int argc, char **argv)
{
	if (argc < 3 || argc > 4) {
		fprintf(stderr, "usage: bib FORMAT FILE [STYLE]\n");
		return 2;
	}
	int format = cx_bib_format(argv[1]);
	char err[512];
	struct cx_style *st = cx_style_open(argc > 3 ? argv[3] : NULL, NULL, NULL, err, sizeof err);
	if (format < 0 || !st) {
		fprintf(stderr, "bib: %s\n", st ? "no such format" : err);
		return 2;
	}
	FILE *f = fopen(argv[2], "rb");
	if (!f)
		return 2;
	struct cx_context *cx = cx_context_new(NULL);
	struct cx_bib *b = cx_bib_new(cx, st); /* the style outlives it */
	/* No reader named and no bytes peeked: cx_read detects the format. */
	int rc = cx_read(cx, NULL, f, argv[2], NULL, 0, add, b, NULL);
	fclose(f);
	struct cx_bib_options o = {.format = (enum cx_bib_format)format};
	if (cx_bib_write(b, stdout, &o))
		rc = -1;
	cx_bib_free(b);
	cx_style_free(st);
	cx_context_free(cx);
	return rc ? 2 : 0;
}
