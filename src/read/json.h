/* read/json.h - the streaming JSON tokenizer under the CSL-JSON reader.
 *
 * json_read pulls the input through one sliding buffer and hands each
 * top-level item (an element of the outer array, a lone object, or one
 * object per line in JSON Lines) to J->on_item as a small tree in the
 * arena J->a, which is reset after each item: memory is bounded by the
 * largest item, never by the file. */
#ifndef CX_JSON_H
#define CX_JSON_H

#include "core/arena.h"
#include "core/strbuf.h"
#include "norm/keys.h"
#include "read/reader.h"

#define MAX_DEPTH 200

/* ---- the tree ----------------------------------------------------------------- */

enum jt { J_NULL, J_FALSE, J_TRUE, J_NUM, J_STR, J_ARR, J_OBJ };

struct jv {
	enum jt t;
	unsigned line;
	cx_str s;          /* J_STR (decoded, NFC) and J_NUM (as written) */
	struct jv *v;      /* J_ARR, J_OBJ: the values */
	cx_str *k;         /* J_OBJ: the member names */
	size_t n;
};

/* ---- the tokenizer state -------------------------------------------------------- */

struct jp {
	struct cx_reader_ctx *c;
	struct cx_input *in;
	char *buf;           /* buffered input; buf[end - buf] is a NUL sentinel */
	size_t cap;
	const char *p, *end;
	int eof;
	/* Position: the current line, where it starts in buf (or buf itself
	 * when its start was shifted out, with lchars characters before). */
	unsigned line;
	const char *lstart;
	size_t lchars;

	struct arena a;      /* the item; reset after each one */
	struct keyset keys;  /* generated keys, for the whole input */
	struct buf sb;       /* a string with escapes, being decoded */
	struct jv *stk;      /* children of the open containers */
	cx_str *kstk;
	size_t ns, scap;
	char cstack[MAX_DEPTH + 2]; /* 'a' or 'o' per open container */
	int depth;
	int in_string;       /* the error happened inside a string */
	int errored;         /* an error was reported for this item */
	int latin1;
	/* Called with each top-level item, parsed into the arena a, which is
	 * reset after the call.  The CSL-JSON reader's own state follows. */
	void (*on_item)(struct jp *J, const struct jv *v, unsigned line, int index);
	struct cx_entry e;   /* the entry being built */
	size_t fields_cap;
};

/* Read every item of J->in, calling J->on_item; J->c and J->in are set,
 * the rest zero.  Returns 0, or -1 when reading the input failed. */
int json_read(struct jp *J);

/* The CSL-JSON reader's mapping (csljson.c): one CSL item, a J_OBJ tree
 * in J->a, becomes an entry, normalized and handed to J->c's caller.  The
 * CSL-YAML reader gives it the trees of its YAML items. */
void csljson_convert(struct jp *J, const struct jv *item, unsigned line);

/* A diagnostic about the input, and the column of p on the current line
 * (UTF-8 characters). */
void json_diag(struct jp *J, enum cx_sev sev, enum cx_code code, unsigned line, unsigned col,
               const char *fmt, ...) __attribute__((format(printf, 6, 7)));

#endif
