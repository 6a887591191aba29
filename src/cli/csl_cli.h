/* cli/csl_cli.h - the command line's side of the CSL processor. */
#ifndef CX_CSL_CLI_H
#define CX_CSL_CLI_H

#include "citex.h"
#include "core/arena.h"
#include "core/out.h"
#include "csl/csl.h"

struct auxset;

struct csl_cli_opts {
	const char *style;     /* --style NAME|FILE, NULL: the built-in default */
	const char *locale;    /* --locale TAG */
	const char *locales;   /* --locales DIR */
	const char *highlight; /* --highlight "Given Family" */
	int group_by;          /* --group-by: 0 none, 1 type, 2 year */
	int format;            /* enum csl_outfmt */
};

struct csl_cli {
	struct csl_cli_opts o;
	struct csl_style *st;
	struct csl_locale L;
};

/* The CSL output format a -t name asks for, or -1. */
int csl_cli_format(const char *to);
/* Load the style and locale into c (the caller's); -1 with a message in
 * err.  c->st is NULL until it succeeds, and again after csl_cli_close. */
int csl_cli_open(struct csl_cli *c, const struct csl_cli_opts *o, char *err, size_t errlen);
void csl_cli_close(struct csl_cli *c);
/* Render the held entries as one bibliography. */
void csl_cli_write(struct csl_cli *c, struct cx_entry **v, size_t n, struct cx_out *o,
                   const struct cx_options *opt, const struct auxset *aux);

#endif
