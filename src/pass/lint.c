/* pass/lint.c - --check: required fields, values that look wrong, and keys
 * repeated across files, found on the model so every input format gets
 * the same checks.
 *
 * Everything here is a warning: the entry still converts, and --strict
 * makes warnings count in the exit status.  What the readers report while
 * parsing (syntax, unbalanced braces, undefined macros, unknown types,
 * duplicate keys within one BibTeX file) is not reported again.
 *
 * Fields a crossref or xdata parent supplies (cx_field.inherited) count as
 * present, and their values are checked where they are written, in the
 * parent, so a bad value is reported once. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/arena.h"
#include "core/strbuf.h"
#include "core/hash.h"
#include "core/str.h"
#include "core/utf8.h"
#include "norm/context.h"
#include "pass/lint.h"

/* ---- required fields ------------------------------------------------------ */

/* A type's required fields; "a/b" means either one will do.
 *
 * The BibTeX standard types follow btxdoc (Oren Patashnik, "BibTeXing",
 * 1988, section 3.1, "Entry Types"), checked against the "empty ... in"
 * warnings of plain.bst.  The types only biblatex has follow the biblatex
 * manual (section 2.1.1, "Regular Types").  Two liberties, both because
 * citex writes one from the other: date is accepted wherever year is
 * required (BibTeX output takes year from date), and institution where
 * btxdoc asks for school (biblatex's name for it). */
struct rule {
	const char *type;
	const char *source;
	const char *need[6];
};

static const char BTXDOC[] = "btxdoc";
static const char BIBLATEX[] = "the biblatex manual";

static const struct rule rules[] = {
	{"article", BTXDOC, {"author", "title", "journal", "year/date"}},
	{"book", BTXDOC, {"author/editor", "title", "publisher", "year/date"}},
	{"booklet", BTXDOC, {"title"}},
	{"conference", BTXDOC, {"author", "title", "booktitle", "year/date"}},
	{"inbook", BTXDOC, {"author/editor", "title", "chapter/pages", "publisher", "year/date"}},
	{"incollection", BTXDOC, {"author", "title", "booktitle", "publisher", "year/date"}},
	{"inproceedings", BTXDOC, {"author", "title", "booktitle", "year/date"}},
	{"manual", BTXDOC, {"title"}},
	{"mastersthesis", BTXDOC, {"author", "title", "school/institution", "year/date"}},
	{"misc", BTXDOC, {NULL}},
	{"phdthesis", BTXDOC, {"author", "title", "school/institution", "year/date"}},
	{"proceedings", BTXDOC, {"title", "year/date"}},
	{"techreport", BTXDOC, {"author", "title", "institution", "year/date"}},
	{"unpublished", BTXDOC, {"author", "title", "note"}},

	{"mvbook", BIBLATEX, {"author", "title", "year/date"}},
	{"bookinbook", BIBLATEX, {"author", "title", "booktitle", "year/date"}},
	{"suppbook", BIBLATEX, {"author", "title", "booktitle", "year/date"}},
	{"collection", BIBLATEX, {"editor", "title", "year/date"}},
	{"mvcollection", BIBLATEX, {"editor", "title", "year/date"}},
	{"suppcollection", BIBLATEX, {"author", "title", "booktitle", "year/date"}},
	{"reference", BIBLATEX, {"editor", "title", "year/date"}},
	{"mvreference", BIBLATEX, {"editor", "title", "year/date"}},
	{"inreference", BIBLATEX, {"author", "title", "booktitle", "year/date"}},
	{"mvproceedings", BIBLATEX, {"title", "year/date"}},
	{"periodical", BIBLATEX, {"editor", "title", "year/date"}},
	{"suppperiodical", BIBLATEX, {"author", "title", "journal", "year/date"}},
	{"report", BIBLATEX, {"author", "title", "type", "institution", "year/date"}},
	{"thesis", BIBLATEX, {"author", "title", "type", "institution/school", "year/date"}},
	{"online", BIBLATEX, {"author/editor", "title", "year/date", "doi/eprint/url"}},
	{"electronic", BIBLATEX, {"author/editor", "title", "year/date", "doi/eprint/url"}},
	{"www", BIBLATEX, {"author/editor", "title", "year/date", "doi/eprint/url"}},
	{"software", BIBLATEX, {"author/editor", "title", "year/date"}},
	{"dataset", BIBLATEX, {"author/editor", "title", "year/date"}},
	{"patent", BIBLATEX, {"author", "title", "number", "year/date"}},
};
#define NRULES (sizeof rules / sizeof *rules)

/* Where a key was first seen. */
struct seen {
	const char *file; /* in the lint arena */
	unsigned line, col;
};

struct lint {
	struct arena a;   /* keys and file names: they live for the run */
	struct strset keys; /* folded: BibTeX keys ignore case */
	struct seen *at;    /* at[i]: where key i was first seen */
	size_t atcap;
	const char *file; /* the current file's name, copied once */
	struct buf val;   /* a value without braces and outer white space */
	/* rules[].need resolved to field ids once, each list ending in
	 * CX_F__COUNT: looking names up per entry would cost more than all
	 * the other checks together. */
	enum cx_field_id need[NRULES][6][4];
};

/* Every name in rules[] is a field of fields.def, so each resolves to an
 * id; "a/b/c" lists up to three. */
struct lint *lint_new(void)
{
	struct lint *L = xcalloc(1, sizeof *L);
	L->keys.fold = 1;
	for (size_t r = 0; r < NRULES; r++)
		for (int i = 0; i < 6; i++) {
			const char *need = rules[r].need[i];
			int k = 0;
			while (need && *need && k < 3) {
				size_t n = strcspn(need, "/");
				L->need[r][i][k++] = cx_field_lookup(need, n);
				need += n + (need[n] == '/');
			}
			L->need[r][i][k] = CX_F__COUNT;
		}
	return L;
}

void lint_free(struct lint *L)
{
	if (!L)
		return;
	arena_destroy(&L->a);
	strset_free(&L->keys);
	free(L->at);
	buf_free(&L->val);
	free(L);
}

/* ---- reporting ---------------------------------------------------------- */

static void report(struct cx_diags *d, enum cx_code code, struct cx_loc loc,
                   const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void report(struct cx_diags *d, enum cx_code code, struct cx_loc loc,
                   const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vreport(d, NULL, CX_WARNING, code, loc.line, loc.col ? loc.col : 1, fmt, ap);
	va_end(ap);
}

/* Values are quoted up to 60 bytes, cut at a character, with "..." when
 * cut: Q(s) fills the three arguments of '%.*s%s'. */
#define Q(s) quote_len(s), (s).p, (s).n > 60 ? "..." : ""

static int quote_len(cx_str s)
{
	return (int)(s.n > 60 ? utf8_floor(s.p, 60) : s.n);
}

static cx_str field_name(const struct cx_field *f)
{
	if (f->name.n || f->id == CX_F_UNKNOWN)
		return f->name;
	const char *n = cx_fields[f->id].bibtex;
	return (cx_str){n, strlen(n)};
}

static const struct rule *rule_named(const char *name, size_t n)
{
	for (size_t i = 0; i < sizeof rules / sizeof *rules; i++)
		if (strlen(rules[i].type) == n && !memcmp(rules[i].type, name, n))
			return &rules[i];
	return NULL;
}

/* The rule for an entry: in BibTeX input, its type as written when that
 * names one; else the BibTeX name of its model type, or the BibLaTeX name
 * where BibTeX has only misc for it (RIS ELEC is @online).  Type names of
 * other formats are never matched: CSL's "report" is no biblatex @report. */
static const struct rule *rule_for(const struct cx_entry *e)
{
	const struct rule *r = NULL;
	if (e->source && !strcmp(e->source, "bibtex"))
		r = rule_named(e->type_name.p, e->type_name.n);
	if (r)
		return r;
	const struct cx_type_info *t = &cx_types[e->type];
	const char *name = t->bibtex;
	if (!strcmp(name, "misc") && e->type != CX_T_MISC && e->type != CX_T_DOCUMENT)
		name = t->biblatex;
	return rule_named(name, strlen(name));
}

static void check_required(struct lint *L, const struct cx_entry *e, struct cx_diags *c)
{
	/* @xdata holds fields for others; it is no record of its own. */
	if (e->type_name.n == 5 && !memcmp(e->type_name.p, "xdata", 5))
		return;
	const struct rule *r = rule_for(e);
	if (!r)
		return;
	unsigned char have[CX_F__COUNT + 1] = {0};
	for (size_t i = 0; i < e->nfields; i++) {
		have[e->fields[i].id] = 1;
		/* BibTeX's crossref copies fields by name, so the book's title
		 * is an @inbook's title (biblatex makes it the booktitle). */
		if (e->fields[i].inherited && e->fields[i].id == CX_F_BOOKTITLE && e->type == CX_T_INBOOK &&
		    !strcmp(r->source, "btxdoc"))
			have[CX_F_TITLE] = 1;
	}
	enum cx_field_id(*need)[4] = L->need[r - rules];
	char missing[256];
	size_t n = 0, count = 0;
	missing[0] = 0;
	for (int i = 0; i < 6 && r->need[i]; i++) {
		int found = 0;
		for (int k = 0; need[i][k] != CX_F__COUNT; k++)
			found |= have[need[i][k]];
		if (found)
			continue;
		n += (size_t)snprintf(missing + n, sizeof missing - n, "%s%s", count ? ", " : "",
		                      r->need[i]);
		count++;
	}
	if (count)
		report(c, CX_E_MISSING, e->loc, "entry '%.*s%s' lacks %s (required for @%s by %s)",
		       Q(e->key), missing, r->type, r->source);
}

/* ---- values ------------------------------------------------------------------ */

/* The value of f with braces taken out and outer white space trimmed:
 * {2020}, {{10.1000/x}} and {12}--{34} are all written that way.  The
 * sorting trick btxdoc itself suggests, {\noopsort{1992b}}1992, goes too. */
static cx_str bare(struct lint *L, const struct cx_field *f)
{
	static const char noopsort[] = "\\noopsort";
	const size_t k = sizeof noopsort - 1;
	const char *p = f->raw.p, *end = f->raw.p + f->raw.n;
	L->val.n = 0;
	while (p < end) {
		if ((size_t)(end - p) >= k && !memcmp(p, noopsort, k)) {
			p += k;
			while (p < end && *p == ' ')
				p++;
			for (int depth = 0; p < end; p++) {
				depth += (*p == '{') - (*p == '}');
				if (depth <= 0) {
					p += depth == 0 && *p == '}';
					break;
				}
			}
			continue;
		}
		if (*p != '{' && *p != '}')
			buf_putc(&L->val, *p);
		p++;
	}
	cx_str s = {L->val.p, L->val.n};
	while (s.n && str_space((unsigned char)s.p[0]))
		s.p++, s.n--;
	while (s.n && str_space((unsigned char)s.p[s.n - 1]))
		s.n--;
	return s;
}

static int starts_ci(cx_str s, const char *prefix)
{
	size_t n = strlen(prefix);
	if (s.n < n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (str_lower((unsigned char)s.p[i]) != prefix[i])
			return 0;
	return 1;
}

static int all_digits(const char *p, size_t n)
{
	if (!n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!str_digit((unsigned char)p[i]))
			return 0;
	return 1;
}

/* A range dash at p: -, --, ---, an en dash or an em dash.  Returns its
 * length with the spaces around it, or 0. */
static size_t range_dash(const char *p, const char *end)
{
	const char *q = p;
	while (q < end && *q == ' ')
		q++;
	if (q < end && *q == '-') {
		while (q < end && *q == '-')
			q++;
	} else if (end - q >= 3 && !memcmp(q, "\xE2\x80", 2) &&
	           (q[2] == '\x93' || q[2] == '\x94')) {
		q += 3;
	} else {
		return 0;
	}
	while (q < end && *q == ' ')
		q++;
	return (size_t)(q - p);
}

/* A year is four digits, or a range of two (1998--1999, 1998/99 is not). */
static int year_ok(cx_str s)
{
	if (s.n == 4)
		return all_digits(s.p, 4);
	if (s.n < 9 || !all_digits(s.p, 4) || !all_digits(s.p + s.n - 4, 4))
		return 0;
	const char *mid = s.p + 4, *end = s.p + s.n - 4;
	if (end - mid == 1 && *mid == '/')
		return 1;
	return range_dash(mid, end) == (size_t)(end - mid);
}

static void check_year(struct cx_diags *c, struct cx_loc at, cx_str s)
{
	if (year_ok(s))
		return;
	int words = 1;
	for (size_t i = 0; i < s.n; i++)
		if (str_digit((unsigned char)s.p[i]))
			words = 0;
	report(c, CX_E_VALUE, at, "year '%.*s%s' is not a year (four digits)%s", Q(s),
	       words ? "; a state such as 'in press' belongs in pubstate or note" : "");
}

/* A month: 1 to 12, an English name or its three-letter abbreviation
 * (with or without a period, and Sept), a season (the model keeps those,
 * as CSL's season), or a range of two such: Jul--Aug, June\\slash July. */
static size_t month_token(const char *p, const char *end)
{
	static const char *const names[] = {"january", "february", "march", "april",
	                                    "may", "june", "july", "august", "september",
	                                    "october", "november", "december"};
	size_t n = 0;
	while (p + n < end && str_alnum((unsigned char)p[n]))
		n++;
	if (!n)
		return 0;
	if (str_digit((unsigned char)p[0])) {
		if (!all_digits(p, n) || n > 2)
			return 0;
		int m = n == 1 ? p[0] - '0' : (p[0] - '0') * 10 + (p[1] - '0');
		return m >= 1 && m <= 12 ? n : 0;
	}
	static const char *const seasons[] = {"spring", "summer", "autumn", "fall", "winter"};
	for (int i = 0; i < 5; i++)
		if (strlen(seasons[i]) == n && starts_ci((cx_str){p, n}, seasons[i]))
			return n;
	for (int i = 0; i < 12; i++) {
		size_t full = strlen(names[i]);
		int ok = (n == full || n == 3 || (i == 8 && n == 4)) && n <= full;
		for (size_t k = 0; ok && k < n; k++)
			ok = str_lower((unsigned char)p[k]) == names[i][k];
		if (ok)
			return n + (n < full && p + n < end && p[n] == '.');
	}
	return 0;
}

static void check_month(struct cx_diags *c, struct cx_loc at, cx_str s)
{
	const char *p = s.p, *end = s.p + s.n;
	size_t n = month_token(p, end);
	if (n) {
		p += n;
		size_t d = p < end && *p == '/' ? 1 : range_dash(p, end);
		if (!d && starts_ci((cx_str){p, (size_t)(end - p)}, "\\slash"))
			d = 6 + (p + 6 < end && p[6] == ' ');
		if (d) {
			n = month_token(p + d, end);
			p = n ? p + d + n : p;
		}
	}
	if (!n || p != end)
		report(c, CX_E_VALUE, at, "month '%.*s%s' is not a month", Q(s));
}

/* One page: a word with a digit in it (12, e1234, S12, 12a, 3:14 for an
 * article number and page) or a roman numeral (xiv).  Returns its length,
 * or 0 if the word at p is no page. */
static size_t page_token(const char *p, const char *end)
{
	size_t n = 0;
	int digit = 0, roman = 1;
	while (p + n < end && (str_alnum((unsigned char)p[n]) || p[n] == '.' || p[n] == ':')) {
		int ch = str_lower((unsigned char)p[n]);
		digit |= str_digit(ch) != 0;
		roman &= strchr("ivxlcdm", ch) != NULL;
		n++;
	}
	return n && (digit || roman) ? n : 0;
}

/* Pages: a page, a range (12--34, 12-34, 12–34), or a list of them
 * separated by commas (12, 15--18) or by '+' (xi + 361, front matter and
 * body); a page may end in '+' (12+ is "12 and the pages after", as
 * biblatex reads it).  A range whose ends are plain
 * numbers of the same width must not run backwards. */
static void check_pages(struct cx_diags *c, struct cx_loc at, cx_str s)
{
	const char *p = s.p, *end = s.p + s.n;
	for (;;) {
		const char *first = p;
		size_t n = page_token(p, end);
		if (!n)
			break;
		p += n;
		size_t d = range_dash(p, end);
		if (d) {
			size_t m = page_token(p + d, end);
			if (!m)
				break;
			const char *last = p + d;
			if (n == m && all_digits(first, n) && all_digits(last, m) &&
			    memcmp(last, first, n) < 0) {
				report(c, CX_E_VALUE, at, "page range '%.*s%s' runs backwards",
				       Q(s));
				return;
			}
			p = last + m;
		}
		while (p < end && *p == ' ')
			p++;
		if (p < end && *p == '+') {
			/* 12+, and xi + 361 for front matter plus body. */
			p++;
			while (p < end && *p == ' ')
				p++;
			if (p == end)
				return;
			continue;
		}
		if (p == end)
			return;
		if (*p != ',' && *p != ';')
			break;
		p++;
		while (p < end && *p == ' ')
			p++;
	}
	report(c, CX_E_VALUE, at,
	       "pages '%.*s%s' are not a page, a range or a list of them (e.g. 12--34)",
	       Q(s));
}


/* A DOI: "10.", a registrant code of four to nine digits (with optional
 * .NNNN subdivisions), '/', and a suffix with no white space. */
static int doi_ok(cx_str s)
{
	if (!starts_ci(s, "10."))
		return 0;
	size_t i = 3, k = 0;
	while (i < s.n && str_digit((unsigned char)s.p[i]))
		i++, k++;
	if (k < 4 || k > 9)
		return 0;
	while (i < s.n && s.p[i] == '.') {
		size_t j = i + 1;
		while (j < s.n && str_digit((unsigned char)s.p[j]))
			j++;
		if (j == i + 1)
			return 0;
		i = j;
	}
	if (i >= s.n - 1 || s.p[i] != '/')
		return 0;
	for (i++; i < s.n; i++)
		if (str_space((unsigned char)s.p[i]))
			return 0;
	return 1;
}

static void check_doi(struct cx_diags *c, struct cx_loc at, cx_str s)
{
	static const char *const prefixes[] = {
		"https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/",
		"doi.org/", "dx.doi.org/", "doi:",
	};
	cx_str d = s;
	for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
		if (starts_ci(s, prefixes[i])) {
			size_t n = strlen(prefixes[i]);
			d = (cx_str){s.p + n, s.n - n};
			while (d.n && *d.p == ' ')
				d.p++, d.n--;
			break;
		}
	if (!doi_ok(d))
		report(c, CX_E_VALUE, at, "malformed DOI '%.*s%s' (a DOI is 10.NNNN/suffix)",
		       Q(s));
	else if (d.p != s.p)
		report(c, CX_E_VALUE, at, "DOI '%.*s%s' carries a prefix; write just '%.*s%s'",
		       Q(s), Q(d));
}

/* ISBNs and ISSNs: a field may list several, separated by commas or
 * semicolons, each perhaps with its label (ISBN-13:) and a qualifier in
 * parentheses ("(pbk.)").  Returns the digits (X as 10) of the next one in
 * out, and in *item the text it came from; 0 at the end, -1 when an item
 * holds something other than digits, hyphens and spaces. */
static int next_number(cx_str *rest, const char *label, cx_str *item, int *out, int *nout)
{
	const char *p = rest->p, *end = rest->p + rest->n;
	while (p < end && (*p == ' ' || *p == ',' || *p == ';'))
		p++;
	if (p == end)
		return 0;
	const char *stop = p;
	while (stop < end && *stop != ',' && *stop != ';')
		stop++;
	*item = (cx_str){p, (size_t)(stop - p)};
	while (item->n && item->p[item->n - 1] == ' ')
		item->n--;
	rest->p = stop;
	rest->n = (size_t)(end - stop);
	if (starts_ci(*item, label)) {
		p += strlen(label);
		if (end - p >= 3 && (*p == '-' || *p == ' ') && str_digit((unsigned char)p[1]) &&
		    str_digit((unsigned char)p[2]))
			p += 3; /* ISBN-13 */
		while (p < stop && (*p == ':' || *p == ' '))
			p++;
	}
	*nout = 0;
	for (; p < stop && *p != '('; p++) {
		if (str_digit((unsigned char)*p) || *p == 'X' || *p == 'x') {
			if (*nout == 13)
				return -1;
			out[(*nout)++] = str_digit((unsigned char)*p) ? *p - '0' : 10;
		} else if (*p != '-' && *p != ' ') {
			return -1;
		}
	}
	return 1;
}

static char check_char(int d)
{
	return d == 10 ? 'X' : (char)('0' + d);
}

/* The next number of a list, as next_number; *malformed when it is no
 * number or has an X before its last digit. */
static int next_code(cx_str *rest, const char *what, cx_str *item, int *d, int *n, int *malformed)
{
	int r = next_number(rest, what, item, d, n), bad_x = 0;
	for (int i = 0; r && i + 1 < *n; i++)
		bad_x |= d[i] == 10;
	*malformed = r < 0 || bad_x;
	return r;
}

/* The ISSN check digit (ISO 3297): weights 8 down to 2, modulus 11. */
static int issn_check(const int *d)
{
	int sum = 0;
	for (int i = 0; i < 7; i++)
		sum += (8 - i) * d[i];
	return (11 - sum % 11) % 11;
}

/* The ISBN-10 and ISBN-13 check digits (ISO 2108). */
static void check_isbn(struct cx_diags *c, struct cx_loc at, cx_str s)
{
	cx_str rest = s, item;
	int d[13], n, bad;
	while (next_code(&rest, "isbn", &item, d, &n, &bad)) {
		if (!bad && n == 8 && d[7] == issn_check(d)) {
			report(c, CX_E_VALUE, at, "ISBN '%.*s%s' is an ISSN; it belongs in issn", Q(item));
			continue;
		}
		if (bad || (n != 10 && n != 13) || (n == 13 && d[12] == 10)) {
			report(c, CX_E_VALUE, at, "malformed ISBN '%.*s%s' (10 or 13 digits)",
			       Q(item));
			continue;
		}
		int want, sum = 0;
		if (n == 10) {
			for (int i = 0; i < 9; i++)
				sum += (10 - i) * d[i];
			want = (11 - sum % 11) % 11;
		} else {
			for (int i = 0; i < 12; i++)
				sum += (i % 2 ? 3 : 1) * d[i];
			want = (10 - sum % 10) % 10;
		}
		if (d[n - 1] != want)
			report(c, CX_E_VALUE, at, "ISBN '%.*s%s' has a wrong check digit (%c expected)",
			       Q(item), check_char(want));
	}
}

static void check_issn(struct cx_diags *c, struct cx_loc at, cx_str s)
{
	cx_str rest = s, item;
	int d[13], n, bad;
	while (next_code(&rest, "issn", &item, d, &n, &bad)) {
		if (bad || n != 8) {
			report(c, CX_E_VALUE, at, "malformed ISSN '%.*s%s' (NNNN-NNNC)",
			       Q(item));
			continue;
		}
		int want = issn_check(d);
		if (d[7] != want)
			report(c, CX_E_VALUE, at, "ISSN '%.*s%s' has a wrong check digit (%c expected)",
			       Q(item), check_char(want));
	}
}

/* A URL: a scheme (RFC 3986: a letter, then letters, digits, + - .), a
 * colon, and no white space; http, https and ftp also need //host. */
static int url_ok(cx_str s)
{
	size_t i = 0;
	if (s.n && str_alpha((unsigned char)s.p[0]))
		while (i < s.n && (str_alnum((unsigned char)s.p[i]) || strchr("+-.", s.p[i])))
			i++;
	if (!i || i + 1 >= s.n || s.p[i] != ':')
		return 0;
	if (starts_ci(s, "http:") || starts_ci(s, "https:") || starts_ci(s, "ftp:"))
		return s.n > i + 3 && s.p[i + 1] == '/' && s.p[i + 2] == '/' && s.p[i + 3] != '/';
	return 1;
}

/* A url field should hold one URL.  Some files list several, separated by
 * white space or "; ": each is checked, and the list is reported, since
 * a link can only go to one. */
static void check_url(struct cx_diags *c, struct cx_loc at, cx_str s)
{
	const char *p = s.p, *end = s.p + s.n;
	size_t count = 0;
	while (p < end) {
		while (p < end && str_space((unsigned char)*p))
			p++;
		const char *q = p;
		while (q < end && !str_space((unsigned char)*q))
			q++;
		cx_str u = {p, (size_t)(q - p)};
		p = q;
		/* "a; b": the semicolon ends the list item, not the URL (which
		 * may hold one, as in &amp;). */
		if (u.n && u.p[u.n - 1] == ';' && p < end)
			u.n--;
		if (!u.n)
			continue;
		count++;
		if (url_ok(u))
			continue;
		if (starts_ci(u, "www."))
			report(c, CX_E_VALUE, at, "URL '%.*s%s' has no scheme; write 'https://%.*s%s'",
			       Q(u), Q(u));
		else
			report(c, CX_E_VALUE, at, "URL '%.*s%s' is not a URL", Q(u));
		return;
	}
	if (count > 1)
		report(c, CX_E_VALUE, at, "url holds %zu URLs; a link takes one", count);
}

/* Nothing but white space and braces?  Stops at the first other byte, so
 * a long abstract costs nothing. */
static int blank(cx_str raw)
{
	for (size_t i = 0; i < raw.n; i++)
		if (!str_space((unsigned char)raw.p[i]) && raw.p[i] != '{' && raw.p[i] != '}')
			return 0;
	return 1;
}

static void check_field(struct lint *L, const struct cx_entry *e, const struct cx_field *f,
                        struct cx_diags *c)
{
	/* Readers without positions for fields give the entry's. */
	struct cx_loc at = f->loc.line ? f->loc : e->loc;
	if (blank(f->raw)) {
		cx_str name = field_name(f);
		report(c, CX_E_VALUE, at, "field '%.*s%s' is empty", Q(name));
		return;
	}
	void (*check)(struct cx_diags *, struct cx_loc, cx_str) = NULL;
	switch (f->id) {
	case CX_F_YEAR: check = check_year; break;
	case CX_F_MONTH: check = check_month; break;
	case CX_F_PAGES: check = check_pages; break;
	case CX_F_DOI: check = check_doi; break;
	case CX_F_ISBN: check = check_isbn; break;
	case CX_F_ISSN: check = check_issn; break;
	case CX_F_URL: check = check_url; break;
	default: return;
	}
	check(c, at, bare(L, f));
}

/* ---- keys across files ----------------------------------------------------- */

/* BibTeX matches keys without regard to case, so Knuth84 and knuth84 are
 * one key.  The BibTeX reader reports a repeat within its own file; this
 * catches the rest: repeats across files, and within a file of any other
 * format. */
static void check_key(struct lint *L, const struct cx_entry *e, struct cx_diags *c)
{
	if (!e->key.n)
		return;
	if (!L->file || strcmp(L->file, c->file))
		L->file = arena_strndup(&L->a, c->file, strlen(c->file));
	int added;
	size_t i = strset_add(&L->keys, &L->a, e->key.p, e->key.n, &added);
	if (added) {
		L->at = xgrow(L->at, &L->atcap, i + 1, sizeof *L->at);
		L->at[i] = (struct seen){L->file, e->loc.line, e->loc.col ? e->loc.col : 1};
		return;
	}
	const struct seen *s = &L->at[i];
	int reader_said = s->file == L->file && e->source && !strcmp(e->source, "bibtex");
	if (!reader_said)
		report(c, CX_E_DUP_KEY, e->loc, "duplicate key '%.*s%s' (first at %s:%u:%u)", Q(e->key),
		       s->file, s->line, s->col);
}

/* bibtex reads a crossref parent only when it comes after the entries
 * that name it ("A bad cross reference"): a parent seen already is one it
 * will not find.  (biber does not mind; --aux writes parents last.) */
static void check_crossref_order(struct lint *L, const struct cx_entry *e, struct cx_diags *c)
{
	for (size_t i = 0; i < e->nfields; i++) {
		const struct cx_field *f = &e->fields[i];
		if (f->id != CX_F_CROSSREF || f->inherited)
			continue;
		cx_str k = str_trim(f->raw);
		long at = strset_find(&L->keys, k.p, k.n);
		if (at < 0)
			continue;
		const struct seen *s = &L->at[at];
		report(c, CX_E_CROSSREF, f->loc,
		       "crossref '%.*s%s' comes before this entry (at %s:%u:%u); bibtex needs it after its children",
		       Q(k), s->file, s->line, s->col);
	}
}

void lint_entry(struct lint *L, const struct cx_entry *e, struct cx_diags *c)
{
	if (e->kind != CX_ENTRY_RECORD)
		return;
	check_crossref_order(L, e, c);
	check_key(L, e, c);
	check_required(L, e, c);
	for (size_t i = 0; i < e->nfields; i++)
		if (!e->fields[i].inherited)
			check_field(L, e, &e->fields[i], c);
}

/* ---- the public face: citex.h's cx_lint ----------------------------------------- */

struct cx_lint {
	struct lint *L;
	struct cx_context *cx;
};

struct cx_lint *cx_lint_new(struct cx_context *cx)
{
	struct cx_lint *l = xmalloc(sizeof *l);
	*l = (struct cx_lint){lint_new(), cx};
	return l;
}

/* Reports name the entry's file: a program that lints the entries of
 * several inputs in one pass (held for --aux) gets each at its place. */
void cx_lint_entry(struct cx_lint *l, const struct cx_entry *e, struct cx_counts *counts)
{
	struct cx_diags d = context_diags(l->cx, e->file ? e->file : "<stdin>");
	lint_entry(l->L, e, &d);
	context_count(counts, &d);
}

void cx_lint_free(struct cx_lint *l)
{
	if (!l)
		return;
	lint_free(l->L);
	free(l);
}
