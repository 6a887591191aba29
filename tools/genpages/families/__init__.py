"""The layout families, their variants, and which variants are held out.

A held-out variant is never generated for training (--split train); the
evaluation set (--split heldout) uses only held-out variants, with held-out
styles, items and owners, so its score measures layouts the reader has not
been fitted to."""

from .bibgen import bib_templated, bibtex2html, quarto
from .hand import handwritten_html, handwritten_md
from .hugo import hugo_academic
from .jekyll import academicpages, al_folio
from .latex import latex_cv

# family: (page language, builder, share of sites, [(variant, held out)])
FAMILIES = {
    "al-folio": ("html", al_folio, 12, [("bib-year", False), ("bib-flat", False), ("bib-year-preview", False),
                                        ("bib-type", True), ("about-selected", True)]),
    "academicpages": ("html", academicpages, 10, [("archive", False), ("archive-nocite", False), ("cite-only", False),
                                                  ("archive-categories", True), ("manual-ol", True)]),
    "hugo-academic": ("html", hugo_academic, 12, [("list", False), ("citation-apa", False), ("card", False),
                                                  ("citation-mla", True), ("compact", True), ("home-featured", True)]),
    "quarto": ("html", quarto, 10, [("quarto-refs", False), ("quarto-sections", False),
                                    ("quarto-year", True), ("pandoc-standalone", True)]),
    "bibtex2html": ("html", bibtex2html, 8, [("table-plain", False), ("table-alpha", False), ("dl", False),
                                             ("year-split", True), ("abbrv-unsrt", True)]),
    "bib-templated": ("html", bib_templated, 6, [("raw-fields", False), ("clean-fields", False),
                                                 ("year-cards", True)]),
    "handwritten-html": ("html", handwritten_html, 18, [("ul-lines", False), ("ol-quoted", False), ("p-paras", False),
                                                        ("div-cards", False), ("csl-pasted", False), ("div-pfields", False),
                                                        ("table-year", True), ("dl", True), ("apa-cv", True),
                                                        ("bare-pfields", True)]),
    "handwritten-md": ("md", handwritten_md, 12, [("md-bullets", False), ("md-numbered", False), ("md-paras", False),
                                                  ("md-html-mixed", False), ("md-lines", False), ("md-table", True), ("md-csl", True)]),
    "latex-cv": ("tex", latex_cv, 14, [("moderncv-cventry", False), ("moderncv-cvitem", False), ("enumerate", False),
                                       ("itemize-year", False), ("pub-macro", False), ("description", False),
                                       ("res", False), ("item-blocks", False),
                                       ("awesome-cv", True), ("tabular", True), ("biblatex-fullcite", True)]),
}

# The dev set's template folders each family corresponds to.
DEV_FAMILY = {"al-folio": "al-folio", "academicpages": "academicpages", "hugo-academic": "hugo-academic",
              "quarto": "bib-generated", "bibtex2html": "bib-generated", "bib-templated": "bib-generated", "handwritten-html": "handwritten",
              "handwritten-md": "handwritten", "latex-cv": "latex-cv"}


def variants(family, split):
    vs = FAMILIES[family][3]
    if split == "train":
        return [v for v, h in vs if not h]
    if split == "heldout":
        return [v for v, h in vs if h]
    return [v for v, _ in vs]
