/* pass/dedup.h - finding and merging duplicate records across a whole run. */
#ifndef CX_DEDUP_H
#define CX_DEDUP_H

#include <stddef.h>

#include "citex.h"
#include "core/arena.h"
#include "core/diag.h"
#include "model/model.h"

/* v[0..*n) are deep copies of all entries of the run (model_copy_entry), in
 * input order, allocated in arena a.  Records that share a DOI, an arXiv id,
 * or a normalized title with the same year and first author are one group.
 * Each group keeps one survivor: the first published record when the group
 * holds an arXiv preprint and its published version, else the first in
 * input order.  The survivor gains the fields it lacks from the others;
 * conflicting values keep the survivor's and are reported; crossref and
 * xdata keys that named a dropped entry are redirected to the survivor.
 * The survivors keep their input order and *n shrinks.
 *
 * Every merge is reported through diag (a note at the dropped entry, naming
 * the survivor and the reason), every conflict too (a warning).  With
 * report_only the reports are the same and nothing changes.  Returns the
 * number of entries merged away (or that would be). */
size_t dedup_run(struct cx_entry **v, size_t *n, struct arena *a, int report_only,
                 struct cx_diags *diags);

#endif
