/* dedup.c - the exports of several databases merged into one library, as
 * citex --dedup does: the inputs read as one run (cx_inputs), every entry
 * copied into a list, duplicates merged into their survivors, the list
 * written as CSL-JSON.  Each merge is a note and each conflict a warning
 * on stderr, worded as citex words them; the last line says how many
 * records were merged away.  Only citex.h is used.
 *
 *   dedup FILE... */
#include <stdio.h>

#include <citex.h>

static void diag(void *ctx, const struct cx_diag *d)
{
	static const char *const sev[] = {"note", "warning", "error"};
	(void)ctx;
	if (d->line)
		fprintf(stderr, "%s:%u:%u: %s: %s\n", d->file, d->line, d->col, sev[d->sev], d->msg);
	else
		fprintf(stderr, "%s: %s: %s\n", d->file, sev[d->sev], d->msg);
}

static void hold(void *ctx, const struct cx_entry *e)
{
	cx_entries_add(ctx, e);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: dedup FILE...\n");
		return 2;
	}
	struct cx_context *cx = cx_context_new(NULL);
	cx_context_set_diag(cx, diag, NULL, CX_NOTE);
	/* argv outlives the run: the entries name their files by it. */
	struct cx_inputs *ins = cx_inputs_new(cx, (const char *const *)argv + 1, (size_t)argc - 1);
	struct cx_entries *l = cx_entries_new();
	struct cx_counts counts = {0, 0, 0};
	int rc = 0;
	for (int i = 1; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		if (!f || cx_inputs_read(ins, (size_t)i - 1, NULL, f, NULL, 0, hold, l, &counts))
			rc = -1;
		if (f)
			fclose(f);
	}
	size_t merged = cx_dedup(cx, l, 0, &counts);
	struct cx_writer *w = cx_writer_open(cx, stdout, "csl-json");
	for (size_t i = 0; i < cx_entries_count(l); i++)
		cx_writer_entry(w, cx_entries_at(l, i));
	if (cx_writer_close(w))
		rc = -1;
	fprintf(stderr, "%zu merged\n", merged);
	cx_entries_free(l);
	cx_inputs_free(ins);
	cx_context_free(cx);
	return rc ? 2 : counts.errors ? 1 : 0;
}
