/* cv/model.c - the labeller's model: opening it and decoding with it.
 *
 * File format (cv/refs.model, all integers little-endian, written by
 * tools/train_refs.c):
 *
 *   offset  size              what
 *   0       8                 magic "CXLAB001"
 *   8       4                 nlab: number of labels (at most 32)
 *   12      4                 nslots: hash slots, a power of two
 *   16      4                 nw: number of weights
 *   20      4                 0 (reserved)
 *   24      16 * nlab         label names, NUL-padded (lab_names spellings)
 *   ...     4 * (nlab+1)*nlab transition scores, int32: row 0 is the score of
 *                             starting with each label, row 1+x the score of
 *                             going from label x to each label
 *   ...     8 * nslots        the feature table, open addressing with linear
 *                             probing from (id & (nslots-1)): {u32 feature
 *                             id (0 = empty), u32 first << 8 | count}
 *   ...     4 * nw            weights, int32: score << 8 | label; a feature's
 *                             count weights start at index first
 *
 * Scores are the averaged perceptron's weights times 64, rounded.  A token's
 * score for a label is the sum of its features' weights for that label;
 * Viterbi adds the transitions and picks the best sequence.
 */
#include <stdint.h>
#include <string.h>

#include "cv/label.h"

static uint32_t rd32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static int32_t rdi(const unsigned char *p)
{
	uint32_t u = rd32(p);
	int32_t v;
	memcpy(&v, &u, sizeof v);
	return v;
}

/* The model in p, its label names read by name_of (the index a name has
 * in the reader's own list, or -1), and other (what a name it does not
 * know becomes). */
static int open_model(struct lab_model *m, const unsigned char *p, size_t n, const char *const *names, int nnames,
                      int other)
{
	memset(m, 0, sizeof *m);
	if (n < 24 || memcmp(p, "CXLAB001", 8))
		return -1;
	uint32_t nlab = rd32(p + 8), nslots = rd32(p + 12), nw = rd32(p + 16);
	if (!nlab || nlab > 32 || !nslots || (nslots & (nslots - 1)))
		return -1;
	size_t need = 24 + 16 * (size_t)nlab + 4 * (size_t)(nlab + 1) * nlab + 8 * (size_t)nslots + 4 * (size_t)nw;
	if (need != n)
		return -1;
	for (uint32_t i = 0; i < nlab; i++) {
		const char *name = (const char *)p + 24 + 16 * i;
		const char *z = memchr(name, 0, 16);
		size_t len = z ? (size_t)(z - name) : 16;
		int l = -1;
		if (!names)
			l = lab_from_name(name, len);
		for (int k = 0; names && k < nnames && l < 0; k++)
			if (strlen(names[k]) == len && !memcmp(names[k], name, len))
				l = k;
		m->map[i] = (uint8_t)(l < 0 ? other : l);
	}
	m->data = p;
	m->size = n;
	m->nlab = nlab;
	m->nslots = nslots;
	m->nw = nw;
	m->trans = p + 24 + 16 * (size_t)nlab;
	m->slots = m->trans + 4 * (size_t)(nlab + 1) * nlab;
	m->w = m->slots + 8 * (size_t)nslots;
	return 0;
}

int lab_model_open(struct lab_model *m, const unsigned char *p, size_t n)
{
	return open_model(m, p, n, NULL, 0, LAB_NOTE);
}

int lab_model_open_names(struct lab_model *m, const unsigned char *p, size_t n, const char *const *names,
                         int nnames)
{
	if (open_model(m, p, n, names, nnames, -1))
		return -1;
	for (uint32_t i = 0; i < m->nlab; i++)
		if (m->map[i] == 0xFF)
			return -1; /* a label this build does not know */
	return 0;
}

size_t lab_scratch(size_t n)
{
	return 3 * (n + 1) * 32;
}

/* Where feature id's weights are: first << 8 | count, or 0 when the model
 * has no such feature. */
static uint32_t find_feature(const struct lab_model *m, uint32_t id)
{
	uint32_t mask = m->nslots - 1;
	for (uint32_t h = id & mask;; h = (h + 1) & mask) {
		const unsigned char *s = m->slots + 8 * (size_t)h;
		uint32_t key = rd32(s);
		if (!key)
			return 0;
		if (key == id) {
			uint32_t v = rd32(s + 4);
			return (v >> 8) + (v & 0xFF) > m->nw ? 0 : v;
		}
	}
}

/* Add the weights at v (first << 8 | count) to the row e[0..nlab). */
static void add_weights(const struct lab_model *m, uint32_t v, int32_t *e)
{
	uint32_t first = v >> 8, cnt = v & 0xFF;
	for (uint32_t k = 0; k < cnt; k++) {
		int32_t w = rdi(m->w + 4 * (size_t)(first + k));
		uint32_t lab = (uint32_t)w & 0xFF;
		if (lab < m->nlab)
			e[lab] += w >> 8; /* arithmetic shift: the score */
	}
}

void lab_decode(const struct lab_model *m, const uint32_t *f, const uint8_t *nf, size_t n,
                uint8_t *out, int32_t *scratch)
{
	lab_decode_stride(m, f, nf, n, FEAT_MAX, out, scratch);
}

void lab_decode_stride(const struct lab_model *m, const uint32_t *f, const uint8_t *nf, size_t n, size_t stride,
                       uint8_t *out, int32_t *scratch)
{
	lab_decode_given(m, f, nf, n, stride, NULL, out, scratch);
}

/* A label the caller gives shuts out the others at its token: far below
 * any sum of weights, and far enough above INT32_MIN that a path through
 * a few of them still orders */
#define SHUT_OUT (1 << 26)

void lab_decode_given(const struct lab_model *m, const uint32_t *f, const uint8_t *nf, size_t n, size_t stride,
                      const uint8_t *given, uint8_t *out, int32_t *scratch)
{
	uint32_t L = m->nlab;
	if (!n || !L)
		return;
	int32_t *e = scratch, *d = scratch + n * 32, *bp = scratch + 2 * n * 32;
	uint32_t mask = m->nslots - 1;
	for (uint8_t k = 0; k < nf[0]; k++)
		__builtin_prefetch(m->slots + 8 * (size_t)(f[k] & mask));
	for (size_t i = 0; i < n; i++) {
		int32_t *row = e + i * 32;
		memset(row, 0, 32 * sizeof *row);
		/* the table is larger than the caches: ask for the next token's
		 * slots while this one's are read */
		if (i + 1 < n)
			for (uint8_t k = 0; k < nf[i + 1]; k++)
				__builtin_prefetch(m->slots + 8 * (size_t)(f[(i + 1) * stride + k] & mask));
		/* the slots first, asking for their weights; then the weights */
		uint32_t at[256];
		for (uint8_t k = 0; k < nf[i]; k++) {
			at[k] = find_feature(m, f[i * stride + k]);
			__builtin_prefetch(m->w + 4 * (size_t)(at[k] >> 8));
		}
		for (uint8_t k = 0; k < nf[i]; k++)
			add_weights(m, at[k], row);
		if (given && given[i] != 0xFF)
			for (uint32_t y = 0; y < L; y++)
				if (m->map[y] != given[i])
					row[y] -= SHUT_OUT;
	}
	int32_t tr[33 * 32]; /* the transitions, decoded once */
	for (uint32_t k = 0; k < (L + 1) * L; k++)
		tr[k] = rdi(m->trans + 4 * (size_t)k);
	for (uint32_t y = 0; y < L; y++)
		d[y] = e[y] + tr[y];
	for (size_t i = 1; i < n; i++) {
		for (uint32_t y = 0; y < L; y++) {
			int64_t best = INT64_MIN;
			uint32_t arg = 0;
			for (uint32_t x = 0; x < L; x++) {
				int64_t s = (int64_t)d[(i - 1) * 32 + x] + tr[(1 + x) * L + y];
				if (s > best)
					best = s, arg = x;
			}
			int64_t v = best + e[i * 32 + y];
			d[i * 32 + y] = (int32_t)(v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : v);
			bp[i * 32 + y] = (int32_t)arg;
		}
	}
	uint32_t y = 0;
	for (uint32_t k = 1; k < L; k++)
		if (d[(n - 1) * 32 + k] > d[(n - 1) * 32 + y])
			y = k;
	for (size_t i = n; i-- > 0;) {
		out[i] = m->map[y];
		if (i)
			y = (uint32_t)bp[i * 32 + y];
	}
}

/* build/gen/refs_model.c: the bytes of data/refs.model and data/cv.model. */
extern const unsigned char cv_refs_model[], cv_pages_model[];
extern const size_t cv_refs_model_size, cv_pages_model_size;

const struct lab_model *lab_model_builtin(struct lab_model *m, int pages)
{
	if (pages)
		return lab_model_open(m, cv_pages_model, cv_pages_model_size) ? NULL : m;
	return lab_model_open(m, cv_refs_model, cv_refs_model_size) ? NULL : m;
}
