/* read/bibtex_scan.c - what the rules of grammar/bibtex.l do with their matches.
 *
 * The rules decide what a token is; these helpers only take the matched
 * text apart where the rule fixed its shape (a simple field is ',', blanks,
 * a name, blanks, '=', blanks, one value and blanks), copy the text into
 * the entry arena, and keep the position.  None of them looks past the
 * match or at flex's buffer.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/bibtex.h"
#include "bibtex.tab.h"
#include "read/bibtex_xref.h"

/* WS in bibtex.l: a space, or \t \n \v \f \r (9 to 13). */
static int is_ws(char c)
{
	return c == ' ' || (unsigned char)(c - '\t') <= '\r' - '\t';
}

size_t scan_input(struct cx_parser *P, char *buf, size_t max)
{
	if (P->fetch)
		return xref_fetch_input(P, buf, max);
	if (xref_spooling(P))
		return xref_input(P, buf, max);
	return cx_input_read(P->in, buf, max);
}

void scan_fatal(const char *msg)
{
	fprintf(stderr, "citex: scanner: %s\n", msg);
	abort();
}

/* Text between entries: kept, with where it starts, until the next '@'. */
void scan_comment_text(struct cx_parser *P, const char *s, size_t n, const CX_YYLTYPE *loc)
{
	if (!P->tok.n) {
		P->tok_line = (unsigned)loc->first_line;
		P->tok_col = (unsigned)loc->first_column;
	}
	buf_put(&P->tok, s, n);
}

void scan_comment_end(struct cx_parser *P)
{
	/* Most text between entries is blank lines, which no entry keeps. */
	size_t i = 0;
	while (i < P->tok.n && is_ws(P->tok.p[i]))
		i++;
	if (i < P->tok.n) {
		cx_str s = parser_token(P, P->tok.p, P->tok.n);
		parser_comment(P, s, 1, P->tok_line, P->tok_col);
	}
	P->tok.n = 0;
}

void scan_start_value(struct cx_parser *P, const CX_YYLTYPE *loc)
{
	P->tok.n = 0;
	P->tok_line = (unsigned)loc->first_line;
	P->tok_col = (unsigned)loc->first_column;
	P->depth = 0;
}

/* A value token ends: its location spans from where it was opened. */
int scan_value(struct cx_parser *P, struct cx_val *lval, CX_YYLTYPE *loc, int tok)
{
	lval->s = parser_token(P, P->tok.p ? P->tok.p : "", P->tok.n);
	loc->first_line = (int)P->tok_line;
	loc->first_column = (int)P->tok_col;
	return tok;
}

int scan_comment_body(struct cx_parser *P, struct cx_val *lval, CX_YYLTYPE *loc)
{
	int t = scan_value(P, lval, loc, TOK_CBODY);
	P->tok.n = 0;
	return t;
}

/* ENTRYAT inside a value: the value lost its closing brace or quote. */
int scan_lost_close(struct cx_parser *P, int quote)
{
	P->tok.n = 0;
	if (quote)
		parser_diag(P, CX_ERROR, CX_E_UNBALANCED, P->tok_line, P->tok_col,
		            "unterminated quoted value: still open where the next entry starts (line %u)",
		            P->line);
	else
		parser_diag(P, CX_ERROR, CX_E_UNBALANCED, P->tok_line, P->tok_col,
		            "unbalanced braces: this value is still open where the next entry starts (line %u)",
		            P->line);
	return TOK_BAD;
}

int scan_open_at_end(struct cx_parser *P, int quote)
{
	if (quote)
		parser_diag(P, CX_ERROR, CX_E_UNBALANCED, P->tok_line, P->tok_col,
		            "unterminated quoted value at the end of the input");
	else
		parser_diag(P, CX_ERROR, CX_E_UNBALANCED, P->tok_line, P->tok_col,
		            "unbalanced braces: this value is still open at the end of the input");
	return TOK_EOF_IN_ENTRY;
}

/* The bytes of a name: NAMEC in bibtex.l. */
const unsigned char scan_namec[256] = {
	1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	0, 1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1,
	0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

/* Pass the blanks from s, moving the position. */
static const char *skip_ws(const char *s, unsigned *line, unsigned *col)
{
	for (; is_ws(*s); s++) {
		if (*s == '\n') {
			++*line;
			*col = 1;
		} else {
			++*col;
		}
	}
	return s;
}

/* The next slot of the row of simple fields; a row handed over before
 * is done with. */
static struct cx_tok *run_slot(struct cx_parser *P)
{
	if (P->run_out) {
		P->nrun = 0;
		P->run_out = 0;
	}
	if (P->nrun == P->run_cap) {
		P->run_cap = P->run_cap ? 2 * P->run_cap : 16;
		P->run = xrealloc(P->run, P->run_cap * sizeof *P->run);
	}
	return &P->run[P->nrun];
}

/* Move the position over one byte of blanks or ASCII. */
static void step(unsigned *line, unsigned *col, char c)
{
	if (c == '\n') {
		++*line;
		*col = 1;
	} else {
		++*col;
	}
}

/* The field name of n plain bytes at s: most files name a few dozen
 * fields over and over.  The slot is taken from the length and the two
 * bytes at the ends, which tell those few apart. */
static const struct field_name *field_name(struct cx_parser *P, const char *s, size_t n)
{
	_Static_assert((NAME_SEEN & (NAME_SEEN - 1)) == 0, "NAME_SEEN is a power of two");
	unsigned h = (unsigned)n * 0x9E3779B1u ^ (unsigned char)s[0] * 0x85EBCA6Bu ^
	             (unsigned char)s[n - 1] * 0xC2B2AE35u;
	struct name_seen *m = &P->name_seen[(h * 0x9E3779B1u) >> (32 - __builtin_ctz(NAME_SEEN))];
	if (!n || m->n != n || !bytes_eq_short(m->raw, s, n)) {
		m->fn = parser_field_name(P, (cx_str){s, n});
		m->n = n <= sizeof m->raw ? (unsigned char)n : 0;
		memcpy(m->raw, s, m->n);
	}
	return m->fn;
}

/* A match of FIELD: ',' {WS}* name {WS}* '=' {WS}* value {WS}*, added to
 * the row of fields.  The tokens and positions are those the rules for
 * ',', NAME, '=' and the value give one by one, and the row's location
 * runs from its first ',' to the end of its last value.  The position
 * stands at the ',' (YY_USER_ACTION left it there): the match is counted
 * here as it is taken apart, the value as it is copied.  When the name or
 * the value is the first text that is not UTF-8, it returns 0 and the
 * rules take the field token by token instead, so that the warning comes
 * where they give it. */
int scan_field(struct cx_parser *P, const char *s, size_t n, const CX_YYLTYPE *loc)
{
	struct cx_tok *t = run_slot(P);
	const char *e = s + n, *ve = e;
	while (is_ws(ve[-1]))
		ve--;
	unsigned line = (unsigned)loc->first_line, col = (unsigned)loc->first_column + 1;
	const char *name = skip_ws(s + 1, &line, &col), *q = name;
	t->line = line;
	t->col = col;
	unsigned hi = 0;
	for (unsigned char c; scan_namec[c = (unsigned char)*q]; q++)
		hi |= c;
	size_t nn = (size_t)(q - name);
	if (hi < 0x80)
		col += (unsigned)nn;
	else
		scan_move(&line, &col, name, nn);
	const char *v = q;
	for (; *v != '='; v++)
		step(&line, &col, *v);
	for (col++, v++; is_ws(*v); v++)
		step(&line, &col, *v);
	int delim = *v == '{' || *v == '"';
	const char *vs = v + delim;
	size_t vn = (size_t)(ve - vs) - (size_t)delim;
	if (delim) {
		/* Where the value starts, as its opening rule would say. */
		P->tok_line = line;
		P->tok_col = col;
	}
	char *copy = arena_alloc(&P->entry_arena, vn + 1);
	size_t tail;
	int vhigh;
	size_t lines = bytes_copy_lines(copy, vs, vn, &tail, &vhigh);
	copy[vn] = 0;
	col += (unsigned)delim;
	if (lines) {
		line += (unsigned)lines;
		col = 1 + (unsigned)tail;
	} else {
		col += (unsigned)tail;
	}
	col += (unsigned)delim;
	P->high = hi >= 0x80 || vhigh;
	t->fn = NULL;
	if (!P->high && !P->skipping) {
		t->fn = field_name(P, name, nn);
		t->s = t->fn->raw;
		t->v.s = (cx_str){copy, vn};
	} else if (!parser_token_take(P, name, nn, &t->s) ||
	           !parser_token_take(P, vs, vn, &t->v.s)) {
		return 0;
	}
	if (delim) {
		t->v.kind = *v == '{' ? CX_P_BRACED : CX_P_QUOTED;
	} else {
		const char *d = v;
		while (d < ve && *d >= '0' && *d <= '9')
			d++;
		t->v.kind = d == ve ? CX_P_NUMBER : CX_P_MACRO;
	}
	if (!P->nrun++) {
		P->run_loc.first_line = loc->first_line;
		P->run_loc.first_column = loc->first_column;
	}
	/* The location ends with the value, before the blanks after it. */
	P->run_loc.last_line = (int)line;
	P->run_loc.last_column = (int)col;
	for (; ve < e; ve++)
		step(&line, &col, *ve);
	P->line = line;
	P->col = col;
	return 1;
}
