"""Round 42: ``ci`` given as a mapping or a list (``policy: {ci: {method: bca, level: 0.9}}``)
was told to "use one of jeffreys, bca, percentile" when it held bca: one refusal, on every
face, says the method is one word, writes it as that face writes it, and names the level's
own setting."""

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import audit, compare

Y = np.array([0, 1, 0, 1, 1, 0, 1, 0])
P = np.array([0, 1, 1, 1, 0, 0, 1, 0])
G = np.array(list("aabbaabb"))


def _said(call) -> str:
    with pytest.raises(EthicLensInputError) as err:
        call()
    return str(err.value)


@pytest.mark.parametrize("value", [{"method": "bca", "level": 0.9}, ["bca"], ("bca",)])
def test_python_keyword_as_a_mapping_or_list(value):
    said = _said(lambda: audit(Y, P, sensitive_features=G, ci=value))
    shape = "a mapping" if isinstance(value, dict) else "a list"
    assert said.startswith(f"argument 'ci': is {shape}: the interval method is one word"), said
    assert "write ci as one word (ci='bca'): use one of jeffreys, bca, percentile" in said
    assert said.endswith("the confidence level is a setting of its own, confidence_level=")


def test_compare_names_only_its_own_methods():
    said = _said(lambda: compare(Y, P, P, sensitive_features=G, ci={"method": "bca"}))
    assert "is a mapping" in said and "(ci=" not in said  # bca is no method of compare
    assert "use one of jeffreys, percentile" in said
    said = _said(lambda: compare(Y, P, P, sensitive_features=G, ci=["percentile"]))
    assert "(ci='percentile')" in said


def test_config_policy_ci_as_a_mapping(tmp_path):
    (tmp_path / "p.csv").write_text("label,pred,sex\n0,1,a\n1,1,b\n")
    spec = {
        "version": 1,
        "target": {"file": str(tmp_path / "p.csv")},
        "roles": {"y_true": "label", "y_pred": "pred", "protected": {"sex": None}},
        "policy": {"ci": {"method": "bca", "level": 0.9}},
    }
    said = _said(lambda: ethiclens.run(spec))
    assert said.startswith("key 'policy.ci': is a mapping: the interval method is one word")
    assert "write policy.ci as one word (ci: bca): use one of jeffreys, bca, percentile" in said
    assert said.endswith("its own, policy.confidence_level"), said
