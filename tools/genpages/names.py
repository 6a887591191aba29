"""Author lists as pages print them, and the gold record of what a page shows.

A family formats names itself (its generator's field layout) or lets a CSL
style do it (csl.py reads back what the style printed).  Either way the gold
item says what the page shows: the authors up to a cut ("et al." gives a last
{"literal": "others"}), an owner left out as {"literal": "?"}, initials, and
the fields the page does not print (_hidden)."""

import re

from .util import plain_title, year_of

CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def is_cjk(a):
    return bool(CJK.search(a.get("family", "") + a.get("given", "")))


def initials(given, dot=True, space=True, hyphen=True):
    out = []
    for tok in given.split():
        subs = [s for s in tok.split("-") if s]
        ini = []
        for s in subs:
            c = s[0]
            if not c.isalpha():
                c = s[:2] if len(s) > 1 else s
            ini.append(c + ("." if dot else ""))
        out.append(("-" if hyphen else "").join(ini))
    return (" " if space else "").join(out)


def family(a):
    p = a.get("non-dropping-particle") or a.get("dropping-particle") or ""
    return (p + " " + a.get("family", "")).strip()


FORMS = ["full", "init", "init_nodot", "rev_full", "rev_init", "rev_compact", "first_rev_full"]
INITIAL_FORMS = {"init", "init_nodot", "rev_init", "rev_compact"}


def fmt_name(a, form, first=False):
    if "literal" in a:
        return a["literal"]
    fam, giv = family(a), a.get("given", "")
    if is_cjk(a):
        return a.get("family", "") + giv
    if not giv:
        return fam
    if form == "first_rev_full":
        form = "rev_full" if first else "full"
    if form == "full":
        return giv + " " + fam
    if form == "init":
        return initials(giv) + " " + fam
    if form == "init_nodot":
        return initials(giv, dot=False) + " " + fam
    if form == "rev_full":
        return fam + ", " + giv
    if form == "rev_init":
        return fam + ", " + initials(giv)
    if form == "rev_compact":
        return fam + " " + initials(giv, dot=False, space=False, hyphen=False)
    return giv + " " + fam


JOINS = ["comma_and", "comma_and_nooxford", "amp", "comma", "semicolon", "and_all"]


def join(names, how):
    if len(names) <= 1:
        return "".join(names)
    if how == "comma":
        return ", ".join(names)
    if how == "semicolon":
        return "; ".join(names)
    if how == "and_all":
        return " and ".join(names)
    if how == "amp":
        return ", ".join(names[:-1]) + (", & " if len(names) > 2 else " & ") + names[-1]
    if how == "comma_and_nooxford" or len(names) == 2:
        return ", ".join(names[:-1]) + " and " + names[-1]
    return ", ".join(names[:-1]) + ", and " + names[-1]


class AuthorStyle:
    """How one page prints author lists; picked once a page."""

    def __init__(self, rng, form=None, how=None):
        self.form = form or rng.choice(FORMS)
        if how is None:
            how = rng.choice(JOINS)
            # "Family, Given, Family, Given" is ambiguous; Scholar exports write it all the same
            if self.form in ("rev_full", "rev_init") and how in ("comma", "comma_and_nooxford") and rng.random() < 0.6:
                how = rng.choice(["semicolon", "amp", "comma_and"])
        self.how = how
        self.cut = rng.choice([None, None, None, 3, 5, 6, 8, 10]) if rng.random() < 0.35 else None
        self.etal = rng.choice(["et al.", "et al", "and others", "…", "+{n} more"])
        self.marks = rng.random() < 0.25        # equal contribution marks
        self.mark = rng.choice(["*", "†", "#", "‡"])

    @property
    def initials(self):
        return self.form in INITIAL_FORMS


def render_authors(item, st, wrap_owner, rng, owner_blank=False, escape=lambda s: s):
    """(printed author list, shown) for ITEM: wrap_owner(name) emphasises the
    owner; shown is the gold author list (names, "others" after a cut, "?" for
    an owner left out).  Equal-contribution marks go after the first names."""
    authors = item.get("author", [])
    pos = item.get("_owner_pos")
    n = len(authors)
    keep = n
    if st.cut and n > st.cut + 1:
        keep = st.cut
        if pos is not None and pos >= keep:
            keep = pos + 1
    marked = set()
    if st.marks and n >= 3 and rng.random() < 0.4:
        marked = {0, 1} if rng.random() < 0.7 else {0, 1, 2}
    out, gold = [], []
    for i, a in enumerate(authors[:keep]):
        s = escape(fmt_name(a, st.form, first=(i == 0)))
        if i in marked:
            s += escape(st.mark)
        if i == pos:
            if owner_blank:
                s = ""
                gold.append({"literal": "?"})
            else:
                s = wrap_owner(s)
                gold.append(gold_name(a))
        else:
            gold.append(gold_name(a))
        out.append(s)
    if keep < n:
        more = st.etal.replace("{n}", str(n - keep))
        sep = " " if more in ("et al.", "et al") and st.how in ("and_all",) else ", "
        text = join(out, "semicolon" if st.how == "semicolon" else "comma") + sep + more
        gold.append({"literal": "others"})
    else:
        text = join(out, st.how)
    return text, gold, bool(marked)


def gold_name(a):
    if "literal" in a:
        return {"literal": a["literal"]}
    g = {"family": a.get("family", "")}
    if a.get("given"):
        g["given"] = a["given"]
    for k in ("non-dropping-particle", "dropping-particle", "suffix"):
        if a.get(k):
            g[k] = a[k]
    return g


def gold_item(item, authors=None, year=True, venue=True, venue_short=None, initials=False):
    """The gold record: AUTHORS is the shown list (None: the page shows no
    authors); YEAR and VENUE say whether the page prints them."""
    g = {"title": plain_title(item["title"]), "type": item["type"]}
    hidden = []
    if item.get("author"):
        if authors is None:
            g["author"] = [gold_name(a) for a in item["author"]]
            hidden.append("author")
        else:
            g["author"] = authors
    y = year_of(item)
    if y:
        g["issued"] = {"date-parts": [[y]]}
        if not year:
            hidden.append("issued")
    ct = item.get("_gold_venue", item.get("container-title"))
    if ct:
        g["container-title"] = ct
        if not venue:
            hidden.append("container-title")
    vs = venue_short or item.get("_venue_short")
    if vs and ct:
        g["_venue_short"] = vs
    g["_source"] = item.get("_source", "")
    if hidden:
        g["_hidden"] = hidden
    if initials and any(len(a.get("given", "").replace(".", "").replace(" ", "")) > 1 for a in item.get("author", [])):
        g["_author_initials"] = True
    return g
