"""Round 41 review: the HTML summary builds its sentences in reading order. A fold evaluated
the flag-rule sentence before the headline cards, so a result whose policy was edited after
the audit (``di_threshold`` no number) raised ValueError from the rule sentence instead of the
TypeError the minimum-DI card raised first before it."""

from __future__ import annotations

import numpy as np
import pytest

import ethiclens
from ethiclens.report import render_html


def test_an_edited_policy_fails_first_where_the_report_reads_it_first():
    rng = np.random.default_rng(0)
    y, p = rng.integers(0, 2, 400), rng.integers(0, 2, 400)
    result = ethiclens.audit(y, p, {"g": rng.choice(["a", "b"], 400)}, n_boot=100, random_state=0)
    result.config["policy"]["di_threshold"] = "x"
    # since 87efef12 the minimum-DI card prints a damaged threshold's figures without an edge
    # (policy_edges: none), so the first reader that needs the threshold is the DI band's
    with pytest.raises(ValueError, match="could not convert string to float: 'x'"):
        render_html(result)


def test_a_figure_with_no_threshold_to_print_against_prints_as_any_figure():
    """87efef12's policy_edges gives no edges for a damaged policy: beside() then raised
    'min() arg is an empty sequence' (the minimum-DI card of an edited result)."""
    from ethiclens._text import beside

    assert beside(0.79996, ()) == "0.800"
    assert beside(0.79996, 0.8) == "0.79996"
