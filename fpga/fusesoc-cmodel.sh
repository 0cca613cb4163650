#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# FuseSoC pre_build hook of the hwprof-<engine>.core sim targets: compile the
# C model library libhwp.a (C99, as `make` builds it) into the work root from
# the core's files under $FILES_ROOT; the Verilated lockstep harness links it.
set -e
: "${FILES_ROOT:?FuseSoC sets FILES_ROOT}"
CC=${CC:-cc}
mkdir -p cmodel-obj
for c in "$FILES_ROOT"/cmodel/*/*.c; do
  o=cmodel-obj/$(basename "$(dirname "$c")")-$(basename "$c" .c).o
  "$CC" -std=c99 -O2 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
    -I"$FILES_ROOT/cmodel/common" -I"$FILES_ROOT/cmodel" -c "$c" -o "$o"
done
rm -f libhwp.a
ar rcs libhwp.a cmodel-obj/*.o
