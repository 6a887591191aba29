// tests/checks/tidy/peer.js - bibtex-tidy 1.14.0 as a peer for citex tidy's
// checks: reads requests from stdin, one JSON array a line,
// [input file, output file, arg...], and writes to the output file what
// `bibtex-tidy ARGS < input` prints (nothing when it throws), then a line
// "ok" or "error: MESSAGE" on stdout.  One Node.js process for every run:
// bibtex-tidy's own command-line parser (argsToOptions) and tidy(), loaded
// from its published bin/bibtex-tidy without its start() call.
//
//   node peer.js DIR    (DIR: a bibtex-tidy 1.14.0 package, node_modules/bibtex-tidy)
"use strict";
const fs = require("fs");
const path = require("path");
const readline = require("readline");

const dir = process.argv[2];
let src = fs.readFileSync(path.join(dir, "bin", "bibtex-tidy"), "utf8");
src = src.replace(/^#!.*\n/, "").replace(/\nstart\(\);\s*$/, "\n");
const load = new Function("require", "process", "module", "exports",
	src + "\nreturn { argsToOptions, tidy, version };");
const bt = load(require, process, { exports: {} }, {});
if (bt.version !== "1.14.0")
	throw new Error("bibtex-tidy " + bt.version + ", not 1.14.0");

const rl = readline.createInterface({ input: process.stdin });
rl.on("line", (line) => {
	const [input, output, ...args] = JSON.parse(line);
	try {
		// As the CLI reads standard input: no trailing paths.
		const { options, unknownArgs } = bt.argsToOptions(args, true);
		if (unknownArgs.length)
			throw new Error("unknown option " + unknownArgs.join(", "));
		const text = fs.readFileSync(input, "utf8");
		fs.writeFileSync(output, bt.tidy(text, options).bibtex);
		process.stdout.write("ok\n");
	} catch (e) {
		fs.writeFileSync(output, "");
		process.stdout.write("error: " + String(e.message).split("\n")[0] + "\n");
	}
});
