"""Round 19b: a release whose data writes a requested group in other code points ('café'
decomposed) names it as the audit names look-alikes, escaped, never as a value outside the
domain that prints like one in it; the GRR noise note's number never contradicts its 1%
trigger nor reads 100% of the rows for less."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.p2nia._estimate import _noise_notes

NFC, NFD = "caf\u00e9", "cafe\u0301"


def _release(tmp_path, capsys, requested: str, data_labels) -> tuple[int, str]:
    r = np.random.default_rng(0)
    n = 300
    data = tmp_path / "d.csv"
    g = np.array(data_labels, dtype=object)[np.arange(n) % len(data_labels)]
    pd.DataFrame({"g": g, "y": r.integers(0, 2, n), "p": r.integers(0, 2, n)}).to_csv(
        data, index=False
    )
    req = tmp_path / "r.json"
    args = ["p2nia", "request", "--n", "100", "--protected", "g", "--groups", requested]
    assert main([*args, "--epsilon", "5", "--mechanism", "grr", "--out", str(req)]) == 0
    capsys.readouterr()
    args = ["p2nia", "release", "--request", str(req), "--data", str(data), "--y-true", "y"]
    code = main([*args, "--y-pred", "p", "--seed", "1", "--out", str(tmp_path / "rel")])
    return code, capsys.readouterr().err


def test_a_requested_group_in_other_code_points_is_named_as_the_audit_names_it(tmp_path, capsys):
    code, err = _release(tmp_path, capsys, f"{NFC},b", (NFD, "b"))
    assert code == 2, err
    assert "outside the requested domain" not in err, err
    assert "the data writes the requested group 'caf\\xe9' as 'cafe\\u0301'" in err, err
    assert "(150 row(s), first at d.csv line 2)" in err, err
    assert "(the same letters in other Unicode code points)" in err, err
    assert "Fix: normalise the column to NFC first" in err, err


def test_a_group_with_a_space_around_it_too(tmp_path, capsys):
    code, err = _release(tmp_path, capsys, "a,b", ("b", "a "))
    assert code == 2 and "the requested group 'a' as 'a '" in err, err
    assert "(the same name, one with whitespace around it)" in err, err


def test_a_group_really_outside_the_domain_keeps_its_message(tmp_path, capsys):
    code, err = _release(tmp_path, capsys, "a,b", ("a", "b", "c"))
    assert code == 2 and "values c are outside the requested domain" in err, err


def _mass(note: str) -> str:
    return re.search(r"a mass of (.+?) the released rows", note).group(1)


@pytest.mark.parametrize(
    ("clipped", "said"),
    [
        (0.0102, "1.02% of"),  # was 1.0%: not more than the 1% trigger
        (0.0101, "1.01% of"),
        (0.05, "5.0% of"),
        (0.9994, "99.9% of"),
        (0.9996, "1.00 times"),  # was 100.0% of
        (1.04, "1.04 times"),  # was 1.0 times
        (16.9, "16.9 times"),
        (1690.0, "1690 times"),
    ],
)
def test_the_noise_note_says_a_number_its_trigger_never_contradicts(clipped, said):
    (note,) = _noise_notes(clipped)
    assert _mass(note) == said, note
    assert "(more than 1% of them)" in note, note
    if said.endswith("% of"):
        assert 1 < float(said[:-4]) < 100, note
