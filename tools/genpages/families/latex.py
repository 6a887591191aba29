"""LaTeX CVs: moderncv (\\cventry, \\cvitem), awesome-cv (\\cventry in cventries,
\\cvitems), plain classes with enumerate/itemize/description lists, longtable
rows, items set as blocks (a bold title with the year at the right margin,
\\newline, the authors, \\newline, the venue; often with no name at the top), a
custom \\pub macro, and biblatex's \\fullcite (whose source holds no
citation text: only its typeset form can be read).

Each item records the text it typesets, in typeset order, so its lines can be
found in pdftotext's output.  awesome-cv is not in Debian: a small stand-in
class with its commands (written by compile()) lets such a CV compile."""

import re

from .. import noise, words
from ..csl import shown_gold
from ..names import AuthorStyle, fmt_name
from ..parts import Parts
from ..util import plain_title, slug, tex_esc, year_of
from .common import bibtex_entry


def detex(s, macros=()):
    for name, val in macros:
        s = s.replace("\\%s{}" % name, val).replace("\\%s" % name, val)
    s = re.sub(r"\\(href)\{[^}]*\}", "", s)
    s = re.sub(r"\\(begin|end)\{[^}]*\}(\{[^}]*\})?", " ", s)
    s = re.sub(r"\\item\[([^\]]*)\]", r" \1 ", s)
    s = re.sub(r"\\[a-zA-Z]+\*?(\[[^\]]*\])?", " ", s)
    s = s.replace("\\&", "&").replace("{", "").replace("}", "").replace("~", " ").replace("--", "–")
    return " ".join(s.split())


def _owner_macro(ctx, k):
    o = ctx.bib.owner
    name = fmt_name(o, k.st.form if k.st.form != "first_rev_full" else "full")
    return name


class TexKnobs:
    def __init__(self, rng, bib):
        self.st = AuthorStyle(rng)
        self.owner_mark = rng.choice(["b", "b", "u", "none", "em"])
        self.macro = rng.random() < 0.25 and self.st.form != "first_rev_full"
        self.macro_name = rng.choice(["me", "Me", "myname", "Own", slug(bib.owner["family"], 10).replace("-", "").capitalize() or "Me"])
        self.venue_mode = rng.choice(["full", "full", "acr_year", "full_acr"]) if bib.cs else "full"
        self.quote = rng.random() < 0.4
        self.csl = rng.random() < 0.35
        self.status = rng.random() < 0.5
        self.details = rng.random() < 0.6


def _parts(ctx, k, it):
    p = Parts(it, k.st, ctx.rng, "tex", owner_mark=k.owner_mark, venue_mode=k.venue_mode, details=k.details)
    if k.macro and it.get("_owner_pos") is not None:
        own = fmt_name(ctx.bib.owner, k.st.form)
        for wrapped in ("\\textbf{%s}", "\\underline{%s}", "\\emph{%s}", "\\textit{%s}", "%s"):
            w = wrapped % tex_esc(own)
            if w in p.authors:
                p.authors = p.authors.replace(w, "\\%s{}" % k.macro_name, 1)
                break
    return p


def _citation(ctx, k, it, p):
    """One item as a sentence in the page's pattern; (tex, plain)."""
    t = "``%s''" % p.title if k.quote else p.title
    v = p.venue
    if it.get("_status") and it["type"] == "manuscript":
        v = "\\textit{%s}" % tex_esc(it["_status"])
    s = "%s (%d). %s.%s" % (p.authors, p.year, t, (" " + v + ".") if v else "") if ctx.rng.random() < 0.5 else \
        "%s. %s. %s%d." % (p.authors, t, (v + ", ") if v else "", p.year)
    if it.get("_award") and ctx.rng.random() < 0.7:
        s += " \\textbf{%s}." % tex_esc(it["_award"])
    return s


def _preamble(ctx, k, cls):
    rng, bib = ctx.rng, ctx.bib
    o = bib.owner
    L = []
    if cls == "moderncv":
        L += ["\\documentclass[11pt,a4paper,%s]{moderncv}" % rng.choice(["sans", "roman"]),
              "\\moderncvstyle{%s}" % rng.choice(["classic", "casual", "banking", "fancy"]),
              "\\moderncvcolor{%s}" % rng.choice(["blue", "green", "grey", "black", "burgundy"]),
              "\\moderncvicons{letters}", "\\usepackage[utf8]{inputenc}", "\\usepackage[T1]{fontenc}", "\\usepackage{lmodern}",
              "\\usepackage[scale=0.8]{geometry}",
              "\\name{%s}{%s}" % (tex_esc(o.get("given", "")), tex_esc(((o.get("non-dropping-particle") or "") + " " + o["family"]).strip())),
              "\\title{%s}" % rng.choice(["Curriculum Vitae", "Publications", tex_esc(rng.choice(words.POSITIONS))]),
              "\\email{%s@example.org}" % slug(o["family"], 10),
              "\\extrainfo{%s}" % tex_esc(rng.choice(words.UNIVERSITIES))]
    elif cls == "res":
        L += ["\\documentclass[%s]{res}" % rng.choice(["margin", "margin,line", "line"]), "\\usepackage[utf8]{inputenc}",
              "\\usepackage{enumitem}"]
    elif cls == "awesome-cv":
        L += ["\\documentclass[11pt,a4paper]{awesome-cv}", "\\usepackage[utf8]{inputenc}",
              "\\name{%s}{%s}" % (tex_esc(o.get("given", "")), tex_esc(o["family"])),
              "\\position{%s}" % tex_esc(rng.choice(words.POSITIONS)),
              "\\address{%s}" % tex_esc(rng.choice(words.CITIES)), "\\email{%s@example.org}" % slug(o["family"], 10)]
    else:
        L += ["\\documentclass[%s]{article}" % rng.choice(["11pt", "10pt,a4paper", "letterpaper,11pt"]),
              "\\usepackage[utf8]{inputenc}"] + (["\\usepackage[T1]{fontenc}", "\\usepackage{lmodern}"] if rng.random() < 0.6 else []) + [
              "\\usepackage[margin=%scm]{geometry}" % rng.choice(["2", "2.5", "1.8"]), "\\usepackage{enumitem}",
              "\\usepackage{longtable}", "\\usepackage{etaremune}", "\\usepackage[hidelinks]{hyperref}",
              "\\pagestyle{%s}" % rng.choice(["empty", "plain"])]
    if k.macro:
        own = tex_esc(fmt_name(o, k.st.form))
        wrapped = {"b": "\\textbf{%s}", "u": "\\underline{%s}", "em": "\\emph{%s}", "none": "%s"}.get(k.owner_mark, "%s") % own
        L.append("\\newcommand{\\%s}{%s}" % (k.macro_name, wrapped))
    return L


def _other_sections(ctx, doc, cls, which):
    rng, bib = ctx.rng, ctx.bib
    y0 = min(year_of(it) for it in bib.items)
    if which == "before":
        sec = [("Education", [("%d--%d" % (y0 - 5, y0 - 1), "PhD in %s" % rng.choice(["Physics", "Computer Science", "Sociology", "Chemistry", "Linguistics"]), rng.choice(words.UNIVERSITIES)),
                              ("%d--%d" % (y0 - 7, y0 - 5), "MSc", rng.choice(words.UNIVERSITIES))]),
               ("Employment", [("%d--present" % (y0 + 3), rng.choice(words.POSITIONS), rng.choice(words.UNIVERSITIES)),
                               ("%d--%d" % (y0, y0 + 3), "Postdoctoral Researcher", rng.choice(words.UNIVERSITIES + words.COMPANIES))])]
        sec = sec[:rng.randrange(0, 3)]
    else:
        sec = []
        for head, kind, ents in noise.nonpub_sections(rng, bib, ctx.pool, rng.choice([0, 1, 2])):
            sec.append((head, [("", e, "") for e in ents]))
        if rng.random() < 0.3:
            sec.append(("Skills", [("Programming", "Python, C, R, \\LaTeX", ""), ("Languages", "English, German, Mandarin", "")]))
    for head, rows in sec:
        if cls == "res":
            head = head.upper()
        doc.heading({"moderncv": "\\section{%s}", "awesome-cv": "\\cvsection{%s}", "res": "\\section{%s}"}.get(cls, "\\section*{%s}") % head,
                    "other", head, plain=head)
        if cls == "moderncv":
            body = "\n".join("\\cvitem{%s}{%s%s}" % (a, tex_esc(b) if "\\" not in b else b, (", " + tex_esc(c)) if c else "") for a, b, c in rows)
        elif cls == "awesome-cv":
            body = "\\begin{cventries}\n%s\n\\end{cventries}" % "\n".join("\\cventry{%s}{%s}{%s}{}{}" % (tex_esc(c), tex_esc(b) if "\\" not in b else b, a) for a, b, c in rows)
        else:
            body = "\\begin{itemize}\n%s\n\\end{itemize}" % "\n".join("\\item %s%s%s" % ((a + ": ") if a else "", tex_esc(b) if "\\" not in b else b, (", " + tex_esc(c)) if c else "") for a, b, c in rows)
        doc.other(body, "cv", plain=detex(body))


def latex_cv(ctx, doc):
    rng, bib, v = ctx.rng, ctx.bib, ctx.variant
    k = TexKnobs(rng, bib)
    cls = "moderncv" if v.startswith("moderncv") else v if v in ("awesome-cv", "res") else "article"
    macros = [(k.macro_name, _owner_macro(ctx, k))] if k.macro else []
    entries = None
    if v == "biblatex-fullcite":
        return _fullcite(ctx, doc, k)
    if k.csl and v in ("enumerate", "itemize-year", "description", "tabular", "moderncv-cvitem", "res"):
        entries, _ = ctx.render_csl(("html", "latex"), highlight=bib.highlight() if rng.random() < 0.5 else None)
    doc.raw("\n".join(_preamble(ctx, k, cls)))
    if v == "pub-macro":
        order = rng.choice([("year", "title", "venue", "authors"), ("authors", "title", "venue", "year"), ("title", "authors", "venue", "year")])
        shape = {"year": "#%d", "title": "\\textit{#%d}", "venue": "#%d", "authors": "#%d"}
        typeset = rng.choice([("authors", "title", "venue", "year"), ("title", "authors", "venue", "year")])
        body = ". ".join(shape[f] % (order.index(f) + 1) for f in typeset)
        doc.raw("\\newcommand{\\pub}[4]{\\item %s.}" % body)
        ctx.meta["pub_macro"] = (order, typeset)
    doc.raw("\\begin{document}")
    if cls == "moderncv":
        doc.other("\\makecvtitle", "profile", plain=" ".join(x for x in (bib.owner.get("given"), bib.owner["family"]) if x))
    elif cls == "awesome-cv":
        doc.other("\\makecvheader", "profile", plain=" ".join(x for x in (bib.owner.get("given"), bib.owner["family"]) if x))
    elif cls == "res":
        doc.other("\\name{%s}\n\\address{%s}\n\\begin{resume}" % (tex_esc(bib.highlight()), tex_esc(rng.choice(words.UNIVERSITIES))),
                  "profile", plain=bib.highlight())
    elif v == "item-blocks" and rng.random() < 0.4:
        pass  # the owner is never named: only the items show who it is
    else:
        doc.heading("\\begin{center}{\\LARGE\\bfseries %s}\\\\[4pt]%s\\end{center}" % (tex_esc(bib.highlight()), tex_esc(rng.choice(words.UNIVERSITIES))),
                    "title", bib.highlight(), plain=bib.highlight())
    _other_sections(ctx, doc, cls, "before")
    ptitle = rng.choice(["Publications", "Publications", "Peer-reviewed Publications", "Research Output", "Selected Publications"])
    if cls == "res":
        ptitle = ptitle.upper()
    doc.heading({"moderncv": "\\section{%s}", "awesome-cv": "\\cvsection{%s}", "res": "\\section{%s}"}.get(
                cls, rng.choice(["\\section*{%s}", "\\section{%s}"])) % ptitle,
                "publications", ptitle, plain=ptitle)
    if k.st.marks or rng.random() < 0.3:
        s = " ".join(noise.intro(rng, k.st.marks, k.st.mark))
        doc.other(tex_esc(s) if cls != "moderncv" else "\\cvitem{}{%s}" % tex_esc(s), "intro", plain=s)
    mode = rng.choice(["flat", "type", "type", "year", "status"]) if v != "itemize-year" else "year"
    for headtxt, hk, idx in noise.sections(rng, bib, mode):
        if headtxt:
            hcmd = {"moderncv": "\\subsection{%s}", "awesome-cv": "\\cvsubsection{%s}"}.get(cls, rng.choice(["\\subsection*{%s}", "\\paragraph{%s}", "\\noindent\\textbf{%s}\\par"]))
            doc.heading(hcmd % tex_esc(headtxt), hk, headtxt, plain=headtxt)
        _items(ctx, doc, k, v, ctx.in_style_order(idx) if entries else idx, entries, macros)
    _other_sections(ctx, doc, cls, "after")
    if cls == "res":
        doc.raw("\\end{resume}")
    doc.raw("\\end{document}")
    return True


ENV = {"enumerate": ("\\begin{enumerate}", "\\end{enumerate}"), "itemize-year": ("\\begin{itemize}", "\\end{itemize}"),
       "description": ("\\begin{description}", "\\end{description}"), "pub-macro": ("\\begin{enumerate}", "\\end{enumerate}"),
       "item-blocks": ("\\begin{itemize}", "\\end{itemize}"),
       "tabular": ("\\begin{longtable}{p{0.12\\textwidth}p{0.82\\textwidth}}", "\\end{longtable}")}


def _items(ctx, doc, k, v, idx, entries, macros):
    rng, bib = ctx.rng, ctx.bib
    env = ENV.get(v)
    if v == "enumerate" and rng.random() < 0.3:
        env = ("\\begin{etaremune}", "\\end{etaremune}")
    if v == "awesome-cv":
        env = rng.choice([("\\begin{cventries}", "\\end{cventries}")] * 2 + [("\\begin{cvitems}", "\\end{cvitems}"),
                          ("\\begin{cvpubs}", "\\end{cvpubs}")])
    if v == "res":
        env = rng.choice([("\\begin{itemize}", "\\end{itemize}"), ("\\begin{enumerate}", "\\end{enumerate}"),
                          ("\\begin{itemize}[leftmargin=*,label={}]", "\\end{itemize}")])
    if env:
        doc.raw(env[0])
    for i in idx:
        it = bib.items[i]
        e = entries.get(i) if entries else None
        if e is not None and e.latex:
            body, plain, g = e.latex, e.text, shown_gold(it, e.text)
        else:
            p = _parts(ctx, k, it)
            body, g = None, p.gold()
        y = year_of(it)
        if v == "moderncv-cventry" and body is None:
            ven = p.venue
            frag = "\\cventry{%d}{%s}{%s}{}{}{%s}" % (y, p.title, ven, p.authors)
            plain = detex("%d %s %s %s" % (y, p.title, ven, p.authors), macros)
        elif v == "moderncv-cvitem" or v == "moderncv-cventry":
            body = body or _citation(ctx, k, it, p)
            frag = "\\cvitem{%d}{%s}" % (y, body)
            plain = detex("%d %s" % (y, body), macros)
        elif v == "awesome-cv":
            if env[0].endswith("{cventries}"):
                frag = "\\cventry\n  {%s}\n  {%s}\n  {%s}\n  {%d}\n  {}" % (p.authors, p.title, p.venue, y)
                plain = detex("%s %s %s %d" % (p.title, p.venue, p.authors, y), macros)
            elif env[0].endswith("{cvpubs}"):
                body = _citation(ctx, k, it, p)
                frag = "\\cvpub{%s}" % body
                plain = detex(body, macros)
            else:
                body = _citation(ctx, k, it, p)
                frag = "\\item {%s}" % body
                plain = detex(body, macros)
        elif v == "pub-macro":
            order, typeset = ctx.meta["pub_macro"]
            val = {"year": str(y), "title": p.title, "venue": p.venue or tex_esc(it.get("_status", "")), "authors": p.authors}
            frag = "\\pub{%s}" % "}{".join(val[f] for f in order)
            plain = detex(" ".join(val[f] for f in typeset), macros)
        elif v == "item-blocks":
            brk = ctx.meta.setdefault("block_break", rng.choice(["\\newline", "\\\\"]))
            ven = p.venue or tex_esc(it.get("_status", ""))
            ven = ven if ven.startswith("\\") else "\\emph{%s}" % ven if ven else ""
            frag = "\\item \\textbf{%s} \\hfill %d%s\n%s%s" % (p.title, y, brk, p.authors, (brk + "\n" + ven) if ven else "")
            plain = detex("%s %d %s %s" % (p.title, y, p.authors, ven), macros)
        elif v == "tabular":
            body = body or _citation(ctx, k, it, p)
            frag = "%d & %s \\\\[4pt]" % (y, body)
            plain = detex("%d %s" % (y, body), macros)
        elif v == "description":
            body = body or _citation(ctx, k, it, p)
            frag = "\\item[%s] %s" % (str(y) if rng.random() < 0.7 else "[%d]" % (idx.index(i) + 1), body)
            plain = detex(frag, macros)
        else:
            body = body or _citation(ctx, k, it, p)
            frag = "\\item %s" % body
            plain = detex(body, macros)
        doc.item(frag, ctx.add_gold(g), plain=plain)
    if env:
        doc.raw(env[1])


def _fullcite(ctx, doc, k):
    """biblatex: \\fullcite{key} per item, or one \\printbibliography; the .bib
    goes beside the page (pubs.bib), and the gold is read from the PDF."""
    rng, bib = ctx.rng, ctx.bib
    style = rng.choice(["authoryear", "numeric", "alphabetic", "apa", "ieee", "nature", "phys", "chem-acs"])
    giveninits = rng.random() < 0.4
    keys = ["p%d%s" % (i, slug(it["author"][0].get("family", "x"), 8).replace("-", "")) for i, it in enumerate(bib.items)]
    ctx.meta["bib"] = "\n\n".join(bibtex_entry(it, key) for it, key in zip(bib.items, keys)) + "\n"
    ctx.meta["biblatex"] = True
    ctx.meta["source_scorable"] = False
    doc.raw("\n".join(["\\documentclass[11pt]{article}", "\\usepackage[utf8]{inputenc}", "\\usepackage[T1]{fontenc}", "\\usepackage{lmodern}",
                       "\\usepackage[margin=2cm]{geometry}",
                       "\\usepackage[backend=biber,style=%s,maxnames=99,maxbibnames=99,maxcitenames=99%s,sorting=none]{biblatex}" % (style, ",giveninits=true" if giveninits else ""),
                       "\\addbibresource{pubs.bib}", "\\begin{document}"]))
    doc.heading("\\begin{center}{\\LARGE %s}\\end{center}" % tex_esc(bib.highlight()), "title", bib.highlight(), plain=bib.highlight())
    _other_sections(ctx, doc, "article", "before")
    doc.heading("\\section*{Publications}", "publications", "Publications", plain="Publications")
    mode = rng.choice(["flat", "type", "year"])
    for headtxt, hk, idx in noise.sections(rng, bib, mode):
        if headtxt:
            doc.heading("\\subsection*{%s}" % tex_esc(headtxt), hk, headtxt, plain=headtxt)
        doc.raw("\\begin{enumerate}" if rng.random() < 0.5 else "\\begin{itemize}")
        env_end = "\\end{enumerate}" if doc.lines[-1].endswith("{enumerate}") else "\\end{itemize}"
        for i in idx:
            it = bib.items[i]
            g = {"_pending": i}
            fams = " ".join(a.get("family", "") for a in it["author"])
            b = doc.item("\\item \\fullcite{%s}" % keys[i], ctx.add_gold(g), plain=fams + " " + plain_title(it["title"]))
            b["open_end"] = True
        doc.raw(env_end)
    doc.raw("\\end{document}")
    return True
