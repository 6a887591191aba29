/* test_authors.c - unit tests for the author-list grammar (grammar/authors.y).
 *
 * Usage: test_authors [ignored]
 *
 * Each row is an author string as a CV writes it and the names au_parse and
 * au_split should make of it, written as "Family|Given" (or "=Literal"),
 * with suffixes for the flags: '*' equal contribution, '!' bold, '0' an
 * empty slot, '+' et al.  Prints every failure, then "N passed, M failed";
 * exits 1 on failure.
 */
#include <stdio.h>
#include <string.h>

#include "cv/cv.h"

static size_t npass, nfail;

struct row {
	const char *in;
	const char *want[12];
};

/* \x05 and \x06 are the bold markup the line model makes of **Name**. */
static const struct row rows[] = {
	{"A. Author, B. Author, and C. Author", {"Author|A.", "Author|B.", "Author|C."}},
	{"Liangyu Zhao and Arvind Krishnamurthy", {"Zhao|Liangyu", "Krishnamurthy|Arvind"}},
	{"Sarah Johnson & David Lee", {"Johnson|Sarah", "Lee|David"}},
	{"Kan Zhu*, Tian Tang*, Qinyu Xu*, Yile Gu", {"Zhu|Kan*", "Tang|Tian*", "Xu|Qinyu*", "Gu|Yile"}},
	{"\x05Liangyu Zhao\x06, Saeed Maleki", {"Zhao|Liangyu!", "Maleki|Saeed"}},
	{"Biao Sun*, Hanyu Zhao*, Wei Lin (*co-first authors)", {"Sun|Biao*", "Zhao|Hanyu*", "Lin|Wei"}},
	{"Xuanzhe Liu (Advisor), Yihao Zhao", {"Liu|Xuanzhe", "Zhao|Yihao"}},
	{"Kan Zhu, Tian Tang, Qinyu Xu et al.", {"Zhu|Kan", "Tang|Tian", "Xu|Qinyu", "+"}},
	{"A. Smith, B. Jones, et al.", {"Smith|A.", "Jones|B.", "+"}},
	{", Zhaozhuo Xu*, Jingyi Xi*", {"0", "Xu|Zhaozhuo*", "Xi|Jingyi*"}},
	{"Rui Pan, , Zhen Jia", {"Pan|Rui", "0", "Jia|Zhen"}},
	{", Bob Jones", {"0", "Jones|Bob"}},
	{"T. S. Eugene Ng, Jack YB Lee", {"Ng|T. S. Eugene", "Lee|Jack YB"}},
	{"Jean-Pierre Dupont, Chien-Yu Lin", {"Dupont|Jean-Pierre", "Lin|Chien-Yu"}},
	{"Siva Kesava Reddy Kakarla", {"Kakarla|Siva Kesava Reddy"}},
	{"Zhao, L., Krishnamurthy, A., & Ng, T. S. E.", {"Zhao|L.", "Krishnamurthy|A.", "Ng|T. S. E."}},
	{"Zhao, Liangyu and Krishnamurthy, Arvind", {"Zhao|Liangyu", "Krishnamurthy|Arvind"}},
	{"Zhao L, Krishnamurthy A", {"Zhao|L.", "Krishnamurthy|A."}},
	{"Ludwig van Beethoven, Martin Luther King Jr.", {"van Beethoven|Ludwig", "King|Martin Luther|Jr."}},
	{"\xE7\x94\xB0\xE4\xB8\xAD \xE6\xB5\xA9, \xE4\xBD\x90\xE8\x97\xA4 \xE7\x94\xB1\xE7\xB4\x80",
	 {"=\xE7\x94\xB0\xE4\xB8\xAD \xE6\xB5\xA9", "=\xE4\xBD\x90\xE8\x97\xA4 \xE7\x94\xB1\xE7\xB4\x80"}},
	{"ZHANG Wei, Yuki SATO", {"ZHANG|Wei", "SATO|Yuki"}},
	{"Li Chou, Zichang Liu; Anshumali Shrivastava", {"Chou|Li", "Liu|Zichang", "Shrivastava|Anshumali"}},
	{"Wencong Xiao\xE2\x80\xA0, Romil Bhardwaj\xE2\x80\xA1", {"Xiao|Wencong*", "Bhardwaj|Romil"}},
	{"Ada Lovelace", {"Lovelace|Ada"}},
	/* family first, initials and full given names mixed */
	{"Dasbach, G., Linpeng, Xiayu, Suter, D., et al.", {"Dasbach|G.", "Linpeng|Xiayu", "Suter|D.", "+"}},
	{"Aksit, Aykut, Arteaga, Daniel N, Kysar, Jeffrey W", {"Aksit|Aykut", "Arteaga|Daniel N", "Kysar|Jeffrey W"}},
	{"Smith, John, Roe, Jane", {"Smith|John", "Roe|Jane"}},
	{"Ryan, KM, Glaviano, A, Dunne, R", {"Ryan|KM", "Glaviano|A", "Dunne|R"}},
	{"Zhong, Zhiqin, Li, Ziyuan, \x05Wu, Yong\x06, & Jagadish, Chennupati",
	 {"Zhong|Zhiqin", "Li|Ziyuan", "Wu|Yong!", "Jagadish|Chennupati"}},
	{"van der Berg, Ingrid, Della Pietra, Stephen A.", {"van der Berg|Ingrid", "Della Pietra|Stephen A."}},
	/* family names alone are no pairs */
	{"Westwood, Messing & Lelkes", {"Westwood|", "Messing|", "Lelkes|"}},
	{"Kifer, Messing, Roth, and Thakurta", {"Kifer|", "Messing|", "Roth|", "Thakurta|"}},
	{"Liangyu Zhao, Arvind Krishnamurthy", {"Zhao|Liangyu", "Krishnamurthy|Arvind"}},
	/* one list, three orders: family first with initials, initials
	 * first, Vancouver */
	{"Smith, J., Doe, K.", {"Smith|J.", "Doe|K."}},
	{"J. Smith, K. Doe", {"Smith|J.", "Doe|K."}},
	{"Smith J, Doe K", {"Smith|J.", "Doe|K."}},
	{"Smith, J. K., Doe, L., and Roe, M.", {"Smith|J. K.", "Doe|L.", "Roe|M."}},
	/* "Family, I." pairs around a bare family name: the pairs decide */
	{"Hybels, C.F., Blazer, D.G., Eagle, & Proeschold-Bell, R.J.",
	 {"Hybels|C.F.", "Blazer|D.G.", "Eagle|", "Proeschold-Bell|R.J."}},
	{"Liu, X., Whetten, K., Consortium, Prose, N.S.", {"Liu|X.", "Whetten|K.", "Consortium|", "Prose|N.S."}},
	/* a command of the page's own where a name stands: the owner's slot */
	{"Johnston, E.F., \\Eagle, Headley, J., & Holleman, A.",
	 {"Johnston|E.F.", "0", "Headley|J.", "Holleman|A."}},
	{"Hamm, A., & \\Eagle", {"Hamm|A.", "0"}},
	{"Lutz, J.R., & \\Eagle\\CS", {"Lutz|J.R.", "0"}},
	{"\\me, Doe, K.", {"0", "Doe|K."}},
	/* German "und andere" */
	{"Chakraborty A, Mikolajick T, Heinzig A, u. a.", {"Chakraborty|A.", "Mikolajick|T.", "Heinzig|A.", "+"}},
	/* IOP: initials spaced after the family name; Vancouver initials are
	 * written as initials, with stops */
	{"Nguyen A, Hakkarainen T, Guina M D and Dubrovskii V G",
	 {"Nguyen|A.", "Hakkarainen|T.", "Guina|M. D.", "Dubrovskii|V. G."}},
	{"Yan Q, Van de Walle CG, Guina MD", {"Yan|Q.", "Van de Walle|C. G.", "Guina|M. D."}},
	{"Jena D, Niquet Y-M, Plissard S R", {"Jena|D.", "Niquet|Y.-M.", "Plissard|S. R."}},
};

static void render(struct arena *a, const struct au_list *L, size_t i, char *out, size_t cap)
{
	const struct au_name *n = &L->v[i];
	if (n->empty) {
		snprintf(out, cap, "0");
		return;
	}
	if (n->others && !n->text.n) {
		snprintf(out, cap, "+");
		return;
	}
	struct cx_name nm;
	au_split(a, n->text, n->family_first, L->vancouver, &nm);
	if (nm.literal.n)
		snprintf(out, cap, "=%.*s", (int)nm.literal.n, nm.literal.p);
	else {
		char fam[128];
		if (nm.particle.n)
			snprintf(fam, sizeof fam, "%.*s %.*s", (int)nm.particle.n, nm.particle.p,
			         (int)nm.family.n, nm.family.p);
		else
			snprintf(fam, sizeof fam, "%.*s", (int)nm.family.n, nm.family.p);
		if (nm.suffix.n)
			snprintf(out, cap, "%s|%.*s|%.*s", fam, (int)nm.given.n, nm.given.p, (int)nm.suffix.n,
			         nm.suffix.p);
		else
			snprintf(out, cap, "%s|%.*s", fam, (int)nm.given.n, nm.given.p);
	}
	size_t l = strlen(out);
	if (n->equal && l + 1 < cap)
		out[l++] = '*';
	if (n->bold && l + 1 < cap)
		out[l++] = '!';
	out[l] = 0;
}

static void check_row(const struct row *r)
{
	struct arena a = {0};
	struct au_list L;
	int ok = au_parse(&a, r->in, strlen(r->in), &L) == 0;
	size_t want = 0;
	while (want < 12 && r->want[want])
		want++;
	/* "X et al." is one slot with .others: expand it as the reader does */
	char got[16][160];
	size_t ngot = 0;
	for (size_t i = 0; ok && i < L.n && ngot < 15; i++) {
		render(&a, &L, i, got[ngot++], sizeof got[0]);
		if (L.v[i].others && L.v[i].text.n)
			snprintf(got[ngot++], sizeof got[0], "+");
	}
	int same = ok && ngot == want;
	for (size_t i = 0; same && i < want; i++)
		same = !strcmp(got[i], r->want[i]);
	if (same) {
		npass++;
	} else {
		nfail++;
		printf("FAIL \"%s\"%s\n  want:", r->in, ok ? "" : " (grammar rejected it)");
		for (size_t i = 0; i < want; i++)
			printf(" [%s]", r->want[i]);
		printf("\n  got: ");
		for (size_t i = 0; i < ngot; i++)
			printf(" [%s]", got[i]);
		printf("\n");
	}
	arena_destroy(&a);
}

static void check(int cond, const char *what)
{
	if (cond)
		npass++;
	else {
		nfail++;
		printf("FAIL %s\n", what);
	}
}

int main(void)
{
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
		check_row(&rows[i]);

	struct arena a = {0};
	struct au_list L;
	const char *co = "Biao Sun*, Hanyu Zhao* (*co-first authors)";
	check(au_parse(&a, co, strlen(co), &L) == 0 && L.equal_note, "co-first annotation noted");
	check(au_is_initials((cx_str){"J.-P.", 5}), "J.-P. is initials");
	check(!au_is_initials((cx_str){"Jo.", 3}), "Jo. is not initials");
	check(au_name_like("T. S. Eugene Ng", 15), "T. S. Eugene Ng is a name");
	check(!au_name_like("Bandwidth Optimal Pipeline Schedule for Collective", 50),
	      "a title is no name");
	check(!au_name_like("Zhao. Deep Learning", 19), "a sentence end is no name");
	check(!au_name_like("OSDI 2025", 9), "a venue is no name");

	/* 5000 authors: the grammar is linear and keeps no deep stack */
	static char big[5000 * 16];
	size_t k = 0;
	for (int i = 0; i < 5000; i++)
		k += (size_t)snprintf(big + k, sizeof big - k, "%sAb Cd%d", i ? ", " : "", i % 10);
	for (size_t i = 0; i < k; i++)
		if (big[i] >= '0' && big[i] <= '9')
			big[i] = 'x';
	check(au_parse(&a, big, k, &L) == 0 && L.n == 5000, "5000-name list");
	arena_destroy(&a);

	printf("%zu passed, %zu failed\n", npass, nfail);
	return nfail ? 1 : 0;
}
