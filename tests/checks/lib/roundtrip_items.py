#!/usr/bin/python3
"""The share of items a round trip bib -> csl-json -> bib -> csl-json
leaves identical, over a set of files.

    roundtrip_items.py CITEX FILE...

A .bib file starts the trip as it is; a CSL-JSON file (or a CSL test
fixture, whose "input" holds the items) is first written as BibTeX by
citex.  An item is identical when the first CSL-JSON and the last hold
the same variables with the same values, after the forms BibTeX output
documents (roundtrip.py's bib_form: plain.bst's types, key characters).
Unlike roundtrip.py, nothing else is excused: the known differences
count.  One form is counted apart: a name that is a family name alone
with a space or comma in it is written as one braced group (BibTeX reads
it as one last name, which typesets the same) and comes back a literal
name, which CSL renders the same.  Prints "N of M items identical (P %),
S strictly (Q %)" and, on stderr, the first items that differ.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from roundtrip import NAME_VARS, bib_form, items, run  # noqa: E402


def literal_form(item):
    """The item with family-only names as literal names."""
    item = dict(item)
    for var in NAME_VARS:
        if isinstance(item.get(var), list):
            item[var] = [{"literal": n["family"]} if isinstance(n, dict) and set(n) == {"family"}
                         else n for n in item[var]]
    return item


def start(citex, path):
    """The file as BibTeX bytes, or None when it holds no items."""
    with open(path, "rb") as f:
        data = f.read()
    if path.endswith(".bib"):
        return data
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    if isinstance(doc, dict):
        doc = doc.get("input")
    if not isinstance(doc, list) or not doc or not all(isinstance(x, dict) for x in doc):
        return None
    return run(citex, ["-f", "csl-json", "-t", "bibtex", "-"], json.dumps(doc).encode())


def main():
    citex, files = sys.argv[1], sys.argv[2:]
    same = strict = total = 0
    shown = 0
    for path in files:
        try:
            bib = start(citex, path)
            if bib is None:
                continue
            j1 = items(run(citex, ["-f", "bibtex", "-t", "csl-json", "-"], bib))
            b2 = run(citex, ["-f", "csl-json", "-t", "bibtex", "-"], json.dumps(j1).encode())
            j2 = items(run(citex, ["-f", "bibtex", "-t", "csl-json", "-"], b2))
        except (RuntimeError, ValueError) as e:
            print("%s: %s" % (path, e), file=sys.stderr)
            continue
        # Items pair up in order; when the counts differ, by id.
        after = {}
        for y in j2:
            after.setdefault(str(y.get("id")), bib_form(y))
        for i, x in enumerate(j1):
            x = bib_form(x)
            total += 1
            y = bib_form(j2[i]) if len(j1) == len(j2) else after.get(str(x.get("id")))
            strict += y == x
            if y is not None and literal_form(y) == literal_form(x):
                same += 1
            elif shown < 10:
                shown += 1
                keys = sorted(k for k in set(x) | set(y or {}) if x.get(k) != (y or {}).get(k))
                print("%s: %s: %s" % (path, x.get("id"), ", ".join(keys)), file=sys.stderr)
    pct = 100.0 * same / total if total else 100.0
    spct = 100.0 * strict / total if total else 100.0
    print("%d of %d items identical (%.2f %%), %d strictly (%.2f %%)" % (same, total, pct, strict,
                                                                     spct))
    return 0


if __name__ == "__main__":
    sys.exit(main())
