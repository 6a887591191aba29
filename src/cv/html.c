/* cv/html.c - the BibTeX blocks a web page embeds. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "core/str.h"
#include "cv/doc.h"
#include "cv/dom.h"


/* The BibTeX a page carries (al-folio shows each entry's in a hidden
 * block): the text of every <pre> or <code> element that starts with
 * "@type{", tags removed and entities decoded, one after the other in out.
 * Returns how many blocks were found. */
size_t cvd_html_bibtex(const char *s, size_t n, struct buf *out)
{
	size_t found = 0;
	const char *end = s + n;
	for (const char *p = s; p < end; p++) {
		if (*p != '<' || !(end - p > 5 && (cvd_ieqn(p, "<pre", 4) || cvd_ieqn(p, "<code", 5))))
			continue;
		const char *gt = memchr(p, '>', (size_t)(end - p));
		if (!gt)
			break;
		size_t start = out->n;
		const char *q = gt + 1;
		int depth = 0;
		while (q < end) {
			if (*q == '<') {
				if (end - q > 6 && (cvd_ieqn(q, "</pre", 5) || cvd_ieqn(q, "</code", 6)) && depth-- <= 0)
					break;
				if (end - q > 5 && (cvd_ieqn(q, "<pre", 4) || cvd_ieqn(q, "<code", 5)))
					depth++;
				const char *t = memchr(q, '>', (size_t)(end - q));
				q = t ? t + 1 : end;
				continue;
			}
			size_t k = *q == '&' ? dom_entity(q + 1, end, out) : 0;
			if (k)
				q += k + 1;
			else
				buf_putc(out, *q++);
		}
		size_t i = start;
		while (i < out->n && cvd_is_sp((unsigned char)out->p[i]))
			i++;
		size_t w = i + 1;
		while (w < out->n && str_alpha((unsigned char)out->p[w]))
			w++;
		if (i < out->n && out->p[i] == '@' && w > i + 1 && w < out->n && out->p[w] == '{') {
			buf_putc(out, '\n');
			found++;
		} else
			out->n = start;
		p = q;
	}
	return found;
}
