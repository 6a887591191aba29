#!/usr/bin/python3
"""Do a peer's reading and ours give the same items?

    items.py OURS.json PEER-FORMAT PEER-FILE

OURS.json is citex's CSL-JSON; PEER-FILE is what a peer made of our
output: "csl" (CSL-JSON, e.g. from citation-js) or "mods" (MODS XML from
bibutils' ris2xml).  Compared per item, in order: the count, the title,
the first author's family name (or literal) and the year.  Markup and
white space are ignored, since RIS has none.
"""
import json
import re
import sys
import xml.etree.ElementTree as ET


def norm(s):
    s = re.sub(r'<[^>]+>', '', s or '')
    return " ".join(s.replace("$", "").split()).lower()


def from_csl(items):
    out = []
    for it in items:
        au = [a for a in it.get("author", []) if a.get("literal") != "others"]
        first = au[0].get("family") or au[0].get("literal") if au else ""
        if au and au[0].get("non-dropping-particle"):
            first = au[0]["non-dropping-particle"] + " " + first
        dp = (it.get("issued") or {}).get("date-parts") or [[None]]
        year = str(dp[0][0]) if dp and dp[0] and dp[0][0] else ""
        if not year:  # "in press": the literal, as far as a year goes
            year = ((it.get("issued") or {}).get("literal") or "")[:4]
        out.append((norm(it.get("title")), norm(first), year))
    return out


def from_mods(path):
    ns = {"m": "http://www.loc.gov/mods/v3"}
    root = ET.parse(path).getroot()
    out = []
    for mods in root.findall("m:mods", ns):
        t = mods.find("m:titleInfo", ns)
        title = " ".join(x.text or "" for x in (t.findall("m:title", ns) + t.findall("m:subTitle", ns))) if t is not None else ""
        if t is not None and t.find("m:subTitle", ns) is not None:
            title = (t.find("m:title", ns).text or "") + ": " + (t.find("m:subTitle", ns).text or "")
        first = ""
        for nm in mods.findall("m:name", ns):
            role = nm.find("m:role/m:roleTerm", ns)
            if role is not None and role.text not in ("author",):
                continue
            fam = nm.find("m:namePart[@type='family']", ns)
            first = fam.text if fam is not None else (nm.find("m:namePart", ns).text or "")
            break
        year = ""
        for d in mods.iter("{http://www.loc.gov/mods/v3}dateIssued"):
            year = (d.text or "")[:4]
            break
        out.append((norm(title), norm(first), year))
    return out


def main():
    ours = from_csl(json.load(open(sys.argv[1])))
    theirs = from_csl(json.load(open(sys.argv[3]))) if sys.argv[2] == "csl" else from_mods(sys.argv[3])
    bad = 0
    if len(ours) != len(theirs):
        print("%d items, the peer read %d" % (len(ours), len(theirs)))
        return 1
    for a, b in zip(ours, theirs):
        for what, x, y in zip(("title", "first author", "year"), a, b):
            # RIS cannot mark a corporate name: "AU - Acme Corporation"
            # is a personal name to ris2xml, family "Corporation".
            if what == "first author" and sys.argv[2] == "mods" and x.endswith(" " + y):
                continue
            # RIS has no form for a year BC, and ris2xml reads the minus
            # of "PY  - -380" as a separator: the year is not compared.
            if what == "year" and sys.argv[2] == "mods" and x.startswith("-"):
                continue
            if x != y:
                print("%s: %r, the peer read %r" % (what, x, y))
                bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
