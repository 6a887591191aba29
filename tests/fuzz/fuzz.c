/* fuzz.c - the shared half of the harnesses: input plumbing and writer sinks.
 *
 * The plumbing copies src/cli/main.c's convert(): up to 8 KiB are peeked, the
 * rest is read from the stream, so a crash here is a crash of the command
 * line too.  A pipe is an fmemopen stream (no file descriptor, so nothing
 * can seek or reread it); a file is a memfd, which fstat calls regular. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"
#include "core/out.h"
#include "norm/context.h"
#include "read/reader.h"
#include "write/fmt.h"

enum { PEEK = 8192 };

/* One writer with one option set, and the entry count src/cli/main.c keeps. */
struct sink {
	const char *fmt;
	struct cx_options opt;
	struct cx_out out;
	const struct cx_fmt *f;
};

static struct sink sinks[] = {
	{"bibtex", {.report_loss = 1}},
	{"bibtex", {.ascii = 1, .expand_macros = 1}},
	{"biblatex", {.expand_macros = 1}},
	{"biblatex", {.ascii = 1, .report_loss = 1}},
	{"ris", {.report_loss = 1}},
	{"ris", {.particles = CX_PARTICLES_DROPPING}},
	{"csl-json", {.report_loss = 1}},
	{"csl-json", {.particles = CX_PARTICLES_DROPPING}},
	{"csl-yaml", {.report_loss = 1}},
	{"hayagriva", {.report_loss = 1}},
	{"mods", {.report_loss = 1}},
};
enum { NSINKS = sizeof sinks / sizeof sinks[0] };

static FILE *devnull;
static FILE *tracing; /* fuzz_trace: where the diagnostics go too */
enum { TRACE_BIBTEX = 0, TRACE_CSL = 6 };

/* Diagnostics are formatted as the command line would, then dropped. */
static void diag(void *ctx, const struct cx_diag *d)
{
	(void)ctx;
	char line[256];
	snprintf(line, sizeof line, "%s:%u:%u: %d: %s", d->file, d->line, d->col, (int)d->sev,
	         d->msg);
	if (tracing)
		fprintf(tracing, "%s\n", line);
}

/* src/cli/main.c's emit(), once per sink. */
static void emit(void *ctx, struct cx_entry *e)
{
	(void)ctx;
	for (size_t i = 0; i < NSINKS; i++) {
		struct sink *s = &sinks[i];
		int bib = !strcmp(s->f->name, "bibtex") || !strcmp(s->f->name, "biblatex");
		if (e->kind != CX_ENTRY_RECORD && !bib)
			continue;
		if (!bib && e->type_name.n == 5 && !memcmp(e->type_name.p, "xdata", 5))
			continue;
		if (e->kind == CX_ENTRY_STRING && s->opt.expand_macros)
			continue;
		s->f->entry(&s->out, e, s->out.count);
		s->out.count++;
	}
}

/* The sinks live as long as the process: their buffers are reused. */
static void open_sinks(void)
{
	devnull = fopen("/dev/null", "wb");
	if (!devnull)
		abort();
	for (size_t i = 0; i < NSINKS; i++) {
		struct sink *s = &sinks[i];
		s->f = cx_fmt_find(s->fmt);
		if (!s->f)
			abort();
		out_init(&s->out, devnull, &s->opt);
	}
}

static FILE *open_stream(const uint8_t *data, size_t n, enum fuzz_via via)
{
	if (via != FUZZ_PIPE) {
		int fd = memfd_create("citex-fuzz", MFD_CLOEXEC);
		if (fd < 0 || (n && write(fd, data, n) != (ssize_t)n) || lseek(fd, 0, SEEK_SET)) {
			perror("fuzz: memfd");
			abort();
		}
		return fdopen(fd, "rb");
	}
	/* fmemopen cannot open an empty buffer everywhere: "/dev/null" has no data either. */
	return n ? fmemopen((void *)data, n, "rb") : fopen("/dev/null", "rb");
}

void fuzz_convert(const char *reader, const uint8_t *data, size_t n, enum fuzz_via via,
                  const struct cx_options *ropt)
{
	if (!devnull)
		open_sinks();
	const struct cx_reader *rd = cx_reader_find(reader);
	FILE *f = open_stream(data, n, via);
	if (!rd || !f)
		abort();
	static char peek[PEEK];
	size_t npeek = fread(peek, 1, sizeof peek, f);
	struct cx_input in = {f, peek, npeek, 0, 0};
	/* A context per input: every run of an input is alike (the cv reader's
	 * keys, the venue memo). */
	struct cx_context *cx = cx_context_new(ropt);
	cx->keep_parents = via == FUZZ_KEPT;
	cx_context_set_today(cx, 2026, 1, 1);
	cx_context_set_diag(cx, diag, NULL, CX_NOTE);
	struct cx_reader_ctx c;
	reader_ctx_init(&c, cx, "<fuzz>");
	c.emit = emit;
	for (size_t i = 0; i < NSINKS; i++) {
		struct sink *s = &sinks[i];
		s->out.count = 0;
		s->out.diag = &c.diags;
		/* A run is a new output: what an earlier run reported once
		 * (an unknown command of "<fuzz>") is reported again. */
		hindex_free(&s->out.once);
		if (s->f->begin)
			s->f->begin(&s->out);
	}
	rd->read(&c, &in);
	for (size_t i = 0; i < NSINKS; i++) {
		struct sink *s = &sinks[i];
		if (s->f->end)
			s->f->end(&s->out, s->out.count);
		out_flush(&s->out);
		s->out.diag = NULL;
	}
	fclose(f);
	cx_context_free(cx);
}

void fuzz_trace(const char *reader, const uint8_t *data, size_t n, enum fuzz_via via,
                const struct cx_options *ropt, FILE *trace)
{
	if (!devnull)
		open_sinks();
	tracing = trace;
	sinks[TRACE_BIBTEX].out.f = sinks[TRACE_CSL].out.f = trace;
	fuzz_convert(reader, data, n, via, ropt);
	sinks[TRACE_BIBTEX].out.f = sinks[TRACE_CSL].out.f = devnull;
	tracing = NULL;
}
