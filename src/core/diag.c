/* core/diag.c - counting, formatting and delivering diagnostics. */
#include <stdio.h>

#include "core/diag.h"

void diag_vreport(struct cx_diags *d, const char *file, enum cx_sev sev, enum cx_code code,
                  unsigned line, unsigned col, const char *fmt, va_list ap)
{
	diag_count(d, sev);
	if (!diag_wanted(d, sev))
		return;
	char msg[1024];
	vsnprintf(msg, sizeof msg, fmt, ap);
	struct cx_diag out = {sev, code, file ? file : d->file, line, col, msg};
	d->fn(d->ctx, &out);
}

void diag_report(struct cx_diags *d, enum cx_sev sev, enum cx_code code, unsigned line,
                 unsigned col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vreport(d, NULL, sev, code, line, col, fmt, ap);
	va_end(ap);
}

void diag_report_at(struct cx_diags *d, const char *file, enum cx_sev sev, enum cx_code code,
                    unsigned line, unsigned col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vreport(d, file, sev, code, line, col, fmt, ap);
	va_end(ap);
}
