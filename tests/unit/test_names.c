/* test_names.c - unit tests for src/norm/names.c, the BibTeX name splitter.
 *
 * Usage: test_names parse_name_cases.json
 *
 * The JSON file is pybtex's table of names with their expected First, von,
 * Last and Jr words; names_split_raw must reproduce every row.  Our parts
 * are substrings of the input, so each part is cut into words here the way
 * pybtex's split_tex_string does (white space, "\ " and unescaped "~" at
 * brace depth 0; commas too, for the rows with too many commas) before the
 * comparison.  After the corpus come hand-written tables for the raw split
 * (exact substrings, separators included), the list splitter and
 * names_parse, and a 100k-name list.  The JSON reader is purpose-built:
 * arrays of objects whose values are strings, arrays of strings or null.
 *
 * Prints every failure, then "N passed, M failed"; exits 1 on failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/str.h"
#include "core/strbuf.h"
#include "core/utf8.h"
#include "norm/norm.h"

static size_t npass, nfail;

/* ---- a tiny JSON reader ------------------------------------------------ */

struct strv {
	char **v;
	size_t n;
};

struct jcase {
	char *input;
	struct strv part[4]; /* first, von, last, jr */
	int has_error;
};

static const char *const part_names[4] = {"first", "von", "last", "jr"};

struct jp {
	const char *p, *end;
	const char *file;
};

static void jfail(struct jp *j, const char *what)
{
	fprintf(stderr, "%s: JSON error at byte %ld: %s\n", j->file,
	        (long)(j->end - j->p), what);
	exit(2);
}

static void jws(struct jp *j)
{
	while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r'))
		j->p++;
}

static int jeat(struct jp *j, char c)
{
	jws(j);
	if (j->p < j->end && *j->p == c) {
		j->p++;
		return 1;
	}
	return 0;
}

static void jexpect(struct jp *j, char c)
{
	if (!jeat(j, c)) {
		char msg[32];
		snprintf(msg, sizeof msg, "expected '%c'", c);
		jfail(j, msg);
	}
}

static unsigned jhex4(struct jp *j)
{
	unsigned v = 0;
	int i;
	if (j->end - j->p < 4)
		jfail(j, "short \\u escape");
	for (i = 0; i < 4; i++) {
		int h = str_hex((unsigned char)*j->p++);
		if (h < 0)
			jfail(j, "bad hex digit");
		v = v << 4 | (unsigned)h;
	}
	return v;
}

/* A string: the output is never longer than the escaped input. */
static char *jstring(struct jp *j)
{
	const char *start;
	char *out, *o;

	jexpect(j, '"');
	start = j->p;
	out = o = malloc((size_t)(j->end - start) + 1);
	if (!out)
		abort();
	for (;;) {
		char c;
		if (j->p >= j->end)
			jfail(j, "unterminated string");
		c = *j->p++;
		if (c == '"')
			break;
		if (c != '\\') {
			*o++ = c;
			continue;
		}
		if (j->p >= j->end)
			jfail(j, "unterminated escape");
		c = *j->p++;
		switch (c) {
		case '"': case '\\': case '/':
			*o++ = c;
			break;
		case 'b': *o++ = '\b'; break;
		case 'f': *o++ = '\f'; break;
		case 'n': *o++ = '\n'; break;
		case 'r': *o++ = '\r'; break;
		case 't': *o++ = '\t'; break;
		case 'u': {
			unsigned long cp = jhex4(j);
			if (cp >= 0xD800 && cp <= 0xDBFF && j->end - j->p >= 6 &&
			    j->p[0] == '\\' && j->p[1] == 'u') {
				const char *save = j->p;
				unsigned lo;
				j->p += 2;
				lo = jhex4(j);
				if (lo >= 0xDC00 && lo <= 0xDFFF)
					cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
				else
					j->p = save;
			}
			o += utf8_put(o, cp);
			break;
		}
		default:
			jfail(j, "bad escape");
		}
	}
	*o = 0;
	return out;
}

static void jstrv(struct jp *j, struct strv *sv)
{
	sv->v = NULL;
	sv->n = 0;
	jexpect(j, '[');
	if (jeat(j, ']'))
		return;
	do {
		sv->v = realloc(sv->v, (sv->n + 1) * sizeof *sv->v);
		if (!sv->v)
			abort();
		sv->v[sv->n++] = jstring(j);
	} while (jeat(j, ','));
	jexpect(j, ']');
}

static int jnull(struct jp *j)
{
	jws(j);
	if (j->end - j->p >= 4 && memcmp(j->p, "null", 4) == 0) {
		j->p += 4;
		return 1;
	}
	return 0;
}

static struct jcase *read_cases(const char *file, size_t *ncases)
{
	FILE *f = fopen(file, "rb");
	char *text;
	long len;
	struct jp j;
	struct jcase *cases = NULL;
	size_t n = 0;

	if (!f) {
		perror(file);
		exit(2);
	}
	if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
		perror(file);
		exit(2);
	}
	text = malloc((size_t)len + 1);
	if (!text || fread(text, 1, (size_t)len, f) != (size_t)len) {
		perror(file);
		exit(2);
	}
	fclose(f);
	j.p = text;
	j.end = text + len;
	j.file = file;

	jexpect(&j, '[');
	if (!jeat(&j, ']')) {
		do {
			struct jcase c;
			memset(&c, 0, sizeof c);
			jexpect(&j, '{');
			if (!jeat(&j, '}')) {
				do {
					char *key = jstring(&j);
					int k;
					jexpect(&j, ':');
					for (k = 0; k < 4; k++)
						if (strcmp(key, part_names[k]) == 0)
							break;
					if (k < 4) {
						jstrv(&j, &c.part[k]);
					} else if (strcmp(key, "input") == 0) {
						c.input = jstring(&j);
					} else if (strcmp(key, "error") == 0) {
						c.has_error = !jnull(&j);
						if (c.has_error)
							free(jstring(&j));
					} else {
						jfail(&j, "unknown key");
					}
					free(key);
				} while (jeat(&j, ','));
				jexpect(&j, '}');
			}
			if (!c.input)
				jfail(&j, "case without input");
			cases = realloc(cases, (n + 1) * sizeof *cases);
			if (!cases)
				abort();
			cases[n++] = c;
		} while (jeat(&j, ','));
		jexpect(&j, ']');
	}
	free(text);
	*ncases = n;
	return cases;
}

static void free_cases(struct jcase *cases, size_t n)
{
	size_t i, k, w;
	for (i = 0; i < n; i++) {
		free(cases[i].input);
		for (k = 0; k < 4; k++) {
			for (w = 0; w < cases[i].part[k].n; w++)
				free(cases[i].part[k].v[w]);
			free(cases[i].part[k].v);
		}
	}
	free(cases);
}

/* ---- words of a part, as pybtex's split_tex_string cuts them ----------- */

struct word {
	const char *p;
	size_t n;
};

static int is_sep(const char *s, size_t i, size_t n, size_t *len)
{
	char c = s[i];
	*len = 1;
	if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' || c == ',')
		return 1;
	if (c == '~' && (i == 0 || s[i - 1] != '\\'))
		return 1;
	if (c == '\\' && i + 1 < n && s[i + 1] == ' ') {
		*len = 2;
		return 1;
	}
	return 0;
}

static size_t split_words(cx_str part, struct word *w, size_t max)
{
	size_t i = 0, nw = 0, depth = 0, len;
	const char *s = part.p;
	size_t n = part.n;

	while (i < n) {
		if (depth == 0 && is_sep(s, i, n, &len)) {
			i += len;
			continue;
		}
		/* a word */
		size_t b = i;
		while (i < n && (depth > 0 || !is_sep(s, i, n, &len))) {
			if (s[i] == '{')
				depth++;
			else if (s[i] == '}' && depth > 0)
				depth--;
			i++;
		}
		if (nw < max) {
			w[nw].p = s + b;
			w[nw].n = i - b;
		}
		nw++;
	}
	return nw;
}

static void print_str(const char *p, size_t n)
{
	fputc('"', stdout);
	fwrite(p, 1, n, stdout);
	fputc('"', stdout);
}

static int check_json_case(const struct jcase *c)
{
	struct name_raw r;
	const char *err = names_split_raw(c->input, strlen(c->input), &r);
	cx_str parts[4];
	int ok = 1, k;

	parts[0] = r.first;
	parts[1] = r.von;
	parts[2] = r.last;
	parts[3] = r.jr;
	for (k = 0; k < 4; k++) {
		struct word w[64];
		size_t nw = split_words(parts[k], w, 64), i;
		int same = nw == c->part[k].n;
		for (i = 0; same && i < nw; i++)
			same = strlen(c->part[k].v[i]) == w[i].n &&
			       memcmp(c->part[k].v[i], w[i].p, w[i].n) == 0;
		if (!same) {
			if (ok)
				printf("FAIL pybtex %s\n", c->input);
			ok = 0;
			printf("  %s: got ", part_names[k]);
			print_str(parts[k].p, parts[k].n);
			printf(", want");
			for (i = 0; i < c->part[k].n; i++)
				printf(" [%s]", c->part[k].v[i]);
			printf("\n");
		}
	}
	if ((err != NULL) != c->has_error) {
		if (ok)
			printf("FAIL pybtex %s\n", c->input);
		ok = 0;
		printf("  error: got %s, want %s\n", err ? err : "none",
		       c->has_error ? "an error" : "none");
	}
	return ok;
}

static void tally(int ok)
{
	if (ok)
		npass++;
	else
		nfail++;
}

/* ---- hand-written raw splits ------------------------------------------- */

/* Expected parts are exact substrings of the input. */
struct raw_case {
	const char *input, *first, *von, *last, *jr;
	int error;
};

static const struct raw_case raw_cases[] = {
	{"Ludwig van Beethoven", "Ludwig", "van", "Beethoven", "", 0},
	{"van Beethoven, Ludwig", "Ludwig", "van", "Beethoven", "", 0},
	{"Ford, Jr., Henry", "Henry", "", "Ford", "Jr.", 0},
	{"Ford, Jr, Henry Edsel", "Henry Edsel", "", "Ford", "Jr", 0},
	{"Ford, , Henry", "Henry", "", "Ford", "", 0},
	/* A comma at the end: bibtex reports it and reads the name as if it
	 * were not there (checked with bibtex 0.99d). */
	{"Doe,", "", "", "Doe", "", 1},
	{"Liam Patrick Langley,", "Liam Patrick", "", "Langley", "", 1},
	{"May, Keith,", "Keith", "", "May", "", 1},
	{"{Barnes and Noble, Inc.}", "", "", "{Barnes and Noble, Inc.}", "", 0},
	{"Jean-Baptiste Poquelin", "Jean-Baptiste", "", "Poquelin", "", 0},
	{"Jean-Pierre", "", "", "Jean-Pierre", "", 0},
	{"Maria-Jose Carreno-Quinones", "Maria-Jose", "", "Carreno-Quinones", "", 0},
	/* bibtex.web: a hyphen separates words for case, so "baptiste" is
	 * a von word of its own (pybtex would keep "Jean-baptiste"). */
	{"Jean-baptiste Poquelin", "Jean", "baptiste", "Poquelin", "", 0},
	{"de la Fontaine, Jean", "Jean", "de la", "Fontaine", "", 0},
	{"Jean de La Fontaine", "Jean", "de", "La Fontaine", "", 0},
	{"Jean de-la Fontaine", "Jean", "de-la", "Fontaine", "", 0},
	{"Charles Louis Xavier Joseph de la Vall{\\'e}e Poussin",
	 "Charles Louis Xavier Joseph", "de la", "Vall{\\'e}e Poussin", "", 0},
	{"Vall{\\'e}e Poussin, Charles Louis Xavier Joseph de la",
	 "Charles Louis Xavier Joseph de la", "", "Vall{\\'e}e Poussin", "", 0},
	{"von der Leyen, Ursula", "Ursula", "von der", "Leyen", "", 0},
	{"Ursula von der Leyen", "Ursula", "von der", "Leyen", "", 0},
	{"jean de la fontaine", "", "jean de la", "fontaine", "", 0},
	{"John~Smith", "John", "", "Smith", "", 0},
	{"Juan~de~la~Cierva", "Juan", "de~la", "Cierva", "", 0},
	{"Qui\\~{n}onero-Candela, J.", "J.", "", "Qui\\~{n}onero-Candela", "", 0},
	{"Christina A. L.\\ Thiele", "Christina A. L.", "", "Thiele", "", 0},
	{"Hans {\\\"u}ber Alles", "Hans", "{\\\"u}ber", "Alles", "", 0},
	{"Hans {\\\"U}ber Alles", "Hans {\\\"U}ber", "", "Alles", "", 0},
	{"John {von} Neumann", "John {von}", "", "Neumann", "", 0},
	{"Jo {Foo}bar Baz", "Jo", "{Foo}bar", "Baz", "", 0},
	/* pybtex: {\o} has no letter after its control sequence. */
	{"Jens {\\o}stergaard Nielsen", "Jens {\\o}stergaard", "", "Nielsen", "", 0},
	{"\xC3\x89mile Zola", "\xC3\x89mile", "", "Zola", "", 0},
	{"Jean \xC3\xA9l\xC3\xA9gant Dupont", "Jean", "\xC3\xA9l\xC3\xA9gant", "Dupont", "", 0},
	{"\xD0\x9B\xD0\xB5\xD0\xB2 \xD0\xA2\xD0\xBE\xD0\xBB\xD1\x81\xD1\x82\xD0\xBE\xD0\xB9",
	 "\xD0\x9B\xD0\xB5\xD0\xB2", "",
	 "\xD0\xA2\xD0\xBE\xD0\xBB\xD1\x81\xD1\x82\xD0\xBE\xD0\xB9", "", 0},
	{"Taro\xC2\xA0Yamada", "Taro", "", "Yamada", "", 0},
	{"  Knuth  ", "", "", "Knuth", "", 0},
	{"", "", "", "", "", 0},
	{"a, b, c, d", "c, d", "", "a", "b", 1},
	{"{\\relax Ch}ristopher Smith", "{\\relax Ch}ristopher", "", "Smith", "", 0},
	{"Smith, {\\relax Ch}ristopher", "{\\relax Ch}ristopher", "", "Smith", "", 0},
	{"A {{nested {deep}}} name", "A {{nested {deep}}}", "", "name", "", 0},
	{"Unbalanced {brace name", "Unbalanced", "", "{brace name", "", 0},
};

static int same_str(cx_str got, const char *want)
{
	return got.n == strlen(want) && (got.n == 0 || memcmp(got.p, want, got.n) == 0);
}

static int check_raw_case(const struct raw_case *c)
{
	struct name_raw r;
	const char *err = names_split_raw(c->input, strlen(c->input), &r);
	cx_str got[4];
	const char *want[4];
	int ok = 1, k;

	got[0] = r.first, got[1] = r.von, got[2] = r.last, got[3] = r.jr;
	want[0] = c->first, want[1] = c->von, want[2] = c->last, want[3] = c->jr;
	for (k = 0; k < 4; k++) {
		if (same_str(got[k], want[k]))
			continue;
		if (ok)
			printf("FAIL raw \"%s\"\n", c->input);
		ok = 0;
		printf("  %s: got ", part_names[k]);
		print_str(got[k].p, got[k].n);
		printf(", want \"%s\"\n", want[k]);
	}
	if ((err != NULL) != c->error) {
		if (ok)
			printf("FAIL raw \"%s\"\n", c->input);
		ok = 0;
		printf("  error: got %s\n", err ? err : "none");
	}
	return ok;
}

/* ---- hand-written list splits ------------------------------------------ */

struct list_case {
	const char *input;
	const char *names[5]; /* NULL-terminated */
};

static const struct list_case list_cases[] = {
	{"Doe, John and Smith, Jane AND Brown, Bob", {"Doe, John", "Smith, Jane", "Brown, Bob", NULL}},
	{"A and {B and C}", {"A", "{B and C}", NULL}},
	{"A And B aNd C", {"A", "B", "C", NULL}},
	{"Anderson and Band", {"Anderson", "Band", NULL}},
	{"A and and B", {"A", "B", NULL}},
	{" and A", {"A", NULL}},
	{"A\nand\tB", {"A", "B", NULL}},
	{"A~and~B", {"A~and~B", NULL}},
	{"What a Strange{ }and Bizzare Name! and Peterson", {"What a Strange{ }and Bizzare Name!", "Peterson", NULL}},
	{"Jones and", {"Jones and", NULL}},
	{"{Barnes and Noble, Inc.} and others", {"{Barnes and Noble, Inc.}", "others", NULL}},
	{"A} and B", {"A}", "B", NULL}},
	{"", {NULL}},
	{"   ", {NULL}},
};

struct collect {
	cx_str v[8];
	size_t n;
};

static void collect_name(void *ctx, const char *s, size_t n)
{
	struct collect *c = ctx;
	if (c->n < 8)
		c->v[c->n] = (cx_str){s, n};
	c->n++;
}

static int check_list_case(const struct list_case *c)
{
	struct collect got = {{{NULL, 0}}, 0};
	size_t want = 0, ret, i;
	int ok;

	while (c->names[want])
		want++;
	ret = names_split_list(c->input, strlen(c->input), collect_name, &got);
	ok = ret == want && got.n == want;
	for (i = 0; ok && i < want; i++)
		ok = same_str(got.v[i], c->names[i]);
	if (!ok) {
		printf("FAIL list \"%s\": returned %zu, got", c->input, ret);
		for (i = 0; i < got.n && i < 8; i++) {
			fputc(' ', stdout);
			print_str(got.v[i].p, got.v[i].n);
		}
		printf("; want");
		for (i = 0; i < want; i++)
			printf(" \"%s\"", c->names[i]);
		printf("\n");
	}
	return ok;
}

/* ---- names_parse ------------------------------------------------------- */

/* Inputs are plain ASCII without braces inside parts, so the results do
 * not depend on what latex_decode does beyond copying plain text. */
struct want_name {
	const char *family, *given, *particle, *suffix, *literal;
	int others, dropping;
};

struct parse_case {
	const char *input;
	enum cx_particles particles;
	size_t n;
	struct want_name names[3];
};

static const struct parse_case parse_cases[] = {
	{"Ludwig van Beethoven and {Barnes and Noble, Inc.} and others", CX_PARTICLES_DROPPING, 3,
	 {{"Beethoven", "Ludwig", "van", "", "", 0, 1},
	  {"", "", "", "", "Barnes and Noble, Inc.", 0, 0},
	  {"", "", "", "", "", 1, 0}}},
	{"Ludwig van Beethoven", CX_PARTICLES_NONDROPPING, 1,
	 {{"Beethoven", "Ludwig", "van", "", "", 0, 0}}},
	{"Ford, Jr., Henry and Doe, Jane", CX_PARTICLES_NONDROPPING, 2,
	 {{"Ford", "Henry", "", "Jr.", "", 0, 0},
	  {"Doe", "Jane", "", "", "", 0, 0}}},
	{"  others  and Smith", CX_PARTICLES_NONDROPPING, 2,
	 {{"", "", "", "", "", 1, 0},
	  {"Smith", "", "", "", "", 0, 0}}},
	{"Others", CX_PARTICLES_NONDROPPING, 1,
	 {{"Others", "", "", "", "", 0, 0}}},
	{"", CX_PARTICLES_NONDROPPING, 0, {{NULL, NULL, NULL, NULL, NULL, 0, 0}}},
	{" and  and ", CX_PARTICLES_NONDROPPING, 0, {{NULL, NULL, NULL, NULL, NULL, 0, 0}}},
};

/* Each case as the normalizer parses it: an input that latex_text gives
 * back as it is (no decoding at all) is parsed a second time with plain
 * set, which must change nothing. */
static int check_parse_case(const struct parse_case *c)
{
	static struct cx_name dummy;
	struct arena a = {0};
	size_t len = strlen(c->input);
	int plain = len && latex_text(&a, c->input, len).p == c->input, ok = 1;

	for (int as_is = 0; ok && as_is <= plain; as_is++) {
		struct cx_name *v = &dummy; /* names_parse must overwrite it */
		size_t n = names_parse(&a, c->input, len, c->particles, as_is, &v), i;
		ok = n == c->n && (n > 0 || v == NULL);
		for (i = 0; ok && i < n; i++) {
			const struct want_name *w = &c->names[i];
			ok = same_str(v[i].family, w->family) && same_str(v[i].given, w->given) &&
			     same_str(v[i].particle, w->particle) && same_str(v[i].suffix, w->suffix) &&
			     same_str(v[i].literal, w->literal) && v[i].others == (unsigned)w->others &&
			     v[i].dropping == (unsigned)w->dropping && v[i].equal == 0;
			if (!ok)
				printf("FAIL parse \"%s\" (plain %d): name %zu differs\n", c->input, as_is, i);
		}
		if (n != c->n)
			printf("FAIL parse \"%s\" (plain %d): %zu names, want %zu\n", c->input, as_is, n,
			       c->n);
		else if (!ok && n == 0)
			printf("FAIL parse \"%s\": *out not NULL for no names\n", c->input);
	}
	arena_destroy(&a);
	return ok;
}

/* A list of 100k names: the array grows geometrically and the split is
 * linear, so this runs in milliseconds even under the sanitizers. */
static int check_big_list(void)
{
	enum { N = 100000 };
	struct arena a = {0};
	struct buf b = {0};
	struct cx_name *v;
	char tmp[64];
	size_t i, n;
	int ok;

	for (i = 0; i < N; i++) {
		int len = snprintf(tmp, sizeof tmp, "%sGiven%zu de Family%zu", i ? " and " : "", i, i);
		buf_put(&b, tmp, (size_t)len);
	}
	n = names_parse(&a, b.p, b.n, CX_PARTICLES_NONDROPPING, 1, &v);
	ok = n == N;
	for (i = 0; ok && i < N; i += 9999) {
		snprintf(tmp, sizeof tmp, "Family%zu", i);
		ok = same_str(v[i].family, tmp) && same_str(v[i].particle, "de");
		snprintf(tmp, sizeof tmp, "Given%zu", i);
		ok = ok && same_str(v[i].given, tmp);
	}
	if (!ok)
		printf("FAIL big list: %zu names\n", n);
	buf_free(&b);
	arena_destroy(&a);
	return ok;
}

/* Deep braces must not recurse: a 100k-deep group is one word. */
static int check_deep_braces(void)
{
	enum { D = 100000 };
	struct buf b = {0};
	struct name_raw r;
	size_t i;
	int ok;

	buf_put(&b, "First ", 6);
	for (i = 0; i < D; i++)
		buf_putc(&b, '{');
	buf_putc(&b, 'x');
	for (i = 0; i < D; i++)
		buf_putc(&b, '}');
	names_split_raw(b.p, b.n, &r);
	ok = same_str(r.first, "First") && r.last.n == 2 * D + 1;
	if (!ok)
		printf("FAIL deep braces\n");
	buf_free(&b);
	return ok;
}

int main(int argc, char **argv)
{
	struct jcase *cases;
	size_t ncases, i, corpus_pass = 0, extra = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: %s parse_name_cases.json\n", argv[0]);
		return 2;
	}
	cases = read_cases(argv[1], &ncases);
	for (i = 0; i < ncases; i++) {
		int ok = check_json_case(&cases[i]);
		corpus_pass += (size_t)ok;
		tally(ok);
	}
	free_cases(cases, ncases);
	printf("pybtex corpus: %zu/%zu\n", corpus_pass, ncases);

	for (i = 0; i < sizeof raw_cases / sizeof raw_cases[0]; i++, extra++)
		tally(check_raw_case(&raw_cases[i]));
	for (i = 0; i < sizeof list_cases / sizeof list_cases[0]; i++, extra++)
		tally(check_list_case(&list_cases[i]));
	for (i = 0; i < sizeof parse_cases / sizeof parse_cases[0]; i++, extra++)
		tally(check_parse_case(&parse_cases[i]));
	tally(check_big_list());
	tally(check_deep_braces());
	extra += 2;
	printf("hand-written cases: %zu\n", extra);

	printf("%zu passed, %zu failed\n", npass, nfail);
	return nfail ? 1 : 0;
}
