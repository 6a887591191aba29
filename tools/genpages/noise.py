"""The furniture around a publication list, as plain strings that each family
marks up its own way: a bio, intro sentences, footnotes on marks, the links,
badges, award notes and TL;DR lines items carry, and the sections that are not
publications (Talks, Teaching, News, Service, Blog posts, Awards)."""

import re

from . import words
from .bib import topic_words
from .util import plain_title, year_of, MONTHS


def owner_name(bib):
    return bib.highlight()


def _a(noun):
    return ("an " if noun[0].lower() in "aeiou" else "a ") + noun


def bio(rng, bib):
    o = owner_name(bib)
    pos = rng.choice(words.POSITIONS)
    uni = rng.choice(words.UNIVERSITIES)
    dep = rng.choice(words.DEPARTMENTS)
    topics = topic_words(bib.items, 3) or ["statistics", "typography"]
    s = ["I am %s in the %s at %s." % (_a(pos), dep, uni),
         "My research focuses on %s." % " and ".join(topics),
         "Before that, I was %s at %s." % (_a(rng.choice(words.POSITIONS).lower()), rng.choice(words.UNIVERSITIES + words.COMPANIES)),
         "I received my PhD from %s in %d." % (rng.choice(words.UNIVERSITIES), min(year_of(it) for it in bib.items) + rng.randrange(0, 5))]
    if rng.random() < 0.5:
        s.append("I am always looking for motivated students; feel free to contact me.")
    first = "%s is %s at %s." % (o, _a(pos), uni) if rng.random() < 0.4 else None
    if first:
        s[0] = first
    return [" ".join(s[:2]), " ".join(s[2:])] if rng.random() < 0.5 else [" ".join(s)]


INTROS = ["Below is a list of my publications.", "For a complete and up-to-date list, see my Google Scholar profile.",
          "Publications are listed in reverse chronological order.", "Copies of papers are provided for personal use only.",
          "You can also find my articles on my Google Scholar profile.", "A full list is available on DBLP.",
          "Please email me if you cannot access a paper.", "Most recent publications on Google Scholar."]


def intro(rng, marks, mark="*"):
    s = rng.sample(INTROS, rng.randrange(1, 3))
    if marks:
        s.append(rng.choice(["%s denotes equal contribution." % mark, "(%s = equal contribution)" % mark,
                             "%s indicates equal contribution, † corresponding author." % mark,
                             "^%s indicates equal contribution." % mark]))
    return s


def links(rng, item, k=None):
    k = rng.choice([0, 1, 2, 2, 3, 4]) if k is None else k
    out = rng.sample(words.LINKS, k)
    if item.get("_venue_short") == "arXiv" and "arXiv" not in out and rng.random() < 0.6:
        out.insert(0, "arXiv")
    return out


def badge(rng, item):
    if item.get("_acr") and rng.random() < 0.7:
        y = year_of(item)
        return rng.choice([item["_acr"], "%s %d" % (item["_acr"], y), "%s'%02d" % (item["_acr"], y % 100)])
    if item.get("_venue_short") == "arXiv":
        return "arXiv"
    t = item["type"]
    if rng.random() < 0.3:
        return rng.choice(words.BADGES)
    return {"article-journal": rng.choice(["Journal", "J"]), "paper-conference": "Conference", "chapter": "Chapter",
            "book": "Book", "thesis": "Thesis", "report": "Report", "manuscript": "Preprint",
            "speech": "Talk", "software": "Software", "article": "Preprint"}.get(t, "Paper")


def tldr(rng, item):
    t = plain_title(item["title"])
    t = t[0].lower() + t[1:]
    return rng.choice(["TL;DR: We study %s." % t, "TLDR: a new look at %s." % t, "In short: %s." % t])


def abstract(rng, item):
    a = item.get("_abstract")
    if a:
        return a
    t = plain_title(item["title"])
    return ("We present %s. Our approach is evaluated on several benchmarks and compared with prior work. "
            "The results show consistent improvements." % (t[0].lower() + t[1:]))


def _date(rng, y):
    return rng.choice(["%s %d" % (MONTHS[rng.randrange(12)][:3], y), "%d-%02d" % (y, rng.randrange(1, 13)),
                       "%s %d" % (MONTHS[rng.randrange(12)], y), "%02d/%d" % (rng.randrange(1, 13), y)])


def _presentation(rng, bib, titles, v, y):
    """A talk written as a citation: its speakers, its title, where it was
    given ("Presented at", "Poster at"), the city and the year."""
    it = rng.choice(bib.items)
    names = [" ".join(x for x in (a.get("given"), a.get("family")) if x) for a in it.get("author", []) if a.get("family")][:4]
    if bib.highlight() not in names:
        names.insert(rng.randrange(len(names) + 1), bib.highlight())
    how = rng.choice(["Presented at", "Poster presented at", "Talk at", "Oral presentation at", "Invited talk,"])
    t = rng.choice(titles)
    if rng.random() < 0.5:
        t = "\u201c%s\u201d" % t
    return "%s. %s. %s %s, %s, %s %d." % (", ".join(names), t, how, v[1], rng.choice(words.CITIES),
                                          rng.choice(["", "May", "June", "October"]), y)


def nonpub_sections(rng, bib, pool, k=None):
    """[(heading, kind, [entry, ...])] for sections that are not publications."""
    k = rng.choice([0, 0, 1, 1, 2, 3]) if k is None else k
    y1 = max(year_of(it) for it in bib.items)
    titles = [plain_title(it["title"]) for it in bib.items]
    conf = pool.conferences or [("ICML", "International Conference on Machine Learning", "", "conference")]
    kw = topic_words(bib.items, 4) or ["learning"]
    pool_kinds = ["talks", "teaching", "news", "service", "blog", "awards", "students"]
    if not any(it["type"] == "software" for it in bib.items):
        pool_kinds.append("software")
    kinds = rng.sample(pool_kinds, k)
    out = []
    for kind in kinds:
        ents = []
        for i in range(rng.randrange(2, 7)):
            y = y1 - i // 2
            v = rng.choice(conf)
            if kind == "talks":
                ents.append(rng.choice(["%s: \u201c%s\u201d, %s, %s" % (_date(rng, y), rng.choice(titles), rng.choice(words.UNIVERSITIES), rng.choice(words.CITIES)),
                                        "Invited talk at %s, %s (%s)" % (rng.choice(words.UNIVERSITIES), rng.choice(words.CITIES), _date(rng, y)),
                                        "%s. %s, %s %d." % (rng.choice(titles), v[1], rng.choice(words.CITIES), y),
                                        _presentation(rng, bib, titles, v, y)]))
            elif kind == "teaching":
                ents.append("%s (%s), %s" % (rng.choice(words.COURSES), rng.choice(["Lecturer", "Teaching assistant", "Instructor", "Co-instructor"]), rng.choice(words.TERMS)))
            elif kind == "news":
                f = dict(t=rng.choice(titles), v="%s %d" % (v[0], y), u=rng.choice(words.UNIVERSITIES), a=rng.choice(words.AWARDS),
                         p=rng.choice(words.POSITIONS), s=rng.choice(words.SERVICE).format(v=v[0], t=kw[0]), k=rng.choice(kw), c=rng.choice(words.CITIES))
                ents.append("[%s] %s" % (_date(rng, y), rng.choice(words.NEWS).format(**f)))
            elif kind == "service":
                ents.append(rng.choice(words.SERVICE).format(v="%s %d" % (v[0], y), t=rng.choice(kw)))
            elif kind == "blog":
                f = dict(t=rng.choice(titles), v=v[0], p=rng.choice(words.POSITIONS).lower(), k=rng.choice(kw))
                ents.append("%s \u2014 %s" % (_date(rng, y), rng.choice(words.BLOG).format(**f)))
            elif kind == "software":
                w = rng.choice(kw).capitalize()
                ents.append("%s%s \u2014 %s for %s (%s)" % (w[:5], rng.choice(["Kit", "Py", "Lab", "Tools", ".jl", "R"]),
                                                         rng.choice(["a Python package", "an R package", "a C library", "a toolbox", "scripts"]),
                                                         rng.choice(kw), rng.choice(["GitHub", "CRAN", "PyPI", "Zenodo"])))
            elif kind == "awards":
                ents.append("%s, %s, %d" % (rng.choice(words.AWARDS), v[0], y))
            else:
                ents.append("%s %s (%s, %d\u2013%s)" % (rng.choice(words.CN_GIVEN + words.OTHER_GIVEN), rng.choice(words.OTHER_FAMILY + words.JP_FAMILY),
                                                      rng.choice(["PhD", "MSc", "BSc thesis"]), y - 3, rng.choice(["present", str(y)])))
        head = {"talks": rng.choice(["Talks", "Invited Talks", "Presentations"]), "teaching": "Teaching",
                "news": rng.choice(["News", "Recent News", "Updates"]), "service": rng.choice(["Service", "Professional Service"]),
                "blog": rng.choice(["Blog posts", "Recent posts", "Writing"]), "awards": rng.choice(["Awards", "Honors and Awards"]),
                "students": rng.choice(["Students", "Mentoring", "Supervision"]),
                "software": rng.choice(["Software", "Code", "Open-source software"])}[kind]
        out.append((head, kind, ents))
    return out


def cv_sections(rng, bib):
    """[(heading, [(dates, what, where)])]: the CV a page puts before its list."""
    y0 = min(year_of(it) for it in bib.items)
    out = []
    if rng.random() < 0.8:
        out.append(("Education", [("%d\u2013%d" % (y0 - 5, y0 - 1), "Ph.D. in %s" % rng.choice(["Physics", "Computer Science", "Sociology", "Chemistry", "Linguistics", "Political Science"]), rng.choice(words.UNIVERSITIES)),
                                  ("%d" % (y0 - 6), rng.choice(["M.Sc.", "M.A.", "Diplom"]), rng.choice(words.UNIVERSITIES))]))
    if rng.random() < 0.8:
        out.append((rng.choice(["Employment", "Experience", "Positions", "Academic Appointments"]),
                    [("%d\u2013present" % (y0 + 4), rng.choice(words.POSITIONS), rng.choice(words.UNIVERSITIES)),
                     ("%d\u2013%d" % (y0, y0 + 4), rng.choice(words.POSITIONS), rng.choice(words.UNIVERSITIES + words.COMPANIES))]))
    if rng.random() < 0.4:
        out.append((rng.choice(["Grants", "Funding"]), [("%d\u2013%d" % (y0 + 2, y0 + 5), "%s grant on %s" % (rng.choice(["ERC Starting", "NSF CAREER", "DFG", "JSPS", "NSERC Discovery"]), rng.choice(topic_words(bib.items, 3) or ["methods"])), "%s %d,000" % (rng.choice(["EUR", "USD", "CHF"]), rng.randrange(50, 1500)))]))
    return out


def footer(rng, bib):
    o = owner_name(bib)
    y = max(year_of(it) for it in bib.items)
    return rng.choice(["\u00a9 %d %s. All rights reserved." % (y, o), "Last updated: %s %d." % (MONTHS[rng.randrange(12)], y),
                       "\u00a9 Copyright %d %s. Powered by Jekyll." % (y, o), "Built with Hugo. \u00a9 %d %s" % (y, o),
                       "Page generated %d-%02d-%02d" % (y, rng.randrange(1, 13), rng.randrange(1, 28)),
                       "Contact: %s@%s.edu" % (re.sub(r"\W", "", o.split()[-1].lower()) or "me", rng.choice(["cs", "phys", "uni", "mail"]))])


TYPE_HEAD = {"article-journal": ["Journal Articles", "Journal Papers", "Peer-reviewed Journal Articles", "Articles"],
             "paper-conference": ["Conference Papers", "Conference Proceedings", "Refereed Conference Papers"],
             "article": ["Preprints", "Working Papers", "Preprints and Working Papers"],
             "manuscript": ["Under Review", "Submitted Manuscripts", "Manuscripts in Preparation"],
             "chapter": ["Book Chapters", "Chapters in Edited Volumes"], "book": ["Books", "Monographs"],
             "thesis": ["Theses", "Thesis", "Dissertation"], "report": ["Technical Reports", "Reports"],
             "speech": ["Talks and Posters", "Presentations", "Conference Presentations"],
             "software": ["Software", "Software and Data"]}
TYPE_ORDER = ["manuscript", "article", "article-journal", "paper-conference", "chapter", "book", "report", "thesis",
              "speech", "software"]


def sections(rng, bib, mode):
    """[(heading or None, heading kind, [item indices])] in page order."""
    items = bib.items
    idx = list(range(len(items)))
    if mode == "flat":
        return [(None, None, idx)]
    if mode == "year":
        out = []
        for i in idx:
            y = year_of(items[i])
            if out and out[-1][0] == str(y):
                out[-1][2].append(i)
            else:
                out.append((str(y), "year", [i]))
        if rng.random() < 0.3:          # old years pooled: "2015 and earlier"
            cut = sorted({year_of(it) for it in items}, reverse=True)
            if len(cut) > 5:
                c = cut[4]
                keep = [s for s in out if int(s[0]) > c]
                rest = [i for s in out if int(s[0]) <= c for i in s[2]]
                out = keep + [(rng.choice(["%d and earlier" % c, "Before %d" % (c + 1), "%d\u2013%d" % (cut[-1], c)]), "year", rest)]
        return out
    if mode == "type":
        by = {}
        for i in idx:
            t = items[i]["type"]
            by.setdefault(t, []).append(i)
        names = {t: rng.choice(TYPE_HEAD.get(t, ["Other"])) for t in by}
        return [(names[t], "status" if t in ("manuscript", "article") else "type", by[t]) for t in TYPE_ORDER if t in by] + \
               [(names[t], "type", by[t]) for t in by if t not in TYPE_ORDER]
    if mode == "topic":
        kw = topic_words(items, rng.randrange(2, 4))
        if not kw:
            return [(None, None, idx)]
        by, rest = {w: [] for w in kw}, []
        for i in idx:
            t = plain_title(items[i]["title"]).lower()
            for w in kw:
                if w in t:
                    by[w].append(i)
                    break
            else:
                rest.append(i)
        out = [(w.capitalize(), "topic", by[w]) for w in kw if by[w]]
        if rest:
            out.append((rng.choice(["Other", "Other topics", "Miscellaneous"]), "topic", rest))
        return out
    if mode == "status":
        pre = [i for i in idx if items[i]["type"] in ("manuscript", "article")]
        pub = [i for i in idx if i not in pre]
        out = []
        if not pre:
            return [(None, None, idx)]
        if pre:
            out.append((rng.choice(["Preprints", "Under Review", "Working Papers", "Preprints & Submissions"]), "status", pre))
        if pub:
            out.append((rng.choice(["Published", "Peer-reviewed Publications", "Publications", "Refereed"]), "status", pub))
        return out
    return [(None, None, idx)]


def selected(rng, bib):
    """Indices of a 'Selected publications' subset, in page order."""
    n = len(bib.items)
    k = max(2, min(n, rng.randrange(3, 9)))
    return sorted(rng.sample(range(n), k))
