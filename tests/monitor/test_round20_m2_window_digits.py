"""Round 20 (M2): a --window of more than 4,300 digits (Python's int() limit), rows or days, gets
the same one-line refusal as a window of 4,000 digits ("is larger than the largest window"),
its value shortened, exit 2, no traceback; so does a window given as a huge int."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor._windows import parse_window

from .conftest import FLAGS, run_cli, write_days


@pytest.mark.parametrize(
    "window, top",
    [("9" * 4000, "rows"), ("9" * 5000, "rows"), ("1" * 5000 + "d", "days"),
     ("0" * 4999 + "1" * 5000 + "d", "days"), ("9" * 4000 + "d", "days")],
)  # fmt: skip
def test_a_window_of_any_length_is_refused_in_one_line(window, top, tmp_path, capsys):
    feed = write_days(tmp_path / "d", range(1), n=50)
    store = tmp_path / "s.sqlite"
    argv = [a if a != "1d" else window for a in FLAGS]
    rc, _, err = run_cli(capsys, "monitor", feed, *argv, "--protected", "race", "--store", store)
    assert rc == 2, err
    largest = "36,500 days" if top == "days" else "1,000,000,000,000 rows"
    assert f"is larger than the largest window ({largest})" in err, err
    assert "Traceback" not in err and "Exceeds the limit" not in err
    assert len(err) < 1000  # the value shortened
    assert not store.exists()


def test_a_huge_int_window_is_refused_likewise():
    with pytest.raises(EthicLensInputError, match="is larger than the largest window"):
        parse_window(10**5000)
    assert str(parse_window(10_000)) == "10000" and str(parse_window("0030d")) == "30d"


def test_a_long_typed_window_is_shown_shortened_in_every_refusal():
    # round 20 (R2): 3,000 digits were clipped with "..." in the middle, not shortened
    import pytest

    from ethiclens.errors import EthicLensInputError
    from ethiclens.monitor._windows import parse_window

    for typed, shown in (
        ("9" * 3000, "999999999999…999999 (3,000 digits)"),
        ("9" * 3000 + "d", "999999999999…999999 (3,000 digits)d"),
        ("-" + "9" * 3000, "-999999999999…999999 (3,000 digits)"),
    ):
        with pytest.raises(EthicLensInputError) as refused:
            parse_window(typed)
        assert f"(value: '{shown}')" in str(refused.value)
