#!/usr/bin/env python3
"""Does citex's BibTeX typeset as its input does?

    typeset.py [--mode bibtex|biblatex] [--opts 'citex options'] [--subset N]
               [--citex PATH] [--keep DIR] [--label NAME] FILE.bib...

The input files are one database, in order (as \\bibliography{a,b} reads
them).  Side A is the input itself; side B is what `citex OPTS FILE...`
writes (with --subset N, `citex --aux doc.aux FILE...`, where doc.aux cites
every Nth key).  Both sides get the same .aux: every key (\\nocite{*}), or
the subset.

bibtex mode: bibtex with plain.bst makes each side's .bbl; pdflatex typesets
it, and pdftotext gives the text.  biblatex mode: biber and biblatex
(style numeric) do the same.  Each entry is printed after a marker holding
its key, so the text of every entry can be compared on its own; white space
is folded, nothing else.

Prints one line of figures:
    LABEL: N entries, S same .bbl, T typeset the same, D differ, M missing, O out of order
and the first differences (with --show K).  Exit status 0 when every entry
typesets the same and the order is the same, 1 otherwise, 2 when a tool
failed.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

MARK = re.compile(r'@@(.*?)@@')


def run(cmd, cwd, timeout=1800, stdin=None):
    return subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=timeout, stdin=stdin)


def bbl_items(text):
    """The keys in order and each item's text, from a plain.bst .bbl."""
    parts = re.split(r'\\bibitem(?:\[[^\]]*\])?\{([^}]*)\}', text)
    keys = parts[1::2]
    items = {}
    for k, body in zip(keys, parts[2::2]):
        body = body.split('\\end{thebibliography}')[0]
        items.setdefault(k, ' '.join(body.split()))
    return keys, items


def biber_items(text):
    """The keys in order and each entry's lines, from a biblatex .bbl."""
    keys, items = [], {}
    for m in re.finditer(r'\\entry\{([^}]*)\}\{([^}]*)\}\{[^}]*\}(.*?)\\endentry', text, re.S):
        k = m.group(1)
        keys.append(k)
        # The hashes are of what biber read; fold them away, not the values.
        body = re.sub(r'\\strng\{[^}]*hash[^}]*\}\{[0-9a-f]+\}', '', m.group(3))
        body = re.sub(r'hash=[0-9a-f]+', '', body)
        items.setdefault(k, (m.group(2), ' '.join(body.split())))
    return keys, items


def stubs(d, bbl):
    """Empty stand-ins for files a @preamble inputs that TeX cannot find, so
    a missing style file is not fatal; \\path|...| gets a minimal one."""
    for name in set(re.findall(r'\\input\s+([A-Za-z0-9_.-]+)', bbl)):
        f = name if '.' in name else name + '.tex'
        if subprocess.run(['kpsewhich', f], stdout=subprocess.PIPE).stdout.strip():
            continue
        with open(os.path.join(d, f), 'w') as out:
            if name.startswith('path'):
                out.write('\\def\\path#1{\\def\\cxpath##1#1{\\texttt{\\detokenize{##1}}}\\cxpath}\n')


PLAIN_DOC = r"""\documentclass{article}
\pagestyle{empty}
\begin{document}
\let\cxbibitem\bibitem
\renewcommand\bibitem[1]{\cxbibitem{#1}\mbox{\texttt{@@\detokenize{#1}@@}} }
\input{side.bbl}
\end{document}
"""

BIBLATEX_DOC = r"""\documentclass{article}
\usepackage[backend=biber,style=numeric,sorting=nyt,maxbibnames=99]{biblatex}
\addbibresource{%s}
\renewbibmacro*{begentry}{\mbox{\texttt{@@\thefield{entrykey}@@}} }
\pagestyle{empty}
\begin{document}
%s
\printbibliography
\end{document}
"""


def typeset_text(d, timeout):
    r = run(['pdflatex', '-interaction=nonstopmode', '-halt-on-error=false', 'doc.tex'], d,
            timeout=timeout, stdin=subprocess.DEVNULL)
    pdf = os.path.join(d, 'doc.pdf')
    if not os.path.exists(pdf):
        return None
    t = run(['pdftotext', '-enc', 'UTF-8', 'doc.pdf', '-'], d).stdout.decode('utf-8', 'replace')
    out = {}
    pieces = MARK.split(t)
    for k, body in zip(pieces[1::2], pieces[2::2]):
        # The next item's label, [n], ends the text: it is not this entry's.
        out.setdefault(k, re.sub(r'\s*\[\d+\]\s*$', '', ' '.join(body.split())))
    return out


def lis_len(seq):
    import bisect
    tails = []
    for x in seq:
        i = bisect.bisect_left(tails, x)
        if i == len(tails):
            tails.append(x)
        else:
            tails[i] = x
    return len(tails)


def side_bibtex(d, bibs, cites, timeout):
    with open(os.path.join(d, 'side.aux'), 'w') as a:
        a.write('\\relax\n\\citation{%s}\n\\bibstyle{plain}\n\\bibdata{%s}\n' %
                (','.join(cites) if cites else '*', ','.join(b[:-4] for b in bibs)))
    run(['bibtex', '-min-crossrefs=2', 'side'], d, timeout=timeout)
    p = os.path.join(d, 'side.bbl')
    if not os.path.exists(p):
        return None, None
    with open(p, encoding='latin-1') as f:
        bbl = f.read()
    stubs(d, bbl)
    with open(os.path.join(d, 'doc.tex'), 'w') as f:
        f.write(PLAIN_DOC)
    return bbl, typeset_text(d, timeout)


def side_biblatex(d, bibs, cites, timeout):
    # biblatex reads one resource per \addbibresource, in order.
    res = '}\n\\addbibresource{'.join(bibs)
    nocite = '\\nocite{%s}' % (','.join(cites) if cites else '*')
    with open(os.path.join(d, 'doc.tex'), 'w') as f:
        f.write(BIBLATEX_DOC % (res, nocite))
    run(['pdflatex', '-interaction=nonstopmode', 'doc.tex'], d, timeout=timeout,
        stdin=subprocess.DEVNULL)
    run(['biber', '--quiet', 'doc'], d, timeout=timeout)
    p = os.path.join(d, 'doc.bbl')
    if not os.path.exists(p):
        return None, None
    with open(p, encoding='utf-8', errors='replace') as f:
        bbl = f.read()
    stubs(d, bbl)
    return bbl, typeset_text(d, timeout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('files', nargs='+')
    ap.add_argument('--mode', default='bibtex', choices=['bibtex', 'biblatex'])
    ap.add_argument('--opts', default='')
    ap.add_argument('--subset', type=int, default=0)
    ap.add_argument('--citex', default=os.environ.get('CITEX', './citex'))
    ap.add_argument('--keep')
    ap.add_argument('--label')
    ap.add_argument('--show', type=int, default=5)
    ap.add_argument('--timeout', type=int, default=1800)
    a = ap.parse_args()
    a.citex = os.path.abspath(a.citex)
    label = a.label or ' '.join(os.path.basename(f) for f in a.files)
    tmp = a.keep or tempfile.mkdtemp(prefix='typeset.')
    da, db = os.path.join(tmp, 'a'), os.path.join(tmp, 'b')
    for d in (da, db):
        os.makedirs(d, exist_ok=True)
    names = []
    for i, f in enumerate(a.files):
        n = 'in%d.bib' % (i + 1)
        shutil.copy(f, os.path.join(da, n))
        shutil.copy(f, os.path.join(db, n))
        names.append(n)
    items = biber_items if a.mode == 'biblatex' else bbl_items
    side = side_biblatex if a.mode == 'biblatex' else side_bibtex
    cites = None
    if a.subset:
        bbl, _ = side_bibtex(da, names, None, a.timeout) if a.mode == 'bibtex' else (None, None)
        if bbl is None:
            # every key of the input, as citex reads it
            r = run([a.citex, '-q', '-t', 'csl-json'] + names, da)
            import json
            keys = [x['id'] for x in json.loads(r.stdout.decode() or '[]')]
        else:
            keys = bbl_items(bbl)[0]
        cites = keys[::a.subset]
        with open(os.path.join(db, 'cite.aux'), 'w') as f:
            f.write('\\relax\n\\citation{%s}\n' % ','.join(cites))
    opts = a.opts.split()
    if a.subset:
        opts += ['--aux', 'cite.aux']
    target = 'biblatex' if a.mode == 'biblatex' else 'bibtex'
    r = run([a.citex, '-q', '-t', target] + opts + names, db)
    if r.returncode not in (0, 1):
        print('%s: citex failed: %s' % (label, r.stderr.decode(errors='replace')[:300]))
        return 2
    for n in names:
        os.remove(os.path.join(db, n))
    with open(os.path.join(db, 'out.bib'), 'wb') as f:
        f.write(r.stdout)
    bbl_a, text_a = side(da, names, cites, a.timeout)
    bbl_b, text_b = side(db, ['out.bib'], cites, a.timeout)
    if bbl_a is None or bbl_b is None or text_a is None or text_b is None:
        print('%s: a tool failed (see %s)' % (label, tmp))
        return 2
    ka, ia = items(bbl_a)
    kb, ib = items(bbl_b)
    pos = {k: i for i, k in enumerate(ka)}
    order = len([k for k in kb if k in pos]) - lis_len([pos[k] for k in kb if k in pos])
    same_bbl = same_text = 0
    differ, missing = [], []
    for k in ka:
        if k not in ib:
            missing.append(k)
        elif ia[k] == ib[k]:
            same_bbl += 1
        elif text_a.get(k) is not None and text_a.get(k) == text_b.get(k):
            same_text += 1
        else:
            differ.append(k)
    print('%s: %d entries, %d same .bbl, %d typeset the same, %d differ, %d missing, %d out of order'
          % (label, len(ka), same_bbl, same_text, len(differ), len(missing), order))
    for k in differ[:a.show]:
        print('    %s\n      input: %s\n      citex: %s' % (k, (text_a.get(k) or '')[:300],
                                                          (text_b.get(k) or '')[:300]))
    for k in missing[:a.show]:
        print('    missing: %s' % k)
    if not a.keep:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0 if not differ and not missing and not order else 1


if __name__ == '__main__':
    sys.exit(main())
