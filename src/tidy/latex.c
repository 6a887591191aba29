/* tidy/latex.c - bibtex-tidy's LaTeX tree, for the braces around a value
 * (doubleEnclose) and --remove-braces (flattenLaTeX).
 *
 * bibtex-tidy reads a value into blocks (the value itself, {groups} and a
 * command's [options]), commands (a backslash, a name and the groups after
 * it) and text, and writes the tree back.  That is the value again, but
 * for a '[' after a command that is never closed: the tree closes it (and
 * the groups it held open) at the end.  The tree here is built the same
 * way, one byte at a time, so it gives the same answers; a value without
 * '[' needs no tree for the braces around it, only brace counting.
 */
#include <stdlib.h>
#include <string.h>

#include "core/ecma.h"
#include "tidy/tidy_int.h"

enum { L_ROOT, L_CURLY, L_SQUARE };
enum { N_BLOCK, N_TEXT, N_CMD };

struct lnode {
	int type, kind;
	int closed;            /* a block closed in the value (not at its end) */
	int parent;
	int first, last, next; /* children (a block) or arguments (a command) */
	size_t a, b;           /* text, or a command's name: s[a..b) */
};

struct ltree {
	int lossy;             /* close what the value left open, as bibtex-tidy */
	const char *s;
	struct lnode *v;
	size_t n, cap;
};

static int add(struct ltree *t, int type, int kind, int parent, size_t a)
{
	t->v = xgrow(t->v, &t->cap, t->n + 1, sizeof *t->v);
	int k = (int)t->n++;
	t->v[k] = (struct lnode){type, kind, 0, parent, -1, -1, -1, a, a};
	if (parent >= 0) {
		struct lnode *p = &t->v[parent];
		if (p->last >= 0)
			t->v[p->last].next = k;
		else
			p->first = k;
		p->last = k;
	}
	return k;
}

/* parseLaTeX, state for state. */
static void parse(struct ltree *t, const char *s, size_t n)
{
	t->s = s;
	t->n = 0;
	int node = add(t, N_BLOCK, L_ROOT, -1, 0);
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		struct lnode *nd = &t->v[node];
		if (nd->type == N_BLOCK) {
			if (c == '\\')
				node = add(t, N_CMD, 0, node, i + 1);
			else if (c == '{')
				node = add(t, N_BLOCK, L_CURLY, node, i);
			else if (((c == '}' && nd->kind == L_CURLY) || (c == ']' && nd->kind == L_SQUARE)) &&
			         nd->parent >= 0)
				nd->closed = 1, node = nd->parent;
			else
				node = add(t, N_TEXT, 0, node, i), t->v[node].b = i + 1;
		} else if (nd->type == N_TEXT) {
			int pk = t->v[nd->parent].kind;
			if (c == '\\' || c == '{' || (c == '}' && pk == L_CURLY) || (c == ']' && pk == L_SQUARE)) {
				node = nd->parent;
				i--;
			} else {
				nd->b = i + 1;
			}
		} else {
			int pk = t->v[nd->parent].kind;
			if (c == '{') {
				node = add(t, N_BLOCK, L_CURLY, node, i);
			} else if (c == '[') {
				node = add(t, N_BLOCK, L_SQUARE, node, i);
			} else if ((c == '}' && pk == L_CURLY) || (c == ']' && pk == L_SQUARE) ||
			           ecma_space(s + i, s + n) || nd->first >= 0) {
				node = nd->parent;
				i--;
			} else {
				nd->b = i + 1;
			}
		}
	}
}

static void put(const struct ltree *t, int k, struct buf *out)
{
	const struct lnode *nd = &t->v[k];
	if (nd->type == N_TEXT) {
		buf_put(out, t->s + nd->a, nd->b - nd->a);
		return;
	}
	if (nd->type == N_CMD) {
		buf_putc(out, '\\');
		buf_put(out, t->s + nd->a, nd->b - nd->a);
		for (int c = nd->first; c >= 0; c = t->v[c].next)
			put(t, c, out);
		return;
	}
	if (nd->kind != L_ROOT)
		buf_putc(out, nd->kind == L_CURLY ? '{' : '[');
	for (int c = nd->first; c >= 0; c = t->v[c].next)
		put(t, c, out);
	/* bibtex-tidy closes a '[' the value never closed, and the groups it
	 * held open, so the value gains "]}" and reads back unbalanced:
	 * unless lossy, what was not closed stays so. */
	if (nd->kind != L_ROOT && (nd->closed || t->lossy))
		buf_putc(out, nd->kind == L_CURLY ? '}' : ']');
}

/* flattenLaTeX: a {group} whose children hold no command gives way to its
 * children, themselves flattened.  quoted: the value goes out in quotes,
 * where a group that holds a '"' is what keeps it from ending the value,
 * so such a group stays (bibtex-tidy takes it away). */
static void put_flat(const struct ltree *t, int k, int quoted, struct buf *out)
{
	for (int c = t->v[k].first; c >= 0; c = t->v[c].next) {
		const struct lnode *nd = &t->v[c];
		/* A group the tree never closed (its '}' taken for text in a '['
		 * a command opened) keeps its '{' unless lossy: the '}' stays. */
		int plain = nd->type == N_BLOCK && nd->kind == L_CURLY && (nd->closed || t->lossy);
		for (int g = plain ? nd->first : -1; g >= 0; g = t->v[g].next) {
			const struct lnode *x = &t->v[g];
			if (x->type == N_CMD || (quoted && x->type == N_TEXT && memchr(t->s + x->a, '"', x->b - x->a)))
				plain = 0;
		}
		if (plain)
			put_flat(t, c, quoted, out);
		else
			put(t, c, out);
	}
}

void latex_unbrace(const char *s, size_t n, int quoted, int lossy, struct buf *out)
{
	if (!memchr(s, '{', n) && !memchr(s, '[', n)) {
		buf_put(out, s, n);
		return;
	}
	struct ltree t = {0};
	t.lossy = lossy;
	parse(&t, s, n);
	put_flat(&t, 0, quoted, out);
	free(t.v);
}

size_t latex_group_close(const char *s, size_t n, size_t i)
{
	long depth = 0;
	for (size_t j = i; j < n; j++) {
		if (s[j] == '{')
			depth++;
		else if (s[j] == '}' && --depth == 0)
			return j;
	}
	return n;
}

/* Does every '{' in s[0..n) close, and every '}' close one? */
static int balanced(const char *s, size_t n)
{
	long depth = 0;
	for (size_t i = 0; i < n && depth >= 0; i++)
		depth += (s[i] == '{') - (s[i] == '}');
	return depth == 0;
}

void latex_enclose(const char *s, size_t n, enum enc mode, struct buf *out)
{
	/* A value read from the file is balanced; --max-authors under lossy
	 * can cut it where a brace is open, and the tree closes it.  Unless
	 * lossy, the braces decide, as a BibTeX reader counts them: the tree
	 * takes a '}' for text inside a '[' a command opened, and would see
	 * the value's groups otherwise than the next run does. */
	if ((!memchr(s, '[', n) || mode != ENC_TIDY) && balanced(s, n)) {
		/* Without '[' the tree is the value again, and the value is
		 * already {{...}} when its first brace closes at its end and its
		 * second just before. */
		int twice = n >= 4 && s[0] == '{' && s[1] == '{' && latex_group_close(s, n, 0) == n - 1 &&
		            latex_group_close(s, n, 1) == n - 2;
		if (twice && mode == ENC_KEEP && n >= 6 && s[2] == '{' && latex_group_close(s, n, 2) == n - 3)
			twice = 0;
		if (mode == ENC_ONCE)
			twice = n >= 2 && s[0] == '{' && latex_group_close(s, n, 0) == n - 1;
		if (!twice)
			buf_putc(out, '{');
		buf_put(out, s, n);
		if (!twice)
			buf_putc(out, '}');
		return;
	}
	struct ltree t = {0};
	t.lossy = mode == ENC_TIDY;
	parse(&t, s, n);
	const struct lnode *v = t.v;
	int c0 = v[0].first;
	int twice = c0 >= 0 && v[c0].next < 0 && v[c0].type == N_BLOCK && v[c0].kind == L_CURLY &&
	            v[c0].first >= 0 && v[v[c0].first].next < 0 && v[v[c0].first].type == N_BLOCK &&
	            v[v[c0].first].kind == L_CURLY;
	if (twice && mode == ENC_KEEP) {
		int c2 = v[v[c0].first].first;
		if (c2 >= 0 && v[c2].next < 0 && v[c2].type == N_BLOCK && v[c2].kind == L_CURLY)
			twice = 0;
	}
	if (mode == ENC_ONCE)
		twice = c0 >= 0 && v[c0].next < 0 && v[c0].type == N_BLOCK && v[c0].kind == L_CURLY;
	if (!twice)
		buf_putc(out, '{');
	put(&t, 0, out);
	if (!twice)
		buf_putc(out, '}');
	free(t.v);
}
