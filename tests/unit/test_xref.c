/* test_xref.c - crossref and xdata in the BibTeX reader's one pass.
 *
 * Usage: test_xref [ignored]
 *
 * Each input is read four ways, which must all give what the case wants:
 * from a regular file, from a pipe (a stream with no file behind it, which
 * the reader keeps in a spool), from the file with a hold cap of one byte
 * (the reader looks ahead for a parent at once instead of holding entries
 * back) and from the file with every entry kept as a parent (nothing read
 * again).  The cases: a parent after its child and one before it, far
 * apart; a parent that uses an @string defined again after it; a parent
 * after its child that uses an @string defined between the two; a target
 * that is missing; entries come out in the input's order.
 *
 * Prints every failure, then "N passed, M failed"; exits 1 on failure.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "citex.h"

static size_t npass, nfail;

/* What a read gave: "key field=value ..." a line per entry, for the fields
 * asked for, and the diagnostics. */
struct got {
	char *out, *err;
	size_t nout, nerr;
	FILE *fo, *fe;
	const char *const *fields;
};

static void emit(void *ctx, const struct cx_entry *e)
{
	struct got *g = ctx;
	if (cx_entry_kind(e) != CX_E_ENTRY)
		return;
	cx_str key = cx_entry_key(e);
	fprintf(g->fo, "%.*s", (int)key.n, key.p);
	for (const char *const *f = g->fields; *f; f++) {
		for (size_t i = 0; i < cx_entry_nfields(e); i++) {
			const struct cx_field *x = cx_entry_field(e, i);
			cx_str name = cx_field_name(x), raw = cx_field_raw(x);
			if (name.n == strlen(*f) && !memcmp(name.p, *f, name.n))
				fprintf(g->fo, " %s=%.*s", *f, (int)raw.n, raw.p);
		}
	}
	fputc('\n', g->fo);
}

static void diag(void *ctx, const struct cx_diag *d)
{
	struct got *g = ctx;
	fprintf(g->fe, "%u:%u: %s\n", d->line, d->col, d->msg);
}

enum via { FILE_, PIPE, AHEAD, KEPT };
static const char *const via_name[] = {"file", "pipe", "file, looking ahead", "file, all kept"};

static void read_as(const char *text, enum via via, const char *const *fields, struct got *g)
{
	memset(g, 0, sizeof *g);
	g->fields = fields;
	g->fo = open_memstream(&g->out, &g->nout);
	g->fe = open_memstream(&g->err, &g->nerr);
	size_t n = strlen(text);
	FILE *f;
	if (via == PIPE) {
		f = fmemopen((void *)text, n, "rb");
	} else {
		f = tmpfile();
		if (f && (fwrite(text, 1, n, f) != n || fseek(f, 0, SEEK_SET)))
			f = NULL;
	}
	if (!g->fo || !g->fe || !f)
		abort();
	/* As the command line does: the first bytes peeked, then the stream. */
	char peek[16];
	size_t npeek = fread(peek, 1, sizeof peek, f);
	struct cx_options opt = {0};
	opt.hold_cap = via == AHEAD ? 1 : 0;
	opt.keep_parents = via == KEPT;
	struct cx_context *cx = cx_context_new(&opt);
	cx_context_set_diag(cx, diag, g, CX_NOTE);
	cx_read(cx, cx_reader_find("bibtex"), f, "t.bib", peek, npeek, emit, g, NULL);
	cx_context_free(cx);
	fclose(f);
	fclose(g->fo);
	fclose(g->fe);
}

static void check(const char *name, const char *text, const char *const *fields, const char *want,
                  const char *want_err)
{
	for (enum via v = FILE_; v <= KEPT; v++) {
		struct got g;
		read_as(text, v, fields, &g);
		if (!strcmp(g.out, want) && !strcmp(g.err, want_err)) {
			npass++;
		} else {
			nfail++;
			printf("FAIL: %s (%s)\n--- want\n%s%s--- got\n%s%s", name, via_name[v], want,
			       want_err, g.out, g.err);
		}
		free(g.out);
		free(g.err);
	}
}

/* n entries of filler, a few hundred bytes each. */
static char *filler(const char *head, int n, const char *tail)
{
	size_t cap = strlen(head) + strlen(tail) + (size_t)n * 400 + 1, len;
	char *s = malloc(cap);
	if (!s)
		abort();
	len = (size_t)sprintf(s, "%s", head);
	for (int i = 0; i < n; i++)
		len += (size_t)sprintf(s + len,
		                       "@article{f%d,\n  author = {Filler, A.},\n  title = {Filler %d, "
		                       "which is long enough to be a few hundred bytes once it has "
		                       "gone on for a while},\n  journal = {J},\n  year = 2000\n}\n\n",
		                       i, i);
	sprintf(s + len, "%s", tail);
	return s;
}

int main(void)
{
	static const char *const bt[] = {"booktitle", "publisher", "note", NULL};

	char *after = filler("@inproceedings{c, title = {T}, crossref = {p}}\n\n", 40,
	                     "@proceedings{p, title = {Proc}, publisher = {Pub}}\n");
	char *want = filler("c booktitle=Proc publisher=Pub\n", 0, "");
	{
		/* The keys of the filler in between, in order. */
		size_t len = strlen(want);
		want = realloc(want, len + 40 * 8 + 64);
		for (int i = 0; i < 40; i++)
			len += (size_t)sprintf(want + len, "f%d\n", i);
		sprintf(want + len, "p publisher=Pub\n");
	}
	check("parent after its child", after, bt, want, "");
	free(after);

	char *before = filler("@proceedings{p, title = {Proc}, publisher = {Pub}}\n\n", 40,
	                      "@inproceedings{c, title = {T}, crossref = {p}}\n");
	{
		size_t len = 0;
		char *w = malloc(40 * 8 + 128);
		len += (size_t)sprintf(w, "p publisher=Pub\n");
		for (int i = 0; i < 40; i++)
			len += (size_t)sprintf(w + len, "f%d\n", i);
		sprintf(w + len, "c booktitle=Proc publisher=Pub\n");
		check("parent before its child", before, bt, w, "");
		free(w);
	}
	free(before);
	free(want);

	/* The parent is read again where it stands: pub is still "Old". */
	check("@string defined again after the parent",
	      "@string{pub = \"Old\"}\n"
	      "@book{p, title = {B}, publisher = pub}\n"
	      "@string{pub = \"New\"}\n"
	      "@inbook{c, title = {Ch}, crossref = {p}, note = pub}\n",
	      bt, "p publisher=Old\nc booktitle=B publisher=Old note=New\n", "");

	/* Looking ahead, a definition between child and parent is seen. */
	check("@string between the child and its parent",
	      "@inbook{c, title = {Ch}, crossref = {p}}\n"
	      "@string{pub = \"Mid\"}\n"
	      "@book{p, title = {B}, publisher = pub # { Press}}\n",
	      bt, "c booktitle=B publisher=Mid Press\np publisher=Mid Press\n", "");

	check("a target that is missing",
	      "@inproceedings{c, title = {T}, crossref = {nowhere}}\n"
	      "@article{a, title = {A}}\n",
	      bt, "c\na\n", "1:32: crossref target 'nowhere' not found\n");

	check("an entry that names itself",
	      "@book{s, title = {S}, crossref = {s}}\n", bt, "s\n",
	      "1:23: crossref target 's' not found\n");

	printf("%zu passed, %zu failed\n", npass, nfail);
	return nfail ? 1 : 0;
}
