/* convert.c - a program built against the installed libcitex through
 * pkg-config: it reads one file in any input format and writes the format
 * named on the command line, reporting through the library's diagnostics.
 * It uses only what citex.h gives: a context, a reader found by detection,
 * the entry accessors and a writer. */
#include <stdio.h>
#include <string.h>

#include <citex.h>

struct state {
	struct cx_writer *w;
	size_t fields; /* counted through the accessors */
};

static void diag(void *ctx, const struct cx_diag *d)
{
	(void)ctx;
	fprintf(stderr, "%s:%u:%u: %s\n", d->file, d->line, d->col, d->msg);
}

static void entry(void *ctx, const struct cx_entry *e)
{
	struct state *s = ctx;
	if (cx_entry_kind(e) == CX_ENTRY_RECORD)
		for (size_t i = 0; i < cx_entry_nfields(e); i++)
			s->fields += cx_field_text(cx_entry_field(e, i)).n > 0;
	cx_writer_entry(s->w, e);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: convert FORMAT FILE\n");
		return 2;
	}
	FILE *f = fopen(argv[2], "rb");
	if (!f)
		return 2;
	char head[4096];
	size_t n = fread(head, 1, sizeof head, f);
	const struct cx_reader *rd = cx_reader_detect(argv[2], head, n);
	struct cx_context *cx = cx_context_new(NULL);
	cx_context_set_diag(cx, diag, NULL, CX_WARNING);
	struct state s = {cx_writer_open(cx, stdout, argv[1]), 0};
	if (!s.w)
		return 2;
	struct cx_counts counts = {0, 0, 0};
	int rc = cx_read(cx, rd, f, argv[2], head, n, entry, &s, &counts);
	fclose(f);
	if (cx_writer_close(s.w) || rc)
		return 2;
	cx_context_free(cx);
	fprintf(stderr, "%zu entries, %zu fields\n", counts.entries, s.fields);
	return counts.errors ? 1 : 0;
}
