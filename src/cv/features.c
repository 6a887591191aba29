/* cv/features.c - tokens and their features for the labeller.
 *
 * A token is a run of non-space bytes.  Its features are the ones reference
 * parsers found to carry the signal (ParsCit, GROBID, anystyle): the word
 * itself, lower-cased and without the punctuation around it; its prefixes and
 * suffixes; its shape (Aa9 classes); the punctuation before and after; what
 * it is (a year, an initial, a page range, an ordinal, a URL, a DOI, a known
 * venue acronym); where it stands (position, how many sentence breaks, quotes
 * and brackets precede it; whether a year, "In" or a quote came before); the
 * neighbouring words; and the markup the page gave it (bold, italic, link).
 * Every feature is a 32-bit hash of a short string, so the model needs no
 * feature dictionary.
 */
#include <stdlib.h>
#include <string.h>

#include "core/arena.h"
#include "core/str.h"
#include "core/utf8.h"
#include "cv/label.h"
#include "norm/venue.h"

const char *const lab_names[LAB_N] = {
#define LAB_NAME(id, name) name,
	LAB_LIST(LAB_NAME)
#undef LAB_NAME
};

/* anystyle's tags that are not ours, and what they become. */
static const struct {
	const char *tag;
	enum lab lab;
} tag_alias[] = {
	{"journal", LAB_CONTAINER},  {"container-title", LAB_CONTAINER}, {"source", LAB_NOTE},
	{"collection-title", LAB_COLLECTION}, {"medium", LAB_NOTE}, {"director", LAB_EDITOR},
	{"producer", LAB_EDITOR}, {"dataset", LAB_NOTE}, {"booktitle", LAB_CONTAINER},
	{"institution", LAB_PUBLISHER},
};

int lab_from_name(const char *s, size_t n)
{
	for (int i = 0; i < LAB_N; i++)
		if (strlen(lab_names[i]) == n && !memcmp(lab_names[i], s, n))
			return i;
	for (size_t i = 0; i < sizeof tag_alias / sizeof *tag_alias; i++)
		if (strlen(tag_alias[i].tag) == n && !memcmp(tag_alias[i].tag, s, n))
			return (int)tag_alias[i].lab;
	return -1;
}

size_t tok_split(const char *s, size_t n, struct tok *out, size_t cap)
{
	size_t k = 0, i = 0;
	unsigned line = 0;
	int start = 1;
	while (i < n && k < cap) {
		while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) {
			if (s[i] == '\n' && k) {
				start = 1;
				line += line < 31;
				out[k - 1].flags |= TOK_LINEEND;
			}
			i++;
		}
		if (i == n)
			break;
		size_t b = i;
		while (i < n && !(s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
			i++;
		out[k].p = s + b;
		out[k].n = (uint32_t)(i - b);
		out[k].off = (uint32_t)b;
		out[k].flags = start ? TOK_LINESTART : 0;
		out[k].line = (uint8_t)line;
		out[k].role = 0;
		start = 0;
		k++;
	}
	if (k)
		out[k - 1].flags |= TOK_LINEEND;
	return k;
}

uint32_t feat_hash(uint32_t seed, const char *s, size_t n)
{
	uint32_t h = 2166136261u ^ (seed * 16777619u);
	h *= 16777619u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h ? h : 1;
}

/* Feature kinds: the seed of each hash. */
enum {
	F_BIAS = 1, F_W, F_P1, F_P2, F_P3, F_P4, F_S1, F_S2, F_S3, F_S4, F_SHAPE, F_LAST, F_FIRST,
	F_FLAG, F_POS, F_REL, F_WM1, F_WP1, F_WM2, F_WP2, F_LASTM1, F_FIRSTP1, F_SHM1, F_SHP1,
	F_BIG, F_SEG, F_QUOTE, F_PAREN, F_SEEN, F_LEN, F_MARK, F_LASTSEG, F_WLAST, F_SHLAST,
	F_NUMCTX, F_WM1P1, F_LIDX, F_LSIZE, F_LCAPS, F_LNUM, F_LFIRST, F_LROLE, F_LTOK, F_LNAMES, F_LHEAD, F_CHUNK, F_TLEN,
	F_SEGI, F_SEGN, F_SEGP,
	/* positions in a block of a page count apart from those in a
	 * reference string: their seeds are moved by F_BLOCK */
	F_BLOCK = 64
};

static int is_punct(unsigned char c)
{
	return c < 0x80 && str_punct(c);
}

/* The word without the punctuation around it, ASCII lower-cased. */
static size_t core(const struct tok *t, char *out, size_t cap)
{
	size_t b = 0, e = t->n;
	while (b < e && is_punct((unsigned char)t->p[b]))
		b++;
	while (e > b && is_punct((unsigned char)t->p[e - 1]))
		e--;
	/* curly quotes and dashes (U+2018..U+201F, U+2013/4) around a word */
	while (e - b >= 3 && (unsigned char)t->p[b] == 0xE2 && (unsigned char)t->p[b + 1] == 0x80)
		b += 3;
	while (e - b >= 3 && (unsigned char)t->p[e - 3] == 0xE2 && (unsigned char)t->p[e - 2] == 0x80)
		e -= 3;
	size_t k = 0;
	for (size_t i = b; i < e && k < cap; i++)
		out[k++] = (char)str_lower((unsigned char)t->p[i]);
	return k;
}

static size_t shape(const struct tok *t, char *out, size_t cap)
{
	size_t k = 0;
	for (size_t i = 0; i < t->n && k < cap; i++) {
		unsigned char c = (unsigned char)t->p[i];
		char s = str_is_upper(c) ? 'A' : str_is_lower(c) ? 'a' : str_digit(c) ? '9' : c >= 0x80 ? 'u' : (char)c;
		if (s == 'u' && (c & 0xC0) == 0x80)
			continue;
		if (k && out[k - 1] == s && (s == 'A' || s == 'a' || s == '9' || s == 'u'))
			continue;
		out[k++] = s;
	}
	return k;
}

/* The class of an edge byte: the punctuation itself, or letter, digit, other. */
static char edge(const struct tok *t, int last)
{
	unsigned char c = (unsigned char)t->p[last ? t->n - 1 : 0];
	if (last && t->n >= 3 && (unsigned char)t->p[t->n - 3] == 0xE2 && (unsigned char)t->p[t->n - 2] == 0x80)
		return 'Q';
	if (!last && t->n >= 3 && c == 0xE2 && (unsigned char)t->p[1] == 0x80)
		return 'Q';
	if (is_punct(c))
		return (char)c;
	return str_digit(c) ? '9' : str_is_upper(c) ? 'A' : c >= 0x80 ? 'u' : 'a';
}

static int is_year(const char *w, size_t n)
{
	for (size_t i = 0; i + 4 <= n; i++) {
		if ((i && str_digit((unsigned char)w[i - 1])) || (i + 4 < n && str_digit((unsigned char)w[i + 4])))
			continue;
		if (!str_digit((unsigned char)w[i]) || !str_digit((unsigned char)w[i + 1]) ||
		    !str_digit((unsigned char)w[i + 2]) || !str_digit((unsigned char)w[i + 3]))
			continue;
		int y = (w[i] - '0') * 1000 + (w[i + 1] - '0') * 100 + (w[i + 2] - '0') * 10 + (w[i + 3] - '0');
		if (y >= 1500 && y <= 2039)
			return 1;
	}
	return 0;
}

/* Flags of one token, as a bit set (one feature each). */
enum {
	FL_YEAR = 1, FL_ALLCAP = 2, FL_INITCAP = 4, FL_INITIAL = 8, FL_NUM = 16, FL_RANGE = 32,
	FL_URL = 64, FL_DOI = 128, FL_ORD = 256, FL_ROMAN = 512, FL_VENUE = 1024, FL_HASDIG = 2048,
	FL_LOWER = 4096, FL_ETAL = 8192, FL_ARXIV = 16384, FL_LONG = 32768,
	FL_ABBR = 1 << 16,  /* a word journals abbreviate, with its period ("Phys.") */
	FL_VWORD = 1 << 17, /* a word of venues' names ("Journal", "Proceedings") */
	FL_NBITS = 18
};

/* The words journals abbreviate (tools/gen_abbrev.py, from JabRef's
 * lists): sorted, for a binary search. */
static const char *const abbrevs[] = {
#include "cv/abbrev.inc"
};

static int is_abbrev(const char *w, size_t n)
{
	size_t lo = 0, hi = sizeof abbrevs / sizeof *abbrevs;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strncmp(abbrevs[mid], w, n);
		if (!c && abbrevs[mid][n])
			c = 1;
		if (!c)
			return 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

int lab_abbrev_word(const char *p, size_t n)
{
	char w[32];
	if (n < 2 || p[n - 1] != '.' || n > sizeof w)
		return 0;
	for (size_t i = 0; i + 1 < n; i++) {
		if (!str_alpha((unsigned char)p[i]))
			return 0;
		w[i] = (char)(p[i] | 0x20);
	}
	return is_abbrev(w, n - 1);
}

static const char *const venue_names[] = {
	"journal", "journals", "proceedings", "proc", "conference", "conf", "symposium", "workshop",
	"transactions", "letters", "review", "reviews", "bulletin", "annals", "acta", "zeitschrift", "revista",
	"revue", "rivista", "quarterly", "magazine", "congress", "colloquium", "archives", "advances", "reports",
	"jahrbuch", "newsletter", "gazette", "meeting", NULL,
};

static int in_words(const char *w, size_t n, const char *const *list);

static int has_sub(const char *s, size_t n, const char *lit)
{
	size_t k = strlen(lit);
	for (size_t i = 0; i + k <= n; i++)
		if (!memcmp(s + i, lit, k))
			return 1;
	return 0;
}

static unsigned flags_of(const struct tok *t, const char *w, size_t wn, int pieces)
{
	unsigned f = 0;
	const char *p = t->p;
	size_t n = t->n;
	size_t up = 0, low = 0, dig = 0, alpha = 0;
	for (size_t i = 0; i < wn; i++) {
		unsigned char c = (unsigned char)w[i];
		dig += str_digit(c) != 0;
		alpha += str_alpha(c) != 0 || c >= 0x80;
	}
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)p[i];
		up += str_is_upper(c) != 0;
		low += str_is_lower(c) != 0;
	}
	if (is_year(p, n))
		f |= FL_YEAR;
	if (up >= 2 && !low)
		f |= FL_ALLCAP;
	if (n && str_is_upper((unsigned char)p[0]))
		f |= FL_INITCAP;
	if (n && str_is_lower((unsigned char)p[0]))
		f |= FL_LOWER;
	if (dig)
		f |= FL_HASDIG;
	if (wn && dig == wn)
		f |= FL_NUM;
	if (wn > 12)
		f |= FL_LONG;
	/* "J.", "J.-P.", "JP" after a family name, "A.B." */
	{
		size_t i = 0, letters = 0;
		int ok = n > 0;
		while (i < n && ok) {
			unsigned char c = (unsigned char)p[i];
			if (str_is_upper(c)) {
				letters++;
				i++;
			} else if (c == '.' || c == '-' || c == ',' || c == ';')
				i++;
			else
				ok = 0;
		}
		if (ok && letters && letters <= 3 && (letters == 1 || memchr(p, '.', n) || n <= 3))
			f |= FL_INITIAL;
	}
	/* 12-34, 12–34, e1234 */
	{
		int d1 = 0, dash = 0, d2 = 0;
		for (size_t i = 0; i < n; i++) {
			unsigned char c = (unsigned char)p[i];
			if (str_digit(c))
				*(dash ? &d2 : &d1) = 1;
			else if (c == '-' || (c == 0xE2 && i + 2 < n && (unsigned char)p[i + 1] == 0x80 &&
			                      ((unsigned char)p[i + 2] == 0x93 || (unsigned char)p[i + 2] == 0x94))) {
				if (d1)
					dash = 1;
				if (c == 0xE2)
					i += 2;
			}
		}
		if (d1 && dash && d2)
			f |= FL_RANGE;
	}
	if ((n > 4 && !memcmp(p, "http", 4)) || (n > 4 && !memcmp(p, "www.", 4)) ||
	    (n > 5 && !memcmp(p, "<http", 5)))
		f |= FL_URL;
	if (wn > 7 && !memcmp(w, "10.", 3) && memchr(w, '/', wn))
		f |= FL_DOI;
	if (has_sub(p, n, "doi") || has_sub(p, n, "DOI"))
		f |= FL_DOI;
	if (has_sub(w, wn, "arxiv"))
		f |= FL_ARXIV;
	if (wn >= 3 && str_digit((unsigned char)w[0]) &&
	    (!memcmp(w + wn - 2, "st", 2) || !memcmp(w + wn - 2, "nd", 2) || !memcmp(w + wn - 2, "rd", 2) ||
	     !memcmp(w + wn - 2, "th", 2)))
		f |= FL_ORD;
	if (wn && wn <= 6 && strspn(w, "ivxlc") == wn)
		f |= FL_ROMAN;
	if ((wn == 2 && !memcmp(w, "et", 2)) || (wn == 2 && !memcmp(w, "al", 2)))
		f |= FL_ETAL;
	if (alpha >= 2 && up == alpha && wn <= 10 && venue_lookup(NULL, p, n))
		f |= FL_VENUE;
	if (pieces && wn >= 2 && wn <= 12 && alpha == wn && memchr(p, '.', n) && is_abbrev(w, wn))
		f |= FL_ABBR;
	if (pieces && wn >= 4 && in_words(w, wn, venue_names))
		f |= FL_VWORD;
	return f;
}

struct fs {
	uint32_t *f;
	uint8_t n;
};

static void add(struct fs *s, uint32_t seed, const char *p, size_t n)
{
	if (s->n < FEAT_MAX)
		s->f[s->n++] = feat_hash(seed, p, n);
}

static void addc(struct fs *s, uint32_t seed, unsigned v)
{
	char b[4] = {(char)(v & 0xFF), (char)(v >> 8 & 0xFF), (char)(v >> 16 & 0xFF), (char)(v >> 24)};
	add(s, seed, b, 4);
}

/* A word's length in characters, and whether it is East Asian script
 * (written without spaces: a name is two to four characters, a title a
 * dozen or more). */
static unsigned tlen(const struct tok *t)
{
	size_t k = utf8_count(t->p, t->n);
	unsigned char c = (unsigned char)t->p[0];
	unsigned cjk = c >= 0xE3 && c <= 0xE9;
	return cjk << 4 | (k < 3 ? 0 : k < 5 ? 1 : k < 9 ? 2 : k < 16 ? 3 : 4);
}

static unsigned pos_bucket(size_t i)
{
	return i < 4 ? (unsigned)i : i < 6 ? 4 : i < 9 ? 5 : i < 13 ? 6 : i < 20 ? 7 : i < 30 ? 8 : 9;
}

/* Per-token facts that the window features read. */
struct tinfo {
	char w[24];
	uint8_t wn;
	char sh[8];
	uint8_t shn;
	char first, last;
	unsigned flags;
	uint8_t seg, quote, paren, seen;
	uint16_t chunk;  /* the shape of the comma-separated piece it is in */
	uint16_t sid;    /* the piece between breaks it is in, from 0 */
};

static int is_break(const struct tinfo *x)
{
	if (x->last == ':' || x->last == ';' || x->last == ')' || x->last == 'Q')
		return 1;
	return x->last == '.' && !(x->flags & (FL_INITIAL | FL_ABBR));
}

/* Pieces between commas and semicolons: how many words, whether each is
 * capitalised or an initial, and how the piece ends (",", ":", "."). An
 * author list is pieces of two or three capitalised words ("Ravi
 * Sundaram:"); a title is a long piece ("Nexus: a GPU cluster ..."). */
static void chunks(struct tinfo *ti, size_t n)
{
	for (size_t b = 0; b < n;) {
		size_t e = b;
		int caps = 1;
		while (e < n) {
			caps &= (ti[e].flags & (FL_INITCAP | FL_INITIAL | FL_ALLCAP)) != 0;
			if (ti[e].last == ',' || ti[e].last == ';' || ti[e].last == ':' || e - b >= 6)
				break;
			e++;
		}
		if (e == n)
			e--;
		unsigned words = (unsigned)(e - b + 1), end = (unsigned char)ti[e].last;
		for (size_t i = b; i <= e; i++)
			ti[i].chunk = (uint16_t)((words < 6 ? words : 6) | caps << 3 | (i == b) << 4 |
			                         (end == ',' ? 1 : end == ':' ? 2 : end == ';' ? 3 : 0) << 5);
		b = e + 1;
	}
}

static void info_seq(const struct tok *t, size_t n, struct tinfo *ti, int lines, int pieces)
{
	unsigned seg = 0, quote = 0, paren = 0, seen = 0, sid = 0;
	for (size_t i = 0; i < n; i++) {
		struct tinfo *x = &ti[i];
		if (lines && (t[i].flags & TOK_LINESTART))
			seg = 0; /* in a block the parts count from the line's start */
		char buf[64];
		size_t k = core(&t[i], buf, sizeof buf);
		x->wn = (uint8_t)(k < sizeof x->w ? k : sizeof x->w);
		memcpy(x->w, buf, x->wn);
		x->shn = (uint8_t)shape(&t[i], x->sh, sizeof x->sh);
		x->first = edge(&t[i], 0);
		x->last = edge(&t[i], 1);
		x->flags = flags_of(&t[i], buf, k, pieces);
		if (x->first == '"' || x->first == 'Q')
			quote = 1;
		if (x->first == '(' || x->first == '[')
			paren = 1;
		x->seg = (uint8_t)(seg < 7 ? seg : 7);
		x->sid = (uint16_t)sid;
		x->quote = (uint8_t)quote;
		x->paren = (uint8_t)paren;
		x->seen = (uint8_t)seen;
		if (x->flags & FL_YEAR)
			seen |= 1;
		if (x->wn == 2 && !memcmp(x->w, "in", 2) && (x->last == ':' || x->first == 'A'))
			seen |= 2;
		if (quote)
			seen |= 4;
		if (x->last == '"' || x->last == 'Q')
			quote = 0;
		if (x->last == ')' || x->last == ']')
			paren = 0;
		if (is_break(x))
			seg++, sid++;
	}
	chunks(ti, n);
}


/* What a line of a block is like: the facts its tokens share. */
struct linfo {
	uint8_t ntok, commas, caps, lower, inits, names, chunks;
	uint8_t year, digits, venue, quote, and_, fw;
	uint32_t first; /* the first token's class */
	uint8_t role;
};

/* Function words of titles, and words of venues. */
static int in_words(const char *w, size_t n, const char *const *list)
{
	for (size_t i = 0; list[i]; i++)
		if (strlen(list[i]) == n && !memcmp(list[i], w, n))
			return 1;
	return 0;
}

static const char *const title_words[] = {"of", "the", "for", "in", "on", "with", "to", "a", "an", "from",
                                          "via", "by", "towards", "using", "is", "are", "at", NULL};
static const char *const venue_words[] = {"proceedings", "proc", "conference", "conf", "journal", "workshop",
                                          "symposium", "transactions", "trans", "arxiv", "preprint", "letters",
                                          "review", "press", "university", "vol", "pp", "pages", "volume",
                                          "submitted", "accepted", "appear", "thesis", "dissertation",
                                          "report", "magazine", "biorxiv", "ssrn", "corr", "congress", NULL};
static const char *const lead_words[] = {"in", "proc", "proceedings", "submitted", "under", "to", "accepted",
                                         "arxiv", "and", "with", "by", "eds", "ed", "editors", "preprint",
                                         "forthcoming", "published", "presented", NULL};

/* A piece of a reference between breaks (is_break): how many tokens,
 * how its words are capitalised, whether it holds a word of venues, a
 * year or other numbers, whether it opens with "In" or a quote.  A title
 * in sentence case and a journal in title case followed by its volume
 * differ in such facts, which a window of two words does not see. */
struct sinfo {
	uint8_t ntok, alpha, caps, venue, year, num, in, quote;
};

static void seg_info(const struct tinfo *ti, size_t n, struct sinfo *si)
{
	memset(si, 0, ((size_t)ti[n - 1].sid + 1) * sizeof *si);
	for (size_t i = 0; i < n; i++) {
		const struct tinfo *x = &ti[i];
		struct sinfo *g = &si[x->sid];
		if (!g->ntok) {
			g->in = x->wn == 2 && !memcmp(x->w, "in", 2);
			g->quote = x->first == '"' || x->first == 'Q';
		}
		g->ntok += g->ntok < 255;
		int caps = (x->flags & (FL_INITCAP | FL_ALLCAP)) != 0;
		/* function words stay lower-case in titles of either case */
		if ((caps || ((x->flags & FL_LOWER) && !in_words(x->w, x->wn, title_words))) && g->alpha < 255)
			g->alpha++, g->caps += (uint8_t)caps;
		g->venue |= (x->flags & (FL_VWORD | FL_ABBR | FL_VENUE)) != 0;
		g->year |= (x->flags & FL_YEAR) != 0;
		g->num |= (x->flags & FL_HASDIG) && !(x->flags & FL_YEAR);
	}
}

/* A piece as a feature value; full: with its case and its opening. */
static unsigned seg_code(const struct sinfo *g, int full)
{
	unsigned len = g->ntok < 3 ? g->ntok : g->ntok < 5 ? 3 : g->ntok < 9 ? 4 : g->ntok < 16 ? 5 : 6;
	unsigned code = len | (unsigned)g->venue << 3 | (unsigned)g->year << 4 | (unsigned)g->num << 5;
	if (!full)
		return code;
	unsigned a = g->alpha, c = g->caps;
	unsigned caps = !a ? 0 : c == a ? 1 : 3 * c >= 2 * a ? 2 : 3 * c >= a ? 3 : 4;
	return code | caps << 6 | (unsigned)g->in << 9 | (unsigned)g->quote << 10;
}

/* The facts of each line of t (at most 32 lines). */
static size_t line_info(const struct tok *t, const struct tinfo *ti, size_t n, struct linfo *li)
{
	size_t nl = 0;
	memset(li, 0, 32 * sizeof *li);
	size_t chunk = 0, chunk_ok = 1;
	for (size_t i = 0; i < n; i++) {
		const struct tinfo *x = &ti[i];
		struct linfo *l = &li[t[i].line];
		if (t[i].line + 1u > nl)
			nl = t[i].line + 1u;
		if (!l->ntok) {
			l->first = in_words(x->w, x->wn, lead_words) ? feat_hash(1, x->w, x->wn)
			                                              : feat_hash(2, x->sh, x->shn < 3 ? x->shn : 3);
			l->role = t[i].role;
			chunk = 0, chunk_ok = 1;
		}
		l->ntok += l->ntok < 255;
		int and_ = (x->wn == 3 && !memcmp(x->w, "and", 3)) || (t[i].n == 1 && t[i].p[0] == '&');
		l->and_ |= and_;
		l->commas += x->last == ',' || x->last == ';';
		l->caps += (x->flags & (FL_INITCAP | FL_ALLCAP)) != 0;
		l->lower += (x->flags & FL_LOWER) != 0;
		l->inits += (x->flags & FL_INITIAL) != 0;
		l->year |= (x->flags & FL_YEAR) != 0;
		l->digits |= (x->flags & FL_HASDIG) && !(x->flags & FL_YEAR);
		l->venue |= in_words(x->w, x->wn, venue_words) || (x->flags & FL_VENUE);
		l->quote |= x->first == '"' || x->first == 'Q';
		l->fw |= (x->flags & FL_LOWER) && in_words(x->w, x->wn, title_words);
		/* name chunks: runs of capitalised words and initials between
		 * commas or "and" */
		if (!and_) {
			chunk++;
			chunk_ok &= (x->flags & (FL_INITCAP | FL_INITIAL)) && !(x->flags & FL_HASDIG) && chunk <= 4;
		}
		if (and_ || x->last == ',' || x->last == ';' || (t[i].flags & TOK_LINEEND)) {
			if (chunk) {
				l->chunks += l->chunks < 255;
				l->names += chunk_ok && chunk >= 1;
			}
			chunk = 0, chunk_ok = 1;
		}
	}
	return nl;
}

static unsigned bucket(unsigned k, unsigned of)
{
	return !k ? 0 : 4 * k < of ? 1 : 2 * k < of ? 2 : 4 * k < 3 * of ? 3 : k < of ? 4 : 5;
}

/* The line facts of token i of a block. */
static void line_feats(struct fs *s, const struct tok *t, const struct linfo *li, size_t nl, size_t i,
                       size_t in_line)
{
	const struct linfo *l = &li[t[i].line];
	unsigned ln = t[i].line;
	addc(s, F_LIDX, (ln < 3 ? ln : 3) | (nl < 4 ? (unsigned)nl : 4) << 2 | (ln + 1u == nl) << 5);
	unsigned size = l->ntok < 3 ? l->ntok : l->ntok < 5 ? 3 : l->ntok < 9 ? 4 : l->ntok < 16 ? 5 : 6;
	addc(s, F_LSIZE, size | bucket(l->commas, l->ntok) << 4);
	addc(s, F_LCAPS, bucket(l->caps, l->ntok) | (l->inits > 0) << 3 | l->and_ << 4 | l->fw << 5);
	addc(s, F_LNUM, l->year | l->digits << 1 | l->venue << 2 | l->quote << 3);
	unsigned names = (l->chunks < 3 ? l->chunks : 3) | bucket(l->names, l->chunks) << 2;
	addc(s, F_LNAMES, names);
	/* the line's first word takes the line's kind, whatever the word */
	if (!in_line)
		addc(s, F_LHEAD, names | bucket(l->caps, l->ntok) << 5 | l->year << 8 | l->venue << 9 | (ln > 0) << 10);
	addc(s, F_LFIRST, l->first);
	addc(s, F_LROLE, l->role);
	addc(s, F_LTOK, (in_line < 3 ? (unsigned)in_line : 3) | (t[i].flags & TOK_LINEEND) << 2 | (unsigned)l->role << 8);
}

/* The neighbour at distance d as a window feature: a word, the ends of the
 * item, or a line break in a block ("<nl>": across it is no context). */
static void window(struct fs *s, uint32_t seed, const struct tinfo *ti, size_t n, size_t i, long d, int cut)
{
	long j = (long)i + d;
	if (cut)
		add(s, seed, "<nl>", 4);
	else if (j < 0)
		add(s, seed, "<s>", 3);
	else if ((size_t)j >= n)
		add(s, seed, "</s>", 4);
	else
		add(s, seed, ti[j].w, ti[j].wn);
}

static void token_feats(struct fs *s, const struct tok *t, const struct tinfo *ti, size_t n, size_t i,
                        int lines, size_t in_line)
{
	const struct tinfo *x = &ti[i];
	unsigned blk = lines ? F_BLOCK : 0;
	/* in a block a line break parts the fields as punctuation does */
	int bol = lines && i && (t[i].flags & TOK_LINESTART), eol = lines && i + 1 < n && (t[i].flags & TOK_LINEEND);
	int bol2 = bol || (lines && i > 1 && (t[i - 1].flags & TOK_LINESTART));
	int eol2 = eol || (lines && i + 2 < n && (t[i + 1].flags & TOK_LINEEND));
	add(s, F_BIAS, "", 0);
	add(s, F_W, x->w, x->wn);
	for (unsigned k = 1; k <= 4 && k <= x->wn; k++)
		add(s, F_P1 + k - 1, x->w, k);
	for (unsigned k = 1; k <= 4 && k <= x->wn; k++)
		add(s, F_S1 + k - 1, x->w + x->wn - k, k);
	add(s, F_SHAPE, x->sh, x->shn);
	addc(s, F_LAST, (unsigned char)x->last);
	addc(s, F_FIRST, (unsigned char)x->first);
	for (unsigned b = 0; b < FL_NBITS; b++)
		if (x->flags & (1u << b))
			addc(s, F_FLAG, b);
	addc(s, blk + F_POS, pos_bucket(lines ? in_line : i));
	addc(s, blk + F_REL, (unsigned)(i * 8 / n));
	window(s, F_WM1, ti, n, i, -1, bol);
	window(s, F_WP1, ti, n, i, 1, eol);
	window(s, F_WM2, ti, n, i, -2, bol2);
	window(s, F_WP2, ti, n, i, 2, eol2);
	unsigned char prev = bol ? '\n' : i ? (unsigned char)ti[i - 1].last : 0;
	addc(s, F_LASTM1, prev);
	addc(s, F_FIRSTP1, eol ? '\n' : i + 1 < n ? (unsigned char)ti[i + 1].first : 0);
	addc(s, F_SHM1, bol ? '\n' : i ? feat_hash(0, ti[i - 1].sh, ti[i - 1].shn) : 0);
	addc(s, F_SHP1, eol ? '\n' : i + 1 < n ? feat_hash(0, ti[i + 1].sh, ti[i + 1].shn) : 0);
	if (i && !bol) {
		char b[2 * sizeof x->w + 1];
		memcpy(b, ti[i - 1].w, ti[i - 1].wn);
		b[ti[i - 1].wn] = '|';
		memcpy(b + ti[i - 1].wn + 1, x->w, x->wn);
		add(s, F_BIG, b, ti[i - 1].wn + 1u + x->wn);
	}
	addc(s, blk + F_SEG, x->seg);
	addc(s, blk + F_LASTSEG, (unsigned)x->seg << 8 | prev);
	addc(s, F_QUOTE, x->quote);
	addc(s, F_PAREN, x->paren);
	addc(s, F_SEEN, x->seen);
	addc(s, F_CHUNK, x->chunk);
	addc(s, F_TLEN, tlen(&t[i]));
	addc(s, blk + F_LEN, n < 8 ? 0 : n < 15 ? 1 : n < 25 ? 2 : n < 40 ? 3 : 4);
	addc(s, F_MARK, t[i].flags & (TOK_BOLD | TOK_ITALIC | TOK_LINK));
	addc(s, F_WLAST, (unsigned)x->flags << 8 | (unsigned char)x->last);
	addc(s, F_SHLAST, feat_hash((unsigned char)x->last, x->sh, x->shn));
	if (x->flags & (FL_NUM | FL_RANGE))
		addc(s, F_NUMCTX, feat_hash(F_NUMCTX, bol ? "<nl>" : i ? ti[i - 1].w : "", bol ? 4 : i ? ti[i - 1].wn : 0));
	if (i && i + 1 < n && !bol && !eol)
		addc(s, F_WM1P1, (unsigned char)ti[i - 1].last << 8 | (unsigned char)ti[i + 1].first);
}

/* The facts of token i's piece and of the pieces around it (a reference
 * string alone). */
static void seg_feats(struct fs *s, const struct tinfo *ti, const struct sinfo *si, size_t n, size_t i)
{
	unsigned sid = ti[i].sid, last = ti[n - 1].sid;
	unsigned where = i == 0 || ti[i - 1].sid != sid ? 0 : i + 1 == n || ti[i + 1].sid != sid ? 2 : 1;
	addc(s, F_SEGI, seg_code(&si[sid], 1) | where << 11);
	addc(s, F_SEGN, sid < last ? seg_code(&si[sid + 1], 0) : 0xFFFF);
	addc(s, F_SEGP, sid ? seg_code(&si[sid - 1], 0) : 0xFFFF);
}

void feat_seq(const struct tok *t, size_t n, uint32_t *f, uint8_t *nf, int mode)
{
	int lines = (mode & FEAT_LINES) != 0, pieces = !lines && (mode & FEAT_PIECES);
	struct tinfo small[64];
	struct sinfo small_si[64];
	struct tinfo *ti = n <= 64 ? small : NULL;
	struct sinfo *si = n <= 64 ? small_si : NULL;
	if (!n)
		return;
	if (!ti)
		ti = xmalloc(n * sizeof *ti), si = xmalloc(n * sizeof *si);
	info_seq(t, n, ti, lines, pieces);
	if (pieces)
		seg_info(ti, n, si);
	struct linfo li[32];
	size_t nl = lines ? line_info(t, ti, n, li) : 0, in_line = 0;
	for (size_t i = 0; i < n; i++) {
		struct fs s = {f + i * FEAT_MAX, 0};
		in_line = (t[i].flags & TOK_LINESTART) ? 0 : in_line + 1;
		token_feats(&s, t, ti, n, i, lines, in_line);
		if (lines)
			line_feats(&s, t, li, nl, i, in_line);
		else if (pieces)
			seg_feats(&s, ti, si, n, i);
		nf[i] = s.n;
	}
	if (ti != small)
		free(ti), free(si);
}
