"""Pages people write by hand, in HTML (lists, numbered lists, paragraphs,
tables, definition lists, cards, pasted CSL citations) and in Markdown
(bullets, numbers, paragraphs, tables, pasted citations, Markdown with HTML).

An item is laid out by one of a handful of patterns (title line / authors
line / venue line; authors first; quoted title first; APA-like; IEEE-like;
venue tag first) and decorated with the noise real lists carry: badges,
links, TL;DR lines, abstracts, award notes, status notes, equal-contribution
marks, the owner's name in bold or underlined, or left out."""

from .. import noise, words
from ..csl import shown_gold
from ..names import AuthorStyle
from ..parts import MARK, Parts, ital, text_of
from ..util import attr, esc, md_esc, plain_title, slug, year_of
from .common import cv_html, nav_html, nav_items

LAYOUTS = ["lines", "authors_first", "quoted_first", "apa", "ieee", "tag_first", "title_comma"]


def _br(lang):
    return {"html": "<br>\n", "md": "  \n"}[lang]


def _bold(lang, s):
    return MARK[lang]["b"] % s


def _link_list(ctx, lang, it, labels, style):
    if not labels:
        return ""
    href = lambda l: it.get("URL") if l in ("arXiv", "HTML", "Website") and it.get("URL") else "papers/%s-%s.pdf" % (slug(plain_title(it["title"]), 16), slug(l))
    if lang == "md":
        f = {"brackets": "[[%s]](%s)", "pipes": "[%s](%s)", "plain": "[%s](%s)"}[style]
        sep = " | " if style == "pipes" else " "
        return sep.join(f % (l, href(l)) for l in labels)
    if style == "brackets":
        return " ".join('[<a href="%s">%s</a>]' % (attr(href(l)), esc(l)) for l in labels)
    if style == "pipes":
        return " | ".join('<a href="%s">%s</a>' % (attr(href(l)), esc(l)) for l in labels)
    return " ".join('<a class="btn" href="%s">%s</a>' % (attr(href(l)), esc(l)) for l in labels)


class Knobs:
    """One page's habits."""

    def __init__(self, rng, bib, lang):
        self.layout = rng.choice(LAYOUTS)
        self.owner_mark = rng.choice(["b", "b", "strong", "u", "em", "none"])
        self.owner_blank = rng.random() < 0.04
        self.st = AuthorStyle(rng)
        self.venue_mode = rng.choice(["full", "full", "acr_year", "full_acr", "acr_full"]) if bib.cs else "full"
        self.links = rng.random() < 0.6
        self.link_style = rng.choice(["brackets", "pipes", "plain"])
        self.badge = rng.random() < (0.35 if bib.cs else 0.1)
        self.tldr = rng.random() < 0.1
        self.abstract = rng.random() < 0.15
        self.awards = rng.random() < 0.5
        self.published_in = rng.random() < 0.15
        self.details = rng.random() < 0.5
        self.month = rng.random() < 0.15
        self.year_in_item = rng.random() < 0.85
        self.venue_italic = rng.random() < 0.8
        self.title_bold = rng.random() < 0.6
        self.bullet = rng.choice(["- ", "- ", "* ", "+ "])
        self.quote = rng.choice(["\u201c%s\u201d", "\"%s\"", "&ldquo;%s&rdquo;" if lang == "html" else "\u201c%s\u201d"])


def hand_item(ctx, it, k, lang):
    """(fragment, gold) for one item in this page's pattern."""
    rng = ctx.rng
    p = Parts(it, k.st, rng, lang, owner_mark=k.owner_mark, venue_mode=k.venue_mode, owner_blank=k.owner_blank,
              details=k.details, venue_italic=k.venue_italic)
    title = p.title
    tb = _bold(lang, title) if k.title_bold else title
    venue = p.venue
    if venue and p.venue_shown and k.published_in and rng.random() < 0.7:
        venue = "Published in " + venue
    date = p.date(k.month)
    show_year = k.year_in_item or it["type"] in ("manuscript",)
    yr = (", " + date) if show_year else ""
    au = p.authors
    tag = ""
    if k.badge and rng.random() < 0.8:
        b = noise.badge(rng, it)
        tag = ("<b>[%s]</b> " % esc(b)) if lang == "html" else "**[%s]** " % md_esc(b)
    if k.layout == "lines":
        parts = [tag + tb, au]
        if venue or show_year:
            parts.append((venue + yr) if venue else date)
        s = _br(lang).join(x for x in parts if x)
    elif k.layout == "authors_first":
        s = "%s%s. %s. %s%s." % (tag, au, tb, venue, yr if venue else (date if show_year else ""))
    elif k.layout == "quoted_first":
        s = "%s%s, %s. %s%s." % (tag, k.quote % title, au, venue, yr if venue else (date if show_year else ""))
    elif k.layout == "apa":
        s = "%s%s (%s). %s. %s." % (tag, au, date, title, venue) if venue else "%s%s (%s). %s." % (tag, au, date, title)
        show_year = True
    elif k.layout == "ieee":
        s = "%s%s, %s, %s%s." % (tag, au, k.quote % (title + ","), ("in " + venue + ", ") if venue else "", date)
        s = s.replace(",,", ",")
        show_year = True
    elif k.layout == "tag_first":
        t = it.get("_acr") or noise.badge(rng, it)
        tg = ("[%s %d] " % (t, p.year)) if lang != "html" else "<b>[%s %d]</b> " % (esc(t), p.year)
        s = "%s%s. %s. %s" % (tg, tb, au, venue)
        show_year = True
    else:   # title_comma
        s = "%s%s, %s, %s (%d)" % (tag, tb, au, venue, p.year) if venue else "%s%s, %s (%d)" % (tag, tb, au, p.year)
        show_year = True
    if k.awards and it.get("_award"):
        aw = it["_award"]
        s += (" <span style=\"color:red\"><b>%s</b></span>" % esc(aw)) if lang == "html" else " **%s**" % aw
    if it.get("_status") and it["type"] == "manuscript" and it["_status"] not in s:
        s += " (%s)" % text_of(lang, it["_status"])
    extra = _extras(ctx, it, k, lang)
    g = p.gold(authors=True, year=show_year, venue=bool(venue))
    if it.get("_acr") and p.venue_short is None and g.get("container-title") and tag and it["_acr"] in tag:
        g["_venue_short"] = it["_acr"]
    if k.layout == "tag_first" and it.get("_acr"):
        g["_venue_short"] = it["_acr"]
    return s, extra, g


def _extras(ctx, it, k, lang):
    """The lines under an item: links, a TL;DR, an abstract."""
    rng = ctx.rng
    extra = []
    if k.links:
        lk = _link_list(ctx, lang, it, noise.links(rng, it), k.link_style)
        if lk:
            extra.append(lk)
    if k.tldr and rng.random() < 0.7:
        extra.append(ital(lang, text_of(lang, noise.tldr(rng, it))))
    if k.abstract and rng.random() < 0.7:
        ab = text_of(lang, noise.abstract(rng, it))
        extra.append(("<details><summary>Abstract</summary><p>%s</p></details>" % ab) if lang == "html" and rng.random() < 0.5
                     else ("<p class=\"abstract\">%s</p>" % ab if lang == "html" else "> " + ab))
    return extra


def _page_top_html(ctx, doc, k):
    rng, bib = ctx.rng, ctx.bib
    doc.raw('<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">\n<title>%s</title>\n<link rel="stylesheet" href="style.css">\n</head>\n<body>' % esc(bib.highlight()))
    navs = nav_items(rng)
    if rng.random() < 0.3:
        doc.other(nav_html(ctx), "nav")
    elif rng.random() < 0.5:
        doc.other('<div class="nav"><ul>%s</ul></div>' % "".join('<li><a href="%s.html">%s</a></li>' % (slug(n), esc(n)) for n in navs), "nav")
    else:
        doc.other('<p class="menu">%s</p>' % " | ".join('<a href="#%s">%s</a>' % (slug(n), esc(n)) for n in navs), "nav")
    doc.heading("<h1>%s</h1>" % esc(bib.highlight()), "title", bib.highlight())
    if rng.random() < 0.6:
        doc.other('<p>%s<br>%s<br>%s<br>Email: %s [at] %s</p>' % (esc(rng.choice(words.POSITIONS)), esc(rng.choice(words.DEPARTMENTS)),
                  esc(rng.choice(words.UNIVERSITIES)), esc(slug(bib.owner["family"], 10)), rng.choice(["uni.edu", "mail.org", "cs.example.edu"])), "profile")
    if rng.random() < 0.6:
        doc.heading("<h2>%s</h2>" % rng.choice(["About", "About me", "Bio", "Research"]), "other", "About")
        doc.other("\n".join("<p>%s</p>" % esc(s) for s in noise.bio(rng, bib)), "bio")
    if rng.random() < 0.25:
        cv_html(ctx, doc)


def _sections_html(ctx, doc, k, v):
    """The publication heading (maybe in a sibling container), intro, then the items."""
    rng, bib = ctx.rng, ctx.bib
    ptitle = rng.choice(["Publications", "Publications", "Selected Publications", "Papers", "Research", "Publications and Preprints"])
    sib = rng.random() < 0.3
    htag = rng.choice(["h2", "h2", "h3"])
    if sib:
        doc.raw('<div class="row">')
        doc.heading('<div class="col-md-12 section-title"><%s>%s</%s></div>' % (htag, ptitle, htag), "publications", ptitle)
        doc.raw('</div>\n<div class="row"><div class="col-md-12 section-content">')
    elif rng.random() < 0.15:
        doc.heading("<p><b>%s</b></p>" % ptitle, "publications", ptitle)
    else:
        doc.heading("<%s id=\"publications\">%s</%s>" % (htag, ptitle, htag), "publications", ptitle)
    if rng.random() < 0.5 or k.st.marks:
        doc.other("\n".join("<p>%s</p>" % esc(s) for s in noise.intro(rng, k.st.marks, k.st.mark)), "intro")
    mode = rng.choice(["flat", "year", "year", "type", "topic", "status"])
    if v == "apa-cv":
        mode = rng.choice(["year", "type"])
    entries = None
    if v in ("csl-pasted", "apa-cv"):
        entries, order = ctx.render_csl(("html",), highlight=bib.highlight() if rng.random() < 0.6 else None,
                                        prefer="apa-cv" if v == "apa-cv" else None)
        if entries is None:
            return False
    sub = "h3" if htag == "h2" else "h4"
    for headtxt, hk, idx in noise.sections(rng, bib, mode):
        if headtxt:
            if rng.random() < 0.15:
                doc.heading("<p><b><i>%s</i></b></p>" % esc(headtxt), hk, headtxt)
            else:
                doc.heading("<%s>%s</%s>" % (sub, esc(headtxt), sub), hk, headtxt)
        _list_html(ctx, doc, k, v, ctx.in_style_order(idx) if entries else idx, entries)
    if sib:
        doc.raw("</div></div>")
    return True


def _list_html(ctx, doc, k, v, idx, entries):
    rng, bib = ctx.rng, ctx.bib
    if v in ("csl-pasted", "apa-cv"):
        c = rng.choice(["ul", "ol", "p"]) if v == "csl-pasted" else "p"
        if c != "p":
            doc.raw("<%s>" % c)
        for i in idx:
            e = entries[i]
            body = e.body if e.label is None or c == "ol" else e.html
            lk = _link_list(ctx, "html", bib.items[i], noise.links(rng, bib.items[i]), k.link_style) if k.links else ""
            frag = ("<li>%s %s</li>" if c != "p" else '<p class="pub">%s %s</p>') % (body, lk)
            doc.item(frag, ctx.add_gold(shown_gold(bib.items[i], e.text)))
        if c != "p":
            doc.raw("</%s>" % c)
        return
    if v == "table-year":
        doc.raw('<table class="pubs">')
        for i in idx:
            it = bib.items[i]
            s, extra, g = hand_item(ctx, it, k, "html")
            left = str(year_of(it)) if rng.random() < 0.7 else esc(it.get("_acr") or noise.badge(rng, it))
            frag = '<tr><td class="year">%s</td><td>%s%s</td></tr>' % (left, s, "".join("<br>" + x for x in extra))
            if left == str(year_of(it)) and "_hidden" in g and "issued" in g["_hidden"]:
                g["_hidden"].remove("issued")
                if not g["_hidden"]:
                    del g["_hidden"]
            doc.item(frag, ctx.add_gold(g))
        doc.raw("</table>")
        return
    if v == "dl":
        doc.raw("<dl>")
        for i in idx:
            it = bib.items[i]
            extra = _extras(ctx, it, k, "html")
            p = Parts(it, k.st, rng, "html", owner_mark=k.owner_mark, venue_mode=k.venue_mode, details=k.details)
            dd = "%s<br>\n%s%s" % (p.authors, (p.venue + ", ") if p.venue else "", p.year)
            frag = "<dt>%s</dt>\n<dd>%s%s</dd>" % (p.title, dd, "".join("<br>" + x for x in extra))
            doc.item(frag, ctx.add_gold(p.gold()))
        doc.raw("</dl>")
        return
    if v in ("div-pfields", "bare-pfields"):
        # one paragraph a field: title, authors, venue and year, buttons
        for n, i in enumerate(idx):
            it = bib.items[i]
            p = Parts(it, k.st, rng, "html", owner_mark=k.owner_mark, venue_mode=k.venue_mode, owner_blank=k.owner_blank,
                      details=k.details, venue_italic=False)
            ven = ("%s, %s" % (p.venue, p.year)) if p.venue else str(p.year)
            if it.get("_status") and it["type"] == "manuscript":
                ven = "%s, %s" % (esc(it["_status"]), p.year)
            rows = ['<p class="title"><b>%s</b></p>' % p.title, "<p>%s</p>" % p.authors, "<p><i>%s</i></p>" % ven]
            if it.get("_award") and k.awards:
                rows.append('<p class="award">%s</p>' % esc(it["_award"]))
            lk = _link_list(ctx, "html", it, noise.links(rng, it), "plain")
            if lk:
                rows.append('<div class="paper-buttons">%s</div>' % lk)
            if v == "div-pfields":
                frag = '<div class="paper">\n  %s\n</div>' % "\n  ".join(rows)
            else:
                frag = "\n".join(rows) + ("\n<hr>" if k.title_bold and n < len(idx) - 1 else "")
            doc.item(frag, ctx.add_gold(p.gold()))
        return
    if v == "div-cards":
        for i in idx:
            it = bib.items[i]
            p = Parts(it, k.st, rng, "html", owner_mark=k.owner_mark, venue_mode=k.venue_mode, owner_blank=k.owner_blank, details=k.details)
            img = '<div class="paper-img"><img src="images/%s.png" alt="%s"></div>' % (slug(p.title_plain, 16), rng.choice(["teaser", "", "paper thumbnail"]))
            badges = ""
            if k.badge:
                badges = '<span class="badge">%s</span> ' % esc(noise.badge(rng, it))
            aw = ('<div class="award">%s</div>' % esc(it["_award"])) if it.get("_award") and k.awards else ""
            lk = _link_list(ctx, "html", it, noise.links(rng, it), k.link_style)
            ven = ("<em>%s</em>, %s" % (p.venue, p.year)) if p.venue else str(p.year)
            frag = ('<div class="paper">%s<div class="paper-info">\n<div class="paper-title">%s%s</div>\n<div class="paper-authors">%s</div>\n'
                    '<div class="paper-venue">%s</div>%s\n<div class="paper-links">%s</div></div></div>' % (img, badges, p.title, p.authors, ven, aw, lk))
            g = p.gold()
            doc.item(frag, ctx.add_gold(g))
        return
    c = {"ul-lines": "ul", "ol-quoted": "ol", "p-paras": "p"}.get(v, "ul")
    if v == "ol-quoted":
        k.layout = rng.choice(["quoted_first", "ieee", "quoted_first"])
    if c == "ol" and rng.random() < 0.3:
        doc.raw('<ol reversed>')
    elif c != "p":
        doc.raw("<%s>" % c)
    for i in idx:
        it = bib.items[i]
        s, extra, g = hand_item(ctx, it, k, "html")
        body = s + "".join(("<br>\n" if rng.random() < 0.7 else "\n") + x for x in extra)
        frag = ("<li>%s</li>" if c != "p" else "<p>%s</p>") % body
        doc.item(frag, ctx.add_gold(g))
    if c != "p":
        doc.raw("</%s>" % c)


def handwritten_html(ctx, doc):
    rng, bib, v = ctx.rng, ctx.bib, ctx.variant
    k = Knobs(rng, bib, "html")
    if v == "ul-lines":
        k.layout = rng.choice(["lines", "lines", "authors_first", "tag_first", "title_comma"])
    elif v == "p-paras":
        k.layout = rng.choice(["authors_first", "apa", "title_comma", "lines"])
    _page_top_html(ctx, doc, k)
    if rng.random() < 0.15:
        for headtxt, kind, ents in noise.nonpub_sections(rng, bib, ctx.pool, 1):
            doc.heading("<h2>%s</h2>" % esc(headtxt), "other", headtxt)
            doc.other("<ul>\n%s\n</ul>" % "\n".join("<li>%s</li>" % esc(e) for e in ents), kind)
    if not _sections_html(ctx, doc, k, v):
        return False
    for headtxt, kind, ents in noise.nonpub_sections(rng, bib, ctx.pool):
        doc.heading("<h2>%s</h2>" % esc(headtxt), "other", headtxt)
        doc.other("<ul>\n%s\n</ul>" % "\n".join("<li>%s</li>" % esc(e) for e in ents), kind)
    if rng.random() < 0.7:
        doc.other("<hr>\n<p class=\"footer\">%s</p>" % esc(noise.footer(rng, bib)), "footer")
    doc.raw("</body>\n</html>")
    return True


# --- Markdown ---------------------------------------------------------------

def handwritten_md(ctx, doc):
    rng, bib, v = ctx.rng, ctx.bib, ctx.variant
    k = Knobs(rng, bib, "md")
    if rng.random() < 0.5:
        doc.other("---\nlayout: %s\ntitle: %s\npermalink: /publications/\n---" % (rng.choice(["page", "archive", "default"]), rng.choice(["Publications", "publications"])), "frontmatter")
    if rng.random() < 0.4:
        doc.heading("# %s" % bib.highlight(), "title", bib.highlight())
        doc.other("\n".join(noise.bio(rng, bib)), "bio")
    ptitle = rng.choice(["Publications", "Publications", "Papers", "Selected Publications", "Research"])
    hl = rng.choice(["##", "##", "#"])
    doc.heading("%s %s" % (hl, ptitle), "publications", ptitle)
    if rng.random() < 0.5 or k.st.marks:
        doc.other("\n\n".join(noise.intro(rng, k.st.marks, k.st.mark)), "intro")
    mode = rng.choice(["flat", "year", "year", "type", "topic", "status"])
    entries = None
    if v == "md-csl":
        entries, _ = ctx.render_csl(("html", "markdown"), highlight=bib.highlight() if rng.random() < 0.5 else None)
        if entries is None:
            return False
    if v == "md-numbered":
        k.layout = rng.choice(["quoted_first", "ieee", "authors_first", "quoted_first"])
    elif v == "md-paras":
        k.layout = rng.choice(["authors_first", "apa", "lines", "title_comma"])
    elif v == "md-lines":
        k.layout = rng.choice(["authors_first", "apa", "title_comma", "quoted_first", "ieee"])
    k.md_break = rng.choice(["", "  ", "<br>"])
    sub = hl + "#"
    for headtxt, hk, idx in noise.sections(rng, bib, mode):
        if entries:
            idx = ctx.in_style_order(idx)
        if headtxt:
            if rng.random() < 0.2:
                doc.heading("**%s**" % headtxt, hk, headtxt)
            else:
                doc.heading("%s %s" % (sub, headtxt), hk, headtxt)
            doc.raw("")
        if v == "md-table":
            if k.link_style == "pipes":
                k.link_style = "brackets"
            doc.raw(rng.choice(["| Year | Publication |\n|------|-------------|", "| | |\n|---|---|"]))
            for i in idx:
                it = bib.items[i]
                s, extra, g = hand_item(ctx, it, k, "md")
                s = s.replace("  \n", "<br>")
                if "_hidden" in g and "issued" in g["_hidden"]:
                    g["_hidden"].remove("issued")
                    if not g["_hidden"]:
                        del g["_hidden"]
                doc.item("| %d | %s%s |" % (year_of(it), s, "".join("<br>" + x.replace("\n", " ") for x in extra if not x.startswith(">"))), ctx.add_gold(g))
            doc.raw("")
            continue
        for n, i in enumerate(idx, 1):
            it = bib.items[i]
            if v == "md-csl":
                e = entries[i]
                doc.item(k.bullet + e.md.replace("\n", " "), ctx.add_gold(shown_gold(it, e.text)))
                continue
            s, extra, g = hand_item(ctx, it, k, "md")
            if v == "md-html-mixed":
                if rng.random() < 0.4 and it.get("_acr"):
                    s = '<img src="https://img.shields.io/badge/%s-%d-blue" alt="%s"> ' % (it["_acr"], year_of(it), it["_acr"]) + s
                extra = [("<details><summary>Abstract</summary>%s</details>" % noise.abstract(rng, it)) if x.startswith(">") else x for x in extra]
            if v == "md-paras":
                doc.item("\n".join([s] + extra), ctx.add_gold(g))
                doc.raw("")
            elif v == "md-lines":
                # one citation a line, no mark and no blank line between
                # (a hard break's two spaces, or none)
                one = " ".join([s.replace("  \n", " ")] + [x.replace("\n", " ") for x in extra if not x.startswith(">")])
                doc.item(one + k.md_break, ctx.add_gold(g))
            else:
                lead = ("%d. " % n) if v == "md-numbered" else k.bullet
                ind = " " * len(lead)
                body = s.replace("  \n", "  \n" + ind)
                doc.item(lead + body + "".join("  \n" + ind + x for x in extra), ctx.add_gold(g))
        doc.raw("")
    for headtxt, kind, ents in noise.nonpub_sections(rng, bib, ctx.pool):
        doc.heading("%s %s" % (hl, headtxt), "other", headtxt)
        doc.other("\n".join("- " + md_esc(e) for e in ents), kind)
        doc.raw("")
    return True
