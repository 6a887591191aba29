"""Citations rendered by citex's own CSL processor through Debian's styles
(citation-style-language-styles, CC BY-SA 3.0, citationstyles.org).

Styles are split into training and held-out parts by their independent
parent, so a held-out style never shares its layout with a training one.
What a style printed is read back from its text to make the gold record: the
authors it names (and where it cut the list), initials, the year and the
container title."""

import json
import os
import re
import subprocess
import tempfile

from .doc import html_text
from .names import gold_item, gold_name
from .util import is_held_out, norm, plain_title, year_of

STYLE_DIR = "/usr/share/citation-style-language/styles"
# Styles that homepages and CVs use often get more weight.
POPULAR = {"apa": 30, "ieee": 20, "chicago-author-date": 10, "modern-language-association": 8,
           "harvard-cite-them-right": 6, "nature": 6, "vancouver": 5, "american-chemical-society": 5,
           "association-for-computing-machinery": 6, "springer-basic-author-date": 4, "elsevier-harvard": 4,
           "american-physics-society": 3, "chicago-fullnote-bibliography": 2, "apa-cv": 6,
           "american-psychological-association-6th-edition": 4, "springer-lecture-notes-in-computer-science": 4,
           "acm-sig-proceedings": 4, "royal-society-of-chemistry": 2, "the-lancet": 2, "cell": 2,
           "american-medical-association": 3, "pnas": 2, "science": 2, "bmc-medicine": 1, "elsevier-vancouver": 2,
           "institute-of-physics-numeric": 2, "american-sociological-association": 3, "din-1505-2": 2}


# Styles that are variants of one another (apa-no-ampersand, apa-6th-edition...)
# fall on the same side of the split.
GROUPS = ("apa", "chicago", "harvard", "ieee", "elsevier", "springer", "modern-language-association", "vancouver",
          "nature", "taylor-and-francis", "sage", "iso690", "din-1505", "turabian", "american-medical-association",
          "american-chemical-society", "american-physics-society", "american-sociological-association",
          "american-political-science-association", "council-of-science-editors", "oxford", "cambridge-university-press",
          "bluebook", "acm", "association-for-computing-machinery", "mhra", "oscola", "gost", "frontiers", "mdpi",
          "plos", "royal-society-of-chemistry", "institute-of-physics", "american-institute-of-physics", "cell",
          "biomed-central", "bmc", "copernicus", "wiley", "emerald", "de-gruyter", "universitat", "universite",
          "universidade", "universidad", "university", "technische-universitat", "lncs", "lecture-notes")


def style_group(name):
    best = name
    for g in GROUPS:
        if (name == g or name.startswith(g + "-")) and len(g) < len(best):
            best = g
    return best


class Styles:
    def __init__(self, style_dir=STYLE_DIR):
        self.parent, self.note = {}, set()
        if not os.path.isdir(style_dir):
            self.names = {"train": [], "heldout": []}
            return
        for f in sorted(os.listdir(style_dir)):
            if not f.endswith(".csl"):
                continue
            name = f[:-4]
            head = open(os.path.join(style_dir, f), encoding="utf-8", errors="replace").read(6000)
            m = re.search(r'rel="independent-parent"\s+href="[^"]*/([^"/]+)"', head)
            self.parent[name] = m.group(1) if m else name
            if re.search(r'class="note"', head):
                self.note.add(name)
        self.names = {"train": [], "heldout": []}
        for name in sorted(self.parent):
            side = "heldout" if is_held_out("style", style_group(self.parent[name])) else "train"
            self.names[side].append(name)

    def pick(self, rng, split):
        names = self.names.get(split) or self.names["train"] + self.names["heldout"]
        if not names:
            return None
        pop = [(n, w) for n, w in POPULAR.items() if n in self.parent and n in names]
        if pop and rng.random() < 0.5:
            total = sum(w for _, w in pop)
            x = rng.random() * total
            for n, w in pop:
                x -= w
                if x < 0:
                    return n
        while True:
            n = rng.choice(names)
            if n not in self.note or rng.random() < 0.2:
                return n


def _cite_items(items):
    out = []
    for k, it in enumerate(items):
        x = {key: v for key, v in it.items() if not key.startswith("_")}
        x["id"] = "i%d" % k
        out.append(x)
    return out


def run_citex(citex, items, style, fmt, highlight=None, tmpdir=None):
    with tempfile.NamedTemporaryFile("w", suffix=".json", dir=tmpdir, delete=False, encoding="utf-8") as f:
        json.dump(_cite_items(items), f, ensure_ascii=False)
        path = f.name
    try:
        cmd = [citex, "-q", "-f", "csl-json", "-t", fmt, "--style", style]
        if highlight:
            cmd += ["--highlight", highlight]
        r = subprocess.run(cmd + [path], capture_output=True, text=True, timeout=60)
        return r.stdout if r.returncode in (0, 1) else ""
    except subprocess.TimeoutExpired:
        return ""
    finally:
        os.unlink(path)


def split_html(out):
    body = out.strip()
    if not body.startswith('<div class="csl-bib-body">'):
        return []
    parts = body.split('<div class="csl-entry">')[1:]
    entries = []
    for i, p in enumerate(parts):
        p = p.rstrip()
        if i == len(parts) - 1 and p.endswith("</div>"):
            p = p[:-6].rstrip()
        if p.endswith("</div>"):
            p = p[:-6].rstrip()
        entries.append(p.strip())
    return entries


def split_markdown(out):
    return [p.strip() for p in re.split(r"\n\s*\n", out.strip()) if p.strip()]


def split_latex(out):
    body = re.sub(r"\\begin\{thebibliography\}\{[^}]*\}|\\end\{thebibliography\}", "", out)
    parts = re.split(r"\\bibitem(?:\[[^\]]*\])?\{[^}]*\}\s*\n", body)[1:]
    return [p.strip() for p in parts]


NUM = re.compile(r'<div class="csl-left-margin">(.*?)</div><div class="csl-right-inline">(.*)</div>$', re.S)


class Entry:
    """One item as a style printed it."""

    def __init__(self, index, html_):
        self.index = index
        self.html = html_
        m = NUM.match(html_)
        self.label = m.group(1).strip() if m else None
        self.body = m.group(2) if m else html_
        self.text = html_text(self.body)
        self.md = self.latex = None


def render(citex, items, style, forms=("html",), highlight=None):
    """Entries in the style's order, each mapped to its item; None when the
    style drops a title or the output cannot be read."""
    out = run_citex(citex, items, style, "html", highlight)
    raw = split_html(out)
    if len(raw) != len(items):
        return None
    keys = [norm(plain_title(it["title"])) for it in items]
    entries, used = [], set()
    for h in raw:
        e = Entry(None, h)
        t = norm(e.text)
        best = None
        for k, key in enumerate(keys):
            if k not in used and key and key in t and (best is None or len(key) > len(keys[best])):
                best = k
        if best is None:
            return None
        used.add(best)
        e.index = best
        entries.append(e)
    if "markdown" in forms:
        md = split_markdown(run_citex(citex, items, style, "markdown", highlight))
        if len(md) != len(entries):
            return None
        for e, m in zip(entries, md):
            e.md = m
    if "latex" in forms:
        lx = split_latex(run_citex(citex, items, style, "latex", highlight))
        if len(lx) != len(entries):
            return None
        for e, m in zip(entries, lx):
            e.latex = m
    return entries


def _word_in(w, text):
    return re.search(r"(?<!\w)%s(?!\w)" % re.escape(w), text) is not None


def shown_gold(item, text):
    """The gold record of ITEM from the text a style printed for it."""
    t = norm(text)
    authors = item.get("author", [])
    shown, init = [], False
    for a in authors:
        fam = norm(a.get("family", ""))
        if fam and _word_in(fam, t):
            shown.append(a)
            # a given name the style did not print in full (J. for John, JP for J. P.)
            if any(not _word_in(w, t) for w in norm(a.get("given", "")).split()):
                init = True
    if not shown and authors:
        gauthors = None
    else:
        gauthors = [gold_name(a) for a in shown]
        if len(shown) < len(authors):
            gauthors.append({"literal": "others"})
    y = year_of(item)
    year = y is None or str(y) in text
    ct = item.get("container-title")
    venue = bool(ct) and norm(ct) in t
    vs = item.get("_venue_short")
    if ct and not venue and vs and _word_in(norm(vs), t):
        venue = True
    return gold_item(item, gauthors, year=year, venue=venue, initials=init)

