/* read/endnote.h - what EndNote's name fields mean, shared by its tagged
 * (read/endnote.c) and XML (read/endnotexml.c) readers.
 *
 * EndNote's generic fields take a meaning from the reference type (its
 * reference type table): the secondary authors (%E, secondary-authors)
 * are the series editors of a book or report and the editors of the
 * rest; the tertiary authors (%Y, tertiary-authors) are a book's editors
 * and the series editors of a book section, conference paper or
 * reference entry; an edited book's authors are its editors. */
#ifndef CX_READ_ENDNOTE_H
#define CX_READ_ENDNOTE_H

#include "read/rec.h"

enum endnote_names { EN_AUTHORS, EN_SECONDARY, EN_TERTIARY };

/* The field names of that kind go to in an entry of type t (type_name its
 * EndNote type), or CX_F_UNKNOWN with *kept the name to keep them under:
 * "collection-editor", CSL's name for a series editor, or fallback. */
enum cx_field_id endnote_names_field(enum cx_type_id t, cx_str type_name, enum endnote_names k,
                                     const char *fallback, cx_str *kept);

#endif
