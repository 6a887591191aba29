/* write/mods.c - the MODS writer: MODS 3 records in a modsCollection, laid
 * out as bibutils writes them (its xml2bib, xml2ris and xml2end read them),
 * which is also as the MODS User Guidelines describe.
 *
 * A field goes to the element path of its first MODS row in
 * model/formats.def (titleInfo/title, part/detail[type=volume]/number,
 * identifier[type=doi], ...); the paths are merged into one tree per
 * record, so a title and its subtitle share a titleInfo.  What the rows
 * leave to this file:
 *   - names carry their role (marcrelator text); a part's editors and its
 *     book's authors belong to the host;
 *   - the work a part appeared in is a relatedItem of type host, with the
 *     journal's or book's title and genre; a series is a relatedItem of
 *     type series;
 *   - the type is a genre (format_types.def's first row for it), on the
 *     record and, for a part, on the host ("host:" rows), with the
 *     issuance bibutils writes;
 *   - the date is originInfo/dateIssued in ISO 8601, pages part/extent;
 *   - a school is a name of role degree grantor, an organization one of
 *     role organizer of meeting;
 *   - any field MODS has no element for is a note whose type is the
 *     field's name, which the MODS reader keeps under that name: nothing
 *     is lost. */
#include <stdlib.h>
#include <string.h>

#include "core/str.h"
#include "core/strbuf.h"
#include "norm/norm.h"
#include "write/fmt.h"

struct mnode {
	cx_str name, attr, aval; /* attr.n == 0: no attribute */
	cx_str attr2, aval2;
	cx_str text;
	struct mnode *kids, *last, *next;
};

struct mw {
	struct cx_out *o;
	const struct cx_entry *e;
	struct arena a;
	struct mnode root, *host;
	int part, article;
};

/* ---- the tree -------------------------------------------------------------------- */

static struct mnode *add(struct mw *W, struct mnode *p, cx_str name, cx_str attr, cx_str aval,
                         int merge)
{
	if (merge)
		for (struct mnode *k = p->kids; k; k = k->next)
			if (str_same(k->name, name) && str_same(k->attr, attr) && str_same(k->aval, aval) &&
			    !k->text.n)
				return k;
	struct mnode *n = arena_calloc(&W->a, sizeof *n);
	n->name = name;
	n->attr = attr;
	n->aval = aval;
	if (p->last)
		p->last->next = n;
	else
		p->kids = n;
	p->last = n;
	return n;
}

/* Add text at path under p: "a/b[type=x]/c" makes or finds a and b, and
 * adds a new c. */
static struct mnode *put(struct mw *W, struct mnode *p, const char *path, cx_str text)
{
	if (!text.n)
		return NULL;
	const char *s = path;
	for (;;) {
		const char *sl = strchr(s, '/');
		size_t n = sl ? (size_t)(sl - s) : strlen(s);
		const char *br = memchr(s, '[', n);
		cx_str name = {s, br ? (size_t)(br - s) : n}, attr = {NULL, 0}, aval = {NULL, 0};
		if (br) {
			const char *eq = memchr(br, '=', n - (size_t)(br - s));
			if (eq) {
				attr = (cx_str){br + 1, (size_t)(eq - br - 1)};
				aval = (cx_str){eq + 1, (size_t)(s + n - 1 - eq - 1)};
			}
		}
		p = add(W, p, name, attr, aval, sl != NULL);
		if (!sl) {
			p->text = text;
			return p;
		}
		s = sl + 1;
	}
}

static void esc(struct cx_out *o, cx_str s, int attr)
{
	for (size_t i = 0; i < s.n; i++) {
		char c = s.p[i];
		if (c == '&')
			out_puts(o, "&amp;");
		else if (c == '<')
			out_puts(o, "&lt;");
		else if (c == '>')
			out_puts(o, "&gt;");
		else if (c == '"' && attr)
			out_puts(o, "&quot;");
		else if ((unsigned char)c < 0x20 && c != '\t' && c != '\n')
			out_putc(o, ' ');
		else
			out_putc(o, c);
	}
}

static void emit(struct cx_out *o, const struct mnode *n, int ind)
{
	for (int i = 0; i < ind; i++)
		out_putc(o, ' ');
	out_putc(o, '<');
	out_str(o, n->name);
	const cx_str attrs[2][2] = {{n->attr, n->aval}, {n->attr2, n->aval2}};
	for (int i = 0; i < 2; i++)
		if (attrs[i][0].n) {
			out_putc(o, ' ');
			out_str(o, attrs[i][0]);
			out_puts(o, "=\"");
			esc(o, attrs[i][1], 1);
			out_putc(o, '"');
		}
	out_putc(o, '>');
	if (n->kids) {
		out_putc(o, '\n');
		for (const struct mnode *k = n->kids; k; k = k->next)
			emit(o, k, ind + 4);
		for (int i = 0; i < ind; i++)
			out_putc(o, ' ');
	} else {
		esc(o, n->text, 0);
	}
	out_puts(o, "</");
	out_str(o, n->name);
	out_puts(o, ">\n");
}

/* ---- fields ----------------------------------------------------------------------- */

static cx_str text(struct mw *W, const struct cx_field *f)
{
	return str_trim(fmt_plain(W->o, &W->a, W->e, f, f->text.n ? f->text : f->raw));
}

static void name(struct mw *W, struct mnode *p, const struct cx_name *nm, const char *role)
{
	if (nm->others)
		return;
	struct mnode *n = add(W, p, str_of("name"), str_of("type"),
	                      str_of(nm->literal.n ? "corporate" : "personal"), 0);
	if (nm->literal.n) {
		put(W, n, "namePart", text_plain(&W->a, nm->literal));
	} else {
		if (nm->given.n)
			put(W, n, "namePart[type=given]", text_plain(&W->a, nm->given));
		cx_str fam = nm->particle.n ? arena_cat(&W->a, nm->particle, " ", nm->family) : nm->family;
		put(W, n, "namePart[type=family]", text_plain(&W->a, fam));
		if (nm->suffix.n)
			put(W, n, "namePart[type=termsOfAddress]", text_plain(&W->a, nm->suffix));
	}
	struct mnode *r = put(W, add(W, n, str_of("role"), (cx_str){NULL, 0}, (cx_str){NULL, 0}, 0),
	                      "roleTerm", str_of(role));
	r->attr = str_of("authority");
	r->aval = str_of("marcrelator");
	r->attr2 = str_of("type");
	r->aval2 = str_of("text");
}

static void names(struct mw *W, struct mnode *p, const struct cx_field *f, const char *role)
{
	for (size_t i = 0; i < f->nnames; i++)
		name(W, p, &f->names[i], role);
}

/* A field MODS has no element for: a note of its name. */
static void note(struct mw *W, const struct cx_field *f)
{
	struct mnode *n = put(W, &W->root, "note", text(W, f));
	if (n && f->id != CX_F_NOTE) { /* a note is a note */
		n->attr = str_of("type");
		n->aval = fmt_label(W->e, f);
	}
}

static struct mnode *host(struct mw *W)
{
	if (!W->host)
		W->host = add(W, &W->root, str_of("relatedItem"), str_of("type"), str_of("host"), 1);
	return W->host;
}

static void genres(struct mw *W)
{
	enum cx_type_id t = W->e->type;
	const struct cx_ftype *own = NULL, *hostg = NULL;
	for (size_t i = 0; i < cx_nftypes; i++) {
		const struct cx_ftype *ft = &cx_ftypes[i];
		if (ft->fmt != CX_MF_MODS || ft->type != t)
			continue;
		if (!strncmp(ft->name, "host:", 5)) {
			if (!hostg)
				hostg = ft;
		} else if (!own) {
			own = ft;
		}
	}
	put(W, &W->root, "typeOfResource",
	    str_of(t == CX_T_SOFTWARE ? "software, multimedia" : t == CX_T_MOVIE ? "moving image"
	                                : t == CX_T_AUDIO ? "sound recording"
	                                : t == CX_T_ARTWORK || t == CX_T_IMAGE ? "still image"
	                                                                       : "text"));
	if (own)
		put(W, &W->root, "genre", str_of(own->name));
	if (W->part || W->article) {
		if (W->article)
			put(W, host(W), "originInfo/issuance", str_of("continuing"));
		if (hostg)
			put(W, host(W), "genre", str_of(hostg->name + 5));
	} else if (t == CX_T_BOOK || t == CX_T_COLLECTION || t == CX_T_PROCEEDINGS) {
		put(W, &W->root, "originInfo/issuance", str_of("monographic"));
	}
}

static void date(struct mw *W)
{
	const struct cx_date *d = &W->e->issued;
	char b[64];
	cx_str v = d->year[0] ? arena_str(&W->a, b, date_iso(b, sizeof b, d)) : d->literal;
	put(W, &W->root, "originInfo/dateIssued", v);
}

static void pages(struct mw *W, const struct cx_field *f)
{
	cx_str first, last, t = text(W, f);
	if (fmt_pages_split(t, &first, &last)) {
		put(W, &W->root, "part/extent[unit=page]/start", first);
		put(W, &W->root, "part/extent[unit=page]/end", last);
	} else if (t.n) {
		put(W, &W->root, "part/extent[unit=page]/list", t);
	}
}

static void keywords(struct mw *W, const struct cx_field *f)
{
	cx_str t = text(W, f);
	size_t start = 0;
	for (size_t i = 0; i <= t.n; i++) {
		if (i < t.n && t.p[i] != ',' && t.p[i] != ';')
			continue;
		cx_str k = str_trim((cx_str){t.p + start, i - start});
		start = i + 1;
		if (k.n)
			put(W, add(W, &W->root, str_of("subject"), (cx_str){NULL, 0}, (cx_str){NULL, 0}, 0),
			    "topic", k);
	}
}

/* One field: a few by the rules above, the rest by their MODS row. */
static void field(struct mw *W, const struct cx_field *f)
{
	const struct cx_entry *e = W->e;
	struct mnode *r = &W->root;
	switch (f->id) {
	case CX_F_AUTHOR: names(W, r, f, "author"); return;
	case CX_F_EDITOR: names(W, W->part ? host(W) : r, f, "editor"); return;
	case CX_F_TRANSLATOR: names(W, r, f, "translator"); return;
	case CX_F_BOOKAUTHOR: names(W, host(W), f, "author"); return;
	case CX_F_JOURNAL:
	case CX_F_BOOKTITLE: put(W, host(W), "titleInfo/title", text(W, f)); return;
	case CX_F_SHORTJOURNAL: put(W, host(W), "titleInfo[type=abbreviated]/title", text(W, f)); return;
	case CX_F_SERIES:
		put(W, W->part ? host(W) : r, "relatedItem[type=series]/titleInfo/title", text(W, f));
		return;
	case CX_F_YEAR: case CX_F_MONTH: case CX_F_DAY: case CX_F_DATE:
		if (!fmt_date_agrees(e, f) && f->id != CX_F_DATE && f->id != CX_F_YEAR)
			note(W, f);
		return;
	case CX_F_PAGES: pages(W, f); return;
	case CX_F_KEYWORDS: keywords(W, f); return;
	case CX_F_SCHOOL:
	case CX_F_ORGANIZATION: {
		struct cx_name nm = {0};
		nm.literal = text(W, f);
		name(W, r, &nm, f->id == CX_F_SCHOOL ? "degree grantor" : "organizer of meeting");
		return;
	}
	case CX_F_INSTITUTION:
		if (!fmt_count(e, CX_F_PUBLISHER))
			put(W, r, "originInfo/publisher", text(W, f));
		else
			note(W, f);
		return;
	case CX_F_CROSSREF: case CX_F_XDATA:
		return;
	case CX_F_TYPE:
	case CX_F_UNKNOWN:
		note(W, f);
		return;
	case CX_F_EPRINT: {
		cx_str id;
		if (fmt_arxiv(e, &id))
			put(W, r, "identifier[type=arxiv]", id);
		else
			note(W, f);
		return;
	}
	case CX_F_EPRINTTYPE:
		if (!fmt_arxiv(e, &(cx_str){0}))
			note(W, f);
		return;
	default:
		break;
	}
	const struct cx_map *m = cx_map_of_field(CX_MF_MODS, f->id);
	if (!m || m->how == CX_H_KEEP || m->how == CX_H_SKIP || m->how == CX_H_SPECIAL ||
	    m->how == CX_H_CONTAINER) {
		note(W, f);
		return;
	}
	/* An article's ISSN and a part's ISBN are the host's. */
	if ((f->id == CX_F_ISSN && W->article) || (f->id == CX_F_ISBN && W->part)) {
		put(W, host(W), m->key, text(W, f));
		return;
	}
	put(W, r, m->key, text(W, f));
}

static void mods_begin(struct cx_out *o)
{
	out_puts(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	            "<modsCollection xmlns=\"http://www.loc.gov/mods/v3\">\n");
}

static void mods_entry(struct cx_out *o, const struct cx_entry *e, size_t n)
{
	(void)n;
	struct mw W;
	memset(&W, 0, sizeof W);
	W.o = o;
	W.e = e;
	W.root.name = str_of("mods");
	if (e->key.n) {
		W.root.attr = str_of("ID");
		W.root.aval = e->key;
	}
	W.article = fmt_is_article(e) || e->type == CX_T_REVIEW;
	W.part = cx_type_is_part(e->type);
	/* The title first, as bibutils writes it. */
	for (size_t i = 0; i < e->nfields; i++) {
		const struct cx_field *f = &e->fields[i];
		if ((f->id == CX_F_TITLE || f->id == CX_F_SUBTITLE) && !fmt_empty(f))
			put(&W, &W.root, f->id == CX_F_TITLE ? "titleInfo/title" : "titleInfo/subTitle",
			    text(&W, f));
	}
	for (size_t i = 0; i < e->nfields; i++) {
		const struct cx_field *f = &e->fields[i];
		if (f->id != CX_F_TITLE && f->id != CX_F_SUBTITLE && !fmt_empty(f))
			field(&W, f);
	}
	date(&W);
	genres(&W);
	emit(o, &W.root, 0);
	arena_destroy(&W.a);
}

static void mods_end(struct cx_out *o, size_t n)
{
	(void)n;
	out_puts(o, "</modsCollection>\n");
}

const struct cx_fmt cx_fmt_mods = {
	.name = "mods",
	.ext = "xml",
	.begin = mods_begin,
	.entry = mods_entry,
	.end = mods_end,
};
