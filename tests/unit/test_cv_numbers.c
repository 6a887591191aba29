/* test_cv_numbers.c - unit tests for the cv reader's numbers and links:
 * how an item's labelled volume, pages and link segments become volume,
 * issue, pages, DOI and URL (cv/entry.c), whatever the labeller did.
 *
 * Usage: test_cv_numbers [ignored]
 *
 * Each row gives the labelled segments of one reference (a title and a
 * container are set for all) and the fields the entry should have; "" wants
 * the field absent.  Prints every failure, then "N passed, M failed"; exits
 * 1 on failure.
 */
#include <stdio.h>
#include <string.h>

#include "cv/item.h"
#include "model/model.h"
#include "norm/context.h"
#include "read/reader.h"

static size_t npass, nfail;

struct row {
	const char *volume, *pages, *doi, *url;      /* the labelled segments */
	const char *want_vol, *want_iss, *want_pages, *want_doi, *want_url;
};

static const struct row rows[] = {
	/* an issue after n°, nº or № */
	{"vol. 40, n\xC2\xB0 4,", "pp. 451-478.", NULL, NULL, "40", "4", "451\xE2\x80\x93" "478", "", ""},
	{"n\xC2\xBA 59.", "p. 24-25.", NULL, NULL, "", "59", "24\xE2\x80\x93" "25", "", ""},
	{"12, \xE2\x84\x96 3", "5-9", NULL, NULL, "12", "3", "5\xE2\x80\x93" "9", "", ""},
	/* Roman volumes, with an issue or without; a lone "V." is "Vol." and a
	 * lone C a series letter */
	{"Vol. XIX, No. 3", NULL, NULL, NULL, "XIX", "3", "", "", ""},
	{"Vol. LXVI(6),", NULL, NULL, NULL, "LXVI", "6", "", "", ""},
	{"XIV:4", NULL, NULL, NULL, "XIV", "4", "", "", ""},
	{"t. IX,", NULL, NULL, NULL, "IX", "", "", "", ""},
	{"V. 37,", NULL, NULL, NULL, "37", "", "", "", ""},
	{"C 58,", NULL, NULL, NULL, "58", "", "", "", ""},
	{"Tome 82, fasc. 1-2,", NULL, NULL, NULL, "82", "1-2", "", "", ""},
	/* an issue range with an en dash */
	{"144 (1\xE2\x80\x93" "2):", "101-124", NULL, NULL, "144", "1\xE2\x80\x93" "2", "101\xE2\x80\x93" "124", "", ""},
	/* pages the labeller left in the volume */
	{"12(3) 350-360,", NULL, NULL, NULL, "12", "3", "350\xE2\x80\x93" "360", "", ""},
	{"2 151-169,", NULL, NULL, NULL, "2", "", "151\xE2\x80\x93" "169", "", ""},
	{"6(1) 166,", NULL, NULL, NULL, "6", "1", "166", "", ""},
	/* but "10, 39" is a volume and an issue */
	{"10, 39", NULL, NULL, NULL, "10", "39", "", "", ""},
	/* a number of four digits after the volume and a comma is a page */
	{"453, 12045.", NULL, NULL, NULL, "453", "", "12045", "", ""},
	/* pages that start with their dash take their first page back from
	 * the volume; a number after the volume and a blank alone is a page */
	{"38, 43", "- 102.", NULL, NULL, "38", "", "43\xE2\x80\x93" "102", "", ""},
	{"1 273,", NULL, NULL, NULL, "1", "", "273", "", ""},
	/* a volume left at the head of the pages */
	{NULL, "35, 9958\xE2\x80\x93" "9966.", NULL, NULL, "35", "", "9958\xE2\x80\x93" "9966", "", ""},
	/* a series after a book's extent */
	{NULL, "127 p. (Dominos).", NULL, NULL, "", "", "127 p", "", ""},
	{NULL, "3 (pp. 167-193)", NULL, NULL, "", "", "3 (pp. 167\xE2\x80\x93" "193", "", ""},
	/* the item's year after the pages and a comma is the date; another
	 * year stays where it is */
	{"24(112):1-45, 2001", NULL, NULL, NULL, "24", "112", "1\xE2\x80\x93" "45", "", ""},
	{NULL, "1-45, 2001.", NULL, NULL, "", "", "1\xE2\x80\x93" "45", "", ""},
	{NULL, "1-45, 1999.", NULL, NULL, "", "", "1\xE2\x80\x93" "45, 1999", "", ""},
	/* a resolver's link labelled a link stays the link; a DOI labelled a
	 * DOI is one; a bare DOI labelled a link is a DOI */
	{NULL, NULL, NULL, "http://dx.doi.org/10.1021/am303117g", "", "", "", "", "http://dx.doi.org/10.1021/am303117g"},
	{NULL, NULL, "doi:10.1021/am303117g.", NULL, "", "", "", "10.1021/am303117g", ""},
	{NULL, NULL, NULL, "doi:10.1021/am303117g", "", "", "", "10.1021/am303117g", ""},
	/* a DOI or a link that a blank cut */
	{NULL, NULL, "doi: 10.1057/ palcomms. 2015.46", NULL, "", "", "", "10.1057/palcomms.2015.46", ""},
	{NULL, NULL, "doi:10.1111/j.0012-155X.2005.00401.x. Accessed", NULL, "", "", "", "10.1111/j.0012-155X.2005.00401.x", ""},
	{NULL, NULL, NULL, "http://www.x.org/content.cfm/data-use-and -educational-details", "", "", "", "",
	 "http://www.x.org/content.cfm/data-use-and-educational-details"},
	{NULL, NULL, NULL, "http://phrack.org/issues. html?issue=64&id=6,", "", "", "", "", "http://phrack.org/issues.html?issue=64&id=6"},
	{NULL, NULL, NULL, "http://www.x.org/ accessed", "", "", "", "", "http://www.x.org/"},
};

static void check(size_t r, const char *what, const struct cx_entry *e, enum cx_field_id id, const char *want)
{
	struct cx_field *f = cx_entry_get(e, id);
	cx_str got = f ? cx_field_text(f) : (cx_str){"", 0};
	if (got.n == strlen(want) && !memcmp(got.p, want, got.n)) {
		npass++;
		return;
	}
	nfail++;
	printf("FAIL row %zu %s: want \"%s\", got \"%.*s\"\n", r, what, want, (int)got.n, got.p ? got.p : "");
}

static cx_str str(const char *s)
{
	return s ? (cx_str){s, strlen(s)} : (cx_str){"", 0};
}

int main(void)
{
	struct cx_context *cx = cx_context_new(NULL);
	cx_context_set_today(cx, 2026, 1, 1);
	struct cx_reader_ctx c;
	reader_ctx_init(&c, cx, "test");
	struct arena a = {0};
	struct cv_ctx x = {.a = &a, .c = &c};
	for (size_t r = 0; r < sizeof rows / sizeof *rows; r++) {
		const struct row *w = &rows[r];
		struct cv_item it;
		memset(&it, 0, sizeof it);
		it.line = 1;
		it.seg[LAB_AUTHOR] = str("Smith, J.");
		it.seg[LAB_TITLE] = str("A study of things.");
		it.seg[LAB_CONTAINER] = str("Journal of Things,");
		it.seg[LAB_DATE] = str("2001.");
		it.seg[LAB_VOLUME] = str(w->volume);
		it.seg[LAB_PAGES] = str(w->pages);
		it.seg[LAB_DOI] = str(w->doi);
		it.seg[LAB_URL] = str(w->url);
		struct cx_entry *e = cv_entry(&x, &it);
		if (!e) {
			nfail++;
			printf("FAIL row %zu: no entry\n", r);
			continue;
		}
		check(r, "volume", e, CX_F_VOLUME, w->want_vol);
		check(r, "issue", e, CX_F_NUMBER, w->want_iss);
		check(r, "pages", e, CX_F_PAGES, w->want_pages);
		check(r, "doi", e, CX_F_DOI, w->want_doi);
		check(r, "url", e, CX_F_URL, w->want_url);
		arena_reset(&a);
	}
	arena_destroy(&a);
	cx_context_free(cx);
	printf("%zu passed, %zu failed\n", npass, nfail);
	return nfail != 0;
}
