"""Round 47 (the names-with-spaces class, its PCER sibling): a group with whitespace around it
was named bare in the PCER result's reasons ('not headlined: group(s)  a below the floor of 30
rows per split', the group's own '(...) ( a)'), the interpretation and the terminal summary's
tables, so ' a' and 'a' read alike. They now quote it as the audit's terminal and the
refusals do (' a'); the data keep the name as given."""

import io

import numpy as np
from rich.console import Console

from ethiclens.privacy import SplitPredictions, pcer_audit, print_summary


def _split(n, small, name, seed):
    """``small`` rows of the group ' a', the rest 'b '."""
    rng = np.random.default_rng(seed)
    groups = np.where(np.arange(n) < small, " a", "b ")
    y = rng.integers(0, 2, n)
    return SplitPredictions(y, rng.integers(0, 2, n), groups, loss=rng.random(n), name=name)


def test_pcer_reasons_and_summary_quote_names_with_whitespace_around():
    result = pcer_audit(_split(200, 5, "train", 0), _split(200, 5, "test", 1), n_boot=100)
    assert "group(s) ' a' below the floor" in result.estimates["delta_pcer"].reason
    assert result.group(" a").reason.endswith("rows per split (' a')")
    out = io.StringIO()
    print_summary(result.summary("t"), Console(file=out, width=400))
    text = out.getvalue()
    assert "group(s) ' a' below the floor" in text
    assert "'b '" in text  # its table row and the interpretation's words
    assert "  a below" not in text
    assert [g.group for g in result.groups] == [" a", "b "]  # the data are the caller's own


def test_the_pcer_notebook_view_quotes_a_group_with_whitespace_around():
    """Review of 57211ef1: the notebook view (PCERResult._repr_html_) still named each group's
    rows bare (' a: pcer'; the browser folds the space: ' a' read 'a')."""
    result = pcer_audit(_split(200, 50, "train", 0), _split(200, 50, "test", 1), n_boot=100)
    page = result._repr_html_()
    assert "&#x27; a&#x27;: pcer" in page or "&#39; a&#39;: pcer" in page, page
    assert ">b : pcer<" not in page and "> a: pcer<" not in page
