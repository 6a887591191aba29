/* tools/train_refs.c - train the cv labeller's models (make model).
 *
 *   train_refs [-r] [-e EPOCHS] [-x EXCLUDE.xml] [-i ITEMS.xml]... [-s SYNTH.xml]... [-k K]
 *              [-v VENUES.tsv] -o MODEL FILE.xml...
 *
 * Two models: the pages' (data/cv.model), which reads items of
 * publication lists, and with -r the reference strings' (data/refs.model),
 * which reads -f refs input and lists of references.  Each is read with
 * the features it is trained with (feat_seq's modes).
 *
 * Reads labelled references in anystyle's XML (<dataset><sequence><author>
 * ...</author><title>...</title>...</sequence>...), leaves out every sequence
 * whose text is also in EXCLUDE.xml (the development set), and trains a
 * linear-chain averaged perceptron over the features of cv/features.c.
 * For the pages' model each reference is learnt twice: as a reference
 * string alone, and as an item of a publication list (add_items: a block
 * of lines, as pages show one); ITEMS.xml holds items of publication lists
 * as written, an <lb/> where a line ends.  The reference strings' model
 * learns each as a string alone, and the references of SYNTH.xml too:
 * references rendered through CSL styles (tools/gen_refs.c), whose
 * segments may hold <i> and <b>, the marks a page gives.  With -k K each
 * epoch learns a K-th of them (the next K-th the next epoch), so that
 * their number does not drown anystyle's sets and an epoch stays short.
 * All
 * arithmetic is on integers until the final average, the order of the
 * sequences in each epoch comes from a fixed-seed generator, and the model is
 * written in a fixed order: the same inputs give the same bytes.  The format
 * is described in src/cv/model.c.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/arena.h"
#include "core/hash.h"
#include "core/strbuf.h"
#include "core/utf8.h"
#include "cv/label.h"
#include "perceptron.h"
#include "train.h"

#define L LAB_N

/* ---- reading anystyle XML ----------------------------------------------- */

static char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "train_refs: cannot open %s\n", path);
		exit(1);
	}
	struct buf b = {0};
	char chunk[65536];
	size_t k;
	while ((k = fread(chunk, 1, sizeof chunk, f)) > 0)
		buf_put(&b, chunk, k);
	fclose(f);
	buf_putc(&b, 0);
	*n = b.n - 1;
	return b.p;
}

/* The markup element at s (<i>, </i>, <b>, </b>): its length, with the
 * font it turns on or off in *on and *bit; 0 if none. */
static size_t font_tag(const char *s, const char *e, int *on, uint8_t *bit)
{
	size_t k = (size_t)(e - s);
	int close = k > 1 && s[1] == '/';
	if (k < 3u + close || s[0] != '<' || (s[1 + close] != 'i' && s[1 + close] != 'b') || s[2 + close] != '>')
		return 0;
	*on = !close;
	*bit = s[1 + close] == 'i' ? TOK_ITALIC : TOK_BOLD;
	return 3u + close;
}

/* Decode XML entities of [s, e) into out, the markup of each byte into fl
 * (<i> and <b> of the rendered strings); white space runs become one
 * space. */
static void xml_text(const char *s, const char *e, struct buf *out, struct buf *fl)
{
	uint8_t cur = 0, bit;
	int on;
	while (s < e) {
		while (fl->n < out->n)
			buf_putc(fl, cur);
		size_t tag = font_tag(s, e, &on, &bit);
		if (tag) {
			cur = on ? cur | bit : cur & (uint8_t)~bit;
			s += tag;
			continue;
		}
		if (*s == '<' && e - s >= 5 && !memcmp(s, "<lb/>", 5)) {
			while (out->n && out->p[out->n - 1] == ' ')
				out->n--;
			fl->n = out->n;
			buf_putc(out, '\n');
			s += 5;
			continue;
		}
		if (*s == '&') {
			const char *semi = memchr(s, ';', (size_t)(e - s));
			if (semi) {
				size_t k = (size_t)(semi - s);
				long cp = -1;
				if (k == 4 && !memcmp(s, "&amp", 4))
					cp = '&';
				else if (k == 3 && !memcmp(s, "&lt", 3))
					cp = '<';
				else if (k == 3 && !memcmp(s, "&gt", 3))
					cp = '>';
				else if (k == 5 && !memcmp(s, "&quot", 5))
					cp = '"';
				else if (k == 5 && !memcmp(s, "&apos", 5))
					cp = '\'';
				else if (k > 2 && s[1] == '#')
					cp = s[2] == 'x' ? strtol(s + 3, NULL, 16) : strtol(s + 2, NULL, 10);
				if (cp > 0 && cp < 0x110000) {
					utf8_append(out, (int32_t)cp);
					s = semi + 1;
					continue;
				}
			}
		}
		if (*s == ' ' || *s == '\n' || *s == '\t' || *s == '\r') {
			if (out->n && out->p[out->n - 1] != ' ' && out->p[out->n - 1] != '\n')
				buf_putc(out, ' ');
			s++;
			continue;
		}
		buf_putc(out, *s++);
	}
	fl->n = fl->n > out->n ? out->n : fl->n;
	while (fl->n < out->n)
		buf_putc(fl, cur);
}

static const char *next_seq(const char *p, const char *end, struct segs *sg)
{
	const char *b = strstr(p, "<sequence>");
	if (!b || b >= end)
		return NULL;
	const char *e = strstr(b, "</sequence>");
	if (!e)
		return NULL;
	for (size_t i = 0; i < sg->n; i++)
		sg->text[i].n = sg->fl[i].n = 0;
	memset(sg->lb, 0, sizeof sg->lb);
	sg->n = 0;
	const char *q = b + 10;
	while (q < e) {
		const char *lt = memchr(q, '<', (size_t)(e - q));
		if (!lt)
			break;
		const char *gt = memchr(lt, '>', (size_t)(e - lt));
		if (!gt)
			break;
		size_t tn = (size_t)(gt - lt - 1);
		char close[64];
		if (gt[-1] == '/' && sg->n < 256) { /* <lb/>: the next segment starts a line */
			sg->lb[sg->n] = 1;
			q = gt + 1;
			continue;
		}
		if (tn + 4 > sizeof close || lt[1] == '/') {
			q = gt + 1;
			continue;
		}
		snprintf(close, sizeof close, "</%.*s>", (int)tn, lt + 1);
		const char *c = strstr(gt, close);
		if (!c || c > e)
			break;
		if (sg->n < 256) {
			int l = lab_from_name(lt + 1, tn);
			sg->lab[sg->n] = l < 0 ? LAB_NOTE : l;
			xml_text(gt + 1, c, &sg->text[sg->n], &sg->fl[sg->n]);
			sg->n++;
		}
		q = c + strlen(close);
	}
	return e + 11;
}

/* The sequence's plain text, as score_refs.py builds it. */
static void seq_text(const struct segs *sg, struct buf *out)
{
	out->n = 0;
	for (size_t i = 0; i < sg->n; i++) {
		const struct buf *t = &sg->text[i];
		size_t b = 0, e = t->n;
		while (b < e && t->p[b] == ' ')
			b++;
		while (e > b && t->p[e - 1] == ' ')
			e--;
		if (e == b)
			continue;
		if (out->n)
			buf_putc(out, ' ');
		buf_put(out, t->p + b, e - b);
	}
	buf_putc(out, 0);
}

/* ---- sequences as the reader sees them ---------------------------------- */

/* bfl: each byte's markup, or NULL: fl for all. */
static void put_bytes(struct render *r, const char *p, size_t n, int lab, uint8_t fl, const char *bfl)
{
	if (r->text.n + n + 1 > r->cap) {
		r->cap = 2 * (r->text.n + n + 1);
		r->lab = xrealloc(r->lab, r->cap);
		r->fl = xrealloc(r->fl, r->cap);
	}
	for (size_t i = 0; i < n; i++) {
		r->lab[r->text.n + i] = (uint8_t)lab;
		r->fl[r->text.n + i] = bfl ? (uint8_t)bfl[i] : fl;
	}
	buf_put(&r->text, p, n);
}

void render_put(struct render *r, const char *p, size_t n, int lab, uint8_t fl)
{
	put_bytes(r, p, n, lab, fl, NULL);
}

void render(struct render *r, const struct piece *pc, size_t n)
{
	r->text.n = 0;
	for (size_t i = 0; i < n; i++) {
		const char *p = pc[i].p, *bfl = pc[i].bfl;
		size_t k = pc[i].n;
		while (k && (*p == ' ' || *p == '\n'))
			p++, k--, bfl += bfl != NULL;
		while (k && (p[k - 1] == ' ' || p[k - 1] == '\n'))
			k--;
		if (!k)
			continue;
		if (r->text.n)
			render_put(r, pc[i].lb ? "\n" : " ", 1, pc[i].lab, 0);
		put_bytes(r, p, k, pc[i].lab, pc[i].flags, bfl);
	}
}

void push_seq(struct data *d, const struct render *r, int lines)
{
	struct tok tk[512];
	size_t nt = tok_split(r->text.p, r->text.n, tk, 512);
	if (!nt)
		return;
	uint8_t lab[512];
	for (size_t j = 0; j < nt; j++) {
		lab[j] = r->lab[tk[j].off];
		tk[j].flags |= r->fl[tk[j].off];
		tk[j].role = r->role[tk[j].line];
	}
	if (d->ntok + nt > d->captok) {
		d->captok = 2 * (d->captok + nt);
		d->feat = xrealloc(d->feat, d->captok * FEAT_MAX * sizeof *d->feat);
		d->nf = xrealloc(d->nf, d->captok);
		d->lab = xrealloc(d->lab, d->captok);
	}
	feat_seq(tk, nt, d->feat + d->ntok * FEAT_MAX, d->nf + d->ntok,
	         lines ? FEAT_LINES : d->pieces ? FEAT_PIECES : 0);
	if (d->dump) {
		for (size_t j = 0; j < nt; j++)
			fprintf(d->dump, "%s%.*s/%s%s%s", j && (tk[j].flags & TOK_LINESTART) ? "\n  " : " ", (int)tk[j].n,
			        tk[j].p, lab_names[lab[j]], tk[j].flags & TOK_BOLD ? "*" : "", tk[j].role ? "^" : "");
		fprintf(d->dump, "\n%s\n", lines ? "[block]" : "[ref]");
	}
	memcpy(d->lab + d->ntok, lab, nt);
	if (d->nseq == d->capseq) {
		d->capseq = d->capseq ? 2 * d->capseq : 1024;
		d->seq = xrealloc(d->seq, d->capseq * sizeof *d->seq);
	}
	d->seq[d->nseq++] = (struct seq){d->ntok, nt};
	d->ntok += nt;
}

/* Every sequence of a file: as a reference string alone (-f refs), and as
 * an item of a publication list (items 0: made from the reference, 1: as
 * written, the file holds page items; -1: not at all). */
static void load(const char *path, struct strset *exclude, struct data *d, struct strset *collect,
                 struct arena *texts_a, int items, struct pool *pool)
{
	size_t n;
	char *x = slurp(path, &n);
	struct segs *sg = xcalloc(1, sizeof *sg);
	struct buf t = {0};
	size_t kept = 0, skipped = 0;
	for (const char *p = x; (p = next_seq(p, x + n, sg));) {
		seq_text(sg, &t);
		if (collect) {
			strset_add(collect, texts_a, t.p, strlen(t.p), NULL);
			continue;
		}
		if (exclude && strset_find(exclude, t.p, strlen(t.p)) >= 0) {
			skipped++;
			continue;
		}
		if (items == -2) {
			pool_note(pool, sg);
			continue;
		}
		struct piece pc[256];
		struct render r = {0};
		for (size_t i = 0; i < sg->n; i++)
			pc[i] = (struct piece){sg->text[i].p, sg->text[i].n, sg->lab[i], 0, sg->lb[i], sg->fl[i].p};
		render(&r, pc, sg->n);
		memset(r.role, 0, sizeof r.role);
		push_seq(d, &r, 0);
		if (items == 1)
			push_seq(d, &r, 1);
		else if (items == 0)
			add_items(d, sg, t.p, pool);
		buf_free(&r.text), free(r.lab), free(r.fl);
		kept++;
	}
	if (!collect && items != -2)
		fprintf(stderr, "train_refs: %s: %zu sequences, %zu left out (in the development set)\n", path,
		        kept, skipped);
	for (size_t i = 0; i < 256; i++)
		buf_free(&sg->text[i]), buf_free(&sg->fl[i]);
	free(sg);
	buf_free(&t);
	free(x);
}

/* ---- the perceptron ---------------------------------------------------- */

/* Dense indexes for feature ids: core's hash index over the ids, which are
 * hashes already. */
struct fmap {
	struct hindex idx;
	uint32_t *key;      /* key[i]: the feature id of index i */
	size_t n, cap;
};

static size_t fmap_get(struct fmap *m, uint32_t id, int add)
{
	for (size_t i = hindex_first(&m->idx, id); i != HINDEX_END; i = hindex_next(&m->idx, id, i))
		if (m->key[hindex_value(&m->idx, i)] == id)
			return hindex_value(&m->idx, i);
	if (!add)
		return (size_t)-1;
	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 1 << 16;
		m->key = xrealloc(m->key, m->cap * sizeof *m->key);
	}
	m->key[m->n] = id;
	hindex_put(&m->idx, id, m->n);
	return m->n++;
}

struct model {
	size_t nfeat;
	int32_t *w;        /* nfeat x L */
	int64_t *u;        /* c-weighted updates, for the average */
	int32_t tw[(L + 1) * L];
	int64_t tu[(L + 1) * L];
	int64_t c;
};

/* The labeller's own Viterbi (tools/perceptron.c), with m's weights. */
static void decode(const struct model *m, const uint32_t *fi, const uint8_t *nf, size_t n, uint8_t *out,
                   int64_t *sc)
{
	pc_viterbi(L, m->w, m->tw, fi, FEAT_MAX, nf, n, NULL, out, sc);
}

static void bump(struct model *m, int32_t *w, int64_t *u, int delta)
{
	(void)m;
	*w += delta;
	*u += m->c * delta;
}

static void update(struct model *m, const uint32_t *fi, const uint8_t *nf, const uint8_t *gold,
                   const uint8_t *pred, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (gold[i] != pred[i])
			for (int k = 0; k < nf[i]; k++) {
				size_t f = fi[i * FEAT_MAX + k];
				bump(m, &m->w[f * L + gold[i]], &m->u[f * L + gold[i]], 1);
				bump(m, &m->w[f * L + pred[i]], &m->u[f * L + pred[i]], -1);
			}
		int gp = i ? 1 + gold[i - 1] : 0, pp = i ? 1 + pred[i - 1] : 0;
		if (gp != pp || gold[i] != pred[i]) {
			bump(m, &m->tw[gp * L + gold[i]], &m->tu[gp * L + gold[i]], 1);
			bump(m, &m->tw[pp * L + pred[i]], &m->tu[pp * L + pred[i]], -1);
		}
	}
}

/* The averaged weight, times 64, rounded. */
static int32_t avg(const struct model *m, int32_t w, int64_t u)
{
	double v = ((double)w - (double)u / (double)m->c) * 64.0;
	return (int32_t)lround(v);
}

static void put32(FILE *f, uint32_t v)
{
	unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
	                      (unsigned char)(v >> 24)};
	fwrite(b, 1, 4, f);
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

/* The weight kept in the file: one below prune (in 1/64ths) is dropped. */
static int32_t kept(const struct model *m, int32_t w, int64_t u, int32_t prune)
{
	int32_t q = avg(m, w, u);
	return q >= prune || q <= -prune ? q : 0;
}

static void write_model(const char *path, const struct model *m, const struct fmap *fm, int32_t prune)
{
	/* features with a weight left after rounding, by id */
	uint32_t *ids = xmalloc((fm->n + 1) * sizeof *ids);
	size_t nid = 0, nw = 0;
	for (size_t f = 0; f < fm->n; f++) {
		size_t k = 0;
		for (int y = 0; y < L; y++)
			k += kept(m, m->w[f * L + y], m->u[f * L + y], prune) != 0;
		if (k)
			ids[nid++] = fm->key[f], nw += k;
	}
	qsort(ids, nid, sizeof *ids, cmp_u32);
	uint32_t nslots = 1;
	while (3 * (size_t)nslots < 4 * nid)
		nslots *= 2;
	uint32_t *slot = xcalloc(2 * (size_t)nslots, sizeof *slot);
	int32_t *wv = xmalloc((nw + 1) * sizeof *wv);
	size_t at = 0;
	for (size_t i = 0; i < nid; i++) {
		size_t f = fmap_get((struct fmap *)fm, ids[i], 0), first = at;
		for (int y = 0; y < L; y++) {
			int32_t q = kept(m, m->w[f * L + y], m->u[f * L + y], prune);
			if (q > 0x7FFFFF)
				q = 0x7FFFFF;
			if (q < -0x7FFFFF)
				q = -0x7FFFFF;
			if (q)
				wv[at++] = (int32_t)((uint32_t)q << 8 | (uint32_t)y);
		}
		uint32_t h = ids[i] & (nslots - 1);
		while (slot[2 * h])
			h = (h + 1) & (nslots - 1);
		slot[2 * h] = ids[i];
		slot[2 * h + 1] = (uint32_t)(first << 8 | (at - first));
	}
	FILE *f = fopen(path, "wb");
	if (!f) {
		fprintf(stderr, "train_refs: cannot write %s\n", path);
		exit(1);
	}
	fwrite("CXLAB001", 1, 8, f);
	put32(f, L);
	put32(f, nslots);
	put32(f, (uint32_t)nw);
	put32(f, 0);
	for (int y = 0; y < L; y++) {
		char name[16] = {0};
		strncpy(name, lab_names[y], sizeof name - 1);
		fwrite(name, 1, 16, f);
	}
	for (int i = 0; i < (L + 1) * L; i++)
		put32(f, (uint32_t)avg(m, m->tw[i], m->tu[i]));
	for (size_t i = 0; i < 2 * (size_t)nslots; i++)
		put32(f, slot[i]);
	for (size_t i = 0; i < nw; i++)
		put32(f, (uint32_t)wv[i]);
	fclose(f);
	fprintf(stderr, "train_refs: %s: %zu features, %zu weights, %u slots\n", path, nid, nw, nslots);
	free(ids), free(slot), free(wv);
}

/* Token accuracy of the averaged model on a labelled file (a diagnostic). */
static void evaluate(const struct model *m, struct fmap *fm, const char *path)
{
	struct data t = {0};
	load(path, NULL, &t, NULL, NULL, -1, NULL);
	struct model a = *m;
	a.w = xmalloc(m->nfeat * L * sizeof *a.w);
	for (size_t i = 0; i < m->nfeat * L; i++)
		a.w[i] = avg(m, m->w[i], m->u[i]);
	for (int i = 0; i < (L + 1) * L; i++)
		a.tw[i] = avg(m, m->tw[i], m->tu[i]);
	uint32_t *fi = xmalloc(512 * FEAT_MAX * sizeof *fi);
	uint8_t nf[512], pred[512];
	int64_t *sc = xmalloc(3 * 513 * L * sizeof *sc);
	size_t ok = 0, all = 0, conf[L][L];
	memset(conf, 0, sizeof conf);
	for (size_t s = 0; s < t.nseq; s++) {
		const struct seq *q = &t.seq[s];
		for (size_t i = 0; i < q->n; i++) {
			nf[i] = 0;
			for (int k = 0; k < t.nf[q->first + i]; k++) {
				size_t x = fmap_get(fm, t.feat[(q->first + i) * FEAT_MAX + k], 0);
				if (x != (size_t)-1)
					fi[i * FEAT_MAX + nf[i]++] = (uint32_t)x;
			}
		}
		decode(&a, fi, nf, q->n, pred, sc);
		for (size_t i = 0; i < q->n; i++) {
			ok += pred[i] == t.lab[q->first + i];
			conf[t.lab[q->first + i]][pred[i]]++;
			all++;
		}
	}
	fprintf(stderr, "train_refs: %s: %zu of %zu tokens right (%.4f)\n", path, ok, all, (double)ok / (double)all);
	for (int g = 0; g < L; g++) {
		size_t n = 0;
		for (int p = 0; p < L; p++)
			n += conf[g][p];
		if (!n)
			continue;
		fprintf(stderr, "  %-16s %5zu acc %.3f:", lab_names[g], n, (double)conf[g][g] / (double)n);
		for (int p = 0; p < L; p++)
			if (p != g && conf[g][p] * 50 >= n)
				fprintf(stderr, " %s %zu", lab_names[p], conf[g][p]);
		fprintf(stderr, "\n");
	}
	free(a.w), free(fi), free(sc);
}

#define USAGE "usage: train_refs [-r] [-e EPOCHS] [-x EXCLUDE.xml] [-i ITEMS.xml]... [-s SYNTH.xml]... [-k K] " \
	"[-v VENUES.tsv] -o MODEL FILE.xml...\n"

int main(int argc, char **argv)
{
	const char *out = NULL, *exclude = NULL, *test = NULL, *venues = NULL, *dump = NULL, *item_files[16];
	const char *synth[16];
	size_t nitems = 0, nsynth = 0;
	int epochs = 12, i = 1, pieces = 0;
	size_t share = 1;
	int32_t prune = 1;
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "-o") && i + 1 < argc)
			out = argv[++i];
		else if (!strcmp(argv[i], "-x") && i + 1 < argc)
			exclude = argv[++i];
		else if (!strcmp(argv[i], "-t") && i + 1 < argc)
			test = argv[++i];
		else if (!strcmp(argv[i], "-p") && i + 1 < argc)
			prune = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-e") && i + 1 < argc)
			epochs = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-d") && i + 1 < argc)
			dump = argv[++i];
		else if (!strcmp(argv[i], "-v") && i + 1 < argc)
			venues = argv[++i];
		else if (!strcmp(argv[i], "-i") && i + 1 < argc && nitems < 16)
			item_files[nitems++] = argv[++i];
		else if (!strcmp(argv[i], "-s") && i + 1 < argc && nsynth < 16)
			synth[nsynth++] = argv[++i];
		else if (!strcmp(argv[i], "-k") && i + 1 < argc && atoi(argv[i + 1]) > 0)
			share = (size_t)atoi(argv[++i]);
		else if (!strcmp(argv[i], "-r"))
			pieces = 1;
		else {
			fprintf(stderr, USAGE);
			return 2;
		}
	}
	if (!out || i == argc) {
		fprintf(stderr, USAGE);
		return 2;
	}
	struct strset ex = {0};
	struct arena texts = {0};
	if (exclude)
		load(exclude, NULL, NULL, &ex, &texts, -1, NULL);
	struct data d = {.pieces = pieces};
	struct pool *pool = pool_new(venues);
	if (dump)
		d.dump = fopen(dump, "w");
	/* the pages' model learns references as strings and as items of
	 * publication lists; the reference strings' model as strings */
	for (int k = i; k < argc && !d.pieces; k++)
		load(argv[k], &ex, &d, NULL, &texts, -2, pool);
	for (size_t k = 0; k < nitems && !d.pieces; k++)
		load(item_files[k], &ex, &d, NULL, &texts, 1, pool);
	for (; i < argc; i++)
		load(argv[i], &ex, &d, NULL, &texts, d.pieces ? -1 : 0, pool);
	size_t nreal = d.nseq;
	for (size_t k = 0; k < nsynth; k++)
		load(synth[k], &ex, &d, NULL, &texts, -1, NULL);
	pool_free(pool);
	if (d.dump)
		fclose(d.dump);
	/* dense feature indexes */
	struct fmap fm = {0};
	for (size_t t = 0; t < d.ntok * FEAT_MAX; t++) {
		size_t tok = t / FEAT_MAX;
		if (t % FEAT_MAX < d.nf[tok])
			d.feat[t] = (uint32_t)fmap_get(&fm, d.feat[t], 1);
	}
	/* fmap keeps ids; d.feat now holds indexes */
	struct model m = {0};
	m.nfeat = fm.n;
	m.w = xcalloc(fm.n * L, sizeof *m.w);
	m.u = xcalloc(fm.n * L, sizeof *m.u);
	m.c = 1;
	size_t maxn = 0;
	for (size_t s = 0; s < d.nseq; s++)
		if (d.seq[s].n > maxn)
			maxn = d.seq[s].n;
	int64_t *sc = xmalloc(3 * (maxn + 1) * L * sizeof *sc);
	uint8_t *pred = xmalloc(maxn + 1);
	size_t *order = xmalloc(d.nseq * sizeof *order);
	for (size_t s = 0; s < d.nseq; s++)
		order[s] = s;
	uint64_t rng = 0x9E3779B97F4A7C15u;
	for (int ep = 0; ep < epochs; ep++) {
		for (size_t s = d.nseq; s > 1; s--) {
			rng = rng * 6364136223846793005u + 1442695040888963407u;
			size_t j = (size_t)(rng >> 33) % s, t = order[s - 1];
			order[s - 1] = order[j], order[j] = t;
		}
		size_t wrong = 0, seen = 0;
		for (size_t k = 0; k < d.nseq; k++) {
			/* a share of the rendered references each epoch */
			size_t o = order[k];
			if (o >= nreal && (o - nreal) % share != (size_t)ep % share)
				continue;
			const struct seq *q = &d.seq[o];
			seen += q->n;
			const uint32_t *fi = d.feat + q->first * FEAT_MAX;
			decode(&m, fi, d.nf + q->first, q->n, pred, sc);
			for (size_t t = 0; t < q->n; t++)
				wrong += pred[t] != d.lab[q->first + t];
			if (memcmp(pred, d.lab + q->first, q->n))
				update(&m, fi, d.nf + q->first, d.lab + q->first, pred, q->n);
			m.c++;
		}
		fprintf(stderr, "train_refs: epoch %d: %zu of %zu tokens wrong\n", ep + 1, wrong, seen);
	}
	if (test)
		evaluate(&m, &fm, test);
	write_model(out, &m, &fm, prune);
	return 0;
}
