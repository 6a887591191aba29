#!/usr/bin/env python3
"""eval.py CITEX EXPORT.xml TRUTH.csv [REPORT] [--mixed]: precision and
recall of citex --dedup on an EndNote XML library whose duplicates are
known.

EXPORT.xml is an EndNote XML export (one <record> a line is made of it
first, so a diagnostic's line names a record); TRUTH.csv lists the known
duplicate groups as "id_0000012;id_0000013" (rec-numbers), one group a
line.  A pair of records is a duplicate pair when one group holds both;
citex's pairs are those its notes "duplicate of '...' (FILE:LINE)" put in
one group.  Prints the pair counts, precision and recall; with REPORT,
citex's --dedup-report file is written there.

With --mixed the records are dealt in turn to four files: one stays
EndNote XML, the others are converted by citex to RIS, MODS and CSL-YAML
first, and --dedup reads the four at once; the same pairs should be
found, whatever format each record arrives in."""
import re
import subprocess
import sys
import tempfile
from itertools import combinations


def groups_to_pairs(groups):
    pairs = set()
    for g in groups:
        for a, b in combinations(sorted(set(g)), 2):
            pairs.add((a, b))
    return pairs


# Where each converted file's records start, by the writer's shape.
STARTS = {'ris': r'TY  - ', 'mods': r'<mods[ >]', 'csl-yaml': r'- id: '}


def deal(citex, text, recnum, tmp, where):
    """Deal the records to EndNote XML, RIS, MODS and CSL-YAML files."""
    lines = text.split('\n')
    head = [l for i, l in enumerate(lines, 1) if i not in recnum]
    names = ['endnote-xml', 'ris', 'mods', 'csl-yaml']
    parts = [[] for _ in names]
    for k, (line, n) in enumerate(sorted(recnum.items())):
        parts[k % len(names)].append((lines[line - 1], n))
    paths = []
    for name, part in zip(names, parts):
        xml = tmp + '/' + name + '.xml'
        # the records, one a line, inside the export's own head and tail
        body = [l.replace('</records>', '').replace('</xml>', '') for l, _ in part]
        open(xml, 'w', encoding='utf-8').write(
            '\n'.join(head[:1] + body + ['</records></xml>']) + '\n')
        if name == 'endnote-xml':
            for i, (_, n) in enumerate(part):
                where[(xml, i + 2)] = n
            paths.append(xml)
            continue
        out = tmp + '/records.' + {'ris': 'ris', 'mods': 'mods.xml', 'csl-yaml': 'yaml'}[name]
        subprocess.run([citex, '-t', name, '-o', out, xml], check=True,
                       stderr=subprocess.DEVNULL)
        starts = [i for i, l in enumerate(open(out, encoding='utf-8').read().split('\n'), 1)
                  if re.match(STARTS[name], l)]
        if len(starts) != len(part):
            sys.exit('%s: %d records for %d' % (out, len(starts), len(part)))
        for i, (_, n) in zip(starts, part):
            where[(out, i)] = n
        paths.append(out)
    return paths


def main():
    args = [a for a in sys.argv[1:] if a != '--mixed']
    citex, export, truth = args[:3]
    report = args[3] if len(args) > 3 else None
    text = open(export, encoding='utf-8').read().replace('<record>', '\n<record>')
    recnum = {}  # line -> rec-number
    for i, line in enumerate(text.split('\n'), 1):
        m = re.search(r'<rec-number>(\d+)</rec-number>', line)
        if line.startswith('<record>') and m:
            recnum[i] = int(m.group(1))
    tmp = tempfile.mkdtemp()
    mixed = '--mixed' in sys.argv
    where = {}  # (file, line) -> rec-number
    if not mixed:
        path = tmp + '/all.xml'
        open(path, 'w', encoding='utf-8').write(text)
        paths = [path]
        where = {(path, line): n for line, n in recnum.items()}
    else:
        paths = deal(citex, text, recnum, tmp, where)
    args = [citex, '--dedup=report', '-t', 'bibtex'] + paths
    if report:
        args[1:1] = ['--dedup-report', report]
    r = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    parent = {}

    def find(x):
        while parent.get(x, x) != x:
            x = parent[x]
        return x
    for line in r.stderr.decode('utf-8', 'replace').splitlines():
        m = re.match(r'(.*?):(\d+):\d+: note: duplicate of .*? \((.*?):(\d+)\)', line)
        if not m:
            continue
        a = where.get((m.group(1), int(m.group(2))))
        b = where.get((m.group(3), int(m.group(4))))
        if a is None or b is None:
            continue
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
    found = {}
    for x in recnum.values():
        found.setdefault(find(x), []).append(x)
    got = groups_to_pairs(found.values())
    want_groups = []
    for line in open(truth, encoding='utf-8'):
        ids = re.findall(r'id_0*(\d+)', line)
        if len(ids) > 1:
            want_groups.append([int(x) for x in ids])
    want = groups_to_pairs(want_groups)
    tp = len(got & want)
    p = tp / len(got) if got else 1.0
    rc = tp / len(want) if want else 1.0
    print('records %d, duplicate pairs known %d, found %d, right %d' %
          (len(recnum), len(want), len(got), tp))
    print('precision %.3f recall %.3f' % (p, rc))


if __name__ == '__main__':
    main()
