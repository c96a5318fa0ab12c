"""Round 14: the top-level functions' spec form (``ethiclens.audit("d.csv", ...)``) reads
``protected`` as the spec does (one string is one attribute), refuses two keywords that set
one field (as ``run`` refuses seed and random_state), and ``run`` refuses a report keyword it
would not write, naming the result's method that writes it."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens import EthicLensInputError

ROLES = dict(y_true="label", y_pred="pred", n_boot=200)


@pytest.fixture
def csv(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a report written by mistake would land here
    r = np.random.default_rng(0)
    n = 900
    frame = pd.DataFrame(
        {
            "label": r.integers(0, 2, n),
            "pred": r.integers(0, 2, n),
            "pred2": r.integers(0, 2, n),
            "race": r.choice(["a", "b", "c"], n, p=[0.2, 0.3, 0.5]),
            "score": r.random(n),
        }
    )
    frame.to_csv(tmp_path / "d.csv", index=False)
    return "d.csv"


def _reference(result) -> str:
    (attribute,) = result.attributes
    return str(attribute.reference)


# -- 1. a string protected is one attribute ---------------------------------------------------
@pytest.mark.parametrize("protected", ["race", ["race"], ("race",)])
def test_a_string_protected_takes_a_reference(csv, protected):
    result = ethiclens.audit(csv, protected=protected, reference={"race": "a"}, **ROLES)
    assert _reference(result) == "a"  # not the largest group, c


def test_a_string_with_its_reference_is_one_attribute(csv):
    assert _reference(ethiclens.audit(csv, protected="race=b", **ROLES)) == "b"
    one = ethiclens.audit(csv, protected=["race"], reference="a", **ROLES)
    assert _reference(one) == "a"  # one group for one attribute, as the engine takes it


def test_compare_and_thresholds_read_a_string_protected(csv):
    both = ethiclens.compare(
        csv, y_true="label", y_pred=["pred", "pred2"], protected="race", reference={"race": "a"}
    )
    assert both.run["spec"]["roles"]["protected"] == ['race="a"']
    view = ethiclens.threshold_table(
        csv, y_true="label", y_score="score", protected="race", reference={"race": "a"}
    )
    assert view.run["spec"]["roles"]["protected"] == ['race="a"']


def test_a_reference_given_twice_or_for_no_attribute_is_refused(csv):
    with pytest.raises(EthicLensInputError, match=r"argument 'reference': sets the reference.*"):
        ethiclens.audit(csv, protected="race=b", reference={"race": "c"}, **ROLES)
    with pytest.raises(EthicLensInputError, match=r"not protected \(value: 'sex'\)"):
        ethiclens.audit(csv, protected="race", reference={"sex": "m"}, **ROLES)


# -- 2. two keywords that set one field ------------------------------------------------------
TWICE = [
    ({"seed": 1, "random_state": 2}, "argument 'random_state': sets seed twice"),
    ({"merge": {}, "merge_groups": {}}, "argument 'merge_groups': sets merge twice"),
    (
        {"policy": ethiclens.Policy(di_threshold=0.9), "di_threshold": 0.7},
        r"argument 'di_threshold': policy= and di_threshold= both set di_threshold \(a Policy "
        r"carries all its fields, defaults too\)"
        r".*Policy\(di_threshold=\.\.\.\)",
    ),
    (
        {"min_labels": 5, "policy": ethiclens.Policy()},
        r"argument 'policy': policy= and min_labels= both set min_labels.*"
        r"Policy\(min_label_count=\.\.\.\)",
    ),
    (
        {"positive_is_favorable": True, "positive": "harmful"},
        "argument 'positive': sets positive twice .as positive_is_favorable and as positive.",
    ),
]


@pytest.mark.parametrize(("keywords", "message"), TWICE)
def test_two_keywords_setting_one_field_are_refused(csv, keywords, message):
    with pytest.raises(EthicLensInputError, match=message):
        ethiclens.audit(csv, protected="race", **keywords, **ROLES)
    with pytest.raises(EthicLensInputError, match=message):
        ethiclens.run(csv, protected="race", **keywords, **ROLES)


def test_compare_and_thresholds_refuse_a_seed_given_twice(csv):
    twice = {"seed": 1, "random_state": 2}
    with pytest.raises(EthicLensInputError, match="sets seed twice"):
        ethiclens.compare(csv, y_true="label", y_pred=["pred", "pred2"], protected="race", **twice)
    with pytest.raises(EthicLensInputError, match="sets seed twice"):
        ethiclens.threshold_table(csv, y_true="label", y_score="score", protected="race", **twice)


def test_a_policy_alone_or_none_sets_the_policy(csv):
    policy = ethiclens.Policy(di_threshold=0.9, min_label_count=5)
    got = ethiclens.audit(csv, protected="race", policy=policy, **ROLES).run["spec"]["policy"]
    assert (got["di_threshold"], got["min_labels"]) == (0.9, 5)
    kept = ethiclens.audit(csv, protected="race", policy=None, **ROLES).run["spec"]["policy"]
    assert kept["di_threshold"] == 0.8
    harmful = ethiclens.run(csv, protected="race", positive_is_favorable=False, **ROLES)
    assert harmful.run["spec"]["roles"]["positive"] == "harmful"
    with pytest.raises(EthicLensInputError, match="argument 'policy': must be an ethiclens.Po"):
        ethiclens.audit(csv, protected="race", policy={"di_threshold": 0.9}, **ROLES)
    with pytest.raises(EthicLensInputError, match="argument 'positive_is_favorable': must be"):
        ethiclens.audit(csv, protected="race", positive_is_favorable="no", **ROLES)


# -- 3. run writes no file, and says so -------------------------------------------------------
def test_run_refuses_report_keywords_naming_the_writer(csv, tmp_path):
    with pytest.raises(EthicLensInputError, match=r"argument 'html': .*writes no file") as err:
        ethiclens.run(
            csv, protected="race", html="r.html", json="r.json", model_card="c.md", **ROLES
        )
    fix = str(err.value)
    assert "result.to_html('r.html')" in fix and "result.to_model_card('c.md')" in fix
    assert "result.to_json()" in fix
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.csv"]
    with pytest.raises(EthicLensInputError, match=r"argument 'plot': .*result.plot\('t.png'\)"):
        ethiclens.threshold_table(
            csv, y_true="label", y_score="score", protected="race", plot="t.png"
        )
    # a report the run does not make is named as unused first
    with pytest.raises(EthicLensInputError, match="argument 'csv': is not used by an audit"):
        ethiclens.run(csv, protected="race", csv="t.csv", **ROLES)


# -- round 14, second look: reference= on every face, and the Policy's defaults named ---------
def test_run_and_spec_of_take_reference_as_audit_does(tmp_path):
    rng = np.random.default_rng(1)
    n = 400
    csv = tmp_path / "c2.csv"
    pd.DataFrame(
        {"y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n), "g": rng.choice(list("abc"), n)}
    ).to_csv(csv, index=False)
    kw = {"y_true": "y", "y_pred": "p", "protected": "g", "reference": {"g": "b"}}
    assert ethiclens.run(str(csv), n_boot=100, **kw).comparisons[0].reference == "b"
    assert ethiclens.audit(str(csv), n_boot=100, **kw).comparisons[0].reference == "b"
    assert ethiclens.AuditSpec.of(str(csv), **kw).roles.protected == ('g="b"',)
    with pytest.raises(EthicLensInputError, match="did you mean 'reference'"):
        ethiclens.audit(str(csv), y_true="y", y_pred="p", protected="g", referance={"g": "b"})


def test_a_policy_beside_a_flat_field_says_it_carries_its_defaults(tmp_path):
    with pytest.raises(EthicLensInputError, match="a Policy carries all its fields, defaults too"):
        ethiclens.AuditSpec.of(
            "compas", policy=ethiclens.Policy(eo_threshold=0.2), di_threshold=0.7
        )
