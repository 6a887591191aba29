#!/usr/bin/env python3
"""How many of JabRef's expected values does citex read from RIS?

    jabref.py CITEX DIR

DIR holds JabRef's RIS importer tests: NAME.ris beside NAME.bib, the
entry JabRef makes of it.  An expected value is the entry type or one
field of NAME.bib; JabRef's own bookkeeping fields (comment, database,
refid, caption), which no BibTeX style reads, are left out.  citex's entry
is `citex -f ris -t biblatex NAME.ris` (JabRef's entries use biblatex's
types: @patent), its journaltitle read as journal, location as address,
and date as year and month.  Values compare after folding white space and
outer braces; a month compares as its number.
Prints `jabref: A of E expected values agree (P %)` and the differences.

    --policy    also print `jabref: A of E agree with the policies folded
                (P %)`: a difference counts as explained when one of the
                RIS policies of docs/decisions.md ("RIS dialects") accounts for
                it, each a rule over citex's entries, never over one file:
                split   JabRef reads up to ER, citex (as Zotero) starts a
                        record at a TY: the value of a later entry counts
                kept    the value citex keeps under the tag's own name
                        (`sn`, `l2`, `et`, `ad`: a second SN, L2 beside UR,
                        an epub date in ET, AD), one of its "; " parts
                short   JabRef's journal is the abbreviation (JO, JA);
                        citex's shortjournal
                a2      JabRef's A2 are authors; citex's editors after them
                an      JabRef's number is AN; citex's pmid or pmcid
                dash    JabRef writes an em dash as `--`; citex as `---`
                initial JabRef adds a period to a bare initial; citex keeps
                        the name as written
"""
import os
import re
import subprocess
import sys

JABREF_ONLY = {'comment', 'database', 'refid', 'caption'}
MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']


def parse(text, start=0):
    """The first entry of a .bib from start: (type, {field: value}, end)."""
    m = re.compile(r'@(\w+)\s*\{[^,]*,').search(text, start)
    if not m:
        return None, {}, len(text)
    i, fields = m.end(), {}
    while True:
        f = re.compile(r'\s*([\w-]+)\s*=\s*').match(text, i)
        if not f:
            break
        name, i = f.group(1).lower(), f.end()
        if text[i] == '{':
            depth, j = 0, i
            while True:
                if text[j] == '{':
                    depth += 1
                elif text[j] == '}':
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            value, i = text[i + 1:j], j + 1
        else:
            g = re.compile(r'[^,}\s]+').match(text, i)
            value, i = g.group(0), g.end()
        fields[name] = value
        c = re.compile(r'\s*,').match(text, i)
        if not c:
            break
        i = c.end()
    return m.group(1).lower(), fields, i


def entries(text):
    """Every entry of a .bib, as parse gives them."""
    out, at = [], 0
    while True:
        t, f, at = parse(text, at)
        if t is None:
            return out
        out.append((t, as_bibtex(f)))


def as_bibtex(got):
    """citex's biblatex fields under the names JabRef's BibTeX uses."""
    for a, b in (('journaltitle', 'journal'), ('location', 'address')):
        if a in got:
            got.setdefault(b, got.pop(a))
    m = re.match(r'(\d{4})(?:-(\d\d))?', got.get('date', ''))
    if m:
        got.setdefault('year', m.group(1))
        if m.group(2):
            got.setdefault('month', m.group(2))
    return got


def initials(v):
    return re.sub(r'\b([A-Z])\.', r'\1', v)


def folded(k, v, ents):
    """The policy that explains expected value v of field k, or None."""
    first = ents[0][1]
    want = norm(k, v)
    if k in ('author', 'editor') and k in first and \
            norm(k, initials(first[k])) == norm(k, initials(v)):
        return 'initial'
    if k == 'title' and k in first and norm(k, first[k].replace('---', '--')) == want:
        return 'dash'
    if k in ('journal', 'booktitle') and norm(k, first.get('shortjournal', '')) == want:
        return 'short'
    if k == 'author' and 'editor' in first and \
            norm(k, first.get('author', '') + ' and ' + first['editor']) == want:
        return 'a2'
    if k == 'number' and want in (first.get('pmid'), first.get('pmcid')):
        return 'an'
    for name, value in first.items():
        if len(name) == 2 and want in [norm(k, x) for x in value.split('; ')]:
            return 'kept'
    for _, later in ents[1:]:
        if k in later and norm(k, later[k]) == want:
            return 'split'
    return None


def norm(name, v):
    v = ' '.join(v.replace('{', '').replace('}', '').split())
    if name == 'month':
        w = v.strip('#').lower()[:3]
        if w in MONTHS:
            return str(MONTHS.index(w) + 1)
        return str(int(w)) if w.isdigit() else w
    if name == 'author' or name == 'editor':
        v = re.sub(r'\s*,\s*', ', ', v)
    return v


def main():
    policy = '--policy' in sys.argv
    args = [x for x in sys.argv[1:] if x != '--policy']
    citex, d = os.path.abspath(args[0]), args[1]
    total = agree = explained = 0
    diffs = []
    for name in sorted(os.listdir(d)):
        if not name.endswith('.ris') or not os.path.exists(os.path.join(d, name[:-4] + '.bib')):
            continue
        with open(os.path.join(d, name[:-4] + '.bib'), encoding='utf-8') as f:
            etype, exp, _ = parse(f.read())
        r = subprocess.run([citex, '-q', '-f', 'ris', '-t', 'biblatex', os.path.join(d, name)],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        ents = entries(r.stdout.decode('utf-8', 'replace')) or [(None, {})]
        gtype, got = ents[0]
        total += 1
        if etype == gtype:
            agree += 1
        else:
            diffs.append('%s type: %s | %s' % (name, etype, gtype))
        for k, v in exp.items():
            if k in JABREF_ONLY:
                continue
            total += 1
            if k in got and norm(k, got[k]) == norm(k, v):
                agree += 1
                continue
            why = folded(k, v, ents) if policy else None
            explained += why is not None
            diffs.append('%s %s: %s | %s%s' % (name, k, v, got.get(k),
                                               '   [%s]' % why if why else ''))
    print('jabref: %d of %d expected values agree (%.1f %%)' % (agree, total, 100.0 * agree / total))
    if policy:
        print('jabref: %d of %d agree with the policies folded (%.1f %%)' %
              (agree + explained, total, 100.0 * (agree + explained) / total))
    for x in diffs:
        print('    ' + x)
    return 0


if __name__ == '__main__':
    sys.exit(main())
