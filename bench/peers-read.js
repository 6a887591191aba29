// bench/peers-read.js FORMAT FILE: citation-js reads FILE (our CSL-JSON or
// our RIS) and prints what it made of it as CSL-JSON.
const { Cite, plugins } = require('@citation-js/core');
require('@citation-js/plugin-csl');
require('@citation-js/plugin-ris');
const fs = require('fs');
const [fmt, file] = process.argv.slice(2);
const text = fs.readFileSync(file, 'utf8');
const data = fmt === 'ris' ? plugins.input.chain(text, { forceType: '@ris/file' })
                           : JSON.parse(text);
console.log(JSON.stringify(new Cite(data).data, null, 1));
