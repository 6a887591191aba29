"""Hugo Academic / Wowchemy / Hugo Blox: the publication list page with its
filter form, in the list, citation (APA and MLA), compact and card views, and
the home page with its Featured and Recent Publications widgets."""

from .. import noise, words
from ..names import AuthorStyle
from ..parts import Parts
from ..util import MONTHS, attr, esc, slug, year_of

PUBTYPE = {"article-journal": "Journal article", "paper-conference": "Conference paper", "article": "Preprint",
           "manuscript": "Preprint", "chapter": "Book section", "book": "Book", "thesis": "Thesis",
           "report": "Report", "speech": "Uncategorized", "software": "Uncategorized"}
# Hugo Academic's numbering of its publication types ("pubtype-2" is a
# journal article), as its pages class their items and name them in the
# type filter
PUBNUM = {"Uncategorized": 0, "Conference paper": 1, "Journal article": 2, "Preprint": 3, "Report": 4, "Book": 5,
          "Book section": 6, "Thesis": 7, "Patent": 8}


def _venue(rng, p, it):
    v = p.venue
    if not v:
        return ""
    if it["type"] == "paper-conference" and rng.random() < 0.5 and not v.startswith("In "):
        v = "In " + v
    return v


def _item(ctx, it, st, view):
    rng = ctx.rng
    mode = rng.choice(["full", "full", "acr_year", "acr"]) if it.get("_acr") and ctx.meta["acr"] else "full"
    p = Parts(it, st, rng, "html", owner_mark="span", venue_mode=mode, details=ctx.meta["details"])
    p.authors = p.authors.replace('<span class="me">', '<span class="author-highlighted">')
    url = "/publication/%s/" % slug(p.title_plain, 40)
    v = _venue(rng, p, it)
    links = " ".join('<a class="btn btn-outline-primary btn-page-header btn-sm" href="%s" target="_blank" rel="noopener">%s</a>'
                     % (attr(url + slug(l) + "/"), esc(l)) for l in noise.links(rng, it))
    if rng.random() < 0.7:
        links += ' <a href="#" class="btn btn-outline-primary btn-page-header btn-sm js-cite-modal" data-filename="%scite.bib">Cite</a>' % url
    show_venue, show_year, show_authors = bool(v), True, True
    if view == "citation-apa":
        body = ('<div class="pub-list-item view-citation" style="margin-bottom:1rem"><i class="far fa-file-alt pub-icon" aria-hidden="true"></i>\n'
                '<span class="article-metadata li-cite-author">%s</span>\n(%d).\n<a href="%s">%s</a>.\n%s\n<p>%s</p></div>'
                % (p.authors, p.year, url, p.title, ("<em>%s</em>." % v) if v else "", links))
    elif view == "citation-mla":
        body = ('<div class="pub-list-item view-citation" style="margin-bottom:1rem"><i class="far fa-file-alt pub-icon" aria-hidden="true"></i>\n'
                '<span class="article-metadata li-cite-author">%s</span>.\n<a href="%s">&ldquo;%s&rdquo;</a>.\n%s%d.\n<p>%s</p></div>'
                % (p.authors, url, p.title, ("<em>%s</em>, " % v) if v else "", p.year, links))
    elif view == "list":
        date = "%s, %d" % (MONTHS[(p.month or rng.randrange(1, 13)) - 1], p.year) if rng.random() < 0.6 else str(p.year)
        pub = '<span class="middot-divider"></span>\n<span class="pub-publication"><em>%s</em></span>' % v if v and ctx.meta["pubinlist"] else ""
        show_venue = bool(pub)
        body = ('<div class="view-list-item"><i class="far fa-file-alt pub-icon" aria-hidden="true"></i>\n<a href="%s">%s</a>\n'
                '<div class="article-metadata"><div>%s</div><span class="article-date">%s</span>\n%s</div>\n<div class="btn-links">%s</div></div>'
                % (url, p.title, p.authors, date, pub, links))
    elif view == "compact":
        summ = noise.tldr(rng, it) if rng.random() < 0.5 else noise.abstract(rng, it)[:200]
        show_year = ctx.meta["date_in_compact"]
        date = '<span class="article-date">%s %d</span>' % (MONTHS[(p.month or 1) - 1][:3], p.year) if show_year else ""
        show_venue = False
        body = ('<div class="media stream-item view-compact"><div class="media-body">\n<h3 class="article-title mb-0 mt-0"><a href="%s">%s</a></h3>\n'
                '<a href="%s" class="summary-link"><div class="article-style"><p>%s</p></div></a>\n'
                '<div class="stream-meta article-metadata"><div>%s</div>%s</div>\n<div class="btn-links">%s</div></div>\n'
                '<div class="ml-3"><a href="%s"><img src="%sfeatured.png" alt="%s"></a></div></div>'
                % (url, p.title, url, esc(summ), p.authors, date, links, url, url, attr(p.title_plain[:40] if ctx.meta["alt_title"] else "featured")))
    else:   # card
        date = "%s %d" % (MONTHS[(p.month or 1) - 1][:3], p.year)
        pub = '\n<span class="middot-divider"></span>\n<span class="pub-publication">%s</span>' % v if v else ""
        summ = noise.abstract(rng, it)[:160]
        body = ('<div class="card-simple view-card">\n<div class="article-metadata"><div>%s</div><span class="article-date">%s</span>%s</div>\n'
                '<a href="%s"><div class="img-hover-zoom"><img src="%sfeatured.jpg" class="article-banner" alt="%s" loading="lazy"></div></a>\n'
                '<div class="section-subheading article-title mb-1 mt-3"><a href="%s">%s</a></div>\n'
                '<a href="%s" class="summary-link"><div class="article-style"><p>%s</p></div></a>\n<div class="btn-links">%s</div></div>'
                % (p.authors, date, pub, url, url, attr(p.title_plain if ctx.meta["alt_title"] else "featured"), url, p.title, url, esc(summ), links))
    wrap = '<div class="grid-sizer col-lg-12 isotope-item pubtype-%d year-%d">\n%s\n</div>' % (
        PUBNUM[PUBTYPE.get(it["type"], "Uncategorized")], p.year, body)
    return wrap, p.gold(authors=show_authors, year=show_year, venue=show_venue)


def _frame_top(ctx, doc, title):
    rng, bib = ctx.rng, ctx.bib
    doc.raw('<!DOCTYPE html>\n<html lang="en-us">\n<head>\n<meta charset="utf-8">\n<meta name="generator" content="Hugo Blox Builder 5.9.7">\n'
            '<title>%s | %s</title>\n<link rel="stylesheet" href="/css/wowchemy.css">\n</head>\n<body id="top" data-spy="scroll" data-offset="70" data-target="#TableOfContents" class="page-wrapper">' % (esc(title), esc(bib.highlight())))
    if rng.random() < 0.6:
        doc.other('<aside class="search-modal" id="search"><div class="container"><section class="search-header"><div class="row no-gutters justify-content-between mb-3"><div class="col-6"><h1>Search</h1></div></div>'
                  '<div id="search-box"><input name="q" id="search-query" placeholder="Search..." autocapitalize="off" autocomplete="off" autocorrect="off" spellcheck="false" type="search" class="form-control"></div></section></div></aside>', "filter")
    items = ["Home"] + [n for n in rng.sample(words.NAV, rng.randrange(3, 7)) if n not in ("Home", "Publications")]
    items.insert(rng.randrange(1, len(items) + 1), "Publications")
    doc.other('<div class="page-header header--fixed"><header><nav class="navbar navbar-expand-lg navbar-light compensate-for-scrollbar" id="navbar-main"><div class="container-xl">'
              '<div class="d-none d-lg-inline-flex"><a class="navbar-brand" href="/">%s</a></div>'
              '<div class="navbar-collapse main-menu-item collapse justify-content-start" id="navbar-content"><ul class="navbar-nav d-md-inline-flex">%s</ul></div>'
              '<ul class="nav-icons navbar-nav flex-row ml-auto d-flex pl-md-2"><li class="nav-item"><a class="nav-link js-search" href="#" aria-label="Search"><i class="fas fa-search" aria-hidden="true"></i></a></li>'
              '<li class="nav-item dropdown theme-dropdown"><a href="#" class="nav-link" data-toggle="dropdown" aria-haspopup="true" aria-label="Display preferences"><i class="fas fa-moon" aria-hidden="true"></i></a>'
              '<div class="dropdown-menu"><a href="#" class="dropdown-item js-set-theme-light"><span>Light</span></a><a href="#" class="dropdown-item js-set-theme-dark"><span>Dark</span></a><a href="#" class="dropdown-item js-set-theme-auto"><span>Automatic</span></a></div></li></ul>'
              '</div></nav></header></div>' % (esc(bib.highlight()), "".join('<li class="nav-item"><a class="nav-link" href="/#%s"><span>%s</span></a></li>' % (slug(n), esc(n)) for n in items)), "nav")
    doc.raw('<div class="page-body">')


def _frame_bottom(ctx, doc):
    rng, bib = ctx.rng, ctx.bib
    doc.raw("</div>")
    doc.other('<div class="page-footer"><div class="container"><footer class="site-footer"><p class="powered-by">&copy; %d %s. This work is licensed under '
              '<a href="https://creativecommons.org/licenses/by-nc-nd/4.0">CC BY NC ND 4.0</a></p>'
              '<p class="powered-by">Published with <a href="https://hugoblox.com/" target="_blank" rel="noopener">Hugo Blox Builder</a> &mdash; the free, '
              '<a href="https://github.com/HugoBlox/hugo-blox-builder" target="_blank" rel="noopener">open source</a> website builder that empowers creators.</p></footer></div></div>'
              % (max(year_of(i) for i in bib.items), esc(rng.choice(["Me", bib.highlight()]))), "footer")
    if rng.random() < 0.7:
        doc.other('<div id="modal" class="modal fade" role="dialog"><div class="modal-dialog"><div class="modal-content"><div class="modal-header">'
                  '<h5 class="modal-title">Cite</h5><button type="button" class="close" data-dismiss="modal" aria-label="Close"><span aria-hidden="true">&times;</span></button></div>'
                  '<div class="modal-body"><pre><code class="tex hljs"></code></pre></div><div class="modal-footer"><a class="btn btn-outline-primary my-1 js-copy-cite" href="#" target="_blank">'
                  '<i class="fas fa-copy"></i> Copy</a><a class="btn btn-outline-primary my-1 js-download-cite" href="#" target="_blank"><i class="fas fa-download"></i> Download</a>'
                  '<div id="modal-error"></div></div></div></div></div>', "footer")
    doc.raw("</body>\n</html>")


def hugo_academic(ctx, doc):
    rng, bib, v = ctx.rng, ctx.bib, ctx.variant
    st = AuthorStyle(rng, form=rng.choice(["full", "full", "full", "init"]), how=rng.choice(["comma", "comma", "comma_and"]))
    st.cut = None
    ctx.meta.update(acr=bib.cs and rng.random() < 0.4, details=rng.random() < 0.3, pubinlist=rng.random() < 0.8,
                    date_in_compact=rng.random() < 0.5, alt_title=rng.random() < 0.5)
    _frame_top(ctx, doc, "Publications" if v != "home-featured" else bib.highlight())
    if v == "home-featured":
        doc.raw('<span class="js-widget-page d-none"></span>')
        doc.raw('<section id="about" class="home-section wg-about"><div class="home-section-bg"></div><div class="container"><div class="row">')
        doc.other('<div class="col-12 col-lg-4"><div id="profile"><img class="avatar avatar-circle" src="/author/avatar.jpg" alt="%s">'
                  '<div class="portrait-title"><h2>%s</h2><h3>%s</h3><h3><a href="#"><span>%s</span></a></h3></div></div></div>'
                  % (esc(bib.highlight()), esc(bib.highlight()), esc(rng.choice(words.POSITIONS)), esc(rng.choice(words.UNIVERSITIES))), "profile")
        doc.heading('<div class="col-12 col-lg-8"><h1>Biography</h1>', "other", "Biography")
        doc.other("".join("<p>%s</p>" % esc(s) for s in noise.bio(rng, bib)) + "</div>", "bio")
        doc.raw("</div></div></section>")
        sel = noise.selected(rng, bib)
        rest = [i for i in range(len(bib.items)) if i not in sel]
        for sec, idx, view in (("Featured Publications", sel, "card"), ("Recent Publications", rest, rng.choice(["compact", "list", "citation-apa"]))):
            if not idx:
                continue
            doc.raw('<section id="%s" class="home-section wg-pages"><div class="home-section-bg"></div><div class="container"><div class="row">' % slug(sec))
            doc.heading('<div class="section-heading col-12 col-lg-4 mb-3 mb-lg-0 d-flex flex-column align-items-center align-items-lg-start"><h1 class="mb-0">%s</h1></div>' % sec,
                        "status" if sec.startswith("Featured") else "publications", sec)
            doc.raw('<div class="col-12 col-lg-8">')
            for i in idx:
                frag, g = _item(ctx, bib.items[i], st, view)
                doc.item(frag, ctx.add_gold(g))
            if sec.startswith("Recent"):
                doc.other('<div class="see-all"><a href="/publication/">See all publications <i class="fas fa-angle-right"></i></a></div>', "nav")
            doc.raw("</div></div></div></section>")
    else:
        doc.raw('<div class="universal-wrapper pt-3">')
        doc.heading("<h1>Publications</h1>", "publications", "Publications")
        doc.raw("</div>")
        doc.raw('<div class="universal-wrapper"><div class="row"><div class="col-lg-12">')
        if rng.random() < 0.8:
            types = sorted({PUBTYPE.get(i["type"], "Uncategorized") for i in bib.items}, key=PUBNUM.get)
            years = sorted({year_of(i) for i in bib.items}, reverse=True)
            doc.other('<div class="form-row mb-4"><div class="col-auto"><input type="search" class="filter-search form-control form-control-sm" placeholder="Search..." autocapitalize="off" autocomplete="off" autocorrect="off" role="textbox" spellcheck="false"></div>'
                      '<div class="col-auto"><select class="pub-filters pubtype-select form-control form-control-sm" data-filter-group="pubtype"><option value="*">Type</option>%s</select></div>'
                      '<div class="col-auto"><select class="pub-filters form-control form-control-sm" data-filter-group="year"><option value="*">Date</option>%s</select></div></div>'
                      % ("".join('<option value=".pubtype-%d">%s</option>' % (PUBNUM[t], esc(t)) for t in types),
                         "".join('<option value=".year-%d">%d</option>' % (y, y) for y in years)), "filter")
        if rng.random() < 0.3:
            doc.other('<div class="alert alert-note"><div>%s</div></div>' % esc(rng.choice(noise.INTROS)), "intro")
        doc.raw('<div id="container-publications">')
        view = {"list": "list", "citation-apa": "citation-apa", "citation-mla": "citation-mla", "compact": "compact", "card": "card"}[v]
        for i, it in enumerate(bib.items):
            frag, g = _item(ctx, it, st, view)
            doc.item(frag, ctx.add_gold(g))
        doc.raw("</div>")
        if rng.random() < 0.3:
            doc.other('<nav class="mt-1"><ul class="pagination justify-content-center"><li class="page-item"><a class="page-link" href="/publication/page/2/">&raquo;</a></li></ul></nav>', "nav")
        doc.raw("</div></div></div>")
    _frame_bottom(ctx, doc)
