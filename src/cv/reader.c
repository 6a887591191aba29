/* cv/reader.c - the `cv` reader: publication lists in CVs and homepages.
 *
 * People keep their publications as a list in a CV or on a web page, not as
 * BibTeX.  This reader takes such a document whole (a CV is small; the input
 * is capped at CV_MAX_INPUT), turns its shape - plain text, Markdown, HTML or
 * a LaTeX CV - into one line model with inline markup (enum cx_mark), finds
 * the publication sections by their headings, splits them into items
 * (numbered, bulleted, headed, or "title / authors / venue" blocks, or one
 * citation per line), and reads each item's fields: authors through the
 * author grammar (grammar/authors.y), the venue through venue_parse
 * (grammar/venue.y and the venue table), year, status, arXiv id, DOI, URL,
 * and the awards and rank labels that go to a note.
 *
 * Unlike the BibTeX reader this one buffers the document: the owner's name
 * (which fills the slots where a page dropped it), the duplicate check (a
 * paper listed as a preprint and again under its venue appears once) and the
 * keys all need every item first.  Entries are then normalized and emitted in
 * document order.  Every choice a user may want to know about is in
 * the README (Publication lists).
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "core/str.h"
#include "cv/doc.h"

/* ---- keys -------------------------------------------------------------------- */

static size_t str_hash(const char *k)
{
	size_t h = 1469598103934665603u;
	while (*k)
		h = (h ^ (unsigned char)*k++) * 1099511628211u;
	return h;
}

/* ASCII letters and digits of s, lower-cased, accents stripped. */
static size_t ascii_fold(cx_str s, char *out, size_t cap, int stop_at_space)
{
	utf8proc_uint8_t *m = NULL;
	size_t k = 0;
	int ascii = 1;
	for (size_t i = 0; i < s.n && ascii; i++)
		ascii = (unsigned char)s.p[i] < 0x80;
	utf8proc_ssize_t r = ascii ? -1 : utf8proc_map((const utf8proc_uint8_t *)s.p, (utf8proc_ssize_t)s.n, &m,
	                                  UTF8PROC_DECOMPOSE | UTF8PROC_STRIPMARK | UTF8PROC_CASEFOLD |
	                                  UTF8PROC_COMPAT);
	const char *p = r >= 0 ? (const char *)m : s.p;
	size_t n = r >= 0 ? (size_t)r : s.n;
	for (size_t i = 0; i < n && k + 1 < cap; i++) {
		unsigned char c = (unsigned char)p[i];
		if (stop_at_space && k && (cvd_is_sp(c) || c == '-' || c == ':'))
			break;
		if (isalnum(c))
			out[k++] = (char)tolower(c);
		else if (c == 0xC3 && i + 1 < n && (unsigned char)p[i + 1] == 0x9F && k + 2 < cap)
			out[k++] = 's', out[k++] = 's', i++; /* sz */
		else if (c == 0xC3 && i + 1 < n && ((unsigned char)p[i + 1] == 0xB8))
			out[k++] = 'o', i++;
		else if (c == 0xC3 && i + 1 < n && ((unsigned char)p[i + 1] == 0xA6) && k + 2 < cap)
			out[k++] = 'a', out[k++] = 'e', i++; /* two letters: only with room for both */
		else if (c == 0xC5 && i + 1 < n && ((unsigned char)p[i + 1] == 0x82))
			out[k++] = 'l', i++;
	}
	out[k] = 0;
	free(m);
	return k;
}


/* ---- entries ------------------------------------------------------------------ */

static cx_str name_bibtex(struct arena *a, const struct cx_name *n)
{
	if (n->others)
		return CX_STR("others");
	if (n->literal.n) {
		cx_str o = cv_cat(a, CX_STR("{"), "", n->literal);
		return cv_cat(a, o, "", CX_STR("}"));
	}
	cx_str f = n->particle.n ? cv_cat(a, n->particle, " ", n->family) : n->family;
	if (n->suffix.n)
		f = cv_cat(a, f, ", ", n->suffix);
	return n->given.n ? cv_cat(a, f, ", ", n->given) : f;
}

static cx_str name_display(struct arena *a, const struct cx_name *n)
{
	if (n->literal.n)
		return n->literal;
	cx_str f = n->particle.n ? cv_cat(a, n->particle, " ", n->family) : n->family;
	return n->given.n ? cv_cat(a, n->given, " ", f) : f;
}

static void owner_name(struct cv *v, struct cx_name *out, unsigned line)
{
	struct cv_ctx x = {.a = &v->a, .c = v->c, .owner = v->owner, .owner_warned = v->owner_warned};
	cv_owner_name(&x, out, line);
	v->owner_warned = x.owner_warned;
}

/* Authors: the grammar, then names, owner slots and equal contribution. */
static void add_authors(struct ebuild *b, const struct cv_raw *r, cx_str authors, cx_str *note)
{
	struct cv *v = b->v;
	struct au_list L;
	memset(&L, 0, sizeof L);
	cx_str a = cvd_trim_punct(cvd_plain(&v->a, authors), ",;.");
	/* keep bold marks: they tell the owner */
	cx_str marked = cvd_trim(authors);
	if (marked.n && au_parse(&v->a, marked.p, marked.n, &L))
		au_parse(&v->a, a.p, a.n, &L);
	size_t cap = 2 * L.n + 1; /* "X et al." adds a name */
	struct cx_name *names = arena_calloc(&v->a, cap * sizeof *names);
	size_t nn = 0;
	cx_str eq = cvd_S("", 0);
	int neq = 0;
	for (size_t i = 0; i < L.n; i++) {
		const struct au_name *an = &L.v[i];
		struct cx_name *nm = &names[nn];
		if (an->empty) {
			owner_name(v, nm, r->line);
		} else if (an->text.n) {
			cx_str t = an->text;
			au_split(&v->a, t, an->family_first, L.vancouver, nm);
			if (v->latex) {
				/* names came through latex_decode: drop case protection */
				nm->family = cvd_field_text(&v->a, nm->family, 0);
				nm->given = cvd_field_text(&v->a, nm->given, 0);
			} else {
				nm->family = cvd_field_text(&v->a, nm->family, 0);
				nm->given = cvd_field_text(&v->a, nm->given, 0);
				if (nm->particle.n)
					nm->particle = cvd_field_text(&v->a, nm->particle, 0);
				if (nm->literal.n)
					nm->literal = cvd_field_text(&v->a, nm->literal, 0);
			}
		} else if (an->others) {
			nm->others = 1;
			nn++;
			continue;
		} else
			continue;
		if (an->equal) {
			nm->equal = 1;
			eq = cv_cat(&v->a, eq, ", ", name_display(&v->a, nm));
			neq++;
		}
		nn++;
		if (an->others && an->text.n) { /* "Qinyu Xu et al." */
			names[nn].others = 1;
			nn++;
		}
	}
	if (!nn) {
		owner_name(v, &names[0], r->line);
		nn = 1;
	}
	cx_str raw = cvd_S("", 0);
	for (size_t i = 0; i < nn; i++)
		raw = cv_cat(&v->a, raw, " and ", name_bibtex(&v->a, &names[i]));
	struct cx_field *f = cvd_add_field(b, CX_F_AUTHOR, raw);
	f->names = names;
	f->nnames = nn;
	if (neq)
		*note = cv_cat(&v->a, *note, "; ", cv_cat(&v->a, CX_STR("Equal contribution:"), " ", eq));
}

static void add_int(struct ebuild *b, enum cx_field_id id, int val)
{
	char t[16];
	snprintf(t, sizeof t, "%d", val);
	cvd_add_cstr(b, id, t);
}

static cx_str clean_title(struct cv *v, cx_str t)
{
	cx_str p = t;
	/* link labels and a trailing dash the page put after the title */
	char *s = arena_strndup(&v->a, p.p, p.n);
	size_t n = p.n;
	for (size_t i = 0; i < n; i++) {
		if (s[i] != '[')
			continue;
		char *e = memchr(s + i, ']', n - i);
		if (e && cvd_is_label(s + i + 1, (size_t)(e - s - i - 1))) {
			cvd_cut(s, &n, i, (size_t)(e - s) + 1 - i);
			i--;
		}
	}
	for (size_t i = 0; i < n; i++) {
		if ((unsigned char)s[i] != CX_M_URL_ON)
			continue;
		char *e = memchr(s + i, CX_M_URL_OFF, n - i);
		size_t end = e ? (size_t)(e - s) + 1 : n;
		cvd_cut(s, &n, i, end - i);
		i--;
	}
	cx_str r = cvd_trim_punct(cvd_S(s, n), ",.-|");
	/* a title in quotes: "Title" or curly quotes */
	cx_str q = cvd_plain(&v->a, r);
	if (q.n > 2 && q.p[0] == '"' && q.p[q.n - 1] == '"')
		r = cvd_trim_punct(cvd_S(q.p + 1, q.n - 2), ",.");
	else if (q.n > 6 && !memcmp(q.p, "\xE2\x80\x9C", 3) && !memcmp(q.p + q.n - 3, "\xE2\x80\x9D", 3))
		r = cvd_trim_punct(cvd_S(q.p + 3, q.n - 6), ",.");
	return r;
}

static void push_entry(struct cv *v, struct cx_entry *e)
{
	if (v->nent == v->capent) {
		v->capent = v->capent ? v->capent * 2 : 32;
		v->ent = xrealloc(v->ent, v->capent * sizeof *v->ent);
	}
	v->ent[v->nent++] = e;
}

/* The short name as the document writes it: a venue written as the
 * acronym with its year glued on ("EMNLP-2023", "OSDI'25", "ACL2024") keeps
 * that form as its short name; its full name comes from the table. */
static cx_str written_short(struct cv *v, cx_str written, cx_str acronym)
{
	cx_str w = cvd_trim_punct(cvd_plain(&v->a, written), ",.;:()");
	if (w.n > 3 && cvd_ieqn(w.p, "in ", 3))
		w = cvd_trim(cvd_S(w.p + 3, w.n - 3));
	if (!acronym.n || w.n <= acronym.n || w.n > acronym.n + 8 || !cvd_ieqn(w.p, acronym.p, acronym.n) ||
	    memchr(w.p, ' ', w.n) || memchr(w.p, ',', w.n))
		return acronym; /* "EMNLP, 2022": the year is the item's date */
	for (size_t i = acronym.n; i < w.n; i++)
		if (!isdigit((unsigned char)w.p[i]) && w.p[i] != '-' && w.p[i] != '\'')
			return acronym;
	return w;
}

/* The container of a labelled item through the venue reader: a venue the
 * table knows gets its canonical name and acronym ("Proc. NSDI" ->
 * "USENIX Symposium on ..." / "NSDI"), and its kind decides between journal
 * and proceedings. */
static void labelled_venue(struct cv *v, struct cx_entry *e)
{
	struct cx_field *f = cx_entry_get(e, CX_F_JOURNAL);
	if (!f)
		f = cx_entry_get(e, CX_F_BOOKTITLE);
	if (!f || (e->type != CX_T_ARTICLE && e->type != CX_T_INPROCEEDINGS) || cvd_has_ci(f->text, "arxiv"))
		return;
	struct venue_out o;
	memset(&o, 0, sizeof o);
	cx_str written = f->text;
	cvd_read_venue(v, f->text, &o);
	if (!o.name.n || o.kind == VENUE_UNKNOWN)
		return;
	f->text = f->raw = o.name;
	if (o.kind == VENUE_JOURNAL && e->type == CX_T_INPROCEEDINGS) {
		e->type = CX_T_ARTICLE;
		f->id = CX_F_JOURNAL;
	} else if ((o.kind == VENUE_CONFERENCE || o.kind == VENUE_WORKSHOP) && e->type == CX_T_ARTICLE) {
		e->type = CX_T_INPROCEEDINGS;
		f->id = CX_F_BOOKTITLE;
	}
	f->name = (cx_str){cx_fields[f->id].bibtex, strlen(cx_fields[f->id].bibtex)};
	e->type_name = (cx_str){cx_types[e->type].bibtex, strlen(cx_types[e->type].bibtex)};
	if (o.acronym.n && !(o.acronym.n == o.name.n && !memcmp(o.acronym.p, o.name.p, o.name.n))) {
		size_t cap = e->nfields; /* full: the builder copies the array */
		model_add_field(&v->a, e, &cap, CX_F_SHORTJOURNAL, (cx_str){NULL, 0},
		                written_short(v, written, o.acronym), e->loc.line);
	}
}

/* A page's badge (al-folio's abbr) is the venue's short name. */
static void add_badge(struct cv *v, struct cx_entry *e, const struct cv_raw *r)
{
	if (!r->badge.n || r->badge.n > 40 || cx_entry_get(e, CX_F_SHORTJOURNAL))
		return;
	size_t cap = e->nfields; /* full: the builder copies the array */
	model_add_field(&v->a, e, &cap, CX_F_SHORTJOURNAL, (cx_str){NULL, 0}, r->badge, e->loc.line);
}

/* An item the labeller read: normalization after labelling makes the entry. */
static int build_labelled(struct cv *v, struct cv_raw *r)
{
	struct cv_item *it = r->item;
	if (!it && r->cite.n && !r->title.n) {
		struct cv_raw t;
		memset(&t, 0, sizeof t);
		cvd_parse_citation(v, r->cite, &t);
		it = t.item;
	}
	if (!it)
		return 0;
	it->line = r->line;
	it->hint = r->hint;
	if (!it->year)
		it->year = r->rec_year;
	struct cv_ctx x = {.a = &v->a, .c = v->c, .owner = v->owner, .model = v->model,
	                   .owner_warned = v->owner_warned};
	struct cx_entry *e = cv_entry(&x, it);
	v->owner_warned = x.owner_warned;
	if (e) {
		labelled_venue(v, e);
		add_badge(v, e, r);
		push_entry(v, e);
	}
	return 1;
}

/* arXiv, bioRxiv, medRxiv, SSRN, "preprint": a venue that publishes
 * preprints. */
static int preprint_server(cx_str name)
{
	return str_ifind(name, "rxiv", 0) >= 0 || cvd_has_ci(name, "ssrn") || cvd_has_ci(name, "preprint") ||
	       cvd_has_ci(name, "preprints") || cvd_has_ci(name, "research square");
}

/* The type of an item the rules read: the venue's kind, else the heading's
 * hint, a volume (a journal) or a named venue (a conference); a report,
 * thesis, preprint or submitted paper by its status. */
static enum cx_type_id rule_type(const struct cv_raw *r, const struct venue_out *o)
{
	enum cx_type_id type;
	enum venue_kind kind = o->kind;
	if (kind == VENUE_PREPRINT && o->name.n && !preprint_server(o->name))
		kind = VENUE_UNKNOWN; /* an arXiv id beside a journal's name */
	if (kind == VENUE_UNKNOWN) {
		if (r->hint == H_JOURNAL)
			kind = VENUE_JOURNAL;
		else if (r->hint == H_CONFERENCE || r->hint == H_WORKSHOP)
			kind = VENUE_CONFERENCE;
		else if (r->hint == H_THESIS)
			kind = VENUE_THESIS;
		else if (r->hint == H_PREPRINT && !o->name.n)
			kind = VENUE_PREPRINT;
		else if (o->volume.n)
			kind = VENUE_JOURNAL;
		else if (o->name.n)
			kind = VENUE_CONFERENCE;
	}
	if (o->report)
		type = CX_T_TECHREPORT;
	else if (kind == VENUE_THESIS)
		type = o->preprint == 1 ? CX_T_MASTERSTHESIS : CX_T_PHDTHESIS;
	else if ((o->preprint || kind == VENUE_PREPRINT || o->arxiv.n) &&
	         (!o->name.n || preprint_server(o->name)))
		type = CX_T_PREPRINT; /* a published venue wins over the arXiv copy */
	else if (o->status == 1 || o->status == 2)
		type = CX_T_UNPUBLISHED;
	else if (kind == VENUE_JOURNAL)
		type = CX_T_ARTICLE;
	else if (kind == VENUE_CONFERENCE || kind == VENUE_WORKSHOP)
		type = CX_T_INPROCEEDINGS;
	else
		type = CX_T_MISC;
	return type;
}

/* The note: the status, awards and ranks, equal contribution. */
static cx_str status_note(struct cv *v, const struct venue_out *o, cx_str note)
{
	cx_str n2 = cvd_S("", 0);
	if (o->status == 1)
		n2 = cv_cat(&v->a, CX_STR("Submitted to"), " ",
		         o->acronym.n && o->name.n ? cv_cat(&v->a, o->name, " ", cv_cat(&v->a, CX_STR("("), "", cv_cat(&v->a, o->acronym, "", CX_STR(")"))))
		                         : o->name);
	else if (o->status_note.n && o->status == 2 && o->name.n && !o->preprint)
		n2 = cv_cat(&v->a, o->status_note, " at ", o->name);
	else if (o->status_note.n)
		n2 = o->status_note;
	if (o->note.n)
		n2 = cv_cat(&v->a, n2, "; ", o->note);
	if (note.n)
		n2 = cv_cat(&v->a, n2, "; ", note);
	return n2;
}

/* The venue of an item the rules read, into o: its venue line with the
 * extra lines that continue it (awards and ranks go to the note), without
 * identifiers; al-folio's badge is the venue's short name, and the venue
 * itself when none is written (unless the item is an arXiv preprint).
 * Returns the venue text read. */
static cx_str item_venue(struct cv *v, const struct cv_raw *r, cx_str venue, struct venue_out *o)
{
	cx_str vtext = venue;
	/* extras: awards and labels, or a second venue line (the venue reader
	 * sets awards and ranks apart) */
	if (r->extra.n && !cvd_links_only(r->extra))
		vtext = cv_cat(&v->a, vtext, ", ", r->extra);
	/* identifiers are no part of the venue's name */
	char *vs = arena_strndup(&v->a, vtext.p, vtext.n);
	size_t vn = vtext.n;
	struct venue_out ids;
	memset(&ids, 0, sizeof ids);
	cvd_take_ids(v, vs, &vn, &ids);
	vtext = cvd_trim_punct(cvd_S(vs, vn), ",;");
	if (!cvd_plain(&v->a, vtext).n && r->badge.n && !o->arxiv.n)
		vtext = r->badge;
	cvd_read_venue(v, vtext, o);
	if (!o->acronym.n && r->badge.n && r->badge.n <= 24)
		o->acronym = r->badge;
	return vtext;
}

static void build_entry(struct cv *v, struct cv_raw *r)
{
	if (build_labelled(v, r))
		return;
	struct cx_entry *e = arena_calloc(&v->a, sizeof *e);
	struct ebuild b = {v, e, 0};
	e->kind = CX_E_ENTRY;
	e->loc.line = r->line;
	e->loc.col = 1;
	e->file = v->c->diags.file;
	e->source = "cv";
	cx_str title = r->title, authors = r->authors, venue = r->venue;
	/* "[OSDI '24] Title": a venue tag in front of the title */
	{
		cx_str pt = cvd_trim(cvd_plain(&v->a, title));
		const char *rb = pt.n && pt.p[0] == '[' ? memchr(pt.p, ']', pt.n) : NULL;
		if (rb) {
			cx_str tag = cvd_S(pt.p + 1, (size_t)(rb - pt.p - 1));
			if (!cvd_is_label(tag.p, tag.n) && cvd_venue_score(v, tag)) {
				if (!venue.n)
					venue = tag;
				title = cvd_trim(cvd_S(rb + 1, (size_t)(pt.p + pt.n - rb - 1)));
			}
		}
	}
	if (r->cite.n && !title.n) {
		/* re-parse (the grouper parsed into a scratch copy) */
		struct cv_raw t;
		memset(&t, 0, sizeof t);
		cvd_parse_citation(v, r->cite, &t);
		title = t.title, authors = t.authors, venue = t.venue;
		if (!r->date.n)
			r->date = t.date;
	}
	struct venue_out o;
	memset(&o, 0, sizeof o);
	/* identifiers may sit anywhere in the item */
	cx_str all = cv_cat(&v->a, cv_cat(&v->a, venue, " ", r->extra), " ", cv_cat(&v->a, title, " ", authors));
	{
		char *s = arena_strndup(&v->a, all.p, all.n);
		size_t n = all.n;
		cvd_take_ids(v, s, &n, &o);
	}
	cx_str vtext = item_venue(v, r, venue, &o);
	if (r->date.n) {
		struct ymd d;
		if (cvd_date_line(r->date, &d)) {
			o.year = d.y;
			o.month = d.m;
			o.day = d.d;
		} else if (cvd_find_year(r->date, NULL))
			o.year = cvd_find_year(r->date, NULL);
	}
	if (!o.year)
		o.year = r->rec_year;
	/* a new-style arXiv id tells the year and month it was posted */
	if (!o.year && o.arxiv.n >= 9 && o.arxiv.p[4] == '.' && isdigit((unsigned char)o.arxiv.p[0])) {
		o.year = 2000 + (o.arxiv.p[0] - '0') * 10 + (o.arxiv.p[1] - '0');
		if (!o.month)
			o.month = (o.arxiv.p[2] - '0') * 10 + (o.arxiv.p[3] - '0');
		if (o.month < 1 || o.month > 12)
			o.month = 0;
	}
	enum cx_type_id type = rule_type(r, &o);
	e->type = type;
	const char *tn = cx_types[type].bibtex;
	e->type_name = cvd_S(tn, strlen(tn));

	cx_str note = cvd_S("", 0);
	add_authors(&b, r, authors, &note);
	cvd_add_text(&b, CX_F_TITLE, clean_title(v, title));
	cx_str full = o.name, acr = written_short(v, vtext, o.acronym);
	if (type == CX_T_ARTICLE && full.n)
		cvd_add_text(&b, CX_F_JOURNAL, full);
	else if (type == CX_T_INPROCEEDINGS && full.n)
		cvd_add_text(&b, CX_F_BOOKTITLE, full);
	else if ((type == CX_T_PHDTHESIS || type == CX_T_MASTERSTHESIS) && o.school.n)
		cvd_add_text(&b, CX_F_SCHOOL, o.school);
	else if (type == CX_T_TECHREPORT && o.school.n)
		cvd_add_text(&b, CX_F_INSTITUTION, o.school);
	else if (type == CX_T_PREPRINT && (o.arxiv.n || cvd_has_ci(full, "arxiv"))) {
		cvd_add_cstr(&b, CX_F_JOURNAL, "arXiv"); /* an arXiv preprint: container arXiv */
		full = acr = cvd_S("", 0);
	} else if (type == CX_T_PREPRINT && full.n)
		cvd_add_text(&b, CX_F_JOURNAL, full);
	if ((type == CX_T_ARTICLE || type == CX_T_INPROCEEDINGS || type == CX_T_PREPRINT) && acr.n &&
	    !(acr.n == full.n && !memcmp(acr.p, full.p, acr.n)))
		cvd_add_text(&b, CX_F_SHORTJOURNAL, acr);
	if (o.year)
		add_int(&b, CX_F_YEAR, o.year);
	if (o.month && o.year)
		cvd_add_cstr(&b, CX_F_MONTH, (const char *[]){"jan", "feb", "mar", "apr", "may", "jun", "jul",
		                                          "aug", "sep", "oct", "nov", "dec"}[o.month - 1]);
	if (o.day && o.month && o.year)
		add_int(&b, CX_F_DAY, o.day);
	if (type == CX_T_TECHREPORT && o.number.n)
		cvd_add_text(&b, CX_F_NUMBER, o.number);
	if (type == CX_T_ARTICLE || type == CX_T_INPROCEEDINGS) {
		if (o.volume.n)
			cvd_add_text(&b, CX_F_VOLUME, o.volume);
		if (o.number.n)
			cvd_add_text(&b, CX_F_NUMBER, o.number);
		if (o.pages.n) {
			/* 12-34 and 12–34 become BibTeX's 12--34 */
			cx_str p = o.pages;
			char *q = arena_alloc(&v->a, 3 * p.n + 1);
			size_t k = 0;
			for (size_t i = 0; i < p.n; i++) {
				if (p.p[i] == '-' && i + 1 < p.n && p.p[i + 1] == '-')
					continue;
				if (((unsigned char)p.p[i] == 0xE2 && i + 2 < p.n) || p.p[i] == '-') {
					/* the model holds an en dash, as latex_decode makes of -- */
					q[k++] = (char)0xE2, q[k++] = (char)0x80, q[k++] = (char)0x93;
					if (p.p[i] != '-')
						i += 2;
				} else
					q[k++] = p.p[i];
			}
			cvd_add_field(&b, CX_F_PAGES, cvd_S(q, k));
		}
	}
	if (o.doi.n)
		cvd_add_field(&b, CX_F_DOI, o.doi);
	if (o.url.n)
		cvd_add_field(&b, CX_F_URL, o.url);
	if (o.arxiv.n) {
		cvd_add_field(&b, CX_F_EPRINT, o.arxiv);
		cvd_add_cstr(&b, CX_F_EPRINTTYPE, "arXiv");
	}
	if (r->abstract.n) {
		cx_str ab = r->abstract;
		cx_str pa = cvd_plain(&v->a, ab);
		if (pa.n > 9 && cvd_ieqn(pa.p, "abstract", 8))
			ab = cvd_trim_punct(cvd_S(pa.p + 8, pa.n - 8), ":.-");
		cvd_add_text(&b, CX_F_ABSTRACT, ab);
	}
	cx_str n2 = status_note(v, &o, note);
	if (n2.n)
		cvd_add_text(&b, CX_F_NOTE, n2);
	add_badge(v, e, r);
	push_entry(v, e);
}

/* ---- duplicates ------------------------------------------------------------------ */

static size_t title_key(struct cv *v, const struct cx_entry *e, char *out, size_t cap)
{
	struct cx_field *t = cx_entry_get(e, CX_F_TITLE);
	if (!t)
		return 0;
	return ascii_fold(cvd_plain(&v->a, t->text), out, cap, 0);
}

static int rank_of(const struct cx_entry *e)
{
	switch (e->type) {
	case CX_T_ARTICLE:
	case CX_T_INPROCEEDINGS:
		return 3;
	case CX_T_PHDTHESIS:
	case CX_T_MASTERSTHESIS:
	case CX_T_TECHREPORT:
		return 3;
	case CX_T_UNPUBLISHED:
		return 1;
	case CX_T_PREPRINT:
		return 2;
	default:
		return cx_entry_get(e, CX_F_EPRINT) ? 2 : 0;
	}
}

/* Keep one entry per title: the published form wins, and it takes the
 * identifiers only the other one had. */
static void dedupe(struct cv *v)
{
	char a[512];
	/* title keys once, then a hash table from key to the first entry */
	char **tk = arena_calloc(&v->a, (v->nent + 1) * sizeof *tk);
	size_t cap = 16;
	while (cap < 2 * v->nent + 2)
		cap *= 2;
	size_t *slot = arena_alloc(&v->a, cap * sizeof *slot);
	for (size_t i = 0; i < cap; i++)
		slot[i] = (size_t)-1;
	for (size_t j = 0; j < v->nent; j++) {
		if (!v->ent[j] || !title_key(v, v->ent[j], a, sizeof a))
			continue;
		tk[j] = arena_strndup(&v->a, a, strlen(a));
		size_t h = str_hash(a) & (cap - 1);
		while (slot[h] != (size_t)-1 && strcmp(tk[slot[h]], a))
			h = (h + 1) & (cap - 1);
		if (slot[h] == (size_t)-1) {
			slot[h] = j;
			continue;
		}
		size_t i = slot[h];
		{
			struct cx_entry *keep = v->ent[i], *drop = v->ent[j];
			if (rank_of(drop) > rank_of(keep)) {
				struct cx_entry *t = keep;
				keep = drop;
				drop = t;
				keep->loc = v->ent[i]->loc;
			}
			static const enum cx_field_id ids[] = {CX_F_DOI, CX_F_URL, CX_F_EPRINT,
			                                       CX_F_EPRINTTYPE, CX_F_ABSTRACT};
			struct ebuild eb = {v, keep, keep->nfields};
			for (size_t k = 0; k < sizeof ids / sizeof *ids; k++) {
				struct cx_field *f = cx_entry_get(drop, ids[k]);
				if (f && !cx_entry_get(keep, ids[k]))
					*cvd_add_field(&eb, ids[k], f->text) = *f;
			}
			v->ent[i] = keep;
			v->ent[j] = NULL;
		}
	}
}

/* ---- the reader ------------------------------------------------------------------- */

static int looks_html(const char *s, size_t n)
{
	static const char *const tags[] = {"<html", "<li", "<div", "<p>", "<p ", "<br", "<td",
	                                   "<h1", "<h2", "<h3", "<ul", "<ol", "<body", "<span",
	                                   "<!doctype", NULL};
	size_t hits = 0;
	cx_str t = cvd_S(s, n < 200000 ? n : 200000);
	for (size_t i = 0; tags[i]; i++)
		if (cvd_find_ci(t, tags[i], 0) >= 0)
			hits++;
	if (hits < 2 || cvd_find_ci(t, "<html", 0) >= 0 || cvd_find_ci(t, "<body", 0) >= 0)
		return hits >= 2;
	/* Markdown with some HTML in it: Markdown headings at line starts */
	size_t md = 0;
	for (size_t i = 0; i + 2 < t.n; i++)
		if ((i == 0 || t.p[i - 1] == '\n') && t.p[i] == '#' && (t.p[i + 1] == ' ' || t.p[i + 1] == '#'))
			md++;
	return md < 2;
}

static int looks_latex(const char *s, size_t n)
{
	cx_str t = cvd_S(s, n < 200000 ? n : 200000);
	return cvd_find_ci(t, "\\item", 0) >= 0 || cvd_find_ci(t, "\\section", 0) >= 0 ||
	       cvd_find_ci(t, "\\begin{", 0) >= 0 || cvd_find_ci(t, "\\documentclass", 0) >= 0;
}

/* ---- structured data --------------------------------------------------------- */

/* Entries the page carries as structured data, read by their own reader
 * and kept (copied) until the visible items are read: each is matched to
 * the visible item with the same title, whose place in the list it takes,
 * and whose title it takes too, as the page shows it (a BibTeX export
 * braces every capital: "{Digital} {Humanities}").  The page's own record
 * is what a reader of the page sees; the BibTeX behind it holds the rest
 * (the whole author list where the page shows "and 6 more authors"). */
struct embedded {
	struct cx_reader_ctx *c;
	struct cv *v;
	struct cx_entry **ent;
	char **titles;
	size_t n, cap;
};

static void embedded_emit(void *ctx, struct cx_entry *e)
{
	struct embedded *m = ctx;
	struct cx_field *t = cx_entry_get(e, CX_F_TITLE);
	char k[512];
	k[0] = 0;
	if (t)
		ascii_fold(cvd_plain(&m->v->a, t->text), k, sizeof k, 0);
	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 32;
		m->titles = xrealloc(m->titles, m->cap * sizeof *m->titles);
		m->ent = xrealloc(m->ent, m->cap * sizeof *m->ent);
	}
	m->titles[m->n] = arena_strndup(&m->v->a, k, strlen(k));
	m->ent[m->n++] = model_copy_entry(&m->v->a, e);
}

/* The BibTeX blocks of a page (al-folio shows each entry's BibTeX behind
 * a button, and a text dump of the page shows them inline): the owner's
 * own records, read as BibTeX. */
static void read_embedded(struct cv *v, const char *bibtex, size_t n, struct embedded *m)
{
	FILE *f = fmemopen((void *)bibtex, n, "rb");
	if (!f)
		return;
	struct cx_input in = {f, NULL, 0, 0, 0};
	struct cx_reader_ctx c2 = *v->c;
	c2.emit = embedded_emit;
	c2.emit_ctx = m;
	c2.nentries = c2.diags.nerrors = c2.diags.nwarnings = 0;
	cx_reader_find("bibtex")->read(&c2, &in);
	fclose(f);
	v->c->diags.nerrors += c2.diags.nerrors;
	v->c->diags.nwarnings += c2.diags.nwarnings;
}

/* BibTeX entries in a text (a text dump of a page shows the blocks its
 * buttons unfold): each "@type{" at a line start whose type BibTeX knows,
 * to its balancing brace, is copied to out and blanked in s (line breaks
 * stay, so line numbers hold).  How many. */
static size_t text_bibtex(char *s, size_t n, struct buf *out)
{
	size_t found = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] != '@')
			continue;
		size_t b = i;
		while (b && (s[b - 1] == ' ' || s[b - 1] == '\t'))
			b--;
		if (b && s[b - 1] != '\n')
			continue;
		size_t w = i + 1;
		while (w < n && isalpha((unsigned char)s[w]))
			w++;
		int known = 0;
		if (w == i + 1 || w >= n || s[w] != '{')
			continue;
		cx_type_lookup(s + i + 1, w - i - 1, &known);
		if (!known)
			continue;
		size_t e = w, depth = 0;
		for (; e < n && e - i < 65536; e++) {
			if (s[e] == '{')
				depth++;
			else if (s[e] == '}' && !--depth)
				break;
		}
		if (e >= n || s[e] != '}')
			continue;
		buf_put(out, s + i, e + 1 - i);
		buf_putc(out, '\n');
		for (size_t k = i; k <= e; k++)
			if (s[k] != '\n')
				s[k] = ' ';
		found++;
		i = e;
	}
	return found;
}

/* The embedded entry with e's title, or -1. */
static long embedded_find(struct cv *v, const struct embedded *m, const struct cx_entry *e)
{
	char k[512];
	if (!m->n || !title_key(v, e, k, sizeof k))
		return -1;
	for (size_t i = 0; i < m->n; i++)
		if (m->ent[i] && !strcmp(m->titles[i], k))
			return (long)i;
	return -1;
}

/* Case protection means nothing in a container's name (styles never
 * lower-case one), and a BibTeX export braces every capital of it. */
static void drop_nocase(struct cv *v, struct cx_field *f)
{
	if (!memchr(f->text.p, CX_M_NOCASE_ON, f->text.n))
		return;
	char *p = arena_alloc(&v->a, f->text.n + 1);
	size_t k = 0;
	for (size_t i = 0; i < f->text.n; i++)
		if ((unsigned char)f->text.p[i] != CX_M_NOCASE_ON && (unsigned char)f->text.p[i] != CX_M_NOCASE_OFF)
			p[k++] = f->text.p[i];
	p[k] = 0;
	f->text = (cx_str){p, k};
}

/* e (from the page's BibTeX) takes the visible entry's title, as the page
 * shows it, and the venue badge it showed. */
static void take_shown(struct cv *v, struct cx_entry *e, const struct cx_entry *shown)
{
	struct cx_field *t = cx_entry_get(e, CX_F_TITLE), *s = cx_entry_get(shown, CX_F_TITLE);
	if (t && s) {
		t->text = t->raw = s->text;
		t->parts = NULL;
		t->nparts = 0;
	}
	static const enum cx_field_id cont[] = {CX_F_JOURNAL, CX_F_BOOKTITLE, CX_F_PUBLISHER, CX_F_SERIES,
	                                        CX_F_SCHOOL, CX_F_INSTITUTION, CX_F_HOWPUBLISHED};
	for (size_t i = 0; i < sizeof cont / sizeof *cont; i++) {
		struct cx_field *f = cx_entry_get(e, cont[i]);
		if (f)
			drop_nocase(v, f);
	}
	struct cx_field *sj = cx_entry_get(shown, CX_F_SHORTJOURNAL);
	if (sj && !cx_entry_get(e, CX_F_SHORTJOURNAL)) {
		size_t cap = e->nfields;
		model_add_field(&v->a, e, &cap, CX_F_SHORTJOURNAL, (cx_str){NULL, 0}, sj->text, e->loc.line);
	}
}

/* ---- the reader ------------------------------------------------------------------- */

static size_t count_lines(const char *s, const char *e)
{
	size_t k = 0;
	for (; s < e; s++)
		k += *s == '\n';
	return k;
}

/* HTML and LaTeX to the line model's text in t, with the source line of each
 * converted line in lm; plain text and Markdown stay as they are. */
static void to_text(struct cv *v, const char **text, size_t *n, struct buf *t, struct linemap *lm)
{
	const char *s = *text;
	if (looks_html(s, *n)) {
		cvd_page_lines(v, s, *n);
		*n = 0;
		return;
	} else if (looks_latex(s, *n)) {
		/* LaTeX source: keep only the document body when there is one */
		long bd = cvd_find_ci(cvd_S(s, *n), "\\begin{document}", 0);
		const char *s0 = bd >= 0 ? s + bd + 16 : s;
		lm->lp = s;
		lm->ln = 1;
		struct buf mac = {0};
		if (cvd_latex_macros(v, s0, (size_t)(s + *n - s0), &mac)) {
			/* lm counts the rewritten text, which keeps every line break */
			lm->lp = mac.p;
			lm->ln = 1 + (unsigned)count_lines(s, s0);
			cvd_latex_to_text(mac.p, mac.n, t, lm);
			cvd_lm_track(lm, t, mac.p + mac.n);
		} else {
			cvd_latex_to_text(s0, (size_t)(s + *n - s0), t, lm);
			cvd_lm_track(lm, t, s + *n);
		}
		buf_free(&mac);
		v->latex = 1;
	} else
		return;
	*text = t->p ? t->p : "";
	*n = t->n;
}

static void emit_one(struct cx_reader_ctx *c, struct cv *v, struct cx_entry *e)
{
	if (strcmp(e->source, "bibtex")) {
		norm_entry(c->cx, e, &v->a);
		keygen_apply(context_cv_keys(c->cx), e); /* the page's BibTeX keeps its owner's keys */
	}
	reader_deliver(c, e);
}

/* The visible entries in document order, each replaced by the embedded
 * entry of the same title; then the embedded entries no visible item
 * showed. */
static size_t emit_all(struct cv *v, struct embedded *m)
{
	struct cx_reader_ctx *c = v->c;
	size_t emitted = 0;
	for (size_t i = 0; i < v->nent; i++) {
		struct cx_entry *e = v->ent[i];
		if (!e)
			continue;
		long k = embedded_find(v, m, e);
		if (k >= 0) {
			take_shown(v, m->ent[k], e);
			e = m->ent[k];
			m->ent[k] = NULL;
		}
		emit_one(c, v, e);
		emitted++;
	}
	for (size_t k = 0; k < m->n; k++)
		if (m->ent[k]) {
			emit_one(c, v, m->ent[k]);
			emitted++;
		}
	return emitted;
}

static int cv_read(struct cx_reader_ctx *c, struct cx_input *in)
{
	struct cv v;
	memset(&v, 0, sizeof v);
	v.c = c;
	struct buf b = {0};
	struct cv_ctx rx = {.a = &v.a, .c = c};
	int rc = cv_read_all(&rx, in, &b);
	if (rc) {
		buf_free(&b);
		return rc == -2 ? -1 : 0;
	}
	struct buf t = {0};
	const char *text = b.p ? b.p : "";
	size_t n = b.n;
	struct linemap lm = {0};
	if (!looks_html(text, n) && !looks_latex(text, n) && cv_refs_list(text, n)) {
		/* a bibliography, one reference a line: the labeller reads it */
		cv_refs_text(c, text, n);
		buf_free(&b);
		return 0;
	}
	v.model = lab_model_builtin(&v.model_mem);
	struct embedded m = {c, &v, NULL, NULL, 0, 0};
	{
		struct buf bib = {0};
		if (looks_html(text, n) ? cvd_html_bibtex(text, n, &bib) : text_bibtex(b.p, n, &bib))
			read_embedded(&v, bib.p, bib.n, &m);
		buf_free(&bib);
	}
	int html = looks_html(text, n);
	to_text(&v, &text, &n, &t, &lm);
	if (!html)
		cvd_build_lines(&v, text, n, lm.n ? lm.v : NULL, lm.n);
	/* The owner helps tell a one-name author line from a title, so the
	 * name at the top is looked for first; a bold name that recurs in the
	 * items found wins afterwards. */
	cvd_detect_owner(&v);
	cvd_segment(&v);
	if (!v.owner_from_option)
		cvd_detect_owner(&v);
	for (size_t i = 0; i < v.nraw; i++)
		build_entry(&v, &v.raw[i]);
	dedupe(&v);
	size_t emitted = emit_all(&v, &m);
	if (!emitted)
		cvd_v_diag(&v, CX_ERROR, CX_E_SYNTAX, 1,
		        "no publications found (cv input: expected a list under a heading such as "
		        "\"Publications\")");
	free(m.titles);
	free(m.ent);
	free(v.ent);
	free(lm.v);
	buf_free(&t);
	buf_free(&b);
	arena_destroy(&v.a);
	return 0;
}

const struct cx_reader cx_reader_cv = {
	.name = "cv",
	.read = cv_read,
};
