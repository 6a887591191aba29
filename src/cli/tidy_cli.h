/* cli/tidy_cli.h - `citex tidy`, the command: its arguments (tidy_args.c)
 * and its run (tidy.c). */
#ifndef CX_TIDY_CLI_H
#define CX_TIDY_CLI_H

#include <stddef.h>

#include "core/arena.h"
#include "tidy/tidy.h"

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
	struct tidy_opts o;
	int help, version, v2, quiet, check, no_config, jobs;
	int lint;            /* -1: not given (on with --check) */
	int modify, backup;  /* -1: not given */
	int output_given;
	const char *output;  /* -o; NULL */
	const char *stdin_name; /* --stdin-filename: what standard input is */
	int merge_raw;       /* --merge given (1) or --no-merge (-1) */
	int dups_given;
	int note_commas, note_urls; /* --no-trailing-commas, --no-encode-urls given */
	struct arena arena;  /* lists and templates */
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
double js_number(const char *s);

/* tidy.c */
int tidy_main(int argc, char **argv);

#endif
