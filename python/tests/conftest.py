"""Shared paths: the repository (the corpus, the examples) and the CLI."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "cases"


def cli_binary() -> Path:
    """The qigui command line: $QIGUI_BIN, else the repository's release build."""
    env = os.environ.get("QIGUI_BIN")
    if env:
        return Path(env)
    return ROOT / "target" / "release" / "qigui"


@pytest.fixture(scope="session")
def qigui_bin() -> Path:
    path = cli_binary()
    if not path.exists():
        # Not a silent pass: python/ci.sh builds it before running pytest.
        pytest.fail(f"the qigui binary is missing at {path}: run `cargo build --release` first "
                    "or set QIGUI_BIN")
    return path
