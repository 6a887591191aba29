/* test_xref.c - crossref and xdata in the BibTeX reader's one pass.
 *
 * Usage: test_xref [ignored]
 *
 * Each input is read five ways, which must all give what the case wants:
 * from a regular file, from a pipe (a stream with no file behind it, which
 * the reader keeps in a spool), from the file with a hold cap of one byte
 * (the reader looks ahead for a parent at once instead of holding entries
 * back), from the file with a hold cap of 4 KiB (past 128 bytes held the
 * reader searches the rest of the input for the keys it waits for, and
 * past 512 looks ahead to where a key may stand) and from the file with
 * every entry kept as a parent (nothing read again).  With the default cap
 * these inputs are too small for a search: the file and the pipe hold
 * children back to the end, so a search that rules out a key that comes
 * makes the ways differ.  The cases: a parent after its child and one
 * before it, far apart; a parent that uses an @string defined again after
 * it; a parent after its child that uses an @string defined between the
 * two; a target that is missing; entries come out in the input's order;
 * a look ahead that text between entries sets off;
 * parents far after their children whose keys stand where a search must
 * not rule them out (after a comment, a parenthesis, blanks, in another
 * case, after the same word in values or as part of a longer key, and
 * across the boundary of a search's reads); a parent in another input of
 * the run only (the context's parent_more), which a search that finds the
 * key nowhere in this input asks for at once.
 *
 * Prints every failure, then "N passed, M failed"; exits 1 on failure.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "citex.h"
#include "core/arena.h"
#include "model/model.h"
#include "norm/context.h"

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
	if (cx_entry_kind(e) != CX_ENTRY_RECORD)
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

enum via { FILE_, PIPE, AHEAD, SEARCH, KEPT };
static const char *const via_name[] = {"file", "pipe", "file, looking ahead",
                                       "file, searching ahead", "file, all kept"};

/* Another input of the run: its entries, as the command line keeps them
 * for parent_more. */
struct other {
	struct arena a;
	struct cx_entry *e[8];
	size_t n;
};

static void keep(void *ctx, const struct cx_entry *e)
{
	struct other *o = ctx;
	if (cx_entry_kind(e) == CX_ENTRY_RECORD && o->n < sizeof o->e / sizeof o->e[0])
		o->e[o->n++] = model_copy_entry(&o->a, e);
}

static const struct cx_entry *parent_more(void *ctx, cx_str key)
{
	struct other *o = ctx;
	for (size_t i = 0; i < o->n; i++) {
		cx_str k = cx_entry_key(o->e[i]);
		if (k.n == key.n && !strncasecmp(k.p, key.p, k.n))
			return o->e[i];
	}
	return NULL;
}

static void read_other(const char *text, struct other *o)
{
	memset(o, 0, sizeof *o);
	if (!text)
		return;
	FILE *f = fmemopen((void *)text, strlen(text), "rb");
	struct cx_options opt = {0};
	struct cx_context *cx = cx_context_new(&opt);
	if (!f || !cx)
		abort();
	cx_read(cx, cx_reader_find("bibtex"), f, "other.bib", NULL, 0, keep, o, NULL);
	cx_context_free(cx);
	fclose(f);
}

/* Read text (with other, when not NULL, as another input of the run). */
static void read_as(const char *text, const char *other, enum via via, const char *const *fields,
                    struct got *g)
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
	opt.hold_cap = via == AHEAD ? 1 : via == SEARCH ? 4096 : 0;
	struct cx_context *cx = cx_context_new(&opt);
	cx->keep_parents = via == KEPT;
	cx_context_set_diag(cx, diag, g, CX_NOTE);
	struct other o;
	read_other(other, &o);
	if (other) {
		cx->parent_more = parent_more;
		cx->parent_ctx = &o;
	}
	cx_read(cx, cx_reader_find("bibtex"), f, "t.bib", peek, npeek, emit, g, NULL);
	cx_context_free(cx);
	arena_destroy(&o.a);
	fclose(f);
	fclose(g->fo);
	fclose(g->fe);
}

static void check_with(const char *name, const char *text, const char *other,
                       const char *const *fields, const char *want, const char *want_err)
{
	for (enum via v = FILE_; v <= KEPT; v++) {
		struct got g;
		read_as(text, other, v, fields, &g);
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

static void check(const char *name, const char *text, const char *const *fields, const char *want,
                  const char *want_err)
{
	check_with(name, text, NULL, fields, want, want_err);
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

/* What check expects of a filler input: head, the keys f0..f(n-1) a line
 * each, then tail. */
static char *filler_keys(const char *head, int n, const char *tail)
{
	size_t len, cap = strlen(head) + strlen(tail) + (size_t)n * 16 + 1;
	char *s = malloc(cap);
	if (!s)
		abort();
	len = (size_t)sprintf(s, "%s", head);
	for (int i = 0; i < n; i++)
		len += (size_t)sprintf(s + len, "f%d\n", i);
	sprintf(s + len, "%s", tail);
	return s;
}

int main(void)
{
	static const char *const bt[] = {"booktitle", "publisher", "note", NULL};

	char *after = filler("@inproceedings{c, title = {T}, crossref = {p}}\n\n", 40,
	                     "@proceedings{p, title = {Proc}, publisher = {Pub}}\n");
	char *want = filler_keys("c booktitle=Proc publisher=Pub\n", 40, "p publisher=Pub\n");
	check("parent after its child", after, bt, want, "");
	free(after);
	free(want);

	char *before = filler("@proceedings{p, title = {Proc}, publisher = {Pub}}\n\n", 40,
	                      "@inproceedings{c, title = {T}, crossref = {p}}\n");
	want = filler_keys("p publisher=Pub\n", 40, "c booktitle=Proc publisher=Pub\n");
	check("parent before its child", before, bt, want, "");
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

	/* Text between entries is delivered (as a comment) when the next '@'
	 * is read: a look ahead it sets off starts before that '@'. */
	{
		char t[1024];
		size_t len = (size_t)sprintf(t, "@inproceedings{c, crossref = {pk}}\n");
		for (int i = 0; i < 20; i++)
			len += (size_t)sprintf(t + len, "text between entries, ");
		sprintf(t + len, "\n@proceedings{pk, title = {Proc}}\n");
		check("a look ahead after text between entries", t, bt, "c booktitle=Proc\npk\n", "");
	}

	check("an entry that names itself",
	      "@book{s, title = {S}, crossref = {s}}\n", bt, "s\n",
	      "1:23: crossref target 's' not found\n");

	/* A parent far after its child, its key where a search must find it;
	 * the same word stands before in values and a comment, where no key
	 * can, and as part of a longer key. */
	static const char *const far[][2] = {
		{"@proceedings{ % the key follows a comment\n pk, title = {T}}\n", "pk\n"},
		{"@proceedings(pk, title = {T})\n", "pk\n"},
		{"@PROCEEDINGS {\tPK , title = {T}}\n", "PK\n"},
		{"@proceedings{pkx, title = {Not this}}\n@proceedings{pk,title={T}}\n", "pkx\npk\n"},
		{"@proceedings{\r\n\tpk, title = {T}}\n", "pk\n"},
	};
	for (size_t v = 0; v < sizeof far / sizeof far[0]; v++) {
		char *t = filler("@inproceedings{c, crossref = {pk}}\n"
		                 "@misc{m, note = {pk pkx}, title = {pk,pk}}\n% pk\n",
		                 10, far[v][0]);
		char *w = filler_keys("c booktitle=T\nm note=pk pkx\n", 10, far[v][1]), name[64];
		snprintf(name, sizeof name, "a key far ahead, way %zu", v + 1);
		check(name, t, bt, w, "");
		free(w);
		free(t);
	}

	/* One search for the keys of several children held: one never comes,
	 * two come far ahead, past where a look ahead for the first key ends
	 * (64 KiB after it). */
	{
		char *t = filler("@inproceedings{a, crossref = {pa}}\n"
		                 "@inproceedings{b, crossref = {pb}}\n"
		                 "@inproceedings{c, crossref = {pc}}\n"
		                 "@inproceedings{d, crossref = {pd}}\n"
		                 "@proceedings{pa, title = {A}}\n",
		                 400, "@proceedings{pc, title = {C}}\n@proceedings{pd, title = {D}}\n");
		char *w = filler_keys("a booktitle=A\nb\nc booktitle=C\nd booktitle=D\npa\n", 400,
		                      "pc\npd\n");
		check("keys of several children in one search", t, bt, w,
		      "2:19: crossref target 'pb' not found\n");
		free(w);
		free(t);
	}

	/* A search reads 256 KiB at a time: the parent's key across the
	 * boundary, from 3 bytes before it to 2 after. */
	for (int d = -3; d <= 2; d++) {
		static const char head[] = "@inproceedings{c, title = {T}, crossref = {pk}}\n";
		size_t from = sizeof head - 2; /* after the closing brace */
		size_t n = from + ((size_t)256 << 10) + (size_t)(long)d -
		           (sizeof head - 1 + strlen("@comment{") + strlen("}\n") + strlen("@proceedings{"));
		char *t = malloc(n + 256), name[64];
		if (!t)
			abort();
		size_t len = (size_t)sprintf(t, "%s@comment{", head);
		memset(t + len, 'x', n);
		sprintf(t + len + n, "}\n@proceedings{pk, title = {Proc}}\n");
		snprintf(name, sizeof name, "a key %d bytes from a search's read", d);
		check(name, t, bt, "c booktitle=Proc\npk\n", "");
		free(t);
	}

	/* A parent in another input only; one missing everywhere. */
	{
		char *t = filler("@inproceedings{c, crossref = {PO}}\n"
		                 "@inproceedings{d, crossref = {none}}\n",
		                 40, "");
		char *w = filler_keys("c booktitle=Other publisher=Pub\nd\n", 40, "");
		check_with("a parent in another input", t,
		           "@proceedings{po, title = {Other}, publisher = {Pub}}\n", bt, w,
		           "2:19: crossref target 'none' not found\n");
		free(w);
		free(t);
	}

	printf("%zu passed, %zu failed\n", npass, nfail);
	return nfail ? 1 : 0;
}
