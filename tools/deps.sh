#!/bin/sh
# tools/deps.sh [build|test]: make sure the Debian packages citex needs are
# installed.  As root it installs what is missing; otherwise it prints the
# exact apt-get line and fails.
#   build: flex, bison, libutf8proc-dev, libexpat1-dev, libicu-dev,
#          libyaml-dev, pkg-config, a C compiler, make
#   test:  the above, plus the real tools the checks run our output
#          through (bibtex with plain.bst, biber, pandoc, bibutils' ris2xml),
#          python3-jsonschema, groff for the manual, pdflatex with biblatex
#          for checks/aux.sh, keys.sh and typeset.sh, pdftotext for
#          typeset.sh, time for a peak-RSS guard, the CSL styles and
#          locales for cases/csl, and GNU parallel for checks/recipes.sh.
#          make check runs without them: their checks print "skip".
set -u
need="flex bison libutf8proc-dev pkg-config gcc make"
need="$need libexpat1-dev libicu-dev" # the CSL processor: XML styles, collation
need="$need libyaml-dev" # CSL-YAML, Hayagriva and CITATION.cff
if [ "${1:-build}" = test ]; then
	need="$need python3-jsonschema texlive-binaries texlive-base biber pandoc groff-base"
	need="$need texlive-latex-base texlive-latex-recommended texlive-bibtex-extra" # checks/aux.sh
	need="$need bibutils" # checks/peers.sh: ris2xml reads our RIS
	need="$need poppler-utils" # checks/typeset.sh: pdftotext
	need="$need time" # checks/pathological.sh: peak RSS
	need="$need citation-style-language-styles citation-style-language-locales" # cases/csl
	need="$need parallel" # checks/recipes.sh: the scale-out recipe
fi
missing=
for p in $need; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if ! command -v dpkg-query >/dev/null 2>&1; then
	echo "citex: cannot check packages (not Debian?); need:$missing" >&2
	exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
	echo "citex: installing:$missing" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >&2 && apt-get install -y -qq --no-install-recommends $missing >&2
	exit $?
fi
echo "citex: missing packages; run:" >&2
echo "  sudo apt-get install -y --no-install-recommends$missing" >&2
exit 1
