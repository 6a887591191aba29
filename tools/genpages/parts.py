"""An item's printed pieces in a generator's field layout: title, author line,
venue line, year, details, and what the gold record says the page shows.

LANG is html, md or tex; the pieces carry that language's markup."""

from . import names
from .util import esc, html_markup, md_esc, md_markup, plain_title, tex_esc, tex_markup, year_of, MONTHS, month_of

MARK = {
    "html": {"b": "<b>%s</b>", "strong": "<strong>%s</strong>", "u": "<u>%s</u>", "em": "<em>%s</em>",
             "i": "<i>%s</i>", "span": '<span class="me">%s</span>', "none": "%s"},
    "md": {"b": "**%s**", "strong": "**%s**", "u": "<u>%s</u>", "em": "*%s*", "i": "_%s_", "span": "**%s**",
           "none": "%s"},
    "tex": {"b": "\\textbf{%s}", "strong": "\\textbf{%s}", "u": "\\underline{%s}", "em": "\\emph{%s}",
            "i": "\\textit{%s}", "span": "\\textbf{%s}", "none": "%s"},
}


def text_of(lang, s):
    return {"html": esc, "md": md_esc, "tex": tex_esc}[lang](s)


def rich(lang, s):
    return {"html": html_markup, "md": md_markup, "tex": tex_markup}[lang](s)


def ital(lang, s):
    return {"html": "<i>%s</i>", "md": "*%s*", "tex": "\\textit{%s}"}[lang] % s


VENUE_MODES = ["full", "full", "full", "acr_year", "acr", "full_acr", "acr_full"]


class Parts:
    def __init__(self, item, st, rng, lang, owner_mark="b", venue_mode="full", owner_blank=False,
                 details=True, venue_italic=True):
        self.item, self.st, self.lang = item, st, lang
        self.title = rich(lang, item["title"])
        if self.title.endswith(".") and not self.title.endswith(".."):
            self.title = self.title[:-1]         # the layout adds its own full stop
        self.title_plain = plain_title(item["title"])
        wrap = lambda s: MARK[lang][owner_mark] % s if s else s
        self.authors, self.gold_authors, self.marked = names.render_authors(
            item, st, wrap, rng, owner_blank, escape=lambda s: text_of(lang, s))
        amp = {"html": "&amp;", "tex": "\\&", "md": "&"}[lang]
        self.authors = self.authors.replace(" & ", " %s " % amp).replace(", &", ", " + amp)
        self.year = year_of(item)
        self.month = month_of(item)
        self.venue, self.venue_shown, self.venue_short, self.gold_venue = self._venue(rng, venue_mode, details,
                                                                                       venue_italic)

    def _venue(self, rng, mode, details, italic):
        it, lang = self.item, self.lang
        t = it["type"]
        ct = it.get("container-title")
        acr = it.get("_acr")
        I = (lambda s: ital(lang, s)) if italic else (lambda s: s)
        T = lambda s: text_of(lang, s)
        if t == "paper-conference" and acr and ct:
            canon = it.get("_canon")
            y = self.year
            if mode == "acr_year":
                return T("%s %s" % (acr, rng.choice([str(y), "'%02d" % (y % 100)]))), True, acr, canon
            if mode == "acr":
                return T(acr), True, acr, canon
            if mode == "full_acr":
                return I(T(ct)) + T(" (%s)" % acr), True, acr, None
            if mode == "acr_full":
                return T(acr + " " + str(y)) + " | " + I(T(ct)), True, acr, None
        if t == "manuscript":
            return T(it.get("_status", "Under review")), False, None, None
        if t == "book":
            pub = it.get("publisher")
            return (T(pub) if pub else ""), False, None, None
        if t == "thesis":
            return T("%s, %s" % (it.get("genre", "PhD thesis"), it.get("publisher", ""))), False, None, None
        if t == "speech":
            return T("%s, %s, %s" % (it.get("genre", "Talk"), it.get("event-title", ""),
                                    it.get("event-place", ""))).rstrip(", "), False, None, None
        if t == "software":
            return T("%s, version %s" % (it.get("publisher", ""), it.get("version", ""))), False, None, None
        if t == "report":
            s = "Technical report"
            if it.get("number"):
                s += " " + it["number"]
            if it.get("publisher"):
                s += ", " + it["publisher"]
            return T(s), False, None, None
        if not ct:
            return "", False, None, None
        s = I(T(ct))
        if t == "chapter":
            s = T("In ") + s
            if details and it.get("page"):
                s += T(", pp. " + it["page"].replace("-", "–"))
            if it.get("publisher") and details:
                s += T(". " + it["publisher"])
            return s, True, None, None
        if t == "paper-conference":
            if rng.random() < 0.3:
                s = T("In ") + s
            if details and it.get("page"):
                s += T(", pp. " + it["page"].replace("-", "–"))
            return s, True, None, None
        if details:
            d = ""
            if it.get("volume"):
                d += it["volume"]
                if it.get("issue"):
                    d += "(%s)" % it["issue"]
            if it.get("page"):
                d += (":" if d else "") + it["page"].replace("-", "–")
            if d:
                s += T(", " + d) if lang != "html" else ", " + esc(d)
        return s, True, None, None

    def date(self, with_month=False):
        if with_month and self.month:
            return "%s %d" % (MONTHS[self.month - 1], self.year)
        return str(self.year)

    def gold(self, authors=True, year=True, venue=True):
        it = self.item
        if self.gold_venue and venue:
            it = dict(it, _gold_venue=self.gold_venue)
        return names.gold_item(it, self.gold_authors if authors else None, year=year,
                               venue=venue and self.venue_shown, venue_short=self.venue_short,
                               initials=self.st.initials and authors)
