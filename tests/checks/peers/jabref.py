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
"""
import os
import re
import subprocess
import sys

JABREF_ONLY = {'comment', 'database', 'refid', 'caption'}
MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']


def parse(text):
    """The first entry of a .bib: (type, {field: value})."""
    m = re.search(r'@(\w+)\s*\{[^,]*,', text)
    if not m:
        return None, {}
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
    return m.group(1).lower(), fields


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
    citex, d = os.path.abspath(sys.argv[1]), sys.argv[2]
    total = agree = 0
    diffs = []
    for name in sorted(os.listdir(d)):
        if not name.endswith('.ris') or not os.path.exists(os.path.join(d, name[:-4] + '.bib')):
            continue
        with open(os.path.join(d, name[:-4] + '.bib'), encoding='utf-8') as f:
            etype, exp = parse(f.read())
        r = subprocess.run([citex, '-q', '-f', 'ris', '-t', 'biblatex', os.path.join(d, name)],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        gtype, got = parse(r.stdout.decode('utf-8', 'replace'))
        for a, b in (('journaltitle', 'journal'), ('location', 'address')):
            if a in got:
                got.setdefault(b, got.pop(a))
        m = re.match(r'(\d{4})(?:-(\d\d))?', got.get('date', ''))
        if m:
            got.setdefault('year', m.group(1))
            if m.group(2):
                got.setdefault('month', m.group(2))
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
            else:
                diffs.append('%s %s: %s | %s' % (name, k, v, got.get(k)))
    print('jabref: %d of %d expected values agree (%.1f %%)' % (agree, total, 100.0 * agree / total))
    for x in diffs:
        print('    ' + x)
    return 0


if __name__ == '__main__':
    sys.exit(main())
