/* norm/keys.c - citation keys from a JabRef / Better BibTeX style pattern.
 *
 * A pattern compiles once into a list of items: literal text, or a field
 * marker with its modifiers.  Each entry's key is the items expanded in
 * order.  Marker values are ASCII letters and digits only (keys_fold), and
 * literal text is checked when the pattern is compiled, so every key is a
 * legal BibTeX and biber key without further escaping.
 *
 * Uniqueness needs every key handed out so far: a hash set in the keygen's
 * arena.  A second table maps each entry's old key to its new one, so that
 * crossref, xdata, xref, related and entryset values can follow the rename;
 * keygen_run renames everything first and rewrites references second,
 * which handles a reference to an entry that comes later in the input.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "core/hash.h"
#include "core/str.h"
#include "norm/context.h"
#include "norm/keys.h"
#include "norm/norm.h"
#include "norm/venue.h"

/* ---- the pattern ---------------------------------------------------------- */

enum marker {
	M_AUTH,           /* family name of the first author */
	M_AUTHETAL,       /* Smith, SmithJones, SmithEtAl */
	M_AUTHORS,        /* up to n family names (0: all), then EtAl */
	M_YEAR,
	M_SHORTYEAR,
	M_TITLE,          /* every word, significant ones capitalized */
	M_SHORTTITLE,     /* three significant words, capitalized */
	M_VERYSHORTTITLE, /* the first significant word, capitalized */
	M_VENUE,          /* the venue's acronym */
	M_FIRSTPAGE,
};

enum modifier { MOD_LOWER, MOD_UPPER };

#define MAX_MODS 4

struct item {
	const char *lit; /* literal text, or NULL for a marker */
	size_t nlit;
	enum marker m;
	int n; /* authorsN */
	enum modifier mods[MAX_MODS];
	int nmods;
};

/* The markers by name, indexed by enum marker. */
static const char *const marker_names[] = {
	[M_AUTH] = "auth",
	[M_AUTHETAL] = "authEtAl",
	[M_AUTHORS] = "authors",
	[M_YEAR] = "year",
	[M_SHORTYEAR] = "shortyear",
	[M_TITLE] = "title",
	[M_SHORTTITLE] = "shorttitle",
	[M_VERYSHORTTITLE] = "veryshorttitle",
	[M_VENUE] = "venue",
	[M_FIRSTPAGE] = "firstpage",
};

struct keygen {
	struct item *items;
	size_t nitems;
	struct arena a;       /* keys, the rename map, rewritten references */
	struct arena scratch; /* per entry: venue parsing */
	struct buf key;       /* the key being built */
	struct buf val;       /* one marker's value */
	struct buf words;     /* the title's words, folded, NUL-separated */
	size_t nwords;
	int have_words;
	struct buf text;      /* plain text for venue lookups */
	struct strset taken;   /* every key handed out or reserved */
	struct strset renamed; /* old keys; renamed_to[i] is old key i's new key */
	cx_str *renamed_to;
	size_t renamed_cap;
	int aliases;          /* keygen_run keeps old keys in ids */
	const struct venue_db *venues; /* the context's, for [venue] */
};

/* ---- compiling a pattern ---------------------------------------------------- */

/* Literal text a key may hold: what BibTeX, biber and LaTeX's \cite all
 * read back as part of one key. */
static int key_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (c && strchr("-_:./+", c));
}

static const char *parse_modifier(struct item *it, const char *s, size_t n)
{
	if (it->nmods == MAX_MODS)
		return "too many modifiers on one field marker";
	if (n == 5 && !memcmp(s, "lower", 5))
		it->mods[it->nmods++] = MOD_LOWER;
	else if (n == 5 && !memcmp(s, "upper", 5))
		it->mods[it->nmods++] = MOD_UPPER;
	else
		return "unknown modifier (known: lower, upper)";
	return NULL;
}

static const char *parse_marker(struct item *it, const char *s, size_t n)
{
	size_t name = 0;
	while (name < n && s[name] != ':')
		name++;
	int found = 0;
	for (size_t k = 0; k < sizeof marker_names / sizeof *marker_names && !found; k++)
		if (marker_names[k] && str_same(str_of(marker_names[k]), (cx_str){s, name})) {
			it->m = (enum marker)k;
			found = 1;
		}
	if (!found && name > 7 && name <= 9 && !memcmp(s, "authors", 7)) {
		int v = 0;
		found = 1;
		for (size_t i = 7; i < name; i++) {
			if (s[i] < '0' || s[i] > '9')
				found = 0;
			else
				v = 10 * v + (s[i] - '0');
		}
		if (found && !v)
			return "[authors0] names no author; use [authors] for all of them";
		it->m = M_AUTHORS;
		it->n = v;
	}
	if (!found)
		return "unknown field marker (known: auth, authEtAl, authors, authorsN, year, "
		       "shortyear, title, shorttitle, veryshorttitle, venue, firstpage)";
	for (size_t i = name; i < n;) {
		size_t b = ++i;
		while (i < n && s[i] != ':')
			i++;
		const char *err = parse_modifier(it, s + b, i - b);
		if (err)
			return err;
	}
	return NULL;
}

static const char *compile(struct keygen *g, const char *p)
{
	size_t len = strlen(p);
	if (!len)
		return "the pattern is empty";
	g->items = xcalloc(len, sizeof *g->items);
	for (size_t i = 0; i < len;) {
		struct item *it = &g->items[g->nitems++];
		if (p[i] == '[') {
			const char *end = strchr(p + i, ']');
			if (!end)
				return "'[' without a closing ']'";
			const char *err = parse_marker(it, p + i + 1, (size_t)(end - p - i - 1));
			if (err)
				return err;
			i = (size_t)(end - p) + 1;
			continue;
		}
		if (p[i] == ']')
			return "']' without an opening '['";
		it->lit = p + i;
		while (i < len && p[i] != '[' && p[i] != ']') {
			if (!key_char((unsigned char)p[i]))
				return "a key may hold only letters, digits and - _ : . / + outside "
				       "the field markers";
			i++;
		}
		it->nlit = (size_t)(p + i - it->lit);
	}
	return NULL;
}

struct keygen *keygen_new(const struct venue_db *venues, const char *pattern, const char **err)
{
	struct keygen *g = xcalloc(1, sizeof *g);
	g->venues = venues;
	const char *p = pattern ? pattern : KEYGEN_DEFAULT;
	/* Literal items point into this copy. */
	const char *e = compile(g, arena_strndup(&g->a, p, strlen(p)));
	if (e) {
		if (err)
			*err = e;
		keygen_free(g);
		return NULL;
	}
	return g;
}

void keygen_free(struct keygen *g)
{
	if (!g)
		return;
	free(g->items);
	strset_free(&g->taken);
	strset_free(&g->renamed);
	free(g->renamed_to);
	buf_free(&g->key);
	buf_free(&g->val);
	buf_free(&g->words);
	buf_free(&g->text);
	arena_destroy(&g->a);
	arena_destroy(&g->scratch);
	free(g);
}

/* ---- names ------------------------------------------------------------------------ */

static int real_name(const struct cx_name *nm)
{
	return !nm->others;
}

/* The family name, or the whole of a literal (corporate) name.  A
 * particle is left out, as in JabRef's [auth]: "van der Berg" gives Berg. */
static void fold_name(struct buf *b, const struct cx_name *nm)
{
	translit_ascii(b, nm->family.n ? nm->family : nm->literal);
}

/* The name list the author markers read: authors, else editors, as long
 * as the first name folds to something. */
static const struct cx_field *name_source(struct keygen *g, const struct cx_entry *e)
{
	static const enum cx_field_id ids[] = {CX_F_AUTHOR, CX_F_EDITOR};
	for (size_t k = 0; k < 2; k++) {
		const struct cx_field *f = cx_entry_get(e, ids[k]);
		if (!f || !f->nnames || !real_name(&f->names[0]))
			continue;
		size_t n0 = g->val.n;
		fold_name(&g->val, &f->names[0]);
		int ok = g->val.n > n0;
		g->val.n = n0;
		if (ok)
			return f;
	}
	return NULL;
}

/* No usable name: an organization or institution field, else "anon". */
static void no_name(struct buf *b, const struct cx_entry *e)
{
	static const enum cx_field_id ids[] = {CX_F_ORGANIZATION, CX_F_INSTITUTION};
	for (size_t k = 0; k < 2; k++) {
		const struct cx_field *f = cx_entry_get(e, ids[k]);
		size_t n0 = b->n;
		if (f)
			translit_ascii(b, f->text);
		if (b->n > n0)
			return;
	}
	buf_put(b, "anon", 4);
}

enum names_mode {
	N_FIRST,  /* [auth]: the first name alone */
	N_ETAL2,  /* [authEtAl]: two names when there are exactly two, else EtAl */
	N_UPTO,   /* [authorsN], [authors]: up to max names, EtAl for the rest */
};

/* Up to max family names (0: all of them); EtAl when some are left out
 * or the list ends in "and others". */
static void names(struct keygen *g, const struct cx_entry *e, size_t max, enum names_mode mode)
{
	const struct cx_field *f = name_source(g, e);
	if (!f) {
		no_name(&g->val, e);
		return;
	}
	size_t real = 0;
	int others = 0;
	for (size_t i = 0; i < f->nnames; i++) {
		if (real_name(&f->names[i]))
			real++;
		else
			others = 1;
	}
	if (mode == N_FIRST)
		max = 1;
	else if (mode == N_ETAL2)
		max = real == 2 && !others ? 2 : 1;
	size_t take = max && max < real ? max : real;
	for (size_t i = 0, k = 0; i < f->nnames && k < take; i++)
		if (real_name(&f->names[i])) {
			fold_name(&g->val, &f->names[i]);
			k++;
		}
	if (mode != N_FIRST && (take < real || others))
		buf_put(&g->val, "EtAl", 4);
}

/* ---- titles ------------------------------------------------------------------------- */

/* JabRef's function words, plus words Better BibTeX also skips ("towards",
 * "via", "is") and the question words and verbs a paper title opens with,
 * which say nothing about the paper. */
static const char *const function_words[] = {
	"a", "about", "above", "across", "against", "along", "among", "an", "and", "are",
	"around", "at", "before", "behind", "below", "beneath", "beside", "between", "beyond",
	"but", "by", "can", "do", "does", "down", "during", "except", "for", "from", "how",
	"in", "inside", "into", "is", "its", "like", "near", "nor", "not", "of", "off", "on",
	"onto", "or", "since", "so", "the", "through", "to", "toward", "towards", "under",
	"until", "up", "upon", "via", "we", "what", "when", "why", "with", "within", "without",
	"yet",
};

static int function_word(const char *w)
{
	char lo[16];
	size_t n = strlen(w);
	if (n >= sizeof lo)
		return 0;
	for (size_t i = 0; i <= n; i++)
		lo[i] = (char)(w[i] >= 'A' && w[i] <= 'Z' ? w[i] - 'A' + 'a' : w[i]);
	for (size_t i = 0; i < sizeof function_words / sizeof *function_words; i++)
		if (!strcmp(lo, function_words[i]))
			return 1;
	return 0;
}

/* Does a word end at s[i]?  White space, hyphens and dashes split words
 * (as in JabRef); so do the ASCII punctuation marks that never sit inside
 * a word.  Returns the separator's length, 0 if none. */
static size_t word_sep(const char *s, size_t n, size_t i)
{
	const unsigned char *u = (const unsigned char *)s + i;
	if (*u < 0x80)
		return *u == ' ' || (*u >= '\t' && *u <= '\r') || strchr("-:;,\"()[]{}!?", *u) ? 1 : 0;
	if (n - i >= 2 && u[0] == 0xC2 && u[1] == 0xA0)
		return 2; /* no-break space */
	if (n - i >= 3 && u[0] == 0xE2 && u[1] == 0x80 && (u[2] <= 0x95 || u[2] == 0xAF))
		return 3; /* U+2000..U+2015: spaces, hyphens, dashes */
	if (n - i >= 3 && u[0] == 0xE3 && u[1] == 0x80 && u[2] == 0x80)
		return 3; /* ideographic space */
	return 0;
}

/* Split the title into folded words, once per entry.  Words that fold to
 * nothing (a symbol, a word in a script with no romanization) are left
 * out. */
static void title_words(struct keygen *g, const struct cx_entry *e)
{
	if (g->have_words)
		return;
	g->have_words = 1;
	g->words.n = 0;
	g->nwords = 0;
	const struct cx_field *f = cx_entry_get(e, CX_F_TITLE);
	if (!f)
		return;
	cx_str t = f->text;
	for (size_t i = 0; i < t.n;) {
		size_t sep = word_sep(t.p, t.n, i);
		if (sep) {
			i += sep;
			continue;
		}
		size_t b = i;
		while (i < t.n && !word_sep(t.p, t.n, i))
			i++;
		size_t n0 = g->words.n;
		translit_ascii(&g->words, (cx_str){t.p + b, i - b});
		if (g->words.n > n0) {
			buf_putc(&g->words, 0);
			g->nwords++;
		}
	}
}

static void put_word(struct buf *b, const char *w, int capital)
{
	size_t n0 = b->n;
	buf_put(b, w, strlen(w));
	char *c = &b->p[n0];
	if (capital && *c >= 'a' && *c <= 'z')
		*c = (char)(*c - 'a' + 'A');
	else if (!capital && *c >= 'A' && *c <= 'Z')
		*c = (char)(*c - 'A' + 'a');
}

/* max significant words (0: every word, function words in lower case). */
static void title(struct keygen *g, const struct cx_entry *e, size_t max)
{
	title_words(g, e);
	const char *w = g->words.p;
	for (size_t i = 0, k = 0; i < g->nwords; i++, w += strlen(w) + 1) {
		int fw = function_word(w);
		if (max && fw)
			continue;
		put_word(&g->val, w, !fw || i == 0);
		if (max && ++k == max)
			break;
	}
}

/* ---- venues, years, pages -------------------------------------------------------------- */

/* The text without markup bytes, NUL-terminated, in g->text. */
static cx_str plain(struct keygen *g, cx_str s)
{
	g->text.n = 0;
	for (size_t i = 0; i < s.n; i++)
		if (!CX_IS_MARK(s.p[i]))
			buf_putc(&g->text, s.p[i]);
	buf_putc(&g->text, 0);
	return (cx_str){g->text.p, g->text.n - 1};
}

static int one_token(cx_str s)
{
	for (size_t i = 0; i < s.n; i++)
		if (s.p[i] == ' ' || s.p[i] == '.')
			return 0;
	return s.n > 0;
}

/* The acronym a venue is known by: a one-word container-title-short as
 * given, else what the venue table knows for the journal or booktitle,
 * else the short title folded (an abbreviation such as "Phys. Rev."). */
static void venue(struct keygen *g, const struct cx_entry *e)
{
	const struct cx_field *sj = cx_entry_get(e, CX_F_SHORTJOURNAL);
	cx_str shortj = sj ? plain(g, sj->text) : (cx_str){"", 0};
	if (one_token(shortj)) {
		translit_ascii(&g->val, shortj);
		return;
	}
	static const enum cx_field_id ids[] = {CX_F_JOURNAL, CX_F_BOOKTITLE};
	for (size_t k = 0; k < 2; k++) {
		const struct cx_field *f = cx_entry_get(e, ids[k]);
		if (!f)
			continue;
		cx_str s = plain(g, f->text);
		const struct venue_row *r = venue_lookup(g->venues, s.p, s.n);
		struct venue_info vi;
		if (r && r->acronym[0]) {
			translit_ascii(&g->val, (cx_str){r->acronym, strlen(r->acronym)});
			return;
		}
		/* The grammar peels what the lookup does not: editions, years,
		 * "(OSDI '24)". */
		if (venue_parse(g->venues, &g->scratch, s.p, s.n, &vi) != 0)
			continue;
		if (vi.row && vi.row->acronym[0]) {
			translit_ascii(&g->val, (cx_str){vi.row->acronym, strlen(vi.row->acronym)});
			return;
		}
		if (vi.acronym.n) {
			translit_ascii(&g->val, vi.acronym);
			return;
		}
	}
	if (sj)
		translit_ascii(&g->val, sj->text);
}

static void year(struct keygen *g, const struct cx_entry *e, int two_digits)
{
	int y = e->issued.year[0];
	if (y <= 0)
		return;
	char s[16];
	int n = two_digits ? snprintf(s, sizeof s, "%02d", y % 100) : snprintf(s, sizeof s, "%d", y);
	buf_put(&g->val, s, (size_t)n);
}

/* The first page as written: "e1234" from "e1234--e1240", 7 from "7, 41". */
static void first_page(struct keygen *g, const struct cx_entry *e)
{
	const struct cx_field *f = cx_entry_get(e, CX_F_PAGES);
	if (!f)
		return;
	cx_str s = f->text;
	size_t i = 0;
	while (i < s.n && !key_char((unsigned char)s.p[i]))
		i++;
	while (i < s.n && (((s.p[i] | 0x20) >= 'a' && (s.p[i] | 0x20) <= 'z') ||
	                   (s.p[i] >= '0' && s.p[i] <= '9')))
		buf_putc(&g->val, s.p[i++]);
}

/* ---- keys ------------------------------------------------------------------------------- */

static void expand(struct keygen *g, const struct cx_entry *e, const struct item *it)
{
	switch (it->m) {
	case M_AUTH: names(g, e, 1, N_FIRST); break;
	case M_AUTHETAL: names(g, e, 2, N_ETAL2); break;
	case M_AUTHORS: names(g, e, (size_t)it->n, N_UPTO); break;
	case M_YEAR: year(g, e, 0); break;
	case M_SHORTYEAR: year(g, e, 1); break;
	case M_TITLE: title(g, e, 0); break;
	case M_SHORTTITLE: title(g, e, 3); break;
	case M_VERYSHORTTITLE: title(g, e, 1); break;
	case M_VENUE: venue(g, e); break;
	case M_FIRSTPAGE: first_page(g, e); break;
	}
	for (int k = 0; k < it->nmods; k++)
		for (size_t i = 0; i < g->val.n; i++) {
			char c = g->val.p[i];
			if (it->mods[k] == MOD_LOWER && c >= 'A' && c <= 'Z')
				g->val.p[i] = (char)(c - 'A' + 'a');
			else if (it->mods[k] == MOD_UPPER && c >= 'a' && c <= 'z')
				g->val.p[i] = (char)(c - 'a' + 'A');
		}
}

/* The suffix for the n-th collision (n >= 1): a..z, aa..az, ba.. */
static size_t suffix(size_t n, char *out)
{
	char rev[16];
	size_t k = 0;
	while (n) {
		n--;
		rev[k++] = (char)('a' + n % 26);
		n /= 26;
	}
	for (size_t i = 0; i < k; i++)
		out[i] = rev[k - 1 - i];
	return k;
}

/* Build e's key from the pattern and make it unique. */
static cx_str make_key(struct keygen *g, const struct cx_entry *e)
{
	arena_reset(&g->scratch);
	g->have_words = 0;
	g->key.n = 0;
	for (size_t i = 0; i < g->nitems; i++) {
		const struct item *it = &g->items[i];
		if (it->lit) {
			buf_put(&g->key, it->lit, it->nlit);
			continue;
		}
		g->val.n = 0;
		expand(g, e, it);
		if (g->val.n)
			buf_put(&g->key, g->val.p, g->val.n);
	}
	if (!g->key.n)
		buf_put(&g->key, "anon", 4);
	size_t base = g->key.n;
	for (size_t n = 1; strset_find(&g->taken, g->key.p, g->key.n) >= 0; n++) {
		char s[16];
		g->key.n = base;
		buf_put(&g->key, s, suffix(n, s));
	}
	size_t i = strset_add(&g->taken, &g->a, g->key.p, g->key.n, NULL);
	return g->taken.key[i];
}

static int is_xdata(const struct cx_entry *e)
{
	return e->type_name.n == 5 && !memcmp(e->type_name.p, "xdata", 5);
}

/* Fields whose value is a key or a comma-separated list of keys. */
static int key_field(const struct cx_field *f)
{
	if (f->id == CX_F_CROSSREF || f->id == CX_F_XDATA)
		return 1;
	if (f->id != CX_F_UNKNOWN)
		return 0;
	static const char *const key_lists[] = {"xref", "related", "entryset"};
	for (size_t i = 0; i < 3; i++)
		if (f->name.n == strlen(key_lists[i]) && !memcmp(f->name.p, key_lists[i], f->name.n))
			return 1;
	return 0;
}

/* Rewrite the keys in a key field that belong to renamed entries; the
 * separators and spacing stay as written. */
static void remap_field(struct keygen *g, struct cx_field *f)
{
	cx_str v = f->text.n ? f->text : f->raw;
	int changed = 0;
	g->val.n = 0;
	for (size_t i = 0; i < v.n;) {
		if (v.p[i] == ',' || v.p[i] == ' ' || (v.p[i] >= '\t' && v.p[i] <= '\r')) {
			buf_putc(&g->val, v.p[i++]);
			continue;
		}
		size_t b = i;
		while (i < v.n && v.p[i] != ',' && v.p[i] != ' ' && !(v.p[i] >= '\t' && v.p[i] <= '\r'))
			i++;
		long r = strset_find(&g->renamed, v.p + b, i - b);
		cx_str to = r >= 0 ? g->renamed_to[r] : (cx_str){NULL, 0};
		if (r >= 0 && !str_same(to, (cx_str){v.p + b, i - b})) {
			buf_put(&g->val, to.p, to.n);
			changed = 1;
		} else {
			buf_put(&g->val, v.p + b, i - b);
		}
	}
	if (!changed)
		return;
	f->text = f->raw = arena_str(&g->a, g->val.p, g->val.n);
	f->parts = NULL; /* the value as written is stale now */
	f->nparts = 0;
}

static void remap(struct keygen *g, struct cx_entry *e)
{
	for (size_t i = 0; i < e->nfields; i++)
		if (key_field(&e->fields[i]))
			remap_field(g, &e->fields[i]);
}

/* Give e its key; returns 0 when e keeps its own. */
static int assign(struct keygen *g, struct cx_entry *e)
{
	if (e->kind != CX_ENTRY_RECORD)
		return 0;
	if (is_xdata(e)) {
		if (e->key.n)
			strset_add(&g->taken, &g->a, e->key.p, e->key.n, NULL);
		return 0;
	}
	cx_str old = e->key;
	e->key = make_key(g, e);
	if (old.n) {
		int added;
		size_t r = strset_add(&g->renamed, &g->a, old.p, old.n, &added);
		if (added) { /* a duplicate old key: references go to the first */
			g->renamed_to = xgrow(g->renamed_to, &g->renamed_cap, r + 1, sizeof *g->renamed_to);
			g->renamed_to[r] = e->key;
		}
	}
	return 1;
}

void keygen_apply(struct keygen *g, struct cx_entry *e)
{
	assign(g, e);
	if (e->kind == CX_ENTRY_RECORD)
		remap(g, e);
}

void keygen_aliases(struct keygen *g)
{
	g->aliases = 1;
}

/* Keep e's old key as a biblatex alias: ids = {old}, after any ids it has.
 * An alias must name no entry and no other alias, or biber would see one
 * key twice, so an old key that is now someone's key, or that two entries
 * had, is dropped; one that differs from the new key only in case too. */
static void add_alias(struct keygen *g, struct strset *used, struct cx_entry *e, cx_str old)
{
	int added;
	strset_add(used, &g->a, old.p, old.n, &added);
	if (!added)
		return;
	for (size_t i = 0; i < e->nfields; i++) {
		struct cx_field *f = &e->fields[i];
		if (f->inherited || f->name.n != 3 || memcmp(f->name.p, "ids", 3))
			continue;
		cx_str v = f->text.n ? f->text : f->raw;
		g->val.n = 0;
		buf_put(&g->val, v.p, v.n);
		buf_put(&g->val, ", ", 2);
		buf_put(&g->val, old.p, old.n);
		f->text = f->raw = arena_str(&g->a, g->val.p, g->val.n);
		f->parts = NULL;
		f->nparts = 0;
		return;
	}
	struct cx_field *fields = arena_grow(&g->a, e->fields, sizeof *fields, e->nfields, e->nfields + 1);
	struct cx_field *f = &fields[e->nfields];
	memset(f, 0, sizeof *f);
	f->id = CX_F_UNKNOWN;
	f->name = arena_str(&g->a, "ids", 3);
	f->text = f->raw = old;
	f->loc = e->loc;
	e->fields = fields;
	e->nfields++;
}

void keygen_run(struct keygen *g, struct cx_entry **v, size_t n)
{
	/* @xdata keys first, so no generated key can take one. */
	for (size_t i = 0; i < n; i++)
		if (v[i]->kind == CX_ENTRY_RECORD && is_xdata(v[i]) && v[i]->key.n)
			strset_add(&g->taken, &g->a, v[i]->key.p, v[i]->key.n, NULL);
	cx_str *old = g->aliases ? xmalloc((n + 1) * sizeof *old) : NULL;
	for (size_t i = 0; i < n; i++) {
		if (old)
			old[i] = v[i]->key;
		assign(g, v[i]);
	}
	for (size_t i = 0; i < n; i++)
		if (v[i]->kind == CX_ENTRY_RECORD)
			remap(g, v[i]);
	if (!old)
		return;
	/* Every key of the output is taken before any alias is added. */
	/* Keys compare without regard to ASCII case, as bibtex finds them. */
	struct strset used = {.fold = 1};
	for (size_t i = 0; i < n; i++)
		if (v[i]->kind == CX_ENTRY_RECORD && v[i]->key.n)
			strset_add(&used, &g->a, v[i]->key.p, v[i]->key.n, NULL);
	/* An old key two entries had is no alias for either. */
	struct strset seen = {.fold = 1}, twice = {.fold = 1};
	for (size_t i = 0; i < n; i++)
		if (v[i]->kind == CX_ENTRY_RECORD && old[i].n) {
			int added;
			strset_add(&seen, &g->a, old[i].p, old[i].n, &added);
			if (!added)
				strset_add(&twice, &g->a, old[i].p, old[i].n, NULL);
		}
	for (size_t i = 0; i < n; i++) {
		if (v[i]->kind != CX_ENTRY_RECORD || !old[i].n || is_xdata(v[i]))
			continue;
		if (strset_find(&twice, old[i].p, old[i].n) < 0)
			add_alias(g, &used, v[i], old[i]);
	}
	strset_free(&used);
	strset_free(&seen);
	strset_free(&twice);
	free(old);
}

/* ---- keys for records that come without one ----------------------------------- */

/* Record k; 1 if it was in the set already. */
static int keyset_taken(struct keyset *set, cx_str k)
{
	int added;
	strset_add(&set->keys, &set->a, k.p, k.n, &added);
	return !added;
}

cx_str keyset_make(struct keyset *set, const struct cx_entry *e, const char *fallback, int year)
{
	char key[80];
	size_t k = 0;
	cx_str who = {NULL, 0};
	const struct cx_field *au = cx_entry_get(e, CX_F_AUTHOR);
	if (!au)
		au = cx_entry_get(e, CX_F_EDITOR);
	if (au && au->nnames)
		who = au->names[0].family.n ? au->names[0].family : au->names[0].literal;
	if (!who.n) {
		/* No name: the title's first word that is not a function word
		 * ("A Bill Never Enacted" gives "bill"). */
		const struct cx_field *t = cx_entry_get(e, CX_F_TITLE);
		who = t ? t->text : (cx_str){NULL, 0};
		while (who.n) {
			const char *sp = memchr(who.p, ' ', who.n);
			size_t wn = sp ? (size_t)(sp - who.p) : who.n;
			char w[16];
			if (!sp || wn >= sizeof w)
				break;
			memcpy(w, who.p, wn);
			w[wn] = 0;
			if (!function_word(w))
				break;
			who = (cx_str){sp + 1, who.n - wn - 1};
		}
	}
	if (who.n) {
		/* The first word, transliterated and lower-cased. */
		const char *sp = memchr(who.p, ' ', who.n);
		struct buf w = {0};
		translit_ascii(&w, sp && sp > who.p ? (cx_str){who.p, (size_t)(sp - who.p)} : who);
		for (size_t i = 0; i < w.n && k < 40; i++)
			key[k++] = (char)str_lower((unsigned char)w.p[i]);
		buf_free(&w);
	}
	if (!k)
		k = (size_t)snprintf(key, sizeof key, "%s", fallback);
	if (year > 0)
		k += (size_t)snprintf(key + k, sizeof key - k, "%d", year);
	cx_str base = {key, k};
	if (!keyset_taken(set, base))
		return arena_str(&set->a, key, k);
	for (int s = 0; s < 26 * 27; s++) {
		size_t kk = k;
		if (s >= 26)
			key[kk++] = (char)('a' + s / 26 - 1);
		key[kk++] = (char)('a' + s % 26);
		cx_str cand = {key, kk};
		if (!keyset_taken(set, cand))
			return arena_str(&set->a, key, kk);
	}
	return arena_str(&set->a, key, k);
}

void keyset_free(struct keyset *set)
{
	strset_free(&set->keys);
	arena_destroy(&set->a);
	memset(set, 0, sizeof *set);
}

/* ---- the public face: citex.h's cx_keys ------------------------------------------ */

struct cx_keys {
	struct keygen *g;
};

struct cx_keys *cx_keys_new(struct cx_context *cx, const char *pattern, const char **err)
{
	const char *why = "bad pattern";
	struct keygen *g = keygen_new(cx->venues, pattern, &why);
	if (!g) {
		if (err)
			*err = why;
		return NULL;
	}
	struct cx_keys *k = xmalloc(sizeof *k);
	k->g = g;
	return k;
}

void cx_keys_aliases(struct cx_keys *k)
{
	keygen_aliases(k->g);
}

void cx_keys_run(struct cx_keys *k, struct cx_entries *l)
{
	keygen_run(k->g, l->v, l->n);
}

void cx_keys_free(struct cx_keys *k)
{
	if (!k)
		return;
	keygen_free(k->g);
	free(k);
}
