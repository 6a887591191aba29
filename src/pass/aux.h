/* pass/aux.h - the citations of a LaTeX run, read from its .aux file, and the
 * subset of a bibliography they need (--aux). */
#ifndef CX_AUX_H
#define CX_AUX_H

#include <stddef.h>
#include "citex.h"
#include "core/diag.h"
#include "model/model.h"

struct auxset;

/* Read the citations in the .aux file at path and in the files it pulls in
 * with \@input.  Returns NULL on an I/O error on path itself, reported
 * through diag; the caller frees the result with aux_free. */
struct auxset *aux_load(const char *path, struct cx_diags *d);

/* Keep the cited entries of v[0..*n) and their crossref, xdata, set and
 * related targets (transitively), in input order, and set *n to the count
 * kept.  Entries that are no records (@string, @preamble, @comment) stay,
 * for BibTeX output.  Keys match without regard to ASCII case, as in
 * bibtex; a citation that matches only up to case is kept and warned about.
 * Each citation with no entry is reported at its place in the .aux file.
 * Dropped pointers are not freed: the entries belong to the caller. */
void aux_select(struct auxset *a, struct cx_entry **v, size_t *n, struct cx_diags *d);

/* The citations in the order the document makes them (repeats kept). */
size_t aux_ncites(const struct auxset *a);
const char *aux_cite_key(const struct auxset *a, size_t i);

void aux_free(struct auxset *a);

/* Does the run cite every entry (\nocite{*})? */
int aux_nocite_all(const struct cx_aux *a);

#endif
