"""Round 19: the probes refuse the group labels the audit refuses (' a' beside 'a', blank
names, bytes beside their text), by the audit's check and message, instead of flipping
between two spellings of one group."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.probes import analyze_counterfactuals, make_counterfactuals

LOOK_ALIKE = (
    "distinct values print the same: 'a' is written both as ' a' and as 'a' (the same name, "
    "one with whitespace around it)"
)


def _records(labels=("a", "b", " a"), n: int = 30) -> pd.DataFrame:
    r = np.random.default_rng(0)
    g = np.array(labels, dtype=object)[np.arange(n) % len(labels)]
    y, p = r.integers(0, 2, n), r.integers(0, 2, n)
    return pd.DataFrame({"g": g, "x": r.normal(size=n), "y": y, "p": p})


def test_make_counterfactuals_cli_refuses_look_alikes_as_the_audit_does(tmp_path, capsys):
    data, out = tmp_path / "d.csv", tmp_path / "cf.csv"
    _records().to_csv(data, index=False)
    assert main(["audit", str(data), "--y-true", "y", "--y-pred", "p", "--protected", "g"]) == 2
    audit_err = capsys.readouterr().err
    assert LOOK_ALIKE in audit_err, audit_err
    code = main(["probe", "make-counterfactuals", str(data), "--protected", "g", "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and "column 'g'" in err and LOOK_ALIKE in err, err
    # round 48: audit takes group edits, so its fix gives the merge (--merge-groups) first;
    # this command takes none: the data's change, which the audit's fix names too
    audit_fix, fix = audit_err.split("Fix: ")[1].strip(), err.split("Fix: ")[1].strip()
    assert "--merge-groups" in audit_fix and "strip the whitespace around" in audit_fix
    assert fix.startswith("strip the whitespace around the group names"), fix
    assert not out.exists()


def test_make_counterfactuals_python_refuses_look_alikes_and_blank_names():
    with pytest.raises(EthicLensInputError, match="distinct values print the same"):
        make_counterfactuals(_records(), "g")
    with pytest.raises(EthicLensInputError, match="holds blank group names"):
        make_counterfactuals(_records(("a", "b", " ")), "g")
    with pytest.raises(EthicLensInputError, match="both as bytes"):
        make_counterfactuals(_records(("a", "b", b"a")), "g")


def test_named_targets_that_print_like_a_present_group_are_refused():
    with pytest.raises(EthicLensInputError, match="distinct values print the same"):
        make_counterfactuals(_records(("a", "b")), "g", groups=["b", "a "])


def test_analyze_refuses_a_table_whose_bookkeeping_labels_look_alike(tmp_path, capsys):
    table = make_counterfactuals(_records(("a", "b")), "g")
    # record 0 (group 'a') written ' a' in its rows, the other 'a' records as 'a'
    mine = table["_cf_row"] == 0
    table.loc[mine, "_cf_source"] = " a"
    table.loc[mine & (table["_cf_target"] == "a"), ["_cf_target", "g"]] = " a"
    with pytest.raises(EthicLensInputError, match="distinct values print the same"):
        analyze_counterfactuals(table, table["y"], n_boot=100)
    path = tmp_path / "scored.csv"
    table.to_csv(path, index=False)
    code = main(["probe", "analyze-counterfactuals", str(path), "--y-pred", "y", "--n-boot", "100"])
    err = capsys.readouterr().err
    assert code == 2 and LOOK_ALIKE in err, err


def test_plain_labels_still_flip():
    frame = make_counterfactuals(_records(("a", "b")), "g")
    assert sorted(frame["_cf_target"].unique()) == ["a", "b"]
    res = analyze_counterfactuals(frame, frame["y"], n_boot=100)
    assert res is not None
