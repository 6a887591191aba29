/* read/registry.c - the reader registry, format detection and the input stream.
 *
 * Detection looks at the file name first and then at the first bytes, so
 * a pipe works as well as a file: JSON starts with '[' or '{', RIS has a
 * "TY  - CODE" tag line, BibTeX has an "@type{" entry.  Text that is none of
 * these is a publication list (cv). */
#include <ctype.h>
#include <string.h>

#include "model/model.h"

const struct cx_reader *const cx_readers[] = {
	&cx_reader_bibtex,
	&cx_reader_cv,
	&cx_reader_ris,
	&cx_reader_csljson,
	NULL,
};

const struct cx_reader *cx_reader_find(const char *name)
{
	if (!strcmp(name, "biblatex") || !strcmp(name, "bib"))
		name = "bibtex";
	if (!strcmp(name, "csljson") || !strcmp(name, "json"))
		name = "csl-json";
	for (size_t i = 0; cx_readers[i]; i++)
		if (!strcmp(cx_readers[i]->name, name))
			return cx_readers[i];
	return NULL;
}

size_t cx_input_read(struct cx_input *in, char *buf, size_t max)
{
	if (in->ipre < in->npre) {
		size_t n = in->npre - in->ipre;
		if (n > max)
			n = max;
		memcpy(buf, in->pre + in->ipre, n);
		in->ipre += n;
		return n;
	}
	if (!in->f)
		return 0;
	size_t n = fread(buf, 1, max, in->f);
	if (n == 0 && ferror(in->f))
		in->error = 1;
	return n;
}

static const char *ext_of(const char *file)
{
	if (!file)
		return "";
	const char *slash = strrchr(file, '/');
	const char *dot = strrchr(slash ? slash : file, '.');
	return dot ? dot + 1 : "";
}

static int ieq(const char *a, const char *b)
{
	while (*a && *b && tolower((unsigned char)*a) == tolower((unsigned char)*b))
		a++, b++;
	return !*a && !*b;
}

/* Where does the first "@word{" or "@word(" entry start?  n if nowhere. */
static size_t looks_bibtex(const char *s, size_t n)
{
	for (size_t i = 0; i + 2 < n; i++) {
		if (s[i] != '@' || (i && !isspace((unsigned char)s[i - 1]) && s[i - 1] != '}'))
			continue;
		size_t k = i + 1;
		while (k < n && isalpha((unsigned char)s[k]))
			k++;
		while (k < n && (s[k] == ' ' || s[k] == '\t'))
			k++;
		if (k > i + 1 && k < n && (s[k] == '{' || s[k] == '('))
			return i;
	}
	return n;
}

/* Is there a line "TY - CODE", as the RIS scanner reads it?  Exporters
 * disagree on the spacing ("TY  - JOUR" by the spec, "TY - JOUR" from
 * some tools, a tab) and may end lines with CRLF.  The value must be a
 * type code (2 to 6 capitals or digits) and nothing else, so a BibTeX
 * file whose abstract has a line "TY - the year" is not taken for RIS. */
static int ris_type_line(const char *s, size_t n)
{
	if (n < 4 || s[0] != 'T' || s[1] != 'Y')
		return 0;
	size_t k = 2;
	while (k < n && (s[k] == ' ' || s[k] == '\t'))
		k++;
	if (k == 2 || k >= n || s[k] != '-')
		return 0;
	k++;
	while (k < n && (s[k] == ' ' || s[k] == '\t'))
		k++;
	size_t code = 0;
	while (k < n && ((s[k] >= 'A' && s[k] <= 'Z') || (s[k] >= '0' && s[k] <= '9')))
		k++, code++;
	while (k < n && (s[k] == ' ' || s[k] == '\t'))
		k++;
	return code >= 2 && code <= 6 && (k == n || s[k] == '\r' || s[k] == '\n');
}

/* Where does the first type line start?  n if nowhere. */
static size_t looks_ris(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((i == 0 || s[i - 1] == '\n' || s[i - 1] == '\r') && ris_type_line(s + i, n - i))
			return i;
	return n;
}

const struct cx_reader *cx_reader_detect(const char *file, const char *buf, size_t n)
{
	const char *ext = ext_of(file);
	const char *name = NULL;
	if (ieq(ext, "bib") || ieq(ext, "bibtex") || ieq(ext, "biblatex"))
		name = "bibtex";
	else if (ieq(ext, "ris"))
		name = "ris";
	else if (ieq(ext, "json") || ieq(ext, "jsonl") || ieq(ext, "csljson"))
		name = "csl-json";
	if (name && cx_reader_find(name))
		return cx_reader_find(name);
	size_t i = 0;
	if (n >= 3 && !memcmp(buf, "\xEF\xBB\xBF", 3))
		i = 3;
	while (i < n && isspace((unsigned char)buf[i]))
		i++;
	if (i == n)
		name = "bibtex"; /* nothing but white space: an empty bibliography */
	else if (buf[i] == '[' || buf[i] == '{')
		name = "csl-json";
	else if ((n - i >= 5 && !memcmp(buf + i, "PMID-", 5)) ||
	         (n - i >= 3 && !memcmp(buf + i, "FN ", 3)))
		name = "ris"; /* MEDLINE or Web of Science's field tags: the RIS
		               * reader names the format and stops */
	else {
		/* Whichever starts first: a RIS export quoted in a BibTeX
		 * comment or abstract comes after the file's first entry. */
		size_t ris = looks_ris(buf + i, n - i), bib = looks_bibtex(buf + i, n - i);
		if (ris < n - i && ris < bib)
			name = "ris";
		else if (bib < n - i)
			name = "bibtex";
		else
			name = "cv";
	}
	const struct cx_reader *r = cx_reader_find(name);
	return r ? r : cx_reader_find("bibtex");
}
