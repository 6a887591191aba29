/* pass/dedup_int.h - what the duplicate finder (dedup.c) and its choice of
 * the richest value (dedup_value.c) share; internal to them. */
#ifndef CX_DEDUP_INT_H
#define CX_DEDUP_INT_H

#include <stdint.h>

#include "core/strbuf.h"
#include "pass/dedup.h"

#define NONE SIZE_MAX

enum reason { R_NONE, R_DOI, R_PMID, R_ARXIV, R_TITLE, R_AUTHORS, R_PLACE };

struct item {
	cx_str doi, pmid, arxiv, title; /* match keys; n == 0 when absent */
	cx_str near;              /* title and first author, no year: near misses */
	cx_str place, tplace;     /* where it was printed: first author, or title,
	                           * with year, volume and first page */
	cx_str authors;           /* title and every author, no year */
	int year;                 /* 0: none */
	size_t up;                /* union-find parent */
	size_t survivor;          /* at a group's root: the record that stays */
	size_t via;               /* breadth-first parent towards the survivor */
	unsigned long page, volume, number, issue; /* their first numbers; 0: none */
	enum reason why;          /* the match with via */
	unsigned record : 1, preprint : 1, published : 1;
	unsigned group_preprint : 1, group_published : 1; /* at a group's root */
};

struct edge {
	size_t a, b;
	enum reason why;
};

struct slot {
	uint64_t h;
	cx_str k; /* k.p == NULL: empty slot */
	char kind;
	size_t idx;
};

struct table {
	struct slot *s;
	size_t mask;
};

struct dd {
	struct cx_entry **v;
	struct item *it;
	struct arena *a;      /* where merged values go: the run's, or scratch */
	struct arena scratch; /* match keys, messages, report-only copies */
	struct buf b1, b2;
	int report_only;
	struct cx_diags *diags;
	cx_dedup_row_fn row; /* the report, or NULL */
	void *row_ctx;
};

/* ---- dedup.c ---- */

/* A field's value, trimmed: its text, else its raw form. */
cx_str dd_value(const struct cx_field *f);
/* The entry's first non-empty field with id, or NULL. */
const struct cx_field *dd_field(const struct cx_entry *e, enum cx_field_id id);
/* Append the match form of s to b (compatibility decomposition, case
 * folding, marks stripped, ASCII where translit spells it, punctuation
 * dropped, one space between words); of a name, its family's last word. */
void dd_fold(struct buf *b, cx_str s);
void dd_fold_family(struct buf *b, const struct cx_name *who);
/* The first number of a field ("0123--130": 123), 0 for none. */
unsigned long dd_first_number(const struct cx_entry *e, enum cx_field_id id);
/* journal and booktitle are one slot; every other id its own. */
int dd_slot_of(enum cx_field_id id);
/* Do two values of one slot say different things? */
int dd_differs(struct dd *D, const struct cx_field *g, const struct cx_field *f);
/* Add a copy of f to the survivor s. */
void dd_add_field(struct dd *D, struct cx_entry *s, const struct cx_field *f);
/* A field's name for a message: LABEL(f) for printf's "%.*s". */
cx_str dd_field_label(const struct cx_field *f);
#define LABEL(f) (int)dd_field_label(f).n, dd_field_label(f).p

/* ---- dedup_value.c ---- */

/* The survivor's field k and f, of one slot, say the same thing, or f says
 * it more fully: s keeps the richer value (reported as a row) and 1 comes
 * back; 0 when they disagree. */
int dd_richer(struct dd *D, struct cx_entry *s, const struct cx_entry *d, size_t k,
              const struct cx_field *f);

#endif
