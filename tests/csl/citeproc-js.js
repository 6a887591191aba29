// tests/csl/citeproc-js.js STYLE.csl ITEMS.json LOCALES_DIR [html|text] [LANG]
// The bibliography citeproc-js makes of ITEMS in STYLE, one entry a line,
// for comparison with citex -t html|text.  CSL_WHOLE=1: the whole
// bibliography as citeproc-js joins it; CSL_IDS=1: each entry's id first.  Needs npm's citeproc (NODE_PATH).
const fs = require('fs');
const CSL = require('citeproc');
const [styleFile, itemsFile, locDir, fmt = 'html', lang] = process.argv.slice(2);
// ITEMS "-": no items, the engine is only built (style loading alone)
const items = itemsFile === '-' ? [] : JSON.parse(fs.readFileSync(itemsFile, 'utf8'));
const byId = {};
for (const it of items) byId[it.id] = it;
const sys = {
  retrieveLocale: (l) => {
    const p = `${locDir}/locales-${l}.xml`;
    return fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : false;
  },
  retrieveItem: (id) => byId[id],
};
const engine = new CSL.Engine(sys, fs.readFileSync(styleFile, 'utf8'), lang);
engine.setOutputFormat(fmt);
if (!items.length) {
  process.stdout.write('engine ready\n');
  process.exit(0);
}
engine.updateItems(items.map((i) => i.id));
const [meta, entries] = engine.makeBibliography();
if (process.env.CSL_WHOLE) { // the whole bibliography, as citeproc-js joins it
  process.stdout.write(meta.bibstart + entries.join('') + meta.bibend + '\n');
  process.exit(0);
}
entries.forEach((e, i) => {
  const id = process.env.CSL_IDS ? meta.entry_ids[i] + '\t' : '';
  process.stdout.write(id + e.replace(/\n\s*/g, '').trim() + '\n');
});
