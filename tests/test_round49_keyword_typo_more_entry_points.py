"""Round 49: the entry points left with Python's bare TypeError for a misspelt keyword
(p2nia.release, the probes' counterfactual tools and inject_bias, the dataset loaders,
monitor.read_store, AuditSpec's constructor) refuse it with the closest keyword they take."""

import inspect

import pytest

from ethiclens import AuditSpec, datasets, monitor, p2nia, probes
from ethiclens._keywords import UnknownKeywordError

CASES = [
    (lambda: p2nia.release(None, None, "y", "p", random_stat=0), "random_state"),
    (lambda: probes.counterfactual(None, None, "g", n_bot=5), "n_boot"),
    (lambda: probes.make_counterfactuals(None, "g", group=["a"]), "groups"),
    (lambda: probes.analyze_counterfactuals(None, "p", n_bot=2), "n_boot"),
    (lambda: probes.inject_bias(10, disparate_impact=0.8, random_stat=1), "random_state"),
    (lambda: datasets.load_compas(feature="x"), "features"),
    (lambda: datasets.load_adult(include_tests=True), "include_test"),
    (lambda: datasets.load_acs_income(state="CO"), "states"),
    (lambda: datasets.load_bios(occupation=("a", "b")), "occupations"),
    (lambda: monitor.read_store("x", flags="--s"), "flag"),
    (lambda: AuditSpec(rols={}), "roles"),
]


@pytest.mark.parametrize(("call", "meant"), CASES)
def test_a_misspelt_keyword_names_its_near_miss(call, meant):
    with pytest.raises(UnknownKeywordError, match=f"did you mean '{meant}'"):
        call()


def test_a_loader_without_keywords_and_the_signatures():
    with pytest.raises(UnknownKeywordError, match="load_german\\(\\) takes no keyword"):
        datasets.load_german(x=1)
    assert "rols" not in str(inspect.signature(AuditSpec))
    assert list(inspect.signature(AuditSpec).parameters)[:2] == ["target", "roles"]
    assert "random_state" in inspect.signature(p2nia.release).parameters
    assert AuditSpec(version=1).version == 1  # a keyword it takes is still taken
