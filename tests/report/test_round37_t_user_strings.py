"""Round 37 (T): user strings through every output. The CSV exports' formula rule (OWASP: a
text cell starting with ``=``, ``+``, ``-``, ``@``, a tab or a CR gets a leading ``'``) also
caught a group that is a plain number: the threshold table's CSV wrote the group ``-5`` of an
integer column as ``'-5``, which a spreadsheet shows, and pandas reads back, as another name.
A plain decimal number is no formula: it is written as it is; every formula stays quoted."""

from __future__ import annotations

import io

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens._text import csv_cell, csv_safe_frame


@pytest.mark.parametrize("number", ["-5", "+2", "-1.5", "-.5", "+0.25", "-1.5e3", "-2E-4"])
def test_a_plain_number_is_written_as_it_is(number):
    assert csv_cell(number) == number


def test_a_frame_keeps_number_groups_and_quotes_formula_groups():
    # what is not a plain number keeps its quote: a formula, a sign alone, -inf, a trailing space
    formulas = ["=1+2", "-5+3", "-inf", "-", "+", "-1e", "@SUM(A1)", "-B", "- 5", "-5 ", "\t5"]
    frame = pd.DataFrame({"group": ["-5", "+0.5", "A", *formulas], "n": range(-1, 13)})
    shown = csv_safe_frame(frame)
    assert list(shown["group"]) == ["-5", "+0.5", "A", *("'" + f for f in formulas)]
    assert list(shown["n"]) == list(range(-1, 13))


def test_the_threshold_csv_reads_back_the_negative_groups_of_an_integer_column():
    rng = np.random.default_rng(0)
    n = 600
    features = {"age": rng.choice([-5, 3, 7], n), "-x": rng.choice(["-1.5", "=A", "B"], n)}
    table = ethiclens.threshold_table(
        rng.integers(0, 2, n), rng.random(n), sensitive_features=features, n_boot=100
    )
    back = pd.read_csv(io.StringIO(table.to_csv()), dtype=str, keep_default_na=False)
    by = back.groupby("attribute")
    assert set(by.get_group("age")["group"]) == {"-5", "3", "7"}
    assert set(by.get_group("age")["reference"]) <= {"-5", "3", "7"}
    # the attribute's name and its formula-like group stay quoted: text, not a number
    assert set(by.get_group("'-x")["group"]) == {"-1.5", "'=A", "B"}
