"""Round 16: a missing --protected reads alike on compare and thresholds, and a weighted threshold
view or comparison counted where the data lives is named in words, not by its command."""

from __future__ import annotations

import pytest

from ethiclens.cli import main


@pytest.fixture()
def scores(tmp_path):
    path = tmp_path / "s.csv"
    rows = [f"{i % 2},{(i % 10) / 10},{i % 3},{'ab'[i % 2]},1.5" for i in range(60)]
    path.write_text("y,s,p,g,w\n" + "\n".join(rows) + "\n")
    return path


def _err(capsys, argv):
    rc = main(argv)
    err = capsys.readouterr().err
    assert rc == 2, err
    return err


def test_thresholds_without_protected_says_which_view(scores, capsys):
    err = _err(capsys, ["thresholds", str(scores), "--y-true", "y", "--y-score", "s"])
    assert err == (
        "error: option '--protected': a file's threshold view needs at least one --protected. "
        "Fix: e.g. --protected sex=Male\n"
    )


def test_a_weighted_threshold_view_on_a_counting_engine_is_named_in_words(scores, capsys):
    argv = ["thresholds", str(scores), "--y-true", "y", "--y-score", "s", "--protected", "g"]
    err = _err(capsys, [*argv, "--weight", "w", "--engine", "duckdb"])
    assert err.startswith(
        "error: option '--weight': a weighted threshold view needs the rows in memory"
    ), err


def test_the_positive_label_note_counts_one_row_as_a_row(tmp_path, capsys):
    path = tmp_path / "lab.csv"
    rows = [f"{i % 2},{i % 2},{'ab'[i % 2]}" for i in range(40)] + ["2,1,a"]
    path.write_text("y,p,g\n" + "\n".join(rows) + "\n")
    argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*argv, "--pos-label", "1", "--n-boot", "100"]) == 0
    text = capsys.readouterr()
    assert "'0' (20 rows), '2' (1 row)" in text.out + text.err


@pytest.mark.parametrize(
    ("flag", "limit"), [("--model-name", 200), ("--model-version", 200), ("--intended-use", 20_000)]
)
def test_model_text_flags_are_limited_as_the_card_files_fields_are(capsys, flag, limit):
    err = _err(capsys, ["audit", "compas", flag, "x" * (limit + 1), "--n-boot", "100"])
    assert err.startswith(f"error: option '{flag}': must be at most {limit:,} characters long")
    assert err.count("\n") == 1


def test_a_version_written_as_text_is_told_the_one_number(tmp_path, capsys):
    config = tmp_path / "v.json"
    config.write_text('{"version": "1", "target": {"dataset": "compas"}}')
    err = _err(capsys, ["audit", "--config", str(config)])
    assert err.endswith("must be a whole number (value: '1'). Fix: give 1 (a number, not text)\n")
