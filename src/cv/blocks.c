/* cv/blocks.c - what the learned finder sees of each block of a page.
 *
 * A block is a line of the line model: a heading, a list item's line, a
 * paragraph, a table row, a line of text.  The finder reads a page as the
 * sequence of its blocks and gives each one a label (enum blk): the heading
 * of a publication section or of another section, the start of an item, its
 * continuation, text beside an item (its links, abstract, a note), or text
 * that is no item.  Which block is which is told by its layout (heading
 * level, list marker, indent, the element that holds it, a blank line
 * before it), by what it says (years, quotes, page ranges, identifiers,
 * names and initials, venue words), by how the token labeller reads it
 * alone (how much of it is a title, authors, a venue, a date), by what the
 * rule-based finder made of it, and by its place: the nearest heading
 * before it, and whether it looks like the blocks of its section that read
 * as references.  None of these decides alone; the weights come from
 * training (tools/train_finder.c) on pages whose items are known.
 *
 * Every feature is a hash of a short string (feat_hash), as the
 * labeller's are, so the model needs no dictionary and a feature the
 * training never saw costs nothing.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/str.h"
#include "core/utf8.h"
#include "cv/doc.h"

const char *const blk_names[BLK_N] = {
#define BLK_NAME(id, name) name,
	BLK_LIST(BLK_NAME)
#undef BLK_NAME
};

/* ---- what a block says ---------------------------------------------------- */

/* The facts of one block, some of them compared with its neighbours'. */
struct bfact {
	cx_str p;           /* plain text */
	unsigned chars, words;
	uint8_t kind;       /* 0 text, 1..6 heading level, 7 numbered, 8 bulleted */
	uint8_t first;      /* the class of its first character */
	uint8_t lead;       /* 1 it opens bold, 2 italic */
	uint8_t years;
	uint8_t sec;        /* enum sec of its text, when it reads as a title */
	uint8_t headish;    /* a heading, or a short line that names a section */
	uint8_t share[4];   /* title, author, container, date tokens, in quarters */
	uint8_t reflike;    /* a year and the labeller's title and authors */
	uint8_t runin;      /* the section its run-in label names (enum sec) */
	uint32_t shape;     /* layout: kind, indent, first character, lead, box */
	/* a text dump's paragraph: the lines a width wrapped, read as one */
	uint8_t wrap;       /* 1: the line goes on from the one before */
	uint8_t ppos;       /* its place: 's' alone, 'f' first, 'm', 'l' last */
	uint8_t pprose;     /* the paragraph is prose or a summary */
	uint8_t pshare[4];  /* the paragraph's reading (share[] when alone) */
	uint8_t rep;        /* how many other blocks of the page say the same */
	uint8_t echo;       /* it repeats the start of a block shortly before
	                       (a title again in an image's alternative text) */
	uint32_t hash;      /* of the plain text, for rep */
};

static int is_upper(int c)
{
	return str_lower(c) != c;
}

static int is_lower(int c)
{
	return str_upper(c) != c;
}

/* The class of the character at p: digit, capital, small letter, quote,
 * bracket, parenthesis, other. */
static uint8_t char_class(cx_str p)
{
	if (!p.n)
		return 'E';
	unsigned char c = (unsigned char)p.p[0];
	if (str_digit(c))
		return 'D';
	if (is_upper(c))
		return 'U';
	if (is_lower(c))
		return 'L';
	if (c == '"' || c == '\'' || (c == 0xE2 && p.n > 2 && (unsigned char)p.p[1] == 0x80 &&
	                              (unsigned char)p.p[2] >= 0x98 && (unsigned char)p.p[2] <= 0x9F))
		return 'Q';
	if (c == '[')
		return 'B';
	if (c == '(')
		return 'P';
	if (c >= 0xC0)
		return 'X';
	return 'O';
}

static unsigned bucket(unsigned v, const unsigned *edges, unsigned n)
{
	unsigned k = 0;
	while (k < n && v >= edges[k])
		k++;
	return k;
}

/* Quoted spans of three words or more ("A Title of a Paper"): a CV's way
 * of writing titles. */
static unsigned quoted_titles(cx_str p)
{
	unsigned k = 0;
	for (size_t i = 0; i < p.n; i++) {
		size_t q = 0;
		unsigned char c = (unsigned char)p.p[i];
		if (c == '"')
			q = 1;
		else if (c == 0xE2 && i + 2 < p.n && (unsigned char)p.p[i + 1] == 0x80 && (unsigned char)p.p[i + 2] == 0x9C)
			q = 3;
		if (!q)
			continue;
		size_t j = i + q, sp = 0;
		while (j < p.n && p.p[j] != '"' &&
		       !((unsigned char)p.p[j] == 0xE2 && j + 2 < p.n && (unsigned char)p.p[j + 1] == 0x80 &&
		         (unsigned char)p.p[j + 2] == 0x9D))
			sp += p.p[j++] == ' ';
		if (j < p.n && sp >= 2) {
			k++;
			i = j;
		} else if (j >= p.n)
			break;
	}
	return k;
}

/* Page ranges ("123-145", "pp. 12–19", "e1234-e1240"): digits, a dash,
 * more digits, the second number past the first. */
static unsigned page_ranges(cx_str p)
{
	unsigned k = 0;
	for (size_t i = 0; i < p.n; i++) {
		if (!str_digit((unsigned char)p.p[i]) || (i && (str_alnum((unsigned char)p.p[i - 1]) ||
		                                                p.p[i - 1] == '.' || p.p[i - 1] == '/')))
			continue;
		size_t j = i;
		long a = 0;
		while (j < p.n && str_digit((unsigned char)p.p[j]) && j - i < 6)
			a = a * 10 + (p.p[j++] - '0');
		if (j < p.n && str_digit((unsigned char)p.p[j]))
			continue;
		size_t d = j;
		if (d < p.n && p.p[d] == '-')
			d += 1 + (d + 1 < p.n && p.p[d + 1] == '-');
		else if (d + 2 < p.n && (unsigned char)p.p[d] == 0xE2 && (unsigned char)p.p[d + 1] == 0x80 &&
		         ((unsigned char)p.p[d + 2] == 0x93 || (unsigned char)p.p[d + 2] == 0x94))
			d += 3;
		else
			continue;
		size_t e = d;
		long b = 0;
		while (e < p.n && str_digit((unsigned char)p.p[e]) && e - d < 6)
			b = b * 10 + (p.p[e++] - '0');
		if (e == d || (e < p.n && str_alnum((unsigned char)p.p[e])))
			continue;
		/* "2019-2021" is a span of years, not pages */
		if (b > a && !(a >= 1950 && a <= 2039 && b >= 1950 && b <= 2039))
			k++;
		i = e;
	}
	return k;
}

static unsigned dois(cx_str p)
{
	unsigned k = 0;
	for (size_t i = 0; i + 8 < p.n; i++)
		if (p.p[i] == '1' && p.p[i + 1] == '0' && p.p[i + 2] == '.' && str_digit((unsigned char)p.p[i + 3]) &&
		    (!i || !str_alnum((unsigned char)p.p[i - 1]))) {
			size_t j = i + 3;
			while (j < p.n && str_digit((unsigned char)p.p[j]))
				j++;
			if (j - i >= 7 && j < p.n && p.p[j] == '/') {
				k++;
				i = j;
			}
		}
	return k;
}

/* The text without its URLs and paths (tokens with a '/' in them), where
 * numbers are no pages or years. */
static cx_str no_urls(struct arena *a, cx_str p)
{
	char *t = arena_alloc(a, p.n + 1);
	size_t k = 0;
	for (size_t i = 0; i < p.n;) {
		size_t e = i;
		while (e < p.n && p.p[e] != ' ')
			e++;
		if (!memchr(p.p + i, '/', e - i)) {
			memcpy(t + k, p.p + i, e - i);
			k += e - i;
			t[k++] = ' ';
		}
		i = e + 1;
	}
	return cvd_S(t, k);
}

/* How many different DOIs p holds: a link and its text name one twice,
 * and a publisher's link may go on after it (".../doi/10.1093/x/123/456"). */
static unsigned distinct_dois(cx_str p)
{
	cx_str seen[8];
	unsigned k = 0;
	for (size_t i = 0; i + 8 < p.n && k < 8; i++) {
		size_t j = i + 3;
		if (p.p[i] != '1' || p.p[i + 1] != '0' || p.p[i + 2] != '.' || (i && str_alnum((unsigned char)p.p[i - 1])))
			continue;
		while (j < p.n && str_digit((unsigned char)p.p[j]))
			j++;
		if (j - i < 7 || j >= p.n || p.p[j] != '/')
			continue; /* "10." four digits or more and a slash: a DOI starts here */
		size_t e = i;
		while (e < p.n && p.p[e] != ' ' && p.p[e] != ',' && p.p[e] != ';')
			e++;
		while (e > i && (p.p[e - 1] == '.' || p.p[e - 1] == ')'))
			e--;
		cx_str d = cvd_S(p.p + i, e - i);
		unsigned m = 0;
		/* the same DOI, or one a link's path goes on from */
		while (m < k && !str_ieqn(seen[m].p, d.p, seen[m].n < d.n ? seen[m].n : d.n))
			m++;
		if (m == k)
			seen[k++] = d;
		i = e;
	}
	return k;
}

void cvd_ref_marks(struct arena *a, cx_str p, struct cv_marks *m)
{
	m->dois = distinct_dois(p);
	cx_str t = no_urls(a, p);
	m->pages = page_ranges(t);
	m->quoted = quoted_titles(t);
	m->years = 0;
	for (size_t i = 0; i + 4 <= t.n; i++) {
		int y = cvd_year_at(t.p, t.n, i);
		m->years += y >= 1950 && y <= 2039;
	}
}

/* Initials ("J.", "J.-P.", "A.B.") and names in the list's commas. */
static void name_shape(cx_str p, unsigned *initials, unsigned *parts, unsigned *names)
{
	*initials = *parts = *names = 0;
	size_t b = 0;
	for (size_t i = 0; i <= p.n; i++) {
		if (i < p.n && p.p[i] != ' ')
			continue;
		cx_str w = {p.p + b, i - b};
		while (w.n && (w.p[w.n - 1] == ',' || w.p[w.n - 1] == ';'))
			w.n--;
		if (w.n && w.n <= 6 && w.p[w.n - 1] == '.' && au_is_initials(w))
			(*initials)++;
		b = i + 1;
	}
	b = 0;
	for (size_t i = 0; i <= p.n && *parts < 40; i++) {
		if (i < p.n && p.p[i] != ',' && p.p[i] != ';')
			continue;
		cx_str w = cvd_trim(cvd_S(p.p + b, i - b));
		if (w.n > 4 && !memcmp(w.p, "and ", 4))
			w.p += 4, w.n -= 4;
		if (w.n) {
			(*parts)++;
			*names += w.n < 40 && au_name_like(w.p, w.n);
		}
		b = i + 1;
	}
}

/* How the token labeller reads the block alone: the share of its tokens
 * it labels title, author, container and date, in quarters (0..4). */
static void reading(struct cv *v, struct arena *scratch, const struct cv_line *L, uint8_t *share)
{
	memset(share, 0, 4);
	if (L->n > 1500)
		return;
	struct cv_item it;
	memset(&it, 0, sizeof it);
	/* the labeller's tokens and features go once the shares are counted:
	 * a page of many lines would otherwise keep them all */
	arena_reset(scratch);
	struct cv_ctx x = {.a = scratch, .c = v->c, .model = v->model};
	cx_str links = cvd_S("", 0);
	cx_str s = cvd_unlinked(scratch, cvd_S(L->s, L->n), &links);
	cv_label(&x, s.p, s.n, NULL, 1, &it);
	size_t n[4] = {0, 0, 0, 0}, all = 0;
	for (size_t i = 0; i < it.ntok; i++) {
		int l = it.lab[i], k = l == LAB_TITLE ? 0 : l == LAB_AUTHOR || l == LAB_EDITOR ? 1
		                                     : l == LAB_CONTAINER || l == LAB_PUBLISHER ? 2
		                                     : l == LAB_DATE ? 3 : -1;
		all += it.tok[i].n;
		if (k >= 0)
			n[k] += it.tok[i].n;
	}
	for (int k = 0; k < 4 && all; k++)
		share[k] = (uint8_t)((4 * n[k] + all / 2) / all);
}

/* x and y as one paragraph: a word cut at its hyphen is joined again. */
static cx_str cat_para(struct arena *a, cx_str x, cx_str y)
{
	int hy = x.n > 1 && x.p[x.n - 1] == '-' && str_alpha((unsigned char)x.p[x.n - 2]);
	char *t = arena_alloc(a, x.n + y.n + 2);
	memcpy(t, x.p, x.n);
	size_t k = x.n;
	if (!hy)
		t[k++] = ' ';
	memcpy(t + k, y.p, y.n);
	k += y.n;
	t[k] = 0;
	return cvd_S(t, k);
}

static void facts(struct cv *v, struct arena *scratch, const struct cv_line *L, struct bfact *b)
{
	memset(b, 0, sizeof *b);
	b->p = cvd_plain(&v->a, cvd_S(L->s, L->n));
	for (size_t i = 0; i < b->p.n; i++)
		b->chars += ((unsigned char)b->p.p[i] & 0xC0) != 0x80;
	b->words = (unsigned)cvd_words_in(b->p);
	b->kind = (uint8_t)(L->heading ? L->heading : L->marker == 'n' ? 7 : L->marker == 'b' ? 8 : 0);
	b->first = char_class(b->p);
	b->lead = L->n && L->s[0] == CX_M_BOLD_ON ? 1 : L->n && L->s[0] == CX_M_ITALIC_ON ? 2 : 0;
	for (size_t i = 0; i + 4 <= b->p.n; i++) {
		int y = cvd_year_at(b->p.p, b->p.n, i);
		b->years += y >= 1950 && y <= 2039 && b->years < 9;
	}
	enum cv_hint h;
	if (b->p.n < 80)
		b->sec = (uint8_t)cvd_sec_class(b->p, &h);
	b->headish = L->heading || (b->sec != SEC_NONE && b->p.n < 60 && b->p.n &&
	                            !strchr(".,;", b->p.p[b->p.n - 1]));
	cx_str lb = cvd_lead_bold(&v->a, L);
	if (!lb.n)
		lb = cvd_lead_label(&v->a, L);
	if (lb.n && b->sec == SEC_NONE && (b->sec = (uint8_t)cvd_sec_class(lb, &h)) != SEC_NONE)
		b->headish = 1, b->runin = b->sec; /* "**Education** **University of ...**", "Blog: ...": a heading run in */
	if (b->words >= 2 && !L->heading)
		reading(v, scratch, L, b->share);
	b->reflike = b->years && b->share[0] && b->share[1] && b->words >= 5;
	unsigned ind = v->html ? 0 : L->indent > 12 ? 12 : L->indent;
	char sh[32];
	int k = snprintf(sh, sizeof sh, "%u/%u/%c/%u/%08x", b->kind, ind, b->first, b->lead, (unsigned)L->box);
	b->shape = feat_hash(7, sh, (size_t)k);
}

/* The page's owner talking: "I" as a word of its own (not an initial,
 * "Lund, I."), "I'm", "my". */
static int owner_talks(cx_str p)
{
	for (size_t i = 0; i < p.n; i++) {
		if (i && p.p[i - 1] != ' ')
			continue;
		size_t e = i;
		while (e < p.n && p.p[e] != ' ')
			e++;
		cx_str w = cvd_S(p.p + i, e - i);
		/* "I Oh;", "I Koren,": an initial in a list of names */
		size_t ne = e + 1;
		while (ne < p.n && p.p[ne] != ' ')
			ne++;
		int initial = str_eq(w, "I") && e + 1 < p.n && str_is_upper((unsigned char)p.p[e + 1]) &&
		              (p.p[ne - 1] == ',' || p.p[ne - 1] == ';');
		if ((str_eq(w, "I") && !initial) || str_eq(w, "I'm") || str_eq(w, "I've") || str_eq(w, "My") ||
		    str_eq(w, "my"))
			return 1;
		i = e;
	}
	return 0;
}

/* ---- features ------------------------------------------------------------- */

struct fs {
	uint32_t *f;
	uint8_t n;
};

static void add(struct fs *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void add(struct fs *s, const char *fmt, ...)
{
	if (s->n >= BLK_FEAT)
		return;
	char b[96];
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(b, sizeof b, fmt, ap);
	va_end(ap);
	if (k > 0)
		s->f[s->n++] = feat_hash(0xB10C, b, (size_t)k < sizeof b ? (size_t)k : sizeof b - 1);
}

/* The first word, lower-cased, when it is a short word of letters. */
static void first_word(cx_str p, char *out, size_t cap)
{
	size_t k = 0;
	while (k < p.n && k + 1 < cap && str_alpha((unsigned char)p.p[k]))
		out[k] = (char)str_lower((unsigned char)p.p[k]), k++;
	if (k == p.n || (k < p.n && !str_alpha((unsigned char)p.p[k])))
		out[k] = 0;
	else
		out[0] = 0;
	if (k > 12)
		out[0] = 0;
}

/* What the block's own text says. */
static void content_features(const struct cv_line *L, const struct bfact *b, struct fs *s)
{
	static const unsigned len_e[] = {10, 30, 60, 120, 250, 500}, words_e[] = {2, 4, 8, 16, 32, 64};
	cx_str p = b->p;
	add(s, "len=%u", bucket(b->chars, len_e, 6));
	add(s, "words=%u", bucket(b->words, words_e, 6));
	add(s, "first=%c", b->first);
	add(s, "last=%c", p.n ? (char)char_class(cvd_S(p.p + p.n - 1, 1)) : 'E');
	add(s, "end=%c", p.n && strchr(".,;:)]", p.p[p.n - 1]) ? p.p[p.n - 1] : '-');
	add(s, "years=%u", b->years > 2 ? 2 : b->years);
	if (cvd_tldr(p))
		add(s, "tldr");
	size_t at = 0;
	if (b->years && cvd_find_year(p, &at))
		add(s, "yearat=%s", at < 6 ? "start" : at + 8 >= p.n ? "end" : "mid");
	if (p.n == 4 && b->years)
		add(s, "yearonly");
	unsigned q = quoted_titles(p), pr = page_ranges(p), d = dois(p);
	add(s, "quoted=%u", q > 2 ? 2 : q);
	add(s, "pages=%u", pr > 2 ? 2 : pr);
	add(s, "doi=%u", d > 2 ? 2 : d);
	if (cvd_has_ci(p, "pp.") || cvd_has_ci(p, "pages"))
		add(s, "pp");
	if (cvd_find_ci(p, "arxiv", 0) >= 0)
		add(s, "arxiv");
	if (memchr(L->s, CX_M_URL_ON, L->n))
		add(s, "url");
	if (cvd_links_only(cvd_S(L->s, L->n)))
		add(s, "linksonly");
	struct ymd dt;
	if (cvd_date_line(p, &dt))
		add(s, "dateline");
	unsigned ini, parts, names;
	name_shape(p, &ini, &parts, &names);
	static const unsigned small_e[] = {1, 2, 4, 8};
	add(s, "initials=%u", bucket(ini, small_e, 4));
	add(s, "parts=%u", bucket(parts, small_e, 4));
	add(s, "names=%u", parts ? (4 * names + parts / 2) / parts : 0);
	if (parts >= 2)
		add(s, "names=%u/first", au_name_like(p.p, (size_t)(strchr(p.p, ',') ? strchr(p.p, ',') - p.p : 0)));
	if (cvd_has_ci(p, "et al"))
		add(s, "etal");
	if (cvd_has_ci(p, "and") || memchr(p.p, '&', p.n))
		add(s, "and");
	int vw = cvd_venue_words(p);
	add(s, "venue=%d", vw > 3 ? 3 : vw);
	if (p.n > 3 && (!memcmp(p.p, "In ", 3) || !memcmp(p.p, "in ", 3)))
		add(s, "in");
	if (cvd_award_words(p))
		add(s, "award");
	size_t lower = 0, caps = 0;
	for (size_t i = 0; i < p.n; i++)
		if (p.p[i] != ' ' && (!i || p.p[i - 1] == ' ')) {
			lower += is_lower((unsigned char)p.p[i]);
			caps += is_upper((unsigned char)p.p[i]);
		}
	if (b->words)
		add(s, "lower=%u/caps=%u", (unsigned)((4 * lower + b->words / 2) / b->words),
		    (unsigned)((4 * caps + b->words / 2) / b->words));
	if (cvd_has_ci(p, "I") || cvd_has_ci(p, "my") || cvd_has_ci(p, "we") || cvd_has_ci(p, "our"))
		add(s, "person");
	if (p.n >= 2 && (unsigned char)p.p[0] == 0xC2 && (unsigned char)p.p[1] == 0xA9)
		add(s, "copyright");
	char w[16];
	first_word(p, w, sizeof w);
	if (w[0])
		add(s, "w=%s", w);
	add(s, "tit=%u", b->share[0]);
	add(s, "aut=%u", b->share[1]);
	add(s, "con=%u", b->share[2]);
	add(s, "dat=%u", b->share[3]);
	add(s, "tit=%u/aut=%u", b->share[0], b->share[1]);
	add(s, "sec=%u/head=%u", b->sec, b->headish);
	if (b->reflike)
		add(s, "reflike");
}

/* What the block is part of: the paragraph a text dump wrapped over
 * several lines (a title, an author list or an abstract cut at the
 * width), read as one, and how often the page repeats the block's text
 * (a row of link labels, an image's alternative text, "Read more"). */
static void para_features(const struct bfact *b, struct fs *s)
{
	static const unsigned rep_e[] = {1, 2, 4, 8};
	add(s, "ppos=%c", b->ppos);
	add(s, "ppos=%c/wrap=%u", b->ppos, b->wrap);
	if (b->pprose)
		add(s, "pprose/ppos=%c", b->ppos);
	if (b->ppos != 's') {
		add(s, "ptit=%u/paut=%u", b->pshare[0], b->pshare[1]);
		add(s, "pcon=%u/pdat=%u", b->pshare[2], b->pshare[3]);
		add(s, "ptit=%u/ppos=%c", b->pshare[0], b->ppos);
		add(s, "paut=%u/ppos=%c", b->pshare[1], b->ppos);
	}
	unsigned r = bucket(b->rep, rep_e, 4);
	add(s, "rep=%u", r);
	add(s, "rep=%u/words=%u", r, b->words > 6 ? 6 : b->words);
	if (b->echo)
		add(s, "echo");
}

/* Where the block stands: its layout and its neighbours. */
/* A page record's size: its blocks, and how many read as references (a
 * record that holds a whole list is no item). */
struct recsize {
	unsigned blocks, refs;
};

static void layout_features(const struct cv *v, const struct cv_line *L, const struct bfact *b,
                            const struct bfact *prev, const struct cv_line *PL, const struct recsize *rs,
                            struct fs *s)
{
	add(s, "kind=%u", b->kind);
	add(s, "lead=%u", b->lead);
	add(s, "kind=%u/first=%c", b->kind, b->first);
	add(s, "role=%d", L->role);
	add(s, "blank=%d", L->idx && v->l[L->idx - 1].blank ? v->l[L->idx - 1].blank : 0);
	add(s, "blankafter=%d", L->idx + 1 < v->nl && v->l[L->idx + 1].blank);
	if (!v->html) {
		static const unsigned ind_e[] = {1, 3, 6, 10};
		add(s, "indent=%u", bucket(L->indent, ind_e, 4));
	}
	if (!prev) {
		add(s, "first-block");
		return;
	}
	int rec = L->rec ? PL->rec == L->rec ? 1 : 2 : 0;
	unsigned big = L->rec && L->rec <= v->nrec ? (rs[L->rec].refs >= 2) + (rs[L->rec].blocks > 8) : 0;
	add(s, "rec=%d/big=%u", rec, big);
	add(s, "rec=%d/big=%u/kind=%u", rec, big, b->kind);
	add(s, "sameshape=%d", b->shape == prev->shape);
	add(s, "samebox=%d/kind=%u", L->box == PL->box, b->kind);
	if (!v->html)
		add(s, "indentrel=%c", L->indent == PL->indent ? '=' : L->indent > PL->indent ? '>' : '<');
	add(s, "p.kind=%u", prev->kind);
	add(s, "p.years=%u", prev->years ? 1 : 0);
	add(s, "p.head=%u/sec=%u", prev->headish, prev->sec);
	add(s, "p.tit=%u/aut=%u", prev->share[0], prev->share[1]);
	add(s, "p.reflike=%u/reflike=%u", prev->reflike, b->reflike);
	add(s, "p.end=%c", prev->p.n && strchr(".,;:", prev->p.p[prev->p.n - 1]) ? prev->p.p[prev->p.n - 1] : '-');
	add(s, "p.first=%c/first=%c", prev->first, b->first);
}

/* What a run of blocks holds: a title, authors, a venue, a year (bits 1,
 * 2, 4, 8): an item whose fields stand on lines of their own reads as a
 * reference only as a run. */
static unsigned run_holds(const struct bfact *B, const size_t *seq, size_t n, size_t from, size_t to)
{
	unsigned m = 0;
	for (size_t j = from; j < to && j < n; j++) {
		const struct bfact *b = &B[seq[j]];
		if (j > from && b->headish && !b->years)
			break;
		m |= (b->share[0] >= 3) | (b->share[1] >= 3) << 1 | (b->share[2] >= 2) << 2 | (b->years != 0) << 3;
	}
	return m;
}

static unsigned bits(unsigned m)
{
	return (m & 1) + (m >> 1 & 1) + (m >> 2 & 1) + (m >> 3 & 1);
}

static void run_features(const struct bfact *B, const size_t *seq, size_t n, size_t k, struct fs *s)
{
	unsigned ahead = run_holds(B, seq, n, k, k + 4), around = run_holds(B, seq, n, k > 2 ? k - 2 : 0, k + 3);
	add(s, "ahead=%x", ahead);
	add(s, "ahead=%u/around=%u", bits(ahead), bits(around));
	add(s, "ahead=%u/head=%u/years=%u", bits(ahead), B[seq[k]].headish, B[seq[k]].years ? 1 : 0);
}

/* What follows: the next block. */
static void next_features(const struct bfact *b, const struct bfact *next, struct fs *s)
{
	if (!next) {
		add(s, "last-block");
		return;
	}
	add(s, "n.kind=%u/kind=%u", next->kind, b->kind);
	add(s, "n.reflike=%u/head=%u", next->reflike, b->headish);
	add(s, "n.years=%u/years=%u", next->years ? 1 : 0, b->years ? 1 : 0);
	add(s, "n.tit=%u/aut=%u", next->share[0], next->share[1]);
	add(s, "n.head=%u/sec=%u", next->headish, next->sec);
	add(s, "n.sameshape=%d", next->shape == b->shape);
}

/* ---- a page's blocks -------------------------------------------------------- */

/* The section a block stands in: the nearest heading before it (its text's
 * class, and how far back), and the shape its reference-like blocks take. */
struct secinfo {
	unsigned refs;      /* reference-like blocks from here to the next
	                       heading */
	uint8_t cls;        /* enum sec of the heading that named the section, or
	                       3: a heading as high named nothing since */
	int level;          /* that heading's level (7: a line of text) */
	unsigned dist;      /* blocks since the last heading */
	uint32_t first;     /* the signature of the section's first block */
	uint32_t major;     /* the most common shape of the section's
	                       reference-like blocks, or 0 */
	unsigned nmajor;
};

/* A block's layout and what it reads as, in a word: blocks of one list
 * that have the same part of their items share it. */
static uint32_t signature(const struct bfact *b)
{
	return (b->shape ^ (uint32_t)(b->share[0] >= 2) << 1 ^ (uint32_t)(b->share[1] >= 2) << 2 ^
	        (uint32_t)(b->share[2] >= 2) << 3) | 1u;
}

static uint32_t major_shape(const struct bfact *B, const size_t *seq, size_t from, size_t to, unsigned *count)
{
	uint32_t best = 0;
	unsigned bn = 0;
	for (size_t i = from; i < to; i++) {
		if (!B[seq[i]].reflike)
			continue;
		unsigned k = 0;
		for (size_t j = from; j < to && k <= 64; j++)
			k += B[seq[j]].reflike && B[seq[j]].shape == B[seq[i]].shape;
		if (k > bn)
			bn = k, best = B[seq[i]].shape;
	}
	*count = bn;
	return best;
}

static void section_features(const struct bfact *b, const struct secinfo *si, uint32_t page_major, struct fs *s)
{
	static const unsigned dist_e[] = {1, 2, 4, 8, 16}, refs_e[] = {1, 2, 4, 8};
	add(s, "refs=%u/head=%u/sec=%u", bucket(si->refs, refs_e, 4), b->headish, b->sec);
	add(s, "h.cls=%u", si->cls);
	add(s, "h.dist=%u", bucket(si->dist, dist_e, 5));
	add(s, "h.cls=%u/dist=%u/reflike=%u", si->cls, bucket(si->dist, dist_e, 5), b->reflike);
	add(s, "major=%d/n=%u", si->major == b->shape, si->nmajor > 3 ? 3 : si->nmajor);
	add(s, "major=%d/kind=%u", si->major == b->shape, b->kind);
	add(s, "pmajor=%d", page_major == b->shape);
	/* what a block holds means something else in another section */
	add(s, "h.cls=%u/tit=%u/aut=%u", si->cls, b->share[0] >= 2, b->share[1] >= 2);
	add(s, "h.cls=%u/kind=%u/years=%u", si->cls, b->kind, b->years ? 1 : 0);
	add(s, "pmajor=%d/h.cls=%u", page_major == b->shape, si->cls);
	int lf = si->first && signature(b) == si->first;
	add(s, "likefirst=%d/dist=%u", lf, si->dist > 0);
	add(s, "likefirst=%d/tit=%u/aut=%u", lf, b->share[0] >= 2, b->share[1] >= 2);
}

static void rule_features(const struct cv *v, size_t i, uint32_t last_start, const struct bfact *b, struct fs *s)
{
	unsigned r = v->rule ? v->rule[i] : 0;
	add(s, "rule=%u", r % RM_SEC);
	add(s, "rule=%u/sec=%u", r % RM_SEC, r / RM_SEC);
	add(s, "rule=%u/kind=%u", r % RM_SEC, b->kind);
	add(s, "rulestart=%d", last_start == b->shape);
}

/* Does line i go on from the line before it, as a text dump wraps a
 * paragraph: no blank between, no heading or list mark of its own, and
 * the line before had no room left for this one's first word. */
static int wraps_on(struct cv *v, size_t i)
{
	if (v->html || v->width < 60 || !i || v->l[i - 1].blank || v->l[i - 1].heading || v->l[i].heading ||
	    v->l[i].marker || v->l[i].blank)
		return 0;
	cx_str pp = cvd_plain(&v->a, cvd_S(v->l[i - 1].s, v->l[i - 1].n));
	cx_str nx = cvd_plain(&v->a, cvd_S(v->l[i].s, v->l[i].n));
	size_t w = 0;
	while (w < nx.n && nx.p[w] != ' ')
		w++;
	return utf8_count(pp.p, pp.n) + (v->l[i - 1].indent) + 1 + utf8_count(nx.p, w) > v->width;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

/* The paragraphs of the blocks (ppos, pprose, pshare) and the repeats
 * (rep). */
static void paragraphs(struct cv *v, struct arena *scratch, const size_t *seq, size_t n, struct bfact *B)
{
	for (size_t k = 0; k < n;) {
		size_t e = k + 1;
		B[seq[k]].wrap = 0;
		while (e < n && seq[e] == seq[e - 1] + 1 && wraps_on(v, seq[e]) && e - k < 24)
			B[seq[e++]].wrap = 1;
		uint8_t share[4];
		memcpy(share, B[seq[k]].share, 4);
		int prose = cvd_tldr(B[seq[k]].p) != 0;
		if (e - k > 1) {
			cx_str j = B[seq[k]].p;
			for (size_t m = k + 1; m < e; m++)
				j = cat_para(&v->a, j, B[seq[m]].p);
			prose |= cvd_words_in(j) >= 8 && cvd_prose(j);
			struct cv_line J = v->l[seq[k]];
			J.s = (char *)j.p, J.n = j.n;
			reading(v, scratch, &J, share);
		} else
			prose |= B[seq[k]].words >= 8 && cvd_prose(B[seq[k]].p);
		for (size_t m = k; m < e; m++) {
			struct bfact *b = &B[seq[m]];
			b->ppos = (uint8_t)(e - k == 1 ? 's' : m == k ? 'f' : m + 1 == e ? 'l' : 'm');
			b->pprose = (uint8_t)prose;
			memcpy(b->pshare, share, 4);
		}
		k = e;
	}
	for (size_t k = 1; k < n; k++) {
		cx_str p = B[seq[k]].p;
		if (p.n < 12)
			continue;
		for (size_t j = k > 6 ? k - 6 : 0; j < k; j++) {
			cx_str q = B[seq[j]].p;
			size_t m = p.n < q.n ? p.n : q.n;
			if (q.n >= 12 && !memcmp(p.p, q.p, m) && m * 2 >= (p.n > q.n ? p.n : q.n) / 2) {
				B[seq[k]].echo = 1;
				break;
			}
		}
	}
	uint32_t *h = xmalloc((n + 1) * sizeof *h);
	for (size_t k = 0; k < n; k++) {
		cx_str p = B[seq[k]].p;
		h[k] = B[seq[k]].hash = p.n ? feat_hash(0x4E9, p.p, p.n) : 0;
	}
	qsort(h, n, sizeof *h, cmp_u32);
	for (size_t k = 0; k < n; k++) {
		uint32_t x = B[seq[k]].hash;
		size_t lo = 0, hi = n;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (h[mid] < x)
				lo = mid + 1;
			else
				hi = mid;
		}
		size_t c = 0;
		while (lo + c < n && h[lo + c] == x && c < 64)
			c++;
		B[seq[k]].rep = (uint8_t)(x && c ? c - 1 : 0);
	}
	free(h);
}

/* The features of each non-blank line of v: seq[k] is the line of block k,
 * f[k * BLK_FEAT ...] its nf[k] features, facts[k] its BF_* facts.  How
 * many blocks. */
static size_t block_features(struct cv *v, size_t *seq, uint32_t *f, uint8_t *nf, uint8_t *bf)
{
	size_t n = 0;
	for (size_t i = 0; i < v->nl; i++)
		if (!v->l[i].blank)
			seq[n++] = i;
	struct bfact *B = xcalloc(v->nl + 1, sizeof *B);
	struct recsize *rs = xcalloc(v->nrec + 1, sizeof *rs);
	struct arena scratch = {0};
	for (size_t k = 0; k < n; k++) {
		const struct cv_line *L = &v->l[seq[k]];
		facts(v, &scratch, L, &B[seq[k]]);
		if (L->rec && L->rec <= v->nrec)
			rs[L->rec].blocks++, rs[L->rec].refs += B[seq[k]].reflike;
	}
	paragraphs(v, &scratch, seq, n, B);
	unsigned pn;
	uint32_t page_major = major_shape(B, seq, 0, n, &pn);
	struct secinfo si = {.cls = SEC_NONE, .level = 99};
	size_t sec_from = 0;
	uint32_t last_start = 0;
	for (size_t k = 0; k < n; k++) {
		size_t i = seq[k];
		const struct cv_line *L = &v->l[i];
		const struct bfact *b = &B[i];
		bf[k] = (uint8_t)((b->share[0] >= 2) * BF_TITLE | (b->share[1] >= 2) * BF_AUTHORS |
		                  (b->share[2] >= 2) * BF_VENUE | (b->years != 0) * BF_YEAR | b->reflike * BF_REF |
		                  ((b->words >= 8 && cvd_prose(b->p)) || cvd_tldr(b->p)) * BF_PROSE |
		                  (b->words >= 8 && owner_talks(b->p)) * BF_FIRST | (b->runin == SEC_OTHER) * BF_OTHERSEC);
		if (k == sec_from) {
			/* a new section: its extent, to the next heading */
			size_t e = k + 1;
			while (e < n && !B[seq[e]].headish)
				e++;
			si.major = major_shape(B, seq, k, e, &si.nmajor);
			sec_from = e;
			si.refs = 0;
			for (size_t j = k; j < e; j++) /* one line a reference, or a title with its fields around */
				si.refs += B[seq[j]].reflike ||
				           (B[seq[j]].share[0] >= 2 && bits(run_holds(B, seq, n, j, j + 4)) >= 3);
			/* what the section's first block is, past its heading:
			 * its first item's first line, as a rule (a card's items
			 * may open with their authors, a CV's with a date) */
			size_t f0 = k;
			while (f0 < e && (B[seq[f0]].headish || B[seq[f0]].pprose))
				f0++;
			si.first = f0 < e ? signature(&B[seq[f0]]) : 0;
		}
		struct fs s = {f + k * BLK_FEAT, 0};
		add(&s, "bias");
		content_features(L, b, &s);
		para_features(b, &s);
		layout_features(v, L, b, k ? &B[seq[k - 1]] : NULL, k ? &v->l[seq[k - 1]] : NULL, rs, &s);
		next_features(b, k + 1 < n ? &B[seq[k + 1]] : NULL, &s);
		if (b->words <= 3 && b->chars <= 24 && b->first != 'X' && !L->heading && k + 2 < n) {
			/* a badge or a tag before an item ("arXiv", "NeurIPS 2023",
			 * "Highlight") is told by what follows it: a title, then
			 * the authors */
			const struct bfact *n1 = &B[seq[k + 1]], *n2 = &B[seq[k + 2]];
			add(&s, "short/n.tit=%u/nn.aut=%u/rep=%u", n1->share[0] >= 2, n2->share[1] >= 2, b->rep > 0);
			add(&s, "short/p.prose=%u/n.tit=%u", k && B[seq[k - 1]].pprose, n1->share[0] >= 2);
		}
		run_features(B, seq, n, k, &s);
		section_features(b, &si, page_major, &s);
		rule_features(v, i, last_start, b, &s);
		nf[k] = s.n;
		if (v->rule && v->rule[i] % RM_SEC == RM_START)
			last_start = b->shape;
		si.dist++;
		if (b->headish) {
			int lv = L->heading ? L->heading : 7;
			if (b->sec != SEC_NONE)
				si.cls = b->sec, si.level = lv;
			else if (lv <= si.level)
				si.cls = 3;
			si.dist = 0;
		}
	}
	arena_destroy(&scratch);
	free(B), free(rs);
	return n;
}

/* ---- the finder ------------------------------------------------------------- */

size_t cvd_blocks(struct cv *v, struct cv_blocks *b)
{
	/* the rules' reading first, quietly: it is one of the features */
	v->rule = arena_calloc(&v->a, v->nl + 1);
	v->quiet = 1;
	cvd_segment(v);
	v->quiet = 0;
	/* its items are kept apart: the learned finder's go to v->raw */
	v->rules_raw = v->raw, v->rules_nraw = v->nraw, v->rules_capraw = v->capraw;
	v->raw = NULL, v->nraw = v->capraw = 0;
	b->seq = xmalloc((v->nl + 1) * sizeof *b->seq);
	b->f = xmalloc((v->nl + 1) * BLK_FEAT * sizeof *b->f);
	b->nf = xmalloc(v->nl + 1);
	b->facts = xmalloc(v->nl + 1);
	b->n = block_features(v, b->seq, b->f, b->nf, b->facts);
	return b->n;
}

void cvd_blocks_free(struct cv_blocks *b)
{
	free(b->seq), free(b->f), free(b->nf), free(b->facts);
	memset(b, 0, sizeof *b);
}

/* build/gen/finder_model.c: the bytes of data/finder.model (none: size 0). */
extern const unsigned char cv_finder_model[];
extern const size_t cv_finder_model_size;

const struct lab_model *cvd_finder_builtin(struct lab_model *m)
{
	if (!cv_finder_model_size)
		return NULL;
	return lab_model_open_names(m, cv_finder_model, cv_finder_model_size, blk_names, BLK_N) ? NULL : m;
}
