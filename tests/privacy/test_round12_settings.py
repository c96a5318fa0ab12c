"""Round 12: every trainer refuses a batch size or epoch count out of range in one line with a
fix, before any division by it (the vectorized trainer's memory plan divided by 0)."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import TrainConfig, check_batch_settings


@pytest.mark.parametrize("trainer", ["opacus", "vectorized"])
@pytest.mark.parametrize(
    "flag,value,words",
    [
        ("--batch-size", "0", "at least 1"),
        ("--batch-size", "-5", "at least 1"),
        ("--epochs", "0", "between 1 and 100,000"),
        ("--epochs", "-1", "between 1 and 100,000"),
        ("--epochs", "1000000", "between 1 and 100,000"),
    ],
)
def test_pcer_train_refuses_bad_batch_settings(trainer, flag, value, words, capsys):
    args = ["pcer", "train", "compas", "--n-boot", "100", "--trainer", trainer, flag, value]
    code = main(args if flag == "--epochs" else [*args, "--epochs", "1"])
    err = capsys.readouterr().err
    lines = [x for x in err.splitlines() if x.strip() and not x.startswith("note:")]
    assert code == 2 and len(lines) == 1, err
    assert f"'{flag}'" in lines[0] and words in lines[0] and "Fix:" in lines[0]
    assert "Traceback" not in err


@pytest.mark.parametrize("field", ["batch_size", "epochs"])
@pytest.mark.parametrize("value", [0, -1, 2.5, True, float("nan")])
def test_check_batch_settings_names_the_setting(field, value):
    with pytest.raises(EthicLensInputError) as err:
        check_batch_settings(TrainConfig(**{field: value}))
    assert err.value.column == field and err.value.fix


def test_vectorized_trainer_refuses_batch_size_0_before_dividing():
    from ethiclens.experiments import prepare
    from ethiclens.privacy import train_many

    data = prepare("compas", 0)
    with pytest.raises(EthicLensInputError) as err:
        train_many("compas", epsilon=1.0, seeds=[0], datas=[data], config=TrainConfig(batch_size=0))
    assert err.value.column == "batch_size" and "Fix" in str(err.value)
