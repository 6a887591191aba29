#!/usr/bin/env python3
"""gen_venues.py - build the citex venue table.

Reads three sources and writes two committed files:

  ../shared/corpora/venues/ccf-deadlines   (MIT)  CS conferences: acronym, name
  ../shared/corpora/venues/jabref-abbrv    (CC0)  journal names and abbreviations
  styles/venues-extra.tsv                  hand-written rows; these win

  styles/venues.tsv    the merged table, one row per venue
  src/norm/venues.inc      the same rows as C initializers plus a sorted key index
                       for binary search in src/norm/venue.c

Keys are normalized exactly as venue.c's vn_norm does: ASCII letters
lower-cased, '&' becomes the word "and", every other ASCII byte that is not a
letter or digit separates words, runs of separators collapse to one space,
and bytes >= 0x80 (UTF-8) are kept as they are.  When two venues claim the
same key, the first claim wins: hand-written rows, then conference rows, then
journal rows, and acronyms and full names before aliases.

Re-run with `python3 tools/gen_venues.py` from the repository root (or
anywhere: paths are resolved from this file).  Set CITEX_CORPORA to point at
another copy of the corpora.
"""
import csv
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CORPORA = os.environ.get("CITEX_CORPORA",
                         os.path.join(ROOT, "..", "shared", "corpora", "venues"))
CCF = os.path.join(CORPORA, "ccf-deadlines", "conference")
JABREF = os.path.join(CORPORA, "jabref-abbrv", "journals")
EXTRA = os.path.join(ROOT, "styles", "venues-extra.tsv")
OUT_TSV = os.path.join(ROOT, "styles", "venues.tsv")
OUT_INC = os.path.join(ROOT, "src", "norm", "venues.inc")

KINDS = ("conference", "journal", "workshop", "preprint", "thesis")
KIND_ENUM = {"": "VENUE_UNKNOWN", "conference": "VENUE_CONFERENCE",
             "journal": "VENUE_JOURNAL", "workshop": "VENUE_WORKSHOP",
             "preprint": "VENUE_PREPRINT", "thesis": "VENUE_THESIS"}
PUBLISHERS = ("IEEE/ACM", "ACM/IEEE", "IEEE/CVF", "ACM/SIGDA", "IEEE/IFIP",
              "ACM-SIAM", "ACM", "IEEE", "USENIX", "SIAM", "IFIP", "AAAI",
              "EATCS", "Springer", "Elsevier")

# JabRef lists scoped to a field; the big catch-all lists (general, ubc) are
# filtered by subject words below so the table stays about CS and science.
JABREF_ALL = ("journal_abbreviations_ieee.csv",)
JABREF_FILTERED = ("journal_abbreviations_general.csv",
                   "journal_abbreviations_ubc.csv",
                   "journal_abbreviations_mathematics.csv")
SUBJECT = re.compile(
    r"\b(ACM|IEEE|Comput\w*|Software|Network\w*|Machine Learning|"
    r"Artificial Intelligence|Neural|Information|Data|Parallel|Distributed|"
    r"Algorithm\w*|Cryptolog\w*|Security|Privacy|Robot\w*|Vision|Pattern|"
    r"Signal|Internet|Web|Knowledge|Intelligen\w*|Cybernetics|Programming|"
    r"Database\w*|Operating Systems|Supercomput\w*|Multimedia|Graphics|"
    r"Informatics|Quantum|Automat\w*|Systems Architecture|Logic|"
    r"Combinatori\w*|Optimization|Statistic\w*|Telecommunication\w*|"
    r"Wireless|Cloud|Electronic\w*)\b", re.I)
# General science a CV cites regardless of field.
SCIENCE = {"nature", "science", "science advances", "nature communications",
           "scientific reports", "plos one", "cell", "physical review letters",
           "nature machine intelligence", "nature methods",
           "nature biotechnology", "nature physics", "nature electronics",
           "proceedings of the national academy of sciences of the united states of america",
           "philosophical transactions of the royal society a",
           "proceedings of the royal society a"}


def norm(s):
    """The lookup key: must match vn_norm in src/norm/venue.c byte for byte."""
    out = bytearray()
    pend = False
    for b in s.encode("utf-8"):
        if b == 0x26:  # '&' is the word "and"
            if out:
                out += b" "
            out += b"and"
            pend = True
            continue
        if 0x41 <= b <= 0x5a:
            b += 32
        if (0x30 <= b <= 0x39) or (0x61 <= b <= 0x7a) or b >= 0x80:
            if pend and out:
                out += b" "
            pend = False
            out.append(b)
        else:
            pend = True
    # A leading "the" never decides between venues; venue.c drops it too.
    if out.startswith(b"the "):
        del out[:4]
    return bytes(out)


def publisher_of(name):
    for p in PUBLISHERS:
        if name.startswith(p + " "):
            return p
    return ""


def guess_kind(name):
    if re.search(r"\bWorkshop\b", name, re.I):
        return "workshop"
    if re.search(r"\b(Transactions|Journal|Letters|Magazine|Review|Surveys)\b", name, re.I):
        return "journal"
    return "conference"


def clean(s):
    s = s.strip()
    if len(s) >= 2 and s[0] == s[-1] and s[0] in "'\"":
        s = s[1:-1].strip()
    return re.sub(r"\s+", " ", s)


def read_ccf():
    """Top-level title/description of each conference file.  A tiny reader
    instead of PyYAML: only the first-level keys of list items are needed."""
    rows = []
    for sub in sorted(os.listdir(CCF)):
        d = os.path.join(CCF, sub)
        if not os.path.isdir(d):
            continue
        for fn in sorted(os.listdir(d)):
            if not fn.endswith(".yml"):
                continue
            title = desc = None
            with open(os.path.join(d, fn), encoding="utf-8") as f:
                for line in f:
                    m = re.match(r"^- title:\s*(.*)$", line)
                    if m:
                        if title and desc:
                            rows.append((title, desc))
                        title, desc = clean(m.group(1)), None
                        continue
                    m = re.match(r"^  description:\s*(.*)$", line)
                    if m:
                        desc = clean(m.group(1))
            if title and desc:
                rows.append((title, desc))
    out = []
    for title, desc in rows:
        if desc.isupper():  # "INTERNATIONNAL CONFERENCE ON ..." as given
            desc = desc.title().replace(" On ", " on ").replace(" Of ", " of ")
        desc = re.sub(r"^The ", "", desc)
        aliases = []
        pub = publisher_of(desc) or publisher_of(title)
        for p in PUBLISHERS + ("SIGOPS",):
            if title.startswith(p + " "):
                aliases.append(title[len(p) + 1:])
                break
        out.append({"acronym": title, "name": desc, "publisher": pub,
                    "kind": guess_kind(desc), "aliases": aliases})
    return out


def read_jabref():
    byname = {}
    order = []
    def add(name, abbr):
        name, abbr = clean(name), clean(abbr)
        if not name or abbr.startswith("#") or "$" in name:
            return
        k = norm(name)
        if k not in byname:
            byname[k] = {"acronym": "", "name": name,
                         "publisher": publisher_of(name), "kind": "journal",
                         "aliases": []}
            order.append(k)
        row = byname[k]
        # "Science (80- )" is catalogue noise and "Sci" or "Nat" would
        # shadow acronyms: neither is a spelling a CV writes.
        if (abbr and "(" not in abbr and not (len(abbr) <= 3 and not abbr.isupper()) and norm(abbr) != k
                and abbr not in row["aliases"]):
            row["aliases"].append(abbr)
    others = sorted(f for f in os.listdir(JABREF)
                    if f.endswith(".csv") and f not in JABREF_ALL + JABREF_FILTERED
                    and "strings" not in f)
    for fn in JABREF_ALL + JABREF_FILTERED + tuple(others):
        path = os.path.join(JABREF, fn)
        if not os.path.exists(path):
            print("gen_venues: missing %s" % path, file=sys.stderr)
            continue
        with open(path, encoding="utf-8", newline="") as f:
            for rec in csv.reader(f):
                if len(rec) < 2:
                    continue
                name = rec[0]
                if (fn in JABREF_ALL
                        or (fn in JABREF_FILTERED and SUBJECT.search(name))
                        or name.strip().lower() in SCIENCE):
                    add(name, rec[1])
    return [byname[k] for k in order]


def read_extra():
    rows = []
    with open(EXTRA, encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#") or line.startswith("acronym\t"):
                continue
            cols = line.split("\t")
            cols += [""] * (5 - len(cols))
            acr, name, pub, kind, aliases = (c.strip() for c in cols[:5])
            if kind not in KINDS:
                sys.exit("%s:%d: unknown kind %r" % (EXTRA, ln, kind))
            rows.append({"acronym": acr, "name": name, "publisher": pub,
                         "kind": kind,
                         "aliases": [a for a in aliases.split("|") if a]})
    return rows


def merge(extra, ccf, journals):
    # A hand-written row replaces source rows that name the same venue: the
    # same acronym, or a full name it lists as its name or an alias.
    claimed_acr = {norm(r["acronym"]) for r in extra if r["acronym"]}
    claimed_name = set()
    for r in extra:
        claimed_name.add(norm(r["name"]))
        claimed_name.update(norm(a) for a in r["aliases"])
    rows = list(extra)
    for r in ccf:
        same_acr = norm(r["acronym"]) in claimed_acr
        if norm(r["name"]) in claimed_name:
            continue
        if same_acr:
            # Same acronym, other name: a different venue (FSE, SEC) that
            # keeps its row, reachable by its full name.
            print("gen_venues: note: %s (%s) kept beside the hand-written row"
                  % (r["acronym"], r["name"]), file=sys.stderr)
        rows.append(r)
    for r in journals:
        if norm(r["name"]) in claimed_name:
            continue
        rows.append(r)
    return rows


def index(rows):
    keys = {}
    for pass_ in (0, 1):
        for i, r in enumerate(rows):
            cands = [r["acronym"], r["name"]] if pass_ == 0 else r["aliases"]
            for c in cands:
                k = norm(c)
                if k and k not in keys:
                    keys[k] = i
    return sorted(keys.items())


def c_str(s):
    out = []
    for ch in s:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20:
            out.append("\\%03o" % ord(ch))
        else:
            out.append(ch)
    # Keep "??" trigraph-free under -pedantic.
    return '"' + "".join(out).replace("??", '?" "?') + '"'


def main():
    extra = read_extra()
    ccf = read_ccf()
    journals = read_jabref()
    rows = merge(extra, ccf, journals)
    keys = index(rows)
    with open(OUT_TSV, "w", encoding="utf-8") as f:
        f.write("# venues.tsv - the citex venue table, generated by "
                "tools/gen_venues.py; do not edit (edit styles/venues-extra.tsv).\n"
                "# Sources: ccf-deadlines (MIT), JabRef abbreviation lists (CC0), "
                "styles/venues-extra.tsv.\n"
                "# Columns: acronym, name, publisher, kind "
                "(conference|journal|workshop|preprint|thesis), aliases ('|'-separated).\n")
        f.write("acronym\tname\tpublisher\tkind\taliases\n")
        for r in rows:
            f.write("\t".join([r["acronym"], r["name"], r["publisher"],
                               r["kind"], "|".join(r["aliases"])]) + "\n")
    with open(OUT_INC, "w", encoding="utf-8") as f:
        f.write("/* venues.inc - generated by tools/gen_venues.py from "
                "styles/venues-extra.tsv,\n * ccf-deadlines (MIT) and the JabRef "
                "journal abbreviation lists (CC0).\n * Do not edit; re-run the "
                "generator.  %d rows, %d keys. */\n\n" % (len(rows), len(keys)))
        f.write("static const struct venue_row vn_rows[] = {\n")
        for r in rows:
            f.write("\t{%s, %s, %s, %s, %s},\n" % (
                c_str(r["acronym"]), c_str(r["name"]), c_str(r["publisher"]),
                KIND_ENUM[r["kind"]], c_str("|".join(r["aliases"]))))
        f.write("};\n\n/* Normalized keys (see vn_norm), sorted bytewise for "
                "binary search. */\n")
        f.write("static const struct vn_key vn_keys[] = {\n")
        for k, i in keys:
            f.write("\t{%s, %d},\n" % (c_str(k.decode("utf-8")), i))
        f.write("};\n")
    print("gen_venues: %d rows (%d hand-written, %d conferences, %d journals "
          "considered), %d keys" % (len(rows), len(extra), len(ccf),
                                    len(journals), len(keys)))


if __name__ == "__main__":
    main()
