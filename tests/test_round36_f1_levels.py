"""Round 36 (F1): one check of a confidence level against its draws (``n_boot`` x (1 - level)
of at least 1, ``ethiclens._checks.check_level_draws``) on every face, before any data is read.

Before: ``ethiclens audit`` and ``ethiclens.run`` refused the level only once the data was read
(a column missing from the file was named first); ``p2nia estimate`` (CLI and Python) drew
intervals whose ends were the extreme draws, unsaid."""

from __future__ import annotations

from fractions import Fraction

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

TOO_FEW = (
    "a 99.99% interval needs at least 10,000 draws, one outside it (from 100 its ends are all "
    "but the smallest and largest draws, which cover less) (value: 0.9999). Fix: use at least "
    "10,000 interval draws, or a level of at most 0.99"
)


def test_the_shared_check_words_the_audits_refusal():
    from ethiclens._checks import check_level_draws

    with pytest.raises(EthicLensInputError) as err:
        check_level_draws(100, 0.9999)
    assert str(err.value) == f"argument 'confidence_level': {TOO_FEW}"
    check_level_draws(100, 0.99)  # one draw outside: allowed, as the audit allows it
    check_level_draws(0, 0.9999)  # no draws, no interval (P2NIA's n_boot = 0)
    check_level_draws(120, 1 - Fraction(1, 20) / 6)  # an exact derived level: 120 suffice
    with pytest.raises(EthicLensInputError, match="at least 120 draws"):
        check_level_draws(119, 1 - Fraction(1, 20) / 6)


def test_the_audit_command_refuses_the_level_before_reading_the_file(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("y,p,g\n" + "1,0,a\n0,1,b\n" * 5)
    args = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "absent"]
    assert main([*args, "--n-boot", "100", "--confidence-level", "0.9999"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"error: option '--confidence-level': {TOO_FEW}"]


def test_the_request_check_uses_the_runs_own_default_draws():
    from ethiclens.spec import AuditSpec, check_request

    # 0.9995 needs 2,000 draws: the audit's default has them, compare's 1,000 do not
    spec = AuditSpec.of("compas", confidence_level=0.9995)
    check_request(spec, "audit")
    with pytest.raises(EthicLensInputError) as err:
        check_request(spec, "compare")
    assert err.value.column == "policy.confidence_level"
    assert "needs at least 2,000 draws" in str(err.value)


def test_run_refuses_the_level_before_reading_the_data(tmp_path):
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.run(
            str(tmp_path / "absent.csv"),
            y_true="y",
            y_pred="p",
            protected=["g"],
            n_boot=100,
            confidence_level=0.9999,
        )
    assert "needs at least 10,000 draws" in str(err.value)


def test_p2nia_estimate_refuses_the_level_before_the_release_is_read(tmp_path, capsys):
    from ethiclens.p2nia import estimate

    folder = tmp_path / "rel"
    folder.mkdir()  # no release in it: reading it would fail
    with pytest.raises(EthicLensInputError) as err:
        estimate(str(folder), n_boot=100, level=0.9999)
    assert str(err.value) == f"argument 'level': {TOO_FEW}"
    args = ["p2nia", "estimate", str(folder), "--n-boot", "100", "--confidence-level", "0.9999"]
    assert main(args) == 2
    assert capsys.readouterr().err.strip() == f"error: option '--confidence-level': {TOO_FEW}"
