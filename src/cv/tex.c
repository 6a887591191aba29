/* cv/tex.c - a LaTeX CV to the line model. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "core/str.h"
#include "cv/doc.h"

/* ---- LaTeX ------------------------------------------------------------------ */

/* Skip a {group} at p; returns the end (after '}') or p if none. */
static const char *skip_group(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p >= end || (*p != '{' && *p != '['))
		return p;
	char open = *p, close = open == '{' ? '}' : ']';
	int d = 0;
	for (; p < end; p++) {
		if (*p == '\\' && p + 1 < end) {
			p++;
			continue;
		}
		if (*p == open)
			d++;
		else if (*p == close && --d == 0)
			return p + 1;
	}
	return end;
}

static int cmd_is(const char *p, const char *end, const char *name, size_t *len)
{
	size_t l = strlen(name);
	if ((size_t)(end - p) < l + 1 || p[0] != '\\' || memcmp(p + 1, name, l))
		return 0;
	if (p + 1 + l < end && str_alpha((unsigned char)p[1 + l]))
		return 0;
	*len = l + 1;
	return 1;
}

/* \href{u}{t} at p (after the command) as "t \url{u}"; the end, or NULL. */
static const char *href(const char *p, const char *end, struct buf *out)
{
	const char *u = p, *ue = skip_group(u, end);
	const char *t = ue, *te = skip_group(t, end);
	while (u < ue && *u != '{')
		u++;
	while (t < te && *t != '{')
		t++;
	if (ue <= u + 1 || te <= t + 1)
		return NULL;
	buf_put(out, t + 1, (size_t)(te - t - 2));
	buf_put(out, " \\url{", 6);
	buf_put(out, u + 1, (size_t)(ue - u - 2));
	buf_putc(out, '}');
	return te;
}

/* A LaTeX CV to lines: \section{X} becomes a "# X" heading, \item a "- "
 * bullet, \\ and blank lines break lines, environments and layout commands
 * go; \href{u}{t} becomes "t \url{u}".  Source line breaks inside a
 * paragraph are spaces, as LaTeX reads them.  Each resulting line is
 * decoded later with latex_decode. */
void cvd_latex_to_text(const char *s, size_t n, struct buf *out, struct linemap *lm)
{
	const char *p = s, *end = s + n;
	size_t l;
	while (p < end) {
		cvd_lm_track(lm, out, p);
		char c = *p;
		if (c == '%') {
			while (p < end && *p != '\n')
				p++;
			if (p < end)
				p++; /* a comment eats its line break */
			continue;
		}
		if (c == '\n') {
			const char *q = p + 1;
			while (q < end && (*q == ' ' || *q == '\t'))
				q++;
			if (q < end && *q == '\n') {
				buf_put(out, "\n\n", 2);
				p = q + 1;
			} else {
				buf_putc(out, ' ');
				p++;
			}
			continue;
		}
		if (c != '\\') {
			buf_putc(out, c);
			p++;
			continue;
		}
		if (p + 1 < end && p[1] == '\\') {
			buf_putc(out, '\n');
			p += 2;
			p = skip_group(p, end); /* \\[2pt] */
			continue;
		}
		static const char *const secs[] = {"section", "subsection", "subsubsection", "cvsection",
		                                   "cvsubsection", "chapter", "paragraph", "part"};
		int done = 0;
		for (size_t i = 0; i < sizeof secs / sizeof *secs && !done; i++) {
			if (!cmd_is(p, end, secs[i], &l))
				continue;
			const char *q = p + l;
			if (q < end && *q == '*')
				q++;
			const char *g = skip_group(q, end);
			if (g > q && *q == '[') /* optional short title */
				q = g, g = skip_group(q, end);
			buf_put(out, "\n", 1);
			int level = i == 0 || i == 3 || i == 5 || i == 7 ? 1 : i == 1 || i == 4 ? 2 : 3;
			for (int k = 0; k < level; k++)
				buf_putc(out, '#');
			buf_putc(out, ' ');
			if (g > q + 1)
				buf_put(out, q + 1, (size_t)(g - q - 2));
			buf_putc(out, '\n');
			p = g;
			done = 1;
		}
		if (done)
			continue;
		if (cmd_is(p, end, "item", &l)) {
			buf_put(out, "\n- ", 3);
			p += l;
			p = skip_group(p, end); /* \item[label] */
			continue;
		}
		if (cmd_is(p, end, "begin", &l) || cmd_is(p, end, "end", &l)) {
			p = skip_group(p + l, end);
			/* arguments of list environments: {enumerate}[label=...] */
			while (p < end && (*p == '[' || (*p == '{' && 0)))
				p = skip_group(p, end);
			buf_putc(out, '\n');
			continue;
		}
		if (cmd_is(p, end, "par", &l) || cmd_is(p, end, "newline", &l) ||
		    cmd_is(p, end, "linebreak", &l)) {
			buf_putc(out, '\n');
			p += l;
			continue;
		}
		const char *after = cmd_is(p, end, "href", &l) ? href(p + l, end, out) : NULL;
		if (after) {
			p = after;
			continue;
		}
		/* Layout commands with arguments that carry no text. */
		static const char *const drop_arg[] = {"hspace", "vspace", "label", "setlength",
		                                       "addtolength", "vskip", "hskip", "cite",
		                                       "nocite", "includegraphics", "color"};
		for (size_t i = 0; i < sizeof drop_arg / sizeof *drop_arg && !done; i++)
			if (cmd_is(p, end, drop_arg[i], &l)) {
				const char *q = p + l;
				if (q < end && *q == '*')
					q++;
				q = skip_group(q, end);
				if (!strcmp(drop_arg[i], "setlength") || !strcmp(drop_arg[i], "addtolength"))
					q = skip_group(q, end);
				p = q;
				done = 1;
			}
		/* Declarations and wrappers with no meaning here. */
		static const char *const drop[] = {"hfill", "noindent", "small", "footnotesize",
		                                   "scriptsize", "large", "Large", "normalsize",
		                                   "centering", "raggedright", "bigskip", "medskip",
		                                   "smallskip", "underline", "uline", "mbox",
		                                   "textnormal", "textrm", "textsf", "maketitle",
		                                   "clearpage", "newpage", "pagebreak", "vfill"};
		for (size_t i = 0; i < sizeof drop / sizeof *drop && !done; i++)
			if (cmd_is(p, end, drop[i], &l)) {
				p += l;
				done = 1;
			}
		/* Equal-contribution marks written as commands. */
		static const char *const daggers[] = {"dag", "dagger", "textdagger"};
		for (size_t i = 0; i < 3 && !done; i++)
			if (cmd_is(p, end, daggers[i], &l)) {
				buf_put(out, "\xE2\x80\xA0", 3);
				p += l;
				if (p < end && *p == '{' && p + 1 < end && p[1] == '}')
					p += 2;
				done = 1;
			}
		if (!done && cmd_is(p, end, "textsuperscript", &l)) {
			const char *g = skip_group(p + l, end);
			const char *q = p + l;
			while (q < g && *q != '{')
				q++;
			if (g - q == 3 && (q[1] == '*' || q[1] == '#')) {
				buf_putc(out, q[1]);
				p = g;
				done = 1;
			}
		}
		if (done)
			continue;
		buf_putc(out, *p++);
		if (p < end) /* keep the escaped character with its backslash */
			buf_putc(out, *p++);
	}
}
