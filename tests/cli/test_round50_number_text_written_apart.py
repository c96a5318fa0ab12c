"""Round 50: a number's text written with blanks around it or commas in it (``--n-boot ' 1000
'``, ``--n-boot 1,000``, ``n_boot: 1,000``, ``confidence_level='0,95'``) was refused in the
setting's range words ("must be a whole number (an integer) of interval draws, from 100 to
1,000,000"), as though no number, where a whole number written as a decimal says what is
wrong with it and the number to give ("give 1000"). One function (``_checks.written_apart``,
through ``refuse_whole_decimal``) now names the blanks or the commas, on every face; a number
out of range once mended keeps the range's words."""

from __future__ import annotations

import json

import pytest

from ethiclens._checks import check_count, check_level, check_workers
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec

CASES = [  # (key, text, what it holds, the number to give)
    ("n_boot", " 1000 ", "a whole number, written without blanks around it", "1000"),
    ("n_boot", "1,000", "a whole number, written without commas between its digits", "1000"),
    ("seed", "\t7\n", "a whole number, written without blanks around it", "7"),
    ("confidence_level", " 0.95", "a number, written without blanks around it", "0.95"),
    ("confidence_level", "0,95", "a number, written without a comma for its decimal point", "0.95"),
    ("di_threshold", "0.8 ", "a number, written without blanks around it", "0.8"),
]


def _said(face: str, key: str, text: str, tmp_path, capsys) -> str:
    if face == "python":
        with pytest.raises(EthicLensInputError) as caught:
            AuditSpec.of(dataset="compas", **{key: text})
        return str(caught.value)
    if face == "config":
        path = tmp_path / "spec.json"
        spec = {"target": {"dataset": "compas"}, "policy": {key: text}}
        path.write_text(json.dumps(spec))
        argv = ["audit", "--config", str(path)]
    else:
        argv = ["audit", "compas", "--" + key.replace("_", "-"), text]
    assert main(argv) == 2
    return capsys.readouterr().err.strip()


@pytest.mark.parametrize("face", ["cli", "config", "python"])
@pytest.mark.parametrize(("key", "text", "held", "give"), CASES)
def test_number_text_written_apart_is_told_what_it_holds(
    tmp_path, monkeypatch, capsys, face, key, text, held, give
):
    monkeypatch.chdir(tmp_path)
    said = _said(face, key, text, tmp_path, capsys)
    named = {"cli": f"option '--{key.replace('_', '-')}'", "python": f"argument '{key}'"}
    assert named.get(face, f"key 'policy.{key}'") in said, said
    fix = f"give {give}"
    if face == "config" and "blanks" in held:  # a file's text in quotes: its own fix
        fix = f"write the number without quotes: {key}: {give}"
    assert f": must be {held} (value: {text!r}). Fix: {fix}" in said, said
    assert "Traceback" not in said
    assert [p.name for p in tmp_path.iterdir()] == (["spec.json"] if face == "config" else [])


@pytest.mark.parametrize(
    ("check", "text", "said"),
    [
        (
            lambda v: check_workers(v, cli=True),
            " 4 ",
            "blanks around it (value: ' 4 '). Fix: give 4",
        ),
        (
            lambda v: check_count(v, "--min-labels"),
            "1,000",
            "between its digits (value: '1,000'). Fix: give 1000",
        ),
        (check_level, " 0.9 ", "blanks around it (value: ' 0.9 '). Fix: give 0.9"),
    ],
)
def test_every_checked_number_names_them(check, text, said):
    with pytest.raises(EthicLensInputError) as caught:
        check(text)
    assert str(caught.value).endswith(said), caught.value


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (" 50 ", "must be a whole number (an integer) of interval draws, from 100 to 1,000,000"),
        ("1,000,000,000", "must be a whole number (an integer) of interval draws"),
        (" 1.5 ", "must be a whole number (an integer) of interval draws"),
    ],
)
def test_out_of_range_or_fractional_once_mended_keeps_the_range(capsys, text, said):
    assert main(["audit", "compas", "--n-boot", text]) == 2
    err = capsys.readouterr().err
    assert f"option '--n-boot': {said}" in err and f"(value: {text!r})" in err, err
