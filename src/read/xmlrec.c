/* read/xmlrec.c - XML records streamed through expat (read/xmlrec.h).
 *
 * expat calls back for every start tag, end tag and run of characters.
 * Outside a record nothing is kept; inside one, elements and text runs
 * become nodes of a tree in the record's arena, which is reset once the
 * record has been handed on.  Input is held only while expat reads it;
 * after a syntax error the input from the error on is searched for the
 * next start tag of the element the last record had, and a new parser
 * starts there under a made-up root. */
#include <expat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/str.h"
#include "read/xmlrec.h"

#define CHUNK 65536
#define MAX_DEPTH 256
#define MAX_NODES ((size_t)1 << 20)
static const char resume_root[] = "<citex-resume>";

/* ---- the tree ---------------------------------------------------------------- */

const char *xrec_attr(const struct xnode *n, const char *name)
{
	for (const char **a = n->attr; a && a[0]; a += 2)
		if (!strcmp(a[0], name))
			return a[1];
	return NULL;
}

const struct xnode *xrec_child(const struct xnode *n, const char *name)
{
	for (const struct xnode *k = n->kids; k; k = k->next)
		if (k->name && !strcmp(k->name, name))
			return k;
	return NULL;
}

/* Inline markup, not structure: EndNote's <style>, HTML's in PubMed. */
static int inline_element(const char *name)
{
	static const char *const inl[] = {"style", "i", "b", "em", "strong", "sup", "sub", "u",
	                                  "sc", "span"};
	for (size_t i = 0; i < sizeof inl / sizeof *inl; i++)
		if (!strcmp(name, inl[i]))
			return 1;
	return 0;
}

int xrec_has_elements(const struct xnode *n)
{
	for (const struct xnode *k = n->kids; k; k = k->next)
		if (k->name && !inline_element(k->name))
			return 1;
	return 0;
}

static void text_into(struct buf *b, const struct xnode *n)
{
	for (const struct xnode *k = n->kids; k; k = k->next) {
		if (!k->name)
			buf_put(b, k->text.p, k->text.n);
		else
			text_into(b, k);
	}
}

cx_str xrec_text(struct arena *a, const struct xnode *n)
{
	/* Most elements hold one run of text: no copy. */
	if (n->kids && !n->kids->next && !n->kids->name)
		return n->kids->text;
	struct buf b = {0};
	text_into(&b, n);
	cx_str r = arena_str(a, b.p ? b.p : "", b.n);
	buf_free(&b);
	return r;
}

/* The marks an inline element stands for (up to four, on then off). */
static size_t marks_of(const struct xnode *n, unsigned char *on)
{
	static const struct {
		const char *name;
		unsigned char mark;
	} html[] = {
		{"i", CX_M_ITALIC_ON},  {"em", CX_M_ITALIC_ON},  {"b", CX_M_BOLD_ON},
		{"strong", CX_M_BOLD_ON}, {"sup", CX_M_SUP_ON},  {"sub", CX_M_SUB_ON},
	};
	for (size_t i = 0; i < sizeof html / sizeof *html; i++)
		if (!strcmp(n->name, html[i].name))
			return on[0] = html[i].mark, 1;
	if (strcmp(n->name, "style"))
		return 0;
	const char *face = xrec_attr(n, "face");
	size_t k = 0;
	if (face && strstr(face, "italic"))
		on[k++] = CX_M_ITALIC_ON;
	if (face && strstr(face, "bold"))
		on[k++] = CX_M_BOLD_ON;
	if (face && strstr(face, "superscript"))
		on[k++] = CX_M_SUP_ON;
	if (face && strstr(face, "subscript"))
		on[k++] = CX_M_SUB_ON;
	return k;
}

static void rich_into(struct buf *b, const struct xnode *n, int depth)
{
	for (const struct xnode *k = n->kids; k; k = k->next) {
		if (!k->name) {
			buf_put(b, k->text.p, k->text.n);
			continue;
		}
		unsigned char on[4];
		size_t nm = depth < 16 ? marks_of(k, on) : 0;
		for (size_t i = 0; i < nm; i++)
			buf_putc(b, on[i]);
		rich_into(b, k, depth + 1);
		for (size_t i = nm; i-- > 0;)
			buf_putc(b, on[i] + 1);
	}
}

cx_str xrec_rich(struct arena *a, const struct xnode *n)
{
	if (n->kids && !n->kids->next && !n->kids->name)
		return n->kids->text;
	struct buf b = {0};
	rich_into(&b, n, 0);
	cx_str r = arena_str(a, b.p ? b.p : "", b.n);
	buf_free(&b);
	return r;
}

/* One step "name[attr=value]" of a key against an element. */
static int step_match(const char *s, size_t n, const struct xnode *e)
{
	const char *br = memchr(s, '[', n);
	size_t nl = br ? (size_t)(br - s) : n;
	if (strlen(e->name) != nl || memcmp(e->name, s, nl))
		return 0;
	if (!br)
		return 1;
	const char *eq = memchr(br, '=', n - nl);
	if (!eq || s[n - 1] != ']')
		return 0;
	char an[32];
	size_t al = (size_t)(eq - br - 1);
	if (al >= sizeof an)
		return 0;
	memcpy(an, br + 1, al);
	an[al] = 0;
	const char *v = xrec_attr(e, an);
	size_t vl = (size_t)(s + n - 1 - eq - 1);
	return v && strlen(v) == vl && !memcmp(v, eq + 1, vl);
}

int xrec_path_match(const char *key, const struct xnode *const *stack, size_t depth)
{
	size_t i = 0;
	const char *s = key;
	for (;;) {
		const char *sl = strchr(s, '/');
		size_t n = sl ? (size_t)(sl - s) : strlen(s);
		if (i >= depth || !step_match(s, n, stack[i]))
			return 0;
		i++;
		if (!sl)
			return i == depth;
		s = sl + 1;
	}
}

/* ---- building ------------------------------------------------------------------- */

static const char *local(const char *name)
{
	const char *c = strrchr(name, ':');
	return c ? c + 1 : name;
}

static void position(struct xrec_reader *X, unsigned *line, unsigned *col)
{
	XML_Parser p = X->parser;
	unsigned long l = XML_GetCurrentLineNumber(p), c = XML_GetCurrentColumnNumber(p);
	if (l == 1)
		c = c + X->col0 >= X->prefix ? c + X->col0 - X->prefix : 0;
	*line = (unsigned)(X->line0 + l);
	*col = (unsigned)c + 1;
}

static void flush_text(struct xrec_reader *X)
{
	if (!X->text.n)
		return;
	if (X->cur && !X->broken) {
		struct xnode *t = arena_calloc(&X->a, sizeof *t);
		t->text = arena_str(&X->a, X->text.p, X->text.n);
		if (X->cur->last)
			X->cur->last->next = t;
		else
			X->cur->kids = t;
		X->cur->last = t;
	}
	buf_clear(&X->text);
}

static void XMLCALL on_start(void *ud, const XML_Char *name, const XML_Char **atts)
{
	struct xrec_reader *X = ud;
	X->depth++;
	unsigned line, col;
	if (!X->rec_depth) {
		buf_clear(&X->text);
		position(X, &line, &col);
		if (!X->is_record(X->ctx, local(name), X->depth, line, col))
			return;
		X->rec_depth = X->depth;
		free(X->rec_name);
		X->rec_name = xstrdup(name);
		X->nodes = 0;
		X->broken = 0;
	} else {
		flush_text(X);
		position(X, &line, &col);
	}
	if (X->broken)
		return;
	if (X->depth - X->rec_depth > MAX_DEPTH || ++X->nodes > MAX_NODES) {
		diag_report(X->diags, CX_ERROR, CX_E_LIMIT, line, col,
		            "XML record over %d levels deep or %zu elements; skipped", MAX_DEPTH,
		            (size_t)MAX_NODES);
		X->broken = 1;
		return;
	}
	struct xnode *n = arena_calloc(&X->a, sizeof *n);
	n->name = arena_strndup(&X->a, local(name), strlen(local(name)));
	n->line = line;
	n->col = col;
	size_t na = 0;
	while (atts[na])
		na++;
	const char **a = arena_alloc(&X->a, (na + 1) * sizeof *a);
	for (size_t i = 0; i < na; i++) {
		const char *v = i % 2 ? atts[i] : local(atts[i]);
		a[i] = arena_strndup(&X->a, v, strlen(v));
	}
	a[na] = NULL;
	n->attr = a;
	n->parent = X->cur;
	if (X->cur) {
		if (X->cur->last)
			X->cur->last->next = n;
		else
			X->cur->kids = n;
		X->cur->last = n;
	}
	X->cur = n;
}

static void XMLCALL on_end(void *ud, const XML_Char *name)
{
	struct xrec_reader *X = ud;
	(void)name;
	size_t depth = X->depth--;
	if (!X->rec_depth)
		return;
	flush_text(X);
	if (!X->broken && X->cur) {
		if (depth == X->rec_depth)
			X->record(X->ctx, X->cur);
		X->cur = X->cur->parent;
	}
	if (depth == X->rec_depth) {
		X->rec_depth = 0;
		X->cur = NULL;
		X->nodes = 0;
		X->broken = 0;
		arena_reset(&X->a);
	}
}

static void XMLCALL on_text(void *ud, const XML_Char *s, int len)
{
	struct xrec_reader *X = ud;
	if (X->rec_depth && !X->broken)
		buf_put(&X->text, s, (size_t)len);
}

static void XMLCALL on_decl(void *ud, const XML_Char *version, const XML_Char *enc, int standalone)
{
	struct xrec_reader *X = ud;
	(void)version;
	(void)standalone;
	if (enc && !X->encoding)
		X->encoding = xstrdup(enc);
}

/* ---- input ------------------------------------------------------------------------- */

static int fill(struct xrec_reader *X)
{
	if (X->eof)
		return 0;
	if (X->bcap - X->blen < CHUNK) {
		X->bcap = X->bcap ? X->bcap * 2 : 2 * CHUNK;
		X->buf = xrealloc(X->buf, X->bcap);
	}
	size_t got = cx_input_read(X->in, X->buf + X->blen, CHUNK);
	if (!got)
		X->eof = 1;
	X->blen += got;
	return got > 0;
}

/* Drop the input before X->keep, counting its lines. */
static void trim(struct xrec_reader *X)
{
	if (X->keep <= X->off)
		return;
	size_t n = (size_t)(X->keep - X->off);
	if (n > X->fed)
		n = X->fed;
	for (size_t i = 0; i < n; i++)
		X->bline += X->buf[i] == '\n';
	memmove(X->buf, X->buf + n, X->blen - n);
	X->blen -= n;
	X->fed -= n;
	X->off += n;
}

static XML_Parser new_parser(struct xrec_reader *X)
{
	XML_Parser p = XML_ParserCreate(X->encoding);
	XML_SetUserData(p, X);
	XML_SetElementHandler(p, on_start, on_end);
	XML_SetCharacterDataHandler(p, on_text);
	XML_SetXmlDeclHandler(p, on_decl);
	X->parser = p;
	X->depth = 0;
	X->rec_depth = 0;
	X->cur = NULL;
	arena_reset(&X->a);
	buf_clear(&X->text);
	return p;
}

/* After a syntax error: the offset of the next start tag of the last
 * record's element after the error, read further as needed; sets the
 * reader up to parse from there.  0 when there is none. */
static int resume(struct xrec_reader *X, unsigned long long err)
{
	if (!X->rec_name)
		return 0;
	size_t k = strlen(X->rec_name);
	size_t i = err > X->off ? (size_t)(err - X->off) : 0;
	for (;;) {
		for (; i + k + 1 < X->blen; i++) {
			char after = X->buf[i + k + 1];
			if (X->buf[i] == '<' && !memcmp(X->buf + i + 1, X->rec_name, k) &&
			    (after == '>' || after == ' ' || after == '/' || after == '\t' ||
			     after == '\n' || after == '\r')) {
				size_t col = 0;
				while (col < i && X->buf[i - col - 1] != '\n')
					col++;
				X->keep = X->off + i;
				X->fed = X->blen; /* all of it may go up to i */
				trim(X);
				X->fed = 0;
				X->pstart = X->off;
				X->line0 = X->bline - 1;
				X->col0 = col;
				return 1;
			}
		}
		if (X->eof || !fill(X))
			return 0;
	}
}

/* ---- the loop ------------------------------------------------------------------------ */

int xrec_read(struct xrec_reader *X)
{
	X->bline = 1;
	XML_Parser p = new_parser(X);
	int failed = 0;
	for (;;) {
		if (X->fed == X->blen && !X->eof)
			fill(X);
		size_t n = X->blen - X->fed;
		int last = X->eof && !n;
		enum XML_Status st = XML_Parse(p, X->buf + X->fed, (int)n, last);
		X->fed += n;
		if (st == XML_STATUS_ERROR) {
			unsigned line, col;
			position(X, &line, &col);
			diag_report(X->diags, CX_ERROR, CX_E_SYNTAX, line, col, "XML: %s%s",
			            XML_ErrorString(XML_GetErrorCode(p)),
			            X->rec_depth ? "; the record is skipped" : "");
			long long idx = XML_GetCurrentByteIndex(p);
			unsigned long long err =
			    idx >= (long long)X->prefix ? X->pstart + (unsigned long long)idx - X->prefix
			                                : X->pstart;
			XML_ParserFree(p);
			X->parser = NULL;
			if (!resume(X, err + 1))
				break;
			p = new_parser(X);
			X->prefix = sizeof resume_root - 1;
			if (XML_Parse(p, resume_root, (int)X->prefix, 0) == XML_STATUS_ERROR)
				break;
			continue;
		}
		/* What expat has read it keeps what it needs of: a later error
		 * is searched for from its own position on. */
		X->keep = X->off + X->fed;
		trim(X);
		if (last)
			break;
	}
	if (X->parser)
		XML_ParserFree(X->parser);
	failed = X->in->error;
	arena_destroy(&X->a);
	buf_free(&X->text);
	free(X->buf);
	free(X->rec_name);
	free(X->encoding);
	return failed ? -1 : 0;
}
