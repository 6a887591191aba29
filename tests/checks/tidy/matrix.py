#!/usr/bin/env python3
"""tests/checks/tidy/matrix.py - citex tidy against bibtex-tidy 1.14.0 over
real bibliographies, under a matrix of option sets.

    matrix.py CITEX PEERDIR OUTDIR [--lossy] [--quick] FILE...

PEERDIR "-" runs no peer: only citex's idempotence is checked.

For every file and option set, bibtex-tidy (tests/checks/tidy/peer.js, one
Node.js process for all runs; its outputs are kept in OUTDIR/peer, named
by the file's bytes and the options, and made again only when missing) and `citex tidy` read the file on standard input.
The two outputs agree when they are equal byte for byte, or when both
refuse the file (bibtex-tidy throws, citex reports it does not parse).
Also checked: citex's output, tidied again, does not change (idempotence).

Prints one line per disagreement ("differ SET FILE" or "idem SET FILE"),
then "agree A of N (P %)", "idempotent I of M" and "refused R".
--lossy adds --lossy to citex's options (bibtex-tidy's output exactly);
--quick uses the first three option sets only.
"""
import hashlib
import json
import os
import subprocess
import sys

SETS = [
    [],
    ["--curly", "--numeric", "--months"],
    ["--sort", "--sort-fields"],
    ["--sort=-year,type,key", "--duplicates", "--merge"],
    ["--tab", "--no-align", "--blank-lines", "--trailing-commas"],
    ["--generate-keys", "--max-authors=3"],
    ["--no-tidy-comments", "--strip-enclosing-braces", "--drop-all-caps"],
    ["--wrap=82", "--enclosing-braces", "--remove-braces"],
    ["--no-escape", "--remove-empty-fields", "--encode-urls", "--space=4"],
    ["--strip-comments", "--no-lowercase", "--omit=abstract,keywords", "--no-remove-dupe-fields"],
]


def main():
    args = sys.argv[1:]
    lossy = "--lossy" in args
    quick = "--quick" in args
    args = [a for a in args if a not in ("--lossy", "--quick")]
    citex, peerdir, outdir, files = args[0], args[1], args[2], args[3:]
    sets = SETS[:3] if quick else SETS
    here = os.path.dirname(os.path.abspath(__file__))
    os.makedirs(os.path.join(outdir, "peer"), exist_ok=True)
    jobs = []
    digest = {}
    for f in files:
        with open(f, "rb") as fh:
            digest[f] = hashlib.sha1(fh.read()).hexdigest()
    for si, opts in enumerate(sets):
        for f in files:
            # The peer's output depends on the bytes and the options only.
            h = hashlib.sha1((digest[f] + "\0" + "\0".join(opts)).encode()).hexdigest()[:16]
            jobs.append((si, opts, f, os.path.join(outdir, "peer", h)))
    peer = peerdir != "-"
    todo = [j for j in jobs if peer and not os.path.exists(j[3] + ".status")]
    if todo:
        p = subprocess.Popen(["node", os.path.join(here, "peer.js"), peerdir], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
        for si, opts, f, out in todo:
            p.stdin.write(json.dumps([f, out] + opts) + "\n")
            p.stdin.flush()
            status = p.stdout.readline().strip()
            with open(out + ".status", "w") as s:
                s.write(status + "\n")
        p.stdin.close()
        p.wait()
    agree = idem = nidem = refused = 0
    extra = ["--lossy"] if lossy else []
    for si, opts, f, out in jobs:
        with open(f, "rb") as inp:
            r = subprocess.run([citex, "tidy"] + opts + extra, stdin=inp, capture_output=True)
        if r.returncode == 2:
            refused += 1
        if peer:
            status = open(out + ".status").read().strip()
            want = open(out, "rb").read()
            peer_failed = status != "ok"
            if r.returncode == 2 and peer_failed:
                agree += 1
            elif r.returncode == 0 and not peer_failed and r.stdout == want:
                agree += 1
            else:
                print("differ %d %s (citex %d, bibtex-tidy %s)" % (si, f, r.returncode, status),
                      flush=True)
        if r.returncode == 0:
            nidem += 1
            r2 = subprocess.run([citex, "tidy"] + opts + extra, input=r.stdout, capture_output=True)
            if r2.returncode == 0 and r2.stdout == r.stdout:
                idem += 1
            else:
                print("idem %d %s" % (si, f), flush=True)
    n = len(jobs)
    if peer:
        print("agree %d of %d (%.1f %%)" % (agree, n, 100.0 * agree / n))
    print("idempotent %d of %d" % (idem, nidem))
    print("refused %d" % refused)


main()
