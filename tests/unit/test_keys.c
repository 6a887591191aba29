/* test_keys.c - unit tests for the key generator (src/norm/keys.c).
 *
 * Usage: test_keys [ignored]
 *
 * Tables of transliterations, of markers over hand-built entries, of bad
 * patterns, then collisions and reference renaming through keygen_run.
 * Expected keys are what the JabRef documentation and docs/guide.md say the
 * markers mean, worked out by hand.
 *
 * Prints every failure, then "N passed, M failed"; exits 1 on failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "norm/keys.h"
#include "norm/norm.h"

static size_t npass, nfail;

static void expect(const char *what, const char *want, const char *got, size_t ngot)
{
	if (strlen(want) == ngot && (!ngot || !memcmp(want, got, ngot))) {
		npass++;
		return;
	}
	nfail++;
	printf("FAIL %s: want '%s', got '%.*s'\n", what, want, (int)ngot, got);
}

/* ---- transliteration ---------------------------------------------------------- */

static const struct {
	const char *in, *out;
} folds[] = {
	{"Garc\xc3\xad" "a", "Garcia"},             /* García */
	{"\xc5\x81ukasz", "Lukasz"},                 /* Łukasz */
	{"M\xc3\xbcller", "Muller"},                 /* Müller: u, not ue */
	{"Stra\xc3\x9f" "e", "Strasse"},             /* Straße */
	{"\xc3\x98ster", "Oster"},                   /* Øster */
	{"\xc3\x86r\xc3\xb8", "Aero"},               /* Ærø */
	{"\xc3\x9e\xc3\xb3r", "Thor"},               /* Þór */
	{"\xc4\x90or\xc4\x91" "evi\xc4\x87", "Dordevic"}, /* Đorđević */
	{"K\xc4\xb1rm\xc4\xb1z\xc4\xb1", "Kirmizi"}, /* Kırmızı */
	{"\xc5\x92uvre", "Oeuvre"},                  /* Œuvre */
	{"\xc3\xb0", "d"},                           /* ð */
	{"\xc7\xbe", "O"},                           /* Ǿ: Ø with acute */
	{"\xef\xac\x81nd", "find"},                  /* ﬁ ligature (compatibility) */
	{"\xd0\x98\xd0\xb2\xd0\xb0\xd0\xbd\xd0\xbe\xd0\xb2", "Ivanov"}, /* Иванов */
	{"\xd0\xa9\xd1\x83\xd0\xba\xd0\xb0", "Shchuka"},                /* Щука */
	{"\xd0\x99\xd0\xbe\xd1\x84\xd0\xb5", "Iofe"},                   /* Йофе */
	{"\xce\xa0\xce\xb1\xcf\x80\xce\xb1\xce\xb4\xcf\x8c\xcf\x80\xce\xbf\xcf\x85\xce\xbb\xce\xbf\xcf\x82",
	 "Papadopoulos"},                                                /* Παπαδόπουλος */
	{"\xe7\x94\xb0\xe4\xb8\xad", ""},            /* 田中: no romanization */
	{"O'Brien", "OBrien"},
	{"Baeza-Yates", "BaezaYates"},
	{"\x01" "F\x02orest", "Forest"},             /* markup bytes */
	{"see \x14http://x.org/a\x15 now", "seenow"}, /* a URL is no words */
	{"\x12\\alpha_1\x13", "1"},                  /* a command name in math */
	{"{}(),=\\#%~\" \t", ""},                    /* never in a key */
};

static void test_fold(void)
{
	struct buf b = {0};
	for (size_t i = 0; i < sizeof folds / sizeof *folds; i++) {
		b.n = 0;
		translit_ascii(&b, (cx_str){folds[i].in, strlen(folds[i].in)});
		char what[64];
		snprintf(what, sizeof what, "fold #%zu", i);
		expect(what, folds[i].out, b.p, b.n);
	}
	buf_free(&b);
}

/* ---- entries ------------------------------------------------------------------- */

#define S(lit) ((cx_str){(lit), sizeof(lit) - 1})
#define MAXF 8

struct mk {
	struct cx_entry e;
	struct cx_field f[MAXF];
	struct cx_name n[2][8];
};

static void mk_init(struct mk *m, const char *key, int year)
{
	memset(m, 0, sizeof *m);
	m->e.kind = CX_ENTRY_RECORD;
	m->e.type_name = S("article");
	m->e.key = (cx_str){key, strlen(key)};
	m->e.fields = m->f;
	m->e.issued.year[0] = year;
}

static struct cx_field *mk_field(struct mk *m, enum cx_field_id id, const char *name, const char *text)
{
	struct cx_field *f = &m->f[m->e.nfields++];
	f->id = id;
	f->name = (cx_str){name, strlen(name)};
	f->text = f->raw = (cx_str){text, text ? strlen(text) : 0};
	return f;
}

/* Names as "family|particle" or "=literal", NULL-terminated; "..." is
 * "and others". */
static void mk_names(struct mk *m, enum cx_field_id id, const char *const *names)
{
	int k = id == CX_F_AUTHOR ? 0 : 1;
	struct cx_field *f = mk_field(m, id, id == CX_F_AUTHOR ? "author" : "editor", "x");
	f->names = m->n[k];
	for (; *names; names++) {
		struct cx_name *nm = &m->n[k][f->nnames++];
		const char *s = *names, *bar = strchr(s, '|');
		if (!strcmp(s, "..."))
			nm->others = 1;
		else if (*s == '=')
			nm->literal = (cx_str){s + 1, strlen(s + 1)};
		else if (bar) {
			nm->family = (cx_str){s, (size_t)(bar - s)};
			nm->particle = (cx_str){bar + 1, strlen(bar + 1)};
		} else
			nm->family = (cx_str){s, strlen(s)};
	}
}

static void key_is(const char *what, const char *pattern, struct mk *m, const char *want)
{
	const char *err = NULL;
	struct keygen *g = keygen_new(NULL, pattern, &err);
	if (!g) {
		nfail++;
		printf("FAIL %s: pattern '%s' refused: %s\n", what, pattern ? pattern : "(default)", err);
		return;
	}
	struct cx_entry e = m->e;
	keygen_apply(g, &e);
	expect(what, want, e.key.p, e.key.n);
	keygen_free(g);
}

static void test_markers(void)
{
	struct mk m;
	static const char *const zhao[] = {"Zhao", "Maleki", "Wang", NULL};
	mk_init(&m, "old", 2025);
	mk_names(&m, CX_F_AUTHOR, zhao);
	mk_field(&m, CX_F_TITLE, "title",
	         "\x01" "ForestColl\x02: Throughput-Optimal Collective Communications on Heterogeneous "
	         "Network Fabrics");
	key_is("default pattern", NULL, &m, "zhao2025forestcoll");
	key_is("[auth]", "[auth]", &m, "Zhao");
	key_is("[auth:upper]", "[auth:upper]", &m, "ZHAO");
	key_is("[authors2], three authors", "[authors2]", &m, "ZhaoMalekiEtAl");
	key_is("[authors3]", "[authors3]", &m, "ZhaoMalekiWang");
	key_is("[authors]", "[authors]", &m, "ZhaoMalekiWang");
	key_is("[authEtAl], three authors", "[authEtAl]", &m, "ZhaoEtAl");
	key_is("[year] [shortyear]", "[year]-[shortyear]", &m, "2025-25");
	key_is("[shorttitle], hyphen splits words", "[shorttitle]", &m, "ForestCollThroughputOptimal");
	key_is("literal text", "x_[auth:lower]:[year].k", &m, "x_zhao:2025.k");
	key_is("modifiers in order", "[auth:upper:lower]", &m, "zhao");

	static const char *const two[] = {"Smith", "Jones", NULL};
	mk_init(&m, "old", 0);
	mk_names(&m, CX_F_AUTHOR, two);
	key_is("[authors2], two authors", "[authors2]", &m, "SmithJones");
	key_is("[authEtAl], two authors", "[authEtAl]", &m, "SmithJones");
	key_is("no year gives nothing", "[auth:lower][year]", &m, "smith");

	static const char *const others[] = {"Smith", "...", NULL};
	mk_init(&m, "old", 0);
	mk_names(&m, CX_F_AUTHOR, others);
	key_is("[authors2], and others", "[authors2]", &m, "SmithEtAl");
	key_is("[auth], and others", "[auth]", &m, "Smith");

	static const char *const von[] = {"Berg|van der", NULL};
	mk_init(&m, "old", 1999);
	mk_names(&m, CX_F_AUTHOR, von);
	key_is("[auth] leaves the particle out", "[auth]", &m, "Berg");

	static const char *const corp[] = {"=World Health Organization", NULL};
	mk_init(&m, "old", 2020);
	mk_names(&m, CX_F_AUTHOR, corp);
	key_is("literal name", "[auth:lower]", &m, "worldhealthorganization");

	static const char *const eds[] = {"M\xc3\xbcller", NULL};
	mk_init(&m, "old", 2020);
	mk_names(&m, CX_F_EDITOR, eds);
	key_is("editor when no author", "[auth:lower]", &m, "muller");

	static const char *const kanji[] = {"=\xe7\x94\xb0\xe4\xb8\xad", NULL};
	mk_init(&m, "old", 2020);
	mk_names(&m, CX_F_AUTHOR, kanji);
	mk_names(&m, CX_F_EDITOR, eds);
	key_is("editor when the author folds to nothing", "[auth:lower]", &m, "muller");

	mk_init(&m, "old", 2020);
	mk_field(&m, CX_F_ORGANIZATION, "organization", "W3C");
	key_is("organization when no name", "[auth]", &m, "W3C");

	mk_init(&m, "old", 2020);
	mk_field(&m, CX_F_TITLE, "title", "An awesome paper on JabRef");
	key_is("anon when nothing", "[auth][year]", &m, "anon2020");
	key_is("[shorttitle]", "[shorttitle]", &m, "AwesomePaperJabRef");
	key_is("[veryshorttitle]", "[veryshorttitle]", &m, "Awesome");
	key_is("[title]", "[title]", &m, "AnAwesomePaperonJabRef");
	key_is("[firstpage] absent", "[firstpage]", &m, "anon");

	mk_init(&m, "old", 2020);
	mk_field(&m, CX_F_TITLE, "title", "Towards the $\\alpha$-Model: How we do it");
	key_is("[shorttitle] skips function words", "[shorttitle]", &m, "ModelIt");

	mk_init(&m, "old", 2020);
	mk_field(&m, CX_F_JOURNAL, "journal", "IEEE/ACM Transactions on Networking");
	key_is("[venue] from the venue table", "[venue]", &m, "ToN");
	mk_field(&m, CX_F_SHORTJOURNAL, "shortjournal", "TNET");
	key_is("[venue] from a one-word short title", "[venue]", &m, "TNET");

	mk_init(&m, "old", 2024);
	mk_field(&m, CX_F_BOOKTITLE, "booktitle",
	         "18th USENIX Symposium on Operating Systems Design and Implementation (OSDI '24)");
	key_is("[venue] from a parsed booktitle", "[venue:lower]", &m, "osdi");

	mk_init(&m, "old", 2024);
	mk_field(&m, CX_F_JOURNAL, "journal", "Journal of Unknown Things");
	mk_field(&m, CX_F_SHORTJOURNAL, "shortjournal", "J. Unkn. Th.");
	key_is("[venue] from an abbreviation", "[venue]", &m, "JUnknTh");

	mk_init(&m, "old", 2024);
	mk_field(&m, CX_F_PAGES, "pages", "e1234-e1240");
	key_is("[firstpage]", "[firstpage]", &m, "e1234");
}

/* ---- bad patterns ---------------------------------------------------------------- */

static void test_bad_patterns(void)
{
	static const char *const bad[] = {
		"", "[auth", "[nope]", "[auth:title]", "[auth] [year]", "key]", "[authors0]",
		"x{[auth]}", "k\xc3\xa9[year]", "[auth:lower:upper:lower:upper:lower]",
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		const char *err = NULL;
		struct keygen *g = keygen_new(NULL, bad[i], &err);
		if (!g && err && *err) {
			npass++;
			continue;
		}
		nfail++;
		printf("FAIL pattern '%s' was accepted\n", bad[i]);
		keygen_free(g);
	}
}

/* ---- collisions and references -------------------------------------------------------- */

static void test_collisions(void)
{
	static const char *const smith[] = {"Smith", NULL};
	struct keygen *g = keygen_new(NULL, "[auth:lower][year]", NULL);
	static const char *const want[] = {"smith2020", "smith2020a", "smith2020b"};
	for (size_t i = 0; i < 29; i++) {
		struct mk m;
		mk_init(&m, "", 2020);
		mk_names(&m, CX_F_AUTHOR, smith);
		keygen_apply(g, &m.e);
		const char *w = i < 3 ? want[i] : i == 26 ? "smith2020z" : i == 27 ? "smith2020aa"
		                                  : i == 28 ? "smith2020ab" : NULL;
		if (w)
			expect("collision suffix", w, m.e.key.p, m.e.key.n);
	}
	/* A base key that looks like a suffixed one still stays unique. */
	struct mk m;
	mk_init(&m, "", 0);
	mk_field(&m, CX_F_ORGANIZATION, "organization", "smith2020a");
	keygen_apply(g, &m.e);
	expect("suffix after a taken suffixed key", "smith2020ac", m.e.key.p, m.e.key.n);
	keygen_free(g);
}

static void test_references(void)
{
	static const char *const zhao[] = {"Zhao", NULL};
	static const char *const berg[] = {"Berg|van der", NULL};
	struct mk child, parent, xd, other;
	/* The child comes first, as BibTeX wants it. */
	mk_init(&child, "child", 2025);
	mk_names(&child, CX_F_AUTHOR, zhao);
	mk_field(&child, CX_F_TITLE, "title", "ForestColl");
	mk_field(&child, CX_F_CROSSREF, "crossref", "proc");
	mk_field(&child, CX_F_XDATA, "xdata", "shared");
	mk_field(&child, CX_F_UNKNOWN, "related", "proc, other,missing");
	mk_init(&parent, "proc", 2025);
	mk_names(&parent, CX_F_EDITOR, berg);
	mk_field(&parent, CX_F_TITLE, "title", "Proceedings of Things");
	/* An @xdata entry keeps its key, and no generated key takes it. */
	mk_init(&xd, "shared", 0);
	xd.e.type_name = S("xdata");
	mk_init(&other, "other", 0);
	mk_field(&other, CX_F_ORGANIZATION, "organization", "shared");
	struct cx_entry *v[] = {&child.e, &parent.e, &xd.e, &other.e};
	struct keygen *g = keygen_new(NULL, NULL, NULL);
	keygen_run(g, v, 4);
	expect("child key", "zhao2025forestcoll", child.e.key.p, child.e.key.n);
	expect("parent key", "berg2025proceedings", parent.e.key.p, parent.e.key.n);
	expect("child's crossref is the parent's new key", "berg2025proceedings", child.f[2].text.p,
	       child.f[2].text.n);
	expect("crossref raw follows", "berg2025proceedings", child.f[2].raw.p, child.f[2].raw.n);
	expect("xdata key kept", "shared", xd.e.key.p, xd.e.key.n);
	expect("xdata reference kept", "shared", child.f[3].text.p, child.f[3].text.n);
	expect("xdata key reserved", "shareda", other.e.key.p, other.e.key.n);
	expect("related list renamed, spacing kept", "berg2025proceedings, shareda,missing",
	       child.f[4].text.p, child.f[4].text.n);
	keygen_free(g);
}

int main(void)
{
	test_fold();
	test_markers();
	test_bad_patterns();
	test_collisions();
	test_references();
	printf("%zu passed, %zu failed\n", npass, nfail);
	return nfail ? 1 : 0;
}
