#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""FuseSoC generator of hwprof-soc.core (docs/integration.md): PicoRV32 from
the installed PyPI package pythondata-cpu-picorv32, never a copy in the
repository. FuseSoC runs it with the generator's input YAML as the only
argument, in a scratch directory of the build; it copies picorv32.v from the
package into that directory and writes a core there that lists it (FuseSoC
then reads the core as one more dependency of the SoC).

The generator runs under the `python3` found on PATH, so FuseSoC must run
from the Python environment the package is installed in (make deps: .venv;
`make fusesoc` puts .venv/bin on PATH)."""
import os
import shutil
import sys

import yaml


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: fusesoc_picorv32.py GENERATOR_INPUT.yml (run by FuseSoC)")
    with open(sys.argv[1], encoding="utf-8") as f:
        gen = yaml.safe_load(f)
    try:
        import pythondata_cpu_picorv32 as pkg  # pylint: disable=import-outside-toplevel
    except ImportError:
        sys.exit(f"fusesoc_picorv32.py: {sys.executable} cannot import pythondata_cpu_picorv32; run FuseSoC "
                 "from the environment it is installed in (make deps installs it into .venv)")
    src = os.path.join(pkg.data_location, "picorv32.v")
    if not os.path.isfile(src):
        sys.exit(f"fusesoc_picorv32.py: no picorv32.v in {pkg.data_location}")
    shutil.copyfile(src, "picorv32.v")
    name = gen["vlnv"]
    core = {
        "name": name,
        "description": f"PicoRV32 from pythondata-cpu-picorv32 {pkg.version_str} ({pkg.data_git_describe})",
        "filesets": {"rtl": {"files": ["picorv32.v"], "file_type": "verilogSource"}},
        "targets": {"default": {"filesets": ["rtl"]}},
    }
    with open(name.split(":")[2] + ".core", "w", encoding="utf-8") as f:
        f.write("CAPI=2:\n")
        yaml.safe_dump(core, f, sort_keys=False)


if __name__ == "__main__":
    main()
