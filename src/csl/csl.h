/* csl/csl.h - the CSL 1.0.2 processor: styles, locales, rendering.
 *
 * A style (struct csl_style) is loaded once from its XML and is read-only
 * afterwards; a locale (struct csl_locale) likewise.  A session (struct
 * csl_session, session.c) holds the items of one run, their sort order,
 * disambiguation and citation state, and renders bibliographies and
 * citations.  The caller creates and frees all three; nothing is global.
 *
 * Rendered text is UTF-8 with inline markup: citex's own marks (enum
 * cx_mark) for what the data carries and what the style asks for (italic,
 * bold, small caps, superscript, subscript, case protection), and two-byte
 * sequences CM_ESC + letter for what only CSL has (quotes, "normal" styles,
 * underline, display blocks).  Output formats (output.c) turn it into
 * text, HTML, Markdown or LaTeX and resolve flip-flops there.
 */
#ifndef CX_CSL_H
#define CX_CSL_H

#include "citex.h"
#include "core/arena.h"
#include "core/hash.h"
#include "core/out.h"
#include "core/strbuf.h"

/* ---- variables ------------------------------------------------------------ */

enum csl_var {
#define CSL_VAR(id, name, kind) CV_##id,
#include "csl/vars.def"
#undef CSL_VAR
	CV__COUNT,
	CV_NONE = -1,
};
#define CV_FIRST_NAME CV_AUTHOR
#define CV_FIRST_DATE CV_ACCESSED
#define CV_NSTR CV_FIRST_NAME
#define CV_NNAMES (CV_FIRST_DATE - CV_FIRST_NAME)
#define CV_NDATES (CV__COUNT - CV_FIRST_DATE)

enum csl_vkind { CVK_STRING, CVK_NUMBER, CVK_NAMES, CVK_DATE };
int csl_var_lookup(const char *name);            /* CV_NONE when unknown */
const char *csl_var_name(int v);
enum csl_vkind csl_var_kind(int v);
/* Does whether the variable is there depend on more than the item's data
 * (the cite, the session, another variable)? */
int csl_var_dynamic(int v);
_Static_assert(CV__COUNT <= 128, "a variable condition is a 128-bit set");

/* CSL 1.0.2 item types, in the schema's order. */
int csl_type_lookup(const char *name);           /* -1 when unknown */
const char *csl_type_name(int t);

/* ---- markup in rendered strings ------------------------------------------- */

#define CM_ESC '\x1f'
enum csl_cm {
	CM_QUOTE = 'Q', CM_QUOTE_OFF = 'q',         /* quotes; inner/outer at output */
	CM_DQUOTE = 'E', CM_DQUOTE_OFF = 'e',       /* curly double quotes in the data */
	CM_SQUOTE = 'S', CM_SQUOTE_OFF = 's',       /* curly single quotes in the data */
	CM_NORMAL = 'N', CM_NORMAL_OFF = 'n',       /* font-style="normal" */
	CM_WNORMAL = 'W', CM_WNORMAL_OFF = 'w',     /* font-weight="normal" */
	CM_LIGHT = 'L', CM_LIGHT_OFF = 'l',         /* font-weight="light" */
	CM_VNORMAL = 'V', CM_VNORMAL_OFF = 'v',     /* font-variant="normal" */
	CM_UNDER = 'U', CM_UNDER_OFF = 'u',         /* text-decoration="underline" */
	CM_UNONE = 'D', CM_UNONE_OFF = 'd',         /* text-decoration="none" */
	CM_BASE = 'A', CM_BASE_OFF = 'a',           /* vertical-align="baseline" */
	CM_OBLIQUE = 'O', CM_OBLIQUE_OFF = 'o',     /* font-style="oblique" */
	/* a "normal" shown whatever encloses it: cs:name's around a list
	 * whose "et al." has the style it undoes (citeproc-js) */
	CM_NORMALF = 'F', CM_NORMALF_OFF = 'f',
	CM_WNORMALF = 'G', CM_WNORMALF_OFF = 'g',
	CM_VNORMALF = 'H', CM_VNORMALF_OFF = 'h',
	/* A style's italic, bold and small caps: they nest without turning
	 * the text inside upright (citeproc-js: <i><i>x</i></i>), where the
	 * same markup in the data does turn (flip-flop). */
	CM_ITALIC = 'J', CM_ITALIC_OFF = 'j',
	CM_BOLD = 'B', CM_BOLD_OFF = 'b',
	CM_SC = 'C', CM_SC_OFF = 'c',
	CM_BLOCK = 'K', CM_LEFT = 'M', CM_RIGHT = 'R', CM_INDENT = 'I', CM_DISPLAY_OFF = 'k',
	CM_NOPUNCT = 'P',                          /* join: the next text's punctuation stays */
	CM_SUFEND = 'Y',                           /* after a suffix's punctuation (delimiters) */
	CM_DECOBLANK = 'Z',                        /* after a decorated text's blank suffix */
	CM_PIECE = 'X',                            /* text on either side is escaped apart */
	CM_NUMEND = 'T',                           /* after a number's suffix punctuation */
	CM_TAG_OFF = 't',                          /* ends a tagged span (below) */
	CM_INQUOTE = 'i',                          /* a suffix's mark moved into a quote starts */
	CM_VALEND = 'z',                           /* a plain value ends, its suffix follows */
	CM_LASTBLANK = 'y',                        /* the blanks after it go if a piece follows */
};
/* A tagged rendering (csl_session_tagged) marks what wrote each span of
 * an entry: CM_ESC, CM_TAG + v opens the text of variable v, CM_TAG_LABEL
 * a label (inside a span of its variable: "pp." is the page's), and
 * CM_TAG_TERM a term; CM_ESC, CM_TAG_OFF closes the span.  The second
 * byte is no letter, so no other mark is mistaken for one; the text
 * between the tags is the text the plain rendering has.  Only the
 * training data (tools/gen_refs.c) and `-t tagged` ask for it. */
#define CM_TAG 0x80
#define CM_TAG_LABEL 0xFE
#define CM_TAG_TERM 0xFF
_Static_assert(CM_TAG + CV__COUNT < CM_TAG_LABEL, "a variable's tag is one byte");
/* Bytes of the markup that starts at p (0: p starts text). */
static inline size_t csl_mark_len(const char *p)
{
	unsigned char c = (unsigned char)*p;
	if (c == (unsigned char)CM_ESC)
		return p[1] ? 2 : 1;
	return CX_IS_MARK(c) ? 1 : 0;
}
/* Does the markup at p open a span (1), close one (-1), or neither (0)? */
int csl_mark_dir(const char *p);

/* ---- styles -------------------------------------------------------------- */

enum csl_kind {
	CK_LAYOUT, CK_TEXT, CK_NUMBER, CK_LABEL, CK_GROUP, CK_CHOOSE, CK_IF, CK_NAMES, CK_NAME,
	CK_ETAL, CK_SUBSTITUTE, CK_NAME_PART, CK_DATE, CK_DATE_PART, CK_MACRO, CK_OTHER,
};

enum csl_case { TC_NONE, TC_LOWER, TC_UPPER, TC_CAPFIRST, TC_CAPALL, TC_SENTENCE, TC_TITLE };

struct csl_fmt {
	const char *prefix, *suffix, *delimiter;
	unsigned char font_style;   /* 0 unset, 1 normal, 2 italic, 3 oblique */
	unsigned char font_variant; /* 0, 1 normal, 2 small-caps */
	unsigned char font_weight;  /* 0, 1 normal, 2 bold, 3 light */
	unsigned char decoration;   /* 0, 1 none, 2 underline */
	unsigned char valign;       /* 0, 1 baseline, 2 sup, 3 sub */
	unsigned char display;      /* 0, 1 block, 2 left-margin, 3 right-inline, 4 indent */
	unsigned char text_case;    /* enum csl_case */
	unsigned quotes : 1, strip_periods : 1, has_affix : 1, has_style : 1;
	unsigned quotes_set : 1;      /* quotes written, "false" too */
	unsigned normal_shown : 1;  /* a "normal" here prints whatever encloses it */
};

/* Name options, inheritable from style, citation or bibliography to
 * cs:names and cs:name.  `set` has a bit per option given, in the order
 * of the attribute table in style.c. */
enum {
	NO_AND = 1 << 0, NO_DELIM = 1 << 1, NO_DPEA = 1 << 2, NO_DPL = 1 << 3, NO_ETAL_MIN = 1 << 4,
	NO_ETAL_FIRST = 1 << 5, NO_ETAL_LAST = 1 << 6, NO_ETAL_SMIN = 1 << 7,
	NO_ETAL_SFIRST = 1 << 8, NO_INIT = 1 << 9, NO_INITW = 1 << 10, NO_SORTORDER = 1 << 11,
	NO_SORTSEP = 1 << 12, NO_FORM = 1 << 13, NO_NAMES_DELIM = 1 << 14,
};
/* The values of and, delimiter-precedes-et-al and -last,
 * name-as-sort-order and form, in the order of their words in style.c. */
enum csl_and { AND_NONE, AND_TEXT, AND_SYMBOL };
enum csl_dp { DP_CONTEXTUAL, DP_AFTER_INVERTED, DP_ALWAYS, DP_NEVER };
enum csl_sort_order { NSO_NONE, NSO_FIRST, NSO_ALL };
enum csl_name_form { NF_LONG, NF_SHORT, NF_COUNT };
struct csl_nameopts {
	unsigned set;
	enum csl_and and_;
	const char *delimiter;   /* between names (default ", ") */
	enum csl_dp dp_etal, dp_last;
	int etal_min, etal_first, etal_smin, etal_sfirst;
	int etal_last;
	int initialize;          /* default 1 */
	const char *initialize_with; /* NULL: no initials */
	enum csl_sort_order sort_order;
	const char *sort_sep;    /* default ", " */
	enum csl_name_form form;
	const char *names_delim; /* cs:names delimiter */
};

enum csl_test {
	CT_TYPE, CT_VARIABLE, CT_IS_NUMERIC, CT_IS_UNCERTAIN, CT_LOCATOR, CT_POSITION,
	CT_DISAMBIGUATE,
};
/* POS_UNSET: a cite whose position the session computes. */
enum csl_pos { POS_UNSET = -1, POS_FIRST, POS_SUBSEQUENT, POS_IBID, POS_IBID_LOC, POS_NEAR_NOTE };
enum csl_match { MATCH_ALL, MATCH_ANY, MATCH_NONE };
enum csl_date_form { DF_NONE, DF_TEXT, DF_NUMERIC }; /* DF_NONE: not localized */

struct csl_cond {
	enum csl_test test;
	int *vals;               /* variable ids, type ids, positions, locator labels */
	size_t nvals;
	unsigned long long types; /* CT_TYPE: a bit per type in vals */
	/* CT_VARIABLE: the variables of vals an item has or lacks for good,
	 * a bit each, and the others (csl_var_dynamic), tested one by one */
	unsigned long long vmask[2];
	int *dvals;
	size_t ndvals;
};

struct csl_node {
	enum csl_kind kind;
	struct csl_fmt f;
	struct csl_node *kids;
	size_t nkids;
	enum csl_var var;        /* text, number, label, date, date-part name */
	const char *macro_name;
	const struct csl_node *macro;
	const char *term;        /* text term= */
	const char *value;       /* text value= */
	/* Fields that mean one thing for one kind of node and another for
	 * another stay int: form is a term or label form (enum csl_form), a
	 * number form (0 numeric, 1 ordinal, 2 long-ordinal, 3 roman) or a
	 * date-part form (0 long, 1 short, 2 numeric, 3 numeric-leading-zeros,
	 * 4 ordinal; -1 unset); plural is the label's plural (0 contextual, 1
	 * always, 2 never) or the text term's (1 plural); part is a
	 * date-part's (0 year, 1 month, 2 day) or a name-part's (0 family, 1
	 * given). */
	int form;
	int plural;
	/* names */
	int *vars;
	size_t nvars;
	struct csl_nameopts nopt; /* cs:name, and cs:names' delimiter */
	const struct csl_node *name, *etal, *label, *substitute;
	int label_before_name;   /* cs:label before cs:name in cs:names */
	const struct csl_node *name_part[2]; /* 0 family, 1 given */
	/* cs:names: the name-parts its names take (csl_style's build_parts) */
	const struct csl_node *names_part[2];
	int names_parts_set;
	/* date */
	enum csl_date_form date_form;
	int date_parts;          /* 3 year-month-day, 2 year-month, 1 year */
	int part;
	const char *range_delim; /* date-part range-delimiter, NULL unset */
	/* choose: cs:if, cs:else-if, cs:else */
	struct csl_cond *conds;
	size_t nconds;
	enum csl_match match;
	int is_else;
	int one_test;            /* one type test, or one test of variables the item decides */
};

enum csl_form { TF_LONG, TF_SHORT, TF_VERB, TF_VERB_SHORT, TF_SYMBOL, TF__COUNT };

struct csl_sortkey {
	enum csl_var var;
	const struct csl_node *macro;
	int desc;
	int names_min, names_first, names_last; /* 0: unset */
};

enum csl_gn_rule { GN_ALL_NAMES, GN_ALL_NAMES_INITIALS, GN_PRIMARY, GN_PRIMARY_INITIALS, GN_BY_CITE };
enum csl_collapse { COL_NONE, COL_NUMBER, COL_YEAR, COL_YEAR_SUFFIX, COL_YEAR_SUFFIX_RANGED };
enum csl_second_field { SFA_NONE, SFA_FLUSH, SFA_MARGIN };
enum csl_sas_rule { SAS_COMPLETE_ALL, SAS_COMPLETE_EACH, SAS_PARTIAL_EACH, SAS_PARTIAL_FIRST };

struct csl_context {          /* cs:citation or cs:bibliography */
	const struct csl_node *layout;
	struct csl_sortkey *keys;
	size_t nkeys;
	struct csl_nameopts nopt;
	/* citation */
	int add_names, add_givenname, add_year_suffix;
	enum csl_gn_rule gn_rule;
	enum csl_collapse collapse;
	const char *cite_group_delim, *year_suffix_delim, *after_collapse_delim;
	int near_note_distance;
	/* bibliography */
	int hanging_indent;
	enum csl_second_field second_field_align;
	int line_spacing, entry_spacing;
	const char *sas;         /* subsequent-author-substitute */
	enum csl_sas_rule sas_rule;
};

struct csl_locale_src;

enum csl_demote { DEMOTE_NEVER, DEMOTE_SORT_ONLY, DEMOTE_DISPLAY_AND_SORT };
/* page-range-format; PRF_AS_GIVEN when the style sets none. */
enum csl_range_format {
	PRF_AS_GIVEN, PRF_EXPANDED, PRF_MINIMAL, PRF_MINIMAL_TWO, PRF_CHICAGO, PRF_CHICAGO_16,
};

struct csl_style {
	struct arena a;
	int note;                /* class="note" */
	const char *default_locale;
	const char *parent;      /* a dependent style's independent-parent link */
	const char *title;
	enum csl_demote demote;  /* demote-non-dropping-particle */
	int init_hyphen;         /* initialize-with-hyphen, default 1 */
	enum csl_range_format page_range;
	struct csl_nameopts nopt;
	struct csl_context cit, bib;
	int has_bib;
	int bib_display;         /* the bibliography's layout has display */
	int bib_first_display;   /* its first child has display */
	struct csl_node **macros;
	size_t nmacros;
	struct csl_locale_src **locales; /* cs:locale in the style, in order */
	size_t nlocales;
	/* the cs:date citeproc-js builds last (style.c, last_date): the end
	 * of a date range takes its formatting, and the first end its
	 * affixes too (date.c) */
	const struct csl_node *range_end;
};

/* Parse and check a style; NULL with what is wrong in errbuf, one
 * "FILE:LINE:COL: error: ..." line a problem (file: the name to report,
 * NULL "style"). */
struct csl_style *csl_style_load(const char *xml, size_t n, const char *file, char *errbuf,
                                 size_t errlen);
void csl_style_free(struct csl_style *s);

/* ---- locales -------------------------------------------------------------- */

enum csl_gender { GENDER_NONE, GENDER_MASCULINE, GENDER_FEMININE };
/* An ordinal term's match; ORD_DEFAULT (none given) is last-digit for
 * ordinal-00 to -09 and last-two-digits for ordinal-10 to -99. */
enum csl_ord_match { ORD_DEFAULT, ORD_LAST_DIGIT, ORD_LAST_TWO_DIGITS, ORD_WHOLE_NUMBER };

struct csl_term {
	const char *name;
	enum csl_form form;
	enum csl_gender gender;  /* of the term (nouns) */
	enum csl_gender gender_form; /* ordinal terms: the gender they are for */
	enum csl_ord_match match;
	const char *single, *multiple;
};

struct csl_locale_src {       /* one cs:locale, from a style or a file */
	const char *lang;        /* NULL: no xml:lang */
	struct csl_term *terms;
	size_t nterms;
	struct csl_node *date[2]; /* text, numeric */
	int punct_in_quote;      /* -1 unset */
	int limit_ordinals;      /* -1 unset */
};

/* Load a locale file's XML.  NULL with the message in errbuf. */
struct csl_locale_src *csl_locale_parse(struct arena *a, const char *xml, size_t n, char *errbuf,
                                        size_t errlen);
/* The built-in en-US locale. */
struct csl_locale_src *csl_locale_builtin(struct arena *a);
/* Is this XML the built-in en-US locale, byte for byte? */
int csl_locale_is_builtin(const char *xml, size_t n);

/* The merged view a session renders with: style locales first, then the
 * locale files, then en-US.  Terms are looked up in one sorted table. */
struct csl_locale {
	struct arena a;
	struct arena src;        /* the sources the locale was merged from */
	const char *lang;
	struct csl_term *terms;  /* sorted by name, form, gender_form */
	size_t nterms;
	struct hindex index;     /* the terms by name, form and gender_form */
	const struct csl_node *date[2];
	int punct_in_quote, limit_ordinals;
};
/* srcs: most important first. */
void csl_locale_merge(struct csl_locale *L, const char *lang, struct csl_locale_src *const *srcs,
                      size_t n);
void csl_locale_free(struct csl_locale *L);
/* A term, falling back through the forms; NULL when none. gender: 0 any. */
const struct csl_term *csl_term(const struct csl_locale *L, const char *name, int form);
/* The term's text, single or plural; "" when the term is missing. */
const char *csl_term_text(const struct csl_locale *L, const char *name, int form, int plural);
/* Ordinal suffix for n ("st", "nd"), by the locale's ordinal rules. */
const char *csl_ordinal(const struct csl_locale *L, long n, int gender, int longform);

/* ---- items ------------------------------------------------------------------ */

struct csl_name {
	const char *family, *given, *dp, *ndp, *suffix, *literal;
	unsigned comma_suffix : 1, static_order : 1;
	unsigned personal : 1;   /* a literal that is a person's name (a given name alone) */
};
struct csl_names {
	struct csl_name *v;
	size_t n;
	int others;              /* the list ends with "and others" */
};
struct csl_date {
	int y[2], m[2], d[2];    /* m 13..16: seasons */
	int range, circa, open;
	const char *literal;
};

struct csl_item {
	const char *id;
	int type;
	/* the variables it has, a bit each, counting only those that are not
	 * csl_var_dynamic: made when rendering first asks (csl_item_has), and
	 * beside the type, as conditions read both */
	int has_present;
	unsigned long long present[2];
	const char *s[CV_NSTR];  /* rich text, NUL-terminated; NULL: absent */
	struct csl_names names[CV_NNAMES];
	struct csl_date *dates[CV_NDATES];
	const struct cx_entry *entry; /* only while the item is made */
	const char *file;        /* where the entry was read, for reports */
	unsigned line, col;
	const char *crossref;    /* the key of its crossref parent, or NULL */
	int missing;             /* a stand-in for a cited key no entry has */
	int english;             /* language is English or unset (title case applies) */
	int family_first;        /* names are written family name first, unseparated */
	/* session state */
	size_t index;            /* input order */
	int cite_number;         /* 1-based, in bibliography order */
	int year_suffix;         /* 0 none, 1 = a */
	int dis_names;           /* disambiguation: names added (et-al-use-first raised to) */
	int dis_given;           /* disambiguation: givenname level 0..2 */
	int *dis_given_per;      /* per name givenname level, NULL: all dis_given */
	int dis_cond;            /* the disambiguate="true" condition holds */
	int first_note;          /* first-reference-note-number, 0 none */
	char **sortkeys;         /* bibliography sort keys */
};

/* Does the item have variable v, one that only its data decides? */
int csl_item_has(struct csl_item *it, int v);

/* Build an item from the entry model (the csl column of fields.def, the
 * type table, and the writers' shared choices in write/fmt.h). */
void csl_item_from_entry(struct arena *a, struct csl_item *it, const struct cx_entry *e,
                         const struct cx_options *opt);
/* The raw LaTeX commands kept in an item's text (CX_M_RAW spans), as a
 * reader sees them: the text a macro of the file's @preamble defines for
 * it, else the text of its arguments or its name (latex_raw_text), with a
 * warning once a command, through d.  For every output but LaTeX. */
struct latex_defs;
struct csl_unraw {
	struct arena *a;
	const struct latex_defs *defs;
	struct cx_diags *d;
	struct strset warned;    /* the commands warned about */
};
void csl_item_unraw(struct csl_unraw *u, struct csl_item *it);
/* Parse CSL rich text (HTML subset, quotes) into the markup above. */
const char *csl_rich_parse(struct arena *a, const char *s, size_t n);

/* ---- rendering ----------------------------------------------------------------- */

/* OF_TAGGED: text with the spans of a tagged rendering as XML elements
 * named after the variable (<title>, <container-title>, <label>, <term>)
 * and <i>, <b>, <r> (upright) for the style's and the data's fonts; the
 * text is escaped as XML. */
enum csl_outfmt { OF_TEXT, OF_HTML, OF_MARKDOWN, OF_LATEX, OF_TAGGED };

/* A citation item as the caller gives it. */
struct csl_cite {
	struct csl_item *item;
	const char *locator, *label; /* label: a locator term ("page") */
	const char *prefix, *suffix;
	int suppress_author, author_only;
	enum csl_pos position;   /* computed when negative (POS_UNSET) */
	int near_note;
	int note;                /* note number of its citation */
	int first_note;
};

struct csl_session;
struct csl_session *csl_session_new(const struct csl_style *s, const struct csl_locale *L);
void csl_session_free(struct csl_session *S);
/* Items the session renders; they must outlive it. */
void csl_session_items(struct csl_session *S, struct csl_item **items, size_t n);
/* Cited items in citation order (numbering for styles without a sort);
 * call once, before csl_session_prepare. */
void csl_session_cited(struct csl_session *S, struct csl_item **order, size_t n);
/* Set this person's name in bold in the bibliography ("Given Family" or
 * "Family, Given"); NULL: nobody. */
void csl_session_highlight(struct csl_session *S, const char *who);
/* Mark in each bibliography entry the variable, label or term that wrote
 * each span (CM_TAG); sort keys and disambiguation are as without. */
void csl_session_tagged(struct csl_session *S, int on);
/* Sort, number and disambiguate; call once after the items are set. */
void csl_session_prepare(struct csl_session *S);
/* The bibliography in its order: entry i as a rendered string. */
size_t csl_bib_count(const struct csl_session *S);
const char *csl_bib_entry(struct csl_session *S, size_t i, const struct csl_item **item);
/* The item of entry i, without rendering it. */
const struct csl_item *csl_bib_item(const struct csl_session *S, size_t i);
/* Start a new list: the next entry's names are never replaced by the
 * subsequent-author-substitute (a heading came between). */
void csl_session_new_list(struct csl_session *S);
/* One citation cluster; positions of the cites are filled in. */
const char *csl_cite(struct csl_session *S, struct csl_cite *cites, size_t n, int note);

/* The year-suffix letters for n (1 a, 27 aa). */
const char *csl_year_suffix(struct arena *a, int n);

/* Output: rendered string to a format. */
void csl_out(struct cx_out *o, const char *s, enum csl_outfmt f, const struct csl_locale *L);
void csl_out_buf(struct buf *b, const char *s, enum csl_outfmt f, const struct csl_locale *L);

/* ---- internals shared by the stages ---------------------------------------------- */

struct xnode;
/* Check a style's element tree (csl/check.c): the number of problems,
 * each reported as a line in out. */
int csl_style_check(const struct xnode *root, const char *file, struct buf *out);
struct csl_node *csl_compile(struct arena *a, const struct xnode *x);
/* Whether pred holds for n (NULL: none) or a node below it, macros called
 * included. */
int csl_node_any(const struct csl_node *n, int (*pred)(const struct csl_node *));
void csl_parse_nameopts(const struct xnode *x, struct csl_nameopts *o, int on_name);
/* Set in o the options s gives. */
void csl_nameopts_merge(struct csl_nameopts *o, const struct csl_nameopts *s);
struct csl_locale_src *csl_locale_from_xml(struct arena *a, const struct xnode *x);
int csl_locator_lookup(const char *w);
/* The index of v in the NULL-terminated names, def when absent or unknown. */
int csl_pick(const char *v, const char *const *names, int def);
const char *csl_locator_name(int i);

/* rich.c */
const char *csl_text_case(struct arena *a, const char *s, enum csl_case tc);
/* The same in the casing of the locale lang ("tr-TR": i and İ); NULL: none. */
const char *csl_text_case_lang(struct arena *a, const char *s, enum csl_case tc, const char *lang);
const char *csl_strip_periods(struct arena *a, const char *s);
const char *csl_marked(struct arena *a, const char *s, char on, char off);
void csl_cat(struct buf *b, const char *s, int punct_in_quote);
/* Punctuation r meeting punctuation l, as citeproc-js: 0 both stay, 1 r
 * goes, 2 r replaces l. */
int csl_collide(int l, int r);
int csl_tail(const struct buf *b);
int csl_cat_around_quote(struct buf *b, const char *s, int piq);
int csl_plain_value(const char *s);
int csl_into_value(struct buf *b, int p);
int csl_mark_into_quote(struct buf *b, int r);
int csl_ends_in_suffix_mark(const struct buf *b, int m);
void csl_cat_prefixed(struct buf *b, const char *s);

/* number.c */
int csl_is_numeric(const char *s);
/* The numbers of s rendered in a form (0 numeric, 1 ordinal, 2 long
 * ordinal, 3 roman), a range with the locale's dash for variable var;
 * text that is not numeric comes back as it is. */
const char *csl_number(struct arena *a, const char *s, int form, const struct csl_locale *L,
                       int gender, int var);
const char *csl_page_range(struct arena *a, const char *s, enum csl_range_format format,
                           const char *delim);
/* Is s more than one number ("1-3", "4 & 5", "4 and 5", the locale's
 * "and" word too)? */
int csl_plural(const char *s, const char *and_word);
/* A label typed at the start of variable var's value, as citeproc-js
 * reads one ("pp. 5-7", "ch. 1-3", "vol. 12"): the term it stands for,
 * with the value after it in *rest; NULL when there is none. */
const char *csl_embedded_label(const char *s, int var, const struct csl_locale *L,
                               const char **rest);
/* The first integer in s, or 0. */
long csl_leading_int(const char *s);

/* The render state of one item in one context (render.c). */
struct csl_render {
	struct csl_session *S;
	const struct csl_style *st;
	const struct csl_locale *L;
	const struct csl_context *ctx;
	struct csl_item *it;
	const struct csl_cite *cite;
	struct arena *a;
	int sort;                /* rendering a sort key */
	int plain;               /* disambiguation: compare text only */
	const struct csl_sortkey *key; /* the sort key being rendered */
	unsigned char suppressed[CV__COUNT];
	int called, found;       /* variables called and found, for cs:group */
	int ys_done;             /* the year-suffix has been rendered */
	int uses_ys;             /* the style renders year-suffix itself */
	const char *first_names; /* the first cs:names output (subsequent-author-substitute) */
	int in_sub;              /* inside cs:substitute */
	const struct csl_node *sub_of; /* the cs:names whose cs:substitute renders */
	int names_done;          /* a cs:names has rendered */
	int ntotal_names;        /* names counted for form="count" */
	const char *shown_names; /* the last name list, without et-al */
	const char **sas_each;   /* the first names one by one (subsequent-author-substitute) */
	size_t sas_neach;
	int emitted;             /* something has rendered (a term after it keeps its case) */
	int cap_term;            /* a term rendered first is capitalized (citeproc-js) */
	/* how many enclosing groups and macro calls are italic or oblique,
	 * small-caps, bold or light: a "normal" in cs:name, cs:et-al or
	 * cs:name-part undoes only theirs, not cs:names' own (citeproc-js) */
	unsigned outer_style, outer_variant, outer_weight;
	int last_empty;          /* the last child csl_render_kids rendered was empty */
	int counted;             /* a cs:name form="count" was rendered (sort keys) */
	int tag;                 /* a tagged rendering: mark what each span is */
	int around;              /* csl_fmt_apply formats a macro call (1) or group (2) */
	int var_leaf;            /* csl_fmt_apply formats a cs:text of a variable */
	int plain_leaf;          /* ... or a term, a label or a text value, that is plain text */
	int rich_leaf;           /* ... of a variable whose value has markup (pieces) */
	int last_rich;           /* the last cs:text of a variable rendered had such a value */
	const char *kid_delim;   /* the delimiter the node being rendered is joined with */
	int kid_more;            /* ... and nodes come after it */
	int more_after;          /* kids_into joins a cs:choose branch with nodes after it */
	int macro_blank;         /* the last node was a macro call that called no variable */
	int outer;               /* ... the suffix of a group, a macro call or the layout */
	const struct csl_node *last_kid; /* the node of the last piece joined */
};
/* s marked with the tag what (CM_TAG + a variable, CM_TAG_LABEL or
 * CM_TAG_TERM) when r is a tagged rendering and s is not empty; s as it
 * is else. */
const char *csl_tag(struct csl_render *r, int what, const char *s);
const char *csl_render_node(struct csl_render *r, const struct csl_node *n);
/* The branch of cs:choose n that applies, or NULL. */
const struct csl_node *csl_chosen(struct csl_render *r, const struct csl_node *n);
const char *csl_render_kids(struct csl_render *r, const struct csl_node *n, const char *delim);
const char *csl_fmt_apply(struct csl_render *r, const char *s, const struct csl_fmt *f, int affixes);
const char *csl_fmt_term(struct csl_render *r, const char *s, const struct csl_fmt *f);
const struct csl_fmt *csl_fmt_uncased(const struct csl_fmt *f, struct csl_fmt *own);
void csl_outer_fmt(struct csl_render *r, const struct csl_fmt *f, int d);
struct csl_fmt csl_name_fmt(const struct csl_render *r, const struct csl_fmt *f,
                            const struct csl_fmt *with);
const char *csl_render_names(struct csl_render *r, const struct csl_node *n);
const char *csl_render_date(struct csl_render *r, const struct csl_node *n);
const char *csl_label_text(struct csl_render *r, int var, int form, int plural_attr,
                           const char *value);
const char *csl_render_item(struct csl_render *r, const struct csl_node *layout);
/* A buffer for a string being built: one of the session's, reused, or
 * *own (emptied) when they are all in use.  Buffers go back in the
 * reverse order of taking: csl_buf_str with the text copied to the render
 * arena, or csl_buf_drop. */
struct buf *csl_buf_take(struct csl_render *r, struct buf *own);
const char *csl_buf_str(struct csl_render *r, struct buf *b, struct buf *own);
void csl_buf_drop(struct csl_render *r, struct buf *b, struct buf *own);

#endif
