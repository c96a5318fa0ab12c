"""Round 38: the ``ethiclens.report`` writers' other arguments. A writer given another object
than the result it writes (None, a dict, another kind of result) failed deep inside the report
with a bare AttributeError ("'NoneType' object has no attribute 'names'", "'ModelComparison'
object has no attribute 'frame'"); ``write_threshold_png`` given an attribute the table has not
with a bare ``KeyError("no attribute 'nope'; ...")``, where ``ThresholdTable.plot`` names the
argument. Each is now refused naming the argument and the fix, before any work, writing
nothing; the attribute in ``plot``'s own words (still a KeyError too)."""

from __future__ import annotations

import numpy as np
import pytest

import ethiclens
from ethiclens import report
from ethiclens.errors import EthicLensInputError


@pytest.fixture(scope="module")
def results():
    r = np.random.default_rng(0)
    n = 200
    y, p, score = r.integers(0, 2, n), r.integers(0, 2, n), r.random(n)
    g = np.array(["x", "y"])[np.arange(n) % 2]
    kw = {"n_boot": 100, "random_state": 0}
    return {
        "audit": ethiclens.audit(y, p, g, **kw),
        "compare": ethiclens.compare(y, p, 1 - p, g, **kw),
        "thresholds": ethiclens.threshold_table(y, score, g, thresholds=[0.5], **kw),
    }


# writer -> (its argument, the class it takes, what makes one, a file name it writes)
WRITERS = {
    report.write_audit_html: ("result", "an AuditResult", "ethiclens.audit()", "r.html"),
    report.write_audit_card: ("result", "an AuditResult", "ethiclens.audit()", "card.md"),
    report.write_comparison_html: (
        "comparison",
        "a ModelComparison",
        "ethiclens.compare()",
        "r.html",
    ),
    report.write_threshold_html: (
        "table",
        "a ThresholdTable",
        "ethiclens.threshold_table()",
        "r.html",
    ),
    report.write_threshold_png: (
        "table",
        "a ThresholdTable",
        "ethiclens.threshold_table()",
        "t.png",
    ),
}
OTHERS = {"None": (None, "None"), "dict": ({}, "a dict"), "str": ("x", "a str")}


@pytest.mark.parametrize("other", list(OTHERS))
@pytest.mark.parametrize("writer", list(WRITERS), ids=lambda w: w.__name__)
def test_another_object_than_the_result_is_refused_by_name(writer, other, tmp_path):
    argument, kind, maker, name = WRITERS[writer]
    value, shown = OTHERS[other]
    with pytest.raises(EthicLensInputError) as info:
        writer(value, tmp_path / name)
    assert str(info.value) == (
        f"argument '{argument}': must be {kind} (what {maker} returns), not {shown}. "
        f"Fix: pass the result of {maker}"
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("writer", list(WRITERS), ids=lambda w: w.__name__)
def test_another_kind_of_result_is_refused_by_name(writer, results, tmp_path):
    argument, kind, maker, name = WRITERS[writer]
    other = results["compare"] if argument != "comparison" else results["audit"]
    with pytest.raises(EthicLensInputError) as info:
        writer(other, tmp_path / name)
    assert (info.value.column, info.value.kind) == (argument, "argument")
    shown = "an AuditResult" if argument == "comparison" else "a ModelComparison"
    assert info.value.problem == f"must be {kind} (what {maker} returns), not {shown}"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("attribute", ["nope", 3])
def test_the_png_refuses_an_unknown_attribute_as_plot_does(attribute, results, tmp_path):
    table = results["thresholds"]
    refusals = []
    for call in (
        lambda: report.write_threshold_png(table, tmp_path / "t.png", attribute=attribute),
        lambda: table.plot(tmp_path / "t.png", attribute=attribute),
    ):
        with pytest.raises(EthicLensInputError) as info:
            call()
        assert isinstance(info.value, KeyError)  # a lookup that misses, as it always was
        refusals.append(str(info.value))
    assert (
        refusals[0]
        == refusals[1]
        == (
            f"argument 'attribute': no such protected attribute (value: {attribute!r}). "
            "Fix: use one of sensitive_feature_0"
        )
    )
    assert list(tmp_path.iterdir()) == []
