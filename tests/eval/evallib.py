# SPDX-License-Identifier: Apache-2.0
"""Helpers shared by the tests/eval sweep scripts (imported from the script's
own folder)."""
import os


def trace_name(path):
    """A bundled trace's name: its file name without .hwpt or .txt."""
    base = os.path.basename(path)
    for ext in (".hwpt", ".txt"):
        if base.endswith(ext):
            base = base[: -len(ext)]
    return base
