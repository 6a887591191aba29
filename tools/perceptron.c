/* tools/perceptron.c - the linear-chain averaged perceptron (perceptron.h). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/arena.h"
#include "core/hash.h"
#include "perceptron.h"

size_t pc_add(struct pc_data *d, size_t n, int group)
{
	if (d->n + n > d->cap) {
		d->cap = 2 * (d->cap + n);
		d->feat = xrealloc(d->feat, d->cap * d->stride * sizeof *d->feat);
		d->nf = xrealloc(d->nf, d->cap);
		d->lab = xrealloc(d->lab, d->cap);
	}
	if (d->nseq == d->capseq) {
		d->capseq = d->capseq ? 2 * d->capseq : 256;
		d->seq = xrealloc(d->seq, d->capseq * sizeof *d->seq);
	}
	d->seq[d->nseq++] = (struct pc_seq){d->n, n, group};
	size_t first = d->n;
	d->n += n;
	return first;
}

void pc_index(struct pc_data *d)
{
	struct hindex idx;
	memset(&idx, 0, sizeof idx);
	size_t cap = 0;
	for (size_t t = 0; t < d->n; t++)
		for (size_t k = 0; k < d->nf[t]; k++) {
			uint32_t id = d->feat[t * d->stride + k];
			size_t x = (size_t)-1;
			for (size_t i = hindex_first(&idx, id); i != HINDEX_END; i = hindex_next(&idx, id, i))
				if (d->keys[hindex_value(&idx, i)] == id) {
					x = hindex_value(&idx, i);
					break;
				}
			if (x == (size_t)-1) {
				if (d->nkeys == cap) {
					cap = cap ? 2 * cap : 1 << 16;
					d->keys = xrealloc(d->keys, cap * sizeof *d->keys);
				}
				d->keys[d->nkeys] = id;
				hindex_put(&idx, id, d->nkeys);
				x = d->nkeys++;
			}
			d->feat[t * d->stride + k] = (uint32_t)x;
		}
	hindex_free(&idx);
}

void pc_free(struct pc_data *d)
{
	free(d->feat), free(d->nf), free(d->lab), free(d->seq), free(d->keys);
	memset(d, 0, sizeof *d);
}

void pc_viterbi(int nlab, const int32_t *w, const int32_t *tw, const uint32_t *feat, size_t stride,
                const uint8_t *nf, size_t n, const uint8_t *fix, uint8_t *out, int64_t *sc)
{
	const int L = nlab;
	int64_t *e = sc, *dp = sc + n * L;
	int32_t *bp = (int32_t *)(sc + 2 * n * L);
	if (!n)
		return;
	for (size_t i = 0; i < n; i++) {
		const uint32_t *fi = feat + i * stride;
		for (int y = 0; y < L; y++) {
			int64_t s = 0;
			for (int k = 0; k < nf[i]; k++)
				s += w[(size_t)fi[k] * L + y];
			e[i * L + y] = fix && fix[i] != PC_UNKNOWN && fix[i] != y ? INT64_MIN / 4 : s;
		}
	}
	for (int y = 0; y < L; y++)
		dp[y] = e[y] + tw[y];
	for (size_t i = 1; i < n; i++)
		for (int y = 0; y < L; y++) {
			int64_t best = INT64_MIN;
			int arg = 0;
			for (int x = 0; x < L; x++) {
				int64_t s = dp[(i - 1) * L + x] + tw[(1 + x) * L + y];
				if (s > best)
					best = s, arg = x;
			}
			dp[i * L + y] = best + e[i * L + y];
			bp[i * L + y] = arg;
		}
	int y = 0;
	for (int k = 1; k < L; k++)
		if (dp[(n - 1) * L + k] > dp[(n - 1) * L + y])
			y = k;
	for (size_t i = n; i-- > 0;) {
		out[i] = (uint8_t)y;
		if (i)
			y = bp[i * L + y];
	}
}

/* One sequence of the data. */
static void viterbi(int L, const int32_t *w, const int32_t *tw, const struct pc_data *d, const struct pc_seq *q,
                    const uint8_t *fix, uint8_t *out, int64_t *sc)
{
	pc_viterbi(L, w, tw, d->feat + q->first * d->stride, d->stride, d->nf + q->first, q->n, fix, out, sc);
}

static void bump(const struct pc_model *m, int32_t *w, int64_t *u, int delta)
{
	*w += delta;
	*u += m->c * delta;
}

static void update(struct pc_model *m, const struct pc_data *d, const struct pc_seq *q, const uint8_t *gold,
                   const uint8_t *pred)
{
	int L = m->nlab;
	for (size_t i = 0; i < q->n; i++) {
		const uint32_t *fi = d->feat + (q->first + i) * d->stride;
		if (gold[i] != pred[i])
			for (int k = 0; k < d->nf[q->first + i]; k++) {
				size_t f = fi[k];
				bump(m, &m->w[f * L + gold[i]], &m->u[f * L + gold[i]], 1);
				bump(m, &m->w[f * L + pred[i]], &m->u[f * L + pred[i]], -1);
			}
		int gp = i ? 1 + gold[i - 1] : 0, pp = i ? 1 + pred[i - 1] : 0;
		if (gp != pp || gold[i] != pred[i]) {
			bump(m, &m->tw[gp * L + gold[i]], &m->tu[gp * L + gold[i]], 1);
			bump(m, &m->tw[pp * L + pred[i]], &m->tu[pp * L + pred[i]], -1);
		}
	}
}

void pc_train(struct pc_model *m, const struct pc_data *d, int nlab, int epochs, int leave_out, const char *who)
{
	memset(m, 0, sizeof *m);
	m->nlab = nlab;
	m->nfeat = d->nkeys;
	m->w = xcalloc(m->nfeat * nlab + 1, sizeof *m->w);
	m->u = xcalloc(m->nfeat * nlab + 1, sizeof *m->u);
	m->c = 1;
	size_t maxn = 1, nseq = 0;
	size_t *order = xmalloc((d->nseq + 1) * sizeof *order);
	for (size_t s = 0; s < d->nseq; s++) {
		if (leave_out >= 0 && d->seq[s].group == leave_out)
			continue;
		order[nseq++] = s;
		if (d->seq[s].n > maxn)
			maxn = d->seq[s].n;
	}
	int64_t *sc = xmalloc(3 * (maxn + 1) * nlab * sizeof *sc);
	uint8_t *pred = xmalloc(maxn + 1), *gold = xmalloc(maxn + 1);
	uint64_t rng = 0x9E3779B97F4A7C15u;
	for (int ep = 0; ep < epochs; ep++) {
		for (size_t s = nseq; s > 1; s--) {
			rng = rng * 6364136223846793005u + 1442695040888963407u;
			size_t j = (size_t)(rng >> 33) % s, t = order[s - 1];
			order[s - 1] = order[j], order[j] = t;
		}
		size_t wrong = 0, seen = 0;
		for (size_t k = 0; k < nseq; k++) {
			size_t o = order[k];
			if (d->share > 1 && o >= d->share_from && (o - d->share_from) % d->share != (size_t)ep % d->share)
				continue;
			const struct pc_seq *q = &d->seq[o];
			seen += q->n;
			const uint8_t *lab = d->lab + q->first, *target = lab;
			viterbi(nlab, m->w, m->tw, d, q, NULL, pred, sc);
			if (memchr(lab, PC_UNKNOWN, q->n)) {
				/* labels left open: the best sequence that keeps
				 * the known ones is the one to learn */
				viterbi(nlab, m->w, m->tw, d, q, lab, gold, sc);
				target = gold;
			}
			for (size_t t = 0; t < q->n; t++)
				wrong += lab[t] != PC_UNKNOWN && pred[t] != lab[t];
			if (memcmp(pred, target, q->n))
				update(m, d, q, target, pred);
			m->c++;
		}
		if (who)
			fprintf(stderr, "%s: epoch %d: %zu of %zu wrong\n", who, ep + 1, wrong, seen);
	}
	free(order), free(sc), free(pred), free(gold);
}

/* The averaged weight, times 64, rounded. */
static int32_t avg(const struct pc_model *m, int32_t w, int64_t u)
{
	double v = ((double)w - (double)u / (double)m->c) * 64.0;
	return (int32_t)lround(v);
}

void pc_average(const struct pc_model *m, int32_t *w, int32_t *tw)
{
	for (size_t i = 0; i < m->nfeat * m->nlab; i++)
		w[i] = avg(m, m->w[i], m->u[i]);
	for (int i = 0; i < (m->nlab + 1) * m->nlab; i++)
		tw[i] = avg(m, m->tw[i], m->tu[i]);
}

void pc_predict(const struct pc_model *m, const struct pc_data *d, const struct pc_seq *q, uint8_t *out)
{
	int L = m->nlab;
	int32_t *w = xmalloc((m->nfeat * L + 1) * sizeof *w), tw[(PC_MAXLAB + 1) * PC_MAXLAB];
	pc_average(m, w, tw);
	int64_t *sc = xmalloc(3 * (q->n + 1) * L * sizeof *sc);
	viterbi(L, w, tw, d, q, NULL, out, sc);
	free(w), free(sc);
}

static void put32(FILE *f, uint32_t v)
{
	unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
	                      (unsigned char)(v >> 24)};
	fwrite(b, 1, 4, f);
}

static int cmp_idx(const void *a, const void *b, void *keys)
{
	uint32_t x = ((const uint32_t *)keys)[*(const size_t *)a], y = ((const uint32_t *)keys)[*(const size_t *)b];
	return x < y ? -1 : x > y;
}

/* Sort dense indexes by their hash (insertion into a merge sort's runs:
 * qsort has no context argument in C11). */
static void sort_by_key(size_t *v, size_t n, const uint32_t *keys)
{
	size_t *t = xmalloc((n + 1) * sizeof *t);
	for (size_t w = 1; w < n; w *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * w) {
			size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
			size_t a = lo, b = mid, k = lo;
			while (a < mid && b < hi)
				t[k++] = cmp_idx(&v[b], &v[a], (void *)keys) < 0 ? v[b++] : v[a++];
			while (a < mid)
				t[k++] = v[a++];
			while (b < hi)
				t[k++] = v[b++];
		}
		memcpy(v, t, n * sizeof *v);
	}
	free(t);
}

static int32_t kept(const struct pc_model *m, int32_t w, int64_t u, int32_t prune)
{
	int32_t q = avg(m, w, u);
	return q >= prune || q <= -prune ? q : 0;
}

void pc_write(const struct pc_model *m, const struct pc_data *d, const char *const *names, const char *path,
              int32_t prune, const char *who)
{
	int L = m->nlab;
	size_t *ids = xmalloc((m->nfeat + 1) * sizeof *ids), nid = 0, nw = 0;
	for (size_t f = 0; f < m->nfeat; f++) {
		size_t k = 0;
		for (int y = 0; y < L; y++)
			k += kept(m, m->w[f * L + y], m->u[f * L + y], prune) != 0;
		if (k)
			ids[nid++] = f, nw += k;
	}
	sort_by_key(ids, nid, d->keys);
	uint32_t nslots = 1;
	while (3 * (size_t)nslots < 4 * nid)
		nslots *= 2;
	uint32_t *slot = xcalloc(2 * (size_t)nslots, sizeof *slot);
	int32_t *wv = xmalloc((nw + 1) * sizeof *wv);
	size_t at = 0;
	for (size_t i = 0; i < nid; i++) {
		size_t f = ids[i], first = at;
		for (int y = 0; y < L; y++) {
			int32_t q = kept(m, m->w[f * L + y], m->u[f * L + y], prune);
			q = q > 0x7FFFFF ? 0x7FFFFF : q < -0x7FFFFF ? -0x7FFFFF : q;
			if (q)
				wv[at++] = (int32_t)((uint32_t)q << 8 | (uint32_t)y);
		}
		uint32_t h = d->keys[f] & (nslots - 1);
		while (slot[2 * h])
			h = (h + 1) & (nslots - 1);
		slot[2 * h] = d->keys[f];
		slot[2 * h + 1] = (uint32_t)(first << 8 | (at - first));
	}
	FILE *f = fopen(path, "wb");
	if (!f) {
		fprintf(stderr, "%s: cannot write %s\n", who, path);
		exit(1);
	}
	fwrite("CXLAB001", 1, 8, f);
	put32(f, (uint32_t)L);
	put32(f, nslots);
	put32(f, (uint32_t)nw);
	put32(f, 0);
	for (int y = 0; y < L; y++) {
		char name[16] = {0};
		strncpy(name, names[y], sizeof name - 1);
		fwrite(name, 1, 16, f);
	}
	for (int i = 0; i < (L + 1) * L; i++)
		put32(f, (uint32_t)avg(m, m->tw[i], m->tu[i]));
	for (size_t i = 0; i < 2 * (size_t)nslots; i++)
		put32(f, slot[i]);
	for (size_t i = 0; i < nw; i++)
		put32(f, (uint32_t)wv[i]);
	if (fclose(f)) {
		fprintf(stderr, "%s: cannot write %s\n", who, path);
		exit(1);
	}
	fprintf(stderr, "%s: %s: %zu features, %zu weights, %u slots\n", who, path, nid, nw, nslots);
	free(ids), free(slot), free(wv);
}

void pc_model_free(struct pc_model *m)
{
	free(m->w), free(m->u);
	m->w = NULL, m->u = NULL;
}
