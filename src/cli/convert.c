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

/* ---- converting one input ---------------------------------------------------- */

/* Write one entry to the sink, if the target holds its kind. */
static void write_record(struct run *r, const struct cx_entry *e, struct outcome *from)
{
	from->written += (size_t)cx_writer_entry(r->w, e);
}

static void emit(void *ctx, const struct cx_entry *e)
{
	struct run *r = ctx;
	if (r->progress && !(++r->tick & 255))
		progress_tick(r);
	if (r->opt.check_only && !r->aux) {
		cx_lint_entry(r->lint, e, &r->cur_more);
		return;
	}
	if (!r->hold) {
		write_record(r, e, r->cur);
		return;
	}
	if (r->bib && !r->aux && !r->dedup && !r->keys) {
		/* no stage over the whole input: the CSL item is all to keep */
		cx_bib_add(r->bib, e);
		return;
	}
	cx_entries_add(r->held, e);
}

/* Read input i, writing its records to the current sink.  An input that
 * cannot be read is reported and counted; the others go on.  Its counts
 * are the reader's, and the warnings --check and the writer add while it
 * is read. */
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
	/* -f names the reader; otherwise the library detects it (after
	 * decoding UTF-16 or UTF-32, which it reads as UTF-8). */
	const struct cx_reader *rd = r->opt.from ? cx_reader_find(r->opt.from) : NULL;
	struct cx_counts c = {0, 0, 0}, w0 = {0, 0, 0};
	if (r->w)
		w0 = cx_writer_counts(r->w);
	r->cur_more = c;
	r->cur = o;
	r->curf = is_stdin ? NULL : f;
	/* A read error or a refused input is reported by the library. */
	if (cx_inputs_read(r->inputs, i, rd, f, peek, npeek, emit, r, &c) < 0)
		o->io_error = 1;
	r->curf = NULL;
	if (!is_stdin)
		fclose(f);
	if (r->w) {
		struct cx_counts w1 = cx_writer_counts(r->w);
		r->cur_more.errors += w1.errors - w0.errors;
		r->cur_more.warnings += w1.warnings - w0.warnings;
	}
	o->entries = c.entries;
	o->errors = c.errors + r->cur_more.errors;
	o->warnings = c.warnings + r->cur_more.warnings;
	o->state = 2;
	if (r->drawer)
		draw_progress(r, 0);
}

/* ---- sinks: standard output, or a file written atomically ------------------------ */

int sink_open(struct run *r, struct sink *s, const char *path, enum sink_writer how)
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
		s->tmp = cli_realloc(NULL, n);
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
	/* The format was checked when the run was set up. */
	if (how == SINK_DOCUMENT)
		r->w = cx_writer_open(r->cx, s->f, r->opt.to);
	else if (how == SINK_PART)
		r->w = cx_writer_open_part(r->cx, s->f, r->opt.to);
	return 0;
}

int sink_close(struct run *r, struct sink *s, int keep, int werr)
{
	if (r->w) {
		int e = cx_writer_close(r->w);
		r->w = NULL;
		if (!werr)
			werr = e;
	}
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
	if (sink_open(r, &s, r->in[i].out, SINK_DOCUMENT) < 0) {
		r->sh->o[i].io_error = 1;
		r->sh->o[i].state = 2;
		return -1;
	}
	convert(r, i);
	/* An input that could not be read leaves no output behind. */
	if (sink_close(r, &s, !r->sh->o[i].io_error, 0) < 0) {
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
static void dedup_row(void *ctx, const struct cx_dedup_row *d)
{
	static const char *const kinds[] = {"merge", "near", "value"};
	FILE *f = ((struct run *)ctx)->dedup_report_f;
	fputs(kinds[d->kind], f);
	fputc('\t', f);
	report_record(f, d->kept);
	fputc('\t', f);
	report_record(f, d->other);
	fputc('\t', f);
	if (d->kind == CX_DEDUP_VALUE)
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
		cx_aux_select(r->aux, r->held, &r->stage);
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
		cx_dedup_report(r->cx, r->held, r->dedup == 2, &r->stage,
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
		cx_keys_run(r->keys, r->held);
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
 * Loss reports name each entry's own file and line; what the writer
 * counts here is not added to any input's. */
static int write_held(struct run *r)
{
	size_t nheld = cx_entries_count(r->held);
	if (r->bib) {
		/* one bibliography of everything read */
		struct sink s;
		if (sink_open(r, &s, r->output, SINK_BARE) < 0)
			return -1;
		for (size_t j = 0; j < nheld; j++)
			cx_bib_add(r->bib, cx_entries_at(r->held, j));
		r->bib_opt.aux = r->aux;
		int werr = cx_bib_write(r->bib, s.f, &r->bib_opt);
		return sink_close(r, &s, 1, werr);
	}
	if (!r->batch) {
		struct sink s;
		if (sink_open(r, &s, r->output, SINK_DOCUMENT) < 0)
			return -1;
		struct outcome sum = {0};
		for (size_t j = 0; j < nheld; j++)
			write_record(r, cx_entries_at(r->held, j), &sum);
		return sink_close(r, &s, 1, 0);
	}
	/* Find each entry's input by its file name pointer: a sorted table. */
	struct from *tab = cli_realloc(NULL, r->nin * sizeof *tab);
	for (size_t i = 0; i < r->nin; i++)
		tab[i] = (struct from){r->in[i].path, i};
	qsort(tab, r->nin, sizeof *tab, by_file);
	size_t *of = cli_realloc(NULL, (nheld + 1) * sizeof *of);
	for (size_t j = 0; j < nheld; j++) {
		struct from key = {cx_entry_file(cx_entries_at(r->held, j)), 0};
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
		if (sink_open(r, &s, r->in[i].out, SINK_DOCUMENT) < 0) {
			o->io_error = 1;
			werr = 1;
			continue;
		}
		for (size_t j = 0; j < nheld; j++)
			if (of[j] == i)
				write_record(r, cx_entries_at(r->held, j), o);
		if (sink_close(r, &s, 1, 0) < 0) {
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
	r->held = cx_entries_new();
	for (size_t i = 0; i < r->nin; i++)
		convert(r, i);
	int rc = 0;
	if (r->opt.check_only) {
		/* --check --aux: lint what the document cites. */
		if (r->aux) {
			cx_aux_select(r->aux, r->held, &r->stage);
			for (size_t j = 0; j < cx_entries_count(r->held); j++)
				cx_lint_entry(r->lint, cx_entries_at(r->held, j), &r->stage);
		}
	} else {
		rc = run_stages(r);
		if (rc == 0)
			rc = write_held(r);
	}
	cx_entries_free(r->held);
	r->held = NULL;
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
	if (sink_open(r, &s, r->opt.check_only ? NULL : r->output,
	              r->opt.check_only ? SINK_BARE : SINK_DOCUMENT) < 0)
		return -1;
	for (size_t i = 0; i < r->nin; i++)
		convert(r, i);
	return sink_close(r, &s, 1, 0);
}
