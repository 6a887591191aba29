/* tidy/tidy.h - `citex tidy`: format and tidy BibTeX source, as bibtex-tidy
 * 1.14.0 does, without going through the model.
 *
 * The layer above pass: it reads a whole .bib with the tidy dialect of the
 * BibTeX scanner (read/bibsrc.h), applies bibtex-tidy's options to the tree
 * (merge duplicates, sort, generate keys) and writes it back, value by
 * value, through bibtex-tidy's formatting.  What no option changes is
 * written as it was read.  Where bibtex-tidy would lose data by default
 * (a duplicate field whose value differs, bytes that are not UTF-8) citex
 * keeps it, unless `lossy` asks for bibtex-tidy's output exactly.
 *
 * The command line (cli/tidy.c) turns bibtex-tidy's options into a struct
 * cx_tidy_opts (citex.h, the options and the results are public);
 * tidy_run does the rest, with no I/O of its own. */
#ifndef CX_TIDY_H
#define CX_TIDY_H

#include <stddef.h>

#include "citex.h"
#include "core/diag.h"
#include "core/strbuf.h"

struct tidy_result {
	struct buf out;        /* the tidied file */
	size_t count;          /* entries written */
	struct cx_tidy_warning *warnings;
	size_t nwarnings;
	size_t nkept;          /* duplicate fields kept because lossy is off */
};

/* Tidy in[0..n).  Returns 0 with the result in *r, or -1 when the input
 * does not parse (the errors went through d, and r->out is empty); a bad
 * key template is reported through d too.  Free r with tidy_result_free. */
int tidy_run(const struct cx_tidy_opts *o, const char *in, size_t n, struct tidy_result *r,
             struct cx_diags *d);
void tidy_result_free(struct tidy_result *r);

#endif
