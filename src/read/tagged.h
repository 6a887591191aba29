/* read/tagged.h - the line-tagged formats' common ground: MEDLINE (.nbib),
 * Web of Science, EndNote tagged and refer.
 *
 * Each is a sequence of records, each record lines of a tag and a value,
 * a value going on over untagged lines.  A reader pulls lines one at a
 * time (tagged_line), gathers a record's (tag, value) pairs and, at its
 * end, maps them through its rows of model/formats.def: the hows every
 * format reads alike are tagged_apply's, the rest the format's own. */
#ifndef CX_TAGGED_H
#define CX_TAGGED_H

#include "read/rec.h"

struct tline {
	cx_str tag, val;
	unsigned line;
	int used;
};

struct tagged {
	struct rec R;
	struct cx_input *in;
	char *buf;          /* input not yet split into lines */
	size_t cap, len, pos;
	int eof;
	unsigned lineno;    /* the line tagged_line returned last */
	struct tline *v;    /* the record's tags, values in R's arena */
	size_t n, capv;
};

void tagged_init(struct tagged *T, struct cx_reader_ctx *c, struct cx_input *in,
                 const char *source, enum cx_mapfmt fmt);
void tagged_free(struct tagged *T);
/* The next line, without its end (LF, CRLF or CR) and, on the first line,
 * a UTF-8 byte order mark; 0 at the end of the input. */
int tagged_line(struct tagged *T, cx_str *line);
/* Add a (tag, value) pair at line; the value is cleaned (rec_clean). */
void tagged_push(struct tagged *T, cx_str tag, cx_str val, unsigned line);
/* Continue the last value with more after sep. */
void tagged_more(struct tagged *T, cx_str more, const char *sep);
/* The first unused line with tag, or NULL. */
struct tline *tagged_find(struct tagged *T, const char *tag);
/* Read l through row m when its how is one every format reads alike (TEXT,
 * ID, LIST, KEEP, SKIP, YEAR, MONTH, DATE, PAGES, NAME, KEY): 1, with l
 * used; 0 when m is the format's to read. */
int tagged_apply(struct tagged *T, struct tline *l, const struct cx_map *m, enum rec_order order,
                 const char *list_sep);
/* A tag no row names: kept under its lower-cased name, reported once. */
void tagged_unknown(struct tagged *T, struct tline *l);
/* Forget the record's lines (after rec_finish). */
void tagged_reset(struct tagged *T);

#endif
