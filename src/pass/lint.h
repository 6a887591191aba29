/* pass/lint.h - --check: problems a reader lets through, found on the model.
 *
 * The readers already report what they see while parsing (syntax errors,
 * unbalanced braces, duplicate keys within one BibTeX file, undefined
 * macros, unknown entry types).  lint looks at each finished entry, so it
 * works the same for every input format: required fields, values that look
 * wrong, and keys repeated across the files of one run. */
#ifndef CX_LINT_H
#define CX_LINT_H

#include "citex.h"
#include "core/diag.h"
#include "model/model.h"

struct lint;

/* A linter for one run; free it with lint_free. */
struct lint *lint_new(void);
void lint_free(struct lint *L);

/* Check one entry as the reader delivers it.  Reports go through c->diag
 * as warnings and are counted in c->nwarnings, like the reader's own. */
void lint_entry(struct lint *L, const struct cx_entry *e, struct cx_diags *d);

#endif
