/* cv/tex.c - a LaTeX CV to the line model. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "core/str.h"
#include "cv/doc.h"
#include "norm/norm.h"

/* ---- LaTeX ------------------------------------------------------------------ */

/* Skip a {group} at p; returns the end (after '}') or p if none. */
static const char *skip_group(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p >= end || (*p != '{' && *p != '['))
		return p;
	char open = *p, close = open == '{' ? '}' : ']';
	int d = 0;
	for (; p < end; p++) {
		if (*p == '\\' && p + 1 < end) {
			p++;
			continue;
		}
		if (*p == open)
			d++;
		else if (*p == close && --d == 0)
			return p + 1;
	}
	return end;
}

static int cmd_is(const char *p, const char *end, const char *name, size_t *len)
{
	size_t l = strlen(name);
	if ((size_t)(end - p) < l + 1 || p[0] != '\\' || memcmp(p + 1, name, l))
		return 0;
	if (p + 1 + l < end && str_alpha((unsigned char)p[1 + l]))
		return 0;
	*len = l + 1;
	return 1;
}

/* \href{u}{t} at p (after the command) as "t \url{u}"; the end, or NULL. */
static const char *href(const char *p, const char *end, struct buf *out)
{
	const char *u = p, *ue = skip_group(u, end);
	const char *t = ue, *te = skip_group(t, end);
	while (u < ue && *u != '{')
		u++;
	while (t < te && *t != '{')
		t++;
	if (ue <= u + 1 || te <= t + 1)
		return NULL;
	buf_put(out, t + 1, (size_t)(te - t - 2));
	buf_put(out, " \\url{", 6);
	buf_put(out, u + 1, (size_t)(ue - u - 2));
	buf_putc(out, '}');
	return te;
}

/* CV classes' entry commands: one entry each, their arguments its text. */
static const char *const entries[] = {"cventry", "cvitem", "cvitemwithcomment", "cvlistitem", "cvlistdoubleitem",
                                      "cvdoubleitem", "cvhonor", "cvtalk", "cvpub", "cvevent", "cvline",
                                      "resumeSubheading", "resumeItem", "datedentry", NULL};

/* Is the environment name in the group nm..e ("{longtable}") a table's? */
static int is_table_env(const char *nm, const char *e)
{
	static const char *const tabs[] = {"tabular", "tabular*", "tabularx", "tabulary", "longtable", "longtable*",
	                                   "supertabular", "xtabular", "tabu", "longtabu", "xltabular", NULL};
	if (e - nm < 3 || *nm != '{')
		return 0;
	for (size_t k = 0; tabs[k]; k++)
		if ((size_t)(e - nm - 2) == strlen(tabs[k]) && !memcmp(nm + 1, tabs[k], strlen(tabs[k])))
			return 1;
	return 0;
}

/* Is s..e a capitalised word of four letters or more ("Publications"),
 * no table's column letters? */
static int env_title(const char *s, const char *e)
{
	if (e - s < 4 || !str_is_upper((unsigned char)*s))
		return 0;
	for (const char *q = s + 1; q < e; q++)
		if (!str_alpha((unsigned char)*q) && (unsigned char)*q < 0x80)
			return 0;
	return 1;
}

/* Does the text read as a list of names in BibTeX's or a citation's form
 * ("Xie, Jiayi and De, Suman", "J. Xie, S. De, and A. Layek"): pieces
 * parted by " and ", ", " or "; ", each of one to four words that begin
 * with a capital (a particle such as "van" or "de" aside), no digits? */
static int name_list(cx_str s)
{
	static const char *const particles[] = {"van", "von", "de", "der", "den", "da", "di", "du", "la", "le",
	                                        "del", "dos", "das", "i", "y", "al", "bin", "ibn", "ten", "ter", NULL};
	size_t seps = 0, words = 0, i = 0;
	if (s.n < 5 || s.n > 2000)
		return 0;
	while (i < s.n) {
		while (i < s.n && (s.p[i] == ' ' || s.p[i] == ',' || s.p[i] == ';' || s.p[i] == '{' || s.p[i] == '}'))
			seps += s.p[i] == ',' || s.p[i] == ';', i++;
		size_t b = i;
		while (i < s.n && s.p[i] != ' ' && s.p[i] != ',' && s.p[i] != ';')
			i++;
		if (i == b)
			break;
		cx_str w = {s.p + b, i - b};
		while (w.n && (*w.p == '{' || *w.p == '\\' || *w.p == '~'))
			w.p++, w.n--; /* "{\textbf{Xie}": marks before the word */
		for (size_t k = 0; k < w.n; k++)
			if (str_digit((unsigned char)w.p[k]))
				return 0;
		if (w.n == 3 && !memcmp(w.p, "and", 3)) {
			seps++;
			words = 0;
			continue;
		}
		int ok = w.n && ((unsigned char)w.p[0] >= 0x80 || str_is_upper((unsigned char)w.p[0]) || w.p[0] == '\\');
		for (size_t k = 0; particles[k] && !ok; k++)
			ok = w.n == strlen(particles[k]) && !memcmp(w.p, particles[k], w.n);
		if (!ok && w.n > 5 && !memcmp(w.p, "textbf", 6))
			ok = 1;
		if (!ok || ++words > 4)
			return 0;
		if (i < s.n && (s.p[i] == ',' || s.p[i] == ';'))
			words = 0;
	}
	return seps >= 1;
}

/* Take back an item opened before with nothing in it yet (an empty
 * \item, a table row of rules only), which would read as text of the
 * item before it. */
static void drop_empty_item(struct buf *out)
{
	size_t k = out->n;
	while (k && (out->p[k - 1] == ' ' || out->p[k - 1] == '\t' || out->p[k - 1] == '\n'))
		k--;
	/* the bullet becomes a space: the line breaks stay, as the line map
	 * has counted them */
	if (k && out->p[k - 1] == '-' && (k == 1 || out->p[k - 2] == '\n') && out->n > k)
		out->p[k - 1] = ' ';
}

/* Open an item ("\n- "). */
static void open_item(struct buf *out)
{
	drop_empty_item(out);
	buf_put(out, "\n- ", 3);
}

/* A table row being read: where its text starts in the output, how many
 * cells it has had, and the year of a first cell that held only a date
 * ("2019 & citation"), which is taken out of the row. */
struct row {
	size_t start;
	unsigned cells;
	char year[8];
};

static void row_begin(const struct buf *out, struct row *r)
{
	r->start = out->n;
	r->cells = 0;
	r->year[0] = 0;
}

/* The first cell of the row ends at out->n: when it holds only a date or
 * a number ("2019", "2017--2019", "[12]", "3."), it is the row's label,
 * as \item[2019] is an item's; it goes, and its year is kept in r.  1
 * when it went. */
static int row_label(struct buf *out, struct row *r)
{
	if (r->start > out->n)
		return 0;
	const char *c = out->p + r->start, *e = out->p + out->n;
	size_t digits = 0, n = 0;
	const char *y = NULL;
	for (const char *q = c; q < e; q++, n++) {
		unsigned char u = (unsigned char)*q;
		if (str_digit(u)) {
			if (!digits++ && e - q >= 4 && str_digit((unsigned char)q[1]) && str_digit((unsigned char)q[2]) &&
			    str_digit((unsigned char)q[3]) && (q[0] == '1' || q[0] == '2'))
				y = q;
		} else if (!strchr(" .-[]()/,", u) && u != 0xE2 && u != 0x80 && u != 0x93 && u != 0x94)
			return 0; /* en and em dashes are E2 80 93 / 94 */
	}
	if (!digits || n > 24)
		return 0;
	if (y) {
		memcpy(r->year, y, 4);
		r->year[4] = 0;
	}
	out->n = r->start;
	return 1;
}

/* At the row's end: a year that stood only in its label cell goes to the
 * end of its text, where a citation's year stands. */
static void row_end(struct buf *out, struct row *r)
{
	if (!r->year[0] || r->start > out->n)
		return;
	size_t e = out->n;
	while (e > r->start && out->p[e - 1] == ' ')
		e--;
	for (size_t i = r->start; i + 4 <= e; i++)
		if (!memcmp(out->p + i, r->year, 4))
			return;
	if (e == r->start || out->p[e - 1] == '\n')
		return;
	out->n = e - (out->p[e - 1] == '.'); /* "Venue, 12:1--9, 2019." */
	buf_put(out, ", ", 2);
	buf_put(out, r->year, 4);
	buf_putc(out, '.');
	r->year[0] = 0;
}

struct texts;
static void tex_lines(const char *pre, size_t npre, const char *s, size_t n, struct buf *out, struct linemap *lm,
                       const struct texts *tx, int depth);

/* \cventry{2019}{Title}{Journal}{}{}{...} at *p: an entry of its own, its
 * non-empty arguments in order, ". " between them.  Each argument is
 * read as LaTeX of its own (the CV's own commands in it, "\\" and
 * "\newline" as spaces), so an author list written with the owner's
 * \me{} keeps the owner's name.  1 when it was one. */
static int tex_entry(const char **p, const char *end, struct buf *out, const char *pre, size_t npre,
                     const struct texts *tx, int depth)
{
	size_t l = 0;
	int k = 0;
	while (entries[k] && !cmd_is(*p, end, entries[k], &l))
		k++;
	if (!entries[k])
		return 0;
	const char *q = *p + l;
	open_item(out);
	size_t item = out->n, names = 0, nargs = 0;
	struct buf arg = {0};
	for (;;) {
		const char *r = q;
		while (r < end && (*r == ' ' || *r == '\t' || *r == '\n' || *r == '\r'))
			r++;
		if (r >= end || (*r != '{' && *r != '['))
			break;
		const char *g = skip_group(r, end);
		if (*r == '{' && g - r > 2) {
			arg.n = 0;
			tex_lines(pre, npre, r + 1, (size_t)(g - 1 - r - 1), &arg, NULL, tx, depth + 1);
			size_t a = 0, b = arg.n;
			while (a < b && (arg.p[a] == ' ' || arg.p[a] == '\n'))
				a++;
			while (b > a && (arg.p[b - 1] == ' ' || arg.p[b - 1] == '\n'))
				b--;
			if (b > a + 1 && arg.p[a] == '-' && arg.p[a + 1] == ' ')
				a += 2; /* "\item {text}" in an argument */
			if (b > a) {
				size_t z = out->n;
				while (z > item && out->p[z - 1] == '}')
					z--;
				if (nargs++ && z > item && strchr(".?!", out->p[z - 1]))
					buf_putc(out, ' '); /* "Shur, M.", "\emph{Why?}" have their stop */
				else if (nargs > 1)
					buf_put(out, ". ", 2);
				size_t at = out->n;
				for (size_t c = a; c < b; c++)
					buf_putc(out, arg.p[c] == '\n' ? ' ' : arg.p[c]);
				if (!names && nargs > 1 && name_list((cx_str){out->p + at, out->n - at}))
					names = at;
			}
		}
		q = g;
	}
	buf_free(&arg);
	if (names) { /* moderncv's \cventry{2019}{Title}{Journal}{}{}{Authors}: the authors first */
		size_t e = out->n, nl = e - names, m = 0;
		char *tmp = xmalloc(e - item + 2);
		memcpy(tmp, out->p + names, nl);
		m = nl;
		if (!nl || tmp[nl - 1] != '.') /* "Haddara, Y. M." has its stop */
			tmp[m++] = '.';
		tmp[m++] = ' ';
		memcpy(tmp + m, out->p + item, names - 2 - item);
		m += names - 2 - item;
		out->n = item;
		buf_put(out, tmp, m);
		free(tmp);
	}
	buf_putc(out, '\n');
	*p = q;
	return 1;
}

/* A CV's own numbering commands: \cnum{12}, \jnum{3}, called three times
 * or more and always with a number.  Each call numbers an item, which may
 * stand in a paragraph after the one before it. */
struct numcmds {
	cx_str name[8];
	unsigned calls[8];
	int bad[8];
	size_t n;
};

/* The number in the group at p ("{12}"): its end, or NULL. */
static const char *num_group(const char *p, const char *end)
{
	if (p >= end || *p != '{')
		return NULL;
	const char *q = p + 1;
	while (q < end && q - p <= 4 && *q >= '0' && *q <= '9')
		q++;
	return q > p + 1 && q < end && *q == '}' ? q + 1 : NULL;
}

static void find_numcmds(const char *s, const char *end, struct numcmds *nc)
{
	for (int pass = 0; pass < 2; pass++)
	for (const char *p = s; p < end; p++) {
		if (*p != '\\' || p + 1 >= end || !str_alpha((unsigned char)p[1]))
			continue;
		const char *q = p + 1;
		while (q < end && str_alpha((unsigned char)*q))
			q++;
		if (q >= end || *q != '{' || (q - p == 8 && !memcmp(p, "\\section", 8)))
			continue;
		cx_str name = {p + 1, (size_t)(q - p - 1)};
		size_t k = 0;
		while (k < nc->n && (nc->name[k].n != name.n || memcmp(nc->name[k].p, name.p, name.n)))
			k++;
		/* names called with a number first, then any call without one */
		if (k == nc->n && (pass || nc->n == 8 || !num_group(q, end)))
			continue;
		if (k == nc->n)
			nc->name[nc->n++] = name;
		if (!pass)
			nc->calls[k]++;
		else
			nc->bad[k] |= !num_group(q, end);
		p = q - 1;
	}
}

/* Is the command at p one of the numbering commands?  Past its call. */
static const char *numcmd_at(const struct numcmds *nc, const char *p, const char *end)
{
	for (size_t k = 0; k < nc->n; k++) {
		size_t l;
		char name[64];
		if (nc->bad[k] || nc->calls[k] < 3 || nc->name[k].n + 1 > sizeof name)
			continue;
		memcpy(name, nc->name[k].p, nc->name[k].n);
		name[nc->name[k].n] = 0;
		if (cmd_is(p, end, name, &l))
			return num_group(p + l, end);
	}
	return NULL;
}

/* A CV's own one-argument commands that only dress their argument
 * (\newcommand{\pubunder}[1]{\underline{#1}}): the argument is their text. */
struct dress {
	char name[8][32];
	unsigned char apart[8]; /* set in the margin: its text stands apart */
	size_t n;
};

static void find_dress(const char *s, const char *end, struct dress *dr)
{
	static const char *const wrap[] = {"\\underline", "\\uline", "\\textbf", "\\emph", "\\textit",
	                                   "\\textsc", "\\textrm", "\\textsf", "\\texttt", "\\textup", "\\textmd",
	                                   "\\normalsize", "\\small", "\\footnotesize", "\\scriptsize", "\\large",
	                                   "\\mbox", "\\bf", "\\it", "\\sc", "\\rm", "\\sf", "\\tt",
	                                   "\\marginnote", "\\marginpar", "#1", NULL};
	for (const char *p = s; p < end && dr->n < 8; p++) {
		size_t l;
		if (!cmd_is(p, end, "newcommand", &l) && !cmd_is(p, end, "renewcommand", &l))
			continue;
		const char *q = p + l;
		if (q < end && *q == '{')
			q++;
		if (q >= end || *q != '\\')
			continue;
		const char *nm = ++q;
		while (q < end && str_alpha((unsigned char)*q))
			q++;
		size_t nl = (size_t)(q - nm);
		if (q < end && *q == '}')
			q++;
		if (end - q < 3 || memcmp(q, "[1]", 3) || !nl || nl >= sizeof dr->name[0])
			continue;
		const char *b = q + 3, *g = skip_group(b, end);
		if (g == b)
			continue;
		int text = 0, arg = 0, apart = 0;
		for (const char *c = b + 1; c < g - 1 && !text;) {
			size_t k = 0, w;
			while (wrap[k] && !(strlen(wrap[k]) <= (size_t)(g - 1 - c) && !memcmp(c, wrap[k], strlen(wrap[k])) &&
			                    (wrap[k][0] == '#' || c + strlen(wrap[k]) >= g - 1 ||
			                     !str_alpha((unsigned char)c[strlen(wrap[k])]))))
				k++;
			if (wrap[k]) {
				w = strlen(wrap[k]);
				arg |= wrap[k][0] == '#';
				apart |= !strncmp(wrap[k], "\\margin", 7);
				c += w;
			} else if (*c == '{' || *c == '}' || *c == ' ')
				c++;
			else
				text = 1;
		}
		if (!text && arg) {
			memcpy(dr->name[dr->n], nm, nl);
			dr->apart[dr->n] = (unsigned char)apart;
			dr->name[dr->n++][nl] = 0;
		}
	}
}

/* A CV's own commands without arguments that stand for a short text
 * (\newcommand{\me}{\textbf{M. Eickhoff}}, \newcommand{\CS}{*}): a call
 * is read as that text.  Only short one-line bodies with no parameter. */
struct texts {
	cx_str name[16], body[16];
	size_t n;
};

/* A definition of a command without parameters at p (\newcommand{\me}{..},
 * \renewcommand\me{..}, \providecommand, \def\me{..}): its name and its
 * body's group in *name and *body, and past it; p when there is none. */
static const char *definition_at(const char *p, const char *end, cx_str *name, cx_str *body)
{
	size_t l;
	if (*p != '\\' || (!cmd_is(p, end, "newcommand", &l) && !cmd_is(p, end, "renewcommand", &l) &&
	                    !cmd_is(p, end, "providecommand", &l) && !cmd_is(p, end, "def", &l)))
		return p;
	const char *q = p + l;
	int brace = q < end && *q == '{';
	q += brace;
	if (q >= end || *q != '\\')
		return p;
	const char *nm = ++q;
	while (q < end && str_alpha((unsigned char)*q))
		q++;
	size_t nl = (size_t)(q - nm);
	if (brace && (q >= end || *q++ != '}'))
		return p;
	if (!nl || q >= end || *q != '{')
		return p; /* "[1]": a parameter */
	const char *g = skip_group(q, end);
	*name = (cx_str){nm, nl};
	*body = (cx_str){q, (size_t)(g - q)};
	return g;
}

static void find_texts(const char *s, const char *end, struct texts *tx)
{
	for (const char *p = s; p < end && tx->n < 16; p++) {
		cx_str nm, b;
		if (definition_at(p, end, &nm, &b) == p)
			continue;
		if (b.n < 3 || b.n > 82 || memchr(b.p, '#', b.n) || memchr(b.p, '\n', b.n))
			continue;
		tx->name[tx->n] = nm;
		tx->body[tx->n++] = (cx_str){b.p + 1, b.n - 2};
	}
}

/* A layout command at p that carries no text (\hspace{..}, \small), or an
 * equal-contribution mark written as one (\dag, \textsuperscript{*}):
 * past it, with the mark put in out; p when it is none of them. */
static const char *layout_command(const char *p, const char *end, struct buf *out)
{
	size_t l;
	int done = 0;
	/* "\textbf{Title} \hfill 2019\\": a date set to the right margin
	 * stands on a line of its own, not at the end of the title */
	if (cmd_is(p, end, "hfill", &l)) {
		const char *q = p + l, *e;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		int digit = 0;
		for (e = q; e < end && e - q <= 40 && *e != '\n'; e++) {
			if (*e == '\\' && e + 1 < end && (e[1] == '\\' || !strncmp(e + 1, "newline", 7) ||
			                                    !strncmp(e + 1, "item", 4) || !strncmp(e + 1, "end{", 4)))
				break;
			digit |= str_digit((unsigned char)*e);
		}
		if (digit && e - q <= 40 && e > q)
			buf_putc(out, '\n');
		return q;
	}
	/* Layout commands with arguments that carry no text. */
	static const char *const drop_arg[] = {"hspace", "vspace", "label", "setlength",
	                                       "addtolength", "vskip", "hskip", "cite",
	                                       "nocite", "includegraphics", "color", "cline",
	                                       "cmidrule", "arraystretch", "printbibliography",
	                                       "printbibheading", "bibliography", "bibliographystyle",
	                                       "addbibresource", "nobibliography", "fullcite",
	                                       "footfullcite", "bibentry"};
	for (size_t i = 0; i < sizeof drop_arg / sizeof *drop_arg && !done; i++)
		if (cmd_is(p, end, drop_arg[i], &l)) {
			const char *q = p + l;
			if (q < end && *q == '*')
				q++;
			q = skip_group(q, end);
			if (!strcmp(drop_arg[i], "setlength") || !strcmp(drop_arg[i], "addtolength"))
				q = skip_group(q, end);
			p = q;
			done = 1;
		}
	/* Declarations and wrappers with no meaning here. */
	static const char *const drop[] = {"noindent", "small", "footnotesize", "phantomsection",
	                                   "scriptsize", "large", "Large", "normalsize",
	                                   "centering", "raggedright", "bigskip", "medskip",
	                                   "smallskip", "underline", "uline", "mbox",
	                                   "textnormal", "textrm", "textsf", "maketitle",
	                                   "clearpage", "newpage", "pagebreak", "vfill",
	                                   "hline", "toprule", "midrule", "bottomrule", "endhead",
	                                   "endfirsthead", "endfoot", "endlastfoot"};
	for (size_t i = 0; i < sizeof drop / sizeof *drop && !done; i++)
		if (cmd_is(p, end, drop[i], &l)) {
			p += l;
			done = 1;
		}
	/* Equal-contribution marks written as commands. */
	static const char *const daggers[] = {"dag", "dagger", "textdagger"};
	for (size_t i = 0; i < 3 && !done; i++)
		if (cmd_is(p, end, daggers[i], &l)) {
			buf_put(out, "\xE2\x80\xA0", 3);
			p += l;
			if (p < end && *p == '{' && p + 1 < end && p[1] == '}')
				p += 2;
			done = 1;
		}
	if (!done && cmd_is(p, end, "textsuperscript", &l)) {
		const char *g = skip_group(p + l, end);
		const char *q = p + l;
		while (q < g && *q != '{')
			q++;
		if (g - q == 3 && (q[1] == '*' || q[1] == '#')) {
			buf_putc(out, q[1]);
			p = g;
			done = 1;
		}
	}
	return p;
}

/* A superscript after a name in math, "Hart$^*$", "Lee$^{\\dagger,1}$":
 * the marks in it (equal contribution, '*' '#' and daggers) put in out,
 * affiliation numbers between names dropped; past the closing '$', or p when the math
 * at p is no such superscript (a formula of a title stays as it is). */
static const char *math_mark(const char *p, const char *end, struct buf *out)
{
	if (p + 2 >= end || p[1] != '^' || !out->n || !(str_alpha((unsigned char)out->p[out->n - 1]) ||
	                                                  (unsigned char)out->p[out->n - 1] >= 0x80 ||
	                                                  out->p[out->n - 1] == '.'))
		return p;
	const char *q = p + 2, *close = q;
	while (close < end && *close != '$' && *close != '\n')
		close++;
	if (close >= end || *close != '$')
		return p;
	char marks[16];
	size_t nm = 0;
	while (q < close) {
		size_t l;
		if (*q == '{' || *q == '}' || *q == ',' || *q == ' ' || str_digit((unsigned char)*q))
			q++;
		else if (*q == '*' || *q == '#') {
			if (nm < sizeof marks)
				marks[nm++] = *q;
			q++;
		} else if (*q == '\\' && q + 1 < close && (q[1] == '#' || q[1] == '*')) {
			if (nm < sizeof marks)
				marks[nm++] = q[1];
			q += 2;
		} else if (cmd_is(q, close, "dagger", &l) || cmd_is(q, close, "dag", &l)) {
			if (nm < sizeof marks)
				marks[nm++] = 'd';
			q += l;
		} else if (cmd_is(q, close, "ddagger", &l) || cmd_is(q, close, "ddag", &l) ||
		           cmd_is(q, close, "S", &l))
			q += l; /* another affiliation */
		else if (cmd_is(q, close, "star", &l) || cmd_is(q, close, "ast", &l)) {
			if (nm < sizeof marks)
				marks[nm++] = '*';
			q += l;
		} else
			return p;
	}
	/* numbers alone are an affiliation only between names: "Lee$^1$, ..." */
	const char *a = close + 1;
	if (!nm && !(a < end && (*a == ',' || *a == ';' || (end - a > 5 && !memcmp(a, " and ", 5)) ||
	                         (end - a > 3 && !memcmp(a, " \\&", 3)))))
		return p;
	for (size_t i = 0; i < nm; i++)
		if (marks[i] == 'd')
			buf_put(out, "\xE2\x80\xA0", 3);
		else
			buf_putc(out, marks[i]);
	return close + 1;
}

/* The text of a name argument ("{\Large{John Edwards, Ph.D.} \vspace*{.1in}}"
 * gives "John Edwards"): a command that dresses its argument leaves it,
 * layout commands go with theirs, other braces go; the name ends at a
 * comma, "|", "\\", "\and" or "\thanks"; then it is decoded. */
static cx_str name_text(struct arena *a, const char *p, const char *e)
{
	static const char *const drop[] = {"vspace", "hspace", "url", "href", "email", "footnote", "thanks", NULL};
	struct buf b = {0};
	while (p < e && *p != ',' && *p != '|') {
		if (*p == '\\' && p + 1 < e && p[1] == '\\')
			break;
		if (*p == '\\' && p + 1 < e && str_alpha((unsigned char)p[1])) {
			const char *q = p + 1;
			while (q < e && str_alpha((unsigned char)*q))
				q++;
			size_t l = (size_t)(q - p - 1), k = 0;
			if (l == 3 && !memcmp(p + 1, "and", 3))
				break;
			while (drop[k] && !(strlen(drop[k]) == l && !memcmp(p + 1, drop[k], l)))
				k++;
			if (drop[k] && k == 6)
				break; /* \thanks: the name is over */
			if (l <= 2) { /* \c{c}, \ss, \o: the decoder's */
				const char *g = q < e && *q == '{' ? skip_group(q, e) : q;
				buf_put(&b, p, (size_t)(g - p));
				p = g;
				continue;
			}
			if (q < e && *q == '*')
				q++;
			while (drop[k] && q < e && (*q == '{' || *q == '['))
				q = skip_group(q, e);
			p = q;
			continue;
		}
		if (*p == '\\' && p + 1 < e) { /* \'e, \"{o}: an accent, the decoder's */
			const char *g = p + 2 < e && p[2] == '{' ? skip_group(p + 2, e) : p + 3 <= e ? p + 3 : e;
			buf_put(&b, p, (size_t)(g - p));
			p = g;
			continue;
		}
		if (*p != '{' && *p != '}')
			buf_putc(&b, *p == '~' || *p == '\n' || *p == '\t' ? ' ' : *p);
		p++;
	}
	cx_str r = b.n ? latex_decode(a, b.p, b.n) : (cx_str){"", 0};
	buf_free(&b);
	while (r.n && r.p[r.n - 1] == ' ')
		r.n--;
	while (r.n && r.p[0] == ' ')
		r.p++, r.n--;
	return r;
}

/* The name a CV keeps in a command of its own for the items to use:
 * \newcommand{\myname}{Given Family}, \def\fullname{...}; or "". */
static cx_str own_name_macro(struct arena *a, const char *s, const char *end)
{
	static const char *const names[] = {"myname", "fullname", "authorname", "yourname", "cvname", "me", NULL};
	for (const char *p = s; p < end && (p = memchr(p, '\\', (size_t)(end - p))) != NULL; p++) {
		cx_str nm, b;
		if (definition_at(p, end, &nm, &b) == p)
			continue;
		size_t k = 0;
		while (names[k] && (strlen(names[k]) != nm.n || memcmp(names[k], nm.p, nm.n)))
			k++;
		cx_str t = names[k] ? name_text(a, b.p + 1, b.p + b.n - 1) : (cx_str){"", 0};
		if (t.n && t.n <= 60)
			return t;
	}
	return (cx_str){"", 0};
}

cx_str cvd_tex_owner(struct arena *a, const char *s, size_t n)
{
	const char *end = s + n;
	cx_str given = {"", 0}, family = {"", 0};
	for (const char *p = s; p < end && (p = memchr(p, '\\', (size_t)(end - p))) != NULL; p++) {
		size_t l;
		/* "%" starts a comment: a line commented out names no one */
		const char *ls = p;
		while (ls > s && ls[-1] != '\n')
			ls--;
		if (memchr(ls, '%', (size_t)(p - ls)))
			continue;
		int name = cmd_is(p, end, "name", &l), author = !name && cmd_is(p, end, "author", &l);
		int first = !name && !author && cmd_is(p, end, "firstname", &l);
		int fam = !name && !author && !first && (cmd_is(p, end, "familyname", &l) || cmd_is(p, end, "lastname", &l));
		if (!name && !author && !first && !fam)
			continue;
		const char *q = p + l;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if (q >= end || *q != '{')
			continue;
		const char *g = skip_group(q, end);
		cx_str t = name_text(a, q + 1, g - 1);
		if (name) { /* \name{Given}{Family} (awesome-cv, moderncv) or \name{Given Family} (res) */
			const char *h = g;
			while (h < end && (*h == ' ' || *h == '\t'))
				h++;
			if (h < end && *h == '{') {
				const char *hg = skip_group(h, end);
				given = t, family = name_text(a, h + 1, hg - 1);
			} else
				given = t, family = (cx_str){"", 0};
			break;
		}
		if (author) {
			given = t, family = (cx_str){"", 0};
			break;
		}
		if (first)
			given = t;
		else
			family = t;
		if (given.n && family.n)
			break;
	}
	if (!given.n)
		given = own_name_macro(a, s, end);
	if (!given.n || (!family.n && !memchr(given.p, ' ', given.n)))
		return (cx_str){"", 0};
	if (!family.n)
		return given;
	size_t k = given.n + 1 + family.n;
	char *o = arena_alloc(a, k + 1);
	memcpy(o, given.p, given.n);
	o[given.n] = ' ';
	memcpy(o + given.n + 1, family.p, family.n);
	o[k] = 0;
	return (cx_str){o, k};
}

/* A LaTeX CV to lines (pre: its preamble, where its own commands are
 * defined): \section{X} becomes a "# X" heading, \item a "- "
 * bullet, \\ and blank lines break lines, environments and layout commands
 * go; \href{u}{t} becomes "t \url{u}".  Source line breaks inside a
 * paragraph are spaces, as LaTeX reads them.  Each resulting line is
 * decoded later with latex_decode. */
void cvd_latex_to_text(const char *pre, size_t npre, const char *s, size_t n, struct buf *out, struct linemap *lm)
{
	struct texts tx = {.n = 0};
	find_texts(pre, pre + npre, &tx);
	find_texts(s, s + n, &tx);
	tex_lines(pre, npre, s, n, out, lm, &tx, 0);
}

static void tex_lines(const char *pre, size_t npre, const char *s, size_t n, struct buf *out, struct linemap *lm,
                       const struct texts *tx, int depth)
{
	const char *p = s, *end = s + n;
	size_t l;
	struct numcmds nc = {.n = 0};
	find_numcmds(s, end, &nc);
	struct dress dr = {.n = 0};
	find_dress(pre, pre + npre, &dr);
	int table = 0; /* inside tabular environments: each row is an item */
	struct row row = {0};
	while (p < end) {
		cvd_lm_track(lm, out, p);
		char c = *p;
		if (c == '%') {
			while (p < end && *p != '\n')
				p++;
			if (p < end)
				p++; /* a comment eats its line break */
			continue;
		}
		if (c == '\n') {
			const char *q = p + 1;
			while (q < end && (*q == ' ' || *q == '\t'))
				q++;
			if (q < end && *q == '\n') {
				buf_put(out, "\n\n", 2);
				p = q + 1;
			} else {
				buf_putc(out, ' ');
				p++;
			}
			continue;
		}
		if (c == '&') { /* a table's cells: "1996 & citation" is no author list */
			if (table && !row.cells && row_label(out, &row))
				row.cells++;
			else
				buf_put(out, " \xE2\x80\x94 ", 5);
			row.cells++;
			p++;
			continue;
		}
		if (c == '$') {
			const char *past = math_mark(p, end, out);
			if (past != p) {
				p = past;
				continue;
			}
		}
		/* a tie ("J.~Okafor") is a space; not in a path ("/~okafor/") */
		if (c == '~' && !(out->n && out->p[out->n - 1] == '/')) {
			buf_putc(out, ' ');
			p++;
			continue;
		}
		if (c != '\\') {
			buf_putc(out, c);
			p++;
			continue;
		}
		if ((p + 1 < end && p[1] == '\\') || cmd_is(p, end, "tabularnewline", &l)) {
			if (table) { /* "2019 & citation \\": a row, an item */
				row_end(out, &row);
				open_item(out);
				row_begin(out, &row);
			} else
				buf_putc(out, '\n');
			p += p[1] == '\\' ? 2 : l;
			p = skip_group(p, end); /* \\[2pt] */
			continue;
		}
		static const char *const secs[] = {"section", "subsection", "subsubsection", "cvsection",
		                                   "cvsubsection", "chapter", "paragraph", "part"};
		int done = 0;
		for (size_t i = 0; i < sizeof secs / sizeof *secs && !done; i++) {
			if (!cmd_is(p, end, secs[i], &l))
				continue;
			const char *q = p + l;
			if (q < end && *q == '*')
				q++;
			const char *g = skip_group(q, end);
			if (g > q && *q == '[') /* optional short title */
				q = g, g = skip_group(q, end);
			buf_put(out, "\n", 1);
			int level = i == 0 || i == 3 || i == 5 || i == 7 ? 1 : i == 1 || i == 4 ? 2 : 3;
			for (int k = 0; k < level; k++)
				buf_putc(out, '#');
			buf_putc(out, ' ');
			if (g > q + 1)
				buf_put(out, q + 1, (size_t)(g - q - 2));
			buf_putc(out, '\n');
			p = g;
			done = 1;
		}
		if (done)
			continue;
		if (cmd_is(p, end, "item", &l)) {
			open_item(out);
			p += l;
			const char *q = p;
			while (q < end && (*q == ' ' || *q == '\t'))
				q++;
			if (q < end && *q == '[')
				p = skip_group(p, end); /* \item[label]; "\item {text}" keeps its text */
			continue;
		}
		if ((done = tex_entry(&p, end, out, pre, npre, tx, depth)))
			continue;
		size_t di = 0;
		while (di < dr.n && !cmd_is(p, end, dr.name[di], &l))
			di++;
		if (di < dr.n && dr.apart[di]) {
			/* a note in the margin (\years{2017} for \marginnote{#1}):
			 * its text, apart from what follows on the line */
			const char *q = p + l;
			while (q < end && (*q == ' ' || *q == '\t'))
				q++;
			const char *g = q < end && *q == '{' ? skip_group(q, end) : q;
			if (g - q >= 2)
				tex_lines(pre, npre, q + 1, (size_t)(g - q - 2), out, NULL, tx, depth + 1);
			buf_putc(out, ' ');
			p = g;
			continue;
		}
		if (di < dr.n) { /* its argument stays, a group */
			p += l;
			continue;
		}
		const char *num = numcmd_at(&nc, p, end);
		if (num) { /* "\cnum{12} Authors. Title": item [12] */
			const char *d = memchr(p, '{', (size_t)(num - p));
			buf_put(out, "\n[", 2);
			buf_put(out, d + 1, (size_t)(num - d - 2));
			buf_put(out, "] ", 2);
			p = num;
			continue;
		}
		if (cmd_is(p, end, "bibitem", &l)) { /* \bibitem[label]{key}: an item */
			open_item(out);
			p += l;
			const char *q = p;
			while (q < end && (*q == ' ' || *q == '\t'))
				q++;
			if (q < end && *q == '[')
				p = skip_group(p, end);
			p = skip_group(p, end);
			continue;
		}
		if (cmd_is(p, end, "begin", &l) || cmd_is(p, end, "end", &l)) {
			int begin = p[1] == 'b';
			const char *nm = p + l;
			p = skip_group(p + l, end);
			int tab = is_table_env(nm, p);
			if (tab && !begin && table) {
				row_end(out, &row);
				table--;
			}
			drop_empty_item(out);
			/* an environment's arguments: {enumerate}[label=...], a
			 * table's columns {p{0.1\textwidth}l}, {CSLReferences}{1}{0};
			 * an argument with a space in it is text, and so is a
			 * capitalised word outside tables (a section's title:
			 * \begin{rSection}{Publications}) */
			for (;;) {
				const char *g = p < end && (*p == '[' || *p == '{') ? skip_group(p, end) : p;
				if (g == p || (*p == '{' && (memchr(p, ' ', (size_t)(g - p)) || (!tab && env_title(p + 1, g - 1)))))
					break;
				p = g;
			}
			buf_putc(out, '\n');
			if (tab && begin) {
				table++;
				open_item(out);
				row_begin(out, &row);
			}
			continue;
		}
		if (cmd_is(p, end, "multicolumn", &l) || cmd_is(p, end, "multirow", &l)) {
			/* \multicolumn{2}{l}{text}: its text stays, a group */
			const char *q = skip_group(skip_group(p + l, end), end);
			while (q < end && (*q == ' ' || *q == '\t'))
				q++;
			p = q;
			continue;
		}
		if (cmd_is(p, end, "par", &l) || cmd_is(p, end, "newline", &l) ||
		    cmd_is(p, end, "linebreak", &l)) {
			buf_putc(out, '\n');
			p += l;
			continue;
		}
		const char *after = cmd_is(p, end, "href", &l) ? href(p + l, end, out) : NULL;
		if (after) {
			p = after;
			continue;
		}
		if (cmd_is(p, end, "doi", &l)) {
			/* the doi package's \doi{10.1000/x}: the DOI, as text says it */
			const char *q = p + l;
			while (q < end && (*q == ' ' || *q == '\t'))
				q++;
			const char *g = q < end && *q == '{' ? skip_group(q, end) : q;
			if (g - q > 2) {
				buf_put(out, "doi:", 4);
				for (const char *d = q + 1; d < g - 1; d++)
					if (*d != '\n' && *d != ' ' && *d != '\\')
						buf_putc(out, *d); /* "10.1177\\/2378..." broken by hand */
				p = g;
				continue;
			}
		}
		const char *past = layout_command(p, end, out);
		if (past != p) {
			p = past;
			continue;
		}
		size_t t = 0;
		while (t < tx->n && !(tx->name[t].n < 64 && (size_t)(end - p) > tx->name[t].n &&
		                      !memcmp(p + 1, tx->name[t].p, tx->name[t].n) &&
		                      (p + 1 + tx->name[t].n == end || !str_alpha((unsigned char)p[1 + tx->name[t].n]))))
			t++;
		if (t < tx->n && depth < 4) {
			tex_lines(pre, npre, tx->body[t].p, tx->body[t].n, out, NULL, tx, depth + 1);
			p += 1 + tx->name[t].n;
			if (end - p >= 2 && p[0] == '{' && p[1] == '}')
				p += 2; /* "\me{} and" */
			continue;
		}
		buf_putc(out, *p++);
		if (p < end) /* keep the escaped character with its backslash */
			buf_putc(out, *p++);
	}
}
