/* norm/latex_decode.c - LaTeX to Unicode for BibTeX values (and, in
 * latex_encode.c, back).
 *
 * latex_decode turns the body of a BibTeX value into UTF-8 NFC carrying
 * citex's inline markup bytes (enum cx_mark); latex_encode writes such text
 * back as a BibTeX value body, either in UTF-8 or, with ascii, in pure
 * ASCII LaTeX escapes; text_plain drops the markup.  decode(encode(x)) == x
 * for every decoded x, so BibTeX output is a fixed point of citex itself.
 * The command tables live in latex_map.inc, generated from Unicode
 * character names by tools/gen_latex_map.py.
 *
 * Decoding is one left-to-right pass with an explicit stack of frames (a
 * brace group, a command argument, or an argument given without braces),
 * so 10k-deep braces cost heap, never C stack, and runs of plain nested
 * groups share one frame.  Every look-ahead is bounded or done once, so the
 * pass is linear.  Accents are emitted as base letter + combining mark and
 * composed by utf8proc at the end; a mark waits until the first letter of
 * its argument has been written ("armed"), and is written just before the
 * next letter or when its argument closes, which puts it right after the
 * letter and its inner accents: \'{\^e} gives e U+0302 U+0301 = U+1EBF.
 *
 * What decoding does, in short:
 *  - accents \' \` \^ \" \~ \= \. \u \v \H \c \d \b \k \r \t in every
 *    spelling ({\'e} \'{e} \'e \' e); \i and \j under an accent are i, j;
 *    an accent over nothing (\'{}) is its spacing form (U+00B4), except
 *    \^{} and \~{}, which are the ASCII ^ and ~;
 *  - special letters \ss \o \ae \oe \aa \l \dh \th \ng \dj \ij (and upper
 *    case), \i = U+0131, \j = U+0237;
 *  - -- en dash, --- em dash, ~ U+00A0, `` U+201C, '' U+201D, ` U+2018,
 *    ' stays an apostrophe, \, U+2009, "\ " and \\ a space, \- \/ \@
 *    nothing; text symbols (\textendash, \S, \pounds, ...);
 *  - {Word} is case protection (CX_M_NOCASE_*), one span however deeply
 *    nested; not so a group that only wraps an accent or special letter
 *    ({\'e}, {\ss}), nor a group at brace depth 0 that starts with a
 *    command (a BibTeX "special character"); if that command is unknown
 *    the whole group is kept verbatim ({\noopsort{a}} keeps sorting);
 *    BibTeX never changes the case of a command name, so the logos \TeX
 *    \LaTeX \LaTeXe \BibTeX are protected wherever they stand ({\LaTeX}),
 *    and it protects a braced argument at brace depth 0, so that of a
 *    plain command (\mbox{NASA}, \texttt{ESA}) is protected too;
 *  - \emph \textit \textsl {\em} {\it} {\sl} italic, \textbf {\bf} bold,
 *    \textsc {\sc} small caps, \textsuperscript, \textsubscript; \url{x}
 *    verbatim; \href{u}{x} is x; \textrm \textsf \texttt \textnormal
 *    \textup \textmd \mbox \hbox \text keep just their content;
 *  - an unknown command is kept verbatim with its {} and [] arguments
 *    inside CX_M_RAW_*; nothing is ever dropped silently;
 *  - white space runs become one space, the ends are trimmed, control
 *    bytes are white space, invalid UTF-8 becomes U+FFFD.
 *
 * Math: $...$, $$...$$, \(...\) and \[...\] become CX_M_MATH_ON, the raw
 * body, CX_M_MATH_OFF, unless the body (braces ignored) is exactly one of
 * these symbols, which become the Unicode character with no math span:
 *   Greek \alpha..\omega (no omicron) and \Gamma \Delta \Theta \Lambda \Xi
 *   \Pi \Sigma \Upsilon \Phi \Psi \Omega; \varepsilon and \epsilon both
 *   give U+03B5, \varphi and \phi both U+03C6, \vartheta U+03D1,
 *   \varsigma U+03C2, \varrho U+03F1, \varpi U+03D6;
 *   \pm \mp \times \div \cdot (U+00B7) \le \leq \ge \geq \neq \ne \infty
 *   \rightarrow \to \leftarrow \gets \leftrightarrow \Rightarrow
 *   \Leftarrow \Leftrightarrow \uparrow \downarrow \mapsto \approx \sim
 *   \simeq \cong \equiv \propto \partial \nabla \sum \prod \int \oint \in
 *   \notin \ni \subset \subseteq \supset \supseteq \cup \cap \emptyset
 *   \varnothing \forall \exists \neg \lnot \wedge \land \vee \lor \ll \gg
 *   \circ \bullet \star \ast \dagger \ddagger \ell \hbar \Re \Im \aleph \wp
 *   \angle \perp \parallel \mid \ldots \dots \cdots \prime \surd;
 *   \% \$ \# \& \_ \{ \}; and ^\circ (also ^{\circ}, {}^\circ) as U+00B0.
 * Anything else, including a single letter or digit ($x$, $2$), stays math.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <utf8proc.h>

#include "core/bytes.h"
#include "core/strbuf.h"
#include "core/utf8.h"
#include "norm/latex_map.h"
#include "norm/norm.h"

/* ==== decoding =========================================================== */

enum { F_TOP, F_GROUP, F_ARG, F_AUTO };

/* How to take back an ON byte when its span turns out empty ({} vanishes):
 * the output length before it, right after it, and whether writing it
 * flushed a pending space. */
struct undo {
	size_t pos, after;
	unsigned char space;
};

#define MAX_DECL 4

struct frame {
	unsigned char kind;       /* F_* */
	unsigned char off;        /* the OFF byte written at close, or 0 */
	unsigned char nocase;     /* this frame opened the NOCASE span */
	unsigned char ndecl;
	unsigned char decl[MAX_DECL]; /* ON bytes of {\em ...} declarations */
	unsigned char in_acc;     /* its accent mark is not written yet */
	int32_t mark;             /* accent: the combining mark */
	const char *spacing;      /* accent: what it prints over nothing */
	size_t reps;              /* plain groups merged into this frame */
	struct undo undo, dundo[MAX_DECL];
};

#define LOCAL_FRAMES 16

struct dec {
	struct arena *a;
	const unsigned char *s;
	size_t n, i;
	char *o;               /* output, in the arena */
	size_t on, ocap;
	int pend;              /* white space seen and not yet written */
	int at_space;          /* output is empty or ends in a space */
	struct frame *f;
	size_t nf, fcap;
	size_t bdepth;         /* open brace-delimited frames */
	size_t nocase;         /* open NOCASE spans */
	size_t spans;          /* open markup spans of any kind */
	/* Accent frames whose mark is not written, in stack order: the first
	 * narmed have seen their letter, the rest are waiting for it. */
	size_t *acc;
	size_t nacc, narmed, acap;
	size_t *match;         /* brace matches, computed once when needed */
	/* The command open_group looked up ({\'e}), for command() next: the
	 * position after its backslash (0: none), its end, what it is. */
	size_t cmd_at, cmd_end;
	const struct lx_cmd *cmd;
	unsigned char no_close[4]; /* $ $$ \) \] known to have no closer */
	struct frame local_f[LOCAL_FRAMES];
	size_t local_acc[LOCAL_FRAMES];
};

static void grow(struct dec *d, size_t k)
{
	size_t cap = d->ocap * 2;
	while (cap < d->on + k + 1)
		cap *= 2;
	d->o = arena_grow(d->a, d->o, 1, d->on, cap);
	d->ocap = cap;
}

/* Room for k more bytes and a NUL: the output starts at one and a half
 * times the input, so this is almost never more than a comparison. */
static inline void reserve(struct dec *d, size_t k)
{
	if (d->on + k + 1 > d->ocap)
		grow(d, k);
}

static inline void put(struct dec *d, const void *p, size_t k)
{
	reserve(d, k);
	if (k == 1)
		d->o[d->on] = *(const char *)p; /* a letter: no call */
	else
		memcpy(d->o + d->on, p, k);
	d->on += k;
}

static inline void put1(struct dec *d, int c)
{
	reserve(d, 1);
	d->o[d->on++] = (char)c;
}

static void put_cp(struct dec *d, int32_t cp)
{
	char b[4];
	put(d, b, utf8_put(b, cp));
}

/* Write an accent's combining mark.  After an ASCII letter the two are
 * composed here when Unicode has one character for them (e U+0301 is
 * U+00E9): that is what NFC would make of them, and it spares the value
 * the NFC pass at the end.  What stays uncomposed (a second mark, a pair
 * with no character) still goes through it, and NFC gives the same text
 * either way, as it does for every canonically equivalent spelling. */
static void put_mark(struct dec *d, int32_t mark)
{
	unsigned char c = d->on ? (unsigned char)d->o[d->on - 1] : 0;
	if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') {
		utf8proc_int32_t pair[2] = {c, mark};
		if (utf8proc_normalize_utf32(pair, 2, UTF8PROC_STABLE | UTF8PROC_COMPOSE) == 1) {
			d->on--;
			put_cp(d, pair[0]);
			return;
		}
	}
	put_cp(d, mark);
}

/* Write the marks of the armed accents, innermost first. */
static void flush_marks(struct dec *d)
{
	size_t k;
	for (k = d->narmed; k-- > 0;) {
		struct frame *f = &d->f[d->acc[k]];
		put_mark(d, f->mark);
		f->in_acc = 0;
	}
	d->nacc -= d->narmed;
	memmove(d->acc, d->acc + d->narmed, d->nacc * sizeof *d->acc);
	d->narmed = 0;
}

/* Inline: most letters come with no accent waiting. */
static inline void flush_armed(struct dec *d)
{
	if (d->narmed)
		flush_marks(d);
}

static void white(struct dec *d)
{
	if (!d->at_space)
		d->pend = 1;
}

static inline void flush_space(struct dec *d)
{
	if (d->pend) {
		d->pend = 0;
		if (!d->at_space) {
			put1(d, ' ');
			d->at_space = 1;
		}
	}
}

/* A letter or symbol: finishes pending accents, then arms waiting ones. */
static inline void emit_base(struct dec *d, const void *p, size_t k)
{
	flush_armed(d);
	flush_space(d);
	put(d, p, k);
	d->at_space = 0;
	d->narmed = d->nacc;
}

static void emit_str(struct dec *d, const char *s)
{
	emit_base(d, s, strlen(s));
}

static void open_on(struct dec *d, int on, struct undo *u)
{
	flush_armed(d);
	u->pos = d->on;
	u->space = 0;
	if (d->pend) {
		d->pend = 0;
		if (!d->at_space) {
			put1(d, ' ');
			d->at_space = 1;
			u->space = 1;
		}
	}
	put1(d, on);
	u->after = d->on;
	d->spans++;
}

static void close_off(struct dec *d, int off, const struct undo *u)
{
	d->spans--;
	if (d->on == u->after) {
		/* Nothing inside: take the span back, as if never opened. */
		d->on = u->pos;
		if (u->space) {
			d->pend = 1;
			d->at_space = 0;
		}
		return;
	}
	flush_armed(d);
	put1(d, off);
}

static struct frame *top(struct dec *d)
{
	return &d->f[d->nf - 1];
}

/* Twice the room for a stack of *cap elements of size bytes, which
 * starts in the array local and moves to the heap when it outgrows it. */
static void *grow_stack(void *p, const void *local, size_t size, size_t *cap)
{
	void *q;
	if (p == local) {
		q = xmalloc(*cap * 2 * size);
		memcpy(q, local, *cap * size);
	} else {
		q = xrealloc(p, *cap * 2 * size);
	}
	*cap *= 2;
	return q;
}

static struct frame *push(struct dec *d, int kind)
{
	struct frame *f;
	if (d->nf == d->fcap)
		d->f = grow_stack(d->f, d->local_f, sizeof *d->f, &d->fcap);
	f = &d->f[d->nf++];
	/* All but the undo records, which the span that uses one fills when
	 * it opens (off and ndecl say which are in use). */
	memset(f, 0, offsetof(struct frame, undo));
	f->kind = (unsigned char)kind;
	f->reps = 1;
	if (kind == F_GROUP || kind == F_ARG)
		d->bdepth++;
	return f;
}

static void push_accent(struct dec *d, const struct lx_cmd *c, int brace)
{
	struct frame *f = push(d, brace ? F_ARG : F_AUTO);
	f->mark = c->cp;
	f->spacing = c->utf8;
	f->in_acc = 1;
	if (d->nacc == d->acap)
		d->acc = grow_stack(d->acc, d->local_acc, sizeof *d->acc, &d->acap);
	d->acc[d->nacc++] = d->nf - 1;
}

static void push_markup(struct dec *d, int on, int brace)
{
	struct frame *f = push(d, brace ? F_ARG : F_AUTO);
	if (on) {
		f->off = (unsigned char)(on + 1);
		open_on(d, on, &f->undo);
	}
}

/* A group that adds nothing ({{NASA}} inside the first span, {\'e}): runs
 * of them share one frame, so deep nesting costs no memory. */
static void push_inert(struct dec *d)
{
	struct frame *t = top(d);
	if (t->kind == F_GROUP && !t->off && !t->ndecl && !t->in_acc && !t->mark) {
		t->reps++;
		d->bdepth++;
		return;
	}
	push(d, F_GROUP);
}

static void add_decl(struct dec *d, int on)
{
	struct frame *f = top(d);
	if (!on)
		return;
	if (f->reps > 1) {
		/* The declaration belongs to the innermost of the merged
		 * groups: split it off. */
		f->reps--;
		d->bdepth--;
		f = push(d, F_GROUP);
	}
	if (f->ndecl == MAX_DECL)
		return;
	f->decl[f->ndecl] = (unsigned char)on;
	open_on(d, on, &f->dundo[f->ndecl]);
	f->ndecl++;
}

/* Close the top frame's spans and its accent, without popping it. */
static void close_frame(struct dec *d, struct frame *f)
{
	unsigned k;
	for (k = f->ndecl; k-- > 0;)
		close_off(d, f->decl[k] + 1, &f->dundo[k]);
	if (f->off)
		close_off(d, f->off, &f->undo);
	if (f->nocase)
		d->nocase--;
	if (f->in_acc) {
		/* Still pending, so it is the last entry of acc. */
		int armed = d->narmed == d->nacc;
		d->nacc--;
		if (d->narmed > d->nacc)
			d->narmed = d->nacc;
		f->in_acc = 0;
		if (armed)
			put_mark(d, f->mark);
		else
			emit_str(d, f->spacing);
	}
}

static void pop(struct dec *d)
{
	struct frame *f = top(d);
	close_frame(d, f);
	if (f->kind == F_GROUP || f->kind == F_ARG)
		d->bdepth -= f->reps;
	d->nf--;
}

/* One unit (a character, a command, a group) is complete: an argument
 * given without braces (\'e, \emph x) ends here. */
static inline void unit_done(struct dec *d)
{
	while (top(d)->kind == F_AUTO)
		pop(d);
}

static void skip_ws(struct dec *d)
{
	while (d->i < d->n && is_ws(d->s[d->i]))
		d->i++;
}

/* After a control word TeX skips spaces; an empty {} there ends the word
 * too (\ss{}) and is eaten with it. */
static void eat_terminator(struct dec *d)
{
	skip_ws(d);
	if (d->i + 1 < d->n && d->s[d->i] == '{' && d->s[d->i + 1] == '}')
		d->i += 2;
}

static size_t find_close(struct dec *d, size_t j);

/* A TeX dimension or glue from d->i ("0.5ex", "-.1667em", "1em plus
 * 2pt", a register such as \baselineskip), or a {length}: passed over,
 * as the command that takes it prints nothing of it. */
static void skip_dimen(struct dec *d)
{
	static const char *const units[] = {"pt", "em", "ex", "in", "cm", "mm", "pc", "bp",
	                                    "dd", "cc", "sp", "mu", "px", "fil", NULL};
	skip_ws(d);
	if (d->i < d->n && d->s[d->i] == '{') {
		size_t c = find_close(d, d->i);
		if (c != NOPOS)
			d->i = c + 1;
		return;
	}
	for (int glue = 0; glue < 3; glue++) {
		size_t j = d->i;
		while (j < d->n && (d->s[j] == '-' || d->s[j] == '+' || is_ws(d->s[j])))
			j++;
		size_t num = j;
		while (j < d->n && ((d->s[j] >= '0' && d->s[j] <= '9') || d->s[j] == '.' ||
		                    d->s[j] == ','))
			j++;
		if (j == num && !(j < d->n && d->s[j] == '\\'))
			return; /* no dimension: the command stood alone */
		while (j < d->n && is_ws(d->s[j]))
			j++;
		if (j < d->n && d->s[j] == '\\') { /* a register: \baselineskip */
			j++;
			while (j < d->n && is_alpha(d->s[j]))
				j++;
		} else {
			for (int u = 0; units[u]; u++) {
				size_t ul = strlen(units[u]);
				if (j + ul <= d->n && !memcmp(d->s + j, units[u], ul)) {
					j += ul;
					while (j < d->n && d->s[j] == 'l') /* fill, filll */
						j++;
					break;
				}
			}
		}
		d->i = j;
		/* glue: "plus 1fil minus 2pt" */
		size_t k = j;
		while (k < d->n && is_ws(d->s[k]))
			k++;
		if (k + 4 <= d->n && !memcmp(d->s + k, "plus", 4))
			d->i = k + 4;
		else if (k + 5 <= d->n && !memcmp(d->s + k, "minus", 5))
			d->i = k + 5;
		else
			return;
	}
}

/* Matching braces, with \x escapes skipped.  Computed once per value, into
 * the heap, when a bounded scan is not enough. */
static void build_match(struct dec *d)
{
	size_t k, open = NOPOS;
	d->match = xmalloc(d->n * sizeof *d->match);
	for (k = 0; k < d->n; k++)
		d->match[k] = NOPOS;
	/* The open braces form a linked stack through match[] itself. */
	for (k = 0; k < d->n; k++) {
		unsigned char c = d->s[k];
		if (c == '\\') {
			k++;
		} else if (c == '{') {
			d->match[k] = open;
			open = k;
		} else if (c == '}' && open != NOPOS) {
			size_t prev = d->match[open];
			d->match[open] = k;
			open = prev;
		}
	}
	while (open != NOPOS) {
		size_t prev = d->match[open];
		d->match[open] = NOPOS;
		open = prev;
	}
}

#define SCAN_WINDOW 4096

/* The '}' matching the '{' at j, or NOPOS. */
static size_t find_close(struct dec *d, size_t j)
{
	if (!d->match) {
		size_t depth = 0, k, lim = d->n - j > SCAN_WINDOW ? j + SCAN_WINDOW : d->n;
		for (k = j; k < lim; k++) {
			unsigned char c = d->s[k];
			if (c == '\\')
				k++;
			else if (c == '{')
				depth++;
			else if (c == '}' && --depth == 0)
				return k;
		}
		if (lim == d->n)
			return NOPOS;
		/* A long group: fall back to the table, so repeated scans
		 * stay linear overall. */
		build_match(d);
	}
	return d->match[j];
}

/* The ']' closing an optional argument at j, within a short window. */
static size_t find_bracket(struct dec *d, size_t j)
{
	size_t depth = 0, k, lim = d->n - j > 256 ? j + 256 : d->n;
	for (k = j + 1; k < lim; k++) {
		unsigned char c = d->s[k];
		if (c == '\\')
			k++;
		else if (c == '{')
			depth++;
		else if (c == '}' && depth-- == 0)
			return NOPOS;
		else if (c == ']' && depth == 0)
			return k;
	}
	return NOPOS;
}

/* Copy s[b..e) verbatim inside an on/off span: white space collapsed (or
 * dropped, for URLs), control bytes as white space, bad UTF-8 replaced. */
static void emit_verbatim(struct dec *d, int on, size_t b, size_t e, int drop_ws)
{
	struct undo u;
	int sp = 0, bs = 0;
	size_t q, end = e;
	while (b < e && is_ws(d->s[b]))
		b++;
	while (e > b && is_ws(d->s[e - 1]))
		e--;
	/* Keep the space of a control space at the end ($a\ $). */
	for (q = e; q > b && d->s[q - 1] == '\\'; q--)
		;
	if ((e - q) % 2 && e < end)
		e++;
	if (b == e)
		return;
	open_on(d, on, &u);
	while (b < e) {
		unsigned char c = d->s[b];
		if (is_ws(c)) {
			if (bs)
				put1(d, ' '); /* a control space: \<newline> too */
			else if (!drop_ws && d->o[d->on - 1] != ' ')
				sp = 1;
			bs = 0;
			b++;
			continue;
		}
		if (sp)
			put1(d, ' ');
		sp = 0;
		bs = c == '\\' && !bs;
		if (c < 0x80) {
			put1(d, c);
			b++;
		} else {
			int32_t cp;
			size_t k = utf8_decode(d->s + b, e - b, &cp);
			if (!k) {
				put(d, REPLACEMENT, 3);
				b++;
			} else {
				put(d, d->s + b, k);
				b += k;
			}
		}
	}
	close_off(d, on + 1, &u);
	d->at_space = 0;
}

/* An unknown command at start, its name ending at e: keep it and the
 * arguments that follow right after it, verbatim. */
static void unknown(struct dec *d, size_t start, size_t e)
{
	size_t j = e;
	if (e == start + 1) {
		/* A backslash at the very end: a literal backslash, so that
		 * writing it back cannot escape the closing brace. */
		emit_str(d, "\\");
		d->i = e;
		unit_done(d);
		return;
	}
	if (is_alpha(d->s[start + 1]) && is_alpha(d->s[e - 1])) {
		/* A control word (not \i + U+0308, which NFC makes \ï), maybe
		 * starred (\enquote*{x}). */
		if (j < d->n && d->s[j] == '*')
			j++;
		for (;;) {
			size_t c;
			if (j < d->n && d->s[j] == '{')
				c = find_close(d, j);
			else if (j < d->n && d->s[j] == '[')
				c = find_bracket(d, j);
			else
				break;
			if (c == NOPOS)
				break;
			j = c + 1;
		}
	}
	emit_verbatim(d, CX_M_RAW_ON, start, j, 0);
	d->i = j;
	unit_done(d);
}

/* If the math body s[b..e) is one simple symbol, its UTF-8; else NULL. */
static const char *math_symbol(const unsigned char *s, size_t b, size_t e)
{
	unsigned char t[64];
	size_t n = 0, k;
	const struct lx_sym *sym;

	if (e - b > sizeof t)
		return NULL;
	/* Braces group nothing in a lone symbol: {\alpha}, ^{\circ}. */
	for (k = b; k < e; k++)
		if (s[k] != '{' && s[k] != '}')
			t[n++] = s[k];
	while (n && is_ws(t[n - 1]))
		n--;
	k = 0;
	while (k < n && is_ws(t[k]))
		k++;
	if (k < n && t[k] == '^') {
		size_t j = k + 1;
		while (j < n && is_ws(t[j]))
			j++;
		if (n - j == 5 && memcmp(t + j, "\\circ", 5) == 0)
			return "\xC2\xB0";
		return NULL;
	}
	if (n - k < 2 || t[k] != '\\' || name_end(t, n, k + 1) != n)
		return NULL;
	sym = find_math(t + k + 1, n - k - 1);
	return sym ? sym->utf8 : NULL;
}

static void math_body(struct dec *d, size_t b, size_t e)
{
	const char *sym = math_symbol(d->s, b, e);
	if (sym)
		emit_str(d, sym);
	else
		emit_verbatim(d, CX_M_MATH_ON, b, e, 0);
}

static void dollar(struct dec *d)
{
	size_t i = d->i, k;
	if (i + 1 < d->n && d->s[i + 1] == '$' && !d->no_close[1]) {
		for (k = i + 2; k + 1 < d->n; k++) {
			if (d->s[k] == '\\') {
				k++;
			} else if (d->s[k] == '$' && d->s[k + 1] == '$') {
				math_body(d, i + 2, k);
				d->i = k + 2;
				unit_done(d);
				return;
			}
		}
		d->no_close[1] = 1;
	}
	if (!d->no_close[0]) {
		for (k = i + 1; k < d->n; k++) {
			if (d->s[k] == '\\') {
				k++;
			} else if (d->s[k] == '$') {
				math_body(d, i + 1, k);
				d->i = k + 1;
				unit_done(d);
				return;
			}
		}
		d->no_close[0] = 1;
	}
	emit_str(d, "$");
	d->i = i + 1;
	unit_done(d);
}

/* \( or \[ at start; d->i is just after it. */
static void math_paren(struct dec *d, size_t start, int closer)
{
	int which = closer == ')' ? 2 : 3;
	size_t k;
	if (!d->no_close[which]) {
		for (k = d->i; k + 1 < d->n; k++) {
			if (d->s[k] != '\\')
				continue;
			if (d->s[k + 1] == closer) {
				math_body(d, d->i, k);
				d->i = k + 2;
				unit_done(d);
				return;
			}
			k++;
		}
		d->no_close[which] = 1;
	}
	unknown(d, start, d->i);
}

/* Make frame f a case-protected group. */
static void open_nocase(struct dec *d, struct frame *f)
{
	f->nocase = 1;
	f->off = CX_M_NOCASE_OFF;
	d->nocase++;
	open_on(d, CX_M_NOCASE_ON, &f->undo);
}

/* A command with one argument: braced, a single unit, or none. */
static void one_arg(struct dec *d, int on)
{
	skip_ws(d);
	if (d->i >= d->n || d->s[d->i] == '}') {
		unit_done(d);
		return;
	}
	if (d->s[d->i] == '{') {
		d->i++;
		push_markup(d, on, 1);
		/* At brace depth 0 the argument is a group BibTeX protects
		 * (\mbox{NASA}), unless it is a special character
		 * (\mbox{\'e}).  Markup is written back with its braces,
		 * so only an argument that loses them needs the span. */
		if (!on && d->bdepth == 1 && !d->nocase && d->i < d->n && d->s[d->i] != '\\')
			open_nocase(d, top(d));
		return;
	}
	push_markup(d, on, 0);
}

static void accent(struct dec *d, const struct lx_cmd *c)
{
	skip_ws(d);
	if (d->i >= d->n || d->s[d->i] == '}') {
		emit_str(d, c->utf8);
		unit_done(d);
		return;
	}
	if (d->s[d->i] == '{') {
		d->i++;
		push_accent(d, c, 1);
		return;
	}
	push_accent(d, c, 0);
}

static void command(struct dec *d)
{
	size_t start = d->i, e, j;
	const struct lx_cmd *c;
	if (d->cmd_at == start + 1) {
		e = d->cmd_end;
		c = d->cmd;
	} else {
		e = name_end(d->s, d->n, start + 1);
		c = find_cmd(d->s + start + 1, e - start - 1);
	}
	int word = e > start + 1 && is_alpha(d->s[start + 1]);

	if (!c) {
		if (e > start + 1 && d->s[start + 1] < 0x80 && is_ws(d->s[start + 1])) {
			/* \<newline> and \<tab> are control spaces too. */
			white(d);
			d->i = e;
			return;
		}
		unknown(d, start, e);
		return;
	}
	d->i = e;
	/* A control word that stands for a character, a space or a
	 * declaration takes the spaces after its name with it. */
	if (word && (c->kind == LX_LETTER || c->kind == LX_SYMBOL || c->kind == LX_DOTLESS ||
	             c->kind == LX_SPACE || c->kind == LX_NOTHING || c->kind == LX_DECL))
		eat_terminator(d);
	switch (c->kind) {
	case LX_LETTER:
	case LX_SYMBOL:
		if (c->mark && !d->nocase) {
			struct undo u;
			open_on(d, c->mark, &u);
			emit_str(d, c->utf8);
			close_off(d, c->mark + 1, &u);
		} else {
			emit_str(d, c->utf8);
		}
		unit_done(d);
		break;
	case LX_DOTLESS:
		if (d->nacc > d->narmed) {
			/* Under an accent: the dotted letter, so that
			 * {\'\i} composes to U+00ED. */
			char b = (char)c->cp;
			emit_base(d, &b, 1);
		} else {
			emit_str(d, c->utf8);
		}
		unit_done(d);
		break;
	case LX_SPACE:
		white(d);
		break;
	case LX_NOTHING:
	case LX_DECL:
		add_decl(d, c->mark);
		break;
	case LX_SKIP:
		skip_dimen(d);
		if (c->cp)
			white(d);
		break;
	case LX_ACCENT:
		accent(d, c);
		break;
	case LX_MARKUP:
	case LX_PLAIN:
		one_arg(d, c->kind == LX_MARKUP ? c->mark : 0);
		break;
	case LX_URL:
	case LX_HREF:
		j = d->i;
		while (j < d->n && is_ws(d->s[j]))
			j++;
		if (c->kind == LX_URL && d->s[start + 1] != 'u' && j == d->i && j < d->n &&
		    d->s[j] != '{' && d->s[j] != '}' && d->s[j] > ' ' && d->s[j] < 0x7F && !is_alpha(d->s[j]) && d->s[j] != '\\') {
			/* \path|x| and \verb+x+ (not \url, which takes braces
			 * here): verbatim up to the same character. */
			size_t cl = j + 1;
			while (cl < d->n && d->s[cl] != d->s[j])
				cl++;
			if (cl < d->n) {
				d->i = cl + 1;
				emit_verbatim(d, CX_M_URL_ON, j + 1, cl, 1);
				unit_done(d);
				break;
			}
		}
		if (j < d->n && d->s[j] == '{') {
			size_t cl = find_close(d, j);
			if (cl != NOPOS) {
				d->i = cl + 1;
				if (c->kind == LX_HREF) {
					one_arg(d, 0);
				} else {
					emit_verbatim(d, CX_M_URL_ON, j + 1, cl, 1);
					unit_done(d);
				}
				break;
			}
		}
		unknown(d, start, e);
		break;
	case LX_MATH:
		math_paren(d, start, (int)c->cp);
		break;
	}
}

/* Does the group whose content starts at j only wrap an accent or special
 * letter ({\'e}, {\"{o}}, {\ss}, {\t{oo}})?  Such a group is not case
 * protection.  Looks at most 64 bytes ahead. */
static int wrapper(const struct dec *d, size_t j)
{
	size_t end = d->n - j > 64 ? j + 64 : d->n, depth = 1, bases = 0;
	int tie = 0, first = 1;
	while (j < end) {
		unsigned char c = d->s[j];
		if (first && c != '\\')
			return 0; /* BibTeX wants {\ with nothing between */
		first = 0;
		if (is_ws(c)) {
			j++;
			continue;
		}
		if (c == '{') {
			depth++;
			j++;
		} else if (c == '}') {
			if (--depth == 0)
				return bases <= 1 || (tie && bases == 2);
			j++;
		} else if (c == '\\') {
			size_t e = name_end(d->s, d->n, j + 1);
			const struct lx_cmd *cmd = find_cmd(d->s + j + 1, e - j - 1);
			if (!cmd)
				return 0;
			if (cmd->kind == LX_ACCENT)
				tie |= cmd->cp == 0x0361;
			else if (cmd->kind == LX_LETTER || cmd->kind == LX_DOTLESS)
				bases++;
			else
				return 0;
			j = e;
		} else if (is_alpha(c) || (c >= '0' && c <= '9') || c >= 0xC0) {
			bases++;
			j++;
		} else if (c >= 0x80) {
			j++;
		} else {
			return 0;
		}
	}
	return 0;
}

static void open_group(struct dec *d)
{
	size_t i = d->i;
	int inert;

	if (top(d)->mark) {
		inert = 1; /* the argument of an accent: \'{{e}} */
	} else if (d->bdepth == 0 && i + 1 < d->n && d->s[i + 1] == '\\') {
		/* A BibTeX special character: never case protection.  One
		 * that starts with an unknown command is kept whole, braces
		 * and all ({\noopsort{a}}), unless a span is open: written
		 * back inside \textsc{...} it would no longer be at depth 0. */
		size_t e = name_end(d->s, d->n, i + 2);
		if (!d->spans) {
			d->cmd_at = i + 2;
			d->cmd_end = e;
			d->cmd = find_cmd(d->s + i + 2, e - i - 2);
		}
		if (!d->spans && !d->cmd && !(e == i + 3 && is_ws(d->s[i + 2]))) {
			size_t cl = find_close(d, i);
			if (cl != NOPOS) {
				emit_verbatim(d, CX_M_RAW_ON, i, cl + 1, 0);
				d->i = cl + 1;
				unit_done(d);
				return;
			}
		}
		inert = 1;
	} else {
		inert = d->nocase > 0 || wrapper(d, i + 1);
	}
	d->i = i + 1;
	if (inert) {
		push_inert(d);
		return;
	}
	open_nocase(d, push(d, F_GROUP));
}

static void close_group(struct dec *d)
{
	struct frame *f;
	d->i++;
	while (top(d)->kind == F_AUTO)
		pop(d);
	f = top(d);
	if (f->kind == F_TOP)
		return; /* a stray '}' */
	if (f->reps > 1) {
		f->reps--;
		d->bdepth--;
	} else {
		pop(d);
	}
	unit_done(d);
}

static void high(struct dec *d)
{
	int32_t cp;
	size_t k = utf8_decode(d->s + d->i, d->n - d->i, &cp);
	if (!k) {
		emit_base(d, REPLACEMENT, 3);
		d->i++;
		unit_done(d);
		return;
	}
	if (cp < 0xA0 || cp == 0x2028 || cp == 0x2029) {
		/* C1 controls and the Unicode line separators. */
		white(d);
	} else if (is_mark_cp(cp)) {
		flush_space(d);
		put(d, d->s + d->i, k);
		d->at_space = 0;
	} else {
		emit_base(d, d->s + d->i, k);
		d->i += k;
		unit_done(d);
		return;
	}
	d->i += k;
}

#if defined(BYTES_VECTOR)
/* Classes of sixteen bytes at once, as lx_class has them: the bytes that
 * are neither LC_PLAIN, LC_LIG nor LC_SPACE (controls, specials, bytes
 * from 0x7F up), and the LIG and SPACE bytes. */
static inline bv16 lx_other16(bv16 v)
{
	/* Signed: below ' ' is a control or a byte from 0x80 up. */
	bv16 m = bv_or(bv_or(bv_lt(v, ' '), bv_eq(v, '$')), bv_or(bv_eq(v, '\\'), bv_eq(v, '`')));
	/* { } ~ DEL: from 0x7B up, but for '|'. */
	return bv_or(m, bv_andnot(bv_gt(v, 0x7A), bv_eq(v, '|')));
}

static inline bv16 lx_lig16(bv16 v)
{
	return bv_or(bv_eq(v, '-'), bv_eq(v, '\''));
}

/* The last block of a value of sixteen bytes or more: the one that ends
 * at n, with no copy (its bytes before the tail are the caller's to mask
 * off), and the block one byte on, the same shifted down with a 0 past n:
 * a control byte, which doubles no byte and lets no space go on. */
static inline void end_blocks(const unsigned char *s, size_t n, bv16 *v, bv16 *w)
{
	*v = bv_load(s + n - 16);
	*w = _mm_srli_si128(*v, 1);
}

/* The bytes of v where plain_span stops, given w, the bytes after them:
 * a byte that is none of PLAIN, LIG or SPACE, a LIG doubled, or a SPACE
 * before a byte that is not PLAIN. */
static inline unsigned plain_stops(bv16 v, bv16 w)
{
	bv16 wplain = bv_or(bv_or(lx_other16(w), lx_lig16(w)), bv_eq(w, ' '));
	bv16 stop = lx_other16(v);
	stop = bv_or(stop, bv_and(lx_lig16(v), bv_same(v, w)));
	stop = bv_or(stop, bv_and(bv_eq(v, ' '), wplain));
	return bv_mask(stop);
}
#endif

/* The end of the plain text from j: letters, lone hyphens and
 * apostrophes, and single spaces before a letter.  A PLAIN byte never
 * stops the run, so the byte-wise test of the blocks finds the byte
 * where the loop below would stop. */
static size_t plain_span_bytes(const unsigned char *s, size_t j, size_t n)
{
	while (j < n) {
		if (lx_class[s[j]] == LC_PLAIN)
			j++;
		else if (lx_class[s[j]] == LC_LIG && (j + 1 == n || s[j + 1] != s[j]))
			j++; /* a lone '-' or '\'' is a plain character */
		else if (lx_class[s[j]] == LC_SPACE && j + 1 < n && lx_class[s[j + 1]] == LC_PLAIN)
			j += 2;
		else
			break;
	}
	return j;
}

static size_t plain_span(const unsigned char *s, size_t j, size_t n)
{
#if defined(BYTES_VECTOR)
	/* A value shorter than a block: a copy to load from costs more than
	 * the bytes. */
	if (n < 16)
		return plain_span_bytes(s, j, n);
	bv16 v, w;
	unsigned stop;
	for (; j + 17 <= n; j += 16) {
		v = bv_load(s + j);
		w = bv_load(s + j + 1);
		if ((stop = plain_stops(v, w)) != 0)
			return j + (size_t)__builtin_ctz(stop);
	}
	if (j == n)
		return n;
	end_blocks(s, n, &v, &w);
	stop = plain_stops(v, w) >> (16 - (n - j));
	return stop ? j + (size_t)__builtin_ctz(stop) : n;
#else
	return plain_span_bytes(s, j, n);
#endif
}

static size_t white_end(const unsigned char *s, size_t i, size_t n);

/* After a plain letter, with no accent or auto-closing argument pending,
 * the letters, lone hyphens and apostrophes, and single spaces that follow
 * need none of emit_base's bookkeeping: copy them in one go. */
static void plain_run(struct dec *d)
{
	const unsigned char *s = d->s;
	size_t j = d->i, k;
	if (d->nacc || d->pend || d->at_space || top(d)->kind == F_AUTO)
		return;
	for (;;) {
		j = plain_span(s, j, d->n);
		if (j < d->n && (lx_class[s[j]] == LC_SPACE || lx_class[s[j]] == LC_CTRL) &&
		    (k = white_end(s, j + 1, d->n)) < d->n && lx_class[s[k]] == LC_PLAIN) {
			/* A line break and the next line's indent before a
			 * letter: one space, as run() would write it. */
			put(d, s + d->i, j - d->i);
			put1(d, ' ');
			d->i = j = k;
			continue;
		}
		break;
	}
	put(d, s + d->i, j - d->i);
	d->i = j;
}

/* Where the white space from i ends; an indent is passed over eight
 * spaces at a time. */
static size_t white_end(const unsigned char *s, size_t i, size_t n)
{
	for (;;) {
		uint64_t w;
		while (i + 8 <= n && (memcpy(&w, s + i, 8), w == 0x2020202020202020u))
			i += 8;
		if (i == n || (lx_class[s[i]] != LC_SPACE && lx_class[s[i]] != LC_CTRL))
			return i;
		i++;
	}
}

static void run(struct dec *d)
{
	static const char quote_l[] = "\xE2\x80\x98", quote_ll[] = "\xE2\x80\x9C",
	                  quote_rr[] = "\xE2\x80\x9D", endash[] = "\xE2\x80\x93",
	                  emdash[] = "\xE2\x80\x94", nbsp[] = "\xC2\xA0";
	const unsigned char *s = d->s;
	while (d->i < d->n) {
		unsigned char c = s[d->i];
		int two = d->i + 1 < d->n && s[d->i + 1] == c;
		switch (lx_class[c]) {
		case LC_PLAIN:
			emit_base(d, s + d->i, 1);
			d->i++;
			unit_done(d);
			plain_run(d);
			break;
		case LC_SPACE:
		case LC_CTRL:
			/* The white space that follows changes nothing more:
			 * a line break and the next line's indent are one step. */
			white(d);
			d->i = white_end(s, d->i + 1, d->n);
			break;
		case LC_LIG:
			if (c == '-' && two && d->i + 2 < d->n && s[d->i + 2] == '-') {
				emit_str(d, emdash);
				d->i += 3;
			} else if (two) {
				emit_str(d, c == '-' ? endash : quote_rr);
				d->i += 2;
			} else {
				emit_base(d, s + d->i, 1);
				d->i++;
			}
			unit_done(d);
			break;
		case LC_HIGH:
			high(d);
			break;
		default:
			switch (c) {
			case '\\':
				command(d);
				break;
			case '{':
				open_group(d);
				break;
			case '}':
				close_group(d);
				break;
			case '$':
				dollar(d);
				break;
			case '~':
				emit_str(d, nbsp);
				d->i++;
				unit_done(d);
				break;
			case '`':
				emit_str(d, two ? quote_ll : quote_l);
				d->i += two ? 2 : 1;
				unit_done(d);
				break;
			}
		}
	}
	/* Close what the value left open. */
	while (d->nf > 1) {
		struct frame *f = top(d);
		if (f->reps > 1) {
			d->bdepth -= f->reps - 1;
			f->reps = 1;
		}
		pop(d);
	}
	close_frame(d, &d->f[0]);
}

enum { TEXT_AS_IS, TEXT_SIMPLE, TEXT_DECODE };

#if defined(BYTES_VECTOR)
/* The bytes only the decoder handles: '$', '\\', '`', '{', '}', '~' and
 * those from 0x80 up. */
static inline bv16 lx_special16(bv16 v)
{
	bv16 m = bv_or(bv_or(bv_lt(v, 0), bv_eq(v, '$')), bv_or(bv_eq(v, '\\'), bv_eq(v, '`')));
	bv16 hi = bv_andnot(bv_gt(v, 0x7A), bv_eq(v, '|'));
	return bv_or(m, bv_andnot(hi, bv_eq(v, 0x7F)));
}
#endif

/* What a value needs.  TEXT_AS_IS: plain ASCII with no command, brace,
 * tie, math, quote or dash ligature, and white space already normalized.
 * TEXT_SIMPLE: white space to fold or ligatures to join, and nothing else
 * (simple_text).  TEXT_DECODE: anything more. */
static int text_kind_bytes(const unsigned char *s, size_t n, int fold)
{
	for (size_t i = 0; i < n; i++) {
		if (lx_class[s[i]] == LC_PLAIN)
			continue; /* most bytes: one test */
		switch (lx_class[s[i]]) {
		case LC_PLAIN:
			break;
		case LC_SPACE:
		case LC_LIG:
			/* Not last (checked above for spaces), and not doubled. */
			if (i + 1 < n && s[i + 1] == s[i])
				fold = 1;
			break;
		case LC_CTRL:
			fold = 1;
			break;
		default:
			return TEXT_DECODE;
		}
	}
	return fold ? TEXT_SIMPLE : TEXT_AS_IS;
}

static int text_kind(const unsigned char *s, size_t n)
{
	int fold = lx_class[s[0]] == LC_SPACE || lx_class[s[n - 1]] == LC_SPACE;
#if defined(BYTES_VECTOR)
	/* Sixteen bytes at a time, each with its successor; the last block
	 * is the one that ends at n, with a control byte after the value,
	 * which doubles nothing.  A value shorter than a block goes byte by
	 * byte. */
	if (n < 16)
		return text_kind_bytes(s, n, fold);
	bv16 v, w;
	unsigned live = 0xFFFFu;
	for (size_t i = 0; i < n; i += 16) {
		if (i + 17 <= n) {
			v = bv_load(s + i);
			w = bv_load(s + i + 1);
		} else {
			end_blocks(s, n, &v, &w);
			live = (0xFFFFu << (16 - (n - i))) & 0xFFFFu;
		}
		if (bv_mask(lx_special16(v)) & live)
			return TEXT_DECODE;
		if (!fold) {
			bv16 twice = bv_and(bv_or(lx_lig16(v), bv_eq(v, ' ')), bv_same(v, w));
			fold = (bv_mask(bv_or(lx_other16(v), twice)) & live) != 0;
		}
	}
	return fold ? TEXT_SIMPLE : TEXT_AS_IS;
#else
	return text_kind_bytes(s, n, fold);
#endif
}

/* Text whose only markup is white space and the dash and quote ligatures
 * (a title broken over lines, a page range): what run() would write, in
 * one pass into o (room for n + n / 2 bytes), whose length it returns.
 * text_kind has seen no byte that needs the decoder (a command, a brace,
 * math, a tie, a backquote, anything from 0x80 up), so the output is
 * ASCII but for the dashes and the closing quote, all of them NFC. */
static size_t simple_text(const unsigned char *s, size_t n, char *o)
{
	static const char endash[] = "\xE2\x80\x93", emdash[] = "\xE2\x80\x94",
	                  quote_rr[] = "\xE2\x80\x9D";
	size_t i = white_end(s, 0, n), on = 0, j;
	int pend = 0; /* white space after text: one ' ' before the next */
	while (i < n) {
		unsigned char c = s[i];
		switch (lx_class[c]) {
		case LC_PLAIN:
			if (pend)
				o[on++] = ' ', pend = 0;
			j = plain_span(s, i + 1, n);
			memcpy(o + on, s + i, j - i);
			on += j - i;
			i = j;
			break;
		case LC_SPACE:
		case LC_CTRL:
			pend = 1;
			i = white_end(s, i + 1, n);
			break;
		case LC_LIG:
			if (pend)
				o[on++] = ' ', pend = 0;
			if (i + 1 < n && s[i + 1] == c) {
				int em = c == '-' && i + 2 < n && s[i + 2] == '-';
				memcpy(o + on, em ? emdash : c == '-' ? endash : quote_rr, 3);
				on += 3;
				i += em ? 3 : 2;
			} else {
				o[on++] = (char)c;
				i++;
			}
			break;
		default:
			i++; /* text_kind lets none of these through */
			break;
		}
	}
	return on;
}

static cx_str decode(struct arena *a, const char *s, size_t n, int view)
{
	struct dec d;

	if (n == 0)
		return view ? (cx_str){"", 0} : arena_str(a, "", 0);
	int kind = text_kind((const unsigned char *)s, n);
	if (kind == TEXT_AS_IS)
		return view ? (cx_str){s, n} : arena_str(a, s, n);
	size_t ocap = n + n / 2 + 64;
	char *o = arena_alloc(a, ocap);
	if (kind == TEXT_SIMPLE) {
		size_t on = simple_text((const unsigned char *)s, n, o);
		o[on] = 0;
		arena_trim(a, o, on + 1);
		return (cx_str){o, on};
	}

	/* The local stacks are filled as they are used: push clears a frame. */
	memset(&d, 0, offsetof(struct dec, local_f));
	d.a = a;
	d.s = (const unsigned char *)s;
	d.n = n;
	d.ocap = ocap;
	d.o = o;
	d.at_space = 1;
	d.f = d.local_f;
	d.fcap = LOCAL_FRAMES;
	d.acc = d.local_acc;
	d.acap = LOCAL_FRAMES;
	push(&d, F_TOP);

	run(&d);

	if (d.f != d.local_f)
		free(d.f);
	if (d.acc != d.local_acc)
		free(d.acc);
	free(d.match);
	d.o[d.on] = 0;

	if (!text_is_nfc(d.o, d.on))
		return text_nfc(a, d.o, d.on);
	arena_trim(a, d.o, d.on + 1);
	return (cx_str){d.o, d.on};
}

cx_str latex_decode(struct arena *a, const char *s, size_t n)
{
	return decode(a, s, n, 0);
}

cx_str latex_text(struct arena *a, const char *s, size_t n)
{
	return decode(a, s, n, 1);
}

/* ==== encoding =========================================================== */

