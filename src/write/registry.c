/* write/registry.c - the writer registry and the helpers every writer shares.
 *
 * A writer is one const struct cx_fmt in its own fmt_*.c file plus one
 * line in cx_formats[] below; cx_fmt_find walks that table and knows the
 * few aliases users type ("bib", "json", "csljson").  The helpers are the
 * decisions of DESIGN section 3 that are the same in every target format
 * (which field is the publisher, what counts as an arXiv eprint, where a
 * page range splits, what genre a thesis has), kept here so that RIS and
 * CSL-JSON cannot drift apart, and the --report-loss note. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/str.h"
#include "core/strbuf.h"
#include "norm/norm.h"
#include "write/fmt.h"

const struct cx_fmt *const cx_formats[] = {
	&cx_fmt_bibtex,
	&cx_fmt_biblatex,
	&cx_fmt_ris,
	&cx_fmt_csljson,
	&cx_fmt_cslyaml,
	&cx_fmt_hayagriva,
	&cx_fmt_mods,
	NULL,
};

const struct fmt_pair *fmt_pair_find(const struct fmt_pair *t, size_t n, cx_str s)
{
	for (size_t i = 0; i < n; i++)
		if (str_ieq(s, t[i].key))
			return &t[i];
	return NULL;
}

const struct cx_fmt *cx_fmt_find(const char *name)
{
	static const struct fmt_pair aliases[] = {
		{"bib", "bibtex"},
		{"csljson", "csl-json"},
		{"json", "csl-json"},
		{"cslyaml", "csl-yaml"},
		{"yaml", "csl-yaml"},
	};
	if (!name)
		return NULL;
	const struct fmt_pair *alias = fmt_pair_find(FMT_PAIRS(aliases), str_of(name));
	if (alias)
		name = alias->value;
	for (size_t i = 0; cx_formats[i]; i++)
		if (str_ieq(str_of(name), cx_formats[i]->name))
			return cx_formats[i];
	return NULL;
}

const struct cx_options *fmt_opt(const struct cx_out *o)
{
	static const struct cx_options none;
	return o->opt ? o->opt : &none;
}

cx_str fmt_field_name(const struct cx_field *f)
{
	if (f->name.n)
		return f->name;
	if (f->id < CX_F__COUNT) {
		const char *s = cx_fields[f->id].bibtex;
		return (cx_str){s, strlen(s)};
	}
	return CX_STR("field");
}

cx_str fmt_label(const struct cx_entry *e, const struct cx_field *f)
{
	if (f->id >= CX_F__COUNT)
		return fmt_field_name(f);
	size_t same = 0;
	for (size_t i = 0; i < e->nfields; i++)
		same += e->fields[i].id == f->id;
	if (same > 1 && f->name.n)
		return f->name;
	const char *s = cx_fields[f->id].bibtex;
	return (cx_str){s, strlen(s)};
}

int fmt_from_bibtex(const struct cx_entry *e)
{
	return e->source && (!strcmp(e->source, "bibtex") || !strcmp(e->source, "biblatex"));
}

cx_str fmt_raw_text(struct cx_out *o, struct arena *a, const struct cx_entry *e,
                    const struct cx_field *f, cx_str raw)
{
	cx_str name;
	int known;
	cx_str t = latex_raw_text(a, raw, &name, &known);
	if (known || !o->diag || !name.n)
		return t;
	/* Once per command and file: the file's name, a NUL, the command. */
	const char *file = e->file ? e->file : "";
	size_t fl = strlen(file);
	char *key = arena_alloc(a, fl + 1 + name.n);
	memcpy(key, file, fl + 1);
	memcpy(key + fl + 1, name.p, name.n);
	if (!out_once(o, key, fl + 1 + name.n))
		return t;
	diag_report_at(o->diag, e->file, CX_WARNING, CX_E_LATEX,
	               f && f->loc.line ? f->loc.line : e->loc.line,
	               f && f->loc.line ? f->loc.col : e->loc.col,
	               "unknown LaTeX command '\\%.*s' written as the text of its arguments",
	               (int)name.n, name.p);
	return t;
}

const char *const fmt_season_name[4] = {"Spring", "Summer", "Autumn", "Winter"};

/* The ids after whose fields a writer may add a value the entry lacks
 * (the arXiv publisher, a genre, the arXiv URL), in id order. */
static const enum cx_field_id synth_ids[] = {CX_F_PUBLISHER, CX_F_TYPE, CX_F_URL};
_Static_assert(CX_F_PUBLISHER < CX_F_TYPE && CX_F_TYPE < CX_F_URL, "synth_ids is in id order");

/* The value standing in for field id, when the entry lacks one.  Most
 * entries have no eprint, which the index tells without a look. */
static int synth_value(const struct cx_entry *e, const struct fmt_index *ix, enum cx_field_id id,
                       struct fmt_synth *s)
{
	const struct cx_field *from;
	cx_str arxiv;
	s->id = id;
	s->prefix = "";
	switch (id) {
	case CX_F_PUBLISHER:
		s->text = CX_STR("arXiv");
		/* a preprint's: a journal article's publisher is not arXiv */
		return fmt_index_has(ix, CX_F_EPRINT) && fmt_arxiv(e, &arxiv) && !fmt_publisher(e) &&
		       !fmt_in_container(e);
	case CX_F_TYPE:
		return fmt_genre(e, &s->text, &from) && !from;
	case CX_F_URL:
		s->prefix = "https://arxiv.org/abs/";
		return fmt_index_has(ix, CX_F_EPRINT) && fmt_arxiv(e, &s->text) && !fmt_index_has(ix, CX_F_URL);
	default:
		return 0;
	}
}

static void synth_upto(const struct cx_entry *e, const struct fmt_index *ix,
                       void (*synth)(void *, const struct fmt_synth *), void *ctx, size_t *ns,
                       enum cx_field_id id)
{
	struct fmt_synth s;
	for (; synth && *ns < sizeof synth_ids / sizeof *synth_ids && synth_ids[*ns] < id; ++*ns)
		if (synth_value(e, ix, synth_ids[*ns], &s))
			synth(ctx, &s);
}

/* f to field with its home in target. */
static void home_field(const struct cx_entry *e, const struct fmt_index *ix,
                       enum fmt_target target, const struct cx_field *f,
                       void (*field)(void *, const struct cx_field *, const struct fmt_home *),
                       void *ctx)
{
	struct fmt_home h;
	int homed = target != FMT_NONE && !fmt_empty(f);
	if (homed)
		fmt_home_in(e, ix, f, target, &h);
	field(ctx, f, homed ? &h : NULL);
}

/* The fields of known ids go in the order of the table, each id's in
 * source order: a chain through next[] from each id's first field (most
 * ids have one), and the ids the entry has as bits, taken lowest first. */
void fmt_each(const struct cx_entry *e, enum fmt_target target,
              void (*field)(void *ctx, const struct cx_field *f, const struct fmt_home *h),
              void (*synth)(void *ctx, const struct fmt_synth *s), void *ctx)
{
	struct fmt_index ix;
	fmt_index_init(&ix, e);
	fmt_each_in(e, &ix, target, field, synth, ctx);
}

void fmt_each_in(const struct cx_entry *e, const struct fmt_index *ix, enum fmt_target target,
                 void (*field)(void *ctx, const struct cx_field *f, const struct fmt_home *h),
                 void (*synth)(void *ctx, const struct fmt_synth *s), void *ctx)
{
	size_t local[64], *next = e->nfields <= 64 ? local : xmalloc(e->nfields * sizeof *next);
	size_t head[CX_F__COUNT], tail[CX_F__COUNT], ns = 0;
	uint64_t ids[2] = {0, 0};
	for (size_t i = 0; i < e->nfields; i++) {
		enum cx_field_id id = e->fields[i].id;
		if (id >= CX_F__COUNT)
			continue;
		next[i] = SIZE_MAX;
		if (ids[id >> 6] >> (id & 63) & 1)
			next[tail[id]] = i;
		else
			head[id] = i;
		ids[id >> 6] |= (uint64_t)1 << (id & 63);
		tail[id] = i;
	}
	for (unsigned word = 0; word < 2; word++)
		for (uint64_t m = ids[word]; m; m &= m - 1) {
			enum cx_field_id id = (enum cx_field_id)(word * 64 + (unsigned)__builtin_ctzll(m));
			/* Most fields come before no synthesized value, or after all. */
			if (synth && ns < sizeof synth_ids / sizeof *synth_ids && synth_ids[ns] < id)
				synth_upto(e, ix, synth, ctx, &ns, id);
			for (size_t i = head[id]; i != SIZE_MAX; i = next[i])
				home_field(e, ix, target, &e->fields[i], field, ctx);
		}
	synth_upto(e, ix, synth, ctx, &ns, CX_F__COUNT);
	if (next != local)
		free(next);
	for (size_t i = 0; i < e->nfields; i++)
		if (e->fields[i].id == CX_F_UNKNOWN)
			home_field(e, ix, target, &e->fields[i], field, ctx);
}

int fmt_raw_eats_space(cx_str raw, cx_str r, int space_before)
{
	/* "methodology\\hyphen independent": TeX skips the spaces after a
	 * control word.  Only after one that renders as a hyphen: an unknown
	 * one (\\etal, \\CC) is written as its name, and such macros often
	 * keep the space after them (xspace). */
	if (raw.n >= 2 && raw.p[0] == '\\' && str_alpha((unsigned char)raw.p[raw.n - 1]) && r.n &&
	    r.p[r.n - 1] == '-')
		return 1;
	/* "with \\arabic{author} authors": one space, not two. */
	return !r.n && space_before;
}

cx_str fmt_names_text(struct arena *a, const struct cx_field *f)
{
	struct buf b = {0};
	for (size_t i = 0; i < f->nnames; i++) {
		const struct cx_name *nm = &f->names[i];
		if (i)
			buf_puts(&b, " and ");
		if (nm->others) {
			buf_puts(&b, "others");
		} else if (nm->literal.n) {
			buf_put(&b, nm->literal.p, nm->literal.n);
		} else {
			if (nm->particle.n) {
				buf_put(&b, nm->particle.p, nm->particle.n);
				buf_putc(&b, ' ');
			}
			buf_put(&b, nm->family.p, nm->family.n);
			if (nm->given.n) {
				buf_puts(&b, ", ");
				buf_put(&b, nm->given.p, nm->given.n);
			}
		}
	}
	cx_str out = arena_str(a, b.p ? b.p : "", b.n);
	buf_free(&b);
	return out;
}

cx_str fmt_plain(struct cx_out *o, struct arena *a, const struct cx_entry *e,
                 const struct cx_field *f, cx_str text)
{
	size_t i = 0;
	while (i < text.n && (unsigned char)text.p[i] > CX_M_RAW_OFF)
		i++;
	if (i == text.n)
		return text;
	struct buf b = {0};
	buf_put(&b, text.p, i);
	for (; i < text.n; i++) {
		unsigned char c = (unsigned char)text.p[i];
		if (c > CX_M_RAW_OFF) {
			/* A run of text with no mark in it, at once. */
			size_t j = i + 1;
			while (j < text.n && (unsigned char)text.p[j] > CX_M_RAW_OFF)
				j++;
			buf_put(&b, text.p + i, j - i);
			i = j - 1;
		} else if (c == CX_M_RAW_ON) {
			size_t j = i + 1;
			while (j < text.n && text.p[j] != CX_M_RAW_OFF)
				j++;
			cx_str raw = {text.p + i + 1, j - i - 1};
			cx_str r = fmt_plain(o, a, e, f, fmt_raw_text(o, a, e, f, raw));
			int space_before = b.n && b.p[b.n - 1] == ' ';
			buf_put(&b, r.p, r.n);
			i = j;
			if (i + 1 < text.n && text.p[i + 1] == ' ' && fmt_raw_eats_space(raw, r, space_before))
				i++;
		} else if (c == CX_M_MATH_ON || c == CX_M_MATH_OFF) {
			buf_putc(&b, '$'); /* math stays math, in its TeX form */
		} else if (!CX_IS_MARK(c)) {
			buf_putc(&b, c);
		}
	}
	cx_str out = arena_str(a, b.p ? b.p : "", b.n);
	buf_free(&b);
	return out;
}

void fmt_loss(struct cx_out *o, const struct cx_entry *e, const struct cx_field *f,
              const char *fmt, ...)
{
	if (!fmt_opt(o)->report_loss || !o->diag)
		return;
	/* A crossref or xdata link kept aside loses nothing: the entry holds
	 * what it inherits. */
	if (f && (f->id == CX_F_CROSSREF || f->id == CX_F_XDATA))
		return;
	va_list ap;
	va_start(ap, fmt);
	diag_vreport(o->diag, e->file, CX_NOTE, CX_E_LOSS, f && f->loc.line ? f->loc.line : e->loc.line,
	             f && f->loc.line ? f->loc.col : e->loc.col, fmt, ap);
	va_end(ap);
}

const struct cx_field *fmt_publisher(const struct cx_entry *e)
{
	/* Priority order, not source order: a thesis with both a publisher
	 * and a school is published by the publisher. */
	const struct cx_field *best = NULL;
	int best_rank = 5;
	for (size_t i = 0; i < e->nfields; i++) {
		const struct cx_field *f = &e->fields[i];
		int rank;
		switch (f->id) {
		case CX_F_PUBLISHER: rank = 0; break;
		case CX_F_ORGANIZATION: rank = 1; break;
		case CX_F_INSTITUTION: rank = 2; break;
		case CX_F_SCHOOL: rank = 3; break;
		case CX_F_HOWPUBLISHED: rank = 4; break;
		default: continue;
		}
		if (rank < best_rank && !fmt_empty(f) && !fmt_howpublished_url(e, f)) {
			best = f;
			best_rank = rank;
		}
	}
	return best;
}

static const struct cx_field *first_field(const struct cx_entry *e, enum cx_field_id id)
{
	for (size_t i = 0; i < e->nfields; i++)
		if (e->fields[i].id == id && !fmt_empty(&e->fields[i]))
			return &e->fields[i];
	return NULL;
}

size_t fmt_count(const struct cx_entry *e, enum cx_field_id id)
{
	size_t n = 0;
	for (size_t i = 0; i < e->nfields; i++)
		if (e->fields[i].id == id && !fmt_empty(&e->fields[i]))
			n++;
	return n;
}

static int digit(int c)
{
	return c >= '0' && c <= '9';
}

static size_t digits(const char *s, size_t n, size_t i)
{
	size_t j = i;
	while (j < n && digit((unsigned char)s[j]))
		j++;
	return j - i;
}

/* An optional version suffix "v2" ends the identifier. */
static int version_ok(const char *s, size_t n, size_t i)
{
	if (i == n)
		return 1;
	return s[i] == 'v' && i + 1 < n && digits(s, n, i + 1) == n - i - 1;
}

/* 2401.01234, 0704.0001 (new scheme) or hep-th/9901001, math.GT/0309136
 * (old scheme, archive[.subject]/YYMMNNN). */
static int arxiv_shape(cx_str id)
{
	const char *s = id.p;
	size_t n = id.n, i = 0, k;
	if ((k = digits(s, n, 0)) == 4 && n > 5 && s[4] == '.') {
		k = digits(s, n, 5);
		return (k == 4 || k == 5) && version_ok(s, n, 5 + k);
	}
	while (i < n && ((s[i] >= 'a' && s[i] <= 'z') || s[i] == '-'))
		i++;
	if (i == 0)
		return 0;
	if (i + 3 < n && s[i] == '.' && s[i + 1] >= 'A' && s[i + 1] <= 'Z' && s[i + 2] >= 'A' &&
	    s[i + 2] <= 'Z')
		i += 3;
	if (i >= n || s[i] != '/')
		return 0;
	return digits(s, n, i + 1) == 7 && version_ok(s, n, i + 8);
}

int fmt_arxiv(const struct cx_entry *e, cx_str *id)
{
	const struct cx_field *ep = first_field(e, CX_F_EPRINT);
	if (!ep)
		return 0;
	cx_str s = str_trim(ep->text.n ? ep->text : ep->raw);
	if (s.n > 6 && str_ieq((cx_str){s.p, 6}, "arxiv:"))
		s = str_trim((cx_str){s.p + 6, s.n - 6});
	if (!s.n)
		return 0;
	const struct cx_field *ty = first_field(e, CX_F_EPRINTTYPE);
	if (ty) {
		if (!str_ieq(str_trim(ty->text.n ? ty->text : ty->raw), "arxiv"))
			return 0;
	} else if (!arxiv_shape(s)) {
		return 0;
	}
	*id = s;
	return 1;
}

int fmt_in_container(const struct cx_entry *e)
{
	if (e->type != CX_T_ARTICLE && e->type != CX_T_INPROCEEDINGS && e->type != CX_T_INCOLLECTION)
		return 0;
	const struct cx_field *c = first_field(e, e->type == CX_T_ARTICLE ? CX_F_JOURNAL : CX_F_BOOKTITLE);
	cx_str t = c ? str_trim(c->text.n ? c->text : c->raw) : (cx_str){"", 0};
	return t.n && !str_iword(t, "arxiv");
}

/* A dash that separates the ends of a range: '-' runs, en or em dash. */
static size_t dash_at(cx_str t, size_t i)
{
	if (t.p[i] == '-') {
		size_t j = i;
		while (j < t.n && t.p[j] == '-')
			j++;
		return j - i;
	}
	if (i + 2 < t.n && (unsigned char)t.p[i] == 0xE2 && (unsigned char)t.p[i + 1] == 0x80 &&
	    ((unsigned char)t.p[i + 2] == 0x93 || (unsigned char)t.p[i + 2] == 0x94))
		return 3;
	return 0;
}

static int has_alnum(cx_str s)
{
	for (size_t i = 0; i < s.n; i++)
		if (str_alnum((unsigned char)s.p[i]) || (unsigned char)s.p[i] >= 0x80)
			return 1;
	return 0;
}

int fmt_pages_split(cx_str text, cx_str *first, cx_str *last)
{
	cx_str t = str_trim(text);
	for (size_t i = 0; i < t.n; i++)
		if (t.p[i] == ',' || t.p[i] == ';')
			return 0;
	for (size_t i = 1; i < t.n; i++) {
		size_t d = dash_at(t, i);
		if (!d)
			continue;
		*first = str_trim((cx_str){t.p, i});
		*last = str_trim((cx_str){t.p + i + d, t.n - i - d});
		/* "??--??" is no range to split: nothing would tell it back. */
		return first->n && last->n && has_alnum(*first) && has_alnum(*last);
	}
	return 0;
}

/* biblatex's localisation keys that fields hold (type = {mathesis},
 * pubstate = {inpress}, location = {countryfr}, series = {newseries}),
 * with the English strings of its english.lbx; pandoc resolves them the
 * same way.  The first group are the type field's. */
static const struct fmt_pair type_keys[] = {
	{"phdthesis", "PhD thesis"},
	{"mathesis", "Master's thesis"},
	{"mastersthesis", "Master's thesis"},
	{"candthesis", "Candidate thesis"},
	{"techreport", "technical report"},
	{"resreport", "research report"},
	{"software", "computer software"},
	{"datacd", "CD-ROM"},
	{"audiocd", "audio CD"},
	{"patent", "patent"},
	{"patentde", "German patent"},
	{"patenteu", "European patent"},
	{"patentfr", "French patent"},
	{"patentuk", "British patent"},
	{"patentus", "U.S. patent"},
	{"patreq", "patent request"},
	{"patreqde", "German patent request"},
	{"patreqeu", "European patent request"},
	{"patreqfr", "French patent request"},
	{"patrequk", "British patent request"},
	{"patrequs", "U.S. patent request"},
}, other_keys[] = {
	{"inpress", "in press"},
	{"inpreparation", "in preparation"},
	{"submitted", "submitted"},
	{"forthcoming", "forthcoming"},
	{"prepublished", "pre-published"},
	{"newseries", "new series"},
	{"oldseries", "old series"},
	{"countryde", "Germany"},
	{"countryeu", "European Union"},
	{"countryep", "European Union"},
	{"countryfr", "France"},
	{"countryuk", "United Kingdom"},
	{"countryus", "United States of America"},
};

cx_str fmt_key_label(cx_str s)
{
	cx_str t = str_trim(s);
	const struct fmt_pair *k = fmt_pair_find(FMT_PAIRS(type_keys), t);
	if (!k)
		k = fmt_pair_find(FMT_PAIRS(other_keys), t);
	return k ? str_of(k->value) : s;
}

static const char *type_key_label(const struct cx_field *f)
{
	const struct fmt_pair *k =
	    fmt_pair_find(FMT_PAIRS(type_keys), str_trim(f->text.n ? f->text : f->raw));
	return k ? k->value : NULL;
}

int fmt_type_is_key(const struct cx_field *f)
{
	return type_key_label(f) != NULL;
}

int fmt_genre(const struct cx_entry *e, cx_str *label, const struct cx_field **from)
{
	const struct cx_field *f = first_field(e, CX_F_TYPE);
	const char *s = NULL;
	*from = f;
	if (f) {
		if ((s = type_key_label(f)) != NULL) {
			*label = (cx_str){s, strlen(s)};
			return 1;
		}
		*label = f->text;
		return 1;
	}
	if (e->type == CX_T_PHDTHESIS)
		s = "PhD thesis";
	else if (e->type == CX_T_MASTERSTHESIS)
		s = "Master's thesis";
	else if (e->type == CX_T_TECHREPORT && (fmt_from_bibtex(e) || str_eq(e->type_name, "techreport")))
		s = "technical report"; /* @techreport, biblatex's @report with no type, and
		                          * CSL-JSON's report of that genre */
	else if (e->type == CX_T_MANUAL)
		s = "manual"; /* CSL and RIS call both reports: this tells them apart */
	if (!s)
		return 0;
	*label = (cx_str){s, strlen(s)};
	return 1;
}

int fmt_is_article(const struct cx_entry *e)
{
	return e->type == CX_T_ARTICLE || e->type == CX_T_MAGAZINE || e->type == CX_T_NEWSPAPER;
}


int fmt_date_agrees(const struct cx_entry *e, const struct cx_field *f)
{
	const struct cx_date *d = &e->issued;
	switch (f->id) {
	case CX_F_YEAR:
		if (!d->year[0]) /* both unparsed: "-0380", "to appear" */
			return d->literal.n && d->literal.n == str_trim(f->text).n &&
			       !memcmp(d->literal.p, str_trim(f->text).p, d->literal.n);
		return f->date.year[0] == d->year[0];
	case CX_F_MONTH:
		return d->month[0] && f->date.month[0] == d->month[0];
	case CX_F_DAY:
		return d->day[0] && f->date.day[0] == d->day[0];
	default:
		return 0;
	}
}
