"""Small helpers the page generator shares: seeded choices, text cleaning and
escaping for the three page languages (HTML, Markdown, LaTeX), and the
deterministic hash that splits styles, items and layout variants into a
training part and a held-out part."""

import hashlib
import html
import re
import unicodedata

HELD_OUT_PERCENT = 20


def stable_hash(s):
    """A hash that does not change between runs or Python versions."""
    return int(hashlib.sha1(s.encode("utf-8")).hexdigest()[:12], 16)


def is_held_out(kind, name):
    """True for the fifth of NAMEs of KIND kept out of training."""
    return stable_hash(kind + ":" + name) % 100 < HELD_OUT_PERCENT


def norm(s):
    """The scorer's normalisation: NFKC, casefold, words only."""
    s = unicodedata.normalize("NFKC", s or "").casefold()
    s = re.sub(r"[{}\\*]", "", s)
    s = re.sub(r"[^\w]+", " ", s)
    return " ".join(s.split())


TAG = re.compile(r"<[^>]+>")


def strip_tags(s):
    return html.unescape(TAG.sub("", s or ""))


def plain_title(s):
    """A CSL-JSON title (with its <i>, <span class="nocase"> markup) as plain text."""
    return " ".join(strip_tags(s).split())


def esc(s):
    return html.escape(s or "", quote=False)


def attr(s):
    return html.escape(s or "", quote=True)


def html_markup(s):
    """CSL-JSON rich text as HTML: nocase and small-caps spans dropped, i/b/sub/sup kept."""
    s = re.sub(r'<span class="nocase">(.*?)</span>', r"\1", s or "")
    s = re.sub(r"<span[^>]*>(.*?)</span>", r"\1", s)
    parts = re.split(r"(</?(?:i|b|sub|sup)>)", s)
    return "".join(p if re.fullmatch(r"</?(?:i|b|sub|sup)>", p) else esc(html.unescape(p)) for p in parts)


MD_SPECIAL = re.compile(r"([\\`*_\[\]#<>|])")


def md_esc(s):
    return MD_SPECIAL.sub(r"\\\1", s or "")


def md_markup(s):
    """CSL-JSON rich text as Markdown: italics as *x*, the rest as text."""
    s = re.sub(r"<i>(.*?)</i>", lambda m: "*" + md_esc(strip_tags(m.group(1))) + "*", s or "")
    parts = re.split(r"(\*[^*]+\*)", s)
    return "".join(p if p.startswith("*") and p.endswith("*") and len(p) > 2 else md_esc(strip_tags(p)) for p in parts)


TEX_SPECIAL = {"&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "{": r"\{", "}": r"\}",
               "~": r"\textasciitilde{}", "^": r"\textasciicircum{}", "\\": r"\textbackslash{}"}


def tex_esc(s):
    return "".join(TEX_SPECIAL.get(c, c) for c in (s or ""))


def tex_markup(s):
    """CSL-JSON rich text as LaTeX: <i> as \\emph, <sub>/<sup> as \\textsub/superscript."""
    out, pos = [], 0
    for m in re.finditer(r"<(i|b|sub|sup)>(.*?)</\1>", s or ""):
        out.append(tex_esc(strip_tags(s[pos:m.start()])))
        cmd = {"i": "emph", "b": "textbf", "sub": "textsubscript", "sup": "textsuperscript"}[m.group(1)]
        out.append("\\%s{%s}" % (cmd, tex_esc(strip_tags(m.group(2)))))
        pos = m.end()
    out.append(tex_esc(strip_tags((s or "")[pos:])))
    return "".join(out)


def latin_only(s):
    """True when pdflatex with inputenc utf8 typesets S without extra fonts."""
    for c in s or "":
        o = ord(c)
        if o < 0x250 or 0x2000 <= o <= 0x206F or c in "–—‘’“”…":
            continue
        return False
    return True


def slug(s, n=24):
    s = unicodedata.normalize("NFKD", s)
    s = "".join(c for c in s if not unicodedata.combining(c))
    s = re.sub(r"[^A-Za-z0-9]+", "-", s).strip("-").lower()
    return s[:n] or "x"


def weighted(rng, pairs):
    """Pick from [(value, weight), ...]."""
    total = sum(w for _, w in pairs)
    x = rng.random() * total
    for v, w in pairs:
        x -= w
        if x < 0:
            return v
    return pairs[-1][0]


def year_of(item):
    try:
        return int(item["issued"]["date-parts"][0][0])
    except (KeyError, IndexError, TypeError, ValueError):
        return None


MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]


def month_of(item):
    try:
        m = int(item["issued"]["date-parts"][0][1])
        return m if 1 <= m <= 12 else None
    except (KeyError, IndexError, TypeError, ValueError):
        return None
