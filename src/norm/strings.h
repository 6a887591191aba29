/* norm/strings.h - the @string macros of a run.
 *
 * bibtex reads the files of \bibliography{a,b} as one database: a macro
 * that a.bib defines is defined in b.bib too.  The BibTeX reader starts
 * each input with the macros the inputs before it defined (strings_each)
 * and adds its own when it ends (strings_set), so `citex a.bib b.bib` sees
 * them as bibtex does.  Names compare without regard to ASCII case; a
 * later definition replaces an earlier one. */
#ifndef CX_STRINGS_H
#define CX_STRINGS_H

#include <stddef.h>

#include "citex.h"

struct strings;

struct strings *strings_new(void);
void strings_free(struct strings *t);
/* Forget every macro. */
void strings_clear(struct strings *t);
/* Define (or redefine) the macro name[0..n) as value (expanded). */
void strings_set(struct strings *t, const char *name, size_t n, cx_str value);
/* Every macro, in the order of first definition. */
size_t strings_count(const struct strings *t);
void strings_each(const struct strings *t,
                  void (*fn)(void *ctx, cx_str name, cx_str value), void *ctx);

#endif
