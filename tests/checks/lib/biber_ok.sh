#!/bin/sh
# biber_ok.sh FILE.bib: biber --tool reads the file with 0 errors and 0
# warnings about the data.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cp "$1" "$d/in.bib"
cd "$d" || exit 1
biber --tool --quiet --output-file=out.bib in.bib >log.txt 2>&1
rc=$?
if [ $rc -ne 0 ] || grep -E '^(ERROR|WARN) ' log.txt | grep -v 'Duplicate entry key' >/dev/null; then
	cat log.txt
	exit 1
fi
exit 0
