"""Round 35 hunt: the sweep's and the experiment's refusals of a scheduler or a grid file name
a Python caller's argument (was the command line's option '--scheduler' / '--grid')."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import load_grid, make_executor, preset, run_sweep, sweep_grid


def test_a_blank_scheduler_names_the_argument():
    with pytest.raises(EthicLensInputError, match="^argument 'scheduler': must not be empty"):
        make_executor("  ")


def test_run_sweep_names_its_scheduler_argument_and_writes_nothing(tmp_path):
    with pytest.raises(EthicLensInputError, match="^argument 'scheduler': must be an address"):
        run_sweep(preset("quick"), tmp_path / "runs.db", scheduler=5)
    assert list(tmp_path.iterdir()) == []


def test_an_unreachable_scheduler_names_the_argument(monkeypatch):
    distributed = pytest.importorskip("distributed")
    from ethiclens.experiments import _executors

    def refuse(address, **_):
        raise ValueError("unknown address scheme 'tcpp'")

    monkeypatch.setattr(distributed, "Client", refuse)
    with pytest.raises(EthicLensInputError, match="^argument 'scheduler': cannot reach"):
        _executors.DaskExecutor("tcpp://host:8786")


@pytest.mark.parametrize(
    ("name", "text", "words"),
    [
        ("missing.toml", None, "does not exist"),
        ("g.txt", "datasets = 1", "is not a TOML, YAML or JSON file"),
        ("g.yaml", "- compas\n", "must be a mapping of keys"),
    ],
)
def test_load_grid_and_sweep_grid_name_their_file_arguments(tmp_path, name, text, words):
    path = tmp_path / name
    if text is not None:
        path.write_text(text)
    with pytest.raises(EthicLensInputError, match=f"^argument 'path': .*{words}"):
        load_grid(path)
    with pytest.raises(EthicLensInputError, match=f"^argument 'grid_file': .*{words}") as info:
        sweep_grid(None, path)
    assert "--grid" not in str(info.value)


def test_a_preset_and_a_grid_file_name_the_argument():
    with pytest.raises(EthicLensInputError) as info:
        sweep_grid("quick", "g.toml")
    assert str(info.value).startswith(
        "argument 'grid_file': give a preset or a grid file, not both"
    )
