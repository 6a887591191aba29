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
	/* the items to render, made from the entries as they are read */
	struct arena a;
	struct csl_item **items;
	size_t nitems, capitems;
};

/* The CSL output format a -t name asks for, or -1. */
int csl_cli_format(const char *to);
/* Load the style and locale into c (the caller's); -1 with a message in
 * err, 1 with a note in err (a style with no bibliography: entries are
 * its notes).  c->st is NULL until it succeeds, and again after
 * csl_cli_close. */
int csl_cli_open(struct csl_cli *c, const struct csl_cli_opts *o, char *err, size_t errlen);
void csl_cli_close(struct csl_cli *c);
/* Make the CSL item of an entry (other records are skipped); the entry
 * may go once this returns. */
void csl_cli_add(struct csl_cli *c, const struct cx_entry *e, const struct cx_options *opt);
/* Render the items added as one bibliography. */
void csl_cli_write(struct csl_cli *c, struct cx_out *o, const struct auxset *aux);

#endif
