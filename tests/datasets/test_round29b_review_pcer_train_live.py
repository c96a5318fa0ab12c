"""Round 29b review: the audit's refusal of a registered dataset it does not audit says "use:
ethiclens pcer train NAME" where pcer train takes it; ``pcer train`` reads its datasets from
the registry when it runs, so a dataset registered after the command line was imported is
taken (it was refused as "not one of acs-income, adult, bios, compas")."""

import numpy as np
import pandas as pd
import pytest

import ethiclens.cli._pcer  # noqa: F401  imported before the dataset is registered
import ethiclens.datasets as ds_mod
from ethiclens.cli import main
from ethiclens.datasets import BinarySplit, Dataset, DatasetEntry

SPLIT = {"kind": BinarySplit(column="kind", group0="a", group1="b", zero_values=("a",))}


def _tabular(**_):
    rng = np.random.default_rng(0)
    return Dataset(
        name="mine",
        features=pd.DataFrame({"x": rng.normal(size=200)}),
        label=pd.Series(rng.integers(0, 2, 200), name="y"),
        protected=pd.DataFrame({"kind": rng.choice(["a", "b"], 200)}),
        reference={"kind": "a"},
        positive_label="y = 1",
        positive_is_favorable=True,
    )


@pytest.fixture
def mine():
    kw = dict(name="mine", description="a user's", positive_is_favorable=True)
    ds_mod.register(
        DatasetEntry(**kw, protected=("kind",), loader=_tabular, audited=False, pcer_splits=SPLIT)
    )
    try:
        yield
    finally:
        ds_mod.unregister("mine")


def test_pcer_train_takes_the_dataset_the_audit_sends_it(mine, capsys):
    assert main(["audit", "mine"]) == 2
    assert "use: ethiclens pcer train mine" in capsys.readouterr().err
    assert main(["pcer", "train", "mine", "--epsilon", "abc"]) == 2
    err = capsys.readouterr().err
    assert "option '--epsilon': ε must be a number" in err and "DATASET" not in err, err
    assert main(["pcer", "train", "--help"]) == 0
    assert "compas|mine}" in capsys.readouterr().out


def test_an_unknown_dataset_is_refused_as_before(capsys):
    assert main(["pcer", "train", "nope"]) == 2
    assert capsys.readouterr().err == (
        "error: argument 'DATASET': must be one of acs-income, adult, bios, compas (value: "
        "'nope'). Fix: use one of acs-income, adult, bios, compas\n"
    )
