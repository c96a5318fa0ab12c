"""Round 34: a grid file's unknown key was called a column ("column 'seed': unknown key in grid
file") with no near miss, an unknown trainer setting had none either, and load_grid's unknown
override was Python's bare TypeError from SweepGrid. Each names the key, suggests the near
one, and an override is refused as every unknown keyword is (a TypeError still)."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import load_grid


def _grid(tmp_path, text):
    path = tmp_path / "grid.yaml"
    path.write_text(text)
    return path


def test_an_unknown_key_of_the_file_is_a_key_with_its_near_miss(tmp_path, capsys):
    path = _grid(tmp_path, "datasets: [compas]\nseed: 3\n")
    with pytest.raises(EthicLensInputError) as info:
        load_grid(path)
    assert str(info.value).startswith("key 'seed': unknown key in grid file. Fix: did you mean")
    assert "'seeds'" in info.value.fix
    store = tmp_path / "runs.sqlite"
    assert main(["pcer", "sweep", "--grid", str(path), "--store", str(store)]) == 2
    err = capsys.readouterr().err
    assert "key 'seed'" in err and "did you mean 'seeds'?" in err and not store.exists()


def test_an_unknown_trainer_setting_has_its_near_miss(tmp_path):
    path = _grid(tmp_path, "datasets: [compas]\ntrain: {epoch: 1}\n")
    with pytest.raises(EthicLensInputError, match="key 'train.epoch'") as info:
        load_grid(path)
    assert info.value.fix.startswith("did you mean 'epochs'? ")


def test_an_unknown_override_is_an_unknown_keyword(tmp_path):
    path = _grid(tmp_path, "datasets: [compas]\n")
    with pytest.raises(EthicLensInputError, match="did you mean 'seeds'") as info:
        load_grid(path, seed=3)
    assert isinstance(info.value, TypeError)
    assert load_grid(path, seeds=2).seeds == [0, 1]
