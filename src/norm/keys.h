/* norm/keys.h - citation keys made from a pattern.
 *
 * A pattern is literal text plus field markers in brackets, in the JabRef
 * and Better BibTeX style: "[auth:lower][year][veryshorttitle:lower]" gives
 * zhao2025forestcoll.  Keys are ASCII, unique across every call on one
 * keygen (a collision gets a, b, ... z, aa, ab, ...), and references to
 * renamed entries (crossref, xdata, xref, related, entryset) follow them.
 * The markers, modifiers and transliteration rules are in docs/guide.md
 * ("Citation keys"). */
#ifndef CX_KEYS_H
#define CX_KEYS_H

#include <stddef.h>
#include "core/arena.h"
#include "core/hash.h"
#include "core/strbuf.h"
#include "citex.h"
#include "model/model.h"

#define KEYGEN_DEFAULT "[auth:lower][year][veryshorttitle:lower]"

struct keygen;

/* Compile a pattern (NULL: KEYGEN_DEFAULT).  [venue] looks acronyms up in
 * venues (NULL: the built-in table).  Returns NULL with *err set to a
 * static message when the pattern is malformed. */
struct venue_db;
struct keygen *keygen_new(const struct venue_db *venues, const char *pattern, const char **err);

/* Give e a key from the pattern; the memory is the keygen's and lives
 * until keygen_free.  Keys stay unique across all calls.  References in e
 * to entries renamed by earlier calls are rewritten; references to later
 * entries cannot be (use keygen_run when the whole input is at hand).
 * @string, @preamble, @comment and @xdata entries keep their keys; an
 * @xdata key is reserved so no generated key takes it. */
void keygen_apply(struct keygen *g, struct cx_entry *e);

/* Give every entry of v a key, in order, then rewrite the references of
 * all of them to the new keys.  The rewritten values live in the keygen. */
void keygen_run(struct keygen *g, struct cx_entry **v, size_t n);

/* From now on keygen_run keeps each old key as a biblatex alias in the
 * entry's ids field (BibTeX ignores the field; biber resolves citations
 * of the old key through it), unless the alias would clash with a key. */
void keygen_aliases(struct keygen *g);

void keygen_free(struct keygen *g);


/* Keys for records that come without one (RIS with no ID, CSL-JSON with no
 * id): the first author's or editor's family name, else the first title
 * word, ASCII-folded and lower-cased ("smith"), else `fallback`, then the
 * year when it is positive; a, b, ... z, aa, ... on a clash with an earlier
 * key of the same set.  The keys live in the set's arena. */
struct keyset {
	struct strset keys;
	struct arena a;
};
cx_str keyset_make(struct keyset *set, const struct cx_entry *e, const char *fallback, int year);
void keyset_free(struct keyset *set);

#endif
