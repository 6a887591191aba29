#!/bin/sh
# tools/embed.sh FILE: FILE's bytes as a C initializer list ending in 0, for
# files compiled into the binary (the en-US locale, the default style).
set -eu
od -An -v -tu1 "$1" | awk '{ for (i = 1; i <= NF; i++) printf "%s,", $i; print "" } END { print "0" }'
