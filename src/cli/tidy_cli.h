/* cli/tidy_cli.h - `citex tidy`, the command: its arguments (tidy_args.c)
 * and its run (tidy.c). */
#ifndef CX_TIDY_CLI_H
#define CX_TIDY_CLI_H

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "citex.h"

/* realloc, or abort (cli/main.c), and what is built on it. */
void *cli_realloc(void *p, size_t n);
static inline void *tx_malloc(size_t n)
{
	return cli_realloc(NULL, n);
}
static inline void *tx_calloc(size_t n, size_t size)
{
	void *p = cli_realloc(NULL, n * size);
	return memset(p, 0, n * size);
}
static inline char *tx_strndup(const char *s, size_t n)
{
	char *p = cli_realloc(NULL, n + 1);
	memcpy(p, s, n);
	p[n] = 0;
	return p;
}
static inline char *tx_strdup(const char *s)
{
	return tx_strndup(s, strlen(s));
}

/* A growable byte buffer, NUL-terminated after its last byte. */
struct tbuf {
	char *p;
	size_t n, cap;
};
static inline void tbuf_reserve(struct tbuf *b, size_t extra)
{
	if (b->n + extra + 1 <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 256;
	while (cap < b->n + extra + 1)
		cap *= 2;
	b->p = cli_realloc(b->p, cap);
	b->cap = cap;
}
static inline void tbuf_put(struct tbuf *b, const char *s, size_t n)
{
	tbuf_reserve(b, n);
	if (n)
		memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = 0;
}
static inline void tbuf_putc(struct tbuf *b, int c)
{
	char ch = (char)c;
	tbuf_put(b, &ch, 1);
}
static inline void tbuf_puts(struct tbuf *b, const char *s)
{
	tbuf_put(b, s, strlen(s));
}
static inline void tbuf_clear(struct tbuf *b)
{
	b->n = 0;
	if (b->p)
		b->p[0] = 0;
}
static inline void tbuf_free(struct tbuf *b)
{
	free(b->p);
	b->p = NULL;
	b->n = b->cap = 0;
}

/* The options of a command line or a .citex-tidy file, as bibtex-tidy's
 * argument parser reads them: each option with the values after it, in
 * the order each option first came, then the paths. */
struct targ {
	const char *key; /* "--sort", "-m" */
	char **vals;
	size_t nvals;
};

struct targs {
	struct targ *v;
	size_t n;
	char **paths;
	size_t npaths;
	char **unknown;
	size_t nunknown;
	char **owned; /* strings to free */
	size_t nowned;
};

/* Read argv into a: trailing values become paths when there are none and
 * stdin is not read (noTrailingInputPaths off), as in bibtex-tidy; a last
 * "-" is always standard input, and what follows an option for which
 * flag() is true, or one given its values after '=', is a path. */
void targs_parse(struct targs *a, int argc, char **argv, int stdin_read, int (*flag)(const char *));
/* Is key an option that takes no values? */
int tidy_flag(const char *key);
void targs_free(struct targs *a);

/* What the options say: bibtex-tidy's options and the command's own. */
struct tset {
	struct cx_tidy_opts o;
	int help, version, v2, quiet, check, no_config, jobs;
	int lint;            /* -1: not given (on with --check) */
	int modify, backup;  /* -1: not given */
	int output_given;
	const char *output;  /* -o; NULL */
	const char *stdin_name; /* --stdin-filename: what standard input is */
	int merge_raw;       /* --merge given (1) or --no-merge (-1) */
	int dups_given;
	int note_commas, note_urls; /* --no-trailing-commas, --no-encode-urls given */
	char **owned;        /* lists and templates, to free */
	size_t nowned;
};

void tset_init(struct tset *s);
void tset_free(struct tset *s);
/* Apply the options of a to s.  from_config: a .citex-tidy file, where the
 * options about input, output and the run are refused.  Returns 0, or -1
 * with err set. */
int tset_apply(struct tset *s, const struct targs *a, int from_config, char *err, size_t n);
/* The defaults that depend on other options (--duplicates on --merge). */
void tset_finish(struct tset *s);

/* The .citex-tidy that governs a file (NULL: the current directory's,
 * for standard input): the first found going up from its directory, up to
 * the top of a git repository; a malloc'd path, or NULL. */
char *tidy_config_find(const char *path);
/* Read a .citex-tidy file into a.  Returns 0, or -1 with err set. */
int tidy_config_read(const char *path, struct targs *a, char *err, size_t n);

/* JavaScript's Number(string); Number(undefined) (NaN) for NULL. */
double cx_tidy_number(const char *s);

/* tidy.c */
int tidy_main(int argc, char **argv);

#endif
