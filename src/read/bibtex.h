/* read/bibtex.h - state shared by the BibTeX scanner, the grammar and its driver.
 *
 * All parse state lives in one struct cx_parser passed to the pure bison
 * parser and kept in the reentrant flex scanner's `extra`: no globals.
 * bibtex_scan.c holds the helpers the scanner's actions call, bibtex.c the
 * grammar actions and the reader, bibtex_xref.c crossref and xdata. */
#ifndef CX_PARSER_H
#define CX_PARSER_H

#include <stdint.h>

#include "core/arena.h"
#include "core/bytes.h"
#include "core/hash.h"
#include "core/str.h"
#include "core/strbuf.h"
#include "read/reader.h"

struct macro;
struct xref;
struct td_state;

enum { FETCH_ONE = 1, FETCH_AHEAD = 2 };

/* Token locations: bison's default members, declared here so that the
 * scanner's helpers can fill them (bibtex.tab.h then uses this type). */
typedef struct CX_YYLTYPE {
	int first_line, first_column, last_line, last_column;
} CX_YYLTYPE;
#define CX_YYLTYPE_IS_DECLARED 1
#define CX_YYLTYPE_IS_TRIVIAL 1

/* A field name as written, looked up once per file: lower-cased, its id
 * and its hash (parser_field_name). */
struct field_name {
	cx_str raw, lname;
	enum cx_field_id id;
	size_t hash;
};

/* A token's value for the grammar: its text. */
struct cx_val {
	cx_str s;
};

/* A simple field that the scanner takes whole (", name = value", one of
 * the fields of a TOK_FIELDS): its name (and, when the name is plain, fn),
 * its value, and where the name starts. */
struct cx_tok {
	cx_str s;
	const struct field_name *fn;
	struct cx_part v;
	unsigned line, col;
};

#define FIELD_MEMO 512
#define NAME_SEEN 256

/* A field name already looked up (lower-cased), and its id. */
struct field_memo {
	char name[23];
	unsigned char n;
	enum cx_field_id id;
};

/* A value joined with '#' from macros and strings, and its decoded text:
 * both in mem (malloc), or raw.p NULL for an empty slot. */
#define JOIN_MEMO 16
struct join_memo {
	cx_str raw, text;
	char *mem;
};

/* The @string macros of a file: open addressing, keys lower-cased.  A
 * macro defined again keeps its earlier values (with where each was
 * defined), for a parent read again from where it starts. */
struct macros {
	struct macro *v;
	size_t n, cap;
};

struct cx_parser {
	struct cx_reader_ctx *c;
	struct cx_input *in;
	struct arena file_arena;  /* macros, the key set */
	struct arena entry_arena; /* reset after each entry */

	/* Scanner position: 1-based line, column in UTF-8 characters, and
	 * the byte offset in the input (off: after the match, moff: where
	 * the match starts). */
	unsigned line, col;
	uint64_t off, moff;
	uint64_t at_off;            /* offset of the '@' of the entry being read */
	unsigned tok_line, tok_col; /* start of the token being built */
	unsigned prev_line, prev_col; /* end of the token before the lookahead */
	unsigned last_line, last_col; /* end of the lookahead */
	int depth;          /* brace depth inside a value token */
	char close;         /* '}' or ')' for the open entry */
	int comment_paren;  /* the word after '@' was "comment" */
	struct buf tok;     /* the value token being accumulated */
	int latin1;         /* this input was found not to be UTF-8 */
	int high;           /* the last match has a byte from 0x80 up */

	/* Simple fields in a row, each one match of bibtex.l's FIELD, reach
	 * the grammar as one token (TOK_FIELDS) just before the token that
	 * ends the row, which waits in `next` meanwhile.  run_out: the row
	 * was handed over, and the next field starts a new one. */
	struct cx_tok *run;
	size_t nrun, run_cap;
	int run_out;
	CX_YYLTYPE run_loc;
	int has_next, next_tok;
	struct cx_val next_lval;
	CX_YYLTYPE next_lloc;

	/* The entry being built. */
	struct cx_entry e;
	size_t fields_cap;
	uint64_t seen_ids; /* bit id: a field with that id is in e (ids below 64) */
	uint64_t seen_unknown; /* a bit of the name hash of each unknown field in e */
	struct cx_part *parts;
	size_t nparts, parts_cap;
	int entry_failed;   /* an error was reported for this entry */
	int limit_hit;      /* a macro expansion passed the cap */
	int asked_strings;  /* the context was asked for more inputs' macros */

	struct field_memo field_memo[FIELD_MEMO];
	/* The names of simple fields as written (file arena), and for each
	 * its field_name (file arena); the last names met, by a hash of
	 * their bytes (bibtex_scan.c). */
	struct strset names;
	struct field_name **name_info;
	size_t name_cap;
	struct name_seen {
		unsigned char n; /* 0: empty */
		char raw[23];
		const struct field_name *fn;
	} name_seen[NAME_SEEN];
	struct join_memo join_memo[JOIN_MEMO];

	struct macros own_macros;
	struct macros *macros; /* own_macros, or the reader's when fetching */

	/* crossref/xdata (bibtex_xref.c).  `fetch` marks a parser that reads
	 * the file again for the reader's parser: one parent from where it
	 * starts (FETCH_ONE), or on ahead of the reader for keys not seen yet
	 * (FETCH_AHEAD).  Such a parser says nothing, sees the @string macros
	 * as they stand where it reads, and hands its entries to the xref
	 * state instead of emitting them; `stop` ends its run at the next '@'. */
	struct xref *xref;
	int fetch;
	int stop;
	int skipping;               /* looking ahead: this entry's values are not kept */
	struct cx_entry *fetched;   /* the parent a fetch has read */

	/* The tidy dialect (read/bibsrc.c): its state, or NULL. */
	struct td_state *td;
};

/* Grammar actions (bibtex.c). */
void parser_begin_entry(struct cx_parser *P, int kind, cx_str type, unsigned line, unsigned col);
void parser_set_key(struct cx_parser *P, cx_str key, unsigned line, unsigned col);
void parser_add_part(struct cx_parser *P, enum cx_part_kind kind, cx_str s);
void parser_end_field(struct cx_parser *P, cx_str name, unsigned line, unsigned col);
/* The fields of a TOK_FIELDS, as NAME '=' value would give each. */
void parser_fields(struct cx_parser *P);
/* The field name written as raw (plain ASCII), looked up. */
const struct field_name *parser_field_name(struct cx_parser *P, cx_str raw);
void parser_end_entry(struct cx_parser *P);
void parser_define_string(struct cx_parser *P, cx_str name, unsigned line, unsigned col);
void parser_comment(struct cx_parser *P, cx_str body, int stray, unsigned line, unsigned col);
void parser_skip_entry(struct cx_parser *P);
/* Report at a position; at most one error per entry. */
void parser_diag(struct cx_parser *P, enum cx_sev sev, enum cx_code code,
                 unsigned line, unsigned col, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
/* Copy a token into the entry arena, converting Latin-1 if needed. */
cx_str parser_token(struct cx_parser *P, const char *s, size_t n);
/* parser_token, unless it would warn that the input is not UTF-8: then 0,
 * with nothing copied. */
int parser_token_take(struct cx_parser *P, const char *s, size_t n, cx_str *out);
/* Normalize an entry and hand it to the emit callback. */
void parser_deliver(struct cx_parser *P, struct cx_entry *e);
/* A parser for the reader, or (fetch) one that reads the reader's
 * parents again; parser_free frees what either holds. */
void parser_init(struct cx_parser *P, struct cx_reader_ctx *c, struct cx_input *in,
                 struct cx_parser *fetch);
void parser_free(struct cx_parser *P);
void *parser_scanner_new(struct cx_parser *P);
void parser_scanner_free(void *scanner);
/* Parse what the scanner's input gives, from its start. */
void parser_run(struct cx_parser *P, void *scanner);
/* Keys and macro names as BibTeX compares them: ASCII case aside. */
static inline int eq_lower(cx_str a, const char *s, size_t n)
{
	return a.n == n && str_ieqn(a.p, s, n);
}

/* A syntax error as the grammar saw it: the unexpected token (a kind
 * below and its name), where it is, and up to four tokens that would
 * have done (nexp 0 when there were more). */
enum syn_kind { SYN_BAD, SYN_NEXT_ENTRY, SYN_END, SYN_VALUE, SYN_FIELD, SYN_OTHER };
struct syntax_error {
	enum syn_kind kind;
	const char *name;
	unsigned line, col;
	int nexp;
	const char *exp[4];
};
void parser_syntax_error(struct cx_parser *P, const struct syntax_error *se);

/* Scanner helpers (bibtex_scan.c), called from the rules of bibtex.l. */
/* 1 for the bytes of a name (NAMEC in bibtex.l). */
extern const unsigned char scan_namec[256];
size_t scan_input(struct cx_parser *P, char *buf, size_t max);
void scan_fatal(const char *msg) __attribute__((noreturn));
void scan_comment_text(struct cx_parser *P, const char *s, size_t n, const CX_YYLTYPE *loc);
void scan_comment_end(struct cx_parser *P);
void scan_start_value(struct cx_parser *P, const CX_YYLTYPE *loc);
int scan_value(struct cx_parser *P, struct cx_val *lval, CX_YYLTYPE *loc, int tok);
int scan_comment_body(struct cx_parser *P, struct cx_val *lval, CX_YYLTYPE *loc);
int scan_lost_close(struct cx_parser *P, int quote);
int scan_open_at_end(struct cx_parser *P, int quote);
int scan_field(struct cx_parser *P, const char *s, size_t n, const CX_YYLTYPE *loc);

/* Move the position over n bytes of UTF-8 from s: columns count the bytes
 * that are not 10xxxxxx.  Short matches (names, '=', ',', white space)
 * byte by byte, long ones in blocks.  Returns whether a byte is 0x80 or
 * above. */
static inline int scan_move(unsigned *line, unsigned *col, const char *s, size_t n)
{
	if (n < 8) {
		unsigned hi = 0;
		for (size_t i = 0; i < n; i++) {
			unsigned char c = (unsigned char)s[i];
			hi |= c;
			if (c == '\n') {
				++*line;
				*col = 1;
			} else if ((c & 0xC0) != 0x80) {
				++*col;
			}
		}
		return hi >= 0x80;
	}
	int high;
	size_t tail, lines = bytes_lines_high(s, n, &tail, &high);
	if (lines) {
		*line += (unsigned)lines;
		*col = 1 + (unsigned)tail;
	} else {
		*col += (unsigned)tail;
	}
	return high;
}

/* YY_USER_ACTION: the location of the match is from where the last one
 * ended to the end of this one. */
static inline void scan_advance(struct cx_parser *P, const char *s, size_t n, CX_YYLTYPE *l)
{
	l->first_line = (int)P->line;
	l->first_column = (int)P->col;
	P->high = scan_move(&P->line, &P->col, s, n);
	l->last_line = (int)P->line;
	l->last_column = (int)P->col;
	P->moff = P->off;
	P->off += n;
}

/* YY_USER_ACTION for a simple field: the match starts at the position,
 * which scan_field moves over it. */
static inline void scan_mark(struct cx_parser *P, size_t n, CX_YYLTYPE *l)
{
	l->first_line = l->last_line = (int)P->line;
	l->first_column = l->last_column = (int)P->col;
	P->moff = P->off;
	P->off += n;
}

/* Before yyless(n): the match is its first n bytes. */
static inline void scan_back(struct cx_parser *P, const char *s, size_t n, CX_YYLTYPE *l)
{
	P->line = (unsigned)l->first_line;
	P->col = (unsigned)l->first_column;
	P->off = P->moff;
	scan_advance(P, s, n, l);
}

#endif
