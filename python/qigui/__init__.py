"""qigui (棋规): the Chinese competition rulebooks for Xiangqi, Gomoku and Go.

The Rust crate ``qigui`` is the rulebook; this package calls it directly.

Xiangqi positions and moves (2020 articles 2–4)::

    >>> import qigui
    >>> pos = qigui.Position.from_fen(qigui.START_FEN)
    >>> len(pos.legal_moves())
    44
    >>> pos.play("炮二平五") == pos.play("h2e2") == pos.play("C2=5")
    True

The 棋例 (articles 23–26) on a repetition cycle, the same dict as
``qigui judge --format json``::

    >>> j = qigui.judge("3a2b1r/4ak3/8b/9/9/9/9/B2NN3B/3K5/4p4 w - - 0 1",
    ...                 "d1e1 e0d0 e1d1 d0e0")
    >>> j["verdict"], [m["label"] for m in j["moves"]]
    ('red_must_change', ['捉', '闲', '捉', '闲'])

Submodules: :mod:`qigui.gomoku` (五子棋 2025 forbidden points),
:mod:`qigui.go` (003's Go counting), :mod:`qigui.corpus` (the conformance
corpus run in-process). Tournaments: :func:`standings`,
:func:`pair_swiss`, :func:`round_robin`. Errors: :class:`QiguiError`.
"""

from __future__ import annotations

import json
import os
import warnings
from typing import Any, Dict, Iterable, List, Optional, Tuple, Union

from . import _native
from ._errors import (
    ArgumentError,
    CaseError,
    CorpusError,
    EditionError,
    FenError,
    GoError,
    GomokuError,
    LabelError,
    MoveError,
    PairingError,
    QiguiError,
    RecordError,
    RulingError,
    TrfNote,
    StandingsError,
    TournamentError,
    native,
)

__version__: str = _native.__version__

__all__ = [
    "START_FEN",
    "Position",
    "judge",
    "judge_record",
    "rule",
    "standings",
    "pair_swiss",
    "round_robin",
    "editions",
    "QiguiError",
    "TrfNote",
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
    "RecordError",
    "ArgumentError",
    "gomoku",
    "go",
    "corpus",
]

#: The starting position of 1.3 (图1).
START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

PathOrText = Union[str, "os.PathLike[str]"]


class Position:
    """A Xiangqi position (2020 articles 1–3), immutable.

    Build one with :meth:`from_fen` (or :meth:`start`); :meth:`play` returns a
    new position.
    """

    __slots__ = ("_fen",)

    def __init__(self, fen: str = START_FEN) -> None:
        self._fen: str = _normalize(fen)

    @classmethod
    def from_fen(cls, fen: str) -> "Position":
        """Reads a FEN; ``"start"`` is the starting position.

        Raises :class:`FenError` naming the FEN field and column, or why the
        position cannot be played (a missing king, facing kings …).
        """
        return cls(fen)

    @classmethod
    def start(cls) -> "Position":
        """The starting position (1.3, 图1)."""
        return cls(START_FEN)

    def fen(self) -> str:
        """The position as FEN."""
        return self._fen

    @native
    def legal_moves(self, notation: str = "iccs") -> List[str]:
        """The legal moves (2.2–2.3, 3.4), named in ``notation``:
        ``"iccs"`` (``h2e2``), ``"wxf"`` (``C2=5``) or ``"chinese"`` (``炮二平五``)."""
        return list(_native.legal_moves(self._fen, notation))

    @native
    def play(self, move: str) -> "Position":
        """The position after ``move``, given in ICCS, WXF or Chinese notation.

        Raises :class:`MoveError` for a move that cannot be read, fits no
        legal move, or is illegal (e.g. leaves the king in check, 3.4).
        """
        return Position(_native.play(self._fen, move))

    @native
    def move_names(self, move: str) -> Dict[str, str]:
        """One move in the three notations: ``{"iccs", "wxf", "chinese"}``."""
        iccs, wxf, chinese = _native.move_names(self._fen, move)
        return {"iccs": iccs, "wxf": wxf, "chinese": chinese}

    @native
    def outcome(self) -> Optional[Dict[str, str]]:
        """The game's end in this position, or ``None`` while it goes on:
        ``{"result": "black_wins", "reason": "checkmate", "clause": "4.1.1"}``.
        Results are ``red_wins``, ``black_wins`` or ``draw``."""
        text = _native.outcome(self._fen)
        return None if text is None else json.loads(text)

    @native
    def is_check(self) -> bool:
        """Whether the side to move is in check (将军)."""
        return bool(_native.in_check(self._fen))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and other._fen == self._fen

    def __hash__(self) -> int:
        return hash(self._fen)

    def __repr__(self) -> str:
        return f"Position.from_fen({self._fen!r})"

    def __str__(self) -> str:
        return self._fen


@native
def _normalize(fen: str) -> str:
    if not isinstance(fen, str):
        raise ArgumentError("fen", f"a FEN is text, not {type(fen).__name__}")
    return str(_native.normalize_fen(fen))


def _moves_text(moves: Union[str, Iterable[str]]) -> str:
    if isinstance(moves, str):
        return moves
    return " ".join(moves)


@native
def judge(
    fen: Union[str, Position],
    moves: Union[str, Iterable[str]],
    edition: str = "xiangqi-2020",
    explain: bool = False,
    *,
    nine_rounds: bool = False,
    points: Optional[int] = None,
    key_points: Iterable[str] = (),
) -> Dict[str, Any]:
    """Labels every move of one period of a repetition cycle and rules on it
    (棋例, 2020 articles 23–26; 1999's under ``edition="xiangqi-1999"``).

    ``fen`` is the position before the first move (``"start"`` for 图1);
    ``moves`` the cycle's moves in any notation, as one string or a list.
    Returns the dict ``qigui judge --format json`` prints: ``verdict`` (a
    code such as ``"red_must_change"``, or ``None`` with the reason in
    ``clauses``), ``clauses``, and ``moves`` (each with ``ply``, ``side``,
    ``iccs``, ``notation``, ``label``, ``targets``, ``clauses``, ``reason``,
    ``reason_zh``). ``explain=True`` adds ``explanation``: the referee's
    prose of ``qigui judge --explain``.

    ``nine_rounds`` and ``points`` are 23.4's 待判局面; ``key_points`` the
    defensive key points a referee names (26.2).
    """
    if isinstance(fen, Position):
        fen = fen.fen()
    text = _native.judge(
        fen,
        _moves_text(moves),
        edition,
        bool(explain),
        bool(nine_rounds),
        points,
        list(key_points),
    )
    return json.loads(text)


@native
def judge_record(
    text_or_path: Union[PathOrText, bytes],
    edition: str = "xiangqi-2020",
    *,
    game: Optional[int] = None,
    name: Optional[str] = None,
) -> List[Dict[str, Any]]:
    """Judges every game of a record file as ``qigui judge --record FILE
    --format json`` does: the same list, one dict per game (or only game
    number ``game``, 1-based).

    ``text_or_path`` is a path (``str`` naming an existing file, or
    ``os.PathLike``), the file's bytes (XQF is binary), or its text. The
    format (PGN, XQF, DhtmlXQ, CBF) is chosen by content, then by the
    extension of the path or of ``name`` (which names bytes or text in
    errors; default ``"<text>"``).

    Each game: ``game``, ``line`` (where a PGN game starts), ``tags``,
    ``plies``, ``answer`` (``"none"``, ``"pending"`` or ``"error"``),
    ``pending`` (each 待判局面 with ``sequence``, ``move_number``, ``ply``,
    ``from_ply``, ``occurrences``, ``fen``, ``verdict``, ``clauses``,
    ``explanation`` and the labelled ``moves``) and ``error`` (a game that
    cannot be read, with its location). A file that cannot be read at all
    raises :class:`RecordError`.
    """
    if isinstance(text_or_path, (bytes, bytearray)):
        data: Optional[bytes] = bytes(text_or_path)
        path: Optional[str] = None
        file = name or "<bytes>"
    else:
        text, path, file = _source(text_or_path, name, what="record")
        data = text.encode("utf-8") if text is not None else None
    return json.loads(_native.judge_record(data, path, file, edition, game))


@native
def rule(
    red_labels: Union[str, Iterable[str]],
    black_labels: Union[str, Iterable[str]],
    edition: str = "xiangqi-2020",
    *,
    move_number: Optional[int] = None,
    nine_rounds: bool = False,
    points: Optional[int] = None,
) -> Dict[str, Any]:
    """The ruling on a cycle given by its move labels (棋例 I, 25–26), as
    ``qigui rule --format json``: ``verdict``, ``clauses``, ``red``,
    ``black``, ``change``, ``explanation``.

    Labels: 将 杀 捉 兑 献 拦 跟 闲, a 捉 naming what it chases (``捉:车``,
    ``捉:无根子`` …); one string (``"捉 捉"``) or a list per side.
    """
    return json.loads(
        _native.rule(
            _moves_text(red_labels),
            _moves_text(black_labels),
            edition,
            move_number,
            bool(nine_rounds),
            points,
        )
    )


def _source(
    path_or_text: PathOrText, name: Optional[str], what: str = "tournament"
) -> Tuple[Optional[str], Optional[str], str]:
    """(text, path, file name) of a file given as a path or as text."""
    if isinstance(path_or_text, os.PathLike):
        p = os.fspath(path_or_text)
        return None, p, name or p
    if not isinstance(path_or_text, str):
        raise ArgumentError(
            what, f"a path or the file's text, not {type(path_or_text).__name__}"
        )
    if "\n" not in path_or_text and os.path.isfile(path_or_text):
        return None, path_or_text, name or path_or_text
    return path_or_text, None, name or "<text>"


@native
def standings(
    path_or_text: PathOrText, rules: Optional[str] = None, *, name: Optional[str] = None
) -> Dict[str, Any]:
    """Ranks a tournament (2020 articles 13–14, 18.5, 19, 20.3; 1999 14–15;
    Gomoku 28–29), as ``qigui standings --format json``.

    ``path_or_text`` is a file's path or its text (YAML, JSON or TRF-2026;
    ``name``, e.g. ``"event.trf"``, names text in errors and chooses its
    format by the extension). ``rules`` overrides the file's edition.

    A TRF file's notes for the tournament director (the system assumed
    without a record 092, record 162's forfeit and bye values, tie-break
    codes the CXA rules do not have, a points column the games do not give)
    are issued as :class:`TrfNote` warnings, the ``note:`` lines of
    ``qigui standings``.
    """
    text, path, file = _source(path_or_text, name)
    table, notes = _native.standings(text, path, file, rules)
    for location, message in notes:
        warnings.warn(TrfNote(location, message), stacklevel=3)
    return json.loads(table)


@native
def pair_swiss(
    path_or_text: PathOrText,
    round: Optional[int] = None,
    first_round: str = "adjacent",
    *,
    name: Optional[str] = None,
) -> Dict[str, Any]:
    """Pairs a Swiss round by the 定位编排法 (附录三), as ``qigui pair swiss
    --format json``: the round, and each board with its reason.

    ``round`` defaults to the round after the last played; ``first_round``
    is ``"adjacent"`` (近号配对), ``"head-tail"`` (首尾配对) or ``"halves"``
    (对半交叉配对).

    A TRF file's notes (record 162's point system, the system assumed …)
    are issued as :class:`TrfNote` warnings, as :func:`standings` issues
    them: the pairing reads the same scores.
    """
    text, path, file = _source(path_or_text, name)
    pairing, notes = _native.pair_swiss(text, path, file, round, first_round)
    for location, message in notes:
        warnings.warn(TrfNote(location, message), stacklevel=3)
    return json.loads(pairing)


@native
def round_robin(n: int, double: bool = False) -> List[List[Tuple[int, Optional[int]]]]:
    """The round-robin table of 附录二 for ``n`` players: a list of rounds,
    each a list of ``(first mover, second mover)``; the second is ``None``
    for the bye. ``double=True``: every pairing twice, colours reversed."""
    return [list(r) for r in _native.round_robin(n, bool(double))]


def editions() -> List[str]:
    """The ids of the rulebook editions qigui knows."""
    return list(_native.editions())


from . import corpus, go, gomoku  # noqa: E402  (submodules use the names above)
