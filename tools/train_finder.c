/* tools/train_finder.c - train the cv finder (make model, make eval-sites).
 *
 *   train_finder -b PAGE                 the page's blocks, one a line:
 *                                        index, source line, kind, record,
 *                                        the rules' mark, a blank line
 *                                        before, indent, text, the bold
 *                                        text it opens with
 *   train_finder [-e EPOCHS] [-p PRUNE] [-o MODEL] [-L DIR] [-a] LIST
 *
 * LIST names the training pages, one a line: "FOLD PAGE LABELS", where
 * LABELS holds the label of each of the page's blocks (a line "INDEX
 * LABEL" each, as tools/finder_gold.py writes them from the page's known
 * items; "?" leaves a block's label open) and FOLD names the site the page belongs to, or is "-" for a page
 * that is always trained on (a synthetic one).  The blocks and their
 * features are the reader's own (cv_page_blocks): what the finder sees when
 * it reads the page.  -o writes the model trained on every page; -L DIR
 * writes DIR/FOLD.model for each fold, trained without that fold's pages
 * ('/' in FOLD becomes '+'), for scoring each site by a model that never
 * saw it; -a prints each left-out fold's block accuracy.  The features
 * are computed once and every model is trained from them: the same LIST
 * gives the same bytes.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/arena.h"
#include "core/strbuf.h"
#include "cv/doc.h"
#include "perceptron.h"

#define WHO "train_finder"

static struct cx_reader_ctx *reader_for(struct cx_context *cx, struct cx_reader_ctx *c, const char *path)
{
	reader_ctx_init(c, cx, path);
	return c;
}

/* ---- -b: a page's blocks ---------------------------------------------------------- */

static void print_blocks(void *ctx, struct cv *v, const struct cv_blocks *b)
{
	(void)ctx;
	for (size_t k = 0; k < b->n; k++) {
		const struct cv_line *L = &v->l[b->seq[k]];
		cx_str p = cvd_plain(&v->a, cvd_S(L->s, L->n));
		char kind[4] = "-";
		if (L->heading)
			snprintf(kind, sizeof kind, "h%d", L->heading);
		else if (L->marker)
			kind[0] = (char)L->marker;
		int blank = b->seq[k] && v->l[b->seq[k] - 1].blank;
		printf("%zu\t%u\t%s\t%u\t%u\t%d\t%u\t", k, L->line, kind, L->rec, v->rule ? v->rule[b->seq[k]] : 0,
		       blank, L->indent);
		for (size_t i = 0; i < p.n; i++)
			putchar(p.p[i] == '\t' || p.p[i] == '\n' ? ' ' : p.p[i]);
		cx_str lb = cvd_lead_bold(&v->a, L);
		printf("\t%.*s\n", (int)lb.n, lb.p);
	}
}

/* ---- -i: the items a model finds in a page ------------------------------------------ */

struct show {
	struct lab_model m;
	const char *labels;   /* a labels file to use instead of the model, or NULL */
};

static void print_items(void *ctx, struct cv *v, const struct cv_blocks *b)
{
	struct show *sh = ctx;
	uint8_t *lab = xmalloc(b->n + 1);
	cvd_label_blocks(v, &sh->m, b, lab);
	FILE *lf = sh->labels ? fopen(sh->labels, "r") : NULL;
	char line[256], name[64];
	size_t k;
	while (lf && fgets(line, sizeof line, lf))
		if (sscanf(line, "%zu %63s", &k, name) == 2 && k < b->n)
			for (int i = 0; i < BLK_N; i++)
				if (!strcmp(name, blk_names[i]) || (name[0] == '?' && i == BLK_OTHER_PUB))
					lab[k] = (uint8_t)i;
	if (lf)
		fclose(lf);
	for (size_t i = 0; i < b->n; i++) {
		const struct cv_line *L = &v->l[b->seq[i]];
		printf("%-10s %.*s\n", blk_names[lab[i]], (int)(L->n < 140 ? L->n : 140), L->s);
	}
	cvd_assemble(v, b, lab);
	for (size_t i = 0; i < v->nraw; i++) {
		const struct cv_raw *r = &v->raw[i];
		printf("== item line %u%s year %d hint %d\n%.*s\n", r->line, r->strict ? " (strict)" : "", r->rec_year,
		       (int)r->hint, (int)r->text.n, r->text.p);
		if (r->extra.n)
			printf("  extra: %.*s\n", (int)r->extra.n, r->extra.p);
		if (r->abstract.n)
			printf("  abstract: %.*s\n", (int)(r->abstract.n < 100 ? r->abstract.n : 100), r->abstract.p);
		if (r->date.n || r->badge.n)
			printf("  date: %.*s badge: %.*s\n", (int)r->date.n, r->date.p, (int)r->badge.n, r->badge.p);
	}
	free(lab);
}

/* ---- training data ---------------------------------------------------------------- */

struct page {
	struct pc_data *d;
	uint8_t *lab;      /* the labels file's, by block */
	size_t nlab;
	int fold;
	const char *path;
	int ok;
};

static void add_page(void *ctx, struct cv *v, const struct cv_blocks *b)
{
	struct page *pg = ctx;
	(void)v;
	if (b->n != pg->nlab) {
		fprintf(stderr, WHO ": %s: %zu blocks, but %zu labels; left out\n", pg->path, b->n, pg->nlab);
		return;
	}
	if (!b->n)
		return;
	size_t first = pc_add(pg->d, b->n, pg->fold);
	for (size_t k = 0; k < b->n; k++) {
		memcpy(pg->d->feat + (first + k) * BLK_FEAT, b->f + k * BLK_FEAT, b->nf[k] * sizeof *b->f);
		pg->d->nf[first + k] = b->nf[k];
		pg->d->lab[first + k] = pg->lab[k];
	}
	pg->ok = 1;
}

/* The labels of a labels file, by block index; how many (0 when unread). */
static size_t read_labels(const char *path, uint8_t **out)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, WHO ": cannot open %s\n", path);
		return 0;
	}
	size_t n = 0, cap = 0;
	uint8_t *lab = NULL;
	char line[256], name[64];
	size_t k;
	while (fgets(line, sizeof line, f)) {
		if (sscanf(line, "%zu %63s", &k, name) != 2)
			continue;
		int l = !strcmp(name, "?") ? PC_UNKNOWN : -1;
		for (int i = 0; i < BLK_N && l < 0; i++)
			if (!strcmp(blk_names[i], name))
				l = i;
		if (l < 0 || k != n) {
			fprintf(stderr, WHO ": %s: bad line: %s", path, line);
			free(lab);
			fclose(f);
			return 0;
		}
		if (n == cap)
			lab = xrealloc(lab, cap = cap ? 2 * cap : 256);
		lab[n++] = (uint8_t)l;
	}
	fclose(f);
	*out = lab;
	return n;
}

struct folds {
	char **name;
	size_t n;
};

static int fold_of(struct folds *F, const char *name)
{
	if (!strcmp(name, "-"))
		return -1;
	for (size_t i = 0; i < F->n; i++)
		if (!strcmp(F->name[i], name))
			return (int)i;
	F->name = xrealloc(F->name, (F->n + 1) * sizeof *F->name);
	F->name[F->n] = xmalloc(strlen(name) + 1);
	strcpy(F->name[F->n], name);
	return (int)F->n++;
}

static void load_list(const char *list, struct cx_context *cx, struct pc_data *d, struct folds *F)
{
	FILE *lf = fopen(list, "r");
	if (!lf) {
		fprintf(stderr, WHO ": cannot open %s\n", list);
		exit(2);
	}
	char line[4096], fold[1024], page[1536], labels[1536];
	size_t pages = 0, left = 0;
	while (fgets(line, sizeof line, lf)) {
		if (sscanf(line, "%1023s %1535s %1535s", fold, page, labels) != 3 || fold[0] == '#')
			continue;
		struct page pg = {d, NULL, 0, fold_of(F, fold), page, 0};
		pg.nlab = read_labels(labels, &pg.lab);
		FILE *f = pg.nlab ? fopen(page, "rb") : NULL;
		struct cx_reader_ctx c;
		if (f) {
			cv_page_blocks(reader_for(cx, &c, page), f, add_page, &pg);
			fclose(f);
		}
		pages += pg.ok;
		left += !pg.ok;
		free(pg.lab);
	}
	fclose(lf);
	fprintf(stderr, WHO ": %zu pages, %zu blocks, %zu folds (%zu pages left out)\n", pages, d->n, F->n, left);
}

/* Blocks of the left-out fold the model labels as the labels file does. */
static void fold_accuracy(const struct pc_model *m, const struct pc_data *d, int fold, const char *name)
{
	size_t ok = 0, all = 0;
	uint8_t *pred = NULL;
	for (size_t s = 0; s < d->nseq; s++) {
		const struct pc_seq *q = &d->seq[s];
		if (q->group != fold)
			continue;
		pred = xrealloc(pred, q->n + 1);
		pc_predict(m, d, q, pred);
		for (size_t i = 0; i < q->n; i++) {
			ok += pred[i] == d->lab[q->first + i];
			all += d->lab[q->first + i] != PC_UNKNOWN;
		}
	}
	fprintf(stderr, WHO ": %-40s %5zu of %5zu blocks right (%.3f)\n", name, ok, all, all ? (double)ok / (double)all : 0.0);
	free(pred);
}

static void quiet(void *ctx, const struct cx_diag *dg)
{
	(void)ctx, (void)dg;
}

int main(int argc, char **argv)
{
	const char *out = NULL, *loso = NULL;
	int epochs = 12, i = 1, acc = 0;
	int32_t prune = 1;
	struct cx_context *cx = cx_context_new(NULL);
	cx_context_set_diag(cx, quiet, NULL, CX_ERROR);
	if ((argc == 4 || argc == 5) && !strcmp(argv[1], "-i")) {
		/* -i MODEL PAGE [LABELS]: development aid */
		struct show sh = {.labels = argc == 5 ? argv[4] : NULL};
		size_t n;
		FILE *mf = fopen(argv[2], "rb");
		static unsigned char mb[1 << 24];
		n = mf ? fread(mb, 1, sizeof mb, mf) : 0;
		if (mf)
			fclose(mf);
		FILE *f = fopen(argv[3], "rb");
		struct cx_reader_ctx c;
		if (lab_model_open_names(&sh.m, mb, n, blk_names, BLK_N) || !f ||
		    cv_page_blocks(reader_for(cx, &c, argv[3]), f, print_items, &sh)) {
			fprintf(stderr, WHO ": %s: no model or no blocks\n", argv[3]);
			return 1;
		}
		fclose(f);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "-b")) {
		FILE *f = fopen(argv[2], "rb");
		struct cx_reader_ctx c;
		if (!f || cv_page_blocks(reader_for(cx, &c, argv[2]), f, print_blocks, NULL)) {
			fprintf(stderr, WHO ": %s: no blocks\n", argv[2]);
			return 1;
		}
		fclose(f);
		cx_context_free(cx);
		return 0;
	}
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "-o") && i + 1 < argc)
			out = argv[++i];
		else if (!strcmp(argv[i], "-L") && i + 1 < argc)
			loso = argv[++i];
		else if (!strcmp(argv[i], "-e") && i + 1 < argc)
			epochs = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-p") && i + 1 < argc)
			prune = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-a"))
			acc = 1;
		else
			break;
	}
	if (i + 1 != argc || (!out && !loso)) {
		fprintf(stderr, "usage: train_finder -b PAGE | train_finder [-e EPOCHS] [-p PRUNE] [-o MODEL] [-L DIR] [-a] LIST\n");
		return 2;
	}
	struct pc_data d = {.stride = BLK_FEAT};
	struct folds F = {NULL, 0};
	load_list(argv[i], cx, &d, &F);
	pc_index(&d);
	struct pc_model m;
	if (out) {
		pc_train(&m, &d, BLK_N, epochs, -1, WHO);
		pc_write(&m, &d, blk_names, out, prune, WHO);
		pc_model_free(&m);
	}
	for (size_t k = 0; loso && k < F.n; k++) {
		char path[2048];
		int w = snprintf(path, sizeof path, "%s/", loso);
		for (const char *p = F.name[k]; *p && w + 8 < (int)sizeof path; p++)
			path[w++] = *p == '/' ? '+' : *p;
		snprintf(path + w, sizeof path - (size_t)w, ".model");
		pc_train(&m, &d, BLK_N, epochs, (int)k, NULL);
		if (acc)
			fold_accuracy(&m, &d, (int)k, F.name[k]);
		pc_write(&m, &d, blk_names, path, prune, WHO);
		pc_model_free(&m);
	}
	for (size_t k = 0; k < F.n; k++)
		free(F.name[k]);
	free(F.name);
	pc_free(&d);
	cx_context_free(cx);
	return 0;
}
