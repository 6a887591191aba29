/* venue.y - free-text venue strings: "OSDI '25", "Proc. of the 18th USENIX
 * Symposium on ... (OSDI '24)", "ACM SIGCOMM 2023, CCF-A", "Submitted to
 * ATC'25", "arXiv preprint (2408.08586)", "ToN '22 | IEEE/ACM Transactions on
 * Networking", "IEEE Transactions on Networking, 30(4):1234-1250, 2022".
 *
 * Two stages.  The pure parser below, fed by the hand-written scanner
 * vn_lex, reads the string's structure: segments split by '|', clauses split
 * by ',' or ';', and items, where an item is a classified token or a
 * parenthesized group (which nests the same structure).  The scanner does
 * the word-level work that a grammar over single words would make ambiguous:
 * it folds multi-word phrases into one token ("Proceedings of the", "Submitted
 * to", "To appear in", "CORE A*", "CCF-A"), tells years ('25, 2025) from
 * ordinals (18th) and other numbers, and recognizes arXiv identifiers.  The
 * second stage, vn_interpret, walks the tree and fills struct venue_info:
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

%code top {
#define _POSIX_C_SOURCE 200809L /* gmtime_r */
}

%code requires {
#include <stddef.h>
#include "core/arena.h"
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

%code {
static int cx_vnlex(CX_VNSTYPE *lval, struct vn_parser *P);
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

#include <string.h>
#include <time.h>

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

/* ---- the scanner --------------------------------------------------------- */

static int vn_lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static int vn_isdigit(int c)
{
	return c >= '0' && c <= '9';
}

static int vn_isalpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int vn_isword_c(int c)
{
	return vn_isalpha(c) || vn_isdigit(c) || c >= 0x80;
}

/* Multi-byte characters that are punctuation, not letters. */
static size_t vn_upunct(const char *s, size_t n, size_t i)
{
	static const char *const seq[] = {
		"\xe2\x80\x99", "\xe2\x80\x98", /* ’ ‘ */
		"\xe2\x80\x93", "\xe2\x80\x94", /* – — */
		"\xe2\x80\x9c", "\xe2\x80\x9d", /* “ ” */
		"\xe2\x80\xa0", "\xe2\x80\xa1", /* † ‡ */
		"\xc2\xa0", "\xc2\xb7", "\xe2\x80\xa2", /* nbsp · • */
	};
	for (size_t k = 0; k < sizeof seq / sizeof seq[0]; k++) {
		size_t l = strlen(seq[k]);
		if (i + l <= n && memcmp(s + i, seq[k], l) == 0)
			return l;
	}
	return 0;
}

/* A byte that continues a word: ASCII letters and digits, and UTF-8 bytes
 * that are not one of the punctuation sequences above. */
static int vn_isword(const struct vn_parser *P, size_t i)
{
	unsigned char c;
	if (i >= P->n)
		return 0;
	c = (unsigned char)P->s[i];
	if (c >= 0x80)
		return vn_upunct(P->s, P->n, i) == 0;
	return vn_isalpha(c) || vn_isdigit(c);
}

static int vn_isspace_at(const struct vn_parser *P, size_t i, size_t *len)
{
	unsigned char c = (unsigned char)P->s[i];
	if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
		*len = 1;
		return 1;
	}
	if (i + 1 < P->n && c == 0xc2 && (unsigned char)P->s[i + 1] == 0xa0) {
		*len = 2;
		return 1;
	}
	return 0;
}

static size_t vn_skip_space(const struct vn_parser *P, size_t i)
{
	size_t l;
	while (i < P->n && vn_isspace_at(P, i, &l))
		i += l;
	return i;
}

static int vn_eq(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w);
	if (n != k)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (vn_lower((unsigned char)s[i]) != w[i])
			return 0;
	return 1;
}

/* The ASCII word starting at i (after spaces): its span, for look-ahead. */
static int vn_peek(const struct vn_parser *P, size_t i, size_t *ws, size_t *we)
{
	i = vn_skip_space(P, i);
	*ws = i;
	while (i < P->n && (vn_isalpha((unsigned char)P->s[i]) || P->s[i] == '\''))
		i++;
	*we = i;
	return i > *ws;
}

/* If the next word is one of `ws` (NULL-terminated), return its end. */
static size_t vn_peek_any(const struct vn_parser *P, size_t i, const char *const *ws)
{
	size_t a, b;
	if (!vn_peek(P, i, &a, &b) || (b < P->n && vn_isword(P, b)))
		return 0;
	for (; *ws; ws++)
		if (vn_eq(P->s + a, b - a, *ws))
			return b;
	return 0;
}

/* arXiv ids: new style 2408.08586 (v2), old style cs/0601001 or math.AG/0601001. */
static size_t vn_arxiv_id(const struct vn_parser *P, size_t i)
{
	size_t j = i, k;
	while (j < P->n && vn_isdigit((unsigned char)P->s[j]))
		j++;
	if (j - i == 4 && j < P->n && P->s[j] == '.') {
		k = j + 1;
		while (k < P->n && vn_isdigit((unsigned char)P->s[k]))
			k++;
		if (k - j - 1 == 4 || k - j - 1 == 5) {
			if (k + 1 < P->n && P->s[k] == 'v' && vn_isdigit((unsigned char)P->s[k + 1]))
				for (k++; k < P->n && vn_isdigit((unsigned char)P->s[k]); k++)
					;
			if (!vn_isword(P, k))
				return k;
		}
		return 0;
	}
	j = i;
	while (j < P->n && ((P->s[j] >= 'a' && P->s[j] <= 'z') || P->s[j] == '-'))
		j++;
	if (j == i)
		return 0;
	if (j + 3 < P->n && P->s[j] == '.' && P->s[j + 1] >= 'A' && P->s[j + 1] <= 'Z' &&
	    P->s[j + 2] >= 'A' && P->s[j + 2] <= 'Z')
		j += 3;
	if (j < P->n && P->s[j] == '/') {
		k = j + 1;
		while (k < P->n && vn_isdigit((unsigned char)P->s[k]))
			k++;
		if (k - j - 1 == 7 && k + 1 < P->n && P->s[k] == 'v' &&
		    vn_isdigit((unsigned char)P->s[k + 1]))
			for (k++; k < P->n && vn_isdigit((unsigned char)P->s[k]); k++)
				;
		if (k - j - 1 >= 7 && !vn_isword(P, k))
			return k;
	}
	return 0;
}

static const char *const vn_ordinals[] = {
	"first", "second", "third", "fourth", "fifth", "sixth", "seventh",
	"eighth", "ninth", "tenth", "eleventh", "twelfth", "thirteenth",
	"fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth",
	"nineteenth", "twentieth",
};

static int vn_publisher_word(const char *s, size_t n)
{
	static const char *const pubs[] = {
		"acm", "ieee", "usenix", "ieee/acm", "acm/ieee", "ieee/cvf",
		"springer", "elsevier",
	};
	for (size_t i = 0; i < sizeof pubs / sizeof pubs[0]; i++)
		if (vn_eq(s, n, pubs[i]))
			return 1;
	return 0;
}

/* Status phrases.  The first word decides; the listed next words are
 * folded in so "Submitted to" leaves just the venue behind. */
static int vn_status(struct vn_parser *P, size_t ws, size_t we, size_t *end)
{
	static const char *const to[] = {"to", "at", "for", "in", "by", NULL};
	static const char *const appear[] = {"appear", NULL};
	static const char *const review[] = {"review", NULL};
	static const char *const review_sub[] = {"review", "submission", NULL};
	static const char *const sub[] = {"submission", NULL};
	static const char *const press[] = {"press", NULL};
	const char *w = P->s + ws;
	size_t n = we - ws, e;
	int st;

	if (vn_eq(w, n, "submitted")) {
		st = VENUE_SUBMITTED;
		e = we;
	} else if (vn_eq(w, n, "accepted") || vn_eq(w, n, "forthcoming")) {
		st = VENUE_TO_APPEAR;
		e = we;
	} else if (vn_eq(w, n, "to") && (e = vn_peek_any(P, we, appear))) {
		st = VENUE_TO_APPEAR;
	} else if (vn_eq(w, n, "under") && (e = vn_peek_any(P, we, review_sub))) {
		size_t a, b;
		vn_peek(P, we, &a, &b);
		st = vn_eq(P->s + a, b - a, "review") ? VENUE_UNDER_REVIEW : VENUE_IN_SUBMISSION;
	} else if (vn_eq(w, n, "in") && (e = vn_peek_any(P, we, sub))) {
		st = VENUE_IN_SUBMISSION;
	} else if (vn_eq(w, n, "in") && (e = vn_peek_any(P, we, press))) {
		st = VENUE_TO_APPEAR;
	} else if (vn_eq(w, n, "pending") && (e = vn_peek_any(P, we, review))) {
		st = VENUE_UNDER_REVIEW;
	} else {
		return -1;
	}
	{
		size_t e2 = vn_peek_any(P, e, to);
		if (e2)
			e = e2;
	}
	*end = e;
	return st;
}

/* "Proceedings of the", "Proc. of", "Proc.": one token. */
static size_t vn_proc(struct vn_parser *P, size_t ws, size_t we)
{
	static const char *const of[] = {"of", NULL};
	static const char *const the[] = {"the", NULL};
	size_t e = we, e2;
	if (!vn_eq(P->s + ws, we - ws, "proceedings") && !vn_eq(P->s + ws, we - ws, "proc"))
		return 0;
	if (e < P->n && P->s[e] == '.')
		e++;
	if ((e2 = vn_peek_any(P, e, of))) {
		e = e2;
		if ((e2 = vn_peek_any(P, e, the)))
			e = e2;
	}
	return e;
}

/* "CCF-A", "CCF A", "CORE A*", "CORE A": one token. */
static size_t vn_rank(struct vn_parser *P, size_t ws, size_t we)
{
	const char *w = P->s + ws;
	size_t n = we - ws, i;
	if (n == 5 && vn_eq(w, 4, "ccf-") && strchr("ABCabc", w[4]))
		return we;
	if (vn_eq(w, n, "ccf") || vn_eq(w, n, "core")) {
		i = vn_skip_space(P, we);
		if (i < P->n && P->s[i] == '-')
			i = vn_skip_space(P, i + 1);
		if (i < P->n && P->s[i] && strchr("ABC", P->s[i])) {
			i++;
			if (i < P->n && P->s[i] == '*')
				i++;
			if (!vn_isword(P, i))
				return i;
		}
	}
	return 0;
}

/* "XIX" in "HotOS XIX": upper-case I, V, X, L only and at least two of
 * them, so acronyms such as "CC" or "MICRO" stay words.  0 if not one. */
static int vn_roman(const char *w, size_t n)
{
	int v = 0, prev = 0;
	if (n < 2 || n > 8)
		return 0;
	for (size_t i = n; i-- > 0;) {
		int d = w[i] == 'I' ? 1 : w[i] == 'V' ? 5 : w[i] == 'X' ? 10 : w[i] == 'L' ? 50 : 0;
		if (!d)
			return 0;
		v += d < prev ? -d : d;
		if (d > prev)
			prev = d;
	}
	return v > 0 && v <= 80 ? v : 0;
}

static int vn_word_token(struct vn_parser *P, CX_VNSTYPE *lval, size_t ws, size_t we)
{
	const char *w = P->s + ws;
	size_t n = we - ws, e;
	int st;
	static const char *const in_next[] = {"proceedings", "proc", NULL};

	lval->tok.off = ws;
	lval->tok.end = we;
	lval->tok.num = 0;
	if (vn_eq(w, n, "arxiv") && we < P->n && P->s[we] == ':') {
		size_t i = vn_skip_space(P, we + 1), k = vn_arxiv_id(P, i);
		if (k) {
			lval->tok.aoff = i;
			lval->tok.aend = k;
			lval->tok.end = P->pos = k;
			return VN_ARXIV;
		}
	}
	if (n > 4 && vn_eq(w, 4, "abs/") && vn_arxiv_id(P, ws + 4) == we) {
		/* CoRR's "abs/2408.08586" */
		lval->tok.aoff = ws + 4;
		lval->tok.aend = we;
		return VN_ARXIV;
	}
	if ((e = vn_rank(P, ws, we))) {
		lval->tok.end = P->pos = e;
		return VN_RANK;
	}
	if ((e = vn_proc(P, ws, we))) {
		lval->tok.end = P->pos = e;
		return VN_PROC;
	}
	if ((st = vn_status(P, ws, we, &e)) >= 0) {
		lval->tok.num = st;
		lval->tok.end = P->pos = e;
		return VN_STATUS;
	}
	if (vn_eq(w, n, "in") && (P->at_start || vn_peek_any(P, we, in_next)))
		return VN_LEAD;
	if (vn_publisher_word(w, n))
		return VN_PUB;
	for (size_t i = 0; i < sizeof vn_ordinals / sizeof vn_ordinals[0]; i++)
		if (vn_eq(w, n, vn_ordinals[i])) {
			lval->tok.num = (int)i + 1;
			return VN_ORD;
		}
	if ((lval->tok.num = vn_roman(w, n)) > 0)
		return VN_ORD;
	lval->tok.num = 0;
	return VN_WORD;
}

/* The apostrophe of 'YY: ASCII ', ’, ‘ or a backquote. */
static size_t vn_apos(const struct vn_parser *P, size_t i)
{
	if (P->s[i] == '\'' || P->s[i] == '`')
		return 1;
	if (i + 3 <= P->n && (memcmp(P->s + i, "\xe2\x80\x99", 3) == 0 ||
	                      memcmp(P->s + i, "\xe2\x80\x98", 3) == 0))
		return 3;
	return 0;
}

static int vn_next(CX_VNSTYPE *lval, struct vn_parser *P)
{
	size_t i = vn_skip_space(P, P->pos), j, l;
	unsigned char c;

	memset(&lval->tok, 0, sizeof lval->tok);
	if (i >= P->n) {
		P->pos = i;
		return VN_YYEOF;
	}
	c = (unsigned char)P->s[i];
	lval->tok.off = i;

	/* 'YY */
	if ((l = vn_apos(P, i)) && i + l + 2 <= P->n && vn_isdigit((unsigned char)P->s[i + l]) &&
	    vn_isdigit((unsigned char)P->s[i + l + 1]) && !vn_isword(P, i + l + 2)) {
		lval->tok.num = (P->s[i + l] - '0') * 10 + (P->s[i + l + 1] - '0');
		lval->tok.end = P->pos = i + l + 2;
		return VN_YEAR2;
	}
	if (c == '(' || c == '[' || c == ')' || c == ']') {
		int open = c == '(' || c == '[';
		lval->tok.end = P->pos = i + 1;
		if (!P->parens)
			return VN_PUNCT;
		P->depth += open ? 1 : -1;
		return open ? '(' : ')';
	}
	if (c == ',' || c == ';' || c == '|') {
		lval->tok.end = P->pos = i + 1;
		/* Inside parentheses a '|' is only text. */
		return c == '|' && P->depth > 0 ? VN_PUNCT : c;
	}
	if (vn_isdigit(c)) {
		j = i;
		while (j < P->n && vn_isdigit((unsigned char)P->s[j]))
			j++;
		if ((l = vn_arxiv_id(P, i)) && j - i == 4) {
			lval->tok.aoff = i;
			lval->tok.aend = l;
			lval->tok.end = P->pos = l;
			return VN_ARXIV;
		}
		if (j + 2 <= P->n && !vn_isword(P, j + 2) &&
		    (vn_eq(P->s + j, 2, "st") || vn_eq(P->s + j, 2, "nd") ||
		     vn_eq(P->s + j, 2, "rd") || vn_eq(P->s + j, 2, "th"))) {
			lval->tok.num = 0;
			for (size_t k = i; k < j && lval->tok.num < 10000; k++)
				lval->tok.num = lval->tok.num * 10 + (P->s[k] - '0');
			lval->tok.end = P->pos = j + 2;
			return VN_ORD;
		}
		if (!vn_isword(P, j)) {
			int v = 0;
			for (size_t k = i; k < j && k < i + 6; k++)
				v = v * 10 + (P->s[k] - '0');
			/* A page range or volume:issue keeps its joiners. */
			while (j + 1 < P->n && P->s[j] && strchr("-:./", P->s[j]) &&
			       vn_isdigit((unsigned char)P->s[j + 1]) && !(j - i == 4 && v >= 1900 && v <= 2099 && P->s[j] != '.')) {
				for (j++; j < P->n && vn_isdigit((unsigned char)P->s[j]); j++)
					;
				v = -1;
			}
			lval->tok.end = P->pos = j;
			if (v >= 1900 && v <= 2099 && j - i == 4) {
				lval->tok.num = v;
				return VN_YEAR4;
			}
			return VN_NUMBER;
		}
		/* "3DV", "2D": a word that starts with digits. */
	}
	if (vn_isword(P, i)) {
		j = i;
		for (;;) {
			if (vn_isword(P, j)) {
				j++;
			} else if (j < P->n && P->s[j] && strchr("-/&+.", P->s[j]) && vn_isword(P, j + 1)) {
				j++;
			} else if (j < P->n && P->s[j] == '\'' && j + 1 < P->n && vn_isalpha((unsigned char)P->s[j + 1])) {
				j++;
			} else if (j + 3 < P->n && memcmp(P->s + j, "\xe2\x80\x99", 3) == 0 &&
			           vn_isalpha((unsigned char)P->s[j + 3])) {
				j += 3;
			} else {
				break;
			}
		}
		if (j < P->n && P->s[j] == '*')
			j++;
		P->pos = j;
		return vn_word_token(P, lval, i, j);
	}
	/* "EuroSys '24: Proceedings of the ...": the colon ends a clause. */
	if (c == ':') {
		size_t a, b;
		if (vn_peek(P, i + 1, &a, &b) && (vn_eq(P->s + a, b - a, "proceedings") ||
		                                  vn_eq(P->s + a, b - a, "proc"))) {
			lval->tok.end = P->pos = i + 1;
			return ';';
		}
	}
	/* Anything else is one punctuation character (a whole UTF-8 one). */
	l = vn_upunct(P->s, P->n, i);
	if (!l)
		l = 1;
	lval->tok.end = P->pos = i + l;
	return VN_PUNCT;
}

static int cx_vnlex(CX_VNSTYPE *lval, struct vn_parser *P)
{
	int t = vn_next(lval, P);
	P->at_start = t == ',' || t == ';' || t == '|' || t == '(' || t == VN_STATUS;
	return t;
}

/* ---- interpretation ------------------------------------------------------ */

#define VN_MAXREM 16

struct vn_ctx {
	struct vn_parser *P;
	struct venue_info *out;
	cx_str rem[VN_MAXREM];
	size_t nrem;
	size_t name_off, name_end; /* the name's span, to extend across commas */
	size_t proc_off;           /* "Proceedings of" before the name, or -1 */
	int joinable;              /* the next clause may continue the name */
	int thesis, preprint;      /* guessed from words */
	int want_name;             /* a thesis: the next words are the school */
	cx_str name_first;         /* the name's first word after a publisher */
};

/* What one clause holds. */
struct vn_scan {
	size_t name_off, name_end; /* words and publisher prefixes */
	size_t proc_off;
	int nwords;
	struct vn_item *first_word, *second_word;
	int year, edition, status, has_status, has_rank, has_year;
	int thesis, preprint;
	size_t left_off, left_end; /* numbers and stray text outside the name */
	int has_left;
};

static cx_str vn_span(const struct vn_ctx *C, size_t off, size_t end)
{
	cx_str r = {C->P->s + off, end - off};
	while (r.n && strchr(" \t\r\n.,;:-", r.p[r.n - 1]))
		r.n--;
	while (r.n && strchr(" \t\r\n.,;:-", r.p[0])) {
		r.p++;
		r.n--;
	}
	return r;
}

static void vn_rem(struct vn_ctx *C, cx_str s)
{
	if (!s.n)
		return;
	if (C->nrem < VN_MAXREM) {
		C->rem[C->nrem++] = s;
	} else {
		/* Past the cap, widen the last piece to the end: still kept. */
		cx_str *l = &C->rem[VN_MAXREM - 1];
		l->n = (size_t)(s.p + s.n - l->p);
	}
}

static int vn_year2(int yy)
{
	time_t now = time(NULL);
	struct tm tm;
	int cur = 26;
	if (gmtime_r(&now, &tm))
		cur = (tm.tm_year + 1900) % 100;
	return yy <= cur + 1 ? 2000 + yy : 1900 + yy;
}

static int vn_is_thesis_word(const char *w, size_t n)
{
	static const char *const ws[] = {
		"phd", "ph.d", "dissertation", "thesis", "doctoral", "master's",
		"masters", "msc", "m.sc", "bachelor's", "habilitation",
	};
	for (size_t i = 0; i < sizeof ws / sizeof ws[0]; i++)
		if (vn_eq(w, n, ws[i]))
			return 1;
	return 0;
}

static int vn_is_preprint_word(const char *w, size_t n)
{
	return vn_eq(w, n, "arxiv") || vn_eq(w, n, "preprint") || vn_eq(w, n, "e-print") ||
	       vn_eq(w, n, "e-prints") || vn_eq(w, n, "corr") || vn_eq(w, n, "biorxiv") ||
	       vn_eq(w, n, "medrxiv");
}

/* An acronym by its shape: one word with two capitals ("ToN", "NeurIPS",
 * "MoNeTec") or a capital joined by '-', '&' or a digit ("S&P", "3DV"). */
static int vn_acronym_shape(const char *w, size_t n)
{
	int up = 0, join = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)w[i];
		if (c == ' ')
			return 0;
		up += c >= 'A' && c <= 'Z';
		join += c == '-' || c == '&' || vn_isdigit(c);
	}
	return up >= 2 || (up >= 1 && join);
}

/* Same letters and digits, ignoring case and punctuation. */
static int vn_same(const char *a, size_t an, const char *b, size_t bn)
{
	size_t i = 0, j = 0;
	for (;;) {
		while (i < an && !vn_isword_c((unsigned char)a[i]))
			i++;
		while (j < bn && !vn_isword_c((unsigned char)b[j]))
			j++;
		if (i == an || j == bn)
			return i == an && j == bn;
		if (vn_lower((unsigned char)a[i]) != vn_lower((unsigned char)b[j]))
			return 0;
		i++;
		j++;
	}
}

/* Does s name a row by that row's acronym ("USENIX Security", "Networking")? */
static int vn_table_acronym(const char *s, size_t n)
{
	const struct venue_row *r = venue_lookup(s, n);
	return r && r->acronym[0] && vn_same(r->acronym, strlen(r->acronym), s, n);
}

static void vn_group(struct vn_ctx *C, struct vn_item *g);
static enum venue_kind vn_name_kind(const char *s, size_t n);

static void vn_name_token(struct vn_scan *sc, struct vn_item *it)
{
	if (!sc->nwords) {
		sc->name_off = it->t.off;
		sc->first_word = it;
	} else if (sc->nwords == 1) {
		sc->second_word = it;
	}
	sc->nwords++;
	sc->name_end = it->t.end;
}

static void vn_scan_clause(struct vn_ctx *C, struct vn_clause *cl, struct vn_scan *sc)
{
	struct venue_info *out = C->out;
	memset(sc, 0, sizeof *sc);
	sc->proc_off = (size_t)-1;
	for (struct vn_item *it = cl->first; it; it = it->next) {
		const char *w = C->P->s + it->t.off;
		size_t wn = it->t.end - it->t.off;
		switch (it->kind) {
		case VN_WORD:
		case VN_PUB:
			/* "The Twelfth International ...", "The 2023 ACM ...". */
			if (!sc->nwords && vn_eq(w, wn, "the") && it->next &&
			    (it->next->kind == VN_ORD || it->next->kind == VN_YEAR4))
				break;
			if (it->kind == VN_WORD && vn_is_thesis_word(w, wn))
				sc->thesis = 1;
			if (it->kind == VN_WORD && vn_is_preprint_word(w, wn))
				sc->preprint = 1;
			vn_name_token(sc, it);
			break;
		case VN_PROC:
		case VN_LEAD:
			/* A lead before the name; inside it, one more word. */
			if (sc->nwords)
				vn_name_token(sc, it);
			else if (it->kind == VN_PROC)
				sc->proc_off = it->t.off;
			break;
		case VN_ORD:
			/* "18th USENIX ...", "HotOS XIX": an edition either side. */
			if (!sc->edition)
				sc->edition = it->t.num;
			break;
		case VN_YEAR2:
		case VN_YEAR4:
			if (!sc->has_year) {
				sc->year = it->kind == VN_YEAR2 ? vn_year2(it->t.num) : it->t.num;
				sc->has_year = 1;
			}
			break;
		case VN_STATUS:
			if (!sc->has_status) {
				sc->status = it->t.num;
				sc->has_status = 1;
			}
			break;
		case VN_RANK:
			sc->has_rank = 1;
			vn_rem(C, vn_span(C, it->t.off, it->t.end));
			break;
		case VN_ARXIV:
			if (!out->arxiv.n)
				out->arxiv = (cx_str){C->P->s + it->t.aoff, it->t.aend - it->t.aoff};
			sc->preprint = 1;
			break;
		case VN_NUMBER:
		case VN_PUNCT:
			/* Inside a name (':' in "Systems: Computation") it stays
			 * there; outside, it is leftover unless it is lone
			 * punctuation. */
			if (it->kind == VN_PUNCT && (wn == 1 || vn_upunct(w, wn, 0)))
				break;
			if (!sc->has_left)
				sc->left_off = it->t.off;
			sc->left_end = it->t.end;
			sc->has_left = 1;
			break;
		default: /* a group */
			{
				struct vn_clause *g = it->group;
				int numeric = g != NULL && g->next == NULL;
				for (struct vn_item *x = g ? g->first : NULL; x; x = x->next)
					numeric &= x->kind == VN_NUMBER || x->kind == VN_PUNCT;
				if (numeric && g->first) {
					/* "30(4):1234-1250": part of the numbers. */
					if (!sc->has_left)
						sc->left_off = it->t.off;
					sc->left_end = it->t.end;
					sc->has_left = 1;
				} else {
					vn_group(C, it);
				}
			}
			break;
		}
	}
	/* Numbers inside the name span belong to it ("Web 2.0"); only the
	 * ones outside are leftover. */
	if (sc->has_left && sc->nwords && sc->left_off >= sc->name_off && sc->left_end <= sc->name_end)
		sc->has_left = 0;
	if (sc->thesis)
		C->thesis = 1;
	if (sc->preprint)
		C->preprint = 1;
}

/* Acronym or name?  Sets *pub to a split-off publisher prefix. */
static int vn_decide_acronym(struct vn_ctx *C, const struct vn_scan *sc, cx_str *acr, cx_str *pub)
{
	cx_str t = {C->P->s + sc->name_off, sc->name_end - sc->name_off};
	*pub = (cx_str){NULL, 0};
	if (!sc->nwords || sc->thesis)
		return 0;
	if (sc->nwords <= 2 && vn_table_acronym(t.p, t.n)) {
		*acr = t;
		if (sc->first_word->kind == VN_PUB && sc->nwords == 2)
			*pub = (cx_str){C->P->s + sc->first_word->t.off,
			                sc->first_word->t.end - sc->first_word->t.off};
		return 1;
	}
	if (sc->nwords == 1 && sc->first_word->kind == VN_WORD &&
	    vn_acronym_shape(t.p, t.n)) {
		*acr = t;
		return 1;
	}
	if (sc->nwords == 2 && sc->first_word->kind == VN_PUB && sc->second_word->kind == VN_WORD) {
		const struct vn_item *w = sc->second_word;
		cx_str r = {C->P->s + w->t.off, w->t.end - w->t.off};
		if (vn_acronym_shape(r.p, r.n) || vn_table_acronym(r.p, r.n)) {
			*acr = r;
			*pub = (cx_str){C->P->s + sc->first_word->t.off,
			                sc->first_word->t.end - sc->first_word->t.off};
			return 1;
		}
	}
	return 0;
}

/* A parenthesized group: "(OSDI '24)", "(2408.08586)", "(CCF-A)", or an
 * award or note, which goes to the remainder. */
static void vn_group(struct vn_ctx *C, struct vn_item *g)
{
	struct venue_info *out = C->out;
	struct vn_clause *cl = g->group;
	size_t nrem = C->nrem;
	struct vn_scan sc;
	cx_str acr, pub;

	if (!cl || (!cl->first && !cl->next))
		return;
	if (cl->next) {
		/* Several clauses: a note such as "(with X, Y)". */
		vn_rem(C, vn_span(C, g->t.off + 1, g->t.end - 1));
		return;
	}
	vn_scan_clause(C, cl, &sc);
	if (sc.has_year && !out->year)
		out->year = sc.year;
	if (sc.has_status && out->status == VENUE_PUBLISHED)
		out->status = sc.status;
	if (sc.nwords && !sc.has_left && !out->acronym.n && vn_decide_acronym(C, &sc, &acr, &pub)) {
		out->acronym = acr;
		if (pub.n && !out->publisher.n)
			out->publisher = pub;
		return;
	}
	if (sc.nwords && out->acronym.n && sc.nwords == 1 &&
	    vn_same(out->acronym.p, out->acronym.n, C->P->s + sc.name_off, sc.name_end - sc.name_off))
		return; /* "(OSDI '24)" after "OSDI": nothing new */
	if (sc.nwords || sc.has_left) {
		/* The whole group text, not its pieces: an award reads as one. */
		C->nrem = nrem;
		vn_rem(C, vn_span(C, g->t.off + 1, g->t.end - 1));
	}
}

static void vn_set_name(struct vn_ctx *C, const struct vn_scan *sc)
{
	struct venue_info *out = C->out;
	out->name = vn_span(C, sc->name_off, sc->name_end);
	C->name_off = sc->name_off;
	C->name_end = sc->name_end;
	C->proc_off = sc->proc_off;
	if (sc->first_word->kind == VN_PUB && !out->publisher.n)
		out->publisher = (cx_str){C->P->s + sc->first_word->t.off,
		                          sc->first_word->t.end - sc->first_word->t.off};
	{
		const struct vn_item *w = sc->first_word->kind == VN_PUB ? sc->second_word : sc->first_word;
		C->name_first = w && w->kind == VN_WORD ? (cx_str){C->P->s + w->t.off, w->t.end - w->t.off}
		                                        : (cx_str){NULL, 0};
	}
}

static void vn_clause(struct vn_ctx *C, struct vn_clause *cl)
{
	struct venue_info *out = C->out;
	struct vn_scan sc;
	cx_str acr, pub;
	int had_venue = out->acronym.n || out->name.n;
	size_t nrem = C->nrem;

	vn_scan_clause(C, cl, &sc);
	if (sc.has_year && !out->year)
		out->year = sc.year;
	if (sc.edition && !out->edition)
		out->edition = sc.edition;
	if (sc.has_status && out->status == VENUE_PUBLISHED)
		out->status = sc.status;
	if (!sc.nwords) {
		if (sc.has_left)
			vn_rem(C, vn_span(C, sc.left_off, sc.left_end));
		return;
	}

	if (sc.thesis) {
		/* "PhD Dissertation": the kind, not the venue; the school that
		 * follows is the name. */
		vn_rem(C, vn_span(C, sc.name_off, sc.name_end));
		C->want_name = 1;
		return;
	}
	if (sc.has_left)
		vn_rem(C, vn_span(C, sc.left_off, sc.left_end));
	if (C->want_name && !out->name.n) {
		vn_set_name(C, &sc);
		C->want_name = 0;
		return;
	}
	if (!had_venue) {
		if (vn_decide_acronym(C, &sc, &acr, &pub)) {
			out->acronym = acr;
			if (pub.n)
				out->publisher = pub;
		} else {
			vn_set_name(C, &sc);
			C->joinable = !sc.has_year && !sc.has_rank && !sc.has_status;
		}
		return;
	}
	if (cl->sep == '|' || (!out->name.n && !sc.has_year &&
	                       vn_name_kind(C->P->s + sc.name_off, sc.name_end - sc.name_off))) {
		/* "OSDI '25 | USENIX Symposium on ...": the other half. */
		if (!out->name.n && !vn_decide_acronym(C, &sc, &acr, &pub)) {
			vn_set_name(C, &sc);
			return;
		}
		if (!out->acronym.n && vn_decide_acronym(C, &sc, &acr, &pub)) {
			out->acronym = acr;
			if (pub.n && !out->publisher.n)
				out->publisher = pub;
			return;
		}
	}
	if (cl->sep == ',' && C->joinable && !sc.has_rank && !sc.has_status &&
	    !(sc.nwords == 1 && vn_acronym_shape(C->P->s + sc.name_off, sc.name_end - sc.name_off))) {
		/* ", Networking, Storage, and Analysis": the name goes on. */
		C->name_end = sc.name_end;
		out->name = vn_span(C, C->name_off, C->name_end);
		C->joinable = !sc.has_year;
		return;
	}
	/* A note ("pp. 123-140", "Best Paper Finalist"): the clause as a
	 * whole, in its own order, rather than its pieces. */
	C->joinable = 0;
	C->nrem = nrem;
	vn_rem(C, vn_span(C, cl->first->t.off, cl->last->t.end));
}

/* The kind a name's own words declare ("Transactions", "Workshop"), or
 * VENUE_UNKNOWN: also what tells "OSDI, USENIX Symposium on ..." (a name
 * after the comma) from "SC '24, Best Paper Finalist" (a note). */
static enum venue_kind vn_name_kind(const char *s, size_t n)
{
	static const struct {
		const char *w;
		enum venue_kind k;
	} words[] = {
		{"transactions", VENUE_JOURNAL}, {"journal", VENUE_JOURNAL},
		{"letters", VENUE_JOURNAL}, {"magazine", VENUE_JOURNAL},
		{"workshop", VENUE_WORKSHOP}, {"conference", VENUE_CONFERENCE},
		{"symposium", VENUE_CONFERENCE}, {"proceedings", VENUE_CONFERENCE},
	};
	for (size_t k = 0; k < sizeof words / sizeof words[0]; k++) {
		size_t wl = strlen(words[k].w);
		for (size_t i = 0; i + wl <= n; i++)
			if ((i == 0 || !vn_isword_c((unsigned char)s[i - 1])) &&
			    vn_eq(s + i, wl, words[k].w) &&
			    (i + wl == n || !vn_isword_c((unsigned char)s[i + wl])))
				return words[k].k;
	}
	return VENUE_UNKNOWN;
}

static enum venue_kind vn_guess_kind(const struct vn_ctx *C)
{
	enum venue_kind k;
	if (C->thesis)
		return VENUE_THESIS;
	if (C->preprint || C->out->arxiv.n)
		return VENUE_PREPRINT;
	if ((k = vn_name_kind(C->out->name.p, C->out->name.n)) != VENUE_UNKNOWN)
		return k;
	if (C->proc_off != (size_t)-1)
		return VENUE_CONFERENCE;
	return VENUE_UNKNOWN;
}

/* Is s the row's name or one of its aliases (ignoring case, punctuation)? */
static int vn_row_spells(const struct venue_row *r, const char *s, size_t n)
{
	const char *a = r->aliases;
	if (vn_same(r->name, strlen(r->name), s, n))
		return 1;
	while (*a) {
		const char *bar = strchr(a, '|');
		size_t an = bar ? (size_t)(bar - a) : strlen(a);
		if (vn_same(a, an, s, n))
			return 1;
		a += an + (bar != NULL);
	}
	return 0;
}

/* The row's acronym written inside the name ("ACM SIGCOMM Conference"). */
static cx_str vn_acronym_in_name(const cx_str name, const char *acr)
{
	size_t an = strlen(acr);
	if (!an)
		return (cx_str){NULL, 0};
	for (size_t i = 0; i + an <= name.n; i++)
		if ((i == 0 || name.p[i - 1] == ' ') && memcmp(name.p + i, acr, an) == 0 &&
		    (i + an == name.n || name.p[i + an] == ' '))
			return (cx_str){name.p + i, an};
	return (cx_str){NULL, 0};
}

static void vn_interpret(struct vn_ctx *C, struct vn_clause *top)
{
	struct venue_info *out = C->out;
	const struct venue_row *row = NULL;

	C->proc_off = (size_t)-1;
	for (struct vn_clause *cl = top; cl; cl = cl->next)
		vn_clause(C, cl);

	if (out->acronym.n)
		row = venue_lookup(out->acronym.p, out->acronym.n);
	if (out->name.n && C->proc_off != (size_t)-1) {
		/* "Proceedings of the VLDB Endowment", "Proc. ACM Meas. Anal.
		 * Comput. Syst.": a row's own spelling, so the name itself. */
		const char *p = C->P->s + C->proc_off;
		size_t pn = C->name_end - C->proc_off;
		const struct venue_row *pr = venue_lookup(p, pn);
		if (pr && vn_row_spells(pr, p, pn)) {
			out->name = vn_span(C, C->proc_off, C->name_end);
			if (!row)
				row = pr;
		}
	}
	if (!row && out->name.n)
		row = venue_lookup(out->name.p, out->name.n);
	if (!row && !out->name.n && !out->acronym.n && (out->arxiv.n || C->preprint))
		row = venue_lookup("arXiv", 5);
	if (!row && !out->acronym.n && C->name_first.n &&
	    vn_name_kind(out->name.p, out->name.n) == VENUE_UNKNOWN &&
	    vn_acronym_shape(C->name_first.p, C->name_first.n) &&
	    vn_table_acronym(C->name_first.p, C->name_first.n)) {
		/* "NeurIPS Datasets and Benchmarks Track": a track of a known
		 * venue, named by its acronym first. */
		out->acronym = C->name_first;
		row = venue_lookup(out->acronym.p, out->acronym.n);
	}
	if (row && !out->acronym.n && out->name.n)
		out->acronym = vn_acronym_in_name(out->name, row->acronym);
	out->row = row;
	if (C->thesis)
		out->kind = VENUE_THESIS;
	else if (row)
		out->kind = row->kind;
	else
		out->kind = vn_guess_kind(C);
}

static cx_str vn_copy(struct arena *a, cx_str s)
{
	return s.n ? arena_str(a, s.p, s.n) : (cx_str){"", 0};
}

int venue_parse(struct arena *a, const char *s, size_t n, struct venue_info *out)
{
	struct vn_parser P;
	struct vn_ctx C;
	int depth = 0, ok = 1;

	memset(out, 0, sizeof *out);
	out->acronym = out->name = out->publisher = out->remainder = out->arxiv = (cx_str){"", 0};
	if (!s)
		return -1;
	memset(&P, 0, sizeof P);
	P.a = a;
	P.s = s;
	P.n = n;
	P.at_start = 1;
	/* Unbalanced parentheses are only text, so every string parses. */
	for (size_t i = 0; i < n && ok; i++) {
		depth += s[i] == '(' || s[i] == '[';
		depth -= s[i] == ')' || s[i] == ']';
		ok = depth >= 0;
	}
	P.parens = ok && depth == 0;
	if (cx_vnparse(&P) != 0)
		return -1;

	memset(&C, 0, sizeof C);
	C.P = &P;
	C.out = out;
	vn_interpret(&C, P.top);

	if (!out->acronym.n && !out->name.n && !out->year && !out->arxiv.n && !C.nrem &&
	    out->status == VENUE_PUBLISHED)
		return -1;
	/* Copy out of the caller's string into the arena. */
	out->acronym = vn_copy(a, out->acronym);
	out->name = vn_copy(a, out->name);
	out->publisher = vn_copy(a, out->publisher);
	out->arxiv = vn_copy(a, out->arxiv);
	if (C.nrem) {
		size_t len = 0, o = 0;
		char *p;
		for (size_t i = 0; i < C.nrem; i++)
			len += C.rem[i].n + 2;
		p = arena_alloc(a, len + 1);
		for (size_t i = 0; i < C.nrem; i++) {
			if (i) {
				memcpy(p + o, ", ", 2);
				o += 2;
			}
			memcpy(p + o, C.rem[i].p, C.rem[i].n);
			o += C.rem[i].n;
		}
		p[o] = '\0';
		out->remainder = (cx_str){p, o};
	}
	return 0;
}
