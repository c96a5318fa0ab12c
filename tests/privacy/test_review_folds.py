"""Messages kept word for word when repeated code was folded into one helper."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy._dpsgd import _checked_inputs


def test_data_that_is_not_prepared_splits_is_named_with_its_type():
    with pytest.raises(EthicLensInputError) as err:
        _checked_inputs(None, None, {"X": 1}, {})
    assert str(err.value) == (
        "column 'data': needs the prepared splits of the dataset (value: 'dict'). "
        "Fix: data=ethiclens.experiments.prepare(dataset, seed) for a benchmark dataset"
    )


def test_attack_on_a_group_missing_from_a_split_names_the_argument():
    import numpy as np

    from ethiclens.privacy import SplitPredictions
    from ethiclens.privacy._mia import _attack_group

    one = np.array([1, 0, 1, 0])
    train = SplitPredictions(one, one, np.array(["a", "a", "b", "b"]), np.full(4, 0.5), "train")
    test = SplitPredictions(one, one, np.array(["a"] * 4), np.full(4, 0.5), "test")
    with pytest.raises(EthicLensInputError) as err:
        _attack_group(train, test, "b")
    assert str(err.value) == "argument 'groups': group 'b' is missing from the test split"


def test_finished_run_keeps_each_split_output_in_its_own_field():
    torch = pytest.importorskip("torch")
    import numpy as np

    from ethiclens.privacy import PreparedData
    from ethiclens.privacy._dpsgd import finished_run

    X_train = np.array([[0.0, 1.0], [2.0, -1.0], [1.0, 1.0]], dtype=np.float32)
    X_test = np.array([[-1.0, 0.5], [3.0, 0.0]], dtype=np.float32)
    y_train = np.array([1.0, 0.0, 1.0], dtype=np.float32)
    y_test = np.array([0.0, 1.0], dtype=np.float32)
    data = PreparedData(
        dataset="toy",
        X_train=X_train,
        X_test=X_test,
        y_train=y_train,
        y_test=y_test,
        groups_train={},
        groups_test={},
        positive_is_favorable=True,
        description="toy",
    )
    model = torch.nn.Linear(2, 1)
    with torch.no_grad():
        model.weight.copy_(torch.tensor([[0.5, -1.0]]))
        model.bias.fill_(0.25)
    fields = dict.fromkeys(("epsilon_requested", "epsilon_spent", "noise_multiplier"))
    run = finished_run(
        model,
        data,
        dataset="toy",
        seed=0,
        sample_rate=0.1,
        accountant=None,
        config=None,
        trainer="dpsgd",
        wall_time_s=0.0,
        **fields,
    )
    for X, y, proba, loss in (
        (X_train, y_train, run.train_proba, run.train_loss),
        (X_test, y_test, run.test_proba, run.test_loss),
    ):
        p = 1 / (1 + np.exp(-(X @ np.array([0.5, -1.0]) + 0.25)))
        assert proba.dtype == loss.dtype == np.float64
        np.testing.assert_allclose(proba, p, rtol=1e-5)
        np.testing.assert_allclose(loss, -(y * np.log(p) + (1 - y) * np.log(1 - p)), rtol=1e-5)
    assert run.model is model and run.data is data
