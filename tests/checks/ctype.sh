#!/bin/sh
# checks/ctype.sh - src/ classifies bytes itself: no #include <ctype.h>
# and no call of a <ctype.h> function (isalpha, isspace, tolower, ...).
# Those depend on the C locale, which the caller of a library owns, and
# on a byte of a multi-byte UTF-8 character a locale's answer only does
# harm; core/str.h has the ASCII classifiers that do not (str_space,
# str_alpha, str_lower, ...).  Comments and string literals are not
# looked at, so a comment may name the functions it avoids.
. "$(dirname "$0")/lib/common.sh"
cd "$ROOT" || exit 2
# Each line of code with comments and literals blanked, as FILE:LINE: TEXT.
find src -name '*.c' -o -name '*.h' | sort | xargs awk '
	FNR == 1 { inc = 0 }
	{
		s = $0
		out = ""
		n = length(s)
		i = 1
		while (i <= n) {
			c = substr(s, i, 1)
			c2 = substr(s, i, 2)
			if (inc) {
				if (c2 == "*/") { inc = 0; i += 2 } else i++
				continue
			}
			if (c2 == "/*") { inc = 1; i += 2; out = out " "; continue }
			if (c2 == "//") break
			if (c == "\"" || c == "\047") {
				q = c
				i++
				while (i <= n) {
					c = substr(s, i, 1)
					if (c == "\\") { i += 2; continue }
					i++
					if (c == q) break
				}
				out = out q q
				continue
			}
			out = out c
			i++
		}
		print FILENAME ":" FNR ": " out
	}' >"$tmp/code"
grep -E ':[0-9]+: *# *include *<ctype\.h>' "$tmp/code" >"$tmp/includes"
fns='isalnum|isalpha|isascii|isblank|iscntrl|isdigit|isgraph|islower|isprint|ispunct|isspace|isupper|isxdigit|tolower|toupper'
grep -E "(^|[^A-Za-z0-9_])($fns)[[:space:]]*\\(" "$tmp/code" >"$tmp/calls"
if [ -s "$tmp/includes" ]; then
	fail "$(wc -l <"$tmp/includes") files of src/ include <ctype.h>" "$tmp/includes"
else
	ok "no file of src/ includes <ctype.h>"
fi
if [ -s "$tmp/calls" ]; then
	fail "$(wc -l <"$tmp/calls") lines of src/ call <ctype.h> functions (core/str.h has the classifiers)" "$tmp/calls"
else
	ok "no call of a <ctype.h> function in src/"
fi
done_checks
