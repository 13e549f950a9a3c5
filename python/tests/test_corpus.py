"""qigui.corpus: the corpus run in-process through a Python answer function."""

import pytest

import qigui
import qigui.corpus
from conftest import CASES


def test_qiguis_own_answers_pass_the_corpus():
    # The reference answers (what `qigui adapter` answers) pass every case
    # `qigui check cases` passes: none fails.
    report = qigui.corpus.check(qigui.corpus.answer, CASES)
    assert report.failed == [], report.failed[:5]
    assert len(report.passed) > 1000
    assert report.ok
    assert report.summary().startswith(f"{len(report.passed)} passed, 0 failed")


def test_a_wrong_answer_fails_with_the_difference():
    def perft_only(case):
        if case["kind"] != "perft":
            return None
        return {"nodes": 0}

    report = qigui.corpus.check(perft_only, CASES, kinds=["perft"])
    assert report.passed == []
    assert len(report.failed) >= 1
    assert all(f.kind == "perft" for f in report.failed)
    assert "nodes" in report.failed[0].reason


def test_an_exception_in_the_answer_is_a_failure():
    def broken(case):
        raise RuntimeError("not implemented")

    report = qigui.corpus.check(broken, CASES / "xiangqi-2020" / "02-moves.yaml")
    assert report.failed and "RuntimeError: not implemented" in report.failed[0].reason


def test_load_gives_the_adapter_protocols_fields():
    cases = qigui.corpus.load(CASES / "xiangqi-2020" / "perft.yaml")
    c = cases[0]
    for key in ("id", "kind", "edition", "input", "expect", "expected", "clauses", "file", "line"):
        assert key in c
    assert c["kind"] == "perft"
    assert qigui.corpus.compare(c, qigui.corpus.answer(c)) is None


def test_a_bad_corpus_is_located(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nedition: xiangqi-2020\ncases:\n  - id: 1\n", encoding="utf-8")
    with pytest.raises(qigui.CorpusError) as e:
        qigui.corpus.load(bad)
    assert str(bad) in e.value.location
