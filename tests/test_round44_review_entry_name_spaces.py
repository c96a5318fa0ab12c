"""Round 44 review (registries, sibling of 47dff9a8): the one name rule (check_entry_name:
P2NIA models and mechanisms, DP-SGD trainers, metrics) took a name with spaces around it or a
control or format character (' rf2', 'vec ', 'my\\u200bgrr'), which a comma-separated list
(--models, --mechanisms, a sweep's trainers) strips and so can never name, and which prints
as another name; a dataset's name was refused for it already. Every registry refuses it now,
in the dataset's words."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import GRR, AuditedModel, register_mechanism
from ethiclens.privacy import Trainer


@pytest.mark.parametrize("name", [" rf2", "rf2 ", "my\u200bgrr", "tab\there"])
def test_every_registry_refuses_spaces_around_or_unseen_characters(name):
    words = "name may not hold spaces around it or control characters"
    with pytest.raises(EthicLensInputError, match=f"a model's {words}"):
        AuditedModel(name=name, label="x", factory="sklearn.linear_model:LogisticRegression")
    with pytest.raises(EthicLensInputError, match=f"a trainer's {words}"):
        Trainer(name=name, label="x", fit="ethiclens.privacy._dpsgd:train_dp_mlp")
    with pytest.raises(EthicLensInputError, match=f"a mechanism's {words}"):
        register_mechanism(type("Named", (GRR,), {"name": name})())


def test_a_space_inside_is_still_a_name():
    AuditedModel(name="rf 2", label="x", factory="sklearn.linear_model:LogisticRegression")
