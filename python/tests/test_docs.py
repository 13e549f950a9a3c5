"""Every ```python block of docs/python.md and python/README.md runs."""

import re

import pytest

from conftest import ROOT

PAGES = [ROOT / "docs" / "python.md", ROOT / "python" / "README.md"]


def blocks():
    """Each python block, and the text block after it when the page says
    "prints": what the block must print."""
    out = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        pattern = r"```python\n(.*?)```(?:\n\nprints\n\n```text\n(.*?)```)?"
        for k, m in enumerate(re.finditer(pattern, text, re.S)):
            out.append(pytest.param(m.group(1), m.group(2), id=f"{page.name}#{k + 1}"))
    return out


def test_the_pages_have_examples():
    assert len(blocks()) >= 2


@pytest.mark.parametrize("code,printed", blocks())
def test_example_runs(code, printed, monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    exec(compile(code, "<example>", "exec"), {"__name__": "__example__"})
    if printed is not None:
        assert capsys.readouterr().out == printed


def test_the_module_docstrings_examples():
    import doctest

    import qigui

    failures, tried = doctest.testmod(qigui, verbose=False)
    assert tried >= 3
    assert failures == 0
