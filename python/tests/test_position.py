"""qigui.Position: FEN, legal moves in three notations, play, outcome."""

import pytest

import qigui

START = qigui.START_FEN


def test_the_starting_position_has_44_moves():
    # 2.2–2.3 on 图1: the well-known perft(1) of the starting position.
    pos = qigui.Position.from_fen(START)
    assert len(pos.legal_moves()) == 44
    assert "h2e2" in pos.legal_moves()
    assert "炮二平五" in pos.legal_moves("chinese")
    assert "C2=5" in pos.legal_moves("wxf")
    assert qigui.Position.from_fen("start") == pos == qigui.Position.start()


def test_play_reads_every_notation_and_returns_a_new_position():
    pos = qigui.Position.start()
    after = [pos.play(m) for m in ("h2e2", "C2=5", "炮二平五")]
    assert after[0] == after[1] == after[2]
    assert after[0] != pos
    # 7.5: the cannon from file 二 (h) to file 五 (e); black to move.
    assert after[0].fen().startswith("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b")
    assert pos.fen() == qigui.Position.from_fen(START).fen()  # unchanged
    assert pos.move_names("h2e2") == {"iccs": "h2e2", "wxf": "C2=5", "chinese": "炮二平五"}


def test_checkmate_is_the_outcome():
    # 4.1.1: 车一进九 mates (the crate's own doc example).
    pos = qigui.Position.from_fen("4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1")
    assert pos.outcome() is None
    after = pos.play("车一进九")
    assert after.is_check()
    out = after.outcome()
    assert out is not None
    assert out["result"] == "red_wins"
    assert out["reason"] == "checkmate"


def test_a_bad_fen_is_located():
    with pytest.raises(qigui.FenError) as e:
        qigui.Position.from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1")
    assert e.value.location.startswith("FEN field 2 (side to move)")
    assert e.value.reason
    assert isinstance(e.value, qigui.QiguiError) and isinstance(e.value, ValueError)
    with pytest.raises(qigui.FenError) as e:
        qigui.Position.from_fen("9/9/9/9/9/9/9/9/9/9 w - - 0 1")  # no kings (2.1)
    assert e.value.location == "FEN position"


def test_an_illegal_move_is_refused_with_the_move():
    pos = qigui.Position.start()
    with pytest.raises(qigui.MoveError) as e:
        pos.play("a0a5")  # the rook would pass its own soldier on a3 (2.2)
    assert "a0a5" in e.value.location
    with pytest.raises(qigui.MoveError):
        pos.play("nonsense")
    with pytest.raises(qigui.ArgumentError):
        pos.legal_moves("pgn")
