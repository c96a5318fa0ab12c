"""Round 36 review of F1's one level-meets-draws check (``_checks.check_level_draws``): the
level its refusal offers instead must be one the same draws reach. It was 1 − 1/n_boot rounded
to the nearest six digits, so 300 draws offered 0.996667 (which needs 301) and 1,999 offered
0.9995 (which needs 2,000): following the fix was refused again."""

from __future__ import annotations

import re

import pytest

from ethiclens._checks import check_level_draws
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize("n_boot", [100, 101, 300, 999, 1000, 1999, 2000, 3000, 999_999])
def test_the_level_offered_is_one_the_draws_reach(n_boot):
    with pytest.raises(EthicLensInputError) as err:
        check_level_draws(n_boot, 0.9999995)
    offered = re.fullmatch(r".*a level of at most (0\.\d+)", err.value.fix)[1]
    check_level_draws(n_boot, float(offered))  # reached: no refusal
    assert float(offered) > 1 - 1 / n_boot - 1e-6  # and no lower than six decimals need


def test_the_audit_command_offers_a_level_it_then_runs_with(tmp_path, capsys):
    args = ["audit", str(tmp_path / "absent.csv"), "--y-true", "y", "--y-pred", "p"]
    args += ["--protected", "g", "--n-boot", "300"]
    assert main([*args, "--confidence-level", "0.999"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("Fix: use at least 1,000 interval draws, or a level of at most 0.996666")
    assert main([*args, "--confidence-level", "0.996666"]) == 2
    err = capsys.readouterr().err  # past the level check: the next refusal is the file's
    assert "confidence" not in err and "absent.csv" in err, err
