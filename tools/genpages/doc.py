"""A page under construction, and where its blocks land in each text form.

A family writes its page as a sequence of lines through Doc.  Lines that
belong to a block (a publication item, a heading, a piece of furniture such as
a navigation menu or a News section) are added with block(), which records the
block's first and last line in the source and the text a reader sees of it.
The text forms (w3m and lynx dumps, pdftotext) are then searched for each
block's words in page order, which gives the block's lines there."""

import re
import unicodedata
from html.parser import HTMLParser

SKIP = {"script", "style", "head", "title", "noscript", "svg"}
# Block-level elements break words; inline ones (span, a, em) do not, as in w3m.
BREAK = {"p", "div", "li", "br", "tr", "td", "th", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol",
         "table", "section", "article", "header", "footer", "nav", "blockquote", "pre", "figure", "details",
         "summary", "hr", "dl", "main", "aside", "form", "select", "option", "button", "input", "figcaption"}


class _Text(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out, self.skip = [], 0
        self.options = -1          # options seen in the open <select>; browsers show the first

    def handle_starttag(self, tag, attrs):
        if tag == "select":
            self.options = 0
        elif tag == "option" and self.options >= 0:
            self.options += 1
            if self.options > 1:
                self.skip += 1
        if tag in SKIP:
            self.skip += 1
        elif tag == "img":
            alt = dict(attrs).get("alt")
            if alt and not self.skip:
                self.out.append(" %s " % alt)
        elif tag in BREAK:
            self.out.append(" ")

    def handle_endtag(self, tag):
        if tag == "option" and self.options > 1:
            self.skip = max(0, self.skip - 1)
        elif tag == "select":
            self.options = -1
        if tag in SKIP:
            self.skip = max(0, self.skip - 1)
        elif tag in BREAK:
            self.out.append(" ")

    def handle_data(self, data):
        if not self.skip:
            self.out.append(data)


def html_text(fragment):
    p = _Text()
    p.feed(fragment)
    p.close()
    return " ".join("".join(p.out).split())


FOLD = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ı": "i", "æ": "ae", "œ": "oe", "ß": "ss", "þ": "th", "ð": "d"})


def tokens(text):
    """Words of TEXT as they are compared across forms: casefolded, without
    accents (a font may lack them), letters and digits."""
    t = unicodedata.normalize("NFKD", text.casefold())
    t = "".join(c for c in t if not unicodedata.combining(c)).translate(FOLD)
    return re.findall(r"\w+", unicodedata.normalize("NFKC", t))


class Doc:
    def __init__(self, lang):
        self.lang = lang            # html, md or tex
        self.lines = []
        self.blocks = []

    def raw(self, text):
        if text is None:
            return
        self.lines.extend(text.split("\n"))

    def block(self, kind, text, plain=None, **meta):
        first = len(self.lines) + 1
        self.raw(text)
        if plain is None:
            plain = html_text(text) if self.lang == "html" else text
        b = dict(kind=kind, first=first, last=len(self.lines), plain=plain)
        b.update(meta)
        self.blocks.append(b)
        return b

    def item(self, text, gold_index, plain=None):
        return self.block("item", text, plain, index=gold_index)

    def heading(self, text, hkind, label, plain=None):
        return self.block("heading", text, plain, hkind=hkind, label=label)

    def other(self, text, okind, plain=None):
        return self.block("other", text, plain, okind=okind)

    def text(self):
        s = "\n".join(self.lines) + "\n"
        if self.lang == "tex":
            # spaces and hyphens pdflatex's utf8 input does not know
            s = re.sub("[\u2000-\u200b\u202f\u205f]", " ", s)
            s = re.sub("[\u2010\u2011\u2212]", "-", s)
        return s


def _line_tokens(dump):
    out = []
    for n, line in enumerate(dump.split("\n"), 1):
        for t in tokens(line):
            out.append((t, n))
    return out


def _find(toks, want, start, window, stop=None):
    """Index in TOKS (from START, before STOP) where WANT occurs as a
    subsequence spread over at most WINDOW tokens a word; -1 if nowhere."""
    if not want:
        return -1
    n = len(toks) if stop is None else min(stop, len(toks))
    i = start
    while i < n:
        if toks[i][0] == want[0]:
            j, k = i + 1, 1
            while k < len(want) and j < n and j - i <= window * len(want):
                if toks[j][0] == want[k]:
                    k += 1
                j += 1
            if k == len(want):
                return i
        i += 1
    return -1


def _align(toks, want, i, window=30):
    """Match WANT's words in order from TOKS[I] (WANT[0]), each within WINDOW
    tokens of the last match, skipping words the dump lacks.  Returns the
    index of the last matched token and the number of words skipped."""
    j, last, miss = i + 1, i, 0
    n = len(toks)
    for w in want[1:]:
        k, found = j, -1
        while k < n and k - j <= window:
            if toks[k][0] == w:
                found = k
                break
            k += 1
        if found >= 0:
            last, j = found, found + 1
        else:
            miss += 1
    return last, miss


def locate(dump, blocks, lead=4):
    """Each block's first and last line in DUMP, searching in page order.
    Returns a list parallel to BLOCKS of (first, last) or None where a block's
    words were not found."""
    toks = _line_tokens(dump)
    pos, out = 0, []
    for b in blocks:
        want = tokens(b["plain"])
        if not want:
            b["invisible"] = True
            out.append(None)
            continue
        i = _find(toks, want[:lead], pos, 3)
        if i < 0:
            out.append(None)
            continue
        end, miss = _align(toks, want, i)
        if miss > max(2, len(want) // 3):
            out.append(None)
            continue
        out.append((toks[i][1], toks[end][1]))
        pos = end + 1
    return out
