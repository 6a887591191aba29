/* write/home.c - where each field goes in CSL-JSON and RIS.
 *
 * The writers of structured formats do not switch on field ids: they ask
 * fmt_home, which answers from the field's kind and its column in
 * fields.def, so that a field added there has its home in every format.
 * The few homes that depend on the entry are decided here, once, for
 * both formats (DESIGN 3, docs/decisions.md):
 *   - a subtitle and a title addon join their title ("Title: Subtitle.
 *     Addon"), and so do the main, book and journal titles' own;
 *   - with a maintitle, biblatex's multi-volume layout becomes CSL's: a
 *     book's maintitle is its title and its title the volume-title; a
 *     chapter's maintitle is the container and its booktitle the
 *     volume-title (as pandoc reads biblatex);
 *   - number is the issue of an article (with biblatex's issue after a
 *     comma), the collection-number of a book or a part of one, else the
 *     number; a volume's part follows it after a dot (7.2);
 *   - the publisher is the first of publisher, organization, institution,
 *     school and howpublished; a howpublished that is a URL is the URL;
 *   - an addendum follows the note after a full stop;
 *   - an eprint is an arXiv number, a PMID or a PMCID by its eprinttype;
 *   - langid and language are BCP 47 tags in CSL.
 * What has no home is kept (CSL "custom", RIS N1) and never dropped. */
#include <stdint.h>
#include <string.h>

#include "core/str.h"
#include "write/fmt.h"
#include "norm/norm.h"

_Static_assert(CX_F__COUNT < 128, "field ids fit two 64-bit words");

void fmt_index_init(struct fmt_index *ix, const struct cx_entry *e)
{
	ix->has[0] = ix->has[1] = 0;
	for (size_t i = 0; i < e->nfields; i++) {
		const struct cx_field *f = &e->fields[i];
		if (f->id >= CX_F__COUNT || fmt_empty(f))
			continue;
		uint64_t bit = (uint64_t)1 << (f->id & 63);
		if (!(ix->has[f->id >> 6] & bit)) {
			ix->has[f->id >> 6] |= bit;
			ix->first[f->id] = f;
		} else if (ix->first[f->id]->inherited && !f->inherited) {
			ix->first[f->id] = f;
		}
	}
}

/* The entry's first non-empty field with id, its own before a parent's
 * (through crossref), or NULL. */
static const struct cx_field *first_of(const struct fmt_index *ix, enum cx_field_id id)
{
	return id < CX_F__COUNT && (ix->has[id >> 6] >> (id & 63) & 1) ? ix->first[id] : NULL;
}

/* A title and the fields that join it. */
struct group {
	enum cx_field_id head, sub, addon;
};
static const struct group groups[] = {
	{CX_F_TITLE, CX_F_SUBTITLE, CX_F_TITLEADDON},
	{CX_F_MAINTITLE, CX_F_MAINSUBTITLE, CX_F_MAINTITLEADDON},
	{CX_F_BOOKTITLE, CX_F_BOOKSUBTITLE, CX_F_BOOKTITLEADDON},
	{CX_F_JOURNAL, CX_F_JOURNALSUBTITLE, CX_F__COUNT},
};

/* A title group's fields in an entry: in[] by the ids of the group, then
 * the main title. */
enum { IN_HEAD, IN_SUB, IN_MAIN, IN_ADDON };

/* Each title field's group in groups[], plus one; 0 for the others. */
static const unsigned char group_index[CX_F__COUNT] = {
	[CX_F_TITLE] = 1, [CX_F_SUBTITLE] = 1, [CX_F_TITLEADDON] = 1,
	[CX_F_MAINTITLE] = 2, [CX_F_MAINSUBTITLE] = 2, [CX_F_MAINTITLEADDON] = 2,
	[CX_F_BOOKTITLE] = 3, [CX_F_BOOKSUBTITLE] = 3, [CX_F_BOOKTITLEADDON] = 3,
	[CX_F_JOURNAL] = 4, [CX_F_JOURNALSUBTITLE] = 4,
};

/* The group of a title field, or NULL; in[] its fields in e (one pass). */
static const struct group *group_of(const struct fmt_index *ix, enum cx_field_id id,
                                    const struct cx_field *in[4])
{
	if (id >= CX_F__COUNT || !group_index[id])
		return NULL;
	const struct group *G = &groups[group_index[id] - 1];
	const enum cx_field_id ids[4] = {G->head, G->sub, CX_F_MAINTITLE, G->addon};
	for (size_t k = 0; k < 4; k++)
		in[k] = first_of(ix, ids[k]); /* a journal has no addon */
	return G;
}

static void join(struct fmt_home *h, const struct cx_field *f, const char *sep)
{
	if (f && h->nmore < sizeof h->more / sizeof *h->more) {
		h->more[h->nmore] = f;
		h->sep[h->nmore++] = sep;
	}
}

/* A title field's home: the head takes the variable of its group's place
 * and the rest of the group joins it. */
static void title_home(const struct cx_entry *e, const struct cx_field *f, enum fmt_target t,
                       const struct group *G, const struct cx_field *in[4], struct fmt_home *h)
{
	/* The head leads: the title, else the subtitle, else the addon. */
	const struct cx_field *head = in[IN_HEAD] ? in[IN_HEAD] : in[IN_SUB] ? in[IN_SUB] : in[IN_ADDON];
	if (f != head) {
		h->role = FR_DONE;
		return;
	}
	int part = cx_type_is_part(e->type), main = in[IN_MAIN] != NULL;
	const char *csl = "";
	if (G->head == CX_F_TITLE)
		csl = main && !part ? "volume-title" : "title";
	else if (G->head == CX_F_MAINTITLE)
		csl = part ? "container-title" : "title";
	else if (G->head == CX_F_BOOKTITLE)
		csl = main && part ? "volume-title" : "container-title";
	else
		csl = "container-title";
	if (t == FMT_RIS) {
		/* RIS has one title and one container: the main title and a
		 * volume's are notes. */
		csl = G->head == CX_F_TITLE ? "TI" : G->head == CX_F_MAINTITLE ? "" : "T2";
		if (*csl == 'T' && csl[1] == '2' && fmt_series_in_t2(e))
			csl = ""; /* T2 is the series */
	}
	h->name = csl;
	if (!*csl) {
		h->role = FR_KEEP;
		return;
	}
	if (f->id != G->sub)
		join(h, in[IN_SUB], ": ");
	if (G->addon < CX_F__COUNT && f->id != G->addon)
		join(h, in[IN_ADDON], ". ");
}

/* Types whose number is the number of their series (pandoc's list). */
static int numbered_in_series(const struct cx_entry *e)
{
	switch (e->type) {
	case CX_T_BOOK: case CX_T_COLLECTION: case CX_T_PROCEEDINGS:
		return 1;
	default:
		return cx_type_is_part(e->type);
	}
}

static int from_csljson(const struct cx_entry *e)
{
	return e->source && !strcmp(e->source, "csl-json");
}

/* A reader of the database and tool formats (model/formats.def). */
static int from_table_reader(const struct cx_entry *e)
{
	for (int f = 0; f < CX_MF__COUNT && e->source; f++)
		if (!strcmp(e->source, cx_mapfmt_name((enum cx_mapfmt)f)))
			return 1;
	return 0;
}

/* A CSL-JSON number, issue or collection-number: the model's number, and
 * the same member again. */
static int csljson_number(cx_str member, const char **name)
{
	static const char *const names[] = {"number", "issue", "collection-number"};
	for (size_t i = 0; i < 3; i++)
		if (str_eq(member, names[i])) {
			*name = names[i];
			return 1;
		}
	return 0;
}

static int article_like(const struct cx_entry *e)
{
	return fmt_is_article(e) || e->type == CX_T_REVIEW;
}

/* A howpublished that is nothing but a URL: \url{...} or http(s)://... */
static int is_url(const struct cx_field *f)
{
	cx_str t = str_trim(f->raw.n ? f->raw : f->text);
	if (t.n > 6 && !memcmp(t.p, "\\url{", 5) && t.p[t.n - 1] == '}')
		return !memchr(t.p + 5, '}', t.n - 6);
	return (t.n > 8 && !memcmp(t.p, "https://", 8)) || (t.n > 7 && !memcmp(t.p, "http://", 7));
}

int fmt_howpublished_url(const struct cx_entry *e, const struct cx_field *f)
{
	if (f->id != CX_F_HOWPUBLISHED || !is_url(f))
		return 0;
	for (size_t i = 0; i < e->nfields; i++)
		if (e->fields[i].id == CX_F_URL && !fmt_empty(&e->fields[i]))
			return 0;
	return 1;
}

/* Eprint types biblatex links to a URL (its standard.bbx \\DeclareFieldFormat
 * for each), by the addresses they have today, after the kinds above. */
static const struct fmt_pair eprint_urls[] = {
	{"googlebooks", "https://books.google.com/books?id="},
	{"jstor", "https://www.jstor.org/stable/"},
	{"hdl", "https://hdl.handle.net/"},
};
enum { EPRINT_URLS = 4 };

/* The eprint's kind by its eprinttype: 1 arXiv, 2 PubMed, 3 PMC,
 * EPRINT_URLS + i eprint_urls[i] (when the entry has no url), else 0. */
static int eprint_kind(const struct cx_entry *e, const struct fmt_index *ix)
{
	cx_str id;
	if (fmt_arxiv(e, &id))
		return 1;
	const struct cx_field *ty = first_of(ix, CX_F_EPRINTTYPE);
	cx_str t = ty ? str_trim(ty->text.n ? ty->text : ty->raw) : (cx_str){"", 0};
	if (str_ieq(t, "pubmed") || str_ieq(t, "pmid"))
		return 2;
	if (str_ieq(t, "pmc") || str_ieq(t, "pmcid") || str_ieq(t, "pubmedcentral"))
		return 3;
	const struct fmt_pair *u = fmt_pair_find(FMT_PAIRS(eprint_urls), t);
	return u && !first_of(ix, CX_F_URL) ? EPRINT_URLS + (int)(u - eprint_urls) : 0;
}

/* Read as biblatex (-f biblatex), whose location, publisher, institution
 * and organization are lists: "Durham and London" is two places.  In
 * BibTeX they are text ("National Institute of Standards and
 * Technology"). */
static int biblatex_lists(const struct cx_entry *e)
{
	return e->source && !strcmp(e->source, "biblatex");
}

/* Fields CSL-JSON writes inside another's value: the guest's text
 * follows the host's after sep (a part after its volume, "3.2"; an
 * addendum after the note), and then says nothing of its own. */
static const struct {
	enum cx_field_id host, guest;
	const char *sep;
} csl_joins[] = {
	{CX_F_VOLUME, CX_F_PART, "."},
	{CX_F_NOTE, CX_F_ADDENDUM, ". "},
};

static void contextual(const struct cx_entry *e, const struct fmt_index *ix,
                       const struct cx_field *f, enum fmt_target t, struct fmt_home *h)
{
	int csl = t == FMT_CSL;
	for (size_t i = 0; csl && i < sizeof csl_joins / sizeof *csl_joins; i++) {
		if (f->id == csl_joins[i].host)
			join(h, first_of(ix, csl_joins[i].guest), csl_joins[i].sep);
		else if (f->id == csl_joins[i].guest && first_of(ix, csl_joins[i].host))
			h->role = FR_DONE;
	}
	switch (f->id) {
	case CX_F_NUMBER:
		if (!csl)
			break;
		if (from_csljson(e) && !f->custom && csljson_number(f->name, &h->name))
			break; /* the member it was read from */
		if (article_like(e)) {
			h->name = "issue";
			join(h, first_of(ix, CX_F_ISSUE), ", ");
		} else if (numbered_in_series(e)) {
			h->name = "collection-number";
		}
		break;
	case CX_F_ISSUE:
		if (csl && article_like(e) && first_of(ix, CX_F_NUMBER))
			h->role = FR_DONE;
		break;
	case CX_F_ADDENDUM:
		if (csl && !first_of(ix, CX_F_NOTE))
			h->name = "note";
		break;
	case CX_F_HOWPUBLISHED:
		if (fmt_howpublished_url(e, f)) {
			h->role = FR_VALUE;
			h->name = csl ? "URL" : "UR";
			h->url = 1;
			break;
		}
		/* fall through */
	case CX_F_PUBLISHER:
	case CX_F_ORGANIZATION:
	case CX_F_INSTITUTION:
	case CX_F_SCHOOL:
		if (f == fmt_publisher(e)) {
			h->role = FR_VALUE;
			h->name = csl ? "publisher" : "PB";
			/* biblatex's publisher, institution and organization are
			 * lists; howpublished and BibTeX's school are not. */
			h->list = csl && biblatex_lists(e) && f->id != CX_F_HOWPUBLISHED &&
			          f->id != CX_F_SCHOOL;
		} else {
			/* A parent's beside the child's own adds nothing
			 * (overridden, below). */
			const struct cx_field *pub = fmt_publisher(e);
			h->role = f->inherited && pub && !pub->inherited ? FR_DONE : FR_KEEP;
		}
		break;
	case CX_F_ADDRESS:
		/* Read as biblatex, a patent's location is where it holds:
		 * CSL's jurisdiction, as pandoc has it. */
		if (csl && e->type == CX_T_PATENT && biblatex_lists(e))
			h->name = "jurisdiction";
		h->list = csl && biblatex_lists(e);
		break;
	case CX_F_ORIGLOCATION:
	case CX_F_ORIGPUBLISHER:
		h->list = csl && biblatex_lists(e);
		break;
	case CX_F_PUBSTATE:
		h->key = 1;
		break;
	case CX_F_TYPE:
		h->role = FR_GENRE;
		break;
	case CX_F_EPRINT:
		switch (eprint_kind(e, ix)) {
		case 1:
			/* CSL's number is a preprint's or a report's: a journal
			 * article or a paper has its arXiv version as the link
			 * written for it (or kept, when it has a link of its own) */
			if (csl && fmt_in_container(e)) {
				h->role = first_of(ix, CX_F_URL) ? FR_KEEP : FR_DONE;
				h->name = "URL";
			}
			else
				h->role = FR_ARXIV, h->name = csl ? "number" : "M1";
			break;
		case 2: h->role = FR_VALUE; h->name = csl ? "PMID" : ""; break;
		case 3: h->role = FR_VALUE; h->name = csl ? "PMCID" : ""; break;
		default:
			if (eprint_kind(e, ix) >= EPRINT_URLS) {
				h->role = FR_VALUE;
				h->name = csl ? "URL" : "UR";
				h->url = 1;
				h->prefix = eprint_urls[eprint_kind(e, ix) - EPRINT_URLS].value;
			}
			break;
		}
		if (!*h->name)
			h->role = FR_KEEP;
		break;
	case CX_F_EPRINTTYPE:
		if (eprint_kind(e, ix) == 1 || (csl && eprint_kind(e, ix)) || eprint_kind(e, ix) >= EPRINT_URLS)
			h->role = FR_DONE;
		break;
	case CX_F_LANGID:
	case CX_F_LANGUAGE:
		if (csl)
			h->role = FR_LANGUAGE;
		break;
	case CX_F_SERIES:
		h->key = 1;
		if (!csl && fmt_series_in_t2(e))
			h->name = "T2";
		break;
	default:
		break;
	}
}

/* Does a field of the child's own have the home h that the inherited
 * field f would have (a booktitle of its own beside a parent's journal,
 * both CSL container-title)?  The child's value is written there; the
 * parent's adds nothing the crossref does not say, so it is not kept as
 * a second value (custom, N1), which BibTeX written from it would make a
 * field of the child's own. */
static int overridden(const struct cx_entry *e, const struct fmt_index *ix,
                      const struct cx_field *f, enum fmt_target t, const struct fmt_home *h)
{
	for (size_t i = 0; i < e->nfields; i++) {
		const struct cx_field *g = &e->fields[i];
		struct fmt_home hg;
		if (g == f || g->inherited || g->id == f->id || fmt_empty(g))
			continue;
		fmt_home_in(e, ix, g, t, &hg);
		if (hg.role == h->role && !strcmp(hg.name, h->name))
			return 1;
	}
	return 0;
}

/* The variables of the CSL 1.0.2 data schema (csl-data.json) that the
 * model has no field for, with their kinds.  A CSL-JSON source's member
 * of one of these names is that variable again in CSL-JSON, not a
 * "custom" member ("categories", a list of strings, stays there). */
static const struct {
	const char *name;
	enum fmt_role role;
} csl_only[] = {
	{"archive", FR_VALUE},           {"archive-place", FR_VALUE},
	{"archive_collection", FR_VALUE}, {"archive_location", FR_VALUE},
	{"authority", FR_VALUE},         {"available-date", FR_DATE},
	{"call-number", FR_VALUE},       {"chair", FR_NAMES},
	{"citation-label", FR_VALUE},    {"citation-number", FR_VALUE},
	{"collection-editor", FR_NAMES}, {"compiler", FR_NAMES},
	{"composer", FR_NAMES},          {"contributor", FR_NAMES},
	{"curator", FR_NAMES},           {"dimensions", FR_VALUE},
	{"director", FR_NAMES},          {"division", FR_VALUE},
	{"editorial-director", FR_NAMES}, {"event", FR_VALUE},
	{"executive-producer", FR_NAMES}, {"first-reference-note-number", FR_VALUE},
	{"guest", FR_NAMES},             {"host", FR_NAMES},
	{"illustrator", FR_NAMES},       {"interviewer", FR_NAMES},
	{"jurisdiction", FR_VALUE}, /* the model's address when there is no publisher-place */
	{"locator", FR_VALUE},           {"medium", FR_VALUE},
	{"narrator", FR_NAMES},          {"organizer", FR_NAMES},
	{"original-author", FR_NAMES},   {"page-first", FR_VALUE},
	{"part-title", FR_VALUE},        {"performer", FR_NAMES},
	{"printing", FR_VALUE},          {"producer", FR_NAMES},
	{"recipient", FR_NAMES},         {"references", FR_VALUE},
	{"reviewed-author", FR_NAMES},   {"reviewed-genre", FR_VALUE},
	{"reviewed-title", FR_VALUE},    {"scale", FR_VALUE},
	{"script-writer", FR_NAMES},     {"section", FR_VALUE},
	{"series-creator", FR_NAMES},    {"source", FR_VALUE},
	{"submitted", FR_DATE},          {"supplement", FR_VALUE},
	{"volume-title-short", FR_VALUE}, {"year-suffix", FR_VALUE},
};

/* The home of a field with no id: the CSL variable a CSL-JSON source
 * gave it, when it is one (a name list only when it was read as one).
 * A name list any reader keeps under a CSL role's name (EndNote's series
 * editors as collection-editor) is that role: such a name says nothing
 * else; so is a value a database reader keeps under a CSL name. */
static void unknown_home(const struct cx_entry *e, const struct cx_field *f, enum fmt_target t,
                         struct fmt_home *h)
{
	h->role = FR_KEEP;
	if (t != FMT_CSL || f->custom)
		return;
	/* The readers of formats.def keep values under CSL's names on
	 * purpose (MODS' call-number and scale, Hayagriva's archive). */
	int spelt = from_table_reader(e);
	for (size_t i = 0; i < sizeof csl_only / sizeof *csl_only; i++)
		if (str_eq(f->name, csl_only[i].name)) {
			if (csl_only[i].role == FR_NAMES ? !f->nnames : !from_csljson(e) && !spelt)
				return;
			h->role = csl_only[i].role;
			h->name = csl_only[i].name;
			return;
		}
	/* A second value of a variable the model has (an article's number
	 * beside its issue): that variable, when the item has not said it. */
	for (int i = 0; i < CX_F__COUNT; i++) {
		const struct cx_field_info *fi = &cx_fields[i];
		if (!fi->csl[0] || !str_eq(f->name, fi->csl))
			continue;
		if (fi->kind == CX_K_NAMES ? !f->nnames : fi->kind != CX_K_TEXT && fi->kind != CX_K_VERBATIM)
			return;
		h->role = fi->kind == CX_K_NAMES ? FR_NAMES : FR_VALUE;
		h->name = fi->csl;
		return;
	}
}

void fmt_home_in(const struct cx_entry *e, const struct fmt_index *ix, const struct cx_field *f,
                 enum fmt_target t, struct fmt_home *h)
{
	/* Every member but the joined fields, which nmore counts. */
	h->role = FR_VALUE;
	h->name = "";
	h->url = h->list = h->key = 0;
	h->prefix = NULL;
	h->nmore = 0;
	if (f->id >= CX_F__COUNT) {
		unknown_home(e, f, t, h);
		return;
	}
	const struct cx_field_info *fi = &cx_fields[f->id];
	h->name = t == FMT_CSL ? fi->csl : fi->ris;
	switch (fi->kind) {
	case CX_K_NAMES: h->role = FR_NAMES; break;
	case CX_K_PAGES: h->role = FR_PAGES; break;
	case CX_K_LIST: h->role = FR_LIST; break;
	case CX_K_KEY: h->role = FR_KEEP; return;
	case CX_K_DATE:
		h->role = f->id == CX_F_YEAR || f->id == CX_F_MONTH || f->id == CX_F_DAY ||
		          f->id == CX_F_DATE ? FR_ISSUED : FR_DATE;
		if (h->role == FR_ISSUED)
			return;
		break;
	default: h->role = FR_VALUE; break;
	}
	const struct cx_field *in[4];
	const struct group *G = group_of(ix, f->id, in);
	if (G)
		title_home(e, f, t, G, in, h);
	else
		contextual(e, ix, f, t, h);
	if ((h->role == FR_VALUE || h->role == FR_NAMES || h->role == FR_DATE ||
	     h->role == FR_PAGES || h->role == FR_LIST) && !*h->name)
		h->role = FR_KEEP;
	else if (f->inherited && h->role != FR_KEEP && h->role != FR_DONE &&
	         overridden(e, ix, f, t, h))
		h->role = FR_DONE;
}

void fmt_home(const struct cx_entry *e, const struct cx_field *f, enum fmt_target t,
              struct fmt_home *h)
{
	struct fmt_index ix;
	fmt_index_init(&ix, e);
	fmt_home_in(e, &ix, f, t, h);
}

const char *fmt_sep(cx_str before, const char *sep)
{
	/* "Why?: x" and "Title.. Addon" read wrong: after ? ! or a colon
	 * only the space stays, after a full stop too for ". ". */
	before = str_trim(before);
	char last = before.n ? before.p[before.n - 1] : ' ';
	if (sep[0] == ':' && (last == '?' || last == '!' || last == ':' || last == '.'))
		return " ";
	if (sep[0] == '.' && sep[1] == ' ' && (last == '?' || last == '!' || last == '.'))
		return " ";
	return sep;
}

int fmt_series_in_t2(const struct cx_entry *e)
{
	const char *ty = cx_types[e->type].ris;
	return !strcmp(ty, "BOOK") || !strcmp(ty, "EDBOOK") || !strcmp(ty, "RPRT");
}
