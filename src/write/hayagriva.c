/* write/hayagriva.c - the Hayagriva writer: what Typst's #bibliography()
 * reads, as typst/hayagriva's docs/file-format.md defines it.
 *
 * Each field goes where fmt_home puts it in CSL (write/home.c), so the
 * decisions CSL-JSON makes (joined titles, the publisher, an article's
 * issue) are made once; the CSL variables are then laid out Hayagriva's
 * way, following hayagriva's own reading of BibLaTeX (src/interop.rs):
 * what a work appeared in is its parent, an entry with that work's title,
 * volume, issue, publisher and editors.  An article's parent is a
 * periodical, a chapter's a book, a paper's proceedings (and a second
 * parent of type conference holds the event), an entry's a reference.
 *
 * Typst refuses the whole file over one value it cannot read, so values
 * are written only in the forms Hayagriva parses: dates YYYY, YYYY-MM or
 * YYYY-MM-DD (a range's start; a season, a circa or a literal date is
 * lost, and --report-loss says so), URLs with a scheme, totals with a
 * number.  Case protection is {braces} and math $...$, as Hayagriva
 * writes them; other markup has no form there.  A field with no
 * Hayagriva key is reported as lost. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/str.h"
#include "core/strbuf.h"
#include "norm/norm.h"
#include "write/fmt.h"

#define MAX_SLOTS 64

struct slot {
	const char *var;
	cx_str text;
	const struct cx_field *f;
	const struct cx_date *date;
};

struct hw {
	struct cx_out *o;
	const struct cx_entry *e;
	struct arena a;
	struct slot s[MAX_SLOTS];
	size_t n;
};

/* The entry's type in Hayagriva, and its parent's type ("" for none). */
static void types(const struct cx_entry *e, const char **type, const char **parent)
{
	static const struct {
		enum cx_type_id t;
		const char *type, *parent;
	} map[] = {
		{CX_T_ARTICLE, "article", "periodical"},   {CX_T_MAGAZINE, "article", "periodical"},
		{CX_T_NEWSPAPER, "article", "newspaper"},  {CX_T_REVIEW, "article", "periodical"},
		{CX_T_PREPRINT, "article", ""},            {CX_T_BOOK, "book", ""},
		{CX_T_COLLECTION, "anthology", ""},        {CX_T_PROCEEDINGS, "proceedings", ""},
		{CX_T_BOOKLET, "misc", ""},                {CX_T_INBOOK, "chapter", "book"},
		{CX_T_BOOKINBOOK, "book", "book"},         {CX_T_INCOLLECTION, "anthos", "anthology"},
		{CX_T_INPROCEEDINGS, "article", "proceedings"}, {CX_T_INREFERENCE, "entry", "reference"},
		{CX_T_MANUAL, "reference", ""},            {CX_T_TECHREPORT, "report", ""},
		{CX_T_PHDTHESIS, "thesis", ""},            {CX_T_MASTERSTHESIS, "thesis", ""},
		{CX_T_THESIS, "thesis", ""},               {CX_T_UNPUBLISHED, "manuscript", ""},
		{CX_T_ONLINE, "web", ""},                  {CX_T_SOFTWARE, "repository", ""},
		{CX_T_DATASET, "repository", ""},          {CX_T_PATENT, "patent", ""},
		{CX_T_PERIODICAL, "periodical", ""},       {CX_T_LEGISLATION, "legislation", ""},
		{CX_T_JURISDICTION, "case", ""},           {CX_T_MOVIE, "video", ""},
		{CX_T_AUDIO, "audio", ""},                 {CX_T_ARTWORK, "artwork", ""},
		{CX_T_IMAGE, "artwork", ""},
	};
	*type = "misc";
	*parent = "";
	for (size_t i = 0; i < sizeof map / sizeof *map; i++)
		if (map[i].t == e->type) {
			*type = map[i].type;
			*parent = map[i].parent;
		}
}

/* ---- values -------------------------------------------------------------------- */

/* A formattable string: {protected} and $math$ kept, raw LaTeX as its
 * text, other markup dropped, Hayagriva's own characters escaped. */
static cx_str formattable(struct hw *W, const struct cx_field *f, cx_str t)
{
	struct buf b = {0};
	for (size_t i = 0; i < t.n; i++) {
		unsigned char c = (unsigned char)t.p[i];
		if (c == CX_M_NOCASE_ON || c == CX_M_NOCASE_OFF) {
			buf_putc(&b, c == CX_M_NOCASE_ON ? '{' : '}');
		} else if (c == CX_M_MATH_ON || c == CX_M_MATH_OFF) {
			buf_putc(&b, '$');
		} else if (c == CX_M_RAW_ON) {
			size_t j = i + 1;
			while (j < t.n && t.p[j] != CX_M_RAW_OFF)
				j++;
			cx_str r = fmt_plain(W->o, &W->a, W->e, f,
			                     fmt_raw_text(W->o, &W->a, W->e, f, (cx_str){t.p + i + 1, j - i - 1}));
			buf_put(&b, r.p, r.n);
			i = j;
		} else if (CX_IS_MARK(c)) {
			continue;
		} else {
			if (c == '{' || c == '}' || c == '\\')
				buf_putc(&b, '\\');
			buf_putc(&b, c);
		}
	}
	cx_str r = arena_str(&W->a, b.p ? b.p : "", b.n);
	buf_free(&b);
	return r;
}

static struct slot *get(struct hw *W, const char *var)
{
	for (size_t i = 0; i < W->n; i++)
		if (!strcmp(W->s[i].var, var))
			return &W->s[i];
	return NULL;
}

static int put(struct hw *W, const char *var, cx_str text, const struct cx_field *f,
               const struct cx_date *d)
{
	if (get(W, var) || W->n == MAX_SLOTS)
		return 0;
	W->s[W->n++] = (struct slot){var, text, f, d};
	return 1;
}

static void lost(struct hw *W, const struct cx_field *f, const char *why)
{
	fmt_loss(W->o, W->e, f, "Hayagriva has no field for %.*s%s; not written",
	         (int)fmt_field_name(f).n, fmt_field_name(f).p, why);
}

static void each_field(void *p, const struct cx_field *f, const struct fmt_home *h)
{
	struct hw *W = p;
	if (!h || h->role == FR_DONE)
		return;
	cx_str t = {NULL, 0};
	const struct cx_date *d = NULL;
	switch (h->role) {
	case FR_PAGES: {
		cx_str first, last;
		t = text_plain(&W->a, f->text);
		if (fmt_pages_split(t, &first, &last))
			t = arena_cat(&W->a, first, "-", last);
		break;
	}
	case FR_VALUE:
		t = formattable(W, f, f->text);
		for (size_t i = 0; i < h->nmore; i++)
			t = arena_cat(&W->a, t, fmt_sep(t, h->sep[i]),
			              formattable(W, h->more[i], h->more[i]->text));
		if (h->prefix)
			t = arena_cat(&W->a, str_of(h->prefix), "", t);
		break;
	case FR_LIST:
		t = formattable(W, f, f->text);
		break;
	case FR_GENRE: {
		const struct cx_field *from;
		if (!fmt_genre(W->e, &t, &from))
			t = f->text;
		t = formattable(W, f, t);
		break;
	}
	case FR_ARXIV: {
		cx_str id;
		if (fmt_arxiv(W->e, &id) && put(W, "arxiv", id, f, NULL))
			return;
		break;
	}
	case FR_LANGUAGE: {
		const char *tag = lang_tag(text_plain(&W->a, f->text));
		t = tag ? str_of(tag) : text_plain(&W->a, f->text);
		break;
	}
	case FR_ISSUED:
		d = &W->e->issued;
		break;
	case FR_DATE:
		d = &f->date;
		break;
	case FR_NAMES:
		break;
	default:
		lost(W, f, "");
		return;
	}
	/* year, month, day and date are one date: CSL's issued */
	if (!put(W, h->role == FR_ISSUED ? "issued" : h->name, t, f, d) && h->role != FR_ISSUED)
		lost(W, f, " (a second value)");
}

static void each_synth(void *p, const struct fmt_synth *s)
{
	struct hw *W = p;
	const char *var = s->id == CX_F_PUBLISHER ? "publisher" : s->id == CX_F_TYPE ? "genre" : "URL";
	put(W, var, arena_cat(&W->a, str_of(s->prefix), "", str_trim(s->text)), NULL, NULL);
}

/* ---- YAML -------------------------------------------------------------------------- */

static int plain_ok(cx_str s)
{
	if (!s.n || strchr("-?:,[]{}#&*!|>'\"%@` .~", s.p[0]) || s.p[s.n - 1] == ' ' ||
	    s.p[s.n - 1] == ':' || str_ieq(s, "true") || str_ieq(s, "false") || str_ieq(s, "null") ||
	    str_ieq(s, "yes") || str_ieq(s, "no"))
		return 0;
	int text = 0;
	for (size_t i = 0; i < s.n; i++) {
		unsigned char c = (unsigned char)s.p[i];
		if (c < 0x20 || c == 0x7F || (c == ':' && i + 1 < s.n && s.p[i + 1] == ' ') ||
		    (c == '#' && s.p[i - 1] == ' ') || c == '{' || c == '}' || c == '$' || c == '\\')
			return 0;
		text |= !str_digit(c) && c != '.' && c != '-';
	}
	return text; /* digits alone read as a number, where a text is wanted */
}

static void scalar(struct cx_out *o, cx_str s)
{
	if (plain_ok(s)) {
		out_str(o, s);
		return;
	}
	out_putc(o, '"');
	for (size_t i = 0; i < s.n; i++) {
		unsigned char c = (unsigned char)s.p[i];
		if (c == '"' || c == '\\')
			out_putc(o, '\\');
		if (c < 0x20)
			out_printf(o, "\\x%02x", c);
		else
			out_putc(o, c);
	}
	out_putc(o, '"');
}

static void line(struct cx_out *o, int ind, const char *key, cx_str v)
{
	for (int i = 0; i < ind; i++)
		out_putc(o, ' ');
	out_puts(o, key);
	out_puts(o, ": ");
	scalar(o, v);
	out_putc(o, '\n');
}

/* A person: "Family, Given", "particle Family, Suffix, Given", or a
 * literal name (in a mapping when it holds a comma). */
static void person(struct hw *W, const struct cx_name *nm)
{
	struct cx_out *o = W->o;
	if (nm->literal.n) {
		cx_str lit = text_plain(&W->a, nm->literal);
		if (memchr(lit.p, ',', lit.n)) {
			out_puts(o, "{name: ");
			scalar(o, lit);
			out_putc(o, '}');
		} else {
			scalar(o, lit);
		}
		return;
	}
	struct buf b = {0};
	if (nm->particle.n) {
		buf_put(&b, nm->particle.p, nm->particle.n);
		buf_putc(&b, ' ');
	}
	buf_put(&b, nm->family.p, nm->family.n);
	if (nm->suffix.n) {
		buf_puts(&b, ", ");
		buf_put(&b, nm->suffix.p, nm->suffix.n);
	}
	if (nm->given.n) {
		buf_puts(&b, ", ");
		buf_put(&b, nm->given.p, nm->given.n);
	}
	scalar(o, text_plain(&W->a, (cx_str){b.p ? b.p : "", b.n}));
	buf_free(&b);
}

static void persons(struct hw *W, int ind, const char *key, const struct slot *s)
{
	struct cx_out *o = W->o;
	const struct cx_field *f = s->f;
	size_t n = 0;
	for (size_t i = 0; i < f->nnames; i++)
		n += !f->names[i].others;
	if (!n)
		return;
	for (int i = 0; i < ind; i++)
		out_putc(o, ' ');
	out_puts(o, key);
	out_puts(o, ":\n");
	for (size_t i = 0; i < f->nnames; i++) {
		if (f->names[i].others)
			continue;
		for (int k = 0; k < ind + 2; k++)
			out_putc(o, ' ');
		out_puts(o, "- ");
		person(W, &f->names[i]);
		out_putc(o, '\n');
	}
}

/* A date Hayagriva reads: the start of a range, in full years of four
 * digits; a season, a circa, a range's end or a literal is lost. */
static void date_line(struct hw *W, int ind, const char *key, const struct slot *s)
{
	const struct cx_date *d = s->date;
	if (!d || !d->year[0] || d->year[0] > 9999 || d->year[0] < -9999) {
		if (s->f)
			lost(W, s->f, " in this date's form");
		return;
	}
	if (s->f && (d->range || d->circa || d->month[0] > 12))
		fmt_loss(W->o, W->e, s->f, "Hayagriva holds no date range, season or circa; the date "
		                           "is written as its start");
	/* The model counts years BC from -1; Hayagriva as ISO 8601 does,
	 * 1 BC being 0000 and 2 BC -0001. */
	char b[32];
	int y = d->year[0] < 0 ? d->year[0] + 1 : d->year[0];
	int k = snprintf(b, sizeof b, y < 0 ? "-%04d" : "%04d", y < 0 ? -y : y);
	if (d->month[0] >= 1 && d->month[0] <= 12)
		k += snprintf(b + k, sizeof b - (size_t)k, "-%02d", d->month[0]);
	if (d->month[0] >= 1 && d->month[0] <= 12 && d->day[0])
		k += snprintf(b + k, sizeof b - (size_t)k, "-%02d", d->day[0]);
	if (k < 0 || (size_t)k >= sizeof b)
		return;
	for (int i = 0; i < ind; i++)
		out_putc(W->o, ' ');
	out_puts(W->o, key);
	out_puts(W->o, ": ");
	out_write(W->o, b, (size_t)k);
	out_putc(W->o, '\n');
}

static int has_digit(cx_str s)
{
	for (size_t i = 0; i < s.n; i++)
		if (str_digit((unsigned char)s.p[i]))
			return 1;
	return 0;
}

/* An absolute URL: a scheme, a colon, more. */
static int url_ok(cx_str s)
{
	size_t i = 0;
	while (i < s.n && (str_alnum((unsigned char)s.p[i]) || strchr("+.-", s.p[i])))
		i++;
	return i > 0 && str_alpha((unsigned char)s.p[0]) && i + 1 < s.n && s.p[i] == ':';
}

/* The slots that are written in a parent when the entry has one. */
static int parents_var(const char *var, int has_parent)
{
	static const char *const vars[] = {"container-title", "volume", "issue", "publisher",
	                                   "publisher-place", "container-author", "number-of-volumes",
	                                   "edition", "ISSN", "collection-title", NULL};
	if (!has_parent)
		return 0;
	for (size_t i = 0; vars[i]; i++)
		if (!strcmp(var, vars[i]))
			return 1;
	return 0;
}

/* The plain fields of a level (the entry, or its parent): ind is the
 * indentation, parent whether these are the parent's. */
static void plain_fields(struct hw *W, int ind, int parent, int has_parent)
{
	static const struct {
		const char *var, *key;
	} keys[] = {
		{"title", "title"},
		{"container-title", "title"},
		{"volume", "volume"},
		{"issue", "issue"},
		{"number", "issue"},
		{"collection-number", "issue"},
		{"chapter-number", "chapter"},
		{"edition", "edition"},
		{"page", "page-range"},
		{"number-of-pages", "page-total"},
		{"number-of-volumes", "volume-total"},
		{"genre", "genre"},
		{"language", "language"},
		{"abstract", "abstract"},
		{"note", "note"},
		{"event-place", "location"},
		{"archive", "archive"},
		{"archive_location", "archive-location"},
		{"call-number", "call-number"},
	};
	for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
		const struct slot *s = get(W, keys[i].var);
		if (!s || !s->text.n)
			continue;
		if (!strcmp(keys[i].var, "title") && parent)
			continue;
		if (!strcmp(keys[i].var, "container-title") && !parent)
			continue;
		if (!strcmp(keys[i].var, "event-place") && (parent || has_parent))
			continue;
		if (parents_var(keys[i].var, has_parent) != parent &&
		    strcmp(keys[i].var, "container-title"))
			continue;
		if ((!strcmp(keys[i].key, "page-total") || !strcmp(keys[i].key, "volume-total")) &&
		    !has_digit(s->text)) {
			if (s->f)
				lost(W, s->f, " that is no number");
			continue;
		}
		const struct slot *sh = get(W, !strcmp(keys[i].var, "title") ? "title-short"
		                               : !strcmp(keys[i].var, "container-title")
		                                   ? "container-title-short"
		                                   : "");
		if (sh && sh->text.n) {
			for (int k = 0; k < ind; k++)
				out_putc(W->o, ' ');
			out_puts(W->o, keys[i].key);
			out_puts(W->o, ":\n");
			line(W->o, ind + 2, "value", s->text);
			line(W->o, ind + 2, "short", sh->text);
		} else {
			line(W->o, ind, keys[i].key, s->text);
		}
	}
	const struct slot *pub = get(W, "publisher"), *place = get(W, "publisher-place");
	if (parents_var("publisher", has_parent) == parent && (pub || place)) {
		for (int k = 0; k < ind; k++)
			out_putc(W->o, ' ');
		out_puts(W->o, "publisher:\n");
		if (pub)
			line(W->o, ind + 2, "name", pub->text);
		if (place)
			line(W->o, ind + 2, "location", place->text);
	}
}

static void serials(struct hw *W, int ind, int has_parent)
{
	static const struct {
		const char *var, *key;
	} ids[] = {{"DOI", "doi"}, {"ISBN", "isbn"}, {"ISSN", "issn"}, {"PMID", "pmid"},
	           {"PMCID", "pmcid"}, {"arxiv", "arxiv"}, {"version", "version"}};
	int any = 0;
	for (size_t i = 0; i < sizeof ids / sizeof *ids; i++) {
		const struct slot *s = get(W, ids[i].var);
		if (!s || !s->text.n || (has_parent && !strcmp(ids[i].var, "ISSN")))
			continue;
		if (!any++) {
			for (int k = 0; k < ind; k++)
				out_putc(W->o, ' ');
			out_puts(W->o, "serial-number:\n");
		}
		line(W->o, ind + 2, ids[i].key, text_plain(&W->a, s->text));
	}
}

static void url(struct hw *W, int ind)
{
	const struct slot *u = get(W, "URL"), *acc = get(W, "accessed");
	if (!u || !u->text.n)
		return;
	cx_str v = text_plain(&W->a, u->text);
	if (!url_ok(v)) {
		if (u->f)
			lost(W, u->f, ": Hayagriva reads only absolute URLs");
		return;
	}
	if (acc && acc->date && acc->date->year[0]) {
		for (int k = 0; k < ind; k++)
			out_putc(W->o, ' ');
		out_puts(W->o, "url:\n");
		line(W->o, ind + 2, "value", v);
		date_line(W, ind + 2, "date", acc);
	} else {
		line(W->o, ind, "url", v);
	}
}

static void entry_body(struct hw *W)
{
	struct cx_out *o = W->o;
	const char *type, *ptype;
	types(W->e, &type, &ptype);
	int has_parent = *ptype && (get(W, "container-title") || get(W, "volume") ||
	                             get(W, "issue") || get(W, "container-author"));
	line(o, 2, "type", str_of(type));
	const struct slot *s;
	plain_fields(W, 2, 0, has_parent);
	if ((s = get(W, "author")) != NULL)
		persons(W, 2, "author", s);
	if ((s = get(W, "editor")) != NULL)
		persons(W, 2, "editor", s);
	if ((s = get(W, "translator")) != NULL && s->f && s->f->nnames) {
		out_puts(o, "  affiliated:\n    - role: translator\n");
		persons(W, 6, "names", s);
	}
	if ((s = get(W, "issued")) != NULL)
		date_line(W, 2, "date", s);
	if ((s = get(W, "authority")) != NULL || (s = get(W, "organization")) != NULL)
		line(o, 2, "organization", s->text);
	url(W, 2);
	serials(W, 2, has_parent);
	const struct slot *ev = get(W, "event-title");
	if (!has_parent && !(ev && ev->text.n))
		return;
	out_puts(o, "  parent:\n");
	if (has_parent) {
		out_puts(o, "    - type: ");
		out_puts(o, ptype);
		out_putc(o, '\n');
		plain_fields(W, 6, 1, has_parent);
		if ((s = get(W, "container-author")) != NULL)
			persons(W, 6, "author", s);
		if ((s = get(W, "ISSN")) != NULL && s->text.n) {
			out_puts(o, "      serial-number:\n");
			line(o, 8, "issn", text_plain(&W->a, s->text));
		}
		if ((s = get(W, "collection-title")) != NULL && s->text.n) {
			out_puts(o, "      parent:\n");
			line(o, 8, "title", s->text);
		}
	}
	if (ev && ev->text.n) {
		out_puts(o, "    - type: conference\n");
		line(o, 6, "title", ev->text);
		if ((s = get(W, "event-place")) != NULL && has_parent)
			line(o, 6, "location", s->text);
		if ((s = get(W, "event-date")) != NULL)
			date_line(W, 6, "date", s);
	}
}

/* ---- the writer ------------------------------------------------------------------------- */

/* A key the file has not had yet: YAML refuses a mapping with a key twice
 * (BibTeX only warns), so a repeated key gets -2, -3, ... and a warning. */
static cx_str unique_key(struct hw *W, cx_str key)
{
	char tag[] = "hayagriva key:";
	cx_str k = key;
	for (unsigned i = 2;; i++) {
		cx_str probe = arena_cat(&W->a, str_of(tag), "", k);
		if (out_once(W->o, probe.p, probe.n))
			break;
		char b[16];
		snprintf(b, sizeof b, "-%u", i);
		k = arena_cat(&W->a, key, "", str_of(b));
	}
	if (k.n != key.n && W->o->diag)
		diag_report_at(W->o->diag, W->e->file, CX_WARNING, CX_E_DUP_KEY, W->e->loc.line,
		               W->e->loc.col, "key '%.*s' seen before; written to Hayagriva as '%.*s'",
		               (int)key.n, key.p, (int)k.n, k.p);
	return k;
}

static void hy_entry(struct cx_out *o, const struct cx_entry *e, size_t n)
{
	struct hw W;
	memset(&W, 0, sizeof W);
	W.o = o;
	W.e = e;
	fmt_each(e, FMT_CSL, each_field, each_synth, &W);
	/* What has no Hayagriva key among the slots filled. */
	static const char *const written[] = {
		"title", "title-short", "container-title", "container-title-short", "collection-title",
		"volume", "issue", "number", "collection-number", "chapter-number", "edition", "page",
		"number-of-pages", "number-of-volumes", "genre", "language", "abstract", "note",
		"event-place", "event-title", "event-date", "publisher", "publisher-place", "author",
		"editor", "translator", "container-author", "issued", "accessed", "URL", "DOI", "ISBN",
		"ISSN", "PMID", "PMCID", "arxiv", "version", "organization", NULL};
	for (size_t i = 0; i < W.n; i++) {
		size_t k = 0;
		while (written[k] && strcmp(written[k], W.s[i].var))
			k++;
		if (!written[k] && W.s[i].f)
			lost(&W, W.s[i].f, "");
	}
	if (n)
		out_putc(o, '\n');
	cx_str key = unique_key(&W, e->key.n ? e->key : str_of("entry"));
	scalar(o, key);
	out_puts(o, ":\n");
	entry_body(&W);
	arena_destroy(&W.a);
}

const struct cx_fmt cx_fmt_hayagriva = {
	.name = "hayagriva",
	.ext = "yml",
	.entry = hy_entry,
};
