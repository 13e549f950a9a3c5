"""The conformance corpus (``cases/``, ``spec/corpus-format.md``) in-process.

A Python implementation of the rules runs the corpus without the adapter
protocol's process and pipes::

    import qigui.corpus

    def answer(case):
        if case["kind"] != "perft":
            return None                      # not run: counted as skipped
        return {"nodes": my_perft(case["input"]["fen"], case["input"]["depth"])}

    report = qigui.corpus.check(answer, "cases")
    print(report.summary())                  # 12 passed, 0 failed, 1331 skipped

Each case is a dict with the keys the adapter protocol's ``case`` message
has (``id``, ``kind``, ``edition``, ``input``, ``expect``) and more
(``case``, ``clauses``, ``figure``, ``description``, ``expected``,
``skip``, ``file``, ``line``). The answer has the shape of the case's
``expected``; qigui compares the two as its own runner does.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple, Union

from . import _native
from ._errors import QiguiError, native

__all__ = ["load", "check", "answer", "compare", "Report", "Failure"]

Case = Dict[str, Any]
PathLike = Union[str, "os.PathLike[str]"]


@native
def load(path: Union[PathLike, Iterable[PathLike]] = "cases") -> List[Case]:
    """Every case instance of a corpus file or directory (or several): one
    dict per case and edition it runs under, in file order.

    Raises :class:`qigui.CorpusError` with the ``file:line:column`` of the
    first fault (a case the schema refuses, a duplicate id …).
    """
    if isinstance(path, (str, os.PathLike)):
        paths = [os.fspath(path)]
    else:
        paths = [os.fspath(p) for p in path]
    cases = json.loads(_native.corpus_load(paths))
    for c in cases:
        c["expect"] = sorted(c["expected"]) if isinstance(c["expected"], dict) else []
    return cases


@native
def answer(case: Case) -> Dict[str, Any]:
    """qigui's own answer to a case: what ``qigui adapter`` answers, the
    reference a Python implementation can compare itself with."""
    return json.loads(
        _native.corpus_answer(case["kind"], json.dumps(case["input"]), case["edition"])
    )


@native
def compare(case: Case, output: Any) -> Optional[str]:
    """``None`` when ``output`` agrees with the case's ``expected`` as
    qigui's runner compares them (``qigui conform``), else how they differ."""
    return _native.corpus_compare(
        case["kind"], json.dumps(case["expected"]), json.dumps(output)
    )


@dataclass
class Failure:
    """A case instance whose answer differs from its expected output, or
    whose answer function raised."""

    id: str
    kind: str
    reason: str


@dataclass
class Report:
    """What :func:`check` found."""

    passed: List[str] = field(default_factory=list)
    failed: List[Failure] = field(default_factory=list)
    skipped: List[Tuple[str, str]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """No case failed."""
        return not self.failed

    def summary(self) -> str:
        """``N passed, N failed, N skipped``."""
        return f"{len(self.passed)} passed, {len(self.failed)} failed, {len(self.skipped)} skipped"


def check(
    answer_fn: Callable[[Case], Optional[Dict[str, Any]]],
    path: Union[PathLike, Iterable[PathLike]] = "cases",
    *,
    kinds: Optional[Iterable[str]] = None,
    editions: Optional[Iterable[str]] = None,
) -> Report:
    """Runs the corpus through ``answer_fn``: one call per case instance
    (a dict, see the module's doc), which returns the output (shaped like
    the case's ``expected``) or ``None`` to skip the case. A case the
    corpus itself skips is not sent. An exception from ``answer_fn`` counts
    as a failure with its message, as an adapter's ``error`` does.

    ``kinds`` and ``editions`` run only those cases.
    """
    kinds_wanted = None if kinds is None else set(kinds)
    editions_wanted = None if editions is None else set(editions)
    report = Report()
    for case in load(path):
        if kinds_wanted is not None and case["kind"] not in kinds_wanted:
            continue
        if editions_wanted is not None and case["edition"] not in editions_wanted:
            continue
        if case["skip"]:
            report.skipped.append((case["id"], case["skip"]))
            continue
        try:
            output = answer_fn(case)
        except Exception as e:  # the implementation's failure on this case
            report.failed.append(Failure(case["id"], case["kind"], f"{type(e).__name__}: {e}"))
            continue
        if output is None:
            report.skipped.append((case["id"], "the answer function skipped it"))
            continue
        try:
            difference = compare(case, output)
        except QiguiError as e:
            difference = str(e)
        if difference is None:
            report.passed.append(case["id"])
        else:
            report.failed.append(Failure(case["id"], case["kind"], difference))
    return report
