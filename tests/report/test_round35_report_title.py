"""Round 35: a report's ``title=`` is text. A blank one (``"   "``) printed an empty heading and
page title where ``""`` gave the default; now both give the default. One that is not text
(``b"Q3"`` printed ``b'Q3'``) is refused naming the argument, before anything is written."""

from __future__ import annotations

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.report._render import report_title


@pytest.fixture(scope="module")
def results():
    rng = np.random.default_rng(0)
    n = 400
    y, g = rng.integers(0, 2, n), rng.choice(["a", "b"], n)
    a, b, score = rng.integers(0, 2, n), rng.integers(0, 2, n), rng.random(n)
    return (
        ethiclens.audit(y, a, {"g": g}, n_boot=100, random_state=0),
        ethiclens.compare(y, a, b, {"g": g}, n_boot=100, random_state=0),
        ethiclens.threshold_table(y, score, {"g": g}, n_boot=100, random_state=0, step=0.5),
    )


def test_a_blank_title_gives_the_default_as_an_empty_one_does():
    for title in (None, "", "   ", " \t\n", "\u200b"):
        assert report_title(title, "Default") == "Default"
    assert report_title("Q3 <credit>", "Default") == "Q3 <credit>"  # escaped where shown


@pytest.mark.parametrize("title", [b"Q3", 3, ["Q3"]])
def test_a_title_that_is_not_text_is_refused_naming_it(results, tmp_path, title):
    for k, result in enumerate(results):
        path = tmp_path / f"r{k}.html"
        with pytest.raises(EthicLensInputError, match="argument 'title': a report's title is text"):
            result.to_html(path, title=title)
        assert not path.exists()
