/* read/registry.c - the reader registry, format detection and the input stream.
 *
 * Detection looks at the file name first and then at the first bytes, so
 * a pipe works as well as a file: JSON starts with '[' or '{', RIS has a
 * "TY  - CODE" tag line, BibTeX has an "@type{" entry, MEDLINE starts
 * with "PMID-", Web of Science with "FN " or "PT " tag lines, EndNote and
 * refer with "%X " tag lines; XML is PubMed's, MODS or EndNote's by its
 * root element; YAML is CITATION.cff by its cff-version, CSL-YAML by a
 * "references:" key or a list of items with ids, Hayagriva by a mapping
 * of keys to entries with a type.  A file name's extension that names one
 * format (.nbib, .enw, .cff) wins; .xml, .yaml and Markdown (whose front
 * matter may hold pandoc's references) are told apart by their content.
 * Text that is none of these is a publication list (cv). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/str.h"
#include "core/utf8.h"
#include "norm/context.h"
#include "read/reader.h"

const struct cx_reader *const cx_readers[] = {
	&cx_reader_bibtex,
	&cx_reader_cv,
	&cx_reader_refs,
	&cx_reader_ris,
	&cx_reader_csljson,
	&cx_reader_cslyaml,
	&cx_reader_endnote,
	&cx_reader_endnotexml,
	&cx_reader_pubmedxml,
	&cx_reader_nbib,
	&cx_reader_isi,
	&cx_reader_mods,
	&cx_reader_cff,
	&cx_reader_hayagriva,
	NULL,
};

const struct cx_reader *cx_reader_at(size_t i)
{
	for (size_t k = 0; cx_readers[k]; k++)
		if (k == i)
			return cx_readers[k];
	return NULL;
}

const char *cx_reader_name(const struct cx_reader *r)
{
	return r->name;
}

const struct cx_reader *cx_reader_find(const char *name)
{
	if (!strcmp(name, "biblatex") || !strcmp(name, "bib"))
		name = "bibtex";
	if (!strcmp(name, "csljson") || !strcmp(name, "json"))
		name = "csl-json";
	static const char *const aliases[][2] = {
		{"cslyaml", "csl-yaml"}, {"yaml", "csl-yaml"},   {"enw", "endnote"},
		{"refer", "endnote"},    {"endnotexml", "endnote-xml"}, {"pubmed", "pubmed-xml"},
		{"medline", "nbib"},     {"wos", "isi"},          {"citation.cff", "cff"},
	};
	for (size_t i = 0; i < sizeof aliases / sizeof *aliases; i++)
		if (!strcmp(name, aliases[i][0]))
			name = aliases[i][1];
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

/* ---- UTF-16 and UTF-32 -------------------------------------------------------- */

/* The width of the code units a byte order mark at the start of p names
 * (2 or 4; 0 for none, or UTF-8's), its length, and its byte order. */
static int bom(const unsigned char *p, size_t n, int *big, size_t *len)
{
	*len = 4;
	*big = 0;
	if (n >= 4 && p[0] == 0xFF && p[1] == 0xFE && !p[2] && !p[3])
		return 4;
	if (n >= 4 && !p[0] && !p[1] && p[2] == 0xFE && p[3] == 0xFF)
		return *big = 1, 4;
	*len = 2;
	if (n >= 2 && p[0] == 0xFF && p[1] == 0xFE)
		return 2;
	if (n >= 2 && p[0] == 0xFE && p[1] == 0xFF)
		return *big = 1, 2;
	return 0;
}

static uint32_t unit(const unsigned char *p, int w, int big)
{
	if (w == 2)
		return big ? (uint32_t)p[0] << 8 | p[1] : (uint32_t)p[1] << 8 | p[0];
	return big ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]
	           : (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

/* Text has no NULs.  UTF-16 or UTF-32 without its mark has them in
 * step, one byte of two or three of four (most bibliographies are in a
 * Latin script), which no byte order can be guessed for; a quarter of
 * NULs out of step is binary data (a PDF, an archive, a program), not
 * text in any encoding.  A few stray NULs in text are the scanner's to
 * report, entry by entry.  0 for text. */
static int nul_kind(const unsigned char *h, size_t n)
{
	size_t at[4] = {0, 0, 0, 0}, nul = 0;
	for (size_t i = 0; i < n; i++)
		if (!h[i]) {
			at[i % 4]++;
			nul++;
		}
	if (!nul || n < 4 || nul < n / 4)
		return 0;
	size_t quarter = n / 4 ? n / 4 : 1;
	/* a byte position where (nearly) every unit has a NUL */
	int full = 0, none = 0;
	for (int k = 0; k < 4; k++) {
		full += at[k] * 10 >= quarter * 9;
		none += at[k] * 10 <= quarter;
	}
	/* UTF-16: two positions of four always NUL, in step (0 and 2 or 1
	 * and 3), the others never; UTF-32: three always, one never */
	int wide16 = full == 2 && none == 2 && (at[0] * 10 >= quarter * 9) == (at[2] * 10 >= quarter * 9);
	int wide32 = full == 3 && none == 1;
	return n >= 4 && (wide16 || wide32) ? CX_INPUT_WIDE : CX_INPUT_BINARY;
}

FILE *cx_input_utf8(FILE *f, const char *head, size_t nhead, int *failed)
{
	int big;
	size_t len;
	int w = bom((const unsigned char *)head, nhead, &big, &len);
	*failed = 0;
	if (!w) {
		*failed = nul_kind((const unsigned char *)head, nhead);
		return NULL;
	}
	FILE *t = tmpfile();
	if (!t) {
		*failed = CX_INPUT_NOTEMP;
		return NULL;
	}
	unsigned char in[8192 + 4];
	size_t have = nhead - len, used = 0;
	memcpy(in, head + len, have);
	uint32_t high = 0; /* a UTF-16 high surrogate waiting for its pair */
	for (;;) {
		if (have - used < (size_t)w) {
			memmove(in, in + used, have - used);
			have -= used;
			used = 0;
			size_t got = f ? fread(in + have, 1, sizeof in - 4 - have, f) : 0;
			if (!got)
				break;
			have += got;
			continue;
		}
		uint32_t c = unit(in + used, w, big);
		used += (size_t)w;
		if (w == 2 && c >= 0xD800 && c <= 0xDBFF) {
			if (high)
				fputs("\xEF\xBF\xBD", t);
			high = c;
			continue;
		}
		if (w == 2 && c >= 0xDC00 && c <= 0xDFFF && high) {
			c = 0x10000 + ((high - 0xD800) << 10) + (c - 0xDC00);
			high = 0;
		} else if (high) {
			fputs("\xEF\xBF\xBD", t); /* a lone high surrogate */
			high = 0;
		}
		if ((c >= 0xD800 && c <= 0xDFFF) || c > 0x10FFFF)
			c = 0xFFFD; /* not a character: the replacement, never a drop */
		char b[4];
		fwrite(b, 1, utf8_put(b, (int32_t)c), t);
	}
	if (high || have > used)
		fputs("\xEF\xBF\xBD", t); /* a cut-off unit at the end */
	if ((f && ferror(f)) || fflush(t) || fseek(t, 0, SEEK_SET)) {
		fclose(t);
		*failed = CX_INPUT_NOTEMP;
		return NULL;
	}
	return t;
}

const char *cx_input_refusal(int failed)
{
	return failed == CX_INPUT_WIDE     ? "not read: UTF-16 or UTF-32 without a byte order mark; "
	                                     "save it as UTF-8"
	       : failed == CX_INPUT_BINARY ? "not read: binary data (NUL bytes), not text"
	                                   : "not read: UTF-16 or UTF-32 could not be decoded";
}

static cx_str ext_of(const char *file)
{
	if (!file)
		return (cx_str){"", 0};
	const char *slash = strrchr(file, '/');
	const char *dot = strrchr(slash ? slash : file, '.');
	return dot ? str_of(dot + 1) : (cx_str){"", 0};
}

/* Where does the first "@word{" or "@word(" entry start?  n if nowhere. */
static size_t looks_bibtex(const char *s, size_t n)
{
	for (size_t i = 0; i + 2 < n; i++) {
		if (s[i] != '@' || (i && !str_space((unsigned char)s[i - 1]) && s[i - 1] != '}'))
			continue;
		size_t k = i + 1;
		while (k < n && str_alpha((unsigned char)s[k]))
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

/* The start of the line after the one at s[i], or n. */
static size_t next_line(const char *s, size_t n, size_t i)
{
	while (i < n && s[i] != '\n')
		i++;
	return i < n ? i + 1 : n;
}

/* Does the text hold lit at the start of a line, from column col? */
static int line_starts(const char *s, size_t n, const char *lit, size_t col)
{
	size_t k = strlen(lit);
	for (size_t i = 0; i < n; i = next_line(s, n, i)) {
		size_t j = 0;
		while (j < col && i + j < n && s[i + j] == ' ')
			j++;
		if (j == col && i + j + k <= n && !memcmp(s + i + j, lit, k))
			return 1;
	}
	return 0;
}

static int has_text(const char *s, size_t n, const char *lit)
{
	size_t k = strlen(lit);
	for (size_t i = 0; i + k <= n; i++)
		if (s[i] == lit[0] && !memcmp(s + i, lit, k))
			return 1;
	return 0;
}

/* The XML formats, by the root element (or what starts a record). */
static const char *xml_format(const char *s, size_t n)
{
	if (has_text(s, n, "<PubmedArticleSet") || has_text(s, n, "<PubmedArticle>") ||
	    has_text(s, n, "<PubmedBookArticle") || has_text(s, n, "<MedlineCitationSet") ||
	    has_text(s, n, "<PubmedArticle "))
		return "pubmed-xml";
	if (has_text(s, n, "<modsCollection") || has_text(s, n, "<mods ") ||
	    has_text(s, n, "<mods>") || has_text(s, n, ":mods ") || has_text(s, n, ":modsCollection"))
		return "mods";
	if (has_text(s, n, "<records>") || has_text(s, n, "<record>") || has_text(s, n, "<ref-type"))
		return "endnote-xml";
	return NULL;
}

/* A line "%X value" whose X is one of EndNote's tags. */
static int endnote_line(const char *s, size_t n)
{
	return n >= 3 && s[0] == '%' && s[1] != '%' && (unsigned char)s[1] > ' ' && s[2] == ' ' &&
	       strchr("0ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$&()*+]^~<>?[=", s[1]);
}

/* The tagged formats by their first lines: MEDLINE, Web of Science,
 * EndNote and refer (two tag lines, so a LaTeX comment is not one). */
static const char *tagged_format(const char *s, size_t n)
{
	if (n >= 5 && !memcmp(s, "PMID-", 5))
		return "nbib";
	if (n >= 3 && (!memcmp(s, "FN ", 3) || !memcmp(s, "PT ", 3) || !memcmp(s, "VR ", 3)))
		return "isi";
	if (endnote_line(s, n)) {
		size_t i = next_line(s, n, 0);
		while (i < n && (s[i] == '\n' || s[i] == '\r'))
			i++;
		if (i == n || endnote_line(s + i, n - i) || s[i] == ' ')
			return "endnote";
	}
	return NULL;
}

/* The YAML formats: CITATION.cff, CSL-YAML, Hayagriva; NULL when the text
 * is none of them.  yaml says the file's name ends in .yaml or .yml. */
static const char *yaml_format(const char *s, size_t n, int yaml)
{
	if (line_starts(s, n, "cff-version:", 0))
		return "cff";
	if (line_starts(s, n, "references:", 0))
		return "csl-yaml";
	size_t i = 0;
	while (i < n && (s[i] == '#' || s[i] == '\n' || s[i] == '\r' ||
	                 (n - i >= 3 && !memcmp(s + i, "---", 3))))
		i = next_line(s, n, i);
	if (i == n)
		return yaml ? "csl-yaml" : NULL;
	if (s[i] == '-' && i + 1 < n && s[i + 1] == ' ' &&
	    (line_starts(s + i, n - i, "- id:", 0) || line_starts(s + i, n - i, "id:", 2) ||
	     line_starts(s + i, n - i, "  id:", 0) || line_starts(s + i, n - i, "- type:", 0)))
		return "csl-yaml";
	/* "key:" alone on its line, then indented fields with a type. */
	size_t e = next_line(s, n, i);
	const char *colon = memchr(s + i, ':', e - i);
	int key_line = colon && !str_space((unsigned char)s[i]) && s[i] != '-';
	for (const char *p = colon ? colon + 1 : NULL; key_line && p < s + e; p++)
		if (!str_space((unsigned char)*p))
			key_line = 0;
	if (key_line) {
		for (size_t k = e; k < n; k = next_line(s, n, k)) {
			size_t j = k;
			while (j < n && s[j] == ' ')
				j++;
			if (j > k && n - j >= 5 && !memcmp(s + j, "type:", 5))
				return "hayagriva";
		}
		if (yaml)
			return "hayagriva";
	}
	return yaml ? "csl-yaml" : NULL;
}

/* Markdown whose front matter holds pandoc's references: CSL-YAML. */
static int markdown_references(const char *s, size_t n)
{
	if (n < 4 || memcmp(s, "---", 3))
		return 0;
	size_t i = next_line(s, n, 0);
	for (; i < n; i = next_line(s, n, i)) {
		if (n - i >= 3 && (!memcmp(s + i, "---", 3) || !memcmp(s + i, "...", 3)))
			return 0;
		if (n - i >= 11 && !memcmp(s + i, "references:", 11))
			return 1;
	}
	return 0;
}

static const char *by_extension(const char *file, cx_str ext)
{
	static const struct {
		const char *ext, *reader;
	} exts[] = {
		{"bib", "bibtex"},     {"bibtex", "bibtex"}, {"biblatex", "bibtex"},
		{"ris", "ris"},        {"json", "csl-json"}, {"jsonl", "csl-json"},
		{"csljson", "csl-json"}, {"nbib", "nbib"},   {"medline", "nbib"},
		{"ciw", "isi"},        {"isi", "isi"},       {"enw", "endnote"},
		{"refer", "endnote"},  {"cff", "cff"},       {"mods", "mods"},
		{"tex", "cv"},         {"ltx", "cv"}, /* a LaTeX document: a CV, or a paper's bibliography */
	};
	for (size_t i = 0; i < sizeof exts / sizeof *exts; i++)
		if (str_ieq(ext, exts[i].ext))
			return exts[i].reader;
	const char *slash = file ? strrchr(file, '/') : NULL;
	if (file && !strcmp(slash ? slash + 1 : file, "CITATION.cff"))
		return "cff";
	return NULL;
}

/* Does s open a JSON object or array as CSL-JSON is written: "{" then a
 * member name or "}", "[" then an object or "]"?  A LaTeX CV may open
 * with a brace too ("{\bf Publications}"), a reference list with a
 * bracket ("[1] A. Author"). */
static int json_start(const char *s, size_t n)
{
	if (!n || (s[0] != '{' && s[0] != '['))
		return 0;
	size_t k = 1;
	while (k < n && str_space((unsigned char)s[k]))
		k++;
	if (k == n)
		return 1; /* cut short: the JSON reader says where */
	return s[0] == '{' ? s[k] == '"' || s[k] == '}' : s[k] == '{' || s[k] == ']';
}

const struct cx_reader *cx_reader_detect(const char *file, const char *buf, size_t n)
{
	cx_str ext = ext_of(file);
	const char *name = by_extension(file, ext);
	size_t i = 0;
	if (n >= 3 && !memcmp(buf, "\xEF\xBB\xBF", 3))
		i = 3;
	/* MEDLINE and Web of Science files saved as .ris are not RIS. */
	if (name && !strcmp(name, "ris")) {
		const char *t = tagged_format(buf + i, n - i);
		if (t && strcmp(t, "endnote"))
			name = t;
	}
	if (name && cx_reader_find(name))
		return cx_reader_find(name);
	int yaml = str_ieq(ext, "yaml") || str_ieq(ext, "yml");
	int md = str_ieq(ext, "md") || str_ieq(ext, "markdown");
	if (md && markdown_references(buf + i, n - i))
		return cx_reader_find("csl-yaml");
	while (i < n && str_space((unsigned char)buf[i]))
		i++;
	const char *s = buf + i;
	size_t k = n - i;
	if (i == n)
		name = yaml ? "csl-yaml" : "bibtex"; /* nothing but white space: an empty bibliography */
	else if (yaml)
		name = yaml_format(s, k, 1);
	else if (buf[i] == '<')
		name = xml_format(s, k);
	else if (json_start(s, k))
		name = "csl-json";
	else if (!(name = tagged_format(s, k)) && !md)
		name = yaml_format(s, k, 0);
	if (!name) {
		/* Whichever starts first: a RIS export quoted in a BibTeX
		 * comment or abstract comes after the file's first entry. */
		size_t ris = looks_ris(s, k), bib = looks_bibtex(s, k);
		if (ris < k && ris < bib)
			name = "ris";
		else if (bib < k)
			name = "bibtex";
		else
			name = "cv";
	}
	const struct cx_reader *r = cx_reader_find(name);
	return r ? r : cx_reader_find("bibtex");
}

void reader_ctx_init(struct cx_reader_ctx *c, struct cx_context *cx, const char *file)
{
	memset(c, 0, sizeof *c);
	c->cx = cx;
	c->opt = &cx->opt;
	c->diags = (struct cx_diags){cx->diag, cx->diag_ctx, file, cx->diag_min, 0, 0};
}

void reader_entry_start(const struct cx_reader_ctx *c, struct cx_entry *e, const char *source,
                        unsigned line)
{
	memset(e, 0, sizeof *e);
	e->kind = CX_ENTRY_RECORD;
	e->file = c->diags.file;
	e->source = source;
	e->loc.line = line;
	e->loc.col = 1;
}

/* The public entry point hands out const entries. */
struct emit_public {
	cx_entry_fn fn;
	void *ctx;
};

static void emit_public(void *ctx, struct cx_entry *e)
{
	struct emit_public *p = ctx;
	p->fn(p->ctx, e);
}

/* An input that cannot be read is reported about the whole file (line 0)
 * and not counted: the return value says it, and the counts stay those
 * of the entries. */
int cx_read(struct cx_context *cx, const struct cx_reader *r, FILE *f, const char *name,
            const char *head, size_t nhead, cx_entry_fn fn, void *fn_ctx,
            struct cx_counts *counts)
{
	struct cx_reader_ctx c;
	struct emit_public p = {fn, fn_ctx};
	reader_ctx_init(&c, cx, name);
	if (fn) {
		c.emit = emit_public;
		c.emit_ctx = &p;
	}
	struct cx_diags io = c.diags;
	/* Nothing taken from f yet: the first bytes are read here, for the
	 * byte order mark and for detection. */
	char peek[8192];
	if (!nhead && f) {
		nhead = fread(peek, 1, sizeof peek, f);
		head = peek;
	}
	int failed;
	FILE *t = cx_input_utf8(f, head, nhead, &failed);
	if (failed) {
		if (failed == CX_INPUT_WIDE || failed == CX_INPUT_BINARY)
			diag_report(&io, CX_ERROR, CX_E_IO, 0, 0, "%s", cx_input_refusal(failed));
		else
			diag_report(&io, CX_ERROR, CX_E_IO, 0, 0, "%s: %s", cx_input_refusal(failed),
			            strerror(errno));
		return -1;
	}
	/* UTF-16 or UTF-32: detection looks at the text decoded (the mark and
	 * the first bytes were copied by cx_input_utf8, so peek is free). */
	if (t) {
		nhead = fread(peek, 1, sizeof peek, t);
		head = peek;
	}
	if (!r)
		r = cx_reader_detect(name, head, nhead);
	struct cx_input in = {t ? t : f, head, nhead, 0, 0};
	errno = 0;
	int rc = r->read(&c, &in);
	int err = errno;
	rc = rc || in.error || (t && ferror(t)) || (f && ferror(f));
	if (t)
		fclose(t);
	if (counts) {
		counts->entries += c.nentries;
		counts->errors += c.diags.nerrors;
		counts->warnings += c.diags.nwarnings;
	}
	if (rc)
		diag_report(&io, CX_ERROR, CX_E_IO, 0, 0, "read failed: %s", strerror(err ? err : EIO));
	return rc ? -1 : 0;
}
