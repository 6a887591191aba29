/* csl/load.c - finding styles and locales.
 *
 * A style is named or given as a path: the built-in default ("citex", also
 * what no --style means), then the project's styles/ (beside the program,
 * or installed in ../share/citex/styles from it, wherever the prefix, or
 * under CITEX_STYLEDIR when a packager defines it), then Debian's
 * citation-style-language-styles, then the name as a path.  A dependent
 * style is replaced by its independent parent, keeping its own
 * default-locale.  Locales follow the specification's fallback order:
 * the style's cs:locale for the language, for its primary language and
 * without a language, then the locale file for the language and for its
 * primary dialect, then the built-in en-US. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csl/csl.h"
#include "csl/load.h"

#ifndef CITEX_STYLEDIR
#define CITEX_STYLEDIR ""
#endif
#define DEBIAN_STYLES "/usr/share/citation-style-language/styles"
#define DEBIAN_LOCALES "/usr/share/citation-style-language/locales"

static const unsigned char builtin_style[] = {
#include "csl_style_default.inc"
};

int csl_read_file(const char *path, struct buf *out)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	out->n = 0;
	char chunk[65536];
	size_t k;
	while ((k = fread(chunk, 1, sizeof chunk, f)) > 0)
		buf_put(out, chunk, k);
	int err = ferror(f);
	fclose(f);
	buf_putc(out, 0);
	out->n--;
	return err ? -1 : 0;
}

static int exists(const char *p)
{
	return access(p, R_OK) == 0;
}

/* The directory of the running program, for styles/ beside it. */
static void self_dir(char *d, size_t cap)
{
	ssize_t k = readlink("/proc/self/exe", d, cap - 1);
	if (k <= 0) {
		d[0] = 0;
		return;
	}
	d[k] = 0;
	char *s = strrchr(d, '/');
	if (s)
		*s = 0;
}

/* Find a style file by name; 0 and the path in out, or -1.  near is the
 * folder of the dependent style whose parent is wanted (or NULL): the
 * parent is looked for there and in the folder above it first, as styles
 * are laid out in the CSL repository (dependent/ beside the parents). */
static int find_style(const char *name, const char *near, char *out, size_t cap)
{
	char self[4096], dir[4200], inst[4200], up[4096] = "";
	self_dir(self, sizeof self);
	snprintf(dir, sizeof dir, "%s/styles", self);
	snprintf(inst, sizeof inst, "%s/../share/citex/styles", self);
	if (near) {
		snprintf(up, sizeof up, "%s", near);
		char *s = strrchr(up, '/');
		if (s)
			*s = 0;
		else
			snprintf(up, sizeof up, "..");
	}
	const char *dirs[] = {near, near ? up : NULL, dir, inst, CITEX_STYLEDIR, DEBIAN_STYLES,
	                      DEBIAN_STYLES "/dependent"};
	for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++) {
		if (!dirs[i] || !*dirs[i])
			continue;
		snprintf(out, cap, "%s/%s.csl", dirs[i], name);
		if (exists(out))
			return 0;
	}
	snprintf(out, cap, "%s", name);
	return exists(out) ? 0 : -1;
}

/* ---- a name not found: the styles it may have meant ------------------------ */

/* Edit distance between a and b, counting up to cap (a typo's distance). */
static size_t distance(const char *a, size_t na, const char *b, size_t nb, size_t cap)
{
	if (na > 64 || nb > 64)
		return cap + 1;
	size_t row[65];
	for (size_t j = 0; j <= nb; j++)
		row[j] = j;
	for (size_t i = 1; i <= na; i++) {
		size_t diag = row[0], best = row[0] = i;
		for (size_t j = 1; j <= nb; j++) {
			size_t up = row[j];
			size_t v = diag + (a[i - 1] != b[j - 1]);
			if (row[j - 1] + 1 < v)
				v = row[j - 1] + 1;
			if (up + 1 < v)
				v = up + 1;
			row[j] = v;
			diag = up;
			if (v < best)
				best = v;
		}
		if (best > cap)
			return cap + 1;
	}
	return row[nb];
}

/* Are the first letters of file's words (up to end) the letters of w
 * ("mla": modern-language-association)? */
static int initials(const char *w, size_t nw, const char *file, size_t nf)
{
	size_t k = 0;
	for (size_t i = 0; i < nf; i++)
		if (i == 0 || file[i - 1] == '-') {
			if (k == nw || file[i] != w[k])
				return 0;
			k++;
		}
	return k == nw;
}

/* How close a style's file name is to what was asked for: 0 a name that
 * starts with it as a word ("chicago" -> chicago-author-date), 1 one its
 * initials spell ("mla"), 2 one that holds it as a word, 3 + d one a typo
 * away (d edits); -1 none. */
static int closeness(const char *want, const char *file)
{
	size_t nw = strlen(want), nf = strlen(file);
	if (nf < 5 || strcmp(file + nf - 4, ".csl"))
		return -1;
	nf -= 4;
	if (nw >= 3 && nf > nw && !strncmp(file, want, nw) && file[nw] == '-')
		return 0;
	if (nw >= 2 && initials(want, nw, file, nf))
		return 1;
	for (size_t i = 1; nw >= 3 && i + nw <= nf; i++)
		if (file[i - 1] == '-' && !strncmp(file + i, want, nw) &&
		    (i + nw == nf || file[i + nw] == '-'))
			return 2;
	size_t cap = nw < 5 ? 1 : nw < 10 ? 2 : 3;
	size_t d = distance(want, nw, file, nf, cap);
	return d <= cap ? 3 + (int)d : -1;
}

/* Up to five style names close to want, from the folders styles are
 * looked up in, the closest first and the dependent styles (journals'
 * names for a parent) after the others, in err after what is there. */
static void suggest(const char *want, const char *const *dirs, size_t ndirs,
                    const char *dependent, char *err, size_t errlen)
{
	enum { KEEP = 5 };
	char best[KEEP][128];
	int rank[KEEP];
	size_t nbest = 0;
	const char *base = strrchr(want, '/');
	base = base ? base + 1 : want;
	char w[128];
	snprintf(w, sizeof w, "%.100s", base);
	size_t nw = strlen(w);
	if (nw > 4 && !strcmp(w + nw - 4, ".csl"))
		w[nw - 4] = 0;
	for (size_t i = 0; i < ndirs; i++) {
		DIR *d = dirs[i] ? opendir(dirs[i]) : NULL;
		struct dirent *de;
		while (d && (de = readdir(d))) {
			int c = closeness(w, de->d_name);
			if (c < 0)
				continue;
			c += dirs[i] == dependent ? 8 : 0; /* a journal's alias after the styles */
			char nm[128];
			size_t len = strlen(de->d_name) - 4;
			if (len >= sizeof nm)
				continue;
			memcpy(nm, de->d_name, len);
			nm[len] = 0;
			/* the closest first; the shortest, then A to Z, of a rank */
			size_t at = nbest;
			while (at && (rank[at - 1] > c ||
			              (rank[at - 1] == c && (strlen(best[at - 1]) > len ||
			                                     (strlen(best[at - 1]) == len &&
			                                      strcmp(best[at - 1], nm) > 0)))))
				at--;
			int dup = 0;
			for (size_t k = 0; k < nbest; k++)
				dup |= !strcmp(best[k], nm);
			if (dup || at >= KEEP)
				continue;
			size_t last = nbest < KEEP ? nbest++ : KEEP - 1;
			for (size_t k = last; k > at; k--) {
				memcpy(best[k], best[k - 1], sizeof best[k]);
				rank[k] = rank[k - 1];
			}
			memcpy(best[at], nm, sizeof nm);
			rank[at] = c;
		}
		if (d)
			closedir(d);
	}
	size_t n = strlen(err);
	for (size_t k = 0; k < nbest && n < errlen; k++) {
		snprintf(err + n, errlen - n, "%s%s", k ? ", " : "; did you mean ", best[k]);
		n += strlen(err + n);
	}
	if (nbest && n + 1 < errlen)
		snprintf(err + n, errlen - n, "?");
}

static int is_builtin(const char *name)
{
	return !name || !strcmp(name, "citex") || !strcmp(name, "default");
}

struct csl_style *csl_style_open(const char *name, char *err, size_t errlen)
{
	struct buf b = {0};
	const char *locale = NULL;
	char loc_buf[64] = "";
	struct csl_style *s = NULL;
	char near[4096] = "";
	for (int depth = 0; depth < 4; depth++) {
		if (is_builtin(name)) {
			s = csl_style_load((const char *)builtin_style, sizeof builtin_style - 1,
			                   "citex.csl (built in)", err, errlen);
		} else {
			char path[4096];
			if (find_style(name, *near ? near : NULL, path, sizeof path) < 0) {
				snprintf(err, errlen, "style '%s' not found (looked in styles/, %s, and as a path)",
				         name, DEBIAN_STYLES);
				char dir[4096];
				self_dir(dir, sizeof dir);
				strcat(dir, "/styles");
				const char *dirs[] = {dir, CITEX_STYLEDIR, DEBIAN_STYLES, DEBIAN_STYLES "/dependent"};
				suggest(name, dirs, sizeof dirs / sizeof *dirs, dirs[3], err, errlen);
				break;
			}
			if (csl_read_file(path, &b) < 0) {
				snprintf(err, errlen, "%s: cannot read", path);
				break;
			}
			s = csl_style_load(b.p, b.n, path, err, errlen);
			/* where a dependent style's parent is looked for first */
			snprintf(near, sizeof near, "%s", path);
			char *sl = strrchr(near, '/');
			if (sl)
				*sl = 0;
			else
				snprintf(near, sizeof near, ".");
		}
		if (!s || !s->parent || s->cit.layout)
			break;
		/* a dependent style: its parent, by the last part of its id */
		if (!locale && s->default_locale) {
			snprintf(loc_buf, sizeof loc_buf, "%s", s->default_locale);
			locale = loc_buf;
		}
		const char *slash = strrchr(s->parent, '/');
		char parent[256];
		snprintf(parent, sizeof parent, "%s", slash ? slash + 1 : s->parent);
		csl_style_free(s);
		s = NULL;
		name = parent;
		if (depth == 3)
			snprintf(err, errlen, "dependent styles nested too deeply");
		else
			continue;
	}
	buf_free(&b);
	if (s && locale)
		s->default_locale = arena_strndup(&s->a, locale, strlen(locale));
	return s;
}

static const char *const primary_dialects[][2] = {
	{"af", "af-ZA"}, {"bg", "bg-BG"}, {"ca", "ca-AD"}, {"cs", "cs-CZ"}, {"cy", "cy-GB"},
	{"da", "da-DK"}, {"de", "de-DE"}, {"el", "el-GR"}, {"en", "en-US"}, {"es", "es-ES"},
	{"et", "et-EE"}, {"fa", "fa-IR"}, {"fi", "fi-FI"}, {"fr", "fr-FR"}, {"he", "he-IL"},
	{"hr", "hr-HR"}, {"hu", "hu-HU"}, {"id", "id-ID"}, {"is", "is-IS"}, {"it", "it-IT"},
	{"ja", "ja-JP"}, {"km", "km-KH"}, {"ko", "ko-KR"}, {"lt", "lt-LT"}, {"lv", "lv-LV"},
	{"mn", "mn-MN"}, {"nb", "nb-NO"}, {"nl", "nl-NL"}, {"nn", "nn-NO"}, {"pl", "pl-PL"},
	{"pt", "pt-PT"}, {"ro", "ro-RO"}, {"ru", "ru-RU"}, {"sk", "sk-SK"}, {"sl", "sl-SI"},
	{"sr", "sr-RS"}, {"sv", "sv-SE"}, {"th", "th-TH"}, {"tr", "tr-TR"}, {"uk", "uk-UA"},
	{"vi", "vi-VN"}, {"zh", "zh-CN"},
};

static const char *primary_of(const char *lang)
{
	size_t k = strcspn(lang, "-_");
	for (size_t i = 0; i < sizeof primary_dialects / sizeof *primary_dialects; i++)
		if (strlen(primary_dialects[i][0]) == k && !strncmp(lang, primary_dialects[i][0], k))
			return primary_dialects[i][1];
	return NULL;
}

/* The locale file of lang in dir; *builtin is set to it when it is the
 * built-in en-US locale byte for byte, which then need not be read twice. */
static struct csl_locale_src *locale_file(struct arena *a, const char *dir, const char *lang,
                                          struct csl_locale_src **builtin)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/locales-%s.xml", dir, lang);
	struct buf b = {0};
	struct csl_locale_src *L = NULL;
	if (csl_read_file(path, &b) == 0) {
		char err[256];
		L = csl_locale_parse(a, b.p, b.n, err, sizeof err);
		if (L && csl_locale_is_builtin(b.p, b.n))
			*builtin = L;
	}
	buf_free(&b);
	return L;
}

static int lang_is(const char *l, const char *lang, int primary)
{
	if (!l)
		return 0;
	if (!primary)
		return !strcmp(l, lang);
	size_t k = strcspn(lang, "-_");
	return strlen(l) == k && !strncmp(l, lang, k);
}

void csl_locale_open(struct csl_locale *L, const struct csl_style *st, const char *lang,
                     const char *dir)
{
	struct arena src = {0}, *a = &src;
	if (!lang)
		lang = st->default_locale ? st->default_locale : "en-US";
	if (!dir)
		dir = DEBIAN_LOCALES;
	struct csl_locale_src *srcs[32];
	size_t n = 0;
	for (int pass = 0; pass < 3; pass++)
		for (size_t i = 0; i < st->nlocales && n < 24; i++) {
			const char *l = st->locales[i]->lang;
			if ((pass == 0 && lang_is(l, lang, 0)) ||
			    (pass == 1 && !lang_is(l, lang, 0) && lang_is(l, lang, 1)) ||
			    (pass == 2 && !l))
				srcs[n++] = st->locales[i];
		}
	const char *prim = primary_of(lang);
	struct csl_locale_src *builtin = NULL;
	struct csl_locale_src *f = locale_file(a, dir, lang, &builtin);
	if (f)
		srcs[n++] = f;
	if (prim && strcmp(prim, lang) && (f = locale_file(a, dir, prim, &builtin)))
		srcs[n++] = f;
	if (strcmp(lang, "en-US") && (f = locale_file(a, dir, "en-US", &builtin)))
		srcs[n++] = f;
	srcs[n++] = builtin ? builtin : csl_locale_builtin(a);
	char real[64];
	snprintf(real, sizeof real, "%s", strchr(lang, '-') || !prim ? lang : prim);
	csl_locale_merge(L, real, srcs, n);
	L->src = src;
}
