"""Round 20 (V): a score or weight column typed as text is read by one rule, Python's float()
on each text, both where the audit asks "is every value a number?" (a string column of numbers
is refused as text) and where it reads the values: text ' 0.5' and ' inf' together was taken
for the numbers 0.5 and inf ("weights must be finite … (value: inf)") while 'inf' or ' nan'
were "holds the text values", and the SQL engines followed one reading or the other."""

from __future__ import annotations

import pandas as pd
import pytest

import ethiclens

ROLES = {"sample_weight": "w", "y_score": "s"}


def _refusal(role: str, values: list) -> str:
    n = 8
    series = pd.Series((values * n)[:n], name=ROLES[role], dtype=object)
    with pytest.raises(ethiclens.EthicLensInputError) as exc:
        ethiclens.audit(
            pd.Series([0, 1] * (n // 2)),
            pd.Series([1, 0] * (n // 2)),
            pd.DataFrame({"race": ["A", "B"] * (n // 2)}),
            **{role: series},
            n_boot=100,
        )
    return str(exc.value)


@pytest.mark.parametrize(
    "values",
    [
        [" 0.5", " inf"],
        ["0.5", "inf"],
        ["0.5", " nan"],
        ["0.5", "+nan"],
        ["0.5", "-NaN "],
        ["0.5", "\tInfinity"],
        [0.5, " inf"],  # text among numbers (SQLite's values as pandas.read_sql hands them)
        [0.5, "+nan"],
    ],
)
@pytest.mark.parametrize("role", sorted(ROLES))
def test_text_that_float_reads_is_a_string_column_of_numbers(role, values):
    said = _refusal(role, values)
    text = [v for v in values if isinstance(v, str)]
    assert f"holds the text values {text}, not numbers (a string column)" in said, said


@pytest.mark.parametrize(("role", "problem"), [("sample_weight", "weights"), ("y_score", "scores")])
def test_text_no_number_is_still_not_a_number(role, problem):
    said = _refusal(role, [" inf", "heavy"])
    assert f"{problem} must be numbers" in said and "(value: 'heavy')" in said, said
