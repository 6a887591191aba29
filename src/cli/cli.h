/* cli/cli.h - the command line's own state, shared by its files.
 *
 * main.c parses the options and plans the run; convert.c reads each input
 * into a sink (standard output, a file written atomically, or one file per
 * input in batch mode) and runs the whole-input stages; parallel.c runs
 * inputs in worker processes; report.c owns stderr: diagnostics, the
 * progress line and the summary.
 *
 * The command line is a program like any other on libcitex: it includes
 * citex.h alone and links the installed archive, which exports nothing
 * else, so what it can do a program can do. */
#ifndef CX_CLI_H
#define CX_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "citex.h"

enum { EXIT_OK = 0, EXIT_ENTRY_ERRORS = 1, EXIT_USAGE = 2 };

/* One input of the run.  Its outcome lives in shared memory, so that the
 * workers of a parallel run can report to the parent. */
struct input {
	const char *path; /* "-" for standard input */
	uint64_t size;    /* bytes, 0 when unknown (a pipe) */
	char *out;        /* batch mode: the output file */
};

struct outcome {
	size_t entries, errors, warnings;
	size_t written;       /* records written for this input */
	uint64_t bytes_done;  /* read so far */
	int state;            /* 0 waiting, 1 being read, 2 done */
	int io_error;
};

struct shared {
	size_t next;          /* the next input a worker takes */
	struct outcome o[];
};

struct run {
	struct cx_options opt;   /* as parsed; the context holds a copy */
	struct cx_context *cx;
	struct cx_inputs *inputs; /* the inputs as one database */
	struct cx_writer *w;     /* writing to the sink, or NULL */
	int quiet, strict, color, progress, jobs;
	const char *output;      /* -o, or NULL */
	int batch;               /* -o names a directory */
	struct input *in;
	size_t nin;
	struct shared *sh;
	struct outcome *cur;     /* the input being read */
	struct cx_counts cur_more; /* its counts from --check and the writer */
	struct cx_lint *lint;    /* --check */
	FILE *curf;
	unsigned tick;
	int drawer;              /* this process draws the progress line */
	double t0, last_draw;
	uint64_t total_bytes;
	/* Modes that need the whole input (--aux, --dedup, --keys) hold a copy
	 * of every entry, with the input it came from, and write at the end. */
	int hold;
	struct cx_counts stage;  /* what the stages report */
	int dedup;               /* 1 merge duplicates, 2 only report them */
	const char *dedup_report; /* --dedup-report FILE, or NULL */
	FILE *dedup_report_f;
	struct cx_keys *keys;    /* --keys */
	struct cx_aux *aux;      /* --aux */
	struct cx_entries *held;
	/* Options kept until the context is made. */
	int want_progress, want_keys;
	const char *key_pattern, *aux_path;
	const char **venue_files;
	size_t nvenue_files;
	/* -t text|html|markdown|latex: a formatted bibliography (bib set) */
	const char *style, *locale, *locales;
	struct cx_bib_options bib_opt;
	struct cx_style *csl_style;
	struct cx_bib *bib;
};

/* realloc, or abort: running out of memory ends citex, as in the library. */
void *cli_realloc(void *p, size_t n);


/* report.c */
double now(void);
void say(const struct run *r, const char *s, size_t n);
void sayf(const struct run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void print_diag(void *ctx, const struct cx_diag *d);
void totals(const struct run *r, struct outcome *t, size_t *files_done);
void draw_progress(struct run *r, int force);
void progress_tick(struct run *r);
void summary(struct run *r);

/* Where output goes: standard output, or a file written atomically. */
struct sink {
	FILE *f;
	char *tmp;        /* the temporary file beside path, or NULL */
	const char *path; /* NULL for standard output */
};

/* convert.c */
enum sink_writer { SINK_BARE, SINK_DOCUMENT, SINK_PART };
/* Open the sink for path (NULL or "-": standard output) and, unless
 * SINK_BARE, r->w on it: a whole document or one part of it. */
int sink_open(struct run *r, struct sink *s, const char *path, enum sink_writer how);
/* Close r->w, flush and close; keep the file only when all went well
 * (and werr, an earlier write error on it, is 0).  Returns 0, or -1 on a
 * write error (reported). */
int sink_close(struct run *r, struct sink *s, int keep, int werr);
void convert(struct run *r, size_t i);
int convert_to_own_file(struct run *r, size_t i);
int run_serial(struct run *r);

/* parallel.c */
int run_parallel(struct run *r);

/* options.c: parse argv into r; returns -1 to go on, else an exit status. */
int parse_options(struct run *r, int argc, char **argv);
/* A usage error: "citex: MESSAGE" and a pointer to --help on stderr;
 * returns EXIT_USAGE. */
int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* plan.c: where the output goes; returns 0, or -1 (reported). */
int plan_output(struct run *r);

#endif
