"""Round 35: sweep_grid(seeds=0) and sweep_grid(features='zzz') from Python named the command
line's flags ("option '--seeds': ... --seeds N runs ...", "e.g. --seeds 10"); now the keyword
(argument 'seeds', 'features'), and pcer sweep still names its flag."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import sweep_grid


@pytest.mark.parametrize(
    ("overrides", "name", "value"),
    [
        ({"seeds": 0}, "seeds", "0"),
        ({"seeds": -2.0}, "seeds", "-2.0"),
        ({"features": "z"}, "features", "'z'"),
    ],
)
def test_python_names_the_keyword(overrides, name, value):
    with pytest.raises(EthicLensInputError) as err:
        sweep_grid(**overrides)
    text = str(err.value)
    assert text.startswith(f"argument '{name}': ") and f"(value: {value})" in text
    assert "--" not in text


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (["--seeds", "0"], "option '--seeds': must be at least 1"),
        (["--features", "all"], "option '--features': unknown feature set"),
    ],
)
def test_pcer_sweep_names_its_flag(tmp_path, capsys, flags, said):
    store = tmp_path / "s.sqlite"
    assert main(["pcer", "sweep", "--store", str(store), "--workers", "1", *flags]) == 2
    assert said in capsys.readouterr().err
    assert not store.exists()
