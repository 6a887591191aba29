/* cv/label.h - the token labeller: a reference string cut into tokens, each
 * token described by hashed features, and a linear-chain model (trained as an
 * averaged perceptron by tools/train_refs.c) that gives every token a label.
 *
 * The models are data (data/cv.model for pages, data/refs.model for
 * reference strings, rebuilt by `make model`), compiled into the library
 * as byte arrays; lab_model_open only checks a header and points into
 * it, so opening costs nothing.  The file format is described in
 * cv/model.c. */
#ifndef CX_CV_LABEL_H
#define CX_CV_LABEL_H

#include <stddef.h>
#include <stdint.h>

/* Labels, in the order the model stores them. */
#define LAB_LIST(X) \
	X(AUTHOR, "author") X(EDITOR, "editor") X(TITLE, "title") X(CONTAINER, "container") \
	X(DATE, "date") X(VOLUME, "volume") X(PAGES, "pages") X(PUBLISHER, "publisher") \
	X(LOCATION, "location") X(NOTE, "note") X(DOI, "doi") X(URL, "url") X(EDITION, "edition") \
	X(GENRE, "genre") X(ISBN, "isbn") X(NUMBER, "citation-number") X(TRANSLATOR, "translator") \
	X(COLLECTION, "collection") X(BADGE, "badge")

enum lab {
#define LAB_ENUM(id, name) LAB_##id,
	LAB_LIST(LAB_ENUM)
#undef LAB_ENUM
	LAB_N
};
extern const char *const lab_names[LAB_N];
/* The label named s (an anystyle tag or one of lab_names), or -1. */
int lab_from_name(const char *s, size_t n);

/* One token: a run of non-space bytes of the item text, and markup the
 * structure reader saw around it (TOK_* flags).  An item may run over
 * several lines ('\n' in its text): each token knows its line, and the
 * line its role when the page's structure named it (a block of class
 * "title", "authors", "venue"). */
enum role { R_NONE, R_TITLE, R_AUTHOR, R_VENUE, R_BADGE, R_LINKS };
enum { TOK_BOLD = 1, TOK_ITALIC = 2, TOK_LINK = 4, TOK_LINESTART = 8, TOK_LINEEND = 16 };
struct tok {
	const char *p;
	uint32_t n;
	uint32_t off;   /* byte offset in the item text */
	uint8_t flags;
	uint8_t line;   /* line of the item, 0-based (at most 31) */
	uint8_t role;   /* the line's role, 0 when unknown */
};

/* Cut s into tokens at white space; at most cap tokens (the rest is left).
 * A token after a '\n' starts a line; line numbers count them. */
size_t tok_split(const char *s, size_t n, struct tok *out, size_t cap);

/* At most FEAT_MAX features per token. */
#define FEAT_MAX 56
/* What feat_seq reads an item as.  FEAT_LINES: a block of a page, each
 * token with the facts of its line (its place in the item, its length,
 * commas, capitals, initials, a year, a venue word, its role) and
 * positions in the block's own terms.  Without, a reference string alone
 * (-f refs); FEAT_PIECES adds what the reference-string model reads:
 * journal abbreviations and venue words, and the facts of the pieces
 * between sentence breaks.  Each model is read with the mode it was
 * trained with: the pages' model (cv.model) with FEAT_LINES or nothing,
 * the reference strings' (refs.model) with FEAT_PIECES. */
enum { FEAT_LINES = 1, FEAT_PIECES = 2 };
/* Features of every token: f[i * FEAT_MAX ...], nf[i] of them. */
void feat_seq(const struct tok *t, size_t n, uint32_t *f, uint8_t *nf, int mode);

/* The model as compiled in (or any byte image of a model file). */
struct lab_model {
	const unsigned char *data;
	size_t size;
	uint32_t nlab, nslots, nw;
	const unsigned char *trans;  /* (nlab + 1) x nlab int32: start row, then from x to */
	const unsigned char *slots;  /* nslots x {u32 key, u32 first << 8 | count} */
	const unsigned char *w;      /* nw x int32: weight << 8 | label */
	uint8_t map[32];             /* model label index -> enum lab */
};
/* 0, or -1 when the bytes are not a model this build reads. */
int lab_model_open(struct lab_model *m, const unsigned char *p, size_t n);
/* The same for a model of other labels (the finder's): the labels decoded
 * are indexes into names; -1 also when the model has a label not among
 * them. */
int lab_model_open_names(struct lab_model *m, const unsigned char *p, size_t n, const char *const *names,
                         int nnames);
/* A compiled-in model: the pages' (data/cv.model, trained on items of
 * publication lists and on references, read with FEAT_LINES), or the
 * reference strings' (data/refs.model, trained on references, those
 * rendered through CSL styles too, read with FEAT_PIECES). */
const struct lab_model *lab_model_builtin(struct lab_model *m, int pages);

/* Label n tokens with features f/nf: out[i] is an enum lab.  scratch holds
 * at least lab_scratch(n) int32 values. */
size_t lab_scratch(size_t n);
void lab_decode(const struct lab_model *m, const uint32_t *f, const uint8_t *nf, size_t n,
                uint8_t *out, int32_t *scratch);
/* The same with stride features a token (at most 255) instead of FEAT_MAX. */
void lab_decode_stride(const struct lab_model *m, const uint32_t *f, const uint8_t *nf, size_t n, size_t stride,
                       uint8_t *out, int32_t *scratch);
/* The same where given (when not NULL) fixes some tokens' labels: the
 * best labelling whose token i has label given[i], unless that is 0xFF. */
void lab_decode_given(const struct lab_model *m, const uint32_t *f, const uint8_t *nf, size_t n, size_t stride,
                      const uint8_t *given, uint8_t *out, int32_t *scratch);

/* Feature ids are FNV-1a hashes; 0 is never one. */
uint32_t feat_hash(uint32_t seed, const char *s, size_t n);

#endif
