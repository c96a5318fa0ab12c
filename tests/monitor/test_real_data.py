"""Real data that ships offline: COMPAS's decile score monitored in screening-date order."""

from pathlib import Path

import pandas as pd
import pytest

import ethiclens.datasets
from ethiclens.monitor import MonitorRequest, run_monitor

RAW = Path(ethiclens.datasets.__file__).parent / "data" / "compas-scores-two-years.csv.gz"


def compas_stream(path: Path) -> Path:
    """ProPublica's filter (6,172 rows); high risk = decile score 5–10 (Medium/High)."""
    raw = pd.read_csv(RAW)
    f = raw[
        raw.days_b_screening_arrest.between(-30, 30)
        & (raw.is_recid != -1)
        & (raw.c_charge_degree != "O")
        & (raw.score_text != "N/A")
    ]
    pd.DataFrame(
        {
            "screening_date": f.screening_date,
            "two_year_recid": f.two_year_recid,
            "high_risk": (f.decile_score >= 5).astype(int),
            "race": f.race,
            "sex": f.sex,
        }
    ).to_csv(path, index=False)
    return path


@pytest.mark.slow
def test_compas_in_screening_order(tmp_path):
    data = compas_stream(tmp_path / "compas.csv")
    assert len(pd.read_csv(data)) == 6172
    req = MonitorRequest(
        target=str(data), time="screening_date", window="30d", y_pred="high_risk",
        y_true="two_year_recid", protected=("race=Caucasian", "sex=Female"),
    )  # fmt: skip
    doc = run_monitor(req, tmp_path / "s.sqlite").data
    assert len(doc["windows"]) == 25
    by = {(c["attribute"], c["group"]): c for c in doc["comparisons"]}
    aa = by[("race", "African-American")]["tests"]
    assert aa["disparate_impact"]["alarm_since"]["start"].startswith("2013-01-31")
    assert aa["equalized_odds"]["alarm_since"]["start"].startswith("2013-04-01")
    for key in (("race", "Hispanic"), ("sex", "Male")):
        assert not any(t["alarm"] for t in by[key]["tests"].values())
    lo, hi = (
        by[("race", "African-American")]["sequences"]["disparate_impact"][k]
        for k in ("low", "high")
    )
    assert 1.5 < lo < 1.75 < hi < 2.05  # the audit's DI of the decile score: 1.741
