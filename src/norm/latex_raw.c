/* norm/latex_raw.c - the plain text of a LaTeX command citex does not know.
 *
 * The decoder keeps such a command as it is, arguments and all, inside a
 * CX_M_RAW span, and BibTeX output writes it back unchanged.  Formats that
 * cannot hold LaTeX (CSL-JSON, RIS) write its text instead, by one
 * documented rule (docs/formats.md, "LaTeX and Unicode"): the command's name and
 * its [optional] arguments go, its {arguments} stay, decoded, with a space
 * between two (\sortmediacreator{Philip K.}{Dick}); a command with no
 * argument gives its name without the backslash (most are logos: \TUGboat,
 * \MMIX).  So does a group it starts, which the decoder keeps whole
 * ({\KOMAScript}), the rest of the group after it.  A few biblatex
 * commands people put in .bib files have a rendering of their own:
 * \mkbibquote{x} and \enquote{x} are quoted, \hyphen is a hyphen,
 * \bibstring{key} its English string, and \arabic{counter} and the like,
 * which print a number only LaTeX knows, give nothing. */
#include <string.h>

#include "core/str.h"
#include "core/strbuf.h"
#include "norm/norm.h"

static const struct {
	const char *name, *before, *after;
	int args; /* 0: the arguments are dropped */
} known[] = {
	{"mkbibquote", "\xE2\x80\x9C", "\xE2\x80\x9D", 1},
	{"enquote", "\xE2\x80\x9C", "\xE2\x80\x9D", 1},
	{"mkbibemph", "", "", 1},
	{"mkbibitalic", "", "", 1},
	{"mkbibbold", "", "", 1},
	{"mkbibacro", "", "", 1},
	{"acro", "", "", 1},
	{"hyphen", "-", "", 0},
	{"hyphenate", "-", "", 0},
	{"arabic", "", "", 0},
	{"Roman", "", "", 0},
	{"roman", "", "", 0},
	{"nopp", "", "", 0},
	{"ppno", "", "", 0},
	{"pno", "", "", 0},
	{"noopsort", "", "", 0},
};

/* The English strings of the \bibstring keys that stand in text. */
static const struct {
	const char *key, *text;
} bibstrings[] = {
	{"newseries", "new series"}, {"oldseries", "old series"}, {"andothers", "et al."},
	{"andmore", "et al."}, {"and", "and"}, {"editor", "editor"}, {"editors", "editors"},
	{"translator", "translator"}, {"volume", "volume"}, {"number", "number"},
	{"edition", "edition"}, {"page", "page"}, {"pages", "pages"}, {"chapter", "chapter"},
	{"in", "in"}, {"inpress", "in press"}, {"nodate", "n.d."}, {"reprint", "reprint"},
};

/* The end of a group that opens at s[i] ('{' or '['), or NOPOS_RAW. */
#define NOPOS_RAW ((size_t)-1)
static size_t group_end(cx_str s, size_t i)
{
	char open = s.p[i], close = open == '{' ? '}' : ']';
	int depth = 0;
	for (; i < s.n; i++) {
		if (s.p[i] == '\\' && i + 1 < s.n) {
			i++;
			continue;
		}
		if (s.p[i] == open)
			depth++;
		else if (s.p[i] == close && --depth == 0)
			return i;
	}
	return NOPOS_RAW;
}

/* The text of the command raw starts with; *used is where it ends. */
static cx_str command_text(struct arena *a, cx_str raw, cx_str *name, int *is_known,
                           size_t *used)
{
	size_t i = 1, e;
	while (i < raw.n && str_alpha((unsigned char)raw.p[i]))
		i++;
	if (i == 1)
		i = 2; /* a control symbol */
	*name = (cx_str){raw.p + 1, i - 1};
	size_t k = 0, nk = sizeof known / sizeof *known;
	while (k < nk && !str_ieqs(*name, (cx_str){known[k].name, strlen(known[k].name)}))
		k++;
	/* \enquote* and friends: a star changes nothing in plain text. */
	if (i < raw.n && raw.p[i] == '*')
		i++;
	struct buf b = {0};
	int nargs = 0;
	if (k < nk)
		buf_puts(&b, known[k].before);
	*used = i;
	while (i < raw.n) {
		while (i < raw.n && (raw.p[i] == ' ' || raw.p[i] == '\t' || raw.p[i] == '\n'))
			i++;
		if (i >= raw.n || (raw.p[i] != '{' && raw.p[i] != '[') ||
		    (e = group_end(raw, i)) == NOPOS_RAW)
			break;
		cx_str arg = {raw.p + i + 1, e - i - 1};
		if (raw.p[i] == '{' && str_ieq(*name, "bibstring")) {
			for (size_t j = 0; j < sizeof bibstrings / sizeof *bibstrings; j++)
				if (str_ieq(str_trim(arg), bibstrings[j].key)) {
					buf_puts(&b, bibstrings[j].text);
					*is_known = 1;
				}
		} else if (raw.p[i] == '{' && (k == nk || known[k].args)) {
			cx_str t = latex_text(a, arg.p, arg.n);
			if (nargs++ && t.n && b.n && b.p[b.n - 1] != ' ' && t.p[0] != ' ')
				buf_putc(&b, ' ');
			buf_put(&b, t.p, t.n);
		}
		*used = i = e + 1;
	}
	if (k < nk) {
		buf_puts(&b, known[k].after);
		*is_known = 1;
	} else if (!b.n && str_alpha((unsigned char)name->p[0])) {
		/* No argument: the name, most often a logo (\TUGboat). */
		buf_put(&b, name->p, name->n);
	}
	cx_str out = arena_str(a, b.p ? b.p : "", b.n);
	buf_free(&b);
	return out;
}

cx_str latex_raw_text(struct arena *a, cx_str raw, cx_str *name, int *is_known)
{
	size_t used;
	*is_known = 0;
	*name = (cx_str){"", 0};
	/* A BibTeX special character kept whole, braces and all
	 * ({\noopsort{1973b}}, {\KOMAScript}, {\macro{special} issues}): the
	 * command's text, then that of the rest of the group. */
	if (raw.n >= 3 && raw.p[0] == '{' && raw.p[1] == '\\' && raw.p[raw.n - 1] == '}') {
		cx_str in = {raw.p + 1, raw.n - 2};
		cx_str t = command_text(a, in, name, is_known, &used);
		cx_str rest = latex_text(a, in.p + used, in.n - used);
		if (!rest.n)
			return t;
		int space = t.n && (in.p[used] == ' ' || in.p[used] == '\t' || in.p[used] == '\n');
		return arena_cat(a, t, space ? " " : "", rest);
	}
	if (raw.n < 2 || raw.p[0] != '\\')
		return raw;
	return command_text(a, raw, name, is_known, &used);
}

/* ---- macros a @preamble defines ------------------------------------------ */

/* Blanks and TeX comments from s.p[i]: where the next token starts. */
static size_t skip_blanks(cx_str s, size_t i)
{
	while (i < s.n) {
		if (s.p[i] == ' ' || s.p[i] == '\t' || s.p[i] == '\n' || s.p[i] == '\r')
			i++;
		else if (s.p[i] == '%')
			while (i < s.n && s.p[i] != '\n')
				i++;
		else
			break;
	}
	return i;
}

/* The control word at s.p[i] ("\\name"), its name in *name; the index
 * after it, or 0. */
static size_t control_word(cx_str s, size_t i, cx_str *name)
{
	if (i + 1 >= s.n || s.p[i] != '\\')
		return 0;
	size_t j = i + 1;
	while (j < s.n && str_alpha((unsigned char)s.p[j]))
		j++;
	if (j == i + 1)
		j++; /* a control symbol */
	*name = (cx_str){s.p + i + 1, j - i - 1};
	return j;
}

static void defs_add(struct arena *a, struct latex_defs *d, cx_str name, int nargs, cx_str body)
{
	for (size_t k = 0; k < d->n; k++)
		if (str_same(d->v[k].name, name)) { /* \renewcommand: the last one holds */
			d->v[k].nargs = nargs;
			d->v[k].body = body;
			return;
		}
	if (d->n == d->cap) {
		size_t cap = d->cap ? 2 * d->cap : 8;
		struct latex_def *v = arena_alloc(a, cap * sizeof *v);
		if (d->n)
			memcpy(v, d->v, d->n * sizeof *v);
		d->v = v;
		d->cap = cap;
	}
	d->v[d->n++] = (struct latex_def){name, body, nargs};
}

/* One definition after \newcommand (and its kin) or \def at s.p[i]; the
 * index after it. */
static size_t read_def(struct arena *a, struct latex_defs *d, cx_str s, size_t i, int is_def)
{
	cx_str name;
	int nargs = 0;
	if (!is_def && i < s.n && s.p[i] == '*')
		i++;
	i = skip_blanks(s, i);
	if (!is_def && i < s.n && s.p[i] == '{') { /* \newcommand{\X} */
		size_t e = group_end(s, i), j;
		if (e == NOPOS_RAW || !(j = control_word(s, skip_blanks(s, i + 1), &name)) ||
		    skip_blanks(s, j) != e)
			return i + 1;
		i = e + 1;
	} else {
		size_t j = control_word(s, i, &name);
		if (!j)
			return i;
		i = j;
	}
	i = skip_blanks(s, i);
	if (is_def) { /* \def\X#1#2{...} */
		while (i + 1 < s.n && s.p[i] == '#' && s.p[i + 1] == '1' + nargs) {
			nargs++;
			i += 2;
		}
	} else if (i < s.n && s.p[i] == '[') { /* [n]; an optional argument's default is not simple */
		size_t e = group_end(s, i);
		if (e == NOPOS_RAW || e != i + 2 || s.p[i + 1] < '0' || s.p[i + 1] > '9')
			return i;
		nargs = s.p[i + 1] - '0';
		i = skip_blanks(s, e + 1);
		if (i < s.n && s.p[i] == '[')
			return i;
	}
	if (i >= s.n || s.p[i] != '{')
		return i;
	size_t e = group_end(s, i);
	if (e == NOPOS_RAW)
		return i;
	defs_add(a, d, name, nargs, (cx_str){s.p + i + 1, e - i - 1});
	return e + 1;
}

void latex_defs_read(struct arena *a, struct latex_defs *d, cx_str preamble)
{
	static const char *const cmds[] = {"newcommand", "renewcommand", "providecommand",
	                                   "DeclareRobustCommand", "def", "gdef"};
	cx_str s = preamble;
	for (size_t i = 0; i < s.n;) {
		cx_str name;
		size_t j = s.p[i] == '\\' ? control_word(s, i, &name) : 0;
		if (!j) {
			i++;
			continue;
		}
		size_t k = 0, nk = sizeof cmds / sizeof *cmds;
		while (k < nk && !str_eq(name, cmds[k]))
			k++;
		i = k < nk ? read_def(a, d, s, j, k >= 4) : j;
	}
}

const struct latex_def *latex_defs_find(const struct latex_defs *d, cx_str name)
{
	for (size_t k = 0; d && k < d->n; k++)
		if (str_same(d->v[k].name, name))
			return &d->v[k];
	return NULL;
}

int latex_defs_apply(struct arena *a, const struct latex_defs *d, cx_str raw, cx_str *src)
{
	/* {\X rest} (a BibTeX special character kept whole) or \X{arg} */
	cx_str in = raw, rest = {"", 0};
	int group = raw.n >= 3 && raw.p[0] == '{' && raw.p[1] == '\\' && raw.p[raw.n - 1] == '}';
	if (group)
		in = (cx_str){raw.p + 1, raw.n - 2};
	cx_str name;
	size_t i = control_word(in, 0, &name);
	const struct latex_def *def = i ? latex_defs_find(d, name) : NULL;
	if (!def)
		return 0;
	cx_str arg[9];
	for (int k = 0; k < def->nargs; k++) {
		i = skip_blanks(in, i);
		if (i >= in.n)
			return 0;
		size_t e = in.p[i] == '{' ? group_end(in, i) : i;
		if (e == NOPOS_RAW)
			return 0;
		arg[k] = in.p[i] == '{' ? (cx_str){in.p + i + 1, e - i - 1} : (cx_str){in.p + i, 1};
		i = e + 1;
	}
	rest = (cx_str){in.p + i, in.n - i};
	struct buf b = {0};
	buf_putc(&b, '{'); /* the body is a group, as TeX reads a macro's text in place */
	for (size_t j = 0; j < def->body.n; j++) {
		char c = def->body.p[j];
		if (c == '#' && j + 1 < def->body.n && def->body.p[j + 1] >= '1' &&
		    def->body.p[j + 1] <= '0' + def->nargs) {
			cx_str x = arg[def->body.p[++j] - '1'];
			buf_put(&b, x.p, x.n);
		} else {
			buf_putc(&b, c);
		}
	}
	buf_putc(&b, '}');
	buf_put(&b, rest.p, rest.n);
	*src = arena_str(a, b.p, b.n);
	buf_free(&b);
	return 1;
}
