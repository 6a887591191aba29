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
