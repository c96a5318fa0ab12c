"""Tester round 13, the gate's library side: a protected attribute's reference compared as the
report used it (however written, or left to the default), the gate's message and its
passed-baseline line one line each (a group's newline escaped as the CLI escapes it)."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import GateOutcome


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    """g: a (1200 rows, the largest: the default reference), b; s: M (largest), F; k: 0/1; the
    column 'x=y' (its name holds "=") with groups u (largest), v."""
    rng = np.random.default_rng(3)
    n = 2000
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": (rng.random(n) < np.where(np.arange(n) < 1200, 0.5, 0.2)).astype(int),
            "g": np.where(np.arange(n) < 1200, "a", "line1\nline2"),
            "s": np.where(rng.random(n) < 0.6, "M", "F"),
            "k": rng.integers(0, 2, n),
            "x=y": np.where(np.arange(n) % 3 == 0, "v", "u"),
        }
    )
    path = tmp_path_factory.mktemp("gate13") / "d.csv"
    frame.to_csv(path, index=False)
    return path


def _report(data, protected) -> dict:
    spec = {
        "target": {"file": str(data), "engine": "pandas"},
        "roles": {"y_true": "y", "y_pred": "p", "protected": protected},
        "policy": {"n_boot": 100},
    }
    return json.loads(ethiclens.run(spec).to_json())


def _gate(data, baseline_protected, protected):
    baseline = _report(data, baseline_protected)
    new = _report(data, protected)
    return ethiclens.fairness.gate(new, "never", baseline)


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (["k=1"], {"k": 1}),  # --protected k=1 against {k: 1} (k="1")
        ({"k": 1}, ["k=1"]),
        ({"k": "1"}, ["k=1"]),
        (["k=1"], ['k="1"']),
        (['k="1"'], ["k= 1 "]),
        (["g", "s"], ["g=a", "s=M"]),  # the default references, given
        (["g=a", "s=M"], ["s", "g"]),
        (["x=y=u"], ["x=y"]),  # a column whose name holds "=", its default reference u
    ],
)
def test_same_reference_however_written_is_comparable(data, before, after):
    outcome = _gate(data, before, after)
    assert outcome.passed and outcome.regressions == ()


@pytest.mark.parametrize(
    ("before", "after"),
    [(["k=1"], ["k=0"]), (["g", "s"], ["g", "s=F"]), (["x=y"], ["x=y=v"])],
)
def test_another_reference_is_still_refused(data, before, after):
    with pytest.raises(EthicLensInputError, match="roles.protected"):
        _gate(data, before, after)


def test_message_escapes_a_newline_as_the_cli_does():
    from ethiclens._text import one_line

    outcome = GateOutcome(
        "flagged",
        failures=("g:line1\nline2 (FLAGGED)",),
        regressions=("g:a\x1b[2Jb: verdict PASS -> FLAGGED",),
        baseline="bl.json",
    )
    for text in (outcome.message(), outcome.message(cli=True)):
        assert "\n" not in text and "\x1b" not in text
        assert "line1\\nline2" in text and "a\\x1b[2Jb" in text
        assert text == one_line(text)  # the CLI's escaping, applied once


def test_run_gate_message_has_no_raw_newline(data, tmp_path):
    """The tester's call: run(...).gate(fail_on=..., baseline=...).message()."""
    spec = tmp_path / "a.yaml"
    spec.write_text(
        f"target: {{file: {json.dumps(str(data))}, engine: pandas}}\n"
        "roles: {y_true: y, y_pred: p, protected: [g]}\npolicy: {n_boot: 100}\n"
    )
    result = ethiclens.run(str(spec))
    bl = tmp_path / "bl.json"
    bl.write_text(result.to_json())
    outcome = result.gate(fail_on="flagged", baseline=str(bl))
    assert outcome.failures == ("g:line1\nline2 (FLAGGED)",)  # the group's own name
    assert "\n" not in outcome.message() and "g:line1\\nline2 (FLAGGED)" in outcome.message()


def test_baseline_line_says_a_passed_baseline_and_its_notes():
    notes = tuple(f"g:b{i}\nx: verdict FLAGGED -> PASS (better)" for i in range(7))
    outcome = GateOutcome("never", baseline="bl.json", notes=notes)
    line = outcome.baseline_line(cli=True)
    assert line.startswith("gate passed: --baseline bl.json:")
    assert "7 notes" in line and "g:b0\\nx: verdict FLAGGED -> PASS (better)" in line
    assert "\n" not in line and "4 more: pass --json FILE to see all 7" in line  # round 28
    assert "baseline='bl.json'" in outcome.baseline_line()
    assert "note" not in GateOutcome("never", baseline="bl.json").baseline_line()


def test_no_baseline_line_without_a_passed_baseline():
    assert GateOutcome("flagged").baseline_line(cli=True) is None
    failed = GateOutcome("never", regressions=("g:b: verdict PASS -> FLAGGED",), baseline="b")
    assert failed.baseline_line(cli=True) is None
    assert GateOutcome("flagged", baseline="A (model A)").baseline_line(cli=True) is None


@pytest.mark.parametrize(
    "text", ['"1"', " 1 ", '" Female"', '"a,b"', '"', "x", '""', '"a\\"b"', '"x\\\\"']
)
def test_the_gate_unquotes_as_the_spec_does(text):
    """The gate reads a --protected reference as the spec does (since 4ad41b60 both call
    _text.read_group; its own copy, _unquoted, is gone): compare the two readers end to end."""
    from ethiclens.fairness._gate import _protected_entry
    from ethiclens.spec import parse_protected

    assert _protected_entry(f"g={text}", ["g"]) == ("g", parse_protected([f"g={text}"])[1]["g"])
