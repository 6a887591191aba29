#!/usr/bin/python3
"""Round-trip properties of citex, checked item by item.

    check.py CITEX bib FILE...   bib -> csl-json equals bib -> csl-json -> bib -> csl-json
    check.py CITEX csl FILE...   csl-json -> ris -> csl-json keeps every variable RIS holds
    check.py CITEX ris FILE...   ris -> bib -> ris keeps every tag

A FILE of another format is first converted by citex to the starting one
(so every .bib of a corpus is also a CSL-JSON and a RIS source).  Both
sides are citex's own output, so what is compared is what the formats
hold after citex's documented normalization, not the input bytes.
Prints one line per difference (at most a few per file) and exits 1 if
there is any.
"""
import json
import re
import subprocess
import sys

# The CSL variables RIS can hold: the rows of src/fields.def whose RIS
# column is not empty, by their CSL column, plus the item's id (RIS ID),
# its type (TY) and "number" (M1), which the RIS writer maps by kind.
RIS_VARIABLES = {
    "id", "type",
    "author", "editor", "translator",                       # AU A2 A4
    "title", "title-short",                                 # TI ST
    "container-title", "container-title-short",             # T2 J2
    "collection-title",                                     # T3
    "issued", "accessed",                                   # PY/DA Y2
    "volume", "issue", "number", "page", "edition",         # VL IS M1 SP/EP ET
    "publisher", "publisher-place", "genre",                # PB CY M3
    "DOI", "URL", "ISBN", "ISSN",                           # DO UR SN
    "language", "abstract", "keyword", "note",              # LA AB KW N1
}

# BibTeX output writes plain.bst's types (docs/decisions.md, "Type table"): these CSL
# types and RIS TY codes come back as the type BibTeX wrote for them.
BIBTEX_CSL_TYPE = {"webpage": "document", "software": "document", "dataset": "document",
                   "standard": "document", "patent": "document", "periodical": "document",
                   "legislation": "document", "legal_case": "document",
                   "personal_communication": "document", "motion_picture": "document",
                   "song": "document", "graphic": "document", "figure": "document",
                   "review": "article-journal", "entry-encyclopedia": "chapter"}
BIBTEX_RIS_TYPE = {"ELEC": "GEN", "COMP": "GEN", "DATA": "GEN", "STAND": "GEN", "PAT": "GEN",
                   "JFULL": "GEN", "EDBOOK": "BOOK", "MGZN": "JOUR", "NEWS": "JOUR",
                   "ENCYC": "CHAP", "STAT": "GEN", "CASE": "GEN", "PCOMM": "GEN",
                   "MPCT": "GEN", "SOUND": "GEN", "ART": "GEN", "FIGURE": "GEN",
                   "BILL": "GEN", "HEAR": "GEN", "MAP": "GEN", "BLOG": "GEN", "CLSWK": "BOOK",
                   "DICT": "CHAP"}

CSL_MODEL_TYPE = dict([(t, "document") for t in (
    "article", "broadcast", "collection", "event", "interview", "musical_score", "performance",
    "regulation", "speech", "treaty")] + [
    ("entry", "entry-encyclopedia"), ("post", "webpage"), ("review-book", "review")])

MARKUP = re.compile(r'</?(?:i|b|sup|sub|span)(?:\s[^>]*)?>')


def run(citex, args, data=None):
    p = subprocess.run([citex, "-q"] + args, input=data, capture_output=True)
    if p.returncode > 1 or b"Sanitizer" in p.stderr or b"runtime error" in p.stderr:
        raise RuntimeError("citex %s: exit %d: %s" % (" ".join(args), p.returncode,
                                                     p.stderr.decode(errors="replace")[:300]))
    return p.stdout


def items(blob):
    return json.loads(blob.decode()) if blob.strip() else []


def plain(v):
    """A value with its markup gone, for formats that have none (RIS)."""
    if isinstance(v, str):
        return " ".join(MARKUP.sub("", v).split())
    if isinstance(v, list):
        return [plain(x) for x in v]
    if isinstance(v, dict):
        return {k: plain(x) for k, x in v.items()}
    return v


def ris_form(item):
    """An item as RIS can hold it.  These are the documented losses of
    RIS (docs/formats.md, "Round trips"), applied to both sides:
    no markup, so math is plain text; no "and others" (no AU line is
    written for it); "AU - Family" cannot tell a family-only name from a
    literal one; a dropping particle trails the given name; DA holds one
    date, so a range keeps its start and circa is dropped."""
    item = plain(item)
    # CSL types the model reads as another of its types (docs/decisions.md,
    # "Type table"), which CSL-JSON written from CSL-JSON keeps: RIS holds the
    # model's type, but for those RIS has a TY of its own (BILL, HEAR, MAP,
    # CLSWK, BLOG, DICT).
    item["type"] = CSL_MODEL_TYPE.get(item.get("type"), item.get("type"))
    # RIS has no encyclopedia entry type both bibutils and Zotero read:
    # the writer says CHAP, a chapter.
    if item.get("type") == "entry-encyclopedia":
        item["type"] = "chapter"
    # A review is a JOUR, which reads back as a journal article.
    if item.get("type") == "review":
        item["type"] = "article-journal"
    for var in ("author", "editor", "translator"):
        names = []
        for nm in item.get(var, []):
            nm = dict(nm)
            if nm.get("literal") == "others" and len(nm) == 1:
                continue
            if set(nm) == {"family"}:
                nm = {"literal": nm["family"]}
            if "dropping-particle" in nm:
                nm["given"] = (nm.get("given", "") + " " + nm.pop("dropping-particle")).strip()
            names.append(nm)
        if var in item:
            item[var] = names
    for var in ("issued", "accessed"):
        d = item.get(var)
        if isinstance(d, dict) and "date-parts" in d:
            item[var] = {"date-parts": d["date-parts"][:1]}
    for k, v in item.items():
        if isinstance(v, str):
            item[k] = v.replace("$", "")
    # SN holds an ISBN or an ISSN, read back by its shape.
    sn = sorted(v for v in (item.pop("ISBN", None), item.pop("ISSN", None)) if v)
    if sn:
        item["SN"] = sn
    # SP 20 and EP 20 is page 20.
    m = re.match(r'^(\S+)-(\S+)$', item.get("page", ""))
    if m and m.group(1) == m.group(2):
        item["page"] = m.group(1)
    return item


NAME_VARS = ("author", "editor", "translator", "container-author", "collection-editor",
             "original-author", "director", "composer", "interviewer", "recipient",
             "reviewed-author")


def braced_family(item):
    """A family name alone with a space or comma in it is written as one
    braced group (one last name to BibTeX, typeset the same) and reads
    back as a literal name (docs/formats.md, "Round trips")."""
    item = dict(item)
    for var in NAME_VARS:
        if isinstance(item.get(var), list):
            item[var] = [{"literal": n["family"]}
                         if isinstance(n, dict) and set(n) == {"family"} and
                         (" " in n["family"] or "," in n["family"]) else n
                         for n in item[var]]
    return item


def bib_form(item):
    """An item as BibTeX output holds it: plain.bst's types, a thesis with
    no genre is a PhD thesis (@phdthesis), and a key keeps only the
    characters BibTeX reads as part of one (the others become "_")."""
    item = dict(item)
    item["type"] = BIBTEX_CSL_TYPE.get(item.get("type"), item.get("type"))
    if item.get("type") == "thesis" and "genre" not in item:
        item["genre"] = "PhD thesis"
    item["id"] = re.sub(r'[\x00-\x20"#%\'(),={}\\\x7f]', "_", str(item.get("id")))
    return item


def ris_name(nm):
    """A name as the RIS writer prints it on an AU line."""
    if "literal" in nm:
        return nm["literal"]
    fam = " ".join(x for x in (nm.get("non-dropping-particle"), nm.get("family")) if x)
    return ", ".join(x for x in (fam, nm.get("given"), nm.get("suffix")) if x)


def comma_names(x, y):
    """RIS splits "AU - Family, Given, Suffix" at its commas, so a family
    or literal name with a comma in it ("Dyer, Esquire", "{Jones, David
    M.}") cannot come back whole (docs/formats.md, "Round trips"): such a name is
    compared as the line the writer prints, on both sides."""
    for var in NAME_VARS:
        xs, ys = x.get(var), y.get(var)
        if not isinstance(xs, list) or not isinstance(ys, list) or len(xs) != len(ys):
            continue
        for i, nm in enumerate(xs):
            if any("," in nm.get(k, "") for k in ("family", "literal")):
                xs[i], ys[i] = ris_name(nm), ris_name(ys[i])


def diff_items(name, a, b, keep=None, strip=False):
    """Differences between two lists of CSL items (keep: the variables compared)."""
    out = []
    if len(a) != len(b):
        out.append("%s: %d items, then %d" % (name, len(a), len(b)))
        return out
    for x, y in zip(a, b):
        if keep is not None:
            x = {k: v for k, v in x.items() if k in keep}
            y = {k: v for k, v in y.items() if k in keep}
        if strip:
            x, y = ris_form(x), ris_form(y)
            comma_names(x, y)
            if keep is not None:
                keep = keep | {"SN"}
        for k in sorted(set(x) | set(y)):
            if x.get(k) != y.get(k):
                out.append("%s: item %s: %s: %s -> %s" % (
                    name, x.get("id"), k, json.dumps(x.get(k), ensure_ascii=False)[:200],
                    json.dumps(y.get(k), ensure_ascii=False)[:200]))
    return out


def ris_records(blob):
    """RIS output as records: lists of (tag, value) in order."""
    recs, cur = [], []
    for line in blob.decode().splitlines():
        m = re.match(r'^([A-Z][A-Z0-9])  - ?(.*)$', line)
        if not m:
            continue
        tag, val = m.group(1), m.group(2).strip()
        if tag == "ER":
            recs.append(cur)
            cur = []
        else:
            cur.append((tag, val))
    return recs


def diff_ris(name, a, b):
    out = []
    if len(a) != len(b):
        return ["%s: %d records, then %d" % (name, len(a), len(b))]
    for x, y in zip(a, b):
        rid = dict(x).get("ID", "?")
        tags = sorted({t for t, _ in x} | {t for t, _ in y})
        for t in tags:
            vx = [v for u, v in x if u == t]
            vy = [v for u, v in y if u == t]
            if t in ("KW", "N1"):  # repeated tags whose order RIS does not fix
                vx, vy = sorted(vx), sorted(vy)
            if t == "TY":
                vx = [BIBTEX_RIS_TYPE.get(v, v) for v in vx]
            # A report with no type of its own is a BibTeX @techreport,
            # which is a technical report: M3 says so on the way back.
            if t == "M3" and not vx and vy == ["technical report"] and \
                    dict(x).get("TY") == "RPRT":
                continue
            # So is a thesis of no stated kind a BibTeX @phdthesis, which
            # has no other thesis type: M3 says "PhD thesis" on the way back.
            if t == "M3" and not vx and vy == ["PhD thesis"] and dict(x).get("TY") == "THES":
                continue
            if vx != vy:
                out.append("%s: record %s: %s: %s -> %s" % (name, rid, t, vx[:3], vy[:3]))
    return out


def source(citex, path, want):
    """The file as `want` (bib, csl-json or ris), converting it if need be."""
    ext = path.rsplit(".", 1)[-1].lower()
    kind = {"bib": "bib", "json": "csl-json", "jsonl": "csl-json", "ris": "ris"}.get(ext)
    with open(path, "rb") as f:
        data = f.read()
    if kind == want:
        return data
    return run(citex, ["-f", {"bib": "bibtex"}.get(kind, kind), "-t",
                       {"bib": "bibtex"}.get(want, want), "-"], data)


def check(citex, mode, path):
    if mode == "bib":
        bib = source(citex, path, "bib")
        j1 = run(citex, ["-f", "bibtex", "-t", "csl-json", "-"], bib)
        b2 = run(citex, ["-f", "csl-json", "-t", "bibtex", "-"], j1)
        j2 = run(citex, ["-f", "bibtex", "-t", "csl-json", "-"], b2)
        return diff_items(path + " bib->csl->bib",
                          [braced_family(bib_form(x)) for x in items(j1)],
                          [braced_family(bib_form(x)) for x in items(j2)])
    if mode == "csl":
        js = source(citex, path, "csl-json")
        j1 = run(citex, ["-f", "csl-json", "-t", "csl-json", "-"], js)
        r = run(citex, ["-f", "csl-json", "-t", "ris", "-"], js)
        j2 = run(citex, ["-f", "ris", "-t", "csl-json", "-"], r)
        return diff_items(path + " csl->ris->csl", items(j1), items(j2),
                          keep=RIS_VARIABLES, strip=True)
    ris = source(citex, path, "ris")
    r1 = run(citex, ["-f", "ris", "-t", "ris", "-"], ris)
    b = run(citex, ["-f", "ris", "-t", "bibtex", "-"], ris)
    r2 = run(citex, ["-f", "bibtex", "-t", "ris", "-"], b)
    return diff_ris(path + " ris->bib->ris", ris_records(r1), ris_records(r2))


def load_known(path):
    """Known differences: lines "MODE FILE-SUFFIX ITEM VARIABLE" (# comments)."""
    known = set()
    try:
        with open(path) as f:
            for line in f:
                line = line.split("#", 1)[0].split()
                if len(line) == 4:
                    known.add(tuple(line))
    except OSError:
        pass
    return known


def is_known(known, mode, line):
    m = re.match(r'^(\S+) \S+: (?:item|record) (\S+): ([^:]+):', line)
    if not m:
        return False
    path, item, var = m.groups()
    return any(k[0] == mode and path.endswith(k[1]) and k[2] == item and k[3] == var
               for k in known)


def main():
    citex, mode, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    known = load_known(__file__.rsplit("/", 1)[0] + "/roundtrip-known.txt")
    bad = 0
    for path in files:
        try:
            d = check(citex, mode, path)
        except (RuntimeError, ValueError) as e:
            d = ["%s (%s): %s" % (path, mode, e)]
        d = [x for x in d if not is_known(known, mode, x)]
        if d:
            bad += 1
            for line in d[:5]:
                print(line)
            if len(d) > 5:
                print("%s: ... %d more" % (path, len(d) - 5))
    print("%s: %d files, %d with differences" % (mode, len(files), bad), file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
