/* read/bibtex.c - the BibTeX/BibLaTeX reader: drives the flex scanner and
 * bison parser in grammar/, and owns everything their actions touch.
 *
 * Streaming: each entry lives in the entry arena, is normalized and handed
 * to the emit callback as soon as its closing brace is parsed, and the arena
 * is reset.  Only @string macros and the set of keys seen (for duplicate
 * warnings and crossref) outlive an entry.  An entry that inherits through
 * crossref or xdata goes through bibtex_xref.c, which finds its parents
 * before or after it in one pass.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/bytes.h"
#include "core/str.h"
#include "core/utf8.h"
#include "model/model.h"
#include "norm/context.h"
#include "norm/norm.h"
#include "norm/strings.h"
#include "read/bibtex.h"
#include "read/bibtex_xref.h"
#include "bibtex.tab.h"
#define YYSTYPE CX_YYSTYPE
#define YYLTYPE CX_YYLTYPE
#include "bibtex.lex.h"

#define DEFAULT_MACRO_CAP ((size_t)64 << 20)

/* A macro's value where it was last defined; prev is the value before
 * that (file arena), for a parent read again from an earlier offset. */
struct macro {
	cx_str name; /* lower-cased; p == NULL marks an empty slot */
	cx_str value; /* expanded */
	cx_str text;  /* value decoded from LaTeX, once a field used it; or NULL */
	uint64_t off; /* where the @string starts, + 1 (0 for the months) */
	struct macro *prev;
};

/* ---- diagnostics --------------------------------------------------------- */

void parser_diag(struct cx_parser *P, enum cx_sev sev, enum cx_code code,
                 unsigned line, unsigned col, const char *fmt, ...)
{
	if (P->fetch) {
		/* A parent read again says nothing: it was reported once. */
		if (sev == CX_ERROR)
			P->entry_failed = 1;
		return;
	}
	if (sev == CX_ERROR) {
		/* One error per entry: the first one is the one to fix. */
		if (P->entry_failed)
			return;
		P->entry_failed = 1;
	}
	struct cx_diags *d = &P->c->diags;
	if (!diag_wanted(d, sev)) {
		diag_count(d, sev);
		return;
	}
	char msg[640];
	va_list ap;
	va_start(ap, fmt);
	int len = vsnprintf(msg, 512, fmt, ap);
	va_end(ap);
	if (sev == CX_ERROR && len > 0 && len < 512) {
		/* Say what the error costs: the entry is skipped. */
		if (P->e.key.n)
			snprintf(msg + len, sizeof msg - (size_t)len, "; entry '%.*s' skipped",
			         (int)(P->e.key.n > 80 ? 80 : P->e.key.n), P->e.key.p);
		else if (code != CX_E_LIMIT)
			snprintf(msg + len, sizeof msg - (size_t)len, "; entry skipped");
	}
	if (P->xref && xref_defer(P->xref, sev, code, line, col, msg))
		return;
	diag_report(d, sev, code, line, col, "%s", msg);
}

/* ---- tokens and encoding ------------------------------------------------- */

/* The length of the valid UTF-8 prefix of s[0..n).  Most tokens are
 * ASCII, which is found here with no call; only a token with a byte from
 * 0x80 up goes on to the validator, from that byte. */
static size_t valid_prefix(const char *s, size_t n)
{
	size_t a = bytes_ascii_run(s, n);
	return a == n ? n : a + utf8_valid(s + a, n - a);
}

int parser_token_take(struct cx_parser *P, const char *s, size_t n, cx_str *out)
{
	if (P->skipping) {
		*out = (cx_str){"", 0};
		return 1;
	}
	if (valid_prefix(s, n) == n) {
		*out = arena_str(&P->entry_arena, s, n);
		return 1;
	}
	if (!P->latin1)
		return 0;
	*out = parser_token(P, s, n); /* as Windows-1252 */
	return 1;
}

cx_str parser_token(struct cx_parser *P, const char *s, size_t n)
{
	if (P->skipping)
		return (cx_str){"", 0};
	if (valid_prefix(s, n) == n)
		return arena_str(&P->entry_arena, s, n);
	/* Not UTF-8: read it as Windows-1252, which every byte is. */
	if (!P->latin1) {
		P->latin1 = 1;
		int failed = P->entry_failed;
		P->entry_failed = 0;
		parser_diag(P, CX_WARNING, CX_E_BAD_UTF8, P->tok_line ? P->tok_line : P->line, 1,
		            "input is not valid UTF-8; reading it as Windows-1252");
		P->entry_failed = failed;
	}
	char *out = arena_alloc(&P->entry_arena, 3 * n + 1);
	size_t k = utf8_from_8bit(out, s, n);
	out[k] = 0;
	arena_trim(&P->entry_arena, out, k + 1);
	return (cx_str){out, k};
}

/* ---- macros ---------------------------------------------------------------- */

/* Names that are equal but for ASCII case hash alike (core/hash.h); the
 * names are compared as BibTeX does. */
static struct macro *macro_slot(struct macros *M, const char *s, size_t n)
{
	size_t mask = M->cap - 1;
	size_t i = (size_t)hash_lower(s, n) & mask;
	while (M->v[i].name.p && (M->v[i].name.n != n || !eq_lower(M->v[i].name, s, n)))
		i = (i + 1) & mask;
	return &M->v[i];
}

/* A definition at off (the @string's offset + 1; 0 for the months).  The
 * look ahead records definitions before the reader meets them: each name
 * keeps its definitions newest first, and one already there is not made
 * again. */
static void macro_set(struct cx_parser *P, const char *s, size_t n, cx_str value, uint64_t off)
{
	struct macros *M = P->macros;
	if ((M->n + 1) * 2 > M->cap) {
		struct macro *old = M->v;
		size_t oldcap = M->cap;
		M->cap = oldcap ? oldcap * 2 : 64;
		M->v = xcalloc(M->cap, sizeof *M->v);
		for (size_t i = 0; i < oldcap; i++)
			if (old[i].name.p)
				*macro_slot(M, old[i].name.p, old[i].name.n) = old[i];
		free(old);
	}
	struct macro *m = macro_slot(M, s, n);
	if (!m->name.p) {
		char *name = arena_alloc(&P->file_arena, n + 1);
		for (size_t i = 0; i < n; i++)
			name[i] = (char)str_lower((unsigned char)s[i]);
		name[n] = 0;
		m->name = (cx_str){name, n};
		M->n++;
	} else {
		struct macro *d = m;
		for (; d->off != off && d->prev; d = d->prev)
			;
		if (d->off == off)
			return;
		if (!off) {
			/* Before the input, but imported once it has begun (a
			 * worker that skipped inputs): the oldest definition, so
			 * that the input's own still hold. */
			d->prev = arena_alloc(&P->file_arena, sizeof *d->prev);
			*d->prev = (struct macro){m->name, arena_str(&P->file_arena, value.p, value.n),
			                          {NULL, 0}, 0, NULL};
			return;
		}
		struct macro *was = arena_alloc(&P->file_arena, sizeof *was);
		*was = *m;
		m->prev = was;
	}
	m->value = arena_str(&P->file_arena, value.p, value.n);
	m->text = (cx_str){NULL, 0};
	m->off = off;
}

/* The macro as it stands where the parser reads: defined before the '@'
 * of the entry being read. */
static struct macro *macro_get(struct cx_parser *P, const char *s, size_t n)
{
	if (!P->macros->cap)
		return NULL;
	struct macro *m = macro_slot(P->macros, s, n);
	if (!m->name.p)
		return NULL;
	while (m && m->off > P->at_off)
		m = m->prev;
	return m;
}

/* ---- the run's macros: inputs before this one, as one bibtex database ------ */

/* Defined before the input starts, as the months are (offset 0). */
static void import_one(void *ctx, cx_str name, cx_str value)
{
	macro_set(ctx, name.p, name.n, value, 0);
}

static void import_strings(struct cx_parser *P)
{
	strings_each(P->c->cx->strings, import_one, P);
}

/* A macro this input has not defined: the program may know more inputs
 * before this one than it has read in this process.  Asked once an input. */
static const struct macro *macro_find(struct cx_parser *P, const char *s, size_t n)
{
	const struct macro *m = macro_get(P, s, n);
	struct cx_context *cx = P->c->cx;
	if (m || P->asked_strings || !cx->strings_more)
		return m;
	P->asked_strings = 1;
	if (!cx->strings_more(cx->strings_ctx))
		return NULL;
	import_strings(P);
	return macro_get(P, s, n);
}

/* What this input defined, for the inputs after it. */
static void export_strings(struct cx_parser *P)
{
	const struct macros *M = P->macros;
	for (size_t i = 0; i < M->cap; i++)
		if (M->v[i].name.p)
			strings_set(P->c->cx->strings, M->v[i].name.p, M->v[i].name.n, M->v[i].value);
}

static void define_months(struct cx_parser *P)
{
	static const char *const names[12][2] = {
		{"jan", "January"}, {"feb", "February"}, {"mar", "March"},
		{"apr", "April"}, {"may", "May"}, {"jun", "June"},
		{"jul", "July"}, {"aug", "August"}, {"sep", "September"},
		{"oct", "October"}, {"nov", "November"}, {"dec", "December"},
	};
	for (int i = 0; i < 12; i++)
		macro_set(P, names[i][0], 3, (cx_str){names[i][1], strlen(names[i][1])}, 0);
}

/* ---- grammar actions ------------------------------------------------------- */

static cx_str lower_copy(struct arena *a, cx_str s)
{
	char *p = arena_alloc(a, s.n + 1);
	for (size_t i = 0; i < s.n; i++)
		p[i] = (char)str_lower((unsigned char)s.p[i]);
	p[s.n] = 0;
	return (cx_str){p, s.n};
}

/* cx_field_lookup, remembered: a file repeats a few dozen field names in
 * every entry, and the table walk would cost more than the field.  The
 * slot is the top bits of the hash times 2^64 / phi, so that names that
 * end alike do not meet. */
static enum cx_field_id field_id(struct cx_parser *P, cx_str lname, size_t *hash)
{
	_Static_assert((FIELD_MEMO & (FIELD_MEMO - 1)) == 0 && FIELD_MEMO >= 2 && FIELD_MEMO <= 65536,
	               "FIELD_MEMO is a power of two");
	struct field_memo *m;
	uint64_t h = 0;
	for (size_t i = 0; i < lname.n; i++)
		h = h * 31 + (unsigned char)lname.p[i];
	h *= 0x9E3779B97F4A7C15u;
	*hash = (size_t)h;
	if (!lname.n || lname.n >= sizeof m->name)
		return cx_field_lookup(lname.p, lname.n);
	m = &P->field_memo[h >> (64 - __builtin_ctz(FIELD_MEMO))];
	if (m->n != lname.n || memcmp(m->name, lname.p, lname.n)) {
		memcpy(m->name, lname.p, lname.n);
		m->n = (unsigned char)lname.n;
		m->id = cx_field_lookup(lname.p, lname.n);
	}
	return m->id;
}

void parser_begin_entry(struct cx_parser *P, int kind, cx_str type, unsigned line, unsigned col)
{
	memset(&P->e, 0, sizeof P->e);
	P->e.kind = (enum cx_entry_kind)kind;
	P->e.type_name = lower_copy(&P->entry_arena, type);
	P->e.loc.line = line;
	P->e.loc.col = col;
	P->e.file = P->c->diags.file;
	/* -f biblatex: fields that are lists in biblatex's data model
	 * (location, publisher) are read as lists. */
	P->e.source = P->c->opt->from && !strcmp(P->c->opt->from, "biblatex") ? "biblatex" : "bibtex";
	P->fields_cap = 0;
	P->seen_ids = P->seen_unknown = 0;
	P->nparts = 0;
	P->limit_hit = 0;
	if (kind == CX_ENTRY_RECORD) {
		int known;
		P->e.type = cx_type_lookup(type.p, type.n, &known);
		if (!known && !eq_lower(P->e.type_name, "xdata", 5))
			parser_diag(P, CX_WARNING, CX_E_TYPE, line, col,
			            "unknown entry type '@%.*s'; treated as misc (CSL document)",
			            (int)type.n, type.p);
	}
}

void parser_set_key(struct cx_parser *P, cx_str key, unsigned line, unsigned col)
{
	(void)line;
	(void)col;
	P->e.key = key;
	if (!P->fetch && P->e.kind == CX_ENTRY_RECORD)
		xref_key_ahead(P, key);
	/* Looking ahead, only the keys of entries matter: their values are
	 * neither copied nor expanded. */
	if (P->fetch == FETCH_AHEAD && P->e.kind == CX_ENTRY_RECORD)
		P->skipping = 1;
}

void parser_add_part(struct cx_parser *P, enum cx_part_kind kind, cx_str s)
{
	if (P->skipping)
		return;
	if (P->nparts == P->parts_cap) {
		P->parts_cap = P->parts_cap ? P->parts_cap * 2 : 8;
		P->parts = xrealloc(P->parts, P->parts_cap * sizeof *P->parts);
	}
	P->parts[P->nparts++] = (struct cx_part){kind, s};
}

/* Expand the parts of the value just parsed into one raw string. */
static cx_str expand_parts(struct cx_parser *P, unsigned line, unsigned col)
{
	size_t cap = P->c->opt->macro_cap ? P->c->opt->macro_cap : DEFAULT_MACRO_CAP;
	if (P->nparts == 1 && P->parts[0].kind != CX_P_MACRO)
		return P->parts[0].s;
	size_t total = 0;
	for (size_t i = 0; i < P->nparts; i++) {
		const struct cx_part *pt = &P->parts[i];
		size_t n = pt->s.n;
		if (pt->kind == CX_P_MACRO) {
			const struct macro *m = macro_find(P, pt->s.p, pt->s.n);
			if (!m) {
				parser_diag(P, CX_WARNING, CX_E_UNDEF_MACRO, line, col,
				            "undefined macro '%.*s' (expands to nothing)",
				            (int)pt->s.n, pt->s.p);
				n = 0;
			} else {
				n = m->value.n;
			}
		}
		total += n;
		if (total > cap) {
			parser_diag(P, CX_ERROR, CX_E_LIMIT, line, col,
			            "macro expansion exceeds the cap of %zu bytes (--max-expansion)", cap);
			P->limit_hit = 1;
			return (cx_str){"", 0};
		}
	}
	char *out = arena_alloc(&P->entry_arena, total + 1);
	size_t k = 0;
	for (size_t i = 0; i < P->nparts; i++) {
		const struct cx_part *pt = &P->parts[i];
		cx_str s = pt->s;
		if (pt->kind == CX_P_MACRO) {
			const struct macro *m = macro_get(P, pt->s.p, pt->s.n);
			s = m ? m->value : (cx_str){"", 0};
		}
		memcpy(out + k, s.p, s.n);
		k += s.n;
	}
	out[k] = 0;
	return (cx_str){out, k};
}

/* The decoded text of a value joined with '#' that names a macro, or
 * NULL for the normalizer to decode.  Such a value (acknowledgement =
 * ack-bnb # " and " # ack-nhfb) recurs across a file as a lone macro
 * does, so the last few are remembered by their expanded text, which
 * alone decides the decoding. */
static cx_str joined_text(struct cx_parser *P, enum cx_field_id id, cx_str raw)
{
	enum cx_kind kind = id == CX_F_UNKNOWN ? CX_K_TEXT : cx_fields[id].kind;
	size_t i;
	if (kind == CX_K_VERBATIM || kind == CX_K_KEY || raw.n < 2)
		return (cx_str){NULL, 0};
	for (i = 0; i < P->nparts && P->parts[i].kind != CX_P_MACRO; i++)
		;
	if (i == P->nparts)
		return (cx_str){NULL, 0};
	/* The slot: the length and the bytes at both ends and the middle. */
	uint64_t h = raw.n * 0x9E3779B97F4A7C15u;
	h ^= (unsigned char)raw.p[0] << 8 | (unsigned char)raw.p[raw.n / 2] << 16 |
	     (unsigned char)raw.p[raw.n - 1];
	h *= 0xFF51AFD7ED558CCDu;
	struct join_memo *m = &P->join_memo[h >> 60 & (JOIN_MEMO - 1)];
	if (m->raw.p && m->raw.n == raw.n && !memcmp(m->raw.p, raw.p, raw.n))
		return arena_str(&P->entry_arena, m->text.p, m->text.n);
	cx_str t = latex_decode(&P->entry_arena, raw.p, raw.n);
	free(m->mem);
	m->mem = xmalloc(raw.n + t.n + 2);
	memcpy(m->mem, raw.p, raw.n);
	m->mem[raw.n] = 0;
	memcpy(m->mem + raw.n + 1, t.p, t.n);
	m->mem[raw.n + 1 + t.n] = 0;
	m->raw = (cx_str){m->mem, raw.n};
	m->text = (cx_str){m->mem + raw.n + 1, t.n};
	return t;
}

const struct field_name *parser_field_name(struct cx_parser *P, cx_str raw)
{
	int added;
	size_t k = strset_add(&P->names, &P->file_arena, raw.p, raw.n, &added);
	if (!added)
		return P->name_info[k];
	P->name_info = xgrow(P->name_info, &P->name_cap, k + 1, sizeof *P->name_info);
	struct field_name *fn = arena_alloc(&P->file_arena, sizeof *fn);
	fn->raw = P->names.key[k];
	fn->lname = fn->raw;
	for (size_t i = 0; i < raw.n; i++) {
		if (raw.p[i] >= 'A' && raw.p[i] <= 'Z') {
			fn->lname = lower_copy(&P->file_arena, raw);
			break;
		}
	}
	fn->id = field_id(P, fn->lname, &fn->hash);
	P->name_info[k] = fn;
	return fn;
}

static void end_field(struct cx_parser *P, cx_str name, cx_str lname, enum cx_field_id id,
                      size_t h, unsigned line, unsigned col);

void parser_end_field(struct cx_parser *P, cx_str name, unsigned line, unsigned col)
{
	if (P->skipping)
		return;
	/* The token is the entry arena's own copy: a name already in lower
	 * case (most are) is used as it is. */
	cx_str lname = name;
	for (size_t i = 0; i < name.n; i++) {
		if (name.p[i] >= 'A' && name.p[i] <= 'Z') {
			lname = lower_copy(&P->entry_arena, name);
			break;
		}
	}
	size_t h;
	enum cx_field_id id = field_id(P, lname, &h);
	end_field(P, name, lname, id, h, line, col);
}

/* A field named name as written, lname in lower case, with the value in
 * P->parts. */
static void end_field(struct cx_parser *P, cx_str name, cx_str lname, enum cx_field_id id,
                      size_t h, unsigned line, unsigned col)
{
	/* The same name has the same id: most fields differ in that, and
	 * the first field of an id has no twin to look for.  Unknown names
	 * are told apart by a bit of their hash. */
	/* Ids past 63 share bits: a shared bit only costs a look. */
	uint64_t bit = (uint64_t)1 << (id & 63), *seen = &P->seen_ids;
	if (id == CX_F_UNKNOWN)
		bit = (uint64_t)1 << (h >> 32 & 63), seen = &P->seen_unknown;
	int twin = (*seen & bit) != 0;
	*seen |= bit;
	for (size_t i = 0; twin && i < P->e.nfields; i++) {
		if (P->e.fields[i].id == id && P->e.fields[i].name.n == lname.n &&
		    !memcmp(P->e.fields[i].name.p, lname.p, lname.n)) {
			parser_diag(P, CX_WARNING, CX_E_DUP_FIELD, line, col,
			            "duplicate field '%.*s' (the first one is kept, as BibTeX does)",
			            (int)name.n, name.p);
			P->nparts = 0;
			return;
		}
	}
	if (P->e.nfields == P->fields_cap) {
		size_t cap = P->fields_cap ? P->fields_cap * 2 : 32;
		P->e.fields = arena_grow(&P->entry_arena, P->e.fields, sizeof *P->e.fields,
		                         P->e.nfields, cap);
		P->fields_cap = cap;
	}
	struct cx_field *f = &P->e.fields[P->e.nfields++];
	memset(f, 0, sizeof *f);
	f->id = id;
	f->name = lname;
	f->loc.line = line;
	f->loc.col = col;
	struct macro *m;
	if (P->nparts == 1 && P->parts[0].kind == CX_P_MACRO &&
	    (m = macro_get(P, P->parts[0].s.p, P->parts[0].s.n)) != NULL) {
		/* A value that is one macro (journal = j-TUGboat, month =
		 * jan) is the macro's own string, decoded once per file for
		 * every entry that uses it. */
		f->raw = m->value;
		enum cx_kind kind = id == CX_F_UNKNOWN ? CX_K_TEXT : cx_fields[id].kind;
		if (P->e.kind == CX_ENTRY_RECORD && kind != CX_K_VERBATIM && kind != CX_K_KEY) {
			if (!m->text.p)
				m->text = latex_text(&P->file_arena, m->value.p, m->value.n);
			f->text = m->text;
		}
	} else if (P->nparts == 1 && P->parts[0].kind != CX_P_MACRO) {
		f->raw = P->parts[0].s; /* most values: as expand_parts gives them */
	} else {
		f->raw = expand_parts(P, line, col);
		if (P->nparts > 1 && P->e.kind == CX_ENTRY_RECORD)
			f->text = joined_text(P, id, f->raw);
	}
	f->nparts = P->nparts;
	f->parts = NULL;
	if (P->nparts) { /* a value lost to an error has no parts */
		f->parts = arena_alloc(&P->entry_arena, P->nparts * sizeof *f->parts);
		if (P->nparts == 1)
			f->parts[0] = P->parts[0]; /* most values: no call */
		else
			memcpy(f->parts, P->parts, P->nparts * sizeof *f->parts);
	}
	P->nparts = 0;
}

void parser_fields(struct cx_parser *P)
{
	for (size_t i = 0; i < P->nrun; i++) {
		const struct cx_tok *t = &P->run[i];
		parser_add_part(P, t->v.kind, t->v.s);
		if (t->fn && !P->skipping)
			end_field(P, t->fn->raw, t->fn->lname, t->fn->id, t->fn->hash, t->line, t->col);
		else
			parser_end_field(P, t->s, t->line, t->col);
	}
	P->nrun = 0;
	P->run_out = 0;
}

/* Did this braced value swallow the fields after it (a lost '}')? */
static int value_swallowed(const struct cx_field *f)
{
	/* A newline, then "name =": the shape of a field, not of prose. */
	const char *s = f->raw.p, *end = f->raw.p + f->raw.n;
	while ((s = memchr(s, '\n', (size_t)(end - s))) != NULL) {
		s++;
		const char *q = s;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		const char *w = q;
		while (q < end && (str_alnum((unsigned char)*q) || *q == '_' || *q == '-'))
			q++;
		if (q == w)
			continue;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if (q < end && *q == '=')
			return 1;
	}
	return 0;
}

void parser_define_string(struct cx_parser *P, cx_str name, unsigned line, unsigned col)
{
	if (P->fetch == FETCH_ONE) { /* only the parent is wanted */
		parser_skip_entry(P);
		return;
	}
	cx_str value = expand_parts(P, line, col);
	if (P->limit_hit) {
		macro_set(P, name.p, name.n, (cx_str){"", 0}, P->at_off + 1);
		parser_skip_entry(P);
		return;
	}
	macro_set(P, name.p, name.n, value, P->at_off + 1);
	/* Keep the definition as an entry, for BibTeX output. */
	parser_end_field(P, name, line, col);
	parser_end_entry(P);
}

void parser_deliver(struct cx_parser *P, struct cx_entry *e)
{
	if (!P->c->emit) {
		P->c->nentries += e->kind == CX_ENTRY_RECORD;
		if (P->c->raw)
			P->c->raw(P->c->emit_ctx, e);
		return; /* read for its @string macros or its entries as read */
	}
	norm_entry(P->c->cx, e, &P->entry_arena, &P->c->diags);
	reader_deliver(P->c, e);
}

void parser_end_entry(struct cx_parser *P)
{
	if (P->limit_hit || P->entry_failed) {
		parser_skip_entry(P);
		return;
	}
	struct cx_entry *e = &P->e;
	if (P->fetch) {
		xref_fetched(P, e);
	} else {
		if (e->kind == CX_ENTRY_RECORD) {
			if (!e->key.n)
				parser_diag(P, CX_WARNING, CX_E_SYNTAX, e->loc.line, e->loc.col,
				            "entry has no citation key");
			else if (xref_key_seen(P, e->key))
				parser_diag(P, CX_WARNING, CX_E_DUP_KEY, e->loc.line, e->loc.col,
				            "duplicate key '%.*s'", (int)e->key.n, e->key.p);
		}
		xref_entry(P, e);
	}
	arena_reset(&P->entry_arena);
	P->nparts = 0;
}

void parser_comment(struct cx_parser *P, cx_str body, int stray, unsigned line, unsigned col)
{
	size_t i = 0;
	if (stray && line == 1 && body.n >= 3 && !memcmp(body.p, "\xEF\xBB\xBF", 3)) {
		body.p += 3; /* a byte order mark is no text */
		body.n -= 3;
	}
	while (i < body.n && str_space((unsigned char)body.p[i]))
		i++;
	if (i == body.n && stray)
		return;
	parser_begin_entry(P, CX_ENTRY_COMMENT, CX_STR("comment"), line, col);
	P->e.stray = stray ? 1 : 0;
	parser_add_part(P, CX_P_BRACED, body);
	parser_end_field(P, CX_STR("comment"), line, col);
	parser_end_entry(P);
}

void parser_skip_entry(struct cx_parser *P)
{
	if (!P->entry_failed) {
		/* Every skip is reported: never drop an entry in silence. */
		parser_diag(P, CX_ERROR, CX_E_SYNTAX, P->e.loc.line ? P->e.loc.line : P->line,
		            P->e.loc.col ? P->e.loc.col : 1, "malformed entry");
	}
	memset(&P->e, 0, sizeof P->e);
	arena_reset(&P->entry_arena);
	P->nparts = 0;
	P->seen_ids = P->seen_unknown = 0;
}

/* ---- syntax errors ------------------------------------------------------------ */

/* The words for a syntax error the grammar met (bibtex.y).  An '@' or the
 * end of input where the entry should go on means the entry was never
 * closed: report it where the last good token ended. */
void parser_syntax_error(struct cx_parser *P, const struct syntax_error *se)
{
	char want[160] = "";
	int comma = 0;
	for (int i = 0; i < se->nexp; i++)
		comma |= !strcmp(se->exp[i], "','");
	if (se->nexp > 0 && se->nexp < 4) {
		size_t off = 0;
		for (int i = 0; i < se->nexp; i++) {
			int w = snprintf(want + off, sizeof want - off, "%s%s",
			                 i == 0 ? ", expecting " : " or ", se->exp[i]);
			if (w < 0 || (size_t)w >= sizeof want - off)
				break;
			off += (size_t)w;
		}
	}
	int at_end = se->kind == SYN_NEXT_ENTRY || se->kind == SYN_END;
	if (se->kind == SYN_BAD) {
		parser_diag(P, CX_ERROR, CX_E_SYNTAX, se->line, se->col,
		            "malformed entry: expected a type and '{' after '@'");
	} else if (at_end && P->e.nfields && value_swallowed(&P->e.fields[P->e.nfields - 1])) {
		/* A value lost its closing brace and ran on over the fields after
		 * it to the entry's own closing brace: blame the value. */
		const struct cx_field *f = &P->e.fields[P->e.nfields - 1];
		parser_diag(P, CX_ERROR, CX_E_UNBALANCED, f->loc.line, f->loc.col,
		            "unbalanced braces: the value of '%.*s' runs on to the end of the entry",
		            (int)f->name.n, f->name.p);
	} else if (at_end) {
		parser_diag(P, CX_ERROR, CX_E_SYNTAX, P->prev_line, P->prev_col,
		            "entry not closed before %s%s",
		            se->kind == SYN_NEXT_ENTRY ? "the next entry" : "the end of input", want);
	} else if (se->kind == SYN_VALUE && comma) {
		/* The comma between two fields is missing: it belongs where the
		 * value before it ended. */
		parser_diag(P, CX_ERROR, CX_E_SYNTAX, P->prev_line, P->prev_col,
		            "missing ',' after this value (the next field starts at line %u)", se->line);
	} else {
		/* An unexpected field is its first ',' (at its location). */
		parser_diag(P, CX_ERROR, CX_E_SYNTAX, se->line, se->col, "syntax error: unexpected %s%s",
		            se->kind == SYN_FIELD ? "','" : se->name, want);
	}
}

/* ---- the scanner interface --------------------------------------------------- */

int cx_scan(CX_YYSTYPE *lval, CX_YYLTYPE *lloc, yyscan_t scanner);

/* Wraps the scanner to hand over a row of simple fields as one token
 * before the token that ends it, and to remember where the previous token
 * ended, for "entry not closed" messages, and where each entry starts.
 * The token after a row ends no action of its own (it is ',' or the
 * closing brace), so the grammar meets the fields before anything the
 * next token does. */
int cx_yylex(CX_YYSTYPE *lval, CX_YYLTYPE *lloc, void *scanner)
{
	struct cx_parser *P = cx_yyget_extra(scanner);
	int tok;
	if (P->has_next) {
		P->has_next = 0;
		tok = P->next_tok;
		*lval = P->next_lval;
		*lloc = P->next_lloc;
	} else {
		tok = cx_scan(lval, lloc, scanner);
		if (P->nrun && !P->run_out) {
			P->has_next = 1;
			P->next_tok = tok;
			P->next_lval = *lval;
			P->next_lloc = *lloc;
			P->run_out = 1;
			tok = TOK_FIELDS;
			*lloc = P->run_loc;
		}
	}
	if (tok == TOK_AT) {
		P->skipping = 0;
		P->at_off = P->moff;
		xref_at(P, (unsigned)lloc->first_line, (unsigned)lloc->first_column);
	}
	/* When a token is unexpected, the one before it is where the entry
	 * went wrong: keep the end of the previous token as well. */
	P->prev_line = P->last_line;
	P->prev_col = P->last_col;
	P->last_line = (unsigned)lloc->last_line;
	P->last_col = (unsigned)lloc->last_column;
	return tok;
}

/* Parse from the scanner's input to its end (a parent read again: to the
 * end of its entry). */
void parser_run(struct cx_parser *P, void *scanner)
{
	cx_yyrestart(NULL, scanner);
	P->nrun = 0;
	P->run_out = 0;
	P->has_next = 0;
	cx_yyparse(scanner, P);
}

void *parser_scanner_new(struct cx_parser *P)
{
	yyscan_t scanner;
	if (cx_yylex_init_extra(P, &scanner)) {
		fputs("citex: cannot start the scanner\n", stderr);
		abort();
	}
	return scanner;
}

void parser_scanner_free(void *scanner)
{
	cx_yylex_destroy(scanner);
}

/* A parser for the reader, or for reading parents again (fetch: the
 * reader's parser, whose macros it shares). */
void parser_init(struct cx_parser *P, struct cx_reader_ctx *c, struct cx_input *in,
                 struct cx_parser *fetch)
{
	memset(P, 0, sizeof *P);
	P->c = c;
	P->in = in;
	P->line = 1;
	P->col = 1;
	P->macros = &P->own_macros;
	if (fetch) {
		P->fetch = 1;
		P->macros = fetch->macros;
		P->xref = fetch->xref;
	} else {
		/* The inputs before this one first: a month they redefined is
		 * not defined again. */
		import_strings(P);
		define_months(P);
	}
}

void parser_free(struct cx_parser *P)
{
	free(P->own_macros.v);
	free(P->parts);
	free(P->run);
	strset_free(&P->names);
	free(P->name_info);
	for (size_t i = 0; i < JOIN_MEMO; i++)
		free(P->join_memo[i].mem);
	buf_free(&P->tok);
	arena_destroy(&P->entry_arena);
	arena_destroy(&P->file_arena);
}

/* ---- the reader ---------------------------------------------------------------- */

static int bibtex_read(struct cx_reader_ctx *c, struct cx_input *in)
{
	struct cx_parser P;
	parser_init(&P, c, in, NULL);
	P.xref = xref_new(&P);
	void *scanner = parser_scanner_new(&P);
	cx_yyparse(scanner, &P);
	parser_scanner_free(scanner);
	xref_finish(&P);
	export_strings(&P);
	xref_free(P.xref);
	parser_free(&P);
	return in->error ? -1 : 0;
}

const struct cx_reader cx_reader_bibtex = {"bibtex", bibtex_read};
