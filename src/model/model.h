/* model/model.h - internal helpers over the entry model. */
#ifndef CX_MODEL_H
#define CX_MODEL_H

#include "core/arena.h"
#include "citex.h"

/* A deep copy of e and everything it points to, in arena a. */
struct cx_entry *model_copy_entry(struct arena *a, const struct cx_entry *e);

/* Parse a date value; fields are year, month, day, or an ISO/EDTF date. */
void date_parse_year(struct cx_date *d, cx_str s);
int date_parse_month(cx_str s); /* 1..12, 13..16 seasons, 0 unknown */
void date_parse_iso(struct cx_date *d, cx_str s);

/* Is s an arXiv identifier (2408.08586, 2408.08586v2, hep-th/9901001)? */
int is_arxiv_id(cx_str s);

/* Readers. */
extern const struct cx_reader cx_reader_bibtex;
extern const struct cx_reader cx_reader_cv;
extern const struct cx_reader cx_reader_ris;
extern const struct cx_reader cx_reader_csljson;

#endif
