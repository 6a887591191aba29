/* cli/tidy.c - `citex tidy [OPTIONS] [FILE...]`: bibtex-tidy 1.14.0's command
 * line over the tidy layer, through citex.h (cx_tidy_run).
 *
 * The modes are bibtex-tidy's: no file (or "-"), standard input to standard
 * output or to -o; one file with --v2, to standard output or -o; files with
 * --modify, or without --v2 and -o (bibtex-tidy's version 1 default), each
 * rewritten, with a .original copy unless --no-backup.  Its log lines go to
 * standard output as it writes them.  Beyond it: a file that does not
 * parse is left as it is (its errors on stderr, exit status 2); files are
 * rewritten atomically, a temporary file renamed over them, after the
 * backup; --check writes nothing and says, with a short diff on stderr,
 * which files would change (exit status 1); --lint adds what `citex
 * --check` finds; -j N tidies N files at a time; options may come from a
 * .citex-tidy file above the file (tidy_args.c).
 *
 * Exit status: 0 done (or, with --check, nothing to change); 1 --check
 * found a file to change; 2 a usage or I/O error, or a file that does not
 * parse (nothing was written for it).
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/tidy_cli.h"

enum { TIDY_OK = 0, TIDY_CHANGED = 1, TIDY_FAILED = 2 };

static const char help_text[] =
	"usage: citex tidy [OPTIONS] [FILE...]\n"
	"Tidy BibTeX files as bibtex-tidy 1.14.0 does, with its options.  No FILE, or\n"
	"-, reads standard input and writes standard output (or -o).  A FILE is\n"
	"rewritten in place, with a FILE.original backup (bibtex-tidy's version 1\n"
	"behaviour), unless --v2 or -o says otherwise.\n"
	"\n"
	"Input and output:\n"
	"  -m, --modify            rewrite the input files (atomically)\n"
	"      --v2                files go to standard output unless -m or -o\n"
	"  -o, --output PATH       write to PATH (one input)\n"
	"      --backup, --no-backup  keep FILE.original when rewriting FILE\n"
	"      --check             write nothing; exit 1 if a file would change, with a\n"
	"                          short diff on stderr\n"
	"      --lint, --no-lint   also report what citex --check finds, and duplicate\n"
	"                          and missing keys (on with --check, else off)\n"
	"  -j, --jobs N            tidy N files at a time (0: one per CPU)\n"
	"      --no-config         ignore .citex-tidy files\n"
	"      --stdin-filename=PATH  standard input is PATH: its name in messages, and\n"
	"                          its .citex-tidy (for editors)\n"
	"      --quiet             no log lines\n"
	"      --lossy, --no-lossy  do as bibtex-tidy does even where it loses data\n"
	"      --help, --version\n"
	"\n"
	"Formatting (bibtex-tidy's; values after '=' are comma-separated):\n"
	"      --omit=FIELDS       remove these fields\n"
	"      --curly, --no-curly brace every value\n"
	"      --numeric, --no-numeric  bare numbers (and months)\n"
	"      --months            months as jan, feb, ...\n"
	"      --space[=N]         indent with N spaces (2)\n"
	"      --tab, --no-tab     indent with a tab\n"
	"      --align[=N], --no-align  values start at column N (14)\n"
	"      --blank-lines, --no-blank-lines  a blank line between entries\n"
	"      --sort[=KEYS], --no-sort  sort entries (key; -year for descending;\n"
	"                          key, type, special or a field)\n"
	"      --duplicates[=RULES] warn of duplicates by doi, key, abstract, citation\n"
	"      --merge[=HOW], --no-merge  merge duplicates: first, last, combine,\n"
	"                          overwrite (combine)\n"
	"      --strip-enclosing-braces  {{Value}} becomes {Value}\n"
	"      --drop-all-caps     ALL CAPS values become Title Case\n"
	"      --escape, --no-escape  write special characters as LaTeX (on)\n"
	"      --sort-fields[=FIELDS]  sort fields (title, shorttitle, author, ...)\n"
	"      --sort-properties   accepted, as bibtex-tidy's old name, with no effect\n"
	"      --strip-comments, --no-strip-comments  remove comments\n"
	"      --trailing-commas   a comma after the last field\n"
	"      --encode-urls       _ in url fields becomes \\%5F\n"
	"      --tidy-comments, --no-tidy-comments  trim comments (on)\n"
	"      --remove-empty-fields, --no-remove-empty-fields\n"
	"      --remove-dupe-fields, --no-remove-dupe-fields  one field of a name (on)\n"
	"      --generate-keys[=TEMPLATE]  new keys ([auth:required:lower]\n"
	"                          [year:required][veryshorttitle:lower][duplicateNumber])\n"
	"      --max-authors=N     more authors become \"and others\"\n"
	"      --no-lowercase      keep the case of types and field names\n"
	"      --enclosing-braces[=FIELDS]  double braces around these fields (title)\n"
	"      --remove-braces[=FIELDS]  remove braces in these fields (title)\n"
	"      --wrap[=N], --no-wrap  wrap values at column N (80)\n"
	"\n"
	"Exit status: 0 done; 1 --check found a file to change; 2 a usage or I/O\n"
	"error, or a file that does not parse (left as it is).\n"
	"docs/tidy.md has the details, the editor and CI recipes, and .citex-tidy.\n";

/* One input and what became of it.  A worker fills out and err; the main
 * thread prints them in input order. */
struct job {
	const char *path;
	struct tset *s;
	struct tbuf out, err;
	int status;
	int done;
};

struct trun {
	struct targs cli;
	int stdin_read, color;
	int modify, backup, check, quiet, deprecated;
	const char *output, *stdin_name;
	struct job *jobs;
	size_t njobs, next;
	struct cfg {
		char *path; /* NULL: no config */
		struct tset s;
	} *cfgs;
	size_t ncfgs;
	pthread_mutex_t mu;
	pthread_cond_t cv;
};

static void bprintf(struct tbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void bprintf(struct tbuf *b, const char *fmt, ...)
{
	char tmp[2048];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (n > 0)
		tbuf_put(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

static void write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		p += w;
		n -= (size_t)w;
	}
}

/* ---- diagnostics ----------------------------------------------------------------- */

struct dctx {
	struct tbuf *err;
	int quiet;
};

static void diag_to_buf(void *ctx, const struct cx_diag *d)
{
	const struct dctx *c = ctx;
	static const char *const sev[] = {"note", "warning", "error"};
	if (c->quiet && d->sev != CX_ERROR)
		return;
	if (!d->line)
		bprintf(c->err, "%s: %s: %s\n", d->file, sev[d->sev], d->msg);
	else
		bprintf(c->err, "%s:%u:%u: %s: %s\n", d->file, d->line, d->col, sev[d->sev], d->msg);
}

/* ---- files ------------------------------------------------------------------------ */

static int read_fd(int fd, struct tbuf *b)
{
	for (;;) {
		tbuf_reserve(b, 1 << 16);
		ssize_t r = read(fd, b->p + b->n, b->cap - b->n - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (!r)
			break;
		b->n += (size_t)r;
		b->p[b->n] = 0;
	}
	return 0;
}

static int read_path(const char *path, struct tbuf *b)
{
	if (!strcmp(path, "-"))
		return read_fd(0, b);
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	int r = read_fd(fd, b);
	int e = errno;
	close(fd);
	errno = e;
	return r;
}

/* Write data to path atomically: a temporary file beside it (beside the
 * file a symbolic link names), with its permissions, renamed over it.
 * Returns 0, or -1 with errno set and nothing changed. */
static int replace_file(const char *path, const char *data, size_t n)
{
	char *real = realpath(path, NULL);
	const char *target = real ? real : path;
	char dir[PATH_MAX], base[PATH_MAX], tmp[PATH_MAX * 2 + 32];
	snprintf(dir, sizeof dir, "%s", target);
	snprintf(base, sizeof base, "%s", target);
	snprintf(tmp, sizeof tmp, "%s/.%s.citex-XXXXXX", dirname(dir), basename(base));
	struct stat st;
	mode_t mode = 0666;
	int exists = !stat(target, &st);
	if (!exists) {
		mode_t um = umask(0);
		umask(um);
		mode &= ~um;
	}
	int fd = mkstemp(tmp);
	if (fd < 0) {
		free(real);
		return -1;
	}
	int bad = fchmod(fd, exists ? st.st_mode & 07777 : mode) < 0;
	for (size_t off = 0; !bad && off < n;) {
		ssize_t w = write(fd, data + off, n - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			bad = 1;
			break;
		}
		off += (size_t)w;
	}
	int e = errno;
	if (close(fd) < 0 && !bad) {
		bad = 1;
		e = errno;
	}
	if (!bad && rename(tmp, target) < 0) {
		bad = 1;
		e = errno;
	}
	if (bad)
		unlink(tmp);
	free(real);
	errno = e;
	return bad ? -1 : 0;
}

/* The backup bibtex-tidy makes: FILE.original, a copy of FILE. */
static int backup_file(const char *path, const struct tbuf *in)
{
	char b[PATH_MAX + 16];
	snprintf(b, sizeof b, "%s.original", path);
	return replace_file(b, in->p ? in->p : "", in->n);
}

/* ---- --check: a short diff ------------------------------------------------------------- */

/* The lines of s, as offsets of their starts (and one past the end). */
static size_t lines_of(const char *s, size_t n, size_t **out)
{
	size_t cap = 64, k = 0;
	size_t *v = tx_malloc(cap * sizeof *v);
	for (size_t i = 0; i < n;) {
		if (k + 2 > cap)
			v = cli_realloc(v, (cap *= 2) * sizeof *v);
		v[k++] = i;
		const char *nl = memchr(s + i, '\n', n - i);
		i = nl ? (size_t)(nl - s) + 1 : n;
	}
	v[k] = n;
	*out = v;
	return k;
}

/* One hunk: the lines between the longest common head and tail, at most
 * a few of each side. */
static void short_diff(const char *name, const struct tbuf *a, const struct tbuf *b, struct tbuf *err)
{
	enum { MAXLINES = 10 };
	const char *x = a->p ? a->p : "", *y = b->p ? b->p : "";
	size_t *lx, *ly;
	size_t nx = lines_of(x, a->n, &lx), ny = lines_of(y, b->n, &ly);
	size_t head = 0, tail = 0;
	while (head < nx && head < ny && lx[head + 1] - lx[head] == ly[head + 1] - ly[head] &&
	       !memcmp(x + lx[head], y + ly[head], lx[head + 1] - lx[head]))
		head++;
	while (tail < nx - head && tail < ny - head) {
		size_t i = nx - 1 - tail, j = ny - 1 - tail;
		if (lx[i + 1] - lx[i] != ly[j + 1] - ly[j] || memcmp(x + lx[i], y + ly[j], lx[i + 1] - lx[i]))
			break;
		tail++;
	}
	size_t dx = nx - head - tail, dy = ny - head - tail;
	bprintf(err, "--- %s\n+++ %s (tidied)\n@@ -%zu,%zu +%zu,%zu @@\n", name, name, head + 1, dx,
	        head + 1, dy);
	for (int side = 0; side < 2; side++) {
		const char *s = side ? y : x;
		const size_t *l = side ? ly : lx;
		size_t d = side ? dy : dx;
		for (size_t i = 0; i < d && i < MAXLINES; i++) {
			size_t len = l[head + i + 1] - l[head + i];
			tbuf_putc(err, side ? '+' : '-');
			tbuf_put(err, s + l[head + i], len);
			if (!len || s[l[head + i] + len - 1] != '\n')
				tbuf_puts(err, "\n\\ No newline at end of file\n");
		}
		if (d > MAXLINES)
			bprintf(err, "%c... %zu more lines\n", side ? '+' : '-', d - MAXLINES);
	}
	free(lx);
	free(ly);
}

/* ---- --lint ----------------------------------------------------------------------- */

struct lint_ctx {
	struct cx_lint *L;
	struct cx_counts counts;
};

static void lint_one(void *ctx, const struct cx_entry *e)
{
	struct lint_ctx *c = ctx;
	cx_lint_entry(c->L, e, &c->counts);
}

/* What `citex --check` reports about the input, into err. */
static void lint_input(const char *name, const struct tbuf *in, struct dctx *dc)
{
	struct cx_options opt = {0};
	opt.check_only = 1;
	struct cx_context *cx = cx_context_new(&opt);
	cx_context_set_diag(cx, diag_to_buf, dc, CX_NOTE);
	struct lint_ctx c = {cx_lint_new(cx), {0, 0, 0}};
	FILE *f = fmemopen(in->n ? in->p : (char *)"", in->n, "r");
	if (f) {
		cx_read(cx, cx_reader_find("bibtex"), f, name, NULL, 0, lint_one, &c, NULL);
		fclose(f);
	}
	cx_lint_free(c.L);
	cx_context_free(cx);
}

/* ---- one input ---------------------------------------------------------------------- */

/* The bibtex-tidy log lines for a written file. */
static void log_written(const struct trun *R, const struct tset *s, const struct cx_tidy_result *res,
                        struct tbuf *out)
{
	if (R->quiet)
		return;
	size_t merged = 0;
	for (size_t i = 0; i < res->nwarnings; i++) {
		bprintf(out, "%s: %s\n", res->warnings[i].code, res->warnings[i].msg);
		merged += !strcmp(res->warnings[i].code, "DUPLICATE_ENTRY");
	}
	bprintf(out, "Done. Successfully tidied %zu entries.\n", res->count);
	if (s->o.merge != CX_TIDY_MERGE_NONE)
		bprintf(out, "%zu entries merged\n", merged);
}

static void run_job(struct trun *R, struct job *j)
{
	const char *name = strcmp(j->path, "-") ? j->path : R->stdin_name ? R->stdin_name : "<stdin>";
	struct tbuf in = {0};
	struct dctx dc = {&j->err, R->quiet};
	if (read_path(j->path, &in) < 0) {
		bprintf(&j->err, "citex tidy: %s: %s\n", name, strerror(errno));
		j->status = TIDY_FAILED;
		tbuf_free(&in);
		return;
	}
	if (j->s->lint == 1)
		lint_input(name, &in, &dc);
	struct cx_tidy_result res;
	int rc = cx_tidy_run(&j->s->o, in.p ? in.p : "", in.n, name, diag_to_buf, &dc, &res);
	/* The result, as a buffer to read. */
	const struct tbuf out = {res.out, res.n, res.n + 1};
	if (rc < 0) {
		bprintf(&j->err, "citex tidy: %s: not tidied: it does not parse (left as it is)\n", name);
		j->status = TIDY_FAILED;
	} else if (R->check) {
		int same = res.n == in.n && !memcmp(res.out, in.p ? in.p : "", in.n);
		if (!same) {
			j->status = TIDY_CHANGED;
			short_diff(name, &in, &out, &j->err);
		}
	} else if (R->modify || R->output) {
		const char *to = R->modify ? j->path : R->output;
		int same = R->modify && res.n == in.n && !memcmp(res.out, in.p ? in.p : "", in.n);
		if (R->backup && backup_file(to, &in) < 0) {
			bprintf(&j->err, "citex tidy: %s.original: %s (%s left as it is)\n", to,
			        strerror(errno), to);
			j->status = TIDY_FAILED;
		} else if (!same && replace_file(to, res.out, res.n) < 0) {
			bprintf(&j->err, "citex tidy: %s: %s\n", to, strerror(errno));
			j->status = TIDY_FAILED;
		} else {
			log_written(R, j->s, &res, &j->out);
		}
	} else {
		tbuf_put(&j->out, res.out, res.n);
	}
	/* Written files have bibtex-tidy's log; otherwise its warnings are
	 * lint, or what --duplicates asked for. */
	int logged = !R->check && (R->modify || R->output);
	if (!logged && !R->quiet && (j->s->lint == 1 || j->s->o.ndups))
		for (size_t i = 0; i < res.nwarnings; i++)
			bprintf(&j->err, "%s:%u:%u: warning: %s\n", name, res.warnings[i].line,
			        res.warnings[i].col, res.warnings[i].msg);
	cx_tidy_result_free(&res);
	tbuf_free(&in);
}

/* ---- settings per file ---------------------------------------------------------------- */

/* The settings for a file: the command line over its .citex-tidy.
 * Returns NULL after reporting a bad option. */
static struct tset *settings_for(struct trun *R, const char *path, int no_config)
{
	char *cfg = no_config ? NULL : tidy_config_find(path);
	for (size_t i = 0; i < R->ncfgs; i++) {
		if ((!cfg && !R->cfgs[i].path) || (cfg && R->cfgs[i].path && !strcmp(cfg, R->cfgs[i].path))) {
			free(cfg);
			return &R->cfgs[i].s;
		}
	}
	R->cfgs = cli_realloc(R->cfgs, (R->ncfgs + 1) * sizeof *R->cfgs);
	struct cfg *c = &R->cfgs[R->ncfgs++];
	c->path = cfg;
	tset_init(&c->s);
	char err[512];
	if (cfg) {
		struct targs a;
		int bad = tidy_config_read(cfg, &a, err, sizeof err) < 0 ||
		          tset_apply(&c->s, &a, 1, err, sizeof err) < 0;
		targs_free(&a);
		if (bad) {
			fprintf(stderr, "citex tidy: %s: %s\n", cfg, err);
			return NULL;
		}
	}
	if (tset_apply(&c->s, &R->cli, 0, err, sizeof err) < 0) {
		fprintf(stderr, "citex tidy: %s\nTry 'citex tidy --help' for more information.\n", err);
		return NULL;
	}
	tset_finish(&c->s);
	return &c->s;
}

/* ---- running the jobs ------------------------------------------------------------------- */

static void *worker(void *arg)
{
	struct trun *R = arg;
	for (;;) {
		pthread_mutex_lock(&R->mu);
		size_t i = R->next < R->njobs ? R->next++ : R->njobs;
		pthread_mutex_unlock(&R->mu);
		if (i == R->njobs)
			return NULL;
		run_job(R, &R->jobs[i]);
		pthread_mutex_lock(&R->mu);
		R->jobs[i].done = 1;
		pthread_cond_broadcast(&R->cv);
		pthread_mutex_unlock(&R->mu);
	}
}

/* Run every job, jobs at a time, printing each one's output in order as
 * soon as it and those before it are done.  Returns the worst status. */
static int run_jobs(struct trun *R, int jobs)
{
	pthread_mutex_init(&R->mu, NULL);
	pthread_cond_init(&R->cv, NULL);
	size_t nthreads = jobs > 1 && R->njobs > 1 ? (size_t)jobs : 0;
	if (nthreads > R->njobs)
		nthreads = R->njobs;
	pthread_t *th = tx_calloc(nthreads + 1, sizeof *th);
	size_t started = 0;
	for (; started < nthreads; started++)
		if (pthread_create(&th[started], NULL, worker, R))
			break;
	int worst = TIDY_OK;
	for (size_t i = 0; i < R->njobs; i++) {
		struct job *j = &R->jobs[i];
		if (!started) {
			run_job(R, j);
		} else {
			pthread_mutex_lock(&R->mu);
			while (!j->done)
				pthread_cond_wait(&R->cv, &R->mu);
			pthread_mutex_unlock(&R->mu);
		}
		write_all(2, j->err.p, j->err.n);
		write_all(1, j->out.p, j->out.n);
		tbuf_free(&j->err);
		tbuf_free(&j->out);
		if (j->status > worst)
			worst = j->status;
	}
	for (size_t i = 0; i < started; i++)
		pthread_join(th[i], NULL);
	free(th);
	pthread_mutex_destroy(&R->mu);
	pthread_cond_destroy(&R->cv);
	return worst;
}

/* ---- the command ------------------------------------------------------------------------ */

static int usage(const char *msg)
{
	fprintf(stderr, "citex tidy: %s\nTry 'citex tidy --help' for more information.\n", msg);
	return TIDY_FAILED;
}

/* The mode, bibtex-tidy's way; -1 to go on, else an exit status. */
static int plan(struct trun *R, const struct tset *s)
{
	const struct targs *a = &R->cli;
	int std = !a->npaths || (a->npaths == 1 && !strcmp(a->paths[0], "-"));
	for (size_t i = 0; i < a->npaths && a->npaths > 1; i++)
		if (!strcmp(a->paths[i], "-"))
			return usage("input files cannot be given with \"-\"");
	R->check = s->check;
	R->quiet = s->quiet;
	R->output = s->output_given ? s->output : NULL;
	if (s->note_commas && !s->quiet)
		fputs("citex tidy: note: --no-trailing-commas adds trailing commas, as in bibtex-tidy "
		      "1.14.0\n", stderr);
	if (s->note_urls && !s->quiet)
		fputs("citex tidy: note: --no-encode-urls encodes URLs, as in bibtex-tidy 1.14.0\n", stderr);
	if (R->check)
		return -1;
	if (std) {
		if (s->modify == 1)
			return usage("--modify/-m is only valid when specifying input files");
		if (s->backup == 1)
			return usage("--backup is only valid when specifying input files");
		if (R->output && !R->quiet)
			puts("Tidying...");
		return -1;
	}
	R->modify = s->modify == 1;
	R->backup = s->backup == 1;
	int silent = s->quiet || (!R->output && !R->modify);
	if (!s->v2 && !R->output && !R->modify) {
		/* bibtex-tidy's version 1: files are rewritten. */
		fputs("NOTICE: In v2 you will need to specify --modify/-m to modify the input file.\n",
		      stderr);
		R->deprecated = R->modify = 1;
		R->backup = s->backup != 0;
		silent = 0;
	}
	if (R->modify) {
		if (R->output)
			return usage("--modify/-m is not valid when specifying an output file");
	} else if (a->npaths > 1) {
		return usage("only one input file is permitted unless using --modify/-m");
	} else if (s->backup == 1) {
		return usage("--backup is only permitted when --modify/-m is provided");
	}
	if (!silent) {
		fflush(stdout);
		write_all(1, "Tidying...\n", 11);
	}
	return -1;
}

int tidy_main(int argc, char **argv)
{
	struct trun R;
	memset(&R, 0, sizeof R);
	const char *pc = getenv("PRE_COMMIT");
	R.stdin_read = !isatty(0) && !(pc && !strcmp(pc, "1"));
	targs_parse(&R.cli, argc, argv, R.stdin_read, tidy_flag);
	/* The command line alone first: --help and --version need no file. */
	struct tset cli;
	tset_init(&cli);
	char err[512];
	int rc = -1;
	if (tset_apply(&cli, &R.cli, 0, err, sizeof err) < 0) {
		rc = usage(err);
	} else if (cli.version) {
		printf("citex tidy %s (bibtex-tidy 1.14.0 options)\n", CITEX_VERSION);
		rc = TIDY_OK;
	} else if (cli.help || (!R.cli.npaths && !R.stdin_read)) {
		fputs(help_text, stdout);
		rc = TIDY_OK;
	}
	if (rc < 0) {
		/* Standard input takes the .citex-tidy of --stdin-filename's folder. */
		R.stdin_name = cli.stdin_name;
		const char *first = R.cli.npaths && strcmp(R.cli.paths[0], "-") ? R.cli.paths[0] : R.stdin_name;
		struct tset *s = settings_for(&R, first, cli.no_config);
		rc = s ? plan(&R, s) : TIDY_FAILED;
	}
	if (rc < 0) {
		size_t n = R.cli.npaths ? R.cli.npaths : 1;
		R.jobs = tx_calloc(n, sizeof *R.jobs);
		R.njobs = n;
		rc = TIDY_OK;
		for (size_t i = 0; i < n && rc == TIDY_OK; i++) {
			R.jobs[i].path = R.cli.npaths ? R.cli.paths[i] : "-";
			R.jobs[i].s = settings_for(&R, strcmp(R.jobs[i].path, "-") ? R.jobs[i].path : R.stdin_name,
			                           cli.no_config);
			if (!R.jobs[i].s)
				rc = TIDY_FAILED;
		}
		if (rc == TIDY_OK) {
			fflush(stdout);
			rc = run_jobs(&R, cli.jobs);
		}
		free(R.jobs);
	}
	for (size_t i = 0; i < R.ncfgs; i++) {
		free(R.cfgs[i].path);
		tset_free(&R.cfgs[i].s);
	}
	free(R.cfgs);
	tset_free(&cli);
	targs_free(&R.cli);
	return rc;
}
