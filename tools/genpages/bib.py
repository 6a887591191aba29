"""One person's publications: an owner and the items a page lists.

Half the owners are real co-authors of several corpus items (their lists look
like one person's work because they are); the others are names put into
items drawn at random, with the years moved into one career.  Items are then
varied into the types a CV holds: conference papers at real venues, arXiv
preprints, a thesis, talks and posters, software, manuscripts under review."""

import math
import re

from . import words
from .names import is_cjk
from .pool import name_key
from .util import latin_only, norm, plain_title, year_of

ORDINALS = ["First", "Second", "Third", "4th", "5th", "10th", "12th", "15th", "21st", "23rd", "30th", "37th", "40th"]


def _copy(it):
    x = dict(it)
    x["author"] = [dict(a) for a in it.get("author", [])]
    x["issued"] = {"date-parts": [list(it["issued"]["date-parts"][0])]}
    return x


def _set_year(it, y):
    dp = it["issued"]["date-parts"][0]
    it["issued"] = {"date-parts": [[y] + dp[1:2]]}


def synth_owner(rng, pool):
    r = rng.random()
    if r < 0.45 and pool.names:
        g, f = rng.choice(pool.names)
        return {"family": f, "given": g}
    if r < 0.7:
        fam, giv = rng.choice([(words.CN_FAMILY, words.CN_GIVEN), (words.CN_FAMILY, words.CN_GIVEN),
                               (words.JP_FAMILY, words.JP_GIVEN), (words.KR_FAMILY, words.KR_GIVEN)])
        return {"family": rng.choice(fam), "given": rng.choice(giv)}
    name = {"family": rng.choice(words.OTHER_FAMILY), "given": rng.choice(words.OTHER_GIVEN)}
    m = re.match(r"((?:van der|de la|van|de) )(.+)", name["family"])
    if m:
        name = {"family": m.group(2), "non-dropping-particle": m.group(1).strip(), "given": name["given"]}
    return name


def _insert_owner(rng, it, owner):
    au = it["author"]
    r = rng.random()
    if len(au) == 1:
        pos = 0 if r < 0.5 else 1
    elif r < 0.45:
        pos = 0
    elif r < 0.65:
        pos = 1
    elif r < 0.8:
        pos = len(au) - 1
    else:
        pos = rng.randrange(len(au))
    if rng.random() < 0.5 and len(au) > 1:
        au[pos] = dict(owner)
    else:
        au.insert(pos, dict(owner))
    it["_owner_pos"] = pos


def _cjk_coauthors(rng, it, native):
    for i, a in enumerate(it["author"]):
        if i == it.get("_owner_pos") or rng.random() > 0.3:
            continue
        if native and rng.random() < 0.3:
            f, g = rng.choice(words.CJK_NATIVE)
        else:
            fam, giv = rng.choice([(words.CN_FAMILY, words.CN_GIVEN), (words.JP_FAMILY, words.JP_GIVEN),
                                   (words.KR_FAMILY, words.KR_GIVEN)])
            f, g = rng.choice(fam), rng.choice(giv)
        it["author"][i] = {"family": f, "given": g}


def to_conference(rng, it, venue):
    acr, name, pub, kind = venue
    y = year_of(it)
    r = rng.random()
    if r < 0.55:
        ct = name
    elif r < 0.8:
        ct = "Proceedings of the " + name
    elif r < 0.9:
        ct = "Proceedings of the %s %s" % (rng.choice(ORDINALS), name)
    else:
        ct = "%s (%s %d)" % (name, acr, y)
    it["type"] = "paper-conference"
    it["container-title"] = ct
    it["_acr"] = acr
    it["_canon"] = name
    for k in ("volume", "issue", "collection-title", "editor"):
        it.pop(k, None)
    if pub and rng.random() < 0.6:
        it["publisher"] = pub
    else:
        it.pop("publisher", None)
    it.pop("publisher-place", None)
    if rng.random() < 0.3:
        it["event-place"] = rng.choice(words.CITIES)
    if rng.random() < 0.5:
        a = rng.randrange(1, 900)
        it["page"] = "%d-%d" % (a, a + rng.randrange(4, 14))
    else:
        it.pop("page", None)
    it.pop("DOI", None) if rng.random() < 0.4 else None


def to_arxiv(rng, it):
    y = max(year_of(it), 2008)
    _set_year(it, min(y, 2025))
    aid = "%02d%02d.%05d" % (year_of(it) % 100, rng.randrange(1, 13), rng.randrange(100, 99999))
    it["type"] = "article"
    r = rng.random()
    it["container-title"] = ("arXiv preprint arXiv:%s" % aid if r < 0.6 else "arXiv" if r < 0.8
                             else "arXiv:%s" % aid)
    it["_venue_short"] = "arXiv"
    it["URL"] = "https://arxiv.org/abs/" + aid
    for k in ("volume", "issue", "page", "publisher", "publisher-place", "DOI", "editor", "collection-title"):
        it.pop(k, None)


def thesis(rng, owner, title_item, year):
    kind = rng.choice(["PhD thesis", "PhD thesis", "Doctoral dissertation", "Master's thesis", "Dissertation"])
    return {"type": "thesis", "title": plain_title(title_item["title"]), "author": [dict(owner)],
            "issued": {"date-parts": [[year]]}, "publisher": rng.choice(words.UNIVERSITIES), "genre": kind,
            "_owner_pos": 0, "_source": title_item.get("_source", "") + "#thesis"}


def software(rng, owner, title_item, year):
    t = plain_title(title_item["title"])
    w = [x for x in re.findall(r"[A-Za-z]+", t) if x.lower() not in words.STOP and len(x) > 2][:3]
    name = "".join(x[:4].capitalize() for x in w[:2]) or "Tool"
    desc = rng.choice(["A Python package for ", "An R package for ", "Software for ", "A toolkit for ", ""])
    title = "%s: %s%s" % (name, desc, t[0].lower() + t[1:] if desc else t)
    it = {"type": "software", "title": title, "author": [dict(owner)], "issued": {"date-parts": [[year]]},
          "publisher": rng.choice(["Zenodo", "GitHub", "CRAN", "PyPI"]),
          "version": "%d.%d.%d" % (rng.randrange(0, 4), rng.randrange(0, 20), rng.randrange(0, 10)),
          "URL": "https://github.com/%s/%s" % (norm(owner["family"]).replace(" ", ""), name.lower()),
          "_owner_pos": 0, "_source": title_item.get("_source", "") + "#software"}
    return it


def talk(rng, owner, title_item, year, venue):
    genre = rng.choice(["Invited talk", "Talk", "Poster", "Contributed talk", "Poster presentation", "Keynote"])
    return {"type": "speech", "title": plain_title(title_item["title"]), "author": [dict(owner)],
            "issued": {"date-parts": [[year]]}, "genre": genre, "event-title": venue[1],
            "event-place": rng.choice(words.CITIES), "_owner_pos": 0, "_acr": venue[0],
            "_source": title_item.get("_source", "") + "#talk"}


class Bibliography:
    """The owner, the items in the order the owner keeps them (newest first),
    and a flag for computer-science pages, whose venues are conferences."""

    def __init__(self, rng, pool, split, n, latin=False):
        self.split = split
        sideset = set(pool.split_items[split])
        ok = (lambda it: True) if not latin else (lambda it: _latin_item(it))
        self.cs = rng.random() < 0.45
        items, owner = None, None
        if rng.random() < 0.5 and pool.owners[split]:
            for _ in range(5):
                key = rng.choice(pool.owners[split])
                idx = [i for i in pool.owner_items[key] if i in sideset and ok(pool.items[i])]
                if len(idx) >= 4:
                    idx = sorted(rng.sample(idx, min(n, len(idx))))
                    items = [_copy(pool.items[i]) for i in idx]
                    for it in items:
                        for p, a in enumerate(it["author"]):
                            if name_key(a) == key:
                                it["_owner_pos"] = p
                                owner = {k: a[k] for k in ("family", "given", "non-dropping-particle") if k in a}
                                break
                    break
        self.real_owner = items is not None
        if items is None:
            owner = synth_owner(rng, pool)
            while latin and not _latin_name(owner):
                owner = synth_owner(rng, pool)
            cands = pool.split_items[split]
            idx = set()
            while len(idx) < n:
                i = rng.choice(cands)
                it = pool.items[i]
                if len(it["author"]) <= 12 and ok(it):
                    idx.add(i)
            items = [_copy(pool.items[i]) for i in sorted(idx)]
            for it in items:
                _insert_owner(rng, it, owner)
            start = rng.randrange(1995, 2016)
            end = min(2025, start + rng.randrange(5, 26))
            years = sorted(rng.randrange(start, end + 1) for _ in items)
            for it, y in zip(items, years):
                _set_year(it, y)
        self.owner = owner
        if rng.random() < 0.15 and pool.foreign[split]:
            for i in rng.sample(pool.foreign[split], min(len(pool.foreign[split]), rng.randrange(1, 4))):
                if ok(pool.items[i]):
                    it = _copy(pool.items[i])
                    _insert_owner(rng, it, owner)
                    _set_year(it, rng.choice([year_of(x) for x in items]))
                    items.append(it)
        if not latin and rng.random() < 0.3:
            native = rng.random() < 0.15
            for it in items:
                _cjk_coauthors(rng, it, native)
        self._vary(rng, pool, items, sideset, latin)
        items.sort(key=lambda it: (-year_of(it), it.get("_rank", 0)))
        self.items = items

    def _vary(self, rng, pool, items, sideset, latin):
        conf = pool.conferences
        for it in items:
            if it["type"] != "article-journal":
                continue
            r = rng.random()
            if self.cs and conf and r < 0.5 and year_of(it) >= 1985:
                to_conference(rng, it, rng.choice(conf))
            elif r < (0.62 if self.cs else 0.08):
                to_arxiv(rng, it)
            elif not self.cs and conf and r < 0.14:
                to_conference(rng, it, rng.choice(conf))
        extra = [i for i in pool.split_items[self.split] if not latin or _latin_item(pool.items[i])]
        years = [year_of(it) for it in items]
        lo, hi = min(years), max(years)
        if rng.random() < 0.25:
            items.append(thesis(rng, self.owner, pool.items[rng.choice(extra)], rng.randrange(lo, hi + 1)))
        if rng.random() < 0.12:
            for _ in range(rng.randrange(1, 4)):
                items.append(software(rng, self.owner, pool.items[rng.choice(extra)], rng.randrange(lo, hi + 1)))
        if rng.random() < 0.15 and conf:
            for _ in range(rng.randrange(2, 6)):
                items.append(talk(rng, self.owner, pool.items[rng.choice(extra)], rng.randrange(lo, hi + 1),
                                  rng.choice(conf)))
        if rng.random() < 0.2:
            for it in rng.sample(items, min(len(items), rng.randrange(1, 4))):
                if it["type"] in ("article-journal", "paper-conference", "article"):
                    it["type"] = "manuscript"
                    it["_status"] = rng.choice(words.STATUS_NOTES[:2] + ["Submitted", "Under review", "In preparation"])
                    for k in ("container-title", "volume", "issue", "page", "DOI", "_venue_short", "_acr"):
                        it.pop(k, None)
                    _set_year(it, hi)
        for it in items:
            it["_rank"] = rng.random()
            if rng.random() < 0.04 and it["type"] in ("paper-conference", "article-journal"):
                it["_award"] = rng.choice(words.AWARDS)

    def highlight(self):
        o = self.owner
        return " ".join(x for x in (o.get("given"), o.get("non-dropping-particle"), o["family"]) if x)


def n_items(rng):
    return max(3, min(70, int(math.exp(rng.gauss(math.log(15), 0.6)))))


def _latin_name(a):
    return latin_only(a.get("family", "") + a.get("given", "")) and not is_cjk(a)


def _latin_item(it):
    return latin_only(plain_title(it["title"]) + it.get("container-title", "")) and all(
        _latin_name(a) for a in it.get("author", []))


def topic_words(items, k=4):
    """The owner's most frequent title words, as topic headings."""
    count = {}
    for it in items:
        for w in set(re.findall(r"[A-Za-z][a-z]{4,}", plain_title(it["title"]))):
            if w.lower() not in words.STOP:
                count[w.lower()] = count.get(w.lower(), 0) + 1
    return [w for w, c in sorted(count.items(), key=lambda x: (-x[1], x[0]))[:k] if c >= 2]

