/* threads.c - libcitex converts different inputs in several threads at once,
 * each with a context of its own, and every output is byte-identical to the
 * same conversion run alone.  `make check` runs it; `make tsan` runs it
 * under ThreadSanitizer, which also reports any data race the outputs do
 * not show.
 *
 * usage: threads FILE...   (each file is read in every format's reader that
 * detection picks, and written as CSL-JSON, BibTeX and RIS)
 * Prints one line per check ("ok ..." or "FAIL ...") and exits 1 on any
 * failure. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <citex.h>

enum { THREADS = 4, ROUNDS = 3 };

static const char *const formats[] = {"csl-json", "bibtex", "ris"};
#define NFORMATS (sizeof formats / sizeof formats[0])

struct job {
	const char *path;
	const char *format;
	char *want; /* the output of a run alone */
	size_t nwant;
};

struct worker {
	struct job *jobs;
	size_t njobs, start;
	size_t bad;
	pthread_t t;
};

static void entry(void *ctx, const struct cx_entry *e)
{
	cx_writer_entry(ctx, e);
}

static void quiet(void *ctx, const struct cx_diag *d)
{
	(void)ctx;
	(void)d;
}

/* Convert path to format into a new buffer; *n is its length. */
static char *convert(const char *path, const char *format, size_t *n)
{
	char *out = NULL;
	FILE *mem = open_memstream(&out, n);
	FILE *f = fopen(path, "rb");
	if (!mem || !f) {
		perror(path);
		exit(2);
	}
	char head[4096];
	size_t nhead = fread(head, 1, sizeof head, f);
	struct cx_options opt;
	memset(&opt, 0, sizeof opt);
	struct cx_context *cx = cx_context_new(&opt);
	cx_context_set_today(cx, 2026, 1, 1);
	cx_context_set_diag(cx, quiet, NULL, CX_NOTE);
	struct cx_writer *w = cx_writer_open(cx, mem, format);
	cx_read(cx, cx_reader_detect(path, head, nhead), f, path, head, nhead, entry, w, NULL);
	cx_writer_close(w);
	cx_context_free(cx);
	fclose(f);
	fclose(mem);
	return out;
}

static void *work(void *arg)
{
	struct worker *w = arg;
	for (int round = 0; round < ROUNDS; round++)
		for (size_t k = 0; k < w->njobs; k++) {
			struct job *j = &w->jobs[(w->start + k * 7 + round) % w->njobs];
			size_t n;
			char *got = convert(j->path, j->format, &n);
			if (n != j->nwant || memcmp(got, j->want, n))
				w->bad++;
			free(got);
		}
	return NULL;
}

int main(int argc, char **argv)
{
	size_t njobs = (size_t)(argc - 1) * NFORMATS;
	struct job *jobs = calloc(njobs ? njobs : 1, sizeof *jobs);
	if (!jobs)
		return 2;
	for (int i = 1; i < argc; i++)
		for (size_t f = 0; f < NFORMATS; f++) {
			struct job *j = &jobs[(size_t)(i - 1) * NFORMATS + f];
			j->path = argv[i];
			j->format = formats[f];
			j->want = convert(j->path, j->format, &j->nwant);
		}
	struct worker w[THREADS];
	for (size_t t = 0; t < THREADS; t++) {
		w[t] = (struct worker){jobs, njobs, t * njobs / THREADS, 0, 0};
		if (pthread_create(&w[t].t, NULL, work, &w[t])) {
			fprintf(stderr, "threads: cannot start a thread\n");
			return 2;
		}
	}
	size_t bad = 0;
	for (size_t t = 0; t < THREADS; t++) {
		pthread_join(w[t].t, NULL);
		bad += w[t].bad;
	}
	size_t runs = (size_t)THREADS * ROUNDS * njobs;
	if (bad)
		printf("FAIL threads: %zu of %zu conversions in %d threads differ from the same "
		       "conversion alone\n", bad, runs, THREADS);
	else
		printf("ok threads: %zu conversions of %d inputs in %d threads, each identical to "
		       "the same conversion alone\n", runs, argc - 1, THREADS);
	for (size_t i = 0; i < njobs; i++)
		free(jobs[i].want);
	free(jobs);
	return bad ? 1 : 0;
}
