"""Bad input, round 3 (issue 23, item 5): the remaining tracebacks and weak messages.

Each refused case exits 2 with one line, ``error: <option/argument/column> ...: <problem>.
Fix: <fix>``, names the flag or column, shows no traceback and leaves every file that existed
before byte-for-byte unchanged. User text (group names, values) never reaches the terminal,
a CSV export or an HTML report as control characters, bidi overrides or spreadsheet formulas.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main


def _hashes(folder: Path) -> dict:
    return {
        str(p): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


def _refused(ws, capsys, argv, *needles, code=2):
    """Run ``argv`` ({d} = the workspace): one ``error:`` line with each needle and a Fix,
    exit ``code``, nothing that existed before changed."""
    before = _hashes(ws)
    got = main([str(a).replace("{d}", str(ws)) for a in argv])  # a traceback fails the test
    cap = capsys.readouterr()
    err = cap.err
    assert got == code, (cap.out, err)
    assert "Traceback" not in cap.out + err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    for needle in needles:
        assert needle in err, (needle, err)
    assert "Fix:" in err, err
    assert _hashes(ws) == before, "a refused command changed a file that existed before"
    return err


def _frame(n=400, groups=("a", "b"), seed=0):
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "g": rng.choice(list(groups), n),
            "s": rng.random(n).round(3),
        }
    )


@pytest.fixture
def ws(tmp_path):
    _frame().to_csv(tmp_path / "base.csv", index=False)
    return tmp_path


AUDIT = ["audit", "{d}/base.csv", "--y-true", "y", "--y-pred", "p", "--protected", "g"]
THRESHOLDS = ["thresholds", "{d}/base.csv", "--y-score", "s", "--y-true", "y", "--protected", "g"]


# ---------------------------------------------------------------------------------------------
# 1. click's own usage errors: one line, the option named, a fix, exit 2

USAGE_CASES = [
    ("unknown-option", [*AUDIT, "--n-bot", "200"], ["option '--n-bot'", "--n-boot"]),
    ("unknown-option-group", ["--verbose"], ["option '--verbose'", "ethiclens --help"]),
    ("unknown-command", ["audti", "compas"], ["command 'audti'", "audit"]),
    ("unknown-subcommand", ["pcer", "sweeep"], ["command 'sweeep'", "sweep"]),
    ("missing-required-option", ["thresholds", "{d}/base.csv"], ["option '--y-score'"]),
    ("missing-argument", ["probe", "make-counterfactuals"], ["argument 'DATA'", "required"]),
    ("option-without-value", [*AUDIT, "--n-boot"], ["option '--n-boot'", "a value"]),
    ("bad-int", [*AUDIT, "--n-boot", "many"], ["option '--n-boot'", "'many'", "whole number"]),
    ("bad-float", [*THRESHOLDS, "--step", "fine"], ["option '--step'", "'fine'", "a number"]),
    ("bad-choice", ["pcer", "sweep", "--trainer", "nope"], ["option '--trainer'", "vectorized"]),
    ("bad-choice-p2nia", ["p2nia", "experiment", "--dataset", "x"], ["option '--dataset'"]),
    ("extra-argument", [*AUDIT, "extra"], ["extra", "ethiclens audit --help"]),
]


@pytest.mark.parametrize(
    "argv,needles", [c[1:] for c in USAGE_CASES], ids=[c[0] for c in USAGE_CASES]
)
def test_click_usage_errors_are_one_line(ws, capsys, argv, needles):
    err = _refused(ws, capsys, argv, *needles)
    assert "Usage:" not in err and "Try '" not in err


def test_help_is_still_help(capsys):
    assert main(["audit", "--help"]) == 0
    assert "Usage: ethiclens audit" in capsys.readouterr().out


# ---------------------------------------------------------------------------------------------
# 2. user text in the terminal, CSV exports and HTML

EVIL = {
    "formula": "=cmd|' /C calc'!A0",
    "escape": "evil\x1b]0;pwned\x07\x1b[2J\x1b[1A",
    "bidi": "abc\u202edef\u2066x\u2069",
}
BAD_CHARS = ("\x1b", "\x07", "\u202e", "\u2066", "\u2069", "\x00")


@pytest.fixture
def evil(tmp_path):
    frame = _frame(600, groups=list(EVIL.values()))
    frame.to_csv(tmp_path / "evil.csv", index=False)
    return tmp_path


def _no_bad_chars(text: str) -> None:
    for ch in BAD_CHARS:
        assert ch not in text, (ch, text[:2000])


def test_audit_terminal_output_neutralises_group_names(evil, capsys):
    argv = ["audit", str(evil / "evil.csv"), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*argv, "--n-boot", "200", "--engine", "pandas"]) == 0
    cap = capsys.readouterr()
    _no_bad_chars(cap.out + cap.err)
    assert "\\x1b" in cap.out and "\\u202e" in cap.out  # shown, not hidden


def test_thresholds_terminal_csv_and_html_are_safe(evil, capsys):
    argv = ["thresholds", str(evil / "evil.csv"), "--y-score", "s", "--y-true", "y"]
    argv += ["--protected", "g", "--n-boot", "200"]
    argv += ["--csv", str(evil / "t.csv"), "--html", str(evil / "t.html")]
    assert main(argv) == 0
    cap = capsys.readouterr()
    _no_bad_chars(cap.out + cap.err)
    text = (evil / "t.csv").read_text(encoding="utf-8")
    _no_bad_chars(text)
    cells = pd.read_csv(evil / "t.csv", dtype=str, keep_default_na=False)
    for col in ("group", "reference"):
        assert not cells[col].str.match(r"^[=+\-@\t\r]").any(), cells[col].unique()
    assert "'=cmd|' /C calc'!A0" in set(cells["group"]) | set(cells["reference"])
    _no_bad_chars((evil / "t.html").read_text(encoding="utf-8"))


def test_nul_byte_never_reaches_html(tmp_path, capsys):
    frame = _frame(600, groups=["a\x00b", "c"])
    frame.to_parquet(tmp_path / "nul.parquet")
    argv = ["audit", str(tmp_path / "nul.parquet"), "--y-true", "y", "--y-pred", "p"]
    argv += ["--protected", "g", "--n-boot", "200", "--html", str(tmp_path / "r.html")]
    assert main([*argv, "--engine", "pandas"]) == 0, capsys.readouterr()
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "\x00" not in html and "ab" in html


def test_error_lines_neutralise_user_values(ws, capsys):
    """A column name with an escape sequence, echoed in the error line, is shown escaped."""
    err = _refused(ws, capsys, ["audit", "{d}/base.csv", "--y-pred", "p\x1b[2Jx"], "--y-pred")
    _no_bad_chars(err)


def test_sanitiser_rules():
    from ethiclens._text import csv_cell, html_safe, one_line, terminal_safe

    assert terminal_safe("a\x1b[31mb\u202ec\td\ne") == "a\\x1b[31mb\\u202ec\td\ne"
    assert terminal_safe("\x9b2J\x7f") == "\\x9b2J\\x7f"  # C1 CSI and DEL
    assert one_line("a\nb") == "a\\nb"
    for start in ("=", "+", "-", "@", "\t", "\r"):
        assert csv_cell(start + "1+1").startswith("'")
    assert csv_cell("plain") == "plain" and csv_cell(-1.5) == -1.5
    assert html_safe("a\x00b\x1bc") == "ab\\x1bc"
