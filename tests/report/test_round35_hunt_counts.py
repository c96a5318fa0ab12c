"""Round 35 hunt: one rule for every printed count. The terminal table's n column, the model
card's n columns and sample floors, the notebook view and the HTML report's floors sentence
printed '1500/3500', 'n=1500' and 'at least 2000 rows' while the HTML tables printed '1,500':
now every face writes thousands separators."""

import numpy as np
import pytest

import ethiclens
from ethiclens.report import render_html, render_model_card, terminal_summary


@pytest.fixture(scope="module")
def result():
    rng = np.random.default_rng(0)
    group = np.where(np.arange(5000) < 1500, "a", "b")
    y, p = rng.integers(0, 2, 5000), rng.integers(0, 2, 5000)
    policy = ethiclens.Policy(min_group_size=2000, min_label_count=1000)
    return ethiclens.audit(
        y, p, sensitive_features=group, n_boot=100, random_state=0, policy=policy
    )


def test_comparison_sizes_have_separators_on_every_face(result):
    assert result.comparisons[0].n_text() == "1,500/3,500"
    assert "1,500/3,500" in render_model_card(result)
    assert "1,500 / 3,500" in result._repr_html_()
    assert "5,000 rows" in repr(result)


def test_terminal_table_n_column(result):
    from rich.console import Console

    console = Console(width=200, record=True)
    for part in terminal_summary(result):
        console.print(part)
    text = console.export_text()
    assert "1,500/3,500" in text and "1500/3500" not in text


def test_model_card_groups_and_floors(result):
    card = render_model_card(result)
    assert "a (n=1,500), b (n=3,500)" in card
    assert "| a | 1,500 |" in card
    assert "Sample floors: 2,000 rows per group" in card
    assert "1,000 positive and negative labels" in card


def test_html_floors_sentence(result):
    html = render_html(result)
    assert "need at least 2,000 rows" in html
    assert "error-rate metrics at least 1,000" in html
    assert "at least 2000" not in html


def test_gate_note_and_suppression_counts_have_separators():
    from ethiclens.fairness._gate import _input_notes
    from ethiclens.report._terminal import _suppression

    old = {"run": {"input": {"rows": 2000, "sha256": "a"}}}
    new = {"run": {"input": {"rows": 1500, "sha256": "b"}}}
    notes = _input_notes(old, new)
    assert notes and "2,000 -> 1,500 rows" in notes[0]
    record = {"min_cell": 5, "cells_dropped": 1234, "rows_dropped": 5000, "rows_kept": 100}
    assert "dropped 1,234 cells (5,000 rows; 100 kept)" in _suppression(record)
