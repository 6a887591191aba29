/* tools/gen_refs.h - what the reference generator's files share
 * (tools/gen_refs.c renders, tools/gen_segs.c labels and writes). */
#ifndef CX_GEN_REFS_H
#define CX_GEN_REFS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/strbuf.h"
#include "csl/csl.h"

/* A small generator of choices: splitmix64, seeded from the run's seed
 * and the name of what it chooses for, so that one style's strings do not
 * change when another style comes or goes. */
struct rng {
	uint64_t s;
};
uint64_t rng_next(struct rng *r);
void rng_seed(struct rng *r, uint64_t seed, const char *name);
/* A number in [0, n); n > 0. */
unsigned rng_below(struct rng *r, unsigned n);
/* pct chances in 100. */
int rng_pct(struct rng *r, unsigned pct);
/* FNV-1a of s: the hash the splits take. */
uint32_t gen_hash(const char *s);

/* How a rendered entry becomes a labelled sequence. */
struct gen_opts {
	int marks;      /* keep italics and bold (<i>, <b> inside the segments) */
	int glue;       /* a field that touches the next without a blank: the
	                 * token goes to the first (anystyle); else a blank */
	int number;     /* a citation number to put first (0: none): "[n]" or "n." */
	int noise;      /* what text taken from a PDF has: hyphenated words,
	                 * ligatures, a lost blank, capitals, a DOI or URL
	                 * broken at a line's end (a bit each) */
};
enum { NOISE_HYPHEN = 1, NOISE_LIGATURE = 2, NOISE_NOSPACE = 4, NOISE_CAPS = 8, NOISE_BREAK = 16, NOISE_PDFSPACE = 32,
       NOISE_EPRINT = 64, NOISE_JOIN = 128, NOISE_SERIES = 256 };

/* The tagged form of one entry (csl_out_buf with OF_TAGGED) as a labelled
 * sequence in anystyle's XML, appended to out; the item gives its type.
 * Returns 0, or -1 when the entry gives nothing worth learning (no title,
 * or markup it cannot read). */
int gen_sequence(struct buf *out, const char *tagged, const struct csl_item *it, const struct gen_opts *o,
                 struct rng *r);

#endif
