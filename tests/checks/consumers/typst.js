// typst.js DIR FILE...: Typst (the typst-ts-node-compiler npm package, a
// test peer found under $CITEX_PEERS/node_modules) compiles a document whose
// #bibliography() reads each FILE of DIR in full; prints "ok FILE" or
// "FAIL FILE" and Typst's errors, one file at a time.
const path = require('path');
const peers = process.env.CITEX_PEERS;
const { NodeCompiler } = require(path.join(peers, 'node_modules', '@myriaddreamin', 'typst-ts-node-compiler'));
const dir = process.argv[2];
const compiler = NodeCompiler.create({ workspace: dir });
let failed = 0;
for (const file of process.argv.slice(3)) {
	const main = '#set page(width: 16cm, height: auto)\n#bibliography("' + file + '", full: true)\n';
	const res = compiler.compile({ mainFileContent: main });
	if (res.hasError()) {
		failed++;
		console.log('FAIL ' + file);
		res.printErrors();
		continue;
	}
	compiler.plainSvg(res.result); // lay the bibliography out
	console.log('ok ' + file);
}
process.exit(failed ? 1 : 0);
