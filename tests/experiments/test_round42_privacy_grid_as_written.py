"""Round 42: a grid file's refusals showed the number a double reads (``2.1``) for the one the
user wrote (``2.10``), and two budgets written ``2.10`` and ``2.1`` as ``['2.1', '2.1']``. They
quote what the file wrote now, as the audit spec's refusals do, whatever the format."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import load_grid


@pytest.mark.parametrize(
    ("toml", "key", "value"),
    [
        ("seeds = 2.10", "seeds", "2.10"),
        ("max_rows = 49.50", "max_rows", "49.50"),
        ("epsilons = [-2.10]", "epsilons", "-2.10"),
        ("epsilons = [2.10, 2.1]", "epsilons", ["2.10", "2.1"]),
        ("epsilons = [2.10, 'none', inf]", "epsilons", ["2.10", "no-DP", "no-DP"]),
        ("[train]\nmomentum = 2.10", "train.momentum", "2.10"),
        ("[train]\nepochs = 2.50", "train.epochs", "2.50"),
        ("[train]\nhidden = [2.10]", "train.hidden", ["2.10"]),
    ],
)
def test_a_toml_grid_refusal_quotes_the_number_as_written(tmp_path, toml, key, value):
    (tmp_path / "g.toml").write_text(f"datasets = ['compas']\n{toml}\n", encoding="utf-8")
    with pytest.raises(EthicLensInputError) as info:
        load_grid(tmp_path / "g.toml")
    assert (info.value.column, info.value.value) == (key, value)
    assert repr(value) in str(info.value)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("g.yaml", "datasets: [compas]\ntrain: {delta: 0.50}\n"),
        ("g.json", '{"datasets": ["compas"], "train": {"delta": 0.50}}'),
    ],
)
def test_yaml_and_json_grids_quote_it_too(tmp_path, name, text):
    (tmp_path / name).write_text(text, encoding="utf-8")
    with pytest.raises(EthicLensInputError, match=r"\(value: '0\.50'\)"):
        load_grid(tmp_path / name)
