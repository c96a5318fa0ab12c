"""Round 33: a grid listing one attribute twice (attributes = {compas = ["race", "race"]}) was
accepted, trained every model, and then failed writing the first run to the store with SQLite's
"UNIQUE constraint failed: group_stats..."; it is refused by name before anything is trained,
as repeated datasets, budgets and seeds are."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import SweepGrid


def test_a_repeated_attribute_is_refused_naming_it():
    with pytest.raises(EthicLensInputError, match="repeated") as info:
        SweepGrid(datasets=["compas"], attributes={"compas": ["race", "race"]})
    assert info.value.column == "attributes" and info.value.value == ["race", "race"]
    assert "once" in info.value.fix


def test_a_repeated_attribute_in_a_grid_file_is_exit_2_before_training(tmp_path, capsys):
    grid = tmp_path / "g.json"
    grid.write_text('{"datasets": ["compas"], "attributes": {"compas": ["race", "race"]}}')
    store = tmp_path / "s.sqlite"
    assert main(["pcer", "sweep", "--grid", str(grid), "--store", str(store)]) == 2
    err = capsys.readouterr().err
    assert "attributes" in err and "UNIQUE" not in err and not store.exists()


def test_each_attribute_once_is_kept():
    grid = SweepGrid(datasets=["adult"], attributes={"adult": ["sex", "race"]})
    assert grid.attributes_for("adult") == ["sex", "race"]


@pytest.mark.parametrize("empty", [[], ()])
def test_round46_an_empty_attribute_list_is_refused_not_read_as_every_one(empty):
    # it was accepted and attributes_for() read it as every attribute of the dataset
    with pytest.raises(EthicLensInputError, match="no attribute for compas") as info:
        SweepGrid(datasets=["compas"], attributes={"compas": empty})
    assert info.value.column == "attributes.compas" and "race" in info.value.fix


def test_round46_an_empty_attribute_list_in_a_grid_file_is_exit_2(tmp_path, capsys):
    grid = tmp_path / "g.toml"
    grid.write_text('datasets = ["compas"]\nattributes = {compas = []}\n')
    store = tmp_path / "s.sqlite"
    assert main(["pcer", "sweep", "--grid", str(grid), "--store", str(store)]) == 2
    err = capsys.readouterr().err
    assert "attributes.compas" in err and not store.exists()
