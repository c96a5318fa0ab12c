"""Round 20 (W1): an integer of more digits than Python's int() converts (4,300, its guard
against slow conversions) is refused on every face in its option's range words, shortened:
not as "not a valid integer. Fix: give a whole number (digits only ...)" (it is digits only),
and never echoed whole (5,000 characters) nor turned into a traceback by str()."""

from __future__ import annotations

import pytest

from ethiclens._checks import LongInteger, check_count, check_seed, number_text, whole_or_text
from ethiclens.errors import EthicLensInputError

BIG = "1" * 5000
SHOWN = "(value: 111111111111…111111 (5,000 digits))"
FLOOR = "must be a whole number of at least 1, of at most 9,007,199,254,740,992"


@pytest.fixture
def data(tmp_path, monkeypatch):
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(0)
    frame = pd.DataFrame(
        {
            "label": rng.integers(0, 2, 200),
            "pred": rng.integers(0, 2, 200),
            "group": rng.choice(["A", "B"], 200),
        }
    )
    frame.to_csv(tmp_path / "d.csv", index=False)
    monkeypatch.chdir(tmp_path)
    return "d.csv"


@pytest.mark.parametrize(
    ("flag", "said"),
    [
        ("--seed", "must be below 4,294,967,296"),
        ("--n-boot", "at most 1,000,000 draws"),
        ("--min-labels", FLOOR),
        ("--min-group-size", FLOOR),
    ],
)
def test_the_audit_refuses_a_5000_digit_option_in_its_range_words(data, capsys, flag, said):
    from ethiclens.cli import main

    roles = ["--y-true", "label", "--y-pred", "pred", "--protected", "group"]
    assert main(["audit", data, *roles, flag, BIG]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"error: option {flag!r}: {said}") and SHOWN in err, err[:400]
    assert "valid integer" not in err and len(err) < 600


@pytest.mark.parametrize("negative", [False, True])
def test_the_library_reads_it_as_past_every_range(negative):
    text = ("-" if negative else "") + BIG
    for value in (number_text(text, "seed", whole=True), whole_or_text(text)):
        assert isinstance(value, LongInteger) and (value < 0) == negative
        with pytest.raises(EthicLensInputError, match="must be") as info:
            check_seed(value, "seed")
        assert str(value) in str(info.value) and len(str(info.value)) < 300
    with pytest.raises(EthicLensInputError) as info:
        check_count(whole_or_text(BIG), "--min-labels")
    assert f"{FLOOR} {SHOWN}" in str(info.value)
    assert whole_or_text("12") == 12 and type(whole_or_text("12")) is int


def test_serve_refuses_a_5000_digit_port_or_worker_count(tmp_path, capsys):
    from ethiclens.cli import main

    assert main(["serve", "--port", BIG, "--data-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "option '--port': must be from 1 to 65535" in err and SHOWN in err, err[:400]
    assert main(["serve", "--workers", BIG, "--data-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "option '--workers': must be an integer from 1 to 1024" in err, err[:400]
