/* cli/convert.c - reading the inputs into the sinks.
 *
 * Output never interleaves with diagnostics (they go to stderr), and with
 * -o FILE the output is written to a temporary file beside it and renamed
 * into place only when everything was written, so a failed run never leaves
 * half a file.  The modes that need the whole input (--aux, --dedup,
 * --keys) hold a copy of every entry and write at the end; CSL output
 * without them keeps only the CSL item made from each entry. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "norm/keys.h"
#include "pass/aux.h"
#include "pass/dedup.h"
#include "pass/lint.h"
#include "norm/context.h"
#include "norm/strings.h"
#include "read/reader.h"

/* ---- converting one input ---------------------------------------------------- */

/* Write one entry to the sink, if the target holds its kind. */
static void write_record(struct run *r, const struct cx_entry *e, struct outcome *from)
{
	from->written += cx_fmt_write(r->fmt, e, &r->out);
}

static void emit(void *ctx, struct cx_entry *e)
{
	struct run *r = ctx;
	if (r->progress && !(++r->tick & 255))
		progress_tick(r);
	if (r->opt.check_only && !r->aux) {
		lint_entry(r->lint, e, r->out.diag);
		return;
	}
	if (!r->hold) {
		write_record(r, e, r->cur);
		return;
	}
	if (r->csl.st && !r->aux && !r->dedup && !r->keys) {
		/* no stage over the whole input: the CSL item is all to keep */
		csl_cli_add(&r->csl, e, &r->opt);
		return;
	}
	if (r->nheld == r->capheld) {
		r->capheld = r->capheld ? 2 * r->capheld : 1024;
		r->held = xrealloc(r->held, r->capheld * sizeof *r->held);
	}
	r->held[r->nheld++] = model_copy_entry(&r->held_arena, e);
}

/* ---- @string macros across inputs -------------------------------------------------- */

/* Read BibTeX input i for the @string macros it defines (they go into the
 * context) and, when raw is not NULL, for its entries as read, with
 * nothing written or reported. */
static void read_quietly(struct run *r, size_t i, void (*raw)(void *, struct cx_entry *))
{
	const char *path = r->in[i].path;
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
		return; /* said when the input itself is converted */
	}
	if (u) {
		fclose(f);
		f = u;
		npeek = fread(peek, 1, sizeof peek, f);
	}
	const struct cx_reader *rd = r->opt.from ? cx_reader_find(r->opt.from)
	                                         : cx_reader_detect(path, peek, npeek);
	if (rd == &cx_reader_bibtex) {
		struct cx_input in = {f, peek, npeek, 0, 0};
		struct cx_reader_ctx c;
		reader_ctx_init(&c, r->cx, path);
		c.diags.fn = NULL; /* said when the input itself is converted */
		c.emit = NULL;
		c.raw = raw;
		c.emit_ctx = r;
		rd->read(&c, &in);
	}
	fclose(f);
}

/* The context asks, on a macro the input being read does not define: a
 * worker that skipped inputs loads the macros of every input before this
 * one, in order, as bibtex would have read them. */
static int strings_before(void *ctx)
{
	struct run *r = ctx;
	if (r->strings_upto == r->cur_i)
		return 0; /* they are all there already */
	if (r->strings_loading)
		return 1; /* asked by an input read below: it has those before it */
	r->strings_loading = 1;
	strings_clear(r->cx->strings);
	for (size_t j = 0; j < r->cur_i; j++)
		read_quietly(r, j, NULL);
	r->strings_loading = 0;
	r->strings_upto = r->cur_i;
	return 1;
}

/* ---- crossref parents across inputs ------------------------------------------------ */

struct parents {
	struct arena arena;
	struct strset keys; /* folded: keys[k] is e[k]'s */
	struct cx_entry **e;
	size_t cap;
};

static void keep_parent(void *ctx, struct cx_entry *e)
{
	struct parents *p = ((struct run *)ctx)->parents;
	int added;
	if (e->kind != CX_E_ENTRY || !e->key.n)
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
	struct run *r = ctx;
	if (!r->parents) {
		struct cx_context *cx = r->cx;
		r->parents = xcalloc(1, sizeof *r->parents);
		r->parents->keys.fold = 1;
		cx->strings_more = NULL;
		cx->parent_more = NULL;
		strings_clear(cx->strings);
		for (size_t j = 0; j < r->nin; j++)
			read_quietly(r, j, keep_parent);
		/* The next input loads the macros before it when it needs one. */
		strings_clear(cx->strings);
		r->strings_upto = SIZE_MAX;
		cx->strings_more = strings_before;
		cx->parent_more = parent_more;
	}
	long k = strset_find(&r->parents->keys, key.p, key.n);
	return k < 0 ? NULL : r->parents->e[k];
}

void parents_free(struct run *r)
{
	if (!r->parents)
		return;
	strset_free(&r->parents->keys);
	arena_destroy(&r->parents->arena);
	free(r->parents->e);
	free(r->parents);
	r->parents = NULL;
}

/* Read input i, writing its records to the current sink.  An input that
 * cannot be read is reported and counted; the others go on. */
void convert(struct run *r, size_t i)
{
	const char *path = r->in[i].path;
	int is_stdin = !strcmp(path, "-");
	const char *name = is_stdin ? "<stdin>" : path;
	struct outcome *o = &r->sh->o[i];
	o->state = 1;
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	if (!f) {
		sayf(r, "%s: error: cannot open: %s\n", name, strerror(errno));
		o->io_error = 1;
		o->state = 2;
		return;
	}
	char peek[8192];
	size_t npeek = fread(peek, 1, sizeof peek, f);
	int failed;
	FILE *u = cx_input_utf8(f, peek, npeek, &failed);
	if (u || failed) {
		/* UTF-16 or UTF-32: read from its UTF-8 form. */
		if (!is_stdin)
			fclose(f);
		if (failed) {
			if (failed == CX_INPUT_WIDE)
				sayf(r, "%s: error: %s\n", name, cx_input_refusal(failed));
			else
				sayf(r, "%s: error: %s: %s\n", name, cx_input_refusal(failed), strerror(errno));
			o->io_error = 1;
			o->state = 2;
			return;
		}
		f = u;
		is_stdin = 0;
		npeek = fread(peek, 1, sizeof peek, f);
	}
	const struct cx_reader *rd = r->opt.from ? cx_reader_find(r->opt.from)
	                                         : cx_reader_detect(strcmp(path, "-") ? path : NULL,
	                                                            peek, npeek);
	struct cx_input in = {f, peek, npeek, 0, 0};
	struct cx_reader_ctx c;
	reader_ctx_init(&c, r->cx, name);
	c.emit = emit;
	c.emit_ctx = r;
	r->out.diag = &c.diags;
	r->cur = o;
	r->cur_i = i;
	r->curf = is_stdin ? NULL : f;
	if (r->strings_upto != i) {
		/* Inputs before this one were read elsewhere (another worker):
		 * their macros come when a value needs one. */
		strings_clear(r->cx->strings);
		r->strings_upto = SIZE_MAX;
	}
	r->cx->strings_more = strings_before;
	r->cx->strings_ctx = r;
	if (r->nin > 1) {
		r->cx->parent_more = parent_more;
		r->cx->parent_ctx = r;
	}
	errno = 0;
	int rc = rd->read(&c, &in);
	r->cx->strings_more = NULL;
	r->cx->parent_more = NULL;
	if (r->strings_upto == i)
		r->strings_upto = i + 1;
	r->out.diag = NULL;
	r->curf = NULL;
	if (rc || in.error || ferror(f)) {
		sayf(r, "%s: error: read failed: %s\n", name, strerror(errno ? errno : EIO));
		o->io_error = 1;
	}
	if (!is_stdin)
		fclose(f);
	o->entries = c.nentries;
	o->errors = c.diags.nerrors;
	o->warnings = c.diags.nwarnings;
	o->state = 2;
	if (r->drawer)
		draw_progress(r, 0);
}

/* ---- sinks: standard output, or a file written atomically ------------------------ */

int sink_open(struct run *r, struct sink *s, const char *path)
{
	memset(s, 0, sizeof *s);
	s->f = stdout;
	struct stat st;
	if (path && strcmp(path, "-") && !stat(path, &st) && !S_ISREG(st.st_mode)) {
		/* A device or a pipe is written in place: there is nothing to
		 * rename, and a temporary file beside /dev/null is wrong. */
		if (!(s->f = fopen(path, "wb"))) {
			sayf(r, "citex: cannot write %s: %s\n", path, strerror(errno));
			return -1;
		}
		s->path = path;
	} else if (path && strcmp(path, "-")) {
		size_t n = strlen(path) + 16;
		s->tmp = malloc(n);
		if (!s->tmp)
			abort();
		snprintf(s->tmp, n, "%s.tmpXXXXXX", path);
		int fd = mkstemp(s->tmp);
		if (fd >= 0) {
			/* mkstemp makes 0600; the result should look like any new file. */
			mode_t um = umask(0);
			umask(um);
			fchmod(fd, 0666 & ~um);
		}
		if (fd < 0 || !(s->f = fdopen(fd, "wb"))) {
			sayf(r, "citex: cannot write %s: %s\n", path, strerror(errno));
			if (fd >= 0) {
				close(fd);
				unlink(s->tmp);
			}
			free(s->tmp);
			s->tmp = NULL;
			return -1;
		}
		s->path = path;
	}
	out_init(&r->out, s->f, &r->opt);
	return 0;
}

/* Flush and close; keep the file only when all went well.  Returns 0, or
 * -1 on a write error (reported). */
int sink_close(struct run *r, struct sink *s, int keep)
{
	int werr = out_flush(&r->out);
	out_free(&r->out);
	if (s->f != stdout) {
		if (fclose(s->f) && !werr)
			werr = errno;
	} else if (fflush(stdout) && !werr) {
		werr = errno;
	}
	if (werr)
		sayf(r, "citex: write error%s%s: %s\n", s->path ? " on " : "", s->path ? s->path : "",
		     strerror(werr));
	if (s->tmp) {
		if (werr || !keep) {
			unlink(s->tmp);
		} else if (rename(s->tmp, s->path)) {
			sayf(r, "citex: cannot write %s: %s\n", s->path, strerror(errno));
			unlink(s->tmp);
			werr = EIO;
		}
		free(s->tmp);
	}
	return werr ? -1 : 0;
}

/* Batch mode: input i to its own output file. */
int convert_to_own_file(struct run *r, size_t i)
{
	struct sink s;
	if (sink_open(r, &s, r->in[i].out) < 0) {
		r->sh->o[i].io_error = 1;
		r->sh->o[i].state = 2;
		return -1;
	}
	if (r->fmt->begin)
		r->fmt->begin(&r->out);
	convert(r, i);
	if (r->fmt->end)
		r->fmt->end(&r->out, r->out.count);
	/* An input that could not be read leaves no output behind. */
	if (sink_close(r, &s, !r->sh->o[i].io_error) < 0) {
		r->sh->o[i].io_error = 1;
		return -1;
	}
	return 0;
}

/* ---- held entries: the stages over the whole input, then writing ------------------ */

/* A record in the report: "file:line key". */
static void report_record(FILE *f, const struct cx_entry *e)
{
	cx_str key = cx_entry_key(e);
	fprintf(f, "%s:%u %.*s", cx_entry_file(e) ? cx_entry_file(e) : "<stdin>", cx_entry_line(e),
	        (int)key.n, key.p ? key.p : "");
}

/* One line of --dedup-report: kind, record, other record, what and why,
 * tab-separated. */
static void dedup_row(void *ctx, const struct dedup_row *d)
{
	static const char *const kinds[] = {"merge", "near", "value"};
	FILE *f = ((struct run *)ctx)->dedup_report_f;
	fputs(kinds[d->kind], f);
	fputc('\t', f);
	report_record(f, d->kept);
	fputc('\t', f);
	report_record(f, d->other);
	fputc('\t', f);
	if (d->kind == DEDUP_VALUE)
		fprintf(f, "%.*s: \"%.*s\" over \"%.*s\", ", (int)d->field.n, d->field.p,
		        (int)(d->value.n > 200 ? 200 : d->value.n), d->value.p,
		        (int)(d->over.n > 200 ? 200 : d->over.n), d->over.p);
	fprintf(f, "%s\n", d->why);
}

/* The stages that need every entry, in order: the .aux subset first (so
 * nothing uncited is merged or keyed), then duplicates, then keys.
 * Returns -1 when the dedup report could not be written (said). */
static int run_stages(struct run *r)
{
	int rc = 0;
	if (r->aux)
		aux_select(r->aux, r->held, &r->nheld, &r->stage);
	if (r->dedup && r->dedup_report) {
		/* "-" is stdout, ahead of the converted records. */
		int out = !strcmp(r->dedup_report, "-");
		r->dedup_report_f = out ? stdout : fopen(r->dedup_report, "w");
		if (!r->dedup_report_f) {
			fprintf(stderr, "citex: %s: %s\n", r->dedup_report, strerror(errno));
			return -1;
		}
		fputs("# citex --dedup report: merges, near misses (not merged) and the values\n"
		      "# merges chose; kind, record, other record, what and why, tab-separated\n",
		      r->dedup_report_f);
	}
	if (r->dedup)
		dedup_run(r->held, &r->nheld, &r->held_arena, r->dedup == 2, &r->stage,
		          r->dedup_report_f ? dedup_row : NULL, r);
	if (r->dedup_report_f) {
		FILE *f = r->dedup_report_f;
		if (f == stdout ? fflush(f) != 0 : ferror(f) | fclose(f)) {
			fprintf(stderr, "citex: %s: %s\n", r->dedup_report, strerror(errno));
			rc = -1;
		}
		r->dedup_report_f = NULL;
	}
	if (r->keys)
		keygen_run(r->keys, r->held, r->nheld);
	return rc;
}

struct from {
	const char *file; /* an entry's file name is its input's path */
	size_t i;
};

static int by_file(const void *a, const void *b)
{
	const struct from *x = a, *y = b;
	return (x->file > y->file) - (x->file < y->file);
}

/* Write the held entries: to one sink, or each to its own input's file.
 * Loss reports name each entry's own file and line, through c. */
static int write_held(struct run *r)
{
	struct cx_diags c = {print_diag, r, NULL, r->stage.min, 0, 0};
	if (r->csl.st) {
		/* one bibliography of everything read */
		struct sink s;
		if (sink_open(r, &s, r->output) < 0)
			return -1;
		for (size_t j = 0; j < r->nheld; j++)
			csl_cli_add(&r->csl, r->held[j], &r->opt);
		csl_cli_write(&r->csl, &r->out, r->aux);
		return sink_close(r, &s, 1);
	}
	if (!r->batch) {
		struct sink s;
		if (sink_open(r, &s, r->output) < 0)
			return -1;
		r->out.diag = &c;
		if (r->fmt->begin)
			r->fmt->begin(&r->out);
		struct outcome sum = {0};
		for (size_t j = 0; j < r->nheld; j++)
			write_record(r, r->held[j], &sum);
		if (r->fmt->end)
			r->fmt->end(&r->out, r->out.count);
		return sink_close(r, &s, 1);
	}
	/* Find each entry's input by its file name pointer: a sorted table. */
	struct from *tab = xmalloc(r->nin * sizeof *tab);
	for (size_t i = 0; i < r->nin; i++)
		tab[i] = (struct from){r->in[i].path, i};
	qsort(tab, r->nin, sizeof *tab, by_file);
	size_t *of = xmalloc((r->nheld + 1) * sizeof *of);
	for (size_t j = 0; j < r->nheld; j++) {
		struct from key = {r->held[j]->file, 0};
		struct from *f = bsearch(&key, tab, r->nin, sizeof *tab, by_file);
		of[j] = f ? f->i : 0;
	}
	free(tab);
	int werr = 0;
	for (size_t i = 0; i < r->nin; i++) {
		struct outcome *o = &r->sh->o[i];
		if (o->io_error)
			continue;
		struct sink s;
		if (sink_open(r, &s, r->in[i].out) < 0) {
			o->io_error = 1;
			werr = 1;
			continue;
		}
		r->out.diag = &c;
		if (r->fmt->begin)
			r->fmt->begin(&r->out);
		for (size_t j = 0; j < r->nheld; j++)
			if (of[j] == i)
				write_record(r, r->held[j], o);
		if (r->fmt->end)
			r->fmt->end(&r->out, r->out.count);
		if (sink_close(r, &s, 1) < 0) {
			o->io_error = 1;
			werr = 1;
		}
	}
	free(of);
	return werr ? -1 : 0;
}

/* Read everything, run the stages, write. */
static int run_held(struct run *r)
{
	for (size_t i = 0; i < r->nin; i++)
		convert(r, i);
	if (r->opt.check_only) {
		/* --check --aux: lint what the document cites. */
		if (r->aux) {
			aux_select(r->aux, r->held, &r->nheld, &r->stage);
			for (size_t j = 0; j < r->nheld; j++) {
				r->stage.file = r->held[j]->file;
				lint_entry(r->lint, r->held[j], &r->stage);
			}
			r->stage.file = NULL;
		}
		free(r->held);
		arena_destroy(&r->held_arena);
		return 0;
	}
	if (run_stages(r) < 0) {
		free(r->held);
		arena_destroy(&r->held_arena);
		return -1;
	}
	int rc = write_held(r);
	free(r->held);
	arena_destroy(&r->held_arena);
	return rc;
}

int run_serial(struct run *r)
{
	if (r->hold)
		return run_held(r);
	if (r->batch) {
		int werr = 0;
		for (size_t i = 0; i < r->nin; i++)
			werr |= convert_to_own_file(r, i) < 0;
		return werr ? -1 : 0;
	}
	struct sink s;
	if (sink_open(r, &s, r->opt.check_only ? NULL : r->output) < 0)
		return -1;
	if (!r->opt.check_only && r->fmt->begin)
		r->fmt->begin(&r->out);
	for (size_t i = 0; i < r->nin; i++)
		convert(r, i);
	if (!r->opt.check_only && r->fmt->end)
		r->fmt->end(&r->out, r->out.count);
	return sink_close(r, &s, 1);
}

