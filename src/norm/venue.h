/* norm/venue.h - venue strings and the venue table.
 *
 * venue_parse reads a free-text venue ("OSDI '25", "Proc. of the 18th USENIX
 * Symposium on ... (OSDI '24)", "ACM SIGCOMM 2023, CCF-A", "Submitted to
 * ATC'25", "arXiv preprint (2408.08586)", "ToN '22 | IEEE/ACM Transactions
 * on Networking") through the bison grammar in grammar/venue.y into its
 * parts, and resolves the acronym or name against the venue table compiled
 * into the binary (styles/venues.tsv, generated into src/venues.inc) plus any
 * rows a user added (venue_db_load). */
#ifndef CX_VENUE_H
#define CX_VENUE_H

#include "citex.h"
#include "core/arena.h"
#include "model/model.h"

enum venue_kind { VENUE_UNKNOWN, VENUE_CONFERENCE, VENUE_JOURNAL, VENUE_WORKSHOP,
                  VENUE_PREPRINT, VENUE_THESIS };

enum venue_status { VENUE_PUBLISHED, VENUE_SUBMITTED, VENUE_IN_SUBMISSION,
                    VENUE_TO_APPEAR, VENUE_UNDER_REVIEW };

struct venue_row {
	const char *acronym;   /* "OSDI" */
	const char *name;      /* "USENIX Symposium on Operating Systems Design and Implementation" */
	const char *publisher; /* "USENIX", may be "" */
	enum venue_kind kind;
	const char *aliases;   /* '|'-separated other spellings, may be "" */
};

struct venue_info {
	cx_str acronym;        /* as found, e.g. "OSDI"; empty if none */
	cx_str name;           /* full name as written, if any */
	int year;              /* 2025 from '25 or 2025; 0 if none */
	int edition;           /* 18 from "18th"; 0 if none */
	cx_str publisher;      /* ACM, IEEE, USENIX prefix if written */
	cx_str remainder;      /* what is left: rank labels, awards, notes */
	cx_str arxiv;          /* arXiv id if the venue names one */
	enum venue_kind kind;  /* from the table, or guessed from words */
	enum venue_status status;
	const struct venue_row *row; /* the table row, or NULL */
};

/* A context's venues: the rows a user added, which win over the built-in
 * table, the memo of names recognised so far, and the year against which
 * a two-digit year is read ('27 is 2027 up to next year, else 1927).  A
 * NULL db means the built-in table alone. */
struct venue_db;
struct venue_db *venue_db_new(void);
void venue_db_free(struct venue_db *db);
void venue_db_set_year(struct venue_db *db, int year);
int venue_db_year(const struct venue_db *db);
/* Add rows from a TSV file: acronym, name, publisher, kind, aliases.
 * Returns the number of rows added, or -1 with a message in msg. */
int venue_db_load(struct venue_db *db, const char *path, char *msg, size_t msgcap);

/* Parse a venue string.  Results point into the arena.  Returns 0, or -1 if
 * the string does not look like a venue at all. */
int venue_parse(const struct venue_db *db, struct arena *a, const char *s, size_t n,
                struct venue_info *out);
/* Find a row by acronym, full name or alias (case-insensitive). */
const struct venue_row *venue_lookup(const struct venue_db *db, const char *s, size_t n);
/* Recognise a container title (a journal or booktitle as a bibliography
 * gives it): venue_lookup, and for a wrapped form ("Proceedings of the 18th
 * USENIX Symposium on ... (OSDI '24)", "18th USENIX Symposium on ..., OSDI
 * 2024, Santa Clara, CA") venue_parse, trusted only when the text holds the
 * row's full name or a long alias.  Scratch memory comes from a. */
const struct venue_row *venue_recognize(struct venue_db *db, struct arena *a, const char *s,
                                        size_t n);
/* Apply the --venues policy to e's journal or booktitle (venue_norm.c). */
struct cx_context;
void venue_normalize(struct cx_context *cx, struct arena *a, struct cx_entry *e,
                     enum cx_venues mode);

#endif
