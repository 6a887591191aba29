/* csl/item.c - from the entry model to a CSL item.
 *
 * The mapping is the CSL-JSON writer's: each field goes to the variable in
 * the csl column of fields.def, the first field wins a variable, and the
 * choices of DESIGN section 3 come from the writers' shared helpers in
 * write/fmt.h (the publisher among publisher-like fields, the arXiv
 * eprint as number, publisher and URL, thesis genres, "number" as an
 * article's issue, the subtitle after the title).  So `citex -t text`
 * renders what `citex -t csl-json` hands to any other CSL processor.
 * A field the model keeps under a CSL variable's own name (CSL-JSON
 * input's variables with no BibTeX field) is taken by that name. */
#include <stdio.h>
#include <string.h>

#include "core/diag.h"
#include "core/str.h"
#include "csl/csl.h"
#include "model/model.h"
#include "norm/norm.h"
#include "write/fmt.h"

static const char *cstr(struct arena *a, cx_str s)
{
	s = str_trim(s);
	return arena_strndup(a, s.p ? s.p : "", s.n);
}

static const char *rich(struct arena *a, cx_str s)
{
	s = str_trim(s);
	return csl_rich_parse(a, s.p ? s.p : "", s.n);
}

/* Lower-case words at the start of a family name are its particle
 * ("van Gogh"), and at the end of a given name a dropping one ("Ludwig
 * van"), as citeproc-js reads names that come without particles. */
static void split_particles(struct arena *a, struct csl_name *n)
{
	const char *f = n->family;
	if (f && !n->ndp && !n->dp) {
		const char *p = f, *last = NULL;
		while (*p >= 'a' && *p <= 'z') {
			const char *w = p;
			while (*w && *w != ' ' && *w != '\'' && *w != '-' && (unsigned char)*w != 0xE2)
				w++;
			if (*w == '-' && w[1] && w[1] != ' ')
				w++; /* "al-Hasan": the particle ends with its hyphen */
			if (*w == ' ')
				last = w + 1;
			else if (*w == '\'' || (w > p && w[-1] == '-'))
				last = w + (*w == '\'');
			else
				break;
			p = last;
		}
		if (last && *last) {
			size_t k = (size_t)(last - f);
			while (k && f[k - 1] == ' ')
				k--;
			n->ndp = arena_strndup(a, f, k);
			n->family = last;
		}
	}
	/* "John, III" or "John,! Jr." (comma kept): a suffix in the given name */
	const char *comma = n->given && !n->suffix ? strchr(n->given, ',') : NULL;
	if (comma) {
		const char *sfx = comma + 1;
		if (*sfx == '!') {
			n->comma_suffix = 1;
			sfx++;
		}
		while (*sfx == ' ')
			sfx++;
		if (*sfx) {
			n->suffix = sfx;
			n->given = arena_strndup(a, n->given, (size_t)(comma - n->given));
		}
	}
	const char *g = n->given;
	if (g && !n->dp) {
		size_t len = strlen(g), i = len;
		while (i > 0) {
			size_t e = i;
			while (i > 0 && g[i - 1] != ' ')
				i--;
			if (!(g[i] >= 'a' && g[i] <= 'z') || i == 0) {
				i = e;
				break;
			}
			while (i > 0 && g[i - 1] == ' ')
				i--;
		}
		if (i < len && i > 0) {
			size_t s = i;
			while (g[s] == ' ')
				s++;
			n->dp = arena_strndup(a, g + s, len - s);
			n->given = arena_strndup(a, g, i);
		}
	}
}

static void names_of(struct arena *a, struct csl_names *out, const struct cx_field *f,
                     const struct cx_options *opt, int csljson)
{
	out->v = arena_calloc(a, (f->nnames + 1) * sizeof *out->v);
	out->n = 0;
	for (size_t i = 0; i < f->nnames; i++) {
		const struct cx_name *nm = &f->names[i];
		if (nm->others) {
			/* CSL-JSON carries it as the literal name "others", and
			 * citeproc-js prints it as a name: so does citex */
			out->v[out->n++] = (struct csl_name){.literal = "others"};
			continue;
		}
		struct csl_name *c = &out->v[out->n];
		memset(c, 0, sizeof *c);
		if (nm->literal.n || (!nm->family.n && nm->given.n && !csljson)) {
			c->literal = rich(a, nm->literal.n ? nm->literal : nm->given);
		} else if (!nm->family.n && nm->given.n) {
			/* a given name alone ("Madonna") is written as it is, but is a
			 * person's name, not an institution's, as citeproc-js reads
			 * CSL-JSON: the delimiters of people's names go around it */
			c->literal = rich(a, nm->given);
			c->personal = 1;
		} else if (nm->family.n >= 2 && nm->family.p[0] == '"' &&
		           nm->family.p[nm->family.n - 1] == '"') {
			/* a family name in quotes is taken as it is, particles and
			 * all ("\"van der Berg\""), as citeproc-js reads one */
			c->family = rich(a, (cx_str){nm->family.p + 1, nm->family.n - 2});
			c->given = nm->given.n ? rich(a, nm->given) : NULL;
			c->suffix = nm->suffix.n ? rich(a, nm->suffix) : NULL;
		} else if (nm->family.n) {
			c->family = rich(a, nm->family);
			c->given = nm->given.n ? rich(a, nm->given) : NULL;
			c->suffix = nm->suffix.n ? rich(a, nm->suffix) : NULL;
			cx_str par = nm->particle;
			if (nm->dparticle.n && par.n > nm->dparticle.n + 1 &&
			    !memcmp(par.p, nm->dparticle.p, nm->dparticle.n)) {
				/* both particles: "de" dropping, "la" not */
				c->dp = rich(a, nm->dparticle);
				par.p += nm->dparticle.n + 1;
				par.n -= nm->dparticle.n + 1;
				c->ndp = rich(a, par);
			} else if (par.n) {
				int dropping = nm->dropping || (opt && opt->particles == CX_PARTICLES_DROPPING);
				if (dropping)
					c->dp = rich(a, par);
				else
					c->ndp = rich(a, par);
			}
			split_particles(a, c);
		} else {
			continue;
		}
		out->n++;
	}
	if (!f->nnames && f->text.n) {
		out->v[0] = (struct csl_name){.literal = rich(a, f->text)};
		out->n = 1;
	}
}

static struct csl_date *date_of(struct arena *a, const struct cx_date *d, cx_str text)
{
	struct csl_date *c = arena_calloc(a, sizeof *c);
	if (!d->year[0]) {
		cx_str l = d->literal.n ? d->literal : text;
		l = str_trim(l);
		if (!l.n)
			return NULL;
		c->literal = rich(a, l);
		return c;
	}
	for (int i = 0; i < 2; i++) {
		c->y[i] = d->year[i];
		c->m[i] = d->month[i];
		c->d[i] = d->day[i];
	}
	c->range = d->range;
	c->circa = d->circa;
	if (c->range && !c->y[1] && !c->m[1])
		c->open = 1; /* "1987–": an open range */
	else if (c->range && !c->y[1])
		c->y[1] = c->y[0];
	return c;
}

struct map {
	struct arena *a;
	struct csl_item *it;
	const struct cx_entry *e;
	const struct cx_options *opt;
};

static void set_str(struct map *m, int v, const char *s)
{
	if (v >= 0 && v < CV_NSTR && !m->it->s[v] && s && *s)
		m->it->s[v] = s;
}

static void by_name(struct map *m, const struct cx_field *f, int v)
{
	struct csl_item *it = m->it;
	switch (csl_var_kind(v)) {
	case CVK_NAMES:
		if (!it->names[v - CV_FIRST_NAME].n)
			names_of(m->a, &it->names[v - CV_FIRST_NAME], f, m->opt,
			         m->e->source && !strcmp(m->e->source, "csl-json"));
		break;
	case CVK_DATE: {
		if (it->dates[v - CV_FIRST_DATE])
			break;
		struct cx_date d = f->date;
		if (!d.year[0] && !d.literal.n) {
			date_parse_iso(&d, str_trim(f->text));
			if (d.literal.p && !d.year[0] && !date_parse_text(&d, str_trim(f->text)))
				d.literal = str_trim(f->text);
		}
		it->dates[v - CV_FIRST_DATE] = date_of(m->a, &d, f->text);
		break;
	}
	default:
		set_str(m, v, rich(m->a, f->text.n ? f->text : f->raw));
		break;
	}
}

/* A text field's value with the fields fmt_home joins to it ("Title:
 * Subtitle", a volume's part, an addendum after the note), as the
 * CSL-JSON writer writes it. */
static const char *joined(struct map *m, const struct cx_field *f, const struct fmt_home *h)
{
	cx_str t = str_trim(f->text.n ? f->text : f->raw);
	if (!h->nmore && !h->prefix)
		return rich(m->a, t);
	struct buf b = {0};
	if (h->prefix)
		buf_put(&b, h->prefix, strlen(h->prefix));
	buf_put(&b, t.p, t.n);
	for (size_t i = 0; i < h->nmore; i++) {
		cx_str x = str_trim(h->more[i]->text);
		const char *sep = fmt_sep(t, h->sep[i]);
		buf_put(&b, sep, strlen(sep));
		buf_put(&b, x.p, x.n);
		t = x;
	}
	const char *s = csl_rich_parse(m->a, b.p, b.n);
	buf_free(&b);
	return s;
}

/* page: "12-34" from 12--34, "12 - 34" or an en dash, as the CSL-JSON
 * writer gives it; processors render the range dash themselves. */
static const char *page(struct arena *a, cx_str t)
{
	t = str_trim(t);
	char *o = arena_alloc(a, t.n + 1);
	size_t k = 0;
	for (size_t i = 0; i < t.n; i++) {
		size_t d = 0;
		if (t.p[i] == '-')
			while (i + d < t.n && t.p[i + d] == '-')
				d++;
		else if (i + 2 < t.n && !memcmp(t.p + i, "\xE2\x80\x93", 3))
			d = 3;
		if (!d) {
			o[k++] = t.p[i];
			continue;
		}
		while (k && o[k - 1] == ' ')
			k--;
		o[k++] = '-';
		i += d;
		while (i < t.n && t.p[i] == ' ')
			i++;
		i--;
	}
	return csl_rich_parse(a, o, k);
}

static void field(struct map *m, const struct cx_field *f)
{
	if (fmt_empty(f))
		return;
	if (f->id == CX_F_UNKNOWN) {
		/* A field the CSL-JSON writer keeps under "custom" is no CSL
		 * variable for any processor: a BibTeX or RIS field it does not
		 * map, or a CSL-JSON custom member.  A CSL-JSON variable the
		 * model has no field for is one. */
		if (f->custom || !m->e->source || strcmp(m->e->source, "csl-json"))
			return;
		char name[64];
		if (f->name.n >= sizeof name)
			return;
		memcpy(name, f->name.p, f->name.n);
		name[f->name.n] = 0;
		int v = csl_var_lookup(name);
		if (v >= 0)
			by_name(m, f, v);
		return;
	}
	struct fmt_home h;
	fmt_home(m->e, f, FMT_CSL, &h);
	const char *csl = h.name;
	switch (f->id) {
	case CX_F_YEAR: case CX_F_MONTH: case CX_F_DAY: case CX_F_DATE:
		if (!m->it->dates[CV_ISSUED - CV_FIRST_DATE])
			m->it->dates[CV_ISSUED - CV_FIRST_DATE] = date_of(m->a, &m->e->issued, f->text);
		return;
	case CX_F_TYPE: {
		cx_str g;
		const struct cx_field *from;
		if (fmt_genre(m->e, &g, &from) && from == f)
			set_str(m, CV_GENRE, rich(m->a, g));
		return;
	}
	case CX_F_PAGES:
		set_str(m, CV_PAGE, page(m->a, f->text.n ? f->text : f->raw));
		return;
	case CX_F_EPRINT: case CX_F_EPRINTTYPE: case CX_F_EPRINTCLASS:
		return; /* arXiv: see csl_item_from_entry */
	default:
		break;
	}
	if (h.role == FR_DONE || h.role == FR_KEEP || !*csl)
		return;
	int v = csl_var_lookup(csl);
	if (v >= 0 && h.role == FR_VALUE && csl_var_kind(v) != CVK_DATE && csl_var_kind(v) != CVK_NAMES)
		set_str(m, v, joined(m, f, &h));
	else if (v >= 0)
		by_name(m, f, v);
}

/* The key of a note line "key: value" as citeproc-js reads one: lower-case
 * letters, hyphens and underscores, or capitals; its length, or 0. */
static size_t note_key(const char *p, size_t n)
{
	size_t k = 0;
	int lower = p[0] >= 'a' && p[0] <= 'z';
	while (k < n && (lower ? (p[k] >= 'a' && p[k] <= 'z') || p[k] == '-' || p[k] == '_'
	                       : p[k] >= 'A' && p[k] <= 'Z'))
		k++;
	return k < n && p[k] == ':' ? k : 0;
}

/* A name in a note line, as citeproc-js reads one: "Doe || John" is a
 * family and a given name, anything else one literal name ("World Health
 * Organization"); each line adds one to the list. */
static void note_name(struct map *m, struct csl_names *l, cx_str val)
{
	struct csl_name *v = arena_calloc(m->a, (l->n + 2) * sizeof *v);
	if (l->n)
		memcpy(v, l->v, l->n * sizeof *v);
	struct csl_name *nm = &v[l->n];
	const char *bars = NULL;
	for (size_t i = 0; i + 1 < val.n && !bars; i++)
		if (val.p[i] == '|' && val.p[i + 1] == '|')
			bars = val.p + i;
	if (bars) {
		cx_str fam = str_trim((cx_str){val.p, (size_t)(bars - val.p)});
		cx_str giv = str_trim((cx_str){bars + 2, (size_t)(val.p + val.n - bars - 2)});
		nm->family = rich(m->a, fam);
		nm->given = giv.n ? rich(m->a, giv) : NULL;
		split_particles(m->a, nm);
	} else {
		nm->literal = rich(m->a, val);
	}
	l->v = v;
	l->n++;
}

/* Variables written in the note, one "key: value" line each (citeproc-js's
 * note fields, as Zotero writes them): a line before the first other line
 * but the note's first sets the variable when the item lacks it (a type,
 * a date, a text) and leaves the note; "http://..." is such a line. */
static void note_fields(struct map *m)
{
	const char *note = m->it->s[CV_NOTE];
	size_t n = strlen(note);
	char *keep = arena_alloc(m->a, n + 1);
	size_t kn = 0;
	int taking = 1;
	unsigned char named[CV_NNAMES] = {0}; /* the names the note gave */
	for (size_t i = 0, line = 0; i <= n; line++) {
		const char *eol = memchr(note + i, '\n', n - i);
		size_t e = eol ? (size_t)(eol - note) : n;
		cx_str l = str_trim((cx_str){note + i, e - i});
		size_t k = l.n ? note_key(l.p, l.n) : 0;
		cx_str val = k ? str_trim((cx_str){l.p + k + 1, l.n - k - 1}) : (cx_str){0};
		int field = taking && k && val.n && !memchr(val.p, '}', val.n);
		if (taking && l.n && !field && line > 0)
			taking = 0;
		if (field) {
			char key[32];
			int v = CV_NONE;
			if (k < sizeof key) {
				memcpy(key, l.p, k);
				key[k] = 0;
				v = strcmp(key, "type") ? csl_var_lookup(key) : CV_NONE;
				if (!strcmp(key, "type")) {
					char t[64];
					snprintf(t, sizeof t, "%.*s", (int)val.n, val.p);
					if (csl_type_lookup(t) >= 0)
						m->it->type = csl_type_lookup(t);
				}
			}
			if (v >= 0 && csl_var_kind(v) == CVK_DATE) {
				if (!m->it->dates[v - CV_FIRST_DATE]) {
					struct cx_date d = {0};
					date_parse_iso(&d, val);
					if (d.literal.p && !d.year[0] && !date_parse_text(&d, val))
						d.literal = val; /* "issued: September 2006" is a date */
					m->it->dates[v - CV_FIRST_DATE] = date_of(m->a, &d, val);
				} else {
					field = 0;
				}
			} else if (v >= 0 && csl_var_kind(v) != CVK_NAMES && v < CV_NSTR) {
				if (m->it->s[v])
					field = 0;
				else
					set_str(m, v, rich(m->a, val));
			} else if (v >= 0 && csl_var_kind(v) == CVK_NAMES) {
				if (m->it->names[v - CV_FIRST_NAME].n && !named[v - CV_FIRST_NAME])
					field = 0;
				else
					note_name(m, &m->it->names[v - CV_FIRST_NAME], val),
					named[v - CV_FIRST_NAME] = 1;
			}
		}
		if (!field && l.n) {
			/* what stays of the note is one paragraph */
			if (kn)
				keep[kn++] = ' ';
			memcpy(keep + kn, l.p, l.n);
			kn += l.n;
		}
		i = e + 1;
	}
	keep[kn] = 0;
	m->it->s[CV_NOTE] = kn ? keep : NULL;
}

void csl_item_from_entry(struct arena *a, struct csl_item *it, const struct cx_entry *e,
                         const struct cx_options *opt)
{
	memset(it, 0, sizeof *it);
	struct map m = {a, it, e, opt};
	it->entry = e;
	it->id = cstr(a, e->key);
	it->file = e->file ? arena_strndup(a, e->file, strlen(e->file)) : NULL;
	it->line = e->loc.line;
	it->col = e->loc.col;
	for (size_t i = 0; i < e->nfields; i++)
		if (e->fields[i].id == CX_F_CROSSREF && !e->fields[i].inherited && e->fields[i].raw.n)
			it->crossref = cstr(a, e->fields[i].raw);
	/* a CSL-JSON or RIS source's own type where the model's is less exact */
	it->type = csl_type_lookup(cx_entry_csl_type(e));
	if (it->type < 0)
		it->type = csl_type_lookup(cx_types[e->type].csl);
	for (size_t i = 0; i < e->nfields; i++)
		field(&m, &e->fields[i]);
	if (it->s[CV_NOTE] && memchr(it->s[CV_NOTE], ':', strlen(it->s[CV_NOTE])))
		note_fields(&m);
	cx_str g;
	const struct cx_field *from;
	if (fmt_genre(e, &g, &from) && !from)
		set_str(&m, CV_GENRE, rich(a, g));
	cx_str ax;
	if (fmt_arxiv(e, &ax)) {
		char b[256];
		snprintf(b, sizeof b, "arXiv:%.*s", (int)ax.n, ax.p);
		set_str(&m, CV_NUMBER, arena_strndup(a, b, strlen(b)));
		set_str(&m, CV_PUBLISHER, "arXiv");
		snprintf(b, sizeof b, "https://arxiv.org/abs/%.*s", (int)ax.n, ax.p);
		if (!it->s[CV_URL])
			set_str(&m, CV_URL, arena_strndup(a, b, strlen(b)));
	}
	const char *lang = it->s[CV_LANGUAGE];
	if (lang && !lang_is_tag((cx_str){lang, strlen(lang)})) {
		/* a language name (langid = {chinese}) as the CSL-JSON writer
		 * hands it on: its BCP 47 tag */
		const char *tag = lang_tag((cx_str){lang, strlen(lang)});
		if (tag)
			lang = it->s[CV_LANGUAGE] = tag;
	}
	it->english = !lang || !strncmp(lang, "en", 2) || !strncmp(lang, "En", 2) ||
	              !strncmp(lang, "eng", 3);
	if (lang && strlen(lang) > 2 && lang[2] != '-' && lang[2] != '_' && strncmp(lang, "English", 7) &&
	    strncmp(lang, "english", 7))
		it->english = 0;
	/* As citeproc-js: Latin-script names of a Japanese or Chinese item,
	 * and every name of a Vietnamese or Hungarian one, are written family
	 * name first ("Fujieda H."). */
	it->family_first = lang && ((!strncmp(lang, "ja", 2) || !strncmp(lang, "zh", 2)) ||
	                            !strcmp(lang, "vi") || !strcmp(lang, "hu"));
}

/* ---- raw LaTeX for a reader ------------------------------------------------ */

enum { UNRAW_DEPTH = 8 }; /* macros that call macros: a cycle stops here */

static cx_str unraw_text(struct csl_unraw *u, const struct csl_item *it, cx_str s, int depth);

/* The text one raw command stands for, in the model's markup. */
static cx_str raw_value(struct csl_unraw *u, const struct csl_item *it, cx_str raw, int depth)
{
	cx_str src;
	if (u->defs && depth < UNRAW_DEPTH && latex_defs_apply(u->a, u->defs, raw, &src)) {
		cx_str t = latex_decode(u->a, src.p, src.n);
		return unraw_text(u, it, t, depth + 1);
	}
	cx_str name;
	int known;
	cx_str t = latex_raw_text(u->a, raw, &name, &known);
	int added = 0;
	if (!known && name.n && u->d)
		strset_add(&u->warned, u->a, name.p, name.n, &added);
	if (added)
		diag_report_at(u->d, it->file, CX_WARNING, CX_E_LATEX, it->line, it->col,
		               "unknown LaTeX command '\\%.*s' written as its text ('%.*s')",
		               (int)name.n, name.p, (int)t.n, t.p);
	return t;
}

/* s with each CX_M_RAW span replaced by its text, kept from case
 * changes as the raw command was. */
static cx_str unraw_text(struct csl_unraw *u, const struct csl_item *it, cx_str s, int depth)
{
	const char *on = memchr(s.p, CX_M_RAW_ON, s.n);
	if (!on)
		return s;
	struct buf b = {0};
	size_t i = 0;
	while (on) {
		size_t at = (size_t)(on - s.p);
		const char *off = memchr(on, CX_M_RAW_OFF, s.n - at);
		size_t end = off ? (size_t)(off - s.p) : s.n;
		buf_put(&b, s.p + i, at - i);
		cx_str t = raw_value(u, it, (cx_str){on + 1, end - at - 1}, depth);
		if (t.n) {
			buf_putc(&b, CX_M_NOCASE_ON);
			buf_put(&b, t.p, t.n);
			buf_putc(&b, CX_M_NOCASE_OFF);
		}
		i = off ? end + 1 : s.n;
		on = i < s.n ? memchr(s.p + i, CX_M_RAW_ON, s.n - i) : NULL;
	}
	buf_put(&b, s.p + i, s.n - i);
	cx_str out = arena_str(u->a, b.p ? b.p : "", b.n);
	buf_free(&b);
	return out;
}

static const char *unraw_str(struct csl_unraw *u, const struct csl_item *it, const char *s)
{
	if (!s || !strchr(s, CX_M_RAW_ON))
		return s;
	return unraw_text(u, it, (cx_str){s, strlen(s)}, 0).p;
}

void csl_item_unraw(struct csl_unraw *u, struct csl_item *it)
{
	for (int v = 0; v < CV_NSTR; v++)
		it->s[v] = unraw_str(u, it, it->s[v]);
	for (int v = 0; v < CV_NNAMES; v++)
		for (size_t i = 0; i < it->names[v].n; i++) {
			struct csl_name *n = &it->names[v].v[i];
			n->family = unraw_str(u, it, n->family);
			n->given = unraw_str(u, it, n->given);
			n->dp = unraw_str(u, it, n->dp);
			n->ndp = unraw_str(u, it, n->ndp);
			n->suffix = unraw_str(u, it, n->suffix);
			n->literal = unraw_str(u, it, n->literal);
		}
	for (int v = 0; v < CV_NDATES; v++)
		if (it->dates[v])
			it->dates[v]->literal = unraw_str(u, it, it->dates[v]->literal);
}
