"""Round 14, the result objects' methods in Python words: a refusal names the method's argument
(not a CLI option or a data column) and its valid values; a name a result does not have is the
library's input error (a KeyError too) listing the valid ones, on every result; a writer's path
must be a path; ``by_group(intervals=...)`` is a bool."""

import os

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens import EthicLensInputError


@pytest.fixture(scope="module")
def frame():
    rng = np.random.default_rng(1)
    n = 600
    return pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "p2": rng.integers(0, 2, n),
            "s": rng.uniform(0, 1, n),
            "g": rng.choice(["a", "b", "c"], n, p=[0.3, 0.45, 0.25]),
        }
    )


@pytest.fixture(scope="module")
def result(frame):
    return ethiclens.audit(frame.y, frame.p, frame[["g"]], n_boot=100)


@pytest.fixture(scope="module")
def comparison(frame):
    return ethiclens.compare(frame.y, frame.p, frame.p2, frame[["g"]], n_boot=100)


@pytest.fixture(scope="module")
def thresholds(frame):
    return ethiclens.threshold_table(frame.y, frame.s, frame[["g"]], n_boot=100)


def _refusal(call) -> str:
    with pytest.raises(EthicLensInputError) as info:
        call()
    text = str(info.value)
    assert "option '--" not in text and "column '" not in text
    return text


def test_model_card_path_without_a_card_extension_names_the_argument(result, tmp_path):
    os.mkdir(tmp_path / "adir")
    text = _refusal(lambda: result.to_model_card(tmp_path / "adir"))
    assert text.startswith("argument 'path': ") and "card.md" in text and "card.html" in text


@pytest.mark.parametrize(
    ("kwargs", "start", "valid"),
    [
        (dict(kind="bar"), "argument 'kind': unknown plot", "kind='forest' or kind='rates'"),
        (dict(kind="rates", attribute="G"), "argument 'attribute': ", "one of g"),
        (dict(attribute="g"), "argument 'attribute': ", "kind='rates'"),
    ],
)
def test_plot_refusals_name_the_argument(result, kwargs, start, valid):
    text = _refusal(lambda: result.plot(**kwargs))
    assert text.startswith(start) and valid in text


@pytest.mark.parametrize("path", [5, None, b"report.html", ["a.html"]])
def test_writers_refuse_a_path_that_is_not_a_path(result, comparison, thresholds, path):
    for call in (
        lambda: result.to_html(path),
        lambda: result.to_model_card(path),
        lambda: comparison.to_html(path),
        lambda: thresholds.to_html(path),
    ):
        text = _refusal(call)
        assert text.startswith("argument 'path': must be a file path (a str or os.PathLike)")


def test_writers_still_take_str_and_pathlike(result, tmp_path):
    assert os.path.exists(result.to_model_card(str(tmp_path / "card.md")))
    assert os.path.exists(result.to_html(tmp_path / "report.html"))


def test_comparison_difference_lists_the_valid_names(comparison):
    ref = comparison.audit_a.attributes[0].reference
    group = next(c.group for c in comparison.audit_a.comparisons)
    with pytest.raises(
        EthicLensInputError, match=r"argument 'metric'.*use one of disparate_impact, "
    ):
        comparison.difference("g", group, "di")
    with pytest.raises(KeyError, match=r"argument 'attribute'.*use one of g$"):
        comparison.difference("h", group, "disparate_impact")
    with pytest.raises(EthicLensInputError, match="argument 'group'.*its reference group"):
        comparison.difference("g", ref, "disparate_impact")
    assert comparison.difference("g", group, "disparate_impact").group == group


def test_missing_attribute_is_the_same_refusal_on_every_result(result, thresholds):
    for call in (
        lambda: result.plot("rates", attribute="zz"),
        lambda: result.by_group("zz"),
        lambda: thresholds.plot(attribute="zz"),
    ):
        text = _refusal(call)
        assert text.startswith("argument 'attribute': no such protected attribute (value: 'zz')")
        assert text.endswith("one of g")
    with pytest.raises(KeyError):  # a lookup that misses is still a KeyError
        result.by_group("zz")


def test_threshold_plot_takes_a_known_attribute(thresholds):
    assert thresholds.plot(attribute="g") is not None


@pytest.mark.parametrize("flag", ["no", "False", 2, None])
def test_by_group_intervals_must_be_a_bool(result, flag):
    text = _refusal(lambda: result.by_group(intervals=flag))
    assert text.startswith("argument 'intervals': must be True or False")


def test_by_group_intervals_false_drops_the_interval_columns(result):
    cols = result.by_group(intervals=False).columns
    assert not any(c.endswith("_ci_low") for c in cols)
    assert any(c.endswith("_ci_low") for c in result.by_group(intervals=True).columns)
