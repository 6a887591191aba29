#!/usr/bin/python3
"""tools/finder_gold.py - the finder's training labels (make model, make eval-sites).

  finder_gold.py --tool TRAIN_FINDER --out DIR [--text | --form FILE] [--fold auto|-] [--complete] [--show] SITE...

Each SITE is a folder with a page (page.html, page.md, page.tex or page.txt) and
the items its owner published there: gold.json (CSL-JSON, as the homepages
corpus and tools/gen_pages.py write it), and, from the page generator,
gold-blocks.json (where each item starts and ends).  The page is read into
blocks by the reader itself (TRAIN_FINDER -b, the blocks the finder sees), and
each block gets a label (src/cv/doc.h, enum blk):

  head-pub    a heading whose section holds items (a group inside one too)
  head-other  a heading whose section holds none
  start       an item's first block          cont   the blocks that go on with it
  side        a block beside an item: its links, abstract, a note
  other-pub   a block of a publication section that is no item (an intro)
  other       any other block

The labels come from aligning the items to the blocks.  Each item's title is
looked for in the page's words (all its places: a page may list a paper twice);
the blocks around it that hold its other fields (authors, venue, year, pages)
are its blocks, a page record is one item whole, and the blocks between items
that are links, prose or notes are side text.  With --text the page is read as
the text a browser dump makes of it (w3m -dump -cols 200, as score_cv.py
--text does); with --form FILE, as the site's FILE (a text form the page
generator wrote: page.w80.txt).  --complete: the gold list holds every item
of the page (a generated page), so no block is left open.  One line a page
goes to stdout: "FOLD PAGE LABELS", the list
train_finder reads; FOLD is the site's "<template>/<owner>" (auto) or "-".
--show prints each page's blocks with their labels, to check the alignment.
"""
import json, os, re, subprocess, sys, unicodedata, difflib

def norm_words(s):
    s = unicodedata.normalize("NFKC", s or "").casefold()
    s = re.sub(r"[{}\\*]", "", s)
    return re.findall(r"\w+", s)

PUB = set("publications publication papers paper preprints articles theses thesis dissertation dissertations "
          "manuscripts chapters bibliography reports proceedings writings pre-prints e-prints eprints works "
          "unpublished published".split())
OTHER = set("education talks talk presentations awards award honors honours teaching service services experience "
            "employment skills interests contact grants funding students mentoring advising projects news "
            "activities reviewing positions appointments biography bio about hobbies languages leadership outreach "
            "media press fellowships scholarships courses coursework volunteer memberships references referees "
            "patents misc miscellaneous personal summary profile objective achievements certifications "
            "internships seminars lectures committees affiliations supervision collaborators visits software".split())

CONNECT = set("and selected recent other invited research working academic professional peer reviewed refereed "
              "conference conferences journal journals workshop workshops international book books full list of my "
              "in submission under review technical industry current past previous ongoing major key relevant "
              "additional the national first author co authored student related posters demos abstracts extended "
              "short long scholarly archival non main top tier venue venues i ii iii highlighted featured all "
              "complete symposium magazine to appear forthcoming arxiv preprint submitted doctoral masters phd a an "
              "with at for on s".split())

def section_words(text):
    """"pub" or "other" when the text names a section (its words are section
    words: "Selected Journal Publications", "Teaching"), else None."""
    w = norm_words(text)
    if not w or len(w) > 7 or any(x not in PUB and x not in OTHER and x not in CONNECT for x in w):
        return None
    if any(x in PUB for x in w):
        return "pub"
    if any(x in OTHER for x in w):
        return "other"
    return None

def blocks_of(tool, page):
    r = subprocess.run([tool, "-b", page], capture_output=True, text=True, errors="replace")
    out = []
    for line in r.stdout.split("\n"):
        if not line:
            continue
        f = line.split("\t")
        if len(f) < 9:
            continue
        out.append({"k": int(f[0]), "line": int(f[1]), "kind": f[2], "rec": int(f[3]), "rule": int(f[4]),
                    "blank": int(f[5]), "indent": int(f[6]), "text": "\t".join(f[7:-1]), "bold": f[-1]})
    return out

def item_fields(g):
    """The words of an item's fields besides its title, and its title's words."""
    words = set()
    for a in g.get("author", []) or []:
        for k in ("family", "given", "literal"):
            words.update(norm_words(a.get(k, "")))
    for k in ("container-title", "_venue_short", "publisher", "volume", "issue", "page", "DOI", "number",
              "event", "collection-title", "genre"):
        v = g.get(k)
        if isinstance(v, str):
            words.update(norm_words(v))
    y = None
    try:
        y = str(g["issued"]["date-parts"][0][0])
    except Exception:
        pass
    if y:
        words.add(y)
    return words, norm_words(g.get("title", "")), y

LINKWORDS = set("pdf code slides video poster bibtex bib abstract arxiv doi html project website paper preprint "
                "supplementary supp supplement data dataset talk github blog link links cite demo openreview pmc "
                "pubmed and software materials appendix replication preregistration osf news press media url "
                "ssrn page publisher full text view download open access".split())

def links_like(text):
    w = norm_words(text)
    return not w or (len(w) <= 12 and all(x in LINKWORDS or x.isdigit() for x in w))

SIDEHEAD = re.compile(r"(?i)\W*(abstract|summary|tl;?\s?dr|bibtex|cite|citation|links|resources|"
                      r"materials|show abstract|hide abstract)\W*")

def prose(text):
    """Sentences: an abstract, a summary, the page talking (a short
    abstract opens with "We ..." or "This paper ...")."""
    w = text.split()
    if len(w) >= 8 and \
            re.match(r"(?i)(we|this (paper|work|article|study)|in this|here,? we|our)\b", text):
        return True
    return len(w) >= 20 and sum(1 for x in w if x[:1].islower()) * 2 >= len(w)

def find_titles(stream, title):
    """Start and end positions (in the word stream) of each place the title stands."""
    n = len(title)
    if n == 0:
        return []
    found = []
    joined = " ".join(title)
    for i in range(len(stream) - n + 1):
        if stream[i] == title[0] and stream[i:i + n] == title:
            found.append((i, i + n))
    if found:
        return found
    # fuzzy: a window that starts with one of the title's first words
    best, at = 0.0, None
    heads = set(title[:3])
    for i in range(len(stream)):
        if stream[i] not in heads:
            continue
        for m in (n - 1, n, n + 1):
            if m <= 0 or i + m > len(stream):
                continue
            r = difflib.SequenceMatcher(None, joined, " ".join(stream[i:i + m]), autojunk=False).ratio()
            if r > best:
                best, at = r, (i, i + m)
    return [at] if at and best >= 0.85 else []

MONTH = re.compile(r"(?i)(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d")
NOTE = re.compile(r"(?i)\b(award|best|oral|spotlight|tl;?dr|abstract|accepted|presented|nominat\w*|finalist)\b")

def label(blocks, gold, complete=False):
    """Each block's label; "?" where the page shows what may be an item its
    gold list lacks (the owner's list holds only some of the page's papers):
    the trainer leaves those to the model.  A complete list (a generated
    page's) leaves nothing open."""
    n = len(blocks)
    words = [norm_words(b["text"]) for b in blocks]
    stream, owner = [], []
    for k, w in enumerate(words):
        stream.extend(w)
        owner.extend([k] * len(w))
    lab = [None] * n
    spans = []
    for j, g in enumerate(gold):
        fields, title, year = item_fields(g)
        for a, e in find_titles(stream, title):
            spans.append((owner[a], owner[e - 1], j, fields, year))
    spans.sort()
    titled = set()
    for tb, te, j, _, _ in spans:
        titled.update(range(tb, te + 1))
    yearline = [re.fullmatch(r"\W*(19[5-9]|20[0-3])\d\W*", b["text"]) is not None for b in blocks]
    heading = [b["kind"].startswith("h") or yearline[k] or
               (section_words(b["text"]) is not None and len(b["text"]) < 60 and
                not b["text"].rstrip().endswith((".", ",", ";"))) or
               (b["bold"] and section_words(b["bold"]) is not None)
               for k, b in enumerate(blocks)]
    def cover(k, fields):
        w = words[k]
        return sum(1 for x in w if x in fields) / len(w) if w else 0.0
    def sideish(k):
        t = blocks[k]["text"]
        return links_like(t) or prose(t) or (NOTE.search(t) and len(words[k]) <= 25) or SIDEHEAD.fullmatch(t)
    for si, (tb, te, j, fields, year) in enumerate(spans):
        if any(lab[k] is not None for k in range(tb, te + 1)):
            continue
        title = set(item_fields(gold[j])[1])
        bare, fields = fields, fields | title
        rec = blocks[tb]["rec"]
        prev_end = max([k for k in range(n) if lab[k] is not None] + [-1])
        next_start = min([s[0] for s in spans[si + 1:] if s[0] > te] + [n])
        others = [s for s in spans if s[2] != j and blocks[s[0]]["rec"] == rec]
        if rec and not others:
            span = [k for k in range(n) if blocks[k]["rec"] == rec]
            first, last = span[0], span[-1]
        else:
            first, last = tb, te
            k = tb - 1
            while k > prev_end and k not in titled and not heading[k] and not blocks[k + 1]["blank"] and \
                    (cover(k, fields) >= 0.5 or words[k] == [year] or (year in words[k] and len(words[k]) <= 5 and
                                                                     MONTH.search(blocks[k]["text"]))):
                first = k
                k -= 1
            # a list item's marker on a line of its own before the title
            # (a venue badge, a number): the item starts there
            k = first - 1
            while k > prev_end and k >= first - 3 and blocks[first]["kind"] not in ("n", "b") and \
                    not heading[k] and k not in titled and len(words[k]) <= 4 and \
                    (not blocks[k + 1]["blank"] or len(words[k]) <= 2):
                if blocks[k]["kind"] in ("n", "b"):
                    first = k
                    break
                k -= 1
            k = te + 1
            while k < next_start and k not in titled and \
                    (not heading[k] or (yearline[k] and words[k] == [year] and not blocks[k]["blank"])):
                b = blocks[k]
                if b["kind"] in ("n", "b"):
                    break
                if cover(k, fields) >= 0.4 or (not b["blank"] and not sideish(k) and len(words[k]) <= 15):
                    last = k
                elif not sideish(k):
                    break
                k += 1
        for k in range(first, last + 1):
            lab[k] = "start" if k == first else "cont"
            # beside the item: no author, venue or year of it, nor its
            # whole title (a citation that repeats it is the item)
            has_title = title and len(title & set(words[k])) >= 0.8 * len(title)
            if k != first and not (tb <= k <= te) and cover(k, bare) < 0.2 and not has_title and sideish(k):
                lab[k] = "side"
        # text beside it: links, an abstract, a note, up to the next item
        k = last + 1
        while k < next_start and (not heading[k] or SIDEHEAD.fullmatch(blocks[k]["text"])) and \
                lab[k] is None and sideish(k) and \
                not (blocks[k]["kind"] in ("n", "b") and next_start - k <= 2):
            if prose(blocks[k]["text"]) and re.search(r"(?i)\b(i|my|me)\b", blocks[k]["text"]):
                break
            lab[k] = "side"
            k += 1
    # headings, from the last: a section holds items if one starts before
    # the next heading as high, and the headings on the way hold some too
    def level(k):
        kd = blocks[k]["kind"]
        return int(kd[1]) if kd.startswith("h") else 8 if yearline[k] else 7
    for k in reversed(range(n)):
        if lab[k] is not None or not heading[k]:
            continue
        lv, holds = level(k), False
        for m in range(k + 1, n):
            if lab[m] == "start":
                holds = True
                break
            if lv >= 7 and m == k + 1 and lab[m] == "head-pub":
                holds = True  # the heading over a group's heading
                break
            if lab[m] == "head-other" or (lab[m] == "head-pub" and level(m) <= lv):
                break
        lab[k] = "head-pub" if holds else "head-other"
    state = "other"
    for k in range(n):
        if lab[k] == "head-pub":
            state = "other-pub"
        elif lab[k] == "head-other":
            state = "other"
        elif lab[k] is None:
            ref = len(words[k]) >= 4 or any(re.fullmatch(r"(19[5-9]|20[0-3])\d", w) for w in words[k])
            lab[k] = "?" if state == "other-pub" and ref and not complete else state
    return lab

def page_of(site, text, outdir, fold, form=None):
    pages = sorted(x for x in os.listdir(site) if x.startswith("page."))
    if form:
        return os.path.join(site, form) if form in pages else None
    if not pages:
        return None
    page = os.path.join(site, pages[0])
    if text and page.endswith(".html"):
        dump = subprocess.run(["w3m", "-dump", "-T", "text/html", "-cols", "200", page], capture_output=True,
                              text=True, errors="replace").stdout
        page = os.path.join(outdir, fold.replace("/", "+") + ".txt")
        with open(page, "w") as f:
            f.write(dump)
    return page

def main():
    args = sys.argv[1:]
    def opt(name, default=None):
        if name in args:
            i = args.index(name)
            v = args[i + 1]
            del args[i:i + 2]
            return v
        return default
    tool, outdir, fold_mode, form = opt("--tool"), opt("--out"), opt("--fold", "auto"), opt("--form")
    text = "--text" in args
    show = "--show" in args
    complete = "--complete" in args
    args = [a for a in args if a not in ("--text", "--show", "--complete")]
    os.makedirs(outdir, exist_ok=True)
    for site in args:
        site = site.rstrip("/")
        gp = os.path.join(site, "gold.json")
        if not os.path.exists(gp):
            continue
        gold = json.load(open(gp))
        fold = "/".join(site.split("/")[-2:]) if fold_mode == "auto" else "-"
        name = "/".join(site.split("/")[-2:]).replace("/", "+") + (".text" if text else "") + \
            ("." + form if form else "")
        page = page_of(site, text, outdir, name, form)
        if page is None:
            continue
        blocks = blocks_of(tool, page)
        lab = label(blocks, gold, complete)
        lp = os.path.join(outdir, name + ".labels")
        with open(lp, "w") as f:
            for b, l in zip(blocks, lab):
                f.write(f"{b['k']} {l}\n")
        if show:
            sys.stderr.write(f"== {page}\n")
            for b, l in zip(blocks, lab):
                sys.stderr.write(f"{l:10s} {b['kind']:2s} {b['rec']:3d} {b['text'][:150]}\n")
        print(fold, page, lp)

if __name__ == "__main__":
    main()
