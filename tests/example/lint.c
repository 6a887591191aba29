/* lint.c - the checks of citex --check on one file: each record checked
 * as it is read (required fields, values that look wrong, repeated keys),
 * nothing written; the reader's diagnostics and the checks' go to stderr
 * as citex prints them, and the exit status is citex's: 1 when anything
 * was an error.  Only citex.h is used.
 *
 *   lint FILE */
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

struct run {
	struct cx_lint *lint;
	struct cx_counts counts;
};

static void check(void *ctx, const struct cx_entry *e)
{
	struct run *r = ctx;
	cx_lint_entry(r->lint, e, &r->counts);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: lint FILE\n");
		return 2;
	}
	FILE *f = fopen(argv[1], "rb");
	if (!f)
		return 2;
	struct cx_context *cx = cx_context_new(NULL);
	cx_context_set_diag(cx, diag, NULL, CX_NOTE);
	struct run r = {cx_lint_new(cx), {0, 0, 0}};
	int rc = cx_read(cx, NULL, f, argv[1], NULL, 0, check, &r, &r.counts);
	fclose(f);
	cx_lint_free(r.lint);
	cx_context_free(cx);
	return rc ? 2 : r.counts.errors ? 1 : 0;
}
