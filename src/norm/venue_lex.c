/* norm/venue_lex.c - the scanner of the venue grammar (grammar/venue.y).
 *
 * It does the word-level work that a grammar over single words would make
 * ambiguous: it folds multi-word phrases into one token ("Proceedings of
 * the", "Submitted to", "To appear in", "CORE A*", "CCF-A"), tells years
 * ('25, 2025) from ordinals (18th) and other numbers, and recognizes arXiv
 * identifiers. */
#include <string.h>

#include "core/str.h"
#include "venue.tab.h"

/* Multi-byte characters that are punctuation, not letters. */
size_t vn_upunct(const char *s, size_t n, size_t i)
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
	return str_alpha(c) || str_digit(c);
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

/* The ASCII word starting at i (after spaces): its span, for look-ahead. */
static int vn_peek(const struct vn_parser *P, size_t i, size_t *ws, size_t *we)
{
	i = vn_skip_space(P, i);
	*ws = i;
	while (i < P->n && (str_alpha((unsigned char)P->s[i]) || P->s[i] == '\''))
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
	while (j < P->n && str_digit((unsigned char)P->s[j]))
		j++;
	if (j - i == 4 && j < P->n && P->s[j] == '.') {
		k = j + 1;
		while (k < P->n && str_digit((unsigned char)P->s[k]))
			k++;
		if (k - j - 1 == 4 || k - j - 1 == 5) {
			if (k + 1 < P->n && P->s[k] == 'v' && str_digit((unsigned char)P->s[k + 1]))
				for (k++; k < P->n && str_digit((unsigned char)P->s[k]); k++)
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
		while (k < P->n && str_digit((unsigned char)P->s[k]))
			k++;
		if (k - j - 1 == 7 && k + 1 < P->n && P->s[k] == 'v' &&
		    str_digit((unsigned char)P->s[k + 1]))
			for (k++; k < P->n && str_digit((unsigned char)P->s[k]); k++)
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
	if ((l = vn_apos(P, i)) && i + l + 2 <= P->n && str_digit((unsigned char)P->s[i + l]) &&
	    str_digit((unsigned char)P->s[i + l + 1]) && !vn_isword(P, i + l + 2)) {
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
	if (str_digit(c)) {
		j = i;
		while (j < P->n && str_digit((unsigned char)P->s[j]))
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
			       str_digit((unsigned char)P->s[j + 1]) && !(j - i == 4 && v >= 1900 && v <= 2099 && P->s[j] != '.')) {
				for (j++; j < P->n && str_digit((unsigned char)P->s[j]); j++)
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
			} else if (j < P->n && P->s[j] == '\'' && j + 1 < P->n && str_alpha((unsigned char)P->s[j + 1])) {
				j++;
			} else if (j + 3 < P->n && memcmp(P->s + j, "\xe2\x80\x99", 3) == 0 &&
			           str_alpha((unsigned char)P->s[j + 3])) {
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

int cx_vnlex(CX_VNSTYPE *lval, struct vn_parser *P)
{
	int t = vn_next(lval, P);
	P->at_start = t == ',' || t == ';' || t == '|' || t == '(' || t == VN_STATUS;
	return t;
}

