"""A standard output whose reader goes away mid-run (``| head -1``) loses only what was
printed: every command still writes its files and ends with the code it would have (0, or 1
for a failed gate); a report sent to standard output (``--json -``) and cut short exits 141.
Was: the audit exited 1 (a gate's code) with no JSON or HTML written and nothing said."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

ETHICLENS = [sys.executable, "-m", "ethiclens"]


def _first_line_then_close(args, cwd) -> tuple[int, str, str]:
    """Run ``ethiclens ARGS`` reading one line of its standard output, then closing it."""
    proc = subprocess.Popen(
        [*ETHICLENS, *map(str, args)],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    return proc.wait(timeout=300), first, err


@pytest.fixture
def scores(tmp_path):
    rng = np.random.default_rng(0)
    n = 600
    group = rng.choice(["A", "B"], n)
    label = rng.integers(0, 2, n)
    score = np.clip(rng.random(n) * 0.7 + (group == "A") * 0.3, 0, 1).round(3)
    frame = pd.DataFrame({"label": label, "score": score, "group": group})
    frame["pred"] = (frame["score"] >= 0.5).astype(int)
    frame["pred_b"] = (frame["score"] >= 0.6).astype(int)
    path = tmp_path / "scores.csv"
    frame.to_csv(path, index=False)
    return path


ROLES = ["--y-true", "label", "--protected", "group", "--n-boot", "200"]


@pytest.mark.parametrize(
    ("command", "outputs"),
    [
        (["audit", "--y-pred", "pred"], ["--json", "out.json", "--html", "out.html"]),
        (["compare", "--y-pred", "pred", "--y-pred", "pred_b"], ["--json", "out.json"]),
        (["thresholds", "--y-score", "score"], ["--json", "out.json", "--csv", "out.csv"]),
    ],
    ids=["audit", "compare", "thresholds"],
)
def test_files_are_written_and_the_code_stands(tmp_path, scores, command, outputs):
    rc, first, err = _first_line_then_close(
        [command[0], scores, *command[1:], *ROLES, *outputs], tmp_path
    )
    assert first  # the reader saw the summary's first line, then went away
    assert rc == 0, err
    assert "Traceback" not in err and "BrokenPipe" not in err, err
    written = [tmp_path / o for o in outputs[1::2]]
    assert all(p.is_file() and p.stat().st_size > 0 for p in written)
    assert json.loads((tmp_path / "out.json").read_text())


def test_a_failed_gate_keeps_its_code(tmp_path, scores):
    rc, _, err = _first_line_then_close(
        ["audit", scores, "--y-pred", "pred", *ROLES, "--fail-on", "flagged",
         "--json", "out.json"],
        tmp_path,
    )  # fmt: skip
    assert rc == 1 and "--fail-on flagged" in err, err
    assert (tmp_path / "out.json").is_file()


def test_json_to_standard_output_cut_short_exits_141(tmp_path, scores, monkeypatch):
    from ethiclens.cli import main

    class _Closed:
        def write(self, s):
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self):
            raise BrokenPipeError(32, "Broken pipe")

        def isatty(self):
            return False

    monkeypatch.setattr(sys, "stdout", _Closed())
    monkeypatch.chdir(tmp_path)
    rc = main(["audit", str(scores), "--y-pred", "pred", *ROLES, "--json", "-"])
    assert rc == 141
