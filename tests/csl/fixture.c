/* tests/csl/fixture.c - csl-fixture: run one fixture of the CSL test suite.
 *
 *   csl-fixture [--locales DIR] FIXTURE.txt
 *
 * A fixture holds sections between ">>===== NAME =====>>" and
 * "<<===== NAME =====<<" lines: MODE (citation or bibliography), CSL (the
 * style), INPUT (CSL-JSON items), and optionally CITATION-ITEMS (arrays of
 * cites) or CITATIONS (citeproc-js citation clusters).  The program prints
 * what the RESULT section should hold, in citeproc-js's HTML, and ignores
 * any RESULT present.  The items go through citex's own CSL-JSON reader
 * and entry model, as any input does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "citex.h"
#include "core/arena.h"
#include "core/utf8.h"
#include "csl/csl.h"
#include "csl/load.h"
#include "model/model.h"

/* ---- sections ---------------------------------------------------------------- */

struct section {
	char name[32];
	const char *p;
	size_t n;
};

static size_t sections(char *text, struct section *v, size_t max)
{
	size_t k = 0;
	char *p = text;
	while (p && *p && k < max) {
		char *line = p;
		char *nl = strchr(p, '\n');
		p = nl ? nl + 1 : NULL;
		if (strncmp(line, ">>=", 3))
			continue;
		char *s = line + 2;
		while (*s == '=')
			s++;
		while (*s == ' ')
			s++;
		size_t nn = 0;
		while (s[nn] && s[nn] != ' ' && s[nn] != '=' && nn < sizeof v[k].name - 1)
			nn++;
		memcpy(v[k].name, s, nn);
		v[k].name[nn] = 0;
		char *body = p;
		char *end = body;
		while (end && *end && strncmp(end, "<<=", 3)) {
			char *e = strchr(end, '\n');
			end = e ? e + 1 : end + strlen(end);
		}
		v[k].p = body ? body : "";
		v[k].n = body ? (size_t)(end - body) : 0;
		k++;
		p = end;
	}
	return k;
}

static const struct section *find(const struct section *v, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i].name, name))
			return &v[i];
	return NULL;
}

/* ---- a little JSON, for the cites ------------------------------------------------- */

enum jt { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };
struct jv {
	enum jt t;
	char *s;           /* string, or number text */
	struct jv *v;      /* array elements or object values */
	char **k;          /* object keys */
	size_t n;
	int b;
};

static const char *ws(const char *p)
{
	while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')
		p++;
	return p;
}

static const char *jparse(struct arena *a, const char *p, struct jv *out, int depth);

static const char *jstring(struct arena *a, const char *p, char **out)
{
	struct buf b = {0};
	p++;
	while (*p && *p != '"') {
		if (*p == '\\' && p[1]) {
			p++;
			char c = *p;
			if (c == 'n') c = '\n';
			else if (c == 't') c = '\t';
			else if (c == 'u') {
				unsigned cp = (unsigned)strtoul((char[5]){p[1], p[2], p[3], p[4], 0}, NULL, 16);
				p += 4;
				utf8_append(&b, (int32_t)cp);
				p++;
				continue;
			}
			buf_putc(&b, c);
			p++;
			continue;
		}
		buf_putc(&b, *p++);
	}
	*out = arena_strndup(a, b.p ? b.p : "", b.n);
	buf_free(&b);
	return *p ? p + 1 : p;
}

static const char *jlist(struct arena *a, const char *p, struct jv *out, int obj, int depth)
{
	size_t cap = 8;
	out->v = arena_alloc(a, cap * sizeof *out->v);
	out->k = arena_alloc(a, cap * sizeof *out->k);
	p = ws(p + 1);
	char close = obj ? '}' : ']';
	while (*p && *p != close) {
		if (out->n == cap) {
			out->v = arena_grow(a, out->v, sizeof *out->v, out->n, cap * 2);
			out->k = arena_grow(a, out->k, sizeof *out->k, out->n, cap * 2);
			cap *= 2;
		}
		if (obj) {
			p = jstring(a, ws(p), &out->k[out->n]);
			p = ws(p);
			if (*p == ':')
				p++;
		}
		p = jparse(a, p, &out->v[out->n], depth + 1);
		out->n++;
		p = ws(p);
		if (*p == ',')
			p = ws(p + 1);
	}
	return *p ? p + 1 : p;
}

static const char *jparse(struct arena *a, const char *p, struct jv *out, int depth)
{
	memset(out, 0, sizeof *out);
	p = ws(p);
	if (depth > 64)
		return p + strlen(p);
	if (*p == '"') {
		out->t = J_STR;
		return jstring(a, p, &out->s);
	}
	if (*p == '[' || *p == '{') {
		out->t = *p == '[' ? J_ARR : J_OBJ;
		return jlist(a, p, out, *p == '{', depth);
	}
	if (!strncmp(p, "true", 4) || !strncmp(p, "false", 5)) {
		out->t = J_BOOL;
		out->b = *p == 't';
		return p + (*p == 't' ? 4 : 5);
	}
	if (!strncmp(p, "null", 4))
		return p + 4;
	const char *s = p;
	while (*p && (*p == '-' || *p == '.' || (*p >= '0' && *p <= '9') || *p == 'e' || *p == 'E' || *p == '+'))
		p++;
	out->t = J_NUM;
	out->s = arena_strndup(a, s, (size_t)(p - s));
	return p == s ? p + 1 : p;
}

static const struct jv *member(const struct jv *o, const char *k)
{
	if (!o || o->t != J_OBJ)
		return NULL;
	for (size_t i = 0; i < o->n; i++)
		if (!strcmp(o->k[i], k))
			return &o->v[i];
	return NULL;
}

static const char *text_of(const struct jv *v)
{
	return v && (v->t == J_STR || v->t == J_NUM) ? v->s : NULL;
}

/* ---- items ---------------------------------------------------------------------- */

struct run {
	struct arena a;
	struct cx_entry **entries;
	size_t n, cap;
	struct csl_item **items;
};

static void on_entry(void *ctx, const struct cx_entry *e)
{
	struct run *R = ctx;
	if (R->n == R->cap) {
		R->cap = R->cap ? 2 * R->cap : 16;
		R->entries = xrealloc(R->entries, R->cap * sizeof *R->entries);
	}
	R->entries[R->n++] = model_copy_entry(&R->a, e);
}

static struct csl_item *by_id(struct run *R, const char *id)
{
	for (size_t i = 0; i < R->n; i++)
		if (!strcmp(R->items[i]->id, id))
			return R->items[i];
	return NULL;
}

static size_t cites_of(struct run *R, const struct jv *arr, struct csl_cite *out, size_t max)
{
	size_t k = 0;
	for (size_t i = 0; arr && arr->t == J_ARR && i < arr->n && k < max; i++) {
		const struct jv *c = &arr->v[i];
		const char *id = text_of(member(c, "id"));
		struct csl_item *it = id ? by_id(R, id) : NULL;
		if (!it)
			continue;
		struct csl_cite *x = &out[k++];
		memset(x, 0, sizeof *x);
		x->item = it;
		x->locator = text_of(member(c, "locator"));
		x->label = text_of(member(c, "label"));
		x->prefix = text_of(member(c, "prefix"));
		x->suffix = text_of(member(c, "suffix"));
		const struct jv *b = member(c, "suppress-author");
		x->suppress_author = b && (b->t == J_BOOL ? b->b : b->t == J_NUM && atoi(b->s));
		b = member(c, "author-only");
		x->author_only = b && (b->t == J_BOOL ? b->b : b->t == J_NUM && atoi(b->s));
		const char *pos = text_of(member(c, "position"));
		x->position = pos ? atoi(pos) : -1;
		if (x->position > 3)
			x->position = -1;
		const struct jv *nn = member(c, "near-note");
		x->near_note = nn && nn->t == J_BOOL && nn->b;
	}
	return k;
}

static void print(struct buf *b, const char *s, const struct csl_locale *L)
{
	b->n = 0;
	csl_out_buf(b, s, OF_HTML, L);
	fwrite(b->p, 1, b->n, stdout);
}

static void mark_cited(struct run *R, struct csl_item **order, size_t *no, struct csl_item *it)
{
	for (size_t i = 0; i < *no; i++)
		if (order[i] == it)
			return;
	order[(*no)++] = it;
	(void)R;
}

/* ---- integration fixtures ----------------------------------------------------------
 * CITATIONS holds calls [citation, citationsPre, citationsPost]: each
 * sets the document to the citations before, the new one, and those
 * after.  As citeproc-js's runner does, every call renders the document
 * anew from the items it cites; a citation whose text the call changed
 * (or that it added) is marked ">>", the others "..". */

struct doccite {
	const char *id;
	const struct jv *c;     /* the citation object */
	int note;
	char *text;
	int changed;
};

struct doc {
	struct doccite *v;
	size_t n;
	const struct jv **known; /* citation objects by the latest call that gave them */
	char **ids;              /* and their ids: one made up for a citation without */
	size_t nknown;
};

static const struct jv *known_citation(struct doc *D, const char *id)
{
	for (size_t i = D->nknown; i-- > 0;)
		if (!strcmp(D->ids[i], id))
			return D->known[i];
	return NULL;
}

static int note_of(const struct jv *c, int dflt)
{
	const char *nn = text_of(member(member(c, "properties"), "noteIndex"));
	return nn ? atoi(nn) : dflt;
}

/* The session over the items the citations cite, in the order first cited. */
static struct csl_session *doc_session(struct run *R, const struct csl_style *st,
                                       const struct csl_locale *L, struct doccite *v, size_t n,
                                       struct csl_item **order, int all)
{
	struct csl_session *S = csl_session_new(st, L);
	csl_session_items(S, R->items, R->n);
	struct csl_cite cv[256];
	size_t no = 0;
	for (size_t i = 0; i < n; i++) {
		size_t k = cites_of(R, member(v[i].c, "citationItems"), cv, 256);
		for (size_t j = 0; j < k; j++)
			mark_cited(R, order, &no, cv[j].item);
	}
	for (size_t i = 0; all && i < R->n; i++)
		mark_cited(R, order, &no, R->items[i]);
	csl_session_cited(S, order, no);
	csl_session_prepare(S);
	return S;
}

static void doc_call(struct run *R, struct doc *D, const struct jv *call, const struct csl_style *st,
                     const struct csl_locale *L, struct csl_item **order)
{
	if (!call || call->t != J_ARR || call->n < 1)
		return;
	const struct jv *c = &call->v[0];
	/* a citation without an id is still rendered, as citeproc-js gives
	 * it one of its own */
	char made[32];
	const char *cid = text_of(member(c, "citationID"));
	if (!cid) {
		snprintf(made, sizeof made, "CITATION-%zu", D->nknown + 1);
		cid = made;
	}
	D->known = xrealloc(D->known, (D->nknown + 1) * sizeof *D->known);
	D->ids = xrealloc(D->ids, (D->nknown + 1) * sizeof *D->ids);
	D->ids[D->nknown] = xstrdup(cid);
	cid = D->ids[D->nknown];
	D->known[D->nknown++] = c;
	struct doccite *nv = xcalloc(D->n + 2 + (call->n > 1 ? call->v[1].n : 0) +
	                             (call->n > 2 ? call->v[2].n : 0), sizeof *nv);
	size_t nn = 0;
	for (int side = 1; side <= 2; side++) {
		if (side == 2)
			nv[nn++] = (struct doccite){cid, c, note_of(c, 0), NULL, 0};
		const struct jv *lst = call->n > (size_t)side ? &call->v[side] : NULL;
		for (size_t i = 0; lst && lst->t == J_ARR && i < lst->n; i++) {
			const struct jv *pair = &lst->v[i];
			const char *id = pair->t == J_ARR && pair->n ? text_of(&pair->v[0]) : NULL;
			const struct jv *obj = id ? known_citation(D, id) : NULL;
			if (!obj)
				continue;
			const char *nt = pair->n > 1 ? text_of(&pair->v[1]) : NULL;
			nv[nn++] = (struct doccite){id, obj, nt ? atoi(nt) : 0, NULL, 0};
		}
	}
	struct csl_session *S = doc_session(R, st, L, nv, nn, order, 0);
	struct buf out = {0};
	struct csl_cite cv[256];
	for (size_t i = 0; i < nn; i++) {
		size_t k = cites_of(R, member(nv[i].c, "citationItems"), cv, 256);
		out.n = 0;
		csl_out_buf(&out, csl_cite(S, cv, k, nv[i].note), OF_HTML, L);
		nv[i].text = xmalloc(out.n + 1);
		memcpy(nv[i].text, out.p ? out.p : "", out.n);
		nv[i].text[out.n] = 0;
		nv[i].changed = 1;
		for (size_t j = 0; j < D->n; j++)
			if (!strcmp(D->v[j].id, nv[i].id) && strcmp(D->v[j].text, nv[i].text) == 0 &&
			    strcmp(nv[i].id, cid))
				nv[i].changed = 0;
	}
	buf_free(&out);
	csl_session_free(S);
	for (size_t j = 0; j < D->n; j++)
		free(D->v[j].text);
	free(D->v);
	D->v = nv;
	D->n = nn;
}

static void doc_free(struct doc *D)
{
	for (size_t j = 0; j < D->n; j++)
		free(D->v[j].text);
	free(D->v);
	for (size_t i = 0; i < D->nknown; i++)
		free(D->ids[i]);
	free(D->ids);
	free(D->known);
}

static int run_fixture(const char *path, const char *locales)
{
	struct buf file = {0}, out = {0};
	if (csl_read_file(path, &file) < 0) {
		fprintf(stderr, "csl-fixture: cannot read %s\n", path);
		return 2;
	}
	struct section sec[32];
	char *text = file.p;
	if (file.n >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
		text += 3; /* a byte-order mark */
	size_t ns = sections(text, sec, 32);
	const struct section *mode = find(sec, ns, "MODE"), *csl = find(sec, ns, "CSL"),
	                     *input = find(sec, ns, "INPUT");
	if (!mode || !csl || !input) {
		fprintf(stderr, "csl-fixture: %s: MODE, CSL or INPUT missing\n", path);
		return 2;
	}
	char err[4096];
	struct csl_style *st = csl_style_load(csl->p, csl->n, path, err, sizeof err);
	if (!st) {
		fprintf(stderr, "csl-fixture: %s: %s\n", path, err);
		return 2;
	}
	struct run R = {0};
	struct csl_locale L;
	csl_locale_open(&L, st, NULL, locales);
	struct cx_options opt = {0};
	struct cx_context *cx = cx_context_new(&opt);
	cx_read(cx, cx_reader_find("csl-json"), NULL, path, input->p, input->n, on_entry, &R, NULL);
	cx_context_free(cx);
	R.items = xmalloc((R.n + 1) * sizeof *R.items);
	for (size_t i = 0; i < R.n; i++) {
		R.items[i] = arena_alloc(&R.a, sizeof *R.items[i]);
		csl_item_from_entry(&R.a, R.items[i], R.entries[i], &opt);
	}
	struct arena ja = {0};
	struct jv cites = {0}, clusters = {0};
	const struct section *ci = find(sec, ns, "CITATION-ITEMS"), *cl = find(sec, ns, "CITATIONS");
	if (ci) {
		char *t = arena_strndup(&ja, ci->p, ci->n);
		jparse(&ja, t, &cites, 0);
	}
	if (cl) {
		char *t = arena_strndup(&ja, cl->p, cl->n);
		jparse(&ja, t, &clusters, 0);
	}
	struct csl_item **order = xmalloc((R.n + 1) * sizeof *order);
	struct csl_cite cv[256];
	int bib = !strncmp(mode->p, "bibliography", 12);
	struct doc D = {0};
	struct csl_session *S;
	if (cl && clusters.t == J_ARR) {
		for (size_t i = 0; i < clusters.n; i++)
			doc_call(&R, &D, &clusters.v[i], st, &L, order);
		/* the bibliography of a document holds the items it cites */
		S = doc_session(&R, st, &L, D.v, D.n, order, 0);
		for (size_t i = 0; bib && i < D.n; i++) {
			size_t k = cites_of(&R, member(D.v[i].c, "citationItems"), cv, 256);
			csl_cite(S, cv, k, D.v[i].note);
		}
	} else {
		/* numbering follows the first cites, then input order */
		size_t no = 0;
		for (size_t i = 0; ci && cites.t == J_ARR && i < cites.n; i++) {
			size_t k = cites_of(&R, &cites.v[i], cv, 256);
			for (size_t j = 0; j < k; j++)
				mark_cited(&R, order, &no, cv[j].item);
		}
		for (size_t i = 0; i < R.n; i++)
			mark_cited(&R, order, &no, R.items[i]);
		S = csl_session_new(st, &L);
		csl_session_items(S, R.items, R.n);
		csl_session_cited(S, order, no);
		csl_session_prepare(S);
	}
	if (bib) {
		printf("<div class=\"csl-bib-body\">\n");
		for (size_t i = 0; i < csl_bib_count(S); i++) {
			const char *s = csl_bib_entry(S, i, NULL);
			if (!*s)
				continue; /* as the command line: no entry for no text */
			printf("  <div class=\"csl-entry\">");
			print(&out, s, &L);
			printf("</div>\n");
		}
		printf("</div>\n");
	} else if (cl && clusters.t == J_ARR) {
		for (size_t i = 0; i < D.n; i++)
			printf("%s[%zu] %s\n", D.v[i].changed ? ">>" : "..", i, D.v[i].text);
	} else if (ci && cites.t == J_ARR) {
		for (size_t i = 0; i < cites.n; i++) {
			size_t k = cites_of(&R, &cites.v[i], cv, 256);
			print(&out, csl_cite(S, cv, k, (int)i + 1), &L);
			printf("\n");
		}
	} else {
		/* one citation of every item, in the order of the bibliography */
		size_t k = 0;
		for (size_t i = 0; i < csl_bib_count(S) && k < 256; i++)
			cv[k++] = (struct csl_cite){.item = (struct csl_item *)csl_bib_item(S, i), .position = -1};
		print(&out, csl_cite(S, cv, k, 1), &L);
		printf("\n");
	}
	doc_free(&D);
	csl_session_free(S);
	csl_locale_free(&L);
	csl_style_free(st);
	arena_destroy(&ja);
	arena_destroy(&R.a);
	free(R.entries);
	free(R.items);
	free(order);
	buf_free(&file);
	buf_free(&out);
	return 0;
}

int main(int argc, char **argv)
{
	const char *locales = "../shared/corpora/csl-locales";
	int i = 1;
	if (i + 1 < argc && !strcmp(argv[i], "--locales")) {
		locales = argv[i + 1];
		i += 2;
	}
	if (i >= argc) {
		fprintf(stderr, "usage: csl-fixture [--locales DIR] FIXTURE.txt\n");
		return 2;
	}
	return run_fixture(argv[i], locales);
}
