/* read/ris.c - the RIS reader: gives meaning to the lines grammar/ris.l
 * classifies.
 *
 * A record is collected as a list of (tag, value, line) in the entry arena,
 * continuation lines already joined to the value before them (under KW a
 * continuation line is a keyword of its own, as EndNote writes them).  At
 * "ER", at the next "TY" or at the end of input the record is mapped to one
 * struct cx_entry in a second pass: which container-title tag means journal
 * and which means booktitle depends on the type and on which other tags
 * are present (Zotero writes the proceedings title as C3 and the conference
 * name as T2, Mendeley writes JF and JO together), and that is only known
 * once the record is complete.  Then the entry is normalized, emitted and
 * the arena reset, so memory is bounded by the largest record.
 *
 * The mapping from tags to fields is in read/ris_map.c.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/strbuf.h"
#include "core/utf8.h"
#include "model/model.h"
#include "norm/keys.h"
#include "norm/norm.h"
#include "read/reader.h"
#include "read/ris_rec.h"

/* ---- diagnostics ---------------------------------------------------------- */

static void diag(struct ris *R, enum cx_sev sev, enum cx_code code, unsigned line,
                 unsigned col, const char *fmt, ...) __attribute__((format(printf, 6, 7)));

static void diag(struct ris *R, enum cx_sev sev, enum cx_code code, unsigned line,
                 unsigned col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vreport(&R->c->diags, NULL, sev, code, line, col, fmt, ap);
	va_end(ap);
}

/* ---- text ------------------------------------------------------------------ */

/* A value as the model wants it: UTF-8 (Latin-1 input is converted, once
 * warned about), control characters as spaces (they are the markup bytes
 * of enum cx_mark), blanks collapsed, NFC, trimmed. */
static cx_str clean(struct ris *R, const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n'))
		n--;
	int high = 0;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] >= 0x80) {
			high = 1;
			break;
		}
	char *out;
	size_t k = 0;
	if (high && utf8_valid(s, n) != n) {
		if (!R->latin1) {
			R->latin1 = 1;
			diag(R, CX_WARNING, CX_E_BAD_UTF8, R->line, 1,
			     "input is not valid UTF-8; reading it as Windows-1252");
		}
		out = arena_alloc(&R->a, 3 * n + 1);
		k = utf8_from_8bit(out, s, n);
	} else {
		out = arena_alloc(&R->a, n + 1);
		memcpy(out, s, n);
		k = n;
	}
	/* Runs of blanks are one space, as a BibTeX reader takes them; Web of
	 * Science pads values ("Times Cited:  12"). */
	size_t w = 0;
	for (size_t i = 0; i < k; i++) {
		char ch = (unsigned char)out[i] < 0x20 || out[i] == 0x7F ? ' ' : out[i];
		if (ch != ' ' || !w || out[w - 1] != ' ')
			out[w++] = ch;
	}
	k = w;
	out[k] = 0;
	if (high && !text_is_nfc(out, k))
		return text_nfc(&R->a, out, k);
	return (cx_str){out, k};
}

/* ---- lines --------------------------------------------------------------------------- */

static void push_line(struct ris *R, const char *tag, cx_str val)
{
	if (R->nlines == R->cap) {
		R->cap = R->cap ? R->cap * 2 : 64;
		R->lines = xrealloc(R->lines, R->cap * sizeof *R->lines);
	}
	struct ris_line *l = &R->lines[R->nlines++];
	l->tag[0] = tag[0];
	l->tag[1] = tag[1];
	l->tag[2] = 0;
	l->val = val;
	l->line = R->line;
	l->used = 0;
}

static void flush_cont(struct ris *R);

static void on_tag(struct ris *R, const char *s, size_t n)
{
	flush_cont(R);
	char tag[2] = {s[0], s[1]};
	/* The value starts after the dash and one optional space. */
	const char *dash = memchr(s + 2, '-', n - 2);
	size_t off = (size_t)(dash - s) + 1;
	cx_str val = clean(R, s + off, n - off);
	if (tag[0] == 'T' && tag[1] == 'Y') {
		if (R->in_record && R->nlines == 1) {
			/* "TY  - BOOK" then "TY  - JOUR": a record of a type alone
			 * holds nothing to convert; the later TY gives the type. */
			diag(R, CX_WARNING, CX_E_SYNTAX, R->line, 1,
			     "record started on line %u has no tag but TY; this TY replaces its type",
			     R->rec_line);
			R->nlines = 0;
		} else if (R->in_record) {
			diag(R, CX_WARNING, CX_E_SYNTAX, R->line, 1,
			     "record started on line %u has no ER before this TY", R->rec_line);
			ris_finish_record(R);
			/* finish_record reset the arena the new value lives in. */
			val = clean(R, s + off, n - off);
		}
		R->skipping = 0;
		R->stray_reported = 0;
		R->in_record = 1;
		R->rec_line = R->line;
		push_line(R, tag, val);
		int known;
		(void)ris_type(val, &known);
		if (!val.n)
			diag(R, CX_WARNING, CX_E_TYPE, R->line, 1, "TY has no value; treated as misc");
		else if (!known)
			diag(R, CX_WARNING, CX_E_TYPE, R->line, 1,
			     "unknown RIS type '%.*s'; treated as misc (CSL document)",
			     (int)(val.n > 40 ? 40 : val.n), val.p);
		return;
	}
	if (tag[0] == 'E' && tag[1] == 'R') {
		if (R->in_record)
			ris_finish_record(R);
		else if (!R->skipping)
			diag(R, CX_WARNING, CX_E_SYNTAX, R->line, 1, "ER without a record (no TY before it)");
		R->skipping = 0;
		return;
	}
	if (!R->in_record) {
		if (!R->skipping)
			diag(R, CX_ERROR, CX_E_SYNTAX, R->line, 1,
			     "tag '%c%c' outside a record (no TY before it); lines skipped up to the next TY",
			     tag[0], tag[1]);
		R->skipping = 1;
		arena_reset(&R->a);
		return;
	}
	push_line(R, tag, val);
}

/* Two formats look like RIS but are not: PubMed's MEDLINE (.nbib: "PMID-
 * 123", "FAU - ") and Web of Science's field-tagged export ("FN Clarivate
 * ...", "PT J", tags without a hyphen).  Their first line says which, and
 * which reader to use: -f ris on them says so. */
static const char *foreign_format(const char *s, size_t n)
{
	if (n >= 5 && !memcmp(s, "PMID-", 5))
		return "this is PubMed's MEDLINE format (.nbib), not RIS; read it with -f nbib";
	if (n >= 3 && !memcmp(s, "FN ", 3))
		return "this is Web of Science's field-tagged format, not RIS; read it with -f isi";
	return NULL;
}

static void on_text(struct ris *R, const char *s, size_t n)
{
	if (!R->in_record) {
		const char *foreign = R->line == 1 ? foreign_format(s, n) : NULL;
		if (!R->skipping && !R->stray_reported)
			diag(R, CX_ERROR, CX_E_SYNTAX, R->line, 1, "%s", foreign ? foreign :
			     "text outside a record: not a RIS tag line ('XX  - value')");
		R->stray_reported = 1;
		if (foreign)
			R->skipping = 1; /* one error says it all */
		return;
	}
	/* A continuation line: joined to the value before it with a space,
	 * in a buffer, so a value wrapped over many lines is copied once. */
	cx_str v = clean(R, s, n);
	if (!v.n)
		return;
	struct ris_line *l = &R->lines[R->nlines - 1];
	if (l->tag[0] == 'K' && l->tag[1] == 'W') {
		/* EndNote writes a keywords field as one KW, a keyword a line. */
		push_line(R, "KW", v);
		return;
	}
	if (!R->cont.n && l->val.n)
		buf_put(&R->cont, l->val.p, l->val.n);
	if (R->cont.n)
		buf_putc(&R->cont, ' ');
	buf_put(&R->cont, v.p, v.n);
	R->cont_pending = 1;
}

static void flush_cont(struct ris *R)
{
	if (!R->cont_pending)
		return;
	R->lines[R->nlines - 1].val = arena_str(&R->a, R->cont.p, R->cont.n);
	R->cont.n = 0;
	R->cont_pending = 0;
}

static int ris_read(struct cx_reader_ctx *c, struct cx_input *in)
{
	struct ris R;
	memset(&R, 0, sizeof R);
	R.c = c;
	R.scan.in = in;
	R.scan.at_start = 1;
	yyscan_t sc;
	if (cx_rislex_init_extra(&R.scan, &sc)) {
		fputs("citex: cannot start the RIS scanner\n", stderr);
		abort();
	}
	/* A line comes in tokens of at most 512 bytes (see ris.l); it is
	 * put together here and handled whole. */
	struct buf line = {0};
	int is_tag = 0;
	for (;;) {
		int tok = cx_rislex(sc);
		if (tok == RIS_EOF)
			break;
		const char *s = cx_risget_text(sc);
		size_t n = (size_t)cx_risget_leng(sc);
		switch (tok) {
		case RIS_TAG:
		case RIS_TEXT:
			R.line++;
			is_tag = tok == RIS_TAG;
			line.n = 0;
			buf_put(&line, s, n);
			break;
		case RIS_PART:
			buf_put(&line, s, n);
			break;
		case RIS_EOL:
			if (is_tag)
				on_tag(&R, line.p, line.n);
			else
				on_text(&R, line.p, line.n);
			break;
		case RIS_BLANK:
			R.line++;
			break;
		}
	}
	buf_free(&line);
	flush_cont(&R);
	if (R.in_record) {
		diag(&R, CX_WARNING, CX_E_SYNTAX, R.line ? R.line : 1, 1,
		     "record started on line %u has no ER at the end of the input; emitted anyway",
		     R.rec_line);
		ris_finish_record(&R);
	}
	cx_rislex_destroy(sc);
	free(R.lines);
	buf_free(&R.cont);
	arena_destroy(&R.a);
	keyset_free(&R.keys);
	return in->error ? -1 : 0;
}

const struct cx_reader cx_reader_ris = {"ris", ris_read};
