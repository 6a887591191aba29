// pandoc3.mjs BIB FORMAT: the bibliography pandoc 3 (the pandoc-wasm npm
// package, a test peer under $CITEX_PEERS/node_modules) renders of every
// item of BIB, in FORMAT (html, plain), on standard output.
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
const { convert } = await import(join(process.env.CITEX_PEERS, 'node_modules', 'pandoc-wasm', 'src', 'index.node.js'));
const bib = process.argv[2], to = process.argv[3] || 'html';
const name = basename(bib);
const files = { [name]: readFileSync(bib, 'utf8') };
const doc = '---\nnocite: "[@*]"\n---\n';
const r = await convert({ from: 'markdown', to, citeproc: true, bibliography: [name] }, doc, files);
if (r.stderr) process.stderr.write(r.stderr);
process.stdout.write(r.stdout);
