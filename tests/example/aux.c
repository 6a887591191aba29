/* aux.c - the part of a bibliography a LaTeX document cites, as citex
 * --aux writes it: the citations read from the run's .aux file (and the
 * files it \@input's), the .bib copied into a list, the list cut to the
 * cited entries and the parents they need, and written as BibTeX.  A
 * citation with no entry is a warning at its place in the .aux file.
 * Only citex.h is used.
 *
 *   aux FILE.aux FILE.bib */
#include <stdio.h>

#include <citex.h>

static void diag(void *ctx, const struct cx_diag *d)
{
	(void)ctx;
	fprintf(stderr, "%s:%u:%u: %s\n", d->file, d->line, d->col, d->msg);
}

static void hold(void *ctx, const struct cx_entry *e)
{
	cx_entries_add(ctx, e);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: aux FILE.aux FILE.bib\n");
		return 2;
	}
	struct cx_context *cx = cx_context_new(NULL);
	cx_context_set_diag(cx, diag, NULL, CX_WARNING);
	struct cx_aux *a = cx_aux_load(cx, argv[1], NULL); /* NULL: reported */
	FILE *f = fopen(argv[2], "rb");
	if (!a || !f)
		return 2;
	struct cx_entries *l = cx_entries_new();
	int rc = cx_read(cx, cx_reader_find("bibtex"), f, argv[2], NULL, 0, hold, l, NULL);
	fclose(f);
	cx_aux_select(a, l, NULL);
	struct cx_writer *w = cx_writer_open(cx, stdout, "bibtex");
	for (size_t i = 0; i < cx_entries_count(l); i++)
		cx_writer_entry(w, cx_entries_at(l, i));
	if (cx_writer_close(w))
		rc = -1;
	fprintf(stderr, "%zu cited of %zu\n", cx_entries_count(l), cx_aux_ncites(a));
	cx_entries_free(l);
	cx_aux_free(a);
	cx_context_free(cx);
	return rc ? 2 : 0;
}
