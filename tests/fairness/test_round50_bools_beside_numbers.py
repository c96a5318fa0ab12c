"""A group column holding true/false beside the numbers 1 / 0 (round 50).

To Python and pandas True == 1 and False == 0 (one hash), so an object column of groups True,
1 and 2 (an object array; a JSON file's ``true`` beside ``1``; a Dask frame's) was audited as
two groups, 'True' holding the rows of both and named by whichever row came first: silently
wrong counts, on the arrays (audit, compare, threshold_table), ethiclens.sources.counts_of, a
JSON file on the pandas engine, a Dask frame, the monitor, make_counterfactuals and a P2NIA
release. A flag beside a code is two spellings the data may not mean as one group: each face
now refuses the column, naming both values and the fix. Equal numbers of other types (1 beside
1.0) stay one group; True beside 2 stays two groups; CSV text ('True', '1') stays two groups.
"""

import json

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.sources import Roles, counts_of

_RNG = np.random.default_rng(1)
_N = 300
_Y = _RNG.integers(0, 2, _N)
_P = _RNG.integers(0, 2, _N)
_S = _RNG.uniform(0, 1, _N)
_PICK = _RNG.integers(0, 3, _N)
_ROLES = Roles(y_true="y", y_pred="p", protected=["g"])
_SAID = (
    "column 'g': one group is written two ways: True (a true/false value) and 1 (a number), "
    "one value to Python and pandas (True is 1): the audit would count them as one group, "
    "named by whichever row comes first (value: 1). Fix: recode the column to one spelling"
)


def _groups(values=(True, 1, 2)):
    return pd.Series([values[i] for i in _PICK], dtype=object, name="g")


def _rows(groups):
    return pd.DataFrame({"y": _Y, "p": _P, "g": groups})


def _monitor(groups, tmp_path):
    from ethiclens.monitor import MonitorRequest, run_monitor

    rows = _rows(groups).assign(t=pd.date_range("2024-01-01", periods=_N, freq="h").astype(str))
    request = MonitorRequest(
        target=rows, y_true="y", y_pred="p", protected=("g",), time="t", window="1d"
    )
    return run_monitor(request, tmp_path / "m.db")


def _release(groups, tmp_path):
    from ethiclens.p2nia import make_request, release

    return release(make_request(100, "g", epsilon=1.0), _rows(groups), "y", "p", random_state=0)


def _dask(groups, tmp_path):
    import dask.dataframe as dd

    from ethiclens.sources import audit_frame

    frame = dd.from_pandas(_rows(groups), npartitions=2)
    return audit_frame(frame, y_true="y", y_pred="p", protected="g", n_boot=100)


def _run(face, groups, tmp_path):
    faces = {
        "audit": lambda: ethiclens.audit(_Y, _P, groups, n_boot=100),
        "compare": lambda: ethiclens.compare(_Y, _P, 1 - _P, groups, n_boot=100),
        "threshold_table": lambda: ethiclens.threshold_table(_Y, _S, groups, n_boot=100),
        "counts_of": lambda: counts_of(
            _rows(groups), Roles(y_true="y", y_pred="p", protected=["g"])
        ),
        "monitor": lambda: _monitor(groups, tmp_path),
        "p2nia_release": lambda: _release(groups, tmp_path),
        "dask_frame": lambda: _dask(groups, tmp_path),
    }
    if face in faces:
        return faces[face]()
    from ethiclens.probes import make_counterfactuals

    return make_counterfactuals(_rows(groups), "g")


FACES = [
    "audit",
    "compare",
    "threshold_table",
    "counts_of",
    "monitor",
    "p2nia_release",
    "dask_frame",
    "make_counterfactuals",
]


@pytest.mark.parametrize("face", FACES)
def test_true_beside_one_is_refused(face, tmp_path):
    with pytest.raises(ethiclens.EthicLensInputError) as exc:
        _run(face, _groups(), tmp_path)
    assert str(exc.value).startswith(_SAID)
    assert "df['g'].map({True: 1, False: 0})" in str(exc.value)


def test_a_json_file_on_the_pandas_engine_is_refused_in_the_files_words(tmp_path, capsys):
    path = tmp_path / "d.json"
    path.write_text(json.dumps(_rows(_groups()).to_dict(orient="records"), default=int))
    args = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*args, "--engine", "pandas", "--n-boot", "100"]) == 2
    err = capsys.readouterr().err
    assert (
        f"error: {_SAID} in the file: true/false or numbers (or write the values as text, " in err
    )
    assert "'True' and '1', to keep them apart as two groups)" in err


def test_a_bool_frame_beside_an_int_frame_in_one_dask_frame_is_refused():
    import dask.dataframe as dd

    from ethiclens.sources import audit_frame

    parts = [dd.from_pandas(_rows(g), npartitions=1) for g in (True, 1)]
    with pytest.raises(ethiclens.EthicLensInputError, match="True .a true/false value. and 1"):
        audit_frame(dd.concat(parts), y_true="y", y_pred="p", protected="g", n_boot=100)


def test_false_beside_zero_is_refused():
    with pytest.raises(
        ethiclens.EthicLensInputError, match=r"False \(a true/false value\) and 0\.0"
    ):
        ethiclens.audit(_Y, _P, _groups((False, 0.0, "x")), n_boot=100)


@pytest.mark.parametrize(
    ("values", "sizes"),
    [
        ((True, 2, 2), {"True": (0,), "2": (1, 2)}),
        ((1, 1.0, 2), {"1": (0, 1), "2": (2,)}),  # equal numbers: one group (its first row's)
    ],
)
def test_other_columns_are_audited_as_before(values, sizes):
    result = ethiclens.audit(_Y, _P, _groups(values), n_boot=100)
    (comparison,) = result.comparisons
    got = {
        comparison.group: comparison.n["group"],
        comparison.reference: comparison.n["reference"],
    }
    first = {k: str(_groups(values)[np.isin(_PICK, v)].iloc[0]) for k, v in sizes.items()}
    assert got == {first[k]: int(np.isin(_PICK, v).sum()) for k, v in sizes.items()}
