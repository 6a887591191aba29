/* tidy/dupes.c - --duplicates and --merge, as bibtex-tidy's
 * checkForDuplicates does them.
 *
 * Entries are compared in file order by each rule asked for, in the order
 * asked for, then by key (which is always checked, and only warned about
 * unless --duplicates names it).  A rule compares what the value lookup
 * holds (each field's value as it would be written out): the key in lower
 * case; the DOI's letters and digits; the first author's last name, the
 * title and the number (letters and digits); the first 100 letters and
 * digits of the abstract.  The first entry with a given value is the one
 * the later ones duplicate; with --merge a later one is merged into it and
 * goes.  Every detail follows bibtex-tidy, odd ones included: an entry a
 * rule has merged away still stands as the first of its kind for the
 * other rules, and a name without a comma or a space gives its last
 * character as its last name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ecma.h"
#include "core/hash.h"
#include "core/str.h"
#include "tidy/tidy_int.h"

/* alphaNum: the ASCII letters and digits of s, in lower case. */
static cx_str alnum(struct arena *a, cx_str s, size_t max)
{
	char *p = arena_alloc(a, s.n + 1);
	size_t k = 0;
	for (size_t i = 0; i < s.n && k < max; i++)
		if (str_alnum((unsigned char)s.p[i]))
			p[k++] = (char)str_lower((unsigned char)s.p[i]);
	p[k] = 0;
	return (cx_str){p, k};
}

/* The last name of the first author, as parseAuthors gives it. */
static cx_str first_last_name(struct arena *a, cx_str authors)
{
	/* White space runs become one space, then the list splits on " and "
	 * (any case); the first name is trimmed. */
	char *s = arena_alloc(a, authors.n + 1);
	size_t n = 0;
	const char *p = authors.p, *e = authors.p + authors.n;
	while (p < e) {
		size_t k = ecma_space(p, e);
		if (k) {
			while ((k = ecma_space(p, e)) != 0)
				p += k;
			s[n++] = ' ';
		} else {
			s[n++] = *p++;
		}
	}
	size_t end = n;
	for (size_t i = 0; i + 5 <= n; i++) {
		if (s[i] == ' ' && str_ieqn(s + i + 1, "and", 3) && s[i + 4] == ' ') {
			end = i;
			break;
		}
	}
	cx_str name = ecma_trim((cx_str){s, end});
	const char *comma = memchr(name.p, ',', name.n);
	if (comma)
		return ecma_trim((cx_str){name.p, (size_t)(comma - name.p)});
	size_t sp = name.n;
	while (sp > 0 && name.p[sp - 1] != ' ')
		sp--;
	/* No space: lastIndexOf gives -1, and slice(-1) the last character. */
	size_t from = sp ? sp - 1 : (name.n ? name.n - 1 : 0);
	if (!sp && name.n) {
		while (from > 0 && ((unsigned char)name.p[from] & 0xC0) == 0x80)
			from--;
	}
	return ecma_trim((cx_str){name.p + from, name.n - from});
}

/* One rule: the values seen, and for each the entry that had it first. */
struct rule {
	enum cx_tidy_dup kind;
	int merge;
	struct strset seen;
	size_t *first;
	size_t cap;
};

static const char *key_or_undefined(const struct titem *it, char *buf, size_t n)
{
	if (!it->has_key)
		return "undefined";
	snprintf(buf, n, "%.*s", (int)(it->key.n > 200 ? 200 : it->key.n), it->key.p);
	return buf;
}

/* The value this rule compares, or a NULL view when the entry has none. */
static cx_str rule_value(struct tidy_ctx *t, const struct rule *r, struct titem *it)
{
	cx_str none = {NULL, 0};
	switch (r->kind) {
	case CX_TIDY_DUP_KEY:
		if (!it->has_key || !it->key.n)
			return none;
		return text_lower_arena(&t->arena, it->key);
	case CX_TIDY_DUP_DOI: {
		const cx_str *v = tidy_value(t, it, "doi");
		cx_str s = alnum(&t->arena, v ? *v : (cx_str){"", 0}, SIZE_MAX);
		return s.n ? s : none;
	}
	case CX_TIDY_DUP_ABSTRACT: {
		const cx_str *v = tidy_value(t, it, "abstract");
		cx_str s = alnum(&t->arena, v ? *v : (cx_str){"", 0}, 100);
		return s.n ? s : none;
	}
	case CX_TIDY_DUP_CITATION: {
		const cx_str *ttl = tidy_value(t, it, "title"), *aut = tidy_value(t, it, "author");
		const cx_str *num = tidy_value(t, it, "number");
		if (!ttl || !ttl->n || !aut || !aut->n)
			return none;
		cx_str a = alnum(&t->arena, first_last_name(&t->arena, *aut), SIZE_MAX);
		cx_str b = alnum(&t->arena, *ttl, SIZE_MAX);
		cx_str c = alnum(&t->arena, num ? *num : (cx_str){"0", 1}, SIZE_MAX);
		cx_str ab = arena_cat(&t->arena, a, ":", b);
		return arena_cat(&t->arena, ab, ":", c);
	}
	}
	return none;
}

/* mergeEntries: fold entry it into first. */
static void merge(struct tidy_ctx *t, struct titem *first, const struct titem *it)
{
	enum cx_tidy_merge m = t->o->merge;
	if (m == CX_TIDY_MERGE_LAST) {
		first->key = it->key;
		first->has_key = it->has_key;
		first->fields = it->fields;
		first->nfields = it->nfields;
		first->capfields = 0; /* shared: a later merge into it copies */
		return;
	}
	if (m != CX_TIDY_MERGE_COMBINE && m != CX_TIDY_MERGE_OVERWRITE)
		return;
	for (size_t i = 0; i < it->nfields; i++) {
		const struct tfield *f = &it->fields[i];
		struct tfield *have = NULL;
		for (size_t j = 0; j < first->nfields && !have; j++)
			if (str_same(first->fields[j].lname, f->lname))
				have = &first->fields[j];
		if (!have) {
			if (first->nfields == first->capfields || !first->capfields) {
				size_t cap = first->nfields * 2 + 4;
				first->fields = arena_grow(&t->arena, first->fields, sizeof *first->fields,
				                           first->nfields, cap);
				first->capfields = cap;
			}
			first->fields[first->nfields++] = *f;
		} else if (m == CX_TIDY_MERGE_OVERWRITE) {
			have->parts = f->parts;
			have->nparts = f->nparts;
		}
	}
}

static size_t check(struct tidy_ctx *t, struct rule *r, size_t i, int warn)
{
	struct titem *it = &t->items[i];
	if (it->removed && !t->o->lossy)
		return 0; /* merged away by a rule before this one */
	cx_str v = rule_value(t, r, it);
	if (!v.p)
		return 0;
	int added;
	size_t k = strset_add(&r->seen, NULL, v.p, v.n, &added);
	if (added) {
		r->first = xgrow(r->first, &r->cap, k + 1, sizeof *r->first);
		r->first[k] = i;
		return 0;
	}
	size_t fi = r->first[k];
	/* bibtex-tidy merges into the first entry of its kind even when that
	 * one was merged away itself, and what it merges is lost; citex
	 * merges into the entry that took it (lossy: as bibtex-tidy). */
	while (!t->o->lossy && t->items[fi].removed)
		fi = t->items[fi].into;
	struct titem *first = &t->items[fi];
	if (first == it)
		return 0;
	if (!warn && !r->merge)
		return 0;
	char a[208], b[208];
	const char *what = r->merge ? "removed" : "detected";
	switch (r->kind) {
	case CX_TIDY_DUP_KEY:
		tidy_warn(t, "DUPLICATE_ENTRY", it, "Duplicate %s. The citation key %s has already been used.",
		          what, key_or_undefined(it, a, sizeof a));
		break;
	case CX_TIDY_DUP_DOI:
		tidy_warn(t, "DUPLICATE_ENTRY", it, "Duplicate %s. Entry %s has an identical DOI to entry %s.",
		          what, key_or_undefined(it, a, sizeof a), key_or_undefined(first, b, sizeof b));
		break;
	case CX_TIDY_DUP_CITATION:
		tidy_warn(t, "DUPLICATE_ENTRY", it, "Duplicate %s. Entry %s has similar content to entry %s.",
		          what, key_or_undefined(it, a, sizeof a), key_or_undefined(first, b, sizeof b));
		break;
	case CX_TIDY_DUP_ABSTRACT:
		tidy_warn(t, "DUPLICATE_ENTRY", it, "Duplicate %s. Entry %s has a similar abstract to entry %s.",
		          what, key_or_undefined(it, a, sizeof a), key_or_undefined(first, b, sizeof b));
		break;
	}
	if (r->merge) {
		int was = it->removed;
		it->removed = 1;
		it->into = fi;
		first->grown = 1;
		merge(t, first, it);
		return !was;
	}
	return 0;
}

size_t dupes_run(struct tidy_ctx *t, int warn)
{
	const struct cx_tidy_opts *o = t->o;
	struct rule rules[5];
	size_t nrules = 0;
	int has_key = 0;
	for (size_t i = 0; i < o->ndups; i++) {
		int seen = 0;
		for (size_t j = 0; j < nrules; j++)
			seen |= rules[j].kind == o->dups[i];
		if (seen)
			continue; /* a Map keeps a key once, where it was first set */
		memset(&rules[nrules], 0, sizeof rules[nrules]);
		rules[nrules].kind = o->dups[i];
		rules[nrules].merge = o->merge != CX_TIDY_MERGE_NONE;
		has_key |= o->dups[i] == CX_TIDY_DUP_KEY;
		nrules++;
	}
	if (!has_key) {
		memset(&rules[nrules], 0, sizeof rules[nrules]);
		rules[nrules++].kind = CX_TIDY_DUP_KEY;
	}
	size_t merged = 0;
	for (size_t i = 0; i < t->nitems; i++) {
		if (!titem_entry(&t->items[i]))
			continue;
		for (size_t r = 0; r < nrules; r++)
			merged += check(t, &rules[r], i, warn);
	}
	for (size_t r = 0; r < nrules; r++) {
		strset_free(&rules[r].seen);
		free(rules[r].first);
	}
	return merged;
}
