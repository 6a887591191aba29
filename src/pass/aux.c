/* pass/aux.c - the subset of a bibliography that one LaTeX run cites (--aux).
 *
 * LaTeX records each citation in the .aux file: \citation{a,b} for bibtex
 * (\citation{*} for \nocite{*}), and for biblatex \abx@aux@cite{key} (older
 * releases) or \abx@aux@cite{refsection}{key} (3.18 writes that), with
 * \abx@aux@nociteall for \nocite{*}.  Chapters pulled in by \include write
 * their own .aux, named by an \@input line of the main one.  Every other
 * line is LaTeX's business.
 *
 * Selection keeps a cited entry and everything it needs to be typeset: its
 * crossref and xdata parents, the members of a biblatex set and its related
 * entries, followed transitively, since bibtex and biber both pull those in
 * on their own.  Keys compare without regard to ASCII case, because bibtex
 * finds entries that way (and warns); biber does not, so a case mismatch is
 * worth a warning either way. */
#define _POSIX_C_SOURCE 200809L
#include "core/str.h"
#include "pass/aux.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/arena.h"
#include "core/hash.h"
#include "core/utf8.h"
#include "norm/context.h"

/* \include cannot nest in LaTeX, so deeper \@input chains are cycles. */
enum { AUX_MAX_DEPTH = 16 };

struct cite {
	char *key;
	const char *file; /* the .aux it is in, in auxset.strs */
	unsigned line, col;
};

struct auxset {
	struct cite *cites; /* distinct keys, in order of first citation */
	size_t ncites, cap;
	struct arena strs; /* the keys and the file names */
	int all; /* \nocite{*} */
};

/* ---- a hash table from keys to indices ------------------------------------ */

/* ---- diagnostics ------------------------------------------------------------ */

static void report(struct cx_diags *d, enum cx_sev sev, const char *file, unsigned line,
                   unsigned col, const char *fmt, ...) __attribute__((format(printf, 6, 7)));

static void report(struct cx_diags *d, enum cx_sev sev, const char *file, unsigned line,
                   unsigned col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vreport(d, file, sev, sev == CX_ERROR ? CX_E_IO : CX_E_CITE, line, col, fmt, ap);
	va_end(ap);
}

/* ---- reading .aux files ----------------------------------------------------- */

struct loader {
	struct auxset *a;
	struct cx_diags *rep;
	struct strset seen; /* exact keys already in a->cites, numbered alike */
	const char *dir;    /* the main .aux's directory, "" for the current one */
	size_t ndir;
};

/* Columns count UTF-8 characters, as in every citex diagnostic. */
static unsigned column(const char *line, const char *at)
{
	return 1 + (unsigned)utf8_count(line, (size_t)(at - line));
}

static void add_cite(struct loader *L, const char *file, unsigned lineno, const char *line,
                     const char *k, size_t n)
{
	while (n && str_space((unsigned char)*k)) {
		k++;
		n--;
	}
	while (n && str_space((unsigned char)k[n - 1]))
		n--;
	if (!n)
		return;
	struct auxset *a = L->a;
	if (a->ncites == a->cap) {
		a->cap = a->cap ? a->cap * 2 : 32;
		a->cites = xrealloc(a->cites, a->cap * sizeof *a->cites);
	}
	char *key = arena_strndup(&a->strs, k, n);
	int added;
	strset_add(&L->seen, NULL, key, n, &added);
	if (!added) {
		arena_trim(&a->strs, key, 0); /* a key cited before */
		return;
	}
	a->cites[a->ncites++] = (struct cite){key, file, lineno, column(line, k)};
}

/* The text of a braced argument starting at s ('{'), up to the first '}':
 * keys hold no braces.  Returns NULL when the line ends first. */
static const char *arg_end(const char *s)
{
	return *s == '{' ? strchr(s + 1, '}') : NULL;
}

/* \citation{a, b,c}: a comma-separated list.  "*" means every entry, and
 * biblatex's bibtex backend cites its own control entry, which lives in a
 * file it writes itself. */
static void read_citation(struct loader *L, const char *file, unsigned lineno, const char *line,
                          const char *arg)
{
	const char *end = arg_end(arg);
	if (!end)
		return;
	for (const char *k = arg + 1; k < end;) {
		const char *comma = memchr(k, ',', (size_t)(end - k));
		const char *stop = comma ? comma : end;
		const char *t = k;
		while (t < stop && str_space((unsigned char)*t))
			t++;
		size_t n = (size_t)(stop - t);
		while (n && str_space((unsigned char)t[n - 1]))
			n--;
		if (n == 1 && *t == '*')
			L->a->all = 1;
		else if (!(n == 16 && !memcmp(t, "biblatex-control", 16)))
			add_cite(L, file, lineno, line, t, n);
		k = stop + 1;
	}
}

/* \abx@aux@cite{key} (older biblatex) or \abx@aux@cite{refsection}{key}. */
static void read_abx_cite(struct loader *L, const char *file, unsigned lineno, const char *line,
                          const char *arg)
{
	const char *end = arg_end(arg);
	if (!end)
		return;
	if (end[1] == '{') {
		arg = end + 1;
		end = arg_end(arg);
		if (!end)
			return;
	}
	add_cite(L, file, lineno, line, arg + 1, (size_t)(end - arg - 1));
}

static int load_file(struct loader *L, const char *path, int depth);

/* \@input{chapter.aux}: LaTeX names it relative to where it runs, which is
 * where it wrote the main .aux. */
static void read_input(struct loader *L, const char *file, unsigned lineno, const char *line,
                       const char *arg, int depth)
{
	const char *end = arg_end(arg);
	if (!end || end == arg + 1)
		return;
	size_t n = (size_t)(end - arg - 1);
	unsigned col = column(line, arg + 1);
	if (depth + 1 > AUX_MAX_DEPTH) {
		report(L->rep, CX_WARNING, file, lineno, col,
		       "\\@input of '%.*s' nested too deeply: skipped", (int)n, arg + 1);
		return;
	}
	int absolute = arg[1] == '/';
	char *path = xmalloc(L->ndir + n + 1);
	size_t nd = absolute ? 0 : L->ndir;
	memcpy(path, L->dir, nd);
	memcpy(path + nd, arg + 1, n);
	path[nd + n] = '\0';
	if (load_file(L, path, depth + 1) < 0)
		report(L->rep, CX_WARNING, file, lineno, col, "cannot open '%s': %s", path,
		       strerror(errno));
	free(path);
}

static int starts(const char *s, const char *prefix, const char **rest)
{
	size_t n = strlen(prefix);
	if (strncmp(s, prefix, n))
		return 0;
	*rest = s + n;
	return 1;
}

/* Read one .aux file.  Returns -1 (errno set) when it cannot be read. */
static int load_file(struct loader *L, const char *path, int depth)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	struct auxset *a = L->a;
	const char *file = arena_strndup(&a->strs, path, strlen(path));
	char *line = NULL;
	size_t cap = 0;
	unsigned lineno = 0;
	while (getline(&line, &cap, f) != -1) {
		lineno++;
		const char *s = line, *arg;
		while (*s == ' ' || *s == '\t')
			s++;
		if (starts(s, "\\citation", &arg))
			read_citation(L, file, lineno, line, arg);
		else if (starts(s, "\\abx@aux@cite", &arg))
			read_abx_cite(L, file, lineno, line, arg);
		else if (starts(s, "\\abx@aux@nociteall", &arg))
			a->all = 1;
		else if (starts(s, "\\@input", &arg))
			read_input(L, file, lineno, line, arg, depth);
	}
	int err = ferror(f) ? errno : 0;
	free(line);
	fclose(f);
	if (err) {
		errno = err;
		return -1;
	}
	return 0;
}

struct auxset *aux_load(const char *path, struct cx_diags *d)
{
	struct auxset *a = xcalloc(1, sizeof *a);
	struct loader L = {.a = a, .rep = d, .dir = path};
	const char *slash = strrchr(path, '/');
	L.ndir = slash ? (size_t)(slash - path + 1) : 0;
	if (load_file(&L, path, 0) < 0) {
		report(L.rep, CX_ERROR, path, 0, 0, "cannot read: %s", strerror(errno));
		strset_free(&L.seen);
		aux_free(a);
		return NULL;
	}
	strset_free(&L.seen);
	return a;
}

void aux_free(struct auxset *a)
{
	if (!a)
		return;
	arena_destroy(&a->strs);
	free(a->cites);
	free(a);
}

/* ---- selection --------------------------------------------------------------- */

/* Fields whose value names other entries that must come along. */
static int names_entries(const struct cx_field *f)
{
	if (f->inherited)
		return 0;
	if (f->id == CX_F_CROSSREF || f->id == CX_F_XDATA)
		return 1;
	return (f->name.n == 7 && !memcmp(f->name.p, "related", 7)) ||
	       (f->name.n == 8 && !memcmp(f->name.p, "entryset", 8));
}

struct selector {
	struct cx_entry **v;
	unsigned char *keep;
	size_t *stack, nstack;
	struct strset index; /* keys, folded; at[j] is key j's first entry */
	size_t *at;
};

static void take(struct selector *S, size_t i)
{
	if (!S->keep[i]) {
		S->keep[i] = 1;
		S->stack[S->nstack++] = i;
	}
}

/* Take every entry that entry i names, and what those name in turn.  A
 * missing target was reported by the reader already. */
static void take_targets(struct selector *S)
{
	while (S->nstack) {
		const struct cx_entry *e = S->v[S->stack[--S->nstack]];
		for (size_t f = 0; f < e->nfields; f++) {
			if (!names_entries(&e->fields[f]))
				continue;
			const char *s = e->fields[f].raw.p, *end = s + e->fields[f].raw.n;
			while (s < end) {
				while (s < end && (*s == ',' || str_space((unsigned char)*s)))
					s++;
				const char *k = s;
				while (s < end && *s != ',' && !str_space((unsigned char)*s))
					s++;
				long hit = strset_find(&S->index, k, (size_t)(s - k));
				if (s > k && hit >= 0)
					take(S, S->at[hit]);
			}
		}
	}
}

size_t aux_ncites(const struct auxset *a)
{
	return a->ncites;
}

const char *aux_cite_key(const struct auxset *a, size_t i)
{
	return a->cites[i].key;
}

/* The kept entry a crossref in entry i names, or -1. */
static long crossref_parent(const struct selector *S, size_t i)
{
	const struct cx_entry *e = S->v[i];
	for (size_t f = 0; f < e->nfields; f++) {
		if (e->fields[f].id != CX_F_CROSSREF || e->fields[f].inherited)
			continue;
		cx_str k = str_trim(e->fields[f].raw);
		long hit = strset_find(&S->index, k.p, k.n);
		if (hit >= 0 && S->keep[S->at[hit]] && S->at[hit] != i)
			return (long)S->at[hit];
	}
	return -1;
}

/* bibtex finds a crossref parent only after the entries that name it: the
 * kept entries in input order, but each parent held back until its last
 * child is out (a chain, chapter to book to set, in that order).  A cycle
 * is written as it stands, after the rest. */
static void parents_last(struct selector *S, size_t n, struct cx_entry **out)
{
	size_t *pending = xcalloc(n ? n : 1, sizeof *pending);
	unsigned char *done = xcalloc(n ? n : 1, 1);
	for (size_t i = 0; i < n; i++) {
		long p = S->keep[i] ? crossref_parent(S, i) : -1;
		if (p >= 0)
			pending[p]++;
	}
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		if (!(S->v[i]->kind != CX_ENTRY_RECORD || S->keep[i]) || pending[i])
			continue;
		/* Write i, then every parent it was the last child of. */
		for (long j = (long)i; j >= 0 && !done[j];) {
			done[j] = 1;
			out[m++] = S->v[j];
			long p = S->v[j]->kind == CX_ENTRY_RECORD ? crossref_parent(S, (size_t)j) : -1;
			j = p >= 0 && --pending[p] == 0 && (size_t)p < i ? p : -1;
		}
	}
	for (size_t i = 0; i < n; i++)
		if ((S->v[i]->kind != CX_ENTRY_RECORD || S->keep[i]) && !done[i])
			out[m++] = S->v[i];
	free(pending);
	free(done);
}

void aux_select(struct auxset *a, struct cx_entry **v, size_t *n, struct cx_diags *rep)
{
	struct selector S = {v, xcalloc(*n ? *n : 1, 1), xmalloc((*n ? *n : 1) * sizeof(size_t)), 0,
	                     {.fold = 1}, xmalloc((*n ? *n : 1) * sizeof(size_t))};
	for (size_t i = 0; i < *n; i++) {
		int added;
		if (v[i]->kind != CX_ENTRY_RECORD || !v[i]->key.n)
			continue;
		size_t j = strset_add(&S.index, NULL, v[i]->key.p, v[i]->key.n, &added);
		if (added)
			S.at[j] = i;
	}
	for (size_t i = 0; i < *n && a->all; i++)
		if (v[i]->kind == CX_ENTRY_RECORD)
			take(&S, i);
	for (size_t c = 0; c < a->ncites; c++) {
		const struct cite *ci = &a->cites[c];
		size_t kn = strlen(ci->key);
		long hit = strset_find(&S.index, ci->key, kn);
		if (hit < 0) {
			report(rep, CX_WARNING, ci->file, ci->line, ci->col,
			       "citation '%s' has no entry", ci->key);
			continue;
		}
		cx_str k = S.index.key[hit];
		if (memcmp(k.p, ci->key, kn))
			report(rep, CX_WARNING, ci->file, ci->line, ci->col,
			       "citation '%s' matches entry '%.*s' only up to case (bibtex takes it, "
			       "biber does not)", ci->key, (int)k.n, k.p);
		take(&S, S.at[hit]);
	}
	take_targets(&S);
	struct cx_entry **out = xmalloc((*n ? *n : 1) * sizeof *out);
	parents_last(&S, *n, out);
	size_t m = 0;
	for (size_t i = 0; i < *n; i++)
		m += v[i]->kind != CX_ENTRY_RECORD || S.keep[i];
	memcpy(v, out, m * sizeof *v);
	free(out);
	*n = m;
	free(S.keep);
	free(S.stack);
	strset_free(&S.index);
	free(S.at);
}

/* ---- the public face: citex.h's cx_aux ------------------------------------------ */

struct cx_aux {
	struct auxset *set;
	struct cx_context *cx;
};

struct cx_aux *cx_aux_load(struct cx_context *cx, const char *path, struct cx_counts *counts)
{
	struct cx_diags d = context_diags(cx, NULL);
	struct auxset *set = aux_load(path, &d);
	context_count(counts, &d);
	if (!set)
		return NULL;
	struct cx_aux *a = xmalloc(sizeof *a);
	*a = (struct cx_aux){set, cx};
	return a;
}

int aux_nocite_all(const struct cx_aux *a)
{
	return a->set->all;
}

size_t cx_aux_ncites(const struct cx_aux *a)
{
	return aux_ncites(a->set);
}

const char *cx_aux_cite(const struct cx_aux *a, size_t i)
{
	return i < aux_ncites(a->set) ? aux_cite_key(a->set, i) : NULL;
}

void cx_aux_select(const struct cx_aux *a, struct cx_entries *l, struct cx_counts *counts)
{
	struct cx_diags d = context_diags(a->cx, NULL);
	aux_select(a->set, l->v, &l->n, &d);
	context_count(counts, &d);
}

void cx_aux_free(struct cx_aux *a)
{
	if (!a)
		return;
	aux_free(a->set);
	free(a);
}
