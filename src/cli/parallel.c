/* cli/parallel.c - -j N: inputs converted in N worker processes.
 *
 * Workers take inputs from a shared counter; their outcomes (counts, bytes
 * read) live in shared memory, which the parent reads for the progress
 * line, the summary and the exit status.  Concatenated output is written
 * by the workers to one part file per input and joined by the parent in
 * input order, so -j never changes the output. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"

/* A worker takes inputs until none are left.  Concatenated output goes to
 * one part file per input, which the parent joins in input order. */
static void worker(struct run *r, const char *partdir)
{
	r->drawer = 0;
	for (;;) {
		size_t i = __atomic_fetch_add(&r->sh->next, 1, __ATOMIC_RELAXED);
		if (i >= r->nin)
			break;
		if (r->batch) {
			convert_to_own_file(r, i);
			continue;
		}
		char part[4096 + 24]; /* partdir, a slash and an index */
		snprintf(part, sizeof part, "%s/%zu", partdir, i);
		FILE *f = fopen(part, "wb");
		if (!f) {
			sayf(r, "citex: cannot write %s: %s\n", part, strerror(errno));
			r->sh->o[i].io_error = 1;
			r->sh->o[i].state = 2;
			continue;
		}
		/* Records alone: the parent writes the document around them. */
		r->w = r->opt.check_only ? NULL : cx_writer_open_part(r->cx, f, r->opt.to);
		convert(r, i);
		int werr = r->w ? cx_writer_close(r->w) : 0;
		r->w = NULL;
		if (fclose(f) || werr) {
			sayf(r, "citex: cannot write %s: %s\n", part, strerror(werr ? werr : errno));
			r->sh->o[i].io_error = 1;
		}
	}
	fflush(NULL);
	_exit(0);
}

/* Join the parts in input order into the final output: the writer puts
 * the format's separator between parts that hold records. */
static int join_parts(struct run *r, const char *partdir)
{
	struct sink s;
	int rc = sink_open(r, &s, r->opt.check_only ? NULL : r->output,
	                   r->opt.check_only ? SINK_BARE : SINK_DOCUMENT);
	for (size_t i = 0; i < r->nin; i++) {
		char part[4096 + 24]; /* partdir, a slash and an index */
		snprintf(part, sizeof part, "%s/%zu", partdir, i);
		FILE *f = rc == 0 && r->w ? fopen(part, "rb") : NULL;
		if (f) {
			cx_writer_append(r->w, f, r->sh->o[i].written);
			fclose(f);
		}
		unlink(part);
	}
	rmdir(partdir);
	if (rc < 0)
		return -1;
	return sink_close(r, &s, 1, 0);
}

int run_parallel(struct run *r)
{
	char partdir[4096] = "";
	if (!r->batch) {
		const char *tmp = getenv("TMPDIR");
		snprintf(partdir, sizeof partdir, "%s/citex.XXXXXX", tmp && *tmp ? tmp : "/tmp");
		if (!mkdtemp(partdir)) {
			sayf(r, "citex: cannot make a temporary directory: %s\n", strerror(errno));
			return -1;
		}
	}
	fflush(NULL);
	int jobs = r->jobs < (int)r->nin ? r->jobs : (int)r->nin;
	pid_t *pids = calloc((size_t)jobs, sizeof *pids);
	if (!pids)
		abort();
	int started = 0;
	for (; started < jobs; started++) {
		pid_t p = fork();
		if (p == 0)
			worker(r, partdir);
		if (p < 0) {
			sayf(r, "citex: fork: %s\n", strerror(errno));
			break;
		}
		pids[started] = p;
	}
	if (!started) { /* no worker could start: do the work here */
		free(pids);
		if (*partdir)
			rmdir(partdir);
		return run_serial(r);
	}
	int alive = started, crashed = 0;
	while (alive > 0) {
		int st;
		pid_t p = r->progress ? waitpid(-1, &st, WNOHANG) : waitpid(-1, &st, 0);
		if (p == 0) {
			draw_progress(r, 0);
			nanosleep(&(struct timespec){0, 50 * 1000 * 1000}, NULL);
			continue;
		}
		if (p < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		alive--;
		if (!WIFEXITED(st) || WEXITSTATUS(st))
			crashed = 1;
	}
	free(pids);
	/* A worker that died took its input with it: say which. */
	for (size_t i = 0; i < r->nin; i++) {
		struct outcome *o = &r->sh->o[i];
		if (o->state != 2 && (crashed || o->state == 1)) {
			sayf(r, "%s: error: not converted (a worker ended abnormally)\n", r->in[i].path);
			o->io_error = 1;
			o->state = 2;
		}
	}
	if (r->batch)
		return 0;
	return join_parts(r, partdir);
}

