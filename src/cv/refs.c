/* cv/refs.c - the `refs` reader: a bibliography as found at the end of a
 * paper, one reference a line, numbered ("[12]", "12.") or not.  Each line
 * goes through the labeller and the normalization after it; a line that
 * yields no entry gets a warning with its number, never silence. */
#define _POSIX_C_SOURCE 200809L
#include <string.h>

#include "core/str.h"
#include "cv/cv.h"
#include "cv/input.h"

/* ---- blanks as a PDF file's text has them ------------------------------- */


/* Does the token that holds byte i of s (blank to blank) look like a link
 * or an identifier, whose punctuation is its own? */
static int link_token(const char *s, size_t n, size_t i)
{
	size_t b = i;
	while (b && !str_space((unsigned char)s[b - 1]))
		b--;
	size_t e = i;
	while (e < n && !str_space((unsigned char)s[e]))
		e++;
	const char *p = s + b;
	size_t k = e - b;
	if (k >= 4 && (!strncmp(p, "http", 4) || !strncmp(p, "www.", 4) || !strncmp(p, "doi:", 4) ||
	               !strncmp(p, "10.", 3)))
		return 1;
	for (size_t j = b; j < e; j++)
		if (s[j] == '/' || s[j] == '@')
			return 1;
	return 0;
}

/* Is the number at s + i, after a comma that touches the number before
 * it, a year ("1165-74,1989") or the start of a range ("71,666-669"),
 * rather than a group of a number's thousands ("1,234")? */
static int num_after(const char *s, size_t n, size_t i)
{
	size_t e = i;
	while (e < n && str_digit((unsigned char)s[e]))
		e++;
	if (e < n && str_alnum((unsigned char)s[e]))
		return 0;
	if (e - i == 4 && (!memcmp(s + i, "19", 2) || !memcmp(s + i, "20", 2)))
		return 1;
	size_t b = e;
	while (e < n && s[e] == ' ')
		e++;
	if (e > b + 1)
		return 0;
	size_t d = e < n && s[e] == '-' ? 1 : e + 2 < n && !memcmp(s + e, "\xE2\x80\x93", 3) ? 3 : 0;
	size_t m = e + d;
	while (d && m < n && s[m] == ' ')
		m++;
	return b > i && d && m < n && str_digit((unsigned char)s[m]);
}

/* Does s start with a year of four digits and no more ("2016)")? */
static int bare_year(const char *s, size_t n)
{
	return n >= 5 && (s[0] == '1' || s[0] == '2') && str_digit((unsigned char)s[1]) &&
	       str_digit((unsigned char)s[2]) && str_digit((unsigned char)s[3]) && !str_alnum((unsigned char)s[4]);
}

/* Does o[0, k), which ends in ')', end in a parenthesised number of one
 * to four digits ("(1)", "(2009)")? */
static int number_group(const char *o, size_t k)
{
	size_t b = k - 1;
	while (b && str_digit((unsigned char)o[b - 1]))
		b--;
	return b && o[b - 1] == '(' && k - 1 - b >= 1 && k - 1 - b <= 4;
}

/* Does s start with the label of an identifier: "doi:", "arXiv:",
 * "arXiv ", "URL ", "http://", "https://"? */
static int id_label(const char *s, size_t n)
{
	static const char *const w[] = {"doi:", "doi ", "arxiv:", "arxiv ", "url ", "url:", "http://", "https://", NULL};
	for (size_t k = 0; w[k]; k++) {
		size_t m = strlen(w[k]);
		if (n >= m && str_ieqn(s, w[k], m))
			return 1;
	}
	return 0;
}

/* Text taken from a PDF file puts blanks where the page had none and
 * drops those it had: "Phys .Rev .D85 ( 2012)094025 ,arXiv :1203.2654",
 * "new physics,Phys. Rev.", "Topological Strings.JHEP 1211".  The blanks
 * go where type puts them: after a comma, a stop, a colon or a semicolon
 * rather than before it; none inside a parenthesis' edges; one after a
 * comma that touches a word, between a number and the parenthesised year
 * on either side of it ("231301( 2015)", "( 2012)094025"), and after a
 * stop that ends a lower-case word and touches a capital.  Links, DOIs
 * and identifiers keep their bytes, and so do numbers ("1,2", "1112
 * .5166").  o holds 2n bytes; returns its length. */
static size_t respace(const char *s, size_t n, char *o)
{
	size_t k = 0;
	int open_spaced = 0; /* the last '(' began a word */
	unsigned quotes = 0;  /* straight double quotes so far */
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		unsigned char prev = k ? (unsigned char)o[k - 1] : ' ';
		unsigned char next = i + 1 < n ? (unsigned char)s[i + 1] : ' ';
		unsigned char after = i + 2 < n ? (unsigned char)s[i + 2] : ' ';
		/* "2 . 76 TeV": a decimal number's stop between blanks */
		if (c == ' ' && str_digit(prev) && next == '.' && after == ' ' && i + 3 < n &&
		    str_digit((unsigned char)s[i + 3])) {
			o[k++] = '.';
			i += 2;
			continue;
		}
		if (c == ' ' && next && strchr(",.;:", next) && !str_space(prev) && !(next == '.' && after == '.') &&
		    !(next == '.' && ((str_digit(prev) && str_digit(after)) || link_token(s, n, i + 1)))) {
			/* " ,X" -> ", X"; " ." at the end -> "." */
			o[k++] = (char)next;
			i++;
			if (after == '"' && next == ',' && !(quotes % 2) && i + 2 < n) {
				/* 'Vedral ," Entanglement': the quote opens the title */
				o[k++] = ' ';
				o[k++] = '"';
				quotes++;
				i++;
				while (i + 1 < n && s[i + 1] == ' ')
					i++;
				continue;
			}
			if (!str_space(after) && i + 1 < n) {
				if ((after == '"' || after == ')') && i + 2 < n && !str_space((unsigned char)s[i + 2])) {
					quotes += after == '"';
					o[k++] = (char)after;
					i++;
				}
				o[k++] = ' ';
			}
			continue;
		}
		/* "isotopesBraz. J. Phys.": a title's last word run into the
		 * journal's first abbreviation */
		if (str_is_upper(c) && k >= 4 && str_is_lower((unsigned char)o[k - 1]) &&
		    str_is_lower((unsigned char)o[k - 2]) && str_is_lower((unsigned char)o[k - 3]) &&
		    str_is_lower((unsigned char)o[k - 4])) {
			size_t j = i + 1;
			while (j < n && str_is_lower((unsigned char)s[j]))
				j++;
			if (j + 1 < n && s[j] == ' ' && s[j + 1] == '.')
				j++; /* "isotopesBraz .J" */
			if (j - i >= 2 && j - i <= 10 && j < n && s[j] == '.' && (j + 1 == n || s[j + 1] != '.') &&
			    !link_token(s, n, i))
				o[k++] = ' ';
		}
		/* "Tisserand P2015 ApJL", "andR. H. Wechsler": an initial run
		 * into the year after it, "and" into the name after it */
		if (str_is_upper(c) && k && !str_space(prev)) {
			size_t b = k;
			while (b && !str_space((unsigned char)o[b - 1]))
				b--;
			if (k - b == 3 && !memcmp(o + b, "and", 3) && i + 1 < n &&
			    (s[i + 1] == '.' || s[i + 1] == ' ' || str_is_lower((unsigned char)s[i + 1])))
				o[k++] = ' ';
		}
		if (str_digit(c) && k >= 4 && str_is_upper(prev) && o[k - 2] == ' ' && str_is_lower((unsigned char)o[k - 3]) &&
		    i + 4 <= n && (!memcmp(s + i, "19", 2) || !memcmp(s + i, "20", 2)) && str_digit((unsigned char)s[i + 2]) &&
		    str_digit((unsigned char)s[i + 3]) && (i + 4 == n || s[i + 4] == ' ' || s[i + 4] == ',')) {
			size_t b = k - 2; /* after a capitalised name: "Leenaarts J2017" */
			while (b && str_is_lower((unsigned char)o[b - 1]))
				b--;
			if (b && str_is_upper((unsigned char)o[b - 1]) && (b == 1 || str_space((unsigned char)o[b - 2])))
				o[k++] = ' ';
		}
		/* "hep-ph/ 9703464": an old arXiv identifier broken after its
		 * archive */
		if (c == ' ' && prev == '/' && k >= 3) {
			size_t b = k - 1;
			while (b && (str_is_lower((unsigned char)o[b - 1]) || o[b - 1] == '-' || o[b - 1] == '.'))
				b--;
			size_t j = i;
			while (j < n && s[j] == ' ')
				j++;
			size_t m = j;
			while (m < n && str_digit((unsigned char)s[m]))
				m++;
			/* "astro-ph/ 0411203"; "arXiv:math/ 0512066" */
			if (((k - 1 - b >= 4 && memchr(o + b, '-', k - 1 - b)) || (k - 1 - b >= 2 && b && o[b - 1] == ':')) &&
			    (!b || o[b - 1] == ' ' || o[b - 1] == ':' || o[b - 1] == '[' || o[b - 1] == '(') && m - j == 7 &&
			    (m == n || !str_alnum((unsigned char)s[m]))) {
				i = j - 1;
				continue;
			}
		}
		/* "1503 .02641", "1402. 1517": an arXiv identifier broken at
		 * its stop */
		if ((c == ' ' || c == '.') && k >= 4 && (k == 4 || !str_digit((unsigned char)o[k - 5])) &&
		    str_digit((unsigned char)o[k - 1]) && str_digit((unsigned char)o[k - 2]) &&
		    str_digit((unsigned char)o[k - 3]) && str_digit((unsigned char)o[k - 4])) {
			size_t j = i + (c == ' ');
			if (j < n && s[j] == '.' && c == ' ')
				j++;
			else if (c == '.' && j + 1 < n && s[j + 1] == ' ')
				j += 2;
			else
				j = 0;
			size_t m = j;
			while (j && m < n && str_digit((unsigned char)s[m]))
				m++;
			if (j && (m - j == 4 || m - j == 5) && (m == n || !str_alnum((unsigned char)s[m]))) {
				o[k++] = '.';
				i = j - 1;
				continue;
			}
		}
		/* "JHEP03 ( 2013)080": a journal's acronym run into the
		 * volume before the year in parentheses */
		if (str_digit(c) && str_is_upper(prev)) {
			size_t b = k;
			while (b && str_is_upper((unsigned char)o[b - 1]))
				b--;
			size_t j = i;
			while (j < n && str_digit((unsigned char)s[j]))
				j++;
			size_t y = j;
			while (y < n && s[y] == ' ')
				y++;
			if (k - b >= 3 && (!b || str_space((unsigned char)o[b - 1])) && j - i <= 3 && y > j && y + 5 < n &&
			    s[y] == '(' && bare_year(s + y + 1 + (s[y + 1] == ' '), n - y - 1 - (s[y + 1] == ' ')))
				o[k++] = ' ';
		}
		/* "006[arXiv:...]": a bracket touches the number before it */
		if (c == '[' && str_digit(prev) && !link_token(s, n, i)) {
			o[k++] = ' ';
			prev = ' ';
		}
		/* "245 -260", "245- 260": a range's dash took a blank */
		if ((c == ' ' || c == '-') && str_digit(prev)) {
			size_t j = i;
			while (j < n && s[j] == ' ')
				j++;
			size_t dash = j < n && s[j] == '-' ? 1 : j + 2 < n && !memcmp(s + j, "\xE2\x80\x93", 3) ? 3 : 0;
			size_t m = j + dash;
			while (dash && m < n && s[m] == ' ')
				m++;
			if (dash && m < n && str_digit((unsigned char)s[m]) && (j > i || m > j + dash)) {
				memcpy(o + k, s + j, dash);
				k += dash;
				i = m - 1;
				continue;
			}
		}
		/* "231301( 2015)", "463-466(Preprint": a number or a range
		 * touches the year or the word after it */
		if (c == '(' && str_digit(prev)) {
			size_t b = k;
			while (b && (str_digit((unsigned char)o[b - 1]) || o[b - 1] == '-'))
				b--; /* "110(", "245-260(" */
			size_t j = i + 1;
			while (j < n && s[j] == ' ')
				j++;
			int year = j + 5 <= n && str_digit((unsigned char)s[j]) && str_digit((unsigned char)s[j + 1]) &&
			           str_digit((unsigned char)s[j + 2]) && str_digit((unsigned char)s[j + 3]) &&
			           (s[j + 4] == ')' || s[j + 4] == ' ');
			if ((!b || str_space((unsigned char)o[b - 1])) && (year || (j < n && str_alpha((unsigned char)s[j]))))
				o[k++] = ' ', prev = ' ';
		}
		/* "Electrodynamics( Dover": a parenthesis that touches the word
		 * before it */
		if (c == '(' && k >= 3 && str_is_lower((unsigned char)o[k - 1]) && str_is_lower((unsigned char)o[k - 2]) &&
		    str_is_lower((unsigned char)o[k - 3]) && !link_token(s, n, i)) {
			size_t j = i + 1;
			while (j < n && s[j] == ' ')
				j++;
			if (j < n && (str_is_upper((unsigned char)s[j]) || str_digit((unsigned char)s[j])))
				o[k++] = ' ', prev = ' ';
		}
		if ((c == '(' || c == '[') && next == ' ') {
			open_spaced = str_space(prev);
			o[k++] = (char)c;
			while (i + 1 < n && s[i + 1] == ' ')
				i++;
			continue;
		}
		if (c == '(')
			open_spaced = str_space(prev);
		if (c == ' ' && (next == ')' || next == ']') && !str_space(prev))
			continue;
		if (c == ' ' && next == '"' && quotes % 2 && (prev == ',' || prev == '.') && i + 2 < n &&
		    (str_alpha(after) || after >= 0xC3)) {
			/* 'Telescope, "Proc. SPIE': a quote that closes the title */
			o[k++] = '"';
			o[k++] = ' ';
			quotes++;
			i++;
			continue;
		}
		if (c == ',' && next == '"' && i + 2 < n && (str_alpha(after) || after >= 0xC3) && !str_space(prev)) {
			/* ',"Phys. Rev.' after a quoted title, ',"Title' before one */
			int inside = quotes % 2;
			o[k++] = ',';
			if (!inside)
				o[k++] = ' ';
			o[k++] = '"';
			if (inside)
				o[k++] = ' ';
			quotes++;
			i++;
			continue;
		}
		quotes += c == '"';
		o[k++] = (char)c;
		if (i + 1 >= n || str_space(next))
			continue;
		if (c == ')' && (str_digit(next) || next == '(') && number_group(o, k) && !link_token(s, n, i)) {
			/* "208 (3)(2011)211-230": an issue or a year in
			 * parentheses touches the next number */
			o[k++] = ' ';
			continue;
		}
		if ((c == '.' || c == ',') && k >= 2 && (str_alnum((unsigned char)o[k - 2]) || o[k - 2] == ')') &&
		    id_label(s + i + 1, n - i - 1)) {
			/* "211-230.doi:10.1016/...", "2015),arXiv:1502.03311" */
			o[k++] = ' ';
			continue;
		}
		int letter = str_alpha(next) || (next >= 0xC3 && next != 0xE2); /* not a quote or a dash */
		if ((c == ',' || c == ';') && !str_space(prev) &&
		    (letter || next == '(' || (str_digit(next) && (!str_digit(prev) || num_after(s, n, i + 1)))) &&
		    !link_token(s, n, i))
			o[k++] = ' ';
		else if (c == ')' && open_spaced && (str_digit(next) || next == '[') && !link_token(s, n, i))
			o[k++] = ' ';
		else if (c == '.' && str_is_upper(next) && k >= 2 && str_digit((unsigned char)o[k - 2]) && i + 2 < n &&
		         str_is_lower((unsigned char)s[i + 2]) && !link_token(s, n, i))
			o[k++] = ' '; /* "pp. 411-436.Berlin: Springer" */
		else if (c == '.' && str_is_upper(next) && k >= 4 && str_is_lower((unsigned char)o[k - 2]) &&
		         str_is_lower((unsigned char)o[k - 3]) && str_is_lower((unsigned char)o[k - 4]) &&
		         !link_token(s, n, i))
			o[k++] = ' ';
	}
	return k;
}

/* Label one reference and emit its entry; 0 when none came of it. */
int cv_reference(struct cv_ctx *x, const char *s, size_t n, unsigned line, const struct cv_item *hint)
{
	struct cv_item it;
	memset(&it, 0, sizeof it);
	if (hint)
		it = *hint;
	it.line = line;
	cv_label(x, s, n, NULL, 0, &it);
	struct cx_entry *e = cv_entry(x, &it);
	if (!e)
		return 0;
	cv_emit(x, e);
	return 1;
}

/* Is this text line a whole reference by its look: six words or more, a
 * digit (year, volume or pages) and punctuation inside? */
static int ref_like(const char *p, size_t k)
{
	size_t words = 1, digits = 0, punct = 0;
	for (size_t i = 0; i < k; i++) {
		words += p[i] == ' ' && i + 1 < k && p[i + 1] != ' ';
		digits += p[i] >= '0' && p[i] <= '9';
		punct += p[i] == ',' || p[i] == '.' || p[i] == ':';
	}
	return k >= 30 && words >= 6 && digits && punct >= 2;
}

int cv_refs_list(const char *s, size_t n)
{
	size_t lines = 0, refs = 0;
	for (const char *p = s, *end = s + n; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;
		while (p < e && (*p == ' ' || *p == '\t'))
			p++;
		size_t k = (size_t)(e - p);
		while (k && (p[k - 1] == ' ' || p[k - 1] == '\r'))
			k--;
		if (k) {
			lines++;
			refs += ref_like(p, k);
		}
		p = nl ? nl + 1 : end;
	}
	return lines >= 2 && refs * 10 >= lines * 9;
}

/* The list's own number before a reference: "[12]" always, "12.", "12)"
 * and "(12)" when it is the number the list has come to (*next), so that a
 * reference's own number ("33 Bergk, V. ...") or a year is left to the
 * labeller.  Returns the bytes to skip (the mark and the blanks after it),
 * 0 when there is none; *next moves past the number. */
static size_t list_mark(const char *p, size_t k, int *next)
{
	size_t i = p[0] == '[' || p[0] == '(';
	int v;
	size_t d = str_digits(p + i, p + k, &v);
	if (!d || d > 4 || i + d >= k)
		return 0;
	char close = p[i + d];
	int ok = p[0] == '[' ? close == ']' : p[0] == '(' ? close == ')' && v == *next
	                                                : (close == '.' || close == ')') && v == *next;
	size_t e = i + d + 1;
	if (!ok || e >= k || (p[e] != ' ' && p[e] != '\t'))
		return 0;
	while (e < k && (p[e] == ' ' || p[e] == '\t'))
		e++;
	*next = v + 1;
	return e < k ? e : 0;
}

void cv_refs_text(struct cx_reader_ctx *c, const char *s, size_t n)
{
	struct arena a = {0};
	struct lab_model m;
	struct cv_ctx x = {.a = &a, .c = c, .model = lab_model_builtin(&m, 0)};
	if (c->opt && c->opt->owner)
		x.owner = (cx_str){c->opt->owner, strlen(c->opt->owner)};
	if (!x.model)
		cv_diag(&x, CX_ERROR, CX_E_LIMIT, 1, "this build has no reference model (run make model)");
	size_t found = 0, written = 0;
	unsigned line = 0;
	int next = 1;
	for (const char *p = s, *end = s + n; x.model && p < end; line++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;
		size_t k = (size_t)(e - p);
		const char *q = p;
		p = nl ? nl + 1 : end;
		while (k && (*q == ' ' || *q == '\t'))
			q++, k--;
		while (k && (q[k - 1] == ' ' || q[k - 1] == '\r' || q[k - 1] == '\t'))
			k--;
		if (!k)
			continue;
		found++;
		/* the list's numbering is no part of the reference: a
		 * reference may carry a number of its own after it */
		size_t skip = list_mark(q, k, &next);
		q += skip, k -= skip;
		char *sp = arena_alloc(&a, 2 * k + 1);
		k = respace(q, k, sp);
		q = sp;
		if (cv_reference(&x, q, k, line + 1, NULL))
			written++;
		else
			cv_diag(&x, CX_WARNING, CX_E_VALUE, line + 1, "no reference read from this line");
		arena_reset(&a);
	}
	if (found != written)
		cv_diag(&x, CX_NOTE, CX_E_VALUE, 1, "%zu references found, %zu written", found, written);
	arena_destroy(&a);
}

static int refs_read(struct cx_reader_ctx *c, struct cx_input *in)
{
	struct arena a = {0};
	struct cv_ctx x = {.a = &a, .c = c};
	struct buf b = {0};
	int rc = cv_read_all(&x, in, &b);
	if (!rc)
		cv_refs_text(c, b.p ? b.p : "", b.n);
	buf_free(&b);
	arena_destroy(&a);
	return rc == -2 ? -1 : 0;
}

const struct cx_reader cx_reader_refs = {
	.name = "refs",
	.read = refs_read,
};
