/* norm/context.c - making, setting and freeing a context. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <time.h>

#include "core/arena.h"
#include "norm/context.h"
#include "norm/keys.h"
#include "norm/strings.h"
#include "norm/venue.h"

struct cx_context *cx_context_new(const struct cx_options *opt)
{
	struct cx_context *cx = xcalloc(1, sizeof *cx);
	if (opt)
		cx->opt = *opt;
	cx->diag_min = CX_NOTE;
	cx->venues = venue_db_new();
	cx->strings = strings_new();
	time_t now = time(NULL);
	struct tm tm;
	if (gmtime_r(&now, &tm))
		cx_context_set_today(cx, tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
	return cx;
}

void cx_context_free(struct cx_context *cx)
{
	if (!cx)
		return;
	venue_db_free(cx->venues);
	keygen_free(cx->cv_keys);
	strings_free(cx->strings);
	free(cx);
}

const struct cx_options *cx_context_options(const struct cx_context *cx)
{
	return &cx->opt;
}

void cx_context_set_diag(struct cx_context *cx, cx_diag_fn fn, void *ctx, enum cx_sev min)
{
	cx->diag = fn;
	cx->diag_ctx = ctx;
	cx->diag_min = min;
}

void cx_context_set_today(struct cx_context *cx, int year, int month, int day)
{
	cx->today[0] = year;
	cx->today[1] = month;
	cx->today[2] = day;
	if (cx->venues)
		venue_db_set_year(cx->venues, year);
}

int cx_context_add_venues(struct cx_context *cx, const char *path, char *err, size_t errsize)
{
	return venue_db_load(cx->venues, path, err, errsize) < 0 ? -1 : 0;
}

struct cx_diags context_diags(const struct cx_context *cx, const char *file)
{
	return (struct cx_diags){cx->diag, cx->diag_ctx, file, cx->diag_min, 0, 0};
}

void context_count(struct cx_counts *c, const struct cx_diags *d)
{
	if (!c)
		return;
	c->errors += d->nerrors;
	c->warnings += d->nwarnings;
}

struct keygen *context_cv_keys(struct cx_context *cx)
{
	if (!cx->cv_keys)
		cx->cv_keys = keygen_new(cx->venues, NULL, NULL);
	return cx->cv_keys;
}
