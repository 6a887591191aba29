/* core/diag.h - the one diagnostic formatter of the library.
 *
 * A reader or a pass holds a struct cx_diags: the caller's callback, the
 * file the positions refer to, the counts, and the lowest severity the
 * callback keeps.  Everything below that is counted but never formatted,
 * so --quiet costs no printf on a file full of warnings. */
#ifndef CX_DIAG_H
#define CX_DIAG_H

#include <stdarg.h>
#include <stddef.h>

#include "citex.h"

struct cx_diags {
	cx_diag_fn fn;     /* NULL: count only */
	void *ctx;
	const char *file;  /* "<stdin>" for standard input */
	enum cx_sev min;   /* below this, counted but not formatted */
	size_t nerrors, nwarnings;
};

/* Would a diagnostic of severity sev reach the callback? */
static inline int diag_wanted(const struct cx_diags *d, enum cx_sev sev)
{
	return d->fn && sev >= d->min;
}

/* Count a diagnostic that will not be formatted (!diag_wanted). */
static inline void diag_count(struct cx_diags *d, enum cx_sev sev)
{
	d->nerrors += sev == CX_ERROR;
	d->nwarnings += sev == CX_WARNING;
}

/* Count, format and deliver one diagnostic at line:col (1-based; 0 for
 * none).  A message longer than 1,000 bytes is cut. */
void diag_report(struct cx_diags *d, enum cx_sev sev, enum cx_code code, unsigned line,
                 unsigned col, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* The same about a place in another file (an entry held from an earlier
 * input): file NULL means d->file. */
void diag_vreport(struct cx_diags *d, const char *file, enum cx_sev sev, enum cx_code code,
                  unsigned line, unsigned col, const char *fmt, va_list ap);
void diag_report_at(struct cx_diags *d, const char *file, enum cx_sev sev, enum cx_code code,
                    unsigned line, unsigned col, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));

#endif
