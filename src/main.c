/* main.c - the citex command line: options, the file loop, diagnostics on
 * stderr and the exit status.  The library never prints; this file owns
 * stdio.
 *
 * Output never interleaves with diagnostics (they go to stderr), and with
 * -o FILE the output is written to a temporary file beside it and renamed
 * into place only when everything was written, so a failed run never leaves
 * half a file. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "citex.h"
#include "dedup.h"
#include "model.h"
#include "out.h"
#include "venue.h"

enum { EXIT_OK = 0, EXIT_ENTRY_ERRORS = 1, EXIT_USAGE = 2 };

static const char usage_text[] =
	"usage: citex [OPTIONS] [FILE...]\n"
	"Convert bibliographic records between BibTeX, BibLaTeX, RIS and CSL-JSON.\n"
	"No FILE, or -, reads standard input.\n"
	"\n"
	"  -f, --from FMT        bibtex|biblatex|ris|csl-json|cv (default: detect from\n"
	"                        the extension, then the content)\n"
	"  -t, --to FMT          bibtex|biblatex|ris|csl-json (default: bibtex)\n"
	"  -o, --output PATH     write to PATH (atomically: a temporary file, renamed)\n"
	"      --ascii           BibTeX output with LaTeX escapes instead of UTF-8\n"
	"      --expand-macros   expand @string macros instead of keeping them\n"
	"      --owner NAME      cv input: the owner's name, for the author slots a\n"
	"                        publication list leaves empty\n"
	"      --venues-file TSV add venue rows (acronym, name, publisher, kind,\n"
	"                        aliases), checked before the built-in table\n"
	"      --particles=MODE  nondropping (default) or dropping: how 'von' parts\n"
	"                        of names go to CSL-JSON\n"
	"      --max-expansion N refuse a macro expansion over N bytes (default 64 MiB)\n"
	"      --report-loss     report each field the target format cannot hold\n"
	"      --dedup[=report]  merge records that share a DOI, an arXiv id, or a\n"
	"                        title, year and first author, across all inputs\n"
	"                        (=report: only report them)\n"
	"      --check           lint only: report problems, write nothing\n"
	"      --strict          warnings count as errors in the exit status\n"
	"  -q, --quiet           errors only\n"
	"      --version, --help\n"
	"\n"
	"Policies (where peers disagree):\n"
	"  von Last, First      CSL non-dropping-particle (--particles=dropping for\n"
	"                       biblatex's useprefix=false reading)\n"
	"  and others           kept as 'and others' in BibTeX; CSL-JSON ends the name\n"
	"                       list with {\"literal\":\"others\"}; RIS writes no AU for it\n"
	"  {Corporate Name}     one literal name\n"
	"  title case           never changed; {Protected} words become nocase spans\n"
	"                       and are braced again on the way back\n"
	"  {\\'\\i}               precomposed letters (i with acute)\n"
	"  BibTeX encoding      UTF-8 (--ascii for LaTeX escapes)\n"
	"  pages 12--34         CSL 12-34; RIS SP 12 / EP 34; BibTeX 12--34\n"
	"  publisher            CSL publisher is the first of publisher, organization,\n"
	"                       institution, school; the others are kept in custom\n"
	"  arXiv eprint         publisher arXiv, number arXiv:ID, and the abs URL when\n"
	"                       no URL is given\n"
	"  RIS dialect          as Zotero and EndNote read it: one tag a line, no hard\n"
	"                       wraps, DA YYYY/MM/DD/ zero-padded\n"
	"  unknown fields       kept verbatim; CSL-JSON keeps them in \"custom\"\n"
	"  crossref, xdata      resolved under the biblatex inheritance rules for\n"
	"                       CSL-JSON and RIS; BibTeX output keeps the crossref\n"
	"\n"
	"Exit status: 0 all converted; 1 some entries had errors (each reported, the\n"
	"rest still converted); 2 usage or I/O error.\n";

struct run {
	struct cx_options opt;
	const struct cx_fmt *fmt;
	struct cx_out out;
	int quiet, strict, color;
	size_t entries, errors, warnings;
	struct cx_reader_ctx *cur;
	int dedup;                /* 1 merge, 2 report only */
	struct arena dedup_arena; /* copies of every entry, for --dedup */
	struct cx_entry **kept;
	size_t nkept, capkept;
};

static void print_diag(void *ctx, const struct cx_diag *d)
{
	struct run *r = ctx;
	if (r->quiet && d->sev != CX_ERROR)
		return;
	static const char *const sev[] = {"note", "warning", "error"};
	static const char *const col[] = {"\033[1;36m", "\033[1;35m", "\033[1;31m"};
	if (r->color)
		fprintf(stderr, "\033[1m%s:%u:%u:\033[0m %s%s:\033[0m %s\n", d->file, d->line,
		        d->col, col[d->sev], sev[d->sev], d->msg);
	else
		fprintf(stderr, "%s:%u:%u: %s: %s\n", d->file, d->line, d->col, sev[d->sev], d->msg);
}

static void emit(void *ctx, struct cx_entry *e)
{
	struct run *r = ctx;
	if (r->opt.check_only)
		return;
	int bib = !strcmp(r->fmt->name, "bibtex") || !strcmp(r->fmt->name, "biblatex");
	if (e->kind != CX_E_ENTRY && !bib)
		return;
	/* @xdata holds fields for others to inherit; it is no record. */
	if (!bib && e->type_name.n == 5 && !memcmp(e->type_name.p, "xdata", 5))
		return;
	if (e->kind == CX_E_STRING && r->opt.expand_macros)
		return;
	if (r->dedup) {
		if (r->nkept == r->capkept) {
			r->capkept = r->capkept ? 2 * r->capkept : 1024;
			r->kept = realloc(r->kept, r->capkept * sizeof *r->kept);
			if (!r->kept)
				abort();
		}
		r->kept[r->nkept++] = model_copy_entry(&r->dedup_arena, e);
		return;
	}
	r->fmt->entry(&r->out, e, r->out.count);
	r->out.count++;
}

/* --dedup: every entry was kept; merge the duplicates, then write. */
static void write_deduped(struct run *r)
{
	struct cx_reader_ctx c = {0};
	c.opt = &r->opt;
	c.diag = print_diag;
	c.diag_ctx = r;
	dedup_run(r->kept, &r->nkept, &r->dedup_arena, r->dedup == 2, print_diag, r);
	r->out.diag = &c;
	for (size_t i = 0; i < r->nkept; i++) {
		r->fmt->entry(&r->out, r->kept[i], r->out.count);
		r->out.count++;
	}
	r->out.diag = NULL;
	free(r->kept);
	arena_destroy(&r->dedup_arena);
}

/* Convert one input.  Returns -1 on an I/O error, else 0. */
static int convert(struct run *r, const char *path)
{
	int is_stdin = !strcmp(path, "-");
	const char *name = is_stdin ? "<stdin>" : path;
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "%s: error: cannot open: %s\n", name, strerror(errno));
		return -1;
	}
	static char peek[8192];
	size_t npeek = fread(peek, 1, sizeof peek, f);
	const struct cx_reader *rd = r->opt.from ? cx_reader_find(r->opt.from)
	                                         : cx_reader_detect(is_stdin ? NULL : path, peek, npeek);
	struct cx_input in = {f, peek, npeek, 0, 0};
	struct cx_reader_ctx c = {0};
	c.opt = &r->opt;
	c.file = name;
	c.diag = print_diag;
	c.diag_ctx = r;
	c.emit = emit;
	c.emit_ctx = r;
	r->out.diag = &c;
	int rc = rd->read(&c, &in);
	r->out.diag = NULL;
	if (rc || in.error || ferror(f)) {
		fprintf(stderr, "%s: error: read failed: %s\n", name, strerror(errno ? errno : EIO));
		rc = -1;
	}
	if (!is_stdin)
		fclose(f);
	r->entries += c.nentries;
	r->errors += c.nerrors;
	r->warnings += c.nwarnings;
	return rc;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"from", required_argument, NULL, 'f'},
		{"to", required_argument, NULL, 't'},
		{"output", required_argument, NULL, 'o'},
		{"ascii", no_argument, NULL, 'A'},
		{"expand-macros", no_argument, NULL, 'E'},
		{"particles", required_argument, NULL, 'P'},
		{"max-expansion", required_argument, NULL, 'M'},
		{"report-loss", no_argument, NULL, 'L'},
		{"dedup", optional_argument, NULL, 'D'},
		{"owner", required_argument, NULL, 'O'},
		{"venues-file", required_argument, NULL, 'W'},
		{"check", no_argument, NULL, 'C'},
		{"strict", no_argument, NULL, 'S'},
		{"quiet", no_argument, NULL, 'q'},
		{"version", no_argument, NULL, 'V'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	struct run r;
	memset(&r, 0, sizeof r);
	r.opt.to = "bibtex";
	const char *output = NULL;
	int c;
	while ((c = getopt_long(argc, argv, "f:t:o:qh", longopts, NULL)) != -1) {
		switch (c) {
		case 'f': r.opt.from = optarg; break;
		case 't': r.opt.to = optarg; break;
		case 'o': output = optarg; break;
		case 'A': r.opt.ascii = 1; break;
		case 'E': r.opt.expand_macros = 1; break;
		case 'L': r.opt.report_loss = 1; break;
		case 'D':
			if (optarg && strcmp(optarg, "report")) {
				fprintf(stderr, "citex: --dedup takes no value or =report\n");
				return EXIT_USAGE;
			}
			r.dedup = optarg ? 2 : 1;
			break;
		case 'O': r.opt.owner = optarg; break;
		case 'W': {
			const char *err = NULL;
			if (venue_table_load(optarg, &err) < 0) {
				fprintf(stderr, "citex: %s: %s\n", optarg, err ? err : "cannot read venue table");
				return EXIT_USAGE;
			}
			break;
		}
		case 'C': r.opt.check_only = 1; break;
		case 'S': r.strict = 1; break;
		case 'q': r.quiet = 1; break;
		case 'P':
			if (!strcmp(optarg, "dropping"))
				r.opt.particles = CX_PARTICLES_DROPPING;
			else if (!strcmp(optarg, "nondropping") || !strcmp(optarg, "non-dropping"))
				r.opt.particles = CX_PARTICLES_NONDROPPING;
			else {
				fprintf(stderr, "citex: --particles takes dropping or nondropping\n");
				return EXIT_USAGE;
			}
			break;
		case 'M': {
			char *end;
			unsigned long long v = strtoull(optarg, &end, 10);
			if (*end || !v) {
				fprintf(stderr, "citex: --max-expansion takes a positive byte count\n");
				return EXIT_USAGE;
			}
			r.opt.macro_cap = (size_t)v;
			break;
		}
		case 'V': printf("citex %s\n", CITEX_VERSION); return EXIT_OK;
		case 'h': fputs(usage_text, stdout); return EXIT_OK;
		default: fputs(usage_text, stderr); return EXIT_USAGE;
		}
	}
	if (r.opt.from && !cx_reader_find(r.opt.from)) {
		fprintf(stderr, "citex: unknown input format '%s'\n", r.opt.from);
		return EXIT_USAGE;
	}
	r.fmt = cx_fmt_find(r.opt.to);
	if (!r.fmt) {
		fprintf(stderr, "citex: unknown output format '%s' (bibtex, biblatex, ris, csl-json)\n",
		        r.opt.to);
		return EXIT_USAGE;
	}
	r.color = isatty(2) && !getenv("NO_COLOR");

	FILE *outf = stdout;
	char *tmp = NULL;
	if (output && !r.opt.check_only && strcmp(output, "-")) {
		size_t n = strlen(output) + 16;
		tmp = malloc(n);
		if (!tmp)
			abort();
		snprintf(tmp, n, "%s.tmpXXXXXX", output);
		int fd = mkstemp(tmp);
		if (fd >= 0) {
			/* mkstemp makes 0600; the result should look like any new file. */
			mode_t um = umask(0);
			umask(um);
			fchmod(fd, 0666 & ~um);
		}
		if (fd < 0 || !(outf = fdopen(fd, "wb"))) {
			fprintf(stderr, "citex: cannot write %s: %s\n", output, strerror(errno));
			return EXIT_USAGE;
		}
	}
	out_init(&r.out, outf, &r.opt);

	int io_error = 0;
	if (!r.opt.check_only && r.fmt->begin)
		r.fmt->begin(&r.out);
	if (optind == argc) {
		io_error |= convert(&r, "-") != 0;
	} else {
		for (int i = optind; i < argc; i++)
			io_error |= convert(&r, argv[i]) != 0;
	}
	if (r.dedup)
		write_deduped(&r);
	if (!r.opt.check_only && r.fmt->end)
		r.fmt->end(&r.out, r.out.count);
	int werr = out_flush(&r.out);
	if (!werr && outf != stdout && fclose(outf))
		werr = errno;
	else if (!werr && outf == stdout && fflush(stdout))
		werr = errno;
	out_free(&r.out);
	if (werr) {
		fprintf(stderr, "citex: write error: %s\n", strerror(werr));
		if (tmp)
			unlink(tmp);
		free(tmp);
		return EXIT_USAGE;
	}
	if (tmp) {
		if (io_error) {
			/* Nothing written on an I/O error: the old file stays. */
			unlink(tmp);
		} else if (rename(tmp, output)) {
			fprintf(stderr, "citex: cannot write %s: %s\n", output, strerror(errno));
			unlink(tmp);
			free(tmp);
			return EXIT_USAGE;
		}
		free(tmp);
	}
	if (io_error)
		return EXIT_USAGE;
	if (r.errors || (r.strict && r.warnings))
		return EXIT_ENTRY_ERRORS;
	return EXIT_OK;
}
