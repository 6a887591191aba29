/* tidy/tidy_int.h - what the files of the tidy layer share.
 *
 * tidy.c runs the stages over a list of items (the nodes of the file, as
 * read/bibsrc.h reads them, with what the stages change: keys, fields,
 * entries merged away); value.c formats one field's value as bibtex-tidy's
 * formatValue does, with help from latex.c (its small LaTeX tree),
 * escape.c (--escape) and text.c (case, words, lengths); dupes.c, sort.c
 * and keys.c are --duplicates/--merge, --sort/--sort-fields and
 * --generate-keys. */
#ifndef CX_TIDY_INT_H
#define CX_TIDY_INT_H

#include <stdint.h>

#include "core/arena.h"
#include "core/strbuf.h"
#include "read/bibsrc.h"
#include "tidy/tidy.h"

/* Which fields an option names, as bits of struct tfield.flags. */
enum {
	TF_MONTH = 1, TF_URL = 2, TF_PAGES = 4, TF_AUTHOR = 8, TF_VERBATIM = 16,
	TF_ENCLOSE = 32, TF_UNBRACE = 64, TF_OMIT = 128,
};

struct tfield {
	cx_str name;  /* as written */
	cx_str lname; /* in lower case, as toLocaleLowerCase gives it */
	const struct bsrc_part *parts;
	size_t nparts;
	unsigned flags;
};

struct titem {
	const struct bsrc_node *node;
	cx_str key;            /* may change: --generate-keys, --merge=last */
	int has_key;
	struct tfield *fields; /* may change: --merge, --sort-fields */
	size_t nfields, capfields;
	/* The value lookup: each field's value as written out, by name, from
	 * the fields the entry had when a stage first needed it (tidy_values),
	 * not changed when a merge changes the fields.  A value is formatted
	 * the first time it is looked up (value.p NULL until then). */
	struct tval {
		cx_str lname, value;
		struct tfield f;
	} *vals;
	size_t nvals;
	int removed;           /* merged into another entry: items[into] */
	size_t into;
	int grown;             /* another entry was merged into this one */
	unsigned line, col;
};

struct tidy_ctx {
	const struct cx_tidy_opts *o;
	struct arena arena;   /* everything made from the file */
	char *src;            /* the input as read (LF line ends), NUL-padded */
	size_t nsrc;
	struct bsrc_doc doc;
	struct titem *items;
	size_t nitems;
	char *indent;         /* one level of indent */
	size_t nindent;
	size_t alignlen;      /* the length of String(align) */
	cx_str *enclose, *unbrace; /* --enclosing-braces, --remove-braces: lower case */
	size_t nenclose, nunbrace;
	struct buf tmp[5];    /* scratch: value.c the first four, tidy_value the fifth */
	struct tidy_result *r;
	struct cx_diags *d;
	int failed;           /* a bad key template */
};

/* tidy.c */
void tidy_warn(struct tidy_ctx *t, const char *code, const struct titem *it, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Make every entry's value lookup (once). */
void tidy_values(struct tidy_ctx *t);
/* The value of field lname (lower case) in the lookup, or NULL: the last
 * field of that name wins, as in bibtex-tidy's Map. */
const cx_str *tidy_value(struct tidy_ctx *t, struct titem *it, const char *lname);
static inline int titem_entry(const struct titem *it)
{
	return it->node->kind == BSRC_ENTRY;
}

/* value.c: append field f's value, formatted, to out. */
void value_format(struct tidy_ctx *t, const struct tfield *f, struct buf *out);
/* The flags for a field named lname under t's options. */
unsigned value_flags(const struct tidy_ctx *t, cx_str lname);

/* escape.c: append s with --escape's replacements to out.  protect: leave
 * alone what escaping would break (URLs, verbatim and math arguments). */
void escape_latex(const char *s, size_t n, int protect, struct buf *out);

/* latex.c: bibtex-tidy's LaTeX tree, for --remove-braces and the braces
 * around a value. */
/* Append s without the braces that hold no command, as flattenLaTeX does;
 * quoted: but those around a '"' in a value that goes out in quotes;
 * lossy: closing what s left open, as bibtex-tidy does. */
void latex_unbrace(const char *s, size_t n, int quoted, int lossy, struct buf *out);
/* Append s in braces, unless it already is {{...}}: ENC_TIDY as bibtex-
 * tidy's doubleEnclose; ENC_KEEP also braces {{{...}}}, which bibtex-tidy
 * writes with a pair fewer than it read; ENC_ONCE leaves alone anything
 * in one pair of braces already (--enclosing-braces: the braces it adds
 * then survive wrapping, and a second run adds no more). */
enum enc { ENC_TIDY, ENC_KEEP, ENC_ONCE };
void latex_enclose(const char *s, size_t n, enum enc mode, struct buf *out);
/* Where the brace group opened at s[i] closes, or n when it does not. */
size_t latex_group_close(const char *s, size_t n, size_t i);

/* text.c */
/* Append s in lower (upper) case, as toLowerCase (toUpperCase) does. */
void text_lower(const char *s, size_t n, struct buf *out);
void text_upper(const char *s, size_t n, struct buf *out);
/* Lower case in the arena (the string itself when it has no capital). */
cx_str text_lower_arena(struct arena *a, cx_str s);
/* The code point at s (before end) and its length in *len; a byte that
 * starts no character is U+FFFD, one byte long. */
int32_t text_cp(const char *s, const char *end, size_t *len);
/* Is cp a letter (Unicode L*)?  A digit 0-9? */
int text_letter(int32_t cp);
/* Title case, as --drop-all-caps makes it (titleCase). */
void text_title(const char *s, size_t n, struct buf *out);
/* The words of s: runs of letters and digits 0-9 (generateKeys' words). */
size_t text_words(cx_str s, cx_str *out, size_t max);
/* A JavaScript number as String(x) writes it. */
void text_number(double x, struct buf *out);
/* Does text between blocks, read from the top of a file, end inside a
 * block's word ("x @word"): text only because an '@' or the end of the
 * input comes next, so that it cannot be moved before anything else. */
int text_dangles(cx_str s);

/* dupes.c: --duplicates and --merge (checkForDuplicates), once; warn: give
 * every warning (else only those of entries merged now).  Returns how
 * many entries were merged away. */
size_t dupes_run(struct tidy_ctx *t, int warn);
/* sort.c: --sort and --sort-fields. */
void sort_entries(struct tidy_ctx *t);
void sort_fields(struct tidy_ctx *t);
/* keys.c: --generate-keys. */
void keys_generate(struct tidy_ctx *t);

#endif
