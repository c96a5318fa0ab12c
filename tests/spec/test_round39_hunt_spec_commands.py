"""Round 39 (hunt_spec): a user's value that begins like a command ("ethiclens audit x", a
column's name) was read as a command line a message suggests, so the flags after it in its
clause stayed flags for a Python caller or a config file's user."""

from __future__ import annotations

import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

_FLAGS = {"--threshold": "thresholds.threshold", "--bins": "groups.bins"}


def test_a_threshold_views_refusal_names_no_flag(tmp_path):
    rows = ["a,ethiclens audit x,s,g"]
    rows += [f"{i % 2},{int(i >= 30)},{i / 80:.3f},{'mf'[i % 3 == 0]}" for i in range(80)]
    path = tmp_path / "t.csv"
    path.write_text("\n".join(rows) + "\n")
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.threshold_table(
            str(path),
            y_true="a",
            y_pred=["ethiclens audit x"],
            y_score="s",
            protected=["g"],
            threshold=0.5,
        )
    assert "--" not in str(info.value), str(info.value)
    assert "(threshold)" in str(info.value.fix)


@pytest.mark.parametrize("value", ["'ethiclens audit (x)'", '"ethiclens audit x"'])
def test_a_quoted_value_starts_no_command(value):
    exc = EthicLensInputError(
        f"the column {value} needs --bins", column="--bins", value=value[1:-1]
    )
    said = exc.renamed({}, None, _FLAGS)
    assert said.problem == f"the column {value} needs groups.bins"


def test_a_value_given_starts_no_command_but_a_real_one_stays():
    fix = "bin ethiclens audit x with --bins; or run ethiclens audit --bins age=0,40 data.csv"
    exc = EthicLensInputError("is not numeric", column="--bins", value="ethiclens audit x", fix=fix)
    said = exc.renamed({}, None, _FLAGS)
    assert said.fix == (
        "bin ethiclens audit x with groups.bins; or run ethiclens audit --bins age=0,40 data.csv"
    )
    # a value that is only the command's first word leaves the command whole
    exc = EthicLensInputError("x --bins", column="--bins", value="ethiclens", fix=fix)
    assert "run ethiclens audit --bins age=0,40" in str(exc.renamed({}, None, _FLAGS).fix)
