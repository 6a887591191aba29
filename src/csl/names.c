/* csl/names.c - cs:names and cs:name: name order, particles, initials,
 * et-al, "and", delimiters, labels, editor-translator, substitution, and
 * the name forms disambiguation asks for (added names, expanded given
 * names).  Sort keys render every name in sort order. */
#include <stdio.h>
#include <string.h>
#include <utf8proc.h>

#include "core/utf8.h"
#include "csl/csl.h"
#include "csl/session.h"

/* Subsequent et-al options, when the cite is not the first. */
static void merge_subsequent(struct csl_nameopts *o, const struct csl_nameopts *s)
{
	if (s->set & NO_ETAL_SMIN) o->etal_min = s->etal_smin;
	if (s->set & NO_ETAL_SFIRST) o->etal_first = s->etal_sfirst;
}

static void options(struct csl_render *r, const struct csl_node *names, const struct csl_node *name,
                    struct csl_nameopts *o)
{
	memset(o, 0, sizeof *o);
	o->delimiter = ", ";
	o->etal_first = -1; /* unset; 0 shows no names at all */
	o->initialize = 1;
	o->sort_sep = ", ";
	const struct csl_nameopts *lv[4] = {&r->st->nopt, &r->ctx->nopt, names ? &names->nopt : NULL,
	                                    name ? &name->nopt : NULL};
	for (int i = 0; i < 4; i++)
		if (lv[i])
			csl_nameopts_merge(o, lv[i]);
	if (r->cite && r->cite->position != POS_FIRST)
		for (int i = 0; i < 4; i++)
			if (lv[i])
				merge_subsequent(o, lv[i]);
}

/* ---- one name -------------------------------------------------------------------- */

static int is_upper_start(const char *s)
{
	int32_t cp;
	if (!utf8_decode(s, 4, &cp)) /* 4: the decoder stops at the NUL */
		return 0;
	return utf8proc_category(cp) == UTF8PROC_CATEGORY_LU;
}

/* Is cp a blank as JavaScript's \s counts them (citeproc-js trims
 * initials with it): the no-break and wide spaces, and U+FEFF? */
static int js_blank(int32_t cp)
{
	return cp == ' ' || cp == '\t' || cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) ||
	       cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000 ||
	       cp == 0xFEFF;
}

/* The blanks at the end of b out: spaces, no-break spaces, U+FEFF. */
static void trim_blanks(struct buf *b)
{
	while (b->n) {
		size_t k = b->n - 1;
		while (k && b->n - k < 4 && ((unsigned char)b->p[k] & 0xC0) == 0x80)
			k--;
		int32_t cp;
		if (utf8_decode(b->p + k, b->n - k, &cp) != b->n - k || !js_blank(cp))
			break;
		b->n = k;
	}
}

/* Initials of a given name: "John Ronald" -> "J. R." with ". ". */
static void initials(struct buf *b, const char *g, const char *with, int init, int hyphen)
{
	size_t n = strlen(g);
	size_t wn = strlen(with);
	int first = 1, prev_initial = 0;
	for (size_t i = 0; i < n;) {
		char sep = 0;
		while (i < n && (g[i] == ' ' || g[i] == '.' || g[i] == '-')) {
			if (g[i] == '-')
				sep = '-';
			i++;
		}
		if (i >= n)
			break;
		size_t st = i;
		/* a hyphen before a lower-case letter joins ("Guo-ping": one
		 * word, one initial), as in citeproc-js */
		while (i < n && g[i] != ' ' && g[i] != '.' &&
		       (g[i] != '-' || (i + 1 < n && g[i + 1] >= 'a' && g[i + 1] <= 'z')))
			i++;
		/* the first letter, whole code point; markup bytes skipped */
		size_t k = st;
		while (k < i && csl_mark_len(g + k))
			k += csl_mark_len(g + k);
		int32_t cp;
		size_t l = utf8_decode(g + k, i - k, &cp);
		if (!l)
			l = 1;
		/* a single letter, or a word abbreviated with a period ("Ph."),
		 * stays as written; other words give their first letter */
		int single = l == i - k;
		int is_initial = single || (i < n && g[i] == '.');
		int lower = !is_upper_start(g + k);
		if (!first) {
			/* normalizing, not initializing, citeproc-js writes the
			 * hyphen between two initials as a space ("J.-P." as
			 * "J. P."), and keeps it after a word ("Hans-W.") */
			if (sep == '-' && hyphen && (init || !prev_initial || !is_initial)) {
				/* the blank initialize-with ends with goes, a no-break
				 * one too ("J.-J.") */
				trim_blanks(b);
				buf_putc(b, '-');
			}
			/* (initialize-with without a space joins initials) */
		}
		if (init || is_initial) {
			if (lower && !is_initial) {
				/* a lower-case word ("de", "(Francis)") is kept as
				 * it is, a word apart */
				if (b->n && b->p[b->n - 1] != ' ')
					buf_putc(b, ' ');
				buf_put(b, g + st, i - st);
				buf_putc(b, ' ');
			} else {
				buf_put(b, g + k, is_initial ? i - k : (size_t)l);
				buf_put(b, with, wn);
			}
		} else {
			/* a whole word after an initial stands apart ("H. George"
			 * with initialize-with=".", as citeproc-js) */
			if (b->n && b->p[b->n - 1] != ' ' && b->p[b->n - 1] != '-')
				buf_putc(b, ' ');
			buf_put(b, g + st, i - st);
			buf_putc(b, ' ');
		}
		first = 0;
		prev_initial = is_initial;
	}
	/* the space after the last initial goes, a no-break one too */
	trim_blanks(b);
	/* and a run of spaces (an initialize-with of two) is one, as
	 * citeproc-js leaves a given name it initializes: "K. F." of ".  " */
	size_t o = 0;
	for (size_t i = 0; i < b->n; i++) {
		if (b->p[i] == CM_ESC && i + 1 < b->n) {
			b->p[o++] = b->p[i++]; /* markup: its code byte too */
			b->p[o++] = b->p[i];
			continue;
		}
		int sp = strchr(" \t\n\v\f\r", b->p[i]) && b->p[i];
		if (sp && o && b->p[o - 1] == ' ')
			continue;
		b->p[o++] = sp ? ' ' : b->p[i];
	}
	b->n = o;
}

/* A name in a script written without spaces between family and given
 * name (Chinese, Japanese, Korean): family first, no separator. */
static int cjk(const char *s)
{
	if (!s)
		return 0;
	int any = 0;
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		int32_t cp;
		size_t l = utf8_decode(p, 4, &cp); /* 4: it stops at the NUL */
		if (!l)
			return 0;
		if ((cp >= 'A' && cp <= 'Z') || (cp >= 'a' && cp <= 'z'))
			return 0;
		any |= (cp >= 0x3000 && cp <= 0x9FFF) || (cp >= 0xAC00 && cp <= 0xD7AF) ||
		       (cp >= 0xF900 && cp <= 0xFAFF) || cp >= 0x20000;
		p += l;
	}
	return any;
}

/* The given name at a disambiguation level: 0 as the style says, 1 with
 * initials (a short form gains them; without initialize-with it gains the
 * full given name), 2 the full given name. */
static const char *given_form(struct csl_render *r, const struct csl_name *nm, const struct csl_nameopts *o,
                              int level)
{
	if (!nm->given || !*nm->given)
		return NULL;
	/* a given name in Chinese, Japanese or Korean has no initials: a
	 * one-character one is no initial to add a period to (citeproc-js
	 * initializes only names in a spaced script) */
	if (!o->initialize_with || level >= 2 || cjk(nm->given))
		return nm->given;
	struct buf own, *b = csl_buf_take(r, &own);
	initials(b, nm->given, o->initialize_with, o->initialize, r->st->init_hyphen);
	return csl_buf_str(r, b, &own);
}

static void space(struct buf *b)
{
	if (b->n && b->p[b->n - 1] != ' ' && b->p[b->n - 1] != '\'' &&
	    !(b->n >= 3 && !memcmp(b->p + b->n - 3, "\xE2\x80\x99", 3)))
		buf_putc(b, ' ');
}

static int ends_with_quote(const char *s)
{
	size_t n = s ? strlen(s) : 0;
	return n && (s[n - 1] == '\'' || (n >= 3 && !memcmp(s + n - 3, "\xE2\x80\x99", 3)));
}

static int ends_with_apostrophe(const char *s)
{
	size_t n = s ? strlen(s) : 0;
	return n && (s[n - 1] == '\'' || (n >= 3 && !memcmp(s + n - 3, "\xE2\x80\x99", 3)) ||
	             s[n - 1] == '-');
}

static void cat(struct buf *b, const char *s)
{
	if (s)
		buf_put(b, s, strlen(s));
}

/* A name-part's formatting goes on each piece of the part (the name, each
 * particle), its affixes around the whole part, as citeproc-js. */
static const char *styled(struct csl_render *r, const struct csl_node *np, const char *s)
{
	if (!np || r->sort)
		return s;
	struct csl_fmt f = csl_name_fmt(r, &np->f, NULL);
	return csl_fmt_apply(r, s, &f, 0);
}

static const char *affixed(struct csl_render *r, const struct csl_node *np, const char *s)
{
	if (!np || r->sort || !np->f.has_affix || !s || !*s)
		return s;
	struct csl_fmt af = {0};
	af.prefix = np->f.prefix;
	af.suffix = np->f.suffix;
	af.has_affix = 1;
	return csl_fmt_apply(r, s, &af, 1);
}

/* The given name-part of an inverted name: the given name and the
 * particles after it.  A demoted non-dropping particle keeps the family
 * name-part's formatting (CSL 1.0.2, cs:name-part: "family" affects the
 * family name and the non-dropping particle), inside the given
 * name-part's affixes. */
static const char *given_part(struct csl_render *r, const struct csl_node *gnp, const char *given,
                              const char *const *parts, size_t nparts, const char *ndp,
                              const struct csl_node *fnp)
{
	struct buf own, *g = csl_buf_take(r, &own);
	const char *pieces[3] = {given, nparts > 0 ? parts[0] : NULL, nparts > 1 ? parts[1] : NULL};
	for (size_t i = 0; i < 3; i++) {
		if (!pieces[i] || !*pieces[i])
			continue;
		if (g->n)
			space(g);
		cat(g, styled(r, i && pieces[i] == ndp ? fnp : gnp, pieces[i]));
	}
	if (!g->n) {
		csl_buf_drop(r, g, &own);
		return NULL;
	}
	return affixed(r, gnp, csl_buf_str(r, g, &own));
}

/* The blank that joins a particle to the family name: a no-break space
 * where the locale is French, Russian or Czech ("de la\u00a0Fontaine"),
 * as citeproc-js joins them, else a space.  Initials that
 * initialize-with ends with a no-break space ("D.\u00a0") join the
 * family name with it too. */
static const char *name_blank(const struct csl_render *r)
{
	const char *l = r->L && r->L->lang ? r->L->lang : "en";
	return !strncmp(l, "fr", 2) || !strncmp(l, "ru", 2) || !strncmp(l, "cs", 2) ? "\xC2\xA0" : " ";
}

/* A particle and the blank after it (none after an apostrophe). */
static void particle(struct buf *b, const char *p, const char *shown, const char *blank)
{
	if (!p)
		return;
	cat(b, shown);
	if (!ends_with_apostrophe(p))
		cat(b, blank);
}

/* One name as text; inverted says name-as-sort-order applies to it.  In
 * display order the family name-part holds the particles, the family
 * name and the suffix ("Jean [de La Fontaine III]"); inverted, it holds
 * the family name with the non-dropping particle (unless demoted), and
 * the given name-part the given name with the other particles. */
static const char *one_name(struct csl_render *r, const struct csl_name *nm, const struct csl_nameopts *o,
                            const struct csl_node *name, int inverted, int level)
{
	const struct csl_node *fnp = name ? name->name_part[0] : NULL;
	if (nm->literal) {
		/* the family name-part's formatting and case, not its affixes
		 * or strip-periods, as citeproc-js */
		if (!fnp || r->sort)
			return nm->literal;
		struct csl_fmt f = csl_name_fmt(r, &fnp->f, NULL);
		f.strip_periods = 0;
		return csl_fmt_apply(r, nm->literal, &f, 0);
	}
	const struct csl_node *gnp = name ? name->name_part[1] : NULL;
	int demote = inverted && (r->st->demote == DEMOTE_DISPLAY_AND_SORT ||
	                          (r->sort && r->st->demote == DEMOTE_SORT_ONLY));
	int short_form = o->form == NF_SHORT && level == 0;
	const char *given = short_form ? NULL : given_form(r, nm, o, level);
	int display = !inverted && !short_form && !(cjk(nm->family) && (!nm->given || cjk(nm->given))) &&
	              !(r->it && r->it->family_first);
	struct buf fown, *f = csl_buf_take(r, &fown);
	const char *blank = name_blank(r);
	if (display)
		particle(f, nm->dp, nm->dp, blank);
	if (!demote && nm->ndp)
		particle(f, nm->ndp, styled(r, fnp, nm->ndp), blank);
	cat(f, styled(r, fnp, nm->family));
	if (display && nm->suffix) {
		if (nm->comma_suffix)
			buf_putc(f, ',');
		buf_putc(f, ' ');
		cat(f, nm->suffix);
	}
	buf_putc(f, 0);
	const char *fam = affixed(r, fnp, f->p), *giv;
	if (display) {
		giv = given && *given ? affixed(r, gnp, styled(r, gnp, given)) : given;
	} else {
		const char *parts[2];
		size_t np = 0;
		if (nm->dp && !short_form)
			parts[np++] = nm->dp;
		if (nm->ndp && demote)
			parts[np++] = nm->ndp;
		giv = given_part(r, gnp, given, parts, np, demote ? nm->ndp : NULL, fnp);
	}
	if (giv && !*giv)
		giv = NULL;
	struct buf own, *b = csl_buf_take(r, &own);
	if (cjk(nm->family) && (!nm->given || cjk(nm->given))) {
		cat(b, fam);
		if (!short_form)
			cat(b, giv);
	} else if (r->it && r->it->family_first && !short_form) {
		cat(b, fam);
		if (giv) {
			space(b);
			cat(b, giv);
		}
	} else if (short_form) {
		cat(b, fam);
	} else if (!inverted) {
		/* given [dp ndp family suffix] */
		/* a given name that ends with an apostrophe joins; one that
		 * ends with a hyphen ("J.-"), or initials that end with
		 * initialize-with's ("J-P-"), do not */
		cat(b, giv);
		const char *w = o->initialize_with;
		if (giv && level < 2 && w && (strstr(w, "\xC2\xA0") || strstr(w, "\xEF\xBB\xBF")))
			cat(b, blank); /* "D.\u00a0Aggarwal" in French, "D. Aggarwal" else */
		else if (giv && !ends_with_quote(nm->given))
			space(b);
		cat(b, fam);
	} else {
		/* family, given dp ndp, suffix (demoted), or ndp family, given dp, suffix */
		const char *sep = o->sort_sep;
		/* blanks that end the separator count as one (citeproc-js) */
		size_t sl = strlen(sep);
		while (sl >= 2 && sep[sl - 1] == ' ' && sep[sl - 2] == ' ')
			sl--;
		cat(b, fam);
		if (giv) {
			/* a blank the family name-part's suffix ends with meets
			 * the separator's ("Abdalla, Michel" with suffix=", " and
			 * sort-separator=" "), as citeproc-js */
			const char *sp = sep;
			size_t spl = sl;
			if (b->n && b->p[b->n - 1] == ' ' && spl && *sp == ' ')
				sp++, spl--;
			buf_put(b, sp, spl);
			cat(b, giv);
		}
		if (nm->suffix) {
			buf_put(b, sep, sl);
			cat(b, nm->suffix);
		}
	}
	const char *s = csl_buf_str(r, b, &own);
	csl_buf_drop(r, f, &fown);
	return s;
}

/* Is this the person --highlight names?  The family name must match; the
 * given name may be written out or as initials. */
static int highlighted(const struct csl_render *r, const struct csl_name *nm)
{
	const char *hf = r->S->hl_family, *hg = r->S->hl_given;
	if (!hf || r->sort || r->plain || r->ctx != &r->st->bib || !nm->family)
		return 0;
	if (strcmp(nm->family, hf))
		return 0;
	if (!*hg || !nm->given)
		return 1;
	return nm->given[0] == hg[0];
}

static const char *bold(struct csl_render *r, const char *s)
{
	return csl_marked(r->a, s, CX_M_BOLD_ON, CX_M_BOLD_OFF);
}

/* ---- a list of names -------------------------------------------------------------- */

/* Does s start with a letter of a script that parts words with spaces
 * (Latin, Greek, Cyrillic, Hebrew, Arabic, Thai), or "&"?  citeproc-js's
 * test for the blank before "et al." */
static int romanesque(const char *s)
{
	unsigned char c = (unsigned char)*s;
	if (c < 0x80)
		return c == '&' || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
	size_t len;
	int32_t cp = utf8_next(s, strlen(s), &len);
	return (cp >= 0xC0 && cp <= 0x17F) || (cp >= 0x218 && cp <= 0x21B) ||
	       (cp >= 0x370 && cp <= 0x52F) || (cp >= 0x590 && cp <= 0x6FF && cp != 0x5D5) ||
	       (cp >= 0xE01 && cp <= 0xE5B) || (cp >= 0x1F00 && cp <= 0x1FFF) ||
	       (cp >= 0x200C && cp <= 0x200E) || (cp >= 0x202A && cp <= 0x202E);
}

static int dp_applies(int rule, int count, int prev_inverted)
{
	switch (rule) {
	case DP_AFTER_INVERTED: return prev_inverted;
	case DP_ALWAYS: return 1;
	case DP_NEVER: return 0;
	default: return count >= 3;
	}
}

static int name_level(struct csl_render *r, size_t i)
{
	if (r->sort || r->names_done)
		return 0; /* the bibliography shows the names the cites needed, as in
		           * citeproc-js; only the first names are the cite's */
	if (r->it->dis_given_per)
		return r->it->dis_given_per[i];
	return r->it->dis_given;
}

/* The names of one variable, joined, with et-al, under the options of
 * its cs:names. */
/* s after what b holds, without a second space where a name's suffix
 * ends with one and the delimiter starts with one ("Doe " and " and "). */
/* Does s start with a letter of a script written with spaces between
 * words, or "&"?  citeproc-js puts blanks around such an "and" term
 * only (its STARTSWITH_ROMANESQUE_REGEXP). */
static int romanesque_start(const char *s)
{
	int32_t cp;
	if (!utf8_decode(s, strlen(s), &cp))
		return 0;
	return cp == '&' || (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') ||
	       (cp >= 0x0E01 && cp <= 0x0E5B) || (cp >= 0x00C0 && cp <= 0x017F) ||
	       (cp >= 0x0370 && cp <= 0x03FF) || (cp >= 0x0400 && cp <= 0x052F) ||
	       (cp >= 0x0590 && cp <= 0x05D4) || (cp >= 0x05D6 && cp <= 0x05FF) ||
	       (cp >= 0x1F00 && cp <= 0x1FFF) || (cp >= 0x0600 && cp <= 0x06FF) ||
	       (cp >= 0x200C && cp <= 0x200E) || (cp >= 0x0218 && cp <= 0x021B) ||
	       (cp >= 0x202A && cp <= 0x202E);
}

static void put_spaced(struct buf *b, const char *s)
{
	if (b->n && b->p[b->n - 1] == ' ')
		while (*s == ' ')
			s++;
	buf_put(b, s, strlen(s));
}

/* A delimiter between two names: its first mark meets the mark the
 * name before it ends with, by the table of csl_collide ("Doe J." and
 * ". " give "Doe J. Roe", "Why?" and ": " give "Why? Roe"), as
 * citeproc-js joins a list; ", " after "Inc." stays. */
static void put_delim(struct buf *b, const char *d)
{
	if (*d && csl_collide(csl_tail(b), (unsigned char)*d) == 1)
		d++;
	put_spaced(b, d);
}

/* cs:name's affixes and formatting go around each personal name, not
 * around the list (citeproc-js: "Vallée B., Vera A." with suffix=".",
 * each name bold with font-weight="bold"); a literal name takes the
 * formatting without the affixes. */
static const char *name_fmt(struct csl_render *r, const struct csl_node *name, const struct csl_name *nm,
                            const char *s)
{
	if (!name || r->sort || !s || !*s)
		return s;
	struct csl_fmt f = csl_name_fmt(r, &name->f, NULL);
	return csl_fmt_apply(r, s, &f, !nm->literal);
}

/* The subsequent-author-substitute rules that compare names one by one:
 * the first names of a bibliography entry, each[0..n), against the
 * previous entry's.  complete-each puts the substitute for every name
 * when all are the same; partial-each for each name from the first
 * while they are; partial-first for the first alone (CSL 1.0.2,
 * "Reference Grouping").  complete-all is sas(), on the whole list. */
static void sas_each(struct csl_render *r, const char **each, size_t n)
{
	struct csl_session *S = r->S;
	if (r->sort || r->plain || r->ctx != &r->st->bib || !r->ctx->sas || r->names_done ||
	    r->ctx->sas_rule == SAS_COMPLETE_ALL || r->sas_each)
		return;
	r->sas_each = arena_alloc(r->a, (n + 1) * sizeof *r->sas_each);
	memcpy(r->sas_each, each, n * sizeof *each);
	r->sas_neach = n;
	size_t same = 0; /* names equal to the previous entry's, from the first */
	const char *p = S->sas_each.p;
	while (same < n && same < S->sas_neach && !strcmp(p, each[same])) {
		p += strlen(p) + 1;
		same++;
	}
	enum csl_sas_rule rule = r->ctx->sas_rule;
	size_t put = rule == SAS_PARTIAL_EACH ? same
	             : rule == SAS_PARTIAL_FIRST ? (same > 0)
	             : same == n && n == S->sas_neach ? n : 0;
	for (size_t i = 0; i < put; i++)
		each[i] = r->ctx->sas;
}

static const char *name_list(struct csl_render *r, const struct csl_names *nl,
                             const struct csl_nameopts *opts, const struct csl_node *name,
                             const struct csl_node *etal, int *count)
{
	struct csl_nameopts o = *opts;
	size_t n = nl->n;
	size_t show = n;
	int use_etal = 0;
	if (r->sort && r->key) {
		if (r->key->names_min)
			o.etal_min = r->key->names_min;
		if (r->key->names_first)
			o.etal_first = r->key->names_first;
		if (r->key->names_last)
			o.etal_last = r->key->names_last > 0;
	}
	if (o.etal_min > 0 && o.etal_first == 0 && n >= (size_t)o.etal_min && !r->sort) {
		*count = 0;
		return ""; /* et-al-use-first="0": the list is left out, as citeproc-js */
	}
	if (o.etal_min > 0 && o.etal_first > 0 && n >= (size_t)o.etal_min && n > (size_t)o.etal_first) {
		show = (size_t)o.etal_first;
		/* with et-al-use-last, citeproc-js shows at most et-al-min
		 * less two names before the ellipsis ("A, B, C, D, E, … K"
		 * of et-al-min="7" et-al-use-first="6") */
		if (o.etal_last && o.etal_min > 2 && show > (size_t)o.etal_min - 2)
			show = (size_t)o.etal_min - 2;
		use_etal = 1;
	}
	/* the names the cites needed; the bibliography shows them too when
	 * the style adds names and given names to disambiguate, as
	 * citeproc-js, which hands an entry the names its cites took only
	 * along with their given names */
	if (!r->sort &&
	    (r->ctx == &r->st->cit ||
	     (r->st->cit.add_names && r->st->cit.add_givenname && !r->names_done)) &&
	    r->it->dis_names > 0 && use_etal && (size_t)r->it->dis_names > show) {
		show = (size_t)r->it->dis_names;
		if (show >= n) {
			show = n;
			use_etal = 0;
		}
	}
	if (nl->others && !use_etal)
		use_etal = 1;
	*count = (int)show;
	if (o.form == NF_COUNT)
		return "";
	const char *and_term = NULL;
	if (o.and_ == AND_TEXT)
		and_term = csl_term_text(r->L, "and", TF_LONG, 0);
	else if (o.and_ == AND_SYMBOL)
		and_term = "&";
	int piq = r->L->punct_in_quote;
	/* the session's buffer: nothing inside joins another list */
	struct buf *bp = &r->S->names, b = *bp;
	b.n = 0;
	int prev_inv = 0, wrap = 0;
	const char **each = arena_alloc(r->a, (show + 1) * sizeof *each);
	for (size_t i = 0; i < show; i++) {
		int inv = r->sort || o.sort_order == NSO_ALL || (o.sort_order == NSO_FIRST && i == 0);
		if (nl->v[i].literal)
			inv = 0;
		const char *s = one_name(r, &nl->v[i], &o, name, inv && !nl->v[i].literal, name_level(r, i));
		if (highlighted(r, &nl->v[i]))
			s = bold(r, s);
		each[i] = s;
	}
	/* a substitute takes the place of the name's text, inside cs:name's
	 * formatting, as citeproc-js ("<b>———</b>") */
	sas_each(r, each, show);
	for (size_t i = 0; i < show; i++) {
		int inv = r->sort || o.sort_order == NSO_ALL || (o.sort_order == NSO_FIRST && i == 0);
		if (nl->v[i].literal)
			inv = 0;
		const char *s = name_fmt(r, name, &nl->v[i], each[i]);
		if (i > 0) {
			int last = i == show - 1 && !use_etal;
			if (last && and_term && !r->sort && !romanesque_start(and_term)) {
				/* a term that starts with no letter of a spaced
				 * script (" / ", "和") joins as it is written, with
				 * no blank or delimiter around it, but the
				 * delimiter delimiter-precedes-last="always" asks
				 * for before the second of two (citeproc-js) */
				if (o.dp_last == DP_ALWAYS && show == 2)
					put_delim(&b, o.delimiter);
				buf_put(&b, and_term, strlen(and_term));
			} else if (last && and_term && !r->sort) {
				/* with delimiter-precedes-last="always", an institution
				 * second of two follows the "and" with no delimiter
				 * before it, as citeproc-js joins it ("Webern, Anton
				 * and Universal Edition") */
				if (dp_applies(o.dp_last, (int)show, prev_inv) &&
				    !(o.dp_last == DP_ALWAYS && show == 2 && nl->v[i].literal &&
				      !nl->v[i].personal))
					put_delim(&b, o.delimiter);
				else
					put_spaced(&b, " ");
				buf_put(&b, and_term, strlen(and_term));
				buf_putc(&b, ' ');
			} else if (r->sort || (last && !and_term) || (name && name->f.suffix && *name->f.suffix)) {
				/* before the last name with no "and", citeproc-js
				 * joins the delimiter apart ("Jr.. Roe"), and after
				 * the suffix of cs:name ("Doe,, Roe,") */
				put_spaced(&b, o.delimiter);
			} else {
				put_delim(&b, o.delimiter);
			}
		}
		/* before the last name, with no "and", citeproc-js joins the
		 * delimiter and the name's own blank as they are ("M.,  Smith
		 * M." with a prefix " ") */
		if (i > 0 && !(i == show - 1 && !use_etal && !and_term && !r->sort)) {
			put_spaced(&b, s);
		} else {
			if (i > 0 && b.n && b.p[b.n - 1] == ' ' && *s == ' ') {
				/* two blanks citeproc-js writes apart, not as a pair */
				buf_putc(&b, CM_ESC);
				buf_putc(&b, CM_NOPUNCT);
			}
			buf_put(&b, s, strlen(s));
		}
		prev_inv = inv;
	}
	r->shown_names = arena_strndup(r->a, b.p ? b.p : "", b.n);
	if (use_etal && show > 0 && (!r->sort || o.etal_last)) {
		/* et-al-use-last: the last name after an ellipsis; a sort key
		 * holds it too */
		if (o.etal_last && !nl->others && show + 1 < n) {
			/* the delimiter comes before the ellipsis after two
			 * names or more, whatever delimiter-precedes-et-al
			 * says, as citeproc-js joins it ("A … K", "A, B, … K") */
			if (r->sort)
				buf_put(&b, o.delimiter, strlen(o.delimiter));
			else if (show >= 2)
				put_delim(&b, o.delimiter);
			else
				put_spaced(&b, " ");
			if (!r->sort)
				buf_put(&b, "\xE2\x80\xA6 ", 4);
			int inv = r->sort || o.sort_order == NSO_ALL;
			const char *s = one_name(r, &nl->v[n - 1], &o, name, inv, name_level(r, n - 1));
			s = name_fmt(r, name, &nl->v[n - 1], s);
			buf_put(&b, s, strlen(s));
		} else if (!r->sort) {
			wrap = 1;
			const char *term = etal && etal->term ? etal->term : "et-al";
			const char *t = csl_term_text(r->L, term, TF_LONG, 0);
			if (t && *t) {
				const char *sep = " ";
				if (dp_applies(o.dp_etal, (int)show + 1, prev_inv) && !(o.dp_etal == DP_CONTEXTUAL && show < 2))
					sep = o.delimiter;
				/* a term in a script without spaces ("等") follows
				 * the names without the blank (citeproc-js) */
				if (!strcmp(sep, " ") && !romanesque(t))
					sep = "";
				if (sep == o.delimiter)
					put_delim(&b, sep);
				else
					buf_put(&b, sep, strlen(sep));
				buf_putc(&b, 0);
				b.n--;
				struct csl_fmt ef = etal ? csl_name_fmt(r, &etal->f, name ? &name->f : NULL) : (struct csl_fmt){0};
				const char *ft = etal ? csl_fmt_apply(r, t, &ef, 1) : t;
				if (sep == o.delimiter && *t == ' ' && b.n && b.p[b.n - 1] == ' ') {
					/* the term's own blank stays after the
					 * delimiter's ("Doe;  e colab."), as
					 * citeproc-js writes the two apart */
					buf_putc(&b, CM_ESC);
					buf_putc(&b, CM_PIECE);
					buf_put(&b, ft, strlen(ft));
				} else {
					csl_cat(&b, ft, piq);
				}
			}
		}
	}
	*bp = b;
	if (!b.n)
		return "";
	const char *out = arena_strndup(r->a, b.p, b.n);
	/* With "et al.", citeproc-js puts cs:name's formatting around the
	 * whole list once more (the names are each formatted already). */
	if (!wrap || !name)
		return out;
	struct csl_fmt f = csl_name_fmt(r, &name->f, etal ? &etal->f : NULL);
	return csl_fmt_apply(r, out, &f, 1);
}

static int same_names(const struct csl_names *a, const struct csl_names *b)
{
	if (a->n != b->n)
		return 0;
	for (size_t i = 0; i < a->n; i++) {
		const struct csl_name *x = &a->v[i], *y = &b->v[i];
		const char *xs[] = {x->family, x->given, x->literal, x->ndp, x->dp, x->suffix};
		const char *ys[] = {y->family, y->given, y->literal, y->ndp, y->dp, y->suffix};
		for (int k = 0; k < 6; k++)
			if ((xs[k] == NULL) != (ys[k] == NULL) || (xs[k] && strcmp(xs[k], ys[k])))
				return 0;
	}
	return 1;
}

static const char *with_label(struct csl_render *r, const struct csl_node *names,
                              const struct csl_node *label, const char *list, int var, int plural)
{
	if (!label || r->sort || !*list)
		return list;
	const char *term = var == CV_EDITOR_TRANSLATOR ? "editortranslator" : csl_var_name(var);
	int pl = label->plural == 1 ? 1 : label->plural == 2 ? 0 : plural;
	const char *t = csl_term_text(r->L, term, label->form, pl);
	if (!t || !*t)
		return list;
	t = csl_fmt_term(r, csl_tag(r, CM_TAG + var, csl_tag(r, CM_TAG_LABEL, t)), &label->f);
	struct buf own, *b = csl_buf_take(r, &own);
	int piq = r->L->punct_in_quote;
	if (names->label_before_name) {
		csl_cat(b, t, piq);
		csl_cat(b, list, piq);
	} else {
		csl_cat(b, list, piq);
		csl_cat(b, t, piq);
	}
	return csl_buf_str(r, b, &own);
}

/* Subsequent author substitute: the first names of a bibliography entry
 * equal to the previous entry's become the substitute string. */
static const char *sas(struct csl_render *r, const char *list)
{
	struct csl_session *S = r->S;
	if (r->sort || r->plain || r->ctx != &r->st->bib || !r->ctx->sas || r->names_done)
		return list;
	/* citeproc-js compares the names shown, et-al left aside */
	const char *key = r->shown_names ? r->shown_names : list;
	r->first_names = key;
	if (S->sas_prev.n && !strcmp(S->sas_prev.p, key) && *key &&
	    r->ctx->sas_rule == SAS_COMPLETE_ALL)
		return r->ctx->sas;
	return list;
}

static const char *render_vars(struct csl_render *r, const struct csl_node *n,
                               const struct csl_node *name, const struct csl_node *etal,
                               const struct csl_node *label, int *total)
{
	*total = 0;
	int some = 0; /* a variable with names to show */
	for (size_t i = 0; i < n->nvars && !some; i++) {
		int v = n->vars[i];
		some = v >= CV_FIRST_NAME && v < CV_FIRST_DATE && v != CV_EDITOR_TRANSLATOR &&
		       !r->suppressed[v] && csl_item_has(r->it, v);
	}
	struct csl_nameopts o;
	if (!some) {
		if (r->sort) { /* a count of no names still counts (sort.c) */
			options(r, n, name, &o);
			r->counted |= o.form == NF_COUNT;
		}
		return "";
	}
	options(r, n, name, &o);
	struct buf own, *b = csl_buf_take(r, &own);
	int piq = r->L->punct_in_quote;
	int any = 0;
	*total = 0;
	int ed = -1, tr = -1;
	for (size_t i = 0; i < n->nvars; i++) {
		if (n->vars[i] == CV_EDITOR) ed = (int)i;
		if (n->vars[i] == CV_TRANSLATOR) tr = (int)i;
	}
	int edtr = ed >= 0 && tr >= 0 && r->it->names[CV_EDITOR - CV_FIRST_NAME].n &&
	           same_names(&r->it->names[CV_EDITOR - CV_FIRST_NAME],
	                      &r->it->names[CV_TRANSLATOR - CV_FIRST_NAME]) &&
	           !r->suppressed[CV_EDITOR] && !r->suppressed[CV_TRANSLATOR];
	for (size_t i = 0; i < n->nvars; i++) {
		int v = n->vars[i];
		if (v < CV_FIRST_NAME || v >= CV_FIRST_DATE || r->suppressed[v])
			continue;
		if (edtr && (int)i == tr)
			continue;
		const struct csl_names *nl = &r->it->names[v - CV_FIRST_NAME];
		if (v == CV_EDITOR_TRANSLATOR)
			continue;
		if (!nl->n)
			continue;
		int count;
		const char *s = name_list(r, nl, &o, name, etal, &count);
		*total += count;
		if (o.form == NF_COUNT)
			continue;
		if (!*s)
			continue;
		s = csl_tag(r, CM_TAG + v, sas(r, s));
		s = with_label(r, n, label, s, edtr && (int)i == ed ? CV_EDITOR_TRANSLATOR : v,
		               nl->n > 1 || nl->others);
		if (any && o.names_delim)
			csl_cat(b, o.names_delim, piq);
		csl_cat(b, s, piq);
		any = 1;
		if (r->in_sub)
			r->suppressed[v] = 1;
	}
	if (o.form == NF_COUNT || !b->n) {
		r->counted |= o.form == NF_COUNT;
		csl_buf_drop(r, b, &own);
		if (o.form != NF_COUNT || !*total)
			return "";
		char c[16];
		snprintf(c, sizeof c, "%d", *total);
		return arena_strndup(r->a, c, strlen(c));
	}
	return csl_buf_str(r, b, &own);
}

/* A text that substitutes for the first names of a bibliography entry
 * (a title) is compared as names are: equal to the previous entry's, its
 * words become the substitute string, inside its markup and before the
 * punctuation it ends with ("———." in quotes), as citeproc-js. */
static const char *sas_text(struct csl_render *r, const char *s)
{
	struct csl_session *S = r->S;
	if (r->sort || r->plain || r->ctx != &r->st->bib || !r->ctx->sas || r->names_done || !*s)
		return s;
	size_t n = strlen(s), end = 0;
	struct buf own, *key = csl_buf_take(r, &own);
	for (size_t i = 0; i < n;) {
		size_t m = csl_mark_len(s + i);
		if (m) {
			i += m;
			continue;
		}
		buf_putc(key, s[i]);
		if (!strchr(".,;:", s[i]))
			end = i + 1; /* the words end here */
		i++;
	}
	const char *k = csl_buf_str(r, key, &own);
	r->first_names = k;
	if (!S->sas_prev.n || strcmp(S->sas_prev.p, k) || !*k)
		return s;
	/* every mark stays, so the markup is whole; the words give way */
	struct buf ob, *o = csl_buf_take(r, &ob);
	int put = 0;
	for (size_t i = 0; i < n;) {
		size_t m = csl_mark_len(s + i);
		if (m) {
			buf_put(o, s + i, m);
			i += m;
		} else if (i < end) {
			if (!put)
				buf_put(o, r->ctx->sas, strlen(r->ctx->sas));
			put = 1;
			i++;
		} else {
			buf_putc(o, s[i++]);
		}
	}
	return csl_buf_str(r, o, &ob);
}

/* The first of the nodes kids[0..nk) that renders; the branch a cs:choose
 * takes counts as its nodes, each tried in turn, as citeproc-js. */
static const char *first_rendered(struct csl_render *r, const struct csl_node *kids, size_t nk,
                                  int *own)
{
	const char *s = "";
	for (size_t i = 0; i < nk && !*s; i++) {
		const struct csl_node *k = &kids[i];
		if (k->kind == CK_CHOOSE) {
			const struct csl_node *br = csl_chosen(r, k);
			if (br)
				s = first_rendered(r, br->kids, br->nkids, own);
			continue;
		}
		*own = !(k->kind == CK_NAMES && !k->name && !k->nkids);
		if (k->kind == CK_NAMES) {
			s = csl_render_names(r, k);
			continue;
		}
		int c = r->called, f = r->found;
		s = csl_render_node(r, k);
		/* a term alone ("Anon.") names no one: it stays, as in
		 * citeproc-js; a variable's text is compared */
		if (r->called > c)
			s = sas_text(r, s);
		/* its calls are not the group's; whether it found a variable
		 * is (csl_render_names) */
		int got = r->found > f;
		r->called = c;
		r->found = f + got;
		if (*s && k->kind == CK_TEXT && k->var >= 0 && k->var < CV_NSTR)
			r->suppressed[k->var] = 1;
		if (*s && k->kind == CK_DATE && k->var >= 0)
			r->suppressed[k->var] = 1;
	}
	return s;
}

/* The first substitute that renders; *own is set when it is not a
 * shorthand cs:names (which renders as a copy of n). */
static const char *render_substitute(struct csl_render *r, const struct csl_node *n, int *own)
{
	const struct csl_node *sub = n->substitute, *of = r->sub_of;
	int in = r->in_sub;
	r->in_sub = 1;
	r->sub_of = n;
	const char *s = first_rendered(r, sub->kids, sub->nkids, own);
	r->in_sub = in;
	r->sub_of = of;
	return s;
}

static const char *names_done(struct csl_render *r, const struct csl_node *n, const char *s, int fmt,
                              int found)
{
	r->found += found;
	struct csl_fmt own;
	const char *out = fmt ? csl_fmt_apply(r, s, csl_fmt_uncased(&n->f, &own), 1) : s;
	if (!r->names_done && r->ctx == &r->st->cit)
		r->first_names = out;
	r->names_done = 1;
	return out;
}

/* The cs:name n's names render with: its name-parts are those the style
 * gives n (build_parts in style.c), not always the name's own. */
static const struct csl_node *with_parts(const struct csl_node *n, const struct csl_node *name,
                                         struct csl_node *tmp)
{
	if (!name || !n->names_parts_set ||
	    (n->names_part[0] == name->name_part[0] && n->names_part[1] == name->name_part[1]))
		return name;
	*tmp = *name;
	tmp->name_part[0] = n->names_part[0];
	tmp->name_part[1] = n->names_part[1];
	return tmp;
}

const char *csl_render_names(struct csl_render *r, const struct csl_node *n)
{
	if (r->sub_of && !n->name && !n->nkids) {
		/* A shorthand cs:names in a substitute, directly or inside a
		 * cs:choose or macro there, inherits the substituting names'
		 * name, et-al and label, and (as citeproc-js) its own affixes
		 * and formatting are not shown: the substituting names' are. */
		const struct csl_node *of = r->sub_of;
		struct csl_node tmp = *n;
		tmp.f = (struct csl_fmt){.delimiter = n->f.delimiter};
		struct csl_node nm;
		tmp.name = with_parts(n, of->name, &nm);
		tmp.etal = of->etal;
		tmp.label = of->label;
		tmp.label_before_name = of->label_before_name;
		tmp.nopt = of->nopt;
		r->sub_of = NULL;
		const char *s = csl_render_names(r, &tmp);
		r->sub_of = of;
		return s;
	}
	r->called++;
	if (r->names_done == -1 && !r->in_sub) {
		/* suppress-author: the first names are left out */
		r->names_done = 1;
		return "";
	}
	int total;
	struct csl_node nm;
	const char *s = render_vars(r, n, with_parts(n, n->name, &nm), n->etal, n->label, &total);
	int own = 0, found = 1;
	if (!*s && n->substitute) {
		int before = r->found;
		s = render_substitute(r, n, &own);
		/* a substitute that renders only terms or values calls no
		 * variable that is found: the group or macro around it is
		 * still empty (the specification's rule, as citeproc-js) */
		found = r->found > before;
		r->found = before;
	}
	if (!*s)
		return "";
	/* What a substitute of its own renders keeps its own affixes and
	 * formatting only (citeproc-js); a shorthand one takes these. */
	return names_done(r, n, s, !own, found);
}
