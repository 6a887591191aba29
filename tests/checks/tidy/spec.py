#!/usr/bin/env python3
"""tests/checks/tidy/spec.py - bibtex-tidy 1.14.0's own test cases against
citex tidy.

    spec.py CITEX CASES.json

cases.json (../shared/corpora/bibtex-tidy-spec, MIT) holds, for each case,
bibtex-tidy's arguments, the input it reads on standard input and what it
prints.  Prints "N of M (P %)" for citex tidy with the same arguments, then
the same with --lossy, then the name of each case that differs.
"""
import json
import subprocess
import sys


def run(citex, cases, extra):
    bad = []
    for c in cases:
        r = subprocess.run([citex, "tidy"] + c["args"] + extra, input=c["input"].encode(),
                           capture_output=True)
        if r.stdout != c["expected"].encode():
            bad.append(c["name"])
    return bad


def main():
    citex, path = sys.argv[1], sys.argv[2]
    cases = json.load(open(path, encoding="utf-8"))["cases"]
    n = len(cases)
    plain = run(citex, cases, [])
    lossy = run(citex, cases, ["--lossy"])
    for bad in (plain, lossy):
        print("%d of %d (%.1f %%)" % (n - len(bad), n, 100.0 * (n - len(bad)) / n))
    for name in plain:
        print("differs: " + name)
    for name in lossy:
        print("differs with --lossy: " + name)


main()
