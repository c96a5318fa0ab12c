"""Round 38 review of 3f94d895/cc2dc878: the report writers' own check of ``path`` names the
Python argument ('path'), and the command line (a spec's outputs, --config too) writes --html,
--plot and --pdf with those writers once the audit has run. A refusal the command line's own
check before the run did not see (the output's folder removed, or a folder made at the
output's name, while the audit ran) reached its user as "error: argument 'path': output
o/t.png: folder o does not exist", where 3f94d895^ printed "error: output o/t.png: folder o
does not exist" (no Python argument: the user typed --plot). cc2dc878 restored the old words
for a failure once written (a full disk), not for these.

The fix belongs to the face that calls the writers (spec._outputs.output_not_written, not a
file of ethiclens.report): it now drops the writer's argument from such a refusal.
"""

from __future__ import annotations

import shutil

import numpy as np
import pandas as pd
import pytest

import ethiclens.spec as spec
from ethiclens.cli import main


@pytest.fixture
def data(tmp_path):
    r = np.random.default_rng(0)
    n = 200
    frame = pd.DataFrame(
        {
            "label": r.integers(0, 2, n),
            "score": r.random(n),
            "race": np.array(["x", "y"])[np.arange(n) % 2],
        }
    )
    path = tmp_path / "d.csv"
    frame.to_csv(path, index=False)
    return path


@pytest.mark.parametrize("flag,name", [("--plot", "t.png"), ("--html", "t.html")])
def test_a_folder_removed_during_the_run_keeps_the_command_line_words(
    flag, name, data, tmp_path, monkeypatch, capsys
):
    out = tmp_path / "o"
    out.mkdir()
    run = spec.run_thresholds

    def removed_meanwhile(s):  # the CLI's check before the run passed; then the folder went
        result = run(s)
        shutil.rmtree(out)
        return result

    monkeypatch.setattr(spec, "run_thresholds", removed_meanwhile)
    argv = [
        "thresholds", str(data), "--y-true", "label", "--y-score", "score",
        "--protected", "race", "--positive", "harmful", "--n-boot", "100", "--seed", "0",
        flag, str(out / name),
    ]  # fmt: skip
    assert main(argv) == 2
    err = capsys.readouterr().err
    line = [ln for ln in err.splitlines() if ln.startswith("error:")]
    assert line == [  # 3f94d895^'s line, word for word
        f"error: output {out / name}: folder {out} does not exist. Fix: create it first "
        f"(mkdir -p {out}) or choose another path"
    ]
    assert not out.exists()
