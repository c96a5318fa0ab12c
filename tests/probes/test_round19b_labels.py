"""Round 19b: a counterfactual table's look-alike group is named in the bookkeeping column
that holds it, and named groups of another type than the column ('1' for an integer column's
1, b'a' for a text column's 'a') are refused naming the ``groups`` argument and the column's
type, never as a column that mixes types."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.probes import make_counterfactuals

NFC, NFD = "caf\u00e9", "cafe\u0301"


def _records(labels, n: int = 20) -> pd.DataFrame:
    r = np.random.default_rng(0)
    g = pd.Series(labels).iloc[np.arange(n) % len(labels)].reset_index(drop=True)
    return pd.DataFrame({"g": g, "x": r.normal(size=n), "y": r.integers(0, 2, n)})


def test_a_look_alike_only_in_the_target_column_is_named_there(tmp_path, capsys):
    table = make_counterfactuals(_records([NFC, "b"]), "g")
    flipped = table["_cf_source"] != table["_cf_target"]
    table.loc[flipped & (table["_cf_target"] == NFC), ["_cf_target", "g"]] = NFD
    path = tmp_path / "scored.csv"
    table.to_csv(path, index=False)
    code = main(["probe", "analyze-counterfactuals", str(path), "--y-pred", "y", "--n-boot", "100"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "column '_cf_target': distinct values print the same" in err, err  # was _cf_source
    assert "(the same letters in other Unicode code points)" in err, err


def test_a_look_alike_between_the_two_columns_names_both(tmp_path, capsys):
    table = make_counterfactuals(_records(["a", "b"]), "g")
    flipped = table["_cf_source"] != table["_cf_target"]
    # every observed 'a' written ' a', every flip to 'a' left as 'a': each column alone is fine
    table.loc[table["_cf_source"] == "a", "_cf_source"] = " a"
    table.loc[~flipped & (table["_cf_target"] == "a"), "_cf_target"] = "c"
    path = tmp_path / "scored.csv"
    table.to_csv(path, index=False)
    code = main(["probe", "analyze-counterfactuals", str(path), "--y-pred", "y", "--n-boot", "100"])
    err = capsys.readouterr().err
    assert code == 2 and "column '_cf_source/_cf_target': distinct values print" in err, err


@pytest.mark.parametrize(
    ("labels", "groups", "problem", "fix"),
    [
        ([1, 2], ["1", "2"], "['1', '2'] are text but column 'g' holds integers", "[1, 2]"),
        ([1, 2], ["1", "3"], "['1'] is text but column 'g' holds integers", "[1, 3]"),
        (["a", "b"], [b"a", "b"], "[b'a'] is bytes but column 'g' holds text", "['a', 'b']"),
        ([True, False], ["True"], "['True'] is text but column 'g' holds booleans", "[True]"),
    ],
)
def test_named_groups_of_another_type_are_blamed_on_groups(labels, groups, problem, fix):
    with pytest.raises(EthicLensInputError) as exc:
        make_counterfactuals(_records(labels), "g", groups=groups)
    msg = str(exc.value)
    assert msg.startswith(f"argument 'groups': {problem} (two types that print the same)"), msg
    assert msg.endswith(f"Fix: give groups={fix}"), msg
    assert "column 'g': distinct values" not in msg


def test_look_alikes_in_groups_alone_or_beside_the_column_name_groups():
    with pytest.raises(EthicLensInputError) as exc:
        make_counterfactuals(_records(["a", "b"]), "g", groups=["c", " c"])
    assert str(exc.value).startswith("argument 'groups': distinct values print the same"), exc
    with pytest.raises(EthicLensInputError) as exc:
        make_counterfactuals(_records([NFC, "b"]), "g", groups=[NFD])
    msg = str(exc.value)
    assert msg.startswith("argument 'groups': distinct values print the same"), msg
    assert "(one spelling in groups, one in column 'g')" in msg, msg


def test_groups_of_the_column_type_still_flip():
    frame = make_counterfactuals(_records([1, 2]), "g", groups=[1, 3])
    assert sorted(frame["_cf_target"].unique()) == [1, 2, 3]
