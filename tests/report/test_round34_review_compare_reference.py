"""Round 34 review: compare's terminal output named no reference group, so a reference the user
gave and a merge renamed (--protected g=A --merge-groups g=A,B:AB) read nowhere as the audit
states it ('g: reference group AB (given as A, merged into AB)', docs/methodology.md). It now
states each attribute's reference, in the audit's words."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ethiclens.cli import main


def _csv(tmp_path):
    rng = np.random.default_rng(0)
    n = 900
    frame = {"g": rng.choice(["A", "B", "C"], n), "y": rng.integers(0, 2, n)}
    frame |= {"pa": rng.integers(0, 2, n), "pb": rng.integers(0, 2, n)}
    pd.DataFrame(frame).to_csv(tmp_path / "d.csv", index=False)
    return [str(tmp_path / "d.csv"), "--y-true", "y", "--y-pred", "pa", "--y-pred", "pb"]


def test_compare_states_a_merged_reference_as_the_audit_does(tmp_path, capsys):
    args = [*_csv(tmp_path), "--protected", "g=A", "--merge-groups", "g=A,B:AB", "--n-boot", "100"]
    assert main(["compare", *args]) == 0
    compared = capsys.readouterr().out
    assert "g: reference group AB (given as A, merged into AB)\n" in compared
    assert main(["audit", *args[:5], *args[7:]]) == 0  # one model: the audit's own line
    assert "reference group AB (given as A, merged into AB)" in capsys.readouterr().out


def test_compare_states_a_default_reference(tmp_path, capsys):
    assert main(["compare", *_csv(tmp_path), "--protected", "g", "--n-boot", "100"]) == 0
    assert "g: reference group C (largest group (default))\n" in capsys.readouterr().out
