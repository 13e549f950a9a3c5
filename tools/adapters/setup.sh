#!/bin/sh
# Creates tools/adapters/.venv with pyffish (Fairy-Stockfish's Python
# package) for tools/adapters/fairy_stockfish.py and tools/difftest/.
# Usage: sh tools/adapters/setup.sh   (needs python3 with venv, and PyPI)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
python3 -m venv "$here/.venv"
"$here/.venv/bin/pip" install --quiet --upgrade pip
"$here/.venv/bin/pip" install --quiet -r "$here/requirements.txt"
"$here/.venv/bin/python" -c "import pyffish; print('pyffish ready:', pyffish.info())"
