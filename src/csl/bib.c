/* csl/bib.c - formatted bibliographies, citex.h's cx_style and cx_bib: the
 * records a program adds, rendered through a CSL style and locale as text,
 * HTML, Markdown or a LaTeX thebibliography (a .bbl), numbered in the
 * order a LaTeX run cites them for numeric styles (an .aux file), with one
 * person's name in bold and in headed groups by type or year.  The
 * command line's -t text|html|markdown|latex is this. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/arena.h"
#include "core/out.h"
#include "core/str.h"
#include "csl/csl.h"
#include "csl/load.h"
#include "model/model.h"
#include "norm/context.h"
#include "norm/norm.h"
#include "pass/aux.h"

struct cx_style {
	struct csl_style *st;
	struct csl_locale L;
};

/* The items to render, made from the entries as they are added. */
struct cx_bib {
	const struct cx_style *s;
	const struct cx_options *opt; /* the context's */
	struct cx_context *cx;
	struct arena a;
	struct buf preamble;          /* the @preamble values, joined as bibtex does */
	struct latex_defs defs;       /* the macros they define */
	struct csl_item **items;
	size_t nitems, capitems;
};

/* In the order of enum cx_bib_format, which is csl_outfmt's.  "tagged"
 * is for making training data (tools/gen_refs.c): left out of --help. */
static const char *const formats[] = {"text", "html", "markdown", "latex", "tagged", NULL};

int cx_bib_format(const char *name)
{
	for (int i = 0; formats[i]; i++)
		if (name && !strcmp(name, formats[i]))
			return i;
	if (name && (!strcmp(name, "md") || !strcmp(name, "bbl")))
		return name[0] == 'm' ? CX_BIB_MARKDOWN : CX_BIB_LATEX;
	return -1;
}

struct cx_style *cx_style_open(const char *style, const char *locale, const char *locales,
                               char *err, size_t errsize)
{
	struct csl_style *st = csl_style_open(style, err, errsize);
	if (!st)
		return NULL;
	struct cx_style *s = xcalloc(1, sizeof *s);
	s->st = st;
	csl_locale_open(&s->L, st, locale, locales);
	return s;
}

int cx_style_has_bibliography(const struct cx_style *s)
{
	return s->st->has_bib;
}

void cx_style_free(struct cx_style *s)
{
	if (!s)
		return;
	csl_locale_free(&s->L);
	csl_style_free(s->st);
	free(s);
}

struct cx_bib *cx_bib_new(struct cx_context *cx, const struct cx_style *s)
{
	struct cx_bib *b = xcalloc(1, sizeof *b);
	b->s = s;
	b->opt = cx_context_options(cx);
	b->cx = cx;
	return b;
}

void cx_bib_free(struct cx_bib *b)
{
	if (!b)
		return;
	free(b->items);
	buf_free(&b->preamble);
	arena_destroy(&b->a);
	free(b);
}

/* ---- citation order from the .aux file --------------------------------------- */

/* Entries in the order the document first cites them; the rest after,
 * in input order. */
static void cite_order(struct csl_item **items, size_t n, const struct cx_aux *aux,
                       struct csl_item **out)
{
	size_t k = 0;
	unsigned char *used = xcalloc(n + 1, 1);
	size_t nc = aux ? cx_aux_ncites(aux) : 0;
	for (size_t c = 0; c < nc; c++) {
		const char *key = cx_aux_cite(aux, c);
		for (size_t i = 0; i < n; i++) {
			if (used[i])
				continue;
			const char *id = items[i]->id;
			if (str_ieqs(str_of(key), str_of(id))) { /* as bibtex matches keys */
				used[i] = 1;
				out[k++] = items[i];
				break;
			}
		}
	}
	for (size_t i = 0; i < n; i++)
		if (!used[i])
			out[k++] = items[i];
	free(used);
}

/* ---- groups ------------------------------------------------------------------- */

static const struct {
	const char *type, *heading;
} type_groups[] = {
	{"article-journal", "Journal articles"}, {"paper-conference", "Conference papers"},
	{"book", "Books"}, {"chapter", "Book chapters"}, {"thesis", "Theses"},
	{"report", "Reports"}, {"article", "Preprints"},
};

static int group_of(const struct csl_item *it, int by_year, char *heading, size_t cap)
{
	if (by_year) {
		const struct csl_date *d = it->dates[CV_ISSUED - CV_FIRST_DATE];
		if (!d || !d->y[0]) {
			snprintf(heading, cap, "No date");
			return -1;
		}
		snprintf(heading, cap, "%d", d->y[0]);
		return -d->y[0];
	}
	const char *t = csl_type_name(it->type);
	for (size_t i = 0; i < sizeof type_groups / sizeof *type_groups; i++)
		if (!strcmp(t, type_groups[i].type)) {
			snprintf(heading, cap, "%s", type_groups[i].heading);
			return (int)i;
		}
	snprintf(heading, cap, "Other");
	return 100;
}

/* ---- writing ----------------------------------------------------------------------- */

static int is_citation_number(const struct csl_node *n)
{
	return (n->kind == CK_TEXT || n->kind == CK_NUMBER) && n->var == CV_CITATION_NUMBER;
}

/* natbib's optional argument: Author(Year), with "et~al." from three. */
static void natbib_label(struct cx_out *o, const struct csl_item *it, const struct csl_locale *L,
                         struct arena *a)
{
	const struct csl_names *nl = &it->names[CV_AUTHOR - CV_FIRST_NAME];
	if (!nl->n)
		nl = &it->names[CV_EDITOR - CV_FIRST_NAME];
	struct buf b = {0};
	for (size_t i = 0; i < nl->n && i < 2; i++) {
		const struct csl_name *nm = &nl->v[i];
		if (i)
			buf_put(&b, " and ", 5);
		const char *fam = nm->literal ? nm->literal : nm->family ? nm->family : "";
		if (nm->ndp && !nm->literal) {
			buf_put(&b, nm->ndp, strlen(nm->ndp));
			buf_putc(&b, ' ');
		}
		buf_put(&b, fam, strlen(fam));
		if (nl->n > 2 || nl->others) {
			buf_put(&b, " et~al.", 7);
			break;
		}
	}
	if (!nl->n) {
		const char *t = it->s[CV_TITLE_SHORT] ? it->s[CV_TITLE_SHORT] : it->s[CV_TITLE];
		if (t)
			buf_put(&b, t, strlen(t));
	}
	buf_putc(&b, 0);
	out_putc(o, '[');
	/* the label is text: escaped, with the non-breaking "et~al." kept */
	const char *etal = strstr(b.p, " et~al.");
	if (etal) {
		csl_out(o, arena_strndup(a, b.p, (size_t)(etal - b.p)), OF_LATEX, L);
		out_puts(o, " et~al.");
	} else {
		csl_out(o, b.p, OF_LATEX, L);
	}
	buf_free(&b);
	const struct csl_date *d = it->dates[CV_ISSUED - CV_FIRST_DATE];
	if (d && d->y[0])
		out_printf(o, "(%d", d->y[0]);
	else
		out_puts(o, "(n.d.");
	if (it->year_suffix)
		out_puts(o, csl_year_suffix(a, it->year_suffix));
	out_puts(o, ")]");
}

static void latex_begin(struct cx_out *o, size_t n, const char *heading, const struct buf *pre)
{
	if (pre && pre->n) { /* as bibtex's styles write it: before the list, on its own */
		out_write(o, pre->p, pre->n);
		out_putc(o, '\n');
	}
	if (heading) {
		out_puts(o, "\\renewcommand{\\refname}{");
		csl_out(o, heading, OF_LATEX, NULL);
		out_puts(o, "}\\renewcommand{\\bibname}{\\refname}\n");
	}
	out_printf(o, "\\begin{thebibliography}{%zu}\n", n ? n : 1);
}

static void heading_out(struct cx_out *o, int fmt, const char *h, int first)
{
	switch (fmt) {
	case OF_HTML: out_printf(o, "<h2 class=\"csl-bib-heading\">%s</h2>\n", h); break;
	case OF_MARKDOWN: out_printf(o, "%s## %s\n\n", first ? "" : "\n", h); break;
	case OF_TEXT: out_printf(o, "%s%s\n\n", first ? "" : "\n", h); break;
	default: break;
	}
}

static void entry_out(const struct cx_style *c, int format, struct cx_out *o, const char *s,
                      const struct csl_item *it, int numeric, struct arena *a)
{
	switch (format) {
	case OF_HTML:
		out_puts(o, "  <div class=\"csl-entry\">");
		csl_out(o, s, OF_HTML, &c->L);
		out_puts(o, "</div>\n");
		break;
	case OF_LATEX:
		out_puts(o, "\\bibitem");
		if (!numeric)
			natbib_label(o, it, &c->L, a);
		out_putc(o, '{');
		out_puts(o, it->id);
		out_puts(o, "}\n");
		csl_out(o, s, OF_LATEX, &c->L);
		out_puts(o, "\n\n");
		break;
	case OF_MARKDOWN:
		csl_out(o, s, OF_MARKDOWN, &c->L);
		out_puts(o, "\n\n");
		break;
	default:
		csl_out(o, s, format == OF_TAGGED ? OF_TAGGED : OF_TEXT, &c->L);
		out_putc(o, '\n');
		break;
	}
}

struct grouped {
	size_t i;
	int g;
};

static int by_group(const void *a, const void *b)
{
	const struct grouped *x = a, *y = b;
	if (x->g != y->g)
		return x->g < y->g ? -1 : 1;
	return (x->i > y->i) - (x->i < y->i);
}

void cx_bib_add(struct cx_bib *c, const struct cx_entry *e)
{
	if (e->kind == CX_ENTRY_PREAMBLE && e->nfields) {
		/* LaTeX code for the run, as bibtex writes it before the list;
		 * the macros it defines give the text of commands for a reader */
		cx_str v = e->fields[0].raw;
		buf_put(&c->preamble, v.p, v.n);
		latex_defs_read(&c->a, &c->defs, arena_str(&c->a, v.p, v.n));
		return;
	}
	if (e->kind != CX_ENTRY_RECORD)
		return;
	if (c->nitems == c->capitems) {
		c->capitems = c->capitems ? 2 * c->capitems : 1024;
		c->items = xrealloc(c->items, c->capitems * sizeof *c->items);
	}
	struct csl_item *it = arena_alloc(&c->a, sizeof *it);
	csl_item_from_entry(&c->a, it, e, c->opt);
	c->items[c->nitems++] = it;
}

/* ---- what a LaTeX run would list --------------------------------------------- */

/* The key under which aux cites the item, or NULL.  Keys compare as
 * bibtex compares them, ignoring case. */
static const char *cited(const struct csl_item *it, const struct cx_aux *aux)
{
	for (size_t c = 0; c < cx_aux_ncites(aux); c++)
		if (str_ieqs(str_of(cx_aux_cite(aux, c)), str_of(it->id)))
			return cx_aux_cite(aux, c);
	return NULL;
}

/* The items of a LaTeX run's bibliography, in place, as bibtex lists
 * them.  An entry whose key repeats an earlier one's (ignoring case) is
 * bibtex's "repeated entry": the first stands, and the reader has
 * warned about the rest.  An entry the document does not cite, a
 * crossref parent pulled in by its children, is listed only when at
 * least min-crossrefs (2) cited entries name it; its children carry
 * what they inherit from it either way.  A cited entry takes the key as
 * the document spells it, since LaTeX matches \cite to \bibitem with
 * case. */
static size_t bibtex_listed(struct csl_item **items, size_t n, const struct cx_aux *aux)
{
	enum { MIN_CROSSREFS = 2 };
	if (aux_nocite_all(aux))
		return n;
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		size_t j = 0;
		while (j < m && !str_ieqs(str_of(items[j]->id), str_of(items[i]->id)))
			j++;
		if (j == m)
			items[m++] = items[i];
	}
	n = m;
	unsigned char *is_cited = xcalloc(n + 1, 1);
	for (size_t i = 0; i < n; i++) {
		const char *key = cited(items[i], aux);
		is_cited[i] = key != NULL;
		if (key)
			items[i]->id = key;
	}
	/* decide for all before moving any: the count reads the whole list */
	unsigned char *keep = xcalloc(n + 1, 1);
	for (size_t i = 0; i < n; i++) {
		int refs = 0;
		for (size_t j = 0; j < n && !is_cited[i]; j++)
			refs += is_cited[j] && items[j]->crossref &&
			        str_ieqs(str_of(items[j]->crossref), str_of(items[i]->id));
		keep[i] = is_cited[i] || refs >= MIN_CROSSREFS;
	}
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (keep[i])
			items[k++] = items[i];
	free(keep);
	free(is_cited);
	return k;
}

/* The items with a stand-in for each key the run cites that no entry
 * has: bibtex writes nothing for it and LaTeX prints "?" at the
 * citation, but a bibliography that leaves it out in silence hides the
 * loss (the .aux reader has warned about it).  The stand-in prints "??"
 * and the key, where the entry would be.  A new list when there are
 * any, in b's arena. */
static struct csl_item **with_missing(struct cx_bib *b, struct csl_item **items, size_t *n,
                                      const struct cx_aux *aux)
{
	size_t nc = cx_aux_ncites(aux), extra = 0;
	struct csl_item **v = NULL;
	for (size_t c = 0; c < nc; c++) {
		const char *key = cx_aux_cite(aux, c);
		int found = !strcmp(key, "*");
		for (size_t i = 0; i < *n + extra && !found; i++)
			found = str_ieqs(str_of((i < *n ? items : v)[i]->id), str_of(key));
		if (found)
			continue;
		if (!v) {
			v = arena_alloc(&b->a, (*n + nc + 1) * sizeof *v);
			memcpy(v, items, *n * sizeof *v);
			items = v;
		}
		struct csl_item *it = arena_calloc(&b->a, sizeof *it);
		it->id = arena_strndup(&b->a, key, strlen(key));
		it->type = csl_type_lookup("document");
		it->s[CV_TITLE] = "??";
		it->missing = 1;
		v[*n + extra++] = it;
	}
	*n += extra;
	return items;
}

/* What a stand-in prints: "??" in bold and the key, after the number
 * its style's layout gave it in a margin of its own ("[2]"). */
static const char *missing_entry(struct arena *a, const char *rendered, const char *key)
{
	static const char left[] = {CM_ESC, CM_LEFT, 0}, off[] = {CM_ESC, CM_DISPLAY_OFF, 0};
	const char *l = strstr(rendered, left), *e = l ? strstr(l, off) : NULL;
	size_t keep = e ? (size_t)(e - rendered) + 2 : 0;
	char *m = arena_alloc(a, keep + strlen(key) + 16), *p = m;
	memcpy(p, rendered, keep);
	p += keep;
	if (keep)
		*p++ = CM_ESC, *p++ = CM_RIGHT;
	*p++ = CX_M_BOLD_ON;
	*p++ = '?', *p++ = '?';
	*p++ = CX_M_BOLD_OFF;
	*p++ = ' ';
	strcpy(p, key);
	p += strlen(key);
	if (keep)
		*p++ = CM_ESC, *p++ = CM_DISPLAY_OFF;
	*p = 0;
	return m;
}

/* The layout of the bibliography of the items added, into o. */
static void bib_write(struct cx_bib *b, struct cx_out *o, const struct cx_bib_options *opt)
{
	const struct cx_style *c = b->s;
	const struct cx_aux *aux = opt->aux;
	int format = (int)opt->format, group_by = (int)opt->group;
	struct arena a = {0};
	if (!b->items)
		b->items = xmalloc(sizeof *b->items);
	struct csl_item **items = b->items;
	size_t k = b->nitems;
	if (aux) {
		k = bibtex_listed(items, k, aux);
		items = with_missing(b, items, &k, aux);
	}
	if (format != OF_LATEX) {
		struct cx_diags d = context_diags(b->cx, NULL);
		struct csl_unraw u = {.a = &b->a, .defs = &b->defs, .d = &d};
		for (size_t i = 0; i < k; i++)
			csl_item_unraw(&u, items[i]);
		strset_free(&u.warned);
	}
	struct csl_session *S = csl_session_new(c->st, &c->L);
	csl_session_items(S, items, k);
	int numeric = csl_node_any(c->st->cit.layout, is_citation_number);
	if (aux && numeric) {
		struct csl_item **order = xmalloc((k + 1) * sizeof *order);
		cite_order(items, k, aux, order);
		csl_session_cited(S, order, k);
		free(order);
	}
	csl_session_highlight(S, opt->highlight);
	csl_session_tagged(S, format == OF_TAGGED);
	csl_session_prepare(S);
	size_t nb = csl_bib_count(S);
	struct grouped *g = xmalloc((nb + 1) * sizeof *g);
	char heading[64];
	for (size_t i = 0; i < nb; i++) {
		const struct csl_item *it = csl_bib_item(S, i);
		g[i] = (struct grouped){i, group_by ? group_of(it, group_by == 2, heading, sizeof heading) : 0};
	}
	if (group_by)
		qsort(g, nb, sizeof *g, by_group);
	int open = 0, open_g = 0, first = 1;
	for (size_t j = 0; j < nb; j++) {
		const struct csl_item *it = csl_bib_item(S, g[j].i);
		int new_group = group_by && (j == 0 || g[j].g != g[j - 1].g);
		if (new_group)
			csl_session_new_list(S);
		const char *s = csl_bib_entry(S, g[j].i, NULL);
		if (it->missing)
			s = missing_entry(&a, s, it->id);
		if (!*s)
			continue; /* an entry the style gives no text, as citeproc-js leaves it out */
		/* the first entry with text opens the list, or its group's */
		if (!open || (group_by && g[j].g != open_g)) {
			if (open && format == OF_HTML)
				out_puts(o, "</div>\n");
			if (open && format == OF_LATEX)
				out_puts(o, "\\end{thebibliography}\n\n");
			const char *h = NULL;
			if (group_by) {
				group_of(it, group_by == 2, heading, sizeof heading);
				h = heading;
				if (format != OF_LATEX)
					heading_out(o, format, h, !open);
			}
			if (format == OF_HTML)
				out_puts(o, "<div class=\"csl-bib-body\">\n");
			if (format == OF_LATEX)
				latex_begin(o, nb, h, first ? &b->preamble : NULL);
			first = 0;
			open = 1;
			open_g = g[j].g;
		}
		entry_out(c, format, o, s, it, numeric, &a);
	}
	if (open && format == OF_HTML)
		out_puts(o, "</div>\n");
	if (format == OF_LATEX) {
		if (!open)
			latex_begin(o, 0, NULL, &b->preamble);
		out_puts(o, "\\end{thebibliography}\n");
	}
	free(g);
	csl_session_free(S);
	arena_destroy(&a);
}

/* ---- a whole page (--standalone) ------------------------------------------------- */

static const char page_html[] = {
#include "csl_page.inc"
};
static const char page_css[] = {
#include "csl_css.inc"
};

/* The page of styles/standalone.html up to its @BODY@ (part 0) or after
 * it (part 1), its other @NAME@s filled in. */
static void page_part(struct cx_bib *b, struct cx_out *o, int part)
{
	const struct csl_style *st = b->s->st;
	const char *p = page_html, *body = strstr(page_html, "@BODY@");
	const char *end = body ? body : p + strlen(p);
	if (part) {
		p = body ? body + 6 : end;
		end = p + strlen(p);
	}
	char title[128];
	const char *t = csl_term_text(&b->s->L, "reference", TF_LONG, 1);
	snprintf(title, sizeof title, "%s", *t ? t : "references");
	if (title[0] >= 'a' && title[0] <= 'z')
		title[0] = (char)(title[0] - 'a' + 'A');
	while (p < end) {
		const char *at = memchr(p, '@', (size_t)(end - p));
		if (!at) {
			out_write(o, p, (size_t)(end - p));
			break;
		}
		out_write(o, p, (size_t)(at - p));
		if (!strncmp(at, "@TITLE@", 7)) {
			csl_out(o, title, OF_HTML, NULL);
			p = at + 7;
		} else if (!strncmp(at, "@LANG@", 6)) {
			out_puts(o, b->s->L.lang ? b->s->L.lang : "en-US");
			p = at + 6;
		} else if (!strncmp(at, "@CSS@", 5)) {
			out_puts(o, page_css);
			p = at + 5;
		} else if (!strncmp(at, "@CLASS@", 7)) {
			/* what the style's cs:bibliography asks of the layout */
			int hang = st->bib.hanging_indent, sfa = st->bib.second_field_align != SFA_NONE;
			out_puts(o, hang ? "hanging-indent" : "");
			out_puts(o, hang && sfa ? " " : "");
			out_puts(o, sfa ? "second-field-align" : "");
			p = at + 7;
		} else {
			out_putc(o, '@');
			p = at + 1;
		}
	}
}

int cx_bib_write(struct cx_bib *b, FILE *f, const struct cx_bib_options *opt)
{
	struct cx_out o;
	out_init(&o, f, b->opt);
	int page = opt->standalone && opt->format == CX_BIB_HTML;
	if (page)
		page_part(b, &o, 0);
	bib_write(b, &o, opt);
	if (page)
		page_part(b, &o, 1);
	int err = out_flush(&o);
	out_free(&o);
	return err;
}
