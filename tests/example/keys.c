/* keys.c - new citation keys, as citex --keys writes BibTeX: the entries
 * of a file copied into a list as they are read, keyed from a pattern
 * (or the default, which gives zhao2025forestcoll), the old keys kept as
 * ids, and the list written.  References (crossref, xdata, ...) follow
 * their targets to the new keys.  Only citex.h is used.
 *
 *   keys FILE [PATTERN] */
#include <stdio.h>

#include <citex.h>

static void hold(void *ctx, const struct cx_entry *e)
{
	cx_entries_add(ctx, e); /* a copy: e goes when this returns */
}

int main(int argc, char **argv)
{
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: keys FILE [PATTERN]\n");
		return 2;
	}
	struct cx_context *cx = cx_context_new(NULL);
	const char *why;
	struct cx_keys *k = cx_keys_new(cx, argc > 2 ? argv[2] : NULL, &why);
	FILE *f = fopen(argv[1], "rb");
	if (!k || !f) {
		fprintf(stderr, "keys: %s\n", k ? "cannot open the file" : why);
		return 2;
	}
	struct cx_entries *l = cx_entries_new();
	int rc = cx_read(cx, NULL, f, argv[1], NULL, 0, hold, l, NULL);
	fclose(f);
	cx_keys_aliases(k); /* BibTeX output: old keys stay citable */
	cx_keys_run(k, l);
	struct cx_writer *w = cx_writer_open(cx, stdout, "bibtex");
	for (size_t i = 0; i < cx_entries_count(l); i++)
		cx_writer_entry(w, cx_entries_at(l, i));
	if (cx_writer_close(w))
		rc = -1;
	cx_entries_free(l);
	cx_keys_free(k);
	cx_context_free(cx);
	return rc ? 2 : 0;
}
