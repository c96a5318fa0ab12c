"""A sweep grid's [train] epochs / batch_size were refused in words of their own ("must be an
integer in [1, 100000]", "[1, 1e+07]"; 'epochs = 5.0' not told 'give 5'), where pcer train's
--epochs/--batch-size and TrainConfig (privacy.check_batch_settings, since f95836d8) say
"epochs must be a whole number between 1 and 100,000" and "give 5": the grid now uses that
check, named as its key (round 49)."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import load_grid


@pytest.mark.parametrize(
    ("line", "said"),
    [
        (
            "epochs = 5.0",
            "key 'train.epochs': must be a whole number, written without a "
            "decimal point (value: 5.0). Fix: give 5",
        ),
        ("batch_size = 64.0", "Fix: give 64"),
        ("epochs = 0", "key 'train.epochs': epochs must be a whole number between 1 and 100,000"),
        ("batch_size = 0", "key 'train.batch_size': batch size must be a whole number at least 1"),
    ],
)
def test_the_grid_words_epochs_and_batch_size_as_the_trainer(tmp_path, line, said):
    path = tmp_path / "g.toml"
    path.write_text(f'datasets = ["compas"]\nepsilons = [1.0]\nseeds = [0]\n[train]\n{line}\n')
    with pytest.raises(EthicLensInputError) as refused:
        load_grid(str(path))
    assert said in str(refused.value), str(refused.value)
