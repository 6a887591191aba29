#!/bin/sh
# bench/stream.sh: the large XML exports stream.  Builds a PubMed XML file of
# about 100 MB by repeating the real records of the PubMed cases
# (tests/cases/pubmed-xml: Biopython's PubMed records and a book) and an
# EndNote XML file by repeating tests/cases/endnote-xml's records, then
# converts each to BibTeX and to CSL-JSON, printing the wall time and the
# peak RSS.  Not part of make check.
#
#   sh bench/stream.sh [MB]
#
# A reader that held the file, its tree or its records would grow with MB;
# these hold one record at a time, so the figure stays that of a small file.
set -u
here=$(cd "$(dirname "$0")" && pwd)
CITEX=${CITEX:-$here/../citex}
MB=${1:-100}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
# build FILE HEAD TAIL RECORDS...: HEAD, the records again and again up to
# MB, TAIL.
build() {
	out=$1 head=$2 tail=$3
	shift 3
	cat "$@" >"$d/one"
	size=$(stat -c %s "$d/one")
	n=$((MB * 1048576 / size + 1))
	{
		printf '%s\n' "$head"
		i=0
		while [ $i -lt $n ]; do
			cat "$d/one"
			i=$((i + 1))
		done
		printf '%s\n' "$tail"
	} >"$out"
}
C=$here/../tests/cases
sed -n '/<PubmedArticle>/,/<\/PubmedArticle>/p;/<PubmedBookArticle>/,/<\/PubmedBookArticle>/p' \
	"$C/pubmed-xml/biopython.xml" "$C/pubmed-xml/book.xml" | grep -v UnknownBookElement \
	| sed 's/<\/PubmedArticleSet>//' >"$d/pm"
build "$d/pubmed.xml" '<?xml version="1.0"?><PubmedArticleSet>' '</PubmedArticleSet>' "$d/pm"
tr -d '\n' <"$C/endnote-xml/zotero.xml" | sed 's/.*<records>//; s/<\/records>.*//' >"$d/en"
build "$d/endnote.xml" '<?xml version="1.0" encoding="UTF-8"?><xml><records>' '</records></xml>' "$d/en"
printf '%-16s %5s %8s %8s %10s\n' input MB records wall "peak RSS"
for f in pubmed endnote; do
	mb=$(awk -v s="$(stat -c %s "$d/$f.xml")" 'BEGIN { printf "%.0f", s / 1048576 }')
	for t in bibtex csl-json; do
		/usr/bin/time -f '%e %M' -o "$d/t" "$CITEX" -q -t "$t" "$d/$f.xml" >"$d/out" 2>"$d/err"
		set -- $(tail -1 "$d/t")
		n=$(grep -c '^@\|^  {$' "$d/out")
		printf '%-16s %5s %8s %7ss %7.1f MB\n' "$f>$t" "$mb" "$n" "$1" "$(echo "$2" | awk '{ print $1 / 1024 }')"
	done
done
