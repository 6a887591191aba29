/* read/bibtex.c - the BibTeX/BibLaTeX reader: drives the flex scanner and
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

#include "core/bytes.h"
#include "model/model.h"
#include "norm/norm.h"
#include "read/bibtex.h"
#include "bibtex.tab.h"
#define YYSTYPE CX_YYSTYPE
#define YYLTYPE CX_YYLTYPE
#include "bibtex.lex.h"

#define DEFAULT_MACRO_CAP ((size_t)64 << 20)

struct macro {
	cx_str name; /* lower-cased; p == NULL marks an empty slot */
	cx_str value; /* expanded */
	cx_str text;  /* value decoded from LaTeX, once a field used it; or NULL */
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
	diag_report(d, sev, code, line, col, "%s", msg);
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

int parser_token_warns(const struct cx_parser *P, const char *s, size_t n)
{
	return !P->skipping && !P->latin1 && has_high(s, n) &&
	       utf8_valid_prefix((const unsigned char *)s, n) != n;
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
	m->text = (cx_str){NULL, 0};
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
	P->e.source = "bibtex";
	P->skipping = 0;
	P->fields_cap = 0;
	P->seen_ids = P->seen_unknown = 0;
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
	size_t cap = P->c->opt->macro_cap ? P->c->opt->macro_cap : DEFAULT_MACRO_CAP;
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
	/* The same name has the same id: most fields differ in that, and
	 * the first field of an id has no twin to look for.  Unknown names
	 * are told apart by a bit of their hash. */
	_Static_assert(CX_F_UNKNOWN < 64, "field ids fit seen_ids");
	uint64_t bit = (uint64_t)1 << id, *seen = &P->seen_ids;
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
	struct macro *m;
	if (P->nparts == 1 && P->parts[0].kind == CX_P_MACRO && P->macros_cap &&
	    (m = macro_slot(P, P->parts[0].s.p, P->parts[0].s.n))->name.p) {
		/* A value that is one macro (journal = j-TUGboat, month =
		 * jan) is the macro's own string, decoded once per file for
		 * every entry that uses it. */
		f->raw = m->value;
		enum cx_kind kind = id == CX_F_UNKNOWN ? CX_K_TEXT : cx_fields[id].kind;
		if (P->e.kind == CX_E_ENTRY && kind != CX_K_VERBATIM && kind != CX_K_KEY) {
			if (!m->text.p)
				m->text = latex_text(&P->file_arena, m->value.p, m->value.n);
			f->text = m->text;
		}
	} else {
		f->raw = expand_parts(P, line, col);
		if (P->nparts > 1 && P->e.kind == CX_E_ENTRY)
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
	for (size_t i = 0; i < P->nbatch; i++) {
		const struct cx_tok *t = &P->batch[i];
		parser_add_part(P, t->v.kind, t->v.s);
		parser_end_field(P, t->s, t->line, t->col);
	}
	P->nbatch = 0;
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

/* Put kept[i] in the key index unless an earlier entry has its key. */
static void index_kept(struct cx_parser *P, size_t i)
{
	const struct cx_entry *e = P->kept[i];
	if (e->kind != CX_E_ENTRY)
		return;
	size_t mask = P->kept_index_cap - 1, j;
	for (j = (size_t)hash_lower(e->key.p, e->key.n) & mask; P->kept_index[j]; j = (j + 1) & mask)
		if (eq_lower(P->kept[P->kept_index[j] - 1]->key, e->key.p, e->key.n))
			return;
	P->kept_index[j] = i + 1;
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
	/* Half full at most: grow and re-index in kept order. */
	if (2 * P->nkept > P->kept_index_cap) {
		P->kept_index_cap = P->kept_index_cap ? 2 * P->kept_index_cap : 128;
		free(P->kept_index);
		P->kept_index = xcalloc(P->kept_index_cap, sizeof *P->kept_index);
		for (size_t i = 0; i < P->nkept; i++)
			index_kept(P, i);
	} else {
		index_kept(P, P->nkept - 1);
	}
}

static void resolve(struct cx_parser *P, struct cx_entry *e, int depth);

static void deliver(struct cx_parser *P, struct cx_entry *e)
{
	norm_entry(P->c->cx, e, &P->entry_arena);
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
	P->seen_ids = P->seen_unknown = 0;
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
	if (!P->kept_index_cap)
		return P->nkept;
	size_t mask = P->kept_index_cap - 1;
	for (size_t j = (size_t)hash_lower(key.p, key.n) & mask; P->kept_index[j]; j = (j + 1) & mask) {
		const struct cx_entry *k = P->kept[P->kept_index[j] - 1];
		if (eq_lower(k->key, key.p, key.n))
			return P->kept_index[j] - 1;
	}
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
	if (P->kept_index_cap)
		memset(P->kept_index, 0, P->kept_index_cap * sizeof *P->kept_index);
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

/* The first place from p before e where two bytes, in either case, are
 * "sr" or "xd"; e[0] is read as the second byte of the last pair. */
static const char *find_ref_pair(const char *p, const char *e)
{
#if defined(__SSE2__)
	const __m128i low = _mm_set1_epi8(0x20), s = _mm_set1_epi8('s'), r = _mm_set1_epi8('r'),
	              x = _mm_set1_epi8('x'), d = _mm_set1_epi8('d');
	for (; e - p >= 16; p += 16) {
		__m128i v = _mm_or_si128(_mm_loadu_si128((const __m128i *)(const void *)p), low);
		__m128i w = _mm_or_si128(_mm_loadu_si128((const __m128i *)(const void *)(p + 1)), low);
		__m128i m = _mm_or_si128(_mm_and_si128(_mm_cmpeq_epi8(v, s), _mm_cmpeq_epi8(w, r)),
		                         _mm_and_si128(_mm_cmpeq_epi8(v, x), _mm_cmpeq_epi8(w, d)));
		unsigned mask = (unsigned)_mm_movemask_epi8(m);
		if (mask)
			return p + __builtin_ctz(mask);
	}
#endif
	for (; p < e; p++) {
		char a = (char)(p[0] | 0x20), b = (char)(p[1] | 0x20);
		if ((a == 's' && b == 'r') || (a == 'x' && b == 'd'))
			return p;
	}
	return e;
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
		/* A word is looked at in the chunk where it starts before
		 * limit.  It is found by a rare pair of letters: the "sr" of
		 * "crossref", four bytes in, or the "xd" of "xdata". */
		size_t stop = n ? (limit + 4 < n - 1 ? limit + 4 : n - 1) : 0;
		for (const char *p = buf; (p = find_ref_pair(p, buf + stop)) < buf + stop; p++) {
			size_t i = (size_t)(p - buf);
			int x = (*p | 0x20) == 'x';
			if (!x && i < 4)
				continue;
			size_t at = x ? i : i - 4;
			if (at >= limit)
				continue;
			const char *w = words[x];
			size_t wl = strlen(w), k = 0;
			while (k < wl && at + k < n && (buf[at + k] | 0x20) == w[k])
				k++;
			if (k == wl) {
				found = 1;
				refs_scan_value(P, buf + at + wl, buf + n);
			}
		}
		keep = n - limit;
		memmove(buf, buf + limit, keep);
	}
	free(buf);
	return found;
}

/* ---- the collection pass at byte speed --------------------------------------- */

/* The first pass only has to find the referenced parents and the @string
 * definitions before them.  Most entries are neither: a byte scanner that
 * follows the scanner's rules (bibtex.l) passes over an entry it can prove
 * well-formed and unreferenced, and the real scanner and parser run on
 * everything else (@string, @preamble, parents, anything irregular) from
 * its '@' on.  Such a run ends at the first '@' the scanner reaches between
 * entries, where one run over the whole file would be in the same state,
 * so the split changes nothing the pass keeps. */

/* A window of the file, refilled with pread: memory stays bounded by the
 * largest entry. */
struct span {
	int fd;
	char *buf;
	size_t cap, len;
	off_t base; /* file offset of buf[0] */
};

/* Bytes from off on: load them if the window does not hold off. */
static const char *span_at(struct span *W, off_t off, size_t *avail)
{
	if (off < W->base || off >= W->base + (off_t)W->len) {
		ssize_t r = pread(W->fd, W->buf, W->cap, off);
		W->base = off;
		W->len = r > 0 ? (size_t)r : 0;
	}
	*avail = W->len - (size_t)(off - W->base);
	return W->buf + (off - W->base);
}

/* More bytes after the window, keeping those from off on; 0 at the end. */
static size_t span_more(struct span *W, off_t off)
{
	size_t keep = W->len - (size_t)(off - W->base);
	if (off > W->base) {
		memmove(W->buf, W->buf + (off - W->base), keep);
		W->base = off;
		W->len = keep;
	} else if (W->len == W->cap) {
		W->cap *= 2;
		W->buf = xrealloc(W->buf, W->cap);
	}
	ssize_t r = pread(W->fd, W->buf + W->len, W->cap - W->len, W->base + (off_t)W->len);
	if (r <= 0)
		return 0;
	W->len += (size_t)r;
	return (size_t)r;
}

/* Byte classes of bibtex.l: NAMEC, and SP or newline. */
enum { C_NAME = 1, C_SPACE = 2 };

struct classes {
	unsigned char of[256];
};

static void classes_init(struct classes *k)
{
	for (int c = 0; c < 256; c++)
		k->of[c] = C_NAME;
	for (const char *s = " \t\r\n\f\v"; *s; s++)
		k->of[(unsigned char)*s] = C_SPACE;
	for (const char *s = "\"#%(),={}@"; *s; s++)
		k->of[(unsigned char)*s] = 0;
}

static int is_sp(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

enum scan { SCAN_SKIP, SCAN_PARSE, SCAN_MORE };

static const unsigned char *skip_ws(const struct classes *k, const unsigned char *p,
                                    const unsigned char *e)
{
	for (;;) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		/* Alignment and indents: the spaces in eight bytes at once. */
		if (e - p >= 8) {
			uint64_t w;
			memcpy(&w, p, 8);
			w ^= 0x2020202020202020u;
			if (!w) {
				p += 8;
				continue;
			}
			p += __builtin_ctzll(w) >> 3;
		}
#endif
		if (p == e || k->of[*p] != C_SPACE)
			return p;
		p++;
	}
}

/* A braced (close '}') or quoted (close '"') value after its opening byte:
 * the end of the value, or NULL to parse it for real (a line that starts
 * with '@' may be the scanner's lost-brace recovery) or at e (*more).
 * Such a line is found from its '@', so newlines cost nothing. */
static const unsigned char *skip_value(const unsigned char *p, const unsigned char *e,
                                       unsigned char close, int *more)
{
	const unsigned char *start = p;
	int depth = close == '}';
	for (; p < e; p++) {
		p = (const unsigned char *)bytes_find4((const char *)p, (const char *)e, '{', '}',
		                                       '@', (char)close);
		if (p == e)
			break;
		unsigned char c = *p;
		if (c == '{') {
			depth++;
		} else if (c == '}') {
			if (depth > 0 && --depth == 0 && close == '}')
				return p + 1;
		} else if (c == '"') {
			if (close == '"' && depth == 0)
				return p + 1;
		} else {
			const unsigned char *q = p;
			while (q > start && is_sp(q[-1]))
				q--;
			if (q > start && q[-1] == '\n')
				return NULL;
		}
	}
	*more = 1;
	return NULL;
}

/* An @comment body after the word: BibTeX's balanced block, or nothing. */
static enum scan skip_comment(const struct classes *k, const unsigned char *p, const unsigned char *e,
                              const unsigned char **end)
{
	p = skip_ws(k, p, e);
	if (p == e)
		return SCAN_MORE;
	if (*p != '{' && *p != '(') {
		*end = p; /* a bare "@comment": the byte is scanned again */
		return SCAN_SKIP;
	}
	unsigned char open = *p, close = open == '{' ? '}' : ')';
	int depth = 0;
	for (; p < e; p++) {
		if (*p == open) {
			depth++;
		} else if (*p == close && --depth == 0) {
			*end = p + 1;
			return SCAN_SKIP;
		}
	}
	return SCAN_MORE;
}

static int word_is(const unsigned char *w, size_t n, const char *lower)
{
	size_t i = 0;
	for (; i < n && lower[i]; i++)
		if ((w[i] | 0x20) != (unsigned char)lower[i])
			return 0;
	return i == n && !lower[i];
}

static int all_digits(const unsigned char *p, const unsigned char *e)
{
	for (; p < e; p++)
		if (*p < '0' || *p > '9')
			return 0;
	return 1;
}

/* The entry whose '@' is at p: SCAN_SKIP with its end if it is well-formed
 * and keeps nothing, SCAN_PARSE if the parser must see it, SCAN_MORE if
 * it goes on past e. */
static enum scan scan_entry(struct cx_parser *P, const struct classes *k, const unsigned char *p,
                            const unsigned char *e, const unsigned char **end)
{
	/* States of the entry grammar (bibtex.y) after each token. */
	enum { OPENED, KEYED, COMMA, NAMED, EQUALS, PART } st = OPENED;
	p = skip_ws(k, p + 1, e);
	const unsigned char *w = p;
	while (p < e && k->of[*p] == C_NAME)
		p++;
	if (p == e)
		return SCAN_MORE;
	if (p == w || word_is(w, (size_t)(p - w), "string") ||
	    word_is(w, (size_t)(p - w), "preamble"))
		return SCAN_PARSE;
	if (word_is(w, (size_t)(p - w), "comment"))
		return skip_comment(k, p, e, end);
	p = skip_ws(k, p, e);
	if (p == e)
		return SCAN_MORE;
	if (*p != '{' && *p != '(')
		return SCAN_PARSE;
	unsigned char close = *p == '{' ? '}' : ')';
	for (p++;;) {
		p = skip_ws(k, p, e);
		if (p == e)
			return SCAN_MORE;
		unsigned char c = *p;
		if (c == '%') {
			p = memchr(p, '\n', (size_t)(e - p));
			if (!p)
				return SCAN_MORE;
			continue;
		}
		if (k->of[c] == C_NAME) {
			const unsigned char *t = p;
			while (p < e && k->of[*p] == C_NAME)
				p++;
			if (p == e)
				return SCAN_MORE;
			if (st == OPENED) {
				/* A referenced key, or one the parser would convert
				 * from Latin-1 first, is the parser's. */
				for (const unsigned char *u = t; u < p; u++)
					if (*u >= 0x80)
						return SCAN_PARSE;
				if (refs_has(P, (cx_str){(const char *)t, (size_t)(p - t)}))
					return SCAN_PARSE;
				st = KEYED;
			} else if (st == COMMA && !all_digits(t, p)) {
				st = NAMED;
			} else if (st == EQUALS) {
				st = PART;
			} else {
				return SCAN_PARSE;
			}
			continue;
		}
		if ((c == '{' || c == '"') && st == EQUALS) {
			int more = 0;
			p = skip_value(p + 1, e, c == '{' ? '}' : '"', &more);
			if (!p)
				return more ? SCAN_MORE : SCAN_PARSE;
			st = PART;
			continue;
		}
		if (c == close && st != NAMED && st != EQUALS) {
			*end = p + 1;
			return SCAN_SKIP;
		}
		if (c == ',' && st != NAMED && st != EQUALS)
			st = COMMA;
		else if (c == '=' && st == NAMED)
			st = EQUALS;
		else if (c == '#' && st == PART)
			st = EQUALS;
		else
			return SCAN_PARSE;
		p++;
	}
}

/* Move the scanner position over n bytes, as bibtex.l counts them. */
static void pos_over(struct cx_parser *P, const char *s, size_t n)
{
	const char *nl, *end = s + n;
	size_t lines = bytes_count_nl(s, n);
	if (lines) {
		P->line += (unsigned)lines;
		P->col = 1;
		for (nl = end - 1; *nl != '\n'; nl--)
			;
		s = nl + 1;
	}
	for (; s < end; s++)
		P->col += ((unsigned char)*s & 0xC0) != 0x80;
}

struct feed {
	struct span *W;
	off_t start, pos;
	int at; /* the byte at pos is an '@' */
	int eof;
};

size_t collect_feed(struct cx_parser *P, char *buf, size_t max, int between)
{
	struct feed *F = P->feed;
	if (F->at && F->pos > F->start && between)
		return 0;
	size_t avail;
	const char *s = span_at(F->W, F->pos, &avail);
	if (!avail) {
		F->eof = 1;
		return 0;
	}
	if (avail > max)
		avail = max;
	const char *at = avail > 1 ? memchr(s + 1, '@', avail - 1) : NULL;
	size_t n = at ? (size_t)(at - s) : avail;
	memcpy(buf, s, n);
	F->pos += (off_t)n;
	F->at = at != NULL;
	return n;
}

/* The parser from the '@' at off to the first '@' it meets between
 * entries; returns where it stopped, or -1 at the end of the file. */
static off_t parse_from(struct cx_parser *P, yyscan_t scanner, struct span *W, off_t off)
{
	struct feed F = {W, off, off, 0, 0};
	P->feed = &F;
	P->tok.n = 0;
	cx_yyrestart(NULL, scanner);
	cx_yyparse(scanner, P);
	P->feed = NULL;
	return F.eof ? -1 : F.pos;
}

/* The first pass from off, where an entry starts (or from 0), over every
 * entry until it stands at one that starts at or after `to` (-1: to the
 * end): where it stopped, or -1 at the end of the file. */
static off_t collect_range(struct cx_parser *P, yyscan_t scanner, struct span *W,
                           const struct classes *k, off_t off, off_t to)
{
	while (to < 0 || off < to) {
		size_t avail;
		const char *s = span_at(W, off, &avail);
		if (!avail)
			return -1;
		const char *at = memchr(s, '@', avail);
		size_t n = at ? (size_t)(at - s) : avail;
		pos_over(P, s, n);
		off += (off_t)n;
		if (!at)
			continue;
		/* An entry starts at off; see it whole, or let the parser read it. */
		const unsigned char *end = NULL;
		enum scan r;
		for (;;) {
			s = span_at(W, off, &avail);
			r = scan_entry(P, k, (const unsigned char *)s, (const unsigned char *)s + avail, &end);
			if (r != SCAN_MORE)
				break;
			if (!span_more(W, off)) {
				r = SCAN_PARSE; /* cut off by the end of the file */
				break;
			}
		}
		if (r == SCAN_SKIP) {
			n = (size_t)((const char *)end - s);
			pos_over(P, s, n);
			off += (off_t)n;
		} else if ((off = parse_from(P, scanner, W, off)) < 0) {
			return -1;
		}
	}
	return off;
}

/* ---- the first pass by hops ---------------------------------------------------- */

/* Most of a file need not be read for the first pass: what it keeps are
 * the @string definitions and the referenced parents.  An entry whose '@'
 * starts a line in the form of bibtex.l's ENTRYAT is an entry wherever
 * the scanner stands -- between entries, between fields, or in a value,
 * which it ends -- except in an @comment block or just after a bare "@"
 * or "@word" (AFTERAT, OPEN), where the '@' is eaten.  Such an '@' is a
 * sure start.  find_hops() walks from '@' to '@' and lists the sure starts
 * of entries that may define a macro or be a parent; the parser reads
 * just those.  A stretch it cannot vouch for -- such an entry in the
 * middle of a line, after "@word", or in a comment block -- is read
 * entry by entry (collect_range) from the last sure start before it to
 * the first one after it. */

/* One step of the first pass: the entry at off alone (to 0), or every
 * entry from off until one at or after to (-1: to the end). */
struct hop {
	off_t off, to;
	unsigned line, col;
};

struct hops {
	struct hop *v;
	size_t n, cap;
};

enum { HOP_CAP = 1 << 20, HOP_BACK = 4096, HOP_AHEAD = 4096 };

static void hop_add(struct hops *H, struct hop h)
{
	if (H->n == H->cap) {
		H->cap = H->cap ? 2 * H->cap : 64;
		H->v = xrealloc(H->v, H->cap * sizeof *H->v);
	}
	H->v[H->n++] = h;
}

/* What the scanner makes of an '@'. */
enum head {
	H_NONE,    /* nothing the first pass keeps */
	H_ENTRY,   /* a @string, or an entry that may be a parent */
	H_COMMENT, /* a comment block */
	H_UNSURE,  /* the bytes ran out */
};

static int is_ws(unsigned char c)
{
	return c == '\n' || is_sp(c);
}

/* The word, the opening byte and the key after the '@' at b[a], as
 * AFTERAT, OPEN and ENTRY read them; *open is the opening byte. */
static enum head read_head(struct cx_parser *P, const struct classes *k, const unsigned char *b,
                           size_t n, size_t a, unsigned char *open)
{
	size_t q = a + 1;
	while (q < n && is_ws(b[q]))
		q++;
	size_t w = q;
	while (q < n && k->of[b[q]] == C_NAME)
		q++;
	if (q == n)
		return H_UNSURE;
	if (q == w)
		return H_NONE;
	int str = word_is(b + w, q - w, "string"), com = word_is(b + w, q - w, "comment");
	while (q < n && is_ws(b[q]))
		q++;
	if (q == n)
		return H_UNSURE;
	if (b[q] != '{' && b[q] != '(')
		return H_NONE;
	*open = b[q];
	if (com)
		return H_COMMENT;
	if (str)
		return H_ENTRY;
	for (q++; q < n && is_ws(b[q]); q++)
		;
	size_t key = q;
	while (q < n && k->of[b[q]] == C_NAME)
		q++;
	if (q == n)
		return H_UNSURE;
	if (q == key && b[q] == '%') /* ENTRY's comment: the key is after it */
		return H_ENTRY;
	for (size_t u = key; u < q; u++)
		if (b[u] >= 0x80) /* the parser reads the key as Latin-1 first */
			return H_ENTRY;
	return q > key && refs_has(P, (cx_str){(const char *)b + key, q - key}) ? H_ENTRY : H_NONE;
}

/* Is the '@' at b[a] a sure start?  It starts a line after at most 64
 * blanks (or starts the file, if at_file_start), has the form of ENTRYAT,
 * and follows no "@" or "@word" across blanks.  *col is its column. */
static int sure_start(const struct classes *k, const unsigned char *b, size_t n, size_t a,
                      int at_file_start, unsigned *col)
{
	size_t j = a;
	while (j > 0 && is_sp(b[j - 1]) && a - j <= 64)
		j--;
	if (a - j > 64 || (j == 0 ? !at_file_start : b[j - 1] != '\n'))
		return 0;
	*col = 1 + (unsigned)(a - j);
	size_t q = a + 1, m = 0;
	while (q < n && (b[q] | 0x20) >= 'a' && (b[q] | 0x20) <= 'z' && m <= 64)
		q++, m++;
	if (m == 0 || m > 64)
		return 0;
	for (m = 0; q < n && is_sp(b[q]) && m <= 8; q++)
		m++;
	if (q == n || m > 8 || (b[q] != '{' && b[q] != '('))
		return 0;
	while (j > 0 && is_ws(b[j - 1]))
		j--;
	while (j > 0 && k->of[b[j - 1]] == C_NAME)
		j--;
	while (j > 0 && is_ws(b[j - 1]))
		j--;
	if (j == 0)
		return at_file_start;
	return b[j - 1] != '@';
}

/* List the steps of the first pass; 0 if the walk cannot (a nested
 * comment block, or a header longer than HOP_AHEAD). */
static int find_hops(struct cx_parser *P, const struct classes *k, int fd, struct hops *H)
{
	unsigned char *b = xmalloc(HOP_CAP);
	size_t n = 0, i = 0;
	off_t base = 0, lpos = 0;
	unsigned line = 1;
	int eof = 0, ok = 1;
	struct hop sure = {0, 0, 1, 1}; /* the last sure start, or the file's start */
	size_t open_at = 0; /* H->v[open_at - 1] is a range that ends at the next sure start */
	unsigned char copen = 0, cclose = 0;
	size_t cdepth = 0; /* in a comment block */
	for (;;) {
		if (!eof && n - i <= HOP_AHEAD) {
			/* Slide the window, keeping HOP_BACK bytes before i. */
			size_t from = i > HOP_BACK ? i - HOP_BACK : 0;
			if (lpos < base + (off_t)from) {
				line += (unsigned)bytes_count_nl((const char *)b + (lpos - base),
				                                 from - (size_t)(lpos - base));
				lpos = base + (off_t)from;
			}
			memmove(b, b + from, n - from);
			base += (off_t)from;
			n -= from;
			i -= from;
			while (n < HOP_CAP) {
				ssize_t r = pread(fd, b + n, HOP_CAP - n, base + (off_t)n);
				if (r <= 0) {
					eof = 1;
					break;
				}
				n += (size_t)r;
			}
		}
		size_t lim = eof ? n : n - HOP_AHEAD;
		if (i >= lim) {
			if (eof)
				break;
			continue;
		}
		const unsigned char *p;
		if (cdepth)
			p = (const unsigned char *)bytes_find4((const char *)b + i, (const char *)b + lim,
			                                       (char)copen, (char)cclose, '@', '@');
		else if (!(p = memchr(b + i, '@', lim - i)))
			p = b + lim;
		i = (size_t)(p - b);
		if (i == lim)
			continue;
		if (*p != '@') {
			if (*p == copen)
				cdepth++;
			else
				cdepth--;
			i++;
			continue;
		}
		unsigned char open = 0;
		enum head h = read_head(P, k, b, n, i, &open);
		unsigned col = 0;
		if (h == H_UNSURE || (cdepth && h == H_COMMENT)) {
			ok = 0;
			break;
		}
		if (h == H_COMMENT) {
			/* Skipped as CBRACE or CPAREN would. */
			copen = open;
			cclose = open == '{' ? '}' : ')';
			cdepth = 1;
			while (b[i] != open)
				i++;
			i++;
			continue;
		}
		if (!cdepth && sure_start(k, b, n, i, base == 0, &col)) {
			line += (unsigned)bytes_count_nl((const char *)b + (lpos - base),
			                                 i - (size_t)(lpos - base));
			lpos = base + (off_t)i;
			sure = (struct hop){lpos, 0, line, col};
			if (open_at) {
				H->v[open_at - 1].to = lpos;
				open_at = 0;
			}
			if (h == H_ENTRY)
				hop_add(H, sure);
		} else if (h == H_ENTRY && !open_at) {
			/* The entries from the last sure start on are read one by one. */
			if (H->n && H->v[H->n - 1].off == sure.off)
				H->n--; /* the range reads that entry too */
			hop_add(H, (struct hop){sure.off, -1, sure.line, sure.col});
			open_at = H->n;
		}
		i++;
	}
	free(b);
	return ok;
}

/* The first pass: keep the @string definitions and the referenced parents. */
static void collect(struct cx_parser *P, int fd)
{
	struct classes k;
	classes_init(&k);
	struct hops H = {0};
	if (P->c->opt->full_first_pass || !find_hops(P, &k, fd, &H)) {
		H.n = 0;
		hop_add(&H, (struct hop){0, -1, 1, 1});
	}
	struct span W = {fd, xmalloc(1 << 16), 1 << 16, 0, 0};
	yyscan_t scanner;
	if (cx_yylex_init_extra(P, &scanner)) {
		fputs("citex: cannot start the scanner\n", stderr);
		abort();
	}
	/* done: where the last step stopped, at an entry; the scanner's
	 * position (P->line, P->col) is there. */
	off_t done = 0;
	for (size_t i = 0; i < H.n && done >= 0; i++) {
		struct hop *h = &H.v[i];
		if (h->to ? h->to > 0 && h->to <= done : h->off < done)
			continue; /* the last step read it */
		off_t from = h->off;
		if (from < done) {
			from = done;
		} else {
			P->line = h->line;
			P->col = h->col;
		}
		done = h->to ? collect_range(P, scanner, &W, &k, from, h->to)
		             : parse_from(P, scanner, &W, from);
	}
	cx_yylex_destroy(scanner);
	free(W.buf);
	free(H.v);
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
		collect(&P, fileno(in->f));
		P.collect = 0;
		P.skipping = 0;
		/* The second pass starts with a clean slate: no entry of the
		 * first may name itself in an error before the first entry. */
		memset(&P.e, 0, sizeof P.e);
		P.seen_ids = P.seen_unknown = 0;
		P.entry_failed = 0;
		P.limit_hit = 0;
		P.tok_line = P.tok_col = 0;
		P.prev_line = P.prev_col = P.last_line = P.last_col = 0;
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
			if (P.kept_index_cap)
				memset(P.kept_index, 0, P.kept_index_cap * sizeof *P.kept_index);
		}
	}
	parse_all(&P);
	if (P.buffering)
		flush_kept(&P);

	free(P.macros);
	free(P.keys);
	free(P.refs);
	free(P.parts);
	free(P.batch);
	free(P.kept);
	free(P.kept_resolved);
	free(P.kept_index);
	for (size_t i = 0; i < JOIN_MEMO; i++)
		free(P.join_memo[i].mem);
	buf_free(&P.tok);
	arena_destroy(&P.entry_arena);
	arena_destroy(&P.file_arena);
	arena_destroy(&P.keep_arena);
	return in->error ? -1 : 0;
}

const struct cx_reader cx_reader_bibtex = {"bibtex", bibtex_read};
