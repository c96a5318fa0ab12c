"""Round 44: 'ethiclens probe analyze-counterfactuals t.csv --y-pred p --y-score ""' (and
analyze_scored(path, 'p', '')) ran without the score shifts and exit 0: the blank column
name was read as no --y-score, where every other command refuses a column named ''."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.probes import analyze_scored

TABLE = "_cf_row,_cf_source,_cf_target,g,p,s\n0,a,a,a,1,0.5\n0,a,b,b,0,0.4\n"


@pytest.mark.parametrize("blank", ["", " "])
def test_a_blank_score_column_is_refused(tmp_path, capsys, blank):
    path = tmp_path / "t.csv"
    path.write_text(TABLE)
    assert (
        main(["probe", "analyze-counterfactuals", str(path), "--y-pred", "p", "--y-score", blank])
        == 2
    )
    err = capsys.readouterr().err
    assert (
        err.startswith(f"error: option '--y-score': column {blank!r} not found")
        and len(err.splitlines()) == 1
    )
    with pytest.raises(EthicLensInputError) as caught:
        analyze_scored(path, "p", blank)
    assert caught.value.column == "y_score" and f"column {blank!r} not found" in str(caught.value)
