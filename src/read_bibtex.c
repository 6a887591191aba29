/* read_bibtex.c - the BibTeX/BibLaTeX reader: drives the flex scanner and
 * bison parser in grammar/, and owns everything their actions touch.
 *
 * Streaming: each entry lives in the entry arena, is normalized and handed
 * to the emit callback as soon as its closing brace is parsed, and the arena
 * is reset.  Only @string macros and the set of keys seen (for duplicate
 * warnings) outlive an entry.
 *
 * crossref/xdata: inheritance needs the parent, which may come before or
 * after the child.  A regular file is pre-scanned for the words "crossref"
 * and "xdata" (a cheap byte scan); if neither occurs the file streams.  If
 * one does, or if a child shows up on a stream that could not be scanned,
 * entries are kept (deep-copied) until the end of the input and resolved
 * under the biblatex inheritance rules before they are emitted in order.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model.h"
#include "norm.h"
#include "parser.h"
#include "bibtex.tab.h"
#define YYSTYPE CX_YYSTYPE
#define YYLTYPE CX_YYLTYPE
#include "bibtex.lex.h"

#define DEFAULT_MACRO_CAP ((size_t)64 << 20)

struct macro {
	cx_str name; /* lower-cased; p == NULL marks an empty slot */
	cx_str value; /* expanded */
};

/* ---- diagnostics --------------------------------------------------------- */

void parser_diag(struct cx_parser *P, enum cx_sev sev, enum cx_code code,
                 unsigned line, unsigned col, const char *fmt, ...)
{
	if (P->collect) {
		/* The first of two passes says nothing: the second reports. */
		if (sev == CX_ERROR)
			P->entry_failed = 1;
		return;
	}
	if (sev == CX_ERROR) {
		/* One error per entry: the first one is the one to fix. */
		if (P->entry_failed)
			return;
		P->entry_failed = 1;
		P->c->nerrors++;
	} else if (sev == CX_WARNING) {
		P->c->nwarnings++;
	}
	if (!P->c->diag)
		return;
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
	struct cx_diag d = {sev, code, P->c->file, line, col, msg};
	P->c->diag(P->c->diag_ctx, &d);
}

/* ---- tokens and encoding ------------------------------------------------- */

/* Length of the valid UTF-8 prefix of s. */
static size_t utf8_valid_prefix(const unsigned char *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		unsigned c = s[i];
		if (c < 0x80) {
			i++;
			continue;
		}
		size_t len;
		unsigned min;
		if (c >= 0xC2 && c <= 0xDF) {
			len = 2;
			min = 0x80;
		} else if (c >= 0xE0 && c <= 0xEF) {
			len = 3;
			min = 0x800;
		} else if (c >= 0xF0 && c <= 0xF4) {
			len = 4;
			min = 0x10000;
		} else {
			return i;
		}
		if (i + len > n)
			return i;
		unsigned cp = c & (0xFF >> (len + 1));
		for (size_t k = 1; k < len; k++) {
			if ((s[i + k] & 0xC0) != 0x80)
				return i;
			cp = (cp << 6) | (s[i + k] & 0x3F);
		}
		if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			return i;
		i += len;
	}
	return n;
}

static int has_high(const char *s, size_t n)
{
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, s + i, 8);
		if (w & 0x8080808080808080u)
			return 1;
	}
	for (; i < n; i++)
		if ((unsigned char)s[i] >= 0x80)
			return 1;
	return 0;
}

cx_str parser_token(struct cx_parser *P, const char *s, size_t n)
{
	if (P->skipping)
		return (cx_str){"", 0};
	if (!has_high(s, n) || utf8_valid_prefix((const unsigned char *)s, n) == n)
		return arena_str(&P->entry_arena, s, n);
	/* Not UTF-8: read it as Latin-1, which every byte is. */
	if (!P->latin1) {
		P->latin1 = 1;
		int failed = P->entry_failed;
		P->entry_failed = 0;
		parser_diag(P, CX_WARNING, CX_E_BAD_UTF8, P->tok_line ? P->tok_line : P->line, 1,
		            "input is not valid UTF-8; reading it as Latin-1");
		P->entry_failed = failed;
	}
	char *out = arena_alloc(&P->entry_arena, 2 * n + 1);
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x80) {
			out[k++] = (char)c;
		} else {
			out[k++] = (char)(0xC0 | (c >> 6));
			out[k++] = (char)(0x80 | (c & 0x3F));
		}
	}
	out[k] = 0;
	arena_trim(&P->entry_arena, out, k + 1);
	return (cx_str){out, k};
}

/* ---- macros ---------------------------------------------------------------- */

static uint64_t hash_lower(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)tolower((unsigned char)s[i]);
		h *= 1099511628211ull;
	}
	return h;
}

static int eq_lower(cx_str a, const char *s, size_t n)
{
	if (a.n != n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (tolower((unsigned char)a.p[i]) != tolower((unsigned char)s[i]))
			return 0;
	return 1;
}

static struct macro *macro_slot(struct cx_parser *P, const char *s, size_t n)
{
	size_t mask = P->macros_cap - 1;
	size_t i = (size_t)hash_lower(s, n) & mask;
	while (P->macros[i].name.p && !eq_lower(P->macros[i].name, s, n))
		i = (i + 1) & mask;
	return &P->macros[i];
}

static void macro_set(struct cx_parser *P, const char *s, size_t n, cx_str value)
{
	if ((P->nmacros + 1) * 2 > P->macros_cap) {
		struct macro *old = P->macros;
		size_t oldcap = P->macros_cap;
		P->macros_cap = oldcap ? oldcap * 2 : 64;
		P->macros = xcalloc(P->macros_cap, sizeof *P->macros);
		for (size_t i = 0; i < oldcap; i++)
			if (old[i].name.p)
				*macro_slot(P, old[i].name.p, old[i].name.n) = old[i];
		free(old);
	}
	struct macro *m = macro_slot(P, s, n);
	if (!m->name.p) {
		char *name = arena_alloc(&P->file_arena, n + 1);
		for (size_t i = 0; i < n; i++)
			name[i] = (char)tolower((unsigned char)s[i]);
		name[n] = 0;
		m->name = (cx_str){name, n};
		P->nmacros++;
	}
	m->value = arena_str(&P->file_arena, value.p, value.n);
}

static const struct macro *macro_get(struct cx_parser *P, const char *s, size_t n)
{
	if (!P->macros_cap)
		return NULL;
	struct macro *m = macro_slot(P, s, n);
	return m->name.p ? m : NULL;
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
		macro_set(P, names[i][0], 3, (cx_str){names[i][1], strlen(names[i][1])});
}

/* ---- keys seen -------------------------------------------------------------- */

/* Returns 1 if the key was seen before, and records it otherwise.  Keys
 * compare case-insensitively, as BibTeX does.  The set holds 64-bit hashes,
 * not the keys: 8 bytes a key keeps a million-entry file in a few MB, and a
 * false "duplicate" needs two keys whose 64-bit hashes collide. */
static int key_seen(struct cx_parser *P, cx_str key)
{
	if ((P->nkeys + 1) * 4 > P->keys_cap * 3) {
		uint64_t *old = P->keys;
		size_t oldcap = P->keys_cap;
		P->keys_cap = oldcap ? oldcap * 2 : 256;
		P->keys = xcalloc(P->keys_cap, sizeof *P->keys);
		for (size_t i = 0; i < oldcap; i++) {
			if (!old[i])
				continue;
			size_t j = (size_t)old[i] & (P->keys_cap - 1);
			while (P->keys[j])
				j = (j + 1) & (P->keys_cap - 1);
			P->keys[j] = old[i];
		}
		free(old);
	}
	size_t mask = P->keys_cap - 1;
	uint64_t h = hash_lower(key.p, key.n);
	h = h ? h : 1; /* 0 marks an empty slot */
	size_t j = (size_t)h & mask;
	while (P->keys[j]) {
		if (P->keys[j] == h)
			return 1;
		j = (j + 1) & mask;
	}
	P->keys[j] = h;
	P->nkeys++;
	return 0;
}

/* ---- grammar actions ------------------------------------------------------- */

static int refs_has(struct cx_parser *P, cx_str key);

static cx_str lower_copy(struct arena *a, cx_str s)
{
	char *p = arena_alloc(a, s.n + 1);
	for (size_t i = 0; i < s.n; i++)
		p[i] = (char)tolower((unsigned char)s.p[i]);
	p[s.n] = 0;
	return (cx_str){p, s.n};
}

/* cx_field_lookup, remembered: a file repeats a few dozen field names in
 * every entry, and the table walk would cost more than the field. */
static enum cx_field_id field_id(struct cx_parser *P, cx_str lname)
{
	struct field_memo *m;
	if (!lname.n || lname.n >= sizeof m->name)
		return cx_field_lookup(lname.p, lname.n);
	size_t h = 0;
	for (size_t i = 0; i < lname.n; i++)
		h = h * 31 + (unsigned char)lname.p[i];
	m = &P->field_memo[h % FIELD_MEMO];
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
	P->e.file = P->c->file;
	P->e.source = "bibtex";
	P->skipping = 0;
	P->fields_cap = 0;
	P->nparts = 0;
	P->limit_hit = 0;
	if (kind == CX_E_ENTRY) {
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
	/* The first pass keeps only referenced parents: the values of any
	 * other entry are neither copied nor expanded. */
	if (P->collect && P->e.kind == CX_E_ENTRY && !refs_has(P, key))
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
	size_t cap = P->c->opt && P->c->opt->macro_cap ? P->c->opt->macro_cap : DEFAULT_MACRO_CAP;
	if (P->nparts == 1 && P->parts[0].kind != CX_P_MACRO)
		return P->parts[0].s;
	size_t total = 0;
	for (size_t i = 0; i < P->nparts; i++) {
		const struct cx_part *pt = &P->parts[i];
		size_t n = pt->s.n;
		if (pt->kind == CX_P_MACRO) {
			const struct macro *m = macro_get(P, pt->s.p, pt->s.n);
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

void parser_end_field(struct cx_parser *P, cx_str name, unsigned line, unsigned col)
{
	if (P->skipping)
		return;
	cx_str lname = lower_copy(&P->entry_arena, name);
	enum cx_field_id id = field_id(P, lname);
	for (size_t i = 0; i < P->e.nfields; i++) {
		if (P->e.fields[i].name.n == lname.n && !memcmp(P->e.fields[i].name.p, lname.p, lname.n)) {
			parser_diag(P, CX_WARNING, CX_E_DUP_FIELD, line, col,
			            "duplicate field '%.*s' (the first one is kept, as BibTeX does)",
			            (int)name.n, name.p);
			P->nparts = 0;
			return;
		}
	}
	if (P->e.nfields == P->fields_cap) {
		size_t cap = P->fields_cap ? P->fields_cap * 2 : 16;
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
	f->raw = expand_parts(P, line, col);
	f->nparts = P->nparts;
	f->parts = NULL;
	if (P->nparts) { /* a value lost to an error has no parts */
		f->parts = arena_alloc(&P->entry_arena, P->nparts * sizeof *f->parts);
		memcpy(f->parts, P->parts, P->nparts * sizeof *f->parts);
	}
	P->nparts = 0;
}

int parser_value_swallowed(const struct cx_field *f)
{
	/* A newline, then "name =": the shape of a field, not of prose. */
	const char *s = f->raw.p, *end = f->raw.p + f->raw.n;
	while ((s = memchr(s, '\n', (size_t)(end - s))) != NULL) {
		s++;
		const char *q = s;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		const char *w = q;
		while (q < end && (isalnum((unsigned char)*q) || *q == '_' || *q == '-'))
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
	cx_str value = expand_parts(P, line, col);
	if (P->limit_hit) {
		macro_set(P, name.p, name.n, (cx_str){"", 0});
		parser_skip_entry(P);
		return;
	}
	macro_set(P, name.p, name.n, value);
	/* Keep the definition as an entry, for BibTeX output. */
	parser_end_field(P, name, line, col);
	parser_end_entry(P);
}

static int needs_parent(const struct cx_entry *e)
{
	for (size_t i = 0; i < e->nfields; i++)
		if ((e->fields[i].id == CX_F_CROSSREF || e->fields[i].id == CX_F_XDATA) &&
		    e->fields[i].raw.n)
			return 1;
	return 0;
}

static void keep(struct cx_parser *P, struct cx_entry *e)
{
	if (P->nkept == P->kept_cap) {
		P->kept_cap = P->kept_cap ? P->kept_cap * 2 : 64;
		P->kept = xrealloc(P->kept, P->kept_cap * sizeof *P->kept);
		P->kept_resolved = xrealloc(P->kept_resolved, P->kept_cap);
	}
	P->kept_resolved[P->nkept] = 0;
	P->kept[P->nkept++] = model_copy_entry(&P->keep_arena, e);
}

static void resolve(struct cx_parser *P, struct cx_entry *e, int depth);

static void deliver(struct cx_parser *P, struct cx_entry *e)
{
	cx_normalize(e, P->c->opt, P->c, &P->entry_arena);
	P->c->nentries += e->kind == CX_E_ENTRY;
	if (P->c->emit)
		P->c->emit(P->c->emit_ctx, e);
}

void parser_end_entry(struct cx_parser *P)
{
	if (P->limit_hit || P->entry_failed) {
		parser_skip_entry(P);
		return;
	}
	struct cx_entry *e = &P->e;
	if (P->collect) {
		/* First pass: keep only the parents someone refers to. */
		if (e->kind == CX_E_ENTRY && e->key.n && refs_has(P, e->key))
			keep(P, e);
		arena_reset(&P->entry_arena);
		P->nparts = 0;
		return;
	}
	if (e->kind == CX_E_ENTRY) {
		if (!e->key.n)
			parser_diag(P, CX_WARNING, CX_E_SYNTAX, e->loc.line, e->loc.col,
			            "entry has no citation key");
		else if (key_seen(P, e->key))
			parser_diag(P, CX_WARNING, CX_E_DUP_KEY, e->loc.line, e->loc.col,
			            "duplicate key '%.*s'", (int)e->key.n, e->key.p);
		if (!P->buffering && !P->two_pass && needs_parent(e))
			P->buffering = 1;
	}
	if (P->buffering) {
		keep(P, e);
	} else {
		if (P->two_pass && e->kind == CX_E_ENTRY && needs_parent(e)) {
			P->resolve_arena = &P->entry_arena;
			resolve(P, e, 0);
		}
		deliver(P, e);
	}
	arena_reset(&P->entry_arena);
	P->nparts = 0;
}

void parser_comment(struct cx_parser *P, cx_str body, int stray, unsigned line, unsigned col)
{
	size_t i = 0;
	while (i < body.n && isspace((unsigned char)body.p[i]))
		i++;
	if (i == body.n && stray)
		return;
	parser_begin_entry(P, CX_E_COMMENT, CX_STR("comment"), line, col);
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
}

/* ---- the scanner interface --------------------------------------------------- */

int cx_scan(CX_YYSTYPE *lval, CX_YYLTYPE *lloc, yyscan_t scanner);

/* Wraps the scanner to remember where the previous token ended, for
 * "entry not closed" messages, and to start each entry's error budget. */
int cx_yylex(CX_YYSTYPE *lval, CX_YYLTYPE *lloc, void *scanner)
{
	struct cx_parser *P = cx_yyget_extra(scanner);
	int tok = cx_scan(lval, lloc, scanner);
	if (tok == TOK_AT)
		P->skipping = 0; /* the entry type that follows is needed */
	/* When a token is unexpected, the one before it is where the entry
	 * went wrong: keep the end of the previous token as well. */
	P->prev_line = P->last_line;
	P->prev_col = P->last_col;
	P->last_line = (unsigned)lloc->last_line;
	P->last_col = (unsigned)lloc->last_column;
	return tok;
}

/* ---- crossref and xdata ------------------------------------------------------ */

static int is_container(enum cx_type_id t)
{
	return t == CX_T_BOOK || t == CX_T_COLLECTION || t == CX_T_PROCEEDINGS ||
	       t == CX_T_PERIODICAL;
}

/* Fields a child never inherits (biblatex's defaults). */
static int never_inherited(cx_str name)
{
	static const char *const skip[] = {
		"ids", "crossref", "xref", "xdata", "entryset", "entrysubtype", "execute",
		"label", "options", "presort", "related", "relatedoptions", "relatedstring",
		"relatedtype", "shorthand", "shorthandintro", "sortkey", NULL,
	};
	for (int i = 0; skip[i]; i++)
		if (name.n == strlen(skip[i]) && !memcmp(name.p, skip[i], name.n))
			return 1;
	return 0;
}

static int title_family(cx_str name)
{
	static const char *const t[] = {"title", "subtitle", "titleaddon", "shorttitle",
	                                "sorttitle", "indextitle", "indexsorttitle", NULL};
	for (int i = 0; t[i]; i++)
		if (name.n == strlen(t[i]) && !memcmp(name.p, t[i], name.n))
			return 1;
	return 0;
}

static struct cx_field *find_named(struct cx_entry *e, const char *name)
{
	size_t n = strlen(name);
	for (size_t i = 0; i < e->nfields; i++)
		if (e->fields[i].name.n == n && !memcmp(e->fields[i].name.p, name, n))
			return &e->fields[i];
	/* journal and journaltitle, address and location are one field. */
	enum cx_field_id id = cx_field_lookup(name, n);
	if (id != CX_F_UNKNOWN)
		return cx_entry_get(e, id);
	return NULL;
}

static void inherit_field(struct cx_parser *P, struct cx_entry *child,
                          const struct cx_field *pf, const char *as)
{
	/* A streamed child lives in the entry arena; a kept one in keep. */
	struct arena *a = P->resolve_arena;
	if (find_named(child, as))
		return;
	struct cx_field *fields = arena_grow(a, child->fields, sizeof *fields,
	                                     child->nfields, child->nfields + 1);
	struct cx_field *f = &fields[child->nfields];
	*f = *pf;
	f->name = arena_str(a, as, strlen(as));
	f->id = cx_field_lookup(as, strlen(as));
	f->inherited = 1;
	child->fields = fields;
	child->nfields++;
}

/* The index of the kept entry with this key, or nkept when there is none. */
static size_t find_kept(struct cx_parser *P, cx_str key)
{
	/* A linear scan is fine for the sizes where crossref is used; the
	 * key index below keeps big files fast. */
	for (size_t i = 0; i < P->nkept; i++)
		if (P->kept[i]->kind == CX_E_ENTRY && eq_lower(P->kept[i]->key, key.p, key.n))
			return i;
	return P->nkept;
}

/* Resolve a kept entry once: a parent named by many children, or many
 * times in one xdata list, would otherwise be resolved again for each
 * path to it, exponentially often in the depth.  Marking it first also
 * ends a cycle at once. */
static void resolve_kept(struct cx_parser *P, size_t i, int depth)
{
	if (depth > 8 || P->kept_resolved[i])
		return;
	P->kept_resolved[i] = 1;
	resolve(P, P->kept[i], depth);
}

static void resolve(struct cx_parser *P, struct cx_entry *e, int depth)
{
	if (depth > 8)
		return;
	for (size_t i = 0; i < e->nfields; i++) {
		struct cx_field *rf = &e->fields[i];
		if ((rf->id != CX_F_CROSSREF && rf->id != CX_F_XDATA) || rf->inherited)
			continue;
		/* xdata may list several keys, comma-separated. */
		const char *s = rf->raw.p, *end = rf->raw.p + rf->raw.n;
		while (s < end) {
			while (s < end && (isspace((unsigned char)*s) || *s == ','))
				s++;
			const char *k = s;
			while (s < end && *s != ',' && !isspace((unsigned char)*s))
				s++;
			if (s == k)
				break;
			cx_str key = {k, (size_t)(s - k)};
			size_t pi = find_kept(P, key);
			struct cx_entry *parent = pi < P->nkept ? P->kept[pi] : NULL;
			if (!parent || parent == e) {
				P->entry_failed = 0;
				parser_diag(P, CX_WARNING, CX_E_CROSSREF, rf->loc.line, rf->loc.col,
				            "%s target '%.*s' not found", rf->id == CX_F_XDATA ? "xdata" : "crossref",
				            (int)key.n, key.p);
				continue;
			}
			resolve_kept(P, pi, depth + 1);
			int container = rf->id == CX_F_CROSSREF && is_container(parent->type);
			size_t np = parent->nfields;
			for (size_t j = 0; j < np; j++) {
				const struct cx_field *pf = &parent->fields[j];
				if (never_inherited(pf->name))
					continue;
				if (container && title_family(pf->name)) {
					char as[64];
					if (parent->type == CX_T_PERIODICAL)
						snprintf(as, sizeof as, "journal%.*s",
						         (int)(pf->name.n - 5), pf->name.p + 5);
					else
						snprintf(as, sizeof as, "book%.*s", (int)pf->name.n, pf->name.p);
					if (!strcmp(as, "booktitle") || !strcmp(as, "booksubtitle") ||
					    !strcmp(as, "booktitleaddon") || !strcmp(as, "journaltitle") ||
					    !strcmp(as, "journalsubtitle"))
						inherit_field(P, e, pf, as);
					continue;
				}
				char name[128];
				snprintf(name, sizeof name, "%.*s", (int)pf->name.n, pf->name.p);
				inherit_field(P, e, pf, name);
				if (container && parent->type == CX_T_BOOK && e->type == CX_T_INBOOK &&
				    !strcmp(name, "author"))
					inherit_field(P, e, pf, "bookauthor");
			}
		}
	}
}

static void flush_kept(struct cx_parser *P)
{
	P->resolve_arena = &P->keep_arena;
	for (size_t i = 0; i < P->nkept; i++)
		if (P->kept[i]->kind == CX_E_ENTRY)
			resolve_kept(P, i, 0);
	for (size_t i = 0; i < P->nkept; i++) {
		deliver(P, P->kept[i]);
		arena_reset(&P->entry_arena);
	}
	P->nkept = 0;
}

/* ---- the set of referenced keys -------------------------------------------- */

static int refs_has(struct cx_parser *P, cx_str key)
{
	if (!P->refs_cap)
		return 0;
	size_t mask = P->refs_cap - 1;
	for (size_t j = (size_t)hash_lower(key.p, key.n) & mask; P->refs[j].p; j = (j + 1) & mask)
		if (eq_lower(P->refs[j], key.p, key.n))
			return 1;
	return 0;
}

static void refs_add(struct cx_parser *P, const char *k, size_t n)
{
	if (!n || refs_has(P, (cx_str){k, n}))
		return;
	if ((P->nrefs + 1) * 2 > P->refs_cap) {
		cx_str *old = P->refs;
		size_t oldcap = P->refs_cap;
		P->refs_cap = oldcap ? oldcap * 2 : 64;
		P->refs = xcalloc(P->refs_cap, sizeof *P->refs);
		for (size_t i = 0; i < oldcap; i++) {
			if (!old[i].p)
				continue;
			size_t j = (size_t)hash_lower(old[i].p, old[i].n) & (P->refs_cap - 1);
			while (P->refs[j].p)
				j = (j + 1) & (P->refs_cap - 1);
			P->refs[j] = old[i];
		}
		free(old);
	}
	size_t mask = P->refs_cap - 1;
	size_t j = (size_t)hash_lower(k, n) & mask;
	while (P->refs[j].p)
		j = (j + 1) & mask;
	P->refs[j] = arena_str(&P->file_arena, k, n);
	P->nrefs++;
}

/* After "crossref" or "xdata" at buf[i..]: read "= {k1, k2}" and add the
 * keys.  A false hit (the word in prose) only adds a harmless key. */
static void refs_scan_value(struct cx_parser *P, const char *p, const char *end)
{
	while (p < end && isspace((unsigned char)*p))
		p++;
	if (p >= end || *p != '=')
		return;
	p++;
	while (p < end && isspace((unsigned char)*p))
		p++;
	char close = 0;
	if (p < end && (*p == '{' || *p == '"'))
		close = *p == '{' ? '}' : '"', p++;
	while (p < end) {
		while (p < end && (isspace((unsigned char)*p) || *p == ','))
			p++;
		const char *k = p;
		while (p < end && *p != ',' && *p != close && *p != '}' && !isspace((unsigned char)*p))
			p++;
		refs_add(P, k, (size_t)(p - k));
		if (!close || p >= end || *p == close || *p == '}')
			break;
	}
}

/* Do the eight bytes at p hold a 'c' or an 'x' of either case?  Most of
 * a file does not, and is passed over a word at a time. */
static int has_c_or_x(const char *p)
{
	const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
	uint64_t w, c, x;
	memcpy(&w, p, 8);
	w |= ones * 0x20;
	c = w ^ (ones * 'c');
	x = w ^ (ones * 'x');
	return (((c - ones) & ~c) | ((x - ones) & ~x)) & high ? 1 : 0;
}

/* Scan a regular file for "crossref" and "xdata" and collect the keys they
 * name.  Returns 1 if any were found, 0 if none (or if the input is a pipe,
 * which cannot be read twice). */
static int prescan(struct cx_parser *P, struct cx_input *in)
{
	if (!in->f)
		return 0;
	int fd = fileno(in->f);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) || !S_ISREG(st.st_mode))
		return 0;
	static const char *const words[] = {"crossref", "xdata"};
	enum { CHUNK = 1 << 16, TAIL = 512 };
	char *buf = xmalloc(CHUNK + TAIL);
	off_t off = 0;
	size_t keep = 0;
	int found = 0;
	for (;;) {
		ssize_t r = pread(fd, buf + keep, CHUNK, off);
		if (r <= 0)
			break;
		off += r;
		size_t n = keep + (size_t)r;
		/* The last TAIL bytes are looked at again with the next chunk,
		 * so a word or value cut at the boundary is not missed. */
		size_t limit = n > TAIL && r == CHUNK ? n - TAIL : n;
		for (size_t i = 0; i < limit; i++) {
			if (i + 8 <= limit && !has_c_or_x(buf + i)) {
				i += 7;
				continue;
			}
			int c = buf[i] | 0x20;
			if (c != 'c' && c != 'x')
				continue;
			const char *w = words[c == 'x'];
			size_t wl = strlen(w), k = 0;
			while (k < wl && i + k < n && (buf[i + k] | 0x20) == w[k])
				k++;
			if (k == wl) {
				found = 1;
				refs_scan_value(P, buf + i + wl, buf + n);
			}
		}
		keep = n - limit;
		memmove(buf, buf + limit, keep);
	}
	free(buf);
	return found;
}

/* ---- the reader ---------------------------------------------------------------- */

static void parse_all(struct cx_parser *P)
{
	yyscan_t scanner;
	if (cx_yylex_init_extra(P, &scanner)) {
		fputs("citex: cannot start the scanner\n", stderr);
		abort();
	}
	cx_yyparse(scanner, P);
	cx_yylex_destroy(scanner);
}

static int bibtex_read(struct cx_reader_ctx *c, struct cx_input *in)
{
	struct cx_parser P;
	memset(&P, 0, sizeof P);
	P.c = c;
	P.in = in;
	P.line = 1;
	P.col = 1;
	define_months(&P);

	if (prescan(&P, in)) {
		/* crossref/xdata in a regular file: a first pass keeps just the
		 * parents that are referenced; the second pass streams and
		 * resolves each child against them.  Memory is bounded by the
		 * referenced parents, not by the file. */
		P.collect = 1;
		parse_all(&P);
		P.collect = 0;
		P.skipping = 0;
		P.resolve_arena = &P.keep_arena;
		for (size_t i = 0; i < P.nkept; i++)
			resolve_kept(&P, i, 0);
		/* The peeked bytes are replayed from memory; the FILE resumes after them. */
		if (fseek(in->f, (long)in->npre, SEEK_SET) == 0) {
			in->ipre = 0;
			P.two_pass = 1;
			P.line = 1;
			P.col = 1;
			P.tok.n = 0;
			P.latin1 = 0;
			free(P.macros);
			P.macros = NULL;
			P.nmacros = P.macros_cap = 0;
			define_months(&P);
		} else {
			P.buffering = 1;
			P.nkept = 0;
		}
	}
	parse_all(&P);
	if (P.buffering)
		flush_kept(&P);

	free(P.macros);
	free(P.keys);
	free(P.refs);
	free(P.parts);
	free(P.kept);
	free(P.kept_resolved);
	buf_free(&P.tok);
	arena_destroy(&P.entry_arena);
	arena_destroy(&P.file_arena);
	arena_destroy(&P.keep_arena);
	return in->error ? -1 : 0;
}

const struct cx_reader cx_reader_bibtex = {"bibtex", bibtex_read};
