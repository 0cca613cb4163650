#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# FuseSoC pre_build hook of the sim targets (hwprof-<engine>.core,
# hwprof-soc.core): compile the C model library libhwp.a (C99, the sources of
# LIB_SRC as `make` builds it) into the work root from the core's files under
# $FILES_ROOT; the Verilated harness links it.
#   fusesoc-cmodel.sh        libhwp.a
#   fusesoc-cmodel.sh cli    also hwprof's own code (cmodel/cli): libhwpcli.a
#                            (all but main, the engines' host side) and the
#                            hwprof binary
set -e
: "${FILES_ROOT:?FuseSoC sets FILES_ROOT}"
CC=${CC:-cc}
cflags="-std=c99 -O2 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -I$FILES_ROOT/cmodel/common -I$FILES_ROOT/cmodel"
# cc_all LIB DIR...: compile every C file of the folders into the archive LIB
cc_all() {
  lib=$1; shift
  for d in "$@"; do
    for c in "$FILES_ROOT"/cmodel/"$d"/*.c; do
      [ -f "$c" ] || continue
      o=cmodel-obj/$d-$(basename "$c" .c).o
      # shellcheck disable=SC2086
      "$CC" $cflags -c "$c" -o "$o"
      [ "$o" = cmodel-obj/cli-main.o ] || ar rcs "$lib" "$o"
    done
  done
}
mkdir -p cmodel-obj
rm -f libhwp.a libhwpcli.a
libdirs=
for d in "$FILES_ROOT"/cmodel/*/; do
  d=$(basename "$d")
  case $d in cli|gen) ;; *) libdirs="$libdirs $d" ;; esac
done
# shellcheck disable=SC2086
cc_all libhwp.a $libdirs
if [ "${1:-}" = cli ]; then
  cc_all libhwpcli.a cli
  "$CC" -o hwprof cmodel-obj/cli-main.o libhwpcli.a libhwp.a -lzstd -lm
fi
