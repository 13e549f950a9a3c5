"""Gomoku (中国五子棋竞赛规则 2025): black's forbidden points (article 8)."""

from __future__ import annotations

import json
from typing import Dict, Iterable, List, Union

from . import _native
from ._errors import native

__all__ = ["forbidden"]


def _points(points: Union[str, Iterable[str]]) -> str:
    return points if isinstance(points, str) else " ".join(points)


@native
def forbidden(
    black: Union[str, Iterable[str]],
    white: Union[str, Iterable[str]] = "",
    reading: str = "five-point-legal",
) -> List[Dict[str, str]]:
    """Every forbidden point of black's (article 8) with its kind, as the
    list ``qigui gomoku forbidden --format json`` prints under
    ``forbidden``: ``[{"point": "H8", "kind": "double-three"}, …]``.

    ``black`` and ``white`` are points (columns A–O, rows 1–15) as one
    string (``"H8 I8"``) or a list. ``reading`` says how a point where
    black would make five counts for a three: ``"five-point-legal"``
    (qigui's reading) or ``"five-point-excluded"`` (``spec/gomoku.md``).
    """
    text = _native.gomoku_forbidden(_points(black), _points(white), reading)
    return list(json.loads(text)["forbidden"])
