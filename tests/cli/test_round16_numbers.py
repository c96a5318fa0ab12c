"""Round 16: every option reads a number by one rule (ASCII digits, a sign, a decimal point, an
exponent). int() and float() also read "0_8" as 8, "٣" as 3 and " 5" as 5: `audit compas
--di-threshold 0_8` was refused as "value: 8.0", `--n 1_000` and `--seed 1_0` were taken."""

from __future__ import annotations

import pytest

from ethiclens._checks import ETA_FIX
from ethiclens.cli import main

WHOLE = "Fix: give a whole number (digits only, e.g. 1000)"
NUMBER = "Fix: give a number (e.g. 0.5)"
# a spec's number option: its own example (round 35: 0.5 is no confidence level)
DI = "Fix: give a number, e.g. 0.8 (the four-fifths rule); the band [t, 1/t] of the lowest t "
DI += "already spans a 100-fold ratio of selection rates"
LEVEL = "Fix: give a number, e.g. 0.95 (the default) or 0.99"
PCER_AUDIT = ["pcer", "audit", "--train", "a", "--test", "b", "--y-true", "y", "--y-pred", "p"]
PCER_AUDIT += ["--protected", "g"]
MONITOR = ["monitor", "x.csv", "--time", "t", "--window", "1d"]
# round 50: --baseline-windows' text is refused by the monitor's check, after the roles it needs
MONITOR_ROLES = [*MONITOR, "--y-pred", "p", "--protected", "g"]
# round 49: a spec setting's flag says its setting's own words and range, as a config file's
# key and a Python argument do (was click's "'1_0' is not a valid integer", then the fix)
OWN = {
    "--n-boot": "must be a whole number (an integer) of interval draws, from 100 to 1,000,000 "
    "(value: {v}). Fix: leave it out for the default, or use 1000 or 2000 for publication",
    "--seed": "must be a non-negative integer, from 0 to 4,294,967,295 (value: {v}). Fix: use "
    "e.g. 0",
    "--di-threshold": "must be a number from 0.01 up to (not including) 1 (value: {v}). "
    + DI.replace("give a number, ", ""),
    "--eo-threshold": "must be a number strictly between 0 and 1 (value: {v}). Fix: e.g. 0.1",
    "--confidence-level": "must be a number strictly between 0.5 and 1 (value: {v}). "
    + LEVEL.replace("give a number, ", ""),
    # a command's own option whose check is one on every command (no spec field): its words
    "--eta": "must be a number from 1e-12 up to (not including) 1 (value: {v}). Fix: " + ETA_FIX,
    "--alpha": "must be a number strictly between 0 and 1 (value: {v}). Fix: e.g. 0.05",
    "--min-cell": "must be a whole number of at least 1 (value: {v}). Fix: e.g. 10",
}


@pytest.mark.parametrize(
    ("argv", "flag", "value", "fix"),
    [
        (["audit", "compas"], "--di-threshold", "0_8", DI),
        (["audit", "compas"], "--eo-threshold", "0.1_0", "Fix: give a number, e.g. 0.1"),
        (["audit", "compas"], "--confidence-level", " 0.95", LEVEL),
        (["audit", "compas"], "--n-boot", "1_00", WHOLE),
        (["audit", "compas"], "--seed", "1_0", WHOLE),
        (["audit", "compas"], "--seed", "٣", WHOLE),
        (["compare", "compas"], "--n-boot", "２００", WHOLE),
        (["thresholds", "compas"], "--di-threshold", "0_8", DI),
        (["oracle"], "--n", "1_000", WHOLE),
        (["oracle"], "--di", "0_6", NUMBER),
        (["oracle"], "--eo-gap", "٠.1", NUMBER),
        (["oracle"], "--repetitions", "5_00", WHOLE),
        (["probe", "counterfactual", "compas"], "--n-boot", "1_000", WHOLE),
        (["probe", "counterfactual", "compas"], "--favorable", "1 ", WHOLE),
        (PCER_AUDIT, "--eta", "1_0", "Fix: give a number, " + ETA_FIX),  # round 46: η's own
        (PCER_AUDIT, "--seed", "1_0", WHOLE),
        (["pcer", "train", "adult"], "--epochs", "2_5", WHOLE),
        (["pcer", "sweep"], "--seeds", "1_0", WHOLE),
        (["pcer", "sweep"], "--workers", "٢", WHOLE),
        (MONITOR, "--alpha", "0_05", "Fix: give a number, e.g. 0.05"),  # round 42
        (MONITOR_ROLES, "--baseline-windows", " 2", WHOLE),
        (MONITOR, "--n-boot", "1_000", WHOLE),
        (["counts", "x.csv", "--out", "c.csv"], "--min-cell", "1_0", WHOLE),
        (["serve"], "--port", "8_765", WHOLE),
        (["serve"], "--workers", "２", WHOLE),
    ],
)
def test_a_number_python_would_misread_is_refused_naming_the_option(
    tmp_path, monkeypatch, capsys, argv, flag, value, fix
):
    monkeypatch.chdir(tmp_path)
    assert main([*argv, flag, value]) == 2
    err = capsys.readouterr().err.strip()
    number = "a whole number" if fix == WHOLE else "a number"
    if value != value.strip():  # round 50: the blanks named (was
        # the range's words, or click's "' 2' is not a valid integer"), the number to give
        said = f"must be {number}, written without blanks around it (value: {value!r}). "
        assert err == f"error: option {flag!r}: {said}Fix: give {value.strip()}", err
    elif flag in OWN:  # a spec setting's flag (pcer's --seed too): its own words
        assert err == f"error: option {flag!r}: " + OWN[flag].format(v=repr(value)), err
    else:  # round 50: a command's own option: its own check's words and range, the value as
        # typed (was click's "'1_000' is not a valid integer. Fix: give a whole number ...")
        assert err.startswith(f"error: option {flag!r}: "), err
        assert f"(value: {value!r}). Fix: " in err and "is not a valid" not in err, err
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("value", ["1_0", "٣", " 5"])
@pytest.mark.parametrize("argv", [["audit", "compas"], PCER_AUDIT])
def test_a_floor_python_would_misread_is_refused_as_given(tmp_path, capsys, argv, value):
    assert main([*argv, "--min-group-size", value]) == 2
    err = capsys.readouterr().err
    said = "must be a whole number of at least 1"
    if value == " 5":  # round 50: the blanks named, 5 to give (was the range's words)
        said = "must be a whole number, written without blanks around it"
    assert f"option '--min-group-size': {said} (value: {value!r})" in err


@pytest.mark.parametrize("value", ["0_5", "٣", " 1"])
def test_a_dp_budget_python_would_misread_is_refused(tmp_path, monkeypatch, capsys, value):
    monkeypatch.chdir(tmp_path)
    assert main(["pcer", "train", "adult", "--epsilon", value]) == 2
    err = capsys.readouterr().err
    said = "ε must be a number" + ", written without blanks around it" * (value == " 1")
    assert f"option '--epsilon': {said} (value: {value!r})" in err, err  # round 50: blanks named
