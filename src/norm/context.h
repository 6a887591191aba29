/* norm/context.h - the context: every piece of state a conversion needs.
 *
 * A program makes one with cx_context_new and hands it to every reader,
 * writer and pass.  It owns the options, where diagnostics go, today's
 * date, the venues a user added and the memo of recognised venue names,
 * and the keys made for publication lists (unique across all the inputs
 * of a run).  Nothing else in the library outlives a call, so
 * two contexts never share anything and may be used in two threads. */
#ifndef CX_CONTEXT_H
#define CX_CONTEXT_H

#include "citex.h"
#include "core/diag.h"

struct venue_db;
struct keygen;
struct strings;

struct cx_context {
	struct cx_options opt;
	cx_diag_fn diag;
	void *diag_ctx;
	enum cx_sev diag_min;
	int today[3];              /* year, month, day */
	struct venue_db *venues;   /* the user's rows and the name memo */
	struct keygen *cv_keys;    /* keys made for publication lists, unique in the run */
	/* The @string macros the BibTeX inputs read so far defined: the
	 * next input starts with them, as in one bibtex database. */
	struct strings *strings;
	/* Called when an input uses a macro no input read so far defines,
	 * once an input; a program that reads inputs out of order (parallel
	 * workers) adds the macros of the inputs before it to `strings` and
	 * returns nonzero.  May be NULL. */
	int (*strings_more)(void *ctx);
	void *strings_ctx;
	/* Called when a crossref or xdata target is in no entry of the input
	 * being read: a program with more inputs in the run returns the entry
	 * with that key from another one (crossref resolved, not normalized),
	 * as bibtex finds a parent anywhere in \bibliography{a,b}, or NULL.
	 * May be NULL. */
	const struct cx_entry *(*parent_more)(void *ctx, cx_str key);
	void *parent_ctx;
	/* Tests only (unit/test_xref, fuzz_bibtex): the BibTeX reader keeps
	 * every entry as a possible crossref parent instead of reading a
	 * parent again from its offset, which must give the same result.  It
	 * is no option of citex.h: a program has no reason to choose. */
	unsigned keep_parents : 1;
};

/* The key generator of publication lists, made on first use. */
struct keygen *context_cv_keys(struct cx_context *cx);

/* Diagnostics to cx's callback about file (NULL: each report names its
 * own), counted from zero: what a public entry point reports through. */
struct cx_diags context_diags(const struct cx_context *cx, const char *file);
/* Add d's error and warning counts to *c; c may be NULL. */
void context_count(struct cx_counts *c, const struct cx_diags *d);

#endif
