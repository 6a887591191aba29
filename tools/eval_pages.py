#!/usr/bin/python3
"""eval_pages.py: the cv reader's score on generated held-out pages, per
layout family and per text form, beside the same figures for the dev sites.

    tools/eval_pages.py [--out DIR] [--seed N] [--sites K] [--reuse] [--no-dev] [--jobs J]

Generates K held-out pages (tools/gen_pages.py --split heldout: held-out
styles, items, owners and layout variants) into DIR/pages unless --reuse
finds them there, then scores citex on each form of each page with
../shared/tools/score_cv.py homepages (its metric: the mean over gold items
of title, authors, year, venue and type, fields the page does not show left
out).  Forms: source (page.html, page.md or page.tex as it is), w80, w120,
w200 (w3m -dump -cols N), lynx (lynx -dump at the page's width), layout and
raw (pdftotext of the compiled LaTeX).  The dev sites get the same forms
(their w3m and lynx dumps are made here), so the two tables compare.

Writes DIR/scores.txt (the tables) and DIR/scores.json; prints the tables.
Prints "skip" and exits 0 when score_cv.py or the corpora are missing.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(ROOT, "..", "shared")
SCORE = os.path.join(SHARED, "tools", "score_cv.py")
DEV = os.path.join(SHARED, "corpora", "homepages-dev")
FORMS = ["source", "w80", "w120", "w200", "lynx", "layout", "raw"]
DEV_OF = {"quarto": "bib-generated", "bibtex2html": "bib-generated", "bib-templated": "bib-generated", "handwritten-html": "handwritten",
          "handwritten-md": "handwritten"}


def form_file(site, form, meta):
    """The file of SITE that FORM scores, or None."""
    names = os.listdir(site)
    if form == "source":
        if meta is not None and not meta.get("source_scorable", True):
            return None
        src = sorted(x for x in names if re.fullmatch(r"page\.(html|md|tex)", x))
        return src[0] if src else None
    if form == "lynx":
        m = sorted(x for x in names if re.fullmatch(r"page\.lynx\d+\.txt", x))
        return m[0] if m else None
    f = {"layout": "page.tex.layout.txt", "raw": "page.tex.raw.txt"}.get(form, "page.%s.txt" % form)
    return f if f in names else None


def make_view(root, view, form, fams):
    """VIEW/FAMILY/SITE/{page.EXT, gold.json}: one form of every page, as score_cv.py reads sites."""
    n = 0
    for fam in sorted(os.listdir(root)):
        fdir = os.path.join(root, fam)
        if not os.path.isdir(fdir) or (fams and fam not in fams):
            continue
        for site in sorted(os.listdir(fdir)):
            sdir = os.path.join(fdir, site)
            if not os.path.exists(os.path.join(sdir, "gold.json")):
                continue
            mp = os.path.join(sdir, "gold-blocks.json")
            meta = json.load(open(mp)) if os.path.exists(mp) else None
            f = form_file(sdir, form, meta)
            if f is None:
                continue
            ext = os.path.splitext(f)[1] if form == "source" else ".txt"
            d = os.path.join(view, fam, site)
            os.makedirs(d, exist_ok=True)
            os.symlink(os.path.abspath(os.path.join(sdir, f)), os.path.join(d, "page" + ext))
            os.symlink(os.path.abspath(os.path.join(sdir, "gold.json")), os.path.join(d, "gold.json"))
            n += 1
    return n


def dev_dumps(out, rng_seed=0):
    """The dev sites' pages and their w3m and lynx dumps, in DIR/dev/TEMPLATE/OWNER."""
    base = os.path.join(out, "dev")
    if os.path.isdir(base):
        return base
    for tpl in sorted(os.listdir(DEV)):
        tdir = os.path.join(DEV, tpl)
        if not os.path.isdir(tdir):
            continue
        for owner in sorted(os.listdir(tdir)):
            sdir = os.path.join(tdir, owner)
            pages = sorted(x for x in os.listdir(sdir) if x.startswith("page."))
            if not pages or not os.path.exists(os.path.join(sdir, "gold.json")):
                continue
            d = os.path.join(base, tpl, owner)
            os.makedirs(d, exist_ok=True)
            os.symlink(os.path.abspath(os.path.join(sdir, pages[0])), os.path.join(d, pages[0]))
            os.symlink(os.path.abspath(os.path.join(sdir, "gold.json")), os.path.join(d, "gold.json"))
            if pages[0].endswith(".html"):
                src = os.path.join(sdir, pages[0])
                for w in (80, 120, 200):
                    r = subprocess.run(["w3m", "-dump", "-T", "text/html", "-cols", str(w), src], capture_output=True)
                    open(os.path.join(d, "page.w%d.txt" % w), "wb").write(r.stdout)
                r = subprocess.run(["lynx", "-dump", "-force_html", "-width=100", "-display_charset=UTF-8", src], capture_output=True)
                open(os.path.join(d, "page.lynx100.txt"), "wb").write(r.stdout)
    return base


ROW = re.compile(r"^  = (\S+) \((\d+) sites?\)\s+items\s+(\d+) .*\| title\s+(\S+) authors\s+(\S+) year\s+(\S+) venue\s+(\S+) type\s+(\S+) \| score (\S+)")


def score(citex, view):
    py = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
    r = subprocess.run(["nice", py, SCORE, "homepages",
                        citex, view], capture_output=True, text=True)
    rows = {}
    for line in r.stdout.splitlines():
        m = ROW.match(line)
        if m:
            rows[m.group(1)] = {"sites": int(m.group(2)), "items": int(m.group(3)), "title": m.group(4),
                                "authors": m.group(5), "year": m.group(6), "venue": m.group(7),
                                "type": m.group(8), "score": float(m.group(9))}
    m = re.search(r"cv-score: (\S+)", r.stdout)
    mac = re.search(r"macro (\S+)", r.stdout)
    return rows, (float(m.group(1)) if m else None), (float(mac.group(1)) if mac else None), r.stdout


def table(title, results, families):
    forms = [f for f in FORMS if f in results]
    out = [title, "%-18s" % "family" + "".join("%9s" % f for f in forms)]
    for fam in families:
        cells = []
        for f in forms:
            row = results[f][0].get(fam)
            cells.append("%9s" % ("%.3f" % row["score"] if row else "-"))
        items = max((results[f][0].get(fam, {}).get("items", 0) for f in forms), default=0)
        out.append("%-18s" % fam + "".join(cells) + "   (%d items)" % items)
    out.append("%-18s" % "all (micro)" + "".join("%9s" % ("%.3f" % results[f][1] if results[f][1] is not None else "-") for f in forms))
    out.append("%-18s" % "all (macro)" + "".join("%9s" % ("%.3f" % results[f][2] if results[f][2] is not None else "-") for f in forms))
    return "\n".join(out)


def grouped(results, groups):
    """Item-weighted scores of family groups (the dev set's template folders)."""
    out = {}
    for f, (rows, micro, macro, _) in results.items():
        g = {}
        for fam, row in rows.items():
            k = groups.get(fam, fam)
            s = g.setdefault(k, [0.0, 0, 0])
            s[0] += row["score"] * row["items"]
            s[1] += row["items"]
            s[2] += row["sites"]
        out[f] = ({k: {"score": v[0] / v[1], "items": v[1], "sites": v[2]} for k, v in g.items() if v[1]}, micro, macro, "")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "eval-pages"))
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--sites", type=int, default=400)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--reuse", action="store_true", help="score the pages already in OUT/pages")
    ap.add_argument("--no-dev", action="store_true", help="leave the dev sites out")
    ap.add_argument("--citex", default=os.path.join(ROOT, "citex"))
    a = ap.parse_args()
    if not os.path.exists(SCORE) or not os.path.isdir(os.path.join(SHARED, "corpora")):
        print("skip eval-pages: %s or the shared corpora not found" % SCORE)
        return
    citex = os.path.abspath(a.citex)
    pages = os.path.join(a.out, "pages")
    if not (a.reuse and os.path.exists(os.path.join(pages, "manifest.json"))):
        shutil.rmtree(pages, ignore_errors=True)
        subprocess.run(["nice", sys.executable, os.path.join(ROOT, "tools", "gen_pages.py"), "--seed", str(a.seed),
                        "--out", pages, "--sites", str(a.sites), "--split", "heldout", "--jobs", str(a.jobs),
                        "--citex", citex], check=True)
    views = os.path.join(a.out, "views")
    shutil.rmtree(views, ignore_errors=True)
    jobs = []
    for f in FORMS:
        if make_view(pages, os.path.join(views, "gen", f), f, None):
            jobs.append(("gen", f))
    if not a.no_dev and os.path.isdir(DEV):
        dev = dev_dumps(a.out)
        for f in FORMS:
            if make_view(dev, os.path.join(views, "dev", f), f, None):
                jobs.append(("dev", f))
    with ThreadPoolExecutor(a.jobs) as ex:
        res = list(ex.map(lambda j: (j, score(citex, os.path.join(views, j[0], j[1]))), jobs))
    gen = {f: r for (s, f), r in res if s == "gen"}
    dev = {f: r for (s, f), r in res if s == "dev"}
    fams = sorted({fam for r in gen.values() for fam in r[0]})
    text = [table("held-out generated pages (seed %d, %d sites): cv-score by family and form" % (a.seed, a.sites), gen, fams)]
    if dev:
        g2 = grouped(gen, DEV_OF)
        tpls = sorted({t for r in dev.values() for t in r[0]})
        text.append(table("the same, families grouped as the dev set's templates", g2, tpls))
        text.append(table("dev sites (../shared/corpora/homepages-dev), all 36, same forms", dev, tpls))
    report = "\n\n".join(text)
    print(report)
    with open(os.path.join(a.out, "scores.txt"), "w") as f:
        f.write(report + "\n")
        for (s, form), r in res:
            f.write("\n### %s %s\n%s" % (s, form, r[3]))
    with open(os.path.join(a.out, "scores.json"), "w") as f:
        json.dump({"seed": a.seed, "sites": a.sites, "gen": {k: v[:3] for k, v in gen.items()},
                   "dev": {k: v[:3] for k, v in dev.items()}}, f, indent=1)


if __name__ == "__main__":
    main()
