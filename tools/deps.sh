#!/bin/sh
# tools/deps.sh [build|test|check]: the Debian packages citex needs.
#   build  those the build needs: flex, bison, libutf8proc-dev,
#          libexpat1-dev, libicu-dev, libyaml-dev, pkg-config, a C
#          compiler, make.
#          As root it installs what is missing; otherwise it prints the
#          exact apt-get line and fails.  make deps, and make seeds and
#          make check (the README's two set-up commands), run it.
#   test   the same for the above plus the real tools the checks run our
#          output through (bibtex with plain.bst, biber, pandoc, bibutils'
#          ris2xml), python3-jsonschema, groff for the manual, pdflatex
#          with biblatex for checks/aux.sh, keys.sh and typeset.sh,
#          pdftotext for typeset.sh, time for a peak-RSS guard, the CSL
#          styles and locales for cases/csl, GNU parallel for
#          checks/recipes.sh, and nodejs with npm, through which
#          tools/peers.sh installs Typst and pandoc 3.  make test-deps
#          runs both;
#          make check runs without them: their checks print "skip".
#   check  never installs: names the missing build packages and the
#          command that installs them, and fails.  Every other make goal
#          (make, make all, ...) runs it before building.
# Where dpkg-query is missing (not Debian) it only says so (build, test)
# or stays quiet (check), and the compiler has the last word.
set -u
mode=${1:-build}
need="flex bison libutf8proc-dev pkg-config gcc make"
need="$need libexpat1-dev libicu-dev" # the CSL processor: XML styles, collation
need="$need libyaml-dev" # CSL-YAML, Hayagriva and CITATION.cff
if [ "$mode" = test ]; then
	need="$need python3-jsonschema texlive-binaries texlive-base biber pandoc groff-base"
	need="$need texlive-latex-base texlive-latex-recommended texlive-bibtex-extra" # checks/aux.sh
	need="$need bibutils" # checks/peers.sh: ris2xml reads our RIS
	need="$need poppler-utils" # checks/typeset.sh: pdftotext
	need="$need time" # checks/pathological.sh: peak RSS
	need="$need citation-style-language-styles citation-style-language-locales" # cases/csl
	need="$need parallel" # checks/recipes.sh: the scale-out recipe
	need="$need nodejs npm" # tools/peers.sh: Typst and pandoc 3 for checks/consumers.sh
fi
if ! command -v dpkg-query >/dev/null 2>&1; then
	[ "$mode" = check ] || echo "citex: cannot check packages (not Debian?); need: $need" >&2
	exit 0
fi
# One query for all of them: a package dpkg does not know is missing too.
missing=$(dpkg-query -W -f='${Package} ${Status}\n' $need 2>/dev/null |
	awk '$NF == "installed" { ok[$1] = 1 }
	     END { n = split(want, w, " "); for (i = 1; i <= n; i++) if (!ok[w[i]]) printf " %s", w[i] }' want="$need")
[ -z "$missing" ] && exit 0
if [ "$mode" = check ]; then
	echo "citex: missing build packages:$missing" >&2
	if [ "$(id -u)" -eq 0 ]; then
		echo "citex: install them with: make deps" >&2
	else
		echo "citex: install them with: sudo make deps" >&2
	fi
	exit 1
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
