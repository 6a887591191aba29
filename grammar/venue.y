/* venue.y - free-text venue strings: "OSDI '25", "Proc. of the 18th USENIX
 * Symposium on ... (OSDI '24)", "ACM SIGCOMM 2023, CCF-A", "Submitted to
 * ATC'25", "arXiv preprint (2408.08586)", "ToN '22 | IEEE/ACM Transactions on
 * Networking", "IEEE Transactions on Networking, 30(4):1234-1250, 2022".
 *
 * Two stages.  The pure parser below, fed by the scanner in
 * src/norm/venue_lex.c, reads the string's structure: segments split by '|', clauses split
 * by ',' or ';', and items, where an item is a classified token or a
 * parenthesized group (which nests the same structure).  The scanner does
 * the word-level work that a grammar over single words would make ambiguous:
 * it folds multi-word phrases into one token ("Proceedings of the", "Submitted
 * to", "To appear in", "CORE A*", "CCF-A"), tells years ('25, 2025) from
 * ordinals (18th) and other numbers, and recognizes arXiv identifiers.  The
 * second stage, vn_interpret in src/norm/venue_parse.c, walks the tree and fills struct venue_info:
 * which clause names the venue, whether that name is an acronym or a full
 * name, which later clauses continue a name that contains commas ("High
 * Performance Computing, Networking, Storage, and Analysis"), and what goes
 * to the remainder.  Text that fits nowhere lands in the remainder: nothing
 * is dropped silently.
 *
 * Conventions the callers rely on: a thesis ("PhD Dissertation 2023 | Rice
 * University") gets the school as its name and the thesis words in the
 * remainder; "Accepted to" and "In press" count as VENUE_TO_APPEAR; a
 * journal's volume, issue and pages ("30(4):1234-1250") go to the remainder
 * as written; parentheses around an award or note are dropped; remainder
 * pieces are joined with ", " in input order.
 *
 * The grammar has no conflicts (%expect 0).  All memory comes from the
 * caller's arena; parser state lives in struct vn_parser, no globals.
 */
%define api.pure full
%define api.prefix {cx_vn}
%define api.token.prefix {VN_}
%define parse.error simple
%param {struct vn_parser *P}
%expect 0

%code requires {
#include <stddef.h>
#include "core/arena.h"
#include "core/str.h"
#include "norm/venue.h"

/* One token: its byte span in the input, a number (year, edition, status,
 * rank) and, for arXiv ids, the id's own span. */
struct vn_tok {
	size_t off, end;
	int num;
	size_t aoff, aend;
};
struct vn_clause;
struct vn_item {
	int kind;               /* a token kind, or 0 for a group */
	struct vn_tok t;        /* for a group: the span with its parentheses */
	struct vn_clause *group;
	struct vn_item *next;
};
struct vn_clause {
	struct vn_item *first, *last;
	int sep;                /* the separator before it: 0, ',', ';' or '|' */
	struct vn_clause *next;
};
struct vn_clist {
	struct vn_clause *first, *last;
};
struct vn_parser {
	struct arena *a;
	const struct venue_db *db; /* the context's venues, or NULL */
	const char *s;
	size_t n, pos;
	int depth;              /* parenthesis depth */
	int parens;             /* parentheses balance: else they are PUNCT */
	int at_start;           /* the next token starts a clause */
	struct vn_clause *top;
};
}

%union {
	struct vn_tok tok;
	struct vn_item *item;
	struct vn_clause *clause;
	struct vn_clist list;
	int sep;
}

%code provides {
/* The scanner (src/norm/venue_lex.c) and the parser's entry point. */
int cx_vnlex(CX_VNSTYPE *lval, struct vn_parser *P);
int cx_vnparse(struct vn_parser *P);

/* Word bytes: ASCII letters and digits, and any byte of a multi-byte
 * character (vn_upunct tells the punctuation among those). */
static inline int vn_isword_c(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c >= 0x80;
}
/* The length of the punctuation character at s[i] that UTF-8 spells in
 * more than one byte (a dash, a curly quote, a dagger), or 0. */
size_t vn_upunct(const char *s, size_t n, size_t i);
/* Is s[0..n) the lower-case ASCII word w, ignoring case? */
static inline int vn_eq(const char *s, size_t n, const char *w)
{
	return str_ieq((cx_str){s, n}, w);
}
}

%code {
static void cx_vnerror(struct vn_parser *P, const char *msg);
static struct vn_item *vn_item_new(struct vn_parser *P, int kind, struct vn_tok t);
static struct vn_clist vn_list_add(struct vn_clist l, struct vn_clause *c, int sep);
}

%token <tok> WORD "word"
%token <tok> PUB "publisher"
%token <tok> ORD "ordinal"
%token <tok> YEAR2 "'YY"
%token <tok> YEAR4 "year"
%token <tok> NUMBER "number"
%token <tok> ARXIV "arXiv id"
%token <tok> RANK "rank label"
%token <tok> PROC "Proceedings of"
%token <tok> STATUS "status"
%token <tok> LEAD "In"
%token <tok> PUNCT "punctuation"
%token <tok> '(' ')'

%type <item> item group
%type <clause> clause items
%type <list> clauses
%type <sep> sep

%%

venue:
	  clauses { P->top = $1.first; }
	;

clauses:
	  clause { $$ = vn_list_add((struct vn_clist){NULL, NULL}, $1, 0); }
	| clauses sep clause { $$ = vn_list_add($1, $3, $2); }
	;

sep:
	  ',' { $$ = ','; }
	| ';' { $$ = ';'; }
	| '|' { $$ = '|'; }
	;

clause:
	  %empty { $$ = arena_calloc(P->a, sizeof *$$); }
	| items
	;

items:
	  item { $$ = arena_calloc(P->a, sizeof *$$); $$->first = $$->last = $1; }
	| items item { $$ = $1; $$->last->next = $2; $$->last = $2; }
	;

item:
	  WORD { $$ = vn_item_new(P, VN_WORD, $1); }
	| PUB { $$ = vn_item_new(P, VN_PUB, $1); }
	| ORD { $$ = vn_item_new(P, VN_ORD, $1); }
	| YEAR2 { $$ = vn_item_new(P, VN_YEAR2, $1); }
	| YEAR4 { $$ = vn_item_new(P, VN_YEAR4, $1); }
	| NUMBER { $$ = vn_item_new(P, VN_NUMBER, $1); }
	| ARXIV { $$ = vn_item_new(P, VN_ARXIV, $1); }
	| RANK { $$ = vn_item_new(P, VN_RANK, $1); }
	| PROC { $$ = vn_item_new(P, VN_PROC, $1); }
	| STATUS { $$ = vn_item_new(P, VN_STATUS, $1); }
	| LEAD { $$ = vn_item_new(P, VN_LEAD, $1); }
	| PUNCT { $$ = vn_item_new(P, VN_PUNCT, $1); }
	| group
	;

group:
	  '(' clauses ')' {
		struct vn_tok t = {$1.off, $3.end, 0, 0, 0};
		$$ = vn_item_new(P, 0, t);
		$$->group = $2.first;
	  }
	;

%%

static struct vn_item *vn_item_new(struct vn_parser *P, int kind, struct vn_tok t)
{
	struct vn_item *it = arena_calloc(P->a, sizeof *it);
	it->kind = kind;
	it->t = t;
	return it;
}

static struct vn_clist vn_list_add(struct vn_clist l, struct vn_clause *c, int sep)
{
	c->sep = sep;
	if (l.last)
		l.last->next = c;
	else
		l.first = c;
	l.last = c;
	return l;
}

static void cx_vnerror(struct vn_parser *P, const char *msg)
{
	/* Only unbalanced input reaches here, and venue_parse reports it by
	 * returning -1; there is no diagnostic channel at this level. */
	(void)P;
	(void)msg;
}
