"""One vocabulary, one wording (issue 22, round 24): a refusal of an interval method lists only
the methods of the command (or function) refused, on every face, with no stray 'keyword
arguments:'; a Python call of arrays names the keyword the caller wrote (seed, min_labels),
refuses a DI rule and a threshold view's ci in the words a request gets, and takes
positive='harmful' as a request does."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

AUDIT_FIX = "Fix: use one of jeffreys, bca, percentile"
COMPARE_FIX = "Fix: use one of jeffreys, percentile (bootstrap: an older spelling of percentile)"


@pytest.fixture
def frame(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rng = np.random.default_rng(0)
    n = 400
    score = rng.random(n)
    df = pd.DataFrame(
        {
            "label": rng.integers(0, 2, n),
            "pred": (score >= 0.5).astype(int),
            "pred_high": (score >= 0.4).astype(int),
            "score": score,
            "race": rng.choice(["a", "b"], n),
        }
    )
    df.to_csv("preds.csv", index=False)
    return df


ROWS = ["preds.csv", "--y-true", "label", "--protected", "race"]
TWO = ["--y-pred", "pred", "--y-pred", "pred_high"]


def _said(capsys, *argv) -> str:
    assert main(list(argv)) == 2
    return capsys.readouterr().err.strip().splitlines()[-1]


def _refused(call) -> str:
    with pytest.raises(EthicLensInputError) as err:
        call()
    return str(err.value)


@pytest.mark.parametrize("value", ["bogus", "bca"])
def test_compare_lists_only_its_methods_on_every_face(frame, capsys, value):
    for argv in (["compare", *ROWS, *TWO], ["audit", *ROWS, *TWO], ["compare", "compas"]):
        said = _said(capsys, *argv, "--ci", value)
        assert said.startswith("error: option '--ci': is not an interval method of a comparison")
        assert said.endswith(COMPARE_FIX), said
    kw = {"y_true": "label", "protected": "race", "ci": value}
    for call in (
        lambda: ethiclens.compare("preds.csv", y_pred=["pred", "pred_high"], **kw),
        lambda: ethiclens.run("preds.csv", y_pred=["pred", "pred_high"], **kw),
        lambda: ethiclens.compare(
            frame.label, frame.pred, frame.pred_high, frame[["race"]], ci=value
        ),
    ):
        said = _refused(call)
        assert said.startswith("argument 'ci': is not an interval method of a comparison"), said
        assert said.endswith(COMPARE_FIX) and "keyword arguments" not in said


@pytest.mark.parametrize("value", ["bogus", "bootstrap"])
def test_audit_lists_only_its_methods_on_every_face(frame, capsys, value):
    said = _said(capsys, "audit", *ROWS, "--y-pred", "pred", "--ci", value)
    head = "error: option '--ci': is not an interval method of an audit"
    assert said == f"{head} (value: '{value}'). {AUDIT_FIX}", said
    assert said.endswith(AUDIT_FIX) and "bootstrap," not in said
    kw = {"y_true": "label", "protected": "race", "ci": value}
    for call in (
        lambda: ethiclens.audit("preds.csv", y_pred="pred", **kw),
        lambda: ethiclens.run("preds.csv", y_pred="pred", **kw),
        lambda: ethiclens.audit(frame.label, frame.pred, frame[["race"]], ci=value),
    ):
        said = _refused(call)
        assert said.startswith("argument 'ci': is not an interval method of an audit"), said
        assert said.endswith(AUDIT_FIX)


def test_the_threshold_view_takes_no_method_on_every_face(frame, capsys, tmp_path):
    words = "is not used by the threshold view: its intervals are Dirichlet draws per group"
    (tmp_path / "c.yaml").write_text(
        "target: {file: preds.csv}\nroles: {y_score: score, protected: [race]}\n"
        "policy: {ci: bogus}\n"
    )
    assert _said(capsys, "thresholds", "--config", "c.yaml").startswith(
        f"error: key 'policy.ci': {words}"
    )
    for value in ("bca", "bogus"):
        for call in (
            lambda v=value: ethiclens.threshold_table(
                "preds.csv", y_score="score", protected="race", ci=v
            ),
            lambda v=value: ethiclens.threshold_table(
                frame.label, frame.score, frame[["race"]], ci=v
            ),
        ):
            said = _refused(call)
            assert said.startswith(f"argument 'ci': {words}") and said.endswith("Fix: drop it")


def test_arrays_name_the_keyword_the_caller_wrote(frame):
    y, a, b, sf = frame.label, frame.pred, frame.pred_high, frame[["race"]]
    for call, name in (
        (lambda: ethiclens.compare(y, a, b, sf, seed=-1), "seed"),
        (lambda: ethiclens.audit(y, a, sf, seed=-1), "seed"),
        (lambda: ethiclens.threshold_table(y, frame.score, sf, seed=-1), "seed"),
        (lambda: ethiclens.compare(y, a, b, sf, min_labels=1.5), "min_labels"),
        (lambda: ethiclens.audit(y, a, sf, min_labels=1.5), "min_labels"),
    ):
        said = _refused(call)
        assert said.startswith(f"argument '{name}': "), said
        target = _refused(
            lambda name=name: ethiclens.audit(
                "preds.csv", y_true="label", y_pred="pred", protected="race", **{name: -1}
            )
        )
        assert said.partition(" (value")[0] == target.partition(" (value")[0]


def test_a_di_rule_is_refused_in_one_wording(frame, capsys):
    array = _refused(
        lambda: ethiclens.audit(frame.label, frame.pred, frame[["race"]], di_rule="bogus")
    )
    target = _refused(
        lambda: ethiclens.audit(
            "preds.csv", y_true="label", y_pred="pred", protected="race", di_rule="bogus"
        )
    )
    cli = _said(capsys, "audit", *ROWS, "--y-pred", "pred", "--di-rule", "bogus")
    words = "must be one of two_sided, below (value: 'bogus'). Fix: use one of two_sided, below"
    assert array == target == f"argument 'di_rule': {words}"
    assert cli == "error: " + array.replace("argument 'di_rule'", "option '--di-rule'")


def test_arrays_take_positive_harmful_as_a_request_does(frame):
    y, a, b, s, sf = frame.label, frame.pred, frame.pred_high, frame.score, frame[["race"]]
    kw = {"n_boot": 200, "random_state": 0}
    for run, args in (
        (ethiclens.audit, (y, a, sf)),
        (ethiclens.compare, (y, a, b, sf)),
        (ethiclens.threshold_table, (y, s, sf)),
    ):
        harmful = run(*args, positive="harmful", **kw)
        flipped = run(*args, positive_is_favorable=False, **kw)
        assert harmful.to_dict() == flipped.to_dict()
        assert run(*args, positive="favorable", **kw).to_dict() == run(*args, **kw).to_dict()
    said = _refused(lambda: ethiclens.audit(y, a, sf, positive="harmfull"))
    target = _refused(
        lambda: ethiclens.audit(
            "preds.csv", y_true="label", y_pred="pred", protected="race", positive="bogus"
        )
    )
    assert said.startswith("argument 'positive': must be one of favorable, harmful"), said
    assert "did you mean 'harmful'?" in said
    assert target.startswith("argument 'positive': must be one of favorable, harmful"), target
    both = _refused(
        lambda: ethiclens.audit(y, a, sf, positive="harmful", positive_is_favorable=True)
    )
    assert "sets positive_is_favorable twice" in both


def test_one_list_of_methods_per_run():
    # the request's lists, the engine's checks and the refusal's list are one
    from ethiclens.fairness import _compare, _intervals, _options
    from ethiclens.spec import CI_BY_PURPOSE

    assert _options.COMPARE_CI == _compare.CI_CHOICES
    assert _options.COMPARE_ALIASES == _compare.CI_ALIASES
    assert CI_BY_PURPOSE["compare"] == (*_compare.CI_CHOICES, *_compare.CI_ALIASES)
    assert CI_BY_PURPOSE["audit"] == _intervals.CI_CHOICES
