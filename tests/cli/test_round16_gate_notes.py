"""Round 16: a failed gate against a baseline of other data prints the gate's notes on the
terminal, not only in run.gate.notes."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ethiclens.cli import main


def test_a_failed_gate_prints_its_notes(tmp_path, capsys):
    rng = np.random.default_rng(0)
    n = 2000
    frame = pd.DataFrame({"y": rng.integers(0, 2, n), "g": rng.choice(["a", "b"], n)})
    frame["p"] = ((frame["g"] == "a") | (rng.random(n) < 0.3)).astype(int)  # b selected less
    frame.to_csv(tmp_path / "all.csv", index=False)
    frame.iloc[:1500].to_csv(tmp_path / "part.csv", index=False)
    base = ["--y-true", "y", "--y-pred", "p", "--protected", "g=a", "--n-boot", "100"]
    assert (
        main(["audit", str(tmp_path / "all.csv"), *base, "--json", str(tmp_path / "b.json")]) == 0
    )
    capsys.readouterr()
    args = ["audit", str(tmp_path / "part.csv"), *base, "--baseline", str(tmp_path / "b.json")]
    assert main([*args, "--fail-on", "flagged"]) == 1
    err = capsys.readouterr().err
    assert "gate note: other input than the baseline" in err and "2,000 -> 1,500 rows" in err
