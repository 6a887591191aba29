/* norm/norm.h - normalizers: pure functions from raw values to the model.
 *
 * Every result lives in the arena passed in.  Nothing here prints; a
 * problem worth reporting comes back as a static message string. */
#ifndef CX_NORM_H
#define CX_NORM_H

#include <stdint.h>

#include "citex.h"
#include "core/arena.h"
#include "core/out.h"
#include "core/strbuf.h"
#include "model/model.h"

/* ---- latex.c: LaTeX <-> Unicode ----------------------------------------
 *
 * latex_decode turns a BibTeX value (the text between the outer delimiters,
 * macros already expanded) into UTF-8 NFC with inline markup (enum cx_mark):
 *   - accents in every spelling: {\'e} \'{e} \'e \' e ; \i and \j under an
 *     accent give the precomposed letter; \ss \o \ae \l ... special letters;
 *   - \& \% \$ \# \_ \{ \} and \text... symbols; -- en dash, --- em dash,
 *     ~ no-break space, `` '' quote ligatures;
 *   - {Word} case protection -> CX_M_NOCASE_ON ... CX_M_NOCASE_OFF, except a
 *     group that is only an accent command, e.g. {\'e};
 *   - \emph \textit \textbf \textsc \textsuperscript \textsubscript \url;
 *   - $...$ kept as math (CX_M_MATH_*), simple symbols ($\alpha$) become
 *     Unicode;
 *   - an unknown command is kept verbatim inside CX_M_RAW_*;
 *   - runs of white space (including newlines) become one space; the
 *     result is trimmed.
 * Pure ASCII without \ { } ~ $ - ` ' skips all work (fast path).
 */
cx_str latex_decode(struct arena *a, const char *s, size_t n);
/* The same text, but a value that needs no change at all comes back as s
 * itself, not copied: for s that lives as long as the result (a field's
 * raw value and the text made from it). */
cx_str latex_text(struct arena *a, const char *s, size_t n);

/* Write normalized text as a BibTeX value body (no outer braces):
 * markup back to {..} \emph{..} \textbf{..} $..$ \url{..}; special
 * characters # $ % & _ { } \ ~ escaped; U+00A0 as ~.  With ascii, every
 * non-ASCII character becomes its LaTeX escape ({\'e}, {\ss}, \textendash...)
 * and a character with no escape is written as-is (with a warning count in
 * *lossy when lossy is not NULL). */
void latex_encode(struct cx_out *o, cx_str text, int ascii, size_t *lossy);

/* A BibTeX value body written as it was, in ASCII: each non-ASCII
 * character (with the combining marks after it) becomes its LaTeX escape,
 * {\'e} {\ss} -- ~, a math symbol inside $...$ its bare command; a
 * character with no escape is written as it is and counted in *lossy
 * (when lossy is not NULL).  ASCII bytes are never touched.  For bibtex
 * (biber 0) an escape at brace depth 0 gets a second pair of braces, so
 * that bibtex no more changes its case than it did the UTF-8 letter's;
 * for biber an accented i is {\"i}, which biber decodes to the letter. */
void latex_ascii(struct cx_out *o, cx_str raw, int biber, size_t *lossy);

/* The text that stands for an unknown command kept raw (the content of a
 * CX_M_RAW span, "\\name[opt]{arg}"): its {arguments} decoded, in order,
 * the name and [options] dropped; a few biblatex commands have their own
 * (\\mkbibquote{x} is quoted, \\bibstring{newseries} is "new series").
 * *name is the command's name; *known is 1 when its rendering is one of
 * those, not the general rule. */
cx_str latex_raw_text(struct arena *a, cx_str raw, cx_str *name, int *known);

/* Macros a .bib file's @preamble defines for the LaTeX run (\newcommand,
 * \renewcommand, \providecommand, \DeclareRobustCommand, \def): each
 * name with its number of arguments and its text, in the arena. */
struct latex_def {
	cx_str name, body;
	int nargs;
};
struct latex_defs {
	struct latex_def *v;
	size_t n, cap;
};
/* Add the definitions in a @preamble's value to d; one that is not simple
 * (an optional argument, a \def with delimited parameters) is left out. */
void latex_defs_read(struct arena *a, struct latex_defs *d, cx_str preamble);
const struct latex_def *latex_defs_find(const struct latex_defs *d, cx_str name);
/* The LaTeX source a raw command stands for under d ("{\WEB}" with
 * \WEB defined as \textsc{web}: "{\textsc{web}}"), its arguments put in
 * its text, for latex_decode; 0 when d does not define it. */
int latex_defs_apply(struct arena *a, const struct latex_defs *d, cx_str raw, cx_str *src);

/* Strip markup: the plain text, for RIS and for matching.  Text with no
 * markup comes back as it is, not copied. */
cx_str text_plain(struct arena *a, cx_str text);

/* ---- names.c: BibTeX names --------------------------------------------- */

/* The raw BibTeX split of one name, as the BibTeX program does it: each
 * part is a substring of the input (words joined by their original
 * separators), not decoded. */
struct name_raw {
	cx_str first, von, last, jr;
};

/* Split a list on " and " (any case, brace depth 0).  Calls fn once per
 * name with the trimmed raw string.  Returns the number of names. */
size_t names_split_list(const char *s, size_t n,
                        void (*fn)(void *ctx, const char *s, size_t n), void *ctx);
/* Split one name into First von Last / von Last, First / von Last, Jr, First.
 * Returns NULL, or a static message when the name is odd (too many commas). */
const char *names_split_raw(const char *s, size_t n, struct name_raw *out);
/* A generational suffix (Jr., Sr., II, III, IV) that BibTeX's split left
 * in another part: "John R. Rumble Jr." (the last word), "K. F. Ludwig,
 * Jr." (the whole first part) and "Rumble, John R. Jr." (the end of the
 * first) all give family Rumble (Ludwig) and suffix Jr. */
void names_suffix(struct name_raw *r);
/* The whole step: split the list, split each name, decode each part with
 * latex_text (so a part may point into s).  "others" becomes a name with
 * .others set; a name that is one braced group ({World Health
 * Organization}) becomes a literal.  plain says that s needs no decoding
 * (latex_text gave it back as it is), and so neither does any part. */
size_t names_parse(struct arena *a, const char *s, size_t n, enum cx_particles particles,
                   int plain, struct cx_name **out);

/* ---- text.c ------------------------------------------------------------------ */

/* Is valid UTF-8 text s[0..n) already in NFC?  A quick test that is exact
 * for the common case and says no when it cannot tell. */
int text_is_nfc(const void *s, size_t n);
/* Valid UTF-8 text in NFC, in the arena (utf8proc, run only on the pieces
 * that can change). */
cx_str text_nfc(struct arena *a, const char *s, size_t n);

/* ---- translit.c ---------------------------------------------------------------- */

/* The ASCII spelling of one code point of decomposed, mark-stripped text
 * (an ASCII letter or digit itself, ß "ss", Ж "Zh", ...), or NULL; prev is
 * the code point before it (Greek ου is "ou").  buf holds the result when
 * it is made up. */
const char *translit_cp(int32_t cp, int32_t prev, char buf[8]);
/* Append the ASCII letters and digits of s to b: markup bytes, URLs and
 * LaTeX command names are skipped, accents stripped, other letters
 * transliterated by translit_cp, anything else dropped.  Case is kept. */
void translit_ascii(struct buf *b, cx_str s);

/* ---- dates.c ----------------------------------------------------------------- */

/* Parse a date value; fields are year, month, day, or an ISO/EDTF date. */
void date_parse_year(struct cx_date *d, cx_str s);
/* A date written out (norm/date_text.c): "September 20, 2006",
 * "01/01/1989", "Spring 1999", "May 1970 - July 1972", "circa 1850", as
 * citeproc-js reads a raw date.  1 and d set, or 0 (d untouched). */
int date_parse_text(struct cx_date *d, cx_str s);
/* Is s a year with unspecified digits ("198?", "19??", EDTF's "199X" and
 * "19uu")?  It is no year: date_parse_year keeps it as a literal. */
int date_unspecified_year(cx_str s);
/* Does date_parse_year read a year from s only by leaving text aside
 * ("1995-1-04", "1994 (to appear)")?  Such a value, read as a year, is
 * not the unparsed date it was. */
int date_year_lenient(cx_str s);
int date_parse_month(cx_str s); /* 1..12, 13..16 seasons, 0 unknown */
/* The day a month field gives with its month ("July 30th", "2 sep"), 0 if none. */
int date_parse_month_day(cx_str s);
int date_parse_day(cx_str s);   /* the leading digits, 0 if none */
void date_parse_iso(struct cx_date *d, cx_str s);
/* d as ISO 8601 / EDTF ("2019-03", "2019/2020", "2019~", "2019/.." for an
 * open end, seasons as 21..24) into b, NUL-terminated; returns the length. */
size_t date_iso(char *b, size_t cap, const struct cx_date *d);

/* ---- ids.c -------------------------------------------------------------------- */

/* Is s an arXiv identifier (2408.08586, 2408.08586v2, hep-th/9901001)? */
int is_arxiv_id(cx_str s);
/* A DOI without the one resolver prefix or "doi:" it may start with. */
cx_str doi_bare(cx_str s);

/* ---- lang.c: language names and BCP 47 tags ------------------------------------ */

/* The BCP 47 tag of a babel or polyglossia language name (ngerman,
 * british, English: case does not matter), or NULL. */
const char *lang_tag(cx_str name);
/* Is s shaped like a BCP 47 tag (en, de-DE, zh-Hant-TW)? */
int lang_is_tag(cx_str s);
/* The babel name of a tag the table has exactly (en-GB: british), or of
 * its language (en-IN, en: english); NULL when none. */
const char *lang_name_exact(cx_str tag);
const char *lang_name(cx_str tag);

/* ---- normalize.c ---------------------------------------------------------------- */

/* Normalize one entry in place: decode text, split names, parse dates,
 * clean verbatim fields, apply the --venues policy.  What it makes lives in
 * a, the entry's own arena.  What looks wrong in a value is a warning
 * through d (the reader's; NULL: cx's callback, uncounted). */
void norm_entry(struct cx_context *cx, struct cx_entry *e, struct arena *a, struct cx_diags *d);

#endif
