/* cli/tidy_args.c - the arguments of `citex tidy`, read as bibtex-tidy 1.14.0
 * reads its own, and .citex-tidy files.
 *
 * bibtex-tidy's grammar: "--opt=a,b" gives an option its values at once
 * (commas split them, quotes group them); "--opt a b" takes the arguments
 * after it until the next option; "-abc" is -a, -b and -c.  Paths come
 * before the first option, or, when there are none and standard input is
 * not read, they are the values after the last option ("bibtex-tidy --curly
 * refs.bib").  An option given twice counts where it first came, with its
 * last values.  Two deliberate differences: a last "-" is standard input
 * even after an option that takes values; and an option that takes no
 * values (--curly, --check), or was given its values after '=', never
 * takes the next argument, which is a path (bibtex-tidy reads "--curly
 * refs.bib", when standard input is not a terminal, as --curly with the
 * value refs.bib, and tidies standard input).
 *
 * A .citex-tidy file holds options the same way, whitespace-separated
 * (quotes keep a value whole), '#' to the end of a line a comment.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/tidy_cli.h"

/* ---- bibtex-tidy's argument grammar -------------------------------------------- */

static char *own(struct targs *a, char *s)
{
	a->owned = cli_realloc(a->owned, (a->nowned + 1) * sizeof *a->owned);
	a->owned[a->nowned++] = s;
	return s;
}

static void push(char ***v, size_t *n, char *s)
{
	*v = cli_realloc(*v, (*n + 1) * sizeof **v);
	(*v)[(*n)++] = s;
}

/* keyValues[key] = values: a key keeps its first place. */
static void set_key(struct targs *a, const char *key, char **vals, size_t n)
{
	for (size_t i = 0; i < a->n; i++) {
		if (!strcmp(a->v[i].key, key)) {
			free(a->v[i].vals);
			a->v[i].vals = vals;
			a->v[i].nvals = n;
			return;
		}
	}
	a->v = cli_realloc(a->v, (a->n + 1) * sizeof *a->v);
	a->v[a->n++] = (struct targ){key, vals, n};
}

/* parseLongCLIOption: "--key=v1,v2" with quotes grouping.  The key and
 * the values are new strings owned by a. */
static const char *parse_long(struct targs *a, const char *arg, char ***vals, size_t *nvals)
{
	const char *eq = strchr(arg, '=');
	char *key = own(a, eq ? tx_strndup(arg, (size_t)(eq - arg)) : tx_strdup(arg));
	*vals = NULL;
	*nvals = 0;
	if (!eq)
		return key;
	size_t n = strlen(eq + 1);
	char *tok = own(a, tx_malloc(n + 1));
	size_t k = 0;
	char quote = 0;
	for (const char *p = eq + 1;; p++) {
		if (!*p || (!quote && *p == ',')) {
			if (k) {
				tok[k] = 0;
				push(vals, nvals, own(a, tx_strdup(tok)));
			}
			k = 0;
			if (!*p)
				break;
		} else if (quote) {
			if (*p == quote)
				quote = 0;
			else
				tok[k++] = *p;
		} else if (*p == '"' || *p == '\'') {
			quote = *p;
		} else {
			tok[k++] = *p;
		}
	}
	return key;
}

static int sorted_values(const char *key)
{
	return key && (!strcmp(key, "--sort") || !strcmp(key, "--sort-fields") ||
	               !strcmp(key, "--sort-properties"));
}

void targs_parse(struct targs *a, int argc, char **argv, int stdin_read, int (*flag)(const char *))
{
	memset(a, 0, sizeof *a);
	const char *cur = NULL;
	char **vals = NULL;
	size_t nvals = 0;
	int values_mode = 0, dash = 0;
	/* citex's own: -jN is -j N; a last "-" is standard input. */
	if (argc > 0 && !strcmp(argv[argc - 1], "-")) {
		dash = 1;
		argc--;
	}
	for (int i = 0; i < argc; i++) {
		const char *arg = argv[i];
		char num[32];
		if (!strncmp(arg, "-j", 2) && arg[2] >= '0' && arg[2] <= '9' &&
		    strlen(arg) < sizeof num) {
			strcpy(num, arg + 2);
			if (cur) {
				set_key(a, cur, vals, nvals);
				vals = NULL;
				nvals = 0;
			}
			char **v = NULL;
			size_t nv = 0;
			push(&v, &nv, own(a, tx_strdup(num)));
			set_key(a, "-j", v, nv);
			cur = NULL;
			values_mode = 0;
			continue;
		}
		int is_dash = !strcmp(arg, "-"), lng = !strncmp(arg, "--", 2), shrt = arg[0] == '-';
		int negated = shrt && sorted_values(cur);
		if (lng) {
			if (cur) {
				set_key(a, cur, vals, nvals);
				vals = NULL;
				nvals = 0;
				cur = NULL;
			}
			char **v;
			size_t nv;
			const char *key = parse_long(a, arg, &v, &nv);
			if (nv || flag(key)) {
				/* Complete: what follows is a path (citex's rule). */
				set_key(a, key, v, nv);
				values_mode = 0;
			} else {
				cur = key;
				values_mode = 1;
			}
		} else if (shrt && !is_dash && !negated) {
			if (cur) {
				set_key(a, cur, vals, nvals);
				vals = NULL;
				nvals = 0;
				cur = NULL;
			}
			for (const char *c = arg + 1; *c; c++) {
				char *key = own(a, tx_malloc(3));
				key[0] = '-';
				key[1] = *c;
				key[2] = 0;
				set_key(a, key, NULL, 0);
				cur = flag(key) ? NULL : key;
				values_mode = !flag(key);
			}
		} else if (!values_mode) {
			push(&a->paths, &a->npaths, (char *)arg);
		} else {
			push(&vals, &nvals, (char *)arg);
		}
	}
	if (!a->npaths && !stdin_read && !dash) {
		a->paths = vals;
		a->npaths = nvals;
		vals = NULL;
		nvals = 0;
	}
	if (cur)
		set_key(a, cur, vals, nvals);
	else
		free(vals);
	if (dash)
		push(&a->paths, &a->npaths, "-");
}

void targs_free(struct targs *a)
{
	for (size_t i = 0; i < a->n; i++)
		free(a->v[i].vals);
	free(a->v);
	free(a->paths);
	free(a->unknown);
	for (size_t i = 0; i < a->nowned; i++)
		free(a->owned[i]);
	free(a->owned);
	memset(a, 0, sizeof *a);
}

/* ---- the options ---------------------------------------------------------------- */

static const char *const default_field_sort[] = {
	"title", "shorttitle", "author", "year", "month", "day", "journal", "booktitle",
	"location", "on", "publisher", "address", "series", "volume", "number", "pages", "doi",
	"isbn", "issn", "url", "urldate", "copyright", "category", "note", "metadata",
};
static const char default_keys[] = "[auth:required:lower][year:required][veryshorttitle:lower]"
                                   "[duplicateNumber]";

void tset_init(struct tset *s)
{
	memset(s, 0, sizeof *s);
	cx_tidy_opts_default(&s->o);
	s->modify = s->backup = s->lint = -1;
	s->jobs = 1;
}

void tset_free(struct tset *s)
{
	for (size_t i = 0; i < s->nowned; i++)
		free(s->owned[i]);
	free(s->owned);
	s->owned = NULL;
	s->nowned = 0;
}

/* p, to be freed with s. */
static void *tset_own(struct tset *s, void *p)
{
	s->owned = cli_realloc(s->owned, (s->nowned + 1) * sizeof *s->owned);
	s->owned[s->nowned++] = p;
	return p;
}

static void set_list(struct tset *s, struct cx_tidy_list *L, char **v, size_t n,
                     const char *const *dflt, size_t ndflt)
{
	const char **out = tset_own(s, tx_malloc((n ? n : ndflt) * sizeof *out + 1));
	for (size_t i = 0; i < (n ? n : ndflt); i++)
		out[i] = n ? tset_own(s, tx_strdup(v[i])) : dflt[i];
	L->v = out;
	L->n = n ? n : ndflt;
	L->on = 1;
}

/* --generate-keys: values are an array in bibtex-tidy, which joins them
 * with ',' and adds [duplicateLetter] unless one of them is exactly a
 * duplicate marker; with no values, the default template. */
static void set_keys(struct tset *s, char **v, size_t n)
{
	if (!n) {
		s->o.generate_keys = default_keys;
		return;
	}
	struct tbuf b = {0};
	int marker = 0;
	for (size_t i = 0; i < n; i++) {
		if (i)
			tbuf_putc(&b, ',');
		tbuf_puts(&b, v[i]);
		marker |= !strcmp(v[i], "[duplicateLetter]") || !strcmp(v[i], "[duplicateNumber]");
	}
	if (!marker)
		tbuf_puts(&b, "[duplicateLetter]");
	s->o.generate_keys = tset_own(s, tx_strndup(b.p ? b.p : "", b.n));
	tbuf_free(&b);
}

static int set_dups(struct tset *s, char **v, size_t n, char *err, size_t en)
{
	static const enum cx_tidy_dup dflt[] = {CX_TIDY_DUP_DOI, CX_TIDY_DUP_CITATION, CX_TIDY_DUP_ABSTRACT};
	s->dups_given = 1;
	if (!n) {
		memcpy(s->o.dups, dflt, sizeof dflt);
		s->o.ndups = 3;
		return 0;
	}
	s->o.ndups = 0;
	for (size_t i = 0; i < n; i++) {
		enum cx_tidy_dup d;
		if (!strcmp(v[i], "doi"))
			d = CX_TIDY_DUP_DOI;
		else if (!strcmp(v[i], "key"))
			d = CX_TIDY_DUP_KEY;
		else if (!strcmp(v[i], "abstract"))
			d = CX_TIDY_DUP_ABSTRACT;
		else if (!strcmp(v[i], "citation"))
			d = CX_TIDY_DUP_CITATION;
		else {
			snprintf(err, en, "invalid key for --duplicates: \"%s\" (doi, key, abstract, citation)", v[i]);
			return -1;
		}
		if (s->o.ndups < 4)
			s->o.dups[s->o.ndups++] = d;
	}
	return 0;
}

static int set_merge(struct tset *s, char **v, size_t n, char *err, size_t en)
{
	s->merge_raw = 1;
	if (!n) {
		s->o.merge = CX_TIDY_MERGE_COMBINE;
		return 0;
	}
	if (!strcmp(v[0], "first"))
		s->o.merge = CX_TIDY_MERGE_FIRST;
	else if (!strcmp(v[0], "last"))
		s->o.merge = CX_TIDY_MERGE_LAST;
	else if (!strcmp(v[0], "combine"))
		s->o.merge = CX_TIDY_MERGE_COMBINE;
	else if (!strcmp(v[0], "overwrite"))
		s->o.merge = CX_TIDY_MERGE_OVERWRITE;
	else {
		snprintf(err, en, "invalid merge strategy: \"%s\" (first, last, combine, overwrite)", v[0]);
		return -1;
	}
	return 0;
}

/* The options that take no values: where each sets what. */
struct flag {
	const char *key;
	size_t off; /* in struct tset */
	int value;
	int config; /* allowed in .citex-tidy */
};

#define F(key, field, v, cfg) {key, offsetof(struct tset, field), v, cfg}
static const struct flag flags[] = {
	F("--help", help, 1, 0), F("-h", help, 1, 0), F("--v2", v2, 1, 1),
	F("--modify", modify, 1, 0), F("-m", modify, 1, 0), F("--no-modify", modify, 0, 0),
	F("--curly", o.curly, 1, 1), F("--no-curly", o.curly, 0, 1),
	F("--numeric", o.numeric, 1, 1), F("--no-numeric", o.numeric, 0, 1),
	F("--months", o.months, 1, 1), F("--tab", o.tab, 1, 1), F("--no-tab", o.tab, 0, 1),
	F("--blank-lines", o.blank_lines, 1, 1), F("--no-blank-lines", o.blank_lines, 0, 1),
	F("--strip-enclosing-braces", o.strip_enclosing_braces, 1, 1),
	F("--drop-all-caps", o.drop_all_caps, 1, 1), F("--escape", o.escape, 1, 1),
	F("--no-escape", o.escape, 0, 1), F("--strip-comments", o.strip_comments, 1, 1),
	F("--no-strip-comments", o.strip_comments, 0, 1),
	F("--trailing-commas", o.trailing_commas, 1, 1),
	F("--no-trailing-commas", o.trailing_commas, 1, 1), /* sic, as in bibtex-tidy */
	F("--encode-urls", o.encode_urls, 1, 1), F("--no-encode-urls", o.encode_urls, 1, 1), /* sic */
	F("--tidy-comments", o.tidy_comments, 1, 1), F("--no-tidy-comments", o.tidy_comments, 0, 1),
	F("--remove-empty-fields", o.remove_empty_fields, 1, 1),
	F("--no-remove-empty-fields", o.remove_empty_fields, 0, 1),
	F("--remove-dupe-fields", o.remove_dupe_fields, 1, 1),
	F("--no-remove-dupe-fields", o.remove_dupe_fields, 0, 1),
	F("--no-lowercase", o.lowercase, 0, 1), F("--version", version, 1, 0), F("-v", version, 1, 0),
	F("--quiet", quiet, 1, 1), F("--backup", backup, 1, 1), F("--no-backup", backup, 0, 1),
	/* citex's own */
	F("--check", check, 1, 0), F("--lint", lint, 1, 1), F("--no-lint", lint, 0, 1),
	F("--lossy", o.lossy, 1, 1), F("--no-lossy", o.lossy, 0, 1), F("--no-config", no_config, 1, 0),
};
#undef F

int tidy_flag(const char *key)
{
	for (size_t f = 0; f < sizeof flags / sizeof *flags; f++)
		if (!strcmp(flags[f].key, key))
			return 1;
	return !strcmp(key, "--no-align") || !strcmp(key, "--no-sort") || !strcmp(key, "--no-merge") ||
	       !strcmp(key, "--no-wrap");
}

/* Options with values: apply one; 1 if key is one, -1 on an error. */
static int apply_valued(struct tset *s, const struct targ *g, int from_config, char *err, size_t en)
{
	const char *k = g->key;
	char **v = g->vals;
	size_t n = g->nvals;
	const char *v0 = n ? v[0] : NULL;
	if (!strcmp(k, "--output") || !strcmp(k, "-o") || !strcmp(k, "-j") || !strcmp(k, "--jobs")) {
		if (from_config) {
			snprintf(err, en, "%s cannot be set in a .citex-tidy file", k);
			return -1;
		}
		if (k[1] == 'j' || !strcmp(k, "--jobs")) {
			double j = cx_tidy_number(v0);
			if (!(j >= 0 && j <= 1024) || j != floor(j)) {
				snprintf(err, en, "%s takes a number of jobs (0: one per CPU)", k);
				return -1;
			}
			s->jobs = j ? (int)j : (int)sysconf(_SC_NPROCESSORS_ONLN);
			if (s->jobs < 1)
				s->jobs = 1;
		} else {
			s->output_given = 1;
			s->output = v0;
		}
	} else if (!strcmp(k, "--stdin-filename")) {
		if (from_config) {
			snprintf(err, en, "%s cannot be set in a .citex-tidy file", k);
			return -1;
		}
		s->stdin_name = v0;
	} else if (!strcmp(k, "--omit")) {
		if (!n) {
			snprintf(err, en, "--omit expects a list of fields (--omit=abstract,keywords)");
			return -1;
		}
		set_list(s, &s->o.omit, v, n, NULL, 0);
	} else if (!strcmp(k, "--space")) {
		s->o.space = n ? cx_tidy_number(v0) : 2;
		if (s->o.space < 0 || isinf(s->o.space)) {
			snprintf(err, en, "--space takes a number of spaces");
			return -1;
		}
	} else if (!strcmp(k, "--align")) {
		s->o.align = cx_tidy_number(v0); /* a bare --align is NaN: no alignment */
	} else if (!strcmp(k, "--no-align")) {
		s->o.align = 1;
	} else if (!strcmp(k, "--sort")) {
		static const char *const key[] = {"key"};
		set_list(s, &s->o.sort, v, n, key, 1);
	} else if (!strcmp(k, "--no-sort")) {
		s->o.sort.on = 0;
		s->o.sort.n = 0;
	} else if (!strcmp(k, "--duplicates")) {
		return set_dups(s, v, n, err, en) < 0 ? -1 : 1;
	} else if (!strcmp(k, "--merge")) {
		return set_merge(s, v, n, err, en) < 0 ? -1 : 1;
	} else if (!strcmp(k, "--no-merge")) {
		s->merge_raw = -1;
		s->o.merge = CX_TIDY_MERGE_NONE;
	} else if (!strcmp(k, "--sort-fields")) {
		set_list(s, &s->o.sort_fields, v, n, default_field_sort,
		         sizeof default_field_sort / sizeof *default_field_sort);
	} else if (!strcmp(k, "--sort-properties")) {
		/* Deprecated in bibtex-tidy, and without effect there. */
	} else if (!strcmp(k, "--generate-keys")) {
		set_keys(s, v, n);
	} else if (!strcmp(k, "--max-authors")) {
		s->o.max_authors = cx_tidy_number(v0);
	} else if (!strcmp(k, "--enclosing-braces") || !strcmp(k, "--remove-braces")) {
		static const char *const title[] = {"title"};
		set_list(s, k[2] == 'e' ? &s->o.enclosing_braces : &s->o.remove_braces, v, n, title, 1);
	} else if (!strcmp(k, "--wrap")) {
		s->o.wrap = n ? cx_tidy_number(v0) : 80;
	} else if (!strcmp(k, "--no-wrap")) {
		s->o.wrap = 0;
	} else {
		return 0;
	}
	return 1;
}

int tset_apply(struct tset *s, const struct targs *a, int from_config, char *err, size_t en)
{
	for (size_t i = 0; i < a->n; i++) {
		const struct targ *g = &a->v[i];
		size_t f = 0;
		while (f < sizeof flags / sizeof *flags && strcmp(flags[f].key, g->key))
			f++;
		if (f < sizeof flags / sizeof *flags) {
			if (from_config && !flags[f].config) {
				snprintf(err, en, "%s cannot be set in a .citex-tidy file", g->key);
				return -1;
			}
			*(int *)(void *)((char *)s + flags[f].off) = flags[f].value;
			s->note_commas |= !strcmp(g->key, "--no-trailing-commas");
			s->note_urls |= !strcmp(g->key, "--no-encode-urls");
			continue;
		}
		int r = apply_valued(s, g, from_config, err, en);
		if (r < 0)
			return -1;
		if (!r) {
			snprintf(err, en, "unknown option: %s", g->key);
			return -1;
		}
	}
	return 0;
}

void tset_finish(struct tset *s)
{
	/* --lint is on by default with --check only (docs/tidy.md says why). */
	if (s->lint < 0)
		s->lint = s->check;
	static const enum cx_tidy_dup dflt[] = {CX_TIDY_DUP_DOI, CX_TIDY_DUP_CITATION, CX_TIDY_DUP_ABSTRACT};
	if (!s->dups_given && s->merge_raw > 0) {
		memcpy(s->o.dups, dflt, sizeof dflt);
		s->o.ndups = 3;
	}
}

/* ---- .citex-tidy ---------------------------------------------------------------- */

char *tidy_config_find(const char *path)
{
	char dir[PATH_MAX];
	if (path && strcmp(path, "-")) {
		/* The file's folder (the file itself may not exist yet: an
		 * editor's --stdin-filename). */
		char copy[PATH_MAX];
		snprintf(copy, sizeof copy, "%s", path);
		char *slash = strrchr(copy, '/');
		if (slash)
			slash[slash == copy] = 0;
		char *real = realpath(slash ? copy : ".", NULL);
		if (!real)
			return NULL;
		snprintf(dir, sizeof dir, "%s", real);
		free(real);
	} else if (!getcwd(dir, sizeof dir)) {
		return NULL;
	}
	for (;;) {
		char cand[PATH_MAX + 16];
		struct stat st;
		snprintf(cand, sizeof cand, "%s/.citex-tidy", strcmp(dir, "/") ? dir : "");
		if (!stat(cand, &st) && S_ISREG(st.st_mode))
			return tx_strdup(cand);
		/* The top of a repository is as far as the search goes. */
		snprintf(cand, sizeof cand, "%s/.git", strcmp(dir, "/") ? dir : "");
		if (!stat(cand, &st) || !strcmp(dir, "/"))
			return NULL;
		char *slash = strrchr(dir, '/');
		if (!slash)
			return NULL;
		slash[slash == dir] = 0;
	}
}

int tidy_config_read(const char *path, struct targs *a, char *err, size_t en)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, en, "%s: %s", path, strerror(errno));
		return -1;
	}
	char **argv = NULL;
	size_t argc = 0;
	struct tbuf line = {0}, word = {0};
	struct targs tmp;
	memset(&tmp, 0, sizeof tmp);
	int c, quote = 0, comment = 0, inword = 0;
	do {
		c = getc(f);
		if (comment) {
			comment = c != '\n' && c != EOF;
			continue;
		}
		if (c == EOF || (!quote && (c == ' ' || c == '\t' || c == '\n' || c == '\r'))) {
			if (inword) {
				push(&argv, &argc, own(&tmp, tx_strdup(word.p ? word.p : "")));
				tbuf_clear(&word);
				inword = 0;
			}
			continue;
		}
		if (!quote && !inword && c == '#') {
			comment = 1;
			continue;
		}
		if (quote && c == quote)
			quote = 0;
		else if (!quote && (c == '"' || c == '\''))
			quote = c;
		tbuf_putc(&word, c);
		inword = 1;
	} while (c != EOF);
	fclose(f);
	tbuf_free(&line);
	tbuf_free(&word);
	targs_parse(a, (int)argc, argv, 1, tidy_flag);
	/* The words belong to tmp: hand them to a. */
	for (size_t i = 0; i < tmp.nowned; i++)
		own(a, tmp.owned[i]);
	free(tmp.owned);
	free(argv);
	if (a->npaths) {
		snprintf(err, en, "%s: '%s' is not an option", path, a->paths[0]);
		return -1;
	}
	return 0;
}
