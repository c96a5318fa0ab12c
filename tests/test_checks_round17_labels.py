"""Round 17: one rule for a label or prediction column that is not 0/1
(``_checks.label_fix``): ``audit``, ``pcer audit`` and ``p2nia release`` name the same two
values and give the same recoding; only the audit adds its own ``--pos-label``."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens._checks import label_fix
from ethiclens.cli import main


def _rows(n: int = 600, seed: int = 0) -> pd.DataFrame:
    r = np.random.default_rng(seed)
    g = r.choice(["a", "b"], n)
    y = r.integers(0, 2, n)
    return pd.DataFrame({"g": g, "y": y, "pred": r.integers(0, 2, n)})


def _three_faces(tmp_path, capsys, column: str, change) -> dict[str, str]:
    """The refusal of rows whose ``column`` is ``change``d by audit, pcer audit (the same
    change in its held-out rows) and p2nia release (exit 2 each)."""
    path, held_out = tmp_path / "rows.csv", tmp_path / "held_out.csv"
    for seed, where in ((0, path), (1, held_out)):
        frame = _rows(seed=seed)
        frame[column] = change(frame[column])
        frame.to_csv(where, index=False)
    roles = ["--y-true", "y", "--y-pred", "pred"]
    req = tmp_path / "request.json"
    made = ["p2nia", "request", "--n", "200", "--protected", "g", "--groups", "a,b"]
    assert main([*made, "--mechanism", "grr", "--epsilon", "6", "--out", str(req)]) == 0
    capsys.readouterr()
    runs = {
        "audit": ["audit", str(path), *roles, "--protected", "g", "--n-boot", "100"],
        "pcer": ["pcer", "audit", "--train", str(path), "--test", str(held_out), *roles]
        + ["--protected", "g", "--n-boot", "100"],
        "p2nia": ["p2nia", "release", "--request", str(req), "--data", str(path), *roles]
        + ["--seed", "1", "--out", str(tmp_path / "rel")],
    }
    errs = {}
    for face, args in runs.items():
        code = main(args)
        errs[face] = capsys.readouterr().err
        assert code == 2, (face, errs[face])
    return errs


def test_labels_coded_minus_one_one_get_the_same_two_values_and_recoding_everywhere(
    tmp_path, capsys
):
    errs = _three_faces(tmp_path, capsys, "y", lambda c: c * 2 - 1)
    for face, err in errs.items():
        assert "two values -1, 1" in err, (face, err)
        # round 49: the audit's and the release's command line say the file's words, not
        # pandas code (pcer gives both: the file's words, then the code)
        code = "df['y'] = (df['y'] == 1).astype(int)"
        assert ("in the file, with 1 for 1" if face != "pcer" else code) in err, (face, err)
        assert "drop those rows" not in err, (face, err)
    assert "--pos-label 1" in errs["audit"], errs["audit"]
    assert "--pos-label" not in errs["pcer"] + errs["p2nia"]


def test_two_score_values_are_thresholded_at_one_half_everywhere(tmp_path, capsys):
    errs = _three_faces(tmp_path, capsys, "pred", lambda c: c * 0.9 + 0.05)
    for face, err in errs.items():
        code = "df['pred'] = (df['pred'] >= 0.5).astype(int)"  # round 49: audit, p2nia: the
        file = "in the file: 1 where 'pred' is at least 0.5, else 0"  # file's words
        assert (file if face != "pcer" else code) in err, (face, err)
        assert "== 0.95" not in err, (face, err)


@pytest.mark.parametrize(
    ("values", "words"),
    [
        (
            [-1, 1],
            "recode it to 0/1 with 1 for the positive value, e.g. in pandas "
            "df['y'] = (df['y'] == 1).astype(int)",
        ),
        (["no", "yes"], "df['y'] = (df['y'] == 'yes').astype(int)"),
        ([0.05, 0.95], "df['y'] = (df['y'] >= 0.5).astype(int)"),
        ([3, 7.5, 12], "df['y'] = (df['y'] >= T).astype(int) (T: the model's decision threshold)"),
        (["0", "1"], "df['y'] = df['y'].astype(int)"),
        ([1, 2], "drop those rows or correct their values to 0/1"),
        ([0, 1, 2], "drop those rows or correct their values to 0/1"),
    ],
)
def test_one_rule_whatever_the_face(values, words):
    plain = label_fix("y", values)
    assert words in plain, plain
    assert "pos-label" not in plain and "pos_label" not in plain, plain
    audit = label_fix("y", values, pos_label=True)
    assert audit.startswith(plain), audit
    scores = len(values) == 3 and not all(float(v).is_integer() for v in values)
    if not (scores or values == [0.05, 0.95]):
        assert "--pos-label" in audit and "pos_label=" in audit, audit


def test_the_audit_names_its_positive_value_for_two_values():
    assert "--pos-label 1 on the command line, pos_label=1 in Python" in label_fix(
        "y", [1, -1], pos_label=True
    )
    assert "--pos-label yes on the command line, pos_label='yes' in Python" in label_fix(
        "y", ["yes", "no"], pos_label=True
    )
