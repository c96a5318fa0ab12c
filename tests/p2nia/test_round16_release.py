"""Round 16, the platform's side: a CSV's protected column is read as ``audit`` reads it,
text as written, so numeric-looking groups (``01``, ``1``, ``1.0``) stay apart in the release
and in the estimate, with or without requested groups."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.p2nia import estimate, read_release


def _csv(tmp_path, codes, counts):
    rng = np.random.default_rng(0)
    values = np.repeat(codes, counts)
    n = len(values)
    frame = pd.DataFrame({"code": values, "y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n)})
    path = tmp_path / "d.csv"
    frame.to_csv(path, index=False)
    return path


@pytest.mark.parametrize(
    "codes,groups",
    [
        (["01", "1"], "01,1"),
        (["01", "1.0"], "01,1.0"),
        (["1", "1.0"], None),
        (["01", "1"], None),
    ],
)
def test_numeric_looking_groups_are_released_as_written(tmp_path, codes, groups):
    data = _csv(tmp_path, codes, [80, 120])
    argv = ["p2nia", "request", "--n", "200", "--protected", "code", "--epsilon", "60"]
    argv += ["--out", str(tmp_path / "q.json")] + (["--groups", groups] if groups else [])
    assert main(argv) == 0
    argv = ["p2nia", "release", "--request", str(tmp_path / "q.json"), "--data", str(data)]
    argv += ["--y-true", "y", "--y-pred", "p", "--seed", "1", "--out", str(tmp_path / "rel")]
    assert main(argv) == 0
    manifest = json.loads((tmp_path / "rel" / "manifest.json").read_text())
    assert manifest["columns"]["code"]["domain"] == codes
    rel = read_release(tmp_path / "rel")
    # ε = 60 over three columns: every value kept, the groups' sizes are the data's
    assert rel.table["code"].value_counts().to_dict() == {codes[0]: 80, codes[1]: 120}
    est = estimate(rel, n_boot=0)
    assert [g["group"] for g in est.groups] == codes
    assert [round(g["n_estimated"]) for g in est.groups] == [80, 120]


def test_the_cumulative_budget_is_counted_in_words_and_stated_by_the_estimate(tmp_path, capsys):
    data = _csv(tmp_path, ["F", "M"], [100, 100])
    argv = ["p2nia", "request", "--n", "100", "--protected", "code", "--groups", "F,M"]
    assert main([*argv, "--epsilon", "5", "--out", str(tmp_path / "q.json")]) == 0
    argv = ["p2nia", "release", "--request", str(tmp_path / "q.json"), "--data", str(data)]
    argv += ["--y-true", "y", "--y-pred", "p", "--track-budget", "--out", str(tmp_path / "rel")]
    assert main(argv) == 0
    assert capsys.readouterr().out.rstrip().endswith("cumulative ε on this data 5 over 1 release")
    for _ in range(3):
        assert main([*argv, "--replace"]) == 0
    assert "cumulative ε on this data 20 over 4 releases" in capsys.readouterr().out
    est = estimate(read_release(tmp_path / "rel"), n_boot=0)
    assert "cumulative ε on this data 20 over 4 releases" in est.basis
    assert "cumulative ε on this data 20 over 4 releases" in est.header()


@pytest.mark.parametrize("column", ["code", "y", "p"])
def test_every_role_column_listed_as_a_feature_is_refused_alike(tmp_path, capsys, column):
    data = _csv(tmp_path, ["F", "M"], [100, 100])
    argv = ["p2nia", "request", "--n", "100", "--protected", "code", "--groups", "F,M"]
    argv += ["--mechanism", "mst", "--epsilon", "5", "--out", str(tmp_path / "q.json")]
    assert main(argv) == 0
    argv = ["p2nia", "release", "--request", str(tmp_path / "q.json"), "--data", str(data)]
    argv += ["--y-true", "y", "--y-pred", "p", "--columns", column, "--out", str(tmp_path / "r")]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "option '--columns': a protected attribute, label or prediction column is" in err
    assert f"(value: ['{column}'])" in err and err.count("\n") == 1, err
