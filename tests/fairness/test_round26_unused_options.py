"""Round 26: an option that would change nothing is refused, naming it and the fix, on every
face (``n_bins`` without a score: ``audit``, ``audit_counts``, ``ethiclens counts
--n-bins``); one attribute of a single group is refused in one wording by the audit, the
counts audit and the threshold view."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, counts_of


@pytest.fixture
def frame():
    rng = np.random.default_rng(0)
    n = 300
    return pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "g": rng.choice(["a", "b"], n),
            "s": rng.random(n).round(3),
        }
    )


@pytest.mark.parametrize("n_bins", [5, 10])
def test_audit_refuses_n_bins_without_a_score(frame, n_bins):
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(frame.y, frame.p, frame.g, n_boot=200, random_state=0, n_bins=n_bins)
    message = str(err.value)
    assert message.startswith("argument 'n_bins': ") and "no y_score" in message, message
    assert "Fix: give y_score" in message and "or drop n_bins" in message, message


def test_audit_takes_n_bins_with_a_score_and_none_without(frame):
    scored = ethiclens.audit(
        frame.y, frame.p, frame.g, y_score=frame.s, n_boot=200, random_state=0, n_bins=5
    )
    assert scored.config["ece_bins"] == 5
    assert ethiclens.audit(frame.y, frame.p, frame.g, n_boot=200, random_state=0).comparisons
    with pytest.raises(EthicLensInputError, match=r"must be an integer in \[2, 1000\]"):
        ethiclens.audit(frame.y, frame.p, frame.g, y_score=frame.s, n_bins=0)


def test_audit_counts_refuses_n_bins_for_a_table_without_scores(frame):
    table = counts_of(frame, Roles("p", ["g"], "y"))
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit_counts(table, n_boot=200, random_state=0, n_bins=5)
    message = str(err.value)
    assert message.startswith("argument 'n_bins': ") and "no score_bin column" in message
    assert "Fix: drop n_bins" in message, message
    # the default given (the fix for a table's broken n_bins attr) and none given: audited
    assert ethiclens.audit_counts(table, n_boot=200, random_state=0, n_bins=10).comparisons
    assert ethiclens.audit_counts(table, n_boot=200, random_state=0).comparisons
    scored = counts_of(frame, Roles("p", ["g"], "y", "s", n_bins=5))
    assert ethiclens.audit_counts(scored, n_boot=200, random_state=0, n_bins=5).comparisons


@pytest.mark.parametrize("n_bins", ["5", "10"])
def test_counts_refuses_n_bins_without_y_score(frame, tmp_path, capsys, n_bins):
    frame.to_csv(tmp_path / "d.csv", index=False)
    argv = ["counts", str(tmp_path / "d.csv"), "--y-pred", "p", "--protected", "g"]
    out = tmp_path / "q.csv"
    assert main([*argv, "--n-bins", n_bins, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "option '--n-bins'" in err and "no --y-score" in err, err
    assert "Fix: give --y-score" in err and "or drop --n-bins" in err, err
    assert not out.exists()
    assert main([*argv, "--out", str(out)]) == 0  # the default: no word
    scored = [*argv, "--y-true", "y", "--y-score", "s", "--n-bins", n_bins]
    assert main([*scored, "--out", str(tmp_path / "r.csv")]) == 0


def test_one_group_is_refused_in_one_wording_on_every_face(frame):
    one = frame.assign(g="a")
    refusals = []
    calls = (
        lambda: ethiclens.audit(one.y, one.p, one.g, n_boot=200),
        lambda: ethiclens.audit_counts(counts_of(one, Roles("p", ["g"], "y")), n_boot=200),
        lambda: ethiclens.compare(one.y, one.p, 1 - one.p, one.g, n_boot=200),
        lambda: ethiclens.threshold_table(one.y, one.s, one.g, n_boot=200),
    )
    for call in calls:
        with pytest.raises(EthicLensInputError) as err:
            call()
        refusals.append(str(err.value))
    assert len(set(refusals)) == 1, refusals
    assert refusals[0].startswith("column 'g': has a single group 'a'; nothing to compare")


@pytest.mark.parametrize("ci", ["percentile", "bootstrap"])
def test_compare_refuses_an_unpaired_bootstrap(frame, ci):
    """paired=False draws B - A as independent Dirichlet draws whatever ci said, while the
    config recorded ci_method 'percentile': the method asked for was not the one used."""
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.compare(frame.y, frame.p, 1 - frame.p, frame.g, n_boot=200, paired=False, ci=ci)
    message = str(err.value)
    assert message.startswith("argument 'paired': unpaired differences are independent")
    assert f"ci={ci!r}" in message and "Fix: drop paired=False" in message, message
    unpaired = ethiclens.compare(frame.y, frame.p, 1 - frame.p, frame.g, n_boot=200, paired=False)
    assert unpaired.config["ci_method"] == "jeffreys" and not unpaired.config["paired"]


@pytest.mark.parametrize("source", ["dataset default", {"g": "dataset default"}])
def test_reference_source_without_a_reference_is_refused(frame, source):
    """It says how a given reference was chosen; with none given it was dropped without a
    word (the result said 'largest group (default)')."""
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(frame.y, frame.p, frame.g, n_boot=200, reference_source=source)
    message = str(err.value)
    assert message.startswith("argument 'reference_source': says how a given reference")
    assert "Fix: give reference too, or drop reference_source" in message, message
    given = ethiclens.audit(
        frame.y, frame.p, frame.g, n_boot=200, reference="a", reference_source=source
    )
    assert given.attributes[0].reference_source == "dataset default"


def test_reference_source_of_an_attribute_without_a_given_reference_is_refused(frame):
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(
            frame.y, frame.p, frame.g, n_boot=200, reference={"g": "a"},
            reference_source={"zzz": "dataset default"},
        )  # fmt: skip
    message = str(err.value)
    assert "no reference was given for 'zzz'" in message, message
    assert "Fix: give reference too, or drop reference_source" in message, message
