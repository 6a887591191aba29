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
 * whose text is also in EXCLUDE.xml (the development set), and trains the
 * linear-chain averaged perceptron of tools/perceptron.c over the features
 * of cv/features.c.
 * For the pages' model each reference is learnt twice: as a reference
 * string alone, and as an item of a publication list (add_items: a block
 * of lines, as pages show one); ITEMS.xml holds items of publication lists
 * as written, an <lb/> where a line ends.  The reference strings' model
 * learns each as a string alone, and the references of SYNTH.xml too:
 * references rendered through CSL styles (tools/gen_refs.c), whose
 * segments may hold <i> and <b>, the marks a page gives.  With -k K each
 * epoch learns a K-th of them (the next K-th the next epoch), so that
 * their number does not drown anystyle's sets and an epoch stays short.
 * The perceptron is deterministic (tools/perceptron.h): the same inputs
 * give the same bytes.  The format is described in src/cv/model.c.
 */
#define _POSIX_C_SOURCE 200809L
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
	size_t first = pc_add(&d->pc, nt, 0);
	feat_seq(tk, nt, d->pc.feat + first * FEAT_MAX, d->pc.nf + first,
	         lines ? FEAT_LINES : d->pieces ? FEAT_PIECES : 0);
	if (d->dump) {
		for (size_t j = 0; j < nt; j++)
			fprintf(d->dump, "%s%.*s/%s%s%s", j && (tk[j].flags & TOK_LINESTART) ? "\n  " : " ", (int)tk[j].n,
			        tk[j].p, lab_names[lab[j]], tk[j].flags & TOK_BOLD ? "*" : "", tk[j].role ? "^" : "");
		fprintf(d->dump, "\n%s\n", lines ? "[block]" : "[ref]");
	}
	memcpy(d->pc.lab + first, lab, nt);
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

/* Token accuracy of the averaged model on a labelled file (a diagnostic). */
static void evaluate(const struct pc_model *m, const struct pc_data *train, const char *path)
{
	struct data t = {.pc.stride = FEAT_MAX};
	load(path, NULL, &t, NULL, NULL, -1, NULL);
	/* the file's feature ids as the model's indexes; unknown ones go */
	struct hindex idx;
	memset(&idx, 0, sizeof idx);
	for (size_t i = 0; i < train->nkeys; i++)
		hindex_put(&idx, train->keys[i], i);
	for (size_t tok = 0; tok < t.pc.n; tok++) {
		uint32_t *fi = t.pc.feat + tok * FEAT_MAX;
		int k = 0;
		for (int j = 0; j < t.pc.nf[tok]; j++)
			for (size_t i = hindex_first(&idx, fi[j]); i != HINDEX_END; i = hindex_next(&idx, fi[j], i))
				if (train->keys[hindex_value(&idx, i)] == fi[j]) {
					fi[k++] = (uint32_t)hindex_value(&idx, i);
					break;
				}
		t.pc.nf[tok] = (uint8_t)k;
	}
	hindex_free(&idx);
	int32_t *w = xmalloc((m->nfeat * L + 1) * sizeof *w), tw[(PC_MAXLAB + 1) * PC_MAXLAB];
	pc_average(m, w, tw);
	uint8_t pred[512];
	int64_t *sc = xmalloc(3 * 513 * L * sizeof *sc);
	size_t ok = 0, all = 0, conf[L][L];
	memset(conf, 0, sizeof conf);
	for (size_t s = 0; s < t.pc.nseq; s++) {
		const struct pc_seq *q = &t.pc.seq[s];
		const uint8_t *gold = t.pc.lab + q->first;
		pc_viterbi(L, w, tw, t.pc.feat + q->first * FEAT_MAX, FEAT_MAX, t.pc.nf + q->first, q->n, NULL, pred,
		           sc);
		for (size_t i = 0; i < q->n; i++) {
			ok += pred[i] == gold[i];
			conf[gold[i]][pred[i]]++;
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
	free(w), free(sc);
	pc_free(&t.pc);
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
	struct data d = {.pc.stride = FEAT_MAX, .pieces = pieces};
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
	size_t nreal = d.pc.nseq;
	for (size_t k = 0; k < nsynth; k++)
		load(synth[k], &ex, &d, NULL, &texts, -1, NULL);
	pool_free(pool);
	if (d.dump)
		fclose(d.dump);
	/* the rendered references, a share of them each epoch */
	d.pc.share_from = nreal;
	d.pc.share = share;
	pc_index(&d.pc);
	struct pc_model m;
	pc_train(&m, &d.pc, L, epochs, -1, "train_refs");
	if (test)
		evaluate(&m, &d.pc, test);
	pc_write(&m, &d.pc, lab_names, out, prune, "train_refs");
	pc_model_free(&m);
	pc_free(&d.pc);
	return 0;
}
