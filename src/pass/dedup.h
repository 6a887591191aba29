/* pass/dedup.h - finding and merging duplicate records across a whole run. */
#ifndef CX_DEDUP_H
#define CX_DEDUP_H

#include <stddef.h>

#include "citex.h"
#include "core/arena.h"
#include "core/diag.h"
#include "model/model.h"

/* v[0..*n) are deep copies of all entries of the run (model_copy_entry), in
 * input order, allocated in arena a.  Records that share a DOI, a PMID, an
 * arXiv id, or a normalized title with the same year and first author are
 * one group.  Each group keeps one survivor: the first published record
 * when the group holds an arXiv preprint and its published version, else
 * the first in input order.  The survivor gains the fields it lacks from
 * the others and the fuller of two values that say the same thing;
 * conflicting values keep the survivor's and are reported; a field
 * "sources" names every record merged into it; crossref and xdata keys
 * that named a dropped entry are redirected to the survivor.  The
 * survivors keep their input order and *n shrinks.
 *
 * Every merge is reported through diag (a note at the dropped entry, naming
 * the survivor and the reason), every conflict too (a warning).  With
 * report_only the reports are the same and nothing changes.  Returns the
 * number of entries merged away (or that would be). */
/* row, when not NULL, is called with every merge, near miss and value
 * chosen (citex.h, struct cx_dedup_row), in input order, with row_ctx. */
size_t dedup_run(struct cx_entry **v, size_t *n, struct arena *a, int report_only,
                 struct cx_diags *diags, cx_dedup_row_fn row, void *row_ctx);

#endif
