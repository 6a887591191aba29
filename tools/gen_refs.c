/* tools/gen_refs.c - labelled references rendered through CSL styles, for
 * the reference labeller's training and for measuring it (make model,
 * make eval-refs).
 *
 *   gen_refs -split STYLEDIR > data/refs-styles.tsv
 *   gen_refs -o OUT.xml -styles data/refs-styles.tsv -set train|heldout
 *            [-dir STYLEDIR] [-n ITEMS] [-seed N] [-max STYLES] [-clean]
 *            [-journals DIR] [-venues FILE.tsv] INPUT...
 *
 * Items come from bibliographies (INPUT: BibTeX, BibLaTeX, CSL-JSON, RIS;
 * a CSL test-suite fixture, NAME.txt, gives the items of its INPUT; a
 * folder, its .bib, .json and .txt files).  Each
 * style of the set renders ITEMS of them, drawn with a mix of types close
 * to the references of papers (articles first, then proceedings, books,
 * chapters, reports, theses, web pages), through the CSL processor's
 * tagged rendering; tools/gen_segs.c turns each entry into a sequence of
 * anystyle's XML with the labeller's labels.  The items vary from style
 * to style: a journal's name taken from JabRef's abbreviation lists, in
 * full or abbreviated, a conference's proceedings named from the venue
 * table in one of the ways papers name them, author lists long and short,
 * volumes, issues, pages, DOIs and URLs there or not.  Training strings
 * (not -clean) are also written as text taken from PDF files has them:
 * a citation number before them, italics kept as the labeller's marks, a
 * hyphenated word, ligatures, a lost blank, names in capitals, a DOI or
 * URL broken at a line's end, blanks before commas and stops rather than
 * after them, an arXiv identifier after the reference, two words run
 * together, a journal's series letter run into the volume ("Phys. Rev.
 * D94").  The styles physics, astronomy and mathematics papers use render
 * more items, in those fields' journals, with article numbers and first
 * pages (phys_styles).
 *
 * Held out: the styles whose name hashes to 0 modulo 5 (about a fifth),
 * and with them every dependent style, which renders as its parent; the
 * split is written once (-split) and read from data/refs-styles.tsv.  Its
 * third column is the style's family, the styles joined by their
 * "template" links, which near-copies of one style share.  The items,
 * journals and venues are split the same way (by the title's, the
 * journal's and the acronym's hash), so a held-out string has neither a
 * style nor a title nor a venue that training saw.
 *
 * Deterministic: every choice comes from a generator seeded by -seed and
 * the style's name, and styles render in the split file's order.
 *
 * Data and licences: the CSL styles are the CSL project's (CC BY-SA 3.0);
 * JabRef's journal abbreviation lists are CC0; the venue table
 * (styles/venues.tsv) is built from ccf-deadlines (MIT) and JabRef (CC0);
 * the items are the shared bibliographies (large-bib, pandoc's and biber's
 * test data, the CSL test suite), used as data, never shipped.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "citex.h"
#include "core/arena.h"
#include "core/str.h"
#include "csl/load.h"
#include "gen_refs.h"

/* ---- the pools ----------------------------------------------------------------- */

/* Type groups and how often a paper cites each, in percent. */
enum { G_ARTICLE, G_CONF, G_CHAPTER, G_BOOK, G_REPORT, G_THESIS, G_WEB, G_OTHER, G_N };
static const unsigned group_pct[G_N] = {46, 16, 10, 11, 6, 4, 3, 4};

struct journal {
	char *full, *abbr;
};
struct venue {
	char *acr, *name, *publisher;
};

struct side {                /* what one set (train or held out) draws from */
	size_t *items[G_N];
	size_t nitems[G_N], capitems[G_N];
	struct journal *j;
	size_t nj, capj;
	struct venue *v;
	size_t nv, capv;
	struct csl_name *names;
	size_t nnames, capnames;
};

struct gen {
	struct arena a;              /* items and pools, for the whole run */
	struct csl_item **items;
	size_t nitems, capitems;
	struct side side[2];         /* 0 train, 1 held out */
	const struct cx_options *opt;
	uint64_t seed;
};

#define PUSH(arr, n, cap, v)                                                                                  \
	do {                                                                                                     \
		if ((n) == (cap)) {                                                                                  \
			(cap) = (cap) ? 2 * (cap) : 256;                                                                 \
			(arr) = xrealloc((arr), (cap) * sizeof *(arr));                                                  \
		}                                                                                                    \
		(arr)[(n)++] = (v);                                                                                  \
	} while (0)

static char *dup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

static int held(const char *key)
{
	return gen_hash(key) % 5 == 0;
}

static int group_of(int type)
{
	const char *t = csl_type_name(type);
	static const struct {
		const char *type;
		int g;
	} map[] = {
		{"article-journal", G_ARTICLE}, {"article", G_ARTICLE}, {"article-magazine", G_ARTICLE},
		{"article-newspaper", G_ARTICLE}, {"paper-conference", G_CONF}, {"chapter", G_CHAPTER},
		{"entry-encyclopedia", G_CHAPTER}, {"entry-dictionary", G_CHAPTER}, {"book", G_BOOK},
		{"report", G_REPORT}, {"thesis", G_THESIS}, {"webpage", G_WEB}, {"post-weblog", G_WEB},
		{"post", G_WEB}, {"manuscript", G_OTHER}, {"document", G_OTHER}, {"patent", G_OTHER},
		{"dataset", G_OTHER}, {"software", G_OTHER}, {"pamphlet", G_OTHER}, {"standard", G_OTHER},
		{"speech", G_OTHER},
	};
	for (size_t i = 0; t && i < sizeof map / sizeof *map; i++)
		if (!strcmp(t, map[i].type))
			return map[i].g;
	return -1;
}

static void add_item(void *ctx, const struct cx_entry *e)
{
	struct gen *g = ctx;
	if (cx_entry_kind(e) != CX_ENTRY_RECORD)
		return;
	struct csl_item *it = arena_alloc(&g->a, sizeof *it);
	csl_item_from_entry(&g->a, it, e, g->opt);
	it->entry = NULL; /* the entry goes when the reader moves on */
	const char *t = it->s[CV_TITLE], *c = it->s[CV_CONTAINER_TITLE];
	int grp = it->type >= 0 ? group_of(it->type) : -1;
	/* TeX the reader left as it was is no text a paper prints */
	if (!t || strlen(t) < 4 || grp < 0 || strpbrk(t, "\\{}") || (c && strpbrk(c, "\\{}")))
		return;
	PUSH(g->items, g->nitems, g->capitems, it);
	struct side *sd = &g->side[held(t)];
	PUSH(sd->items[grp], sd->nitems[grp], sd->capitems[grp], g->nitems - 1);
	const struct csl_names *nl = &it->names[CV_AUTHOR - CV_FIRST_NAME];
	for (size_t i = 0; i < nl->n; i++)
		if (nl->v[i].family && !nl->v[i].literal)
			PUSH(sd->names, sd->nnames, sd->capnames, nl->v[i]);
}

static void quiet(void *ctx, const struct cx_diag *d)
{
	(void)ctx, (void)d;
}

/* The items of a CSL test-suite fixture: the JSON between its INPUT marks. */
static int read_fixture(struct gen *g, struct cx_context *cx, const char *path)
{
	struct buf b = {0};
	if (csl_read_file(path, &b) < 0)
		return -1;
	const char *s = strstr(b.p, ">>===== INPUT =====>>"), *e = s ? strstr(s, "<<===== INPUT =====<<") : NULL;
	if (s && e) {
		s += 21;
		FILE *f = fmemopen((void *)s, (size_t)(e - s), "r");
		if (f) {
			cx_read(cx, cx_reader_find("csl-json"), f, path, NULL, 0, add_item, g, NULL);
			fclose(f);
		}
	}
	buf_free(&b);
	return 0;
}

static char **files_of(const char *dir, const char *ext);
static void free_list(char **v);

static int read_input(struct gen *g, struct cx_context *cx, const char *path)
{
	DIR *dir = opendir(path);
	if (dir) {
		/* a folder: its bibliographies and fixtures, by name */
		closedir(dir);
		static const char *const exts[] = {".bib", ".json", ".txt"};
		for (size_t e = 0; e < 3; e++) {
			char **fs = files_of(path, exts[e]), p[4096];
			for (size_t i = 0; fs[i]; i++) {
				snprintf(p, sizeof p, "%s/%s", path, fs[i]);
				read_input(g, cx, p);
			}
			free_list(fs);
		}
		return 0;
	}
	size_t n = strlen(path);
	if (n > 4 && !strcmp(path + n - 4, ".txt"))
		return read_fixture(g, cx, path);
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	char head[4096];
	size_t k = fread(head, 1, sizeof head, f);
	const struct cx_reader *r = cx_reader_detect(path, head, k);
	if (r)
		cx_read(cx, r, f, path, head, k, add_item, g, NULL);
	fclose(f);
	return r ? 0 : -1;
}

/* One field of a CSV line of JabRef's lists ("full name","abbreviation"):
 * quoted, "" for a quote. */
static char *csv_field(const char **p)
{
	const char *s = *p;
	struct buf b = {0};
	if (*s == '"') {
		for (s++; *s && !(*s == '"' && s[1] != '"'); s++) {
			buf_putc(&b, *s);
			if (*s == '"')
				s++;
		}
		if (*s == '"')
			s++;
	} else {
		while (*s && *s != ',' && *s != '\n' && *s != '\r')
			buf_putc(&b, *s++);
	}
	if (*s == ',')
		s++;
	*p = s;
	buf_putc(&b, 0);
	return b.p;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The file names of a folder that end in ext, sorted; NULL-terminated. */
static char **files_of(const char *dir, const char *ext)
{
	DIR *d = opendir(dir);
	char **v = NULL;
	size_t n = 0, cap = 0, el = strlen(ext);
	for (struct dirent *de; d && (de = readdir(d));) {
		size_t k = strlen(de->d_name);
		if (k > el && !strcmp(de->d_name + k - el, ext)) {
			char *s = xmalloc(k + 1);
			memcpy(s, de->d_name, k + 1);
			PUSH(v, n, cap, s);
		}
	}
	if (d)
		closedir(d);
	PUSH(v, n, cap, NULL);
	qsort(v, n - 1, sizeof *v, by_name);
	return v;
}

static void free_list(char **v)
{
	for (size_t i = 0; v && v[i]; i++)
		free(v[i]);
	free(v);
}

static void read_journals(struct gen *g, const char *dir)
{
	char **fs = files_of(dir, ".csv");
	for (size_t i = 0; fs[i]; i++) {
		char path[4096], line[2048];
		snprintf(path, sizeof path, "%s/%s", dir, fs[i]);
		FILE *f = fopen(path, "r");
		while (f && fgets(line, sizeof line, f)) {
			const char *p = line;
			char *full = csv_field(&p), *abbr = csv_field(&p);
			if (strlen(full) >= 4 && *abbr && !strchr(full, '\\') && !strchr(full, '{')) {
				struct side *sd = &g->side[held(full)];
				PUSH(sd->j, sd->nj, sd->capj, ((struct journal){full, abbr}));
			} else {
				free(full), free(abbr);
			}
		}
		if (f)
			fclose(f);
	}
	free_list(fs);
}

/* Conferences and workshops of the venue table: acronym, name, publisher. */
static void read_venues(struct gen *g, const char *path)
{
	FILE *f = fopen(path, "r");
	char line[4096];
	while (f && fgets(line, sizeof line, f)) {
		if (line[0] == '#')
			continue;
		char *col[5] = {0}, *p = line;
		int k = 0;
		for (; k < 5 && p; k++) {
			col[k] = p;
			p = strpbrk(p, "\t\n");
			if (p)
				*p++ = 0;
		}
		if (k < 4 || !*col[0] || !*col[1] || (strcmp(col[3], "conference") && strcmp(col[3], "workshop")))
			continue;
		struct side *sd = &g->side[held(col[0])];
		struct venue v = {dup(&g->a, col[0]), dup(&g->a, col[1]), *col[2] ? dup(&g->a, col[2]) : NULL};
		PUSH(sd->v, sd->nv, sd->capv, v);
	}
	if (f)
		fclose(f);
}

/* ---- one style's items ------------------------------------------------------------- */

/* The variables kept: what reference lists print.  The rest (abstracts,
 * keywords, archive data, ISSNs) no style prints in a bibliography of a
 * paper, or only a few do. */
static const int kept_vars[] = {
	CV_TITLE, CV_CONTAINER_TITLE, CV_CONTAINER_TITLE_SHORT, CV_COLLECTION_TITLE, CV_COLLECTION_NUMBER,
	CV_VOLUME, CV_ISSUE, CV_NUMBER, CV_PAGE, CV_NUMBER_OF_PAGES, CV_EDITION, CV_PUBLISHER,
	CV_PUBLISHER_PLACE, CV_EVENT_TITLE, CV_EVENT_PLACE, CV_GENRE, CV_DOI, CV_URL, CV_ISBN, CV_STATUS,
	CV_MEDIUM, CV_NOTE, CV_CHAPTER_NUMBER, CV_VERSION, CV_PART_NUMBER,
	CV_VOLUME_TITLE, CV_LANGUAGE,
};

static const char *num(struct arena *a, unsigned v)
{
	char b[16];
	snprintf(b, sizeof b, "%u", v);
	return dup(a, b);
}

static const char *ordinal(struct arena *a, unsigned v)
{
	char b[16];
	const char *suf = v % 100 >= 11 && v % 100 <= 13 ? "th" : v % 10 == 1 ? "st" : v % 10 == 2 ? "nd"
	                : v % 10 == 3 ? "rd" : "th";
	snprintf(b, sizeof b, "%u%s", v, suf);
	return dup(a, b);
}

/* A conference's proceedings, named as papers name them. */
static const char *proceedings(struct arena *a, const struct venue *v, int year, struct rng *r)
{
	char b[1024];
	const char *ord = ordinal(a, 1 + rng_below(r, 40));
	int yy = year > 0 ? year % 100 : 20;
	switch (rng_below(r, 8)) {
	case 0: snprintf(b, sizeof b, "Proceedings of the %s %s", ord, v->name); break;
	case 1: snprintf(b, sizeof b, "Proceedings of the %s", v->name); break;
	case 2: snprintf(b, sizeof b, "%s", v->name); break;
	case 3: snprintf(b, sizeof b, "Proc. %s", v->acr); break;
	case 4: snprintf(b, sizeof b, "%s %s (%s %d)", ord, v->name, v->acr, year > 0 ? year : 2019); break;
	case 5: snprintf(b, sizeof b, "Proceedings of %s '%02d", v->acr, yy); break;
	case 6: snprintf(b, sizeof b, "%s %s", v->name, v->acr); break;
	default: snprintf(b, sizeof b, "Proc. of the %s %s (%s)", ord, v->name, v->acr); break;
	}
	return dup(a, b);
}

/* A list of k names of the pool. */
static void new_authors(struct arena *a, struct csl_names *nl, const struct side *sd, struct rng *r)
{
	if (!sd->nnames)
		return;
	unsigned u = rng_below(r, 100);
	size_t k = u < 50 ? 1 + rng_below(r, 3) : u < 85 ? 4 + rng_below(r, 5) : 9 + rng_below(r, 20);
	nl->v = arena_alloc(a, k * sizeof *nl->v);
	for (size_t i = 0; i < k; i++)
		nl->v[i] = sd->names[rng_below(r, (unsigned)sd->nnames)];
	nl->n = k;
	nl->others = 0;
}

/* Journals as physics, astronomy and mathematics papers name them: the
 * abbreviations their own reference lists print (the journals' ISO 4
 * abbreviations and the short names of the AAS journal macros). */
static const char *const phys_journals[] = {
	"Phys. Rev. D", "Phys. Rev. Lett.", "Phys. Rev. B", "Phys. Rev. C", "Phys. Rev. A", "Phys. Rev. E",
	"Phys. Rev.", "Phys. Lett. B", "Phys. Lett. A", "Nucl. Phys. B", "Nucl. Phys. A", "JHEP", "JCAP",
	"J. High Energy Phys.", "J. Cosmol. Astropart. Phys.", "Astrophys. J.", "Astrophys. J. Suppl.",
	"Astrophys. J. Lett.", "ApJ", "ApJS", "ApJL", "MNRAS", "Mon. Not. R. Astron. Soc.", "A&A",
	"Astron. Astrophys.", "AJ", "Astron. J.", "PASP", "PASJ", "Nature", "Science", "Nat. Phys.",
	"Class. Quant. Grav.", "Class. Quantum Grav.", "Eur. Phys. J. C", "Eur. Phys. J. A",
	"Commun. Math. Phys.", "J. Phys. A", "J. Phys. A: Math. Gen.", "J. Phys. G", "Rev. Mod. Phys.",
	"Phys. Rept.", "Phys. Rep.", "Ann. Phys.", "Prog. Theor. Phys.", "Int. J. Mod. Phys. A",
	"Int. J. Mod. Phys. D", "Mod. Phys. Lett. A", "Gen. Rel. Grav.", "Z. Phys. C", "JETP Lett.",
	"Sov. Phys. JETP", "New J. Phys.", "J. Math. Phys.", "Nucl. Instrum. Meth. A",
	"Nucl. Instrum. Methods Phys. Res., Sect. A", "Annu. Rev. Nucl. Part. Sci.",
	"Ann. Rev. Astron. Astrophys.", "Living Rev. Rel.", "Astropart. Phys.", "Phys. Rev. X",
	"Phys. Dark Univ.", "J. Geophys. Res.", "Geophys. Res. Lett.", "Icarus", "Sol. Phys.",
	"Space Sci. Rev.", "Appl. Phys. Lett.", "J. Appl. Phys.", "Opt. Express", "Opt. Lett.",
	"J. Chem. Phys.", "J. Fluid Mech.", "Phys. Fluids", "Adv. Theor. Math. Phys.", "Lett. Math. Phys.",
	"Invent. Math.", "Ann. of Math.", "Duke Math. J.", "JINST", "J. Instrum.", "Proc. SPIE", "PoS",
	"Astron. Nachr.", "Publ. Astron. Soc. Aust.", "Proc. R. Soc. A", "Phil. Trans. R. Soc. A",
	"Sov. J. Nucl. Phys.", "Theor. Math. Phys.", "Lect. Notes Phys.", "Physica D", "Physica A",
	"J. Stat. Mech.", "Europhys. Lett.", "EPL", "J. Phys. Conf. Ser.", "AIP Conf. Proc.",
	/* astronomy's short forms (the bibliographic codes' journal part) */
	"ARA&A", "PhRvD", "PhRvL", "PhRvB", "PhLA", "PhLB", "PhPl", "NIMPA", "HEDP", "SoPh", "SSRv", "Icar",
	"GeoRL", "JGRA", "Ap&SS", "NewA", "CQGra", "NuPhB", "A&AS", "AN", "PASA", "RvMP", "Natur", "Sci",
};

/* Styles in the layouts of those fields' papers ("Phys. Rev. D 70, 083523
 * (2004)", "Nucl. Phys. B 393 (1993) 377", "2009, ApJ, 705, 936", "Bigi D
 * and Smith J 2016 Phys. Rev. D 94 094008", "vol. 26, no. 2, p. 027002"):
 * few of Debian's styles, a large share of the references that papers'
 * PDF files hold.  Each renders PHYS_BOOST times the items, most articles
 * of the journals above. */
static const char *const phys_styles[] = {
	"american-physics-society", "american-physics-society-without-titles", "elsevier-without-titles",
	"elsevier-with-titles", "the-astrophysical-journal", "institute-of-physics-harvard",
	"springer-physics-brackets", "springer-mathphys-brackets", "ieee", "spie-journals", "annual-reviews",
	"american-geophysical-union", "journal-of-instrumentation",
};
enum { PHYS_BOOST = 8 };

static int phys_style(const char *name)
{
	for (size_t i = 0; i < sizeof phys_styles / sizeof *phys_styles; i++)
		if (!strcmp(name, phys_styles[i]))
			return 1;
	return 0;
}

/* The article's journal, volume, issue and pages. */
static void vary_article(struct arena *a, struct csl_item *c, const struct side *sd, int phys, struct rng *r)
{
	/* an issue with the whole number of the journal beside it ("3, 117"
	 * in TUGboat's data) is printed as its first number */
	const char *is = c->s[CV_ISSUE];
	size_t k = is ? strspn(is, "0123456789") : 0;
	if (k && is[k] && strchr(", ;", is[k]))
		c->s[CV_ISSUE] = arena_strndup(a, is, k);
	if (phys && rng_pct(r, 80)) {
		c->s[CV_CONTAINER_TITLE] = phys_journals[rng_below(r, sizeof phys_journals / sizeof *phys_journals)];
		c->s[CV_CONTAINER_TITLE_SHORT] = NULL;
	} else if (sd->nj && rng_pct(r, 60)) {
		const struct journal *j = &sd->j[rng_below(r, (unsigned)sd->nj)];
		int abbr = rng_pct(r, 35);
		c->s[CV_CONTAINER_TITLE] = abbr ? j->abbr : j->full;
		c->s[CV_CONTAINER_TITLE_SHORT] = strcmp(j->full, j->abbr) ? j->abbr : NULL;
	}
	if (!c->s[CV_VOLUME] && rng_pct(r, 50))
		c->s[CV_VOLUME] = num(a, 1 + rng_below(r, 300));
	if (!c->s[CV_ISSUE] && rng_pct(r, 30))
		c->s[CV_ISSUE] = num(a, 1 + rng_below(r, 12));
	if (phys && rng_pct(r, 70))
		c->s[CV_PAGE] = NULL, c->s[CV_ISSUE] = rng_pct(r, 70) ? NULL : c->s[CV_ISSUE];
	if (!c->s[CV_PAGE] && (phys || rng_pct(r, 50))) {
		unsigned p = 1 + rng_below(r, 3000);
		char b[32];
		if (phys && rng_pct(r, 45)) /* the first page alone */
			snprintf(b, sizeof b, "%u", p);
		else if (rng_pct(r, phys ? 50 : 25)) { /* an article number: "094516", "e0123456", "A19", "L32" */
			unsigned f = rng_below(r, 4);
			if (f == 0)
				snprintf(b, sizeof b, "%06u", rng_below(r, 300000));
			else if (f == 1)
				snprintf(b, sizeof b, "e%u", 100 + rng_below(r, 900000));
			else
				snprintf(b, sizeof b, "%c%u", "ALRS"[rng_below(r, 4)], 1 + rng_below(r, 200));
		} else
			snprintf(b, sizeof b, "%u-%u", p, p + 1 + rng_below(r, 30));
		c->s[CV_PAGE] = dup(a, b);
	}
}

/* A copy of item it as this style renders it. */
static struct csl_item *vary(struct arena *a, const struct csl_item *it, const struct side *sd, int phys,
                             struct rng *r)
{
	struct csl_item *c = arena_alloc(a, sizeof *c);
	memset(c, 0, sizeof *c);
	c->id = it->id, c->type = it->type, c->english = it->english, c->family_first = it->family_first;
	for (size_t i = 0; i < sizeof kept_vars / sizeof *kept_vars; i++)
		c->s[kept_vars[i]] = it->s[kept_vars[i]];
	static const int kept_names[] = {CV_AUTHOR, CV_EDITOR, CV_TRANSLATOR, CV_COLLECTION_EDITOR};
	for (size_t i = 0; i < sizeof kept_names / sizeof *kept_names; i++)
		c->names[kept_names[i] - CV_FIRST_NAME] = it->names[kept_names[i] - CV_FIRST_NAME];
	c->dates[CV_ISSUED - CV_FIRST_DATE] = it->dates[CV_ISSUED - CV_FIRST_DATE];
	int g = group_of(c->type);
	if (!rng_pct(r, 40))
		c->s[CV_DOI] = NULL;
	if (!rng_pct(r, c->s[CV_DOI] || g != G_WEB ? 20 : 90))
		c->s[CV_URL] = NULL;
	if (c->s[CV_URL] && rng_pct(r, 50))
		c->dates[CV_ACCESSED - CV_FIRST_DATE] = it->dates[CV_ACCESSED - CV_FIRST_DATE];
	if (!rng_pct(r, 20))
		c->s[CV_ISBN] = NULL;
	if (!rng_pct(r, 10))
		c->s[CV_NOTE] = NULL;
	if (rng_pct(r, 25))
		new_authors(a, &c->names[CV_AUTHOR - CV_FIRST_NAME], sd, r);
	if (!c->dates[CV_ISSUED - CV_FIRST_DATE] && rng_pct(r, 80)) {
		struct csl_date *d = arena_alloc(a, sizeof *d);
		memset(d, 0, sizeof *d);
		d->y[0] = 1950 + (int)rng_below(r, 75);
		c->dates[CV_ISSUED - CV_FIRST_DATE] = d;
	}
	/* a publisher catalogued with its place ("New York : Routledge") is
	 * the two fields a reference list prints */
	const char *pb = c->s[CV_PUBLISHER], *colon = pb ? strstr(pb, ": ") : NULL;
	if (colon && colon - pb >= 2 && colon - pb <= 40 && colon[2]) {
		size_t k = (size_t)(colon - pb);
		while (k && pb[k - 1] == ' ')
			k--;
		if (!c->s[CV_PUBLISHER_PLACE])
			c->s[CV_PUBLISHER_PLACE] = arena_strndup(a, pb, k);
		c->s[CV_PUBLISHER] = colon + 2;
	}
	const struct csl_date *d = c->dates[CV_ISSUED - CV_FIRST_DATE];
	if (g == G_ARTICLE)
		vary_article(a, c, sd, phys, r);
	if (g == G_ARTICLE && phys && rng_pct(r, 25))
		c->s[CV_TITLE] = NULL; /* physics often cites an article without its title */
	if (g == G_CONF && sd->nv && rng_pct(r, 50)) {
		const struct venue *v = &sd->v[rng_below(r, (unsigned)sd->nv)];
		c->s[CV_CONTAINER_TITLE] = proceedings(a, v, d ? d->y[0] : 0, r);
		c->s[CV_EVENT_TITLE] = NULL;
		if (v->publisher && rng_pct(r, 50))
			c->s[CV_PUBLISHER] = v->publisher;
	}
	return c;
}

/* ---- rendering ------------------------------------------------------------------- */

struct run {
	const char *dir;
	int set, clean;
	size_t per_style;
	size_t styles, strings, skipped;
	size_t by_group[G_N];   /* strings of each type group */
	FILE *out;
};

static const struct csl_item *draw(const struct gen *g, const struct side *sd, struct rng *r)
{
	for (int tries = 0; tries < 16; tries++) {
		unsigned u = rng_below(r, 100), acc = 0;
		int grp = 0;
		while (grp < G_N - 1 && u >= acc + group_pct[grp])
			acc += group_pct[grp++];
		if (sd->nitems[grp])
			return g->items[sd->items[grp][rng_below(r, (unsigned)sd->nitems[grp])]];
	}
	return NULL;
}

/* How an entry is written: for training, with the marks of a page a
 * quarter of the time, and what PDF text has. */
static struct gen_opts opts_for(const struct run *rn, size_t i, int phys, struct rng *r)
{
	struct gen_opts o = {0};
	if (rn->clean)
		return o;
	o.marks = rng_pct(r, 25);
	o.glue = rng_pct(r, 80);
	o.number = rng_pct(r, 15) ? (int)i + 1 : 0;
	o.noise = (rng_pct(r, 12) ? NOISE_HYPHEN : 0) | (rng_pct(r, 4) ? NOISE_LIGATURE : 0) |
	          (rng_pct(r, 8) ? NOISE_NOSPACE : 0) | (rng_pct(r, 4) ? NOISE_CAPS : 0) |
	          (rng_pct(r, 15) ? NOISE_BREAK : 0) | (rng_pct(r, 10) ? NOISE_PDFSPACE : 0) |
	          (rng_pct(r, phys ? 30 : 6) ? NOISE_EPRINT : 0) | (rng_pct(r, 8) ? NOISE_JOIN : 0) |
	          (phys && rng_pct(r, 35) ? NOISE_SERIES : 0);
	return o;
}

static void render_style(struct gen *g, struct run *rn, const char *name)
{
	char path[4096], err[512];
	snprintf(path, sizeof path, "%s/%s.csl", rn->dir, name);
	struct csl_style *st = csl_style_open(path, err, sizeof err);
	if (!st || !st->has_bib) {
		csl_style_free(st);
		rn->skipped++;
		return;
	}
	struct csl_locale L;
	csl_locale_open(&L, st, NULL, NULL);
	struct rng r;
	rng_seed(&r, g->seed, name);
	struct arena a = {0};
	const struct side *sd = &g->side[rn->set];
	int phys = !rn->set && !rn->clean && phys_style(name);
	size_t per = rn->per_style * (phys ? PHYS_BOOST : 1);
	struct csl_item **items = arena_alloc(&a, (per + 1) * sizeof *items);
	size_t n = 0;
	for (size_t i = 0; i < per; i++) {
		const struct csl_item *it = draw(g, sd, &r);
		if (it)
			items[n++] = vary(&a, it, sd, phys, &r);
	}
	struct csl_session *S = csl_session_new(st, &L);
	csl_session_items(S, items, n);
	csl_session_tagged(S, 1);
	csl_session_prepare(S);
	struct buf tagged = {0}, out = {0};
	buf_printf(&out, "  <!-- %s -->\n", name);
	for (size_t i = 0; i < csl_bib_count(S); i++) {
		const struct csl_item *it;
		const char *s = csl_bib_entry(S, i, &it);
		if (!*s)
			continue;
		tagged.n = 0;
		csl_out_buf(&tagged, s, OF_TAGGED, &L);
		buf_putc(&tagged, 0);
		struct gen_opts o = opts_for(rn, i, phys, &r);
		if (gen_sequence(&out, tagged.p, it, &o, &r) == 0) {
			rn->strings++;
			rn->by_group[group_of(it->type)]++;
		}
	}
	fwrite(out.p, 1, out.n, rn->out);
	buf_free(&tagged), buf_free(&out);
	csl_session_free(S);
	arena_destroy(&a);
	csl_locale_free(&L);
	csl_style_free(st);
	rn->styles++;
}

/* ---- the split of the styles -------------------------------------------------------- */

/* The template a style names in its <info> (<link href=".../NAME"
 * rel="template"/>), into out; 0 when it names none. */
static int template_of(const char *xml, char *out, size_t cap)
{
	for (const char *p = xml; (p = strstr(p, "<link")) != NULL; p++) {
		const char *e = strchr(p, '>');
		if (!e)
			break;
		const char *rel = strstr(p, "rel=\"template\""), *href = strstr(p, "href=\"");
		if (!rel || rel > e || !href || href > e)
			continue;
		href += 6;
		const char *q = strchr(href, '"');
		if (!q || q > e)
			continue;
		const char *b = q;
		while (b > href && b[-1] != '/')
			b--;
		snprintf(out, cap, "%.*s", (int)(q - b), b);
		return 1;
	}
	return 0;
}

static size_t find_root(size_t *up, size_t i)
{
	while (up[i] != i)
		i = up[i] = up[up[i]];
	return i;
}

static int write_split(const char *dir)
{
	char **fs = files_of(dir, ".csl");
	size_t n = 0;
	while (fs[n])
		n++;
	size_t *up = xmalloc((n + 1) * sizeof *up);
	for (size_t i = 0; i < n; i++)
		up[i] = i;
	for (size_t i = 0; i < n; i++) {
		char path[4096], tpl[256];
		struct buf b = {0};
		snprintf(path, sizeof path, "%s/%s", dir, fs[i]);
		if (csl_read_file(path, &b) == 0 && template_of(b.p, tpl, sizeof tpl - 4)) {
			strcat(tpl, ".csl");
			char *key = tpl;
			char **hit = bsearch(&key, fs, n, sizeof *fs, by_name);
			if (hit) {
				/* the family's root is its first member by name */
				size_t x = find_root(up, i), y = find_root(up, (size_t)(hit - fs));
				up[x > y ? x : y] = x > y ? y : x;
			}
		}
		buf_free(&b);
	}
	printf("# data/refs-styles.tsv - the split of Debian's independent CSL styles for the\n"
	       "# reference labeller (tools/gen_refs.c -split STYLEDIR): it trains on\n"
	       "# the styles of set \"train\" and is measured on those of \"heldout\" (a style\n"
	       "# whose name hashes to 0 modulo 5); a dependent style renders as its parent, so\n"
	       "# it is on its parent's side.  family: the first style, by name, of those joined\n"
	       "# by \"template\" links (near-copies of one style).  Set \"none\": styles that\n"
	       "# write BibTeX or wiki code, not references.\n"
	       "# style\tset\tfamily\n");
	for (size_t i = 0; i < n; i++) {
		fs[i][strlen(fs[i]) - 4] = 0;
		/* styles that write code, not references */
		int code = !strcmp(fs[i], "bibtex") || !strcmp(fs[i], "wikipedia-templates");
		printf("%s\t%s\t%.*s\n", fs[i], code ? "none" : held(fs[i]) ? "heldout" : "train",
		       (int)strcspn(fs[find_root(up, i)], "."), fs[find_root(up, i)]);
	}
	free(up);
	free_list(fs);
	return 0;
}

/* ---- main ------------------------------------------------------------------------- */

static int usage(void)
{
	fprintf(stderr, "usage: gen_refs -split STYLEDIR\n"
	                "       gen_refs -o OUT.xml -styles SPLIT.tsv -set train|heldout [-dir STYLEDIR] [-n ITEMS]\n"
	                "                [-seed N] [-max STYLES] [-clean] [-journals DIR] [-venues FILE] INPUT...\n");
	return 2;
}

/* The styles of the split file in set `set`, at most max. */
static char **styles_of(const char *path, const char *set, size_t max)
{
	FILE *f = fopen(path, "r");
	char line[1024];
	char **v = NULL;
	size_t n = 0, cap = 0;
	while (f && fgets(line, sizeof line, f) && n < max) {
		if (line[0] == '#')
			continue;
		char *tab = strchr(line, '\t');
		if (!tab || strncmp(tab + 1, set, strlen(set)) || tab[1 + strlen(set)] != '\t')
			continue;
		*tab = 0;
		char *s = xmalloc(strlen(line) + 1);
		strcpy(s, line);
		PUSH(v, n, cap, s);
	}
	if (f)
		fclose(f);
	PUSH(v, n, cap, NULL);
	return v;
}

int main(int argc, char **argv)
{
	const char *outp = NULL, *split = NULL, *set = "train", *journals = NULL, *venues = NULL;
	struct run rn = {.dir = "/usr/share/citation-style-language/styles", .per_style = 100};
	size_t max = (size_t)-1;
	struct gen g = {.seed = 1};
	int i = 1;
	for (; i < argc && argv[i][0] == '-'; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "-split") && v)
			return write_split(v);
		if (!strcmp(a, "-clean")) {
			rn.clean = 1;
			continue;
		}
		if (!v)
			return usage();
		i++;
		if (!strcmp(a, "-o")) outp = v;
		else if (!strcmp(a, "-styles")) split = v;
		else if (!strcmp(a, "-set")) set = v;
		else if (!strcmp(a, "-dir")) rn.dir = v;
		else if (!strcmp(a, "-n")) rn.per_style = strtoul(v, NULL, 10);
		else if (!strcmp(a, "-seed")) g.seed = strtoull(v, NULL, 10);
		else if (!strcmp(a, "-max")) max = strtoul(v, NULL, 10);
		else if (!strcmp(a, "-journals")) journals = v;
		else if (!strcmp(a, "-venues")) venues = v;
		else return usage();
	}
	if (!outp || !split || (strcmp(set, "train") && strcmp(set, "heldout")))
		return usage();
	rn.set = !strcmp(set, "heldout");
	struct cx_options opt = {0};
	g.opt = &opt;
	struct cx_context *cx = cx_context_new(&opt);
	cx_context_set_diag(cx, quiet, NULL, CX_ERROR);
	cx_context_set_today(cx, 2025, 1, 1);
	for (; i < argc; i++)
		if (read_input(&g, cx, argv[i]) < 0)
			fprintf(stderr, "gen_refs: %s: not read\n", argv[i]);
	if (journals)
		read_journals(&g, journals);
	if (venues)
		read_venues(&g, venues);
	char **styles = styles_of(split, set, max);
	rn.out = fopen(outp, "w");
	if (!rn.out) {
		fprintf(stderr, "gen_refs: cannot write %s\n", outp);
		return 1;
	}
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<dataset>\n", rn.out);
	for (size_t k = 0; styles[k]; k++)
		render_style(&g, &rn, styles[k]);
	fputs("</dataset>\n", rn.out);
	fclose(rn.out);
	const struct side *sd = &g.side[rn.set];
	const size_t *b = rn.by_group;
	fprintf(stderr, "gen_refs: %s: %zu strings from %zu styles of set %s (%zu without a bibliography): "
	        "articles %zu, proceedings %zu, chapters %zu, books %zu, reports %zu, theses %zu, web %zu, "
	        "other %zu; drawn from %zu items (articles %zu, proceedings %zu, chapters %zu, books %zu, "
	        "reports %zu, theses %zu, web %zu, other %zu), %zu journals, %zu venues\n",
	        outp, rn.strings, rn.styles, set, rn.skipped, b[G_ARTICLE], b[G_CONF], b[G_CHAPTER], b[G_BOOK],
	        b[G_REPORT], b[G_THESIS], b[G_WEB], b[G_OTHER], sd->nitems[G_ARTICLE] + sd->nitems[G_CONF] +
	        sd->nitems[G_CHAPTER] + sd->nitems[G_BOOK] + sd->nitems[G_REPORT] + sd->nitems[G_THESIS] +
	        sd->nitems[G_WEB] + sd->nitems[G_OTHER], sd->nitems[G_ARTICLE], sd->nitems[G_CONF],
	        sd->nitems[G_CHAPTER], sd->nitems[G_BOOK], sd->nitems[G_REPORT], sd->nitems[G_THESIS],
	        sd->nitems[G_WEB], sd->nitems[G_OTHER], sd->nj, sd->nv);
	free_list(styles);
	cx_context_free(cx);
	return 0;
}
