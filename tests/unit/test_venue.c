/* test_venue.c - unit tests for the venue grammar (grammar/venue.y) and the
 * venue table (src/norm/venue.c).
 *
 * Usage: test_venue [ignored]
 *
 * Three tables: venue strings in the shapes CVs write, each with every field
 * of struct venue_info it should produce; lookups against the compiled-in
 * table; and rows loaded with venue_db_load overriding built-in ones.
 * Expected values are what the venues are, not what the code printed.
 * 'YY years assume the current year is 2000-2097 (the cut-off for '99 is
 * current year + 1).
 *
 * Prints every failure, then "N passed, M failed"; exits 1 on failure.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "norm/venue.h"

static size_t npass, nfail;
/* The venues of one context; two-digit years are read against 2026. */
static struct venue_db *db;

#define CONF VENUE_CONFERENCE
#define JOUR VENUE_JOURNAL
#define WORK VENUE_WORKSHOP
#define PREP VENUE_PREPRINT
#define THES VENUE_THESIS
#define UNKN VENUE_UNKNOWN
#define PUBL VENUE_PUBLISHED
#define SUBM VENUE_SUBMITTED
#define INSUB VENUE_IN_SUBMISSION
#define APPEAR VENUE_TO_APPEAR
#define REVIEW VENUE_UNDER_REVIEW

struct pcase {
	const char *in;
	const char *acronym, *name;
	int year, edition;
	const char *publisher, *remainder, *arxiv;
	enum venue_kind kind;
	enum venue_status status;
	const char *row; /* row acronym, or its name when it has none; "-": none */
};

static const struct pcase parse_cases[] = {
	{"OSDI '25", "OSDI", "", 2025, 0, "", "", "", CONF, PUBL, "OSDI"},
	{"OSDI 2025", "OSDI", "", 2025, 0, "", "", "", CONF, PUBL, "OSDI"},
	{"NSDI'24", "NSDI", "", 2024, 0, "", "", "", CONF, PUBL, "NSDI"},
	{"NSDI\xe2\x80\x99" "24", "NSDI", "", 2024, 0, "", "", "", CONF, PUBL, "NSDI"},
	{"Proc. of OSDI", "OSDI", "", 0, 0, "", "", "", CONF, PUBL, "OSDI"},
	{"Proceedings of the 2023 ACM SIGCOMM Conference", "SIGCOMM", "ACM SIGCOMM Conference",
	 2023, 0, "ACM", "", "", CONF, PUBL, "SIGCOMM"},
	{"18th USENIX Symposium on Operating Systems Design and Implementation (OSDI '24)", "OSDI",
	 "USENIX Symposium on Operating Systems Design and Implementation", 2024, 18, "USENIX", "", "",
	 CONF, PUBL, "OSDI"},
	{"International Conference for High Performance Computing, Networking, Storage, and Analysis 2023 (SC '23)",
	 "SC", "International Conference for High Performance Computing, Networking, Storage, and Analysis",
	 2023, 0, "", "", "", CONF, PUBL, "SC"},
	{"2023 ACM International Conference on Management of Data (SIGMOD '23)", "SIGMOD",
	 "ACM International Conference on Management of Data", 2023, 0, "ACM", "", "", CONF, PUBL, "SIGMOD"},
	{"ACM SIGCOMM 2023, CCF-A", "SIGCOMM", "", 2023, 0, "ACM", "CCF-A", "", CONF, PUBL, "SIGCOMM"},
	{"Science China Information Sciences 2024, CCF-A", "", "Science China Information Sciences", 2024, 0,
	 "", "CCF-A", "", JOUR, PUBL, "SCIS"},
	{"IEEE TPDS 2024, CCF-A", "TPDS", "", 2024, 0, "IEEE", "CCF-A", "", JOUR, PUBL, "TPDS"},
	{"MoNeTec 2024", "MoNeTec", "", 2024, 0, "", "", "", CONF, PUBL, "MoNeTeC"},
	{"ECCV 2020, CCF-B", "ECCV", "", 2020, 0, "", "CCF-B", "", CONF, PUBL, "ECCV"},
	{"Submitted to ATC'25", "ATC", "", 2025, 0, "", "", "", CONF, SUBM, "ATC"},
	{"arXiv preprint, in submission", "arXiv", "arXiv preprint", 0, 0, "", "", "", PREP, INSUB, "arXiv"},
	{"arXiv preprint (2408.08586)", "arXiv", "arXiv preprint", 0, 0, "", "", "2408.08586", PREP, PUBL, "arXiv"},
	{"arXiv:2408.08586", "", "", 0, 0, "", "", "2408.08586", PREP, PUBL, "arXiv"},
	{"arXiv:cs/0601001v2", "", "", 0, 0, "", "", "cs/0601001v2", PREP, PUBL, "arXiv"},
	{"OSDI '25 | USENIX Symposium on Operating Systems Design and Implementation", "OSDI",
	 "USENIX Symposium on Operating Systems Design and Implementation", 2025, 0, "USENIX", "", "",
	 CONF, PUBL, "OSDI"},
	{"MLSys '25 (Outstanding Paper Honorable Mention)", "MLSys", "", 2025, 0, "",
	 "Outstanding Paper Honorable Mention", "", CONF, PUBL, "MLSys"},
	{"PhD Dissertation 2023 | Rice University", "", "Rice University", 2023, 0, "", "PhD Dissertation", "",
	 THES, PUBL, "-"},
	{"ToN '22 | IEEE/ACM Transactions on Networking", "ToN", "IEEE/ACM Transactions on Networking", 2022, 0,
	 "IEEE/ACM", "", "", JOUR, PUBL, "ToN"},
	{"ECML-PKDD '21", "ECML-PKDD", "", 2021, 0, "", "", "", CONF, PUBL, "ECML-PKDD"},
	{"In Proceedings of NeurIPS 2022", "NeurIPS", "", 2022, 0, "", "", "", CONF, PUBL, "NeurIPS"},
	{"To appear in ICML 2024", "ICML", "", 2024, 0, "", "", "", CONF, APPEAR, "ICML"},
	{"Under review at ICLR 2025", "ICLR", "", 2025, 0, "", "", "", CONF, REVIEW, "ICLR"},
	{"CORE A*", "", "", 0, 0, "", "CORE A*", "", UNKN, PUBL, "-"},
	{"CCF-A", "", "", 0, 0, "", "CCF-A", "", UNKN, PUBL, "-"},
	{"IEEE Transactions on Networking, 30(4):1234-1250, 2022", "", "IEEE Transactions on Networking", 2022,
	 0, "IEEE", "30(4):1234-1250", "", JOUR, PUBL, "ToN"},
	{"Journal of Machine Learning Research 24(1):1\xe2\x80\x93" "48, 2023", "",
	 "Journal of Machine Learning Research", 2023, 0, "", "24(1):1\xe2\x80\x93" "48", "", JOUR, PUBL, "JMLR"},
	{"NIPS 2017", "NIPS", "", 2017, 0, "", "", "", CONF, PUBL, "NeurIPS"},
	{"USENIX ATC '23", "ATC", "", 2023, 0, "USENIX", "", "", CONF, PUBL, "ATC"},
	{"USENIX Security '24", "USENIX Security", "", 2024, 0, "USENIX", "", "", CONF, PUBL, "USENIX Security"},
	{"IEEE S&P 2024", "S&P", "", 2024, 0, "IEEE", "", "", CONF, PUBL, "S&P"},
	{"Eighteenth USENIX Symposium on Networked Systems Design and Implementation", "",
	 "USENIX Symposium on Networked Systems Design and Implementation", 0, 18, "USENIX", "", "",
	 CONF, PUBL, "NSDI"},
	{"2nd Workshop on Machine Learning and Systems (EuroMLSys '22)", "EuroMLSys",
	 "Workshop on Machine Learning and Systems", 2022, 2, "", "", "", WORK, PUBL, "EuroMLSys"},
	{"HotNets '23", "HotNets", "", 2023, 0, "", "", "", WORK, PUBL, "HotNets"},
	{"ACM SoCC 2022", "SoCC", "", 2022, 0, "ACM", "", "", CONF, PUBL, "SoCC"},
	{"SIGMOD '99", "SIGMOD", "", 1999, 0, "", "", "", CONF, PUBL, "SIGMOD"},
	{"Nature", "", "Nature", 0, 0, "", "", "", JOUR, PUBL, "Nature"},
	{"Communications of the ACM, 2021", "", "Communications of the ACM", 2021, 0, "", "", "", JOUR, PUBL,
	 "CACM"},
	{"Proceedings of the VLDB Endowment", "", "Proceedings of the VLDB Endowment", 0, 0, "", "", "", JOUR,
	 PUBL, "PVLDB"},
	{"PVLDB 17(3)", "PVLDB", "", 0, 0, "", "17(3)", "", JOUR, PUBL, "PVLDB"},
	{"osdi 2025", "osdi", "", 2025, 0, "", "", "", CONF, PUBL, "OSDI"},
	{"Proc. of the 29th ACM Symposium on Operating Systems Principles (SOSP '23)", "SOSP",
	 "ACM Symposium on Operating Systems Principles", 2023, 29, "ACM", "", "", CONF, PUBL, "SOSP"},
	{"Advances in Neural Information Processing Systems 35 (NeurIPS 2022)", "NeurIPS",
	 "Advances in Neural Information Processing Systems", 2022, 0, "", "35", "", CONF, PUBL, "NeurIPS"},
	{"In submission", "", "", 0, 0, "", "", "", UNKN, INSUB, "-"},
	{"IEEE INFOCOM 2024", "INFOCOM", "", 2024, 0, "IEEE", "", "", CONF, PUBL, "INFOCOM"},
	{"ACM MobiCom '24", "MobiCom", "", 2024, 0, "ACM", "", "", CONF, PUBL, "MobiCom"},
	{"EuroSys '25", "EuroSys", "", 2025, 0, "", "", "", CONF, PUBL, "EuroSys"},
	{"PPoPP 2024", "PPoPP", "", 2024, 0, "", "", "", CONF, PUBL, "PPoPP"},
	{"VLDB 2024", "VLDB", "", 2024, 0, "", "", "", CONF, PUBL, "VLDB"},
	{"USENIX FAST '23", "FAST", "", 2023, 0, "USENIX", "", "", CONF, PUBL, "FAST"},
	{"Sci. China Inf. Sci. 2024", "", "Sci. China Inf. Sci", 2024, 0, "", "", "", JOUR, PUBL, "SCIS"},
	{"CVPR 2023 (Highlight)", "CVPR", "", 2023, 0, "", "Highlight", "", CONF, PUBL, "CVPR"},
	{"SC '24, Best Paper Finalist", "SC", "", 2024, 0, "", "Best Paper Finalist", "", CONF, PUBL, "SC"},
	{"KDD 2023, CCF-A, CORE A*", "KDD", "", 2023, 0, "", "CCF-A, CORE A*", "", CONF, PUBL, "KDD"},
	{"IEEE CLUSTER 2023", "CLUSTER", "", 2023, 0, "IEEE", "", "", CONF, PUBL, "CLUSTER"},
	{"ACM CF '23", "CF", "", 2023, 0, "ACM", "", "", CONF, PUBL, "CF"},
	{"HotOS XIX", "HotOS", "", 0, 19, "", "", "", WORK, PUBL, "HotOS"},
	{"Workshop on Some New Topic 2024", "", "Workshop on Some New Topic", 2024, 0, "", "", "", WORK, PUBL, "-"},
	{"Journal of Imaginary Results, 3(2), 2021", "", "Journal of Imaginary Results", 2021, 0, "", "3(2)", "",
	 JOUR, PUBL, "-"},
	{"IEEE Symposium on Security and Privacy (S&P '24)", "S&P", "IEEE Symposium on Security and Privacy",
	 2024, 0, "IEEE", "", "", CONF, PUBL, "S&P"},
	{"In Proceedings of the 2024 USENIX Annual Technical Conference (USENIX ATC '24), pp. 123-140", "ATC",
	 "USENIX Annual Technical Conference", 2024, 0, "USENIX", "pp. 123-140", "", CONF, PUBL, "ATC"},
	{"The Twelfth International Conference on Learning Representations", "",
	 "International Conference on Learning Representations", 0, 12, "", "", "", CONF, PUBL, "ICLR"},
	{"EuroSys '24: Proceedings of the Nineteenth European Conference on Computer Systems", "EuroSys",
	 "European Conference on Computer Systems", 2024, 19, "", "", "", CONF, PUBL, "EuroSys"},
	{"CoRR abs/2408.08586", "CoRR", "", 0, 0, "", "", "2408.08586", PREP, PUBL, "arXiv"},
	{"OSDI '25, Boston, MA", "OSDI", "", 2025, 0, "", "Boston, MA", "", CONF, PUBL, "OSDI"},
	{"Proceedings of the VLDB Endowment, 16(11), 2023", "", "Proceedings of the VLDB Endowment", 2023, 0,
	 "", "16(11)", "", JOUR, PUBL, "PVLDB"},
	{"ICLR 2024 (Oral, top 1.2%)", "ICLR", "", 2024, 0, "", "Oral, top 1.2%", "", CONF, PUBL, "ICLR"},
	{"Master's Thesis, Stanford University, 2019", "", "Stanford University", 2019, 0, "", "Master's Thesis",
	 "", THES, PUBL, "-"},
	{"NeurIPS Datasets and Benchmarks Track 2023", "NeurIPS", "NeurIPS Datasets and Benchmarks Track", 2023,
	 0, "", "", "", CONF, PUBL, "NeurIPS"},
	{"Accepted to SIGMOD 2025", "SIGMOD", "", 2025, 0, "", "", "", CONF, APPEAR, "SIGMOD"},
	{"Proc. IEEE INFOCOM", "INFOCOM", "", 0, 0, "IEEE", "", "", CONF, PUBL, "INFOCOM"},
	{"ACM Computing Surveys 55(3)", "", "ACM Computing Surveys", 0, 0, "ACM", "55(3)", "", JOUR, PUBL, "CSUR"},
	{"Proceedings of the ACM on Programming Languages (OOPSLA)", "OOPSLA",
	 "Proceedings of the ACM on Programming Languages", 0, 0, "ACM", "", "", CONF, PUBL, "OOPSLA"},
	{"Submitted to IEEE/ACM Transactions on Networking", "", "IEEE/ACM Transactions on Networking", 0, 0,
	 "IEEE/ACM", "", "", JOUR, SUBM, "ToN"},
};

struct lcase {
	const char *in;
	const char *row; /* as in pcase */
};

static const struct lcase lookup_cases[] = {
	{"OSDI", "OSDI"},
	{"osdi", "OSDI"},
	{"ACM SIGCOMM", "SIGCOMM"},
	{"IEEE TPDS", "TPDS"},
	{"USENIX ATC", "ATC"},
	{"USENIX Annual Technical Conference", "ATC"},
	{"NIPS", "NeurIPS"},
	{"Conference on Neural Information Processing Systems", "NeurIPS"},
	{"The Web Conference", "WWW"},
	{"Proceedings of the ACM SIGCOMM Conference", "SIGCOMM"},
	{"Proc. of the ACM Symposium on Cloud Computing", "SoCC"},
	{"sigcomm.", "SIGCOMM"},
	{"NeurIPS 2023", "NeurIPS"},
	{"Conference on Machine Learning and Systems", "MLSys"},
	{"IEEE Transactions on Parallel and Distributed Systems", "TPDS"},
	{"ieee trans. parallel distrib. syst.", "TPDS"},
	{"IEEE/ACM Transactions on Networking", "ToN"},
	{"ACM SIGPLAN Symposium on Principles & Practice of Parallel Programming", "PPoPP"},
	{"ECML PKDD", "ECML-PKDD"},
	{"International Conference for High Performance Computing, Networking, Storage, and Analysis", "SC"},
	{"S&P", "S&P"},
	{"Oakland", "S&P"},
	{"Fast Software Encryption", "FSE"},
	{"ACM Workshop on Hot Topics in Networks", "HotNets"},
	{"IEEE International Conference on Cluster Computing", "CLUSTER"},
	{"ACM International Conference on Computing Frontiers", "CF"},
	{"International Conference on Learning Representations", "ICLR"},
	{"PVLDB", "PVLDB"},
	{"Proc. VLDB Endow.", "PVLDB"},
	{"Modern Network Technologies", "MoNeTeC"},
	{"European Conference on Computer Vision", "ECCV"},
	{"Proceedings of the National Academy of Sciences of the United States of America",
	 "Proceedings of the National Academy of Sciences of the United States of America"},
	{"SIGCOMM Conference", "SIGCOMM"},
	{"ATC", "ATC"},
	{"IJCAI", "IJCAI"},
	{"ISCA", "ISCA"},
	{"MICRO", "MICRO"},
	{"Nonexistent Venue On Nothing", "-"},
	{"", "-"},
};

static int row_is(const struct venue_row *r, const char *want)
{
	if (strcmp(want, "-") == 0)
		return r == NULL;
	if (!r)
		return 0;
	return strcmp(r->acronym[0] ? r->acronym : r->name, want) == 0;
}

static const char *row_str(const struct venue_row *r)
{
	return r ? (r->acronym[0] ? r->acronym : r->name) : "-";
}

static int str_is(cx_str s, const char *want)
{
	return s.n == strlen(want) && memcmp(s.p, want, s.n) == 0;
}

static void check_str(const char *in, const char *field, cx_str got, const char *want, int *ok)
{
	if (!str_is(got, want)) {
		printf("FAIL %s: %s = \"%.*s\", want \"%s\"\n", in, field, (int)got.n, got.p, want);
		*ok = 0;
	}
}

static void check_int(const char *in, const char *field, int got, int want, int *ok)
{
	if (got != want) {
		printf("FAIL %s: %s = %d, want %d\n", in, field, got, want);
		*ok = 0;
	}
}

static void run_parse(struct arena *a)
{
	for (size_t i = 0; i < sizeof parse_cases / sizeof parse_cases[0]; i++) {
		const struct pcase *c = &parse_cases[i];
		struct venue_info v;
		int ok = 1;
		if (venue_parse(db, a, c->in, strlen(c->in), &v) != 0) {
			printf("FAIL %s: venue_parse returned -1\n", c->in);
			nfail++;
			continue;
		}
		check_str(c->in, "acronym", v.acronym, c->acronym, &ok);
		check_str(c->in, "name", v.name, c->name, &ok);
		check_int(c->in, "year", v.year, c->year, &ok);
		check_int(c->in, "edition", v.edition, c->edition, &ok);
		check_str(c->in, "publisher", v.publisher, c->publisher, &ok);
		check_str(c->in, "remainder", v.remainder, c->remainder, &ok);
		check_str(c->in, "arxiv", v.arxiv, c->arxiv, &ok);
		check_int(c->in, "kind", (int)v.kind, (int)c->kind, &ok);
		check_int(c->in, "status", (int)v.status, (int)c->status, &ok);
		if (!row_is(v.row, c->row)) {
			printf("FAIL %s: row = %s, want %s\n", c->in, row_str(v.row), c->row);
			ok = 0;
		}
		if (ok)
			npass++;
		else
			nfail++;
		arena_reset(a);
	}
}

/* Strings that are not venues, and inputs that must not crash. */
static void run_rejects(struct arena *a)
{
	static const char *const bad[] = {"", "   ", " , ; | ", "()"};
	static const char *const odd[] = {
		"OSDI (('25", "))) OSDI", "Proc. of", "'", "2408.", "arXiv:", "(((((((((())))))))))",
		"a | | b ,, c", "\xff\xfe garbage \xe2\x80", "IEEE", "In",
	};
	struct venue_info v;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		if (venue_parse(db, a, bad[i], strlen(bad[i]), &v) != -1) {
			printf("FAIL \"%s\": want -1\n", bad[i]);
			nfail++;
		} else {
			npass++;
		}
	}
	for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
		/* Only that it returns, and with the text kept somewhere. */
		int r = venue_parse(db, a, odd[i], strlen(odd[i]), &v);
		if (r == 0 && !v.acronym.n && !v.name.n && !v.remainder.n && !v.year && !v.arxiv.n &&
		    v.status == VENUE_PUBLISHED) {
			printf("FAIL \"%s\": parsed to nothing\n", odd[i]);
			nfail++;
		} else {
			npass++;
		}
	}
	/* Not NUL-terminated: only n bytes may be read. */
	{
		const char buf[] = "OSDI '25XXXX";
		if (venue_parse(db, a, buf, 8, &v) == 0 && str_is(v.acronym, "OSDI") && v.year == 2025) {
			npass++;
		} else {
			printf("FAIL length-bounded input\n");
			nfail++;
		}
	}
	arena_reset(a);
}

static void run_lookup(void)
{
	for (size_t i = 0; i < sizeof lookup_cases / sizeof lookup_cases[0]; i++) {
		const struct lcase *c = &lookup_cases[i];
		const struct venue_row *r = venue_lookup(db, c->in, strlen(c->in));
		if (row_is(r, c->row)) {
			npass++;
		} else {
			printf("FAIL lookup \"%s\": %s, want %s\n", c->in, row_str(r), c->row);
			nfail++;
		}
	}
}

static void expect(int cond, const char *what)
{
	if (cond) {
		npass++;
	} else {
		printf("FAIL %s\n", what);
		nfail++;
	}
}

static void run_load(struct arena *a)
{
	char path[] = "/tmp/test_venue_XXXXXX";
	char err[256] = "";
	int fd = mkstemp(path);
	FILE *f;
	const struct venue_row *r;
	struct venue_info v;

	expect(venue_db_load(db, "/nonexistent/venues.tsv", err, sizeof err) == -1 && err[0], "load: missing file fails");
	if (fd < 0) {
		expect(0, "mkstemp");
		return;
	}
	f = fdopen(fd, "w");
	fputs("# my venues\n"
	      "acronym\tname\tpublisher\tkind\taliases\n"
	      "OSDI\tOur Own OSDI Row\tUSENIX\tconference\t\n"
	      "LabSys\tLab Workshop on Systems\t\tworkshop\tLSW|Lab Systems Workshop\r\n"
	      "\n", f);
	fclose(f);
	expect(venue_db_load(db, path, err, sizeof err) == 2, "load: two rows");
	r = venue_lookup(db, "OSDI", 4);
	expect(r && strcmp(r->name, "Our Own OSDI Row") == 0, "load: user row overrides OSDI");
	r = venue_lookup(db, "lsw", 3);
	expect(r && strcmp(r->acronym, "LabSys") == 0 && r->kind == VENUE_WORKSHOP, "load: alias LSW");
	r = venue_lookup(db, "Lab Systems Workshop", 20);
	expect(r && strcmp(r->acronym, "LabSys") == 0, "load: alias with CRLF line end");
	expect(venue_parse(db, a, "LabSys '24", 10, &v) == 0 && v.row && v.year == 2024 &&
	       v.kind == VENUE_WORKSHOP, "load: parse resolves a user row");
	r = venue_lookup(db, "NSDI", 4);
	expect(r && strcmp(r->acronym, "NSDI") == 0, "load: built-in rows still there");

	/* A second file overrides the first; within it the first row wins. */
	f = fopen(path, "w");
	fputs("OSDI\tSecond File OSDI\t\tconference\t\n"
	      "OSDI\tShadowed Row\t\tconference\t\n", f);
	fclose(f);
	expect(venue_db_load(db, path, err, sizeof err) == 2, "load: second file");
	r = venue_lookup(db, "osdi", 4);
	expect(r && strcmp(r->name, "Second File OSDI") == 0, "load: later file wins, first row within it");
	r = venue_lookup(db, "LSW", 3);
	expect(r && strcmp(r->acronym, "LabSys") == 0, "load: first file's rows still found");

	f = fopen(path, "w");
	fputs("BAD\tBad Row\t\tbanana\t\n", f);
	fclose(f);
	err[0] = 0;
	expect(venue_db_load(db, path, err, sizeof err) == -1 && err[0] && strstr(err, "banana"), "load: unknown kind fails");
	remove(path);
	arena_reset(a);
}

/* venue_recognize: containers as bibliographies write them.  Runs before
 * run_load, which replaces the OSDI row. */
static void run_recognize(struct arena *a)
{
	static const struct {
		const char *in, *want; /* acronym, or NULL: not recognised */
	} cases[] = {
		{"USENIX Symposium on Operating Systems Design and Implementation", "OSDI"},
		{"Proceedings of the 18th USENIX Symposium on Operating Systems Design and "
		 "Implementation (OSDI '24)", "OSDI"},
		{"18th USENIX Symposium on Operating Systems Design and Implementation, OSDI 2024, "
		 "Santa Clara, CA, USA, July 10-12, 2024", "OSDI"},
		{"Proceedings of the ACM SIGCOMM 2023 Conference", "SIGCOMM"},
		{"IEEE Trans. Parallel Distrib. Syst.", "TPDS"},
		/* a workshop held at a venue, and a name that only mentions one */
		{"Proceedings of the Workshop on Hot Topics at OSDI '24", NULL},
		{"Proceedings of the 3rd Conference on Things (OSDI '24)", NULL},
		{"Journal of Things Nobody Lists", NULL},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct venue_row *r = venue_recognize(db, a, cases[i].in, strlen(cases[i].in));
		int ok = cases[i].want ? r && strcmp(r->acronym, cases[i].want) == 0 : r == NULL;
		char what[160];
		snprintf(what, sizeof what, "recognize: %.100s -> %s", cases[i].in,
		         cases[i].want ? cases[i].want : "none");
		expect(ok, what);
	}
	arena_reset(a);
}

int main(void)
{
	struct arena a = {0};
	db = venue_db_new();
	venue_db_set_year(db, 2026);
	run_parse(&a);
	run_rejects(&a);
	run_lookup();
	run_recognize(&a);
	run_load(&a);
	arena_destroy(&a);
	venue_db_free(db);
	printf("%zu passed, %zu failed\n", npass, nfail);
	return nfail ? 1 : 0;
}
