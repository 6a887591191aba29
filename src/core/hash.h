/* core/hash.h - the one hash function and the one hash index of citex.
 *
 * hash_bytes mixes eight bytes at a time (names and keys are tens of
 * bytes); hash_lower is the same over ASCII-folded bytes, so two strings
 * that agree but for ASCII case hash alike.  Both are deterministic across
 * runs and machines of the same endianness: output never depends on them,
 * but a reproducible probe order makes a slow case reproducible too.
 *
 * struct hindex maps a 64-bit hash to a small integer, in practice the
 * position of an item in the caller's own array.  The caller keeps the
 * items and says what equality means: the index only hands out the
 * candidates whose full hash matches.
 *
 *     for (size_t i = hindex_first(&x, h); i != HINDEX_END; i = hindex_next(&x, h, i))
 *         if (same(items[x.v[i]], key)) return x.v[i];
 *
 * Open addressing with linear probing, doubled when half full; nothing is
 * removed (the tables citex builds only grow, then go whole). */
#ifndef CX_HASH_H
#define CX_HASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "citex.h"

struct arena;

static inline uint64_t hash_mix(uint64_t h, uint64_t w)
{
	h = (h ^ w) * 0xFF51AFD7ED558CCDu;
	return h ^ h >> 29;
}

static inline uint64_t hash_end(uint64_t h, uint64_t w)
{
	h = (h ^ w) * 0xC4CEB9FE1A85EC53u;
	return h ^ h >> 32;
}

static inline uint64_t hash_bytes(const void *p, size_t n)
{
	const char *s = p;
	uint64_t h = n * 0x9E3779B97F4A7C15u, w;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		h = hash_mix(h, w);
	}
	w = 0;
	if (n > i)
		memcpy(&w, s + i, n - i);
	return hash_end(h, w);
}

/* Setting bit 5 of every byte folds ASCII case; it also merges a few
 * punctuation pairs ('@' and '`'), which costs a comparison, never a miss. */
static inline uint64_t hash_lower(const void *p, size_t n)
{
	const uint64_t fold = 0x2020202020202020u;
	const char *s = p;
	uint64_t h = n * 0x9E3779B97F4A7C15u, w;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		h = hash_mix(h, w | fold);
	}
	w = 0;
	if (n > i)
		memcpy(&w, s + i, n - i);
	return hash_end(h, w | fold); /* the padding folds alike for equal lengths */
}

#define HINDEX_END ((size_t)-1)

struct hindex {
	uint64_t *h;  /* the hash in each slot */
	uint32_t *v;  /* the value in each slot, plus one; 0 is empty */
	size_t cap, n;
};

/* Add value v (below 2^32 - 1) under hash h.  Equal hashes may repeat. */
void hindex_put(struct hindex *x, uint64_t h, size_t v);

/* The first slot holding hash h, or HINDEX_END; its value is x->v[i] - 1,
 * which hindex_value gives. */
static inline size_t hindex_next(const struct hindex *x, uint64_t h, size_t i)
{
	size_t mask = x->cap - 1;
	for (i = (i + 1) & mask; x->v[i]; i = (i + 1) & mask)
		if (x->h[i] == h)
			return i;
	return HINDEX_END;
}

static inline size_t hindex_first(const struct hindex *x, uint64_t h)
{
	if (!x->cap)
		return HINDEX_END;
	size_t i = (size_t)h & (x->cap - 1);
	if (!x->v[i])
		return HINDEX_END;
	return x->h[i] == h ? i : hindex_next(x, h, i);
}

static inline size_t hindex_value(const struct hindex *x, size_t i)
{
	return (size_t)x->v[i] - 1;
}

/* Forget every entry but keep the memory. */
void hindex_clear(struct hindex *x);
void hindex_free(struct hindex *x);

/* A set of byte strings, each numbered in the order it came (0, 1, ...),
 * so a caller keeps what goes with a string in arrays of its own.  The
 * strings are copied into the arena the caller names.  fold set: strings
 * that differ only in ASCII case are the same. */
struct strset {
	struct hindex idx;
	cx_str *key; /* key[i]: the i-th string, as first added */
	size_t n, cap;
	int fold;
};

/* The number of p[0..n), or -1 when it is not in the set. */
long strset_find(const struct strset *s, const char *p, size_t n);
/* The number of p[0..n), added (copied into a, or, when a is NULL, kept
 * as the caller's, which must outlive the set) when it was not there;
 * *added, when not NULL, says which. */
size_t strset_add(struct strset *s, struct arena *a, const char *p, size_t n, int *added);
void strset_free(struct strset *s);

#endif
