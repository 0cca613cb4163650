# SPDX-License-Identifier: Apache-2.0
# Sourced by the tests/checks scripts that work in a scratch folder: enters
# the tree's root and sets BUILD (build folder), H (the hwprof binary) and PY
# (python, $PYTHON if that runs).
#   check_begin NAME [MAKE TARGET...]: builds the targets, makes $tmp (removed
#   on exit) and defines fail MESSAGE, which prints "FAIL NAME: MESSAGE" and
#   exits 1.
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
BUILD=${BUILD:-build}
H=$BUILD/hwprof
PY=${PYTHON:-python3}
command -v "$PY" > /dev/null || PY=python3

check_begin() {
  CHECK_NAME=$1
  shift
  [ $# -eq 0 ] || make -s --no-print-directory "$@" > /dev/null
  tmp=$(mktemp -d "$BUILD/check-$CHECK_NAME.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
}
fail() { echo "FAIL $CHECK_NAME: $*"; exit 1; }
