/* cli/main.c - the citex command line: parse the options, make the
 * context, plan where the output goes, run, and turn the counts into the
 * exit status.  The library never prints; the cli/ files own stdio, and
 * reach the library through citex.h alone. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"

void *cli_realloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		abort();
	return p;
}

/* The context the run reads and writes through, and the checks that need
 * it: formats, venue files, the key pattern, the .aux file.  Returns -1
 * to go on, else an exit status. */
static int setup(struct run *r)
{
	r->cx = cx_context_new(&r->opt);
	enum cx_sev min = r->quiet ? CX_ERROR : CX_NOTE; /* as print_diag filters */
	cx_context_set_diag(r->cx, print_diag, r, min);
	for (size_t i = 0; i < r->nvenue_files; i++) {
		char err[512];
		if (cx_context_add_venues(r->cx, r->venue_files[i], err, sizeof err) < 0) {
			fprintf(stderr, "citex: %s\n", err);
			return EXIT_USAGE;
		}
	}
	if (r->opt.from && !cx_reader_find(r->opt.from)) {
		return usage_error("unknown input format '%s'", r->opt.from);
	}
	int format = cx_bib_format(r->opt.to);
	if (format >= 0) {
		char err[4096];
		r->bib_opt.format = (enum cx_bib_format)format;
		r->csl_style = cx_style_open(r->style, r->locale, r->locales, err, sizeof err);
		if (!r->csl_style) {
			/* a style's problems are located (FILE:LINE:COL: error: ...) */
			fprintf(stderr, "%s%s\n", strstr(err, ": error: ") ? "" : "citex: ", err);
			return EXIT_USAGE;
		}
		if (!cx_style_has_bibliography(r->csl_style) && !r->quiet)
			fprintf(stderr, "citex: note: style '%s' has no bibliography; each entry is "
			                "written as its first note\n",
			        r->style ? r->style : "citex");
		r->bib = cx_bib_new(r->cx, r->csl_style);
		r->hold = 1;            /* sorting and disambiguation need every entry */
		r->opt.to = "csl-json"; /* the model as CSL sees it; that writer is not used */
	}
	if (!cx_writer_ext(r->opt.to)) {
		return usage_error("unknown output format '%s' (bibtex, biblatex, ris, csl-json, "
		                   "text, html, markdown, latex)",
		                   r->opt.to);
	}
	if (r->want_keys) {
		const char *err = "bad pattern";
		if (!(r->keys = cx_keys_new(r->cx, r->key_pattern, &err))) {
			fprintf(stderr, "citex: --keys=%s: %s\n", r->key_pattern ? r->key_pattern : "", err);
			return EXIT_USAGE;
		}
		/* In .bib output the old keys stay citable through ids. */
		if (cx_writer_bibtex(r->opt.to))
			cx_keys_aliases(r->keys);
		r->hold = 1;
	}
	if (r->aux_path) {
		if (!(r->aux = cx_aux_load(r->cx, r->aux_path, &r->stage)))
			return EXIT_USAGE;
		r->hold = 1;
	}
	return -1;
}

/* The inputs: the paths after the options, or standard input. */
static void list_inputs(struct run *r, int argc, char **argv)
{
	static char *const stdin_only[] = {"-"};
	char *const *paths = optind < argc ? argv + optind : stdin_only;
	r->nin = optind < argc ? (size_t)(argc - optind) : 1;
	r->in = calloc(r->nin, sizeof *r->in);
	if (!r->in)
		abort();
	for (size_t i = 0; i < r->nin; i++) {
		struct stat st;
		r->in[i].path = paths[i];
		if (strcmp(paths[i], "-") && !stat(paths[i], &st) && S_ISREG(st.st_mode))
			r->in[i].size = (uint64_t)st.st_size;
		r->total_bytes += r->in[i].size;
	}
	/* One database, as bibtex reads \bibliography{a,b}: macros of the
	 * inputs before, crossref parents in any input. */
	r->inputs = cx_inputs_new(r->cx, (const char *const *)paths, r->nin);
}

static int run(struct run *r)
{
	size_t shbytes = sizeof *r->sh + r->nin * sizeof r->sh->o[0];
	r->sh = mmap(NULL, shbytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (r->sh == MAP_FAILED) {
		fprintf(stderr, "citex: out of memory\n");
		return EXIT_USAGE;
	}
	r->t0 = now();
	if (r->hold && r->jobs > 1) {
		if (!r->quiet)
			fprintf(stderr, "citex: note: --aux, --dedup and --keys read all inputs in one "
			                "process; -j is ignored\n");
		r->jobs = 1;
	}
	if (r->opt.check_only) {
		r->lint = cx_lint_new(r->cx);
		r->jobs = 1; /* lint compares the keys of all inputs */
	}
	int werr = (r->jobs > 1 && r->nin > 1) ? run_parallel(r) : run_serial(r);
	cx_lint_free(r->lint);

	struct outcome t;
	size_t done;
	totals(r, &t, &done);
	if (r->progress)
		summary(r);
	munmap(r->sh, shbytes);
	if (werr || t.io_error)
		return EXIT_USAGE;
	if (t.errors || (r->strict && t.warnings))
		return EXIT_ENTRY_ERRORS;
	return EXIT_OK;
}

int main(int argc, char **argv)
{
	struct run r;
	memset(&r, 0, sizeof r);
	int rc = parse_options(&r, argc, argv);
	if (rc < 0)
		rc = setup(&r);
	if (rc < 0) {
		int tty = isatty(2);
		r.color = tty && !getenv("NO_COLOR");
		r.progress = !r.quiet && (tty || r.want_progress);
		r.drawer = r.progress && tty;
		/* A file-size limit makes writes fail with EFBIG, reported like a
		 * full disk. */
		signal(SIGXFSZ, SIG_IGN);
		list_inputs(&r, argc, argv);
		rc = plan_output(&r) < 0 ? EXIT_USAGE : run(&r);
	}
	cx_inputs_free(r.inputs);
	cx_keys_free(r.keys);
	cx_aux_free(r.aux);
	cx_bib_free(r.bib);
	cx_style_free(r.csl_style);
	for (size_t i = 0; i < r.nin; i++)
		free(r.in[i].out);
	free(r.in);
	free(r.venue_files);
	cx_context_free(r.cx);
	return rc;
}
