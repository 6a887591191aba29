/* cli/report.c - stderr: diagnostics, the progress line and the summary.
 *
 * Every message leaves in one write(2), so the lines of parallel workers
 * never mix.  Colour is used only on a terminal (and not with NO_COLOR). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"

double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* stderr in one write(2) per message, so that the lines of parallel
 * workers never mix.  With a progress line on the terminal, the line is
 * cleared first; the drawing process redraws it. */
void say(const struct run *r, const char *s, size_t n)
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

void sayf(const struct run *r, const char *fmt, ...)
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

void print_diag(void *ctx, const struct cx_diag *d)
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

void totals(const struct run *r, struct outcome *t, size_t *files_done)
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
	t->errors += r->stage.errors;
	t->warnings += r->stage.warnings;
}

void draw_progress(struct run *r, int force)
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
void progress_tick(struct run *r)
{
	if (r->curf) {
		long pos = ftell(r->curf);
		if (pos > 0)
			r->cur->bytes_done = (uint64_t)pos;
	}
	if (r->drawer)
		draw_progress(r, 0);
}

void summary(struct run *r)
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

