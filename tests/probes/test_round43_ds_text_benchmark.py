"""Round 43 (ds): 'ethiclens probe counterfactual bios' (a text dataset, no standard model)
ended in a ValueError traceback from scikit-learn (could not convert string to float: <a
biography>) after loading the data; it is now refused as the audit refuses it, before any
data is read, and a registered text dataset marked audited likewise."""

import pandas as pd
import pytest

from ethiclens import datasets
from ethiclens.cli import main
from ethiclens.datasets import Dataset, DatasetEntry
from ethiclens.errors import EthicLensInputError
from ethiclens.probes import probe_benchmark


def test_cli_refuses_bios_in_one_line(capsys):
    assert main(["probe", "counterfactual", "bios", "--n-boot", "100"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "bios is a text dataset without a standard audit model" in err
    assert "--model MODULE:FUNCTION --data" in err


def test_python_refuses_bios_before_reading(monkeypatch):
    monkeypatch.setenv("ETHICLENS_BIOS", "/nonexistent/bios.csv")  # never read
    with pytest.raises(EthicLensInputError, match="text dataset without a standard") as info:
        probe_benchmark("bios")
    assert info.value.column == "TARGET"
    assert "counterfactual(model, X, attribute)" in str(info.value)


def _text_toy(**_):
    frame = pd.DataFrame({"text": ["a b", "c d", "e f", "g h"]})
    return Dataset(
        name="texttoy43",
        features=frame,
        label=pd.Series([0, 1, 0, 1]),
        protected=pd.DataFrame({"g": ["x", "y", "x", "y"]}),
        reference={"g": "x"},
        positive_label="yes",
        positive_is_favorable=True,
        text="text",
    )


def test_registered_text_dataset_refused():
    entry = DatasetEntry(
        name="texttoy43", loader=_text_toy, description="t", positive_is_favorable=True
    )
    datasets.register(entry)
    try:
        with pytest.raises(EthicLensInputError, match="texttoy43 is a text dataset"):
            probe_benchmark("texttoy43", n_boot=100)
    finally:
        datasets.unregister("texttoy43")
