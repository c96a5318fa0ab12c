"""Round 39 review: ``replace="no"`` is true, so every register function built on the one
``ethiclens._registry.Registry`` (p2nia models and mechanisms, fairness group and comparison
metrics, not only datasets and trainers) replaced the entry registered under that name. The
Registry now refuses a ``replace`` that is not True or False (numpy's bool too), naming
``replace`` with the same words for every registry, the registered entry kept."""

import dataclasses

import numpy as np
import pytest

from ethiclens import datasets, fairness, p2nia, privacy
from ethiclens.errors import EthicLensInputError


def _share(cells, labelled):
    cells = np.asarray(cells, float)
    with np.errstate(all="ignore"):
        return np.where(cells.sum(-1) > 0, cells[..., 0] / cells.sum(-1), np.nan)


class _Mechanism(p2nia.Mechanism):
    name = "r39-review-mech"

    def __init__(self, label):
        self.label = label


def _fit(X_train, y_train, seed):
    raise AssertionError("never trained here")


def _group(label):
    return fairness.GroupMetric("r39_review_share", label, _share, False, "no rows")


# kind (in the fix), build(label), register, unregister, the registered entry's label
FACES = {
    "dataset": (
        lambda label: dataclasses.replace(
            datasets.get_entry("german"), name="r39-review", description=label
        ),
        datasets.register,
        lambda: datasets.unregister("r39-review"),
        lambda: datasets.get_entry("r39-review").description,
    ),
    "trainer": (
        lambda label: privacy.Trainer(name="r39-review", label=label, fit="a:b"),
        privacy.register_trainer,
        lambda: privacy.unregister_trainer("r39-review"),
        lambda: privacy.get_trainer("r39-review").label,
    ),
    "model": (
        lambda label: p2nia.AuditedModel(name="r39-review", label=label, factory=_fit),
        p2nia.register_model,
        lambda: p2nia.unregister_model("r39-review"),
        lambda: p2nia.get_model("r39-review").label,
    ),
    "mechanism": (
        _Mechanism,
        p2nia.register_mechanism,
        lambda: p2nia.unregister_mechanism("r39-review-mech"),
        lambda: p2nia.get_mechanism("r39-review-mech").label,
    ),
    "group metric": (
        _group,
        fairness.register_group_metric,
        lambda: fairness.unregister_metric("r39_review_share"),
        lambda: fairness.GROUP_METRIC_SPECS["r39_review_share"].label,
    ),
    "comparison metric": (
        lambda label: fairness.ComparisonMetric(
            "r39_review_ratio", label, "ratio", ("selection_rate",), False
        ),
        fairness.register_comparison_metric,
        lambda: fairness.unregister_metric("r39_review_ratio"),
        lambda: fairness.COMPARISON_METRIC_SPECS["r39_review_ratio"].label,
    ),
}


@pytest.fixture(params=list(FACES))
def face(request):
    build, register, unregister, label = FACES[request.param]
    register(build("first"))
    yield request.param, build, register, label
    unregister()


@pytest.mark.parametrize("replace", ["no", "False", 1, 0, None])
def test_replace_not_a_truth_refused_entry_kept(face, replace):
    kind, build, register, label = face
    with pytest.raises(EthicLensInputError) as info:
        register(build("second"), replace=replace)
    assert (info.value.column, info.value.problem) == ("replace", "must be True or False")
    assert info.value.fix == (
        f"replace=True replaces a {kind} registered under that name, False refuses it"
    )
    assert label() == "first"


def test_bools_still_read(face):
    kind, build, register, label = face
    with pytest.raises(EthicLensInputError, match="already registered"):
        register(build("second"), replace=np.bool_(False))
    register(build("second"), replace=np.bool_(True))
    assert label() == "second"
