/* convert.c - a program built against the installed libcitex through
 * pkg-config: it reads one file in any input format and writes the format
 * named on the command line, reporting through the library's diagnostics. */
#include <stdio.h>
#include <string.h>

#include <citex.h>

struct state {
	struct cx_writer *w;
	struct cx_reader_ctx *c;
};

static void diag(void *ctx, const struct cx_diag *d)
{
	(void)ctx;
	fprintf(stderr, "%s:%u:%u: %s\n", d->file, d->line, d->col, d->msg);
}

static void emit(void *ctx, struct cx_entry *e)
{
	struct state *s = ctx;
	cx_writer_entry(s->w, e, s->c);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: convert FORMAT FILE\n");
		return 2;
	}
	FILE *f = fopen(argv[2], "rb");
	if (!f)
		return 2;
	char peek[4096];
	size_t n = fread(peek, 1, sizeof peek, f);
	const struct cx_reader *rd = cx_reader_detect(argv[2], peek, n);
	struct cx_options opt;
	memset(&opt, 0, sizeof opt);
	opt.to = argv[1];
	struct state s;
	s.w = cx_writer_open(stdout, argv[1], &opt);
	if (!s.w)
		return 2;
	struct cx_reader_ctx c;
	memset(&c, 0, sizeof c);
	c.opt = &opt;
	c.file = argv[2];
	c.diag = diag;
	c.emit = emit;
	c.emit_ctx = &s;
	s.c = &c;
	struct cx_input in = {f, peek, n, 0, 0};
	int rc = rd->read(&c, &in);
	fclose(f);
	if (cx_writer_close(s.w) || rc)
		return 2;
	fprintf(stderr, "%zu entries\n", c.nentries);
	return c.nerrors ? 1 : 0;
}
