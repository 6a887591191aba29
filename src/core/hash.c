/* core/hash.c - growing the hash index. */
#include <stdlib.h>

#include "core/arena.h"
#include "core/hash.h"
#include "core/str.h"

static void place(struct hindex *x, uint64_t h, uint32_t v)
{
	size_t mask = x->cap - 1, i = (size_t)h & mask;
	while (x->v[i])
		i = (i + 1) & mask;
	x->h[i] = h;
	x->v[i] = v;
}

void hindex_put(struct hindex *x, uint64_t h, size_t v)
{
	if ((x->n + 1) * 2 > x->cap) {
		struct hindex old = *x;
		x->cap = old.cap ? old.cap * 2 : 64;
		x->h = xmalloc(x->cap * sizeof *x->h);
		x->v = xcalloc(x->cap, sizeof *x->v);
		for (size_t i = 0; i < old.cap; i++)
			if (old.v[i])
				place(x, old.h[i], old.v[i]);
		free(old.h);
		free(old.v);
	}
	place(x, h, (uint32_t)(v + 1));
	x->n++;
}

void hindex_clear(struct hindex *x)
{
	if (x->cap)
		memset(x->v, 0, x->cap * sizeof *x->v);
	x->n = 0;
}

void hindex_free(struct hindex *x)
{
	free(x->h);
	free(x->v);
	*x = (struct hindex){0};
}

static uint64_t strset_hash(const struct strset *s, const char *p, size_t n)
{
	return s->fold ? hash_lower(p, n) : hash_bytes(p, n);
}

long strset_find(const struct strset *s, const char *p, size_t n)
{
	uint64_t h = strset_hash(s, p, n);
	for (size_t i = hindex_first(&s->idx, h); i != HINDEX_END; i = hindex_next(&s->idx, h, i)) {
		cx_str k = s->key[hindex_value(&s->idx, i)];
		if (k.n == n && (s->fold ? str_ieqn(k.p, p, n) : !memcmp(k.p, p, n)))
			return (long)hindex_value(&s->idx, i);
	}
	return -1;
}

size_t strset_add(struct strset *s, struct arena *a, const char *p, size_t n, int *added)
{
	long at = strset_find(s, p, n);
	if (added)
		*added = at < 0;
	if (at >= 0)
		return (size_t)at;
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 64;
		s->key = xrealloc(s->key, s->cap * sizeof *s->key);
	}
	s->key[s->n] = a ? arena_str(a, p, n) : (cx_str){p, n};
	hindex_put(&s->idx, strset_hash(s, p, n), s->n);
	return s->n++;
}

void strset_free(struct strset *s)
{
	hindex_free(&s->idx);
	free(s->key);
	*s = (struct strset){0};
}
