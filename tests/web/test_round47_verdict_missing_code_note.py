"""Round 47 leftover: the result page's verdict card said nothing of a group named like a
missing value ('?') where the embedded report, the HTML download and the terminal say it.
The card shows the result's own notes (escaped), in the form's words, as the report does."""

import numpy as np
import pandas as pd

from tests.web.conftest import mapping_form, upload, wait_done


def _frame(n=300, seed=0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
            "<b>grp": rng.choice(["A", "B", "?"], n),
        }
    )


def test_the_verdict_card_says_the_missing_code_note(client):
    url = upload(client, _frame().to_csv(index=False).encode()).headers["location"]
    page = client.get(url).text
    r = client.post(url, data=mapping_form(page, protected=["2"], n_boot="100"))
    result_page = wait_done(client, r.headers["location"]).text
    card = result_page.split('id="verdict"', 1)[1].split("</section>", 1)[0]
    assert "looks like a missing-value code" in card
    assert "&lt;b&gt;grp: group " in card  # the user's name escaped
    assert "<b>grp" not in result_page
    assert "the field Leave groups out" in card  # the form's words, as its report says


def test_each_purpose_gives_its_notes():
    import ethiclens
    from ethiclens.web._jobs import notes_of

    df = _frame(200).rename(columns={"<b>grp": "g"})
    audit = ethiclens.audit(df["label"], df["pred"], df[["g"]], n_boot=100)
    assert notes_of(audit) == audit.missing_code_notes and len(audit.missing_code_notes) == 1
    score = np.linspace(0, 1, len(df))
    table = ethiclens.threshold_table(df["label"], score, df[["g"]])
    assert notes_of(table) == list(table.missing_code_notes.values()) != []


def test_a_verdict_whose_notes_are_no_texts_is_a_damaged_record():
    import json

    from ethiclens.web._web import damaged_column

    def row(**verdict):
        v = {"status_counts": {"PASS": 1}, "flagged": [], **verdict}
        return {"verdict": json.dumps(v)}

    assert damaged_column(row()) is None  # an older record: no notes
    assert damaged_column(row(notes=["g: group '?' looks like ..."])) is None
    assert damaged_column(row(notes="g: ?")) == damaged_column(row(notes=[1])) == "verdict"
