/* csl/load.h - finding and reading styles and locale files. */
#ifndef CX_CSL_LOAD_H
#define CX_CSL_LOAD_H

#include "csl/csl.h"

/* Read a whole file into out (NUL-terminated); 0 or -1. */
int csl_read_file(const char *path, struct buf *out);
/* A style by name or path, dependent styles resolved to their parent;
 * NULL with a message in err.  NULL name: the built-in default. */
struct csl_style *csl_style_open(const char *name, char *err, size_t errlen);
/* The locale a session renders with: lang (NULL: the style's default
 * locale, else en-US), locale files from dir (NULL: Debian's), en-US
 * built in.  csl_locale_free frees it. */
void csl_locale_open(struct csl_locale *L, const struct csl_style *st, const char *lang,
                     const char *dir);

#endif
