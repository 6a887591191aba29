/* tidy/keys.c - --generate-keys, as bibtex-tidy's generateKeys does it.
 *
 * A template is text with [tokens] in it, each with :modifiers, as JabRef
 * writes them: [auth:lower][year][veryshorttitle:lower] by default, then a
 * letter or a number when entries would share a key.  The tokens read the
 * value lookup (values as they would be written out, braces and all):
 * last names of authors (their letters, other runs made '_'), words of
 * the title (runs of letters and digits), the year's digits, or any field
 * named in capitals.  An entry the template gives nothing for, or that
 * lacks what a :required token needs, keeps its key.  Keys are made in
 * the order of the file after --sort, and entries given the same key get
 * a, b, c... ([duplicateLetter]) or 1, 2, 3... ([duplicateNumber]).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ecma.h"
#include "core/hash.h"
#include "core/str.h"
#include "core/utf8.h"
#include "tidy/tidy_int.h"

static const char *const function_words[] = {
	"a", "about", "above", "across", "against", "along", "among", "an", "and", "around", "at",
	"before", "behind", "below", "beneath", "beside", "between", "beyond", "but", "by", "down",
	"during", "except", "for", "from", "in", "inside", "into", "like", "near", "nor", "of",
	"off", "on", "onto", "or", "since", "so", "the", "through", "to", "toward", "under",
	"until", "up", "upon", "with", "within", "without", "yet",
};

enum tok { T_TEXT, T_AUTH, T_AUTHETAL, T_AUTHORS, T_AUTHORSN, T_VERYSHORT, T_SHORT, T_TITLE,
	   T_FULLTITLE, T_YEAR, T_LETTER, T_NUMBER, T_FIELD };
enum mod { M_REQUIRED, M_LOWER, M_UPPER, M_CAPITALIZE };

/* A piece of the template: text, or a token with its modifiers. */
struct piece {
	enum tok tok;
	cx_str s;      /* T_TEXT: the text; T_FIELD: the field, lower case */
	double n;      /* T_AUTHORSN */
	enum mod mods[8];
	size_t nmods;
};

/* The end of the [token:mod...] at s[i] ('['), or 0: the regular
 * expression \[[^:\]]+(?::[^:\]]+)*\] . */
static size_t token_end(const char *s, size_t n, size_t i)
{
	size_t j = i + 1, k;
	for (k = j; k < n && s[k] != ':' && s[k] != ']'; k++)
		;
	if (k == j)
		return 0;
	while (k < n && s[k] == ':') {
		size_t m = k + 1;
		while (m < n && s[m] != ':' && s[m] != ']')
			m++;
		if (m == k + 1)
			return 0;
		k = m;
	}
	return k < n && s[k] == ']' ? k + 1 : 0;
}

/* The token named by s[0..n) (digit runs made 'N', the last of them in
 * *num), or -1 with *err set. */
static int token_kind(struct arena *a, cx_str name, struct piece *p, const char **err)
{
	static const struct {
		const char *name;
		enum tok tok;
	} marks[] = {
		{"auth", T_AUTH}, {"authEtAl", T_AUTHETAL}, {"authors", T_AUTHORS}, {"authorsN", T_AUTHORSN},
		{"veryshorttitle", T_VERYSHORT}, {"shorttitle", T_SHORT}, {"title", T_TITLE},
		{"fulltitle", T_FULLTITLE}, {"year", T_YEAR}, {"duplicateLetter", T_LETTER},
		{"duplicateNumber", T_NUMBER},
	};
	char *k = arena_alloc(a, name.n + 1);
	size_t kn = 0;
	p->n = 0;
	for (size_t i = 0; i < name.n;) {
		if (str_digit(name.p[i])) {
			double v = 0;
			while (i < name.n && str_digit(name.p[i]))
				v = v * 10 + (name.p[i++] - '0');
			p->n = v;
			k[kn++] = 'N';
		} else {
			k[kn++] = name.p[i++];
		}
	}
	cx_str key = {k, kn};
	for (size_t i = 0; i < sizeof marks / sizeof *marks; i++)
		if (str_eq(key, marks[i].name))
			return (int)marks[i].tok;
	struct buf up = {0};
	text_upper(key.p, key.n, &up);
	int field = up.n == key.n && !memcmp(up.p, key.p, key.n);
	buf_free(&up);
	if (!field) {
		*err = "an unknown token (tokens are auth, authEtAl, authors, authorsN, veryshorttitle, "
		       "shorttitle, title, fulltitle, year, duplicateLetter, duplicateNumber, or a "
		       "field in capitals)";
		return -1;
	}
	p->s = text_lower_arena(a, key);
	return T_FIELD;
}

/* Parse the template into pieces; NULL and *err on a bad token. */
static struct piece *parse_template(struct arena *a, const char *tpl, size_t *np, const char **err)
{
	size_t n = strlen(tpl), cap = 8, k = 0, run = 0;
	struct piece *v = arena_alloc(a, cap * sizeof *v);
	for (size_t i = 0; i <= n; i++) {
		size_t e = i < n && tpl[i] == '[' ? token_end(tpl, n, i) : 0;
		if (!e && i < n)
			continue;
		if (k + 2 > cap) {
			v = arena_grow(a, v, sizeof *v, k, cap * 2);
			cap *= 2;
		}
		if (i > run)
			v[k++] = (struct piece){T_TEXT, {tpl + run, i - run}, 0, {0}, 0};
		if (!e)
			break;
		struct piece *p = &v[k++];
		memset(p, 0, sizeof *p);
		const char *q = tpl + i + 1, *end = tpl + e - 1;
		const char *c = memchr(q, ':', (size_t)(end - q));
		int t = token_kind(a, (cx_str){q, (size_t)((c ? c : end) - q)}, p, err);
		if (t < 0)
			return NULL;
		p->tok = (enum tok)t;
		while (c) {
			const char *m = c + 1, *next = memchr(m, ':', (size_t)(end - m));
			cx_str mod = {m, (size_t)((next ? next : end) - m)};
			enum mod md;
			if (str_eq(mod, "required"))
				md = M_REQUIRED;
			else if (str_eq(mod, "lower"))
				md = M_LOWER;
			else if (str_eq(mod, "upper"))
				md = M_UPPER;
			else if (str_eq(mod, "capitalize"))
				md = M_CAPITALIZE;
			else {
				*err = "an unknown modifier (modifiers are required, lower, upper, capitalize)";
				return NULL;
			}
			if (p->nmods < sizeof p->mods / sizeof *p->mods)
				p->mods[p->nmods++] = md;
			c = next;
		}
		i = e - 1;
		run = e;
	}
	*np = k;
	return v;
}

CX_EXPORT const char *cx_tidy_check_template(const char *template)
{
	struct arena a = {0};
	const char *err = NULL;
	size_t n;
	parse_template(&a, template, &n, &err);
	arena_destroy(&a);
	return err;
}

/* ---- the words a token gives -------------------------------------------------- */

struct words {
	cx_str *v;
	size_t n, cap;
};

static void add_word(struct words *w, cx_str s)
{
	w->v = xgrow(w->v, &w->cap, w->n + 1, sizeof *w->v);
	w->v[w->n++] = s;
}

/* parseAuthors(value, true): each name's last name. */
static size_t last_names(struct arena *a, cx_str v, cx_str *out, size_t max)
{
	/* White space runs become one space; names split on " and " (any
	 * case), each trimmed and rid of quotes and braces. */
	char *s = arena_alloc(a, v.n + 1);
	size_t n = 0;
	for (const char *p = v.p, *e = v.p + v.n; p < e;) {
		size_t k = ecma_space(p, e);
		if (k) {
			while ((k = ecma_space(p, e)) != 0)
				p += k;
			s[n++] = ' ';
		} else {
			s[n++] = *p++;
		}
	}
	size_t count = 0, start = 0;
	for (size_t i = 0; i <= n; i++) {
		int split = i + 5 <= n && s[i] == ' ' && str_ieqn(s + i + 1, "and", 3) && s[i + 4] == ' ';
		if (!split && i < n)
			continue;
		cx_str name = ecma_trim((cx_str){s + start, i - start});
		char *c = arena_alloc(a, name.n + 1);
		size_t cn = 0;
		for (size_t j = 0; j < name.n; j++)
			if (name.p[j] != '"' && name.p[j] != '{' && name.p[j] != '}')
				c[cn++] = name.p[j];
		const char *comma = memchr(c, ',', cn);
		cx_str last;
		if (comma) {
			last = ecma_trim((cx_str){c, (size_t)(comma - c)});
		} else {
			size_t sp = cn;
			while (sp > 0 && c[sp - 1] != ' ')
				sp--;
			size_t from = sp ? sp - 1 : (cn ? cn - 1 : 0);
			while (!sp && from > 0 && ((unsigned char)c[from] & 0xC0) == 0x80)
				from--;
			last = ecma_trim((cx_str){c + from, cn - from});
		}
		if (count < max)
			out[count] = last;
		count++;
		if (split) {
			i += 4;
			start = i + 1;
		}
	}
	return count;
}

/* A last name with each run of what is not a letter made '_'. */
static cx_str letters_only(struct arena *a, cx_str s)
{
	char *p = arena_alloc(a, s.n + 1);
	size_t k = 0;
	int run = 0;
	for (const char *q = s.p, *e = s.p + s.n; q < e;) {
		size_t len;
		int32_t cp = text_cp(q, e, &len);
		if (text_letter(cp)) {
			memcpy(p + k, q, len);
			k += len;
			run = 0;
		} else if (!run) {
			p[k++] = '_';
			run = 1;
		}
		q += len;
	}
	return (cx_str){p, k};
}

static int function_word(cx_str w)
{
	if (w.n > 8)
		return 0;
	char low[9];
	for (size_t i = 0; i < w.n; i++)
		low[i] = (char)str_lower((unsigned char)w.p[i]);
	for (size_t i = 0; i < sizeof function_words / sizeof *function_words; i++)
		if (strlen(function_words[i]) == w.n && !memcmp(low, function_words[i], w.n))
			return 1;
	return 0;
}

static void title_words(struct tidy_ctx *t, struct titem *it, struct words *w, int plain)
{
	const cx_str *ttl = tidy_value(t, it, "title");
	if (!ttl)
		ttl = tidy_value(t, it, "booktitle");
	if (!ttl)
		return;
	size_t n = text_words(*ttl, NULL, 0);
	cx_str *v = xmalloc((n + 1) * sizeof *v);
	text_words(*ttl, v, n);
	for (size_t i = 0; i < n; i++)
		if (plain || !function_word(v[i]))
			add_word(w, v[i]);
	free(v);
}

/* The words piece p gives for an item. */
static void token_words(struct tidy_ctx *t, const struct piece *p, struct titem *it,
                        struct words *w)
{
	w->n = 0;
	if (p->tok == T_LETTER) {
		add_word(w, (cx_str){"[duplicateLetter]", 17});
	} else if (p->tok == T_NUMBER) {
		add_word(w, (cx_str){"[duplicateNumber]", 17});
	} else if (p->tok == T_YEAR) {
		const cx_str *y = tidy_value(t, it, "year");
		if (!y)
			return;
		char *d = arena_alloc(&t->arena, y->n + 1);
		size_t k = 0;
		for (size_t i = 0; i < y->n; i++)
			if (str_digit(y->p[i]))
				d[k++] = y->p[i];
		if (k)
			add_word(w, (cx_str){d, k});
	} else if (p->tok == T_FIELD) {
		const cx_str *v = tidy_value(t, it, p->s.p);
		if (v && v->n) {
			size_t n = text_words(*v, NULL, 0);
			cx_str *ws = xmalloc((n + 1) * sizeof *ws);
			text_words(*v, ws, n);
			for (size_t i = 0; i < n; i++)
				add_word(w, ws[i]);
			free(ws);
		}
	} else if (p->tok >= T_VERYSHORT && p->tok <= T_FULLTITLE) {
		title_words(t, it, w, p->tok == T_TITLE || p->tok == T_FULLTITLE);
		size_t keep = p->tok == T_VERYSHORT ? 1 : p->tok == T_SHORT ? 3 : w->n;
		if (w->n > keep)
			w->n = keep;
		if (p->tok == T_TITLE) {
			for (size_t i = 0; i < w->n; i++) {
				struct buf b = {0};
				size_t len;
				text_cp(w->v[i].p, w->v[i].p + w->v[i].n, &len);
				text_upper(w->v[i].p, len, &b);
				text_lower(w->v[i].p + len, w->v[i].n - len, &b);
				w->v[i] = arena_str(&t->arena, b.p, b.n);
				buf_free(&b);
			}
		}
	} else {
		const cx_str *v = tidy_value(t, it, "author");
		cx_str none = {"", 0}, names[64];
		size_t n = last_names(&t->arena, v ? *v : none, names, 64);
		size_t got = n < 64 ? n : 64;
		double keep = p->tok == T_AUTH ? 1 : p->tok == T_AUTHETAL ? 2 : p->tok == T_AUTHORSN ? p->n : (double)got;
		for (size_t i = 0; i < got && (double)i < keep; i++) {
			cx_str s = letters_only(&t->arena, names[i]);
			if (p->tok != T_AUTH || s.n)
				add_word(w, s);
		}
		if ((p->tok == T_AUTHETAL && n > 2) || (p->tok == T_AUTHORSN && (double)n > p->n)) {
			add_word(w, (cx_str){"Et", 2});
			add_word(w, (cx_str){"Al", 2});
		}
	}
}

/* Apply a modifier; 0 when :required finds nothing. */
static int modify(struct tidy_ctx *t, enum mod m, struct words *w)
{
	if (m == M_REQUIRED)
		return w->n != 0;
	for (size_t i = 0; i < w->n; i++) {
		struct buf b = {0};
		cx_str s = w->v[i];
		if (m == M_LOWER) {
			text_lower(s.p, s.n, &b);
		} else if (m == M_UPPER) {
			text_upper(s.p, s.n, &b);
		} else {
			size_t len = 0;
			if (s.n)
				text_cp(s.p, s.p + s.n, &len);
			text_upper(s.p, len, &b);
			text_lower(s.p + len, s.n - len, &b);
		}
		w->v[i] = arena_str(&t->arena, b.p ? b.p : "", b.n);
		buf_free(&b);
	}
	return 1;
}

/* The key the template gives an item, in out; 0 when it gives none. */
static int make_key(struct tidy_ctx *t, const struct piece *v, size_t n, struct titem *it,
                    struct words *w, struct buf *out)
{
	buf_clear(out);
	for (size_t i = 0; i < n; i++) {
		if (v[i].tok == T_TEXT) {
			buf_put(out, v[i].s.p, v[i].s.n);
			continue;
		}
		token_words(t, &v[i], it, w);
		for (size_t m = 0; m < v[i].nmods; m++)
			if (!modify(t, v[i].mods[m], w))
				return 0;
		for (size_t k = 0; k < w->n; k++)
			buf_put(out, w->v[k].p, w->v[k].n);
	}
	return out->n != 0;
}

/* Replace every "[duplicateLetter]" and "[duplicateNumber]" in key. */
static cx_str number_key(struct arena *a, cx_str key, size_t i, size_t count)
{
	struct buf b = {0};
	char letter[8] = "", number[24] = "";
	if (count > 1) {
		/* String.fromCharCode(97 + i) */
		letter[utf8_put(letter, (int32_t)((97 + i) & 0xFFFF))] = 0;
		snprintf(number, sizeof number, "%zu", i + 1);
	}
	for (size_t j = 0; j < key.n;) {
		if (key.n - j >= 17 && !memcmp(key.p + j, "[duplicateLetter]", 17)) {
			buf_puts(&b, letter);
			j += 17;
		} else if (key.n - j >= 17 && !memcmp(key.p + j, "[duplicateNumber]", 17)) {
			buf_puts(&b, number);
			j += 17;
		} else {
			buf_putc(&b, key.p[j++]);
		}
	}
	cx_str r = arena_str(a, b.p ? b.p : "", b.n);
	buf_free(&b);
	return r;
}

void keys_generate(struct tidy_ctx *t)
{
	const char *tpl = t->o->generate_keys;
	struct buf full = {0};
	buf_puts(&full, tpl);
	if (!strstr(tpl, "[duplicateLetter]") && !strstr(tpl, "[duplicateNumber]"))
		buf_puts(&full, "[duplicateLetter]");
	const char *err = NULL;
	size_t np;
	struct piece *v = parse_template(&t->arena, full.p, &np, &err);
	buf_free(&full);
	if (!v)
		return; /* tidy_run checked the template */
	/* The new keys, in order of first appearance, and the entries of each. */
	struct strset keys = {0};
	size_t *next = xcalloc(t->nitems + 1, sizeof *next), *head = NULL, *tail = NULL,
	       *count = NULL, cap = 0, ncap = 0, ccap = 0;
	struct words w = {0};
	struct buf out = {0};
	for (size_t i = 0; i < t->nitems; i++) {
		struct titem *it = &t->items[i];
		if (!titem_entry(it) || !make_key(t, v, np, it, &w, &out))
			continue;
		int added;
		size_t k = strset_add(&keys, &t->arena, out.p, out.n, &added);
		if (added) {
			head = xgrow(head, &cap, k + 1, sizeof *head);
			tail = xgrow(tail, &ncap, k + 1, sizeof *tail);
			count = xgrow(count, &ccap, k + 1, sizeof *count);
			head[k] = tail[k] = i;
			count[k] = 0;
		} else {
			next[tail[k]] = i + 1;
			tail[k] = i;
		}
		count[k]++;
	}
	for (size_t k = 0; k < keys.n; k++) {
		size_t j = 0;
		for (size_t i = head[k] + 1; i; i = next[i - 1], j++) {
			struct titem *it = &t->items[i - 1];
			it->key = number_key(&t->arena, keys.key[k], j, count[k]);
			it->has_key = 1;
		}
	}
	strset_free(&keys);
	free(next);
	free(head);
	free(tail);
	free(count);
	free(w.v);
	buf_free(&out);
}
