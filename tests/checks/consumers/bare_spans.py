#!/usr/bin/env python3
"""bare_spans.py: HTML on standard input without its bare <span> elements
(no attributes), their content kept; other spans stay as they are."""
import re
import sys

html = sys.stdin.read()
out, stack, i = [], [], 0
for m in re.finditer(r'<span(\s[^>]*)?>|</span>', html):
    out.append(html[i:m.start()])
    i = m.end()
    if m.group(0).startswith('</'):
        if stack and stack.pop():
            out.append(m.group(0))
    else:
        bare = m.group(1) is None
        stack.append(not bare)
        if not bare:
            out.append(m.group(0))
out.append(html[i:])
sys.stdout.write(''.join(out))
