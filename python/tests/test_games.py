"""qigui.gomoku.forbidden and qigui.go.score, against the rulebooks and the CLI."""

import json
import subprocess

import pytest

import qigui
import qigui.go
import qigui.gomoku
from conftest import CASES, ROOT


def test_a_double_three_is_forbidden():
    # 五子棋 2025 article 8: black's H8 would make two live threes (G8-H8-I8
    # across, H8-H9-H10 up): 三三禁手.
    assert qigui.gomoku.forbidden("G8 I8 H9 H10", "A1 A2 A3 A4") == [
        {"point": "H8", "kind": "double-three"}
    ]
    assert qigui.gomoku.forbidden(["G8", "I8", "H9", "H10"], ["A1", "A2", "A3", "A4"]) == [
        {"point": "H8", "kind": "double-three"}
    ]
    assert qigui.gomoku.forbidden("", "") == []


def gomoku_cases():
    return [
        c
        for c in qigui.corpus.load(CASES)
        if c["kind"] == "gomoku-forbidden" and not c["skip"] and "black" in c["input"]
    ]


@pytest.mark.parametrize("case", gomoku_cases(), ids=lambda c: c["id"])
def test_forbidden_equals_the_cli(qigui_bin, case):
    i = case["input"]
    black = i["black"] if isinstance(i["black"], str) else " ".join(i["black"])
    white = i.get("white", "")
    white = white if isinstance(white, str) else " ".join(white)
    reading = i.get("reading", "five-point-legal")
    out = subprocess.run(
        [str(qigui_bin), "gomoku", "forbidden", "--black", black, "--white", white,
         "--reading", reading, "--format", "json"],
        capture_output=True, text=True, check=True,
    )
    assert qigui.gomoku.forbidden(black, white, reading) == json.loads(out.stdout)["forbidden"]


def test_bad_points_are_a_gomoku_error():
    with pytest.raises(qigui.GomokuError):
        qigui.gomoku.forbidden("Z99")
    with pytest.raises(qigui.ArgumentError):
        qigui.gomoku.forbidden("H8", reading="lenient")


COUNT = ROOT / "tests" / "data" / "go" / "full-game.count"


def test_go_score_counts_the_full_game():
    # cases/go-local/07-full-game.yaml, counted by hand from the diagram:
    # black 186½, white 174½, komi 3¾: black wins by 2¼ (数子法, 贴子).
    s = qigui.go.score(COUNT)
    assert s["black"]["count"] == 186.5
    assert s["white"]["count"] == 174.5
    assert s["result"] == "black_wins"
    assert s["margin"] == 2.25
    assert qigui.go.score(str(COUNT)) == s
    assert qigui.go.score(COUNT.read_text(encoding="utf-8")) == s


def test_go_score_equals_the_cli(qigui_bin):
    out = subprocess.run([str(qigui_bin), "go", "score", str(COUNT), "--format", "json"],
                         capture_output=True, text=True, check=True)
    assert qigui.go.score(COUNT) == json.loads(out.stdout)


def test_a_bad_count_file_is_located():
    with pytest.raises(qigui.GoError) as e:
        qigui.go.score("komi: lots\n", name="bad.count")
    assert e.value.location.startswith("bad.count:1:")
