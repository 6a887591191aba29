/* cv/html.c - a saved web page to the line model. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "cv/doc.h"

/* ---- HTML ------------------------------------------------------------------- */

static const struct {
	const char *name;
	long cp;
} entities[] = {
	{"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}, {"nbsp", 0xA0},
	{"ndash", 0x2013}, {"mdash", 0x2014}, {"lsquo", 0x2018}, {"rsquo", 0x2019},
	{"ldquo", 0x201C}, {"rdquo", 0x201D}, {"hellip", 0x2026}, {"dagger", 0x2020},
	{"Dagger", 0x2021}, {"ast", '*'}, {"middot", 0xB7}, {"bull", 0x2022}, {"copy", 0xA9},
	{"reg", 0xAE}, {"trade", 0x2122}, {"times", 0xD7}, {"sect", 0xA7}, {"para", 0xB6},
	{"sup1", 0xB9}, {"sup2", 0xB2}, {"sup3", 0xB3}, {"laquo", 0xAB}, {"raquo", 0xBB},
	{"eacute", 0xE9}, {"Eacute", 0xC9}, {"egrave", 0xE8}, {"ecirc", 0xEA}, {"euml", 0xEB},
	{"aacute", 0xE1}, {"agrave", 0xE0}, {"acirc", 0xE2}, {"auml", 0xE4}, {"Auml", 0xC4},
	{"atilde", 0xE3}, {"aring", 0xE5}, {"aelig", 0xE6}, {"ccedil", 0xE7}, {"iacute", 0xED},
	{"igrave", 0xEC}, {"icirc", 0xEE}, {"iuml", 0xEF}, {"ntilde", 0xF1}, {"oacute", 0xF3},
	{"ograve", 0xF2}, {"ocirc", 0xF4}, {"ouml", 0xF6}, {"Ouml", 0xD6}, {"otilde", 0xF5},
	{"oslash", 0xF8}, {"Oslash", 0xD8}, {"uacute", 0xFA}, {"ugrave", 0xF9}, {"ucirc", 0xFB},
	{"uuml", 0xFC}, {"Uuml", 0xDC}, {"szlig", 0xDF}, {"yacute", 0xFD}, {"scaron", 0x161},
	{"Scaron", 0x160}, {"zcaron", 0x17E}, {"ccaron", 0x10D}, {"shy", -1}, {"zwnj", -1},
	{"thinsp", ' '}, {"ensp", ' '}, {"emsp", ' '},
};

/* Decode the entity at s (just after '&'); returns bytes consumed, or 0. */
static size_t html_entity(const char *s, const char *end, struct buf *out)
{
	const char *semi = s;
	while (semi < end && semi - s < 12 && *semi != ';' && !cvd_is_sp((unsigned char)*semi) && *semi != '&')
		semi++;
	if (semi >= end || *semi != ';')
		return 0;
	size_t l = (size_t)(semi - s);
	if (l > 1 && s[0] == '#') {
		long cp = (s[1] == 'x' || s[1] == 'X') ? strtol(s + 2, NULL, 16) : strtol(s + 1, NULL, 10);
		if (cp <= 0 || cp > 0x10FFFF)
			return 0;
		if (cp == 0xA0 || cp < 0x20)
			buf_putc(out, ' ');
		else
			cvd_put_utf8(out, cp);
		return l + 1;
	}
	for (size_t i = 0; i < sizeof entities / sizeof *entities; i++)
		if (strlen(entities[i].name) == l && !memcmp(entities[i].name, s, l)) {
			if (entities[i].cp == 0xA0)
				buf_putc(out, ' ');
			else if (entities[i].cp > 0)
				cvd_put_utf8(out, entities[i].cp);
			return l + 1;
		}
	return 0;
}

static int tag_is(const char *name, size_t n, const char *lit)
{
	return strlen(lit) == n && cvd_ieqn(name, lit, n);
}

/* Does the attribute text hold word (a class name, a style), as a whole word? */
static int attr_word(const char *a, const char *e, const char *word)
{
	size_t k = strlen(word);
	for (const char *p = a; p + k <= e; p++)
		if (cvd_ieqn(p, word, k) && (p == a || !isalnum((unsigned char)p[-1])) &&
		    (p + k == e || !isalnum((unsigned char)p[k])))
			return 1;
	return 0;
}

/* An element the reader does not see as the item's text: one the page hides
 * (class "hidden", display:none, aria-hidden) - an abstract or BibTeX block
 * that a button unfolds - a button, a badge, an image caption.  Returns the
 * position past its end tag (same-named elements nested inside counted), or
 * NULL when the element is shown. */
static const char *hidden_end(const char *nb, size_t nl, const char *attrs, const char *aend,
                              const char *p, const char *end)
{
	int hide = tag_is(nb, nl, "button") || tag_is(nb, nl, "svg") || tag_is(nb, nl, "figure") ||
	           tag_is(nb, nl, "textarea") || tag_is(nb, nl, "select");
	if (!hide && aend > attrs)
		hide = attr_word(attrs, aend, "hidden") || attr_word(attrs, aend, "collapse") ||
		       attr_word(attrs, aend, "abstract") || attr_word(attrs, aend, "bibtex") ||
		       attr_word(attrs, aend, "badge") || attr_word(attrs, aend, "modal") ||
		       cvd_find_ci(cvd_S(attrs, (size_t)(aend - attrs)), "display:none", 0) >= 0 ||
		       cvd_find_ci(cvd_S(attrs, (size_t)(aend - attrs)), "display: none", 0) >= 0 ||
		       cvd_find_ci(cvd_S(attrs, (size_t)(aend - attrs)), "aria-hidden=\"true\"", 0) >= 0;
	if (!hide || (aend > attrs && aend[-1] == '/'))
		return NULL;
	if (tag_is(nb, nl, "a") || tag_is(nb, nl, "html") || tag_is(nb, nl, "body"))
		return NULL;
	int depth = 1;
	for (const char *r = p; r < end; r++) {
		if (*r != '<')
			continue;
		int cl = r + 1 < end && r[1] == '/';
		const char *q = r + 1 + cl;
		if ((size_t)(end - q) > nl && cvd_ieqn(q, nb, nl) && !isalnum((unsigned char)q[nl])) {
			depth += cl ? -1 : 1;
			if (!depth) {
				const char *gt = memchr(q, '>', (size_t)(end - q));
				return gt ? gt + 1 : end;
			}
		}
	}
	return end;
}

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
			size_t k = *q == '&' ? html_entity(q + 1, end, out) : 0;
			if (k)
				q += k + 1;
			else
				buf_putc(out, *q++);
		}
		size_t i = start;
		while (i < out->n && cvd_is_sp((unsigned char)out->p[i]))
			i++;
		size_t w = i + 1;
		while (w < out->n && isalpha((unsigned char)out->p[w]))
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

/* A saved homepage to text: tags go, entities are decoded, and block
 * structure becomes lines: <li> a "- " bullet, <h1>..<h6> a "#" heading,
 * <p> <div> <br> <tr> ... a line break.  <b>/<strong> and <i>/<em> become
 * markup; a link keeps its text and its URL (CX_M_URL_*), and a link whose
 * text is a label ("PDF") becomes "[PDF]" so the label is dropped later. */
void cvd_html_to_text(const char *s, size_t n, struct buf *out, struct linemap *lm)
{
	const char *p = s, *end = s + n;
	size_t anchor = (size_t)-1; /* output offset where the open <a> text starts */
	char href[2048];
	size_t nhref = 0;
	int pre = 0;
	while (p < end) {
		cvd_lm_track(lm, out, p);
		if (*p == '<') {
			if (end - p >= 4 && !memcmp(p, "<!--", 4)) {
				const char *q = strstr(p + 4, "-->");
				p = q ? q + 3 : end;
				continue;
			}
			const char *q = p + 1;
			int closing = 0;
			if (q < end && *q == '/')
				closing = 1, q++;
			const char *nb = q;
			while (q < end && (isalnum((unsigned char)*q) || *q == '-' || *q == ':' || *q == '!'))
				q++;
			size_t nl = (size_t)(q - nb);
			if (!nl) {
				buf_putc(out, '<');
				p++;
				continue;
			}
			/* Find the tag end, skipping quoted attribute values. */
			const char *t = q;
			char quote = 0;
			while (t < end && (quote || *t != '>')) {
				if (quote && *t == quote)
					quote = 0;
				else if (!quote && (*t == '"' || *t == '\''))
					quote = *t;
				t++;
			}
			const char *attrs = q, *aend = t;
			p = t < end ? t + 1 : end;
			const char *skip = closing ? NULL : hidden_end(nb, nl, attrs, aend, p, end);
			if (skip) {
				p = skip;
				continue;
			}
			if (!closing && (tag_is(nb, nl, "script") || tag_is(nb, nl, "style") ||
			                 tag_is(nb, nl, "head") || tag_is(nb, nl, "noscript"))) {
				char close[16];
				snprintf(close, sizeof close, "</%.*s", (int)nl, nb);
				const char *r = p;
				while (r < end && !(r[0] == '<' && (size_t)(end - r) >= nl + 2 &&
				                    cvd_ieqn(r, close, nl + 2)))
					r++;
				p = r;
				continue;
			}
			if (tag_is(nb, nl, "b") || tag_is(nb, nl, "strong"))
				buf_putc(out, closing ? CX_M_BOLD_OFF : CX_M_BOLD_ON);
			else if (tag_is(nb, nl, "i") || tag_is(nb, nl, "em") || tag_is(nb, nl, "cite"))
				buf_putc(out, closing ? CX_M_ITALIC_OFF : CX_M_ITALIC_ON);
			else if (tag_is(nb, nl, "sup") || tag_is(nb, nl, "sub") || tag_is(nb, nl, "span") ||
			         tag_is(nb, nl, "font") || tag_is(nb, nl, "u") || tag_is(nb, nl, "small") ||
			         tag_is(nb, nl, "abbr") || tag_is(nb, nl, "code"))
				; /* inline: nothing */
			else if (tag_is(nb, nl, "a")) {
				if (!closing) {
					anchor = out->n;
					nhref = 0;
					long h = cvd_find_ci(cvd_S(attrs, (size_t)(aend - attrs)), "href", 0);
					if (h >= 0) {
						const char *r = attrs + h + 4;
						while (r < aend && (cvd_is_sp((unsigned char)*r) || *r == '='))
							r++;
						char qq = (*r == '"' || *r == '\'') ? *r++ : 0;
						while (r < aend && nhref < sizeof href - 1 &&
						       (qq ? *r != qq : !cvd_is_sp((unsigned char)*r)))
							href[nhref++] = *r++;
					}
				} else if (anchor != (size_t)-1) {
					size_t tl = out->n - anchor;
					if (tl && cvd_is_label(out->p + anchor, tl)) {
						buf_putc(out, ']');
						buf_reserve(out, 1);
						memmove(out->p + anchor + 1, out->p + anchor, out->n - anchor);
						out->p[anchor] = '[';
						out->n++;
					}
					if (nhref && (!memcmp(href, "http", 4) || !memcmp(href, "doi", 3))) {
						buf_putc(out, ' ');
						buf_putc(out, CX_M_URL_ON);
						buf_put(out, href, nhref);
						buf_putc(out, CX_M_URL_OFF);
					}
					anchor = (size_t)-1;
				}
			} else if (nl == 2 && (nb[0] == 'h' || nb[0] == 'H') && nb[1] >= '1' && nb[1] <= '6') {
				buf_putc(out, '\n');
				if (!closing) {
					for (int k = 0; k < nb[1] - '0'; k++)
						buf_putc(out, '#');
					buf_putc(out, ' ');
				}
			} else if (tag_is(nb, nl, "li") && !closing) {
				buf_put(out, "\n- ", 3);
			} else if (tag_is(nb, nl, "pre")) {
				pre = !closing;
				buf_putc(out, '\n');
			} else if (tag_is(nb, nl, "td") || tag_is(nb, nl, "th")) {
				buf_putc(out, ' ');
			} else if (tag_is(nb, nl, "p") || tag_is(nb, nl, "div") || tag_is(nb, nl, "br") ||
			           tag_is(nb, nl, "tr") || tag_is(nb, nl, "ul") || tag_is(nb, nl, "ol") ||
			           tag_is(nb, nl, "dd") || tag_is(nb, nl, "dt") || tag_is(nb, nl, "dl") ||
			           tag_is(nb, nl, "section") || tag_is(nb, nl, "article") ||
			           tag_is(nb, nl, "header") || tag_is(nb, nl, "footer") ||
			           tag_is(nb, nl, "blockquote") || tag_is(nb, nl, "hr") ||
			           tag_is(nb, nl, "table") || tag_is(nb, nl, "nav") || tag_is(nb, nl, "main") ||
			           tag_is(nb, nl, "body") || tag_is(nb, nl, "li") || tag_is(nb, nl, "title")) {
				buf_putc(out, '\n');
			}
			continue;
		}
		if (*p == '&') {
			size_t k = html_entity(p + 1, end, out);
			if (k) {
				p += k + 1;
				continue;
			}
		}
		if (!pre && cvd_is_sp((unsigned char)*p)) {
			if (out->n && out->p[out->n - 1] != ' ' && out->p[out->n - 1] != '\n')
				buf_putc(out, ' ');
			p++;
			continue;
		}
		buf_putc(out, *p++);
	}
}
