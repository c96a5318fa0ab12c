"""Round 20 (I): a sample floor (min_group_size, min_labels) has an upper bound, 2**53 rows
(more than any data has; the engine compares floors with float row counts): one of 10**309
up to 4,300 digits passed the floor's check and crashed the engine ("OverflowError: int too
large to convert to float", a 500 in the web app), and Policy(min_group_size=10**5000) was
accepted. Every face now refuses it in the floor's one range message, the value shortened."""

from __future__ import annotations

import html
import re

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens._checks import FLOOR_FIX, MAX_COUNT, check_count
from ethiclens.errors import EthicLensInputError

RANGE = "must be a whole number of at least 1, of at most 9,007,199,254,740,992"
NINES = "9" * 400
SHOWN = "999999999999…999999 (400 digits)"


@pytest.fixture
def data(tmp_path, monkeypatch):
    rng = np.random.default_rng(0)
    n = 300
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "q": rng.integers(0, 2, n),
            "s": rng.random(n),
            "g": rng.choice(["A", "B"], n),
        }
    )
    frame.to_csv(tmp_path / "d.csv", index=False)
    monkeypatch.chdir(tmp_path)
    return frame


COMMANDS = {
    "audit": ["audit", "d.csv", "--y-true", "y", "--y-pred", "p", "--protected", "g"],
    "compare": ["compare", "d.csv", "--y-true", "y", "--y-pred", "p", "q", "--protected", "g"],
    "thresholds": ["thresholds", "d.csv", "--y-true", "y", "--y-score", "s", "--protected", "g"],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("flag", ["--min-group-size", "--min-labels"])
def test_every_command_refuses_a_floor_past_2_53(data, capsys, command, flag):
    from ethiclens.cli import main

    assert main([*COMMANDS[command], flag, NINES]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"error: option {flag!r}: {RANGE} (value: {SHOWN})"), err[:400]
    assert "Traceback" not in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("key", ["min_group_size", "min_labels"])
def test_a_config_file_floor_past_2_53_is_refused(data, tmp_path, capsys, key):
    from ethiclens.cli import main

    (tmp_path / "c.yaml").write_text(f"policy:\n  {key}: {NINES}\n")
    assert main([*COMMANDS["audit"], "--config", "c.yaml"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"error: key 'policy.{key}': {RANGE} (value: {SHOWN})"), err[:400]


@pytest.mark.parametrize("keyword", ["min_group_size", "min_label_count", "min_labels"])
@pytest.mark.parametrize(
    "value", [MAX_COUNT + 1, 10**400, 10**5000], ids=["2**53+1", "10**400", "10**5000"]
)
def test_the_python_audit_refuses_a_floor_past_2_53(data, keyword, value):
    with pytest.raises(EthicLensInputError, match=re.escape(RANGE)):
        ethiclens.audit(data.y, data.p, data.g, **{keyword: value})


@pytest.mark.parametrize("field", ["min_group_size", "min_label_count", "pcer_min_group_size"])
def test_a_policy_refuses_a_floor_past_2_53(field):
    with pytest.raises(EthicLensInputError, match=re.escape(RANGE)) as info:
        ethiclens.Policy(**{field: 10**5000})
    assert "(value: 100000000000…000000 (5,001 digits))" in str(info.value)
    assert getattr(ethiclens.Policy(**{field: MAX_COUNT}), field) == MAX_COUNT


def test_the_largest_floor_is_taken_and_judges_every_group_insufficient(data):
    assert check_count(MAX_COUNT, "x") == MAX_COUNT and check_count(np.int64(5), "x") == 5
    result = ethiclens.audit(data.y, data.p, data.g, min_group_size=MAX_COUNT)
    di = result.to_dict()["comparisons"][0]["metrics"]["disparate_impact"]
    assert di["status"] == "INSUFFICIENT_DATA", di


@pytest.fixture
def client(tmp_path):
    from starlette.testclient import TestClient

    from tests.web.conftest import make_app

    with TestClient(make_app(tmp_path), follow_redirects=False) as c:
        yield c


@pytest.mark.parametrize("field", ["min_group_size", "min_labels"])
def test_the_web_form_refuses_a_floor_past_2_53_not_a_500(client, field):
    from tests.web.conftest import make_frame, mapping_form, upload

    url = upload(client, make_frame(n=400).to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], bins_4="", **{field: NINES})
    r = client.post(url, data=form)
    assert r.status_code == 422, r.status_code
    shown = re.search(rf'id="error-{field}"[^>]*>([^<]*)<', r.text)
    assert shown, re.findall(r'id="error-[^"]*"[^>]*>[^<]*<', r.text)
    # the field shows it, its value named as every face names it (round 27)
    assert html.unescape(shown[1]) == f"{RANGE} (value: {SHOWN}). Fix: {FLOOR_FIX}", shown[1]
