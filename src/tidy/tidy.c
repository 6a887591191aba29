/* tidy/tidy.c - the stages of `citex tidy`, in bibtex-tidy's order: read the
 * file (line ends made LF), warn of entries without a key, make the value
 * lookup if a stage needs it, find duplicates (and merge them), sort the
 * entries and their fields, generate keys, and write everything out.
 *
 * Writing follows bibtex-tidy's formatBibtex: text between entries and
 * @comment blocks trimmed (--tidy-comments) or left but for a first blank
 * line and trailing blanks, @string and @preamble blocks as written, and
 * entries one field a line, the names padded to --align.  The whole ends
 * with exactly one line break.
 *
 * Where citex keeps data bibtex-tidy loses: a field given twice with two
 * different values keeps both (bibtex-tidy drops the second), and bytes
 * that are not UTF-8 stay as they are (bibtex-tidy reads each as U+FFFD);
 * o->lossy does what bibtex-tidy does.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ecma.h"
#include "core/str.h"
#include "tidy/tidy_int.h"

CX_EXPORT void cx_tidy_opts_default(struct cx_tidy_opts *o)
{
	memset(o, 0, sizeof *o);
	o->space = 2;
	o->align = 14;
	o->escape = 1;
	o->tidy_comments = 1;
	o->remove_dupe_fields = 1;
	o->lowercase = 1;
}

/* ---- Number() ------------------------------------------------------------------- */

CX_EXPORT double cx_tidy_number(const char *s)
{
	if (!s)
		return NAN;
	cx_str t = ecma_trim(str_of(s));
	if (!t.n)
		return 0;
	char buf[128];
	if (t.n >= sizeof buf)
		return NAN;
	memcpy(buf, t.p, t.n);
	buf[t.n] = 0;
	if (!strcmp(buf, "Infinity") || !strcmp(buf, "+Infinity"))
		return INFINITY;
	if (!strcmp(buf, "-Infinity"))
		return -INFINITY;
	int base = 0;
	if (buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X'))
		base = 16;
	else if (buf[0] == '0' && (buf[1] == 'o' || buf[1] == 'O'))
		base = 8;
	else if (buf[0] == '0' && (buf[1] == 'b' || buf[1] == 'B'))
		base = 2;
	if (base) {
		double v = 0;
		if (!buf[2])
			return NAN;
		for (const char *p = buf + 2; *p; p++) {
			int d = str_hex((unsigned char)*p);
			if (d < 0 || d >= base)
				return NAN;
			v = v * base + d;
		}
		return v;
	}
	/* A decimal literal: sign, digits with at most one point (one digit
	 * at least), an exponent. */
	const char *p = buf;
	if (*p == '+' || *p == '-')
		p++;
	size_t digits = 0;
	while (str_digit(*p))
		p++, digits++;
	if (*p == '.') {
		p++;
		while (str_digit(*p))
			p++, digits++;
	}
	if (!digits)
		return NAN;
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!str_digit(*p))
			return NAN;
		while (str_digit(*p))
			p++;
	}
	if (*p)
		return NAN;
	return strtod(buf, NULL);
}

/* ---- positions and warnings -------------------------------------------------- */

void tidy_warn(struct tidy_ctx *t, const char *code, const struct titem *it, const char *fmt, ...)
{
	struct tidy_result *r = t->r;
	r->warnings = xrealloc(r->warnings, (r->nwarnings + 1) * sizeof *r->warnings);
	struct cx_tidy_warning *w = &r->warnings[r->nwarnings++];
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	w->code = code;
	w->msg = xstrdup(msg);
	w->line = it->line;
	w->col = it->col;
}

/* Each item's line and column, in one pass over the input. */
static void positions(struct tidy_ctx *t)
{
	unsigned line = 1, col = 1;
	const char *p = t->src;
	for (size_t i = 0; i < t->nitems; i++) {
		const char *to = t->src + t->items[i].node->off;
		for (; p < to; p++) {
			if (*p == '\n') {
				line++;
				col = 1;
			} else if (((unsigned char)*p & 0xC0) != 0x80) {
				col++;
			}
		}
		t->items[i].line = line;
		t->items[i].col = col;
	}
}

/* ---- the value lookup ------------------------------------------------------------ */

void tidy_values(struct tidy_ctx *t)
{
	for (size_t i = 0; i < t->nitems; i++) {
		struct titem *it = &t->items[i];
		if (!titem_entry(it) || it->vals)
			continue;
		it->vals = arena_alloc(&t->arena, (it->nfields + 1) * sizeof *it->vals);
		it->nvals = it->nfields;
		for (size_t j = 0; j < it->nfields; j++)
			it->vals[j] = (struct tval){it->fields[j].lname, {NULL, 0}, it->fields[j]};
	}
}

const cx_str *tidy_value(struct tidy_ctx *t, struct titem *it, const char *lname)
{
	size_t n = strlen(lname);
	for (size_t j = it->nvals; j-- > 0;) {
		struct tval *v = &it->vals[j];
		if (v->lname.n != n || memcmp(v->lname.p, lname, n))
			continue;
		if (!v->value.p) {
			struct buf *b = &t->tmp[4];
			buf_clear(b);
			value_format(t, &v->f, b);
			v->value = arena_str(&t->arena, b->p ? b->p : "", b->n);
		}
		return &v->value;
	}
	return NULL;
}

/* Does a stage read the value lookup? */
static int needs_values(const struct cx_tidy_opts *o)
{
	for (size_t i = 0; i < o->ndups; i++)
		if (o->dups[i] != CX_TIDY_DUP_KEY)
			return 1;
	for (size_t i = 0; i < o->sort.n; i++) {
		const char *k = o->sort.v[i] + (o->sort.v[i][0] == '-');
		if (strcmp(k, "key") && strcmp(k, "type") && strcmp(k, "special"))
			return 1;
	}
	return o->generate_keys != NULL;
}

static int sorts_by_key(const struct cx_tidy_opts *o)
{
	for (size_t i = 0; i < o->sort.n; i++)
		if (!strcmp(o->sort.v[i] + (o->sort.v[i][0] == '-'), "key"))
			return 1;
	return 0;
}

/* ---- reading ------------------------------------------------------------------- */

/* The input with CR LF and lone CR made LF (as bibtex-tidy's convertCRLF),
 * and (lossy) each byte sequence that is not UTF-8 made U+FFFD, as Node.js
 * decodes it; two NUL bytes follow, for the scanner. */
static char *prepare(const char *in, size_t n, int lossy, size_t *len)
{
	char *s = xmalloc((lossy ? 3 * n : n) + 2);
	size_t k = 0;
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)in[i];
		if (c == '\r') {
			s[k++] = '\n';
			i += i + 1 < n && in[i + 1] == '\n' ? 2 : 1;
			continue;
		}
		if (c < 0x80 || !lossy) {
			s[k++] = (char)c;
			i++;
			continue;
		}
		/* The longest prefix of a valid sequence is one replacement. */
		size_t need = c >= 0xC2 && c <= 0xDF ? 1 : c >= 0xE0 && c <= 0xEF ? 2 : c >= 0xF0 && c <= 0xF4 ? 3 : 0;
		size_t j = 1;
		for (; j <= need && i + j < n; j++) {
			unsigned char d = (unsigned char)in[i + j];
			unsigned char lo = 0x80, hi = 0xBF;
			if (j == 1 && c == 0xE0)
				lo = 0xA0;
			else if (j == 1 && c == 0xED)
				hi = 0x9F;
			else if (j == 1 && c == 0xF0)
				lo = 0x90;
			else if (j == 1 && c == 0xF4)
				hi = 0x8F;
			if (d < lo || d > hi)
				break;
		}
		if (need && j == need + 1) {
			memcpy(s + k, in + i, j);
			k += j;
		} else {
			memcpy(s + k, "\xEF\xBF\xBD", 3);
			k += 3;
		}
		i += j;
	}
	s[k] = s[k + 1] = 0;
	*len = k;
	return s;
}

static void make_items(struct tidy_ctx *t)
{
	const struct bsrc_doc *d = &t->doc;
	t->items = xcalloc(d->n + 1, sizeof *t->items);
	t->nitems = d->n;
	for (size_t i = 0; i < d->n; i++) {
		const struct bsrc_node *nd = &d->v[i];
		struct titem *it = &t->items[i];
		it->node = nd;
		it->key = nd->key;
		it->has_key = nd->has_key;
		if (nd->kind != BSRC_ENTRY)
			continue;
		it->fields = arena_alloc(&t->arena, (nd->nfields + 1) * sizeof *it->fields);
		it->nfields = it->capfields = nd->nfields;
		for (size_t j = 0; j < nd->nfields; j++) {
			struct tfield *f = &it->fields[j];
			f->name = nd->fields[j].name;
			f->lname = text_lower_arena(&t->arena, f->name);
			f->parts = nd->fields[j].parts;
			f->nparts = nd->fields[j].nparts;
			f->flags = value_flags(t, f->lname);
		}
	}
}

/* ---- writing ------------------------------------------------------------------- */

/* Text between blocks.  strip: how many leading blank lines go (0: all):
 * bibtex-tidy takes one; at the top of the output a second run would
 * take the next, so all go; after a blank line --blank-lines added, one
 * more, or each run would add one.  gap: text before a block.  An '@'
 * starts a block only after white space or '}', so where the blanks
 * removed at the end joined the '@' to a word, the next run would read
 * the block as text: one space stays (not lossy).  Text that ended the
 * input with no blank after it, which --sort or --merge moved before
 * something, gets a line break (unless it ends in "@word", which the '@'
 * after it closes as the end of the input did). */
static void put_comment(const struct cx_tidy_opts *o, cx_str s, int strip, int gap,
                        struct buf *out)
{
	if (o->strip_comments)
		return;
	if (o->tidy_comments) {
		s = ecma_trim(s);
		if (s.n) {
			buf_put(out, s.p, s.n);
			buf_putc(out, '\n');
		}
		return;
	}
	/* /^[ \t]*\n|[ \t]*$/g: a first blank line, and blanks at the end. */
	for (int k = 0; !strip || k < strip; k++) {
		size_t i = 0;
		while (i < s.n && (s.p[i] == ' ' || s.p[i] == '\t'))
			i++;
		if (i >= s.n || s.p[i] != '\n')
			break;
		s.p += i + 1;
		s.n -= i + 1;
	}
	size_t n = s.n;
	while (s.n && (s.p[s.n - 1] == ' ' || s.p[s.n - 1] == '\t'))
		s.n--;
	buf_put(out, s.p, s.n);
	char c = s.n ? s.p[s.n - 1] : '\n';
	if (!gap || o->lossy || (c && strchr("\n\r\f\v}", c)))
		return;
	if (s.n < n)
		buf_putc(out, ' ');
	else if (!ecma_space_before(s.p, s.p + s.n) && !text_dangles(s))
		buf_putc(out, '\n');
}

/* "@word" in lower case and the block as written. */
static void put_block(const struct bsrc_node *nd, struct buf *out)
{
	buf_putc(out, '@');
	for (size_t i = 0; i < nd->command.n; i++)
		buf_putc(out, str_lower((unsigned char)nd->command.p[i]));
	buf_put(out, nd->text.p, nd->text.n);
}

/* A field of the entry being written: its value (in the values buffer)
 * and whether it is written. */
struct wfield {
	const struct tfield *f;
	size_t off, n;
	int out;
};

static void put_name(struct tidy_ctx *t, const struct tfield *f, struct buf *out)
{
	cx_str name = t->o->lowercase ? f->lname : f->name;
	buf_put(out, t->indent, t->nindent);
	buf_put(out, name.p, name.n);
	/* padEnd(align - 1), in UTF-16 units; NaN and below zero pad nothing. */
	double want = t->o->align - 1;
	size_t have = ecma_length(name.p, name.n);
	if (want == want && want > (double)have) {
		double pad = ecma_floor(want) - (double)have;
		for (double k = 0; k < pad; k++)
			buf_putc(out, ' ');
	}
}

/* Which fields are written: not omitted, not a second field of a name
 * (with the same value, unless lossy), not empty with
 * --remove-empty-fields.  Their values go to vals. */
static void choose_fields(struct tidy_ctx *t, const struct titem *it, struct buf *vals,
                          struct wfield *w)
{
	const struct cx_tidy_opts *o = t->o;
	buf_clear(vals);
	for (size_t i = 0; i < it->nfields; i++) {
		const struct tfield *f = &it->fields[i];
		w[i] = (struct wfield){f, vals->n, 0, 0};
		if (f->flags & TF_OMIT)
			continue;
		value_format(t, f, vals);
		w[i].n = vals->n - w[i].off;
		const char *v = vals->p ? vals->p + w[i].off : "";
		const struct wfield *first = NULL;
		for (size_t k = 0; k < i && !first; k++)
			if (!(w[k].f->flags & TF_OMIT) && str_same(w[k].f->lname, f->lname))
				first = &w[k];
		if (o->remove_dupe_fields && first) {
			if (o->lossy || (first->n == w[i].n && !memcmp(vals->p + first->off, v, w[i].n)))
				continue;
			t->r->nkept++;
			char m[160];
			snprintf(m, sizeof m, "%.*s", (int)(f->name.n > 100 ? 100 : f->name.n), f->name.p);
			diag_report(t->d, CX_WARNING, CX_E_DUP_FIELD, it->line, it->col,
			            "field '%s' is given again with another value: both are kept "
			            "(bibtex-tidy keeps the first; --lossy does too)", m);
		}
		if (o->remove_empty_fields &&
		    (!f->nparts || (w[i].n == 2 && (!memcmp(v, "{}", 2) || !memcmp(v, "\"\"", 2)))))
			continue;
		w[i].out = 1;
	}
}

/* An entry without a key is written "@type{" and its fields: its first
 * field reads back as a field only when its name could be a key (no white
 * space, none of # % { } ~ $ , =) and it has a value; bibtex-tidy writes
 * it so anyway, and then cannot read its own output, or reads the name as
 * the key. */
static int keyless_needs_comma(const struct titem *it, const struct wfield *w, int lower)
{
	for (size_t i = 0; i < it->nfields; i++) {
		if (!w[i].out)
			continue;
		if (!w[i].f->nparts)
			return 1;
		cx_str name = lower ? w[i].f->lname : w[i].f->name;
		for (size_t k = 0; k < name.n; k++)
			if (strchr(" \t\n\r#%{}~$,=()[]", name.p[k]) && name.p[k])
				return 1;
		return 0;
	}
	return 0;
}

static void put_entry(struct tidy_ctx *t, const struct titem *it, struct buf *out,
                      struct buf *vals, struct wfield **w, size_t *cap)
{
	const struct cx_tidy_opts *o = t->o;
	const struct bsrc_node *nd = it->node;
	buf_putc(out, '@');
	if (o->lowercase)
		text_lower(nd->command.p, nd->command.n, out);
	else
		buf_put(out, nd->command.p, nd->command.n);
	buf_putc(out, '{');
	*w = xgrow(*w, cap, it->nfields + 1, sizeof **w);
	choose_fields(t, it, vals, *w);
	if (it->has_key && it->key.n) {
		buf_put(out, it->key.p, it->key.n);
		buf_putc(out, ',');
	} else if (!o->lossy && keyless_needs_comma(it, *w, o->lowercase)) {
		/* With no key, the first field would read back as the key. */
		buf_putc(out, ',');
	}
	/* A comma after each field written but the last: bibtex-tidy puts one
	 * after each field but the last field read, so a last field left out
	 * leaves a comma that a second run takes away (lossy keeps that). */
	size_t last = 0;
	for (size_t i = 0; i < it->nfields; i++)
		if ((*w)[i].out)
			last = i + 1;
	for (size_t i = 0; i < it->nfields; i++) {
		const struct wfield *x = &(*w)[i];
		if (!x->out)
			continue;
		buf_putc(out, '\n');
		if (!x->f->nparts) {
			cx_str name = o->lowercase ? x->f->lname : x->f->name;
			buf_put(out, t->indent, t->nindent);
			buf_put(out, name.p, name.n);
		} else {
			put_name(t, x->f, out);
			buf_put(out, " = ", 3);
			buf_put(out, vals->p + x->off, x->n);
		}
		if ((o->lossy ? i + 1 < it->nfields : i + 1 < last) || o->trailing_commas)
			buf_putc(out, ',');
	}
	buf_put(out, "\n}\n", 3);
}

static void write_all(struct tidy_ctx *t, struct buf *out)
{
	const struct cx_tidy_opts *o = t->o;
	struct buf vals = {0};
	struct wfield *w = NULL;
	size_t cap = 0;
	int blank = 0; /* the block before ended with --blank-lines' blank line */
	for (size_t i = 0; i < t->nitems; i++) {
		const struct titem *it = &t->items[i];
		const struct bsrc_node *nd = it->node;
		int strip = o->lossy ? 1 : !out->n ? 0 : blank ? 2 : 1;
		size_t before = out->n;
		switch (nd->kind) {
		case BSRC_TEXT:
			put_comment(o, nd->text, strip, 1, out);
			/* Text that was all blank lines leaves the blank line before
			 * it the last thing written: the text after it (--sort moves
			 * what ended the input before an entry's own text) takes it
			 * as the blank line --blank-lines added, as the next run will. */
			if (out->n == before)
				continue;
			break;
		case BSRC_COMMENT: {
			struct buf b = {0};
			put_block(nd, &b);
			put_comment(o, (cx_str){b.p, b.n}, strip, 0, out);
			buf_free(&b);
			/* Untrimmed, bibtex-tidy ends no @comment with a line break, and
			 * takes one from the text after it, so every run took one more;
			 * one here makes the output a fixed point. */
			if (!o->tidy_comments && !o->strip_comments && !o->lossy)
				buf_putc(out, '\n');
			break;
		}
		case BSRC_STRING:
		case BSRC_PREAMBLE:
			put_block(nd, out);
			buf_put(out, o->blank_lines ? "\n\n" : "\n", o->blank_lines ? 2 : 1);
			break;
		case BSRC_ENTRY:
			put_entry(t, it, out, &vals, &w, &cap);
			t->r->count++;
			if (o->blank_lines)
				buf_putc(out, '\n');
			break;
		}
		blank = o->blank_lines && nd->kind != BSRC_TEXT && nd->kind != BSRC_COMMENT;
	}
	/* trimEnd, then one line break. */
	cx_str all = {out->p ? out->p : "", out->n};
	size_t k;
	while (all.n && (k = ecma_space_before(all.p, all.p + all.n)) != 0)
		all.n -= k;
	out->n = all.n;
	buf_putc(out, '\n');
	buf_free(&vals);
	free(w);
}

/* ---- duplicates ---------------------------------------------------------------- */

/* Take the entries merged away out.  Text right before one that ends in
 * "@word" was text because the entry's '@' came next: text after the
 * entry would run into that word, so it moves on to stand before the next
 * block (or at the end), which closes it as the entry did (not lossy).
 * So does the run of text it ends: text ends where the next starts with
 * '@' only when it ends in "@word" too, and its '@' must stay next.  Of
 * two runs held, one that starts with '@' goes after the other. */
/* Does text start with '@' (after white space), which closes the "@word"
 * of text before it? */
static int at_first(cx_str s)
{
	s = ecma_trim(s);
	return s.n && s.p[0] == '@';
}

static void drop_merged(struct tidy_ctx *t)
{
	size_t k = 0, nheld = 0;
	struct titem *held = NULL;
	for (size_t i = 0; i < t->nitems; i++) {
		struct titem *it = &t->items[i];
		if (it->removed) {
			/* (after the run held for an entry before, the text
			 * between the two goes after that run) */
			if (!t->o->lossy && k && t->items[k - 1].node->kind == BSRC_TEXT &&
			    text_dangles(t->items[k - 1].node->text)) {
				size_t first = k;
				while (first && t->items[first - 1].node->kind == BSRC_TEXT)
					first--;
				size_t n = k - first;
				held = xrealloc(held, (nheld + n) * sizeof *held);
				if (nheld && !at_first(held[0].node->text) && !at_first(t->items[first].node->text)) {
					/* neither run can follow the other: they keep their order */
					memcpy(held + nheld, &t->items[first], n * sizeof *held);
				} else if (nheld && at_first(held[0].node->text)) {
					/* the new run goes first, the held run's '@' after it */
					memmove(held + n, held, nheld * sizeof *held);
					memcpy(held, &t->items[first], n * sizeof *held);
				} else {
					memcpy(held + nheld, &t->items[first], n * sizeof *held);
				}
				nheld += n;
				k = first;
			}
			continue;
		}
		if (nheld && it->node->kind != BSRC_TEXT) {
			/* k + nheld <= i: the room the run and the removed left */
			memcpy(&t->items[k], held, nheld * sizeof *held);
			k += nheld;
			nheld = 0;
			free(held);
			held = NULL;
		}
		t->items[k++] = *it;
	}
	if (nheld) {
		memcpy(&t->items[k], held, nheld * sizeof *held);
		k += nheld;
		free(held);
	}
	t->nitems = k;
}

/* Find and merge duplicates.  bibtex-tidy does it once, with the values
 * the entries had before: an entry a merge gave a DOI may duplicate
 * another, and sorts by what it had, so a second run merged and sorted
 * again.  citex merges until nothing is left to merge and then takes the
 * merged values, so that a second run finds nothing (lossy: once). */
static void merge_all(struct tidy_ctx *t)
{
	size_t merged = dupes_run(t, 1);
	drop_merged(t);
	while (merged && !t->o->lossy) {
		for (size_t i = 0; i < t->nitems; i++) {
			struct titem *it = &t->items[i];
			if (it->grown && it->vals) {
				it->vals = NULL; /* made again from the merged fields */
				it->grown = 0;
			}
		}
		if (needs_values(t->o))
			tidy_values(t);
		merged = dupes_run(t, 0);
		drop_merged(t);
	}
}

/* ---- the run ------------------------------------------------------------------- */

static cx_str *lower_list(struct tidy_ctx *t, const struct cx_tidy_list *L)
{
	cx_str *v = arena_alloc(&t->arena, (L->n + 1) * sizeof *v);
	for (size_t i = 0; i < L->n; i++)
		v[i] = text_lower_arena(&t->arena, str_of(L->v[i]));
	return v;
}

static void setup(struct tidy_ctx *t)
{
	const struct cx_tidy_opts *o = t->o;
	struct buf b = {0};
	if (o->tab) {
		buf_putc(&b, '\t');
	} else if (o->space == o->space && o->space >= 1) {
		/* " ".repeat(space): the whole part, at most a sane width. */
		for (double k = 0; k < ecma_floor(o->space) && k < 4096; k++)
			buf_putc(&b, ' ');
	}
	t->indent = arena_strndup(&t->arena, b.p ? b.p : "", b.n);
	t->nindent = b.n;
	buf_clear(&b);
	text_number(o->align, &b);
	t->alignlen = b.n;
	buf_free(&b);
	t->enclose = lower_list(t, &o->enclosing_braces);
	t->nenclose = o->enclosing_braces.n;
	t->unbrace = lower_list(t, &o->remove_braces);
	t->nunbrace = o->remove_braces.n;
}

int tidy_run(const struct cx_tidy_opts *o, const char *in, size_t n, struct tidy_result *r,
             struct cx_diags *d)
{
	memset(r, 0, sizeof *r);
	struct tidy_ctx t;
	memset(&t, 0, sizeof t);
	t.o = o;
	t.r = r;
	t.d = d;
	if (o->generate_keys) {
		const char *err = cx_tidy_check_template(o->generate_keys);
		if (err) {
			diag_report(d, CX_ERROR, CX_E_SYNTAX, 0, 0, "--generate-keys: %s", err);
			return -1;
		}
	}
	t.src = prepare(in, n, o->lossy, &t.nsrc);
	int rc = bsrc_parse(&t.doc, t.src, t.nsrc, d);
	if (rc == 0) {
		setup(&t);
		make_items(&t);
		positions(&t);
		for (size_t i = 0; i < t.nitems; i++)
			if (titem_entry(&t.items[i]) && !(t.items[i].has_key && t.items[i].key.n))
				tidy_warn(&t, "MISSING_KEY", &t.items[i], "%.*s entry does not have a citation key.",
				          (int)t.items[i].node->command.n, t.items[i].node->command.p);
		if (needs_values(o))
			tidy_values(&t);
		merge_all(&t);
		if (o->sort.on)
			sort_entries(&t);
		if (o->sort_fields.on)
			sort_fields(&t);
		if (o->generate_keys) {
			keys_generate(&t);
			/* bibtex-tidy sorts by the keys the entries had, so a second
			 * run, sorting by the new ones, moved them (lossy: as it). */
			if (o->sort.on && sorts_by_key(o) && !o->lossy)
				sort_entries(&t);
		}
		write_all(&t, &r->out);
	}
	for (size_t i = 0; i < sizeof t.tmp / sizeof *t.tmp; i++)
		buf_free(&t.tmp[i]);
	free(t.items);
	bsrc_free(&t.doc);
	arena_destroy(&t.arena);
	free(t.src);
	return rc;
}

void tidy_result_free(struct tidy_result *r)
{
	buf_free(&r->out);
	for (size_t i = 0; i < r->nwarnings; i++)
		free(r->warnings[i].msg);
	free(r->warnings);
	memset(r, 0, sizeof *r);
}

/* ---- the public entry point -------------------------------------------------------- */

CX_EXPORT int cx_tidy_run(const struct cx_tidy_opts *o, const char *in, size_t n,
                          const char *file, cx_diag_fn fn, void *ctx,
                          struct cx_tidy_result *r)
{
	struct cx_diags d = {fn, ctx, file ? file : "<stdin>", CX_NOTE, 0, 0};
	struct tidy_result t;
	int rc = tidy_run(o, in ? in : "", n, &t, &d);
	buf_putc(&t.out, 0);
	*r = (struct cx_tidy_result){t.out.p, t.out.n - 1, t.count, t.warnings, t.nwarnings,
	                             t.nkept};
	return rc;
}

CX_EXPORT void cx_tidy_result_free(struct cx_tidy_result *r)
{
	free(r->out);
	for (size_t i = 0; i < r->nwarnings; i++)
		free(r->warnings[i].msg);
	free(r->warnings);
	memset(r, 0, sizeof *r);
}
