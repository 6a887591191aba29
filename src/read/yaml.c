/* read/yaml.c - YAML trees over libyaml's event parser (read/yaml.h).
 *
 * libyaml parses; this file builds trees.  Events go to the innermost open
 * collection (a frame).  A frame that is not split gathers its children in
 * a vector and becomes one node when it closes; a split frame hands each
 * child to the caller as a unit and resets the unit arena, so a file of a
 * million entries never holds more than one.
 *
 * libyaml stops at the first syntax error.  The input it was given is
 * kept from the start of the line being parsed (the buffer is trimmed as
 * units complete), so after an error inside a split block collection the
 * next line that starts one of its children (a "- " or a key at the
 * collection's column) can be found, and a fresh parser resumes there as
 * the continuation of that collection. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "core/str.h"
#include "read/yaml.h"

#define MAX_DEPTH 100
#define DEFAULT_MAX_NODES ((size_t)1 << 21)
#define CHUNK 65536

struct yframe {
	unsigned char kind, split, flow;
	unsigned line, col;
	cx_str tag, anchor;        /* anchor in the spine arena; empty when none */
	struct ynode *v;           /* the children, when not split */
	size_t n, cap;
	size_t weight;             /* nodes under it, aliases expanded */
	/* Split mappings: the current child's key, a scalar copied to kbuf
	 * (a collection as a key is read as an empty one). */
	struct ynode keynode;
	char *kbuf;
	size_t kcap;
	int have_key;
	size_t index;
};

struct yanchor {
	cx_str name;
	struct ynode node; /* in the spine arena */
	size_t weight;
};

/* ---- nodes ----------------------------------------------------------------- */

const struct ynode *yaml_get(const struct ynode *map, const char *key)
{
	if (!map || map->kind != Y_MAP)
		return NULL;
	for (size_t i = 0; i < map->n; i++)
		if (yaml_is(yaml_key(map, i), key))
			return yaml_value(map, i);
	return NULL;
}

int yaml_is_null(const struct ynode *n)
{
	if (!n)
		return 1;
	if (n->kind != Y_SCALAR || n->quoted)
		return 0;
	return !n->s.n || str_eq(n->s, "~") || str_eq(n->s, "null") || str_eq(n->s, "Null") ||
	       str_eq(n->s, "NULL");
}

int yaml_bool(const struct ynode *n, int *v)
{
	if (!n || n->kind != Y_SCALAR || n->quoted)
		return 0;
	if (str_eq(n->s, "true") || str_eq(n->s, "True") || str_eq(n->s, "TRUE"))
		return *v = 1, 1;
	if (str_eq(n->s, "false") || str_eq(n->s, "False") || str_eq(n->s, "FALSE"))
		return *v = 0, 1;
	return 0;
}

int yaml_is_number(const struct ynode *n)
{
	if (!n || n->kind != Y_SCALAR || n->quoted || !n->s.n)
		return 0;
	const char *p = n->s.p, *end = p + n->s.n;
	if (*p == '-' || *p == '+')
		p++;
	size_t digits = 0, dots = 0;
	for (; p < end; p++) {
		if (str_digit((unsigned char)*p))
			digits++;
		else if (*p == '.' && !dots)
			dots++;
		else
			return 0;
	}
	return digits > 0;
}

cx_str yaml_text(const struct ynode *n)
{
	if (!n || n->kind != Y_SCALAR || yaml_is_null(n))
		return (cx_str){"", 0};
	return str_trim(n->s);
}

int yaml_is(const struct ynode *n, const char *lit)
{
	return n && n->kind == Y_SCALAR && str_eq(n->s, lit);
}

/* A deep copy of n in a: anchors outlive the unit that defined them. */
static void copy_node(struct arena *a, struct ynode *to, const struct ynode *n)
{
	*to = *n;
	if (n->kind == Y_SCALAR) {
		to->s = arena_str(a, n->s.p, n->s.n);
	} else if (n->n) {
		size_t k = n->kind == Y_MAP ? 2 * n->n : n->n;
		struct ynode *v = arena_alloc(a, k * sizeof *v);
		for (size_t i = 0; i < k; i++)
			copy_node(a, &v[i], &n->items[i]);
		to->items = v;
	}
	if (n->tag.n)
		to->tag = arena_str(a, n->tag.p, n->tag.n);
}

/* ---- front matter ------------------------------------------------------------- */

/* The length of the line at s (without its end) and of its end. */
static size_t line_len(const char *s, const char *end, size_t *eol)
{
	const char *nl = memchr(s, '\n', (size_t)(end - s));
	size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);
	*eol = nl ? 1 : 0;
	if (n && s[n - 1] == '\r')
		n--, ++*eol;
	return n;
}

static int fence(const char *s, size_t n, const char *lit)
{
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return n == 3 && !memcmp(s, lit, 3);
}

int yaml_front_matter(const char *s, size_t n, size_t *start, size_t *len, unsigned *line)
{
	const char *p = s, *end = s + n;
	if (n >= 3 && !memcmp(p, "\xEF\xBB\xBF", 3))
		p += 3;
	size_t eol, k = line_len(p, end, &eol);
	if (!fence(p, k, "---") || !eol)
		return 0;
	p += k + eol;
	*start = (size_t)(p - s);
	*line = 2;
	while (p < end) {
		k = line_len(p, end, &eol);
		if (fence(p, k, "---") || fence(p, k, "...")) {
			*len = (size_t)(p - s) - *start;
			return 1;
		}
		p += k + eol;
	}
	return 0;
}

/* ---- input ----------------------------------------------------------------------- */

static int fill(struct yaml_reader *Y)
{
	if (Y->eof)
		return 0;
	if (Y->bcap - Y->blen < CHUNK) {
		Y->bcap = Y->bcap ? Y->bcap * 2 : 2 * CHUNK;
		Y->buf = xrealloc(Y->buf, Y->bcap);
	}
	size_t got = cx_input_read(Y->in, Y->buf + Y->blen, CHUNK);
	if (!got)
		Y->eof = 1;
	Y->blen += got;
	return got > 0;
}

static int read_handler(void *data, unsigned char *out, size_t size, size_t *got)
{
	struct yaml_reader *Y = data;
	if (Y->bpos == Y->blen)
		fill(Y);
	size_t n = Y->blen - Y->bpos;
	if (n > size)
		n = size;
	memcpy(out, Y->buf + Y->bpos, n);
	Y->bpos += n;
	*got = n;
	return !Y->in->error;
}

/* Forget the input before line `line`, which libyaml has read. */
static void trim_to(struct yaml_reader *Y, unsigned line)
{
	size_t off = 0;
	unsigned at = Y->bline;
	while (at < line && off < Y->bpos) {
		const char *nl = memchr(Y->buf + off, '\n', Y->bpos - off);
		if (!nl)
			break;
		off = (size_t)(nl - Y->buf) + 1;
		at++;
	}
	if (!off)
		return;
	memmove(Y->buf, Y->buf + off, Y->blen - off);
	Y->blen -= off;
	Y->bpos -= off;
	Y->bline = at;
}

/* ---- building ------------------------------------------------------------------------ */

static void report(struct yaml_reader *Y, unsigned line, unsigned col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void report(struct yaml_reader *Y, unsigned line, unsigned col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vreport(Y->diags, NULL, CX_ERROR, CX_E_SYNTAX, line, col, fmt, ap);
	va_end(ap);
}

static unsigned line_of(const struct yaml_reader *Y, yaml_mark_t m)
{
	return Y->base + (unsigned)m.line + 1;
}

/* The keys of the open frames, for split() and unit(). */
static const struct ynode **path_keys(struct yaml_reader *Y, size_t depth)
{
	const struct ynode **k = arena_alloc(&Y->a, (depth + 1) * sizeof *k);
	for (size_t i = 0; i < depth; i++)
		k[i] = Y->fr[i].split && Y->fr[i].have_key ? &Y->fr[i].keynode : NULL;
	return k;
}

static void unit_done(struct yaml_reader *Y)
{
	arena_reset(&Y->a);
	Y->nodes = 0;
	Y->broken = 0;
}

static int count(struct yaml_reader *Y, size_t weight, unsigned line, unsigned col)
{
	size_t max = Y->max_nodes ? Y->max_nodes : DEFAULT_MAX_NODES;
	Y->nodes += weight;
	if (Y->nodes <= max || Y->broken)
		return !Y->broken;
	Y->broken = 1;
	report(Y, line, col, "YAML: more than %zu nodes (aliases expanded) in one item; it is skipped",
	       max);
	return 0;
}

static void remember(struct yaml_reader *Y, cx_str name, const struct ynode *n, size_t weight)
{
	if (Y->nanchors == Y->capanchors)
		Y->anchors = xgrow(Y->anchors, &Y->capanchors, Y->nanchors + 1, sizeof *Y->anchors);
	struct yanchor *A = &Y->anchors[Y->nanchors++];
	A->name = name;
	copy_node(&Y->spine, &A->node, n);
	A->weight = weight;
}

/* The key of a split mapping's next child: kept in the frame, not an
 * arena, as a file of a million entries has a million of them. */
static void set_key(struct yframe *f, const struct ynode *n)
{
	f->keynode = *n;
	f->keynode.kind = Y_SCALAR;
	f->keynode.items = NULL;
	f->keynode.n = 0;
	f->keynode.tag = (cx_str){NULL, 0};
	cx_str s = n->kind == Y_SCALAR ? n->s : (cx_str){"", 0};
	if (s.n + 1 > f->kcap)
		f->kbuf = xgrow(f->kbuf, &f->kcap, s.n + 1, 1);
	if (s.n) /* an alias with no anchor is a null key, with no text */
		memcpy(f->kbuf, s.p, s.n);
	f->kbuf[s.n] = 0;
	f->keynode.s = (cx_str){f->kbuf, s.n};
	f->have_key = 1;
}

/* A complete node (a scalar, an alias, a closed collection) for the
 * innermost frame, or the document's root. */
static void add(struct yaml_reader *Y, const struct ynode *n, size_t weight, yaml_mark_t end)
{
	if (!Y->nfr) {
		if (!Y->broken) {
			struct yunit u = {n, NULL, 0, 0, Y->doc};
			Y->unit(Y->ctx, &u);
		}
		unit_done(Y);
		return;
	}
	struct yframe *f = &Y->fr[Y->nfr - 1];
	if (f->split) {
		if (f->kind == Y_MAP && !f->have_key) {
			set_key(f, n);
		} else {
			if (!Y->broken) {
				const struct ynode **keys = path_keys(Y, Y->nfr);
				struct yunit u = {n, keys, Y->nfr, f->index, Y->doc};
				Y->unit(Y->ctx, &u);
			}
			f->index++;
			f->have_key = 0;
			trim_to(Y, line_of(Y, end));
		}
		unit_done(Y);
		return;
	}
	f->weight += weight;
	if (Y->broken)
		return;
	if (f->n == f->cap)
		f->v = xgrow(f->v, &f->cap, f->n + 1, sizeof *f->v);
	f->v[f->n++] = *n;
}

static cx_str dup_str(struct arena *a, const yaml_char_t *s)
{
	return s ? arena_str(a, (const char *)s, strlen((const char *)s)) : (cx_str){NULL, 0};
}

static void open_frame(struct yaml_reader *Y, enum ykind kind, const yaml_event_t *ev)
{
	if (Y->resume) {
		/* The new parser's root continues the frame it resumed. */
		Y->resume = 0;
		return;
	}
	int can_split = !Y->nfr || Y->fr[Y->nfr - 1].split;
	int split = 0;
	if (can_split && Y->split) {
		const struct ynode **keys = path_keys(Y, Y->nfr);
		split = Y->split(Y->ctx, Y->nfr, keys, kind);
	}
	unsigned line = line_of(Y, ev->start_mark), col = (unsigned)ev->start_mark.column + 1;
	if (!split)
		count(Y, 1, line, col);
	if (Y->nfr == Y->capfr) {
		size_t old = Y->capfr;
		Y->fr = xgrow(Y->fr, &Y->capfr, Y->nfr + 1, sizeof *Y->fr);
		memset(Y->fr + old, 0, (Y->capfr - old) * sizeof *Y->fr);
	}
	struct yframe *f = &Y->fr[Y->nfr++];
	struct ynode *keep = f->v;
	char *kbuf = f->kbuf;
	size_t cap = f->cap, kcap = f->kcap;
	memset(f, 0, sizeof *f);
	f->v = keep;
	f->cap = cap;
	f->kbuf = kbuf;
	f->kcap = kcap;
	f->kind = (unsigned char)kind;
	f->split = (unsigned char)split;
	f->line = line;
	f->col = col;
	const yaml_char_t *tag, *anchor;
	if (kind == Y_SEQ) {
		f->flow = ev->data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE;
		tag = ev->data.sequence_start.tag;
		anchor = ev->data.sequence_start.anchor;
	} else {
		f->flow = ev->data.mapping_start.style == YAML_FLOW_MAPPING_STYLE;
		tag = ev->data.mapping_start.tag;
		anchor = ev->data.mapping_start.anchor;
	}
	f->tag = dup_str(split ? &Y->spine : &Y->a, tag);
	f->anchor = dup_str(&Y->spine, anchor);
}

static void close_frame(struct yaml_reader *Y, yaml_mark_t end)
{
	if (!Y->nfr)
		return;
	struct yframe *f = &Y->fr[--Y->nfr];
	if (f->split) {
		if (Y->nfr) {
			struct yframe *p = &Y->fr[Y->nfr - 1];
			p->have_key = 0;
			p->index++;
		}
		return;
	}
	struct ynode n;
	memset(&n, 0, sizeof n);
	n.kind = f->kind;
	n.flow = f->flow;
	n.line = f->line;
	n.col = f->col;
	n.tag = f->tag;
	if (!Y->broken && f->n) {
		struct ynode *v = arena_alloc(&Y->a, f->n * sizeof *v);
		memcpy(v, f->v, f->n * sizeof *v);
		n.items = v;
		n.n = f->kind == Y_MAP ? f->n / 2 : f->n;
	}
	size_t weight = f->weight + 1;
	f->n = 0;
	if (f->anchor.n && !Y->broken)
		remember(Y, f->anchor, &n, weight);
	add(Y, &n, weight, end);
}

static void scalar(struct yaml_reader *Y, const yaml_event_t *ev)
{
	unsigned line = line_of(Y, ev->start_mark), col = (unsigned)ev->start_mark.column + 1;
	count(Y, 1, line, col);
	struct ynode n;
	memset(&n, 0, sizeof n);
	n.kind = Y_SCALAR;
	n.line = line;
	n.col = col;
	const yaml_char_t *tag = ev->data.scalar.tag;
	n.quoted = ev->data.scalar.style != YAML_PLAIN_SCALAR_STYLE ||
	           (tag && !ev->data.scalar.plain_implicit);
	if (!Y->broken || !Y->nfr) {
		n.s = arena_str(&Y->a, (const char *)ev->data.scalar.value, ev->data.scalar.length);
		n.tag = dup_str(&Y->a, tag);
	}
	if (ev->data.scalar.anchor && !Y->broken)
		remember(Y, dup_str(&Y->spine, ev->data.scalar.anchor), &n, 1);
	add(Y, &n, 1, ev->end_mark);
}

static void alias(struct yaml_reader *Y, const yaml_event_t *ev)
{
	unsigned line = line_of(Y, ev->start_mark), col = (unsigned)ev->start_mark.column + 1;
	const char *name = (const char *)ev->data.alias.anchor;
	for (size_t i = Y->nanchors; i-- > 0;)
		if (str_eq(Y->anchors[i].name, name)) {
			count(Y, Y->anchors[i].weight, line, col);
			struct ynode n = Y->anchors[i].node;
			n.line = line;
			n.col = col;
			add(Y, &n, Y->anchors[i].weight, ev->end_mark);
			return;
		}
	if (!Y->broken) /* a unit over its limit remembers no anchor: said once */
		report(Y, line, col, "YAML: alias *%s names no anchor before it; read as null", name);
	struct ynode n;
	memset(&n, 0, sizeof n);
	n.line = line;
	n.col = col;
	add(Y, &n, 1, ev->end_mark);
}

/* Depth past MAX_DEPTH: the events of the too deep collection are
 * skipped, and the unit it belongs to is dropped. */
static int too_deep(struct yaml_reader *Y, const yaml_event_t *ev, size_t *skip)
{
	int start = ev->type == YAML_SEQUENCE_START_EVENT || ev->type == YAML_MAPPING_START_EVENT;
	int end = ev->type == YAML_SEQUENCE_END_EVENT || ev->type == YAML_MAPPING_END_EVENT;
	if (*skip) {
		if (start)
			++*skip;
		else if (end && !--*skip) {
			struct ynode n;
			memset(&n, 0, sizeof n);
			add(Y, &n, 1, ev->end_mark);
		}
		return 1;
	}
	if (start && Y->nfr >= MAX_DEPTH) {
		if (!Y->broken)
			report(Y, line_of(Y, ev->start_mark), (unsigned)ev->start_mark.column + 1,
			       "YAML: nested deeper than %d levels; the item is skipped", MAX_DEPTH);
		Y->broken = 1;
		*skip = 1;
		return 1;
	}
	return 0;
}

/* Run one parser to the end of the stream: 1, or 0 at a syntax error. */
static int run(struct yaml_reader *Y, yaml_parser_t *p)
{
	size_t skip = 0;
	for (;;) {
		yaml_event_t ev;
		if (!yaml_parser_parse(p, &ev))
			return 0;
		int done = ev.type == YAML_STREAM_END_EVENT;
		if (!too_deep(Y, &ev, &skip)) {
			switch (ev.type) {
			case YAML_DOCUMENT_START_EVENT:
				if (!Y->resume) {
					Y->nfr = 0;
					Y->nanchors = 0;
					arena_reset(&Y->spine);
				}
				break;
			case YAML_DOCUMENT_END_EVENT:
				Y->nfr = 0;
				Y->resume = 0;
				Y->doc++;
				unit_done(Y);
				if (Y->first_only)
					done = 1;
				break;
			case YAML_SEQUENCE_START_EVENT: open_frame(Y, Y_SEQ, &ev); break;
			case YAML_MAPPING_START_EVENT: open_frame(Y, Y_MAP, &ev); break;
			case YAML_SEQUENCE_END_EVENT:
			case YAML_MAPPING_END_EVENT: close_frame(Y, ev.end_mark); break;
			case YAML_SCALAR_EVENT: scalar(Y, &ev); break;
			case YAML_ALIAS_EVENT: alias(Y, &ev); break;
			default: break;
			}
		}
		yaml_event_delete(&ev);
		if (done)
			return 1;
	}
}

/* ---- recovery ---------------------------------------------------------------------- */

/* The next line of the buffer from offset *off (reading more input as
 * needed): its start and length; 0 at the end of input. */
static int next_line(struct yaml_reader *Y, size_t *off, size_t *start, size_t *len)
{
	for (;;) {
		const char *nl = memchr(Y->buf + *off, '\n', Y->blen - *off);
		if (nl || (Y->eof && *off < Y->blen)) {
			*start = *off;
			*len = nl ? (size_t)(nl - Y->buf) - *off : Y->blen - *off;
			*off = nl ? (size_t)(nl - Y->buf) + 1 : Y->blen;
			return 1;
		}
		if (Y->eof || !fill(Y))
			return 0;
	}
}

/* Does the line (indent spaces, then s) start a child of frame f? */
static int starts_child(const struct yframe *f, size_t indent, const char *s, size_t n)
{
	if (!f->split || f->flow || indent + 1 != f->col || !n)
		return 0;
	if (f->kind == Y_SEQ)
		return s[0] == '-' && (n == 1 || s[1] == ' ' || s[1] == '\t' || s[1] == '\r');
	return s[0] != '-' && s[0] != '#' && s[0] != '}' && s[0] != ']' && memchr(s, ':', n);
}

/* After a syntax error at line err: find where to go on, and set the
 * reader up to resume there.  0 when nothing can be resumed. */
static int resume_after(struct yaml_reader *Y, unsigned err)
{
	if (err < Y->bline)
		err = Y->bline;
	size_t off = 0, start, len;
	unsigned line = Y->bline;
	/* The bytes libyaml has not read are still to be searched, and so
	 * are those it has. */
	while (next_line(Y, &off, &start, &len)) {
		unsigned at = line++;
		/* libyaml often finds an unclosed [ or { only at the next key:
		 * the error's own line may start the next child, unless the
		 * parser started there (then it is the broken child's). */
		if (at < err || (at == err && at == Y->bline))
			continue;
		const char *s = Y->buf + start;
		size_t indent = 0;
		while (indent < len && s[indent] == ' ')
			indent++;
		const char *t = s + indent;
		size_t n = len - indent;
		while (n && (t[n - 1] == '\r' || t[n - 1] == ' ' || t[n - 1] == '\t'))
			n--;
		if (!n || t[0] == '#')
			continue;
		if (indent == 0 && n >= 3 && (!memcmp(t, "---", 3) || !memcmp(t, "...", 3))) {
			Y->nfr = 0; /* a new document */
			Y->resume = 0;
		} else {
			size_t i = Y->nfr;
			while (i > 0 && !starts_child(&Y->fr[i - 1], indent, t, n))
				i--;
			if (!i && at == err)
				continue;
			if (!i) {
				size_t least = SIZE_MAX;
				for (size_t k = 0; k < Y->nfr; k++)
					if (Y->fr[k].split && Y->fr[k].col - 1 < least)
						least = Y->fr[k].col - 1;
				if (least == SIZE_MAX || indent < least)
					return 0;
				continue; /* more of the broken child */
			}
			Y->nfr = i;
			struct yframe *f = &Y->fr[i - 1];
			f->have_key = 0;
			f->index++;
			Y->resume = i;
		}
		Y->bpos = start;
		trim_to(Y, at);
		Y->base = at - 1;
		unit_done(Y);
		return 1;
	}
	return 0;
}

/* ---- entry points -------------------------------------------------------------------- */

int yaml_read(struct yaml_reader *Y)
{
	Y->bline = Y->first_line ? Y->first_line : 1;
	Y->base = Y->bline - 1;
	for (;;) {
		yaml_parser_t p;
		if (!yaml_parser_initialize(&p))
			break;
		yaml_parser_set_input(&p, read_handler, Y);
		int ok = run(Y, &p);
		if (ok || Y->in->error) {
			yaml_parser_delete(&p);
			break;
		}
		unsigned line = line_of(Y, p.problem_mark), col = (unsigned)p.problem_mark.column + 1;
		if (line == Y->last_err_line && col == Y->last_err_col)
			; /* the same error, met again after resuming on its line */
		else if (p.error == YAML_READER_ERROR)
			report(Y, line, col, "YAML: %s (the input must be UTF-8)",
			       p.problem ? p.problem : "unreadable input");
		else if (p.context)
			report(Y, line, col, "YAML: %s (%s at line %u)", p.problem ? p.problem : "syntax error",
			       p.context, line_of(Y, p.context_mark));
		else
			report(Y, line, col, "YAML: %s", p.problem ? p.problem : "syntax error");
		Y->last_err_line = line;
		Y->last_err_col = col;
		yaml_parser_delete(&p);
		if (p.error == YAML_READER_ERROR || !resume_after(Y, line))
			break;
	}
	for (size_t i = 0; i < Y->capfr; i++) {
		free(Y->fr[i].v);
		free(Y->fr[i].kbuf);
	}
	free(Y->fr);
	free(Y->anchors);
	free(Y->buf);
	arena_destroy(&Y->a);
	arena_destroy(&Y->spine);
	return Y->in->error ? -1 : 0;
}

struct parse_one {
	struct arena *a;
	const struct ynode *root;
};

static void keep_root(void *ctx, const struct yunit *u)
{
	struct parse_one *P = ctx;
	if (P->root || u->doc)
		return;
	struct ynode *n = arena_alloc(P->a, sizeof *n);
	copy_node(P->a, n, u->node);
	P->root = n;
}

const struct ynode *yaml_parse(struct arena *a, const char *s, size_t n, unsigned first_line,
                               struct cx_diags *diags)
{
	struct cx_input in = {NULL, s, n, 0, 0};
	struct parse_one P = {a, NULL};
	struct yaml_reader Y;
	memset(&Y, 0, sizeof Y);
	Y.in = &in;
	Y.diags = diags;
	Y.first_line = first_line;
	Y.unit = keep_root;
	Y.ctx = &P;
	Y.first_only = 1;
	yaml_read(&Y);
	return P.root;
}
