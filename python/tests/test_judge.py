"""qigui.judge and qigui.rule against the rulebook's figures (棋例 23–26):
the expected labels and verdicts are the corpus's, transcribed from the
book's figures and their 判词."""

import json
import subprocess

import pytest

import qigui
import qigui.corpus
from conftest import CASES, ROOT


def figure_instances(kind):
    keys = {"move-labels": ("fen", "moves"), "repetition-verdict": ("red", "black")}[kind]
    return [
        c
        for c in qigui.corpus.load(CASES)
        if c["kind"] == kind and c["figure"] and not c["skip"] and all(k in c["input"] for k in keys)
    ]


FIGURE_LABEL_CASES = figure_instances("move-labels")
FIGURE_RULING_CASES = figure_instances("repetition-verdict")


def test_there_are_figure_cases():
    assert len(FIGURE_LABEL_CASES) >= 80
    assert len(FIGURE_RULING_CASES) >= 80


def judge_case(case):
    i = case["input"]
    return qigui.judge(
        i["fen"],
        i["moves"],
        case["edition"],
        nine_rounds=i.get("sequence") == "nine-rounds" or bool(i.get("nine_rounds")),
        points=i.get("points"),
        key_points=i.get("key_points", []),
    )


@pytest.mark.parametrize("case", FIGURE_LABEL_CASES, ids=lambda c: c["id"])
def test_judge_gives_the_figures_labels_and_verdict(case):
    j = judge_case(case)
    expected = case["expected"]
    if "labels" in expected:
        labels = [m["label"] for m in j["moves"]]
        if expected.get("idle_category"):
            # 24.8: 兑、献、拦、跟 "均属于闲范畴"; a figure prints 闲 for them
            # (spec/corpus-format.md, move-labels).
            labels = [
                "闲" if got in ("兑", "献", "拦", "跟") and want == "闲" else got
                for got, want in zip(labels, expected["labels"])
            ]
        assert labels == expected["labels"]
    if "verdict" in expected:
        assert j["verdict"] == expected["verdict"]


def cli_judge(qigui_bin, case):
    i = case["input"]
    # --period: the figure's moves are one period as printed (the book's
    # 图29 prints three rounds that do not repeat), as qigui.judge takes them.
    args = [str(qigui_bin), "judge", "--fen", i["fen"], "--moves", " ".join(i["moves"]),
            "--edition", case["edition"], "--format", "json", "--period"]
    if i.get("sequence") == "nine-rounds" or i.get("nine_rounds"):
        args.append("--nine-rounds")
    if i.get("points") is not None:
        args += ["--points", str(i["points"])]
    if i.get("key_points"):
        args += ["--key-points", ",".join(i["key_points"])]
    out = subprocess.run(args, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


@pytest.mark.parametrize("case", FIGURE_LABEL_CASES, ids=lambda c: c["id"])
def test_python_judge_equals_the_cli_json(qigui_bin, case):
    assert judge_case(case) == cli_judge(qigui_bin, case)


@pytest.mark.parametrize("case", FIGURE_RULING_CASES, ids=lambda c: c["id"])
def test_python_rule_equals_the_cli_json_and_the_figure(qigui_bin, case):
    i = case["input"]
    kwargs = {}
    args = [str(qigui_bin), "rule", "--red", i["red"], "--black", i["black"],
            "--edition", case["edition"], "--format", "json"]
    if i.get("move_number") is not None:
        kwargs["move_number"] = i["move_number"]
        args += ["--move-number", str(i["move_number"])]
    if i.get("sequence") == "nine-rounds" or i.get("nine_rounds"):
        kwargs["nine_rounds"] = True
        args.append("--nine-rounds")
    if i.get("points") is not None:
        kwargs["points"] = i["points"]
        args += ["--points", str(i["points"])]
    r = qigui.rule(i["red"], i["black"], case["edition"], **kwargs)
    cli = json.loads(subprocess.run(args, capture_output=True, text=True, check=True).stdout)
    assert r == cli
    if "verdict" in case["expected"]:
        assert r["verdict"] == case["expected"]["verdict"]


def test_explain_adds_the_referees_prose():
    case = FIGURE_LABEL_CASES[0]
    j = qigui.judge(case["input"]["fen"], case["input"]["moves"], explain=True)
    assert "explanation" in j and "捉" in j["explanation"]
    plain = qigui.judge(case["input"]["fen"], case["input"]["moves"])
    del j["explanation"]
    assert j == plain


def test_errors_name_the_move_and_the_edition():
    with pytest.raises(qigui.MoveError) as e:
        qigui.judge("start", "h2e2 x9x9")
    assert e.value.location.startswith("move 2")
    with pytest.raises(qigui.EditionError):
        qigui.judge("start", "h2e2", edition="gomoku-2025")
    with pytest.raises(qigui.EditionError):
        qigui.judge("start", "h2e2", edition="no-such-edition")
    with pytest.raises(qigui.LabelError):
        qigui.rule("捉 捉", "走")


RECORDS = ROOT / "tests" / "data" / "records"
RECORD_FILES = sorted(p for p in RECORDS.rglob("*") if p.is_file() and p.suffix != ".md")
REAL_GAMES = ROOT / "tests" / "data" / "realgames" / "Liu_Dahua_1125_UCI_games.pgn"


def cli_record(qigui_bin, path, *extra):
    out = subprocess.run(
        [str(qigui_bin), "judge", "--record", str(path), "--format", "json", *extra],
        capture_output=True, text=True, check=False,
    )
    # 0: every game read; 2: a game could not be read (reported in its place).
    assert out.returncode in (0, 2), out.stderr
    return json.loads(out.stdout)


def test_there_are_records_of_every_format():
    suffixes = {p.suffix.lower() for p in RECORD_FILES}
    assert {".pgn", ".xqf", ".cbf"} <= suffixes, suffixes
    assert any("dhtmlxq" in p.parts for p in RECORD_FILES)


@pytest.mark.parametrize("path", RECORD_FILES, ids=lambda p: str(p.relative_to(RECORDS)))
def test_judge_record_equals_the_cli(qigui_bin, path):
    assert qigui.judge_record(path) == cli_record(qigui_bin, path)


def test_judge_record_on_master_games_equals_the_cli(qigui_bin):
    # 1,125 real games: the 待判局面 found and judged, game by game.
    py = qigui.judge_record(REAL_GAMES)
    assert py == cli_record(qigui_bin, REAL_GAMES)
    assert len(py) > 1000
    assert any(g["answer"] == "pending" for g in py)


def test_judge_record_takes_text_bytes_and_one_game():
    pgn = (RECORDS / "perpetual-check.pgn").read_text(encoding="utf-8")
    from_text = qigui.judge_record(pgn, name="sheet.pgn")
    assert from_text == qigui.judge_record(pgn.encode("utf-8"), name="sheet.pgn")
    assert from_text[0]["answer"] == "pending"
    assert qigui.judge_record(pgn, game=1, name="sheet.pgn") == from_text[:1]
    with pytest.raises(qigui.ArgumentError):
        qigui.judge_record(pgn, game=len(from_text) + 1)


def test_judge_record_refuses_a_file_it_cannot_read():
    # GBK bytes in a PGN: refused where the text stops being UTF-8.
    bad = '[Event "赛"]\n\n1. h2e2 *\n'.encode("gbk")
    with pytest.raises(qigui.RecordError) as e:
        qigui.judge_record(bad, name="gbk.pgn")
    assert e.value.location.startswith("gbk.pgn")
