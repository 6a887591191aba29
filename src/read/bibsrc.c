/* read/bibsrc.c - the tidy dialect of the BibTeX scanner and grammar: what
 * its rules (grammar/bibtex.l, the TD_ start conditions) and its grammar
 * actions (grammar/bibtex.y, `tfile`) do, and the reader that drives them.
 *
 * The rules follow bibtex-tidy 1.14.0's parser state by state (root, text,
 * block, raw block, key, field name, value, after a value, braced, quoted),
 * so that a file reads as bibtex-tidy reads it.  The helpers here only keep
 * where things start and hand the grammar views of the buffer; the grammar
 * actions collect those views into a struct bsrc_doc.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/ecma.h"
#include "core/str.h"
#include "read/bibsrc.h"
#include "read/bibtex.h"
#include "bibtex.tab.h"
#define YYSTYPE CX_YYSTYPE
#define YYLTYPE CX_YYLTYPE
#include "bibtex.lex.h"

/* ---- positions and errors ------------------------------------------------ */

void bsrc_position(const char *src, const char *p, unsigned *line, unsigned *col)
{
	unsigned l = 1, c = 1;
	for (const char *s = src; s < p; s++) {
		if (*s == '\n') {
			l++;
			c = 1;
		} else if (((unsigned char)*s & 0xC0) != 0x80) {
			c++;
		}
	}
	*line = l;
	*col = c;
}

static int td_error(struct cx_parser *P, const char *p, const char *fmt, const char *arg)
{
	unsigned line, col;
	bsrc_position(P->td->base, p, &line, &col);
	diag_report(&P->c->diags, CX_ERROR, CX_E_SYNTAX, line, col, fmt, arg);
	return TOK_TD_BAD;
}

/* The character at p (one to four bytes), for a message. */
static void char_at(const char *p, char out[5])
{
	unsigned char c = (unsigned char)*p;
	size_t n = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
	size_t k = 0;
	while (k < n && p[k])
		k++;
	memcpy(out, p, k);
	out[k] = 0;
	if (!k || (unsigned char)out[0] < ' ')
		snprintf(out, 5, "\\x%02X", c);
}

int td_bad(struct cx_parser *P, const char *p, const char *where)
{
	char c[5], fmt[160];
	char_at(p, c);
	snprintf(fmt, sizeof fmt, "unexpected '%%s' %s", where);
	return td_error(P, p, fmt, c);
}

int td_bad_key(struct cx_parser *P, const char *p)
{
	if (P->td->key_ended)
		return td_error(P, p, "%s", "white space in an entry key (or a missing ',' after it)");
	char c[5];
	char_at(p, c);
	return td_error(P, p, "'%s' cannot be part of an entry key", c);
}

int td_eof(struct cx_parser *P)
{
	const struct td_state *td = P->td;
	if (td->raw == BSRC_ENTRY && td->close == ')')
		return td_error(P, td->at, "%s",
		                "this entry is not closed at the end of the input (in an entry opened "
		                "with '(', a bare value takes the ')' after it as its own: brace it)");
	if (td->raw == BSRC_ENTRY)
		return td_error(P, td->at, "%s", "this entry is not closed at the end of the input");
	return td_error(P, td->at, "%s", "this block is not closed at the end of the input");
}

/* ---- text and blocks --------------------------------------------------------- */

void td_text_start(struct cx_parser *P, const char *p)
{
	P->td->text = p;
}

int td_opens(struct cx_parser *P, const char *at)
{
	return at[-1] == '}' || ecma_space_before(P->td->base, at) != 0;
}

int td_text_end(struct cx_parser *P, struct cx_val *lval, const char *end)
{
	if (!end)
		end = P->td->base + P->td->n;
	lval->s = (cx_str){P->td->text, (size_t)(end - P->td->text)};
	return TOK_TD_TEXT;
}

void td_block(struct cx_parser *P, const char *at)
{
	P->td->at = at;
}

int td_text_before(struct cx_parser *P, struct cx_val *lval, const char *at)
{
	if (!at)
		at = P->td->base + P->td->n;
	lval->s = (cx_str){P->td->at, (size_t)(at - P->td->at)};
	return TOK_TD_TEXT_MORE;
}

/* Does s hold white space? */
static int has_space(cx_str s)
{
	for (const char *p = s.p, *e = s.p + s.n; p < e; p++)
		if (ecma_space(p, e))
			return 1;
	return 0;
}

int td_block_open(struct cx_parser *P, struct cx_val *lval, const char *open)
{
	struct td_state *td = P->td;
	cx_str cmd = ecma_trim((cx_str){td->at + 1, (size_t)(open - td->at - 1)});
	if (!cmd.n || has_space(cmd)) {
		/* "@{" or "@two words{": text. */
		td->text = td->at;
		return 0;
	}
	td->braces = *open == '{';
	td->parens = *open == '(';
	if (str_ieq(cmd, "string") || str_ieq(cmd, "preamble") || str_ieq(cmd, "comment")) {
		td->raw = str_ieq(cmd, "string") ? BSRC_STRING
		          : str_ieq(cmd, "preamble") ? BSRC_PREAMBLE : BSRC_COMMENT;
		return 1;
	}
	td->raw = BSRC_ENTRY;
	td->close = *open == '{' ? '}' : ')';
	td->key = NULL;
	td->nkey = 0;
	td->key_ended = td->key_given = 0;
	td->name = NULL;
	lval->s = (cx_str){td->at, (size_t)(open + 1 - td->at)};
	return TOK_TD_ENTRY;
}

void td_text_from_block(struct cx_parser *P)
{
	P->td->text = P->td->at;
}

int td_raw_delim(struct cx_parser *P, char c)
{
	struct td_state *td = P->td;
	td->braces += c == '{' ? 1 : c == '}' ? -1 : 0;
	td->parens += c == '(' ? 1 : c == ')' ? -1 : 0;
	return !td->braces && !td->parens;
}

int td_raw_end(struct cx_parser *P, struct cx_val *lval, const char *end)
{
	struct td_state *td = P->td;
	lval->s = (cx_str){td->at, (size_t)(end - td->at)};
	return td->raw == BSRC_STRING ? TOK_TD_STRING : td->raw == BSRC_PREAMBLE ? TOK_TD_PREAMBLE
	                                                                         : TOK_TD_COMMENT;
}

/* ---- keys and fields ----------------------------------------------------------- */

void td_key_blank(struct cx_parser *P)
{
	if (P->td->key)
		P->td->key_ended = 1;
}

int td_key_pending(struct cx_parser *P, struct cx_val *lval)
{
	struct td_state *td = P->td;
	if (!td->key || td->key_given)
		return 0;
	td->key_given = 1;
	lval->s = (cx_str){td->key, td->nkey};
	return 1;
}

int td_closes(struct cx_parser *P, char c)
{
	return c == P->td->close;
}

/* A field name may hold any byte but these. */
static int field_name_ok(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strchr("=,{}()[]", s[i]) && s[i])
			return 0;
	return 1;
}

int td_key_is_field(struct cx_parser *P, struct cx_val *lval)
{
	struct td_state *td = P->td;
	if (!td->key || !field_name_ok(td->key, td->nkey))
		return 0;
	lval->s = (cx_str){td->key, td->nkey};
	td->key = NULL;
	td->nkey = 0;
	td->key_ended = 0;
	return 1;
}

int td_key_chars(struct cx_parser *P, const char *s, size_t n)
{
	struct td_state *td = P->td;
	if (td->key_ended)
		return td_bad_key(P, s);
	if (!td->key)
		td->key = s;
	td->nkey = (size_t)(s + n - td->key);
	return 0;
}

void td_field_reset(struct cx_parser *P)
{
	P->td->name = NULL;
}

void td_name_chars(struct cx_parser *P, const char *p)
{
	if (!P->td->name)
		P->td->name = p;
}

int td_name_pending(struct cx_parser *P)
{
	return P->td->name != NULL;
}

int td_field(struct cx_parser *P, struct cx_val *lval, const char *end)
{
	struct td_state *td = P->td;
	if (!td->name)
		return td_error(P, end, "%s", "a field has no name before its '='");
	cx_str name = ecma_trim((cx_str){td->name, (size_t)(end - td->name)});
	if (!name.n)
		return td_error(P, td->name, "%s", "a field name is only white space");
	td->name = NULL;
	lval->s = name;
	return TOK_TD_FIELD;
}

void td_value_start(struct cx_parser *P, const char *p)
{
	P->td->value = p;
	P->td->depth = 0;
}

int td_value_end(struct cx_parser *P, struct cx_val *lval, const char *end, int tok)
{
	lval->s = (cx_str){P->td->value, (size_t)(end - P->td->value)};
	return tok;
}

/* ---- grammar actions ------------------------------------------------------------ */

static struct bsrc_node *push_node(struct cx_parser *P, enum bsrc_kind kind, const char *at)
{
	struct bsrc_doc *d = P->td->doc;
	d->v = xgrow(d->v, &d->cap, d->n + 1, sizeof *d->v);
	struct bsrc_node *nd = &d->v[d->n++];
	memset(nd, 0, sizeof *nd);
	nd->kind = kind;
	nd->off = (size_t)(at - P->td->base);
	return nd;
}

void bsrc_text(struct cx_parser *P, cx_str s, int more)
{
	struct bsrc_doc *d = P->td->doc;
	if (!s.n)
		return;
	if (more && d->n && d->v[d->n - 1].kind == BSRC_TEXT) {
		/* "@word" before an '@' joins the text before it. */
		struct bsrc_node *nd = &d->v[d->n - 1];
		nd->text.n = (size_t)(s.p + s.n - nd->text.p);
		return;
	}
	push_node(P, BSRC_TEXT, s.p)->text = s;
}

/* The word after the '@' of s (which starts "@word" and runs to the
 * opening brace or parenthesis): set in nd, and where the opening is. */
static const char *block_word(struct bsrc_node *nd, cx_str s)
{
	const char *open = s.p + 1;
	while (*open != '{' && *open != '(')
		open++;
	nd->command = ecma_trim((cx_str){s.p + 1, (size_t)(open - s.p - 1)});
	return open;
}

void bsrc_raw(struct cx_parser *P, enum bsrc_kind kind, cx_str s)
{
	struct bsrc_node *nd = push_node(P, kind, s.p);
	const char *open = block_word(nd, s);
	nd->text = (cx_str){open, (size_t)(s.p + s.n - open)};
}

void bsrc_entry(struct cx_parser *P, cx_str s)
{
	struct bsrc_node *nd = push_node(P, BSRC_ENTRY, s.p);
	block_word(nd, s);
	P->td->entry_field = P->td->doc->nfields;
}

void bsrc_key(struct cx_parser *P, cx_str s)
{
	struct bsrc_doc *d = P->td->doc;
	d->v[d->n - 1].key = s;
	d->v[d->n - 1].has_key = 1;
}

void bsrc_field(struct cx_parser *P, cx_str name)
{
	struct bsrc_doc *d = P->td->doc;
	d->fields = xgrow(d->fields, &d->capfields, d->nfields + 1, sizeof *d->fields);
	d->fields[d->nfields++] = (struct bsrc_field){name, NULL, 0};
}

void bsrc_part(struct cx_parser *P, enum bsrc_part_kind kind, cx_str s)
{
	struct bsrc_doc *d = P->td->doc;
	d->parts = xgrow(d->parts, &d->capparts, d->nparts + 1, sizeof *d->parts);
	d->parts[d->nparts++] = (struct bsrc_part){s, kind};
	d->fields[d->nfields - 1].nparts++;
}

void bsrc_entry_end(struct cx_parser *P)
{
	struct bsrc_doc *d = P->td->doc;
	d->v[d->n - 1].nfields = d->nfields - P->td->entry_field;
}

void bsrc_unexpected(struct cx_parser *P, const char *what)
{
	diag_report(&P->c->diags, CX_ERROR, CX_E_SYNTAX, 0, 0, "unexpected %s", what);
}

/* ---- the reader ---------------------------------------------------------------- */

/* Fields and parts were collected in order: point each entry at its own. */
static void link_doc(struct bsrc_doc *d)
{
	size_t p = 0, f = 0; /* indexes: the arrays may be NULL */
	for (size_t i = 0; i < d->nfields; i++) {
		d->fields[i].parts = d->fields[i].nparts ? d->parts + p : NULL;
		p += d->fields[i].nparts;
	}
	for (size_t i = 0; i < d->n; i++) {
		if (d->v[i].kind != BSRC_ENTRY)
			continue;
		d->v[i].fields = d->v[i].nfields ? d->fields + f : NULL;
		f += d->v[i].nfields;
	}
}

int bsrc_parse(struct bsrc_doc *doc, char *src, size_t n, struct cx_diags *d)
{
	memset(doc, 0, sizeof *doc);
	struct cx_reader_ctx rc;
	memset(&rc, 0, sizeof rc);
	rc.diags = *d;
	struct cx_parser *P = xcalloc(1, sizeof *P);
	P->c = &rc;
	P->line = P->col = 1;
	struct td_state td;
	memset(&td, 0, sizeof td);
	td.base = src;
	td.n = n;
	td.doc = doc;
	P->td = &td;
	void *scanner = parser_scanner_new(P);
	cx_yy_scan_buffer(src, n + 2, scanner);
	bibtex_scan_tidy(scanner);
	int failed = cx_yyparse(scanner, P) != 0 || rc.diags.nerrors > d->nerrors;
	parser_scanner_free(scanner);
	parser_free(P);
	free(P);
	*d = rc.diags;
	link_doc(doc);
	return failed ? -1 : 0;
}

void bsrc_free(struct bsrc_doc *doc)
{
	free(doc->v);
	free(doc->fields);
	free(doc->parts);
	memset(doc, 0, sizeof *doc);
}
