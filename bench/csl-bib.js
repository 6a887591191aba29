// bench/csl-bib.js STYLE.csl ITEMS.json LOCALES_DIR: citeproc-js makes the
// HTML bibliography of every item (the work citex -t html does).  With
// ITEMS "-" it only builds the engine: style loading alone.
const fs = require('fs');
const CSL = require('citeproc');
const [styleFile, itemsFile, locDir] = process.argv.slice(2);
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
const engine = new CSL.Engine(sys, fs.readFileSync(styleFile, 'utf8'));
if (items.length) {
  engine.updateItems(items.map((i) => i.id));
  const [meta, entries] = engine.makeBibliography();
  process.stdout.write(meta.bibstart + entries.join('') + meta.bibend);
} else {
  process.stdout.write('engine ready\n');
}
