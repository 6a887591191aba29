"""Pages generated from a .bib: Quarto and pandoc (csl-entry divs from a CSL
style, one list or one per section), and bibtex2html (BibTeX's plain, abbrv,
alpha and unsrt layouts in its table, or in its -dl form)."""

import re

from .. import noise, words
from ..csl import shown_gold
from ..names import gold_item, gold_name, initials
from ..util import MONTHS, attr, esc, html_markup, month_of, plain_title, slug, year_of
from .common import cv_html, nav_html, nav_items, nonpub_html


def _relabel(entry, k):
    """The entry's HTML with its citation number replaced by K (sections restart)."""
    if entry.label is None:
        return entry.html
    lab = re.sub(r"\d+", str(k), entry.label, count=1)
    return '<div class="csl-left-margin">%s</div><div class="csl-right-inline">%s</div>' % (lab, entry.body)


def _ref_key(it):
    a = it["author"][0] if it.get("author") else {"family": "anon"}
    return "ref-" + slug(a.get("family", "x"), 12).replace("-", "") + str(year_of(it)) + slug(plain_title(it["title"]).split()[0], 8)


def quarto(ctx, doc):
    rng, bib, v = ctx.rng, ctx.bib, ctx.variant
    hl = bib.highlight() if rng.random() < 0.3 else None
    entries, order = ctx.render_csl(("html",), highlight=hl, prefer="apa-cv" if rng.random() < 0.15 else None)
    if entries is None:
        return False
    mode = {"quarto-refs": "flat", "quarto-sections": rng.choice(["type", "type", "status"]), "quarto-year": "year",
            "pandoc-standalone": rng.choice(["flat", "flat", "type"])}[v]
    secs = noise.sections(rng, bib, mode)
    pos = {i: k for k, i in enumerate(order)}
    keep_style_order = rng.random() < 0.7
    title = rng.choice(["Publications", "Research", "Papers", "Publications and Preprints"])
    if v == "pandoc-standalone":
        doc.raw('<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" lang="" xml:lang="">\n<head>\n<meta charset="utf-8" />\n'
                '<meta name="generator" content="pandoc" />\n<title>%s</title>\n<style>div.csl-bib-body { } div.hanging-indent{margin-left: 1.5em; text-indent: -1.5em;}</style>\n</head>\n<body>' % esc(title))
        doc.heading('<header id="title-block-header">\n<h1 class="title">%s</h1>' % esc(title), "publications", title)
        if rng.random() < 0.6:
            doc.other('<p class="author">%s</p>' % esc(bib.highlight()), "profile")
        doc.raw("</header>")
    else:
        doc.raw('<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" lang="en" xml:lang="en">\n<head>\n<meta charset="utf-8">\n'
                '<meta name="generator" content="quarto-1.%d.%d">\n<title>%s - %s</title>\n<link href="site_libs/bootstrap/bootstrap.min.css" rel="stylesheet">\n</head>\n<body class="nav-fixed">'
                % (rng.randrange(2, 7), rng.randrange(0, 600), esc(bib.highlight()), esc(title)))
        navs = nav_items(rng)
        drop = {}
        if rng.random() < 0.4:       # Quarto menus: Research > Methods, Applications, Scholar...
            drop[rng.choice(navs)] = rng.sample(["Statistics Methods", "Clinical Applications", "Google Scholar Profile", "Visual Guides",
                                                 "Working Papers", "Datasets", "Software", "Talks", "Teaching", "Students"], rng.randrange(2, 5))
        doc.other('<div id="quarto-search-results"></div>\n<header id="quarto-header" class="headroom fixed-top"><nav class="navbar navbar-expand-lg " data-bs-theme="dark">'
                  '<div class="navbar-container container-fluid"><div class="navbar-brand-container mx-auto"><a class="navbar-brand" href="./index.html"><span class="navbar-title">%s</span></a></div>'
                  '<div class="collapse navbar-collapse" id="navbarCollapse"><ul class="navbar-nav navbar-nav-scroll me-auto">%s</ul></div>'
                  '<div id="quarto-search" class="" title="Search"></div></div></nav></header>'
                  % (esc(bib.highlight()), "".join('<li class="nav-item%s"><a class="nav-link" href="./%s.html"><span class="menu-text">%s</span></a>%s</li>' % (
                      " dropdown" if n in drop else "", slug(n), esc(n),
                      ('<ul class="dropdown-menu">%s</ul>' % "".join('<li><a class="dropdown-item" href="./%s.html"><span class="dropdown-text">%s</span></a></li>' % (slug(x), esc(x)) for x in drop[n])) if n in drop else "")
                      for n in navs)), "nav")
        doc.raw('<div id="quarto-content" class="quarto-container page-columns page-rows-contents page-layout-article page-navbar">')
        if any(h for h, _, _ in secs) and rng.random() < 0.8:
            doc.other('<div id="quarto-margin-sidebar" class="sidebar margin-sidebar"><nav id="TOC" role="doc-toc" class="toc-active"><h2 id="toc-title">On this page</h2><ul>%s</ul></nav></div>'
                      % "".join('<li><a href="#%s" id="toc-%s" class="nav-link" data-scroll-target="#%s">%s</a></li>' % (slug(h), slug(h), slug(h), esc(h)) for h, _, _ in secs if h), "nav")
        doc.raw('<main class="content" id="quarto-document-content">')
        doc.heading('<header id="title-block-header" class="quarto-title-block default">\n<div class="quarto-title">\n<h1 class="title">%s</h1>\n</div>\n</header>' % esc(title), "publications", title)
    if rng.random() < 0.35:
        cv_html(ctx, doc)
        doc.heading("<h2>%s</h2>" % esc(rng.choice(["Publications", "Research output"])), "publications", "Publications")
    if rng.random() < 0.6:
        doc.other("<p>%s</p>" % esc(" ".join(noise.intro(rng, False))), "intro")
    for headtxt, hk, idx in secs:
        if keep_style_order:
            idx = sorted(idx, key=lambda i: pos[i])
        if headtxt:
            doc.raw('<section id="%s" class="level2">' % slug(headtxt))
            doc.heading('<h2 class="anchored" data-anchor-id="%s">%s</h2>' % (slug(headtxt), esc(headtxt)), hk, headtxt)
        doc.raw('<div id="refs%s" class="references csl-bib-body hanging-indent" data-entry-spacing="0" role="list">' % ("-" + slug(headtxt) if headtxt else ""))
        for k, i in enumerate(idx, 1):
            e = entries[i]
            doc.item('<div id="%s" class="csl-entry" role="listitem">\n%s\n</div>' % (_ref_key(bib.items[i]), _relabel(e, k)),
                     ctx.add_gold(shown_gold(bib.items[i], e.text)))
        doc.raw("</div>")
        if headtxt:
            doc.raw("</section>")
    if rng.random() < 0.25:
        nonpub_html(ctx, doc)
    if v == "pandoc-standalone":
        doc.raw("</body>\n</html>")
    else:
        doc.raw("</main>\n</div>")
        doc.other('<footer class="footer"><div class="nav-footer"><div class="nav-footer-left">&copy; %d %s</div><div class="nav-footer-center">&nbsp;</div>'
                  '<div class="nav-footer-right">Made with <a href="https://quarto.org/">Quarto</a></div></div></footer>' % (max(year_of(i) for i in bib.items), esc(bib.highlight())), "footer")
        doc.raw("</body>\n</html>")
    return True


# --- bibtex2html -------------------------------------------------------------

def _bst_name(a, abbrv):
    if "literal" in a:
        return a["literal"]
    fam = ((a.get("non-dropping-particle") or a.get("dropping-particle") or "") + " " + a.get("family", "")).strip()
    g = a.get("given", "")
    if not g:
        return fam
    return (initials(g) if abbrv else g) + " " + fam


def _bst_names(names, abbrv):
    n = [_bst_name(a, abbrv) for a in names]
    if len(n) > 2:
        return ", ".join(n[:-1]) + ", and " + n[-1]
    return " and ".join(n)


def _sentence(t):
    # plain.bst's change.case$ "t": the first letter kept, the rest lowered (no braces in our titles)
    return t[:1] + t[1:].lower() if t.upper() != t else t


def _alpha(it, used):
    au = it.get("author", [])
    fam = lambda a: re.sub(r"[^A-Za-z]", "", a.get("family", a.get("literal", "X"))) or "X"
    if len(au) == 1:
        lab = fam(au[0])[:3]
    else:
        lab = "".join(fam(a)[0] for a in au[:3]) + ("+" if len(au) > 4 else "")
    lab += "%02d" % (year_of(it) % 100)
    base, k = lab, 0
    while lab in used:
        lab = base + "abcdefghijklmnopqrstuvwxyz"[k]
        k += 1
    used.add(lab)
    return lab


def _bst_entry(it, abbrv, lower, hl):
    t = it["type"]
    au = _bst_names(it.get("author", []), abbrv)
    if hl:
        au = au.replace(hl, "<b>%s</b>" % hl) if hl in au else au
    title = html_markup(it["title"])
    if lower and t not in ("book", "thesis"):
        title = esc(_sentence(plain_title(it["title"])))
    y = year_of(it)
    m = month_of(it)
    date = ("%s %d" % (MONTHS[m - 1] if not abbrv else MONTHS[m - 1][:3] + ".", y)) if m else str(y)
    ct = esc(it.get("container-title", ""))
    pp = it.get("page", "").replace("-", "-")
    if t == "article-journal":
        d = it.get("volume", "")
        if it.get("issue"):
            d += "(%s)" % it["issue"]
        if pp:
            d += (":" if d else "pages ") + pp
        return "%s. %s. <em>%s</em>, %s%s." % (au, title, ct, (d + ", ") if d else "", date), True
    if t == "paper-conference":
        s = "%s. %s. In <em>%s</em>" % (au, title, ct)
        if pp:
            s += ", pages %s" % pp
        if it.get("event-place"):
            s += ", %s" % esc(it["event-place"])
        s += ", %s." % date
        if it.get("publisher"):
            s += " %s." % esc(it["publisher"])
        return s, True
    if t == "chapter":
        ed = ""
        if it.get("editor"):
            ed = "%s, editor%s, " % (_bst_names(it["editor"], abbrv), "s" if len(it["editor"]) > 1 else "")
        s = "%s. %s. In %s<em>%s</em>" % (au, title, ed, ct)
        if pp:
            s += ", pages %s" % pp
        s += ". %s%d." % ((esc(it["publisher"]) + ", ") if it.get("publisher") else "", y)
        return s, True
    if t == "book":
        return "%s. <em>%s</em>. %s%d." % (au, html_markup(it["title"]), (esc(it["publisher"]) + ", ") if it.get("publisher") else "", y), False
    if t == "thesis":
        return "%s. <em>%s</em>. %s, %s, %d." % (au, html_markup(it["title"]), esc(it.get("genre", "PhD thesis")), esc(it.get("publisher", "")), y), False
    if t == "report":
        return "%s. %s. Technical Report%s, %s, %d." % (au, title, (" " + esc(it["number"])) if it.get("number") else "", esc(it.get("publisher", "")), y), False
    if t == "article" and ct:
        return "%s. %s. <em>%s</em>, %s." % (au, title, ct, date), True
    note = esc(it.get("_status") or it.get("genre") or it.get("event-title") or it.get("publisher") or "")
    return "%s. %s. %s%d." % (au, title, (note + ", ") if note else "", y), False


def bibtex2html(ctx, doc):
    rng, bib, v = ctx.rng, ctx.bib, ctx.variant
    abbrv = v == "abbrv-unsrt" or rng.random() < 0.2
    lower = rng.random() < 0.5
    alpha = v == "table-alpha"
    hl = None
    if rng.random() < 0.3:
        hl = _bst_name(bib.owner, abbrv)
    embedded = v == "year-split" or rng.random() < 0.3
    if embedded:
        doc.raw('<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">\n<title>%s</title>\n<link rel="stylesheet" href="style.css">\n</head>\n<body>' % esc(bib.highlight()))
        if rng.random() < 0.4:
            doc.other(nav_html(ctx), "nav")
        else:
            doc.other('<div id="menu"><ul>%s</ul></div>' % "".join('<li><a href="%s.html">%s</a></li>' % (slug(n), esc(n)) for n in nav_items(rng)), "nav")
        doc.other('<div id="header"><h1>%s</h1><p>%s<br>%s</p></div>' % (esc(bib.highlight()), esc(rng.choice(words.POSITIONS)), esc(rng.choice(words.DEPARTMENTS) + ", " + rng.choice(words.UNIVERSITIES))), "profile")
        if rng.random() < 0.3:
            cv_html(ctx, doc)
        doc.heading("<h2>%s</h2>" % rng.choice(["Publications", "Publications", "List of publications"]), "publications", "Publications")
    else:
        doc.raw('<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN">\n<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html; charset=UTF-8">\n<title>%s</title>\n</head>\n<body>'
                % esc(rng.choice(["publications", "pubs", bib.highlight()])))
        if rng.random() < 0.6:
            doc.heading("<h1>%s</h1>" % esc(rng.choice(["Publications", "Publications of " + bib.highlight()])), "publications", "Publications")
    if rng.random() < 0.4:
        doc.other("<p>%s</p>" % esc(" ".join(noise.intro(rng, False))), "intro")
    mode = "year" if v == "year-split" else ("flat" if rng.random() < 0.7 else "type")
    used = set()
    num = 0
    for headtxt, hk, idx in noise.sections(rng, bib, mode):
        if headtxt:
            doc.heading("<h%d>%s</h%d>" % (3 if embedded else 2, esc(headtxt), 3 if embedded else 2), hk, headtxt)
        if v == "dl":
            doc.raw("<dl>")
        else:
            doc.raw('<table>')
        for i in idx:
            it = bib.items[i]
            num += 1
            key = "%s%d" % (slug(it["author"][0].get("family", "x"), 10).replace("-", ""), year_of(it))
            lab = _alpha(it, used) if alpha else str(num)
            text, venue_shown = _bst_entry(it, abbrv, lower, hl)
            lk = ['<a href="pubs_bib.html#%s">bib</a>' % key]
            if it.get("DOI"):
                lk.append('<a href="http://dx.doi.org/%s">DOI</a>' % attr(it["DOI"]))
            if it.get("URL") and rng.random() < 0.5:
                lk.append('<a href="%s">http</a>' % attr(it["URL"]))
            if rng.random() < 0.4:
                lk.append('<a href="papers/%s.pdf">.pdf</a>' % key)
            linkbar = "[&nbsp;" + "&nbsp;| \n".join(lk) + "&nbsp;]"
            ab = ""
            if rng.random() < 0.2:
                ab = '\n<blockquote><font size="-1">\n%s\n</font></blockquote>' % esc(noise.abstract(rng, it))
            if v == "dl":
                frag = '<dt>\n[<a name="%s">%s</a>]\n</dt>\n<dd>\n%s\n%s%s\n<p>\n</dd>' % (key, lab, text, linkbar, ab)
            else:
                frag = ('<tr valign="top">\n<td align="right" class="bibtexnumber">\n[<a name="%s">%s</a>]\n</td>\n<td class="bibtexitem">\n%s\n%s%s\n<p>\n</td>\n</tr>'
                        % (key, lab, text, linkbar, ab))
            shown = [gold_name(a) for a in it.get("author", [])]
            g = gold_item(it, shown, year=True, venue=venue_shown, initials=abbrv)
            doc.item(frag, ctx.add_gold(g))
        doc.raw("</dl>" if v == "dl" else "</table>")
    doc.other('<hr><p><em>This file was generated by\n<a href="http://www.lri.fr/~filliatr/bibtex2html/">bibtex2html</a> %s.</em></p>'
              % rng.choice(["1.99", "1.98", "1.97"]), "footer")
    if embedded and rng.random() < 0.4:
        nonpub_html(ctx, doc, "h2")
    doc.raw("</body>\n</html>")
    return True


# --- templates that print BibTeX fields as they are -----------------------------

TEX_ACCENT = {"\u0301": "'", "\u0300": "`", "\u0308": '"', "\u0302": "^", "\u0303": "~", "\u0327": "c", "\u030c": "v",
              "\u0304": "=", "\u0306": "u", "\u030a": "r", "\u030b": "H", "\u0328": "k"}
TEX_LETTER = {"ø": "{\\o}", "Ø": "{\\O}", "å": "{\\aa}", "Å": "{\\AA}", "ß": "{\\ss}", "æ": "{\\ae}", "ł": "{\\l}",
              "Ł": "{\\L}", "œ": "{\\oe}", "ı": "{\\i}"}


def bibtex_text(s, rng, braces):
    """S as a .bib holds it: accents as LaTeX, & escaped, some words in braces."""
    import unicodedata
    out = []
    for ch in s:
        if ch in TEX_LETTER:
            out.append(TEX_LETTER[ch])
            continue
        d = unicodedata.normalize("NFD", ch)
        if len(d) == 2 and d[1] in TEX_ACCENT:
            a = TEX_ACCENT[d[1]]
            out.append(("{\\%s{%s}}" % (a, d[0])) if a.isalpha() else ("{\\%s%s}" if braces else "\\%s%s") % (a, d[0]))
            continue
        out.append("\\&" if ch == "&" else ch)
    t = "".join(out)
    if braces:
        t = re.sub(r"\b([A-Z][A-Za-z]*[A-Z][A-Za-z]*)\b", lambda m: "{%s}" % m.group(1) if rng.random() < 0.5 else m.group(1), t)
    return t


def bib_templated(ctx, doc):
    """A site template that loops over a .bib and prints its fields: year,
    title, the author field (raw, or split and joined), the venue field."""
    rng, bib, v = ctx.rng, ctx.bib, ctx.variant
    raw = v in ("raw-fields", "year-cards") and rng.random() < 0.8
    braces = raw and rng.random() < 0.5
    join = rng.choice([" and ", ", ", "; "])
    doc.raw('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>%s</title>\n</head>\n<body>' % esc(bib.highlight()))
    doc.other('<header class="site-header"><a class="site-title" href="/">%s.</a> <nav>%s</nav></header>' % (
        esc(bib.highlight()), " ".join('<a href="/%s/">%s</a>' % (slug(n), esc(n)) for n in nav_items(rng))), "nav")
    title = rng.choice(["Research & Intellectual Property", "Publications", "Selected Publications", "Papers and Patents"])
    doc.heading("<h1>%s</h1>" % esc(title), "publications", title)
    if rng.random() < 0.6:
        doc.other("<p>%s</p>" % esc(rng.choice(["A curated list of peer-reviewed publications.", "Generated from my BibTeX file.",
                                                "Full list on Google Scholar."])), "intro")
    if rng.random() < 0.4:
        doc.other('<a class="scholar" href="https://scholar.google.com/">Full Scholar Profile &#8599;</a>', "nav")
    kind_label = {"article-journal": "Journal", "paper-conference": "Conference", "article": "Preprint", "chapter": "Book chapter",
                  "book": "Book", "thesis": "Thesis", "report": "Report", "manuscript": "Manuscript", "speech": "Talk",
                  "software": "Software"}
    mode = "year" if v == "year-cards" else rng.choice(["flat", "flat", "type"])
    for headtxt, hk, idx in noise.sections(rng, bib, mode):
        if headtxt:
            doc.heading('<h2 class="pub-group">%s</h2>' % esc(headtxt), hk, headtxt)
        doc.raw('<ul class="publications">' if v != "year-cards" else '<div class="pub-grid">')
        for i in idx:
            it = bib.items[i]
            names = []
            for a in it.get("author", []):
                fam = ((a.get("non-dropping-particle") or "") + " " + a.get("family", "")).strip()
                n = "%s, %s" % (fam, a["given"]) if a.get("given") else fam
                names.append(bibtex_text(n, rng, False) if raw else n)
            if it.get("author") and len(names) > 10 and rng.random() < 0.5:
                names = names[:10] + ["others"]
            au = esc(join.join(names))
            t = bibtex_text(plain_title(it["title"]), rng, braces) if raw else plain_title(it["title"])
            ven = it.get("container-title") or ""
            if not ven:
                ven = rng.choice([kind_label.get(it["type"], "Other"), "Journal / Patent"]) if rng.random() < 0.4 else ""
            vshow = bibtex_text(ven, rng, False) if raw else ven
            y = year_of(it)
            if v == "year-cards":
                frag = ('<div class="pub-card">\n<div class="pub-year">%d</div>\n<h3 class="pub-title">%s</h3>\n<p class="pub-authors">%s</p>\n'
                        '<p class="pub-venue">%s</p>\n</div>' % (y, esc(t), au, esc(vshow)))
            else:
                frag = ('<li>\n<span class="pub-year">%d</span>\n<div class="pub-title">%s</div>\n<div class="pub-authors">%s</div>\n'
                        '<div class="pub-venue">%s</div>\n</li>' % (y, esc(t), au, esc(vshow)))
            shown = [gold_name(a) for a in it.get("author", [])]
            if names and names[-1] == "others" and len(it.get("author", [])) > 10:
                shown = shown[:10] + [{"literal": "others"}]
            g = gold_item(it, shown, year=True, venue=bool(it.get("container-title")))
            doc.item(frag, ctx.add_gold(g))
        doc.raw("</ul>" if v != "year-cards" else "</div>")
    doc.other('<footer><p>%s</p></footer>' % esc(noise.footer(rng, bib)), "footer")
    doc.raw("</body>\n</html>")
    return True
