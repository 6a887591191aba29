/* cli/plan.c - where the output goes: one stream or file, or in batch mode
 * (-o DIR) one file per input, checked so that no plan overwrites an input
 * or writes two inputs to one file. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"

static int same_file(const struct stat *a, const char *path)
{
	struct stat b;
	return !stat(path, &b) && a->st_dev == b.st_dev && a->st_ino == b.st_ino;
}

/* Would writing path replace one of the inputs? */
static const char *overwrites_input(const struct run *r, const char *path)
{
	struct stat st;
	if (stat(path, &st))
		return NULL;
	for (size_t i = 0; i < r->nin; i++)
		if (strcmp(r->in[i].path, "-") && same_file(&st, r->in[i].path))
			return r->in[i].path;
	return NULL;
}

static int by_out(const void *a, const void *b)
{
	const struct input *const *x = a, *const *y = b;
	return strcmp((*x)->out, (*y)->out);
}

/* Batch mode: name each input's output DIR/BASE.EXT, and refuse a plan
 * that would overwrite an input or write two inputs to one file. */
static int plan_batch(struct run *r)
{
	const char *dir = r->output;
	size_t dn = strlen(dir);
	while (dn > 1 && dir[dn - 1] == '/')
		dn--;
	for (size_t i = 0; i < r->nin; i++) {
		const char *p = r->in[i].path;
		if (!strcmp(p, "-")) {
			fprintf(stderr, "citex: standard input cannot be converted into a directory\n");
			return -1;
		}
		const char *base = strrchr(p, '/');
		base = base ? base + 1 : p;
		const char *dot = strrchr(base, '.');
		size_t bn = dot && dot != base ? (size_t)(dot - base) : strlen(base);
		const char *ext = cx_writer_ext(r->opt.to);
		size_t n = dn + bn + strlen(ext) + 3;
		r->in[i].out = cli_realloc(NULL, n);
		snprintf(r->in[i].out, n, "%.*s/%.*s.%s", (int)dn, dir, (int)bn, base, ext);
		const char *victim = overwrites_input(r, r->in[i].out);
		if (victim) {
			fprintf(stderr, "citex: %s: refusing to overwrite the input %s\n", r->in[i].out,
			        victim);
			return -1;
		}
	}
	struct input **v = malloc(r->nin * sizeof *v);
	if (!v)
		abort();
	for (size_t i = 0; i < r->nin; i++)
		v[i] = &r->in[i];
	qsort(v, r->nin, sizeof *v, by_out);
	int clash = 0;
	for (size_t i = 1; i < r->nin && !clash; i++)
		if (!strcmp(v[i - 1]->out, v[i]->out)) {
			fprintf(stderr, "citex: %s and %s would both be written to %s\n", v[i - 1]->path,
			        v[i]->path, v[i]->out);
			clash = 1;
		}
	free(v);
	return clash ? -1 : 0;
}

/* -o names a directory when it is one, or when it ends in '/' (then it is
 * made). */
static int output_is_dir(const char *path)
{
	struct stat st;
	if (!stat(path, &st))
		return S_ISDIR(st.st_mode);
	size_t n = strlen(path);
	if (n && path[n - 1] == '/') {
		if (mkdir(path, 0777) && errno != EEXIST)
			return -1;
		return 1;
	}
	return 0;
}


int plan_output(struct run *r)
{
	if (r->output && !strcmp(r->output, "-"))
		r->output = NULL;
	if (r->opt.check_only)
		r->output = NULL;
	if (!r->output)
		return 0;
	int d = output_is_dir(r->output);
	if (d < 0) {
		fprintf(stderr, "citex: cannot make %s: %s\n", r->output, strerror(errno));
		return -1;
	}
	r->batch = d;
	if (r->batch)
		return plan_batch(r);
	const char *victim = overwrites_input(r, r->output);
	if (victim) {
		fprintf(stderr, "citex: %s: refusing to overwrite the input %s\n", r->output, victim);
		return -1;
	}
	return 0;
}
