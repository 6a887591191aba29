/* write/writer.c - the writer as a library user sees it: a format, a FILE and
 * the bookkeeping between records (the document's opening and closing,
 * separators, which entries a format holds at all).  A document may also
 * be written in parts, by several processes at once, each part records
 * alone (cx_writer_open_part), and joined in order by one writer
 * (cx_writer_append), which puts the format's separators between them:
 * the command line's -j does, and the bytes equal those of one writer. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/arena.h"
#include "core/out.h"
#include "norm/context.h"
#include "write/fmt.h"

struct cx_writer {
	struct cx_out out;
	const struct cx_fmt *fmt;
	struct cx_diags diags; /* loss reports */
	int part;              /* records alone: no opening or closing */
};

int cx_fmt_holds(const struct cx_fmt *f, const struct cx_entry *e, struct cx_out *o)
{
	int bib = f->bibtex_family;
	if (e->kind != CX_ENTRY_RECORD && !bib)
		return 0;
	/* @xdata holds fields for others to inherit; it is no record. */
	if (!bib && e->type_name.n == 5 && !memcmp(e->type_name.p, "xdata", 5))
		return 0;
	if (!bib && e->type == CX_T_SET) {
		fmt_loss(o, e, NULL, "%s has no set: entry '%.*s' is not written (its members are)",
		         f->name, (int)e->key.n, e->key.p);
		return 0;
	}
	if (e->kind == CX_ENTRY_STRING && fmt_opt(o)->expand_macros)
		return 0;
	return 1;
}

const char *cx_writer_format(size_t i)
{
	for (size_t k = 0; cx_formats[k]; k++)
		if (k == i)
			return cx_formats[k]->name;
	return NULL;
}

const char *cx_writer_ext(const char *format)
{
	const struct cx_fmt *fmt = cx_fmt_find(format);
	return fmt ? fmt->ext : NULL;
}

int cx_writer_bibtex(const char *format)
{
	const struct cx_fmt *fmt = cx_fmt_find(format);
	return fmt && fmt->bibtex_family;
}

static struct cx_writer *writer_open(struct cx_context *cx, FILE *f, const char *format, int part)
{
	const struct cx_fmt *fmt = cx_fmt_find(format);
	if (!fmt)
		return NULL;
	struct cx_writer *w = xcalloc(1, sizeof *w);
	w->fmt = fmt;
	w->part = part;
	w->diags = context_diags(cx, NULL);
	out_init(&w->out, f, &cx->opt);
	w->out.diag = &w->diags;
	if (fmt->begin && !part)
		fmt->begin(&w->out);
	return w;
}

struct cx_writer *cx_writer_open(struct cx_context *cx, FILE *f, const char *format)
{
	return writer_open(cx, f, format, 0);
}

struct cx_writer *cx_writer_open_part(struct cx_context *cx, FILE *f, const char *format)
{
	return writer_open(cx, f, format, 1);
}

int cx_fmt_write(const struct cx_fmt *f, const struct cx_entry *e, struct cx_out *o)
{
	if (!cx_fmt_holds(f, e, o))
		return 0;
	if (o->count && f->sep)
		f->sep(o);
	f->entry(o, e, o->count);
	o->count++;
	return 1;
}

int cx_writer_entry(struct cx_writer *w, const struct cx_entry *e)
{
	return cx_fmt_write(w->fmt, e, &w->out);
}

/* The part's bytes as they are: its first record has no separator before
 * it (a part writer starts its count at zero), so the one it needs after
 * the records before it is written here. */
int cx_writer_append(struct cx_writer *w, FILE *part, size_t n)
{
	if (w->out.count && n && w->fmt->sep)
		w->fmt->sep(&w->out);
	char buf[1 << 16];
	size_t got;
	while ((got = fread(buf, 1, sizeof buf, part)) > 0)
		out_write(&w->out, buf, got);
	w->out.count += n;
	return ferror(part) ? -1 : 0;
}

struct cx_counts cx_writer_counts(const struct cx_writer *w)
{
	return (struct cx_counts){w->out.count, w->diags.nerrors, w->diags.nwarnings};
}

int cx_writer_close(struct cx_writer *w)
{
	if (w->fmt->end && !w->part)
		w->fmt->end(&w->out, w->out.count);
	int err = out_flush(&w->out);
	if (!err && fflush(w->out.f))
		err = errno ? errno : EIO;
	out_free(&w->out);
	free(w);
	return err;
}
