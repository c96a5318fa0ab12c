"""Round 20: ACS states are a set. ``--states NE,CO`` is the audit of ``--states CO,NE``: the
same rows in the same order, so the same training and test split and the same verdicts, and
the states recorded sorted."""

import json

import pandas as pd

from ethiclens import datasets
from ethiclens.cli import main


def test_the_order_of_the_states_changes_no_row():
    a, b = datasets.load_acs_income(["NE", "co"]), datasets.load_acs_income("CO,NE")
    pd.testing.assert_frame_equal(a.features, b.features)
    pd.testing.assert_series_equal(a.label, b.label)
    pd.testing.assert_frame_equal(a.protected, b.protected)
    assert a.provenance["states"] == b.provenance["states"] == ["CO", "NE"]
    assert [f["file"] for f in a.provenance["files"]] == [
        "acsincome_co_features.csv",
        "acsincome_ne_features.csv",
    ]


def test_states_are_normalised_sorted():
    assert datasets.acs_states(["ne", "CO"]) == ["CO", "NE"]
    assert datasets.acs_states("ne,co") == ["CO", "NE"]


def _audit(tmp_path, states: str) -> dict:
    out = tmp_path / f"{states.replace(',', '_')}.json"
    argv = ["audit", "acs-income", "--states", states, "--n-boot", "100", "--json", str(out)]
    assert main(argv) == 0
    return json.loads(out.read_text())


def test_the_order_of_the_states_changes_no_verdict(tmp_path, capsys):
    a, b = _audit(tmp_path, "NE,CO"), _audit(tmp_path, "CO,NE")
    capsys.readouterr()
    assert a["data"]["provenance"]["model"] == b["data"]["provenance"]["model"]
    assert a["comparisons"] == b["comparisons"]
    assert a["data"]["provenance"]["data"]["states"] == ["CO", "NE"]
