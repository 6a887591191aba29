/* cv/owner.c - the page's owner: the name that fills the slots where a
 * page left it out of an author list (", Zhaozhuo Xu*, ...").  The option
 * --owner names it; else a bold name that recurs in the author lists;
 * else the name at the top of the page, or "I am Given Family". */
#define _POSIX_C_SOURCE 200809L
#include <string.h>

#include "core/str.h"
#include "cv/doc.h"

/* ---- owner ---------------------------------------------------------------- */

/* Names compare by ASCII letters only, case-folded: "Yihao ZHAO" is
 * "Yihao Zhao", "Zhao, Yihao" is not (order matters less than safety). */
static size_t name_key(cx_str s, char *out, size_t cap)
{
	size_t k = 0;
	for (size_t i = 0; i < s.n && k + 1 < cap; i++)
		if (str_alpha((unsigned char)s.p[i]) || (unsigned char)s.p[i] >= 0x80)
			out[k++] = (char)str_lower((unsigned char)s.p[i]);
	out[k] = 0;
	return k;
}

int cvd_owner_match(struct cv *v, cx_str name)
{
	if (!v->owner.n || !name.n)
		return 0;
	char a[256], b[256];
	name_key(v->owner, a, sizeof a);
	name_key(name, b, sizeof b);
	return a[0] && !strcmp(a, b);
}

static int two_word_name(cx_str p)
{
	size_t w = cvd_words_in(p);
	return w >= 2 && w <= 4 && p.n <= 40 && au_name_like(p.p, p.n);
}

void cvd_detect_owner(struct cv *v)
{
	const char *o = cvd_opt_owner(v->c);
	if (o) {
		v->owner = arena_str(&v->a, o, strlen(o));
		v->owner_from_option = 1;
		return;
	}
	/* 1. a bold name that recurs in the author lists */
	struct cand {
		cx_str name;
		int n;
	} cand[16];
	int nc = 0;
	for (size_t i = 0; i < v->nraw; i++) {
		cx_str au = v->raw[i].item ? v->raw[i].item->authors_marked : cvd_S("", 0);
		struct au_list L;
		if (!au.n || au_parse(&v->a, au.p, au.n, &L))
			continue;
		for (size_t k = 0; k < L.n; k++) {
			if (!L.v[k].bold || !two_word_name(L.v[k].text))
				continue;
			int f = 0;
			for (int c = 0; c < nc && !f; c++) {
				char x[256], y[256];
				name_key(cand[c].name, x, sizeof x);
				name_key(L.v[k].text, y, sizeof y);
				if (!strcmp(x, y))
					cand[c].n++, f = 1;
			}
			if (!f && nc < 16)
				cand[nc++] = (struct cand){L.v[k].text, 1};
		}
	}
	int best = -1;
	for (int c = 0; c < nc; c++)
		if (cand[c].n >= 2 && (best < 0 || cand[c].n > cand[best].n))
			best = c;
	if (best >= 0) {
		v->owner = cand[best].name;
		/* "Muduli, P." in bold, "P.K. Muduli" in the CV's \name: the
		 * name the page gives in full */
		if (v->page_owner.n && two_word_name(v->page_owner)) {
			struct cx_name a, b;
			au_split(&v->a, v->owner, memchr(v->owner.p, ',', v->owner.n) != NULL, 0, &a);
			au_split(&v->a, v->page_owner, 0, 0, &b);
			if (a.family.n && str_ieqs(a.family, b.family) && a.given.n && b.given.n &&
			    str_lower((unsigned char)a.given.p[0]) == str_lower((unsigned char)b.given.p[0]) &&
			    b.given.n >= a.given.n)
				v->owner = v->page_owner;
		}
		return;
	}
	if (v->owner.n)
		return; /* found at the top already */
	if (v->page_owner.n) { /* the Person the page's JSON-LD is about, or a CV's \name */
		cx_str p = v->page_owner;
		const char *paren = memchr(p.p, '(', p.n);
		if (paren)
			p.n = (size_t)(paren - p.p);
		p = cvd_trim(p);
		if (two_word_name(p)) {
			v->owner = p;
			return;
		}
	}
	/* 2. the name at the top, or "I am Given Family" in the preamble */
	for (size_t i = 0; i < v->nl && i < 40; i++) {
		const struct cv_line *L = &v->l[i];
		if (L->blank)
			continue;
		cx_str p = cvd_plain(&v->a, cvd_S(L->s, L->n));
		enum cv_hint h;
		if (cvd_sec_class(p, &h) != SEC_NONE)
			break;
		/* the first cell of a heading row: "Sol Messing — https://..."
		 * (a LaTeX CV's table), "Jane Doe | Home | CV", or a row whose
		 * other cells went to the next line ("Sol Messing —") */
		static const char *const cell[] = {" \xE2\x80\x94", " |", "\t"};
		for (size_t k = 0; k < 3; k++) {
			long at = cvd_find_ci(p, cell[k], 0);
			cx_str c = at > 0 ? cvd_trim(cvd_S(p.p, (size_t)at)) : cvd_S("", 0);
			if (c.n && two_word_name(c)) {
				v->owner = c;
				return;
			}
		}
		if (two_word_name(p)) {
			v->owner = p;
			return;
		}
		static const char *const intro[] = {"I am ", "I'm ", "My name is ", "This is "};
		for (size_t k = 0; k < 4; k++) {
			long at = cvd_find_ci(p, intro[k], 0);
			if (at < 0)
				continue;
			const char *q = p.p + at + strlen(intro[k]);
			const char *e = q;
			int w = 0;
			while (e < p.p + p.n && w < 4) {
				const char *ws = e;
				if (!(str_is_upper((unsigned char)*e)))
					break;
				while (e < p.p + p.n && (str_alpha((unsigned char)*e) || *e == '-' || *e == '.'))
					e++;
				if (e == ws)
					break;
				w++;
				if (e < p.p + p.n && *e == ' ' && e + 1 < p.p + p.n && str_is_upper((unsigned char)e[1]))
					e++;
				else
					break;
			}
			cx_str nm = cvd_trim_punct(cvd_S(q, (size_t)(e - q)), ".,");
			if (w >= 2 && two_word_name(nm)) {
				v->owner = nm;
				return;
			}
		}
	}
}
