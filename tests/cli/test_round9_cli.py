"""Tester round 9: one role check whatever the command or face; the Markdown card's text made
safe; undefined figures read "undefined"; the true reason a headline is withheld; compare's
Python arguments checked; messages name what was passed."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
import yaml

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


def _rows(n: int = 400) -> pd.DataFrame:
    rng = np.random.default_rng(9)
    return pd.DataFrame(
        {
            "label": rng.integers(0, 2, n),
            "pa": rng.integers(0, 2, n),
            "pb": rng.integers(0, 2, n),
            "score": rng.random(n).round(3),
            "sex": rng.integers(0, 2, n),
            "grp": rng.choice(["a", "b"], n),
        }
    )


@pytest.fixture
def csv(tmp_path):
    path = tmp_path / "d.csv"
    _rows().to_csv(path, index=False)
    return str(path)


def _error(capsys) -> str:
    return capsys.readouterr().err.strip().splitlines()[-1]


# -- 1. one role check for every command and face -------------------------------------------

ROLE_CASES = [
    (["compare", "--y-pred", "pa", "--y-pred", "sex", "--protected", "sex"], "'sex'"),
    (["compare", "--y-pred", "pa", "--y-pred", "label", "--protected", "grp"], "'label'"),
    (["audit", "--y-pred", "pa", "--y-pred", "label", "--protected", "grp"], "'label'"),
    (["thresholds", "--y-score", "sex", "--protected", "sex"], "'sex'"),
]


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize(("flags", "column"), ROLE_CASES)
def test_every_command_refuses_a_column_in_two_roles(csv, capsys, engine, flags, column):
    command, *rest = flags
    assert main([command, csv, "--y-true", "label", *rest, "--engine", engine]) == 2
    assert _error(capsys).startswith(f"error: column {column}: plays two roles:")


def test_a_config_and_run_refuse_a_prediction_that_is_the_label(csv, tmp_path, capsys):
    spec = {
        "version": 1,
        "target": {"file": csv},
        "roles": {"y_true": "label", "y_pred": ["pa", "label"], "protected": ["grp"]},
    }
    config = tmp_path / "c.yaml"
    config.write_text(yaml.safe_dump(spec))
    assert main(["compare", "--config", str(config)]) == 2
    words = _error(capsys)
    assert words.startswith("error: column 'label': plays two roles:")
    with pytest.raises(EthicLensInputError) as refused:
        ethiclens.run(spec)
    assert f"error: {refused.value}" == words


# -- 2. the Markdown card's text made safe as the HTML card's is ----------------------------

HOSTILE = "a\x00b\x07c\u202ed\u2066e\u2069"


def _raw_controls(text: str) -> list[str]:
    bidi = (*range(0x202A, 0x202F), *range(0x2066, 0x206A))
    return [c for c in text if (ord(c) < 32 and c not in "\n\t") or ord(c) in bidi]


def test_the_markdown_card_shows_nul_and_other_controls(tmp_path, capsys):
    frame = _rows().assign(grp=lambda d: d.grp.map({"a": HOSTILE, "b": "b"}))
    path = tmp_path / "h.parquet"  # a CSV holding a NUL is refused as damaged (round 20)
    frame.to_parquet(path, index=False)
    info = tmp_path / "card.json"
    info.write_text(json.dumps({"model_details": {"owner": HOSTILE}}))
    card = tmp_path / "c.md"
    flags = ["--y-true", "label", "--y-pred", "pa", "--protected", "grp", "--n-boot", "200"]
    extra = ["--card-info", str(info), "--intended-use", HOSTILE, "--model-card", str(card)]
    assert main(["audit", str(path), *flags, *extra]) == 0
    text = card.read_text(encoding="utf-8")
    assert _raw_controls(text) == []
    # round 18: a NUL is shown as the other controls are ('a\x00b' no longer reads 'ab')
    assert "a\\x00b\\x07c\\u202ed\\u2066e\\u2069" in text


# -- 3. an undefined DI reads "undefined", never nan ----------------------------------------


def test_the_threshold_report_shows_an_undefined_di_as_undefined(tmp_path, capsys):
    path = tmp_path / "d.csv"
    _rows().assign(score=lambda d: d.score * 0.9).to_csv(path, index=False)  # none at 0.95
    html, data = tmp_path / "t.html", tmp_path / "t.json"
    flags = ["--y-true", "label", "--y-score", "score", "--protected", "grp", "--n-boot", "200"]
    assert main(["thresholds", str(path), *flags, "--html", str(html), "--json", str(data)]) == 0
    undefined = [r for r in json.loads(data.read_text())["rows"] if r.get("di") is None]
    assert undefined, "the data must give an undefined DI"
    page = html.read_text(encoding="utf-8")
    assert ">nan<" not in page and "[nan" not in page
    assert "<td class='num'>undefined</td><td>—</td>" in page


# -- 4. a headline withheld because the reference is never selected says so ----------------


def test_a_reference_never_selected_gives_its_reason_and_fix(tmp_path, capsys):
    frame = _rows(600).assign(pa=lambda d: (d.grp == "b").astype(int))  # a never selected
    path = tmp_path / "u.csv"
    frame.to_csv(path, index=False)
    html, card = tmp_path / "u.html", tmp_path / "u.md"
    flags = ["--y-true", "label", "--y-pred", "pa", "--protected", "grp=a", "--n-boot", "200"]
    assert main(["audit", str(path), *flags, "--html", str(html), "--model-card", str(card)]) == 0
    out = capsys.readouterr().out
    fix = "a is never selected, so DI is unbounded: choose a reference group that is selected"
    assert f"To get a headline: {fix}, e.g. --protected grp=b." in out
    assert fix in card.read_text(encoding="utf-8")
    page = html.read_text(encoding="utf-8")
    assert "withheld because a reference group is never selected, so DI is unbounded" in page
    assert "too small" not in page and "To get a headline: ." not in out


# -- 5. compare's terminal gives the JSON's reason for a missing interval -------------------


def test_compare_terminal_shows_why_a_difference_is_undefined(tmp_path, capsys):
    path = tmp_path / "und.csv"
    _rows().assign(pb=0).to_csv(path, index=False)  # model B never selects: its DI is 0/0
    out = tmp_path / "c.json"
    flags = ["--y-true", "label", "--y-pred", "pa", "--y-pred", "pb", "--protected", "grp"]
    assert main(["compare", str(path), *flags, "--n-boot", "200", "--json", str(out)]) in (0, 1)
    printed = capsys.readouterr().out
    di = next(
        d for d in json.loads(out.read_text())["differences"] if d["metric"] == "disparate_impact"
    )
    reason = di["difference"]["reason"]
    assert di["difference"]["value"] is None and reason
    assert f"pb - pa {reason}" in printed and "below the sample floor" not in printed


# -- 6. compare's names and paired are checked ----------------------------------------------


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"names": ("A",)}, "argument 'names': is the two models' names"),
        ({"names": None}, "argument 'names': is the two models' names"),
        ({"names": "AB"}, "argument 'names': is the two models' names"),
        ({"names": ("A", "B", "C")}, "argument 'names': is the two models' names"),
        ({"names": ("X", "X")}, "argument 'names': gives both models the same name"),
        ({"paired": "no"}, "argument 'paired': must be True or False"),
    ],
)
def test_compare_refuses_bad_names_and_paired(options, words):
    d = _rows()
    with pytest.raises(EthicLensInputError, match=words):
        ethiclens.compare(d.label, d.pa, d.pb, d.grp, n_boot=200, **options)


def test_compare_takes_two_names_as_a_list():
    d = _rows()
    result = ethiclens.compare(d.label, d.pa, d.pb, d.grp, n_boot=200, names=["old", "new"])
    assert result.names == ("old", "new")


# -- 7. messages name what was passed -------------------------------------------------------


def test_compare_on_a_one_model_benchmark_says_so(capsys, monkeypatch):
    from ethiclens.spec import _target

    monkeypatch.setattr(_target, "_benchmark_dataset", lambda spec: (None, {}))
    monkeypatch.setattr(_target, "_benchmark_groups", lambda spec, ds: ([], {}, None))
    assert main(["compare", "adult"]) == 2
    words = _error(capsys)
    assert "adult has one model's predictions (model); compare needs two" in words
    assert "compare a file or table with two prediction columns" in words


@pytest.mark.parametrize(
    ("cut", "column"),
    [("y_true", "y_true"), ("sensitive", "grp"), ("sample_weight", "sample_weight")],
)
def test_threshold_lengths_are_measured_against_the_scores(cut, column):
    d = _rows()
    inputs = {"y_true": d.label, "sensitive": d.grp, "sample_weight": np.ones(len(d))}
    inputs[cut] = inputs[cut][:-3]
    with pytest.raises(EthicLensInputError, match=column) as refused:
        ethiclens.threshold_table(
            inputs["y_true"],
            d.score,
            inputs["sensitive"],
            sample_weight=inputs["sample_weight"],
            n_boot=200,
        )
    assert f"has {len(d) - 3} rows but y_score has {len(d)}" in str(refused.value)


@pytest.mark.parametrize(("given", "named"), [([np.nan], "[nan]"), ([0.3, 1.5, 0.0], "[1.5, 0.0]")])
def test_bad_thresholds_are_named_as_given(given, named):
    d = _rows()
    with pytest.raises(EthicLensInputError, match="strictly between 0 and 1") as refused:
        ethiclens.threshold_table(d.label, d.score, d.grp, thresholds=given, n_boot=200)
    assert f"(value: {named})" in str(refused.value)


# -- 8. a merged group's new name is a group label: at most MAX_LABEL_CHARS -----------------


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_merge_name_longer_than_a_label_is_refused(csv, capsys, engine):
    from ethiclens._checks import MAX_LABEL_CHARS

    flags = ["--y-true", "label", "--y-pred", "pa", "--protected", "grp", "--engine", engine]
    long = "x" * (MAX_LABEL_CHARS + 1)
    assert main(["audit", csv, *flags, "--merge-groups", f"grp=a,b:{long}"]) == 2
    words = _error(capsys)
    assert words.startswith(
        f"error: option '--merge-groups': the merged group's new name has {MAX_LABEL_CHARS + 1} "
        f"characters; a group label has at most {MAX_LABEL_CHARS}"
    )
    d = _rows().assign(sex=lambda f: f.sex.astype(str))
    with pytest.raises(EthicLensInputError, match="merged group's new name has"):
        ethiclens.audit(d.label, d.pa, d[["grp", "sex"]], merge_groups={"sex": {long: ["0", "1"]}})


def test_a_merge_name_of_the_longest_label_is_taken(tmp_path):
    from ethiclens._checks import MAX_LABEL_CHARS

    path = tmp_path / "three.csv"
    _rows().assign(grp=lambda d: np.resize(["a", "b", "c"], len(d))).to_csv(path, index=False)
    flags = ["--y-true", "label", "--y-pred", "pa", "--protected", "grp", "--n-boot", "200"]
    merged = f"grp=a,b:{'x' * MAX_LABEL_CHARS}"
    assert main(["audit", str(path), *flags, "--merge-groups", merged]) in (0, 1)
