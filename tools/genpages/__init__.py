"""The page generator behind tools/gen_pages.py: bibliographies (pool, bib),
citations (csl, names, parts), page furniture (noise, words), the layout
families (families/), text forms (forms) and block positions (doc)."""
