/* norm/strings.c - the @string macros of a run (see strings.h): an array
 * of definitions in the order they were first made, found by a hash index
 * of their lower-cased names.  Names and values live in the table's arena;
 * a redefinition leaves the old value there until the run ends. */
#include <stdlib.h>

#include "norm/strings.h"

#include "core/arena.h"
#include "core/hash.h"
#include "core/str.h"

struct def {
	cx_str name, value;
};

struct strings {
	struct arena a;
	struct hindex index;
	struct def *defs;
	size_t n, cap;
};

struct strings *strings_new(void)
{
	return xcalloc(1, sizeof(struct strings));
}

void strings_free(struct strings *t)
{
	if (!t)
		return;
	hindex_free(&t->index);
	free(t->defs);
	arena_destroy(&t->a);
	free(t);
}

void strings_clear(struct strings *t)
{
	hindex_clear(&t->index);
	arena_reset(&t->a);
	t->n = 0;
}

void strings_set(struct strings *t, const char *name, size_t n, cx_str value)
{
	uint64_t h = hash_lower(name, n);
	for (size_t i = hindex_first(&t->index, h); i != HINDEX_END; i = hindex_next(&t->index, h, i)) {
		struct def *d = &t->defs[hindex_value(&t->index, i)];
		if (str_ieqs(d->name, (cx_str){name, n})) {
			d->value = arena_str(&t->a, value.p, value.n);
			return;
		}
	}
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		t->defs = xrealloc(t->defs, t->cap * sizeof *t->defs);
	}
	t->defs[t->n] = (struct def){arena_str(&t->a, name, n), arena_str(&t->a, value.p, value.n)};
	hindex_put(&t->index, h, t->n++);
}

size_t strings_count(const struct strings *t)
{
	return t ? t->n : 0;
}

void strings_each(const struct strings *t, void (*fn)(void *ctx, cx_str name, cx_str value),
                  void *ctx)
{
	for (size_t i = 0; t && i < t->n; i++)
		fn(ctx, t->defs[i].name, t->defs[i].value);
}
