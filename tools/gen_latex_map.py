#!/usr/bin/env python3
"""gen_latex_map.py - generate src/norm/latex_map.inc, the tables behind src/norm/latex.c.

The LaTeX side of every mapping is written here by hand; the Unicode side is
given by character *name* and resolved through Python's unicodedata, so the
table is built from Unicode data rather than copied from another project
(bibutils' table is GPL).  The script writes:

  lx_class[256]  byte classes for the decoder's fast path and main loop
  lx_text[]      text-mode commands, sorted by name for binary search
  lx_math[]      single math symbols ($\\alpha$ -> U+03B1), sorted by name
  lx_enc[]       code point -> ASCII LaTeX escape for `--ascii`, sorted
  lx_marks[]     combining mark -> accent command, sorted

Run it from the repository root:  python3 tools/gen_latex_map.py > src/norm/latex_map.inc
"""

import sys
import unicodedata

U = unicodedata.lookup

# ---- text-mode accents: command, combining mark, spacing form ------------
# The spacing form is what `\'{}` (an accent with nothing under it) prints.
# \d has no spacing form in Unicode, so it is the mark on a no-break space.
ACCENTS = [
    ("'", "COMBINING ACUTE ACCENT", "ACUTE ACCENT"),
    ("`", "COMBINING GRAVE ACCENT", "GRAVE ACCENT"),
    ("^", "COMBINING CIRCUMFLEX ACCENT", "CIRCUMFLEX ACCENT"),
    ('"', "COMBINING DIAERESIS", "DIAERESIS"),
    ("~", "COMBINING TILDE", "TILDE"),
    ("=", "COMBINING MACRON", "MACRON"),
    (".", "COMBINING DOT ABOVE", "DOT ABOVE"),
    ("u", "COMBINING BREVE", "BREVE"),
    ("v", "COMBINING CARON", "CARON"),
    ("H", "COMBINING DOUBLE ACUTE ACCENT", "DOUBLE ACUTE ACCENT"),
    ("c", "COMBINING CEDILLA", "CEDILLA"),
    ("d", "COMBINING DOT BELOW", ["NO-BREAK SPACE", "COMBINING DOT BELOW"]),
    ("b", "COMBINING MACRON BELOW", "MODIFIER LETTER LOW MACRON"),
    ("k", "COMBINING OGONEK", "OGONEK"),
    ("r", "COMBINING RING ABOVE", "RING ABOVE"),
    ("t", "COMBINING DOUBLE INVERTED BREVE", "CHARACTER TIE"),
]

# ---- special letters: \ss and friends ---------------------------------------
# Encoded back as {\ss}; usable as the base of an accent ({\'\o} is U+01FF).
LETTERS = [
    ("ss", "LATIN SMALL LETTER SHARP S"),
    ("o", "LATIN SMALL LETTER O WITH STROKE"),
    ("O", "LATIN CAPITAL LETTER O WITH STROKE"),
    ("ae", "LATIN SMALL LETTER AE"),
    ("AE", "LATIN CAPITAL LETTER AE"),
    ("oe", "LATIN SMALL LIGATURE OE"),
    ("OE", "LATIN CAPITAL LIGATURE OE"),
    ("aa", "LATIN SMALL LETTER A WITH RING ABOVE"),
    ("AA", "LATIN CAPITAL LETTER A WITH RING ABOVE"),
    ("l", "LATIN SMALL LETTER L WITH STROKE"),
    ("L", "LATIN CAPITAL LETTER L WITH STROKE"),
    ("dh", "LATIN SMALL LETTER ETH"),
    ("DH", "LATIN CAPITAL LETTER ETH"),
    ("th", "LATIN SMALL LETTER THORN"),
    ("TH", "LATIN CAPITAL LETTER THORN"),
    ("ng", "LATIN SMALL LETTER ENG"),
    ("NG", "LATIN CAPITAL LETTER ENG"),
    ("dj", "LATIN SMALL LETTER D WITH STROKE"),
    ("DJ", "LATIN CAPITAL LETTER D WITH STROKE"),
    ("ij", "LATIN SMALL LIGATURE IJ"),
    ("IJ", "LATIN CAPITAL LIGATURE IJ"),
]

# \i and \j: dotless letters on their own, the dotted letter under an accent.
DOTLESS = [
    ("i", "LATIN SMALL LETTER DOTLESS I", "i"),
    ("j", "LATIN SMALL LETTER DOTLESS J", "j"),
]

# ---- text symbols: command -> character(s) -------------------------------
# A list value is a sequence of names; "lit:" is literal ASCII text.
SYMBOLS = [
    ("&", "lit:&"), ("%", "lit:%"), ("$", "lit:$"), ("#", "lit:#"),
    ("_", "lit:_"), ("{", "lit:{"), ("}", "lit:}"),
    (",", "THIN SPACE"),
    ("textendash", "EN DASH"),
    ("textemdash", "EM DASH"),
    ("textquoteleft", "LEFT SINGLE QUOTATION MARK"),
    ("textquoteright", "RIGHT SINGLE QUOTATION MARK"),
    ("textquotedblleft", "LEFT DOUBLE QUOTATION MARK"),
    ("textquotedblright", "RIGHT DOUBLE QUOTATION MARK"),
    ("textquotesingle", "lit:'"),
    ("textquotedbl", 'lit:"'),
    ("quotedblbase", "DOUBLE LOW-9 QUOTATION MARK"),
    ("quotesinglbase", "SINGLE LOW-9 QUOTATION MARK"),
    ("guillemotleft", "LEFT-POINTING DOUBLE ANGLE QUOTATION MARK"),
    ("guillemotright", "RIGHT-POINTING DOUBLE ANGLE QUOTATION MARK"),
    ("guillemetleft", "LEFT-POINTING DOUBLE ANGLE QUOTATION MARK"),
    ("guillemetright", "RIGHT-POINTING DOUBLE ANGLE QUOTATION MARK"),
    ("guilsinglleft", "SINGLE LEFT-POINTING ANGLE QUOTATION MARK"),
    ("guilsinglright", "SINGLE RIGHT-POINTING ANGLE QUOTATION MARK"),
    ("textbullet", "BULLET"),
    ("textperiodcentered", "MIDDLE DOT"),
    ("textdagger", "DAGGER"),
    ("dag", "DAGGER"),
    ("textdaggerdbl", "DOUBLE DAGGER"),
    ("ddag", "DOUBLE DAGGER"),
    ("textsection", "SECTION SIGN"),
    ("S", "SECTION SIGN"),
    ("textparagraph", "PILCROW SIGN"),
    ("P", "PILCROW SIGN"),
    ("textcopyright", "COPYRIGHT SIGN"),
    ("copyright", "COPYRIGHT SIGN"),
    ("textregistered", "REGISTERED SIGN"),
    ("texttrademark", "TRADE MARK SIGN"),
    ("textdegree", "DEGREE SIGN"),
    ("textellipsis", "HORIZONTAL ELLIPSIS"),
    ("dots", "HORIZONTAL ELLIPSIS"),
    ("ldots", "HORIZONTAL ELLIPSIS"),
    ("textasciitilde", "lit:~"),
    ("textasciicircum", "lit:^"),
    ("textasciigrave", "lit:`"),
    ("textbackslash", "lit:\\"),
    ("textbar", "lit:|"),
    ("textbraceleft", "lit:{"),
    ("textbraceright", "lit:}"),
    ("textless", "lit:<"),
    ("textgreater", "lit:>"),
    ("textunderscore", "lit:_"),
    ("textdollar", "lit:$"),
    ("slash", "lit:/"),
    ("textslash", "lit:/"),
    ("textsterling", "POUND SIGN"),
    ("pounds", "POUND SIGN"),
    ("texteuro", "EURO SIGN"),
    ("euro", "EURO SIGN"),
    ("textyen", "YEN SIGN"),
    ("textcent", "CENT SIGN"),
    ("textcurrency", "CURRENCY SIGN"),
    ("textbrokenbar", "BROKEN BAR"),
    ("textexclamdown", "INVERTED EXCLAMATION MARK"),
    ("textquestiondown", "INVERTED QUESTION MARK"),
    ("textordfeminine", "FEMININE ORDINAL INDICATOR"),
    ("textordmasculine", "MASCULINE ORDINAL INDICATOR"),
    ("textonesuperior", "SUPERSCRIPT ONE"),
    ("texttwosuperior", "SUPERSCRIPT TWO"),
    ("textthreesuperior", "SUPERSCRIPT THREE"),
    ("textonequarter", "VULGAR FRACTION ONE QUARTER"),
    ("textonehalf", "VULGAR FRACTION ONE HALF"),
    ("textthreequarters", "VULGAR FRACTION THREE QUARTERS"),
    ("texttimes", "MULTIPLICATION SIGN"),
    ("textdiv", "DIVISION SIGN"),
    ("textpm", "PLUS-MINUS SIGN"),
    ("textmu", "MICRO SIGN"),
    ("textminus", "MINUS SIGN"),
    ("textlnot", "NOT SIGN"),
    ("textperthousand", "PER MILLE SIGN"),
    ("textnumero", "NUMERO SIGN"),
    ("textasteriskcentered", "ASTERISK OPERATOR"),
    ("textvisiblespace", "OPEN BOX"),
    ("textleftarrow", "LEFTWARDS ARROW"),
    ("textrightarrow", "RIGHTWARDS ARROW"),
    ("textuparrow", "UPWARDS ARROW"),
    ("textdownarrow", "DOWNWARDS ARROW"),
    ("nobreakspace", "NO-BREAK SPACE"),
    ("thinspace", "THIN SPACE"),
    ("emdash", "EM DASH"), ("endash", "EN DASH"), ("Dash", "EM DASH"),
    ("backslash", "lit:\\"), ("trademark", "TRADE MARK SIGN"),
    ("enspace", "EN SPACE"),
]
# Logos: BibTeX never changes the case of a command name in a special
# character ({\LaTeX}), so they decode inside case protection.
# The rest are the logos TeX's own bibliographies use (tugboat.def, the
# AMS and TUG styles), written as their names read.
LOGOS = [("TeX", "TeX"), ("LaTeX", "LaTeX"), ("LaTeXe", "LaTeX2e"),
         ("BibTeX", "BibTeX"), ("MF", "METAFONT"), ("METAFONT", "METAFONT"),
         ("MP", "MetaPost"), ("AMS", "AMS"), ("AmS", "AMS"),
         ("AMSTeX", "AMS-TeX"), ("AmSTeX", "AMS-TeX"), ("AMSTEX", "AMS-TeX"),
         ("AMSLaTeX", "AMS-LaTeX"), ("AmSLaTeX", "AMS-LaTeX"),
         ("SliTeX", "SliTeX"), ("SLiTeX", "SliTeX"), ("PiCTeX", "PiCTeX"),
         ("XeTeX", "XeTeX"), ("XeLaTeX", "XeLaTeX"), ("LuaTeX", "LuaTeX"),
         ("LuaLaTeX", "LuaLaTeX"), ("pdfTeX", "pdfTeX"), ("pdfLaTeX", "pdfLaTeX"),
         ("ConTeXt", "ConTeXt"), ("eTeX", "e-TeX"), ("JTeX", "JTeX"),
         ("LAMSTeX", "LAMS-TeX"), ("PS", "PostScript"), ("POSTSCRIPT", "PostScript"),
         ("TUB", "TUGboat"), ("TUG", "TUG")]

# Commands that stand for white space (one space in the output).
SPACES = [" ", "\\", "quad", "qquad", "newline", "linebreak", "par", "space",
          "hfill", "enskip"]
# Commands that produce nothing: hyphenation and spacing hints, no-ops.
NOTHING = ["-", "/", "@", "relax", "protect", "allowbreak", "nobreak",
           "xspace", "leavevmode", "noindent", "ignorespaces", "unskip"]

# Commands that take a dimension or a {length} and typeset no text: a box
# raised or lowered, a kern, a skip (\raise 0.5ex\hbox{a}, \kern-.1em,
# \hspace{1em}).  The dimension goes with the command; those that move
# along the line leave one space.
SKIPS = [("raise", 0), ("lower", 0), ("kern", 0), ("mkern", 0), ("vskip", 0),
         ("vspace", 0), ("hskip", 1), ("hspace", 1), ("mskip", 0)]

# Markup taking one argument: \emph{x}.
MARKUP = [
    ("emph", "CX_M_ITALIC_ON"), ("textit", "CX_M_ITALIC_ON"),
    ("textsl", "CX_M_ITALIC_ON"), ("textbf", "CX_M_BOLD_ON"),
    ("textsc", "CX_M_SC_ON"), ("textsuperscript", "CX_M_SUP_ON"),
    ("textsubscript", "CX_M_SUB_ON"),
]
# Font declarations, in force to the end of the group: {\em x}.
DECLS = [
    ("em", "CX_M_ITALIC_ON"), ("it", "CX_M_ITALIC_ON"),
    ("itshape", "CX_M_ITALIC_ON"), ("sl", "CX_M_ITALIC_ON"),
    ("slshape", "CX_M_ITALIC_ON"), ("bf", "CX_M_BOLD_ON"),
    ("bfseries", "CX_M_BOLD_ON"), ("sc", "CX_M_SC_ON"),
    ("scshape", "CX_M_SC_ON"),
    ("rm", "0"), ("sf", "0"), ("tt", "0"), ("upshape", "0"),
    ("normalfont", "0"), ("mdseries", "0"), ("rmfamily", "0"),
    ("sffamily", "0"), ("ttfamily", "0"),
]
# One argument, kept without markup.
PLAIN = ["textrm", "textsf", "texttt", "textnormal", "textup", "textmd",
         "mbox", "text", "hbox", "acro"]

# ---- math: a body that is exactly one of these becomes Unicode ----------
GREEK_LOWER = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta",
               "theta", "iota", "kappa", "lambda", "mu", "nu", "xi", "pi",
               "rho", "sigma", "tau", "upsilon", "phi", "chi", "psi", "omega"]
GREEK_UPPER = ["Gamma", "Delta", "Theta", "Lambda", "Xi", "Pi", "Sigma",
               "Upsilon", "Phi", "Psi", "Omega"]


def greek(g):
    # Unicode spells lambda "LAMDA".
    return g.upper().replace("LAMBDA", "LAMDA")


MATH = [(g, "GREEK SMALL LETTER " + greek(g)) for g in GREEK_LOWER] + \
       [(g, "GREEK CAPITAL LETTER " + greek(g)) for g in GREEK_UPPER] + [
    # The var forms: TeX's \epsilon and \phi are the lunate and stroked
    # shapes, but in a title they mean the Greek letter, so both spellings
    # give the ordinary letter; the shapes with their own code points keep
    # them.
    ("varepsilon", "GREEK SMALL LETTER EPSILON"),
    ("varphi", "GREEK SMALL LETTER PHI"),
    ("vartheta", "GREEK THETA SYMBOL"),
    ("varsigma", "GREEK SMALL LETTER FINAL SIGMA"),
    ("varrho", "GREEK RHO SYMBOL"),
    ("varpi", "GREEK PI SYMBOL"),
]
# The math symbols: one a line, the command and the character's name.
MATH_SYMBOLS = """
pm PLUS-MINUS SIGN
mp MINUS-OR-PLUS SIGN
times MULTIPLICATION SIGN
div DIVISION SIGN
cdot MIDDLE DOT
le LESS-THAN OR EQUAL TO
leq LESS-THAN OR EQUAL TO
ge GREATER-THAN OR EQUAL TO
geq GREATER-THAN OR EQUAL TO
neq NOT EQUAL TO
ne NOT EQUAL TO
infty INFINITY
rightarrow RIGHTWARDS ARROW
to RIGHTWARDS ARROW
leftarrow LEFTWARDS ARROW
gets LEFTWARDS ARROW
leftrightarrow LEFT RIGHT ARROW
Rightarrow RIGHTWARDS DOUBLE ARROW
Leftarrow LEFTWARDS DOUBLE ARROW
Leftrightarrow LEFT RIGHT DOUBLE ARROW
uparrow UPWARDS ARROW
downarrow DOWNWARDS ARROW
mapsto RIGHTWARDS ARROW FROM BAR
approx ALMOST EQUAL TO
sim TILDE OPERATOR
simeq ASYMPTOTICALLY EQUAL TO
cong APPROXIMATELY EQUAL TO
equiv IDENTICAL TO
propto PROPORTIONAL TO
partial PARTIAL DIFFERENTIAL
nabla NABLA
sum N-ARY SUMMATION
prod N-ARY PRODUCT
int INTEGRAL
oint CONTOUR INTEGRAL
in ELEMENT OF
notin NOT AN ELEMENT OF
ni CONTAINS AS MEMBER
subset SUBSET OF
subseteq SUBSET OF OR EQUAL TO
supset SUPERSET OF
supseteq SUPERSET OF OR EQUAL TO
cup UNION
cap INTERSECTION
emptyset EMPTY SET
varnothing EMPTY SET
forall FOR ALL
exists THERE EXISTS
neg NOT SIGN
lnot NOT SIGN
wedge LOGICAL AND
land LOGICAL AND
vee LOGICAL OR
lor LOGICAL OR
ll MUCH LESS-THAN
gg MUCH GREATER-THAN
circ RING OPERATOR
bullet BULLET
star STAR OPERATOR
ast ASTERISK OPERATOR
dagger DAGGER
ddagger DOUBLE DAGGER
ell SCRIPT SMALL L
hbar PLANCK CONSTANT OVER TWO PI
Re BLACK-LETTER CAPITAL R
Im BLACK-LETTER CAPITAL I
aleph ALEF SYMBOL
wp SCRIPT CAPITAL P
angle ANGLE
perp UP TACK
parallel PARALLEL TO
mid DIVIDES
ldots HORIZONTAL ELLIPSIS
dots HORIZONTAL ELLIPSIS
cdots MIDLINE HORIZONTAL ELLIPSIS
prime PRIME
surd SQUARE ROOT
"""
MATH += [tuple(line.split(" ", 1)) for line in MATH_SYMBOLS.strip().splitlines()]
MATH += [("%", "lit:%"), ("$", "lit:$"), ("#", "lit:#"), ("&", "lit:&"),
         ("_", "lit:_"), ("{", "lit:{"), ("}", "lit:}")]

# ---- --ascii: code point -> escape ---------------------------------------
# Characters with a canonical decomposition into a letter and accents are
# handled in latex.c through NFD; these are the rest.  Each escape decodes
# back to the same character, so --ascii output round-trips.  No escape
# holds a comma, which would split a BibTeX name ("Fran\\,cois").
ENC = [
    ("NO-BREAK SPACE", "~"),
    ("THIN SPACE", "\\thinspace{}"),
    ("EN SPACE", "\\enspace{}"),
    ("EN DASH", "--"),
    ("EM DASH", "---"),
    ("LEFT SINGLE QUOTATION MARK", "`"),
    ("RIGHT SINGLE QUOTATION MARK", "\\textquoteright{}"),
    ("LEFT DOUBLE QUOTATION MARK", "``"),
    ("RIGHT DOUBLE QUOTATION MARK", "''"),
    ("DOUBLE LOW-9 QUOTATION MARK", "\\quotedblbase{}"),
    ("SINGLE LOW-9 QUOTATION MARK", "\\quotesinglbase{}"),
    ("LEFT-POINTING DOUBLE ANGLE QUOTATION MARK", "\\guillemotleft{}"),
    ("RIGHT-POINTING DOUBLE ANGLE QUOTATION MARK", "\\guillemotright{}"),
    ("SINGLE LEFT-POINTING ANGLE QUOTATION MARK", "\\guilsinglleft{}"),
    ("SINGLE RIGHT-POINTING ANGLE QUOTATION MARK", "\\guilsinglright{}"),
    ("BULLET", "\\textbullet{}"),
    ("MIDDLE DOT", "\\textperiodcentered{}"),
    ("DAGGER", "\\textdagger{}"),
    ("DOUBLE DAGGER", "\\textdaggerdbl{}"),
    ("SECTION SIGN", "\\textsection{}"),
    ("PILCROW SIGN", "\\textparagraph{}"),
    ("COPYRIGHT SIGN", "\\textcopyright{}"),
    ("REGISTERED SIGN", "\\textregistered{}"),
    ("TRADE MARK SIGN", "\\texttrademark{}"),
    ("DEGREE SIGN", "\\textdegree{}"),
    ("HORIZONTAL ELLIPSIS", "\\dots{}"),
    ("POUND SIGN", "\\pounds{}"),
    ("EURO SIGN", "\\texteuro{}"),
    ("YEN SIGN", "\\textyen{}"),
    ("CENT SIGN", "\\textcent{}"),
    ("CURRENCY SIGN", "\\textcurrency{}"),
    ("BROKEN BAR", "\\textbrokenbar{}"),
    ("INVERTED EXCLAMATION MARK", "\\textexclamdown{}"),
    ("INVERTED QUESTION MARK", "\\textquestiondown{}"),
    ("FEMININE ORDINAL INDICATOR", "\\textordfeminine{}"),
    ("MASCULINE ORDINAL INDICATOR", "\\textordmasculine{}"),
    ("SUPERSCRIPT ONE", "\\textonesuperior{}"),
    ("SUPERSCRIPT TWO", "\\texttwosuperior{}"),
    ("SUPERSCRIPT THREE", "\\textthreesuperior{}"),
    ("VULGAR FRACTION ONE QUARTER", "\\textonequarter{}"),
    ("VULGAR FRACTION ONE HALF", "\\textonehalf{}"),
    ("VULGAR FRACTION THREE QUARTERS", "\\textthreequarters{}"),
    ("MICRO SIGN", "\\textmu{}"),
    ("MINUS SIGN", "\\textminus{}"),
    ("PER MILLE SIGN", "\\textperthousand{}"),
    ("NUMERO SIGN", "\\textnumero{}"),
    ("OPEN BOX", "\\textvisiblespace{}"),
    # Spacing accents: an accent over nothing.
    ("ACUTE ACCENT", "\\'{}"), ("DIAERESIS", '\\"{}'), ("MACRON", "\\={}"),
    ("DOT ABOVE", "\\.{}"), ("BREVE", "\\u{}"), ("CARON", "\\v{}"),
    ("DOUBLE ACUTE ACCENT", "\\H{}"), ("CEDILLA", "\\c{}"),
    ("MODIFIER LETTER LOW MACRON", "\\b{}"), ("OGONEK", "\\k{}"),
    ("RING ABOVE", "\\r{}"), ("CHARACTER TIE", "\\t{}"),
    # Special letters, braced so a following letter cannot join the name.
] + [(u, "{\\%s}" % c) for c, u in LETTERS if c not in ("aa", "AA")] + [
    ("LATIN SMALL LETTER A WITH RING ABOVE", "{\\aa}"),
    ("LATIN CAPITAL LETTER A WITH RING ABOVE", "{\\AA}"),
    ("LATIN SMALL LETTER DOTLESS I", "{\\i}"),
    ("LATIN SMALL LETTER DOTLESS J", "{\\j}"),
]

# Math symbols go out as $\name$ (the first name listed for a character).
MATH_ENC_SKIP = {"MIDDLE DOT", "BULLET", "DAGGER", "DOUBLE DAGGER",
                 "HORIZONTAL ELLIPSIS", "ASTERISK OPERATOR"}


def utf8(spec):
    if isinstance(spec, list):
        return "".join(U(x) for x in spec)
    if spec.startswith("lit:"):
        return spec[4:]
    return U(spec)


def cstr(s):
    """A C string literal for s, UTF-8 bytes escaped as \\x.."""
    out = []
    b = s.encode("utf-8")
    for i, c in enumerate(b):
        ch = chr(c)
        if c >= 0x80 or c < 0x20:
            out.append("\\x%02x" % c)
            # A hex escape swallows following hex digits: split the literal.
            if i + 1 < len(b) and chr(b[i + 1]) in "0123456789abcdefABCDEF":
                out.append('""')
        elif ch in '\\"':
            out.append("\\" + ch)
        elif ch == "?":
            out.append("\\?")  # no trigraphs
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def main():
    w = sys.stdout.write
    w("/* norm/latex_map.inc - generated by tools/gen_latex_map.py from Unicode\n"
      " * character names (Python unicodedata %s); do not edit by hand.\n"
      " * Included once, by src/norm/latex_map.c (and by tools/mkindex.c). */\n\n" % unicodedata.unidata_version)

    # Byte classes.
    cls = []
    for c in range(256):
        ch = chr(c)
        if c < 0x20 or c == 0x7F:
            cls.append("LC_CTRL")
        elif ch == " ":
            cls.append("LC_SPACE")
        elif ch in "\\{}~$`":
            cls.append("LC_SPECIAL")
        elif ch in "-'":
            cls.append("LC_LIG")
        elif c >= 0x80:
            cls.append("LC_HIGH")
        else:
            cls.append("LC_PLAIN")
    w("/* Byte classes: what the decoder must look at (sqlite's aiClass). */\n")
    w("const unsigned char lx_class[256] = {\n")
    for r in range(0, 256, 8):
        w("\t" + ", ".join(cls[r:r + 8]) + ",\n")
    w("};\n\n")

    rows = {}

    def add(name, row):
        if name in rows:
            raise SystemExit("duplicate command \\" + name)
        rows[name] = row

    for c, mark, spacing in ACCENTS:
        add(c, "LX_ACCENT, 0, 0x%04X, %s" % (ord(U(mark)), cstr(utf8(spacing))))
    for c, u in LETTERS:
        add(c, "LX_LETTER, 0, 0, %s" % cstr(U(u)))
    for c, u, base in DOTLESS:
        add(c, "LX_DOTLESS, 0, 0x%04X, %s" % (ord(base), cstr(U(u))))
    for c, u in SYMBOLS:
        add(c, "LX_SYMBOL, 0, 0, %s" % cstr(utf8(u)))
    for c, text in LOGOS:
        add(c, "LX_SYMBOL, CX_M_NOCASE_ON, 0, %s" % cstr(text))
    for c in SPACES:
        add(c, "LX_SPACE, 0, 0, NULL")
    for c in NOTHING:
        add(c, "LX_NOTHING, 0, 0, NULL")
    for c, space in SKIPS:
        add(c, "LX_SKIP, 0, %d, NULL" % space)
    for c, m in MARKUP:
        add(c, "LX_MARKUP, %s, 0, NULL" % m)
    for c, m in DECLS:
        add(c, "LX_DECL, %s, 0, NULL" % m)
    for c in PLAIN:
        add(c, "LX_PLAIN, 0, 0, NULL")
    add("url", "LX_URL, 0, 0, NULL")
    add("path", "LX_URL, 0, 0, NULL")   # url.sty's \path, delimited or braced
    add("verb", "LX_URL, 0, 0, NULL")
    add("href", "LX_HREF, 0, 0, NULL")
    add("(", "LX_MATH, 0, ')', NULL")
    add("[", "LX_MATH, 0, ']', NULL")

    w("/* Text-mode commands, sorted bytewise by name. */\n")
    w("const struct lx_cmd lx_text[] = {\n")
    for name in sorted(rows, key=lambda s: s.encode()):
        w("\t{%s, %s},\n" % (cstr(name), rows[name]))
    w("};\n\n")

    math = {}
    for c, u in MATH:
        if c in math:
            raise SystemExit("duplicate math symbol \\" + c)
        math[c] = utf8(u)
    w("/* Math symbols that stand alone in $...$, sorted bytewise. */\n")
    w("const struct lx_sym lx_math[] = {\n")
    for name in sorted(math, key=lambda s: s.encode()):
        w("\t{%s, %s},\n" % (cstr(name), cstr(math[name])))
    w("};\n\n")

    enc = {}
    for u, tex in ENC:
        cp = ord(U(u))
        if cp in enc:
            raise SystemExit("duplicate escape for " + u)
        enc[cp] = tex
    for c, u in MATH:
        if u.startswith("lit:") or u in MATH_ENC_SKIP:
            continue
        cp = ord(utf8(u))
        if cp not in enc:
            enc[cp] = "$\\%s$" % c
    w("/* --ascii escapes for characters without a letter+accent NFD. */\n")
    w("const struct lx_enc lx_enc[] = {\n")
    for cp in sorted(enc):
        w("\t{0x%04X, %s},\n" % (cp, cstr(enc[cp])))
    w("};\n\n")

    w("/* Combining marks LaTeX can write, and their accent commands. */\n")
    w("const struct lx_mark lx_marks[] = {\n")
    for c, mark, _ in sorted(ACCENTS, key=lambda a: ord(U(a[1]))):
        w("\t{0x%04X, %s},\n" % (ord(U(mark)), cstr(c)))
    w("};\n")


if __name__ == "__main__":
    main()
