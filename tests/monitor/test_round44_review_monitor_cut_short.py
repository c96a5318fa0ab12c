"""Round 44 review (monitor): a CSV whose last line is cut short (a file still being written:
no line break after it, fewer fields than the header) was refused as any row with a missing
value, 'Fix: drop or impute those rows before auditing', with no word that the file may simply
not be finished. The refused row's place now says so, on every engine and for a cut time too;
a finished row with an empty value, or a short row inside the file, is named as before."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

HINT = "(the file's last line, cut short: if d.csv is still being written, run again once it"
ROWS = ["ts,g,pred,y"] + [
    f"2024-03-01T{h:02d}:00:00Z,{'ab'[h % 2]},{h % 2},{h // 2 % 2}" for h in range(20)
]


def _refusal(tmp_path, text, engine):
    path = tmp_path / "d.csv"
    path.write_text(text)
    request = MonitorRequest(
        target=path, time="ts", window="1d", y_pred="pred", y_true="y",
        protected=("g=a",), engine=engine,
    )  # fmt: skip
    with pytest.raises(EthicLensInputError) as err:
        run_monitor(request, tmp_path / f"{engine}.sqlite", warn=False)
    return str(err.value)


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize("tail", ["2024-03-01T21:00:00Z,a", "2024-03-01T2"])
def test_a_last_line_cut_short_says_the_file_may_still_be_written(tmp_path, engine, tail):
    text = _refusal(tmp_path, "\n".join([*ROWS, tail]), engine)
    # round 49: refused as a short row, by its line (f1aa537c), the hint kept
    assert f"d.csv line 22 has {len(tail.split(','))} fields but its header has 4 {HINT}" in text
    assert "Fix: run again once d.csv is complete; if it is, give the row" in text


def test_a_finished_row_or_one_inside_the_file_is_named_as_before(tmp_path):
    whole = _refusal(tmp_path, "\n".join([*ROWS, "2024-03-01T21:00:00Z,a,1,"]), "pandas")
    assert (
        "first at d.csv line 22 (an empty field). Fix: drop or impute" in whole
        and "cut short" not in whole
    )
    inside = _refusal(tmp_path, "\n".join([ROWS[0], "2024-03-01T21:00:00Z,a", *ROWS[1:]]), "pandas")
    assert "d.csv line 2 has 2 fields but its header has 4. Fix: give the row" in inside
    assert "cut short" not in inside
