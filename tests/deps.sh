#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs every tool hwprof uses: Debian packages (as root) and pinned PyPI
# packages in a virtual environment under the repo (.venv, ignored by git).
# Idempotent: packages already present are not touched, the venv is reused.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

deb_pkgs=(
  build-essential make git pkg-config
  verilator iverilog gtkwave
  yosys nextpnr-ice40 fpga-icestorm openfpgaloader
  valgrind qemu-user zstd libzstd-dev
  gcc-riscv64-linux-gnu libc6-dev-riscv64-cross
  clang libclang-rt-14-dev
  sqlite3 ccache
  gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf
)

missing=()
for p in "${deb_pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "deps: installing Debian packages: ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    echo "deps: need root to install Debian packages" >&2; exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "deps: Debian packages present"
fi

py=${HOST_PYTHON:-python3}   # the interpreter that creates .venv (PYTHON is the venv's own)
venv="$here/.venv"
req="$here/tests/requirements.txt"
stamp="$venv/.req-stamp"
if [ ! -x "$venv/bin/python" ]; then
  echo "deps: creating $venv"
  "$py" -m venv "$venv"
fi
if [ ! -f "$stamp" ] || ! cmp -s "$req" "$stamp"; then
  echo "deps: installing PyPI packages from tests/requirements.txt"
  "$venv/bin/pip" install -q --disable-pip-version-check -r "$req"
  cp "$req" "$stamp"
else
  echo "deps: PyPI packages present"
fi
# FuseSoC scans a library's whole tree for .core files: the virtual
# environment (which holds packages with .core files of their own) is not
# part of this library (docs/integration.md)
touch "$venv/FUSESOC_IGNORE"
echo "deps: ok"
