"""``headlines.largest_disparity``: the JSON carries the headline a harmful label's pages lead
with (the DI farthest from 1 either way), so a pipeline reads what the report says."""

import json
import math

import numpy as np

import ethiclens
from ethiclens.fairness import AuditResult
from ethiclens.report import largest_disparity, validate_report


def _audit(rates: dict, n: int = 4000, favorable: bool = True, seed: int = 0) -> AuditResult:
    rng = np.random.default_rng(seed)
    names = np.array(list(rates))
    sizes = {g: (rate[1] if isinstance(rate, tuple) else n) for g, rate in rates.items()}
    group = np.concatenate([[g] * sizes[g] for g in names])
    p = np.concatenate([[r[0] if isinstance(r, tuple) else r] * sizes[g] for g, r in rates.items()])
    pred = (rng.random(len(group)) < p).astype(int)
    y = rng.integers(0, 2, len(group))
    return ethiclens.audit(
        y,
        pred,
        {"g": group},
        reference={"g": str(names[0])},
        positive_is_favorable=favorable,
        n_boot=200,
        random_state=seed,
    )


def test_the_json_names_the_disparity_farthest_from_one_either_way():
    # A is the reference; B is selected 1.9x as often (log 0.64), C 0.7x (log 0.36): the minimum
    # DI is C's, the largest disparity B's — the one a harmful label's report leads with.
    result = _audit({"A": 0.3, "B": 0.57, "C": 0.21}, favorable=False)
    d = result.to_dict()
    validate_report(d)
    head = d["headlines"]["largest_disparity"]
    b = result.comparison("g", "B").metrics["disparate_impact"].value
    assert head["comparison"] == "g:B" and math.isclose(head["value"], b)
    assert head["withheld_reason"] is None and head["not_judged"] == []
    assert d["headlines"]["min_disparate_impact"]["comparison"] == "g:C"
    # the pages and the JSON name the same comparison
    assert largest_disparity(result)[0].key == head["comparison"]


def test_small_groups_are_listed_as_not_judged_and_the_value_still_published():
    result = _audit({"A": 0.3, "B": 0.5, "S": (0.1, 20)})
    head = result.to_dict()["headlines"]["largest_disparity"]
    assert head["comparison"] == "g:B" and head["not_judged"] == ["g:S"]
    assert result.to_dict()["headlines"]["min_disparate_impact"]["value"] is None
    validate_report(json.loads(result.to_json()))


def test_an_unbounded_largest_disparity_is_withheld_and_names_its_comparison():
    result = _audit({"A": 0.0, "B": 0.4})  # the reference is never selected
    head = result.to_dict()["headlines"]["largest_disparity"]
    assert head["value"] is None and head["comparison"] == "g:B"
    assert "unbounded" in head["withheld_reason"] and head["affected"] == ["g:B"]
    validate_report(result.to_dict())


def test_no_judged_comparison_withholds_it():
    result = _audit({"A": (0.3, 30), "B": (0.5, 30)})
    head = result.largest_disparity.to_dict()
    assert head["value"] is None and head["comparison"] is None
    assert head["not_judged"] == ["g:B"] and "could be judged" in head["withheld_reason"]
    assert largest_disparity(result) is None


def _in_both_orders(y, pred, features: dict, reference: dict, favorable: bool) -> list:
    """``headlines.largest_disparity`` of one audit with its two attributes given in each
    order."""
    heads = []
    for order in (list(features), list(features)[::-1]):
        result = ethiclens.audit(
            y,
            pred,
            {k: features[k] for k in order},
            reference=reference,
            positive_is_favorable=favorable,
            n_boot=200,
            random_state=0,
        )
        heads.append(result.to_dict()["headlines"]["largest_disparity"])
    return heads


def _two_attributes(favorable: bool) -> list:
    """a: X never selected (DI 0 against Y); b: the reference R never selected (DI ∞)."""
    rng = np.random.default_rng(1)
    n = 4000
    a = np.where(np.arange(n) % 2 == 0, "X", "Y")
    b = np.where(np.arange(n) % 4 < 2, "R", "S")
    pred = np.where((a == "X") | (b == "R"), 0, (rng.random(n) < 0.5)).astype(int)
    y = rng.integers(0, 2, n)
    return _in_both_orders(y, pred, {"a": a, "b": b}, {"a": "Y", "b": "R"}, favorable)


def test_a_tie_at_infinity_is_broken_the_same_whatever_the_attribute_order():
    for favorable, expected in ((True, "a:X"), (False, "b:S")):
        heads = _two_attributes(favorable)
        assert heads[0] == heads[1], favorable
        # favourable: X never given the good label is the disadvantaged one; harmful: S is
        # given the harm while R never is
        assert heads[0]["comparison"] == expected, favorable


def test_a_withheld_unbounded_headline_lists_every_unbounded_comparison():
    result = _audit({"A": 0.0, "B": 0.4, "Z": 0.5})
    head = result.to_dict()["headlines"]["largest_disparity"]
    assert head["value"] is None and sorted(head["affected"]) == ["g:B", "g:Z"]
    assert "g:B, g:Z" in head["withheld_reason"]


def test_equal_counts_in_two_attributes_name_one_comparison_whatever_the_order():
    # B is A's labels shuffled within each (label, prediction) cell: equal counts, equal DI,
    # but each attribute's interval is drawn from its own stream, handed out in order
    rng = np.random.default_rng(2)
    n = 4000
    a = np.where(rng.random(n) < 0.5, "a1", "a0")
    pred = (rng.random(n) < np.where(a == "a1", 0.15, 0.4)).astype(int)
    y = rng.integers(0, 2, n)
    b = a.copy()
    for cell in range(4):
        rows = np.flatnonzero(2 * y + pred == cell)
        b[rows] = rng.permutation(a[rows])
    b = np.char.replace(b, "a", "b")
    for favorable in (True, False):
        found = _in_both_orders(y, pred, {"A": a, "B": b}, {"A": "a0", "B": "b0"}, favorable)
        heads = [head["comparison"] for head in found]
        assert heads == ["A:a1", "A:a1"], favorable


def test_the_notebook_view_leads_with_the_headline_the_reports_lead_with():
    harmful = _audit({"A": 0.3, "B": 0.57, "C": 0.21}, favorable=False)
    text = repr(harmful)
    assert "Largest disparity (DI)" in text and "(g:B" in text and "Minimum DI" not in text
    assert "Largest disparity" in harmful._repr_html_()
    favourable = _audit({"A": 0.3, "B": 0.57, "C": 0.21})
    assert "Minimum DI" in repr(favourable) and "Largest disparity" not in repr(favourable)
    small = _audit({"A": 0.3, "B": 0.5, "S": (0.1, 20)}, favorable=False)
    assert "1 not judged: may be larger" in repr(small)
