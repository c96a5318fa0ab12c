"""A grid file's train number past a double (lr = 1e400) is refused quoting what the file
wrote, on TOML, YAML and JSON alike (as the ε overflow is), not the 'inf' it was read as."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import sweep_grid

HEAD = {
    "toml": 'datasets = ["compas"]\nseeds = [0]\nepsilons = [1.0]\n[train]\n{key} = {v}\n',
    "yaml": "datasets: [compas]\nseeds: [0]\nepsilons: [1.0]\ntrain:\n  {key}: {v}\n",
    "json": '{{"datasets": ["compas"], "seeds": [0], "epsilons": [1.0], '
    '"train": {{"{key}": {v}}}}}',
}


@pytest.mark.parametrize("suffix", sorted(HEAD))
@pytest.mark.parametrize(("key", "written"), [("lr", "1e400"), ("momentum", "-1e400")])
def test_train_overflow_is_quoted_as_written(tmp_path, suffix, key, written):
    path = tmp_path / f"grid.{suffix}"
    path.write_text(HEAD[suffix].format(key=key, v=written))
    with pytest.raises(EthicLensInputError) as err:
        sweep_grid(grid_file=path)
    assert f"key 'train.{key}': must be a number in" in str(err.value)
    assert f"(value: '{written}')" in str(err.value)
