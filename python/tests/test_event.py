"""qigui.standings, pair_swiss and round_robin (2020 articles 10–14, 附录二–三)."""

import json
import subprocess
import warnings

import pytest

import qigui
from conftest import CASES, ROOT

CLUB = """\
012 Club championship
092 Round robin
142 3
001    1      Li                                                                 2.5    1     2 w 1     3 b =     4 w 1
001    2      Wang                                                               1.5    2     1 b 0     4 w 1     3 b =
001    3      Zhang                                                              1.0    3     4 b 0     1 w =     2 w =
001    4      Zhao                                                               1.0    4     3 w 1     2 b 0     1 b 0
"""


def test_standings_of_a_trf_text():
    # 14.1: Li 5 points (2/1/0, 13.1), Wang 3, then Zhang and Zhao on 2,
    # separated by 小分 (the crate's own doc example).
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a consistent file gives no note
        table = qigui.standings(CLUB, name="club.trf")
    assert [r["name"] for r in table["rows"]] == ["Li", "Wang", "Zhang", "Zhao"]
    assert table["rows"][0]["values"]["points"] == 5


def test_standings_equal_the_cli(qigui_bin, tmp_path):
    path = tmp_path / "club.trf"
    path.write_text(CLUB, encoding="utf-8")
    out = subprocess.run([str(qigui_bin), "standings", str(path), "--format", "json"],
                         capture_output=True, text=True, check=True)
    assert qigui.standings(path) == json.loads(out.stdout)
    assert qigui.standings(str(path)) == json.loads(out.stdout)
    example = ROOT / "spec" / "tournament-examples" / "swiss-2020.yaml"
    out = subprocess.run([str(qigui_bin), "standings", str(example), "--format", "json"],
                         capture_output=True, text=True, check=True)
    assert qigui.standings(example) == json.loads(out.stdout)


def test_a_trf_without_092_warns_which_system_was_assumed(qigui_bin, tmp_path):
    text = CLUB.replace("092 Round robin\n", "")
    with pytest.warns(qigui.TrfNote, match="met every other once") as record:
        table = qigui.standings(text, name="club.trf")
    assert record[0].message.location == "club.trf"
    assert [r["name"] for r in table["rows"]] == ["Li", "Wang", "Zhang", "Zhao"]
    # The command line prints the same note on standard error.
    path = tmp_path / "club.trf"
    path.write_text(text, encoding="utf-8")
    out = subprocess.run([str(qigui_bin), "standings", str(path)], capture_output=True, text=True,
                         check=True)
    assert "note: " in out.stderr and "met every other once" in out.stderr


def test_a_points_column_the_games_do_not_give_is_noted():
    text = CLUB.replace("Wang                                                               1.5",
                        "Wang                                                               2.5")
    with pytest.warns(qigui.TrfNote, match="player 2's points"):
        qigui.standings(text, name="club.trf")


def test_a_tournament_error_is_located():
    with pytest.raises(qigui.TournamentError) as e:
        qigui.standings("format: 1\nsystem: swiss\nplayers: [{id: 1}]\nbogus: 1\n", name="t.yaml")
    assert e.value.location.startswith("t.yaml")


def pairing_table_cases():
    return [
        c
        for c in qigui.corpus.load(CASES)
        if c["kind"] == "pairing" and c["input"].get("system") == "round-robin"
        and not c["skip"] and "rounds" in c["expected"] and set(c["input"]) == {"system", "players"}
    ]


@pytest.mark.parametrize("case", pairing_table_cases(), ids=lambda c: c["id"])
def test_round_robin_is_appendix_2s_table(case):
    table = qigui.round_robin(case["input"]["players"])
    text = [[f"{a}-{'bye' if b is None else b}" for a, b in rnd] for rnd in table]
    assert text == case["expected"]["rounds"]


def test_round_robin_4_by_hand():
    # 附录二, 3或4人: 1-4 2-3 / 4-3 1-2 / 2-4 3-1.
    assert qigui.round_robin(4) == [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    assert len(qigui.round_robin(4, double=True)) == 6
    with pytest.raises(qigui.PairingError):
        qigui.round_robin(1)


def test_pair_swiss_equals_the_cli(qigui_bin):
    example = ROOT / "spec" / "tournament-examples" / "swiss-2020.yaml"
    for rnd in (None, 2):
        args = [str(qigui_bin), "pair", "swiss", str(example), "--format", "json"]
        if rnd is not None:
            args += ["--round", str(rnd)]
        out = subprocess.run(args, capture_output=True, text=True, check=True)
        assert qigui.pair_swiss(example, round=rnd) == json.loads(out.stdout)
    with pytest.raises(qigui.ArgumentError):
        qigui.pair_swiss(example, first_round="random")


def test_pair_swiss_gives_the_trf_notes_as_standings_does(qigui_bin, tmp_path):
    # A Swiss TRF without its record 092: the pairing, like the standings,
    # says which system it assumed (a warning in Python, `note:` on the
    # command line's standard error), and pairs the same.
    text = (ROOT / "spec" / "tournament-examples" / "swiss-2020.trf").read_text(encoding="utf-8")
    bare = "".join(line for line in text.splitlines(keepends=True)
                   if not line.startswith(("092 ", "### qigui system")))
    with pytest.warns(qigui.TrfNote, match="no record 092"):
        pairing = qigui.pair_swiss(bare, name="open.trf")
    path = tmp_path / "open.trf"
    path.write_text(bare, encoding="utf-8")
    out = subprocess.run([str(qigui_bin), "pair", "swiss", str(path), "--format", "json"],
                         capture_output=True, text=True, check=True)
    assert "note: " in out.stderr and "no record 092" in out.stderr
    assert pairing == json.loads(out.stdout)
