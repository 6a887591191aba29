/* fuzz.h - what every libFuzzer harness in tests/fuzz shares.
 *
 * A harness hands its bytes to one reader, the way src/cli/main.c does, and
 * pushes every entry the reader emits through every writer with several
 * option sets, into sinks that discard the text.  So one input exercises a
 * reader, the normalizer and all four writers. */
#ifndef CX_FUZZ_H
#define CX_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "citex.h"

/* How the bytes reach the reader. */
enum fuzz_via {
	FUZZ_PIPE, /* peeked bytes, then a stream with no file behind it */
	FUZZ_FILE, /* a regular (in-memory) file: BibTeX reads parents again from it */
	FUZZ_KEPT, /* the file, with every BibTeX entry kept as a possible parent
	            * (the context's keep_parents) instead of read again */
};

/* Read data with the named reader and write each entry with every writer. */
void fuzz_convert(const char *reader, const uint8_t *data, size_t n, enum fuzz_via via,
                  const struct cx_options *ropt);

/* fuzz_convert, and every diagnostic, BibTeX record and CSL-JSON item
 * also to trace, so two runs can be compared. */
void fuzz_trace(const char *reader, const uint8_t *data, size_t n, enum fuzz_via via,
                const struct cx_options *ropt, FILE *trace);

#endif
