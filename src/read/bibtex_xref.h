/* read/bibtex_xref.h - crossref and xdata for the BibTeX reader, in one pass.
 *
 * The reader streams.  A child whose parents have all been seen is filled
 * from them at once: a parent read earlier in a regular file is read again
 * from where it starts, by the same scanner and grammar.  A child that
 * names a key not seen yet is held back, with every entry after it (the
 * output keeps the input's order), until that key appears or the input
 * ends; a bound on the bytes held makes it give up with a warning. */
#ifndef CX_BIBTEX_XREF_H
#define CX_BIBTEX_XREF_H

#include "read/bibtex.h"

struct xref *xref_new(struct cx_parser *P);
void xref_free(struct xref *X);
/* An entry starts at P->at_off, on this line and column. */
void xref_at(struct cx_parser *P, unsigned line, unsigned col);
/* The key of the entry being read, as soon as it is known. */
void xref_key_ahead(struct cx_parser *P, cx_str key);
/* A regular entry with this key was read (at P->at_off): 1 if the key
 * was seen before, else 0, and the key is recorded. */
int xref_key_seen(struct cx_parser *P, cx_str key);
/* A complete entry: delivered now, or held back for a parent. */
void xref_entry(struct cx_parser *P, struct cx_entry *e);
/* While entries are held back, the diagnostics of the entries after them
 * wait too, so that they come out in the input's order: 1 if d was kept. */
int xref_defer(struct xref *X, enum cx_sev sev, enum cx_code code, unsigned line, unsigned col,
               const char *msg);
/* The end of the input: whatever is held is resolved and delivered. */
void xref_finish(struct cx_parser *P);
/* For a parser that reads a parent again: the entry it read, and its
 * input (YY_INPUT). */
void xref_fetched(struct cx_parser *F, const struct cx_entry *e);
size_t xref_fetch_input(struct cx_parser *F, char *buf, size_t max);
/* The reader's input when it comes from a pipe, which is kept in a spool
 * to be read again (xref_spooling). */
int xref_spooling(const struct cx_parser *P);
size_t xref_input(struct cx_parser *P, char *buf, size_t max);

#endif
