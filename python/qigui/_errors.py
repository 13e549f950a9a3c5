"""The exceptions of qigui: one base class, one subclass per kind of input.

Every error carries where the problem is (``location``: a FEN field and
column, a move number, ``file:line:column`` of a tournament or corpus file)
and why (``reason``), both as the Rust crate says them.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Dict, Type, TypeVar

from . import _native

__all__ = [
    "QiguiError",
    "FenError",
    "MoveError",
    "EditionError",
    "LabelError",
    "RulingError",
    "GomokuError",
    "GoError",
    "TournamentError",
    "StandingsError",
    "PairingError",
    "CorpusError",
    "CaseError",
    "ArgumentError",
    "TrfNote",
]


class QiguiError(Exception):
    """Base class of every qigui error.

    Attributes:
        kind: the kind of input at fault (``"fen"``, ``"move"``, ``"tournament"`` …).
        location: where: ``"FEN field 2 (side to move), column 33"``,
            ``"move 3 ('h2e2')"``, ``"club.trf:7:15"`` …
        reason: why, in the crate's words.
    """

    kind: str = "error"

    def __init__(self, location: str, reason: str) -> None:
        self.location = location
        self.reason = reason
        super().__init__(f"{location}: {reason}" if location else reason)


class FenError(QiguiError, ValueError):
    """A FEN that cannot be read, or a position that cannot be played (2.1, 3.1)."""

    kind = "fen"


class MoveError(QiguiError, ValueError):
    """A move that cannot be read or is not legal in the position."""

    kind = "move"


class EditionError(QiguiError, ValueError):
    """An unknown edition, or one without the rule asked for."""

    kind = "edition"


class LabelError(QiguiError, ValueError):
    """A move label of ``qigui.rule`` that is not one of 将 杀 捉 兑 献 拦 跟 闲."""

    kind = "labels"


class RulingError(QiguiError):
    """A cycle the 棋例 cannot rule on (e.g. a side without moves)."""

    kind = "ruling"


class GomokuError(QiguiError, ValueError):
    """A Gomoku board that cannot be read."""

    kind = "gomoku"


class GoError(QiguiError, ValueError):
    """A Go count file that cannot be read or counted."""

    kind = "go"


class TournamentError(QiguiError, ValueError):
    """A tournament file (YAML, JSON or TRF-2026) that cannot be read."""

    kind = "tournament"


class StandingsError(QiguiError):
    """A tournament that cannot be ranked under the rules asked for."""

    kind = "standings"


class PairingError(QiguiError):
    """A round that cannot be paired."""

    kind = "pairing"


class CorpusError(QiguiError):
    """A corpus file that cannot be read."""

    kind = "corpus"


class CaseError(QiguiError):
    """A corpus case whose input qigui cannot run."""

    kind = "case"


class RecordError(QiguiError, ValueError):
    """A game record file (PGN, XQF, DhtmlXQ, CBF) that cannot be read at
    all; ``location`` is the file and where in it."""

    kind = "record"


class ArgumentError(QiguiError, ValueError):
    """An argument outside what a function takes."""

    kind = "argument"


class TrfNote(UserWarning):
    """A note on a TRF file for the tournament director: what the file says
    that the rules read otherwise, or what qigui had to assume (the
    ``note:`` lines of ``qigui standings``). ``location`` and ``message``."""

    def __init__(self, location: str, message: str) -> None:
        self.location = location
        self.message = message
        super().__init__(f"{location}: {message}")


_BY_KIND: Dict[str, Type[QiguiError]] = {
    cls.kind: cls
    for cls in (
        FenError,
        MoveError,
        EditionError,
        LabelError,
        RulingError,
        GomokuError,
        GoError,
        TournamentError,
        StandingsError,
        PairingError,
        CorpusError,
        CaseError,
        RecordError,
        ArgumentError,
    )
}

F = TypeVar("F", bound=Callable[..., Any])


def translate(error: "_native.NativeError") -> QiguiError:
    """The Python exception for an error raised by the Rust side."""
    kind, location, reason = error.args
    return _BY_KIND.get(kind, QiguiError)(location, reason)


def native(function: F) -> F:
    """Decorates a function calling ``_native`` so its errors are qigui's."""

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except _native.NativeError as e:
            raise translate(e) from None

    return wrapper  # type: ignore[return-value]
