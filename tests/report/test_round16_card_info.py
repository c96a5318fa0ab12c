"""Model-card fields read by one rule (round 16): a name, version, date, owner or person is one
text (a list is refused, never printed as Python's ``['Risk', 'screener']`` in the title);
every field has a length limit, refused up front naming the key, its length and the limit (a
900 KB name outran the PDF renderer); long unbroken text wraps in the HTML and the PDF; the
sign-off's fields are text and its date a real calendar date."""

import datetime
import re

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.report import html_to_pdf, load_card_info, render_html
from ethiclens.report._pdf import find_browser
from ethiclens.report._provenance import LONG_TEXT, SHORT_TEXT, check_card_info


def _refusal(tmp_path, text: str) -> str:
    path = tmp_path / "card.yaml"
    path.write_text(text)
    with pytest.raises(EthicLensInputError) as err:
        load_card_info(path, "--card-info")
    said = str(err.value)
    assert "\n" not in said
    return said


@pytest.mark.parametrize(
    "field",
    [
        "model_details.name",
        "model_details.version",
        "model_details.owner",
        "model_details.date",
        "model_details.type",
        "model_details.license",
        "model_details.contact",
        "sign_off.prepared_by",
        "sign_off.reviewed_by",
        "sign_off.decision",
    ],
)
def test_a_list_in_a_one_text_field_is_refused_naming_the_key(tmp_path, field):
    section, key = field.split(".")
    said = _refusal(tmp_path, f"{section}:\n  {key}: [Risk, screener]\n")
    assert said.startswith(f"option '--card-info': {field} must be one text, not a list")
    assert said.endswith(f'Fix: write it as one string, e.g. {key}: "Risk; screener"')


def test_fields_that_hold_several_texts_still_take_a_list(tmp_path):
    path = tmp_path / "card.yaml"
    path.write_text("model_details:\n  features: [age, priors]\n  citation: [a, b]\n")
    card = load_card_info(path, "--card-info")
    assert card["model_details"] == {"features": ["age", "priors"], "citation": ["a", "b"]}


def test_the_cli_refuses_a_list_name_before_writing_the_report(tmp_path, capsys):
    from ethiclens.cli import main

    info = tmp_path / "ci.yaml"
    info.write_text("model_details:\n  name: [Risk, screener]\n")
    html = tmp_path / "r.html"
    code = main(
        ["audit", "compas", "--n-boot", "200", "--card-info", str(info), "--html", str(html)]
    )
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert code == 2 and not html.exists() and len(err) == 1
    assert "model_details.name must be one text" in err[0] and "['Risk'" not in err[0][:60]


def test_a_list_name_given_in_python_prints_as_the_card_prints_it():
    rng = np.random.default_rng(0)
    result = ethiclens.audit(
        rng.integers(0, 2, 400), rng.integers(0, 2, 400), {"g": rng.choice(["a", "b"], 400)},
        n_boot=200, random_state=0, provenance={"model": {"name": ["Risk", "screener"]}},
    )  # fmt: skip
    html = render_html(result)
    assert "['Risk'" not in html and "[&#39;Risk&#39;" not in html
    assert "Risk; screener" in re.search(r"<title>(.*?)</title>", html, re.S).group(1)


@pytest.mark.parametrize(
    ("field", "limit"),
    [
        ("model_details.name", SHORT_TEXT),
        ("model_details.version", SHORT_TEXT),
        ("model_details.contact", SHORT_TEXT),
        ("model_details.training", LONG_TEXT),
        ("intended_use.primary_uses", LONG_TEXT),
        ("sign_off.decision", LONG_TEXT),
        ("ethical_considerations", LONG_TEXT),
    ],
)
def test_each_field_has_a_length_limit_named_in_one_line(tmp_path, field, limit):
    section, _, key = field.partition(".")
    yaml = f"{section}:\n  {key}: {'N' * limit}\n" if key else f"{section}: {'N' * limit}\n"
    path = tmp_path / "ok.yaml"
    path.write_text(yaml)
    assert load_card_info(path, "--card-info")  # at the limit: accepted
    over = yaml.replace("N" * limit, "N" * (limit + 1))
    said = _refusal(tmp_path, over)
    assert said.startswith(
        f"option '--card-info': {field} is {limit + 1:,} characters long, over the limit of "
        f"{limit:,}"
    )
    assert f"Fix: shorten it to at most {limit:,} characters" in said
    assert "NNNN" not in said  # the text itself is not echoed


def test_a_list_field_counts_its_items_together(tmp_path):
    items = ", ".join(["x" * 1000] * 20)  # 20 x 1,000 + 19 separators
    said = _refusal(tmp_path, f"caveats_and_recommendations: [{items}]\n")
    assert f"is {20_000 + 19 * 2:,} characters long, over the limit of {LONG_TEXT:,}" in said


def test_a_900_kb_name_is_refused_before_any_work(tmp_path, capsys, monkeypatch):
    from ethiclens.cli import main

    fake = tmp_path / "chrome"  # answers --version (checked first), fails to print
    fake.write_text('#!/bin/sh\n[ "$1" = --version ] && exit 0\nexit 1\n')
    fake.chmod(0o755)
    monkeypatch.setenv("ETHICLENS_CHROMIUM", str(fake))
    info = tmp_path / "ci.yaml"
    info.write_text("model_details:\n  name: " + "N" * 900_000 + "\n")
    pdf = tmp_path / "r.pdf"
    assert main(["audit", "compas", "--card-info", str(info), "--pdf", str(pdf)]) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert "model_details.name is 900,000 characters long, over the limit of 200" in err
    assert not pdf.exists()


def test_long_unbroken_text_wraps_on_screen_and_in_print():
    rng = np.random.default_rng(0)
    result = ethiclens.audit(
        rng.integers(0, 2, 400), rng.integers(0, 2, 400), {"g": rng.choice(["a", "b"], 400)},
        n_boot=200, random_state=0,
    )  # fmt: skip
    style = re.search(r"<style>(.*?)</style>", render_html(result), re.S).group(1)
    rule = re.search(r"\n\s*([^{}\n]*)\{\s*overflow-wrap:\s*anywhere;\s*\}", style)
    assert rule, "no rule wraps long words"
    chosen = {s.strip() for s in rule.group(1).split(",")}
    assert {"h1", "p", "li", "dd", "td.ink"} <= chosen


@pytest.mark.skipif(find_browser() is None, reason="no Chromium for PDF")
def test_a_card_at_its_limits_prints_every_character(tmp_path):
    pypdf = pytest.importorskip("pypdf")
    rng = np.random.default_rng(0)
    card = check_card_info(
        {
            "model_details": {"name": "A" * SHORT_TEXT},
            "sign_off": {"prepared_by": "B" * 2_000, "date": "2026-12-03"},
        }
    )
    result = ethiclens.audit(
        rng.integers(0, 2, 400), rng.integers(0, 2, 400), {"g": rng.choice(["a", "b"], 400)},
        n_boot=200, random_state=0, provenance={"card": card},
    )  # fmt: skip
    pdf = html_to_pdf(render_html(result), tmp_path / "r.pdf")
    text = "".join(p.extract_text() for p in pypdf.PdfReader(pdf).pages)
    text = re.sub(r"\s+", "", text)
    # a card at its limits prints, every letter of the name and the preparer included
    assert "A" * SHORT_TEXT in text and "B" * 2_000 in text


@pytest.mark.parametrize(
    "date", ["2026-13-45", "2026-02-29", "03/12/2026", "2026-1-5", "2026-12-03x", "yesterday"]
)
def test_an_impossible_or_unreadable_sign_off_date_is_refused(tmp_path, date):
    said = _refusal(tmp_path, f"sign_off:\n  date: '{date}'\n")
    assert said.startswith(
        f"option '--card-info': sign_off.date is not a calendar date written YYYY-MM-DD "
        f"(value: '{date}')"
    )
    assert "Fix: write the day of the sign-off, e.g. date: " in said


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ("2024-02-29", "2024-02-29"),
        ("2024-05-01 10:00:00", "2024-05-01 10:00:00"),
        (datetime.date(2026, 12, 3), "2026-12-03"),
        (datetime.datetime(2026, 12, 3, 9, 30), "2026-12-03 09:30:00"),
    ],
)
def test_a_real_sign_off_date_stands(given, kept):
    card = check_card_info({"sign_off": {"date": given}}, "--card-info")
    assert card["sign_off"]["date"].replace("T", " ") == kept


@pytest.mark.parametrize(
    ("key", "value"), [("decision", "12"), ("prepared_by", "7"), ("reviewed_by", "true")]
)
def test_a_sign_off_field_is_text_not_a_number(tmp_path, key, value):
    said = _refusal(tmp_path, f"sign_off:\n  {key}: {value}\n")
    assert said.startswith(f"option '--card-info': sign_off.{key} must be text (value: ")
    assert said.endswith(f'not a number or true/false: {key}: "{value}"')


def test_a_sign_off_field_must_be_text_not_a_mapping(tmp_path):
    said = _refusal(tmp_path, "sign_off:\n  decision: {x: 1}\n")
    assert said.endswith(
        "sign_off.decision must be text (value: {'x': 1}). Fix: write it as a string"
    )


def test_a_flag_agrees_with_a_listed_card_field_joined_as_the_report_prints_it(tmp_path, capsys):
    from ethiclens.cli import main

    info = tmp_path / "ci.yaml"
    info.write_text("intended_use:\n  primary_uses: [triage, second review]\n")
    base = ["audit", "compas", "--n-boot", "200", "--card-info", str(info)]
    html = tmp_path / "r.html"
    assert main([*base, "--intended-use", "triage; second review", "--html", str(html)]) == 0
    assert "triage; second review" in html.read_text()
    assert main([*base, "--intended-use", "hiring", "--html", str(html)]) == 2
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert "primary_uses says 'triage; second review'" in said
