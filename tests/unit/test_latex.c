/* test_latex.c - table-driven tests for src/norm/latex.c and src/core/out.c.
 *
 * Decoding rows give a BibTeX value body and the UTF-8 NFC text with
 * markup bytes it must become; encoding rows give text and the BibTeX body
 * it must be written as, with and without --ascii.  Then round trips
 * (decode . encode is the identity on decoded text, and BibTeX output is a
 * fixed point), random token soup checked for valid NFC, nested markup and
 * round trips, pathological inputs (10k-deep braces, long runs that would
 * make a careless scanner quadratic) and the writer's escaping contexts.
 * Every expected value was written from what LaTeX prints, not from the
 * program's output.  Prints each failure, then "N passed, M failed". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <utf8proc.h>

#include "norm/norm.h"

/* Markup bytes, spelled so that the tables stay readable. */
#define NC "\x01"
#define NC_ "\x02"
#define IT "\x03"
#define IT_ "\x04"
#define BF "\x05"
#define BF_ "\x06"
#define SC "\x07"
#define SC_ "\x08"
#define SUP "\x0e"
#define SUP_ "\x0f"
#define SUB "\x10"
#define SUB_ "\x11"
#define MA "\x12"
#define MA_ "\x13"
#define URL "\x14"
#define URL_ "\x15"
#define RAW "\x16"
#define RAW_ "\x17"

static int passed, failed;

static void show(const char *label, const char *s, size_t n)
{
	size_t i;
	fprintf(stderr, "    %-6s \"", label);
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x20 || c == 0x7f)
			fprintf(stderr, "\\x%02x", c);
		else
			fputc(c, stderr);
	}
	fprintf(stderr, "\"\n");
}

static void check(const char *what, const char *in, size_t inlen, const char *got, size_t gn,
                  const char *want, size_t wn)
{
	if (gn == wn && memcmp(got, want, wn) == 0) {
		passed++;
		return;
	}
	failed++;
	fprintf(stderr, "FAIL %s\n", what);
	show("input", in, inlen);
	show("want", want, wn);
	show("got", got, gn);
}

static void ok(int cond, const char *what)
{
	if (cond) {
		passed++;
	} else {
		failed++;
		fprintf(stderr, "FAIL %s\n", what);
	}
}

/* ---- decoding --------------------------------------------------------- */

struct dcase {
	const char *in, *want;
};

static const struct dcase dec[] = {
	/* Only white space and ligatures: one space for each run of white
	 * space (none at either end), and TeX's dash and quote ligatures. */
	{"A title\n                  broken over lines", "A title broken over lines"},
	{"  both ends \n", "both ends"},
	{"a\tb\r\nc", "a b c"},
	{"a \n\t b", "a b"},
	{"a  b", "a b"},
	{"a\x01" "b\x7f", "a b"},
	{" \n\t", ""},
	{"pages 12--34", "pages 12–34"},
	{"yes---no", "yes—no"},
	{"----", "—-"},
	{"x--", "x–"},
	{"--x", "–x"},
	{"a - b", "a - b"},
	{"it's ''so''", "it's ”so”"},
	{"'''", "”'"},
	{"-", "-"},
	{"a\n--\nb", "a – b"},
	/* The acute accent in every spelling. */
	{"{\\'e}", "é"},
	{"\\'{e}", "é"},
	{"\\'e", "é"},
	{"\\' e", "é"},
	{"{\\' e}", "é"},
	{"{\\'{e}}", "é"},
	/* Every text accent. */
	{"{\\`a}", "à"},
	{"\\`{a}", "à"},
	{"\\^o", "ô"},
	{"\\^{o}", "ô"},
	{"{\\\"u}", "ü"},
	{"\\\"{U}", "Ü"},
	{"\\\" u", "ü"},
	{"\\~n", "ñ"},
	{"\\~{N}", "Ñ"},
	{"\\=a", "ā"},
	{"\\={E}", "Ē"},
	{"\\.z", "ż"},
	{"\\.{z}", "ż"},
	{"\\.{I}", "İ"},
	{"\\u{g}", "ğ"},
	{"\\u g", "ğ"},
	{"{\\u a}", "ă"},
	{"\\v{s}", "š"},
	{"\\v s", "š"},
	{"{\\v{C}}", "Č"},
	{"\\H{o}", "ő"},
	{"\\H o", "ő"},
	{"\\c{c}", "ç"},
	{"\\c c", "ç"},
	{"{\\c{S}}", "Ş"},
	{"\\d{s}", "ṣ"},
	{"\\d s", "ṣ"},
	{"\\b{b}", "ḇ"},
	{"\\k{a}", "ą"},
	{"\\k a", "ą"},
	{"\\r{a}", "å"},
	{"\\r u", "ů"},
	{"\\t{oo}", "o\xCD\xA1o"},
	/* An accent over nothing prints the accent itself. */
	{"\\'{}", "´"},
	{"\\^{}", "^"},
	{"\\~{}", "~"},
	{"\\v{}", "ˇ"},
	{"x\\\"{}", "x¨"},
	/* \i and \j under an accent are the plain letters. */
	{"{\\'\\i}", "í"},
	{"\\'{\\i}", "í"},
	{"\\'\\i", "í"},
	{"\\\"{\\i}", "ï"},
	{"{\\\"\\i}", "ï"},
	{"\\^\\j", "ĵ"},
	{"\\v{\\i}", "ǐ"},
	{"\\i", "ı"},
	{"\\j", "ȷ"},
	{"\\i{}x", "ıx"},
	/* Accents on accents, and on special letters. */
	{"\\'{\\^e}", "ế"},
	{"Nguy{\\~{\\^e}}n", "Nguyễn"},
	{"\\d{\\^e}", "ệ"},
	{"\\'{\\\"u}", "ǘ"},
	{"\\'\\o", "ǿ"},
	{"\\'{ab}", "áb"},
	/* Special letters and how their names end. */
	{"\\ss", "ß"},
	{"\\ss{}", "ß"},
	{"{\\ss}", "ß"},
	{"Stra\\ss e", "Straße"},
	{"Stra\\ss{}e", "Straße"},
	{"\\ss x", "ßx"},
	{"\\ss\\ss", "ßß"},
	{"{\\o} {\\O} {\\ae} {\\AE} {\\oe} {\\OE} {\\aa} {\\AA}", "ø Ø æ Æ œ Œ å Å"},
	{"{\\l} {\\L} {\\dh} {\\DH} {\\th} {\\TH} {\\ng} {\\NG}", "ł Ł ð Ð þ Þ ŋ Ŋ"},
	{"\\L{}\\'od\\'z", "Łódź"},
	{"Erd\\H{o}s", "Erdős"},
	{"G\\\"{o}del", "Gödel"},
	{"Sch{\\\"o}nberg", "Schönberg"},
	{"{\\AA}ngstr{\\\"o}m", "Ångström"},
	{"{\\O}rsted", "Ørsted"},
	/* Symbols. */
	{"\\& \\% \\$ \\# \\_ \\{ \\}", "& % $ # _ { }"},
	{"AT\\&T", "AT&T"},
	{"\\textendash", "–"},
	{"a\\textemdash b", "a—b"},
	{"\\textquoteleft x\\textquoteright", "‘x’"},
	{"\\textquotedblleft x\\textquotedblright", "“x”"},
	{"\\textbullet \\textdagger \\textdaggerdbl \\textsection \\textparagraph", "•†‡§¶"},
	{"\\textcopyright{} 2020", "© 2020"},
	{"\\textregistered\\texttrademark\\textdegree", "®™°"},
	{"\\textellipsis \\dots \\ldots", "………"},
	{"\\textasciitilde\\textasciicircum\\textbackslash\\textbar\\textless\\textgreater"
	 "\\textunderscore", "~^\\|<>_"},
	{"\\textsterling\\texteuro\\euro\\pounds", "£€€£"},
	{"\\S 3, \\P 2", "§3, ¶2"},
	{"\\copyright{} ACM", "© ACM"},
	/* Ligatures, ties, quotes and small spaces. */
	{"1--2", "1–2"},
	{"a---b", "a—b"},
	{"a-b", "a-b"},
	{"----", "—-"},
	{"a~b", "a\xC2\xA0" "b"},
	{"``quoted''", "“quoted”"},
	{"`single'", "‘single'"},
	{"it's", "it's"},
	{"a\\,b", "a\xE2\x80\x89" "b"},
	{"\\LaTeX\\ is", NC "LaTeX" NC_ " is"},
	{"co\\-operate", "cooperate"},
	{"shelf\\/ful", "shelfful"},
	{"a\\\\b", "a b"},
	{"\\relax Ch", "Ch"},
	/* Case protection. */
	{"{NASA}", NC "NASA" NC_},
	{"The {NASA} mission", "The " NC "NASA" NC_ " mission"},
	{"{{NASA}}", NC "NASA" NC_},
	{"{A {B} C}", NC "A B C" NC_},
	{"{T}he {A}rt", NC "T" NC_ "he " NC "A" NC_ "rt"},
	{"{}", ""},
	{"a{}b", "ab"},
	{"a {} b", "a b"},
	{"{\\'E}cole", "École"},
	{"{\\\"O}sterreich", "Österreich"},
	{"{{\\\"O}sterreich}", NC "Österreich" NC_},
	{"{Caf{\\'e}}", NC "Café" NC_},
	/* BibTeX never changes a command name in a special character,
	 * so a logo stays protected; the rest of the group does not. */
	{"The {\\LaTeX} Companion", "The " NC "LaTeX" NC_ " Companion"},
	{"{\\TeX{}Book} {\\LaTeX\\ Companion}", NC "TeX" NC_ "Book " NC "LaTeX" NC_ " Companion"},
	{"{\\BibTeX} and \\LaTeXe", NC "BibTeX" NC_ " and " NC "LaTeX2e" NC_},
	{"{The \\TeX book}", NC "The TeXbook" NC_},
	{"{\\em Nature}", IT "Nature" IT_},
	{"{\\noopsort{a}}Title", RAW "{\\noopsort{a}}" RAW_ "Title"},
	{"x {\\bf y} z", "x " BF "y" BF_ " z"},
	{"{The \\emph{X} way}", NC "The " IT "X" IT_ " way" NC_},
	{"\\emph{{DNA} tests}", IT NC "DNA" NC_ " tests" IT_},
	{"\\textbf{{\\ss}}", BF "ß" BF_},
	{"{$x$}", NC MA "x" MA_ NC_},
	/* Markup commands. */
	{"\\emph{x}", IT "x" IT_},
	{"\\textit{x}", IT "x" IT_},
	{"{\\it x}", IT "x" IT_},
	{"\\textbf{x}", BF "x" BF_},
	{"\\textsc{x}", SC "x" SC_},
	{"{\\sc x}", SC "x" SC_},
	{"5\\textsuperscript{th}", "5" SUP "th" SUP_},
	{"H\\textsubscript{2}O", "H" SUB "2" SUB_ "O"},
	{"\\emph x y", IT "x" IT_ " y"},
	{"\\emph{}", ""},
	{"{\\em a \\bf b}", IT "a " BF "b" BF_ IT_},
	{"\\protect\\emph{x}", IT "x" IT_},
	{"\\url{http://x.org/a_b%20c~d#e}", URL "http://x.org/a_b%20c~d#e" URL_},
	{"see \\url{http://a.b/}.", "see " URL "http://a.b/" URL_ "."},
	/* At brace depth 0 BibTeX protects a command's argument: plain
	 * commands keep that as NOCASE (markup is written back braced). */
	{"\\href{http://x}{the \\emph{site}}", NC "the " IT "site" IT_ NC_},
	{"\\textrm{a} \\textsf{b} \\texttt{c} \\textnormal{d} \\textup{e} \\textmd{f} "
	 "\\mbox{g} \\text{h}", NC "a" NC_ " " NC "b" NC_ " " NC "c" NC_ " " NC "d" NC_ " "
	 NC "e" NC_ " " NC "f" NC_ " " NC "g" NC_ " " NC "h" NC_},
	{"\\mbox{NASA} \\mbox{\\'E}cole", NC "NASA" NC_ " École"},
	{"\\emph{\\mbox{NASA}} {\\em \\mbox{DNA}}", IT "NASA" IT_ " " IT "DNA" IT_},
	{"{x \\mbox{NASA}}", NC "x NASA" NC_},
	/* Math. */
	{"$\\alpha$", "α"},
	{"$\\alpha$-helix", "α-helix"},
	{"$\\Omega$", "Ω"},
	{"$\\pm$ $\\times$ $\\le$ $\\leq$ $\\ge$ $\\neq$ $\\infty$", "± × ≤ ≤ ≥ ≠ ∞"},
	{"$\\rightarrow$$\\to$", "→→"},
	{"$\\cdot$ $\\approx$ $\\sim$ $\\mu$", "· ≈ ∼ μ"},
	{"25$^\\circ$C", "25°C"},
	{"$^{\\circ}$", "°"},
	{"$x$", MA "x" MA_},
	{"$2$", MA "2" MA_},
	{"$x^2 + y$", MA "x^2 + y" MA_},
	{"\\(a+b\\)", MA "a+b" MA_},
	{"\\(\\beta\\)", "β"},
	{"$$E=mc^2$$", MA "E=mc^2" MA_},
	{"$ \\gamma $", "γ"},
	{"$\\alpha\\beta$", MA "\\alpha\\beta" MA_},
	{"costs 5$", "costs 5$"},
	{"$\\{x\\}$", MA "\\{x\\}" MA_},
	/* Unknown commands stay, verbatim. */
	{"\\foo", RAW "\\foo" RAW_},
	{"\\foo{bar}", RAW "\\foo{bar}" RAW_},
	{"a \\foo b", "a " RAW "\\foo" RAW_ " b"},
	{"\\cite[p.~3]{key}", RAW "\\cite[p.~3]{key}" RAW_},
	{"\\foo{a}{b}c", RAW "\\foo{a}{b}" RAW_ "c"},
	{"\\alpha", RAW "\\alpha" RAW_},
	{"x\\;y", "x" RAW "\\;" RAW_ "y"},
	{"trail\\", "trail\\"},
	/* White space, control bytes, encoding. */
	{"  a \t b\n\nc  ", "a b c"},
	{"a\x01" "b", "a b"},
	{"{ a }", NC "a" NC_},
	{"a { b }", "a " NC "b" NC_},
	{"\\emph{a }b", IT "a" IT_ " b"},
	{"Caf\xC3\xA9", "Café"},
	{"Cafe\xCC\x81", "Café"},
	{"a\xFF" "b", "a\xEF\xBF\xBD" "b"},
	/* Unbalanced input. */
	{"a}b", "ab"},
	{"{a", NC "a" NC_},
	{"\\emph{a", IT "a" IT_},
};

static void test_decode(struct arena *a)
{
	size_t k;
	char what[64];
	for (k = 0; k < sizeof dec / sizeof dec[0]; k++) {
		cx_str got = latex_decode(a, dec[k].in, strlen(dec[k].in));
		snprintf(what, sizeof what, "decode row %zu", k + 1);
		check(what, dec[k].in, strlen(dec[k].in), got.p, got.n, dec[k].want, strlen(dec[k].want));
		ok(got.p[got.n] == 0, "decode result is NUL-terminated");
	}
}

/* ---- encoding --------------------------------------------------------- */

struct ecase {
	const char *text;
	int ascii;
	const char *want;
	size_t lossy;
};

static const struct ecase enc[] = {
	{"", 0, "", 0},
	{"plain", 0, "plain", 0},
	{"a & b", 0, "a \\& b", 0},
	{"50% _x_ #1 $5", 0, "50\\% \\_x\\_ \\#1 \\$5", 0},
	/* No escape holds a comma, which would split a BibTeX name. */
	{"Fran\xE2\x80\x89" "cois", 1, "Fran\\thinspace{}cois", 0},
	/* Logos are protected wherever they came from. */
	{NC "LaTeX" NC_ " and " NC "TeX" NC_ "book", 0, "{LaTeX} and {TeX}book", 0},
	{"{x}", 0, "\\{x\\}", 0},
	{"a\\b", 0, "a\\textbackslash{}b", 0},
	{"~^", 0, "\\textasciitilde{}\\textasciicircum{}", 0},
	{"a\xC2\xA0" "b", 0, "a~b", 0},
	{"1–2", 0, "1--2", 0},
	{"a—b", 0, "a---b", 0},
	{"Café", 0, "Café", 0},
	{"“q”", 0, "“q”", 0},
	{NC "NASA" NC_, 0, "{NASA}", 0},
	{IT "x" IT_, 0, "\\emph{x}", 0},
	{BF "x" BF_, 0, "\\textbf{x}", 0},
	{SC "x" SC_, 0, "\\textsc{x}", 0},
	{SUP "th" SUP_, 0, "\\textsuperscript{th}", 0},
	{SUB "2" SUB_, 0, "\\textsubscript{2}", 0},
	{MA "x^2" MA_, 0, "$x^2$", 0},
	{URL "http://a/b_c%20" URL_, 0, "\\url{http://a/b_c%20}", 0},
	{RAW "\\foo{b}" RAW_, 0, "\\foo{b}", 0},
	{RAW "\\foo" RAW_ "bar", 0, "\\foo\\relax{}bar", 0},
	{RAW "\\foo" RAW_ NC "X" NC_, 0, "\\foo\\relax{X}", 0},
	{RAW "\\foo{a}" RAW_ "{", 1, "\\foo{a}\\{", 0},
	{RAW "\\foo{a}" RAW_ "é", 1, "\\foo{a}\\relax{\\'e}", 0},
	{MA "\\alpha^é" MA_, 1, "$\\alpha^é$", 1},
	{NC IT "x" IT_ NC_, 0, "{{\\emph{x}}}", 0},
	{NC "#1" NC_, 0, "{{\\#1}}", 0},
	{IT NC "x" NC_ IT_, 0, "\\emph{{x}}", 0},
	{"a-–b", 0, "a-{}--b", 0},
	{"''", 0, "'{}'", 0},
	{"`", 0, "\\`{}", 0},
	{IT "x", 0, "\\emph{x}", 0},
	{"x" IT_, 0, "x", 0},
	{"Caf\xC3\xA9", 1, "Caf{\\'e}", 0},
	{"naïve", 1, "na{\\\"\\i}ve", 0},
	{"í", 1, "{\\'\\i}", 0},
	{"ç", 1, "{\\c{c}}", 0},
	{"š", 1, "{\\v{s}}", 0},
	{"ß ø Æ ł Å å", 1, "{\\ss} {\\o} {\\AE} {\\l} {\\AA} {\\aa}", 0},
	{"ő", 1, "{\\H{o}}", 0},
	{"ǘ", 1, "{\\'{\\\"u}}", 0},
	{"ệ", 1, "{\\^{\\d{e}}}", 0},
	{"ễ", 1, "{\\~{\\^e}}", 0},
	{"ĵ", 1, "{\\^\\j}", 0},
	{"ǐ", 1, "{\\v{\\i}}", 0},
	{"į", 1, "{\\k{i}}", 0},
	{"ǿ", 1, "{\\'\\o}", 0},
	{"o\xCD\xA1o", 1, "{\\t{oo}}", 0},
	{"1–2 —", 1, "1--2 ---", 0},
	{"“q”", 1, "``q''", 0},
	{"‘q’", 1, "`q\\textquoteright{}", 0},
	{"§ ©", 1, "\\textsection{} \\textcopyright{}", 0},
	{"…", 1, "\\dots{}", 0},
	{"€", 1, "\\texteuro{}", 0},
	{"α", 1, "$\\alpha$", 0},
	{"±", 1, "$\\pm$", 0},
	{"°", 1, "\\textdegree{}", 0},
	{"x\xC2\xA0y", 1, "x~y", 0},
	{"日本", 1, "日本", 2},
	{"x\xCC\x84", 1, "{\\=x}", 0},
	{NC "é" NC_, 1, "{{\\'e}}", 0},
	{NC "§" NC_, 1, "{{\\textsection{}}}", 0},
	{"ı", 1, "{\\i}", 0},
	{"Łódź", 1, "{\\L}{\\'o}d{\\'z}", 0},
	{"Dvořák", 1, "Dvo{\\v{r}}{\\'a}k", 0},
};

static FILE *scratch; /* one temporary file, appended to by every encode */

/* Run latex_encode into the scratch file and read the bytes back. */
static char *encode(const char *s, size_t n, int ascii, size_t *lossy, size_t *outn)
{
	struct cx_out o;
	char *buf;
	long start, end;

	if (!scratch && !(scratch = tmpfile())) {
		perror("tmpfile");
		exit(2);
	}
	fseek(scratch, 0, SEEK_END);
	start = ftell(scratch);
	out_init(&o, scratch, NULL);
	latex_encode(&o, (cx_str){s, n}, ascii, lossy);
	if (out_flush(&o)) {
		perror("out_flush");
		exit(2);
	}
	out_free(&o);
	end = ftell(scratch);
	fseek(scratch, start, SEEK_SET);
	buf = xmalloc((size_t)(end - start) + 1);
	if (fread(buf, 1, (size_t)(end - start), scratch) != (size_t)(end - start)) {
		perror("fread");
		exit(2);
	}
	buf[end - start] = 0;
	*outn = (size_t)(end - start);
	return buf;
}

static void test_encode(void)
{
	size_t k;
	char what[64];
	for (k = 0; k < sizeof enc / sizeof enc[0]; k++) {
		size_t lossy = 0, n;
		char *got = encode(enc[k].text, strlen(enc[k].text), enc[k].ascii, &lossy, &n);
		snprintf(what, sizeof what, "encode row %zu (ascii=%d)", k + 1, enc[k].ascii);
		check(what, enc[k].text, strlen(enc[k].text), got, n, enc[k].want, strlen(enc[k].want));
		snprintf(what, sizeof what, "encode row %zu lossy count", k + 1);
		ok(lossy == enc[k].lossy, what);
		free(got);
	}
}

/* ---- round trips ------------------------------------------------------ */

/* Extra Unicode texts for the round trip, beyond the decoded table rows. */
static const char *const texts[] = {
	"Ærøskøbing", "Łódź", "Dvořák", "Nguyễn Văn", "São Paulo", "İstanbul",
	"Ångström", "Þórr Æsir", "ŋ ĳ Ĳ đ Đ", "α-β ± γ", "“Hi” — ‘there’",
	"50 % of #1 & $2", "{}\\~^`", "a\xC2\xA0" "b", "x ≤ y ≠ z → ∞",
	"Müller-Lüdenscheidt", "Ὀδυσσεύς", "naïve café", "--", "'''", "a-–—b",
	"´ ¨ ¯ ˙ ˘ ˇ ˝ ¸ ˛ ˚", "µ vs μ", "ǅ", "x̄ ȳ",
	NC "NASA" NC_ " and " IT "Nature" IT_,
	NC IT "Cell" IT_ NC_, NC "§1" NC_, NC URL "http://x" URL_ NC_,
	IT NC "\\#" NC_ IT_, NC RAW "\\foo" RAW_ " x" NC_, MA "a_1" MA_ MA "b" MA_,
	RAW "\\foo" RAW_ " " RAW "\\bar{x}" RAW_, SUP "th" SUP_ SUB "2" SUB_,
	NC "Ł" NC_, NC "’" NC_, NC "é" NC_ " " NC "{" NC_,
};

static int is_ascii(const char *s, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] >= 0x80)
			return 0;
	return 1;
}

/* x is decoded text: encode it, decode that, and expect x again; encode
 * once more and expect the same BibTeX (a fixed point). */
static void round_trip(struct arena *a, const char *label, cx_str x)
{
	int ascii;
	char what[96];
	for (ascii = 0; ascii <= 1; ascii++) {
		size_t lossy = 0, n1, n2, lossy2 = 0;
		char *b1 = encode(x.p, x.n, ascii, &lossy, &n1);
		cx_str y = latex_decode(a, b1, n1);
		char *b2 = encode(y.p, y.n, ascii, &lossy2, &n2);
		snprintf(what, sizeof what, "round trip %s (ascii=%d)", label, ascii);
		check(what, b1, n1, y.p, y.n, x.p, x.n);
		snprintf(what, sizeof what, "fixed point %s (ascii=%d)", label, ascii);
		check(what, x.p, x.n, b2, n2, b1, n1);
		if (ascii && lossy == 0) {
			snprintf(what, sizeof what, "pure ASCII %s", label);
			ok(is_ascii(b1, n1), what);
		}
		free(b1);
		free(b2);
	}
}

static void test_round_trips(struct arena *a)
{
	size_t k;
	char label[32];
	for (k = 0; k < sizeof dec / sizeof dec[0]; k++) {
		snprintf(label, sizeof label, "of decode row %zu", k + 1);
		round_trip(a, label, latex_decode(a, dec[k].in, strlen(dec[k].in)));
	}
	for (k = 0; k < sizeof texts / sizeof texts[0]; k++) {
		snprintf(label, sizeof label, "of text %zu", k + 1);
		round_trip(a, label, (cx_str){texts[k], strlen(texts[k])});
	}
}

/* Token soup: random runs of LaTeX pieces, decoded, must give valid NFC
 * UTF-8 with properly nested markup and no stray control bytes, and must
 * round-trip.  A fixed seed keeps it reproducible. */
static const char *const soup[] = {
	"a", "B", "0", " ", "\n", "\t", "{", "}", "{", "}", "\\'", "\\`", "\\^", "\\\"",
	"\\~", "\\=", "\\.", "\\u", "\\v", "\\H", "\\c", "\\d", "\\b", "\\k", "\\r",
	"\\t", "\\i", "\\j", "\\ss", "\\o", "\\AE", "e", "o", "\\&", "\\%", "\\$", "$",
	"$$", "\\(", "\\)", "\\[", "-", "--", "'", "`", "~", "\\emph", "\\textbf{", "{\\em",
	"{\\bf ", "\\url", "\\url{a b}", "\\href{x}{", "\\foo", "\\bar{x}", "[", "]",
	"\\alpha", "$\\alpha$", "$x$", "\\,", "\\ ", "\\\\", "\\-", "é", "e\xCC\x81",
	"\xCC\x88", "\xFF", "\x01", "\\textendash", "\\dots", "{}", "\\textsuperscript",
	"\\sc", "\\relax", "^", "_", "#", "%", "\\", "\\textbackslash", "\xE2\x80\x93",
	"\xC2\xA0", "ı", "{\\noopsort{a}}", "\\textquoteright", "!", "?", "\xF0\x9F\x98\x80",
	"\xE1\x84\x80", "\xE1\x85\xA1", "\xCD\xA1", "\\cite[p]{k}", "\\\xC3\xA9",
};

static int markup_ok(const char *p, size_t n)
{
	unsigned char open[64];
	size_t depth = 0, i;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)p[i];
		if (c < 0x20 && !CX_IS_MARK(c))
			return 0;
		if (!CX_IS_MARK(c))
			continue;
		if (c == 0x01 || c == 0x03 || c == 0x05 || c == 0x07 || (c >= 0x0E && !(c & 1))) {
			if (depth && open[depth - 1] >= CX_M_MATH_ON)
				return 0; /* nothing nests in math, URLs, raw text */
			if (depth == sizeof open)
				return 1; /* deep enough: trust the rest */
			open[depth++] = c;
		} else if (!depth || open[--depth] + 1 != c) {
			return 0;
		}
	}
	return depth == 0;
}

static int nfc_ok(const char *p, size_t n)
{
	utf8proc_uint8_t *m = NULL;
	utf8proc_ssize_t k = utf8proc_map((const utf8proc_uint8_t *)p, (utf8proc_ssize_t)n, &m,
	                                  UTF8PROC_STABLE | UTF8PROC_COMPOSE);
	int same = k >= 0 && (size_t)k == n && memcmp(m, p, n) == 0;
	free(m);
	return same;
}

static void test_soup(struct arena *a)
{
	unsigned long seed = 12345;
	int it, bad = 0;
	for (it = 0; it < 3000; it++) {
		char in[1024], label[48];
		size_t n = 0;
		int k, nt;
		cx_str x;
		seed = seed * 6364136223846793005UL + 1442695040888963407UL;
		nt = 1 + (int)((seed >> 33) % 20);
		for (k = 0; k < nt; k++) {
			const char *t;
			seed = seed * 6364136223846793005UL + 1442695040888963407UL;
			t = soup[(seed >> 33) % (sizeof soup / sizeof soup[0])];
			memcpy(in + n, t, strlen(t));
			n += strlen(t);
		}
		x = latex_decode(a, in, n);
		if (!markup_ok(x.p, x.n) || !nfc_ok(x.p, x.n) ||
		    (x.n && (x.p[0] == ' ' || x.p[x.n - 1] == ' '))) {
			if (bad++ < 5)
				check("soup invariants", in, n, x.p, x.n, "(valid NFC, nested markup)", 26);
			else
				failed++;
		} else {
			passed++;
		}
		snprintf(label, sizeof label, "of soup %d", it);
		round_trip(a, label, x);
		arena_reset(a);
	}
}

/* ---- pathological input ------------------------------------------------ */

static char *repeat(const char *pre, const char *unit, size_t times, const char *post)
{
	size_t lp = strlen(pre), lu = strlen(unit), lq = strlen(post), k;
	char *s = xmalloc(lp + lu * times + lq + 1), *p = s;
	memcpy(p, pre, lp);
	p += lp;
	for (k = 0; k < times; k++, p += lu)
		memcpy(p, unit, lu);
	memcpy(p, post, lq + 1);
	return s;
}

static void test_deep(struct arena *a)
{
	enum { DEPTH = 10000 };
	char *open = repeat("", "{", DEPTH, "NASA"), *s;
	char *close = repeat("", "}", DEPTH, "");
	cx_str r;

	s = xmalloc(2 * DEPTH + 5);
	memcpy(s, open, DEPTH + 4);
	memcpy(s + DEPTH + 4, close, DEPTH + 1);
	r = latex_decode(a, s, strlen(s));
	check("10k-deep braces", "{{{...NASA...}}}", 16, r.p, r.n, NC "NASA" NC_, 6);
	r = latex_decode(a, open, strlen(open));
	check("10k unclosed braces", "{{{...NASA", 10, r.p, r.n, NC "NASA" NC_, 6);
	free(s);
	free(open);
	free(close);

	s = repeat("", "\\emph{", DEPTH, "x");
	r = latex_decode(a, s, strlen(s));
	ok(r.n == 2 * DEPTH + 1 && r.p[0] == CX_M_ITALIC_ON && r.p[DEPTH] == 'x' &&
	   r.p[r.n - 1] == CX_M_ITALIC_OFF, "10k-deep unclosed \\emph");
	free(s);

	s = repeat("", "\\'{", DEPTH, "e");
	r = latex_decode(a, s, strlen(s));
	/* é and then 9999 more acute accents (U+0301, two bytes each). */
	ok(r.n == 2 + 2 * (DEPTH - 1) && memcmp(r.p, "é", 2) == 0, "10k-deep accents");
	free(s);

	s = repeat("", "{\\em ", DEPTH, "x");
	r = latex_decode(a, s, strlen(s));
	/* Every level italic; the second level is also case protection
	 * (only the outermost group is a BibTeX special character). */
	ok(r.n == 2 * DEPTH + 3 && r.p[0] == CX_M_ITALIC_ON && r.p[1] == CX_M_NOCASE_ON &&
	   r.p[2] == CX_M_ITALIC_ON, "10k-deep {\\em");
	free(s);
}

/* Inputs that make a rescanning decoder quadratic.  Each is about 1 MB;
 * linear work takes milliseconds. */
static void test_linear(struct arena *a)
{
	static const char *const units[] = {
		"\\foo{", "\\url{", "$", "\\(", "{\\foo ", "\\foo[", "\\'{", "{", "a}",
		"\\t{oo", "$$", "{\\'e}", "~`'-",
	};
	size_t k;
	char what[64];
	for (k = 0; k < sizeof units / sizeof units[0]; k++) {
		char *s = repeat("x", units[k], (1u << 20) / strlen(units[k]), "");
		clock_t t0 = clock();
		cx_str r = latex_decode(a, s, strlen(s));
		double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
		snprintf(what, sizeof what, "linear time on 1 MB of \"%s\" (%.2fs)", units[k], secs);
		ok(secs < 2.0 && r.p != NULL, what);
		free(s);
		arena_reset(a);
	}
}

/* ---- text_plain and the writer ---------------------------------------- */

static void test_plain(struct arena *a)
{
	static const struct dcase rows[] = {
		{"", ""},
		{"plain", "plain"},
		{NC "NASA" NC_ " and " IT "x" IT_, "NASA and x"},
		{MA "x^2" MA_ URL "http://a" URL_ RAW "\\foo" RAW_, "x^2http://a\\foo"},
		{SUP "th" SUP_ SUB "2" SUB_ BF "b" BF_ SC "s" SC_, "th2bs"},
	};
	size_t k;
	for (k = 0; k < sizeof rows / sizeof rows[0]; k++) {
		cx_str r = text_plain(a, (cx_str){rows[k].in, strlen(rows[k].in)});
		check("text_plain", rows[k].in, strlen(rows[k].in), r.p, r.n, rows[k].want,
		      strlen(rows[k].want));
	}
}

static char *esc(const char *s, size_t n, enum out_esc how, size_t *outn)
{
	struct cx_out o;
	FILE *f = tmpfile();
	char *buf;
	long len;
	out_init(&o, f, NULL);
	out_esc(&o, s, n, how);
	out_flush(&o);
	out_free(&o);
	len = ftell(f);
	rewind(f);
	buf = xmalloc((size_t)len + 1);
	if (fread(buf, 1, (size_t)len, f) != (size_t)len)
		exit(2);
	buf[len] = 0;
	fclose(f);
	*outn = (size_t)len;
	return buf;
}

static void test_out(void)
{
	static const struct {
		const char *in;
		size_t n;
		enum out_esc how;
		const char *want;
	} rows[] = {
		{"a\"b\\c", 5, OUT_JSON, "a\\\"b\\\\c"},
		{"l1\nl2\tx\ry", 9, OUT_JSON, "l1\\nl2\\tx\\ry"},
		{"\b\f\x01\x1f", 4, OUT_JSON, "\\b\\f\\u0001\\u001f"},
		{"\0z", 2, OUT_JSON, "\\u0000z"},
		{"é/<>\x7f", 6, OUT_JSON, "é/<>\x7f"},
		{"a\r\nb\tc", 6, OUT_RIS, "a  b c"},
		{"a\"\\b", 4, OUT_RIS, "a\"\\b"},
		{"raw\n", 4, OUT_RAW, "raw\n"},
	};
	size_t k, n;
	struct cx_out o;
	FILE *f;
	char *big, *got;

	for (k = 0; k < sizeof rows / sizeof rows[0]; k++) {
		got = esc(rows[k].in, rows[k].n, rows[k].how, &n);
		check("out_esc", rows[k].in, rows[k].n, got, n, rows[k].want, strlen(rows[k].want));
		free(got);
	}

	/* Longer than the buffer, with escapes across the 64 KiB boundary. */
	big = repeat("", "ab\n", 50000, "");
	got = esc(big, strlen(big), OUT_JSON, &n);
	ok(n == 50000 * 4 && memcmp(got + n - 4, "ab\\n", 4) == 0, "out_esc across buffer flushes");
	free(got);
	free(big);

	/* The small helpers. */
	f = tmpfile();
	out_init(&o, f, NULL);
	out_puts(&o, "x=");
	out_printf(&o, "%d,%s", 42, "y");
	out_putc(&o, ';');
	out_str(&o, CX_STR("end"));
	big = repeat("", "z", 1000, "");
	out_printf(&o, "[%s]", big);
	ok(out_flush(&o) == 0, "out_flush returns 0");
	out_free(&o);
	n = (size_t)ftell(f);
	rewind(f);
	got = xmalloc(n + 1);
	ok(fread(got, 1, n, f) == n && n == 10 + 1002 && memcmp(got, "x=42,y;end[z", 12) == 0 &&
	   got[n - 1] == ']', "out_puts out_printf out_putc out_str");
	free(got);
	free(big);
	fclose(f);

	/* A failing FILE: the error comes back from out_flush and sticks. */
	f = fopen("/dev/full", "w");
	if (f) {
		int e1, e2;
		out_init(&o, f, NULL);
		out_puts(&o, "lost");
		e1 = out_flush(&o);
		out_puts(&o, "also lost");
		e2 = out_flush(&o);
		ok(e1 != 0 && e2 == e1 && o.error == e1, "write errors are sticky");
		out_free(&o);
		fclose(f);
	}
}

int main(void)
{
	struct arena a = {0};

	test_decode(&a);
	arena_reset(&a);
	test_encode();
	test_round_trips(&a);
	arena_reset(&a);
	test_soup(&a);
	test_deep(&a);
	arena_reset(&a);
	test_linear(&a);
	test_plain(&a);
	test_out();
	arena_destroy(&a);
	if (scratch)
		fclose(scratch);

	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
