/* cli/main.c - the citex command line: options, the file loop, diagnostics on
 * stderr and the exit status.  The library never prints; this file owns
 * stdio.
 *
 * Output never interleaves with diagnostics (they go to stderr), and with
 * -o FILE the output is written to a temporary file beside it and renamed
 * into place only when everything was written, so a failed run never leaves
 * half a file.
 *
 * Batch mode (-o DIR) writes one output per input.  With -j N, N worker
 * processes take inputs from a shared counter; their outcomes (counts,
 * bytes read) live in shared memory, which the parent reads for the
 * progress line, the summary and the exit status.  Concatenated output is
 * written by the workers to one part file per input and joined by the
 * parent in input order, so -j never changes the output. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/arena.h"
#include "pass/aux.h"
#include "citex.h"
#include "pass/dedup.h"
#include "norm/keys.h"
#include "pass/lint.h"
#include "model/model.h"
#include "core/out.h"
#include "norm/venue.h"

enum { EXIT_OK = 0, EXIT_ENTRY_ERRORS = 1, EXIT_USAGE = 2 };

static const char usage_text[] =
	"usage: citex [OPTIONS] [FILE...]\n"
	"Convert bibliographic records between BibTeX, BibLaTeX, RIS and CSL-JSON.\n"
	"No FILE, or -, reads standard input.\n"
	"\n"
	"  -f, --from FMT        bibtex|biblatex|ris|csl-json|cv (default: detect from\n"
	"                        the extension, then the content)\n"
	"  -t, --to FMT          bibtex|biblatex|ris|csl-json (default: bibtex)\n"
	"  -o, --output PATH     write to PATH (atomically: a temporary file, renamed);\n"
	"                        a directory (existing, or PATH/) writes one output per\n"
	"                        input there, named after it with the target's extension\n"
	"      --aux FILE.aux    keep only the entries a LaTeX run cited (bibtex or\n"
	"                        biblatex), with their crossref and xdata parents\n"
	"  -j, --jobs N          convert N inputs at a time (0: one per CPU); concatenated\n"
	"                        output keeps the input order\n"
	"      --ascii           BibTeX output with LaTeX escapes instead of UTF-8\n"
	"      --expand-macros   expand @string macros instead of keeping them\n"
	"      --keys[=PATTERN]  new citation keys from PATTERN (default\n"
	"                        [auth:lower][year][veryshorttitle:lower])\n"
	"      --owner NAME      cv input: the owner's name, for the author slots a\n"
	"                        publication list leaves empty\n"
	"      --venues-file TSV add venue rows (acronym, name, publisher, kind,\n"
	"                        aliases), checked before the built-in table\n"
	"      --venues=MODE     full, short or keep: how a recognised journal or\n"
	"                        booktitle is written (see Policies)\n"
	"      --particles=MODE  nondropping (default) or dropping: how 'von' parts\n"
	"                        of names go to CSL-JSON\n"
	"      --max-expansion N refuse a macro expansion over N bytes (default 64 MiB)\n"
	"      --report-loss     report each field the target format cannot hold\n"
	"      --dedup[=report]  merge records that share a DOI, an arXiv id, or a\n"
	"                        title, year and first author, across all inputs\n"
	"                        (=report: only report them)\n"
	"      --check           lint only: report problems, write nothing\n"
	"      --strict          warnings count as errors in the exit status\n"
	"  -q, --quiet           errors only; no progress line or summary\n"
	"      --progress        progress line and summary on stderr even when it is not\n"
	"                        a terminal (on a terminal they are the default)\n"
	"      --version, --help\n"
	"\n"
	"Policies (where peers disagree):\n"
	"  von Last, First      CSL non-dropping-particle (--particles=dropping for\n"
	"                       biblatex's useprefix=false reading)\n"
	"  and others           kept as 'and others' in BibTeX; CSL-JSON ends the name\n"
	"                       list with {\"literal\":\"others\"}; RIS writes no AU for it\n"
	"  {Corporate Name}     one literal name\n"
	"  title case           never changed; {Protected} words become nocase spans\n"
	"                       and are braced again on the way back\n"
	"  {\\'\\i}               precomposed letters (i with acute)\n"
	"  BibTeX encoding      UTF-8 (--ascii for LaTeX escapes)\n"
	"  pages 12--34         CSL 12-34; RIS SP 12 / EP 34; BibTeX 12--34\n"
	"  publisher            CSL publisher is the first of publisher, organization,\n"
	"                       institution, school; the others are kept in custom\n"
	"  arXiv eprint         publisher arXiv, number arXiv:ID, and the abs URL when\n"
	"                       no URL is given\n"
	"  RIS dialect          as Zotero and EndNote read it: one tag a line, no hard\n"
	"                       wraps, DA YYYY/MM/DD/ zero-padded\n"
	"  venue names          kept as given, plus the acronym as shortjournal; cv\n"
	"                       input: full name plus acronym (--venues)\n"
	"  unknown fields       kept verbatim; CSL-JSON keeps them in \"custom\"\n"
	"  crossref, xdata      resolved under the biblatex inheritance rules for\n"
	"                       CSL-JSON and RIS; BibTeX output keeps the crossref\n"
	"\n"
	"Exit status: 0 all converted; 1 some entries had errors (each reported, the\n"
	"rest still converted); 2 usage or I/O error.\n";

/* One input of the run.  Its outcome lives in shared memory, so that the
 * workers of a parallel run can report to the parent. */
struct input {
	const char *path; /* "-" for standard input */
	uint64_t size;    /* bytes, 0 when unknown (a pipe) */
	char *out;        /* batch mode: the output file */
};

struct outcome {
	size_t entries, errors, warnings;
	size_t written;       /* records written for this input */
	uint64_t bytes_done;  /* read so far */
	int state;            /* 0 waiting, 1 being read, 2 done */
	int io_error;
};

struct shared {
	size_t next;          /* the next input a worker takes */
	struct outcome o[];
};

struct run {
	struct cx_options opt;
	const struct cx_fmt *fmt;
	struct cx_out out;       /* the sink being written */
	int quiet, strict, color, progress, jobs;
	const char *output;      /* -o, or NULL */
	int batch;               /* -o names a directory */
	struct input *in;
	size_t nin;
	struct shared *sh;
	struct outcome *cur;     /* the input being read */
	struct lint *lint;       /* --check */
	FILE *curf;
	unsigned tick;
	int drawer;              /* this process draws the progress line */
	double t0, last_draw;
	uint64_t total_bytes;
	/* Modes that need the whole input (--aux, --dedup, --keys) hold a copy
	 * of every entry, with the input it came from, and write at the end. */
	int hold;
	size_t stage_errors, stage_warnings; /* reported by the stages */
	int dedup;               /* 1 merge duplicates, 2 only report them */
	struct keygen *keys;     /* --keys */
	struct keygen *cv_keys;  /* cv and refs input: keys unique across the run */
	struct auxset *aux;      /* --aux */
	struct arena held_arena;
	struct cx_entry **held;
	size_t nheld, capheld;
};

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* stderr in one write(2) per message, so that the lines of parallel
 * workers never mix.  With a progress line on the terminal, the line is
 * cleared first; the drawing process redraws it. */
static void say(const struct run *r, const char *s, size_t n)
{
	char buf[4096];
	size_t k = 0;
	if (r->progress && r->color) {
		memcpy(buf, "\r\033[K", 4);
		k = 4;
	}
	if (n > sizeof buf - k)
		n = sizeof buf - k;
	memcpy(buf + k, s, n);
	k += n;
	for (size_t off = 0; off < k;) {
		ssize_t w = write(2, buf + off, k - off);
		if (w <= 0 && errno != EINTR)
			return;
		if (w > 0)
			off += (size_t)w;
	}
}

static void sayf(const struct run *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void sayf(const struct run *r, const char *fmt, ...)
{
	char buf[4096];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	say(r, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

static void print_diag(void *ctx, const struct cx_diag *d)
{
	struct run *r = ctx;
	if (r->quiet && d->sev != CX_ERROR)
		return;
	static const char *const sev[] = {"note", "warning", "error"};
	static const char *const col[] = {"\033[1;36m", "\033[1;35m", "\033[1;31m"};
	if (!d->line) /* about a whole file */
		sayf(r, "%s: %s: %s\n", d->file, sev[d->sev], d->msg);
	else if (r->color)
		sayf(r, "\033[1m%s:%u:%u:\033[0m %s%s:\033[0m %s\n", d->file, d->line, d->col,
		     col[d->sev], sev[d->sev], d->msg);
	else
		sayf(r, "%s:%u:%u: %s: %s\n", d->file, d->line, d->col, sev[d->sev], d->msg);
}

/* ---- progress -------------------------------------------------------------- */

static void totals(const struct run *r, struct outcome *t, size_t *files_done)
{
	memset(t, 0, sizeof *t);
	*files_done = 0;
	for (size_t i = 0; i < r->nin; i++) {
		const struct outcome *o = &r->sh->o[i];
		t->entries += o->entries;
		t->errors += o->errors;
		t->warnings += o->warnings;
		t->io_error |= o->io_error;
		t->bytes_done += o->state == 2 ? r->in[i].size : o->bytes_done;
		*files_done += o->state == 2;
	}
	t->errors += r->stage_errors;
	t->warnings += r->stage_warnings;
}

static void draw_progress(struct run *r, int force)
{
	double t = now();
	if (!force && t - r->last_draw < 0.1)
		return;
	r->last_draw = t;
	struct outcome s;
	size_t done;
	totals(r, &s, &done);
	double secs = t - r->t0, mb = s.bytes_done / 1e6;
	double rate = secs > 0 ? mb / secs : 0;
	char left[32] = "";
	if (rate > 0 && r->total_bytes > s.bytes_done) {
		unsigned l = (unsigned)((r->total_bytes - s.bytes_done) / 1e6 / rate + 0.5);
		snprintf(left, sizeof left, ", %u:%02u left", l / 60, l % 60);
	}
	char buf[256];
	int n = snprintf(buf, sizeof buf, "\r\033[Kcitex: %zu/%zu files, %zu entries, %.1f MB/s%s",
	                 done, r->nin, s.entries, rate, left);
	if (n > 0 && write(2, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1) < 0)
		r->progress = 0;
}

/* Called now and then while an input is read: its bytes so far, and in
 * the drawing process the progress line. */
static void progress_tick(struct run *r)
{
	if (r->curf) {
		long pos = ftell(r->curf);
		if (pos > 0)
			r->cur->bytes_done = (uint64_t)pos;
	}
	if (r->drawer)
		draw_progress(r, 0);
}

static void summary(struct run *r)
{
	struct outcome s;
	size_t done;
	totals(r, &s, &done);
	double secs = now() - r->t0, mb = s.bytes_done / 1e6;
	sayf(r, "citex: %zu file%s, %zu entries, %zu error%s, %zu warning%s; %.1f MB in %.2f s "
	        "(%.1f MB/s)\n",
	     r->nin, r->nin == 1 ? "" : "s", s.entries, s.errors, s.errors == 1 ? "" : "s",
	     s.warnings, s.warnings == 1 ? "" : "s", mb, secs, secs > 0 ? mb / secs : 0.0);
}

/* ---- converting one input ---------------------------------------------------- */

/* Write one entry to the sink, if the target holds its kind. */
static void write_record(struct run *r, const struct cx_entry *e, struct outcome *from)
{
	if (!cx_fmt_holds(r->fmt, e, &r->opt))
		return;
	if (r->out.count && r->fmt->sep)
		r->fmt->sep(&r->out);
	r->fmt->entry(&r->out, e, r->out.count);
	r->out.count++;
	from->written++;
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
	if (r->nheld == r->capheld) {
		r->capheld = r->capheld ? 2 * r->capheld : 1024;
		r->held = xrealloc(r->held, r->capheld * sizeof *r->held);
	}
	r->held[r->nheld++] = model_copy_entry(&r->held_arena, e);
}

/* Read input i, writing its records to the current sink.  An input that
 * cannot be read is reported and counted; the others go on. */
static void convert(struct run *r, size_t i)
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
	const struct cx_reader *rd = r->opt.from ? cx_reader_find(r->opt.from)
	                                         : cx_reader_detect(is_stdin ? NULL : path, peek, npeek);
	struct cx_input in = {f, peek, npeek, 0, 0};
	struct cx_reader_ctx c = {0};
	c.opt = &r->opt;
	c.file = name;
	c.diag = print_diag;
	c.diag_ctx = r;
	c.diag_min = r->quiet ? CX_ERROR : CX_NOTE; /* as print_diag filters */
	c.emit = emit;
	c.emit_ctx = r;
	if (!r->cv_keys)
		r->cv_keys = keygen_new(NULL, NULL);
	c.keys = r->cv_keys;
	r->out.diag = &c;
	r->cur = o;
	r->curf = is_stdin ? NULL : f;
	errno = 0;
	int rc = rd->read(&c, &in);
	r->out.diag = NULL;
	r->curf = NULL;
	if (rc || in.error || ferror(f)) {
		sayf(r, "%s: error: read failed: %s\n", name, strerror(errno ? errno : EIO));
		o->io_error = 1;
	}
	if (!is_stdin)
		fclose(f);
	o->entries = c.nentries;
	o->errors = c.nerrors;
	o->warnings = c.nwarnings;
	o->state = 2;
	if (r->drawer)
		draw_progress(r, 0);
}

/* ---- sinks: standard output, or a file written atomically ------------------------ */

struct sink {
	FILE *f;
	char *tmp;        /* the temporary file beside path, or NULL */
	const char *path; /* NULL for standard output */
};

static int sink_open(struct run *r, struct sink *s, const char *path)
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
static int sink_close(struct run *r, struct sink *s, int keep)
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
static int convert_to_own_file(struct run *r, size_t i)
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

/* ---- serial and parallel runs ------------------------------------------------------ */

/* ---- held entries: the stages over the whole input, then writing ------------------ */

/* A stage's diagnostics count in the exit status like a reader's. */
static void stage_diag(void *ctx, const struct cx_diag *d)
{
	struct run *r = ctx;
	r->stage_errors += d->sev == CX_ERROR;
	r->stage_warnings += d->sev == CX_WARNING;
	print_diag(ctx, d);
}

/* The stages that need every entry, in order: the .aux subset first (so
 * nothing uncited is merged or keyed), then duplicates, then keys. */
static void run_stages(struct run *r)
{
	if (r->aux)
		aux_select(r->aux, r->held, &r->nheld, stage_diag, r);
	if (r->dedup)
		dedup_run(r->held, &r->nheld, &r->held_arena, r->dedup == 2, stage_diag, r);
	if (r->keys)
		keygen_run(r->keys, r->held, r->nheld);
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
	struct cx_reader_ctx c = {.opt = &r->opt, .diag = print_diag, .diag_ctx = r};
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
			struct cx_reader_ctx c = {.opt = &r->opt, .diag = print_diag, .diag_ctx = r};
			aux_select(r->aux, r->held, &r->nheld, stage_diag, r);
			for (size_t j = 0; j < r->nheld; j++) {
				c.file = r->held[j]->file;
				lint_entry(r->lint, r->held[j], &c);
			}
		}
		free(r->held);
		arena_destroy(&r->held_arena);
		return 0;
	}
	run_stages(r);
	int rc = write_held(r);
	free(r->held);
	arena_destroy(&r->held_arena);
	return rc;
}

static int run_serial(struct run *r)
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

/* A worker takes inputs until none are left.  Concatenated output goes to
 * one part file per input, which the parent joins in input order. */
static void worker(struct run *r, const char *partdir)
{
	r->drawer = 0;
	for (;;) {
		size_t i = __atomic_fetch_add(&r->sh->next, 1, __ATOMIC_RELAXED);
		if (i >= r->nin)
			break;
		if (r->batch) {
			convert_to_own_file(r, i);
			continue;
		}
		char part[4096 + 24]; /* partdir, a slash and an index */
		snprintf(part, sizeof part, "%s/%zu", partdir, i);
		FILE *f = fopen(part, "wb");
		if (!f) {
			sayf(r, "citex: cannot write %s: %s\n", part, strerror(errno));
			r->sh->o[i].io_error = 1;
			r->sh->o[i].state = 2;
			continue;
		}
		out_init(&r->out, f, &r->opt);
		convert(r, i);
		int werr = out_flush(&r->out);
		out_free(&r->out);
		if (fclose(f) || werr) {
			sayf(r, "citex: cannot write %s: %s\n", part, strerror(werr ? werr : errno));
			r->sh->o[i].io_error = 1;
		}
	}
	fflush(NULL);
	_exit(0);
}

/* Join the parts in input order into the final output. */
static int join_parts(struct run *r, const char *partdir)
{
	struct sink s;
	int rc = sink_open(r, &s, r->opt.check_only ? NULL : r->output);
	if (rc == 0 && !r->opt.check_only && r->fmt->begin)
		r->fmt->begin(&r->out);
	size_t written = 0;
	char buf[1 << 16];
	for (size_t i = 0; i < r->nin; i++) {
		char part[4096 + 24]; /* partdir, a slash and an index */
		snprintf(part, sizeof part, "%s/%zu", partdir, i);
		FILE *f = rc == 0 ? fopen(part, "rb") : NULL;
		if (f) {
			if (written && r->sh->o[i].written && r->fmt->sep)
				r->fmt->sep(&r->out);
			size_t n;
			while ((n = fread(buf, 1, sizeof buf, f)) > 0)
				out_write(&r->out, buf, n);
			fclose(f);
			written += r->sh->o[i].written;
		}
		unlink(part);
	}
	rmdir(partdir);
	if (rc < 0)
		return -1;
	if (!r->opt.check_only && r->fmt->end)
		r->fmt->end(&r->out, written);
	return sink_close(r, &s, 1);
}

static int run_parallel(struct run *r)
{
	char partdir[4096] = "";
	if (!r->batch) {
		const char *tmp = getenv("TMPDIR");
		snprintf(partdir, sizeof partdir, "%s/citex.XXXXXX", tmp && *tmp ? tmp : "/tmp");
		if (!mkdtemp(partdir)) {
			sayf(r, "citex: cannot make a temporary directory: %s\n", strerror(errno));
			return -1;
		}
	}
	fflush(NULL);
	int jobs = r->jobs < (int)r->nin ? r->jobs : (int)r->nin;
	pid_t *pids = calloc((size_t)jobs, sizeof *pids);
	if (!pids)
		abort();
	int started = 0;
	for (; started < jobs; started++) {
		pid_t p = fork();
		if (p == 0)
			worker(r, partdir);
		if (p < 0) {
			sayf(r, "citex: fork: %s\n", strerror(errno));
			break;
		}
		pids[started] = p;
	}
	if (!started) { /* no worker could start: do the work here */
		free(pids);
		if (*partdir)
			rmdir(partdir);
		return run_serial(r);
	}
	int alive = started, crashed = 0;
	while (alive > 0) {
		int st;
		pid_t p = r->progress ? waitpid(-1, &st, WNOHANG) : waitpid(-1, &st, 0);
		if (p == 0) {
			draw_progress(r, 0);
			nanosleep(&(struct timespec){0, 50 * 1000 * 1000}, NULL);
			continue;
		}
		if (p < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		alive--;
		if (!WIFEXITED(st) || WEXITSTATUS(st))
			crashed = 1;
	}
	free(pids);
	/* A worker that died took its input with it: say which. */
	for (size_t i = 0; i < r->nin; i++) {
		struct outcome *o = &r->sh->o[i];
		if (o->state != 2 && (crashed || o->state == 1)) {
			sayf(r, "%s: error: not converted (a worker ended abnormally)\n", r->in[i].path);
			o->io_error = 1;
			o->state = 2;
		}
	}
	if (r->batch)
		return 0;
	return join_parts(r, partdir);
}

/* ---- planning ---------------------------------------------------------------- */

static int same_file(const struct stat *a, const char *path)
{
	struct stat b;
	return !stat(path, &b) && a->st_dev == b.st_dev && a->st_ino == b.st_ino;
}

/* Would writing path replace one of the inputs? */
static const char *overwrites_input(const struct run *r, const char *path)
{
	struct stat st;
	if (stat(path, &st))
		return NULL;
	for (size_t i = 0; i < r->nin; i++)
		if (strcmp(r->in[i].path, "-") && same_file(&st, r->in[i].path))
			return r->in[i].path;
	return NULL;
}

static int by_out(const void *a, const void *b)
{
	const struct input *const *x = a, *const *y = b;
	return strcmp((*x)->out, (*y)->out);
}

/* Batch mode: name each input's output DIR/BASE.EXT, and refuse a plan
 * that would overwrite an input or write two inputs to one file. */
static int plan_batch(struct run *r)
{
	const char *dir = r->output;
	size_t dn = strlen(dir);
	while (dn > 1 && dir[dn - 1] == '/')
		dn--;
	for (size_t i = 0; i < r->nin; i++) {
		const char *p = r->in[i].path;
		if (!strcmp(p, "-")) {
			fprintf(stderr, "citex: standard input cannot be converted into a directory\n");
			return -1;
		}
		const char *base = strrchr(p, '/');
		base = base ? base + 1 : p;
		const char *dot = strrchr(base, '.');
		size_t bn = dot && dot != base ? (size_t)(dot - base) : strlen(base);
		size_t n = dn + bn + strlen(r->fmt->ext) + 3;
		r->in[i].out = malloc(n);
		if (!r->in[i].out)
			abort();
		snprintf(r->in[i].out, n, "%.*s/%.*s.%s", (int)dn, dir, (int)bn, base, r->fmt->ext);
		const char *victim = overwrites_input(r, r->in[i].out);
		if (victim) {
			fprintf(stderr, "citex: %s: refusing to overwrite the input %s\n", r->in[i].out,
			        victim);
			return -1;
		}
	}
	struct input **v = malloc(r->nin * sizeof *v);
	if (!v)
		abort();
	for (size_t i = 0; i < r->nin; i++)
		v[i] = &r->in[i];
	qsort(v, r->nin, sizeof *v, by_out);
	int clash = 0;
	for (size_t i = 1; i < r->nin && !clash; i++)
		if (!strcmp(v[i - 1]->out, v[i]->out)) {
			fprintf(stderr, "citex: %s and %s would both be written to %s\n", v[i - 1]->path,
			        v[i]->path, v[i]->out);
			clash = 1;
		}
	free(v);
	return clash ? -1 : 0;
}

/* -o names a directory when it is one, or when it ends in '/' (then it is
 * made). */
static int output_is_dir(const char *path)
{
	struct stat st;
	if (!stat(path, &st))
		return S_ISDIR(st.st_mode);
	size_t n = strlen(path);
	if (n && path[n - 1] == '/') {
		if (mkdir(path, 0777) && errno != EEXIST)
			return -1;
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"from", required_argument, NULL, 'f'},
		{"to", required_argument, NULL, 't'},
		{"output", required_argument, NULL, 'o'},
		{"jobs", required_argument, NULL, 'j'},
		{"ascii", no_argument, NULL, 'A'},
		{"expand-macros", no_argument, NULL, 'E'},
		{"particles", required_argument, NULL, 'P'},
		{"max-expansion", required_argument, NULL, 'M'},
		{"report-loss", no_argument, NULL, 'L'},
		{"dedup", optional_argument, NULL, 'D'},
		{"owner", required_argument, NULL, 'O'},
		{"keys", optional_argument, NULL, 'K'},
		{"aux", required_argument, NULL, 'X'},
		{"venues-file", required_argument, NULL, 'W'},
		{"venues", required_argument, NULL, 'Y'},
		{"check", no_argument, NULL, 'C'},
		{"strict", no_argument, NULL, 'S'},
		{"quiet", no_argument, NULL, 'q'},
		{"progress", no_argument, NULL, 'G'},
		{"version", no_argument, NULL, 'V'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	static struct run r;
	r.opt.to = "bibtex";
	r.jobs = 1;
	int want_progress = 0, want_keys = 0;
	const char *key_pattern = NULL, *aux_path = NULL;
	int c;
	while ((c = getopt_long(argc, argv, "f:t:o:j:qh", longopts, NULL)) != -1) {
		switch (c) {
		case 'f': r.opt.from = optarg; break;
		case 't': r.opt.to = optarg; break;
		case 'o': r.output = optarg; break;
		case 'A': r.opt.ascii = 1; break;
		case 'E': r.opt.expand_macros = 1; break;
		case 'L': r.opt.report_loss = 1; break;
		case 'D':
			if (optarg && strcmp(optarg, "report")) {
				fprintf(stderr, "citex: --dedup takes no value or =report\n");
				return EXIT_USAGE;
			}
			r.dedup = optarg ? 2 : 1;
			r.hold = 1;
			break;
		case 'O': r.opt.owner = optarg; break;
		case 'K':
			want_keys = 1;
			key_pattern = optarg;
			/* "--keys PATTERN": the next word is the pattern when it
			 * holds a [field] and names no file. */
			if (!optarg && optind < argc && strchr(argv[optind], '[') &&
			    access(argv[optind], F_OK) != 0)
				key_pattern = argv[optind++];
			break;
		case 'X': aux_path = optarg; break;
		case 'W': {
			const char *err = NULL;
			if (venue_table_load(optarg, &err) < 0) {
				fprintf(stderr, "citex: %s: %s\n", optarg, err ? err : "cannot read venue table");
				return EXIT_USAGE;
			}
			break;
		}
		case 'Y': {
			static const char *const modes[] = {"full", "short", "keep"};
			size_t m = 0;
			while (m < 3 && strcmp(optarg, modes[m]))
				m++;
			if (m == 3) {
				fprintf(stderr, "citex: --venues takes full, short or keep\n");
				return EXIT_USAGE;
			}
			r.opt.venues = (enum cx_venues)(CX_VENUES_FULL + m);
			break;
		}
		case 'C': r.opt.check_only = 1; break;
		case 'S': r.strict = 1; break;
		case 'q': r.quiet = 1; break;
		case 'G': want_progress = 1; break;
		case 'j': {
			char *end;
			long v = strtol(optarg, &end, 10);
			if (*end || v < 0 || v > 1024) {
				fprintf(stderr, "citex: -j takes a number of jobs (0: one per CPU)\n");
				return EXIT_USAGE;
			}
			r.jobs = v ? (int)v : (int)sysconf(_SC_NPROCESSORS_ONLN);
			if (r.jobs < 1)
				r.jobs = 1;
			break;
		}
		case 'P':
			if (!strcmp(optarg, "dropping"))
				r.opt.particles = CX_PARTICLES_DROPPING;
			else if (!strcmp(optarg, "nondropping") || !strcmp(optarg, "non-dropping"))
				r.opt.particles = CX_PARTICLES_NONDROPPING;
			else {
				fprintf(stderr, "citex: --particles takes dropping or nondropping\n");
				return EXIT_USAGE;
			}
			break;
		case 'M': {
			char *end;
			unsigned long long v = strtoull(optarg, &end, 10);
			if (*end || !v) {
				fprintf(stderr, "citex: --max-expansion takes a positive byte count\n");
				return EXIT_USAGE;
			}
			r.opt.macro_cap = (size_t)v;
			break;
		}
		case 'V': printf("citex %s\n", CITEX_VERSION); return EXIT_OK;
		case 'h': fputs(usage_text, stdout); return EXIT_OK;
		default: fputs(usage_text, stderr); return EXIT_USAGE;
		}
	}
	if (r.opt.from && !cx_reader_find(r.opt.from)) {
		fprintf(stderr, "citex: unknown input format '%s'\n", r.opt.from);
		return EXIT_USAGE;
	}
	r.fmt = cx_fmt_find(r.opt.to);
	if (!r.fmt) {
		fprintf(stderr, "citex: unknown output format '%s' (bibtex, biblatex, ris, csl-json)\n",
		        r.opt.to);
		return EXIT_USAGE;
	}
	if (want_keys) {
		const char *err = "bad pattern";
		if (!(r.keys = keygen_new(key_pattern, &err))) {
			fprintf(stderr, "citex: --keys=%s: %s\n", key_pattern ? key_pattern : "", err);
			return EXIT_USAGE;
		}
		/* In .bib output the old keys stay citable through ids. */
		if (!strcmp(r.fmt->name, "bibtex") || !strcmp(r.fmt->name, "biblatex"))
			keygen_aliases(r.keys);
		r.hold = 1;
	}
	int tty = isatty(2);
	r.color = tty && !getenv("NO_COLOR");
	if (aux_path) {
		if (!(r.aux = aux_load(aux_path, stage_diag, &r)))
			return EXIT_USAGE;
		r.hold = 1;
	}
	r.progress = !r.quiet && (tty || want_progress);
	r.drawer = r.progress && tty;
	/* A file-size limit makes writes fail with EFBIG, reported like a full disk. */
	signal(SIGXFSZ, SIG_IGN);

	static char *const stdin_only[] = {"-"};
	char *const *paths = optind < argc ? argv + optind : stdin_only;
	r.nin = optind < argc ? (size_t)(argc - optind) : 1;
	r.in = calloc(r.nin, sizeof *r.in);
	if (!r.in)
		abort();
	for (size_t i = 0; i < r.nin; i++) {
		struct stat st;
		r.in[i].path = paths[i];
		if (strcmp(paths[i], "-") && !stat(paths[i], &st) && S_ISREG(st.st_mode))
			r.in[i].size = (uint64_t)st.st_size;
		r.total_bytes += r.in[i].size;
	}
	if (r.output && !strcmp(r.output, "-"))
		r.output = NULL;
	if (r.opt.check_only)
		r.output = NULL;
	if (r.output) {
		int d = output_is_dir(r.output);
		if (d < 0) {
			fprintf(stderr, "citex: cannot make %s: %s\n", r.output, strerror(errno));
			return EXIT_USAGE;
		}
		r.batch = d;
		if (r.batch ? plan_batch(&r) < 0 : 0)
			return EXIT_USAGE;
		const char *victim = r.batch ? NULL : overwrites_input(&r, r.output);
		if (victim) {
			fprintf(stderr, "citex: %s: refusing to overwrite the input %s\n", r.output, victim);
			return EXIT_USAGE;
		}
	}
	size_t shbytes = sizeof *r.sh + r.nin * sizeof r.sh->o[0];
	r.sh = mmap(NULL, shbytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (r.sh == MAP_FAILED) {
		fprintf(stderr, "citex: out of memory\n");
		return EXIT_USAGE;
	}
	r.t0 = now();

	if (r.hold && r.jobs > 1) {
		if (!r.quiet)
			fprintf(stderr, "citex: note: --aux, --dedup and --keys read all inputs in one "
			                "process; -j is ignored\n");
		r.jobs = 1;
	}
	if (r.opt.check_only) {
		r.lint = lint_new();
		r.jobs = 1; /* lint compares the keys of all inputs */
	}
	int werr = (r.jobs > 1 && r.nin > 1) ? run_parallel(&r) : run_serial(&r);
	lint_free(r.lint);

	struct outcome t;
	size_t done;
	totals(&r, &t, &done);
	if (r.progress)
		summary(&r);
	keygen_free(r.keys);
	keygen_free(r.cv_keys);
	aux_free(r.aux);
	for (size_t i = 0; i < r.nin; i++)
		free(r.in[i].out);
	free(r.in);
	munmap(r.sh, shbytes);
	if (werr || t.io_error)
		return EXIT_USAGE;
	if (t.errors || (r.strict && t.warnings))
		return EXIT_ENTRY_ERRORS;
	return EXIT_OK;
}
