/* read/ris_rec.h - the RIS reader's record, shared by read/ris.c (lines
 * and records) and read/ris_map.c (tags to fields); internal to them. */
#ifndef CX_RIS_REC_H
#define CX_RIS_REC_H

#include "core/arena.h"
#include "core/strbuf.h"
#include "model/model.h"
#include "norm/keys.h"
#include "read/reader.h"
#include "ris.lex.h"

struct ris_line {
	char tag[3];
	cx_str val;
	unsigned line;
	int used;
};

struct ris {
	struct ris_scan scan;
	struct cx_reader_ctx *c;
	struct arena a;      /* the record; reset after each one */
	struct keyset keys;  /* generated keys, for the whole input */
	struct ris_line *lines;
	size_t nlines, cap;
	unsigned line;       /* line number of the token just read */
	int in_record;
	unsigned rec_line;
	int skipping;        /* after an error: ignore lines up to the next TY */
	int stray_reported;  /* one error per run of text outside records */
	int latin1;
	/* The entry being built. */
	struct cx_entry e;
	size_t fields_cap;
	struct buf cont;     /* the last value with its continuation lines */
	int cont_pending;
};

/* The entry type of a TY value; *known is 0 for a code RIS does not have. */
enum cx_type_id ris_type(cx_str ty, int *known);

/* Map the collected lines to one entry, deliver it and reset the record. */
void ris_finish_record(struct ris *R);

#endif
