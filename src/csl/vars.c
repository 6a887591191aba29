/* csl/vars.c - the names of CSL variables and item types. */
#include <string.h>

#include "core/hash.h"
#include "csl/csl.h"

static const struct {
	const char *name;
	enum csl_vkind kind;
} vars[CV__COUNT] = {
#define S CVK_STRING
#define N CVK_NUMBER
#define P CVK_NAMES
#define D CVK_DATE
#define CSL_VAR(id, name, kind) {name, kind},
#include "csl/vars.def"
#undef CSL_VAR
#undef S
#undef N
#undef P
#undef D
};

/* Names older styles and data use for a variable. */
static const struct {
	const char *name;
	int v;
} var_aliases[] = {
	{"event", CV_EVENT_TITLE},
	{"shortTitle", CV_TITLE_SHORT},
	{"journalAbbreviation", CV_CONTAINER_TITLE_SHORT},
	{"container-title-short", CV_CONTAINER_TITLE_SHORT},
};

/* cslvar_index[slot] is a variable plus one, 0 empty (tools/mkindex.c). */
#include "cslvar_index.inc"

int csl_var_lookup(const char *name)
{
	size_t mask = sizeof cslvar_index / sizeof *cslvar_index - 1;
	for (size_t i = (size_t)hash_bytes(name, strlen(name)) & mask; cslvar_index[i];
	     i = (i + 1) & mask)
		if (!strcmp(name, vars[cslvar_index[i] - 1].name))
			return cslvar_index[i] - 1;
	for (size_t i = 0; i < sizeof var_aliases / sizeof *var_aliases; i++)
		if (!strcmp(name, var_aliases[i].name))
			return var_aliases[i].v;
	return CV_NONE;
}

const char *csl_var_name(int v)
{
	return v >= 0 && v < CV__COUNT ? vars[v].name : "";
}

enum csl_vkind csl_var_kind(int v)
{
	return vars[v].kind;
}

int csl_var_dynamic(int v)
{
	switch (v) {
	case CV_CITATION_NUMBER: case CV_YEAR_SUFFIX: case CV_LOCATOR:
	case CV_FIRST_REFERENCE_NOTE_NUMBER: case CV_CITATION_LABEL: case CV_PAGE_FIRST:
	case CV_EDITOR_TRANSLATOR:
		return 1;
	default:
		return v < 0 || v >= CV__COUNT;
	}
}

static const char *const types[] = {
	"article", "article-journal", "article-magazine", "article-newspaper", "bill", "book",
	"broadcast", "chapter", "classic", "collection", "dataset", "document", "entry",
	"entry-dictionary", "entry-encyclopedia", "event", "figure", "graphic", "hearing",
	"interview", "legal_case", "legislation", "manuscript", "map", "motion_picture",
	"musical_score", "pamphlet", "paper-conference", "patent", "performance", "periodical",
	"personal_communication", "post", "post-weblog", "regulation", "report", "review",
	"review-book", "software", "song", "speech", "standard", "thesis", "treaty", "webpage",
};

_Static_assert(sizeof types / sizeof *types <= 64, "a type condition is a 64-bit set");

int csl_type_lookup(const char *name)
{
	for (size_t i = 0; i < sizeof types / sizeof *types; i++)
		if (!strcmp(name, types[i]))
			return (int)i;
	return -1;
}

const char *csl_type_name(int t)
{
	return t >= 0 && (size_t)t < sizeof types / sizeof *types ? types[t] : "document";
}
