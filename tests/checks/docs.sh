#!/bin/sh
# checks/docs.sh - the documentation says what citex does:
#   - every option `citex --help` lists is in citex.1 and in docs/guide.md,
#     and every option `citex tidy --help` lists in citex.1's CITEX TIDY
#     section and in docs/tidy.md;
#   - README.md is at most 300 lines and starts with its two set-up
#     commands (make seeds > refs.bib, make check);
#   - every relative link and #anchor in README.md and docs/*.md resolves;
#   - every "DESIGN N" a comment in src/, tools/ or tests/ cites is a
#     numbered section of docs/design.md;
#   - the field table of docs/formats.md is src/model/fields.def's, and its
#     tables of the database and tool formats formats.def's and
#     format_types.def's.
# `sh tests/checks/docs.sh --field-table` prints the first table,
# `--format-tables` the rows of the others.
field_table() { # the markdown rows of src/model/fields.def
	awk -F'"' '/^CX_FIELD\(/ {
		n = split($0, a, ",")
		k = a[n]; sub(/\).*/, "", k); gsub(/[ \t]/, "", k); sub(/^CX_K_/, "", k)
		printf "| `%s` | `%s` | %s | %s | %s |\n", $2, $4, ($6 == "" ? "–" : "`" $6 "`"),
			($8 == "" ? "–" : "`" $8 "`"), tolower(k)
	}' "$1/src/model/fields.def"
}
# The rows of the database and tool formats' tables: src/model/formats.def
# (key, field, how, kept as, note), then format_types.def (name, type, CSL
# type), each row led by the format's -f name.
format_tables() {
	awk '
	function fmtname(f) {
		if (f == "ENDNOTEXML") return "endnote-xml"
		if (f == "PUBMED") return "pubmed-xml"
		return tolower(f)
	}
	# the quoted strings of a row, in order, into q[1..n]
	function quoted(line,   n, i, c, cur, inq) {
		n = 0; inq = 0; cur = ""
		for (i = 1; i <= length(line); i++) {
			c = substr(line, i, 1)
			if (inq && c == "\\") { cur = cur substr(line, i + 1, 1); i++; continue }
			if (c == "\"") { if (inq) q[++n] = cur; inq = !inq; cur = ""; continue }
			if (inq) cur = cur c
		}
		return n
	}
	FILENAME ~ /fields.def$/ && /^CX_FIELD\(/ {
		split($0, a, "[(,]"); id = a[2]; gsub(/ /, "", id)
		quoted($0); name[id] = q[1]; next
	}
	FILENAME ~ /formats.def$/ && /^CX_MAP\(/ {
		quoted($0)
		split($0, a, "[(,]"); f = a[2]; fld = a[4]; how = a[5]
		gsub(/ /, "", fld); gsub(/ /, "", how)
		printf "| %s | `%s` | %s | %s | %s | %s |\n", fmtname(f), q[1],
			(fld == "UNKNOWN" ? "–" : "`" name[fld] "`"), tolower(how),
			(q[2] == "" ? "" : "`" q[2] "`"), q[3]
		next
	}
	FILENAME ~ /format_types.def$/ && /^CX_FTYPE\(/ {
		quoted($0)
		split($0, a, "[(,]"); f = a[2]; t = a[4]; gsub(/ /, "", t)
		printf "| %s | %s | %s | %s |\n", fmtname(f), q[1], tolower(t), (q[2] == "" ? "" : q[2])
	}' "$1/src/model/fields.def" "$1/src/model/formats.def" "$1/src/model/format_types.def"
}
if [ "${1:-}" = --field-table ]; then
	field_table "$(cd "$(dirname "$0")/../.." && pwd)"
	exit 0
fi
if [ "${1:-}" = --format-tables ]; then
	format_tables "$(cd "$(dirname "$0")/../.." && pwd)"
	exit 0
fi
. "$(dirname "$0")/lib/common.sh"
cd "$ROOT" || exit 2

# ---- options -------------------------------------------------------------
"$CITEX" --help >"$tmp/help" 2>&1
# An option line starts with blanks and a dash: "  -f, --from FMT", "      --ascii".
grep -E '^ +-' "$tmp/help" | grep -oE '(^|[ ,])--?[a-z][a-z-]*' | tr -d ' ,' | sort -u >"$tmp/opts"
if [ "$(wc -l <"$tmp/opts")" -lt 10 ]; then
	fail "citex --help lists its options" "$tmp/help"
fi
sed 's/\\-/-/g; s/\\f[BIRP]//g' citex.1 >"$tmp/man"
for opt in $(cat "$tmp/opts"); do
	case $opt in
	--*) re="(^|[^a-z-])$opt([^a-z-]|$)" ;;
	*) re="(^|[^a-zA-Z0-9-])$opt([^a-zA-Z0-9-]|$)" ;;
	esac
	for doc in citex.1 docs/guide.md; do
		f=$doc
		[ "$doc" = citex.1 ] && f=$tmp/man
		if grep -qE -- "$re" "$f" 2>/dev/null; then
			ok "$doc documents $opt"
		else
			fail "$doc documents $opt (citex --help lists it)"
		fi
	done
done
# citex tidy's options: in the manual's CITEX TIDY section and docs/tidy.md.
"$CITEX" tidy --help >"$tmp/thelp" 2>&1
# The options of a line end where its description starts, at two spaces.
grep -E '^ +-' "$tmp/thelp" | sed -E 's/^ +//; s/  .*//' |
	grep -oE '(^|[ ,])--?[a-z][a-z0-9-]*' | tr -d ' ,' | sort -u >"$tmp/topts"
sed -n '/^\.SH "CITEX TIDY"/,/^\.SH [^"]/p' "$tmp/man" >"$tmp/tman"
for doc in citex.1 docs/tidy.md; do
	f=docs/tidy.md
	[ "$doc" = citex.1 ] && f=$tmp/tman
	: >"$tmp/tmissing"
	for opt in $(cat "$tmp/topts"); do
		grep -qE -- "(^|[^a-zA-Z0-9-])$opt([^a-zA-Z0-9-]|$)" "$f" || echo "$opt" >>"$tmp/tmissing"
	done
	if [ "$(wc -l <"$tmp/topts")" -lt 30 ]; then
		fail "citex tidy --help lists its options" "$tmp/thelp"
	elif [ -s "$tmp/tmissing" ]; then
		fail "$doc documents every option of citex tidy --help" "$tmp/tmissing"
	else
		ok "$doc documents the $(wc -l <"$tmp/topts") options of citex tidy --help"
	fi
done
# Every input and output format the help names is in both as well.
for fmt in $(sed -n 's/.*--from FMT *\([a-z|-]*\).*/\1/p; s/.*--to FMT *\([a-z|-]*\).*/\1/p' "$tmp/help" | tr '|' ' '); do
	for doc in citex.1 docs/guide.md; do
		f=$doc
		[ "$doc" = citex.1 ] && f=$tmp/man
		grep -qw -- "$fmt" "$f" || fail "$doc names the format $fmt"
	done
done

# ---- the README ----------------------------------------------------------
n=$(wc -l <README.md)
if [ "$n" -le 300 ]; then ok "README.md is at most 300 lines ($n)"; else
	fail "README.md is at most 300 lines ($n)"; fi
# The first lines after the title: a block that makes the seeds, then checks.
awk 'NR > 12 { exit } /^```/ { if (inb) exit; inb = 1; next } inb { print }' README.md |
	sed 's/#.*//; s/[ \t]*$//' | grep . >"$tmp/setup"
printf 'make seeds > refs.bib\nmake check\n' >"$tmp/setup.want"
sed 's/[ \t][ \t]*/ /g' "$tmp/setup" >"$tmp/setup.got"
same "README.md starts with make seeds > refs.bib and make check" "$tmp/setup.want" "$tmp/setup.got"

# ---- links and anchors ---------------------------------------------------
# anchors FILE: the GitHub anchors of FILE's headings, one a line.
anchors() {
	awk '/^```/ { inb = !inb; next } !inb && /^#+ / {
		h = $0; sub(/^#+ +/, "", h); h = tolower(h)
		gsub(/[^a-z0-9 _-]/, "", h); gsub(/ /, "-", h)
		if (seen[h]++) h = h "-" (seen[h] - 1)
		print h
	}' "$1"
}
for doc in README.md docs/*.md; do
	[ -f "$doc" ] || continue
	dir=$(dirname "$doc")
	: >"$tmp/bad"
	# [text](target) outside code blocks and code spans
	awk '/^```/ { inb = !inb; next } !inb { gsub(/`[^`]*`/, ""); print }' "$doc" |
		grep -oE '\]\([^)[:space:]]+\)' | sed 's/^](//; s/)$//' | sort -u >"$tmp/links"
	while IFS= read -r link; do
		case $link in http:* | https:* | mailto:*) continue ;; esac
		file=${link%%#*}
		anchor=
		case $link in *"#"*) anchor=${link#*#} ;; esac
		if [ -z "$file" ]; then target=$doc; else target=$dir/$file; fi
		if [ ! -e "$target" ]; then
			case $target in
			*/docs/api.md | docs/api.md | docs/../docs/api.md)
				skip "$doc links $link" "docs/api.md is not in this tree yet" ;;
			*) echo "$link: no $target" >>"$tmp/bad" ;;
			esac
			continue
		fi
		if [ -n "$anchor" ]; then
			case $target in
			*.md) anchors "$target" | grep -qxF -- "$anchor" ||
				echo "$link: no heading #$anchor in $target" >>"$tmp/bad" ;;
			esac
		fi
	done <"$tmp/links"
	if [ -s "$tmp/bad" ]; then fail "$doc: every link resolves" "$tmp/bad"; else
		ok "$doc: every link resolves"; fi
done

# ---- DESIGN N in the source ----------------------------------------------
grep -oE '^## [0-9]+\.' docs/design.md | tr -dc '0-9\n' >"$tmp/sections"
grep -rnoE 'DESIGN( section| §)? ?[0-9]+' src tools tests 2>/dev/null |
	grep -v '^tests/checks/docs.sh:' >"$tmp/cites"
: >"$tmp/bad"
while IFS= read -r c; do
	n=$(echo "${c##*:}" | tr -dc '0-9')
	grep -qx "$n" "$tmp/sections" || echo "$c: docs/design.md has no section $n" >>"$tmp/bad"
done <"$tmp/cites"
if [ -s "$tmp/bad" ]; then fail "every DESIGN N cited is a section of docs/design.md" "$tmp/bad"
else ok "every DESIGN N cited is a section of docs/design.md ($(wc -l <"$tmp/cites") citations)"; fi

# ---- the field table -----------------------------------------------------
field_table "$ROOT" >"$tmp/fields.want"
grep -E '^\| `[a-z]+` \| `' docs/formats.md >"$tmp/fields.got"
same "docs/formats.md's field table is src/model/fields.def" "$tmp/fields.want" "$tmp/fields.got"
# (in any order: the page groups them by format)
format_tables "$ROOT" | LC_ALL=C sort >"$tmp/maps.want"
grep -E '^\| (nbib|isi|endnote|endnote-xml|pubmed-xml|mods|cff|hayagriva) \|' docs/formats.md |
	LC_ALL=C sort >"$tmp/maps.got"
same "docs/formats.md's format tables are src/model/formats.def and format_types.def" \
	"$tmp/maps.want" "$tmp/maps.got"
done_checks
