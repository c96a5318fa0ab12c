"""``ethiclens audit``: floors, DI rule, exclusions and merges, --fail-on, and report text that
comes from the data's own provenance (issue 12)."""

import json

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.report import render_html, render_model_card, validate_report


def run(args, capsys):
    code = main(args)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def csv(tmp_path):
    """sex: F selected at 0.2, M at 0.5 (DI 0.4, flagged); race: a, b similar, c with 40 rows."""
    rng = np.random.default_rng(1)
    n = 2000
    sex = np.repeat(["F", "M"], n // 2)
    race = np.where(np.arange(n) % 50 == 0, "c", np.where(np.arange(n) % 2 == 0, "a", "b"))
    pred = (rng.random(n) < np.where(sex == "F", 0.2, 0.5)).astype(int)
    df = pd.DataFrame({"y": rng.integers(0, 2, n), "pred": pred, "sex": sex, "race": race})
    path = tmp_path / "preds.csv"
    df.to_csv(path, index=False)
    return path


def table_cell(out: str, row_start: str, column: int) -> str:
    """The text of one cell of rich's table, its wrapped lines joined."""
    lines = out.splitlines()
    i = next(k for k, x in enumerate(lines) if x.startswith("│") and row_start in x)
    parts = [lines[i].split("│")[column].strip()]
    for x in lines[i + 1 :]:
        cols = x.split("│")
        if len(cols) < column + 1 or cols[1].strip():
            break  # the next row (or the table's end)
        parts.append(cols[column].strip())
    return " ".join(p for p in parts if p)


def audit_args(path, *extra):
    return [
        "audit",
        str(path),
        "--y-true",
        "y",
        "--y-pred",
        "pred",
        "--protected",
        "sex=M",
        "--protected",
        "race=a",
        "--n-boot",
        "200",
        *extra,
    ]


# --- --fail-on -------------------------------------------------------------------------------


def test_fail_on_flagged_exits_1_after_writing_outputs(csv, tmp_path, capsys):
    out = tmp_path / "r.json"
    code, _, err = run(audit_args(csv, "--json", str(out), "--fail-on", "flagged"), capsys)
    assert code == 1
    assert out.exists()  # outputs are written before the gate
    report = json.loads(out.read_text())
    assert report["summary"]["flagged"] == ["sex:F"]
    lines = [x for x in err.splitlines() if x.strip()]
    assert len(lines) == 1 and "--fail-on flagged" in lines[0] and "sex:F (FLAGGED)" in lines[0]


def test_fail_on_never_is_the_default(csv, capsys):
    code, out, _ = run(audit_args(csv), capsys)
    assert code == 0 and "Flagged: sex:F vs M (disadvantaged: F)" in out


def test_fail_on_inconclusive_counts_inconclusive_comparisons(tmp_path, capsys):
    # Equal selection rates in small groups: nothing flagged, DI interval straddles the band.
    rng = np.random.default_rng(3)
    g = np.repeat(["a", "b"], 150)
    df = pd.DataFrame({"pred": (rng.random(300) < 0.3).astype(int), "g": g})
    path = tmp_path / "small.csv"
    df.to_csv(path, index=False)
    base = ["audit", str(path), "--y-pred", "pred", "--protected", "g", "--n-boot", "200"]
    result = ethiclens.audit(None, df["pred"], df["g"], n_boot=200, random_state=0)
    assert [c.status for c in result.comparisons] == ["INCONCLUSIVE"]
    code, _, _ = run(base + ["--fail-on", "flagged"], capsys)
    assert code == 0
    code, _, err = run(base + ["--fail-on", "inconclusive"], capsys)
    assert code == 1 and "INCONCLUSIVE" in err and "g:" in err


# --- bad input: one line naming the flag, exit 2 ----------------------------------------------


@pytest.mark.parametrize(
    "extra,flag,words",
    [
        (["--exclude-group", "religion=x"], "--exclude-group", "unknown attribute"),
        (["--exclude-group", "race=z"], "--exclude-group", "has no group 'z'"),
        (["--exclude-group", "race"], "--exclude-group", "ATTR=GROUP"),
        (["--merge-groups", "race=b,c:x", "--merge-groups", "race=a,x:y"], "--merge-groups", ""),
        (["--merge-groups", "race=a,b,c:all"], "--merge-groups", "single group"),
        (["--merge-groups", "race=a:b"], "--merge-groups", "two or more"),
        (["--merge-groups", "race=a,b"], "--merge-groups", "ATTR=GROUP,GROUP"),
        (["--merge-groups", "nope=a,b:x"], "--merge-groups", "unknown attribute"),
        (["--min-group-size", "0"], "--min-group-size", "at least 1"),
        (["--min-group-size", "-5"], "--min-group-size", "at least 1"),
        (["--min-labels", "many"], "--min-labels", "at least 1"),
        (["--fail-on", "always"], "--fail-on", "flagged, inconclusive, insufficient, never"),
        (["--di-rule", "above"], "--di-rule", "two_sided, below"),
        (["--ci", "wald"], "--ci", "jeffreys"),
    ],
)
def test_bad_flags_exit_2_with_one_line(csv, capsys, extra, flag, words):
    code, out, err = run(audit_args(csv, *extra), capsys)
    lines = [x for x in err.splitlines() if x.strip()]
    assert code == 2, (out, err)
    assert len(lines) == 1 and f"'{flag}'" in lines[0] and words in lines[0], err
    assert "Fix:" in lines[0] and "Traceback" not in err


def test_excluding_a_given_reference_is_refused(csv, capsys):
    code, _, err = run(audit_args(csv, "--exclude-group", "race=a"), capsys)
    assert code == 2 and "'--exclude-group'" in err and "reference group 'a'" in err


def test_a_merged_reference_becomes_the_merged_group(csv, tmp_path, capsys):
    out = tmp_path / "r.json"
    code, _, _ = run(audit_args(csv, "--merge-groups", "race=a,c:a+c", "--json", str(out)), capsys)
    race = json.loads(out.read_text())["attributes"][1]
    assert code == 0 and race["reference"] == "a+c" and race["reference_source"] == "given"


@pytest.mark.parametrize(
    "name,content,words",
    [
        ("card.txt", "model_details: {name: x}", "not a YAML or JSON file"),
        ("card.yaml", "model_details: [unclosed", "cannot parse"),
        ("card.json", "{not json", "cannot parse"),
        ("card.yaml", "model_details:\n  colour: blue\n", "unknown field model_details.colour"),
        ("card.yaml", "favourite_food: soup\n", "unknown model-card section"),
        ("card.yaml", "- a\n- b\n", "mapping"),
    ],
)
def test_bad_card_info_exits_2(csv, tmp_path, capsys, name, content, words):
    card = tmp_path / name
    card.write_text(content)
    code, _, err = run(audit_args(csv, "--card-info", str(card)), capsys)
    assert code == 2 and "'--card-info'" in err and words in err, err
    assert len([x for x in err.splitlines() if x.strip()]) == 1


def test_output_equal_to_input_is_refused(csv, capsys):
    code, _, err = run(audit_args(csv, "--json", str(csv)), capsys)
    assert code == 2 and "input" in err
    assert pd.read_csv(csv).shape[0] == 2000  # the input survived


# --- floors, rule, exclusions, merges ---------------------------------------------------------


def test_min_group_size_lets_a_small_group_be_judged(csv, tmp_path, capsys):
    out = tmp_path / "r.json"
    run(audit_args(csv, "--json", str(out)), capsys)
    c = next(c for c in json.loads(out.read_text())["comparisons"] if c["group"] == "c")
    assert c["status"] == "INSUFFICIENT_DATA"
    assert c["metrics"]["disparate_impact"]["ci_low"] is None
    run(audit_args(csv, "--json", str(out), "--min-group-size", "30", "--min-labels", "5"), capsys)
    report = json.loads(out.read_text())
    c = next(c for c in report["comparisons"] if c["group"] == "c")
    assert c["status"] != "INSUFFICIENT_DATA" and c["metrics"]["disparate_impact"]["ci_low"]
    assert report["config"]["policy"]["min_group_size"] == 30
    assert report["config"]["policy"]["min_label_count"] == 5


def test_di_rule_below_ignores_over_selection(tmp_path, capsys):
    # The comparison group is selected far MORE often than the reference (DI about 2.5).
    rng = np.random.default_rng(2)
    g = np.repeat(["ref", "other"], 1000)
    df = pd.DataFrame(
        {"pred": (rng.random(2000) < np.where(g == "ref", 0.2, 0.5)).astype(int), "g": g}
    )
    path = tmp_path / "over.csv"
    df.to_csv(path, index=False)
    base = ["audit", str(path), "--y-pred", "pred", "--protected", "g=ref", "--n-boot", "200"]
    code, out, _ = run(base, capsys)
    assert code == 0 and "FLAGGED" in out and "two_sided" in out
    assert "Flagged: g:other vs ref (disadvantaged: ref)" in out
    code, out, _ = run(base + ["--di-rule", "below"], capsys)
    assert "Flagged: none" in out and "'below'" in out


def test_exclusions_and_merges_are_stated_everywhere(csv, tmp_path, capsys):
    paths = {k: tmp_path / f"r.{k}" for k in ("json", "html", "md")}
    code, out, _ = run(
        audit_args(
            csv,
            "--exclude-group",
            "race=c",
            "--json",
            str(paths["json"]),
            "--html",
            str(paths["html"]),
            "--model-card",
            str(paths["md"]),
        ),
        capsys,
    )
    assert code == 0
    report = json.loads(paths["json"].read_text())
    validate_report(report)
    assert report["config"]["exclude_groups"] == {"race": ["c"]}
    assert not [c for c in report["comparisons"] if c["group"] == "c"]
    sentence = "race: excluded c"
    assert sentence in out
    assert sentence in paths["html"].read_text() and sentence in paths["md"].read_text()
    # Without the small group every comparison is judged, so the headlines are published.
    assert report["headlines"]["composite"]["value"] is not None
    mindi = report["headlines"]["min_disparate_impact"]
    assert (
        f"At {mindi['comparison']}: that group receives the favourable label at "
        f"{mindi['value']:.0%}"
    ) in paths["html"].read_text()

    code, out, _ = run(
        audit_args(csv, "--merge-groups", "race=b,c:b+c", "--json", str(paths["json"])), capsys
    )
    report = json.loads(paths["json"].read_text())
    validate_report(report)
    assert report["config"]["merge_groups"] == {"race": {"b+c": ["b", "c"]}}
    assert {c["group"] for c in report["comparisons"] if c["attribute"] == "race"} == {"b+c"}
    assert "race: merged b, c into b+c" in out


def test_withheld_headline_names_the_flags_to_use(csv, tmp_path, capsys):
    html = tmp_path / "r.html"
    code, out, _ = run(audit_args(csv, "--html", str(html)), capsys)
    assert "withheld" in out
    for flag in ("--merge-groups", "--exclude-group", "--min-group-size"):
        assert flag in out and flag in html.read_text()


def test_below_floor_values_have_no_interval_in_any_output(csv, tmp_path, capsys):
    html, md = tmp_path / "r.html", tmp_path / "r.md"
    code, out, _ = run(audit_args(csv, "--html", str(html), "--model-card", str(md)), capsys)
    di = (
        ethiclens.audit(
            *[pd.read_csv(csv)[k] for k in ("y", "pred")],
            pd.read_csv(csv)[["race"]],
            reference="a",
            n_boot=200,
            random_state=0,
        )
        .comparison("race", "c")
        .metrics["disparate_impact"]
    )
    assert di.ci_low is None and di.status == "INSUFFICIENT_DATA"
    cell = table_cell(out, "race: c vs a", column=3)  # the DI column, wrapped lines joined
    assert cell.startswith(f"{di.value:.3f} — n = 40") and "below the floor of 100" in cell
    assert "[" not in cell
    page = html.read_text()
    assert "class='below-floor'" in page and "below the floor of 100" in page
    card_row = next(x for x in md.read_text().splitlines() if x.startswith("| c |"))
    assert "below the floor of 100" in card_row and "\\[" not in card_row.split(" | ")[2]


# --- report text from provenance --------------------------------------------------------------


def test_user_csv_report_says_nothing_about_compas(csv, tmp_path, capsys):
    html, md = tmp_path / "r.html", tmp_path / "r.md"
    run(audit_args(csv, "--html", str(html), "--model-card", str(md)), capsys)
    page, card = html.read_text(), md.read_text()
    limitations = page.split(">Limitations</h2>")[1].split("</section>")[0]
    assert "<li>" in limitations
    for text in (limitations, card):
        assert "COMPAS" not in text and "re-arrest" not in text
    assert "A benchmark model trained by EthicLens" not in page + card
    assert "Not stated" in page and "Not stated" in card  # intended use: not invented
    assert "(given)" in card  # the user named the references: sex=M, race=a


def test_model_card_from_card_info_and_flags(csv, tmp_path, capsys):
    info = tmp_path / "card.yaml"
    info.write_text(
        "model_details:\n  name: LoanScorer\n  version: '1.0'\n  owner: Credit team\n"
        "intended_use:\n  primary_uses: pre-screening of loan applications\n"
        "  out_of_scope: [final decisions without review]\n"
        "ethical_considerations: Applicants are not told their score.\n"
        "caveats_and_recommendations:\n  - Trained on 2019 applications only.\n"
    )
    md, html = tmp_path / "card.md", tmp_path / "r.html"
    args = audit_args(
        csv, "--card-info", str(info), "--model-version", "2.1", "--model-card", str(md),
        "--html", str(html),
    )  # fmt: skip
    code, _, err = run(args, capsys)
    # a flag that contradicts the card is refused, naming both (issue 24)
    assert code == 2 and not md.exists()
    assert "option '--model-version'" in err and "'2.1'" in err and "'1.0'" in err
    info.write_text(info.read_text().replace("version: '1.0'", "version: '2.1'"))
    code, _, _ = run(args, capsys)
    assert code == 0
    card = md.read_text()
    assert card.startswith("# Model card: LoanScorer")
    assert "- Version: 2.1" in card
    assert "Credit team" in card
    assert "pre-screening of loan applications" in card
    assert "final decisions without review" in card
    assert "Applicants are not told their score." in card
    assert "Trained on 2019 applications only." in card
    assert "Not stated" not in card
    page = html.read_text()
    assert "LoanScorer" in page and "pre-screening of loan applications" in page
    assert "Trained on 2019 applications only." in page.split(">Limitations</h2>")[1]


def test_intended_use_and_name_flags(csv, tmp_path, capsys):
    md = tmp_path / "card.md"
    run(
        audit_args(
            csv, "--model-name", "Ranker", "--intended-use", "shortlisting", "--model-card", str(md)
        ),
        capsys,
    )
    card = md.read_text()
    assert card.startswith("# Model card: Ranker") and "shortlisting" in card


def test_python_provenance_naming_the_users_model():
    rng = np.random.default_rng(0)
    g = np.repeat(["a", "b"], 500)
    p = (rng.random(1000) < 0.4).astype(int)
    result = ethiclens.audit(
        rng.integers(0, 2, 1000),
        p,
        g,
        n_boot=200,
        random_state=0,
        provenance={"model": {"name": "My GBM"}, "dataset": "loans"},
    )
    card, page = render_model_card(result), render_html(result)
    for text in (card, page):
        assert "My GBM" in text
        assert "A benchmark model trained by EthicLens" not in text
        assert "COMPAS" not in text
    assert "(given)" not in card and "largest group \\(default\\)" in card


def test_benchmark_text_comes_from_the_dataset(tmp_path, capsys):
    md, html = tmp_path / "card.md", tmp_path / "r.html"
    code, out, _ = run(
        [
            "audit",
            "compas",
            "--n-boot",
            "200",
            "--protected",
            "race",
            "--model-card",
            str(md),
            "--html",
            str(html),
        ],
        capsys,
    )
    assert code == 0
    assert "Caucasian (dataset default)" in out and "(given)" not in out
    card = md.read_text()
    assert "re-arrest" in card and "A benchmark model trained by EthicLens" in card
    assert "re-arrest" in html.read_text().split(">Limitations</h2>")[1]
    code, out, _ = run(
        ["audit", "compas", "--n-boot", "200", "--protected", "race=Caucasian"], capsys
    )
    assert "Caucasian (given)" in out


def test_terminal_summary_states_the_verdict_and_a_harmful_labels_largest_disparity(capsys):
    assert main(["audit", "compas", "--n-boot", "200"]) == 0
    out = capsys.readouterr().out
    assert "Of 6 comparisons, 2 show a disparity the data supports" in out
    assert "Largest disparity: DI 2.026 at race:African-American" in out
