/* authors.c - the lexer, the actions and the reading of slots behind the
 * author-list grammar (grammar/authors.y): au_parse runs the grammar over
 * an author string and reads its slots as names. */
#include <string.h>
#include <utf8proc.h>

#include "core/str.h"
#include "cv/authors.h"
#include "authors.tab.h"

void cx_auerror(struct au_state *S, const char *msg)
{
	(void)S;
	(void)msg; /* the caller falls back; there is nothing to report */
}

/* Is w a command, or commands, of the page's own ("\\me", "\\Eagle\\CS")?
 * The reader expands LaTeX's commands before the list gets here; one left
 * where a name stands is a CV's macro for a name, most often its owner's
 * (the class file that defines it is not on the page). */
static int macro_word(cx_str w)
{
	if (w.n < 2 || w.p[0] != '\\')
		return 0;
	for (size_t i = 0; i < w.n;) {
		if (w.p[i] != '\\' || i + 1 >= w.n || !str_alpha((unsigned char)w.p[i + 1]))
			return 0;
		for (i++; i < w.n && str_alpha((unsigned char)w.p[i]); i++)
			;
	}
	return 1;
}

void au_word(struct au_state *S, cx_str w)
{
	if (macro_word(w)) {
		S->cur.macro = 1; /* an empty slot: the owner's (see au_parse) */
		if (S->bold)
			S->cur.bold = 1;
		return;
	}
	size_t off = (size_t)(w.p - S->s);
	if (!S->cur.has_words)
		S->cur.first = off;
	S->cur.last = off + w.n;
	S->cur.has_words = 1;
	if (S->bold)
		S->cur.bold = 1;
}

void au_mark(struct au_state *S, cx_str m)
{
	/* '*', dagger and '#' mark equal contribution (DESIGN section 4); the
	 * double dagger and superscripts are other affiliations: dropped. */
	if ((m.n == 1 && (*m.p == '*' || *m.p == '#')) ||
	    (m.n == 3 && !memcmp(m.p, "\xE2\x80\xA0", 3)))
		S->cur.equal = 1;
}

void au_annot(struct au_state *S, cx_str t)
{
	/* "(*co-first authors)", "(*equal contribution)": the marks in this
	 * list mean equal contribution; the caller writes that in a note. */
	if (str_ihas(t, "co-first") || str_ihas(t, "equal") || str_ihas(t, "joint first"))
		S->equal_note = 1;
	else {
		S->cur.abeg = (size_t)(t.p - S->s);
		S->cur.aend = S->cur.abeg + t.n;
	}
	if (S->bold)
		S->cur.bold = 1;
}

void au_end_slot(struct au_state *S, int sep)
{
	if (S->nv == S->cap) {
		size_t cap = S->cap ? S->cap * 2 : 16;
		S->v = arena_grow(S->a, S->v, sizeof *S->v, S->nv, cap);
		S->cap = cap;
	}
	S->cur.sep = sep;
	S->v[S->nv++] = S->cur;
	memset(&S->cur, 0, sizeof S->cur);
}

/* ---- the lexer ---------------------------------------------------------- */

static int is_space_at(const char *s, size_t n, size_t i, size_t *len)
{
	unsigned char c = (unsigned char)s[i];
	if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
		*len = 1;
		return 1;
	}
	if (c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] == 0xA0) {
		*len = 2; /* no-break space */
		return 1;
	}
	/* Inline markup other than bold says nothing about names. */
	if (CX_IS_MARK(c) && c != CX_M_BOLD_ON && c != CX_M_BOLD_OFF) {
		*len = 1;
		return 1;
	}
	return 0;
}

static void skip_space(struct au_state *S)
{
	size_t l;
	while (S->pos < S->n && is_space_at(S->s, S->n, S->pos, &l))
		S->pos += l;
}

/* A mark at i: returns its byte length, or 0. */
static size_t mark_at(const char *s, size_t n, size_t i)
{
	unsigned char c = (unsigned char)s[i];
	if (c == '*' || c == '#')
		return 1;
	if (c == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80 &&
	    ((unsigned char)s[i + 2] == 0xA0 || (unsigned char)s[i + 2] == 0xA1))
		return 3; /* dagger, double dagger */
	if (c == 0xC2 && i + 1 < n &&
	    ((unsigned char)s[i + 1] == 0xB9 || (unsigned char)s[i + 1] == 0xB2 ||
	     (unsigned char)s[i + 1] == 0xB3 || (unsigned char)s[i + 1] == 0xA7))
		return 2; /* superscript 1 2 3, section sign */
	if (c == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x81 &&
	    (unsigned char)s[i + 2] >= 0xB0 && (unsigned char)s[i + 2] <= 0xB9)
		return 3; /* superscript 0, 4-9 */
	if (c == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x9C &&
	    (unsigned char)s[i + 2] == 0x89)
		return 3; /* envelope: corresponding author */
	return 0;
}

static int word_is(const char *p, size_t n, const char *w)
{
	return n == strlen(w) && !memcmp(p, w, n);
}

/* "et al.", "et al", "et. al.", "et al.,"; German "u. a." (und andere) */
static size_t etal_at(const char *s, size_t n, size_t i)
{
	static const char *const forms[] = {"et al.", "et. al.", "et al", "et.al.", "etal.", "u. a.", "u.\xC2\xA0" "a.",
	                                    "u.a.", "u. a", "u.\xC2\xA0" "a"};
	for (size_t k = 0; k < sizeof forms / sizeof *forms; k++) {
		size_t l = strlen(forms[k]);
		if (i + l <= n && !memcmp(s + i, forms[k], l) &&
		    (i + l == n || !str_alpha((unsigned char)s[i + l])))
			return l;
	}
	/* BibTeX's "and others", and "+3 more" of lists cut short */
	if (i + 6 <= n && !memcmp(s + i, "others", 6) && (i + 6 == n || !str_alpha((unsigned char)s[i + 6])) &&
	    (!i || !str_alpha((unsigned char)s[i - 1])))
		return 6;
	if (s[i] == '+' && i + 1 < n && str_digit((unsigned char)s[i + 1])) {
		size_t j = i + 1;
		while (j < n && str_digit((unsigned char)s[j]))
			j++;
		if (j + 5 <= n && !memcmp(s + j, " more", 5) && (j + 5 == n || !str_alpha((unsigned char)s[j + 5])))
			return j + 5 - i;
	}
	return 0;
}

/* The word "and" or "&" standing alone at i, or "and" in the languages
 * whose word for it is no part of a name ("S. G. Hartmann et M. D.
 * Tournier"; "und", "och", "og", "ja", "és", "și", "и", "та", "і"), but
 * not "et al."; Catalan "i", Spanish "y" and Portuguese "e" join family
 * names too ("Fontcuberta i Morral"), and separate names only after an
 * inverted name's given part. */
static size_t and_at(const char *s, size_t n, size_t i)
{
	static const char *const words[] = {"and", "And", "und", "et", "och", "og", "ja", "\xC3\xA9s",
	                                    "\xC8\x99i", "\xD0\xB8", "\xD1\x82\xD0\xB0", "\xD1\x96"};
	if (s[i] == '&' && (i + 1 == n || str_space((unsigned char)s[i + 1])))
		return 1;
	if (i && !str_space((unsigned char)s[i - 1]) && s[i - 1] != ',')
		return 0;
	for (size_t k = 0; k < sizeof words / sizeof *words; k++) {
		size_t l = strlen(words[k]);
		if (i + l <= n && !memcmp(s + i, words[k], l) && (i + l == n || str_space((unsigned char)s[i + l])) &&
		    (l != 2 || memcmp(s + i, "et", 2) || !etal_at(s, n, i)))
			return l;
	}
	/* "i", "y", "e" after the given name of an inverted name, before the
	 * next name: "Choi, Dong-hyun i Rubenstein, M." (an odd count of
	 * commas before it); after a family name they join it to another */
	if (i && i + 2 < n && (s[i] == 'i' || s[i] == 'y' || s[i] == 'e') && s[i + 1] == ' ' &&
	    (str_is_upper((unsigned char)s[i + 2]) || (unsigned char)s[i + 2] >= 0xC0)) {
		size_t commas = 0;
		for (size_t k = 0; k < i; k++)
			commas += s[k] == ',';
		if (commas % 2)
			return 1;
	}
	return 0;
}

int cx_aulex(cx_str *lval, struct au_state *S)
{
	skip_space(S);
	if (S->pos >= S->n)
		return 0;
	const char *s = S->s;
	size_t i = S->pos, n = S->n, l;
	unsigned char c = (unsigned char)s[i];
	lval->p = s + i;
	lval->n = 1;
	if (c == CX_M_BOLD_ON || c == CX_M_BOLD_OFF) {
		S->pos++;
		return c == CX_M_BOLD_ON ? BOLD_ON : BOLD_OFF;
	}
	if (c == ',') {
		S->pos++;
		/* ", and" and ", &" are one separator (the serial comma). */
		size_t save = S->pos;
		skip_space(S);
		if (S->pos < n && (l = and_at(s, n, S->pos))) {
			S->pos += l;
			return AND;
		}
		S->pos = save;
		return COMMA;
	}
	if (c == ';') {
		S->pos++;
		return SEMI;
	}
	if ((l = and_at(s, n, i))) {
		S->pos += l;
		return AND;
	}
	if ((l = etal_at(s, n, i))) {
		S->pos += l;
		lval->n = l;
		return ETAL;
	}
	if (i + 6 <= n && !memcmp(s + i, "others", 6) && (i + 6 == n || !str_alpha((unsigned char)s[i + 6]))) {
		S->pos += 6;
		return ETAL;
	}
	if ((l = mark_at(s, n, i))) {
		S->pos += l;
		lval->n = l;
		return MARK;
	}
	if (c == '(' || c == '[') {
		char close = c == '(' ? ')' : ']';
		int depth = 0;
		size_t k = i;
		for (; k < n; k++) {
			if (s[k] == c)
				depth++;
			else if (s[k] == close && --depth == 0)
				break;
		}
		S->pos = k < n ? k + 1 : n;
		lval->p = s + i + 1;
		lval->n = (k < n ? k : n) - i - 1;
		return ANNOT;
	}
	/* A word: up to white space, a separator, a mark or markup.  A trailing
	 * period stays (initials); "Zhao." is handled by the splitter. */
	size_t k = i;
	while (k < n) {
		unsigned char d = (unsigned char)s[k];
		if (d == ',' || d == ';' || d == '(' || d == '[' || CX_IS_MARK(d) || mark_at(s, n, k) ||
		    is_space_at(s, n, k, &l))
			break;
		k++;
	}
	if (k == i)
		k = i + 1; /* a stray byte: one-byte word */
	S->pos = k;
	lval->n = k - i;
	(void)word_is;
	return WORD;
}

/* ---- names -------------------------------------------------------------- */

static int is_cjk(const char *s, size_t n)
{
	/* Han, Hiragana, Katakana, Hangul: E3..ED lead bytes cover U+3040-U+D7FF. */
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0xE3 && c <= 0xED)
			return 1;
	}
	return 0;
}

int au_is_initials(cx_str w)
{
	/* "L." "J.-P." "T.S." "Sh.F." "Y" and "A" (a lone capital) */
	if (!w.n || !str_is_upper((unsigned char)w.p[0]))
		return 0;
	int letters = 0, dots = 0;
	for (size_t i = 0; i < w.n; i++) {
		unsigned char c = (unsigned char)w.p[i];
		if (str_is_upper(c)) {
			letters++;
			/* "Sh.", "Yu.", "Zh.": a transliterated letter is two */
			if (i + 2 < w.n && w.p[i + 2] == '.' && strchr("hsuaoe", w.p[i + 1]) &&
			    strchr("SCZKTYP", (int)c) && (i + 3 == w.n || w.p[i + 3] == '-' || str_is_upper((unsigned char)w.p[i + 3])))
				i++;
			else if (i + 1 < w.n && str_is_lower((unsigned char)w.p[i + 1]))
				return 0;
		} else if (c == '.')
			dots++;
		else if (c != '-')
			return 0;
	}
	return letters && (dots || letters == 1);
}

/* Is w all upper-case ASCII letters, 1..3 of them (Vancouver "LY")? */
/* "Hw", "Sj": the initials a Vancouver list gives a hyphenated given name
 * (Hyun-woo, Soo-jin), a capital and a small letter. */
static int hyphen_initials(cx_str w)
{
	return w.n == 2 && str_is_upper((unsigned char)w.p[0]) && str_is_lower((unsigned char)w.p[1]);
}

static int is_caps_initials(cx_str w)
{
	if (w.n < 1 || w.n > 8)
		return 0;
	if (!memchr(w.p, '.', w.n)) {
		/* "LY", and "Y-M" for a hyphenated given name */
		size_t caps = 0;
		for (size_t i = 0; i < w.n; i++) {
			utf8proc_int32_t cp;
			utf8proc_ssize_t l;
			if (str_is_upper((unsigned char)w.p[i]))
				caps++;
			else if ((unsigned char)w.p[i] >= 0x80 &&
			         (l = utf8proc_iterate((const utf8proc_uint8_t *)w.p + i, (utf8proc_ssize_t)(w.n - i), &cp)) > 1 &&
			         utf8proc_category(cp) == UTF8PROC_CATEGORY_LU) {
				caps++; /* "Novák Ł", "Öztürk Ç" */
				i += (size_t)l - 1;
			} else if (w.p[i] != '-' || !i || i + 1 == w.n || w.p[i - 1] == '-')
				return 0;
		}
		return caps <= 3;
	}
	/* dotted: "A.V.", "A.", "Sh.F." (a capital, at most one small letter, a dot) */
	size_t i = 0;
	while (i < w.n) {
		if (!str_is_upper((unsigned char)w.p[i++]))
			return 0;
		if (i < w.n && str_is_lower((unsigned char)w.p[i]))
			i++;
		if (i < w.n && w.p[i] == '-')
			i++;
		else if (i >= w.n || w.p[i++] != '.')
			return 0;
	}
	return 1;
}

/* A family name in capitals: "ZHANG", "LI" (a vowel tells it from
 * initials such as "YB"). */
static int is_caps_word(cx_str w)
{
	int vowel = 0;
	if (w.n < 2)
		return 0;
	for (size_t i = 0; i < w.n; i++) {
		if (!str_is_upper((unsigned char)w.p[i]) && w.p[i] != '-')
			return 0;
		if (strchr("AEIOUY", w.p[i]))
			vowel = 1;
	}
	return vowel;
}

/* Iterate words of s separated by white space. */
static int next_word(cx_str s, size_t *i, cx_str *w)
{
	while (*i < s.n && (s.p[*i] == ' ' || s.p[*i] == '\t'))
		(*i)++;
	if (*i >= s.n)
		return 0;
	size_t b = *i;
	while (*i < s.n && s.p[*i] != ' ' && s.p[*i] != '\t')
		(*i)++;
	*w = (cx_str){s.p + b, *i - b};
	return 1;
}

static int is_suffix(cx_str w);

int au_name_like(const char *s, size_t n)
{
	cx_str t = {s, n}, w;
	size_t i = 0;
	int words = 0, cap = 0;
	if (is_cjk(s, n))
		return n <= 24;
	while (next_word(t, &i, &w)) {
		words++;
		unsigned char c = (unsigned char)w.p[0];
		for (size_t k = 0; k < w.n; k++)
			if (str_digit((unsigned char)w.p[k]) || w.p[k] == ':' || w.p[k] == '?' || w.p[k] == '"')
				return 0;
		/* "Zhao." ends a sentence; only initials and Jr. carry a period. */
		if (w.p[w.n - 1] == '.' && !au_is_initials(w) && !is_suffix(w) && !word_is(w.p, w.n, "St."))
			return 0;
		if (str_is_upper(c) || c >= 0xC0)
			cap++;
		else if (!(word_is(w.p, w.n, "van") || word_is(w.p, w.n, "von") ||
		           word_is(w.p, w.n, "de") || word_is(w.p, w.n, "der") ||
		           word_is(w.p, w.n, "den") || word_is(w.p, w.n, "da") ||
		           word_is(w.p, w.n, "di") || word_is(w.p, w.n, "del") ||
		           word_is(w.p, w.n, "du") || word_is(w.p, w.n, "le") ||
		           word_is(w.p, w.n, "la") || word_is(w.p, w.n, "dos") ||
		           word_is(w.p, w.n, "bin") || word_is(w.p, w.n, "al") ||
		           word_is(w.p, w.n, "ten") || word_is(w.p, w.n, "ter")))
			return 0;
	}
	return words >= 1 && words <= 5 && cap >= 1;
}

static int is_particle(cx_str w)
{
	static const char *const p[] = {"van", "von", "der", "den", "de", "du", "da", "di", "del",
	                                "della", "le", "la", "dos", "das", "bin", "ibn", "al",
	                                "ten", "ter", "zu", "y"};
	for (size_t i = 0; i < sizeof p / sizeof *p; i++)
		if (word_is(w.p, w.n, p[i]))
			return 1;
	return 0;
}

static int is_suffix(cx_str w)
{
	static const char *const p[] = {"Jr.", "Jr", "Sr.", "Sr", "II", "III", "IV"};
	for (size_t i = 0; i < sizeof p / sizeof *p; i++)
		if (word_is(w.p, w.n, p[i]))
			return 1;
	return 0;
}

static cx_str span(cx_str a, cx_str b)
{
	return (cx_str){a.p, (size_t)(b.p + b.n - a.p)};
}

/* Vancouver initials as a given name: "HE" and "H E" are "H. E.", "Y-M"
 * is "Y.-M.", as the name's initials are written everywhere else. */
static cx_str spelled_initials(struct arena *a, cx_str g)
{
	int plain = !memchr(g.p, '.', g.n && g.p[g.n - 1] == '.' ? g.n - 1 : g.n);
	for (size_t i = 0; i < g.n && plain; i++)
		plain = str_is_upper((unsigned char)g.p[i]) || (unsigned char)g.p[i] >= 0x80 || g.p[i] == ' ' ||
		        g.p[i] == '-' || g.p[i] == '.';
	if (!plain)
		return arena_str(a, g.p, g.n); /* "A.V.", "Sh." as written */
	char *o = arena_alloc(a, 3 * g.n + 1);
	size_t k = 0;
	for (size_t i = 0; i < g.n; i++) {
		char c = g.p[i];
		if (c == ' ' || c == '.')
			continue; /* "Smith L M." */
		if (c == '-') {
			o[k++] = '-';
			continue;
		}
		if (k && o[k - 1] != '-')
			o[k++] = ' ';
		o[k++] = c;
		while (i + 1 < g.n && ((unsigned char)g.p[i + 1] & 0xC0) == 0x80)
			o[k++] = g.p[++i]; /* the rest of a letter in UTF-8 */
		o[k++] = '.';
	}
	o[k] = 0;
	return (cx_str){o, k};
}

void au_split(struct arena *a, cx_str s, int family_first, int vancouver, struct cx_name *out)
{
	memset(out, 0, sizeof *out);
	while (s.n && (s.p[s.n - 1] == ' ' || s.p[s.n - 1] == ','))
		s.n--;
	if (is_cjk(s.p, s.n) || !s.n) {
		/* "伊澤, 侑祐" says which part is the family name; "伊澤 侑祐"
		 * and "伊澤侑祐" stay whole, as the page wrote them */
		const char *cut = memchr(s.p, ',', s.n);
		if (cut && cut > s.p) {
			cx_str fam = {s.p, (size_t)(cut - s.p)}, giv = {cut + 1, (size_t)(s.p + s.n - cut - 1)};
			while (giv.n && giv.p[0] == ' ')
				giv.p++, giv.n--;
			if (giv.n && is_cjk(fam.p, fam.n) && is_cjk(giv.p, giv.n) && !memchr(giv.p, ' ', giv.n) &&
			    !memchr(giv.p, ',', giv.n) && !memchr(fam.p, ' ', fam.n)) {
				out->family = arena_str(a, fam.p, fam.n);
				out->given = arena_str(a, giv.p, giv.n);
				return;
			}
		}
		out->literal = arena_str(a, s.p, s.n);
		return;
	}
	if (family_first) {
		const char *comma = memchr(s.p, ',', s.n);
		if (comma) {
			cx_str fam = {s.p, (size_t)(comma - s.p)}, giv = {comma + 1, (size_t)(s.p + s.n - comma - 1)};
			while (giv.n && giv.p[0] == ' ')
				giv.p++, giv.n--;
			/* "van der Berg, Ingrid": the lower-case particles before
			 * the family name are its particle, as BibTeX reads them */
			size_t k = 0, pe = 0;
			cx_str w;
			while (next_word(fam, &k, &w) && k < fam.n && is_particle(w))
				pe = k;
			if (pe) {
				out->particle = arena_str(a, fam.p, pe);
				fam.p += pe, fam.n -= pe;
				while (fam.n && fam.p[0] == ' ')
					fam.p++, fam.n--;
			}
			out->family = arena_str(a, fam.p, fam.n);
			out->given = arena_str(a, giv.p, giv.n);
			return;
		}
	}
	cx_str w[32];
	size_t nw = 0, i = 0;
	while (nw < 32 && next_word(s, &i, &w[nw]))
		nw++;
	if (nw == 1) {
		out->family = arena_str(a, w[0].p, w[0].n);
		return;
	}
	if (vancouver && nw >= 2 && hyphen_initials(w[nw - 1])) {
		/* "Yoon Hw": Hyun-woo's initials, "H.-w." */
		out->family = arena_str(a, w[0].p, (size_t)(w[nw - 2].p + w[nw - 2].n - w[0].p));
		char *g = arena_alloc(a, 6);
		g[0] = w[nw - 1].p[0], g[1] = '.', g[2] = '-', g[3] = w[nw - 1].p[1], g[4] = '.', g[5] = 0;
		out->given = (cx_str){g, 5};
		return;
	}
	if (vancouver && nw >= 2 && is_caps_initials(w[nw - 1])) {
		/* "Guina M D" (IOP spaces its initials) as well as "Guina MD":
		 * the initials are the run of one-letter words at the end */
		size_t g = nw - 1;
		while (g > 1 && w[g - 1].n == 1 && (w[g].n == 1 || (w[g].n == 2 && w[g].p[1] == '.')) &&
		       is_caps_initials(w[g - 1]))
			g--; /* "Smith L M." as well */
		out->family = arena_str(a, w[0].p, (size_t)(w[g - 1].p + w[g - 1].n - w[0].p));
		out->given = spelled_initials(a, (cx_str){w[g].p, (size_t)(w[nw - 1].p + w[nw - 1].n - w[g].p)});
		return;
	}
	/* "ZHANG Wei": a family name in capitals written first */
	if (nw == 2 && is_caps_word(w[0]) && !is_caps_word(w[1])) {
		out->family = arena_str(a, w[0].p, w[0].n);
		out->given = arena_str(a, w[1].p, w[1].n);
		return;
	}
	/* "McLaughlin DVP", "Liu S" in a list of other forms: Vancouver's
	 * initials after the family name, whatever the rest of the list does;
	 * with no vowel, since "Wei LI" is a family name in capitals */
	if (nw == 2 && w[1].n >= 1 && w[1].n <= 3 && is_caps_initials(w[1]) && !is_caps_word(w[0]) && w[0].n > 1 &&
	    !memchr(w[1].p, 'A', w[1].n) && !memchr(w[1].p, 'E', w[1].n) && !memchr(w[1].p, 'I', w[1].n) &&
	    !memchr(w[1].p, 'O', w[1].n) && !memchr(w[1].p, 'U', w[1].n) && !memchr(w[1].p, 'Y', w[1].n)) {
		out->family = arena_str(a, w[0].p, w[0].n);
		out->given = spelled_initials(a, w[1]);
		return;
	}
	size_t last = nw - 1;
	if (nw >= 3 && is_suffix(w[last])) {
		out->suffix = arena_str(a, w[last].p, w[last].n);
		last--;
	}
	size_t fam = last, first = last;
	/* "Anna Fontcuberta i Morral", "José Ortega y Gasset": two family
	 * names joined by the conjunction are one family name */
	while (first >= 3 && w[first - 1].n == 1 && (w[first - 1].p[0] == 'i' || w[first - 1].p[0] == 'y') &&
	       str_is_upper((unsigned char)w[first - 2].p[0]))
		first -= 2;
	if (first < last) {
		cx_str f = span(w[first], w[last]);
		out->family = arena_str(a, f.p, f.n);
		cx_str g = span(w[0], w[first - 1]);
		out->given = arena_str(a, g.p, g.n);
		return;
	}
	while (fam > 1 && is_particle(w[fam - 1]))
		fam--;
	out->family = arena_str(a, w[last].p, w[last].n);
	if (fam < last) {
		cx_str p = span(w[fam], w[last - 1]);
		out->particle = arena_str(a, p.p, p.n);
	}
	if (fam > 0) {
		cx_str g = span(w[0], w[fam - 1]);
		out->given = arena_str(a, g.p, g.n);
	}
}

/* Does the slot hold only initials ("L.", "A. B.")? */
static int slot_initials(const struct au_state *S, const struct au_slot *sl)
{
	if (!sl->has_words)
		return 0;
	cx_str t = {S->s + sl->first, sl->last - sl->first}, w;
	size_t i = 0;
	int any = 0;
	while (next_word(t, &i, &w)) {
		if (!au_is_initials(w))
			return 0;
		any = 1;
	}
	return any;
}

/* Does the slot hold any initial ("J. Muller")?  Then it is no family name. */
static int slot_any_initial(const struct au_state *S, const struct au_slot *sl)
{
	cx_str t = {S->s + sl->first, sl->last - sl->first}, w;
	size_t i = 0;
	while (sl->has_words && next_word(t, &i, &w))
		if (au_is_initials(w))
			return 1;
	return 0;
}

static size_t slot_words(const struct au_state *S, const struct au_slot *sl)
{
	cx_str t = {S->s + sl->first, sl->last - sl->first}, w;
	size_t i = 0, k = 0;
	while (sl->has_words && next_word(t, &i, &w))
		k++;
	return k;
}

/* Is w a particle that starts a family name, in either case ("van",
 * "Van", "De", "della")? */
static int particle_ci(cx_str w)
{
	static const char *const p[] = {"van", "von", "der", "den", "de", "du", "da", "di", "del", "della",
	                                "le", "la", "dos", "das", "al", "el", "ten", "ter", "mac", "st.", NULL};
	for (size_t i = 0; p[i]; i++)
		if (w.n == strlen(p[i]) && str_ieqn(w.p, p[i], w.n))
			return 1;
	return 0;
}

/* Could the slot be the family part of "Family, Given": one word ("Aksit",
 * "Stern-Shavit"), or particles then one word ("van der Berg", "Della
 * Pietra"), and no initial; with initials after it, up to three words. */
static int family_part(const struct au_state *S, const struct au_slot *f, int initials_after)
{
	if (!f->has_words || f->others || slot_any_initial(S, f))
		return 0;
	size_t nw = slot_words(S, f);
	if (nw == 1 || (initials_after && nw <= 3))
		return 1;
	cx_str t = {S->s + f->first, f->last - f->first}, w;
	size_t i = 0, k = 0;
	if (nw == 3) { /* two family names joined: "Fontcuberta i Morral", "Ortega y Gasset" */
		cx_str a, j, b;
		next_word(t, &i, &a), next_word(t, &i, &j), next_word(t, &i, &b);
		if (j.n == 1 && strchr("iye", j.p[0]) && str_is_upper((unsigned char)a.p[0]) &&
		    str_is_upper((unsigned char)b.p[0]))
			return 1;
		i = 0;
	}
	while (next_word(t, &i, &w) && ++k < nw)
		if (!particle_ci(w))
			return 0;
	return nw <= 3;
}

/* Could the slot be the given part: initials ("G.", "KM"), or one to
 * three capitalised words or initials ("Xiayu", "Daniel N", "Kyu S"). */
static int given_part(const struct au_state *S, const struct au_slot *g, int *initials)
{
	*initials = 0;
	if (!g->has_words)
		return 0;
	cx_str t = {S->s + g->first, g->last - g->first}, w;
	size_t i = 0, nw = 0, caps = 0;
	while (next_word(t, &i, &w)) {
		nw++;
		unsigned char c = (unsigned char)w.p[0];
		if (au_is_initials(w) || is_caps_initials(w))
			caps++;
		else if (!str_is_upper(c) && c < 0xC0)
			return 0;
		for (size_t k = 0; k < w.n; k++)
			if (str_digit((unsigned char)w.p[k]))
				return 0;
	}
	*initials = caps == nw;
	return nw >= 1 && nw <= 3;
}

/* Is the slot written in Han, kana or Hangul? */
static int slot_cjk(const struct au_state *S, const struct au_slot *sl)
{
	return is_cjk(S->s + sl->first, sl->last - sl->first);
}

/* Is the slot a whole name in Han, kana or Hangul written without a
 * space, three characters or more ("堀江倫大": family and given)? */
static int cjk_full(const struct au_state *S, const struct au_slot *sl)
{
	const char *p = S->s + sl->first;
	size_t n = sl->last - sl->first, chars = 0;
	if (!slot_cjk(S, sl) || memchr(p, ' ', n))
		return 0;
	for (size_t i = 0; i < n; i++)
		chars += ((unsigned char)p[i] & 0xC0) != 0x80;
	return chars >= 3;
}

/* Does every word of the slot open with a capital? */
static int two_caps(const struct au_state *S, const struct au_slot *sl)
{
	cx_str t = {S->s + sl->first, sl->last - sl->first}, w;
	size_t i = 0;
	while (next_word(t, &i, &w))
		if (!str_is_upper((unsigned char)w.p[0]))
			return 0;
	return 1;
}

/* Fold "Family, Given" pairs of a comma-separated list, left to right: a
 * family part, a comma, a given part.  The folding stands only when it
 * leaves no one-word name alone (people have two names; a list of
 * family names alone, "Westwood, Messing & Lelkes", is no list of pairs)
 * and no "and" or ";" between the two halves of a pair.  With two_ok, two
 * capitalised words before a one-word given name are a family name too
 * ("Kanta Patra, Saroj"), for a list that folds no other way.  Each
 * folded slot is flagged in the array returned; NULL when nothing folds. */
static unsigned char *fold_pairs(struct arena *a, struct au_state *S, int two_ok)
{
	size_t npair = 0, ipair = 0, alone = 0;
	unsigned char *pair = arena_calloc(a, S->nv + 1); /* pair[i]: slot i starts a pair */
	for (size_t i = 0; i < S->nv; i++) {
		const struct au_slot *f = &S->v[i];
		int init = 0;
		/* "Consortium, Prose, N.S.": a word before "Family, I." is the
		 * family of that pair, not the given name of this slot */
		int next_pair = i + 2 < S->nv && S->v[i + 1].sep == ',' && slot_initials(S, &S->v[i + 2]) &&
		                family_part(S, &S->v[i + 1], 1);
		/* two family names before one given name: "Kanta Patra, Saroj" */
		int two = two_ok && i + 1 < S->nv && slot_words(S, f) == 2 && slot_words(S, &S->v[i + 1]) == 1 && !f->others &&
		          !slot_any_initial(S, f) && two_caps(S, f);
		if (i + 1 < S->nv && f->sep == ',' && given_part(S, &S->v[i + 1], &init) && (family_part(S, f, init) || two) &&
		    slot_cjk(S, f) == slot_cjk(S, &S->v[i + 1]) && /* "鈴木花子, McLaughlin DVP": two names */
		    !f->others && (init || !next_pair)) {
			pair[i] = 1;
			npair++;
			ipair += init && slot_initials(S, &S->v[i + 1]);
			i++;
		} else if (f->has_words && !f->others && slot_words(S, f) < 2)
			alone++;
	}
	/* A name alone beside the pairs is a family name written bare (a
	 * consortium, a name the page left short).  The list is still one of
	 * pairs when "Family, I." pairs outnumber such names: "Hybels, C.F.,
	 * Blazer, D.G., Eagle, & Proeschold-Bell, R.J.".  A family name alone
	 * never takes initials for a given name, so a lone word among them is
	 * no half of a pair. */
	if (!npair || (alone && !(ipair >= 2 && ipair > alone)))
		return NULL;
	struct au_slot *w = arena_calloc(a, S->nv * sizeof *w);
	unsigned char *inv = arena_calloc(a, S->nv);
	size_t k = 0;
	for (size_t i = 0; i < S->nv; i++) {
		w[k] = S->v[i];
		if (pair[i]) {
			const struct au_slot *g = &S->v[++i];
			w[k].last = g->last, w[k].sep = g->sep;
			w[k].bold |= g->bold, w[k].equal |= g->equal, w[k].others |= g->others;
			if (g->aend > g->abeg)
				w[k].abeg = g->abeg, w[k].aend = g->aend;
			inv[k] = 1;
		}
		k++;
	}
	S->v = w;
	S->nv = k;
	return inv;
}

/* The text of a slot with marks and markup removed (they sit between the
 * first and last word only when written inside a name, e.g. "Zhao*, Li"). */
static cx_str slot_text(struct arena *a, const struct au_state *S, const struct au_slot *sl)
{
	char *out = arena_alloc(a, sl->last - sl->first + 1);
	size_t k = 0;
	for (size_t i = sl->first; i < sl->last;) {
		size_t l = mark_at(S->s, S->n, i);
		if (l && !(S->s[i] == '#')) {
			i += l;
			continue;
		}
		unsigned char c = (unsigned char)S->s[i];
		if (CX_IS_MARK(c) || c == '\n' || c == '\t' || c == '\r') {
			if (k && out[k - 1] != ' ')
				out[k++] = ' ';
			i++;
			continue;
		}
		if (c == ' ' && k && out[k - 1] == ' ') {
			i++;
			continue;
		}
		out[k++] = (char)c;
		i++;
	}
	while (k && out[k - 1] == ' ')
		k--;
	out[k] = 0;
	return (cx_str){out, k};
}

/* What a page appends to a list of names: the editors' role (", eds.",
 * "(Eds.)") goes, and a folded tail ("and 4 more authors") is "others". */
static void au_tidy(struct arena *a, const char **sp, size_t *np)
{
	static const char *const role[] = {", eds.", ", eds", "(eds.)", "(eds)", "(ed.)", "(ed)", " eds.",
	                                   ", editors", "(editors)", ", ed.", NULL};
	const char *s = *sp;
	size_t n = *np;
	while (n && (s[n - 1] == ' ' || s[n - 1] == ','))
		n--;
	for (int again = 1; again;) {
		again = 0;
		for (size_t i = 0; role[i]; i++) {
			size_t k = strlen(role[i]);
			if (n < k || !str_ieqn(s + n - k, role[i], k))
				continue;
			n -= k;
			while (n && (s[n - 1] == ' ' || s[n - 1] == ','))
				n--;
			again = 1;
		}
	}
	/* "and 4 more authors", "and 1 more author" */
	const char *m = NULL;
	for (size_t i = 0; i + 12 <= n; i++)
		if (str_ieqn(s + i, " more author", 12) && i && s[i - 1] >= '0' && s[i - 1] <= '9')
			m = s + i;
	if (m) {
		const char *d = m;
		while (d > s && d[-1] >= '0' && d[-1] <= '9')
			d--;
		size_t head = (size_t)(d - s);
		char *t = arena_alloc(a, head + 8);
		memcpy(t, s, head);
		memcpy(t + head, "others", 7);
		s = t;
		n = head + 6;
	}
	*sp = s;
	*np = n;
}

int au_parse(struct arena *a, const char *s, size_t n, struct au_list *out)
{
	struct au_state S;
	au_tidy(a, &s, &n);
	memset(&S, 0, sizeof S);
	memset(out, 0, sizeof *out);
	S.a = a;
	S.s = s;
	S.n = n;
	if (cx_auparse(&S))
		return -1;
	au_end_slot(&S, 0);
	/* A trailing empty slot is the comma of a wrapped line, not a name. */
	if (S.nv > 1 && !S.v[S.nv - 1].has_words && !S.v[S.nv - 1].others && !S.v[S.nv - 1].macro)
		S.nv--;

	/* "Family, Given" pairs: "Zhao, L., Krishnamurthy, A." (every second
	 * slot is initials) or "Zhao, Liangyu and Krishnamurthy, Arvind" (commas
	 * inside names, "and" between them). */
	int pairs = 0;
	if (S.nv >= 2 && S.nv % 2 == 0) {
		int init = 1, alt = 1;
		for (size_t i = 0; i < S.nv; i += 2) {
			if (!S.v[i].has_words || !S.v[i + 1].has_words)
				init = alt = 0; /* an empty slot is the owner, not half a name */
			if (!slot_initials(&S, &S.v[i + 1]) || slot_any_initial(&S, &S.v[i]) ||
			    slot_words(&S, &S.v[i]) > 3)
				init = 0;
			if (S.v[i].sep != ',' || (i + 2 < S.nv && S.v[i + 1].sep != 'a' && S.v[i + 1].sep != ';') ||
			    slot_words(&S, &S.v[i]) > 3 || !S.v[i + 1].has_words)
				alt = 0;
		}
		/* "Zhao, Liangyu" alone is also a single inverted name. */
		pairs = init || (alt && (S.nv > 2 || S.v[0].sep == ','));
		if (alt && !init && S.nv == 2 && slot_words(&S, &S.v[1]) > 1 && slot_words(&S, &S.v[0]) > 1)
			pairs = 0; /* "Liangyu Zhao, Arvind Krishnamurthy" */
	}
	/* Chicago and MLA invert only the first name: "Zhao, Liangyu, Saeed
	 * Maleki, and Arvind Krishnamurthy". */
	int first_inv = 0;
	if (!pairs && S.nv >= 3 && S.v[0].sep == ',' && slot_words(&S, &S.v[0]) == 1 &&
	    slot_words(&S, &S.v[1]) >= 1 && slot_words(&S, &S.v[1]) <= 2 && !S.v[0].others &&
	    !S.v[1].others) {
		first_inv = 1;
		for (size_t i = 2; i < S.nv; i++)
			if (S.v[i].has_words && slot_words(&S, &S.v[i]) < 2 && !cjk_full(&S, &S.v[i]))
				first_inv = 0;
	}
	/* "Family, Given" pairs among other names: "Vishnyakov, A.V.,
	 * Nurmukhametov, A.R., and Gaisaryan S.S.", "Dasbach, G., Linpeng,
	 * Xiayu, Suter, D., et al.", "Aksit, Aykut, Arteaga, Daniel N" - each
	 * pair folds into one "Family, Given" slot */
	unsigned char *inv = NULL;
	if (!pairs && !first_inv && S.nv >= 2)
		if (!(inv = fold_pairs(a, &S, 0)))
			inv = fold_pairs(a, &S, 1);
	if (first_inv) {
		/* fold slot 1 into slot 0 as "Family, Given" */
		struct au_slot m = S.v[0];
		m.last = S.v[1].last;
		m.bold |= S.v[1].bold;
		m.equal |= S.v[1].equal;
		if (S.v[1].aend > S.v[1].abeg)
			m.abeg = S.v[1].abeg, m.aend = S.v[1].aend;
		m.sep = S.v[1].sep;
		S.v[1] = m;
		S.v++;
		S.nv--;
	}
	size_t cnt = pairs ? S.nv / 2 : S.nv;
	out->v = arena_calloc(a, (cnt ? cnt : 1) * sizeof *out->v);
	out->n = cnt;
	out->equal_note = S.equal_note ? 1 : 0;
	int vanc = cnt > 0;
	size_t caps = 0, soft = 0;
	for (size_t i = 0; i < cnt; i++) {
		struct au_name *nm = &out->v[i];
		if (pairs) {
			const struct au_slot *f = &S.v[2 * i], *g = &S.v[2 * i + 1];
			cx_str ft = slot_text(a, &S, f), gt = slot_text(a, &S, g);
			char *t = arena_alloc(a, ft.n + gt.n + 3);
			memcpy(t, ft.p, ft.n);
			memcpy(t + ft.n, ", ", 2);
			memcpy(t + ft.n + 2, gt.p, gt.n);
			t[ft.n + 2 + gt.n] = 0;
			nm->text = (cx_str){t, ft.n + 2 + gt.n};
			nm->family_first = 1;
			nm->bold = f->bold | g->bold;
			nm->equal = f->equal | g->equal;
			nm->others = f->others | g->others;
			if (g->aend > g->abeg)
				nm->annot = arena_str(a, s + g->abeg, g->aend - g->abeg);
			vanc = 0;
			continue;
		}
		const struct au_slot *sl = &S.v[i];
		if (sl->has_words)
			nm->text = slot_text(a, &S, sl);
		if ((first_inv && i == 0) || (inv && inv[i]))
			nm->family_first = 1;
		nm->bold = sl->bold;
		nm->equal = sl->equal;
		nm->others = sl->others;
		nm->empty = !sl->has_words && !sl->others;
		if (sl->aend > sl->abeg)
			nm->annot = arena_str(a, s + sl->abeg, sl->aend - sl->abeg);
		if (sl->has_words && !(inv && inv[i])) {
			size_t j = nm->text.n;
			while (j && nm->text.p[j - 1] != ' ')
				j--;
			cx_str lw = {nm->text.p + j, nm->text.n - j};
			if (!j || !(is_caps_initials(lw) || hyphen_initials(lw)))
				vanc = 0;
			else if (hyphen_initials(lw))
				soft++;
			else
				caps++;
		}
	}
	/* Vancouver only when every name ends in capital initials, or in
	 * a hyphenated given name's ("Yoon Hw") in a list most of whose
	 * names end in capitals, at least half of them */
	out->vancouver = vanc && caps >= soft && caps ? 1 : 0;
	return 0;
}
