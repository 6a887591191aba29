/* tools/gen_segs.c - a tagged rendering to a labelled sequence (make model).
 *
 * The CSL processor's tagged form (csl_out_buf, OF_TAGGED) says which
 * variable wrote each span of an entry; the rest is the style's text:
 * affixes, delimiters, terms.  Here every byte gets the labeller's label
 * as anystyle's training data gives it (tools/train_refs.c reads the same
 * format):
 *
 *   - a variable's text takes its label (author, title, container ...;
 *     issue goes with volume, year-suffix with the date, a label such as
 *     "pp." or "(Eds.)" with its variable);
 *   - style text between two fields is cut after the punctuation that
 *     ends the first: that punctuation ("," "." "):" "."") closes the
 *     first field, the rest opens the next ("In: ", "(", "vol. ",
 *     "https://doi.org/"), as anystyle's sequences have them;
 *   - words that are fields of their own in anystyle's data stay apart:
 *     "Retrieved from", "Available at", "Accessed" are a note; "PhD
 *     thesis", "Technical report" a genre.
 *
 * A token that two fields share with no blank between ("14:87-90",
 * "2011;34(5):87-90") goes to the first, as in anystyle's data; or the
 * fields are parted by a blank (opts.glue off), which keeps every field of
 * a sequence scored apart.  Noise as text taken from PDF files has it
 * comes last: a word hyphenated at a line's end ("infor- mation"),
 * ligatures, a lost blank after a period or comma, names in capitals, a
 * DOI or URL broken after a slash or a period.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "core/str.h"
#include "cv/label.h"
#include "gen_refs.h"

uint64_t rng_next(struct rng *r)
{
	uint64_t z = (r->s += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

uint32_t gen_hash(const char *s)
{
	uint32_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

void rng_seed(struct rng *r, uint64_t seed, const char *name)
{
	r->s = seed * 0x2545F4914F6CDD1Du ^ gen_hash(name);
	rng_next(r);
}

unsigned rng_below(struct rng *r, unsigned n)
{
	return (unsigned)(rng_next(r) >> 33) % n;
}

int rng_pct(struct rng *r, unsigned pct)
{
	return rng_below(r, 100) < pct;
}

/* ---- variables to labels ------------------------------------------------------ */

static int is_article(const struct csl_item *it)
{
	const char *t = csl_type_name(it->type);
	return t && !strncmp(t, "article", 7);
}

/* The label of variable v's text in item it, as anystyle's sets label it. */
static int var_label(int v, const struct csl_item *it)
{
	const char *t = csl_type_name(it->type);
	switch (v) {
	case CV_AUTHOR: case CV_COMPOSER: case CV_INTERVIEWER: case CV_PERFORMER: case CV_SCRIPT_WRITER:
	case CV_CONTRIBUTOR: case CV_ORIGINAL_AUTHOR: case CV_REVIEWED_AUTHOR:
		return LAB_AUTHOR;
	case CV_EDITOR: case CV_EDITORIAL_DIRECTOR: case CV_COLLECTION_EDITOR: case CV_CONTAINER_AUTHOR:
	case CV_CHAIR: case CV_ORGANIZER: case CV_EDITOR_TRANSLATOR: case CV_CURATOR: case CV_DIRECTOR:
	case CV_PRODUCER: case CV_HOST: case CV_SERIES_CREATOR:
		return LAB_EDITOR;
	case CV_TRANSLATOR:
		return LAB_TRANSLATOR;
	case CV_TITLE: case CV_TITLE_SHORT: case CV_PART_TITLE: case CV_VOLUME_TITLE: case CV_VOLUME_TITLE_SHORT:
	case CV_ORIGINAL_TITLE: case CV_REVIEWED_TITLE:
		return LAB_TITLE;
	case CV_CONTAINER_TITLE: case CV_CONTAINER_TITLE_SHORT:
		return LAB_CONTAINER;
	case CV_EVENT_TITLE:
		/* "Paper presented at the ... Conference": the venue, unless the
		 * proceedings are named too */
		return it->s[CV_CONTAINER_TITLE] ? LAB_NOTE : LAB_CONTAINER;
	case CV_COLLECTION_TITLE: case CV_COLLECTION_NUMBER:
		return LAB_COLLECTION;
	case CV_ISSUED: case CV_YEAR_SUFFIX: case CV_ORIGINAL_DATE:
		return LAB_DATE;
	case CV_VOLUME: case CV_ISSUE: case CV_SUPPLEMENT_NUMBER: case CV_PART_NUMBER: case CV_NUMBER_OF_VOLUMES:
		return LAB_VOLUME;
	case CV_NUMBER:
		if (is_article(it))
			return LAB_VOLUME;
		return t && (!strcmp(t, "report") || !strcmp(t, "thesis") || !strcmp(t, "standard")) ? LAB_GENRE
		                                                                                     : LAB_NOTE;
	case CV_PAGE: case CV_PAGE_FIRST: case CV_NUMBER_OF_PAGES: case CV_LOCATOR:
		return LAB_PAGES;
	case CV_PUBLISHER: case CV_ORIGINAL_PUBLISHER: case CV_AUTHORITY:
		return LAB_PUBLISHER;
	case CV_PUBLISHER_PLACE: case CV_EVENT_PLACE: case CV_ORIGINAL_PUBLISHER_PLACE: case CV_JURISDICTION:
		return LAB_LOCATION;
	case CV_DOI:
		return LAB_DOI;
	case CV_URL:
		return LAB_URL;
	case CV_ISBN: case CV_ISSN:
		return LAB_ISBN;
	case CV_EDITION: case CV_VERSION:
		return LAB_EDITION;
	case CV_GENRE:
		return LAB_GENRE;
	case CV_CITATION_NUMBER: case CV_CITATION_LABEL:
		return LAB_NUMBER;
	default:
		return LAB_NOTE;
	}
}

/* ---- reading the tagged form ------------------------------------------------------ */

enum { K_TEXT, K_VAR, K_LABEL, K_TERM };
enum { FL_I = 1, FL_B = 2 };

/* The entry as bytes, each with the variable that wrote it (-1: the
 * style's), what it is (K_*), its font (FL_*) and, once decided, its
 * label. */
struct ent {
	struct buf t;
	int16_t *var;
	uint8_t *kind, *fl, *lab;
	size_t cap;
};

static void ent_put(struct ent *e, const char *p, size_t n, int var, int kind, int fl, int lab)
{
	if (e->t.n + n + 1 > e->cap) {
		e->cap = 2 * (e->t.n + n + 1);
		e->var = xrealloc(e->var, e->cap * sizeof *e->var);
		e->kind = xrealloc(e->kind, e->cap);
		e->fl = xrealloc(e->fl, e->cap);
		e->lab = xrealloc(e->lab, e->cap);
	}
	for (size_t i = 0; i < n; i++) {
		e->var[e->t.n + i] = (int16_t)var;
		e->kind[e->t.n + i] = (uint8_t)kind;
		e->fl[e->t.n + i] = (uint8_t)fl;
		e->lab[e->t.n + i] = (uint8_t)lab;
	}
	buf_put(&e->t, p, n);
}

static void ent_free(struct ent *e)
{
	buf_free(&e->t);
	free(e->var), free(e->kind), free(e->fl), free(e->lab);
}

/* What an open element of the tagged form is. */
enum { E_I, E_R, E_B, E_M, E_LABEL, E_TERM, E_DIV, E_VAR };
struct open {
	int what, var;
};

/* The font of the text under the open elements: the innermost of <i>
 * and <r> decides italics, of <b> and <m> bold. */
static int font(const struct open *st, int n)
{
	int it = -1, bd = -1;
	for (int i = n; i-- > 0;) {
		if (it < 0 && (st[i].what == E_I || st[i].what == E_R))
			it = st[i].what == E_I;
		if (bd < 0 && (st[i].what == E_B || st[i].what == E_M))
			bd = st[i].what == E_B;
	}
	return (it > 0 ? FL_I : 0) | (bd > 0 ? FL_B : 0);
}

static int element(const char *name, size_t n, struct open *o)
{
	static const char *const fonts[] = {"i", "r", "b", "m", "label", "term", "div"};
	for (int k = 0; k < 7; k++)
		if (strlen(fonts[k]) == n && !memcmp(fonts[k], name, n)) {
			*o = (struct open){k, -1};
			return 0;
		}
	char v[48];
	if (n >= sizeof v)
		return -1;
	memcpy(v, name, n);
	v[n] = 0;
	int id = csl_var_lookup(v);
	if (id == CV_NONE)
		return -1;
	*o = (struct open){E_VAR, id};
	return 0;
}

/* The tagged line into e; -1 when it is not what the tagged form writes. */
static int read_tagged(struct ent *e, const char *s)
{
	struct open st[32];
	int n = 0;
	for (const char *p = s; *p && *p != '\n';) {
		if (*p == '<') {
			const char *gt = strchr(p, '>');
			if (!gt)
				return -1;
			int close = p[1] == '/';
			const char *name = p + 1 + close;
			if (close) {
				if (!n)
					return -1;
				n--;
			} else if (n == 32 || element(name, (size_t)(gt - name), &st[n++]) < 0) {
				return -1;
			}
			/* a block is a line of its own: a blank parts it from the
			 * text beside it */
			if ((close ? st[n].what : st[n - 1].what) == E_DIV && e->t.n &&
			    !str_space((unsigned char)e->t.p[e->t.n - 1]))
				ent_put(e, " ", 1, -1, K_TEXT, 0, 0xFF);
			p = gt + 1;
			continue;
		}
		char c = *p;
		size_t len = 1;
		if (*p == '&') {
			len = !strncmp(p, "&amp;", 5) ? 5 : !strncmp(p, "&lt;", 4) || !strncmp(p, "&gt;", 4) ? 4 : 0;
			if (!len)
				return -1;
			c = p[1] == 'a' ? '&' : p[1] == 'l' ? '<' : '>';
		}
		int var = -1, kind = K_TEXT;
		for (int i = 0; i < n; i++) {
			if (st[i].what == E_VAR) {
				var = st[i].var;
				if (kind == K_TEXT)
					kind = K_VAR;
			} else if (st[i].what == E_LABEL) {
				kind = K_LABEL;
			} else if (st[i].what == E_TERM && kind == K_TEXT) {
				kind = K_TERM;
			}
		}
		ent_put(e, &c, 1, var, kind, font(st, n), 0xFF);
		p += len;
	}
	return n ? -1 : 0;
}

/* ---- style text --------------------------------------------------------------- */

/* The length of the punctuation that ends a field at p (closing brackets
 * and quotes too), 0 if none. */
static size_t closer(const char *p, size_t n)
{
	if (n && strchr(".,;:!?)]}\"'", *p) && *p)
		return 1;
	if (n >= 3 && (unsigned char)p[0] == 0xE2 && (unsigned char)p[1] == 0x80 &&
	    ((unsigned char)p[2] == 0x9D || (unsigned char)p[2] == 0x99))
		return 3; /* ” ’ */
	if (n >= 2 && (unsigned char)p[0] == 0xC2 && (unsigned char)p[1] == 0xBB)
		return 2; /* » */
	return 0;
}

/* Words that are a field of their own in anystyle's sequences. */
static const char *const note_words[] = {
	"retrieved", "available", "accessed", "viewed", "cited", "online", "consulted", "zugegriffen",
	"abgerufen", "verfügbar", "consulté", "disponible", "acesso", "accesso", "last access", "visited", NULL,
};
static const char *const genre_words[] = {
	"thesis", "dissertation", "tech. rep", "technical report", "report", "working paper", "preprint",
	"phd", "ph.d", "ph. d", "master", "doctoral", "habilitation", "diss.", "diplom", "mémoire", "tesis",
	"tese", NULL,
};

/* What a style writes for a place or a publisher the item lacks. */
static const char *const no_place[] = {"s.l.", "s. l.", "sine loco", "o.o.", "n.p.", NULL};
static const char *const no_publisher[] = {"s.n.", "s. n.", "sine nomine", NULL};

static const char *const url_words[] = {"url", NULL};

static int has_letter(const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (str_alpha((unsigned char)p[i]))
			return 1;
	return 0;
}

/* Does [p, p + n), lower-cased, hold one of the words? */
static int has_word(const char *p, size_t n, const char *const *words)
{
	char low[256];
	if (n >= sizeof low)
		n = sizeof low - 1;
	for (size_t i = 0; i < n; i++)
		low[i] = (char)str_lower((unsigned char)p[i]);
	low[n] = 0;
	for (size_t k = 0; words[k]; k++)
		if (strstr(low, words[k]))
			return 1;
	return 0;
}

/* Style text [b, e): its punctuation that ends the field before goes to
 * lab_prev, words of a field of their own are that field, the rest goes
 * to lab_next.  A side that is missing (-1) gives way to the other. */
/* The field that style text [p, p + n) is of its own, or -1: a note
 * ("Retrieved from"), a genre ("PhD thesis"), a missing place or
 * publisher; before a URL, any words but "URL" ("from", "Website"). */
static int own_field(const char *p, size_t n, int lab_next)
{
	if (has_word(p, n, note_words))
		return LAB_NOTE;
	if (has_word(p, n, genre_words))
		return LAB_GENRE;
	if (has_word(p, n, no_place))
		return LAB_LOCATION;
	if (has_word(p, n, no_publisher))
		return LAB_PUBLISHER;
	if (lab_next == LAB_URL && has_letter(p, n) && !has_word(p, n, url_words))
		return LAB_NOTE;
	return -1;
}

/* The end of the piece of style text that starts at p: after punctuation
 * that ends a field and the blanks after it ("Ph.D. thesis, | [S.l.]: "). */
static size_t piece_end(const char *t, size_t p, size_t e)
{
	while (p < e) {
		size_t k = closer(t + p, e - p);
		if (k && (p + k == e || str_space((unsigned char)t[p + k]))) {
			for (p += k; p < e && str_space((unsigned char)t[p]); p++)
				;
			return p;
		}
		p += k ? k : 1;
	}
	return e;
}

static void attach(struct ent *x, size_t b, size_t e, int lab_prev, int lab_next)
{
	const char *t = x->t.p;
	size_t cut = b;
	/* text that runs on from the field before, with no blank between,
	 * is of that field's token ("title[J].", "pp.") */
	if (b && lab_prev >= 0 && !str_space((unsigned char)t[b - 1]))
		while (cut < e && !str_space((unsigned char)t[cut]))
			cut++;
	for (size_t k; cut < e && (k = closer(t + cut, e - cut)) > 0;)
		cut += k;
	while (cut < e && str_space((unsigned char)t[cut]))
		cut++;
	int whole = own_field(t + cut, e - cut, lab_next);
	/* an entry of style text alone (no field) is a note */
	int prev = lab_prev >= 0 ? lab_prev : whole >= 0 ? whole : lab_next >= 0 ? lab_next : LAB_NOTE;
	for (size_t i = b; i < cut; i++)
		x->lab[i] = (uint8_t)prev;
	/* the rest piece by piece, last first: a piece of a field of its own
	 * is that field, one of none goes with what follows it */
	size_t at[64], np = 0;
	for (size_t p = cut; p < e && np < 64; p = piece_end(t, p, e))
		at[np++] = p;
	int next = lab_next >= 0 ? lab_next : lab_prev >= 0 ? lab_prev : LAB_NOTE, any = 0;
	for (size_t k = np; k-- > 0;) {
		size_t pe = k + 1 < np ? at[k + 1] : e;
		int own = own_field(t + at[k], pe - at[k], lab_next);
		any |= own >= 0;
		next = own >= 0 ? own : next;
		memset(x->lab + at[k], next, pe - at[k]);
	}
	/* words that say what the text is only together ("Tech. Rep. ") */
	if (!any && whole >= 0)
		memset(x->lab + cut, whole, e - cut);
}

/* Every byte's label. */
static void label_bytes(struct ent *x, const struct csl_item *it)
{
	size_t n = x->t.n;
	/* the fields first; terms such as "Retrieved from" are fields of
	 * their own, other terms style text */
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;
		while (j < n && x->var[j] == x->var[i] && x->kind[j] == x->kind[i])
			j++;
		if (x->var[i] >= 0)
			memset(x->lab + i, var_label(x->var[i], it), j - i);
		else if (x->kind[i] == K_TERM && has_word(x->t.p + i, j - i, note_words))
			memset(x->lab + i, LAB_NOTE, j - i);
		i = j;
	}
	/* then the style text between them */
	int prev = -1;
	for (size_t i = 0; i < n;) {
		if (x->lab[i] != 0xFF) {
			prev = x->lab[i++];
			continue;
		}
		size_t j = i;
		while (j < n && x->lab[j] == 0xFF)
			j++;
		attach(x, i, j, prev, j < n ? x->lab[j] : -1);
		i = j;
	}
}

/* A field that runs into the next with no blank between: the token is
 * the first field's. */
static void glue(struct ent *x)
{
	const char *t = x->t.p;
	for (size_t i = 1; i < x->t.n; i++)
		if (x->lab[i] != x->lab[i - 1] && !str_space((unsigned char)t[i]) &&
		    !str_space((unsigned char)t[i - 1]))
			for (size_t k = i; k < x->t.n && !str_space((unsigned char)t[k]); k++)
				x->lab[k] = x->lab[i - 1];
}

/* ---- noise ------------------------------------------------------------------- */

/* Put n bytes of s in place of the k bytes at i; the new bytes take the
 * label and font of byte i (of the byte before, at the end). */
static void splice(struct ent *x, size_t i, size_t k, const char *s, size_t n)
{
	struct ent y = {0};
	size_t at = i < x->t.n ? i : i ? i - 1 : 0;
	ent_put(&y, x->t.p, i, 0, 0, 0, 0);
	memcpy(y.lab, x->lab, i), memcpy(y.fl, x->fl, i), memcpy(y.var, x->var, i * sizeof *y.var);
	ent_put(&y, s, n, x->var[at], x->kind[at], x->fl[at], x->lab[at]);
	size_t rest = x->t.n - i - k, o = y.t.n;
	ent_put(&y, x->t.p + i + k, rest, 0, 0, 0, 0);
	memcpy(y.lab + o, x->lab + i + k, rest), memcpy(y.fl + o, x->fl + i + k, rest);
	memcpy(y.var + o, x->var + i + k, rest * sizeof *y.var);
	ent_free(x);
	*x = y;
}

/* A word of eight letters or more of the title or the container broken
 * at a line's end: "infor- mation". */
static void hyphenate(struct ent *x, struct rng *r)
{
	size_t cand[64], nc = 0;
	const char *t = x->t.p;
	for (size_t i = 0; i < x->t.n && nc < 64;) {
		size_t j = i;
		while (j < x->t.n && str_alpha((unsigned char)t[j]))
			j++;
		if (j - i >= 8 && (x->lab[i] == LAB_TITLE || x->lab[i] == LAB_CONTAINER) &&
		    (!i || !str_alpha((unsigned char)t[i - 1])))
			cand[nc++] = i + 3 + rng_below(r, (unsigned)(j - i - 5));
		i = j > i ? j : i + 1;
	}
	if (nc)
		splice(x, cand[rng_below(r, (unsigned)nc)], 0, "- ", 2);
}

/* fi, fl, ff as the ligatures a PDF file may keep. */
static void ligatures(struct ent *x)
{
	static const struct {
		char a, b;
		const char *lig;
	} ligs[] = {{'f', 'i', "\xEF\xAC\x81"}, {'f', 'l', "\xEF\xAC\x82"}, {'f', 'f', "\xEF\xAC\x80"}};
	for (size_t i = 0; i + 1 < x->t.n; i++)
		for (size_t k = 0; k < 3; k++)
			if (x->t.p[i] == ligs[k].a && x->t.p[i + 1] == ligs[k].b && x->lab[i] == x->lab[i + 1]) {
				splice(x, i, 2, ligs[k].lig, 3);
				i += 2;
				break;
			}
}

/* One blank after a period or comma lost inside a field ("J.Smith",
 * "pp.10-20"). */
static void lose_blank(struct ent *x, struct rng *r)
{
	size_t cand[64], nc = 0;
	const char *t = x->t.p;
	for (size_t i = 1; i + 1 < x->t.n && nc < 64; i++)
		if (t[i] == ' ' && (t[i - 1] == '.' || t[i - 1] == ',') && str_alnum((unsigned char)t[i + 1]) &&
		    x->lab[i - 1] == x->lab[i + 1])
			cand[nc++] = i;
	if (nc)
		splice(x, cand[rng_below(r, (unsigned)nc)], 1, "", 0);
}

/* A DOI or a URL broken at a line's end after a slash or a period, as
 * text taken from a PDF file has it ("10.1057/ palcomms.2015.46"). */
static void break_link(struct ent *x, struct rng *r)
{
	size_t cand[64], nc = 0;
	const char *t = x->t.p;
	for (size_t i = 1; i + 2 < x->t.n && nc < 64; i++)
		if ((t[i] == '/' || t[i] == '.') && (x->lab[i] == LAB_DOI || x->lab[i] == LAB_URL) &&
		    x->lab[i + 1] == x->lab[i] && str_alnum((unsigned char)t[i + 1]) && t[i - 1] != '/')
			cand[nc++] = i + 1;
	if (nc)
		splice(x, cand[rng_below(r, (unsigned)nc)], 0, " ", 1);
}

/* Blanks where text taken from a PDF file has them: before a comma or a
 * stop rather than after it ("Lee ,A. 2013 ,ApJS ,208"), after an opening
 * parenthesis ("( 2015)").  The moved mark goes with the word after it. */
static void pdf_spacing(struct ent *x, struct rng *r)
{
	char *t = x->t.p;
	for (size_t i = 1; i + 2 < x->t.n; i++) {
		if ((t[i] == ',' || t[i] == '.' || t[i] == ':' || t[i] == ';') && t[i + 1] == ' ' &&
		    str_alnum((unsigned char)t[i + 2]) && str_alnum((unsigned char)t[i - 1]) && rng_pct(r, 40)) {
			t[i + 1] = t[i], t[i] = ' ';
			x->lab[i + 1] = x->lab[i + 2], x->fl[i + 1] = x->fl[i + 2];
			i++;
		} else if (t[i] == '(' && str_alnum((unsigned char)t[i + 1]) && rng_pct(r, 30)) {
			splice(x, i + 1, 0, " ", 1);
			t = x->t.p;
			i++;
		}
	}
}

/* Words of one field run together, as a PDF file's lost blanks leave them
 * ("Parton Showersimulations", "UniversityPress"). */
static void join_words(struct ent *x, struct rng *r)
{
	for (size_t i = 1; i + 1 < x->t.n; i++)
		if (x->t.p[i] == ' ' && str_alpha((unsigned char)x->t.p[i - 1]) &&
		    str_alpha((unsigned char)x->t.p[i + 1]) && x->lab[i - 1] == x->lab[i + 1] && rng_pct(r, 15))
			splice(x, i, 1, "", 0);
}

/* An arXiv identifier after the reference, as physics cites its preprint
 * ("..., 565 (1999), astro-ph/9812133", "[arXiv:1503.02641]"): a note. */
static void eprint(struct ent *x, struct rng *r)
{
	static const char *const arch[] = {"hep-ph", "hep-th", "astro-ph", "gr-qc", "quant-ph", "cond-mat",
	                                   "hep-lat", "nucl-th"};
	char id[48], b[64];
	unsigned y = rng_below(r, 24), m = 1 + rng_below(r, 12);
	if (rng_pct(r, 40))
		snprintf(id, sizeof id, "%s/%02u%02u%03u", arch[rng_below(r, 8)], (y + 92) % 100, m, rng_below(r, 999));
	else
		snprintf(id, sizeof id, "%s%02u%02u.%0*u", rng_pct(r, 70) ? "arXiv:" : "arXiv: ", 7 + y % 18, m,
		         y % 18 > 7 ? 5 : 4, rng_below(r, 9999));
	unsigned form = rng_below(r, 3);
	int w = snprintf(b, sizeof b, form == 0 ? ", %s" : form == 1 ? " [%s]" : ". %s", id);
	size_t at = x->t.n;
	if (at && x->t.p[at - 1] == '.' && form != 2)
		at--;
	splice(x, at, 0, b, (size_t)w);
	for (size_t i = at; i < at + (size_t)w && i < x->t.n; i++)
		x->lab[i] = LAB_NOTE;
}

/* A journal's series letter run into the volume, as physics writes it
 * ("Phys. Rev. D94", "Nucl. Phys. B393"): the token is the journal's, as
 * a field that touches the next is. */
static void series_volume(struct ent *x)
{
	const char *t = x->t.p;
	for (size_t i = 2; i + 1 < x->t.n; i++)
		if (t[i] == ' ' && x->lab[i - 1] == LAB_CONTAINER && str_is_upper((unsigned char)t[i - 1]) &&
		    (t[i - 2] == ' ' || t[i - 2] == '.') && x->lab[i + 1] == LAB_VOLUME &&
		    str_digit((unsigned char)t[i + 1])) {
			splice(x, i, 1, "", 0);
			for (size_t k = i; k < x->t.n && !str_space((unsigned char)x->t.p[k]); k++)
				x->lab[k] = LAB_CONTAINER;
			return;
		}
}

/* Names in capitals, as small capitals come out of a PDF file: each
 * capitalised word of the authors, when it is all ASCII. */
static void capitals(struct ent *x)
{
	char *t = x->t.p;
	for (size_t i = 0; i < x->t.n;) {
		size_t j = i, ascii = 1;
		while (j < x->t.n && (str_alpha((unsigned char)t[j]) || (unsigned char)t[j] >= 0x80))
			ascii &= (unsigned char)t[j++] < 0x80;
		if (j > i && ascii && x->lab[i] == LAB_AUTHOR && t[i] >= 'A' && t[i] <= 'Z')
			for (size_t k = i; k < j; k++)
				t[k] = (char)str_upper((unsigned char)t[k]);
		i = j > i ? j : i + 1;
	}
}

/* ---- writing ----------------------------------------------------------------- */

static void put_xml(struct buf *b, const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '&')
			buf_put(b, "&amp;", 5);
		else if (p[i] == '<')
			buf_put(b, "&lt;", 4);
		else if (p[i] == '>')
			buf_put(b, "&gt;", 4);
		else
			buf_putc(b, p[i]);
	}
}

/* anystyle's element for a label. */
static const char *tag_of(int lab, const struct csl_item *it)
{
	if (lab == LAB_CONTAINER)
		return is_article(it) ? "journal" : "container-title";
	if (lab == LAB_COLLECTION)
		return "collection-title";
	return lab_names[lab];
}

/* The segments: runs of one label, blanks at their ends left out; with
 * marks, runs of italics and bold inside them as <i> and <b>. */
static void write_seq(struct buf *out, const struct ent *x, const struct csl_item *it, int marks)
{
	const char *t = x->t.p;
	buf_put(out, "  <sequence>\n", 13);
	for (size_t i = 0; i < x->t.n;) {
		size_t j = i;
		while (j < x->t.n && x->lab[j] == x->lab[i])
			j++;
		size_t b = i, e = j;
		while (b < e && str_space((unsigned char)t[b]))
			b++;
		while (e > b && str_space((unsigned char)t[e - 1]))
			e--;
		if (b < e) {
			const char *tag = tag_of(x->lab[i], it);
			buf_printf(out, "    <%s>", tag);
			for (size_t k = b; k < e;) {
				size_t m = k + 1;
				while (m < e && (x->fl[m] == x->fl[k] || !marks))
					m++;
				int fl = marks ? x->fl[k] : 0;
				buf_put(out, fl & FL_I ? "<i>" : "", fl & FL_I ? 3 : 0);
				buf_put(out, fl & FL_B ? "<b>" : "", fl & FL_B ? 3 : 0);
				put_xml(out, t + k, m - k);
				buf_put(out, fl & FL_B ? "</b>" : "", fl & FL_B ? 4 : 0);
				buf_put(out, fl & FL_I ? "</i>" : "", fl & FL_I ? 4 : 0);
				k = m;
			}
			buf_printf(out, "</%s>\n", tag);
		}
		i = j;
	}
	buf_put(out, "  </sequence>\n", 14);
}

int gen_sequence(struct buf *out, const char *tagged, const struct csl_item *it, const struct gen_opts *o,
                 struct rng *r)
{
	struct ent x = {0};
	int rc = read_tagged(&x, tagged);
	size_t i = 0;
	while (rc == 0 && i < x.t.n && str_space((unsigned char)x.t.p[i]))
		i++;
	if (rc < 0 || i == x.t.n) {
		ent_free(&x);
		return -1;
	}
	int numbered = 0;
	for (size_t k = 0; k < x.t.n && !numbered; k++)
		numbered = x.var[k] == CV_CITATION_NUMBER || x.var[k] == CV_CITATION_LABEL;
	label_bytes(&x, it);
	if (o->number && !numbered) {
		char b[24];
		int w = snprintf(b, sizeof b, rng_pct(r, 50) ? "[%d] " : "%d. ", o->number);
		struct ent y = {0};
		ent_put(&y, b, (size_t)w, CV_CITATION_NUMBER, K_VAR, 0, LAB_NUMBER);
		ent_put(&y, x.t.p, x.t.n, 0, 0, 0, 0);
		memcpy(y.lab + w, x.lab, x.t.n), memcpy(y.fl + w, x.fl, x.t.n);
		memcpy(y.var + w, x.var, x.t.n * sizeof *y.var);
		ent_free(&x);
		x = y;
	}
	if (o->glue)
		glue(&x);
	if (o->noise & NOISE_HYPHEN)
		hyphenate(&x, r);
	if (o->noise & NOISE_LIGATURE)
		ligatures(&x);
	if (o->noise & NOISE_NOSPACE)
		lose_blank(&x, r);
	if (o->noise & NOISE_CAPS)
		capitals(&x);
	if (o->noise & NOISE_BREAK)
		break_link(&x, r);
	if (o->noise & NOISE_SERIES)
		series_volume(&x);
	if (o->noise & NOISE_EPRINT)
		eprint(&x, r);
	if (o->noise & NOISE_PDFSPACE)
		pdf_spacing(&x, r);
	if (o->noise & NOISE_JOIN)
		join_words(&x, r);
	write_seq(out, &x, it, o->marks);
	ent_free(&x);
	return 0;
}
