#!/usr/bin/env python3
"""How many of a peer's expected CSL values does citex give?

    agree.py cjs    CITEX DIR     citation-js fixtures: DIR/NAME-input.bib
                                  (or NAME.bib) beside DIR/NAME-csl.json
    agree.py pandoc CITEX DIR     pandoc's biblatex tests: DIR/*.md, each a
                                  .bib after `% pandoc -f biblatex -t markdown -s`
                                  and the YAML references pandoc writes
    --policy                      fold the differences the policy table of
                                  docs/decisions.md documents before comparing

An expected value is one top-level variable of one expected item (id,
citation-key and custom aside).  It agrees when citex's item with the same
id has the same value, compared as data: numbers and numeric strings alike,
names as lists of parts, dates by their parts, strings exactly.  Prints
    PEER: A of E expected values agree (P %), X items missing
then one line per difference: `item variable: expected | citex`.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

SKIP = {'id', 'citation-key', 'citation-label', 'custom', '_graph'}


def norm(v):
    if isinstance(v, bool):
        return v
    if isinstance(v, (int, float)):
        return str(int(v)) if float(v).is_integer() else str(v)
    if isinstance(v, str):
        return v
    if isinstance(v, list):
        return [norm(x) for x in v]
    if isinstance(v, dict):
        return {k: norm(x) for k, x in v.items() if x not in ('', None)}
    return v


def citex_json(citex, bib, opts=()):
    """citex's CSL-JSON; read as biblatex where the peer reads biblatex."""
    r = subprocess.run([citex, '-q', '-t', 'csl-json', *opts, bib],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        return json.loads(r.stdout.decode('utf-8') or '[]')
    except ValueError:
        return []


# Documented policies (docs/decisions.md, "Decisions on contested points"): where
# citex and a peer differ by choice, each names a normalization applied to
# both values before the second comparison, so that what remains is what
# no policy explains.
NOCASE = re.compile(r'<span class="nocase">(.*?)</span>')
TITLES = {'title', 'title-short', 'container-title', 'collection-title', 'volume-title',
          'original-title', 'event-title'}


LANGUAGES = {'dutch': 'nl', 'russian': 'ru', 'english': 'en', 'american': 'en', 'british': 'en',
             'italian': 'it', 'german': 'de', 'ngerman': 'de', 'french': 'fr', 'spanish': 'es'}
KEYS = {'genre': {'techreport': 'technical report', 'mathesis': "master's thesis",
                  'phdthesis': 'phd thesis', 'patentus': 'u.s. patent'},
        'status': {'prepublished': 'pre-published', 'inpress': 'in press',
                   'inpreparation': 'in preparation'},
        'type': {'entry': 'entry-encyclopedia', 'pamphlet': 'book'}}


def policy_value(k, v):
    """v with every documented difference folded away."""
    if isinstance(v, str) and k == 'language':      # a BCP 47 tag, not a name
        v = v.lower()
        return v.split('-')[0] if '-' in v else LANGUAGES.get(v, v)
    if isinstance(v, str) and k == 'keyword':       # keywords joined by ", "
        return re.sub(r',\s*', ',', v)
    if isinstance(v, str) and k in KEYS:            # biblatex keys resolved to English
        v = KEYS[k].get(v.lower(), v.lower())
    if isinstance(v, str):
        while NOCASE.search(v):                    # case protection kept as nocase
            v = NOCASE.sub(r'\1', v)
        v = v.replace('\u2019', "'")                # apostrophes kept as typed
        if k in TITLES:                            # title case never changed
            v = v.lower()
        return v
    if isinstance(v, list):
        out = []
        for x in v:
            if isinstance(x, dict) and 'dropping-particle' in x:   # particles non-dropping
                x = dict(x)
                x['non-dropping-particle'] = x.pop('dropping-particle')
            if isinstance(x, dict) and set(x) == {'family'}:  # a braced name is a literal
                x = {'literal': x['family']}
            if isinstance(x, dict) and 'suffix' in x and 'given' not in x:  # "May, Keith,":
                x = dict(x)                        # a comma at the end is ignored, as bibtex does
                x['given'] = x.pop('suffix')
            out.append(policy_value(k, x))
        return out
    if isinstance(v, dict):
        return {a: policy_value(k, b) for a, b in v.items()}
    return v


def compare(label, expected, actual, out, policy=False):
    have = {}
    for it in actual:
        have.setdefault(it.get('id'), it)
    total = agree = missing = 0
    for exp in expected:
        got = have.get(exp.get('id'))
        if got is None:
            missing += 1
        for k, v in exp.items():
            if k in SKIP:
                continue
            total += 1
            g = None if got is None else got.get(k)
            if policy and k == 'title-short' and got is not None and g is None and \
                    'title-short' not in got:
                g = v                                  # no short title derived from title
            if policy and g is not None:
                g, v = policy_value(k, norm(g)), policy_value(k, norm(v))
            if g is not None and norm(g) == norm(v):
                agree += 1
            else:
                out.append('%s %s %s: %s | %s' % (label, exp.get('id'), k,
                                                  json.dumps(v, ensure_ascii=False),
                                                  json.dumps(g, ensure_ascii=False)))
    return total, agree, missing


def pandoc_cases(d):
    """(name, bib text, expected items) for each test of the folder."""
    for name in sorted(os.listdir(d)):
        if not name.endswith('.md'):
            continue
        text = open(os.path.join(d, name), encoding='utf-8').read()
        m = re.search(r'^% pandoc -f biblatex -t markdown -s\n(.*?)^\^D\n(.*?)^```', text, re.S | re.M)
        if not m:
            continue
        yield name[:-3], m.group(1), m.group(2)


def main():
    policy = '--policy' in sys.argv
    args = [x for x in sys.argv[1:] if x != '--policy']
    mode, citex, d = args[0], os.path.abspath(args[1]), args[2]
    diffs = []
    total = agree = missing = 0
    tmp = tempfile.mkdtemp(prefix='agree.')
    if mode == 'cjs':
        for name in sorted(os.listdir(d)):
            if not name.endswith('-csl.json'):
                continue
            base = name[:-len('-csl.json')]
            bib = os.path.join(d, base + '-input.bib')
            if not os.path.exists(bib):
                bib = os.path.join(d, base + '.bib')
            exp = json.load(open(os.path.join(d, name), encoding='utf-8'))
            opts = ('-f', 'biblatex') if base.startswith('biblatex') else ()
            t, a, m = compare(base, exp, citex_json(citex, bib, opts), diffs, policy)
            total, agree, missing = total + t, agree + a, missing + m
    else:
        for name, bib, md in pandoc_cases(d):
            p = os.path.join(tmp, name + '.bib')
            with open(p, 'w', encoding='utf-8') as f:
                f.write(bib)
            q = os.path.join(tmp, name + '.md')
            with open(q, 'w', encoding='utf-8') as f:
                f.write(md)
            r = subprocess.run(['pandoc', '-f', 'markdown', '-t', 'csljson', q],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            try:
                exp = json.loads(r.stdout.decode('utf-8') or '[]')
            except ValueError:
                continue
            t, a, m = compare(name, exp, citex_json(citex, p, ('-f', 'biblatex')), diffs, policy)
            total, agree, missing = total + t, agree + a, missing + m
    pct = 100.0 * agree / total if total else 0
    print('%s%s: %d of %d expected values agree (%.1f %%), %d items missing' %
          (mode, ' (documented policies folded)' if policy else '', agree, total, pct, missing))
    for line in diffs:
        print('    ' + line)
    return 0


if __name__ == '__main__':
    sys.exit(main())
