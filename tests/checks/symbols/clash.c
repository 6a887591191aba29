/* clash.c - a program with functions of its own that share their names
 * with libcitex's internal ones (xmalloc, utf8_next, text_nfc, lang_tag),
 * with other signatures.  It links against the installed libcitex.a only
 * because the library exports nothing but its cx_ API; and the library,
 * converting a file, must call none of them (each counts its calls).
 *
 *   clash FORMAT FILE    convert FILE to FORMAT, then "own functions: N" */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <citex.h>

int own_calls; /* how often this program's own functions ran */

void *xmalloc(size_t n, const char *why)
{
	own_calls++;
	(void)why;
	return malloc(n);
}

long utf8_next(const char **s)
{
	own_calls++;
	return *(*s)++;
}

char *text_nfc(const char *s)
{
	own_calls++;
	return strcpy(xmalloc(strlen(s) + 1, "nfc"), s);
}

const char *lang_tag(int i)
{
	own_calls++;
	return i ? "en" : "fr";
}

static void entry(void *ctx, const struct cx_entry *e)
{
	cx_writer_entry(ctx, e);
}

int main(int argc, char **argv)
{
	if (argc != 3)
		return 2;
	FILE *f = fopen(argv[2], "rb");
	if (!f)
		return 2;
	struct cx_context *cx = cx_context_new(NULL);
	struct cx_writer *w = cx_writer_open(cx, stdout, argv[1]);
	if (!w)
		return 2;
	int rc = cx_read(cx, cx_reader_find("bibtex"), f, argv[2], NULL, 0, entry, w, NULL);
	fclose(f);
	if (cx_writer_close(w) || rc)
		return 2;
	cx_context_free(cx);
	if (own_calls)
		return 3; /* the library called one of ours */
	/* Ours, called by name, are ours: four calls (xmalloc from text_nfc). */
	const char *s = "x";
	char *t = text_nfc(s);
	utf8_next(&s);
	lang_tag(1);
	free(t);
	fprintf(stderr, "own functions: %d\n", own_calls);
	return 0;
}
