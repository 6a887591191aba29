"""What every family needs: the page context, CSL renderings with a fallback
style, and the pieces of HTML every site has (head, navigation, footer)."""

import re

from .. import csl, noise, words
from ..names import AuthorStyle
from ..util import attr, esc, plain_title, slug, year_of


class Ctx:
    def __init__(self, rng, bib, pool, styles, citex, family, variant, split):
        self.rng, self.bib, self.pool, self.styles = rng, bib, pool, styles
        self.citex, self.family, self.variant, self.split = citex, family, variant, split
        self.gold = []
        self.style = None
        self.meta = {}

    def add_gold(self, g):
        self.gold.append(g)
        return len(self.gold) - 1

    def render_csl(self, forms=("html",), highlight=None, prefer=None, items=None):
        """{item index: csl.Entry} and the style's order, through a style of
        this split; a few styles are tried when one drops titles."""
        items = self.bib.items if items is None else items
        tried = []
        for attempt in range(8):
            style = prefer if (prefer and attempt == 0 and prefer in self.styles.parent) else self.styles.pick(self.rng, self.split)
            if style is None or style in tried:
                continue
            tried.append(style)
            entries = csl.render(self.citex, items, style, forms, highlight)
            if entries:
                self.style = style
                self.style_pos = {e.index: k for k, e in enumerate(entries)}
                return {e.index: e for e in entries}, [e.index for e in entries]
        return None, None

    def in_style_order(self, idx):
        """IDX as the style sorts it: a style's subsequent-author dashes and
        its numbers hold only in its own order."""
        pos = getattr(self, "style_pos", None)
        return sorted(idx, key=lambda i: pos.get(i, 0)) if pos else list(idx)

    def author_style(self, **kw):
        return AuthorStyle(self.rng, **kw)


def head(doc, title, css=(), extra=""):
    doc.raw('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>%s</title>' % esc(title))
    for c in css:
        doc.raw('<link rel="stylesheet" href="%s">' % attr(c))
    if extra:
        doc.raw(extra)
    doc.raw("</head>")


def nav_items(rng, current="Publications"):
    k = rng.randrange(3, 8)
    items = [n for n in rng.sample(words.NAV, k) if n != current]
    pos = rng.randrange(len(items) + 1)
    return items[:pos] + [current] + items[pos:]


def nav_html(ctx, cls="nav", brand=None, current_mark=""):
    rng = ctx.rng
    items = nav_items(rng)
    sub = {}
    if rng.random() < 0.3:          # a drop-down: Research > Publications, Talks...
        parent = rng.choice([n for n in items if n != "Publications"] or ["Research"])
        sub[parent] = rng.sample(["Publications", "Talks", "Software", "Datasets", "Google Scholar", "Projects", "Students"], 3)
    lis = "".join('<li class="%s-item%s"><a href="/%s/">%s%s</a>%s</li>' % (
        cls, " active" if n == "Publications" else "", slug(n), esc(n), current_mark if n == "Publications" else "",
        ("<ul class=\"dropdown-menu\">%s</ul>" % "".join('<li><a href="/%s/">%s</a></li>' % (slug(x), esc(x)) for x in sub[n])) if n in sub else "")
        for n in items)
    b = '<a class="brand" href="/">%s</a>' % esc(brand) if brand else ""
    return '<nav class="%s">%s<ul>%s</ul></nav>' % (cls, b, lis)


def cv_html(ctx, doc, tag="h2"):
    """Education, Employment, Grants before the list: dated lines that look
    like items and are not."""
    rng = ctx.rng
    how = rng.choice(["nested", "lines", "table"])
    for headtxt, rows in noise.cv_sections(rng, ctx.bib):
        doc.heading("<%s>%s</%s>" % (tag, esc(headtxt), tag), "other", headtxt)
        if how == "nested":
            body = "<ul>\n%s\n</ul>" % "\n".join("<li>%s<ul><li>%s, %s</li></ul></li>" % (esc(c), esc(b), esc(a)) for a, b, c in rows)
        elif how == "table":
            body = "<table>\n%s\n</table>" % "\n".join("<tr><td>%s</td><td>%s, <i>%s</i></td></tr>" % (esc(a), esc(b), esc(c)) for a, b, c in rows)
        else:
            body = "<ul>\n%s\n</ul>" % "\n".join("<li><b>%s</b> &mdash; %s, %s</li>" % (esc(a), esc(b), esc(c)) for a, b, c in rows)
        doc.other(body, "cv")


def footer_html(ctx, cls="footer"):
    return '<footer class="%s"><p>%s</p></footer>' % (cls, esc(noise.footer(ctx.rng, ctx.bib)))


def nonpub_html(ctx, doc, tag="h2", wrap=None, lst="ul"):
    """Sections that are not publications, after the list."""
    for headtxt, kind, ents in noise.nonpub_sections(ctx.rng, ctx.bib, ctx.pool):
        doc.heading("<%s>%s</%s>" % (tag, esc(headtxt), tag), "other", headtxt)
        if lst == "p":
            body = "\n".join("<p>%s</p>" % esc(e) for e in ents)
        else:
            body = "<%s>\n%s\n</%s>" % (lst, "\n".join("<li>%s</li>" % esc(e) for e in ents), lst)
        doc.other(body, kind)


def links_html(ctx, item, style="btn", labels=None):
    rng = ctx.rng
    labels = noise.links(rng, item) if labels is None else labels
    if not labels:
        return ""
    href = lambda l: item.get("URL") if l in ("arXiv", "HTML", "Website") and item.get("URL") else "/papers/%s.pdf" % slug(l)
    if style == "brackets":
        return " ".join("[<a href=\"%s\">%s</a>]" % (attr(href(l)), esc(l)) for l in labels)
    if style == "pipes":
        return " | ".join("<a href=\"%s\">%s</a>" % (attr(href(l)), esc(l)) for l in labels)
    return " ".join('<a class="btn btn-sm" href="%s" role="button">%s</a>' % (attr(href(l)), esc(l)) for l in labels)


def bibtex_entry(it, key):
    """A BibTeX record of IT, as al-folio shows it and as a LaTeX CV's .bib holds it."""
    from ..names import family
    t = {"article-journal": "article", "paper-conference": "inproceedings", "chapter": "incollection",
         "book": "book", "thesis": "phdthesis", "report": "techreport", "article": "article",
         "software": "software", "speech": "misc", "manuscript": "unpublished"}.get(it["type"], "misc")
    bt = lambda s: re.sub(r"([&%#_])", r"\\\1", s)
    f = [("title", bt(plain_title(it["title"]))),
         ("author", " and ".join("%s, %s" % (family(a), a.get("given", "")) if "family" in a else "{%s}" % a.get("literal", "")
                                 for a in it.get("author", [])))]
    ct = it.get("container-title")
    if ct:
        f.append(({"article": "journal", "inproceedings": "booktitle", "incollection": "booktitle"}.get(t, "journal"), bt(ct)))
    pubkey = {"phdthesis": "school", "techreport": "institution"}.get(t, "publisher")
    for k, b in (("volume", "volume"), ("issue", "number"), ("page", "pages"), ("publisher", pubkey), ("DOI", "doi"),
                 ("genre", "type"), ("event-title", "howpublished"), ("_status", "note"), ("version", "version")):
        if it.get(k):
            f.append((b, bt(it[k])))
    f.append(("year", str(year_of(it))))
    return "@%s{%s,\n%s\n}" % (t, key, ",\n".join("  %s = {%s}" % kv for kv in f))
