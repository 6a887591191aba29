/* read/csljson.c - the CSL-JSON reader: the mapping from CSL 1.0.2 items
 * to the entry model, over the streaming tokenizer of json.c (which the
 * docs/decisions.md says why citex has instead of a JSON library).
 *
 * Mapping: the inverse of src/write/csljson.c, so bib -> csl-json -> bib
 * keeps every field: "custom" members come back under their names (a
 * BibTeX field name maps to its field id), container-title is journal or
 * booktitle by type, issue is number in an article, the publisher goes back
 * to the field DESIGN 3's priority rule took it from, the arXiv trio
 * (publisher "arXiv", number "arXiv:ID", the abs URL) becomes eprint, and
 * the genre CSL needs for theses becomes the entry type again.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"
#include "core/hash.h"
#include "core/str.h"
#include "core/strbuf.h"
#include "model/model.h"
#include "norm/keys.h"
#include "norm/norm.h"
#include "read/json.h"
#include "read/reader.h"

/* ---- text ------------------------------------------------------------------------ */

/* eq() compares with a literal, whose length the compiler knows; str_eq()
 * with any C string. */
#define eq(s, lit) ((s).n == sizeof(lit) - 1 && !memcmp((s).p, (lit), sizeof(lit) - 1))

static cx_str trim(cx_str s)
{
	while (s.n && (*s.p == ' ' || *s.p == '\t'))
		s.p++, s.n--;
	while (s.n && (s.p[s.n - 1] == ' ' || s.p[s.n - 1] == '\t'))
		s.n--;
	return s;
}

/* A string's text, trimmed, on one line: only a note keeps the line
 * breaks a JSON string may hold ("\n"), its "key: value" lines. */
static cx_str line_of(struct jp *J, cx_str s)
{
	s = trim(s);
	if (!s.n || !memchr(s.p, '\n', s.n))
		return s;
	char *o = arena_alloc(&J->a, s.n + 1);
	for (size_t i = 0; i < s.n; i++)
		o[i] = s.p[i] == '\n' ? ' ' : s.p[i];
	o[s.n] = 0;
	return trim((cx_str){o, s.n});
}

/* Compact JSON text of a value, for a value that has no better reading. */
static void serialize(struct buf *b, const struct jv *v)
{
	switch (v->t) {
	case J_NULL: buf_put(b, "null", 4); break;
	case J_TRUE: buf_put(b, "true", 4); break;
	case J_FALSE: buf_put(b, "false", 5); break;
	case J_NUM: buf_put(b, v->s.p, v->s.n); break;
	case J_STR:
		buf_putc(b, '"');
		for (size_t i = 0; i < v->s.n; i++) {
			if (v->s.p[i] == '"' || v->s.p[i] == '\\')
				buf_putc(b, '\\');
			buf_putc(b, v->s.p[i]);
		}
		buf_putc(b, '"');
		break;
	case J_ARR:
	case J_OBJ:
		buf_putc(b, v->t == J_ARR ? '[' : '{');
		for (size_t i = 0; i < v->n; i++) {
			if (i)
				buf_putc(b, ',');
			if (v->t == J_OBJ) {
				struct jv k = {J_STR, 0, v->k[i], NULL, NULL, 0};
				serialize(b, &k);
				buf_putc(b, ':');
			}
			serialize(b, &v->v[i]);
		}
		buf_putc(b, v->t == J_ARR ? ']' : '}');
		break;
	}
}

/* The text of a scalar: strings as they are, numbers as written, booleans
 * as words; an array of scalars joined with ", "; anything else as JSON. */
static cx_str scalar(struct jp *J, const struct jv *v)
{
	switch (v->t) {
	case J_STR:
		return line_of(J, v->s);
	case J_NUM:
		return v->s;
	case J_TRUE:
		return CX_STR("true");
	case J_FALSE:
		return CX_STR("false");
	case J_NULL:
		return (cx_str){NULL, 0};
	default:
		break;
	}
	struct buf b = {0};
	int flat = v->t == J_ARR;
	for (size_t i = 0; flat && i < v->n; i++)
		flat = v->v[i].t == J_STR || v->v[i].t == J_NUM;
	if (flat) {
		for (size_t i = 0; i < v->n; i++) {
			if (i)
				buf_put(&b, ", ", 2);
			buf_put(&b, v->v[i].s.p, v->v[i].s.n);
		}
	} else {
		serialize(&b, v);
	}
	cx_str r = arena_str(&J->a, b.p ? b.p : "", b.n);
	buf_free(&b);
	return r;
}

static cx_str squeeze(struct jp *J, cx_str s)
{
	if (!s.n || bytes_find_pair_fold(s.p, s.p + s.n, ' ', ' ', 1) == s.p + s.n)
		return s;
	char *out = arena_alloc(&J->a, s.n + 1);
	size_t k = 0;
	for (size_t i = 0; i < s.n; i++)
		if (s.p[i] != ' ' || !k || out[k - 1] != ' ')
			out[k++] = s.p[i];
	out[k] = 0;
	return (cx_str){out, k};
}

/* CSL rich text to the model: the HTML subset CSL processors read becomes
 * the markup bytes of enum cx_mark; anything else stays literal text (a
 * '<' in a title is just a '<').  Spans close in order; one left open is
 * closed at the end so the result always nests.
 * White space runs become one space first (control characters already
 * did), as in BibTeX's reader, so both readers give one model. */
static cx_str rich(struct jp *J, cx_str s)
{
	if (!s.p)
		return s;
	s = squeeze(J, s);
	if (!memchr(s.p, '<', s.n))
		return s;
	static const struct {
		const char *tag;
		unsigned char mark;
	} tags[] = {
		{"<i>", CX_M_ITALIC_ON}, {"</i>", CX_M_ITALIC_OFF},
		{"<em>", CX_M_ITALIC_ON}, {"</em>", CX_M_ITALIC_OFF},
		{"<b>", CX_M_BOLD_ON}, {"</b>", CX_M_BOLD_OFF},
		{"<strong>", CX_M_BOLD_ON}, {"</strong>", CX_M_BOLD_OFF},
		{"<sup>", CX_M_SUP_ON}, {"</sup>", CX_M_SUP_OFF},
		{"<sub>", CX_M_SUB_ON}, {"</sub>", CX_M_SUB_OFF},
		{"<span class=\"nocase\">", CX_M_NOCASE_ON},
		{"<span class='nocase'>", CX_M_NOCASE_ON},
		{"<span style=\"font-variant:small-caps;\">", CX_M_SC_ON},
		{"<span style=\"font-variant: small-caps;\">", CX_M_SC_ON},
		{"<span style=\"font-variant:small-caps\">", CX_M_SC_ON},
		{"<span style=\"font-variant: small-caps\">", CX_M_SC_ON},
		{"<span style='font-variant:small-caps;'>", CX_M_SC_ON},
		{"</span>", 0},
	};
	char *out = arena_alloc(&J->a, s.n + 64);
	size_t k = 0;
	unsigned char stack[64];
	int depth = 0;
	for (size_t i = 0; i < s.n;) {
		if (s.p[i] != '<') {
			out[k++] = s.p[i++];
			continue;
		}
		size_t t;
		size_t len = 0;
		for (t = 0; t < sizeof tags / sizeof *tags; t++) {
			len = strlen(tags[t].tag);
			if (i + len <= s.n && !memcmp(s.p + i, tags[t].tag, len))
				break;
		}
		if (t == sizeof tags / sizeof *tags) {
			out[k++] = s.p[i++];
			continue;
		}
		unsigned char m = tags[t].mark;
		if (m == CX_M_NOCASE_ON && i + len < s.n && s.p[i + len] == '$') {
			/* The writer's math: <span class="nocase">$...$</span>. */
			const char *body = s.p + i + len + 1, *end = s.p + s.n;
			const char *close = NULL;
			for (const char *q = body; q + 8 <= end; q++)
				if (!memcmp(q, "$</span>", 8)) {
					close = q;
					break;
				}
			if (close) {
				out[k++] = CX_M_MATH_ON;
				memcpy(out + k, body, (size_t)(close - body));
				k += (size_t)(close - body);
				out[k++] = CX_M_MATH_OFF;
				i = (size_t)(close + 8 - s.p);
				continue;
			}
		}
		int on = m == CX_M_NOCASE_ON || m == CX_M_ITALIC_ON || m == CX_M_BOLD_ON ||
		         m == CX_M_SC_ON || m == CX_M_SUP_ON || m == CX_M_SUB_ON;
		if (on) {
			if (depth == (int)sizeof stack) {
				out[k++] = s.p[i++];
				continue;
			}
			stack[depth++] = m;
			out[k++] = (char)m;
			i += len;
			continue;
		}
		/* A closing tag: it must close the innermost open span. */
		unsigned char want = m ? (unsigned char)(m - 1) : 0;
		if (depth && (m ? stack[depth - 1] == want
		                : (stack[depth - 1] == CX_M_NOCASE_ON || stack[depth - 1] == CX_M_SC_ON))) {
			out[k++] = (char)(stack[--depth] + 1);
			i += len;
			continue;
		}
		out[k++] = s.p[i++];
	}
	while (depth)
		out[k++] = (char)(stack[--depth] + 1);
	return (cx_str){out, k};
}

/* ---- the field map ---------------------------------------------------------------- */

static struct cx_field *add_field(struct jp *J, enum cx_field_id id, cx_str name,
                                  cx_str text, unsigned line)
{
	return model_add_field(&J->a, &J->e, &J->fields_cap, id, name, text, line);
}

/* A field for id unless the entry has one: then the value is kept under
 * the variable's own name, not dropped. */
static struct cx_field *set_field(struct jp *J, enum cx_field_id id, cx_str var, cx_str text,
                                  unsigned line)
{
	if (!text.p)
		return NULL;
	if (id != CX_F_UNKNOWN && cx_entry_get(&J->e, id)) {
		json_diag(J, CX_WARNING, CX_E_DUP_FIELD, line, 1,
		     "'%.*s' gives '%s' a second value; kept as field '%.*s'", (int)var.n, var.p,
		     cx_fields[id].bibtex, (int)var.n, var.p);
		id = CX_F_UNKNOWN;
	}
	return add_field(J, id, id == CX_F_UNKNOWN ? var : (cx_str){NULL, 0}, text, line);
}

/* Member kinds beyond plain variables. */
enum {
	V_PLAIN = 0, V_ID = -1, V_TYPE = -2, V_CUSTOM = -3, V_NAMES = -4, V_DATE = -5,
	V_CONTAINER = -6, V_ISSUE = -7, V_NUMBER = -8, V_PUBLISHER = -9, V_PAGE = -10,
	V_GENRE = -11, V_URL = -12, V_KEY = -13, V_SKIP = -14, V_TITLE = -15, V_VOLTITLE = -16,
	V_FIELD = 1000, /* a plain variable of field id k - V_FIELD */
};

static enum cx_field_id var_id_slow(cx_str name);

/* CSL variables: the fields.def csl column, with the readings of the
 * legacy Zotero names; container-title, issue, number, publisher, page
 * and the dates are decided in convert(). */
struct var {
	const char *name;
	enum cx_field_id id;
};

static const struct var extra_vars[] = {
	{"shortTitle", CX_F_SHORTTITLE},
	{"journalAbbreviation", CX_F_SHORTJOURNAL},
	{"categories", CX_F_UNKNOWN},
};

static int var_kind(cx_str name);

static enum cx_field_id var_id(cx_str name)
{
	int k = var_kind(name);
	if (k >= V_FIELD)
		return (enum cx_field_id)(k - V_FIELD);
	return var_id_slow(name);
}

static enum cx_field_id var_id_slow(cx_str name)
{
	/* fields.def order: the first row with this CSL name wins. */
	for (int i = 0; i < CX_F__COUNT; i++)
		if (cx_fields[i].csl[0] && str_eq(name, cx_fields[i].csl))
			return (enum cx_field_id)i;
	for (size_t i = 0; i < sizeof extra_vars / sizeof *extra_vars; i++)
		if (str_eq(name, extra_vars[i].name))
			return extra_vars[i].id;
	return CX_F_UNKNOWN;
}

/* Member names and their kinds; the lookup runs for every member of every
 * item, so it goes through an index made at build time (tools/mkindex.c):
 * member_index[slot] is a row plus one, 0 empty. */
static const struct {
	const char *name;
	int kind;
} members[] = {
#define CX_MEMBER(name, kind) {name, kind},
#include "csljson_members.def"
#undef CX_MEMBER
};
#include "member_index.inc"

static int var_kind(cx_str name)
{
	size_t mask = sizeof member_index / sizeof *member_index - 1;
	for (size_t i = (size_t)hash_bytes(name.p, name.n) & mask; member_index[i];
	     i = (i + 1) & mask)
		if (str_eq(name, members[member_index[i] - 1].name))
			return members[member_index[i] - 1].kind;
	return V_PLAIN;
}

/* ---- types ------------------------------------------------------------------------- */



static enum cx_type_id csl_type(cx_str t, int *known)
{
	return model_type_find(CX_TF_CSL, t, known);
}

static int is_article(enum cx_type_id t)
{
	return t == CX_T_ARTICLE || t == CX_T_MAGAZINE || t == CX_T_NEWSPAPER;
}

/* ---- names --------------------------------------------------------------------------- */

static const struct jv *member_n(const struct jv *o, const char *name, size_t n)
{
	if (!o || o->t != J_OBJ)
		return NULL;
	for (size_t i = 0; i < o->n; i++)
		if (o->k[i].n == n && !memcmp(o->k[i].p, name, n))
			return &o->v[i];
	return NULL;
}
#define member(o, lit) member_n((o), (lit), sizeof(lit) - 1)

#define member_text(J, o, lit) member_text_n((J), (o), (lit), sizeof(lit) - 1)
static cx_str member_text_n(struct jp *J, const struct jv *o, const char *name, size_t n)
{
	const struct jv *v = member_n(o, name, n);
	return v ? scalar(J, v) : (cx_str){NULL, 0};
}

static cx_str join3(struct jp *J, cx_str a, const char *sep, cx_str b)
{
	if (!a.n)
		return b;
	if (!b.n)
		return a;
	size_t ns = strlen(sep);
	char *p = arena_alloc(&J->a, a.n + ns + b.n + 1);
	memcpy(p, a.p, a.n);
	memcpy(p + a.n, sep, ns);
	memcpy(p + a.n + ns, b.p, b.n);
	p[a.n + ns + b.n] = 0;
	return (cx_str){p, a.n + ns + b.n};
}

/* Append a view that may be empty, with a NULL pointer. */
static void put(struct buf *b, cx_str s)
{
	if (s.n)
		buf_put(b, s.p, s.n);
}

/* A name list: the model's names plus a BibTeX-like text for writers
 * that print the list as one string. */
static void names_field(struct jp *J, const struct jv *v, enum cx_field_id id, cx_str var)
{
	if (v->t != J_ARR) {
		json_diag(J, CX_WARNING, CX_E_VALUE, v->line, 1, "'%.*s' is not a list of names; kept as text",
		     (int)var.n, var.p);
		set_field(J, id == CX_F_UNKNOWN ? CX_F_UNKNOWN : id, var, scalar(J, v), v->line);
		return;
	}
	if (!v->n)
		return;
	struct cx_name *names = arena_calloc(&J->a, v->n * sizeof *names);
	size_t n = 0;
	struct buf *text = &J->sb; /* no string is being read now */
	text->n = 0;
	for (size_t i = 0; i < v->n; i++) {
		const struct jv *o = &v->v[i];
		struct cx_name *nm = &names[n];
		if (o->t == J_STR) {
			nm->literal = line_of(J, o->s);
		} else if (o->t == J_OBJ) {
			nm->family = member_text(J, o, "family");
			nm->given = member_text(J, o, "given");
			nm->suffix = member_text(J, o, "suffix");
			nm->literal = member_text(J, o, "literal");
			cx_str ndp = member_text(J, o, "non-dropping-particle");
			cx_str dp = member_text(J, o, "dropping-particle");
			if (dp.n && !ndp.n) {
				nm->particle = dp;
				nm->dropping = 1;
			} else {
				nm->particle = join3(J, dp, " ", ndp);
				if (dp.n)
					nm->dparticle = dp;
			}
			for (size_t k = 0; k < o->n; k++) {
				cx_str key = o->k[k];
				if (!eq(key, "family") && !eq(key, "given") && !eq(key, "suffix") &&
				    !eq(key, "literal") && !eq(key, "non-dropping-particle") &&
				    !eq(key, "dropping-particle") && !eq(key, "comma-suffix") &&
				    !eq(key, "static-ordering") && !eq(key, "parse-names"))
					json_diag(J, CX_WARNING, CX_E_VALUE, o->v[k].line, 1,
					     "name part '%.*s' is not CSL; ignored", (int)key.n, key.p);
			}
		} else {
			json_diag(J, CX_WARNING, CX_E_VALUE, o->line, 1, "a name in '%.*s' is not an object; ignored",
			     (int)var.n, var.p);
			continue;
		}
		if (nm->literal.n && !nm->family.n && eq(nm->literal, "others")) {
			memset(nm, 0, sizeof *nm);
			nm->others = 1;
		}
		if (!nm->others && !nm->literal.n && !nm->family.n && !nm->given.n)
			continue;
		/* BibTeX's "von Last, Jr, First", for writers that want one string. */
		if (text->n)
			buf_put(text, " and ", 5);
		if (nm->others) {
			buf_put(text, "others", 6);
		} else if (nm->literal.n) {
			put(text, nm->literal);
		} else {
			if (nm->particle.n) {
				put(text, nm->particle);
				buf_putc(text, ' ');
			}
			put(text, nm->family);
			if (nm->suffix.n) {
				buf_put(text, ", ", 2);
				put(text, nm->suffix);
			}
			if (nm->given.n) {
				buf_put(text, ", ", 2);
				put(text, nm->given);
			}
		}
		n++;
	}
	if (!n)
		return;
	struct cx_field *f = set_field(J, id, var, arena_str(&J->a, text->p, text->n), v->line);
	f->names = names;
	f->nnames = n;
}

/* "Family, Given and Other, Name" (the writer's custom names) back to
 * a name list. */
static void names_from_text(struct jp *J, struct cx_field *f)
{
	cx_str s = f->text;
	size_t cap = 1;
	for (size_t i = 0; i + 5 <= s.n; i++)
		if (!memcmp(s.p + i, " and ", 5))
			cap++;
	f->names = arena_calloc(&J->a, cap * sizeof *f->names);
	size_t start = 0, n = 0;
	for (size_t i = 0; i <= s.n; i++) {
		if (i < s.n && !(i + 5 <= s.n && !memcmp(s.p + i, " and ", 5)))
			continue;
		cx_str one = trim((cx_str){s.p + start, i - start});
		start = i + 5;
		if (!one.n)
			continue;
		struct cx_name *nm = &f->names[n++];
		if (eq(one, "others")) {
			nm->others = 1;
		} else if (!memchr(one.p, ',', one.n)) {
			nm->literal = one;
		} else {
			struct name_raw r;
			(void)names_split_raw(one.p, one.n, &r);
			nm->family = r.last;
			nm->given = r.first;
			nm->particle = r.von;
			nm->suffix = r.jr;
		}
		if (i + 5 > s.n)
			break;
	}
	f->nnames = n;
}

/* ---- dates --------------------------------------------------------------------------- */

/* A date part as a number: negative years are years BC; PART_BAD when
 * the part is no number. */
#define PART_BAD (-1000000)
static int part_int(const struct jv *v)
{
	if (v->t != J_NUM && v->t != J_STR)
		return PART_BAD;
	cx_str s = trim(v->s);
	if (!s.n)
		return 0;
	int x = 0, neg = 0;
	size_t i = 0;
	if (s.p[0] == '-')
		neg = 1, i = 1;
	for (; i < s.n; i++) {
		if (!str_digit((unsigned char)s.p[i]) || x > 100000)
			return PART_BAD;
		x = x * 10 + (s.p[i] - '0');
	}
	return neg ? -x : x;
}

static int truthy(const struct jv *v)
{
	if (!v)
		return 0;
	switch (v->t) {
	case J_TRUE: return 1;
	case J_NUM: return !eq(v->s, "0");
	case J_STR: return v->s.n && !str_ieq(v->s, "false") && !eq(v->s, "0");
	default: return 0;
	}
}

/* Is a date-parts value empty ([] or [[]])?  Zotero and citation-js
 * write that for an item with no date: it says nothing, so it is no date
 * at all rather than a literal "[]". */
static int no_parts(const struct jv *dp)
{
	if (dp->t != J_ARR)
		return 0;
	for (size_t r = 0; r < dp->n; r++)
		if (dp->v[r].t != J_ARR || dp->v[r].n)
			return 0;
	return 1;
}

/* Read a CSL date (an object, or an EDTF string) into d.  Returns 0 when
 * nothing usable is there. */
static int read_date(struct jp *J, const struct jv *v, struct cx_date *d)
{
	memset(d, 0, sizeof *d);
	if (v->t == J_STR || v->t == J_NUM) {
		cx_str s = line_of(J, v->s);
		date_parse_iso(d, s);
		if (d->literal.p && date_parse_text(d, s))
			return 1; /* "September 20, 2006", as citeproc-js reads a raw date */
		if (d->literal.p) {
			memset(d, 0, sizeof *d);
			date_parse_year(d, s);
			if (d->literal.p || d->range) {
				memset(d, 0, sizeof *d);
				d->literal = s;
			}
		}
		return s.n > 0;
	}
	if (v->t != J_OBJ)
		return 0;
	const struct jv *dp = member(v, "date-parts");
	if (dp && dp->t == J_ARR) {
		for (size_t r = 0; r < dp->n && r < 2; r++) {
			const struct jv *part = &dp->v[r];
			if (part->t != J_ARR || !part->n)
				continue;
			int y = part_int(&part->v[0]);
			int m = part->n > 1 ? part_int(&part->v[1]) : 0;
			int dd = part->n > 2 ? part_int(&part->v[2]) : 0;
			if ((y == 0 || y == PART_BAD || y < -9999) && r == 0)
				goto literal;
			if (m >= 21 && m <= 24)
				m -= 8; /* EDTF seasons */
			if (m < 0 || m > 16 || dd < 0 || dd > 31)
				goto literal;
			d->year[r] = y != PART_BAD && y >= -9999 ? y : 0;
			d->month[r] = m;
			d->day[r] = m >= 1 && m <= 12 ? dd : 0;
			if (r == 1)
				d->range = 1;
		}
		if (d->range && d->year[1] == d->year[0] && d->month[1] == d->month[0] &&
		    d->day[1] == d->day[0]) {
			d->range = 0;
			d->year[1] = d->month[1] = d->day[1] = 0;
		}
	}
	if (!d->year[0]) {
		const struct jv *raw = member(v, "raw");
		if (raw && raw->t == J_STR)
			return read_date(J, raw, d);
	}
	const struct jv *season = member(v, "season");
	if (season && d->year[0] && (!d->month[0] || d->month[0] > 12)) {
		int s = part_int(season);
		if (s >= 1 && s <= 4)
			d->month[0] = 12 + s;
		else if (s >= 13 && s <= 16)
			d->month[0] = s;
		else if (season->t == J_STR && date_parse_month(season->s) >= 13)
			d->month[0] = date_parse_month(season->s);
	}
	d->circa = truthy(member(v, "circa"));
	if (d->year[0])
		return 1;
literal:
	memset(d, 0, sizeof *d);
	{
		const struct jv *lit = member(v, "literal");
		if (!lit)
			lit = member(v, "raw");
		if (lit && (lit->t == J_STR || lit->t == J_NUM)) {
			d->literal = line_of(J, lit->s);
			return d->literal.n > 0;
		}
		if (dp && !no_parts(dp)) {
			struct buf b = {0};
			serialize(&b, dp);
			d->literal = arena_str(&J->a, b.p, b.n);
			buf_free(&b);
			return 1;
		}
	}
	return 0;
}

static cx_str iso_date(struct jp *J, const struct cx_date *d)
{
	if (!d->year[0])
		return d->literal;
	char b[64];
	size_t n = date_iso(b, sizeof b, d);
	return arena_str(&J->a, b, n);
}

static const char *const month_names[16] = {
	"January", "February", "March", "April", "May", "June", "July", "August",
	"September", "October", "November", "December", "spring", "summer", "autumn", "winter",
};

static void date_field(struct jp *J, const struct jv *v, cx_str var, int issued_as_date)
{
	struct cx_date d;
	if (!read_date(J, v, &d)) {
		const struct jv *dp = v->t == J_OBJ ? member(v, "date-parts") : NULL;
		if (v->t != J_NULL && !(dp && no_parts(dp) && v->n == 1))
			json_diag(J, CX_WARNING, CX_E_VALUE, v->line, 1, "'%.*s' holds no date; ignored",
			     (int)var.n, var.p);
		return;
	}
	if (eq(var, "issued")) {
		if (!d.year[0] && d.literal.n) {
			/* "in press", "forthcoming": year, as BibTeX writes them;
			 * "1995-1-04" would read as the year 1995 there, so it is a
			 * date that stays unparsed. */
			set_field(J, date_year_lenient(d.literal) ? CX_F_DATE : CX_F_YEAR, var, d.literal,
			          v->line);
			return;
		}
		if (!issued_as_date && !d.range && !d.circa && d.year[0] > 0) {
			char b[16];
			int n = snprintf(b, sizeof b, "%04d", d.year[0]);
			set_field(J, CX_F_YEAR, var, arena_str(&J->a, b, (size_t)n), v->line);
			if (d.month[0]) {
				const char *m = month_names[d.month[0] - 1];
				set_field(J, CX_F_MONTH, var, (cx_str){m, strlen(m)}, v->line);
			}
			if (d.day[0]) {
				n = snprintf(b, sizeof b, "%d", d.day[0]);
				set_field(J, CX_F_DAY, var, arena_str(&J->a, b, (size_t)n), v->line);
			}
			return;
		}
		set_field(J, CX_F_DATE, var, iso_date(J, &d), v->line);
		return;
	}
	enum cx_field_id id = var_id(var);
	set_field(J, id, var, iso_date(J, &d), v->line);
}

/* ---- keys ----------------------------------------------------------------------------- */

/* An item without an id: family + year ("smith2020"). */
static cx_str make_key(struct jp *J)
{
	return keyset_make(&J->keys, &J->e, "item", J->e.issued.year[0]);
}

/* ---- items ------------------------------------------------------------------------------ */

/* The publisher-like fields in DESIGN 3's priority order: the writer's
 * publisher came from the first present, and the others went to custom. */
static const enum cx_field_id pub_order[] = {
	CX_F_PUBLISHER, CX_F_ORGANIZATION, CX_F_INSTITUTION, CX_F_SCHOOL,
};

static int pub_rank(enum cx_field_id id)
{
	for (int i = 0; i < 4; i++)
		if (pub_order[i] == id)
			return i;
	return 4;
}

/* Page ranges: CSL "12-34" is BibTeX 12--34, en dash in the model. */
static void page_field(struct jp *J, cx_str t, cx_str var, unsigned line)
{
	size_t i = 1, d = 0;
	int list = memchr(t.p, ',', t.n) || memchr(t.p, ';', t.n);
	for (; !list && i < t.n; i++) {
		if (t.p[i] == '-') {
			d = 1;
			while (i + d < t.n && t.p[i + d] == '-')
				d++;
			break;
		}
		if (i + 2 < t.n && !memcmp(t.p + i, "\xE2\x80\x93", 3)) {
			d = 3;
			break;
		}
	}
	if (!d || i + d >= t.n) {
		set_field(J, CX_F_PAGES, var, t, line);
		return;
	}
	cx_str a = trim((cx_str){t.p, i}), b = trim((cx_str){t.p + i + d, t.n - i - d});
	struct cx_field *f = set_field(J, CX_F_PAGES, var, join3(J, a, "--", b), line);
	if (f && f->id == CX_F_PAGES)
		f->text = join3(J, a, "\xE2\x80\x93", b);
}

static int is_arxiv_number(cx_str s, cx_str *id)
{
	if (s.n > 6 && str_ieq((cx_str){s.p, 6}, "arxiv:")) {
		*id = trim((cx_str){s.p + 6, s.n - 6});
		return id->n > 0;
	}
	return 0;
}

/* The writer's note of which field "publisher" was: "publisher-field":
 * "organization" (no field of its own). */
static int is_publisher_field(cx_str k)
{
	return eq(k, "publisher-field");
}

static void custom_member(struct jp *J, cx_str name, const struct jv *v)
{
	cx_str text = scalar(J, v);
	if (!text.p)
		return;
	/* A field whose variable the item has already (a second address,
	 * archiveprefix beside eprinttype, a year that disagrees with the
	 * date) keeps its id and its own name, as in a BibTeX source: the
	 * writers put it where a second value of that field goes. */
	enum cx_field_id id = cx_field_lookup(name.p, name.n);
	struct cx_field *f = add_field(J, id, name, text, v->line);
	f->custom = 1;
	if (id != CX_F_UNKNOWN && cx_fields[id].kind == CX_K_NAMES)
		names_from_text(J, f);
	if (id == CX_F_PAGES) {
		/* The writer keeps the model's text: an en dash is BibTeX's --. */
		const char *dash = NULL;
		for (size_t i = 0; i + 2 < text.n; i++)
			if (!memcmp(text.p + i, "\xE2\x80\x93", 3)) {
				dash = text.p + i;
				break;
			}
		if (dash)
			f->raw = join3(J, (cx_str){text.p, (size_t)(dash - text.p)}, "--",
			               (cx_str){dash + 3, text.n - (size_t)(dash - text.p) - 3});
	}
}

/* What the whole item says, before the members are mapped one by one. */
struct plan {
	const struct jv *custom;    /* the "custom" object, or NULL */
	enum cx_field_id container; /* journal, booktitle or maintitle */
	enum cx_field_id title;     /* title, or a volume's maintitle */
	enum cx_field_id voltitle;  /* volume-title: title, or a part's booktitle */
	enum cx_field_id pub;       /* the publisher-like field "publisher" goes to */
	cx_str arxiv;               /* "number": "arXiv:ID", or NULL */
	int article, drop_genre, issued_as_date;
};

/* The type, from "type" and a thesis's "genre". */
static void read_type(struct jp *J, const struct jv *item, unsigned line, struct plan *P)
{
	struct cx_entry *e = &J->e;
	const struct jv *tv = member(item, "type");
	cx_str tname = tv && tv->t == J_STR ? tv->s : (cx_str){NULL, 0};
	int known = 0;
	e->type = tname.n ? csl_type(tname, &known) : CX_T_DOCUMENT;
	e->type_name = tname.n ? tname : CX_STR("document");
	if (!tname.n)
		json_diag(J, CX_WARNING, CX_E_TYPE, line, 1, "item has no type; treated as document (misc)");
	else if (!known)
		json_diag(J, CX_WARNING, CX_E_TYPE, tv->line, 1,
		     "unknown CSL type '%.*s'; treated as document (misc)", (int)tname.n, tname.p);
	cx_str genre = member_text(J, item, "genre");
	if (e->type == CX_T_PHDTHESIS && !genre.n)
		e->type = CX_T_THESIS; /* a thesis of no stated kind: nothing adds "PhD" */
	if (e->type == CX_T_PHDTHESIS && genre.n) {
		/* The genres the CSL-JSON writer gives the thesis types, as it
		 * writes them; any other spelling is kept as written. */
		if (str_eq(genre, "Master's thesis") || str_eq(genre, "Master\xE2\x80\x99s thesis")) {
			e->type = CX_T_MASTERSTHESIS;
			P->drop_genre = 1;
		} else if (str_eq(genre, "PhD thesis")) {
			P->drop_genre = 1;
		} else if (str_ihas(genre, "master") || str_ihas(genre, "m.sc") || str_ihas(genre, "msc") ||
		           str_ihas(genre, "m.a. ") || str_ieq(genre, "ma thesis")) {
			e->type = CX_T_MASTERSTHESIS;
		}
	}
	if (e->type == CX_T_TECHREPORT && str_eq(genre, "technical report")) {
		/* What a BibTeX @techreport says by its type. */
		e->type_name = CX_STR("techreport");
		P->drop_genre = 1;
	} else if (e->type == CX_T_TECHREPORT && str_eq(genre, "manual")) {
		e->type = CX_T_MANUAL;
		e->type_name = CX_STR("manual");
		P->drop_genre = 1;
	}
	P->article = is_article(e->type);
}

static void read_plan(struct jp *J, const struct jv *item, unsigned line, struct plan *P)
{
	struct cx_entry *e = &J->e;
	memset(P, 0, sizeof *P);
	P->custom = member(item, "custom");
	if (P->custom && P->custom->t != J_OBJ) {
		json_diag(J, CX_WARNING, CX_E_VALUE, P->custom->line, 1, "'custom' is not an object; ignored");
		P->custom = NULL;
	}
	read_type(J, item, line, P);
	const struct jv *custom = P->custom;
	int cust_has[CX_F__COUNT + 1];
	memset(cust_has, 0, sizeof cust_has);
	int min_pub = 4;
	int org = 0;
	for (size_t i = 0; custom && i < custom->n; i++) {
		if (is_publisher_field(custom->k[i])) {
			org = custom->v[i].t == J_STR && eq(trim(custom->v[i].s), "organization");
			continue;
		}
		enum cx_field_id id = cx_field_lookup(custom->k[i].p, custom->k[i].n);
		cust_has[id] = 1;
		if (pub_rank(id) < min_pub)
			min_pub = pub_rank(id);
	}
	/* container-title: the writer gave it to the first of journal and
	 * booktitle, so a booktitle in custom means it was the journal. */
	P->container = P->article ? CX_F_JOURNAL : CX_F_BOOKTITLE;
	if (cust_has[CX_F_BOOKTITLE] && !cust_has[CX_F_JOURNAL])
		P->container = CX_F_JOURNAL;
	else if (cust_has[CX_F_JOURNAL])
		P->container = CX_F_BOOKTITLE;
	P->pub = e->type == CX_T_PHDTHESIS || e->type == CX_T_MASTERSTHESIS || e->type == CX_T_THESIS
	             ? CX_F_SCHOOL
	         : e->type == CX_T_TECHREPORT                                ? CX_F_INSTITUTION
	                                                                     : CX_F_PUBLISHER;
	if (pub_rank(P->pub) >= min_pub || cust_has[P->pub]) {
		/* The type's own field cannot be it.  A report whose institution
		 * went to custom was published by its organization; else the
		 * publisher. */
		P->pub = CX_F_PUBLISHER;
		if (e->type == CX_T_TECHREPORT && min_pub == 2)
			P->pub = CX_F_ORGANIZATION;
	}
	if (org)
		P->pub = CX_F_ORGANIZATION;
	/* volume-title is what the writer makes of a maintitle: a book's
	 * title is its maintitle and volume-title its title; a chapter's
	 * container is the maintitle and volume-title its booktitle. */
	P->title = CX_F_TITLE;
	P->voltitle = CX_F_TITLE;
	if (member(item, "volume-title")) {
		if (cx_type_is_part(e->type)) {
			P->container = CX_F_MAINTITLE;
			P->voltitle = CX_F_BOOKTITLE;
		} else {
			P->title = CX_F_MAINTITLE;
		}
	}
	P->issued_as_date = cust_has[CX_F_YEAR] || cust_has[CX_F_MONTH] || cust_has[CX_F_DAY];
	const struct jv *numv = member(item, "number");
	if (numv && (numv->t == J_STR) && !is_arxiv_number(trim(numv->s), &P->arxiv))
		P->arxiv.p = NULL;
}

/* A plain variable: its field, rich text where the field is text. */
static void plain_member(struct jp *J, cx_str var, const struct jv *v)
{
	enum cx_field_id id = var_id(var);
	/* a note keeps its lines: "issued: 1900-06-30" on one of them is a
	 * variable (citeproc-js's note fields, Zotero's Extra) */
	cx_str t = id == CX_F_NOTE && v->t == J_STR ? trim(v->s) : scalar(J, v);
	if (!t.p)
		return;
	if (id == CX_F_UNKNOWN) {
		add_field(J, CX_F_UNKNOWN, var, t, v->line);
		return;
	}
	enum cx_kind k = cx_fields[id].kind;
	if (id == CX_F_LANGID) {
		/* A BCP 47 tag: biblatex's langid wants a babel name. */
		const char *name = lang_name_exact(t);
		if (name)
			t = (cx_str){name, strlen(name)};
	} else if (k == CX_K_TEXT) {
		t = rich(J, t);
	}
	if (id == CX_F_DOI)
		t = doi_bare(t);
	struct cx_field *f = set_field(J, id, var, t, v->line);
	if (f && f->id == CX_F_NUMBER)
		f->name = var; /* collection-number, again in CSL-JSON */
}

/* One member of the item; the key goes to *key. */
static void take_member(struct jp *J, const struct plan *P, cx_str var, const struct jv *v,
                        cx_str *key)
{
	switch (var_kind(var)) {
	case V_ID:
		if (!key->n)
			*key = scalar(J, v);
		break;
	case V_KEY:
		*key = scalar(J, v);
		break;
	case V_TYPE:
	case V_CUSTOM:
		break;
	case V_NAMES:
		names_field(J, v, var_id(var), var);
		break;
	case V_DATE:
		date_field(J, v, var, P->issued_as_date);
		break;
	case V_CONTAINER:
		set_field(J, P->container, var, rich(J, scalar(J, v)), v->line);
		break;
	case V_TITLE:
		set_field(J, P->title, var, rich(J, scalar(J, v)), v->line);
		break;
	case V_VOLTITLE:
		set_field(J, P->voltitle, var, rich(J, scalar(J, v)), v->line);
		break;
	case V_ISSUE: {
		/* An article's issue is BibTeX's number; the member it was
		 * is its name, so that CSL-JSON gets it back. */
		struct cx_field *f = set_field(J, P->article ? CX_F_NUMBER : CX_F_ISSUE, var, scalar(J, v),
		                               v->line);
		if (f && f->id == CX_F_NUMBER)
			f->name = var;
		break;
	}
	case V_NUMBER:
		if (P->arxiv.p) {
			set_field(J, CX_F_EPRINT, var, P->arxiv, v->line);
			add_field(J, CX_F_EPRINTTYPE, (cx_str){NULL, 0}, CX_STR("arXiv"), v->line);
		} else {
			set_field(J, CX_F_NUMBER, var, scalar(J, v), v->line);
		}
		break;
	case V_PUBLISHER: {
		cx_str t = scalar(J, v);
		if (P->arxiv.p && eq(t, "arXiv"))
			break; /* the writer's stand-in for an eprint's publisher */
		set_field(J, P->pub, var, rich(J, t), v->line);
		break;
	}
	case V_PAGE:
		page_field(J, scalar(J, v), var, v->line);
		break;
	case V_GENRE:
		if (!P->drop_genre)
			set_field(J, CX_F_TYPE, var, rich(J, scalar(J, v)), v->line);
		break;
	case V_URL: {
		cx_str t = scalar(J, v);
		cx_str a = P->arxiv;
		if (a.p && t.n == 22 + a.n && !memcmp(t.p, "https://arxiv.org/abs/", 22) &&
		    !memcmp(t.p + 22, a.p, a.n))
			break; /* the writer's stand-in for an eprint's URL */
		set_field(J, CX_F_URL, var, t, v->line);
		break;
	}
	default:
		plain_member(J, var, v);
		break;
	}
}

void csljson_convert(struct jp *J, const struct jv *item, unsigned line)
{
	struct cx_entry *e = &J->e;
	reader_entry_start(J->c, e, "csl-json", line);
	J->fields_cap = 0;

	struct plan P;
	read_plan(J, item, line, &P);
	cx_str key = {NULL, 0};
	for (size_t i = 0; i < item->n; i++)
		if (item->v[i].t != J_NULL)
			take_member(J, &P, item->k[i], &item->v[i], &key);
	for (size_t i = 0; P.custom && i < P.custom->n; i++)
		if (P.custom->v[i].t != J_NULL && !is_publisher_field(P.custom->k[i]))
			custom_member(J, P.custom->k[i], &P.custom->v[i]);

	norm_entry(J->c->cx, e, &J->a, &J->c->diags);
	e->key = key.n ? key : make_key(J);
	reader_deliver(J->c, e);
}

/* One item from the tokenizer: an object is converted and emitted. */
static void on_item(struct jp *J, const struct jv *v, unsigned line, int index)
{
	if (v->t == J_OBJ)
		csljson_convert(J, v, line);
	else
		json_diag(J, CX_ERROR, CX_E_SYNTAX, line, 1, "item %d is not an object (a CSL item); skipped",
		     index);
	memset(&J->e, 0, sizeof J->e);
}

static int csljson_read(struct cx_reader_ctx *c, struct cx_input *in)
{
	struct jp J;
	memset(&J, 0, sizeof J);
	J.c = c;
	J.in = in;
	J.on_item = on_item;
	int rc = json_read(&J);
	keyset_free(&J.keys);
	return rc;
}

const struct cx_reader cx_reader_csljson = {"csl-json", csljson_read};
