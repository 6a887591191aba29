/* write/ris.c - the RIS writer.
 *
 * RIS as Zotero and EndNote read it (DESIGN 3, "RIS dialect"): one tag a
 * line, "TY  - JOUR" (tag, two spaces, hyphen, space), no hard wraps
 * (OUT_RIS turns newlines into spaces), "ER  - " and a blank line after
 * each record.  TY comes first, then ID (the citation key), then the
 * fields in fields.def order.  RIS has no markup, so text is plain.
 *
 * Decisions this file makes, where RIS has no obvious home:
 *   - A field RIS cannot hold is never dropped: it becomes a note line,
 *     "N1  - fieldname: value", which every RIS reader keeps, and with
 *     --report-loss a note says so.  The same holds for a second value of
 *     a single-valued tag (journal and booktitle both want T2; isbn and
 *     issn both want SN; the publisher-like fields after the first).
 *     A PB that was the organization adds "N1  - publisher-field:
 *     organization", as CSL-JSON's custom does.
 *   - Dates: "PY  - 2024" and "DA  - 2024/03/05/", parts zero-padded and
 *     left empty when unknown ("2024/03//", "2024///"); a season goes in
 *     the fourth slot ("2024///Spring").  An unparsed date is PY as text.
 *     The access date (urldate) is Y2 in the same form.
 *   - Names: "AU  - Family, Given, Suffix"; a non-dropping particle leads
 *     the family ("van Beethoven, Ludwig"), a dropping one trails the given
 *     name; a literal is written as is, and the reader takes a name with
 *     no comma for a literal, so a particle with no given name gets one
 *     ("van Beethoven,"); "and others" writes no AU line.
 *   - Pages: "SP  - 12" and "EP  - 34"; a single page or a list is SP only.
 *   - The subtitle joins the title: "TI  - Title: Subtitle".
 *   - arXiv eprints (DESIGN 3): "PB  - arXiv" when no publisher-like field
 *     is given, "UR  - https://arxiv.org/abs/ID" when no URL is, and
 *     "M1  - arXiv:ID" for the number (M1 is the "number" slot RIS readers
 *     map for preprints and reports); the primary class goes to N1.
 *   - Thesis and report kinds: "M3  - PhD thesis" (type of work).
 *   - Series: T3, but T2 for BOOK, EDBOOK and RPRT, where EndNote and
 *     Zotero read T2 as the series; a booktitle or journal of those types
 *     is a note.
 */
#include <string.h>

#include "core/str.h"
#include "core/arena.h"
#include "core/strbuf.h"
#include "write/fmt.h"
#include "norm/norm.h"

struct rw {
	struct cx_out *o;
	const struct cx_entry *e;
	const struct cx_options *opt;
	struct arena a;
	char tags[64][3];   /* single-valued tags already written */
	size_t ntags;
	const struct cx_field *pub; /* the field that is the publisher */
	const struct cx_field *f;   /* the field being written */
	int arxiv;          /* 1: the eprint is arXiv; 2: its number is written */
	cx_str arxiv_id;
	int date_done, date_ok;
	unsigned date_used; /* year, month, day, date fields read */
};

/* Tags a record may repeat; any other tag is written once. */
static int repeatable(const char *tag)
{
	static const char *const rep[] = {"AU", "A1", "A2", "A3", "A4", "KW", "N1"};
	for (size_t i = 0; i < sizeof rep / sizeof rep[0]; i++)
		if (!strcmp(tag, rep[i]))
			return 1;
	return 0;
}

static int tag_free(const struct rw *w, const char *tag)
{
	if (repeatable(tag))
		return 1;
	for (size_t i = 0; i < w->ntags; i++)
		if (!strcmp(w->tags[i], tag))
			return 0;
	return 1;
}

static void tag_use(struct rw *w, const char *tag)
{
	if (!repeatable(tag) && w->ntags < sizeof w->tags / sizeof w->tags[0]) {
		memcpy(w->tags[w->ntags], tag, 2);
		w->tags[w->ntags++][2] = 0;
	}
}

static void begin_line(struct rw *w, const char *tag)
{
	out_puts(w->o, tag);
	out_puts(w->o, "  - ");
	tag_use(w, tag);
}

static void line(struct rw *w, const char *tag, cx_str value)
{
	value = str_trim(value);
	if (!value.n)
		return;
	begin_line(w, tag);
	out_esc(w->o, value.p, value.n, OUT_RIS);
	out_putc(w->o, '\n');
}

static cx_str plain(struct rw *w, cx_str text)
{
	if (!text.n)
		return (cx_str){"", 0};
	return str_trim(fmt_plain(w->o, &w->a, w->e, w->f, text));
}

static cx_str cstr(const char *s)
{
	return (cx_str){s, strlen(s)};
}

/* The value of a field as RIS text: verbatim kinds as given, the rest
 * without markup. */
static cx_str value_of(struct rw *w, const struct cx_field *f)
{
	enum cx_kind kind = f->id < CX_F__COUNT ? cx_fields[f->id].kind : CX_K_TEXT;
	if (kind == CX_K_VERBATIM || kind == CX_K_KEY)
		return str_trim(f->text.n ? f->text : f->raw);
	if (kind == CX_K_NAMES && f->nnames)
		return plain(w, fmt_names_text(&w->a, f)); /* one form, whatever the source's */
	cx_str s = plain(w, f->text);
	if (!s.n && kind == CX_K_DATE && f->date.year[0]) {
		char *b = arena_alloc(&w->a, 64);
		return (cx_str){b, date_iso(b, 64, &f->date)};
	}
	return s.n ? s : str_trim(f->raw);
}

/* "N1  - name: value": where every field without a tag of its own goes,
 * and a second value for a tag written once already (taken). */
static void note(struct rw *w, const struct cx_field *f, cx_str value, const char *taken)
{
	value = str_trim(value);
	if (!value.n)
		return;
	cx_str name = fmt_label(w->e, f);
	if (taken)
		fmt_loss(w->o, w->e, f, "ris has one %s, already written: field '%.*s' kept in N1",
		         taken, (int)name.n, name.p);
	else
		fmt_loss(w->o, w->e, f, "ris cannot hold field '%.*s' (kept in N1)", (int)name.n,
		         name.p);
	begin_line(w, "N1");
	out_esc(w->o, name.p, name.n, OUT_RIS);
	out_puts(w->o, ": ");
	out_esc(w->o, value.p, value.n, OUT_RIS);
	out_putc(w->o, '\n');
}

/* A value for a tag, or a note when the tag is taken. */
static void tagged(struct rw *w, const char *tag, const struct cx_field *f, cx_str value)
{
	if (tag_free(w, tag))
		line(w, tag, value);
	else
		note(w, f, value, tag);
}

/* ---- names --------------------------------------------------------------- */

static void put(struct rw *w, cx_str s)
{
	out_esc(w->o, s.p, s.n, OUT_RIS);
}

static void names(struct rw *w, const struct cx_field *f, const struct fmt_home *h)
{
	const char *tag = h->name;
	int others = 0;
	for (size_t i = 0; i < f->nnames; i++) {
		const struct cx_name *nm = &f->names[i];
		if (nm->others) {
			others = 1;
			continue;
		}
		cx_str fam = plain(w, nm->family), giv = plain(w, nm->given);
		cx_str par = plain(w, nm->particle), suf = plain(w, nm->suffix);
		cx_str lit = plain(w, nm->literal);
		if (lit.n || !fam.n) {
			line(w, tag, lit.n ? lit : giv);
			continue;
		}
		int dropping = nm->dropping || w->opt->particles == CX_PARTICLES_DROPPING;
		begin_line(w, tag);
		if (par.n && !dropping) {
			put(w, par);
			out_putc(w->o, ' ');
		}
		put(w, fam);
		/* Without a comma the reader takes a name for a literal: a
		 * particle with no given name keeps one ("van Beethoven,"). */
		if (giv.n || suf.n || par.n)
			out_puts(w->o, giv.n || suf.n || dropping ? ", " : ",");
		put(w, giv);
		if (par.n && dropping) {
			if (giv.n)
				out_putc(w->o, ' ');
			put(w, par);
		}
		if (suf.n) {
			out_puts(w->o, ", ");
			put(w, suf);
		}
		out_putc(w->o, '\n');
	}
	if (!f->nnames && f->text.n)
		line(w, tag, plain(w, f->text)); /* names the reader left unsplit */
	if (others) {
		cx_str name = fmt_field_name(f);
		fmt_loss(w->o, w->e, f, "ris cannot hold 'and others' in field '%.*s' (dropped)",
		         (int)name.n, name.p);
	}
}

/* ---- dates --------------------------------------------------------------- */

/* A year as RIS writes it: four digits, or a year BC as "-380". */
static void ris_year(struct rw *w, int y)
{
	out_printf(w->o, y < 0 ? "%d" : "%04d", y);
}

/* 2024/03/05/, 2024/03//, 2024///, 2024///Spring */
static void ris_date(struct rw *w, const char *tag, const struct cx_date *d)
{
	begin_line(w, tag);
	int m = d->month[0];
	ris_year(w, d->year[0]);
	out_putc(w->o, '/');
	if (m >= 1 && m <= 12)
		out_printf(w->o, "%02d", m);
	out_putc(w->o, '/');
	if (m >= 1 && m <= 12 && d->day[0])
		out_printf(w->o, "%02d", d->day[0]);
	out_putc(w->o, '/');
	if (m >= 13 && m <= 16)
		out_puts(w->o, fmt_season_name[m - 13]);
	out_putc(w->o, '\n');
}

/* PY and DA from e->issued, which the normalizer took from the date field
 * or else from year, month and day.  Returns 0 when it has nothing. */
static int issued(struct rw *w, const struct cx_field *f)
{
	const struct cx_date *d = &w->e->issued;
	if (d->year[0]) {
		begin_line(w, "PY");
		ris_year(w, d->year[0]);
		out_putc(w->o, '\n');
		ris_date(w, "DA", d);
		if (d->range || d->circa)
			fmt_loss(w->o, w->e, f, "ris cannot hold a %s date (start kept)",
			         d->circa ? "circa" : "range");
		return 1;
	}
	if (d->literal.n) {
		line(w, "PY", plain(w, d->literal));
		return 1;
	}
	return 0;
}

_Static_assert(CX_F_MONTH == CX_F_YEAR + 1 && CX_F_DAY == CX_F_YEAR + 2 &&
                   CX_F_DATE == CX_F_YEAR + 3,
               "the date group is four consecutive fields");

/* The fields issued was read from, and a year or month that agrees with
 * it, are used up; any other (a year beside a date that says otherwise, a
 * second date) is kept in a note.  Returns 1 when f is used up. */
static int date_field(struct rw *w, const struct cx_field *f)
{
	unsigned bit = 1u << (f->id - CX_F_YEAR);
	if (!w->date_done) {
		w->date_done = 1;
		w->date_ok = issued(w, f);
	}
	if (w->date_ok && !(w->date_used & bit) &&
	    (!fmt_count(w->e, CX_F_DATE) || f->id == CX_F_DATE ||
	     fmt_date_agrees(w->e, f))) {
		w->date_used |= bit;
		return 1;
	}
	return 0;
}

/* ---- pages, keywords ----------------------------------------------------- */

static void pages(struct rw *w, const struct cx_field *f, const struct fmt_home *h)
{
	(void)h;
	cx_str t = value_of(w, f), a, b;
	if (!tag_free(w, "SP")) {
		note(w, f, t, "SP");
		return;
	}
	if (fmt_pages_split(t, &a, &b)) {
		line(w, "SP", a);
		line(w, "EP", b);
	} else {
		line(w, "SP", t);
	}
}

static void keywords(struct rw *w, const struct cx_field *f, const struct fmt_home *h)
{
	(void)h;
	cx_str t = value_of(w, f);
	size_t start = 0;
	for (size_t i = 0; i <= t.n; i++) {
		if (i < t.n && t.p[i] != ',' && t.p[i] != ';')
			continue;
		line(w, "KW", (cx_str){t.p + start, i - start});
		start = i + 1;
	}
}

/* ---- fields -------------------------------------------------------------- */

/* A value and the fields that join it ("Title: Subtitle"). */
static cx_str joined(struct rw *w, const struct cx_field *f, const struct fmt_home *h)
{
	cx_str t = value_of(w, f);
	if (!h->nmore && !h->prefix)
		return t;
	struct buf b = {0};
	if (h->prefix)
		buf_puts(&b, h->prefix);
	buf_put(&b, t.p, t.n);
	for (size_t i = 0; i < h->nmore; i++) {
		cx_str m = value_of(w, h->more[i]);
		buf_puts(&b, fmt_sep(t, h->sep[i]));
		buf_put(&b, m.p, m.n);
		t = m;
	}
	cx_str out = arena_str(&w->a, b.p, b.n);
	buf_free(&b);
	return out;
}

static void genre(struct rw *w, const struct cx_field *f, const struct fmt_home *h)
{
	const char *tag = h->name;
	cx_str g;
	const struct cx_field *from;
	if (fmt_genre(w->e, &g, &from) && from == f && tag_free(w, tag))
		line(w, tag, plain(w, g));
	else
		note(w, f, value_of(w, f), tag);
}

static void issued_field(struct rw *w, const struct cx_field *f, const struct fmt_home *h)
{
	if (!date_field(w, f))
		tagged(w, h->name[0] ? h->name : "PY", f, value_of(w, f));
}

/* A date of its own (urldate, eventdate, origdate). */
static void other_date(struct rw *w, const struct cx_field *f, const struct fmt_home *h)
{
	if (f->date.year[0] && tag_free(w, h->name))
		ris_date(w, h->name, &f->date);
	else
		note(w, f, value_of(w, f), NULL);
}

static void arxiv_number(struct rw *w, const struct cx_field *f, const struct fmt_home *h)
{
	if (w->arxiv == 1 && tag_free(w, h->name)) {
		begin_line(w, h->name);
		out_puts(w->o, "arXiv:");
		out_esc(w->o, w->arxiv_id.p, w->arxiv_id.n, OUT_RIS);
		out_putc(w->o, '\n');
		w->arxiv = 2; /* said once */
	} else {
		note(w, f, value_of(w, f), NULL);
	}
}

static void value(struct rw *w, const struct cx_field *f, const struct fmt_home *h)
{
	tagged(w, h->name, f, joined(w, f, h));
}

/* The writer of each role fmt_home gives a field: a language is a value
 * like any other; none for FR_DONE, and a field with no home of its own
 * (FR_KEEP) goes into the note. */
static void (*const by_role[FR_KEEP + 1])(struct rw *, const struct cx_field *,
                                          const struct fmt_home *) = {
	[FR_VALUE] = value, [FR_LANGUAGE] = value, [FR_NAMES] = names, [FR_DATE] = other_date,
	[FR_ISSUED] = issued_field, [FR_PAGES] = pages, [FR_LIST] = keywords, [FR_GENRE] = genre,
	[FR_ARXIV] = arxiv_number};

/* One field, where fmt_home says it goes (h).  An empty one says nothing,
 * but in a crossref or xdata child, where it stops the parent's from
 * being inherited (bibtex does): "N1  - organization:" keeps it. */
static void each_field(void *p, const struct cx_field *f, const struct fmt_home *h)
{
	struct rw *w = p;
	w->f = f;
	if (!h && !f->inherited && f->id != CX_F_CROSSREF && f->id != CX_F_XDATA &&
	    (cx_entry_get(w->e, CX_F_CROSSREF) || cx_entry_get(w->e, CX_F_XDATA))) {
		cx_str name = fmt_label(w->e, f);
		begin_line(w, "N1");
		out_esc(w->o, name.p, name.n, OUT_RIS);
		out_puts(w->o, ":\n");
	} else if (h && h->role == FR_KEEP)
		note(w, f, value_of(w, f), NULL);
	else if (h && by_role[h->role])
		by_role[h->role](w, f, h);
}

/* A value standing in for a field the entry lacks. */
static void each_synth(void *p, const struct fmt_synth *s)
{
	struct rw *w = p;
	begin_line(w, s->id == CX_F_PUBLISHER ? "PB" : s->id == CX_F_TYPE ? "M3" : "UR");
	out_puts(w->o, s->prefix);
	cx_str t = str_trim(s->text);
	out_esc(w->o, t.p, t.n, OUT_RIS);
	out_putc(w->o, '\n');
}

static void ris_entry(struct cx_out *o, const struct cx_entry *e, size_t n)
{
	(void)n;
	if (e->kind != CX_ENTRY_RECORD)
		return; /* @string, @preamble, @comment: BibTeX only */
	struct rw w = {.o = o, .e = e, .opt = fmt_opt(o)};
	w.pub = fmt_publisher(e);
	w.arxiv = fmt_arxiv(e, &w.arxiv_id);

	line(&w, "TY", cstr(cx_entry_ris_type(e)));
	line(&w, "ID", e->key);
	fmt_each(e, FMT_RIS, each_field, each_synth, &w);
	/* PB reads back as the publisher: one that was the organization says
	 * so, as CSL-JSON's custom does ("publisher-field"), so that BibTeX
	 * written from the RIS has its organization again. */
	if (w.pub && w.pub->id == CX_F_ORGANIZATION)
		line(&w, "N1", cstr("publisher-field: organization"));
	out_puts(o, "ER  - \n\n");
	arena_destroy(&w.a);
}

const struct cx_fmt cx_fmt_ris = {
	.name = "ris",
	.ext = "ris",
	.entry = ris_entry,
};
