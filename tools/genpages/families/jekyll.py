"""Jekyll sites: al-folio (jekyll-scholar's bibliography with al-folio's
title/author/periodical divs) and academicpages (Minimal Mistakes archive
items from each publication's front matter)."""

from .. import noise, words
from ..names import AuthorStyle
from ..parts import Parts
from ..util import MONTHS, esc, plain_title, slug, year_of
from .common import bibtex_entry, head, links_html, nav_html, nonpub_html


def _alfolio_item(ctx, it, gi, st, opts):
    rng = ctx.rng
    key = slug(it["author"][0].get("family", "x"), 12).replace("-", "") + str(year_of(it)) + slug(plain_title(it["title"]).split()[0], 10)
    mode = "acr_year" if opts["acr_venue"] and it.get("_acr") and rng.random() < 0.5 else "full"
    p = Parts(it, st, rng, "html", owner_mark="em", venue_mode=mode, details=opts["details"], venue_italic=False)
    left = ""
    badge_short = None
    if opts["badge"]:
        b = noise.badge(rng, it)
        if it.get("_acr") and b.startswith(it["_acr"]):
            badge_short = it["_acr"]
        left = '<div class="col col-sm-2 abbr"><abbr class="badge rounded w-100">%s</abbr></div>' % esc(b)
        if opts["preview"] and rng.random() < 0.5:
            left = left[:-6] + '<figure><img class="preview z-depth-1 rounded" src="/assets/img/publication_preview/%s.png" alt="%s.png"></figure></div>' % (key, key)
    elif opts["preview"]:
        left = '<div class="col-sm-2 preview"><img class="preview z-depth-1 rounded" src="/assets/img/publication_preview/%s.png"></div>' % key
    per = ""
    if p.venue:
        v = p.venue
        if it["type"] in ("paper-conference",) and rng.random() < 0.6 and not v.startswith("In "):
            v = "In " + v
        per = "<em>%s</em>, " % v
    date = p.date(opts["month"])
    per += date
    links = ""
    if opts["abstract"] and rng.random() < 0.7:
        links += '<a class="abstract btn btn-sm z-depth-0" role="button">Abs</a> '
    labels = noise.links(rng, it)
    links += links_html(ctx, it, "btn", labels)
    if opts["bibtex"]:
        links += ' <a class="bibtex btn btn-sm z-depth-0" role="button">Bib</a>'
    award = it.get("_award")
    body = ['<div id="%s" class="col-sm-8">' % key,
            '<div class="title">%s</div>' % p.title,
            '<div class="author">%s</div>' % p.authors,
            '<div class="periodical">%s</div>' % per]
    if award:
        body.append('<div class="links"><a class="award btn btn-sm z-depth-0" role="button">Awarded</a> %s</div>' % links)
        body.append('<div class="award hidden d-print-inline"><p></p><p>%s</p></div>' % esc(award))
    elif links.strip():
        body.append('<div class="links">%s</div>' % links)
    if opts["abstract"] and rng.random() < 0.8:
        body.append('<div class="abstract hidden"><p>%s</p></div>' % esc(noise.abstract(rng, it)))
    if opts["bibtex"]:
        body.append('<div class="bibtex hidden"><figure class="highlight"><pre><code class="language-bibtex" data-lang="bibtex">%s</code></pre></figure></div>'
                    % esc(bibtex_entry(it, key)))
    body.append("</div>")
    frag = '<li><div class="row">\n%s\n%s\n</div></li>' % (left, "\n".join(body))
    g = p.gold()
    if badge_short and "_venue_short" not in g and g.get("container-title"):
        g["_venue_short"] = badge_short
    return frag, g


def al_folio(ctx, doc):
    rng, bib, v = ctx.rng, ctx.bib, ctx.variant
    o = bib.owner
    st = AuthorStyle(rng, form="full" if rng.random() < 0.8 else "init", how="comma_and")
    st.cut = rng.choice([None, None, 3, 4, 5]) if rng.random() < 0.4 else None
    st.etal = "and {n} more authors"
    opts = dict(badge=rng.random() < 0.75, preview=rng.random() < 0.25 or v == "bib-year-preview",
                bibtex=rng.random() < 0.3, abstract=rng.random() < 0.6, month=rng.random() < 0.25,
                details=rng.random() < 0.4, acr_venue=bib.cs and rng.random() < 0.5)
    head(doc, "publications | %s" % bib.highlight(), ["/assets/css/main.css", "https://cdn.jsdelivr.net/npm/bootstrap.min.css"])
    doc.raw('<body class="fixed-top-nav">')
    brand = '<span class="font-weight-bold">%s</span> %s' % (esc(o.get("given", "")), esc(o["family"]))
    doc.other('<header><nav id="navbar" class="navbar navbar-light navbar-expand-sm fixed-top"><div class="container">'
              '<a class="navbar-brand title font-weight-lighter" href="/">%s</a>' % brand +
              nav_html(ctx, "nav", None, ' <span class="sr-only">(current)</span>')[len('<nav class="nav">'):-6] +
              "</div></nav></header>", "nav")
    doc.raw('<div class="container mt-5" role="main"><div class="post">')
    if v == "about-selected":
        doc.heading('<header class="post-header"><h1 class="post-title">%s</h1>' % brand, "title", bib.highlight())
        doc.other('<p class="desc">%s, %s</p></header>' % (esc(rng.choice(words.POSITIONS)), esc(rng.choice(words.UNIVERSITIES))), "bio")
        doc.raw('<article>')
        doc.other('<div class="profile float-right"><figure><img class="img-fluid z-depth-1 rounded" src="/assets/img/prof_pic.jpg" alt="prof_pic.jpg"></figure>'
                  '<div class="more-info"><p>%s</p></div></div>' % esc(rng.choice(words.CITIES)), "profile")
        doc.other('<div class="clearfix">%s</div>' % "".join("<p>%s</p>" % esc(s) for s in noise.bio(rng, bib)), "bio")
        for headtxt, kind, ents in noise.nonpub_sections(rng, bib, ctx.pool, 1 if rng.random() < 0.7 else 0):
            doc.heading('<h2><a href="/news/" style="color: inherit">%s</a></h2>' % esc(headtxt.lower()), "other", headtxt)
            rows = "".join('<tr><th scope="row" style="width: 20%%">%s</th><td>%s</td></tr>' % (esc(e.split("]")[0].strip("[")), esc(e.split("] ", 1)[-1])) for e in ents)
            doc.other('<div class="news"><div class="table-responsive"><table class="table table-sm table-borderless">%s</table></div></div>' % rows, kind)
        doc.heading('<h2><a href="/publications/" style="color: inherit">%s</a></h2>' % rng.choice(["selected publications", "Selected Publications", "publications"]),
                    "status", "selected publications")
        doc.raw('<div class="publications">\n<ol class="bibliography">')
        for i in noise.selected(rng, bib):
            frag, g = _alfolio_item(ctx, bib.items[i], None, st, opts)
            doc.item(frag, ctx.add_gold(g))
        doc.raw("</ol>\n</div>")
        doc.other('<div class="social"><div class="contact-icons"><a href="mailto:me@example.org" title="email">email</a> '
                  '<a href="https://scholar.google.com/" title="Google Scholar">scholar</a></div><div class="contact-note">%s</div></div>'
                  % esc(rng.choice(["You can even add a little note about which of these is the best way to reach you.", "Best reached by email."])), "profile")
        doc.raw("</article>")
    else:
        doc.heading('<header class="post-header"><h1 class="post-title">%s</h1>' % rng.choice(["publications", "Publications"]), "publications", "publications")
        desc = rng.choice(["publications by categories in reversed chronological order. generated by jekyll-scholar.",
                           "* denotes equal contribution", "An up-to-date list is available on Google Scholar.", ""])
        if desc:
            doc.other('<p class="post-description">%s</p>' % esc(desc), "intro")
        doc.raw("</header>\n<article>")
        if rng.random() < 0.3:
            doc.other('<form class="bibsearch-form"><input type="text" class="search bibsearch-form-input" placeholder="Type to filter"></form>', "filter")
        doc.raw('<div class="publications">')
        mode = {"bib-year": "year", "bib-flat": "flat", "bib-type": "type", "bib-year-preview": "year"}[v]
        for headtxt, hk, idx in noise.sections(rng, bib, mode):
            if headtxt:
                doc.heading('<h2 class="bibliography">%s</h2>' % esc(headtxt), hk, headtxt)
            doc.raw('<ol class="bibliography">')
            for i in idx:
                frag, g = _alfolio_item(ctx, bib.items[i], None, st, opts)
                doc.item(frag, ctx.add_gold(g))
            doc.raw("</ol>")
        doc.raw("</div>\n</article>")
    doc.raw("</div></div>")
    doc.other('<footer class="fixed-bottom" role="contentinfo"><div class="container mt-0">&copy; Copyright %d %s. '
              'Powered by <a href="https://jekyllrb.com/">Jekyll</a> with <a href="https://github.com/alshedivat/al-folio">al-folio</a> theme. '
              'Hosted by <a href="https://pages.github.com/">GitHub Pages</a>.</div></footer>' % (max(year_of(i) for i in bib.items), esc(bib.highlight())), "footer")
    doc.raw("</body>\n</html>")


def _ap_citation(ctx, it, st, entry):
    """academicpages' 'Recommended citation' line: a CSL rendering when the
    site has one, else the theme's own pattern."""
    if entry is not None:
        return entry.body, None
    p = Parts(it, st, ctx.rng, "html", owner_mark="none", venue_italic=True)
    s = '%s (%d). &quot;%s.&quot; %s.' % (p.authors, p.year, p.title, p.venue) if p.venue else '%s (%d). &quot;%s.&quot;' % (p.authors, p.year, p.title)
    return s, p


def academicpages(ctx, doc):
    rng, bib, v = ctx.rng, ctx.bib, ctx.variant
    head(doc, "Publications - %s" % bib.highlight(), ["/assets/css/main.css"])
    doc.raw("<body>")
    doc.other('<div class="masthead"><div class="masthead__inner-wrap"><div class="masthead__menu"><nav id="site-nav" class="greedy-nav">'
              '<button><div class="navicon"></div></button><ul class="visible-links">%s</ul><ul class="hidden-links hidden"></ul></nav></div></div></div>'
              % "".join('<li class="masthead__menu-item"><a href="/%s/">%s</a></li>' % (slug(n), esc(n)) for n in [bib.highlight()] + [n for n in rng.sample(words.NAV, rng.randrange(3, 8)) if n != "Home"]), "nav")
    doc.raw('<div id="main" role="main">')
    side = ['<div class="sidebar sticky"><div itemscope itemtype="http://schema.org/Person">',
            '<div class="author__avatar"><img src="/images/profile.png" class="author__avatar" alt="%s"></div>' % esc(bib.highlight()),
            '<div class="author__content"><h3 class="author__name">%s</h3><p class="author__bio">%s</p></div>' % (esc(bib.highlight()), esc(rng.choice(words.POSITIONS) + " at " + rng.choice(words.UNIVERSITIES))),
            '<div class="author__urls-wrapper"><button class="btn btn--inverse">Follow</button><ul class="author__urls social-icons">',
            '<li><i class="fa fa-fw fa-map-marker" aria-hidden="true"></i> %s</li>' % esc(rng.choice(words.CITIES)),
            "".join('<li><a href="#"><i class="fas fa-fw"></i> %s</a></li>' % n for n in rng.sample(["Email", "Github", "Google Scholar", "ORCID", "ResearchGate", "Twitter", "LinkedIn"], rng.randrange(2, 6))),
            "</ul></div></div></div>"]
    doc.other("\n".join(side), "profile")
    doc.raw('<div class="archive">')
    doc.heading('<h1 class="page__title">Publications</h1>', "publications", "Publications")
    if rng.random() < 0.6:
        doc.other("<p>%s</p>" % esc(rng.choice(noise.INTROS)), "intro")
    st = AuthorStyle(rng)
    entries = None
    if v in ("archive", "archive-categories", "cite-only") and rng.random() < 0.6:
        entries, _ = ctx.render_csl(("html",))
    if v == "manual-ol":
        _ap_manual(ctx, doc, st)
    else:
        mode = "type" if v == "archive-categories" else ("year" if v == "cite-only" and rng.random() < 0.4 else "flat")
        for headtxt, hk, idx in noise.sections(rng, bib, mode):
            if headtxt:
                doc.heading('<h2>%s</h2>' % esc(headtxt), hk, headtxt)
            if v == "cite-only":
                doc.raw("<ul>")
            if entries and v == "cite-only":
                idx = ctx.in_style_order(idx)
            for i in idx:
                it = bib.items[i]
                frag, g = _ap_item(ctx, it, st, entries.get(i) if entries else None)
                doc.item(frag, ctx.add_gold(g))
            if v == "cite-only":
                doc.raw("</ul>")
    doc.raw("</div>")
    if rng.random() < 0.3:
        nonpub_html(ctx, doc)
    doc.raw("</div>")
    doc.other('<div class="page__footer"><footer><div class="page__footer-follow"><ul class="social-icons"><li><strong>Follow:</strong></li>'
              '<li><a href="/feed.xml"><i class="fa fa-fw fa-rss-square"></i> Feed</a></li></ul></div>'
              '<div class="page__footer-copyright">&copy; %d %s. Powered by <a href="http://jekyllrb.com">Jekyll</a> &amp; '
              '<a href="https://github.com/academicpages/academicpages.github.io">AcademicPages</a>, a fork of '
              '<a href="https://mademistakes.com/work/minimal-mistakes-jekyll-theme/">Minimal Mistakes</a>.</div></footer></div>'
              % (max(year_of(i) for i in bib.items), esc(bib.highlight())), "footer")
    doc.raw("</body>\n</html>")


def _ap_item(ctx, it, st, entry):
    rng, v = ctx.rng, ctx.variant
    if v == "cite-only":
        if entry is not None:
            from ..csl import shown_gold
            return "<li>%s</li>" % entry.body, shown_gold(it, entry.text)
        p = Parts(it, st, rng, "html", owner_mark=rng.choice(["b", "none", "u"]))
        frag = "<li>%s. %s. %s, %d.</li>" % (p.authors, p.title, p.venue, p.year) if p.venue else "<li>%s. %s. %d.</li>" % (p.authors, p.title, p.year)
        return frag, p.gold()
    p = Parts(it, st, rng, "html", owner_mark="none", venue_italic=True, details=False)
    url = "/publication/%d-%s" % (year_of(it), slug(p.title_plain, 30))
    out = ['<div class="list__item">', '<article class="archive__item" itemscope itemtype="http://schema.org/CreativeWork">',
           '<h2 class="archive__item-title" itemprop="headline"><a href="%s" rel="permalink">%s</a></h2>' % (url, p.title)]
    show_venue = bool(p.venue) and it["type"] not in ("manuscript",)
    if rng.random() < 0.3:
        out.append('<p class="page__meta"><i class="far fa-calendar-alt" aria-hidden="true"></i> Published: %s %d, %d</p>'
                   % (MONTHS[(p.month or 1) - 1], rng.randrange(1, 28), p.year))
    if show_venue:
        out.append("<p>Published in %s, %d</p>" % (p.venue, p.year))
    elif rng.random() < 0.5:
        out.append("<p>%d</p>" % p.year)
    year_shown = any(str(p.year) in x for x in out[3:])
    if rng.random() < 0.5:
        ex = noise.tldr(rng, it) if rng.random() < 0.3 else noise.abstract(rng, it)[:300]
        out.append('<p class="archive__item-excerpt" itemprop="description">%s</p>' % esc(ex))
    authors_shown, cp = False, None
    if v != "archive-nocite" and rng.random() < 0.85:
        c, cp = _ap_citation(ctx, it, st, entry)
        out.append("<p>Recommended citation: %s</p>" % c)
        authors_shown = True
        year_shown = True
    if rng.random() < 0.6:
        out.append('<p><a href="/files/%s.pdf">%s</a></p>' % (slug(p.title_plain, 20), rng.choice(["Download Paper", "Download paper here", "Paper", "PDF"])))
    out.append("</article>\n</div>")
    frag = "\n".join(out)
    if authors_shown and entry is not None:
        from ..csl import shown_gold
        g = shown_gold(it, entry.text + " " + p.venue)
        if show_venue and "_hidden" in g and "container-title" in g["_hidden"]:
            g["_hidden"].remove("container-title")
            if not g["_hidden"]:
                del g["_hidden"]
        return frag, g
    if cp is not None:
        return frag, cp.gold()
    return frag, p.gold(authors=False, year=year_shown, venue=show_venue)


def _ap_manual(ctx, doc, st):
    """A publications page written by hand in the Markdown of an academicpages
    site: type headings, numbered items with a [VENUE YEAR] tag first."""
    rng, bib = ctx.rng, ctx.bib
    for headtxt, hk, idx in noise.sections(rng, bib, "type"):
        doc.heading("<h2>%s</h2>" % esc(headtxt), hk, headtxt)
        doc.raw("<ol>")
        for i in idx:
            it = bib.items[i]
            p = Parts(it, st, rng, "html", owner_mark=rng.choice(["b", "none"]), venue_mode="full")
            tag = "[%s %d]" % (it.get("_acr") or noise.badge(rng, it), p.year)
            q = rng.random() < 0.6
            t = "&quot;%s&quot;" % p.title if q else p.title
            frag = "<li>%s &nbsp; %s. %s. %s%s. %s</li>" % (esc(tag), p.authors, t, ("In " + p.venue + ", ") if p.venue else "",
                                                           p.year, links_html(ctx, it, "plain", ["Paper"]))
            g = p.gold()
            if it.get("_acr") and "_venue_short" not in g and g.get("container-title"):
                g["_venue_short"] = it["_acr"]
            doc.item(frag, ctx.add_gold(g))
        doc.raw("</ol>")
