/* read/bibtex.h - state shared by the BibTeX scanner, the grammar and its driver.
 *
 * All parse state lives in one struct cx_parser passed to the pure bison
 * parser and kept in the reentrant flex scanner's `extra`: no globals. */
#ifndef CX_PARSER_H
#define CX_PARSER_H

#include <stdint.h>

#include "core/arena.h"
#include "core/strbuf.h"
#include "read/reader.h"

struct macro;
struct feed;

/* A token's value: its text.  A simple field that the scanner takes whole
 * (TOK_FIELDS: ", name = value" and more of them) has its name as the text,
 * its value, and where the name starts. */
struct cx_tok {
	cx_str s;
	struct cx_part v;
	unsigned line, col;
};

#define FIELD_MEMO 512

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

struct cx_parser {
	struct cx_reader_ctx *c;
	struct cx_input *in;
	struct arena file_arena;  /* macros, the key set */
	struct arena entry_arena; /* reset after each entry */

	/* Scanner position: 1-based line, column in UTF-8 characters. */
	unsigned line, col;
	unsigned tok_line, tok_col; /* start of the token being built */
	unsigned prev_line, prev_col; /* end of the token before the lookahead */
	unsigned last_line, last_col; /* end of the lookahead */
	int depth;          /* brace depth inside a value token */
	char close;         /* '}' or ')' for the open entry */
	char qdepth_quote;  /* value token opened with '"' */
	int comment_paren;  /* @comment(...) paren depth */
	int fields_ok;      /* the open entry is a regular one: TOK_FIELDS may come */
	struct cx_tok *batch; /* the fields of TOK_FIELDS */
	size_t nbatch, batch_cap;
	struct buf tok;     /* the value token being accumulated */
	int latin1;         /* this input was found not to be UTF-8 */

	/* The entry being built. */
	struct cx_entry e;
	size_t fields_cap;
	uint64_t seen_ids; /* bit id: a field with that id is in e (ids below 64) */
	uint64_t seen_unknown; /* a bit of the name hash of each unknown field in e */
	struct cx_part *parts;
	size_t nparts, parts_cap;
	int entry_failed;   /* an error was reported for this entry */
	int limit_hit;      /* a macro expansion passed the cap */

	struct field_memo field_memo[FIELD_MEMO];
	struct join_memo join_memo[JOIN_MEMO];

	/* @string macros: open addressing, keys lower-cased. */
	struct macro *macros;
	size_t nmacros, macros_cap;
	/* Hashes of the keys seen, for the duplicate-key warning. */
	uint64_t *keys;
	size_t nkeys, keys_cap;

	/* crossref/xdata.  Two passes over a regular file: `collect` keeps
	 * the referenced parents (keys in `refs`), then `two_pass` streams and
	 * resolves.  A pipe falls back to `buffering`: entries from the first
	 * child on are kept until the end. */
	int collect, two_pass, buffering;
	int skipping;       /* collect: this entry is no parent, drop its values */
	struct feed *feed;  /* collect: the entries the scanner is given */
	cx_str *refs;
	size_t nrefs, refs_cap;
	struct arena *resolve_arena; /* where inherited fields go */
	struct arena keep_arena;
	struct cx_entry **kept;
	unsigned char *kept_resolved; /* kept[i] has inherited from its parents */
	size_t nkept, kept_cap;
	/* Index of kept entries by lower-cased key: kept[i] + 1 per slot, 0
	 * empty; the first entry with a key wins, as a scan would find it. */
	size_t *kept_index;
	size_t kept_index_cap;
};

/* Grammar actions. */
void parser_begin_entry(struct cx_parser *P, int kind, cx_str type, unsigned line, unsigned col);
void parser_set_key(struct cx_parser *P, cx_str key, unsigned line, unsigned col);
void parser_add_part(struct cx_parser *P, enum cx_part_kind kind, cx_str s);
void parser_end_field(struct cx_parser *P, cx_str name, unsigned line, unsigned col);
/* The fields of a TOK_FIELDS, each as NAME '=' value would give it. */
void parser_fields(struct cx_parser *P);
void parser_end_entry(struct cx_parser *P);
void parser_define_string(struct cx_parser *P, cx_str name, unsigned line, unsigned col);
void parser_comment(struct cx_parser *P, cx_str body, int stray, unsigned line, unsigned col);
void parser_skip_entry(struct cx_parser *P);
/* Did this braced value swallow the fields after it (a lost '}')? */
int parser_value_swallowed(const struct cx_field *f);
/* Report at a position; at most one error per entry. */
void parser_diag(struct cx_parser *P, enum cx_sev sev, enum cx_code code,
                 unsigned line, unsigned col, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
/* The scanner's input in the collection pass: bytes up to the next '@',
 * and the end of input at an '@' the scanner meets between entries. */
size_t collect_feed(struct cx_parser *P, char *buf, size_t max, int between);
/* Copy a token into the entry arena, converting Latin-1 if needed. */
cx_str parser_token(struct cx_parser *P, const char *s, size_t n);
/* Would parser_token warn that the input is not UTF-8? */
int parser_token_warns(const struct cx_parser *P, const char *s, size_t n);

#endif
