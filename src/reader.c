/* reader.c - the reader registry, format detection and the input stream.
 *
 * Detection looks at the file name first and then at the first bytes, so
 * a pipe works as well as a file: JSON starts with '[' or '{', RIS has a
 * "TY  - " tag line, BibTeX has an "@type{" entry.  Text that is none of
 * these is a publication list (cv). */
#include <ctype.h>
#include <string.h>

#include "model.h"

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

/* Does the text hold an "@word{" or "@word(" entry start? */
static int looks_bibtex(const char *s, size_t n)
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
			return 1;
	}
	return 0;
}

static int looks_ris(const char *s, size_t n)
{
	for (size_t i = 0; i + 6 <= n; i++) {
		if ((i == 0 || s[i - 1] == '\n') && !memcmp(s + i, "TY  -", 5))
			return 1;
	}
	return 0;
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
	else if (looks_ris(buf + i, n - i))
		name = "ris";
	else if (looks_bibtex(buf + i, n - i))
		name = "bibtex";
	else
		name = "cv";
	const struct cx_reader *r = cx_reader_find(name);
	return r ? r : cx_reader_find("bibtex");
}
