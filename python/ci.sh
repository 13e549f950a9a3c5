#!/usr/bin/env bash
# Builds the Python package's wheel with maturin, installs it into a fresh
# virtual environment and runs its tests (python/tests/). Needs python3
# (3.9+, with venv), cargo, and PyPI for maturin and pytest. The
# differential tests compare with the command line: the release binary is
# built first (or named by QIGUI_BIN).
#
#   bash python/ci.sh            # from anywhere
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"

work="$(mktemp -d "${TMPDIR:-/tmp}/qigui-python-ci.XXXXXX")"
trap 'rm -rf "$work"' EXIT

echo "python/ci.sh: a fresh venv in $work"
python3 -m venv "$work/venv"
py="$work/venv/bin/python"
"$py" -m pip install --quiet --upgrade pip
"$py" -m pip install --quiet "maturin>=1.5,<2" "pytest>=7"

echo "python/ci.sh: building the wheel"
(cd "$here" && "$work/venv/bin/maturin" build --release --quiet --out "$work/dist" --interpreter "$py")
"$py" -m pip install --quiet --no-index --find-links "$work/dist" qigui

if [ -z "${QIGUI_BIN:-}" ]; then
  echo "python/ci.sh: building the command line for the differential tests"
  (cd "$root" && cargo build --release --quiet)
  export QIGUI_BIN="$root/target/release/qigui"
fi

# Run from outside the source tree so `import qigui` is the installed wheel.
cd "$work"
"$py" -c 'import qigui, sys; print("python/ci.sh: qigui", qigui.__version__, "from", qigui.__file__)'
"$py" -m pytest -q -p no:cacheprovider "$here/tests"
