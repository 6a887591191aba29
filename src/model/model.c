/* model/model.c - the entry model: the field and type tables, lookups, input
 * aliases, deep copies, and cx_normalize, which turns raw values into the
 * normalized model every writer reads.
 *
 * The tables are expanded from fields.def and types.def, so a field or type
 * is added in one place.  Aliases cover the other spellings readers meet
 * (journaltitle, location, conference, electronic ...). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "norm/norm.h"
#include "norm/venue.h"

const struct cx_field_info cx_fields[CX_F__COUNT] = {
#define CX_FIELD(id, bibtex, biblatex, ris, csl, kind) {bibtex, biblatex, ris, csl, kind},
#include "fields.def"
#undef CX_FIELD
};

const struct cx_type_info cx_types[CX_T__COUNT] = {
#define CX_TYPE(id, bibtex, biblatex, ris, csl) {bibtex, biblatex, ris, csl},
#include "types.def"
#undef CX_TYPE
};

/* Does a[0..n) equal the lower-case table name b, ignoring ASCII case?
 * Most names differ at the first letter, so b is never measured. */
static int ieq(const char *a, size_t n, const char *b)
{
	size_t i;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)a[i];
		if (c >= 'A' && c <= 'Z')
			c += 'a' - 'A';
		if (!b[i] || c != (unsigned char)b[i])
			return 0;
	}
	return !b[i];
}

static const struct {
	const char *name;
	enum cx_field_id id;
} field_aliases[] = {
	{"journaltitle", CX_F_JOURNAL},
	{"location", CX_F_ADDRESS},
	{"eprinttype", CX_F_EPRINTTYPE},
	{"eprintclass", CX_F_EPRINTCLASS},
	{"langid", CX_F_LANGUAGE},
	{"annotation", CX_F_ANNOTE},
	{"keyword", CX_F_KEYWORDS},
	{"pagetotal", CX_F_PAGETOTAL},
};

/* The names above, and the table's, by hash of the lower-case name: open
 * addressing, built on first use (process state, like the venue memo). */
#define FIELD_SLOTS 256
static struct {
	const char *name; /* NULL: empty */
	enum cx_field_id id;
} field_slots[FIELD_SLOTS];

static unsigned name_hash(const char *s, size_t n)
{
	unsigned h = 2166136261u;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 'A' && c <= 'Z')
			c += 'a' - 'A';
		h = (h ^ c) * 16777619u;
	}
	return h;
}

static void field_slot_add(const char *name, enum cx_field_id id)
{
	unsigned i = name_hash(name, strlen(name)) % FIELD_SLOTS;
	while (field_slots[i].name) {
		if (!strcmp(field_slots[i].name, name))
			return; /* the first spelling wins, as the walk it replaces */
		i = (i + 1) % FIELD_SLOTS;
	}
	field_slots[i].name = name;
	field_slots[i].id = id;
}

enum cx_field_id cx_field_lookup(const char *name, size_t n)
{
	static int ready;
	_Static_assert(CX_F__COUNT + sizeof field_aliases / sizeof *field_aliases < FIELD_SLOTS / 2,
	               "the field table is at most half full");
	if (!ready) {
		for (int i = 0; i < CX_F__COUNT; i++)
			field_slot_add(cx_fields[i].bibtex, (enum cx_field_id)i);
		for (size_t i = 0; i < sizeof field_aliases / sizeof *field_aliases; i++)
			field_slot_add(field_aliases[i].name, field_aliases[i].id);
		ready = 1;
	}
	for (unsigned i = name_hash(name, n) % FIELD_SLOTS; field_slots[i].name;
	     i = (i + 1) % FIELD_SLOTS)
		if (ieq(name, n, field_slots[i].name))
			return field_slots[i].id;
	return CX_F_UNKNOWN;
}

static const struct {
	const char *name;
	enum cx_type_id id;
} type_aliases[] = {
	{"article", CX_T_ARTICLE},
	{"book", CX_T_BOOK},
	{"mvbook", CX_T_BOOK},
	{"bookinbook", CX_T_INBOOK},
	{"suppbook", CX_T_INBOOK},
	{"collection", CX_T_COLLECTION},
	{"mvcollection", CX_T_COLLECTION},
	{"suppcollection", CX_T_INCOLLECTION},
	{"proceedings", CX_T_PROCEEDINGS},
	{"mvproceedings", CX_T_PROCEEDINGS},
	{"conference", CX_T_INPROCEEDINGS},
	{"reference", CX_T_COLLECTION},
	{"mvreference", CX_T_COLLECTION},
	{"inreference", CX_T_INREFERENCE},
	{"report", CX_T_TECHREPORT},
	{"techreport", CX_T_TECHREPORT},
	{"thesis", CX_T_THESIS},
	{"phdthesis", CX_T_PHDTHESIS},
	{"mastersthesis", CX_T_MASTERSTHESIS},
	{"online", CX_T_ONLINE},
	{"electronic", CX_T_ONLINE},
	{"www", CX_T_ONLINE},
	{"webpage", CX_T_ONLINE},
	{"software", CX_T_SOFTWARE},
	{"dataset", CX_T_DATASET},
	{"data", CX_T_DATASET},
	{"standard", CX_T_STANDARD},
	{"patent", CX_T_PATENT},
	{"periodical", CX_T_PERIODICAL},
	{"suppperiodical", CX_T_ARTICLE},
	{"booklet", CX_T_BOOKLET},
	{"inbook", CX_T_INBOOK},
	{"incollection", CX_T_INCOLLECTION},
	{"inproceedings", CX_T_INPROCEEDINGS},
	{"manual", CX_T_MANUAL},
	{"unpublished", CX_T_UNPUBLISHED},
	{"misc", CX_T_MISC},
};

enum cx_type_id cx_type_lookup(const char *name, size_t n, int *known)
{
	for (size_t i = 0; i < sizeof type_aliases / sizeof *type_aliases; i++)
		if (ieq(name, n, type_aliases[i].name)) {
			if (known)
				*known = 1;
			return type_aliases[i].id;
		}
	if (known)
		*known = 0;
	return CX_T_DOCUMENT;
}

struct cx_field *cx_entry_get(const struct cx_entry *e, enum cx_field_id id)
{
	for (size_t i = 0; i < e->nfields; i++)
		if (e->fields[i].id == id)
			return &e->fields[i];
	return NULL;
}

/* ---- deep copy -------------------------------------------------------------- */

static cx_str copy_str(struct arena *a, cx_str s)
{
	return s.p ? arena_str(a, s.p, s.n) : s;
}

static struct cx_name copy_name(struct arena *a, const struct cx_name *n)
{
	struct cx_name c = *n;
	c.family = copy_str(a, n->family);
	c.given = copy_str(a, n->given);
	c.particle = copy_str(a, n->particle);
	c.suffix = copy_str(a, n->suffix);
	c.literal = copy_str(a, n->literal);
	return c;
}

struct cx_entry *model_copy_entry(struct arena *a, const struct cx_entry *e)
{
	struct cx_entry *c = arena_alloc(a, sizeof *c);
	*c = *e;
	c->type_name = copy_str(a, e->type_name);
	c->key = copy_str(a, e->key);
	c->issued.literal = copy_str(a, e->issued.literal);
	c->fields = arena_alloc(a, (e->nfields ? e->nfields : 1) * sizeof *c->fields);
	for (size_t i = 0; i < e->nfields; i++) {
		const struct cx_field *f = &e->fields[i];
		struct cx_field *g = &c->fields[i];
		*g = *f;
		g->name = copy_str(a, f->name);
		g->raw = copy_str(a, f->raw);
		g->text = copy_str(a, f->text);
		g->date.literal = copy_str(a, f->date.literal);
		g->parts = arena_alloc(a, (f->nparts ? f->nparts : 1) * sizeof *g->parts);
		for (size_t k = 0; k < f->nparts; k++) {
			g->parts[k] = f->parts[k];
			g->parts[k].s = copy_str(a, f->parts[k].s);
		}
		if (f->nnames) {
			g->names = arena_alloc(a, f->nnames * sizeof *g->names);
			for (size_t k = 0; k < f->nnames; k++)
				g->names[k] = copy_name(a, &f->names[k]);
		}
	}
	return c;
}

/* ---- dates ------------------------------------------------------------------ */

static cx_str trim(cx_str s)
{
	while (s.n && (isspace((unsigned char)*s.p) || *s.p == '{')) {
		s.p++;
		s.n--;
	}
	while (s.n && (isspace((unsigned char)s.p[s.n - 1]) || s.p[s.n - 1] == '}' ||
	               s.p[s.n - 1] == '.'))
		s.n--;
	return s;
}

int date_parse_month(cx_str s)
{
	static const char *const names[] = {"jan", "feb", "mar", "apr", "may", "jun",
	                                    "jul", "aug", "sep", "oct", "nov", "dec"};
	static const char *const seasons[] = {"spring", "summer", "autumn", "winter", "fall"};
	s = trim(s);
	if (!s.n)
		return 0;
	if (isdigit((unsigned char)s.p[0])) {
		int m = 0;
		for (size_t i = 0; i < s.n && i < 3; i++) {
			if (!isdigit((unsigned char)s.p[i]))
				return 0;
			m = m * 10 + (s.p[i] - '0');
		}
		if (s.n > 2)
			return 0;
		return m >= 1 && m <= 12 ? m : (m >= 21 && m <= 24 ? m - 8 : 0);
	}
	if (s.n >= 3) {
		for (int i = 0; i < 12; i++)
			if (tolower((unsigned char)s.p[0]) == names[i][0] &&
			    tolower((unsigned char)s.p[1]) == names[i][1] &&
			    tolower((unsigned char)s.p[2]) == names[i][2]) {
				/* "March", "Mar", "mar", "Sept" all count. */
				return i + 1;
			}
		for (int i = 0; i < 5; i++)
			if (ieq(s.p, s.n, seasons[i]))
				return 13 + (i == 4 ? 2 : i);
	}
	return 0;
}

/* Read a run of digits: returns the number of digits, or 0. */
static size_t digits(const char *p, const char *end, int *out)
{
	size_t k = 0;
	int v = 0;
	while (p + k < end && isdigit((unsigned char)p[k]) && k < 9) {
		v = v * 10 + (p[k] - '0');
		k++;
	}
	*out = v;
	return k;
}

void date_parse_year(struct cx_date *d, cx_str s)
{
	cx_str t = trim(s);
	int y;
	size_t k = digits(t.p, t.p + t.n, &y);
	if (k >= 1 && k <= 4 && (k == t.n || (t.n > k && !isdigit((unsigned char)t.p[k])))) {
		/* "2020", "2020a", "1998--1999" */
		d->year[0] = y;
		const char *p = t.p + k, *end = t.p + t.n;
		while (p < end && (*p == '-' || *p == '/' || (unsigned char)*p == 0xE2)) {
			if ((unsigned char)*p == 0xE2)
				p += 3; /* en dash */
			else
				p++;
		}
		int y2;
		if (p > t.p + k && p < end && digits(p, end, &y2) == 4 && p + 4 == end) {
			d->year[1] = y2;
			d->range = 1;
		} else if (k != t.n && !isalpha((unsigned char)t.p[k])) {
			d->literal = s;
		}
		return;
	}
	d->literal = s;
}

/* ISO 8601 / EDTF level 0-1, as biblatex's date field: YYYY, YYYY-MM,
 * YYYY-MM-DD, ranges with '/', open ends, '~' circa and '?' uncertain. */
static const char *iso_one(const char *p, const char *end, int *y, int *m, int *dd)
{
	int v;
	size_t k = digits(p, end, &v);
	if (k != 4)
		return NULL;
	*y = v;
	p += 4;
	if (p < end && *p == '-' && p + 1 < end && isdigit((unsigned char)p[1])) {
		k = digits(p + 1, end, &v);
		if (k != 2 || v < 1 || (v > 12 && (v < 21 || v > 24)))
			return NULL;
		*m = v > 12 ? v - 8 : v;
		p += 3;
		if (p < end && *p == '-' && p + 1 < end && isdigit((unsigned char)p[1])) {
			k = digits(p + 1, end, &v);
			if (k != 2 || v < 1 || v > 31)
				return NULL;
			*dd = v;
			p += 3;
		}
	}
	/* A time of day is allowed and ignored. */
	if (p < end && *p == 'T')
		while (p < end && *p != '/')
			p++;
	return p;
}

void date_parse_iso(struct cx_date *d, cx_str s)
{
	cx_str t = trim(s);
	const char *p = t.p, *end = t.p + t.n;
	struct cx_date r = {{0}, {0}, {0}, 0, 0, {0}};
	if (p < end && *p == '/') {
		/* "/2020": open start; keep it literal. */
		d->literal = s;
		return;
	}
	p = iso_one(p, end, &r.year[0], &r.month[0], &r.day[0]);
	if (!p) {
		d->literal = s;
		return;
	}
	while (p < end && (*p == '~' || *p == '?' || *p == '%')) {
		if (*p != '?')
			r.circa = 1;
		p++;
	}
	if (p < end && *p == '/') {
		p++;
		r.range = 1;
		if (p < end && !(p + 2 == end && p[0] == '.' && p[1] == '.')) {
			p = iso_one(p, end, &r.year[1], &r.month[1], &r.day[1]);
			if (!p) {
				d->literal = s;
				return;
			}
			while (p < end && (*p == '~' || *p == '?' || *p == '%'))
				p++;
		} else {
			p = end;
		}
	}
	if (p != end) {
		d->literal = s;
		return;
	}
	r.literal = d->literal;
	*d = r;
}

/* ---- identifiers ------------------------------------------------------------ */

int is_arxiv_id(cx_str s)
{
	const char *p = s.p, *end = s.p + s.n;
	int v;
	if (digits(p, end, &v) == 4 && p + 4 < end && p[4] == '.') {
		size_t k = digits(p + 5, end, &v);
		if (k < 4 || k > 5)
			return 0;
		p += 5 + k;
		if (p < end && *p == 'v') {
			p++;
			if (!digits(p, end, &v))
				return 0;
			while (p < end && isdigit((unsigned char)*p))
				p++;
		}
		return p == end;
	}
	/* old style: archive(.subject)/YYMMNNN */
	const char *slash = memchr(p, '/', s.n);
	if (!slash || slash == p)
		return 0;
	for (const char *q = p; q < slash; q++)
		if (!islower((unsigned char)*q) && *q != '-' && *q != '.' && !isupper((unsigned char)*q))
			return 0;
	return digits(slash + 1, end, &v) == 7 && slash + 8 <= end;
}

/* ---- normalization ---------------------------------------------------------- */

/* Verbatim values (doi, url, eprint): drop grouping braces and the escapes
 * people put in them (\_ \% \& \# \~), unwrap \url{}, trim, and turn control
 * characters into spaces.  No LaTeX decoding beyond that.  The result must
 * normalize to itself, as the BibTeX writer puts it back unchanged: so an
 * escaped brace goes like any brace (e\{_\}057 is e_057, not e\_\057 that
 * a second pass would make e_\057), a backslash keeps the one after it
 * (\\_), and a DOI loses every resolver prefix it starts with. */
static cx_str norm_verbatim(struct arena *a, cx_str raw, enum cx_field_id id)
{
	char *out = arena_alloc(a, raw.n + 1);
	size_t k = 0;
	const char *p = raw.p, *end = raw.p + raw.n;
	if (end - p > 5 && !memcmp(p, "\\url{", 5))
		p += 5;
	for (; p < end; p++) {
		char c = *p;
		if (c == '{' || c == '}')
			continue;
		if (c == '\\' && p + 1 < end && (p[1] == '{' || p[1] == '}' || p[1] == '\\')) {
			if (p[1] == '\\')
				out[k++] = '\\', out[k++] = '\\';
			p++;
			continue;
		}
		if (c == '\\' && p + 1 < end && (unsigned char)p[1] < 0x20) {
			out[k++] = ' '; /* a control space, as "\ " */
			p++;
			continue;
		}
		if (c == '\\' && p + 1 < end && strchr("_%&#~$ ", p[1])) {
			out[k++] = p[1];
			p++;
			if (out[k - 1] == '~' && p + 2 < end && p[1] == '{' && p[2] == '}')
				p += 2;
			continue;
		}
		if ((unsigned char)c < 0x20)
			c = ' ';
		out[k++] = c;
	}
	size_t i = 0;
	while (i < k && out[i] == ' ')
		i++;
	while (k > i && out[k - 1] == ' ')
		k--;
	cx_str r = {out + i, k - i};
	if (id == CX_F_DOI) {
		/* A DOI is the bare 10.x/y: drop resolver prefixes. */
		static const char *const pre[] = {"https://doi.org/", "http://doi.org/",
		                                  "https://dx.doi.org/", "http://dx.doi.org/", "doi:",
		                                  "DOI:", "doi.org/", NULL};
		for (int j = 0; pre[j]; j++) {
			size_t l = strlen(pre[j]);
			if (r.n > l && !memcmp(r.p, pre[j], l)) {
				r.p += l;
				r.n -= l;
				while (r.n && *r.p == ' ') {
					r.p++;
					r.n--;
				}
				j = -1; /* https://doi.org/doi:10.x */
			}
		}
	}
	return r;
}

void cx_normalize(struct cx_entry *e, const struct cx_options *opt,
                  struct cx_reader_ctx *c, void *arena)
{
	(void)c;
	struct arena *a = arena;
	enum cx_particles particles = opt ? opt->particles : CX_PARTICLES_NONDROPPING;
	struct cx_field *year = NULL, *month = NULL, *day = NULL, *date = NULL;
	for (size_t i = 0; i < e->nfields; i++) {
		struct cx_field *f = &e->fields[i];
		if (e->kind != CX_E_ENTRY) {
			f->text = f->raw;
			continue;
		}
		enum cx_kind kind = f->id == CX_F_UNKNOWN ? CX_K_TEXT : cx_fields[f->id].kind;
		if (f->text.p && (kind != CX_K_NAMES || f->names) && kind != CX_K_DATE)
			continue; /* already normalized by its reader */
		switch (kind) {
		case CX_K_NAMES: {
			int plain = 0;
			if (!f->text.p) {
				f->text = latex_text(a, f->raw.p, f->raw.n);
				plain = f->text.p == f->raw.p; /* as it is */
			}
			if (!f->names)
				f->nnames = names_parse(a, f->raw.p, f->raw.n, particles, plain, &f->names);
			break;
		}
		case CX_K_VERBATIM:
		case CX_K_KEY:
			f->text = norm_verbatim(a, f->raw, f->id);
			break;
		case CX_K_DATE:
			if (!f->text.p)
				f->text = latex_text(a, f->raw.p, f->raw.n);
			memset(&f->date, 0, sizeof f->date);
			if (f->id == CX_F_YEAR)
				date_parse_year(&f->date, f->text), year = f;
			else if (f->id == CX_F_MONTH)
				f->date.month[0] = date_parse_month(f->text), month = f;
			else if (f->id == CX_F_DAY)
				digits(f->text.p, f->text.p + f->text.n, &f->date.day[0]), day = f;
			else {
				date_parse_iso(&f->date, f->text);
				if (f->id == CX_F_DATE)
					date = f;
			}
			break;
		default:
			if (!f->text.p)
				f->text = latex_text(a, f->raw.p, f->raw.n);
			break;
		}
	}
	if (e->kind != CX_E_ENTRY)
		return;
	venue_normalize(a, e, opt ? opt->venues : CX_VENUES_AUTO);
	memset(&e->issued, 0, sizeof e->issued);
	if (date && !date->date.literal.p) {
		e->issued = date->date;
	} else if (year) {
		e->issued = year->date;
		/* With a year range the month is the start's: that is how the
		 * BibTeX writer says [[2019, 3], [2020]]. */
		if (month) {
			e->issued.month[0] = month->date.month[0];
			if (day && month->date.month[0] <= 12)
				e->issued.day[0] = day->date.day[0];
		}
	} else if (date) {
		e->issued = date->date;
	}
}
