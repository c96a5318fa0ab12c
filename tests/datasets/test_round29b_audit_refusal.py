"""Round 29b: a dataset registered with ``audited=False`` is refused by the audit in its own
entry's words, not Bias in Bios's: "text dataset" only where the entry says so, and
"ethiclens pcer train NAME" only where pcer train takes the dataset. Python, the command line
(exit 2) and ``ethiclens audit --help`` agree; bios keeps its words exactly."""

from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

import ethiclens
import ethiclens.datasets as ds_mod
from ethiclens.cli import main
from ethiclens.cli._audit import _help, audit_command
from ethiclens.datasets import BinarySplit, Dataset, DatasetEntry
from ethiclens.errors import EthicLensInputError

SPLIT = {"kind": BinarySplit(column="kind", group0="a", group1="not-a", zero_values=("a",))}


def _tabular(**_):
    rng = np.random.default_rng(0)
    n = 200
    return Dataset(
        name="tab",
        features=pd.DataFrame({"x": rng.normal(size=n)}),
        label=pd.Series(rng.integers(0, 2, n), name="y"),
        protected=pd.DataFrame({"kind": rng.choice(["a", "b"], n)}),
        reference={"kind": "a"},
        positive_label="y = 1",
        positive_is_favorable=True,
    )


def _texts(**_):
    ds = _tabular()
    return replace(ds, features=pd.DataFrame({"bio": ["some words"] * len(ds.label)}), text="bio")


@pytest.fixture
def entry(request):
    kw = dict(name="mine", description="a user's", positive_is_favorable=True)
    entry = DatasetEntry(**kw, protected=("kind",), **request.param)
    ds_mod.register(entry)
    try:
        yield entry
    finally:
        ds_mod.unregister("mine")


def _refusals(capsys) -> tuple[str, str, str]:
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.audit("mine")
    assert main(["audit", "mine"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return str(info.value), err, _help()


PLAIN = {"loader": _tabular, "audited": False}
WITH_PCER = {"loader": _tabular, "audited": False, "pcer_splits": SPLIT}
TEXT = {"loader": _texts, "audited": False, "not_audited": "a text dataset"}


@pytest.mark.parametrize("entry", [PLAIN], indirect=True)
def test_a_tabular_entry_not_audited_is_refused_without_bios_words(entry, capsys):
    python, cli, helped = _refusals(capsys)
    for said in (python, cli):
        assert "text dataset" not in said and "pcer train" not in said, said
    assert "mine has no standard audit model" in python and "mine has no" in cli
    assert "audit your own predictions" in python and "audit your own predictions" in cli
    assert "mine: not audited)." in helped


@pytest.mark.parametrize("entry", [WITH_PCER], indirect=True)
def test_pcer_train_is_suggested_only_where_it_takes_the_dataset(entry, capsys):
    python, cli, helped = _refusals(capsys)
    for said in (python, cli):
        assert "text dataset" not in said and "ethiclens pcer train mine" in said
    assert "mine: not audited, see ethiclens pcer train mine" in helped


@pytest.mark.parametrize("entry", [TEXT], indirect=True)
def test_a_text_entry_says_its_own_reason(entry, capsys):
    python, cli, helped = _refusals(capsys)
    for said in (python, cli):
        assert "mine is a text dataset without a standard audit model" in said
        assert "pcer train" not in said
    assert "mine: not audited)." in helped


@pytest.mark.parametrize("entry", [{"loader": _texts}], indirect=True)
def test_a_text_entry_said_audited_is_refused_once_loaded_without_pcer_train(entry, capsys):
    python, cli, _ = _refusals(capsys)
    for said in (python, cli):
        assert "mine is a text dataset without a standard audit model" in said
        assert "pcer train" not in said


def test_bios_keeps_its_words(capsys):
    said = _help()
    assert "bios: not audited, see ethiclens pcer train bios" in said
    assert audit_command.help == said  # read from the registry at --help time
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.audit("bios")
    assert info.value.problem == "bios is a text dataset without a standard audit model"
    assert info.value.fix == (
        "use: ethiclens pcer train bios, or audit your own predictions from a CSV"
    )


@pytest.mark.parametrize("entry", [PLAIN], indirect=True)
def test_the_help_of_the_loaded_command_reads_the_registry_now(entry):
    assert "mine: not audited" in audit_command.help
