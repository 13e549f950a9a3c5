"""Go (围棋) as the local event rules (003) count it: 数子法, komi, handicap."""

from __future__ import annotations

import json
import os
from typing import Any, Dict, Optional, Union

from . import _native
from ._errors import native

__all__ = ["score"]


@native
def score(path_or_text: Union[str, "os.PathLike[str]"], *, name: Optional[str] = None) -> Dict[str, Any]:
    """Counts a finished board, as ``qigui go score --format json``: each
    side's ``count``, ``stones``, ``territory``, ``dead``, ``threshold``,
    ``needs``; ``komi``, ``handicap``, ``result`` (``black_wins``,
    ``white_wins``, ``draw``), ``margin`` and the ``unsettled`` points.

    ``path_or_text`` is a count file (``spec/go.md``) or its text.
    """
    if isinstance(path_or_text, os.PathLike) or (
        "\n" not in path_or_text and os.path.isfile(path_or_text)
    ):
        path = os.fspath(path_or_text)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        file = name or path
    else:
        text, file = path_or_text, name or "<text>"
    return json.loads(_native.go_score(text, file))
