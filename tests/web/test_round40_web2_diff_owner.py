"""Round 40 (web2): the diff page marked a comparison "worse" when the baseline gate's
regression line began with its ``attribute:group: `` text, so the unchanged group 'South'
read "worse" beside group 'South: coast', whose verdict had moved PASS -> FLAGGED (the gate's
line 'region:South: coast: verdict PASS -> FLAGGED' begins 'region:South: ')."""

from __future__ import annotations


def _comparison(group: str, status: str, di: float) -> dict:
    di_metric = {"value": di, "ci_low": di - 0.01, "ci_high": di + 0.01}
    return {
        "attribute": "region",
        "group": group,
        "reference": "North",
        "status": status,
        "metrics": {"disparate_impact": di_metric},
    }


def test_a_regression_marks_only_the_comparison_it_is_about():
    from ethiclens.web._routes_history import _diff_rows

    old = {
        "comparisons": [
            _comparison("South", "PASS", 0.95),
            _comparison("South: coast", "PASS", 0.95),
        ]
    }
    new = {
        "comparisons": [
            _comparison("South", "PASS", 0.95),
            _comparison("South: coast", "FLAGGED", 0.5),
        ]
    }
    lines = [
        "region:South: coast: verdict PASS -> FLAGGED",
        "region:South: coast: Disparate impact moved 0.950 [0.940, 0.960] -> 0.500 [0.490, "
        "0.510], beyond both intervals (worse)",
    ]
    rows = {str(r["what"]): r["regressed"] for r in _diff_rows(old, new, lines)}
    assert rows == {"region: South": [], "region: South: coast": lines}


def test_the_same_group_text_under_two_attributes_is_told_apart():
    """'a:b' + 'c' and 'a' + 'b:c' print alike up to the group's end; the longer key of the
    two that fit wins only when the gate's words follow it, so each line has one owner."""
    from ethiclens.web._routes_history import _diff_rows

    def one(attribute, group, status):
        return {**_comparison(group, status, 0.9), "attribute": attribute}

    old = {"comparisons": [one("g", "x", "PASS"), one("g", "x: verdict y", "PASS")]}
    new = {"comparisons": [one("g", "x", "FLAGGED"), one("g", "x: verdict y", "FLAGGED")]}
    lines = ["g:x: verdict PASS -> FLAGGED", "g:x: verdict y: verdict PASS -> FLAGGED"]
    rows = {str(r["what"]): r["regressed"] for r in _diff_rows(old, new, lines)}
    assert rows == {"g: x": [lines[0]], "g: x: verdict y": [lines[1]]}


def test_a_group_measured_against_another_reference_is_another_row():
    """The diff showed group Asian's DI against White (before) and against Black (after) in
    one row, its verdict 'changed', where the gate counts them as two comparisons."""
    from ethiclens.web._routes_history import _diff_rows

    def one(group, reference, status, di):
        return {**_comparison(group, status, di), "attribute": "race", "reference": reference}

    old = {"comparisons": [one("Asian", "White", "PASS", 0.95), one("Black", "White", "PASS", 0.9)]}
    new = {
        "comparisons": [one("Asian", "Black", "FLAGGED", 0.5), one("White", "Black", "PASS", 1.1)]
    }
    rows = {str(r["what"]): (r["old"], r["new"], r["changed"]) for r in _diff_rows(old, new)}
    assert rows == {
        "race: Asian vs White": ("PASS", None, True),
        "race: Black": ("PASS", None, True),
        "race: Asian vs Black": (None, "FLAGGED", True),
        "race: White": (None, "PASS", True),
    }
