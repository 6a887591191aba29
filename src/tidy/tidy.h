/* tidy/tidy.h - `citex tidy`: format and tidy BibTeX source, as bibtex-tidy
 * 1.14.0 does, without going through the model.
 *
 * The layer above pass: it reads a whole .bib with the tidy dialect of the
 * BibTeX scanner (read/bibsrc.h), applies bibtex-tidy's options to the tree
 * (merge duplicates, sort, generate keys) and writes it back, value by
 * value, through bibtex-tidy's formatting.  What no option changes is
 * written as it was read.  Where bibtex-tidy would lose data by default
 * (a duplicate field whose value differs, bytes that are not UTF-8) citex
 * keeps it, unless `lossy` asks for bibtex-tidy's output exactly.
 *
 * The command line (cli/tidy.c) turns bibtex-tidy's options into a struct
 * tidy_opts; tidy_run does the rest, with no I/O of its own. */
#ifndef CX_TIDY_H
#define CX_TIDY_H

#include <stddef.h>

#include "citex.h"
#include "core/diag.h"
#include "core/strbuf.h"

/* A list of names (fields, sort keys), each NUL-terminated. */
struct tidy_list {
	const char **v;
	size_t n;
	int on; /* the option was given (a list may be empty) */
};

enum tidy_merge { TIDY_MERGE_NONE, TIDY_MERGE_FIRST, TIDY_MERGE_LAST, TIDY_MERGE_COMBINE,
	          TIDY_MERGE_OVERWRITE };

/* How duplicate entries are found, in the order given. */
enum tidy_dup { TIDY_DUP_KEY, TIDY_DUP_DOI, TIDY_DUP_CITATION, TIDY_DUP_ABSTRACT };

/* bibtex-tidy's options, with its defaults (tidy_opts_default) and its
 * meanings.  Numbers are JavaScript numbers: NaN where bibtex-tidy would
 * have NaN (a number option given no number), which it treats as 0. */
struct tidy_opts {
	struct tidy_list omit;
	int curly, numeric, months;
	double space;          /* indent width, when tab is off */
	int tab;
	double align;          /* the column values start at; 1: not aligned */
	int blank_lines;
	struct tidy_list sort; /* sort keys, "-" for descending; on: sort */
	enum tidy_dup dups[4];
	size_t ndups;          /* 0: no --duplicates (only keys are checked) */
	enum tidy_merge merge;
	int strip_enclosing_braces, drop_all_caps, escape;
	struct tidy_list sort_fields;
	int strip_comments, trailing_commas, encode_urls, tidy_comments;
	int remove_empty_fields, remove_dupe_fields, lowercase;
	const char *generate_keys; /* the key template, or NULL */
	double max_authors;    /* 0 or NaN: off */
	struct tidy_list enclosing_braces, remove_braces;
	double wrap;           /* 0 or NaN: off */
	int lossy;             /* do what bibtex-tidy does even where it loses data */
};

void tidy_opts_default(struct tidy_opts *o);

/* A warning as bibtex-tidy gives it (code MISSING_KEY or DUPLICATE_ENTRY),
 * with where the entry it is about starts in the input. */
struct tidy_warning {
	const char *code;
	char *msg;
	unsigned line, col;
};

struct tidy_result {
	struct buf out;        /* the tidied file */
	size_t count;          /* entries written */
	struct tidy_warning *warnings;
	size_t nwarnings;
	size_t nkept;          /* duplicate fields kept because lossy is off */
};

/* Tidy in[0..n).  Returns 0 with the result in *r, or -1 when the input
 * does not parse (the errors went through d, and r->out is empty); a bad
 * key template is reported through d too.  Free r with tidy_result_free. */
int tidy_run(const struct tidy_opts *o, const char *in, size_t n, struct tidy_result *r,
             struct cx_diags *d);
void tidy_result_free(struct tidy_result *r);

/* Is template a key template tidy_run accepts?  NULL if so, else why not
 * (a static string). */
const char *tidy_check_template(const char *template);

#endif
