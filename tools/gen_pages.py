#!/usr/bin/python3
"""gen_pages.py: publication-list pages made the way real generators make them,
with their gold records, for training and measuring citex's cv reader.

    tools/gen_pages.py --seed N --out DIR --sites K [--family F] [--split train|heldout|all]
                       [--jobs J] [--citex PATH] [--shared DIR] [--forms source|all]

writes DIR/FAMILY/SITE/ with
    page.html | page.md | page.tex     the page as its generator writes it
    page.w80.txt page.w120.txt page.w200.txt page.lynxW.txt
                                       an HTML page dumped by w3m -dump -cols N and lynx -dump -width W
    page.tex.layout.txt page.tex.raw.txt
                                       a LaTeX CV compiled by pdflatex, read by pdftotext -layout / -raw
    gold.json                          the items in page order, as CSL-JSON, in the form of
                                       ../shared/corpora/homepages-dev (_hidden, _author_initials, _venue_short)
    gold-blocks.json                   where each item, heading and piece of furniture starts and ends
                                       in the source and in each text form (1-based lines)
and DIR/manifest.json (the sites, their family, variant, style and split).

The same seed, site count, family and split give the same pages, whatever
--jobs.  ../shared/tools/score_cv.py homepages scores DIR directly (page.* in
sort order puts the source first); tools/eval_pages.sh scores each text form.
"""

import argparse
import json
import multiprocessing
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from genpages import forms as F                               # noqa: E402
from genpages.bib import Bibliography, n_items                 # noqa: E402
from genpages.csl import Styles, shown_gold                    # noqa: E402
from genpages.doc import Doc, locate                           # noqa: E402
from genpages.families import DEV_FAMILY, FAMILIES, variants   # noqa: E402
from genpages.families.common import Ctx                       # noqa: E402
from genpages.pool import Pool, load_items, load_venues        # noqa: E402
from genpages.util import slug                                 # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXT = {"html": "page.html", "md": "page.md", "tex": "page.tex"}
STATE = {}


def pick_family(rng, only):
    if only:
        return only
    fams = sorted(FAMILIES)
    total = sum(FAMILIES[f][2] for f in fams)
    x = rng.random() * total
    for f in fams:
        x -= FAMILIES[f][2]
        if x < 0:
            return f
    return fams[-1]


def block_record(b, span):
    r = {"kind": b["kind"]}
    if span:
        r["first"], r["last"] = span
    else:
        r["first"] = r["last"] = None
    for k in ("index", "hkind", "okind", "label"):
        if k in b:
            r[{"hkind": "heading", "okind": "other", "label": "text"}.get(k, k)] = b[k]
    return r


def close_open_ends(blocks, spans, text):
    """Blocks whose end is not known (biblatex's typeset items) end where the
    next located block starts, less blank lines."""
    lines = text.split("\n")
    for n, b in enumerate(blocks):
        if not b.get("open_end") or not spans[n]:
            continue
        nxt = next((spans[m][0] for m in range(n + 1, len(blocks)) if spans[m]), len(lines) + 1)
        end = nxt - 1
        while end > spans[n][0] and not lines[end - 1].strip():
            end -= 1
        spans[n] = (spans[n][0], end)


def form_record(blocks, spans, file, tool):
    rec = {"file": file, "tool": tool, "items": [], "headings": [], "other": []}
    for b, s in zip(blocks, spans):
        r = block_record(b, s)
        if b.get("invisible") and not s:
            r["invisible"] = True
        if b["kind"] == "item":
            rec["items"].append([r["first"], r["last"]] if s else None)
        elif b["kind"] == "heading":
            rec["headings"].append(r)
        else:
            rec["other"].append(r)
    rec["missing"] = sum(1 for b, s in zip(blocks, spans) if s is None and not b.get("invisible"))
    return rec


def build_site(i):
    """Generate site I; returns its manifest row (or None when no attempt succeeded)."""
    a = STATE["args"]
    pool, styles = STATE["pool"], STATE["styles"]
    t0 = time.time()
    for attempt in range(6):
        rng = random.Random("%d:%d:%d:%s" % (a.seed, i, attempt, a.split))
        family = pick_family(rng, a.family)
        lang, builder, _, _ = FAMILIES[family]
        vs = variants(family, a.split)
        variant = rng.choice(vs)
        bib = Bibliography(rng, pool, a.split, n_items(rng), latin=(lang == "tex"))
        ctx = Ctx(rng, bib, pool, styles, a.citex, family, variant, a.split)
        doc = Doc(lang)
        if builder(ctx, doc) is False:
            continue
        src = doc.text()
        text_forms = []
        if a.forms == "all":
            if lang == "html":
                import tempfile
                with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False, encoding="utf-8") as f:
                    f.write(src)
                try:
                    text_forms = F.html_forms(f.name, rng)
                finally:
                    os.unlink(f.name)
            elif lang == "tex":
                text_forms = F.compile_tex(src, ctx.meta.get("bib"), ctx.meta.get("biblatex", False))
        if ctx.meta.get("biblatex"):
            if not text_forms:
                continue
            raw = dict((f[0], f[3]) for f in text_forms)["raw"]
            spans = locate(raw, doc.blocks)
            close_open_ends(doc.blocks, spans, raw)
            lines = raw.split("\n")
            ok = True
            for b, s in zip(doc.blocks, spans):
                if b["kind"] == "item":
                    g = ctx.gold[b["index"]]
                    if not s:
                        ok = False
                        break
                    chunk = " ".join(lines[s[0] - 1:s[1]])
                    ctx.gold[b["index"]] = shown_gold(bib.items[g["_pending"]], chunk)
            if not ok:
                continue
        site = "%s-%05d-%s" % (variant, i, slug(bib.highlight(), 20))
        d = os.path.join(a.out, family, site)
        os.makedirs(d, exist_ok=True)
        page = EXT[lang]
        with open(os.path.join(d, page), "w", encoding="utf-8") as f:
            f.write(src)
        if ctx.meta.get("bib"):
            with open(os.path.join(d, "pubs.bib"), "w", encoding="utf-8") as f:
                f.write(ctx.meta["bib"])
        with open(os.path.join(d, "gold.json"), "w", encoding="utf-8") as f:
            json.dump(ctx.gold, f, ensure_ascii=False, indent=1)
            f.write("\n")
        fr = {"source": form_record(doc.blocks, [(b["first"], b["last"]) for b in doc.blocks], page, "source")}
        for form, fname, tool, text in text_forms:
            with open(os.path.join(d, fname), "w", encoding="utf-8") as f:
                f.write(text)
            spans = locate(text, doc.blocks)
            close_open_ends(doc.blocks, spans, text)
            fr[form] = form_record(doc.blocks, spans, fname, tool)
        o = bib.owner
        meta = {"family": family, "dev_family": DEV_FAMILY[family], "variant": variant, "split": a.split,
                "seed": a.seed, "site": i, "attempt": attempt, "style": ctx.style,
                "owner": {k: v for k, v in o.items()}, "real_owner": bib.real_owner, "cs": bib.cs,
                "items": len(ctx.gold), "source_scorable": ctx.meta.get("source_scorable", True), "forms": fr}
        with open(os.path.join(d, "gold-blocks.json"), "w", encoding="utf-8") as f:
            json.dump(meta, f, ensure_ascii=False, indent=1)
            f.write("\n")
        return {"path": "%s/%s" % (family, site), "family": family, "variant": variant, "style": ctx.style,
                "items": len(ctx.gold), "forms": sorted(fr), "source_scorable": meta["source_scorable"],
                "seconds": round(time.time() - t0, 2)}
    return None


def init_worker(state):
    STATE.update(state)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True)
    ap.add_argument("--sites", type=int, default=100)
    ap.add_argument("--family", choices=sorted(FAMILIES))
    ap.add_argument("--split", choices=("train", "heldout", "all"), default="train")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--forms", choices=("all", "source"), default="all")
    ap.add_argument("--citex", default=os.path.join(ROOT, "citex"))
    ap.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    a = ap.parse_args()
    a.citex = os.path.abspath(a.citex)
    if not os.access(a.citex, os.X_OK):
        sys.exit("gen_pages: %s is not an executable citex (make PGO=0 first)" % a.citex)
    t0 = time.time()
    items = load_items(a.citex, a.shared)
    if not items:
        sys.exit("gen_pages: no items from %s/corpora" % a.shared)
    pool = Pool(items, load_venues(ROOT))
    styles = Styles()
    missing = [t for t in ("w3m", "lynx", "pdflatex", "pdftotext") if not F.have(t)]
    if missing and a.forms == "all":
        print("gen_pages: %s missing: those text forms are skipped" % ", ".join(missing), file=sys.stderr)
    state = {"args": a, "pool": pool, "styles": styles}
    os.makedirs(a.out, exist_ok=True)
    if a.jobs > 1:
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(a.jobs, initializer=init_worker, initargs=(state,)) as p:
            rows = p.map(build_site, range(a.sites), chunksize=1)
    else:
        init_worker(state)
        rows = [build_site(i) for i in range(a.sites)]
    rows = [r for r in rows if r]
    with open(os.path.join(a.out, "manifest.json"), "w", encoding="utf-8") as f:
        json.dump({"seed": a.seed, "split": a.split, "family": a.family, "sites": rows}, f, indent=1)
        f.write("\n")
    n = sum(r["items"] for r in rows)
    print("gen_pages: %d sites, %d items in %s (%.0f s; pool %d items, %d styles)" %
          (len(rows), n, a.out, time.time() - t0, len(items), len(styles.parent)), file=sys.stderr)


if __name__ == "__main__":
    main()
