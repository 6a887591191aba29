/* read/inputs.c - the inputs of one run read as one database, as bibtex
 * reads \bibliography{a,b}: an input sees the @string macros of the inputs
 * before it, and a crossref or xdata parent may be in any input.
 *
 * Inputs read in order need nothing here: the macros stay in the context
 * from one cx_read to the next.  The work is for the rest.  A program that
 * shares its inputs among processes reads input 5 in a process that never
 * read inputs 0 to 4: the first macro input 5 does not define loads the
 * macros of 0 to 4, read again from their files, quietly and in order
 * (strings_before).  A parent that is in no entry of the input being read
 * is looked for in every BibTeX input of the run, each read once, with the
 * macros of those before it, its entries kept as read (parent_more).  Both
 * are the context's hooks, set for the time of one read. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/arena.h"
#include "core/hash.h"
#include "norm/context.h"
#include "norm/strings.h"
#include "read/reader.h"

/* Every BibTeX input's entries as read, the first entry of each key (as
 * in bibtex) found by its key folded. */
struct parents {
	struct arena arena;
	struct strset keys; /* folded: keys[k] is e[k]'s */
	struct cx_entry **e;
	size_t cap;
};

struct cx_inputs {
	struct cx_context *cx;
	const char **paths;
	size_t n;
	size_t cur; /* the input being read */
	/* The context's @string macros are those of inputs 0..strings_upto-1,
	 * in order (SIZE_MAX: not so, after inputs were skipped). */
	size_t strings_upto;
	int strings_loading; /* strings_before is reading them */
	struct parents *parents;
};

struct cx_inputs *cx_inputs_new(struct cx_context *cx, const char *const *paths, size_t n)
{
	struct cx_inputs *ins = xcalloc(1, sizeof *ins);
	ins->cx = cx;
	ins->paths = xmalloc((n + 1) * sizeof *ins->paths);
	memcpy(ins->paths, paths, n * sizeof *paths);
	ins->n = n;
	return ins;
}

/* Read BibTeX input i for the @string macros it defines (they go into the
 * context) and, when raw is not NULL, for its entries as read, with
 * nothing written or reported. */
static void read_quietly(struct cx_inputs *ins, size_t i, void (*raw)(void *, struct cx_entry *))
{
	const char *path = ins->paths[i];
	if (!strcmp(path, "-"))
		return; /* standard input is read once, by its own conversion */
	FILE *f = fopen(path, "rb");
	if (!f)
		return;
	char peek[8192];
	size_t npeek = fread(peek, 1, sizeof peek, f);
	int failed;
	FILE *u = cx_input_utf8(f, peek, npeek, &failed);
	if (failed) {
		fclose(f);
		return; /* said when the input itself is read */
	}
	if (u) {
		fclose(f);
		f = u;
		npeek = fread(peek, 1, sizeof peek, f);
	}
	const char *from = ins->cx->opt.from;
	const struct cx_reader *rd = from ? cx_reader_find(from) : cx_reader_detect(path, peek, npeek);
	if (rd == &cx_reader_bibtex) {
		struct cx_input in = {f, peek, npeek, 0, 0};
		struct cx_reader_ctx c;
		reader_ctx_init(&c, ins->cx, path);
		c.diags.fn = NULL; /* said when the input itself is read */
		c.emit = NULL;
		c.raw = raw;
		c.emit_ctx = ins;
		rd->read(&c, &in);
	}
	fclose(f);
}

/* The context asks, on a macro the input being read does not define: a
 * program that skipped inputs loads the macros of every input before this
 * one, in order, as bibtex would have read them. */
static int strings_before(void *ctx)
{
	struct cx_inputs *ins = ctx;
	if (ins->strings_upto == ins->cur)
		return 0; /* they are all there already */
	if (ins->strings_loading)
		return 1; /* asked by an input read below: it has those before it */
	ins->strings_loading = 1;
	strings_clear(ins->cx->strings);
	for (size_t j = 0; j < ins->cur; j++)
		read_quietly(ins, j, NULL);
	ins->strings_loading = 0;
	ins->strings_upto = ins->cur;
	return 1;
}

static void keep_parent(void *ctx, struct cx_entry *e)
{
	struct parents *p = ((struct cx_inputs *)ctx)->parents;
	int added;
	if (e->kind != CX_ENTRY_RECORD || !e->key.n)
		return;
	size_t k = strset_add(&p->keys, &p->arena, e->key.p, e->key.n, &added);
	if (!added)
		return; /* the first entry with a key wins, as in bibtex */
	if (k == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 256;
		p->e = xrealloc(p->e, p->cap * sizeof *p->e);
	}
	p->e[k] = model_copy_entry(&p->arena, e);
}

/* The context asks, on a crossref or xdata target the input being read
 * does not hold: the first time, every BibTeX input of the run is read,
 * in order and each with the macros of those before it, and its entries
 * kept as read; the target is the first entry with that key. */
static const struct cx_entry *parent_more(void *ctx, cx_str key)
{
	struct cx_inputs *ins = ctx;
	if (!ins->parents) {
		struct cx_context *cx = ins->cx;
		ins->parents = xcalloc(1, sizeof *ins->parents);
		ins->parents->keys.fold = 1;
		cx->strings_more = NULL;
		cx->parent_more = NULL;
		strings_clear(cx->strings);
		for (size_t j = 0; j < ins->n; j++)
			read_quietly(ins, j, keep_parent);
		/* The next input loads the macros before it when it needs one. */
		strings_clear(cx->strings);
		ins->strings_upto = SIZE_MAX;
		cx->strings_more = strings_before;
		cx->parent_more = parent_more;
	}
	long k = strset_find(&ins->parents->keys, key.p, key.n);
	return k < 0 ? NULL : ins->parents->e[k];
}

int cx_inputs_read(struct cx_inputs *ins, size_t i, const struct cx_reader *r, FILE *f,
                   const char *head, size_t nhead, cx_entry_fn fn, void *fn_ctx,
                   struct cx_counts *counts)
{
	struct cx_context *cx = ins->cx;
	const char *name = strcmp(ins->paths[i], "-") ? ins->paths[i] : "<stdin>";
	if (ins->strings_upto != i) {
		/* Inputs before this one were read elsewhere (another process):
		 * their macros come when a value needs one. */
		strings_clear(cx->strings);
		ins->strings_upto = SIZE_MAX;
	}
	ins->cur = i;
	cx->strings_more = strings_before;
	cx->strings_ctx = ins;
	if (ins->n > 1) {
		cx->parent_more = parent_more;
		cx->parent_ctx = ins;
	}
	int rc = cx_read(cx, r, f, name, head, nhead, fn, fn_ctx, counts);
	cx->strings_more = NULL;
	cx->parent_more = NULL;
	if (ins->strings_upto == i)
		ins->strings_upto = i + 1;
	return rc;
}

void cx_inputs_free(struct cx_inputs *ins)
{
	if (!ins)
		return;
	if (ins->parents) {
		strset_free(&ins->parents->keys);
		arena_destroy(&ins->parents->arena);
		free(ins->parents->e);
		free(ins->parents);
	}
	free(ins->paths);
	free(ins);
}
