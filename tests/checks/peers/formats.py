#!/usr/bin/env python3
"""How many of the values other tools' importer tests expect does citex
read from the database and tool formats?

    formats.py [-v] CITEX DATA

DATA is tests/data.  Each fixture is an input in one format and the items
a peer's importer test expects of it:

    zotero/FMT.json              Zotero's translators (import test cases):
                                 Zotero items, fields named as Zotero does
    citation-js/formats/NAME.json  citation-js's plugin tests (refer, enw,
                                 cff, hayagriva): CSL items
    pandoc/endnotexml-reader.*   pandoc's EndNote XML reader test: the
                                 CSL-JSON of its expected document

citex reads each input with `-f FMT -t csl-json`; its items pair with the
expected ones by title, else by position.  An expected value is one field
of one expected item, one name of a name list, one tag; it agrees when
citex's CSL variable holds the same value, compared as data: white space
and HTML tags folded, page dashes alike, dates by the parts the peer
gives, ISSNs and ISBNs as sets of numbers, tags as members of citex's
keyword list, names by family and given name, in order (a name agrees
when the longest common subsequence of the two lists holds it).  Left out, because they are
the peer's bookkeeping rather than the input's: Zotero's attachments,
notes, seeAlso, libraryCatalog and the extra lines other than PMID and
PMCID; citation-js's `_` fields, id and source.

Prints one line per format, `FMT: A of E expected values agree (P %)`,
then `all: ...`; with -v each difference, `FMT case item field: expected |
citex`."""
import html
import unicodedata
import json
import os
import re
import subprocess
import sys

# Zotero's item types as CSL names them (Zotero's own CSL mapping).
ZTYPES = {
    'journalArticle': 'article-journal', 'magazineArticle': 'article-magazine',
    'newspaperArticle': 'article-newspaper', 'book': 'book', 'bookSection': 'chapter',
    'thesis': 'thesis', 'manuscript': 'manuscript', 'letter': 'personal_communication',
    'interview': 'interview', 'film': 'motion_picture', 'artwork': 'graphic',
    'webpage': 'webpage', 'report': 'report', 'bill': 'bill', 'case': 'legal_case',
    'hearing': 'hearing', 'patent': 'patent', 'statute': 'legislation',
    'email': 'personal_communication', 'map': 'map', 'blogPost': 'post-weblog',
    'forumPost': 'post', 'audioRecording': 'song', 'presentation': 'speech',
    'videoRecording': 'motion_picture', 'tvBroadcast': 'broadcast',
    'radioBroadcast': 'broadcast', 'podcast': 'song', 'computerProgram': 'software',
    'conferencePaper': 'paper-conference', 'document': 'document',
    'encyclopediaArticle': 'entry-encyclopedia', 'dictionaryEntry': 'entry-dictionary',
    'preprint': 'article', 'dataset': 'dataset', 'standard': 'standard',
}

# Zotero's fields as CSL variables.
ZFIELDS = {
    'title': 'title', 'shortTitle': 'title-short', 'publicationTitle': 'container-title',
    'bookTitle': 'container-title', 'proceedingsTitle': 'container-title',
    'websiteTitle': 'container-title', 'encyclopediaTitle': 'container-title',
    'dictionaryTitle': 'container-title', 'blogTitle': 'container-title',
    'journalAbbreviation': 'container-title-short', 'volume': 'volume', 'issue': 'issue',
    'pages': 'page', 'numPages': 'number-of-pages', 'numberOfVolumes': 'number-of-volumes',
    'edition': 'edition', 'series': 'collection-title', 'seriesNumber': 'collection-number',
    'seriesTitle': 'collection-title', 'date': 'issued', 'accessDate': 'accessed',
    'issueDate': 'issued', 'dateEnacted': 'issued', 'dateDecided': 'issued',
    'filingDate': 'submitted',
    'DOI': 'DOI', 'ISSN': 'ISSN', 'ISBN': 'ISBN', 'url': 'URL', 'abstractNote': 'abstract',
    'language': 'language', 'publisher': 'publisher', 'place': 'publisher-place',
    'university': 'publisher', 'institution': 'publisher', 'company': 'publisher',
    'thesisType': 'genre', 'reportType': 'genre', 'websiteType': 'genre',
    'manuscriptType': 'genre', 'letterType': 'genre', 'genre': 'genre',
    'reportNumber': 'number', 'patentNumber': 'number', 'number': 'number',
    'conferenceName': 'event-title', 'meetingName': 'event-title', 'callNumber': 'call-number',
    'archive': 'archive', 'archiveLocation': 'archive_location', 'section': 'section',
    'medium': 'medium', 'rights': 'license', 'versionNumber': 'version',
    'version': 'version', 'runningTime': 'dimensions', 'scale': 'scale',
    # the base fields Zotero's own types rename
    'label': 'publisher', 'distributor': 'publisher', 'studio': 'publisher',
    'network': 'publisher', 'programTitle': 'container-title', 'code': 'container-title',
    'audioRecordingFormat': 'medium', 'videoRecordingFormat': 'medium',
    'artworkMedium': 'medium', 'interviewMedium': 'medium', 'mapType': 'genre',
    'presentationType': 'genre', 'postType': 'genre', 'billNumber': 'number',
    'documentNumber': 'number', 'codeVolume': 'volume', 'codePages': 'page',
    'legislativeBody': 'authority', 'court': 'authority', 'repository': 'publisher',
    'archiveID': 'number',
}
ZROLES = {'seriesEditor': 'collection-editor', 'bookAuthor': 'container-author',
          'reviewedAuthor': 'reviewed-author', 'programmer': 'author',
          'interviewee': 'author', 'cartographer': 'author', 'artist': 'author',
          'presenter': 'author', 'inventor': 'author', 'sponsor': 'author'}
ZSKIP = {'itemType', 'creators', 'tags', 'notes', 'attachments', 'seeAlso', 'libraryCatalog',
         'extra'}
CJS_SKIP = {'id', 'source', 'citation-key'}
MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']


def text(v):
    """A value as plain text: tags and entities gone, white space folded."""
    if isinstance(v, (int, float)):
        v = str(int(v)) if float(v).is_integer() else str(v)
    v = html.unescape(re.sub(r'<[^>]+>', '', str(v)))
    return unicodedata.normalize('NFC', ' '.join(v.split()))


def date_parts(v):
    """[year, month, day] as far as a date says them."""
    if isinstance(v, dict):
        if v.get('date-parts'):
            return [int(x) for x in v['date-parts'][0] if str(x).lstrip('-').isdigit()]
        v = v.get('raw') or v.get('literal') or ''
    s = str(v).lower()
    m = re.match(r'\s*(-?\d{1,4})(?:-(\d\d)(?:-(\d\d))?)?\b', s)
    if m and (m.group(2) or len(m.group(1)) == 4):
        return [int(x) for x in m.groups() if x]
    year = re.search(r'\b(\d{4})\b', s)
    if not year:
        return []
    parts = [int(year.group(1))]
    month = [i for i, n in enumerate(MONTHS) if re.search(r'\b' + n, s)]
    if month:
        parts.append(month[0] + 1)
        day = re.search(r'\b(\d{1,2})\b', s.replace(year.group(1), ''))
        if day:
            parts.append(int(day.group(1)))
    return parts


def numbers(v, width):
    return {x for x in re.findall(r'[\dXx-]+', text(v).replace('-', '')) if len(x) >= width}


def name_of(n):
    """(family, given) of a CSL or a Zotero name."""
    if 'lastName' in n or 'firstName' in n:
        return text(n.get('lastName', '')), text(n.get('firstName', ''))
    if 'literal' in n:
        return text(n['literal']), ''
    fam = ' '.join(x for x in (n.get('non-dropping-particle'), n.get('family')) if x)
    given = ' '.join(x for x in (n.get('given'), n.get('dropping-particle')) if x)
    if n.get('suffix'):
        given += ', ' + n['suffix']
    return text(fam), text(given)


def same(var, want, got):
    if got is None:
        return False
    if var in ('issued', 'accessed', 'original-date', 'submitted', 'event-date', 'available-date'):
        w = date_parts(want)
        return bool(w) and date_parts(got)[:len(w)] == w
    if var == 'ISSN':
        return numbers(want, 8) <= numbers(got, 8)
    if var == 'ISBN':
        return numbers(want, 10) <= numbers(got, 10)
    if var == 'page':
        return re.sub(r'\s*[-\u2013\u2014]+\s*', '-', text(want)) == \
            re.sub(r'\s*[-\u2013\u2014]+\s*', '-', text(got))
    if var == 'DOI':
        return text(want).lower() == text(got).lower()
    if var == 'keyword':
        return keywords(want) <= keywords(got)
    return text(want) == text(got)


def keywords(v):
    return {k.strip().lower() for k in re.split(r'[,;]', text(v)) if k.strip()}


def citex_items(citex, fmt, data, suffix):
    path = os.path.join(TMP, 'in' + suffix)
    with open(path, 'w', encoding='utf-8') as f:
        f.write(data)
    r = subprocess.run([citex, '-q', '-f', fmt, '-t', 'csl-json', path],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        return json.loads(r.stdout.decode('utf-8') or '[]')
    except ValueError:
        return []


def pair(want, got):
    """Each expected item with citex's of the same title, else the same place."""
    out, used = [], set()
    for i, w in enumerate(want):
        t = text(w.get('title', '')).lower()
        k = next((j for j, g in enumerate(got) if j not in used and t and
                  text(g.get('title', '')).lower() == t), None)
        if k is None and i < len(got) and i not in used:
            k = i
        if k is not None:
            used.add(k)
        out.append((w, got[k] if k is not None else {}))
    return out


class Tally:
    def __init__(self):
        self.n = self.ok = 0
        self.diffs = []

    def add(self, ok, where, want, got):
        self.n += 1
        self.ok += ok
        if not ok:
            self.diffs.append('%s: %s | %s' % (where, text(json.dumps(want, ensure_ascii=False))[:90],
                                              text(json.dumps(got, ensure_ascii=False))[:90]))


def names(t, where, want, got):
    """Each expected name agrees when the longest common subsequence of the
    two lists holds it: order counts, and one name missing or extra costs
    that name only."""
    w, g = [name_of(n) for n in want], [name_of(n) for n in got]
    best = [[0] * (len(g) + 1) for _ in range(len(w) + 1)]
    for i in range(len(w) - 1, -1, -1):
        for j in range(len(g) - 1, -1, -1):
            best[i][j] = best[i + 1][j + 1] + 1 if w[i] == g[j] else \
                max(best[i + 1][j], best[i][j + 1])
    i = j = 0
    matched = {}
    while i < len(w) and j < len(g):
        if w[i] == g[j]:
            matched[i] = j
            i, j = i + 1, j + 1
        elif best[i + 1][j] >= best[i][j + 1]:
            i += 1
        else:
            j += 1
    for i, n in enumerate(want):
        k = matched.get(i)
        t.add(k is not None, '%s[%d]' % (where, i), n,
              got[k] if k is not None else (got[i] if i < len(got) else None))


def zotero_item(t, where, z, c):
    t.add(c.get('type') == ZTYPES.get(z['itemType'], z['itemType']), where + ' type',
          z['itemType'], c.get('type'))
    roles = {}
    for n in z.get('creators', []):
        roles.setdefault(ZROLES.get(n['creatorType'], n['creatorType']), []).append(n)
    for role, want in roles.items():
        names(t, where + ' ' + role, want, c.get(role, []))
    for k, v in z.items():
        if k in ZSKIP or v in ('', None):
            continue
        var = ZFIELDS.get(k, k)
        t.add(same(var, v, c.get(var)), '%s %s' % (where, k), v, c.get(var))
    for tag in z.get('tags', []):
        tag = tag['tag'] if isinstance(tag, dict) else tag
        t.add(same('keyword', tag, c.get('keyword')), where + ' tag', tag, c.get('keyword'))
    for line in z.get('extra', '').split('\n'):
        m = re.match(r'(PMID|PMCID):\s*(\S+)', line)
        if m:
            t.add(text(c.get(m.group(1), '')) == m.group(2), '%s %s' % (where, m.group(1)),
                  m.group(2), c.get(m.group(1)))


def csl_item(t, where, w, c):
    for k, v in w.items():
        if k.startswith('_') or k in CJS_SKIP or v in ('', None):
            continue
        if isinstance(v, list) and v and isinstance(v[0], dict):
            names(t, '%s %s' % (where, k), v, c.get(k, []))
        else:
            t.add(same(k, v, c.get(k)), '%s %s' % (where, k), v, c.get(k))
    if w.get('citation-key'):
        t.add(c.get('id') == w['citation-key'], where + ' citation-key', w['citation-key'],
              c.get('id'))


SUFFIX = {'endnote-xml': '.xml', 'pubmed-xml': '.xml', 'mods': '.xml', 'nbib': '.nbib',
          'isi': '.txt', 'endnote': '.enw', 'cff': '.cff', 'hayagriva': '.yml'}


def main():
    args = [a for a in sys.argv[1:] if a != '-v']
    verbose = len(args) < len(sys.argv) - 1
    citex, data = args
    tallies = {}
    for fmt in ('endnote-xml', 'pubmed-xml', 'nbib', 'isi', 'mods', 'endnote'):
        t = tallies.setdefault(fmt, Tally())
        for i, case in enumerate(json.load(open(os.path.join(data, 'zotero', fmt + '.json')))):
            got = citex_items(citex, fmt, case['input'], SUFFIX[fmt])
            for j, (z, c) in enumerate(pair(case['expect'], got)):
                zotero_item(t, 'zotero %s case %d item %d' % (fmt, i + 1, j + 1), z, c)
    for name, fmt in (('refer', 'endnote'), ('enw', 'endnote'), ('cff', 'cff'),
                      ('hayagriva', 'hayagriva')):
        t = tallies.setdefault(fmt, Tally())
        path = os.path.join(data, 'citation-js', 'formats', name + '.json')
        for case in json.load(open(path)):
            got = citex_items(citex, fmt, case['input'], SUFFIX[fmt])
            for j, (w, c) in enumerate(pair(case['expect'], got)):
                csl_item(t, 'citation-js %s %s item %d' % (name, case['name'], j + 1), w, c)
    base = os.path.join(data, 'pandoc', 'endnotexml-reader')
    got = citex_items(citex, 'endnote-xml', open(base + '.xml', encoding='utf-8').read(), '.xml')
    want = json.load(open(base + '.json'))
    for j, (w, c) in enumerate(pair(want, got)):
        w = dict(w)
        if 'pages' in w:     # pandoc's name for CSL's page
            w['page'] = w.pop('pages')
        csl_item(tallies['endnote-xml'], 'pandoc endnotexml item %d' % (j + 1), w, c)
    total = Tally()
    for fmt, t in tallies.items():
        print('%s: %d of %d expected values agree (%.1f %%)' % (fmt, t.ok, t.n, 100.0 * t.ok / t.n))
        total.n += t.n
        total.ok += t.ok
        total.diffs += t.diffs
    print('all: %d of %d expected values agree (%.1f %%)' %
          (total.ok, total.n, 100.0 * total.ok / total.n))
    if verbose:
        print('\n'.join(total.diffs))


TMP = None
if __name__ == '__main__':
    import tempfile
    with tempfile.TemporaryDirectory() as TMP:
        main()
