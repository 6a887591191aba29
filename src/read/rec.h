/* read/rec.h - building one entry, for the readers of the database and
 * tool formats (EndNote, PubMed, MEDLINE, Web of Science, MODS,
 * CITATION.cff, Hayagriva).
 *
 * Their values are plain UTF-8 text, never LaTeX: a rec sets each field's
 * text itself, so normalization does not decode it.  It gathers the
 * keywords, names and dates of a record, keeps what has no field under
 * its own name, warns once per file about a key the format's table does
 * not know, and at the end gives the entry a key, normalizes it and hands
 * it on.  Memory is one arena, reset after each record. */
#ifndef CX_REC_H
#define CX_REC_H

#include "core/arena.h"
#include "core/hash.h"
#include "core/strbuf.h"
#include "model/model.h"
#include "norm/keys.h"
#include "read/reader.h"

struct rec {
	struct cx_reader_ctx *c;
	const char *source;     /* the reader's name, for e.source */
	enum cx_mapfmt fmt;
	struct arena a;         /* the record; reset after each one */
	struct cx_entry e;
	size_t cap;
	struct keyset keys;     /* generated keys, for the whole input */
	struct strset warned;   /* unknown keys already reported in this input */
	struct arena warned_a;
	cx_str *kw;             /* the keywords, joined when the record ends */
	size_t nkw, capkw;
	int latin1;             /* the input is not UTF-8 (reported once) */
	int initials;           /* the format writes initials bare: "Peter O", "PJA" */
	unsigned line;          /* the record's first line */
};

void rec_init(struct rec *R, struct cx_reader_ctx *c, const char *source, enum cx_mapfmt fmt);
void rec_free(struct rec *R);
/* Start a record at line. */
void rec_begin(struct rec *R, unsigned line);
/* Give the record to the caller (with a key, normalized) and start afresh;
 * a record with no field at all is dropped. */
void rec_finish(struct rec *R);

/* A value as the model wants it, in the record's arena: UTF-8 (other
 * bytes read as Windows-1252, reported once), control characters as
 * spaces, runs of blanks one space, trimmed, NFC. */
cx_str rec_clean(struct rec *R, const char *s, size_t n, unsigned line);
/* The same keeping the model's markup bytes (enum cx_mark) in s. */
cx_str rec_clean_rich(struct rec *R, const char *s, size_t n, unsigned line);

/* Add a field with id and text v (already clean).  A single-valued field
 * that has a value already keeps it, and v is kept under name (when
 * name.n) or dropped when it is the same text.  Returns the field. */
struct cx_field *rec_set(struct rec *R, enum cx_field_id id, cx_str v, cx_str name, unsigned line,
                         unsigned col);
/* Add v under name (lower-cased) for a key with no field; a repeat joins
 * the first with "; ". */
struct cx_field *rec_keep(struct rec *R, cx_str name, cx_str v, unsigned line, unsigned col);
/* Append v to the record's text field id after sep (creating it). */
void rec_append(struct rec *R, enum cx_field_id id, const char *sep, cx_str v, unsigned line);
/* One keyword, or a list of them split at sep (NULL: v is one). */
void rec_keyword(struct rec *R, cx_str v, const char *sep);

/* Names.  REC_FAMILY_FIRST: "Family, Given[, Suffix]", and a value with no
 * comma a literal name (a corporation); REC_ANY: BibTeX's reading, "Given
 * Family" or "Family, Given", with a generational suffix after a last
 * comma ("Julius Caesar, Jr.").  "others" and "et al." are the marker. */
enum rec_order { REC_FAMILY_FIRST, REC_ANY };
struct cx_name rec_parse_name(struct rec *R, cx_str v, enum rec_order order);
/* A name from its parts (any may be empty; with no family and given the
 * literal, else the given joined, is the name). */
struct cx_name rec_name_parts(struct rec *R, cx_str family, cx_str given, cx_str particle,
                              cx_str suffix);
/* Append nm to the name list id, or to the list kept under name when id is
 * CX_F_UNKNOWN.  With R->initials, a given name's bare initials get their
 * periods: a lone capital ("Peter O" is "Peter O."), and two or three
 * capitals that are the whole given name (Web of Science's and MEDLINE's
 * short form "Cock, PJA" is "P. J. A."). */
void rec_name(struct rec *R, enum cx_field_id id, cx_str name, struct cx_name nm, unsigned line,
              unsigned col);

/* Year, month and day fields (month 13..16 a season; 0 parts absent); a
 * year or month the record has already is not repeated. */
void rec_date(struct rec *R, int year, int month, int day, unsigned line);
/* The year as written when it is no number ("in press"). */
void rec_year_text(struct rec *R, cx_str v, unsigned line);
/* The month (1..12, 13..16 seasons) of a name or number ("Mar", "March",
 * "03", "Spring"), 0 when none. */
int rec_month(cx_str s);
/* A date in any of the shapes the formats write ("2020-03-15", "2020/03",
 * "2020 Mar 15", "Mar 15 2020", "15 March 2020", "2019 Dec-2020 Jan",
 * "Spring 2020", "2020"): year, month and day fields; nonzero when a year
 * was found.  A range keeps its start. */
int rec_date_text(struct rec *R, cx_str v, unsigned line);
/* Pages from a first and a last page (either may be empty). */
void rec_pages(struct rec *R, cx_str first, cx_str last, unsigned line);
/* The record's type and the format's word for it. */
void rec_type(struct rec *R, enum cx_type_id t, cx_str name);

/* Report a key the format's table does not know, once per input:
 * "unknown KIND 'key': kept as field name".  kind is "tag", "element" or
 * "key". */
void rec_unknown(struct rec *R, const char *kind, cx_str key, cx_str kept, unsigned line,
                 unsigned col);
/* The name a row of how KEEP keeps its value under: the row's keep name,
 * else the attribute value of a last step "name[attr=value]", else the
 * last step, lower-cased. */
cx_str rec_kept_as(struct rec *R, const struct cx_map *m);

/* Does s look like an ISSN (1234-567X)? */
int rec_is_issn(cx_str s);

/* MEDLINE's conventions (nbib, PubMed XML), undone at the end of a record,
 * before rec_finish: NLM ends a title with a period of its own, and
 * shortens a page range's end to the digits that differ (1422-3); an
 * empty title leaves the vernacular one as the title, and an article with
 * no pages has its electronic location (pii: LID, ELocationID) in their
 * place, as MEDLINE's element descriptions say. */
void rec_medline(struct rec *R, cx_str pii, unsigned line);
/* "1422-3" as "1422-1423": each range of a page list whose end is shorter
 * than its start takes the start's leading digits. */
cx_str rec_full_ranges(struct rec *R, cx_str v);

#endif
