/* cv/labeling.c - an item's text to labelled tokens: markup becomes token
 * flags, the model labels the tokens, and a few corrections follow where a
 * page's punctuation and line breaks say more than the model saw (an
 * author list that ends on "and", a title left open, a year that begins a
 * venue's name, the title line of a block).  cv_label leaves each label's
 * text in the item for entry.c to normalize.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <utf8proc.h>

#include "core/str.h"
#include "cv/cv.h"
#include "cv/item.h"

/* ---- labelling ------------------------------------------------------------ */

/* Markup bytes become token flags; the token text keeps none of them. */
/* The length of "[Internet]", "[online]", "[serial online]", "[CD-ROM]"
 * at s (NLM and Vancouver styles write it after a title or a journal):
 * the medium, no word of any field; or 0. */
static size_t online_at(const char *s, size_t n)
{
	static const char *const w[] = {"[internet]", "[online]", "[serial online]", "[serial on the internet]",
	                                "[cd-rom]", "[electronic resource]", "[online resource]", "[database on the internet]",
	                                NULL};
	for (size_t k = 0; w[k]; k++) {
		size_t l = strlen(w[k]);
		if (l <= n && str_ieqn(s, w[k], l))
			return l;
	}
	return 0;
}

static size_t strip_marks(struct arena *a, const char *s, size_t n, char **out, uint8_t **fl, uint32_t **om)
{
	char *p = arena_alloc(a, n + 1);
	uint8_t *f = arena_alloc(a, n + 1);
	uint32_t *m = arena_alloc(a, (n + 1) * sizeof *m);
	size_t k = 0;
	unsigned cur = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (CX_IS_MARK(c)) {
			if (c == CX_M_BOLD_ON)
				cur |= TOK_BOLD;
			else if (c == CX_M_BOLD_OFF)
				cur &= ~(unsigned)TOK_BOLD;
			else if (c == CX_M_ITALIC_ON)
				cur |= TOK_ITALIC;
			else if (c == CX_M_ITALIC_OFF)
				cur &= ~(unsigned)TOK_ITALIC;
			else if (c == CX_M_URL_ON)
				cur |= TOK_LINK;
			else if (c == CX_M_URL_OFF)
				cur &= ~(unsigned)TOK_LINK;
			continue;
		}
		if (c == '[' && i + 5 <= n && (str_ieqn(s + i, "[w:]", 4) || str_ieqn(s + i, "[in:]", 5)) &&
		    (!i || s[i - 1] == ' ')) { /* "[w:]", Polish styles' "In:" */
			size_t l = s[i + 1] == 'w' || s[i + 1] == 'W' ? 4 : 5;
			for (size_t j = 0; j < 3; j++)
				p[k] = "In:"[j], m[k] = (uint32_t)(i + (j ? l - 1 : 0)), f[k++] = (uint8_t)cur;
			i += l - 1;
			continue;
		}
		size_t l = c == '[' ? online_at(s + i, n - i) : 0;
		if (l) { /* it goes with the space before it: "TUGboat [Internet]. 2006" */
			if (k && p[k - 1] == ' ')
				k--;
			i += l - 1;
			continue;
		}
		p[k] = (char)c;
		m[k] = (uint32_t)i;
		f[k++] = (uint8_t)cur;
	}
	p[k] = 0;
	m[k] = (uint32_t)n;
	*out = p;
	*fl = f;
	*om = m;
	return k;
}

/* The author tokens as the item wrote them, markup and all (the owner's
 * bold name): each token's bytes in s, with the marks that open before it
 * and close after it. */
static cx_str marked_authors(struct arena *a, const char *s, size_t n, const struct tok *tk, const uint8_t *lab,
                             size_t nt, const uint32_t *om)
{
	char *o = arena_alloc(a, n + nt + 1);
	size_t k = 0;
	for (size_t i = 0; i < nt; i++) {
		if (lab[i] != LAB_AUTHOR)
			continue;
		size_t b = om[tk[i].off], e = om[tk[i].off + tk[i].n - 1] + 1;
		while (b && CX_IS_MARK(s[b - 1]))
			b--;
		while (e < n && CX_IS_MARK(s[e]))
			e++;
		if (k)
			o[k++] = ' ';
		memcpy(o + k, s + b, e - b);
		k += e - b;
	}
	o[k] = 0;
	return (cx_str){o, k};
}

/* A page's line break is where its fields part: a word at the edge of a
 * line that the labeller gave to the field across the break (a title that
 * "goes on" into the author line's first name) goes with its own line,
 * when the rest of the line is of one field. */
static void line_edges(const struct tok *tk, uint8_t *lab, size_t nt)
{
	for (size_t b = 0; b < nt;) {
		size_t e = b + 1;
		while (e < nt && !(tk[e].flags & TOK_LINESTART))
			e++;
		if (e - b >= 4) {
			size_t cnt[LAB_N] = {0};
			for (size_t i = b; i < e; i++)
				cnt[lab[i]]++;
			int maj = 0;
			for (int l = 1; l < LAB_N; l++)
				if (cnt[l] > cnt[maj])
					maj = l;
			if (4 * cnt[maj] >= 3 * (e - b)) {
				if (b && lab[b] != maj && lab[b] == lab[b - 1] && lab[b + 1] == maj)
					lab[b] = (uint8_t)maj;
				if (e < nt && lab[e - 1] != maj && lab[e - 1] == lab[e] && lab[e - 2] == maj)
					lab[e - 1] = (uint8_t)maj;
			}
		}
		b = e;
	}
}

/* Is the token "and" or "&"? */
static int connective(const struct tok *t)
{
	return (t->n == 3 && !memcmp(t->p, "and", 3)) || (t->n == 1 && t->p[0] == '&');
}

/* Is token i "and" in another language, between two names ("und",
 * "och", "i", "y", "e", "et" but not "et al.")?  Catalan "i", Spanish
 * "y" and Portuguese "e" also join two family names; the caller knows
 * where it stands. */
static int list_and(const struct tok *tk, size_t nt, size_t i)
{
	static const char *const w[] = {"und", "et", "och", "og", "ja", "i", "y", "e", "\xC3\xA9s", "\xC8\x99i",
	                                "\xD0\xB8", "\xD1\x82\xD0\xB0", "\xD1\x96", NULL};
	for (int k = 0; w[k]; k++)
		if (tk[i].n == strlen(w[k]) && !memcmp(tk[i].p, w[k], tk[i].n))
			return i + 1 < nt && !(tk[i].n == 2 && !memcmp(tk[i + 1].p, "al", 2));
	return 0;
}

/* Is the token a year in parentheses, with a stop or colon after it
 * ("(2009):", "(2011a).")? */
static int paren_year(const struct tok *t)
{
	size_t n = t->n;
	while (n && strchr(".:,;", t->p[n - 1]))
		n--;
	if (n < 6 || t->p[0] != '(' || t->p[n - 1] != ')')
		return 0;
	size_t k = 1;
	while (k < n - 1 && str_digit((unsigned char)t->p[k]))
		k++;
	return k == 5 && (k == n - 1 || (k == n - 2 && str_is_lower((unsigned char)t->p[k])));
}

/* The end of the line that begins at token b. */
static size_t line_end(const struct tok *tk, size_t nt, size_t b)
{
	size_t e = b + 1;
	while (e < nt && !(tk[e].flags & TOK_LINESTART))
		e++;
	return e;
}

/* Are tokens b..e all of label l? */
static int all_of(const uint8_t *lab, size_t b, size_t e, int l)
{
	for (size_t i = b; i < e; i++)
		if (lab[i] != l)
			return 0;
	return 1;
}

/* An item of lines with no title: the line of one field above its author
 * line ("DH Benelux Online | Antske Fokkens, ..."), or a first line of
 * "authors" above the real list, with no comma or "and" in it, is the
 * title. */
static void title_line(const struct tok *tk, uint8_t *lab, size_t nt)
{
	for (size_t i = 0; i < nt; i++)
		if (lab[i] == LAB_TITLE)
			return;
	size_t pb = 0, pe = 0; /* the line before */
	for (size_t b = 0; b < nt;) {
		size_t e = line_end(tk, nt, b);
		if (e - b >= 2 && all_of(lab, b, e, LAB_AUTHOR)) {
			int list = 0;
			for (size_t i = b; i < e; i++)
				list |= tk[i].p[tk[i].n - 1] == ',' || connective(&tk[i]);
			if (pe && all_of(lab, pb, pe, lab[pb]) && lab[pb] != LAB_DATE && lab[pb] != LAB_NOTE &&
			    (lab[pb] != LAB_AUTHOR || !pb))
				for (size_t i = pb; i < pe; i++)
					lab[i] = LAB_TITLE;
			else if (!b && !list && e < nt && all_of(lab, e, line_end(tk, nt, e), LAB_AUTHOR))
				for (size_t i = b; i < e; i++)
					lab[i] = LAB_TITLE;
			if (list || pe)
				return;
		}
		pb = b, pe = e;
		b = e;
	}
}

static int any_label(const uint8_t *lab, size_t nt, int l);

/* The first run of tokens labelled l: where it starts (nt for none), and
 * in *end where it ends (one past its last token; nt for none). */
static size_t first_run(const uint8_t *lab, size_t nt, int l, size_t *end)
{
	size_t b = 0;
	while (b < nt && lab[b] != l)
		b++;
	size_t e = b;
	while (e < nt && lab[e] == l)
		e++;
	*end = e;
	return b;
}

/* How many seams of a list the line [b, e) holds: "and", or a comma
 * inside it. */
static size_t list_seams(const struct tok *tk, size_t b, size_t e)
{
	size_t n = 0;
	for (size_t i = b; i < e; i++)
		n += connective(&tk[i]) || (i + 1 < e && tk[i].p[tk[i].n - 1] == ',');
	return n;
}

/* Is the line [b, e) a list of names that closed: its seams, and no seam
 * left open at its end? */
static int closed_list(const struct tok *tk, const uint8_t *lab, size_t b, size_t e)
{
	size_t names = 0;
	for (size_t i = b; i < e; i++)
		names += lab[i] == LAB_AUTHOR;
	const struct tok *t = &tk[e - 1];
	return names >= 2 && lab[e - 1] == LAB_AUTHOR && list_seams(tk, b, e) && !connective(t) &&
	       t->p[t->n - 1] != ',' && t->p[t->n - 1] != ';';
}

/* A short line of author words with no seam of a list in it is no part of
 * the author list on the line beside it.  After a list that closed, it is
 * the venue ("Lind, Erik and Dick, Kimberly A. | Phys. Rev. B"); between
 * a long title's line and a list of three names or more, the title's
 * wrapped end ("... Grown from Metal-Organic | Precursors. | Thelander,
 * Claes and Dick, Kimberly A. and ..."). */
static void lone_lines(const struct tok *tk, uint8_t *lab, size_t nt)
{
	int container = any_label(lab, nt, LAB_CONTAINER);
	size_t pb = 0, pe = 0;
	for (size_t b = 0; b < nt;) {
		size_t e = line_end(tk, nt, b);
		if (pe && lab[b] == LAB_AUTHOR && e - b <= 6 && !list_seams(tk, b, e) &&
		    tk[e - 1].p[tk[e - 1].n - 1] != ',') {
			size_t ne = e < nt ? line_end(tk, nt, e) : e;
			if (!container && closed_list(tk, lab, pb, pe) && any_label(lab, pb, LAB_TITLE)) {
				for (size_t i = b; i < e; i++)
					if (lab[i] == LAB_AUTHOR || lab[i] == LAB_EDITOR || lab[i] == LAB_EDITION)
						lab[i] = LAB_CONTAINER;
				container = 1;
			} else if (pe - pb >= 6 && all_of(lab, pb, pe, LAB_TITLE) && all_of(lab, b, e, LAB_AUTHOR) &&
			           ne > e && lab[e] == LAB_AUTHOR && list_seams(tk, e, ne) >= 2)
				for (size_t i = b; i < e; i++)
					lab[i] = LAB_TITLE;
		}
		pb = b, pe = e;
		b = e;
	}
}

/* A line the page's classes named (a template's "title", "author",
 * "periodical" block) holds that field: the model's author or title words
 * in a venue line are the venue's ("Style, Mar 2013"), and so on. */
/* Could the token be part of a date: a digit, or a month's name? */
static int datelike(const struct tok *t)
{
	static const char *const m[] = {"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
	                                "spring", "summer", "fall", "autumn", "winter", NULL};
	for (uint32_t i = 0; i < t->n; i++)
		if (str_digit((unsigned char)t->p[i]))
			return 1;
	for (size_t i = 0; m[i]; i++)
		if (t->n >= 3 && str_ieqn(t->p, m[i], strlen(m[i]) < t->n ? strlen(m[i]) : t->n))
			return 1;
	return 0;
}

static void line_roles(const struct tok *tk, uint8_t *lab, size_t nt)
{
	for (size_t i = 0; i < nt; i++) {
		uint8_t l = lab[i];
		if (tk[i].role == R_VENUE && (l == LAB_AUTHOR || l == LAB_TITLE || (l == LAB_DATE && !datelike(&tk[i]))))
			lab[i] = LAB_CONTAINER;
		else if (tk[i].role == R_AUTHOR && (l == LAB_TITLE || l == LAB_CONTAINER))
			lab[i] = LAB_AUTHOR;
		else if (tk[i].role == R_TITLE && l != LAB_TITLE && l != LAB_URL && l != LAB_DOI && l != LAB_NUMBER &&
		         l != LAB_NOTE)
			lab[i] = LAB_TITLE; /* the template says it: its words are the title's */
	}
}

/* A link's words are one field: the few the model gave elsewhere in a
 * linked title ("... de Niquelândia, | GO") go with the rest. */
static void link_spans(const struct tok *tk, uint8_t *lab, size_t nt)
{
	for (size_t b = 0; b < nt;) {
		if (!(tk[b].flags & TOK_LINK)) {
			b++;
			continue;
		}
		size_t e = b;
		size_t cnt[LAB_N] = {0};
		while (e < nt && (tk[e].flags & TOK_LINK))
			cnt[lab[e++]]++;
		int maj = 0;
		for (int l = 1; l < LAB_N; l++)
			if (cnt[l] > cnt[maj])
				maj = l;
		if (e - b >= 4 && 4 * cnt[maj] >= 3 * (e - b) && maj == LAB_TITLE)
			for (size_t i = b; i < e; i++)
				lab[i] = (uint8_t)maj;
		b = e;
	}
}

/* A DOI broken at a blank, as text taken from a PDF file has it
 * ("doi: 10.1057/ palcomms. 2015.46"): a DOI token that ends in '/' or '.'
 * goes on into the next token when that one holds a digit or a '.' and no
 * blank-worthy word (no letters alone). */
static void doi_tail(const struct tok *tk, uint8_t *lab, size_t nt)
{
	for (size_t i = 0; i + 1 < nt; i++) {
		if (lab[i] != LAB_DOI || lab[i + 1] == LAB_DOI || !tk[i].n ||
		    (tk[i].p[tk[i].n - 1] != '/' && tk[i].p[tk[i].n - 1] != '.'))
			continue;
		int digit = 0, ok = 1;
		for (uint32_t k = 0; k < tk[i + 1].n && ok; k++) {
			unsigned char c = (unsigned char)tk[i + 1].p[k];
			digit |= str_digit(c) || c == '.';
			ok = str_alnum(c) || strchr("./-_()", c);
		}
		/* the next token is the DOI's end when nothing follows it */
		if (ok && digit && (i + 2 == nt || lab[i + 2] != lab[i + 1]))
			lab[i + 1] = LAB_DOI;
	}
}

/* A field has one place: after the first run of label l, a later run of l
 * right after a token of label into, within one line, is into's when it
 * is at most most tokens long (0: any) and the token after it is into
 * (sandwich) or is not into (!sandwich).  A title's end the model gave to
 * the authors ("... na região de Niquelândia, | GO. | Revista ...") and a
 * second run of title words inside the container ("Proceedings of the |
 * Institute for ... | ISP RAS") are the two cases. */
static void stray_runs(const struct tok *tk, uint8_t *lab, size_t nt, int l, int into, size_t most, int sandwich)
{
	size_t i = 0;
	while (i < nt && lab[i] != l)
		i++;
	while (i < nt && lab[i] == l)
		i++;
	for (; i < nt; i++) {
		if (lab[i] != l || !i || lab[i - 1] != into || (tk[i].flags & TOK_LINESTART))
			continue;
		size_t e = i;
		while (e < nt && lab[e] == l && !(e > i && (tk[e].flags & TOK_LINESTART)))
			e++;
		if ((!most || e - i <= most) && e < nt && (lab[e] == into) == sandwich)
			for (size_t k = i; k < e; k++)
				lab[k] = (uint8_t)into;
		i = e;
	}
}

/* A heading over the item gave its title, and the citation under it
 * repeats it: title words the model read past the heading's last word are
 * the container's ("Classification of ROP gadgets. | Trudy ISP RAN/Proc. |
 * ISP RAS, vol. 28"). */
static void heading_title(const struct tok *tk, uint8_t *lab, size_t nt, cx_str h)
{
	size_t i = 0, hk = 0;
	while (i < nt && lab[i] != LAB_TITLE)
		i++;
	for (; i < nt && lab[i] == LAB_TITLE; i++) {
		for (uint32_t k = 0; k < tk[i].n; k++) {
			unsigned char c = (unsigned char)tk[i].p[k];
			if (c < 0x80 && !str_alnum(c))
				continue;
			while (hk < h.n && (unsigned char)h.p[hk] < 0x80 && !str_alnum((unsigned char)h.p[hk]))
				hk++;
			if (hk == h.n || str_lower(c) != str_lower((unsigned char)h.p[hk]))
				return;
			hk++;
		}
		while (hk < h.n && (unsigned char)h.p[hk] < 0x80 && !str_alnum((unsigned char)h.p[hk]))
			hk++;
		if (hk == h.n)
			break;
	}
	if (hk < h.n || i >= nt)
		return;
	for (size_t k = i + 1; k < nt && lab[k] == LAB_TITLE; k++)
		lab[k] = LAB_CONTAINER;
}

/* Is the token an initial with its period ("A.", "Sh.", "A.V.")? */
static int initial(const struct tok *t)
{
	return t->n >= 2 && t->n <= 6 && t->p[t->n - 1] == '.' && str_is_upper((unsigned char)t->p[0]) &&
	       au_is_initials((cx_str){t->p, t->n});
}

/* Does the token end with the punctuation that closes a field? */
static int closed(const struct tok *t)
{
	char c = t->p[t->n - 1];
	return c == '.' || c == ',' || c == ';' || c == ':' || (t->flags & TOK_LINEEND);
}

/* A list that ends on "and" goes on to the name after it: "and | Andrei
 * Tokovinin. Dome seeing ..." and "and the LIFE Collaboration. ..." end
 * the list at the first word that closes, if it comes within four words
 * of capitals and the title goes on after it. */
static int last_name(const struct tok *tk, uint8_t *lab, size_t nt, size_t i)
{
	for (size_t j = i; j < nt && j < i + 4 && lab[j] == LAB_TITLE; j++) {
		int cap = str_is_upper((unsigned char)tk[j].p[0]) || (j == i && tk[j].n == 3 && !memcmp(tk[j].p, "the", 3));
		if (!cap || (j > i && (tk[j].flags & TOK_LINESTART)))
			return 0;
		if (closed(&tk[j])) {
			if (tk[j].p[tk[j].n - 1] != '.' || j + 1 >= nt || lab[j + 1] != LAB_TITLE)
				return 0;
			for (size_t m = i; m <= j; m++)
				lab[m] = LAB_AUTHOR;
			return 1;
		}
	}
	return 0;
}

/* Is the author list that ends before token e all full names ("Haichen
 * Shen, Lequn Chen,"), two to four words each, no initials and no stops? */
static int full_names(const struct tok *tk, const uint8_t *lab, size_t e)
{
	size_t b = e, piece = 0, pieces = 0;
	while (b && lab[b - 1] == LAB_AUTHOR)
		b--;
	for (size_t i = b; i < e; i++) {
		char c = tk[i].p[tk[i].n - 1];
		if (!str_is_upper((unsigned char)tk[i].p[0]) || initial(&tk[i]) || c == '.' || c == ';' || c == ':')
			return 0;
		piece++;
		if (c == ',') {
			if (piece < 2 || piece > 4)
				return 0;
			piece = 0, pieces++;
		}
	}
	return !piece && pieces >= 2;
}

/* DBLP's "A, B, C: Title": after a list of full names that is still open
 * (a comma), a piece of two to four capitalised words that ends in a colon
 * is the last name, when the title goes on after it ("Arvind
 * Krishnamurthy, | Ravi Sundaram: Nexus: a GPU cluster ..."). */
static void dblp_last(const struct tok *tk, uint8_t *lab, size_t nt, size_t i)
{
	for (size_t j = i; j < nt && j < i + 4 && lab[j] == LAB_TITLE; j++) {
		if (!str_is_upper((unsigned char)tk[j].p[0]) || initial(&tk[j]) || (tk[j].flags & TOK_LINESTART))
			return;
		char c = tk[j].p[tk[j].n - 1];
		if (c == ':' && j > i && j + 1 < nt && lab[j + 1] == LAB_TITLE) {
			for (size_t m = i; m <= j; m++)
				lab[m] = LAB_AUTHOR;
			return;
		}
		if (closed(&tk[j]))
			return;
	}
}

/* A name begun with initials after "and" ("and D. S. | Touretzky.", "et
 * D. M. | Eastwood,", "and J. | Christian Gerdes.") has no family name yet
 * (initials_open: token i follows such initials): the capitalised words
 * to the first that closes, two at most, are it, when the title goes on
 * after them. */
static int initials_open(const struct tok *tk, const uint8_t *lab, size_t i)
{
	size_t b = i;
	while (b && lab[b - 1] == LAB_AUTHOR && initial(&tk[b - 1]))
		b--;
	if (!(b < i && b && lab[b - 1] == LAB_AUTHOR))
		return 0;
	const struct tok *sep = &tk[b - 1];
	char c = sep->p[sep->n - 1];
	if (connective(sep) || (sep->n == 2 && !memcmp(sep->p, "et", 2)))
		return 1;
	/* "L. Xie; M. | Goossens.": a semicolon always parts names; a comma
	 * does in a list whose names begin with initials ("L. Xie, M. |
	 * Goossens."), not in one of "Family, I." names */
	if (c == ';')
		return 1;
	size_t a = b - 1;
	while (a && lab[a - 1] == LAB_AUTHOR)
		a--;
	return c == ',' && initial(&tk[a]);
}

static void initials_family(const struct tok *tk, uint8_t *lab, size_t nt, size_t i)
{
	if (!initials_open(tk, lab, i))
		return;
	for (size_t j = i; j < nt && j < i + 2 && lab[j] == LAB_TITLE; j++) {
		if (!str_is_upper((unsigned char)tk[j].p[0]) || initial(&tk[j]) || (tk[j].flags & TOK_LINESTART))
			return;
		if (closed(&tk[j])) {
			if (j + 1 < nt && lab[j + 1] == LAB_TITLE)
				for (size_t m = i; m <= j; m++)
					lab[m] = LAB_AUTHOR;
			return;
		}
	}
}

/* The length of the capital letter at p (ASCII or not), or 0. */
static size_t capital_at(const char *p, size_t n)
{
	if (n && str_is_upper((unsigned char)*p))
		return 1;
	if (!n || (unsigned char)*p < 0x80)
		return 0;
	utf8proc_int32_t cp;
	utf8proc_ssize_t l = utf8proc_iterate((const utf8proc_uint8_t *)p, (utf8proc_ssize_t)n, &cp);
	return l > 1 && utf8proc_category(cp) == UTF8PROC_CATEGORY_LU ? (size_t)l : 0;
}

/* The capital that begins the token, past the brace of a group that
 * marks the owner ("{Fontcuberta"): its length, or 0. */
static size_t tok_capital(const struct tok *t)
{
	size_t b = t->n && t->p[0] == '{';
	return capital_at(t->p + b, t->n - b);
}

/* Is the token a Vancouver name's initials, "RT," or "A." (one to three
 * capitals, then the comma or stop that closes the name)? */
static int vancouver_initials(const struct tok *t)
{
	if (t->n < 2 || t->n > 9 || (t->p[t->n - 1] != ',' && t->p[t->n - 1] != '.'))
		return 0;
	size_t caps = 0;
	for (uint32_t k = 0; k + 1 < t->n;) {
		if (t->p[k] == '{' || t->p[k] == '}') { /* "{Morral A}," the owner's group */
			k++;
			continue;
		}
		size_t l = capital_at(t->p + k, t->n - 1 - k);
		if (!l)
			return 0;
		k += (uint32_t)l;
		caps++;
	}
	return caps && caps <= 3;
}

/* Initials that close the last name on the year: "Morral A | (2010)." */
static int initials_before_year(const struct tok *tk, const uint8_t *lab, size_t nt, size_t j)
{
	if (j + 1 >= nt || tk[j].n > 3 || !(tk[j + 1].p[0] == '(' || lab[j + 1] == LAB_DATE))
		return 0;
	for (uint32_t k = 0; k < tk[j].n; k++)
		if (!str_is_upper((unsigned char)tk[j].p[k]))
			return 0;
	return 1;
}

/* A Vancouver list ("Corfdir P, Van Hattem B, | Fontcuberta i Morral A,
 * Phillips RT. Title"): while the list is left open on initials and a
 * comma, the words to the next initials (capitalised, or a short particle
 * such as "i", "de", "van") are one more name. */
static void vancouver_rest(const struct tok *tk, uint8_t *lab, size_t nt, size_t i)
{
	while (i < nt && i && vancouver_initials(&tk[i - 1]) && tk[i - 1].p[tk[i - 1].n - 1] == ',') {
		size_t j = i;
		while (j < nt && j < i + 5 && lab[j] == LAB_TITLE && !(j > i && (tk[j].flags & TOK_LINESTART)) &&
		       !vancouver_initials(&tk[j]) && !(j > i && initials_before_year(tk, lab, nt, j))) {
			int cap = tok_capital(&tk[j]) > 0;
			int particle = tk[j].n <= 3 && str_is_lower((unsigned char)tk[j].p[0]) && j > i;
			if ((!cap && !particle) || closed(&tk[j]))
				return;
			j++;
		}
		if (j == i || j >= nt || j >= i + 5 || lab[j] != LAB_TITLE ||
		    !(vancouver_initials(&tk[j]) || initials_before_year(tk, lab, nt, j)) || j + 1 >= nt)
			return;
		for (size_t m = i; m <= j; m++)
			lab[m] = LAB_AUTHOR;
		i = j + 1;
	}
}

/* A short run of title words inside the author list is a name the model
 * did not know ("T. Mandry; A. | Fontcuberta i Morral; | M. Goossens",
 * "Van Hattem B, | Fontcuberta i Morral | A, Phillips RT"): capitalised
 * words and short particles, no stop, ending on the ';' or ',' that parts
 * names or before a name's initials. */
static void name_gaps(const struct tok *tk, uint8_t *lab, size_t nt)
{
	for (size_t b = 1; b < nt; b++) {
		if (lab[b] != LAB_TITLE || lab[b - 1] != LAB_AUTHOR)
			continue;
		size_t e = b;
		while (e < nt && lab[e] == LAB_TITLE && e - b < 5)
			e++;
		if (e >= nt || lab[e] != LAB_AUTHOR || e - b > 4)
			continue;
		int ok = !(tk[b].flags & TOK_LINESTART);
		for (size_t j = b; j < e && ok; j++) {
			char c = tk[j].p[tk[j].n - 1];
			int cap = tok_capital(&tk[j]) > 0;
			int particle = j > b && tk[j].n <= 3 && str_is_lower((unsigned char)tk[j].p[0]);
			ok = (cap || particle) && c != '.' && c != ':' && (j + 1 == e || (c != ',' && c != ';'));
		}
		char last = tk[e - 1].p[tk[e - 1].n - 1];
		if (ok && (last == ';' || last == ',' || vancouver_initials(&tk[e])))
			for (size_t j = b; j < e; j++)
				lab[j] = LAB_AUTHOR;
		b = e;
	}
}

/* A name left open runs on to the year after it: "and Anna | Fontcuberta
 * i Morral (2012). Title": capitalised words and short particles, four at
 * most, none closed, then the date.  1 when it did. */
static int name_to_date(const struct tok *tk, uint8_t *lab, size_t nt, size_t i)
{
	size_t j = i;
	while (j < nt && j < i + 4 && lab[j] == LAB_TITLE && !(tk[j].flags & TOK_LINESTART) && !closed(&tk[j]) &&
	       (tok_capital(&tk[j]) || (j > i && tk[j].n <= 3 && str_is_lower((unsigned char)tk[j].p[0]))))
		j++;
	if (j == i || j >= nt || lab[j] != LAB_DATE || tk[j].p[0] != '(')
		return 0;
	for (size_t m = i; m < j; m++)
		lab[m] = LAB_AUTHOR;
	return 1;
}

/* Is the author list before token i one family name, its comma and
 * perhaps given names ("Adeyemi,", "Morales, Alfredo")? */
static int inverted_open(const struct tok *tk, const uint8_t *lab, size_t i)
{
	size_t a = i;
	while (a && lab[a - 1] == LAB_AUTHOR)
		a--;
	if (a == i || i - a > 3 || tk[a].p[tk[a].n - 1] != ',')
		return 0;
	for (size_t k = a + 1; k < i; k++)
		if (closed(&tk[k]) && !(k + 1 == i && tk[k].p[tk[k].n - 1] == '.' && tk[k].n <= 3))
			return 0;
	return 1;
}

/* "Adeyemi, | Priya and Sheldon Glashow. Title": a list that begins with
 * one family name and a comma goes on over the given name after it, to
 * the "and" within three words, and over the name after that. */
static void inverted_first(const struct tok *tk, uint8_t *lab, size_t nt, size_t i)
{
	for (size_t j = i; j < nt && j < i + 3 && lab[j] == LAB_TITLE; j++) {
		if (connective(&tk[j]) && j > i) {
			for (size_t m = i; m <= j; m++)
				lab[m] = LAB_AUTHOR;
			if (!last_name(tk, lab, nt, j + 1))
				for (size_t m = i; m <= j; m++)
					lab[m] = LAB_TITLE;
			return;
		}
		if (!capital_at(tk[j].p, tk[j].n) || closed(&tk[j]) || (tk[j].flags & TOK_LINESTART))
			return;
	}
}

/* Is the token the word w, with the punctuation that closes it? */
static int word_then_punct(const struct tok *t, const char *w)
{
	size_t l = strlen(w);
	return t->n >= l && t->n <= l + 1 && !memcmp(t->p, w, l) && (t->n == l || strchr(".,;", t->p[l]));
}

/* A list cut short ends the author list: "..., Hepting, A., +3 more.",
 * BibTeX's "... and others." */
static void etal_tail(const struct tok *tk, uint8_t *lab, size_t nt)
{
	size_t e = 0;
	while (e < nt && lab[e] != LAB_AUTHOR)
		e++;
	while (e < nt && lab[e] == LAB_AUTHOR)
		e++;
	if (!e || e + 1 >= nt || (tk[e].flags & TOK_LINESTART))
		return;
	if (tk[e].p[0] == '+' && tk[e].n >= 2 && str_digit((unsigned char)tk[e].p[1]) &&
	    word_then_punct(&tk[e + 1], "more"))
		lab[e] = lab[e + 1] = LAB_AUTHOR;
	else if (connective(&tk[e]) && word_then_punct(&tk[e + 1], "others"))
		lab[e] = lab[e + 1] = LAB_AUTHOR;
	else if (word_then_punct(&tk[e], "others") && tk[e - 1].p[tk[e - 1].n - 1] == ',')
		lab[e] = LAB_AUTHOR;
}

/* Where the author list meets the title, the punctuation decides: a list
 * left open on a bare word runs to the word that closes it ("Alexey |
 * Vishnyakov. SBOM ..." is one name), and a bare word after a list that
 * had closed begins the title ("Kuts D. | Numeric Truncation ..."). */
static void author_end(const struct tok *tk, uint8_t *lab, size_t nt)
{
	for (size_t i = 1; i + 1 < nt; i++) {
		if (lab[i] != LAB_TITLE || lab[i - 1] != LAB_AUTHOR || (tk[i].flags & TOK_LINESTART))
			continue;
		if (tk[i].n == 1 && tk[i - 1].n == 1 && str_is_upper((unsigned char)tk[i].p[0]) &&
		    str_is_upper((unsigned char)tk[i - 1].p[0])) {
			lab[i] = LAB_AUTHOR; /* "Dubrovskii V | G 2022": IOP spaces the initials */
			continue;
		}
		if (!closed(&tk[i - 1]) && name_to_date(tk, lab, nt, i))
			; /* "and Anna | Fontcuberta i Morral (2012)." */
		else if (!closed(&tk[i - 1]) && i >= 2 && lab[i - 2] == LAB_AUTHOR && closed(&tk[i - 2]) &&
		    tk[i - 2].p[tk[i - 2].n - 1] == '.' && str_is_upper((unsigned char)tk[i - 1].p[0]) &&
		    !initials_open(tk, lab, i - 1))
			lab[i - 1] = LAB_TITLE;
		else if (!closed(&tk[i - 1]) && closed(&tk[i]) && lab[i + 1] == LAB_TITLE &&
		         str_is_upper((unsigned char)tk[i].p[0]) && tk[i].n > 2)
			lab[i] = LAB_AUTHOR;
		else if (i >= 3 && tk[i - 1].p[tk[i - 1].n - 1] == ':' && lab[i - 2] == LAB_AUTHOR &&
		         initial(&tk[i - 2]) && !closed(&tk[i - 3]) && lab[i - 3] == LAB_AUTHOR)
			lab[i - 1] = LAB_TITLE; /* "Fedotov A. | Sydr-Fuzz: Continuous ..." */
		else if (connective(&tk[i - 1]))
			last_name(tk, lab, nt, i);
		else if (connective(&tk[i]) && tk[i - 1].p[tk[i - 1].n - 1] == ',' && last_name(tk, lab, nt, i + 1))
			lab[i] = LAB_AUTHOR; /* "Ireland, | and the LIFE Collaboration." */
		else if (connective(&tk[i]) && !closed(&tk[i - 1]) && last_name(tk, lab, nt, i + 1))
			lab[i] = LAB_AUTHOR; /* "Adeyemi, Priya | and Sheldon Glashow." */
		else if (vancouver_initials(&tk[i - 1]) && tk[i - 1].p[tk[i - 1].n - 1] == ',')
			vancouver_rest(tk, lab, nt, i);
		else if (inverted_open(tk, lab, i))
			inverted_first(tk, lab, nt, i);
		else if (tk[i - 1].p[tk[i - 1].n - 1] == ',' && full_names(tk, lab, i))
			dblp_last(tk, lab, nt, i);
		else if (initial(&tk[i - 1]))
			initials_family(tk, lab, nt, i);
		break;
	}
}

/* Does the token open with a quotation mark (", “, ‘, «)? */
static int opens_quote(const struct tok *t)
{
	const unsigned char *p = (const unsigned char *)t->p;
	return (t->n > 1 && p[0] == '"') || (t->n > 3 && p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0x9C || p[2] == 0x98)) ||
	       (t->n > 2 && p[0] == 0xC2 && p[1] == 0xAB);
}

/* Does the token close a quotation (", ”, ’, », with punctuation after)? */
static int closes_quote(const struct tok *t)
{
	size_t n = t->n;
	while (n > 1 && strchr(",.;:", t->p[n - 1]))
		n--;
	const unsigned char *p = (const unsigned char *)t->p;
	return (n > 1 && p[n - 1] == '"') ||
	       (n > 3 && p[n - 3] == 0xE2 && p[n - 2] == 0x80 && (p[n - 1] == 0x9D || p[n - 1] == 0x99)) ||
	       (n > 2 && p[n - 2] == 0xC2 && p[n - 1] == 0xBB);
}

/* A quoted title right after the names, with no mark between: "James J.
 * McAndrews “Changes in the Timing ...,” Federal Reserve ...".  The
 * capitalized words the title took before its opening quote are the last
 * name's, when the quote closes where the title ends. */
static void quote_after_names(const struct tok *tk, uint8_t *lab, size_t nt)
{
	size_t i = 1;
	while (i < nt && !(lab[i] == LAB_TITLE && lab[i - 1] == LAB_AUTHOR))
		i++;
	char c = tk[i - 1].p[tk[i - 1].n - 1];
	if (i >= nt || opens_quote(&tk[i]) || (closed(&tk[i - 1]) && !initial(&tk[i - 1]) && c != ',' && c != ';'))
		return;
	size_t q = i;
	while (q < nt && q < i + 5 && lab[q] == LAB_TITLE && !opens_quote(&tk[q])) {
		/* capitals, initials, the last name's comma: "W R L Lambrecht, \"Valence" */
		if (!str_is_upper((unsigned char)tk[q].p[0]) || (tk[q].flags & TOK_LINESTART) ||
		    (closed(&tk[q]) && !initial(&tk[q]) && !(tk[q].p[tk[q].n - 1] == ',' && q + 1 < nt && opens_quote(&tk[q + 1]))))
			return;
		q++;
	}
	if (q >= nt || lab[q] != LAB_TITLE || !opens_quote(&tk[q]))
		return;
	size_t e = q;
	while (e + 1 < nt && lab[e + 1] == LAB_TITLE)
		e++;
	if (!closes_quote(&tk[e]))
		return;
	for (size_t k = i; k < q; k++)
		lab[k] = LAB_AUTHOR;
}

/* A title in quotes ends at the quote that closes it after a stop or a
 * comma ("Secure Key Exchange,\", in Technical report RZ 3120"): the
 * words after it that the model left in the title are the container's.
 * A quotation that opens a longer title ("\xE2\x80\x9COn Quoted Titles\xE2\x80\x9D and
 * Other Words") has no stop before its closing mark. */
static void quote_ends_title(const struct tok *tk, uint8_t *lab, size_t nt)
{
	size_t e, b = first_run(lab, nt, LAB_TITLE, &e);
	if (b >= nt || !opens_quote(&tk[b]))
		return;
	e--; /* its last token */
	for (size_t j = b; j < e; j++) {
		if (!closes_quote(&tk[j]))
			continue;
		const char *p = tk[j].p;
		size_t n = tk[j].n;
		int stop = strchr(",.", p[n - 1]) != NULL; /* "Exchange\"," */
		while (n && strchr(",.;:", p[n - 1]))
			n--;
		size_t ql = p[n - 1] == '"' ? 1 : (unsigned char)p[n - 1] == 0xBB ? 2 : 3; /* ", Â», â */
		stop |= n > ql && strchr(",.?!", p[n - ql - 1]) != NULL; /* "Exchange,\"" */
		if (stop)
			for (size_t k = j + 1; k <= e; k++)
				lab[k] = LAB_CONTAINER;
		return;
	}
}

/* A status after the venue ("Journal of Politics, revise and resubmit.",
 * "Nature, in press") is a note, not more title or a date. */
static void status_after_venue(const struct tok *tk, uint8_t *lab, size_t nt)
{
	static const char *const st[] = {"revise and resubmit", "under review", "in press", "forthcoming", "to appear",
	                                 "conditionally accepted", "accepted", "submitted", "in preparation", NULL};
	for (size_t i = 1; i < nt; i++) {
		if (lab[i - 1] != LAB_CONTAINER || lab[i] == LAB_CONTAINER || tk[i - 1].p[tk[i - 1].n - 1] != ',')
			continue;
		for (size_t k = 0; st[k]; k++) {
			/* the phrase word for word from token i, a stop or comma after it */
			const char *w = st[k];
			size_t j = i;
			while (*w && j < nt) {
				size_t l = strcspn(w, " "), n = tk[j].n;
				while (n && strchr(",.;:", tk[j].p[n - 1]))
					n--;
				if (n != l || !str_ieqn(tk[j].p, w, l))
					break;
				w += l + (w[l] == ' ');
				j++;
			}
			if (*w)
				continue;
			for (size_t m = i; m < j; m++)
				lab[m] = LAB_NOTE;
			return;
		}
	}
}

/* The end of a journal's name at the item's end: a letter or word with no
 * digit after the container, which the model read as a volume or a
 * publisher ("Physical Review | E.", "ACS | nano."); and a title's last
 * sentence of one to three capitalised words, where nothing is the
 * container ("... thermal actuation behavior. | Nanoscale."), after the
 * authors and the date. */
static void venue_tail(const struct tok *tk, uint8_t *lab, size_t nt)
{
	if (nt < 3)
		return;
	size_t e = nt - 1;
	for (size_t k = 0; k < tk[e].n; k++)
		if (str_digit((unsigned char)tk[e].p[k]))
			return;
	if (lab[e] != LAB_CONTAINER && lab[e] != LAB_TITLE && lab[e - 1] == LAB_CONTAINER && !closed(&tk[e - 1]) &&
	    tk[e].n <= 6 && !(tk[e].flags & TOK_LINESTART)) {
		lab[e] = LAB_CONTAINER;
		return;
	}
	if (lab[e] != LAB_TITLE || any_label(lab, nt, LAB_CONTAINER) || !any_label(lab, nt, LAB_AUTHOR) ||
	    !any_label(lab, nt, LAB_DATE) || tk[e].p[tk[e].n - 1] != '.')
		return;
	size_t b = e;
	while (b > 0 && e - b < 3 && lab[b - 1] == LAB_TITLE && !closed(&tk[b - 1]))
		b--;
	if (!b || lab[b - 1] != LAB_TITLE || tk[b - 1].p[tk[b - 1].n - 1] != '.' || initial(&tk[b - 1]) || b - 1 < 3)
		return;
	for (size_t k = b; k <= e; k++)
		if (!str_is_upper((unsigned char)tk[k].p[0]))
			return;
	for (size_t k = b; k <= e; k++)
		lab[k] = LAB_CONTAINER;
}

/* Does the token say the word before a number ("volume", "vol.")? */
static int volume_word(const struct tok *t)
{
	size_t n = t->n;
	while (n && (t->p[n - 1] == '.' || t->p[n - 1] == ','))
		n--;
	cx_str w = {t->p, n};
	return str_ieq(w, "volume") || str_ieq(w, "vol") || str_ieq(w, "band") || str_ieq(w, "tome");
}

/* The number after "volume" is the volume's, though pages follow ("volume
 * 11446, pages 549 -- 556"), and a series it is a volume of is no part of
 * the container ("..., volume 13095 of SPIE Conference Series"). */
static void volume_words(const struct tok *tk, uint8_t *lab, size_t nt)
{
	for (size_t i = 0; i + 1 < nt; i++) {
		if (!volume_word(&tk[i]) || (lab[i] != LAB_VOLUME && lab[i] != LAB_PAGES))
			continue;
		lab[i] = LAB_VOLUME;
		size_t j = i + 1;
		if (!str_digit((unsigned char)tk[j].p[0]))
			continue;
		lab[j] = LAB_VOLUME;
		if (closed(&tk[j]) || j + 1 >= nt || tk[j + 1].n != 2 || memcmp(tk[j + 1].p, "of", 2) ||
		    lab[j + 1] != LAB_CONTAINER)
			continue;
		for (j++; j < nt && lab[j] == LAB_CONTAINER; j++) {
			lab[j] = LAB_VOLUME;
			if (closed(&tk[j]))
				break;
		}
	}
}

/* "In X" names the container: a note that begins so, in an item with no
 * container, is it ("... Flows. | In Repl4NLP-2022."). */
static void in_note(const struct tok *tk, uint8_t *lab, size_t nt)
{
	size_t at = nt;
	for (size_t i = 0; i < nt; i++) {
		if (lab[i] == LAB_CONTAINER)
			return;
		if (at == nt && lab[i] == LAB_NOTE && (!i || lab[i - 1] != LAB_NOTE) && tk[i].n == 2 &&
		    (tk[i].p[0] == 'I' || tk[i].p[0] == 'i') && tk[i].p[1] == 'n' && i + 1 < nt && lab[i + 1] == LAB_NOTE &&
		    str_is_upper((unsigned char)tk[i + 1].p[0]))
			at = i;
	}
	for (size_t i = at; i < nt && lab[i] == LAB_NOTE; i++)
		lab[i] = LAB_CONTAINER;
}

/* Is the token a year alone ("2021")? */
static int bare_year(const struct tok *t)
{
	return t->n == 4 && (!memcmp(t->p, "19", 2) || !memcmp(t->p, "20", 2)) && str_digit((unsigned char)t->p[2]) &&
	       str_digit((unsigned char)t->p[3]);
}

/* After the title, a list of "Family, I." names ends at its last
 * initials: a capitalised word after them that no initials follow is the
 * venue ("Deep roots of the oak. Lee, A., Roberts, M. | Nature, 2019."),
 * when nothing else is. */
static void venue_after_initials(const struct tok *tk, uint8_t *lab, size_t nt)
{
	if (any_label(lab, nt, LAB_CONTAINER))
		return;
	size_t a = 0;
	while (a < nt && lab[a] != LAB_AUTHOR)
		a++;
	if (!a || lab[a - 1] != LAB_TITLE)
		return;
	size_t e = a;
	while (e < nt && lab[e] == LAB_AUTHOR)
		e++;
	for (size_t i = a + 2; i < e; i++) {
		const struct tok *f = &tk[i - 2];
		if (!initial(&tk[i - 1]) || f->p[f->n - 1] != ',' || !str_is_upper((unsigned char)f->p[0]) || initial(f) ||
		    !str_is_upper((unsigned char)tk[i].p[0]) || initial(&tk[i]) || connective(&tk[i]) || e - i > 4 ||
		    (i + 1 < nt && initial(&tk[i + 1])))
			continue;
		/* the name before ended on its initials too: "Lee, A., Roberts,
		 * M.", not "Kenji Sato, L. Samuelson" */
		const struct tok *g = i - 2 > a ? &tk[i - 3] : NULL;
		if (g && (g->n < 3 || g->p[g->n - 1] != ',' || g->p[g->n - 2] != '.'))
			continue;
		if (e < nt && lab[e] != LAB_DATE && lab[e] != LAB_VOLUME && lab[e] != LAB_PAGES)
			return;
		for (size_t j = i; j < e; j++)
			lab[j] = LAB_CONTAINER;
		return;
	}
}

/* "Westwood, Messing, and Lelkes (2020). Projecting confidence.": words
 * that open the item, labelled a title, before the date and another run
 * of title words, are the authors, when they read as a list of names
 * (capitalised words, up to four to a name, between commas and "and"):
 * no item has two titles. */
static void names_before_date(const struct tok *tk, uint8_t *lab, size_t nt)
{
	size_t d = 0, a = 0;
	while (a < nt && lab[a] == LAB_AUTHOR) /* "Choi, | Dong-hyun i Voipio, Mari (2004):" */
		a++;
	d = a;
	while (d < nt && lab[d] == LAB_TITLE && !paren_year(&tk[d]))
		d++;
	if (d == a || d > 24 || d + 1 >= nt || tk[d].p[0] != '(')
		return;
	/* the date the model read as the title's first word, after a list
	 * that shows its seams: "Choi, Dong-hyun i Vlasák, Michal (2009):" */
	int year = lab[d] == LAB_TITLE, seams = 0;
	if (lab[d] != LAB_DATE && !year)
		return;
	size_t t = d + 1;
	while (!year && t < nt && lab[t] == LAB_DATE)
		t++;
	if (t >= nt || lab[t] != LAB_TITLE || (tk[d - 1].p[tk[d - 1].n - 1] == '.' && !initial(&tk[d - 1])))
		return;
	size_t piece = 0;
	for (size_t i = 0; i < d; i++) {
		if (connective(&tk[i]) || list_and(tk, nt, i)) { /* "Messing, and Lelkes" too */
			if (!i || (!piece && tk[i - 1].p[tk[i - 1].n - 1] != ','))
				return;
			piece = 0;
			seams++;
			continue;
		}
		/* a particle opens a family name: "& de la Cruz, M." */
		int particle = tk[i].n <= 3 && str_is_lower((unsigned char)tk[i].p[0]) && i + 1 < d &&
		               tk[i].p[tk[i].n - 1] != ',' && tk[i].p[tk[i].n - 1] != '.';
		if ((!str_is_upper((unsigned char)tk[i].p[0]) && !particle) || ++piece > 4)
			return;
		char c = tk[i].p[tk[i].n - 1];
		if (c == ',')
			piece = 0, seams++;
		else if (strchr(".:;?!", c) && !initial(&tk[i]))
			return;
	}
	if (year && !seams)
		return;
	for (size_t i = 0; i < d; i++)
		lab[i] = LAB_AUTHOR;
	if (year)
		lab[d] = LAB_DATE;
}

/* A year between the authors and the title is the item's date ("Guina M
 * D and Dubrovskii V G | 2022 | Sub-Poissonian ..."), when nothing else
 * dates it. */
static void year_before_title(const struct tok *tk, uint8_t *lab, size_t nt)
{
	for (size_t i = 0; i < nt; i++)
		if (lab[i] == LAB_DATE)
			return;
	for (size_t i = 1; i + 1 < nt; i++)
		if (lab[i] == LAB_TITLE && lab[i - 1] == LAB_AUTHOR && lab[i + 1] == LAB_TITLE &&
		    (bare_year(&tk[i]) || (tk[i].n == 5 && tk[i].p[4] >= 'a' && tk[i].p[4] <= 'h' &&
		                           bare_year(&(struct tok){.p = tk[i].p, .n = 4})))) { /* "2013a" */
			lab[i] = LAB_DATE;
			return;
		}
}

/* A line that is a date and nothing else ("Aug 2020", "2019") is the
 * date, whatever the labels around it. */
static void date_lines(const struct tok *tk, uint8_t *lab, size_t nt)
{
	for (size_t b = 0; b < nt;) {
		size_t e = b + 1, year = 0;
		while (e < nt && !(tk[e].flags & TOK_LINESTART))
			e++;
		int all = e - b <= 3;
		for (size_t i = b; i < e && all; i++) {
			struct tok t = tk[i];
			while (t.n && strchr(".,;()[]", t.p[t.n - 1]))
				t.n--;
			while (t.n && strchr("([", t.p[0]))
				t.p++, t.n--;
			all = t.n && datelike(&t) && (t.n <= 9 || bare_year(&t));
			year += bare_year(&t);
		}
		if (all && year == 1)
			for (size_t i = b; i < e; i++)
				lab[i] = LAB_DATE;
		b = e;
	}
}

/* The edges of a venue's name: a year with no stop after it that begins
 * the name is the name's ("Title. 2021 Ivannikov ISPRAS Open Conference
 * (ISPRAS), IEEE, 2021"), when the item dates itself elsewhere; a
 * publisher's name after the last comma is the publisher. */
static void venue_edges(const struct tok *tk, uint8_t *lab, size_t nt)
{
	static const char *const pub[] = {"IEEE", "ACM", "Springer", "Elsevier", "SIAM", "Wiley", NULL};
	for (size_t i = 0; i + 1 < nt; i++) {
		if (lab[i] != LAB_DATE || !bare_year(&tk[i]) || lab[i + 1] != LAB_CONTAINER || (tk[i + 1].flags & TOK_LINESTART) ||
		    (i && !closed(&tk[i - 1])))
			continue;
		for (size_t j = i + 2; j < nt; j++)
			if (lab[j] == LAB_DATE && lab[j - 1] != LAB_DATE) {
				lab[i] = LAB_CONTAINER;
				break;
			}
	}
	for (size_t i = 1; i + 1 < nt; i++) {
		if (lab[i] != LAB_CONTAINER || lab[i + 1] == LAB_CONTAINER || lab[i - 1] != LAB_CONTAINER ||
		    tk[i - 1].p[tk[i - 1].n - 1] != ',')
			continue;
		size_t n = tk[i].n;
		while (n && (tk[i].p[n - 1] == ',' || tk[i].p[n - 1] == '.'))
			n--;
		for (int k = 0; pub[k]; k++)
			if (n == strlen(pub[k]) && !memcmp(tk[i].p, pub[k], n))
				lab[i] = LAB_PUBLISHER;
	}
}

/* Could tokens b..e (e past the last) be a list of names: pieces of one
 * to four capitalised words between commas or "and", the last closed by a
 * stop? */
static int name_list(const struct tok *tk, size_t b, size_t e)
{
	static const char *const not_first[] = {"A", "An", "The", "On", "In", "Towards", "Toward", "Using", NULL};
	if (e - b < 2 || tk[e - 1].p[tk[e - 1].n - 1] != '.')
		return 0;
	for (int k = 0; not_first[k]; k++)
		if (tk[b].n == strlen(not_first[k]) && !memcmp(tk[b].p, not_first[k], tk[b].n))
			return 0;
	size_t piece = 0;
	for (size_t i = b; i < e; i++) {
		if (connective(&tk[i])) {
			if (!piece)
				return 0;
			piece = 0;
			continue;
		}
		if (!str_is_upper((unsigned char)tk[i].p[0]) || (i > b && (tk[i].flags & TOK_LINESTART)) || ++piece > 4)
			return 0;
		char c = tk[i].p[tk[i].n - 1];
		if (c == ',')
			piece = 0;
		else if (c == '.' && i + 1 < e && !initial(&tk[i]))
			return 0; /* a stop inside: a sentence, not names */
	}
	return 1;
}

/* A line that gives the title first: "Contrastive Pretraining for Time
 * Series. | Mei Lin, Priya Raman. arXiv ...": the names after the title's
 * stop are the authors, when no author came before the title. */
static void names_after_title(const struct tok *tk, uint8_t *lab, size_t nt)
{
	size_t a = 0;
	while (a < nt && lab[a] != LAB_TITLE) {
		if (lab[a] == LAB_AUTHOR || lab[a] == LAB_EDITOR)
			return;
		a++;
	}
	size_t e = a;
	while (e < nt && (lab[e] == LAB_TITLE || lab[e] == LAB_AUTHOR) && !(e > a && (tk[e].flags & TOK_LINESTART)))
		e++;
	size_t te = a; /* the end of the title words */
	while (te < e && lab[te] == LAB_TITLE)
		te++;
	for (size_t j = a + 1; j + 1 < te; j++) {
		char c = tk[j].p[tk[j].n - 1];
		if ((c != '.' && c != '?' && c != '!') || initial(&tk[j]) || lab[j] != LAB_TITLE)
			continue;
		if (name_list(tk, j + 1, e)) {
			for (size_t i = j + 1; i < e; i++)
				lab[i] = LAB_AUTHOR;
			return;
		}
	}
	/* the title closed where its words end, and no name is in the item:
	 * names read as the venue or its place after it ("Shallow roots of
	 * the pine. | Kenji Sato, L. Samuelson. | Cell, 2017.") are the
	 * authors, to the word that closes them, with more after them */
	char c = te > a ? tk[te - 1].p[tk[te - 1].n - 1] : 0;
	if ((c != '.' && c != '?' && c != '!') || any_label(lab, nt, LAB_AUTHOR) || any_label(lab, nt, LAB_EDITOR))
		return;
	size_t k = te;
	while (k < nt && k - te < 16 && !(tk[k].p[tk[k].n - 1] == '.' && !initial(&tk[k])))
		k++;
	if (k + 1 < nt && k - te < 16 && lab[te] != LAB_DATE && name_list(tk, te, k + 1) && list_seams(tk, te, k + 1))
		for (size_t i = te; i <= k; i++)
			lab[i] = LAB_AUTHOR;
}

/* Is the token's word, its punctuation aside, one of the list? */
static int word_in(const struct tok *t, const char *const *w)
{
	size_t b = 0, e = t->n;
	while (b < e && strchr("([{\"", t->p[b]))
		b++;
	while (e > b && strchr(".,;:)]}\"", t->p[e - 1]))
		e--;
	for (size_t k = 0; w[k]; k++)
		if (strlen(w[k]) == e - b && !memcmp(t->p + b, w[k], e - b))
			return 1;
	return 0;
}

/* The editors end at the word that says they are editors ("Ana Ruiz,
 * editors, | Ground-based Instrumentation"): what the model gave them
 * after it is the container's. */
static void editors_end(const struct tok *tk, uint8_t *lab, size_t nt)
{
	static const char *const ed[] = {"editors", "editor", "eds", "Eds", "Hrsg", "hrsg", NULL};
	static const char *const ed1[] = {"ed", "Ed", NULL}; /* "(ed.)", not the name "Ed" */
	for (size_t i = 0; i + 1 < nt; i++)
		if (lab[i] == LAB_EDITOR && (word_in(&tk[i], ed) || (word_in(&tk[i], ed1) && memchr(tk[i].p, '.', tk[i].n))) &&
		    lab[i + 1] == LAB_EDITOR && i &&
		    lab[i - 1] == LAB_EDITOR)
			for (size_t j = i + 1; j < nt && lab[j] == LAB_EDITOR; j++)
				lab[j] = LAB_CONTAINER;
}

/* A reference that opens with its editors ("Bakola, E., L. Prauscello and
 * M. Telò, eds. (2013), ...", "Burns, J. H., and Mark Goldie (eds.)
 * (1991), ...") names no authors: when the word that says so closes a
 * leading run of names (author and editor labels, and one stray title
 * word between them), the whole run is the editors. */
static void editors_first(const struct tok *tk, uint8_t *lab, size_t nt)
{
	static const char *const ed[] = {"editors", "eds", "Eds", "Hrsg", "hrsg", "Hg", "dir", "coord", NULL};
	static const char *const ed1[] = {"ed", "Ed", NULL};
	size_t b = 0, strays = 0, authors = 0;
	while (b < nt && lab[b] == LAB_NUMBER)
		b++;
	for (size_t i = b; i < nt && i < b + 40; i++) {
		if (word_in(&tk[i], ed) || (word_in(&tk[i], ed1) && memchr(tk[i].p, '.', tk[i].n))) {
			if (i == b || lab[i] != LAB_EDITOR || !authors || lab[i - 1] == LAB_TITLE)
				return;
			for (size_t j = b; j <= i; j++)
				lab[j] = LAB_EDITOR;
			return;
		}
		if (lab[i] == LAB_AUTHOR)
			authors++;
		else if (lab[i] == LAB_TITLE && i > b && lab[i - 1] != LAB_TITLE && !strays++)
			continue;
		else if (lab[i] != LAB_EDITOR)
			return;
	}
}

/* Names that open the item, read as its editors, are its authors when no
 * word of the item says "editors" ("eds.", "Hrsg.", "edited by"): an
 * item names no editors first without saying so. */
static void editors_unsaid(const struct tok *tk, uint8_t *lab, size_t nt)
{
	static const char *const ed[] = {"editors", "editor", "eds", "Eds", "Hrsg", "hrsg", "Hg", "dir", "coord",
	                                 "ed", "Ed", "edited", "Edited", "éd", "éds", NULL};
	size_t b = 0;
	while (b < nt && lab[b] == LAB_NUMBER)
		b++;
	if (b >= nt || lab[b] != LAB_EDITOR || any_label(lab, nt, LAB_AUTHOR))
		return;
	for (size_t i = 0; i < nt; i++)
		if (word_in(&tk[i], ed))
			return;
	for (size_t i = b; i < nt && lab[i] == LAB_EDITOR; i++)
		lab[i] = LAB_AUTHOR;
}

/* An item of a publication list with no title, whose venue words after
 * the authors hold a sentence that closes before more of them ("Arbiol,
 * Jordi. | Another paper on growth. Nano Letters, 2016."): that sentence
 * is the title. */
static void title_in_venue(const struct tok *tk, uint8_t *lab, size_t nt)
{
	if (any_label(lab, nt, LAB_TITLE))
		return;
	size_t b = 0;
	while (b < nt && lab[b] != LAB_CONTAINER)
		b++;
	if (!b || b >= nt || lab[b - 1] != LAB_AUTHOR)
		return;
	for (size_t i = b; i + 1 < nt && lab[i + 1] == LAB_CONTAINER; i++) {
		char c = tk[i].p[tk[i].n - 1];
		if ((c == '.' && !initial(&tk[i]) && !lab_abbrev_word(tk[i].p, tk[i].n)) || c == '?' || c == '!') {
			if (i == b)
				return;
			for (size_t j = b; j <= i; j++)
				lab[j] = LAB_TITLE;
			return;
		}
	}
}

/* Does p[0..n) hold one of the bytes of set? */
static int strpbrk_n(const char *p, size_t n, const char *set)
{
	for (size_t i = 0; i < n; i++)
		if (strchr(set, p[i]))
			return 1;
	return 0;
}

/* A "place" with no publisher, and a volume or pages after it, is the
 * journal ("Move it! | TUGboat. 2013;34:196-9."): a book's place comes
 * with its publisher, a journal with its numbers. */
static void place_is_journal(const struct tok *tk, uint8_t *lab, size_t nt)
{
	if (any_label(lab, nt, LAB_CONTAINER) || any_label(lab, nt, LAB_PUBLISHER))
		return;
	size_t b = 0;
	while (b < nt && lab[b] != LAB_LOCATION)
		b++;
	if (!b || b >= nt || lab[b - 1] != LAB_TITLE)
		return;
	size_t e = b;
	while (e < nt && lab[e] == LAB_LOCATION)
		e++;
	/* the numbers right after it: "2013;34:196-9", "34(2)" */
	if (e >= nt || any_label(lab + e, nt - e, LAB_LOCATION) || !str_digit((unsigned char)tk[e].p[0]) ||
	    !(any_label(lab, nt, LAB_VOLUME) || any_label(lab, nt, LAB_PAGES) || strpbrk_n(tk[e].p, tk[e].n, ";:(")))
		return;
	for (size_t i = b; i < e; i++)
		lab[i] = LAB_CONTAINER;
}

/* An italic run is one field.  When the title is set upright and the
 * venue in italics, the italic words the title took are the venue's
 * ("... length distributions | *Nano Lett.* 19 100"); when the title is
 * the italic one, the italic words the venue took are the title's. */
static int any_label(const uint8_t *lab, size_t nt, int l)
{
	for (size_t i = 0; i < nt; i++)
		if (lab[i] == l)
			return 1;
	return 0;
}

/* Do the italics of token t run to its end, but for punctuation ("*TUGboat*,"
 * but not "*hz*-program")? */
static int italic_to_end(const char *s, const uint32_t *om, const struct tok *t)
{
	for (uint32_t i = 1; i < t->n; i++)
		for (uint32_t j = om[t->off + i - 1] + 1; j < om[t->off + i]; j++)
			if ((unsigned char)s[j] == CX_M_ITALIC_OFF) {
				/* the italics close inside the token: a word goes on */
				for (uint32_t k = i; k < t->n; k++)
					if (str_alnum((unsigned char)t->p[k]))
						return 0;
				return 1;
			}
	return 1;
}

static int italic_closes(const char *s, const uint32_t *om, const struct tok *t, const struct tok *next)
{
	for (uint32_t i = om[t->off]; i < om[next->off]; i++)
		if ((unsigned char)s[i] == CX_M_ITALIC_OFF)
			return 1;
	return 0;
}

static void italic_runs(const struct tok *tk, uint8_t *lab, size_t nt, const char *s, const uint32_t *om)
{
	for (size_t b = 0; b < nt;) {
		if (!(tk[b].flags & TOK_ITALIC)) {
			b++;
			continue;
		}
		size_t e = b + 1; /* to where the italics close ("*A*. *B*" is two runs) */
		while (e < nt && (tk[e].flags & TOK_ITALIC) && !italic_closes(s, om, &tk[e - 1], &tk[e]))
			e++;
		size_t k = b;
		while (k < e && lab[k] == LAB_TITLE)
			k++;
		if (b && k > b && k < e && lab[k] == LAB_CONTAINER && lab[b - 1] == LAB_TITLE &&
		    !(tk[b - 1].flags & TOK_ITALIC))
			for (size_t j = b; j < k; j++)
				lab[j] = LAB_CONTAINER;
		/* "... successor *TUGboat* **27** 111": an item with no venue
		 * whose upright title ends in italics, then numbers or nothing */
		if (b && k == e && lab[b - 1] == LAB_TITLE && !(tk[b - 1].flags & TOK_ITALIC) && !any_label(lab, nt, LAB_CONTAINER) &&
		    italic_to_end(s, om, &tk[e - 1]) &&
		    (e == nt || lab[e] == LAB_VOLUME || lab[e] == LAB_PAGES || lab[e] == LAB_DATE ||
		     (lab[e] == LAB_TITLE && str_digit((unsigned char)tk[e].p[0]))))
		{
			for (size_t j = b; j < e; j++)
				lab[j] = LAB_CONTAINER;
			for (size_t j = e; j < nt && lab[j] == LAB_TITLE && str_digit((unsigned char)tk[j].p[0]); j++)
				lab[j] = j == e ? LAB_VOLUME : LAB_PAGES;
		}
		k = e;
		while (k > b && lab[k - 1] == LAB_CONTAINER)
			k--;
		if (k < e && k > b && lab[k - 1] == LAB_TITLE && e < nt && lab[e] == LAB_CONTAINER)
			for (size_t j = k; j < e; j++)
				lab[j] = LAB_TITLE;
		b = e;
	}
}

/* A container has one place: a run of it after the volume and pages that
 * names a publisher ("..., volume 12001, pages 33 -- 41. | International
 * Society for Optics and Photonics, SPIE") is the publisher. */
static void publisher_after(const struct tok *tk, uint8_t *lab, size_t nt)
{
	static const char *const pub[] = {"Society", "Press", "Publishing", "Publishers", "SPIE", "IEEE", "ACM",
	                                  "Elsevier", "Springer", "Wiley", "Verlag", "Association", NULL};
	int cont = 0, nums = 0;
	for (size_t i = 0; i < nt; i++) {
		if (lab[i] == LAB_CONTAINER && !nums)
			cont = 1;
		else if ((lab[i] == LAB_VOLUME || lab[i] == LAB_PAGES) && cont)
			nums = 1;
		else if (lab[i] == LAB_CONTAINER && nums) {
			size_t e = i;
			int named = 0;
			while (e < nt && lab[e] == LAB_CONTAINER)
				named |= word_in(&tk[e++], pub);
			if (named && (e == nt || lab[e] == LAB_DATE || lab[e] == LAB_DOI || lab[e] == LAB_URL ||
			              lab[e] == LAB_NOTE))
				for (size_t j = i; j < e; j++)
					lab[j] = LAB_PUBLISHER;
			return;
		}
	}
}

/* Does a title end at the token: a stop, a question, a closing quote or
 * bracket, a line's end? */
static int title_closed(const struct tok *t)
{
	unsigned char c = (unsigned char)t->p[t->n - 1];
	return closed(t) || c == '?' || c == '!' || c == '"' || c == ')' || c == 0x9D || c == 0x99;
}

/* A title left open runs to the word that closes it: "... one of the
 * world's largest | MPAs: Conservation gains and key challenges. Marine
 * Biology" ends the title at "challenges.", when the container goes on
 * after it. */
static void title_end(const struct tok *tk, uint8_t *lab, size_t nt)
{
	size_t e = 0;
	while (e < nt && lab[e] != LAB_TITLE)
		e++;
	while (e + 1 < nt && lab[e + 1] == LAB_TITLE)
		e++;
	if (e + 2 >= nt || lab[e + 1] != LAB_CONTAINER || title_closed(&tk[e]) ||
	    (tk[e + 1].n == 2 && (tk[e + 1].p[0] == 'I' || tk[e + 1].p[0] == 'i') && tk[e + 1].p[1] == 'n'))
		return;
	for (size_t j = e + 1; j < nt && j <= e + 8 && lab[j] == LAB_CONTAINER && !(tk[j].flags & TOK_LINESTART); j++)
		if (tk[j].p[tk[j].n - 1] == '.' && !initial(&tk[j])) {
			if (j + 1 < nt && lab[j + 1] == LAB_CONTAINER && !(tk[j + 1].flags & TOK_LINESTART))
				for (size_t k = e + 1; k <= j; k++)
					lab[k] = LAB_TITLE;
			return;
		}
}

/* Particles the model left out of an author list, between two of its
 * names: "Li, C. B., | de la | Cruz, M., Krali, E." */
static void particle_gaps(const struct tok *tk, uint8_t *lab, size_t nt)
{
	static const char *const w[] = {"de", "la", "van", "von", "der", "den", "du", "da", "di", "del", "della",
	                                "le", "dos", "das", "ten", "ter", "al", "el", "bin", "ibn", "zu", "af", NULL};
	for (size_t i = 1; i + 1 < nt; i++) {
		if (lab[i] == LAB_AUTHOR || lab[i - 1] != LAB_AUTHOR || tk[i - 1].p[tk[i - 1].n - 1] != ',')
			continue;
		size_t j = i;
		for (; j < nt && j < i + 3; j++) {
			int k = 0;
			while (w[k] && !(tk[j].n == strlen(w[k]) && !memcmp(tk[j].p, w[k], tk[j].n)))
				k++;
			if (!w[k])
				break;
		}
		if (j > i && j < nt && lab[j] == LAB_AUTHOR && str_is_upper((unsigned char)tk[j].p[0]))
			for (size_t k = i; k < j; k++)
				lab[k] = LAB_AUTHOR;
	}
}

/* Is the token a dash alone ("–", "—")? */
static int lone_dash(const struct tok *t)
{
	return t->n == 3 && !memcmp(t->p, "\xE2\x80", 2) && ((unsigned char)t->p[2] == 0x93 || (unsigned char)t->p[2] == 0x94);
}

/* A dash alone after the title's stop parts it from what follows, as
 * ISO 690 and GOST styles write them ("Move it! – TUGboat 34",
 * "Solvents. – In: Proceedings of ..."): the words after it that the
 * model left in the title go to the container (the dash stays with the
 * title, whose end entry.c trims). */
static void dash_after_title(const struct tok *tk, uint8_t *lab, size_t nt)
{
	size_t e, b = first_run(lab, nt, LAB_TITLE, &e);
	if (b >= nt)
		return;
	e--; /* its last token */
	for (size_t j = b + 1; j <= e; j++) {
		if (!lone_dash(&tk[j]) || !strchr(".?!", tk[j - 1].p[tk[j - 1].n - 1]))
			continue;
		for (size_t k = j + 1; k <= e; k++)
			lab[k] = LAB_CONTAINER;
		return;
	}
}

/* A page or article number alone (digits, a letter before them, a
 * range), with its punctuation. */
static int page_number(const struct tok *t)
{
	uint32_t i = 0, n = t->n;
	while (n && strchr(".,;", t->p[n - 1]))
		n--;
	if (n && str_is_upper((unsigned char)t->p[0]))
		i++;
	uint32_t d = 0;
	while (i < n && (str_digit((unsigned char)t->p[i]) || (d && t->p[i] == '-')))
		i++, d++;
	return d && i == n && str_digit((unsigned char)t->p[n - 1]);
}

static int bare_year_at(const char *p)
{
	for (int k = 0; k < 4; k++)
		if (!str_digit((unsigned char)p[k]))
			return 0;
	return (p[0] == '1' && p[1] >= '7') || (p[0] == '2' && p[1] == '0');
}

/* Physics' "Z. Phys. C67 (1995) 321, arXiv:hep-ph/9411405": the number
 * after the volume and the year in parentheses is the page, when the
 * labeller gave it to the note or the date and no other token is a
 * page. */
static void page_after_year(const struct tok *tk, uint8_t *lab, size_t nt)
{
	if (any_label(lab, nt, LAB_PAGES))
		return;
	for (size_t i = 2; i < nt; i++)
		if ((lab[i] == LAB_NOTE || lab[i] == LAB_DATE) && lab[i - 1] == LAB_DATE &&
		    (lab[i - 2] == LAB_VOLUME ||
		     (lab[i - 2] == LAB_CONTAINER && str_digit((unsigned char)tk[i - 2].p[tk[i - 2].n - 1]))) &&
		    tk[i - 1].n >= 6 && tk[i - 1].p[0] == '(' && tk[i - 1].p[5] == ')' && bare_year_at(tk[i - 1].p + 1) &&
		    page_number(&tk[i]) &&
		    !(tk[i].flags & TOK_LINESTART)) {
			lab[i] = LAB_PAGES;
			return;
		}
}

/* "... heavy nuclei Eur. | Phys. J. A 51": the journal's first
 * abbreviations, capitalised words journals abbreviate, that the
 * labeller left at the title's end go with the journal. */
static void abbrev_start(const struct tok *tk, uint8_t *lab, size_t nt)
{
	size_t e, b = first_run(lab, nt, LAB_TITLE, &e);
	if (e >= nt || e - b < 3 || lab[e] != LAB_CONTAINER ||
	    !(lab_abbrev_word(tk[e].p, tk[e].n) ||
	      (tk[e].n == 2 && str_is_upper((unsigned char)tk[e].p[0]) && (tk[e].p[1] == '.' || tk[e].p[1] == ':'))))
		return;
	for (size_t k = 0; k < 3 && e - b > 2; k++) {
		const struct tok *t = &tk[e - 1];
		if (!str_is_upper((unsigned char)t->p[0]) ||
		    !(lab_abbrev_word(t->p, t->n) || (k && t->n == 2 && t->p[1] == '.'))) /* "J. Phys." */
			return;
		lab[--e] = LAB_CONTAINER;
	}
}

/* "P. Müller und K. Schmidt, | Z. Phys. C 67": where the authors are
 * written initials first, an initial after the last family name, before
 * a word journals abbreviate, begins the journal's name, as no name ends
 * in an initial there. */
static void initial_opens_journal(const struct tok *tk, uint8_t *lab, size_t nt)
{
	if (nt < 4 || !initial(&tk[0]) || lab[0] != LAB_AUTHOR)
		return;
	size_t e = 0;
	while (e < nt && lab[e] == LAB_AUTHOR)
		e++;
	if (e < 3 || e >= nt || lab[e] != LAB_CONTAINER || !lab_abbrev_word(tk[e].p, tk[e].n))
		return;
	const struct tok *i = &tk[e - 1], *f = &tk[e - 2];
	if (i->n == 2 && initial(i) && f->p[f->n - 1] == ',' && !initial(f) && str_is_upper((unsigned char)f->p[0]))
		lab[e - 1] = LAB_CONTAINER;
}

/* "P. Moreau and R. T. Hughes, Phys. Rev. C": where the authors are
 * written initials first, a word after the last initials that the
 * labeller took for a one-word title before the journal is the family
 * name. */
static void family_after_initials(const struct tok *tk, uint8_t *lab, size_t nt)
{
	size_t b = 0;
	while (b < nt && lab[b] != LAB_TITLE)
		b++;
	if (b < 2 || b + 1 >= nt || lab[b - 1] != LAB_AUTHOR || lab[b + 1] == LAB_TITLE || !initial(&tk[0]) ||
	    !initial(&tk[b - 1]) || !str_is_upper((unsigned char)tk[b].p[0]) || tk[b].p[tk[b].n - 1] != ',')
		return;
	for (uint32_t i = 1; i + 1 < tk[b].n; i++)
		if (!str_is_lower((unsigned char)tk[b].p[i]) && tk[b].p[i] != '-' && (unsigned char)tk[b].p[i] < 0x80)
			return;
	lab[b] = LAB_AUTHOR;
}

/* "M. Lee et al. (Fermi-LAT), Phys. Rev. Lett.": a group in parentheses
 * after the authors, taken for the title, is the collaboration's name or
 * a role, a note. */
static void paren_title(const struct tok *tk, uint8_t *lab, size_t nt)
{
	size_t e, b = first_run(lab, nt, LAB_TITLE, &e);
	if (!b || b == nt || lab[b - 1] != LAB_AUTHOR || tk[b].p[0] != '(')
		return;
	const struct tok *t = &tk[e - 1];
	uint32_t n = t->n;
	while (n && strchr(",.;:", t->p[n - 1]))
		n--;
	if (e - b > 4 || !n || t->p[n - 1] != ')' || any_label(lab + e, nt - e, LAB_TITLE))
		return;
	for (size_t i = b; i < e; i++)
		lab[i] = LAB_NOTE;
}

/* Is the token an arXiv identifier: "arXiv:1706.03762", "1706.03762v2",
 * "[hep-ph/0502182]", "arXiv:hep-th/9711200"?  Without "arXiv:" before
 * it, a new-style identifier counts only in its exact form: the year and
 * a month 01-12 (from 0704), a stop, four digits until 1412 and five
 * after, a version or none; an old one only with a known archive's name. */
int cv_arxiv_token(const char *p, size_t n)
{
	while (n && strchr("[(", *p))
		p++, n--;
	while (n && strchr(".,;:])", p[n - 1]))
		n--;
	int prefixed = n > 6 && str_ieqn(p, "arxiv:", 6);
	if (prefixed)
		p += 6, n -= 6;
	size_t d = 0;
	while (d < n && str_digit((unsigned char)p[d]))
		d++;
	if (d == 4 && d < n && p[d] == '.') {
		size_t m = 0;
		while (d + 1 + m < n && str_digit((unsigned char)p[d + 1 + m]))
			m++;
		size_t e = d + 1 + m;
		if (e + 1 < n && p[e] == 'v') {
			e++;
			while (e < n && str_digit((unsigned char)p[e]))
				e++;
		}
		int yy = (p[0] - '0') * 10 + (p[1] - '0'), mm = (p[2] - '0') * 10 + (p[3] - '0');
		if (e != n || mm < 1 || mm > 12 || (m != 4 && m != 5))
			return 0;
		return prefixed || (yy * 100 + mm >= 704 && m == (yy >= 15 ? 5u : 4u));
	}
	static const char *const arch[] = {"hep-ph", "hep-th", "hep-lat", "hep-ex", "astro-ph", "gr-qc", "quant-ph",
	                                   "nucl-th", "nucl-ex", "cond-mat", "math-ph", "physics", "math", "cs", "nlin",
	                                   "q-bio", NULL};
	const char *sl = memchr(p, '/', n);
	if (!sl || p + n - sl != 8)
		return 0;
	for (const char *q = sl + 1; q < p + n; q++)
		if (!str_digit((unsigned char)*q))
			return 0;
	size_t an = (size_t)(sl - p);
	const char *dot = memchr(p, '.', an); /* "math.AG/0309136" */
	if (dot)
		an = (size_t)(dot - p);
	for (size_t k = 0; arch[k]; k++)
		if (strlen(arch[k]) == an && !memcmp(p, arch[k], an))
			return 1;
	return 0;
}

/* An arXiv identifier is the reference's note, never its date, volume
 * or pages ("arXiv:1703.04112, 2018": not the year 1703). */
static void arxiv_notes(const struct tok *tk, uint8_t *lab, size_t nt)
{
	for (size_t i = 0; i < nt; i++)
		if (lab[i] != LAB_URL && lab[i] != LAB_DOI && lab[i] != LAB_NOTE && cv_arxiv_token(tk[i].p, tk[i].n))
			lab[i] = LAB_NOTE;
}

/* "R. K. Mahto, in: R. K. Mahto (Ed.), Physics of ...": the names before
 * "in" are the authors, those after it and before "(Ed.)" the editors,
 * even when the labeller read one run of editors. */
static int in_word(const struct tok *t)
{
	return (t->n == 2 || (t->n == 3 && t->p[2] == ':')) && (t->p[0] == 'i' || t->p[0] == 'I') && t->p[1] == 'n';
}

static void authors_before_in(const struct tok *tk, uint8_t *lab, size_t nt)
{
	static const char *const ed[] = {"editors", "editor", "eds", "Eds", "ed", "Ed", NULL};
	size_t b = 0;
	while (b < nt && lab[b] == LAB_NUMBER)
		b++;
	size_t k = b;
	while (k < nt && k < b + 40 && lab[k] == LAB_EDITOR && !in_word(&tk[k]))
		k++;
	if (k == b || k >= nt || !in_word(&tk[k]) || lab[k] != LAB_EDITOR)
		return;
	size_t e = k + 1;
	while (e < nt && lab[e] == LAB_EDITOR && !word_in(&tk[e], ed))
		e++;
	/* "(Ed.)", "eds.", "(eds)", "editors": not the name "Ed" */
	if (e >= nt || e == k + 1 || lab[e] != LAB_EDITOR ||
	    !(memchr(tk[e].p, '.', tk[e].n) || tk[e].p[0] == '(' || tk[e].n >= 6))
		return;
	for (size_t i = b; i < k; i++)
		lab[i] = LAB_AUTHOR;
}

/* "Edited by Jacques Perrin and Georges Blanc. Paris: ...": a name after
 * "and" that closes the editors' list is theirs, whatever the labeller
 * gave it (one to four capitalised words, the last closed by a stop or
 * a comma). */
static void editors_and(const struct tok *tk, uint8_t *lab, size_t nt)
{
	for (size_t i = 1; i + 2 < nt; i++) {
		if (lab[i - 1] != LAB_EDITOR || !connective(&tk[i]) || lab[i + 1] == LAB_EDITOR)
			continue;
		size_t e = i + 1;
		while (e < nt && e < i + 5 && str_is_upper((unsigned char)tk[e].p[0]) &&
		       (initial(&tk[e]) || !strchr(".,", tk[e].p[tk[e].n - 1])))
			e++;
		if (e >= nt || e == i + 1 || !str_is_upper((unsigned char)tk[e].p[0]) ||
		    !strchr(".,", tk[e].p[tk[e].n - 1]) || initial(&tk[e]) || lab_abbrev_word(tk[e].p, tk[e].n))
			return;
		for (size_t k = i; k <= e; k++)
			lab[k] = LAB_EDITOR;
		return;
	}
}

/* "Annals Phys. 301, 118 (2002), hep-th/0203117": a year in parentheses
 * that the labeller gave to the note, when no token is the date, is the
 * date. */
static void paren_year_date(const struct tok *tk, uint8_t *lab, size_t nt)
{
	if (any_label(lab, nt, LAB_DATE))
		return;
	for (size_t i = 1; i < nt; i++) {
		const struct tok *t = &tk[i];
		uint32_t n = t->n;
		while (n && strchr(",.;:", t->p[n - 1]))
			n--;
		if (lab[i] == LAB_NOTE && n == 6 && t->p[0] == '(' && t->p[5] == ')' && bare_year_at(t->p + 1)) {
			lab[i] = LAB_DATE;
			return;
		}
	}
}

/* "In Thin Films, ed. Maria Rossi.": the book named between "In" and
 * the role word that names the editors after it is the container, not
 * one of them. */
static void in_book_ed(const struct tok *tk, uint8_t *lab, size_t nt)
{
	static const char *const ed[] = {"ed", "Ed", "eds", "Eds", "edited", "Edited", NULL};
	for (size_t i = 0; i + 3 < nt; i++) {
		if (lab[i] != LAB_EDITOR || !in_word(&tk[i]) || (i && lab[i - 1] == LAB_EDITOR))
			continue;
		size_t r = i + 1;
		while (r < nt && lab[r] == LAB_EDITOR && !word_in(&tk[r], ed))
			r++;
		if (r + 1 >= nt || r == i + 1 || lab[r] != LAB_EDITOR || tk[r - 1].p[tk[r - 1].n - 1] != ',' ||
		    tk[r].p[tk[r].n - 1] == ',' || (tk[r].p[0] == 'e' && tk[r].n == 2)) /* "ed" alone is a word */
			return;
		/* "In D. P. Kumar, ed. Urban Futures": names
		 * before the role word (initials, "and") are the editors */
		for (size_t k = i + 1; k < r; k++) {
			uint32_t m = tk[k].n, u = 0;
			while (m && strchr(".,;:", tk[k].p[m - 1]))
				m--;
			for (uint32_t q = 0; q < m; q++)
				u += str_is_upper((unsigned char)tk[k].p[q]) ? 1 : tk[k].p[q] == '.' || tk[k].p[q] == '-' ? 0 : 100;
			if ((m && u <= 3) || connective(&tk[k]))
				return;
		}
		size_t e = r + 1;
		if (lab[e] != LAB_EDITOR) {
			/* "ed. Maria Rossi. InTech": the name the labeller gave
			 * the publisher */
			while (e < nt && e < r + 6 && str_is_upper((unsigned char)tk[e].p[0]) &&
			       (initial(&tk[e]) || !strchr(".,", tk[e].p[tk[e].n - 1])))
				e++;
			if (e >= nt || e == r + 1 || !str_is_upper((unsigned char)tk[e].p[0]) ||
			    !strchr(".,", tk[e].p[tk[e].n - 1]) || e + 1 >= nt)
				return;
			for (size_t k = r + 1; k <= e; k++)
				lab[k] = LAB_EDITOR;
		}
		for (size_t k = i; k < r; k++)
			lab[k] = LAB_CONTAINER;
		return;
	}
}

/* Do the tokens [b, e) spell the name o ("Given Family"), word for word
 * in either order, stops and commas aside? */
static int spells_name(const struct tok *tk, size_t b, size_t e, cx_str o)
{
	size_t words = 0;
	for (size_t i = 0; i < o.n; i++)
		words += o.p[i] != ' ' && (!i || o.p[i - 1] == ' ');
	if (!o.n || e - b != words)
		return 0;
	for (size_t i = b; i < e; i++) {
		size_t n = tk[i].n;
		while (n && (tk[i].p[n - 1] == ',' || tk[i].p[n - 1] == '.'))
			n--;
		long at;
		for (at = 0; n && at + (long)n <= (long)o.n; at++)
			if ((!at || o.p[at - 1] == ' ') &&
			    ((size_t)at + n == o.n || o.p[at + (long)n] == ' ' || o.p[at + (long)n] == ',') &&
			    str_ieqn(o.p + at, tk[i].p, n))
				break;
		if (!n || at + (long)n > (long)o.n)
			return 0;
	}
	return 1;
}

/* A line under the title that is the owner's name alone ("Metals Under
 * Stress | Lena Park") is the author list of a work of the owner's own. */
static void owner_line(const struct tok *tk, uint8_t *lab, size_t nt, cx_str owner)
{
	for (size_t b = 0; b < nt;) {
		size_t e = line_end(tk, nt, b);
		if (b && lab[b - 1] == LAB_TITLE && all_of(lab, b, e, LAB_TITLE) && spells_name(tk, b, e, owner))
			for (size_t i = b; i < e; i++)
				lab[i] = LAB_AUTHOR;
		b = e;
	}
}

void cv_label(struct cv_ctx *x, const char *s, size_t n, const uint8_t *roles, int lines, struct cv_item *it)
{
	char *t;
	uint8_t *fl;
	uint32_t *om;
	size_t tn = strip_marks(x->a, s, n, &t, &fl, &om);
	size_t cap = tn / 2 + 2;
	if (cap > 400)
		cap = 400;
	struct tok *tk = arena_alloc(x->a, cap * sizeof *tk);
	size_t nt = tok_split(t, tn, tk, cap);
	if (!nt || !x->model)
		return;
	for (size_t i = 0; i < nt; i++) {
		tk[i].flags |= fl[tk[i].off];
		if (roles)
			tk[i].role = roles[tk[i].line];
	}
	uint32_t *f = arena_alloc(x->a, nt * FEAT_MAX * sizeof *f);
	uint8_t *nf = arena_alloc(x->a, nt), *lab = arena_alloc(x->a, nt);
	int32_t *sc = arena_alloc(x->a, lab_scratch(nt) * sizeof *sc);
	feat_seq(tk, nt, f, nf, lines ? FEAT_LINES : FEAT_PIECES);
	lab_decode(x->model, f, nf, nt, lab, sc);
	if (lines) {
		line_roles(tk, lab, nt);
		date_lines(tk, lab, nt);
		line_edges(tk, lab, nt);
		title_line(tk, lab, nt);
		lone_lines(tk, lab, nt);
		owner_line(tk, lab, nt, x->owner);
	}
	link_spans(tk, lab, nt);
	doi_tail(tk, lab, nt);
	stray_runs(tk, lab, nt, LAB_AUTHOR, LAB_TITLE, 2, 0);
	name_gaps(tk, lab, nt);
	particle_gaps(tk, lab, nt);
	author_end(tk, lab, nt);
	quote_after_names(tk, lab, nt);
	quote_ends_title(tk, lab, nt);
	etal_tail(tk, lab, nt);
	stray_runs(tk, lab, nt, LAB_TITLE, LAB_CONTAINER, 0, 1);
	title_end(tk, lab, nt);
	dash_after_title(tk, lab, nt);
	italic_runs(tk, lab, nt, s, om);
	year_before_title(tk, lab, nt);
	names_before_date(tk, lab, nt);
	venue_after_initials(tk, lab, nt);
	names_after_title(tk, lab, nt);
	in_note(tk, lab, nt);
	status_after_venue(tk, lab, nt);
	venue_tail(tk, lab, nt);
	volume_words(tk, lab, nt);
	venue_edges(tk, lab, nt);
	editors_end(tk, lab, nt);
	editors_first(tk, lab, nt);
	editors_unsaid(tk, lab, nt);
	if (lines) /* a reference from a paper may have no title */
		title_in_venue(tk, lab, nt);
	place_is_journal(tk, lab, nt);
	publisher_after(tk, lab, nt);
	page_after_year(tk, lab, nt);
	paren_title(tk, lab, nt);
	abbrev_start(tk, lab, nt);
	family_after_initials(tk, lab, nt);
	initial_opens_journal(tk, lab, nt);
	if (!lines) {
		authors_before_in(tk, lab, nt);
		in_book_ed(tk, lab, nt);
		arxiv_notes(tk, lab, nt);
		paren_year_date(tk, lab, nt);
		editors_and(tk, lab, nt);
	}
	if (it->heading.n)
		heading_title(tk, lab, nt, it->heading);
	/* punctuation alone at a line's end belongs to that line's last word,
	 * at a line's start to its first (", Bob Jones": the owner's slot) */
	for (size_t i = 0; i < nt; i++) {
		int punct = 1;
		for (uint32_t k = 0; k < tk[i].n && punct; k++)
			punct = strchr(",.;:|-", tk[i].p[k]) != NULL;
		if (!punct)
			continue;
		if ((tk[i].flags & TOK_LINEEND) && i && !(tk[i].flags & TOK_LINESTART))
			lab[i] = lab[i - 1];
		else if ((tk[i].flags & TOK_LINESTART) && i + 1 < nt && !(tk[i + 1].flags & TOK_LINESTART))
			lab[i] = lab[i + 1];
	}
	it->ntok = nt;
	it->tok = tk;
	it->lab = lab;
	it->authors_marked = marked_authors(x->a, s, n, tk, lab, nt, om);
	/* each label's tokens, in order, joined by one space */
	size_t len[LAB_N] = {0};
	for (size_t i = 0; i < nt; i++)
		len[lab[i]] += tk[i].n + 1;
	char *buf[LAB_N];
	for (int l = 0; l < LAB_N; l++) {
		buf[l] = len[l] ? arena_alloc(x->a, len[l] + 4) : NULL;
		it->seg[l].p = buf[l];
		it->seg[l].n = 0;
	}
	it->norder = 0;
	for (size_t i = 0; i < nt; i++) {
		int l = lab[i];
		if (!len[l])
			continue;
		if (!it->seg[l].n && it->norder < sizeof it->order)
			it->order[it->norder++] = (uint8_t)l;
		char *b = buf[l];
		size_t k = it->seg[l].n;
		if (k)
			b[k++] = ' ';
		/* a second segment of the same label: mark the seam */
		memcpy(b + k, tk[i].p, tk[i].n);
		it->seg[l].n = k + tk[i].n;
	}
	for (int l = 0; l < LAB_N; l++)
		len[l] = 0;
}

