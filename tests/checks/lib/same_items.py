"""Check that pandoc read our CSL-JSON back item for item: the same ids in
the same order, each with the same type and title.

usage: same_items.py OURS.json PANDOC.json"""
import json
import sys

ours = json.load(open(sys.argv[1], encoding="utf-8"))
back = json.load(open(sys.argv[2], encoding="utf-8"))
if len(ours) != len(back):
    sys.exit(f"{len(ours)} items written, pandoc read {len(back)}")
for a, b in zip(ours, back):
    for k in ("id", "type"):
        if a.get(k) != b.get(k):
            sys.exit(f"item {a.get('id')}: {k} {a.get(k)!r} came back as {b.get(k)!r}")
    if bool(a.get("title")) != bool(b.get("title")):
        sys.exit(f"item {a.get('id')}: title lost")
    if len(a.get("author", [])) != len(b.get("author", [])):
        sys.exit(f"item {a.get('id')}: {len(a.get('author', []))} authors became {len(b.get('author', []))}")
