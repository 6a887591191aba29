/* read/bibsrc.h - BibTeX source as written, as bibtex-tidy reads it.
 *
 * `citex tidy` formats a .bib file without going through the model: what
 * it does not change it writes back as it was written.  It reads the file
 * with the tidy dialect of the one BibTeX scanner (grammar/bibtex.l, the TD_
 * start conditions) and grammar (grammar/bibtex.y, `tfile`) into the tree
 * below, every string of which is a view of the buffer read.
 *
 * The dialect is bibtex-tidy's syntax: text between entries is kept, an '@'
 * opens a block only after white space or '}', @string, @preamble and
 * @comment blocks are kept whole (their braces and parentheses balanced
 * together), an entry may have no key, a field no value, and a field name
 * any byte but = , { } ( ) [ ].  Where bibtex-tidy throws a syntax error the
 * reader reports one and stops; an entry or block still open at the end of
 * the input is an error too. */
#ifndef CX_BIBSRC_H
#define CX_BIBSRC_H

#include <stddef.h>

#include "core/arena.h"
#include "core/diag.h"

enum bsrc_kind { BSRC_TEXT, BSRC_STRING, BSRC_PREAMBLE, BSRC_COMMENT, BSRC_ENTRY };
enum bsrc_part_kind { BSRC_LITERAL, BSRC_BRACED, BSRC_QUOTED };

/* A part of a value (parts are joined with '#'): its text without the
 * braces or quotes around it. */
struct bsrc_part {
	cx_str s;
	enum bsrc_part_kind kind;
};

struct bsrc_field {
	cx_str name; /* as written, trimmed; never empty */
	struct bsrc_part *parts; /* none for a field written without '=' */
	size_t nparts;
};

struct bsrc_node {
	enum bsrc_kind kind;
	/* TEXT: the text.  STRING, PREAMBLE, COMMENT: the block from its
	 * opening brace or parenthesis to its closing one. */
	cx_str text;
	cx_str command;    /* the word after '@' as written, trimmed */
	cx_str key;        /* ENTRY: its key (has_key 0: none was written) */
	int has_key;
	struct bsrc_field *fields;
	size_t nfields;
	size_t off;        /* where the node starts in the buffer */
};

struct bsrc_doc {
	struct bsrc_node *v;
	size_t n, cap;
	struct bsrc_field *fields; /* all fields, then all parts, in order */
	size_t nfields, capfields;
	struct bsrc_part *parts;
	size_t nparts, capparts;
};

/* Read src[0..n), which must be followed by two NUL bytes and outlive the
 * tree (flex scans it in place, and the tree points into it).  Returns 0,
 * or -1 after reporting the syntax error through d (one error: the rest
 * is not read).  Positions count lines from 1 and columns in characters. */
int bsrc_parse(struct bsrc_doc *doc, char *src, size_t n, struct cx_diags *d);
void bsrc_free(struct bsrc_doc *doc);

/* The line and column (from 1, in characters) of p in src. */
void bsrc_position(const char *src, const char *p, unsigned *line, unsigned *col);

/* ---- for the scanner and the grammar (grammar/bibtex.l, bibtex.y) ---- */

struct cx_parser;
struct cx_val;

/* What the tidy dialect's scanner keeps between its rules. */
struct td_state {
	const char *base;   /* the buffer */
	size_t n;
	struct bsrc_doc *doc;
	const char *text;   /* where the text being read starts */
	const char *at;     /* the '@' of the block being read */
	const char *name;   /* the field name being read, or NULL */
	const char *value;  /* where the value being read starts */
	const char *key;    /* the key being read, or NULL */
	size_t nkey;
	char close;         /* what closes the entry: '}' or ')' */
	int key_ended;      /* white space came after the key */
	int key_given;      /* the key went to the grammar */
	int braces, parens; /* in a raw block */
	enum bsrc_kind raw;
	long depth;         /* braces open in a value */
	size_t entry_field; /* the first field of the entry being read */
};

void bibtex_scan_tidy(void *scanner);

/* Scanner actions; those that return int return a token (0: none). */
void td_text_start(struct cx_parser *P, const char *p);
int td_opens(struct cx_parser *P, const char *at);
int td_text_end(struct cx_parser *P, struct cx_val *lval, const char *end);
void td_block(struct cx_parser *P, const char *at);
int td_text_before(struct cx_parser *P, struct cx_val *lval, const char *at);
int td_block_open(struct cx_parser *P, struct cx_val *lval, const char *open);
void td_text_from_block(struct cx_parser *P);
int td_raw_delim(struct cx_parser *P, char c);
int td_raw_end(struct cx_parser *P, struct cx_val *lval, const char *end);
void td_key_blank(struct cx_parser *P);
int td_key_pending(struct cx_parser *P, struct cx_val *lval);
int td_closes(struct cx_parser *P, char c);
int td_key_is_field(struct cx_parser *P, struct cx_val *lval);
int td_key_chars(struct cx_parser *P, const char *s, size_t n);
int td_bad_key(struct cx_parser *P, const char *p);
void td_field_reset(struct cx_parser *P);
void td_name_chars(struct cx_parser *P, const char *p);
int td_name_pending(struct cx_parser *P);
int td_field(struct cx_parser *P, struct cx_val *lval, const char *end);
void td_value_start(struct cx_parser *P, const char *p);
int td_value_end(struct cx_parser *P, struct cx_val *lval, const char *end, int tok);
int td_bad(struct cx_parser *P, const char *p, const char *where);
int td_eof(struct cx_parser *P);

/* Grammar actions. */
void bsrc_text(struct cx_parser *P, cx_str s, int more);
void bsrc_raw(struct cx_parser *P, enum bsrc_kind kind, cx_str s);
void bsrc_entry(struct cx_parser *P, cx_str s);
void bsrc_key(struct cx_parser *P, cx_str s);
void bsrc_field(struct cx_parser *P, cx_str name);
void bsrc_part(struct cx_parser *P, enum bsrc_part_kind kind, cx_str s);
void bsrc_entry_end(struct cx_parser *P);
void bsrc_unexpected(struct cx_parser *P, const char *what);

#endif
