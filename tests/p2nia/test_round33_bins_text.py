"""Round 33 (P2NIA): ``p2nia release --bins`` reads its edges by every face's number rule, as
``release(discretization={"age": "0,50,100"})`` reads the same text (docs/p2nia.md says they
are read alike). It read them with Python's float(): ``5_0`` and ``٥0`` were binned as 50, an
edge of ``-1e-400`` as 0 (it underflows), and ``9007199254740993`` as the float 2**53, each
released with exit 0 where Python refuses them."""

from __future__ import annotations

import json
import warnings

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, parse_bins, release

UNDERFLOWS = (
    "-1e-400 underflows to 0: its size is below the smallest positive number a double holds "
    "(about 5e-324)"
)


@pytest.mark.parametrize(
    ("edges", "said"),
    [
        ("0,5_0,100", "bin edges must be numbers"),
        ("0,\u06650,100", "bin edges must be numbers"),
        ("-1e-400,50,100", UNDERFLOWS),
        (
            "0,50,9007199254740993",
            "bin edge 9007199254740993 is a whole number no float holds exactly",
        ),
    ],
)
def test_cli_bins_refused_as_python_refuses_them(tmp_path, capsys, edges, said):
    data = pd.DataFrame({"sex": ["F", "M"] * 20, "age": range(40), "p": [1, 0] * 20})
    data.to_csv(tmp_path / "d.csv", index=False)
    req = make_request(
        20, "sex", protected_domain=["F", "M"], metrics="dp", mechanism="mst", epsilon=5.0
    )
    (tmp_path / "rq.json").write_text(json.dumps(req.to_dict()))
    args = ["p2nia", "release", "--request", str(tmp_path / "rq.json"), "--data"]
    args += [str(tmp_path / "d.csv"), "--y-pred", "p", "--columns", "age", "--bins"]
    assert main([*args, f"age={edges}", "--out", str(tmp_path / "rel")]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"error: option '--bins age': {said} (value: '{edges}'). Fix: e.g. 0,25,45,65,120"
    assert not (tmp_path / "rel").exists()
    with pytest.raises(EthicLensInputError) as python, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        release(req, data, None, "p", columns=["age"], discretization={"age": edges})
    assert python.value.problem == said


def test_good_text_edges_read_as_before():
    assert parse_bins(["age=0, 18 ,1e2"]) == {"age": [0.0, 18.0, 100.0]}
