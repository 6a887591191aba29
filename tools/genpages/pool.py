"""The bibliographic items pages are made of.

Items come from the shared corpora (large-bib/big.bib: Nelson Beebe's TeX and
typography bibliographies, public domain, and the bibtex-tidy test
bibliographies, MIT; pandoc's biblatex tests, GPL-2+; biber's test data,
Artistic-2.0), read through `citex -t csl-json` and cleaned to the fields a
publication list shows.  Conference names come from styles/venues.tsv (built
from ccf-deadlines, MIT, and the JabRef abbreviation lists, CC0).

An item is a CSL-JSON dict; keys that start with "_" are the generator's own
(the plain abstract, the acronym a page may print, the status a CV may show)
and never reach citex.  Every item and every owner falls on one side of the
train/held-out split by a hash of its title or name."""

import glob
import json
import os
import re
import subprocess

from .util import is_held_out, norm, plain_title, year_of

KEEP = ("type", "title", "author", "editor", "container-title", "collection-title", "issued", "volume",
        "issue", "page", "publisher", "publisher-place", "DOI", "URL", "edition", "genre", "number",
        "event-title", "event-place", "language", "version")
TYPES = {"article-journal", "paper-conference", "chapter", "book", "report", "thesis", "manuscript"}
BAD_FAMILY = {"anonymous", "doe", "others", "et al", "et al.", "n.n.", "nn", "unknown", "staff", "various", "inc", "ltd",
              "corporation", "company", "editors", "team", "group", "society", "association", "committee"}
# Placeholder records of test bibliographies, and the reviews that fill the
# typography journals, which no one lists as their own work.
JUNK = re.compile(r"^(the )?title( of)?\b|\blorem\b|\bdummy\b|^(a |an )?(test|example|sample)\b|^book reviews?\b|^reviews?:|"
                  r"^(errata|erratum|corrigendum|editorial|letters?|news|index|contents|preface|foreword)\b", re.I)


def _sources(shared):
    c = os.path.join(shared, "corpora")
    out = [os.path.join(c, "large-bib", "big.bib")]
    out += sorted(glob.glob(os.path.join(c, "pandoc-biblatex", "test", "*", "*.bib")))
    out += sorted(glob.glob(os.path.join(c, "biber-tdata", "t", "tdata", "*.bib")))
    return [p for p in out if os.path.exists(p)]


def _good_name(a):
    if "literal" in a:
        return False
    fam, giv = a.get("family", ""), a.get("given", "")
    if not fam or norm(fam) in BAD_FAMILY or norm(giv) in BAD_FAMILY or len(fam) > 30 or re.search(r"[\d{}\\<>?@()=]", fam + giv):
        return False
    return len(giv) <= 40


def _clean(x, src):
    t = x.get("type")
    if t not in TYPES:
        return None
    title = plain_title(x.get("title", ""))
    words = title.split()
    if not (3 <= len(words) <= 40) or len(title) < 15 or re.search(r"[\\${}]|\?\?|^\W", title) or JUNK.search(title):
        return None
    if sum(c.isupper() for c in title) > 0.6 * sum(c.isalpha() for c in title):
        return None
    if re.search(r"<(?!/?(i|b|sub|sup|span)\b)", x.get("title", "")):
        return None
    authors = x.get("author") or []
    if not authors or len(authors) > 30 or not all(_good_name(a) for a in authors):
        return None
    y = year_of(x)
    if y is None or not 1900 <= y <= 2025:
        return None
    ct = plain_title(x.get("container-title", ""))
    if t in ("article-journal", "paper-conference", "chapter") and not (3 <= len(ct) <= 160):
        return None
    if re.search(r"[\\{}$]|\?\?", ct):
        return None
    item = {k: x[k] for k in KEEP if k in x}
    item["issued"] = {"date-parts": [x["issued"]["date-parts"][0][:2]]}
    if ct:
        item["container-title"] = ct
    for k in ("genre", "event-title", "edition", "number"):
        if k in item:
            item[k] = plain_title(str(item[k]))
    for k in ("publisher", "publisher-place", "collection-title"):
        if k in item:
            v = plain_title(item[k])
            if len(v) > 80 or "/" in v or re.search(r"[\\{}$]", v):
                del item[k]
            else:
                item[k] = v
    if "page" in item and not re.fullmatch(r"[A-Za-z]?\d+([-–][A-Za-z]?\d+)?", item["page"]):
        del item["page"]
    if "URL" in item:
        u = re.split(r"[\s;]+", item["URL"].strip())[0]
        if u.startswith("http") and len(u) < 120:
            item["URL"] = u
        else:
            del item["URL"]
    ed = [e for e in item.get("editor", []) if _good_name(e)]
    if ed:
        item["editor"] = ed[:6]
    else:
        item.pop("editor", None)
    ab = plain_title(x.get("abstract", ""))
    if 150 <= len(ab) <= 1500 and not re.search(r"[\\${}]", ab):
        item["_abstract"] = ab
    item["_source"] = "%s:%s" % (src, x.get("id", ""))
    return item


def _parts(path):
    """big.bib is the shared bibliographies joined: which part each key came from."""
    part, out = None, {}
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("% ==== part: "):
                    part = line[13:].strip()
                elif line.startswith("@"):
                    m = re.match(r"@\w+\s*[{(]\s*([^,\s]+)\s*,", line)
                    if m and m.group(1) not in out:
                        out[m.group(1)] = part
    except OSError:
        pass
    return out


def title_key(it):
    return re.sub(r"\W+", "", norm(plain_title(it["title"])))


def load_items(citex, shared):
    """Every usable item of the corpora, one per title, in a fixed order."""
    items, seen = [], set()
    for path in _sources(shared):
        parts = _parts(path) if path.endswith("big.bib") else {}
        r = subprocess.run([citex, "-q", "-t", "csl-json", path], capture_output=True, text=True)
        try:
            data = json.loads(r.stdout or "[]")
        except ValueError:
            continue
        src = os.path.relpath(path, os.path.join(shared, "corpora"))
        for x in data:
            it = _clean(x, parts.get(x.get("id"), src))
            if not it:
                continue
            k = title_key(it)
            if k in seen:
                continue
            seen.add(k)
            items.append(it)
    return items


def load_venues(root):
    """(acronym, name, publisher, kind) rows of styles/venues.tsv."""
    rows = []
    path = os.path.join(root, "styles", "venues.tsv")
    if not os.path.exists(path):
        return rows
    for line in open(path, encoding="utf-8"):
        if line.startswith("#") or line.startswith("acronym\t"):
            continue
        f = line.rstrip("\n").split("\t")
        if len(f) >= 4 and f[0] and f[1]:
            rows.append((f[0], f[1], f[2], f[3]))
    return rows


def name_key(a):
    return norm(a.get("given", "")) + "|" + norm(a.get("family", ""))


class Pool:
    """Items and owners, each split into train and held-out."""

    def __init__(self, items, venues):
        self.items = items
        self.split_items = {"train": [], "heldout": []}
        for i, it in enumerate(items):
            self.split_items["heldout" if is_held_out("item", norm(it["title"])) else "train"].append(i)
        by_owner = {}
        for i, it in enumerate(items):
            for a in it["author"]:
                if len(a.get("given", "")) >= 2 and len(a.get("family", "")) >= 2:
                    by_owner.setdefault(name_key(a), []).append(i)
        self.owners = {"train": [], "heldout": []}
        self.owner_items = {}
        for k in sorted(by_owner):
            idx = by_owner[k]
            if len(idx) < 6:
                continue
            side = "heldout" if is_held_out("owner", k) else "train"
            self.owner_items[k] = idx
            self.owners[side].append(k)
        # items in other languages, which pages mix in now and then
        foreign = re.compile(r"\b(der|die|und|für|über|mit|une|les|des|pour|dans|sur|del|los|las|para|con|della|nella)\b", re.I)
        self.foreign = {"train": [], "heldout": []}
        for side, idx in self.split_items.items():
            for i in idx:
                it = items[i]
                lang = (it.get("language") or "").lower()
                if (lang and not lang.startswith("en")) or len(foreign.findall(plain_title(it["title"]))) >= 2:
                    self.foreign[side].append(i)
        for d in (self.split_items, self.owners, self.foreign):       # --split all: both sides
            d["all"] = sorted(d["train"] + d["heldout"])
        self.conferences = [v for v in venues if v[3] in ("conference", "workshop")]
        self.journals = [v for v in venues if v[3] == "journal" and len(v[1].split()) >= 2]
        self.names = sorted({(a.get("given", ""), a.get("family", "")) for it in items for a in it["author"]
                             if len(a.get("given", "")) >= 2 and re.fullmatch(r"[A-Z][^\s]+( [A-Z]\.?)?", a.get("given", ""))})
