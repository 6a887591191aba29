/* norm/lang.c - language names and BCP 47 tags.
 *
 * BibTeX and biblatex name a language as babel and polyglossia do
 * (langid = {ngerman}, hyphenation = {british}, language = {English});
 * CSL wants a BCP 47 tag ("language": "de-DE"), and citeproc applies
 * English title case only to items whose tag says English.  The table
 * gives each name the tag pandoc gives it, with the region babel's
 * hyphenation implies; a name that is no babel name (language = {Dutch})
 * is matched without regard to case. */
#include <string.h>

#include "core/str.h"
#include "norm/norm.h"

/* The first row of a tag is its name on the way back. */
static const struct lang {
	const char *name, *tag;
} langs[] = {
	{"english", "en-US"}, {"american", "en-US"}, {"USenglish", "en-US"},
	{"british", "en-GB"}, {"UKenglish", "en-GB"}, {"canadian", "en-CA"},
	{"australian", "en-AU"}, {"newzealand", "en-NZ"},
	{"german", "de-DE"}, {"ngerman", "de-DE"}, {"austrian", "de-AT"},
	{"naustrian", "de-AT"}, {"swissgerman", "de-CH"}, {"nswissgerman", "de-CH"},
	{"french", "fr-FR"}, {"francais", "fr-FR"}, {"acadian", "fr-CA"}, {"canadien", "fr-CA"},
	{"spanish", "es-ES"}, {"italian", "it-IT"}, {"portuguese", "pt-PT"},
	{"portuges", "pt-PT"}, {"brazilian", "pt-BR"}, {"brazil", "pt-BR"},
	{"dutch", "nl-NL"}, {"latin", "la"}, {"greek", "el-GR"}, {"polutonikogreek", "el-GR"},
	{"afrikaans", "af-ZA"}, {"albanian", "sq-AL"}, {"arabic", "ar"}, {"armenian", "hy-AM"},
	{"basque", "eu-ES"}, {"belarusian", "be-BY"}, {"bengali", "bn-IN"},
	{"bosnian", "bs-BA"}, {"breton", "br-FR"}, {"bulgarian", "bg-BG"},
	{"catalan", "ca-AD"}, {"chinese", "zh-CN"}, {"croatian", "hr-HR"}, {"czech", "cs-CZ"},
	{"danish", "da-DK"}, {"esperanto", "eo"}, {"estonian", "et-EE"}, {"farsi", "fa-IR"},
	{"persian", "fa-IR"}, {"finnish", "fi-FI"}, {"galician", "gl-ES"},
	{"georgian", "ka-GE"}, {"hebrew", "he-IL"}, {"hindi", "hi-IN"},
	{"hungarian", "hu-HU"}, {"magyar", "hu-HU"}, {"icelandic", "is-IS"},
	{"indonesian", "id-ID"}, {"interlingua", "ia"}, {"irish", "ga-IE"},
	{"japanese", "ja-JP"}, {"kazakh", "kk-KZ"}, {"korean", "ko-KR"}, {"kurdish", "ku"},
	{"latvian", "lv-LV"}, {"lithuanian", "lt-LT"}, {"macedonian", "mk-MK"},
	{"malay", "ms-MY"}, {"mongolian", "mn-MN"}, {"norsk", "nb-NO"},
	{"norwegian", "nb-NO"}, {"nynorsk", "nn-NO"}, {"occitan", "oc-FR"},
	{"polish", "pl-PL"}, {"romanian", "ro-RO"}, {"romansh", "rm-CH"},
	{"russian", "ru-RU"}, {"scottish", "gd-GB"}, {"serbian", "sr-RS"},
	{"slovak", "sk-SK"}, {"slovene", "sl-SI"}, {"slovenian", "sl-SI"},
	{"swedish", "sv-SE"}, {"thai", "th-TH"}, {"turkish", "tr-TR"},
	{"ukrainian", "uk-UA"}, {"urdu", "ur-IN"}, {"vietnamese", "vi-VN"}, {"welsh", "cy-GB"},
};

/* The row whose name (or, with by_tag, whose tag) is s, any case; NULL if
 * none. */
static const struct lang *lang_row(cx_str s, int by_tag)
{
	s = str_trim(s);
	for (size_t i = 0; i < sizeof langs / sizeof *langs; i++)
		if (str_ieq(s, by_tag ? langs[i].tag : langs[i].name))
			return &langs[i];
	return NULL;
}

const char *lang_tag(cx_str name)
{
	const struct lang *l = lang_row(name, 0);
	return l ? l->tag : NULL;
}

/* A tag: two or three letters, then subtags of letters and digits. */
int lang_is_tag(cx_str s)
{
	size_t i = 0;
	while (i < s.n && str_alpha((unsigned char)s.p[i]))
		i++;
	if (i < 2 || i > 3)
		return 0;
	for (size_t sub = 0; i < s.n; i++) {
		unsigned char c = (unsigned char)s.p[i];
		if (c == '-')
			sub = 0;
		else if (str_alpha(c) || (c >= '0' && c <= '9'))
			sub++;
		else
			return 0;
		if (sub > 8)
			return 0;
	}
	return s.p[s.n - 1] != '-';
}

const char *lang_name_exact(cx_str tag)
{
	const struct lang *l = lang_row(tag, 1);
	return l ? l->name : NULL;
}

const char *lang_name(cx_str tag)
{
	const char *exact = lang_name_exact(tag);
	if (exact)
		return exact;
	tag = str_trim(tag);
	size_t sub = 0;
	while (sub < tag.n && tag.p[sub] != '-')
		sub++;
	/* "en", or a region the table lacks ("en-IN"): the language's name. */
	for (size_t i = 0; i < sizeof langs / sizeof *langs; i++)
		if (strlen(langs[i].tag) >= sub && str_ieqn(tag.p, langs[i].tag, sub) &&
		    (langs[i].tag[sub] == '-' || !langs[i].tag[sub]))
			return langs[i].name;
	return NULL;
}
